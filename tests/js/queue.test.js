// The phone's offline queue (club/static/club/queue.js) without a browser: storage and fetch are
// handed in. Run: node --test tests/js/
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { Queue, endpoint } = require("../../club/static/club/queue.js");

const FORM = "/c/nordvest/sittings/7/deals/new/";
const OTHER_SITTING_FORM = "/c/nordvest/sittings/8/deals/new/";

function memoryStorage() {
  const kept = new Map();
  return {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, value) => kept.set(key, String(value)),
    removeItem: (key) => kept.delete(key),
  };
}

// A server that answers each request with the next of `answers`: [status, body] (JSON), or an
// Error (the connection failed). Every request is kept in `sent`.
function server(answers) {
  const sent = [];
  const fetch = (url, options) => {
    sent.push({ url, options, fields: new URLSearchParams(options.body) });
    const answer = answers.shift();
    if (answer instanceof Error) return Promise.reject(answer);
    const [status, body, type = "application/json"] = answer;
    return Promise.resolve({
      status,
      headers: { get: (name) => (name === "Content-Type" ? type : null) },
      json: () => Promise.resolve(body),
    });
  };
  return { fetch, sent };
}

function queueOf(user, answers = [], storage = memoryStorage()) {
  const { fetch, sent } = server(answers);
  const queue = new Queue({ storage, fetch, user: () => user, csrfToken: () => "token-now", online: () => true });
  return { queue, sent, storage };
}

function deal(number, fields = {}) {
  return new URLSearchParams({
    csrfmiddlewaretoken: "token-then",
    number: String(number),
    idempotency_key: `key-${number}`,
    dealer: "Anna",
    dealer_count: "39",
    ...fields,
  });
}

test("a deal saved offline keeps its key, number, dealer and user, never the old CSRF token", () => {
  const { queue } = queueOf("12");

  assert.equal(queue.enqueue(FORM, deal(4)), true);

  const [item] = queue.load();
  assert.deepEqual(
    { ...item, body: undefined },
    {
      key: "key-4",
      sitting: "7",
      number: 4,
      dealer: "Anna",
      user: "12",
      url: FORM,
      sheet: "/c/nordvest/sittings/7/",
      body: undefined,
      state: "waiting",
      message: "",
      html: "",
    },
  );
  const body = new URLSearchParams(item.body);
  assert.equal(body.get("csrfmiddlewaretoken"), null);
  assert.equal(body.get("saved_by"), "12");
});

test("a double tap queues one deal; a form the service worker caught keeps the user it names", () => {
  const { queue } = queueOf("12");

  queue.enqueue(FORM, deal(4));
  assert.equal(queue.enqueue(FORM, deal(4)), false);
  queue.enqueue(FORM, deal(5, { saved_by: "30" }));

  assert.deepEqual(
    queue.load().map((item) => [item.number, item.user]),
    [[4, "12"], [5, "30"]],
  );
});

test("deals are sent in order to the sitting's queue address, as JSON, with the CSRF token of now", async () => {
  const { queue, sent } = queueOf("12", [
    [201, { status: "recorded", number: 4 }],
    [201, { status: "recorded", number: 5 }],
  ]);
  queue.enqueue(FORM, deal(4));
  queue.enqueue(FORM, deal(5));
  let idle = 0;

  await queue.sendWaiting(() => {}, () => { idle += 1; });

  assert.deepEqual(sent.map((request) => [request.url, request.fields.get("number")]), [
    ["/c/nordvest/sittings/7/deals/queued/", "4"],
    ["/c/nordvest/sittings/7/deals/queued/", "5"],
  ]);
  assert.equal(sent[0].options.method, "POST");
  assert.equal(sent[0].options.headers.Accept, "application/json");
  assert.equal(sent[0].options.headers["X-CSRFToken"], "token-now");
  assert.deepEqual(queue.load(), []);
  assert.equal(idle, 1);
});

test("a refused deal stops its sitting's queue with the reason; another sitting's deals go on", async () => {
  const { queue, sent } = queueOf("12", [
    [409, { status: "conflict", message: "Deal 4 was saved by Bent.", html: "<p>side by side</p>", next: 5 }],
    [201, { status: "recorded", number: 1 }],
  ]);
  queue.enqueue(FORM, deal(4));
  queue.enqueue(FORM, deal(5));
  queue.enqueue(OTHER_SITTING_FORM, deal(1, { idempotency_key: "other-1" }));

  await queue.sendWaiting();

  assert.deepEqual(sent.map((request) => request.url), [
    "/c/nordvest/sittings/7/deals/queued/",
    "/c/nordvest/sittings/8/deals/queued/",
  ]);
  assert.deepEqual(
    queue.load().map((item) => [item.number, item.state, item.message, item.html]),
    [
      [4, "conflict", "Deal 4 was saved by Bent.", "<p>side by side</p>"],
      [5, "waiting", "", ""],
    ],
  );
  assert.equal(queue.nextToSend(), null);
});

test("without a connection every deal waits, and is sent on the next try", async () => {
  const { queue, sent } = queueOf("12", [new TypeError("Failed to fetch"), [201, { status: "recorded", number: 4 }]]);
  queue.enqueue(FORM, deal(4));

  await queue.sendWaiting();
  assert.equal(queue.load().length, 1);
  assert.equal(queue.sending, false);

  await queue.sendWaiting();
  assert.equal(sent.length, 2);
  assert.deepEqual(queue.load(), []);
});

test("a session that ended, a failing server or another user's session keep the deal and say why", async () => {
  const cases = [
    [[401, { status: "signed_out" }], "signed-out"],
    [[502, "<html>Bad gateway</html>", "text/html"], "server"],
    [[403, { status: "other_user", message: "saved by another user" }], "signed-out"],
    [[404, { status: "refused", message: "No such sitting in your clubs." }], "server"],
  ];
  for (const [answer, blocked] of cases) {
    const { queue, sent } = queueOf("12", [answer]);
    queue.enqueue(FORM, deal(4));
    queue.enqueue(FORM, deal(5));

    await queue.sendWaiting();

    assert.equal(sent.length, 1, blocked);
    assert.equal(queue.blocked, blocked);
    assert.deepEqual(queue.load().map((item) => item.state), ["waiting", "waiting"]);
  }
});

test("another user's deals on a shared phone are not sent, and are discarded only on request", async () => {
  const storage = memoryStorage();
  const carl = queueOf("30", [], storage).queue;
  carl.enqueue(FORM, deal(4));
  carl.enqueue(FORM, deal(5));
  const { queue: anna, sent } = queueOf("12", [], storage);
  anna.enqueue(FORM, deal(6));

  assert.equal(anna.nextToSend().number, 6);
  assert.deepEqual(anna.othersCount(anna.load()), { 30: 2 });
  assert.deepEqual(anna.waitingIn("7").map((item) => item.number), [6]);

  anna.dropOthers("30");

  assert.deepEqual(anna.load().map((item) => [item.number, item.user]), [[6, "12"]]);
  assert.equal(sent.length, 0);
});

test("a page of nobody (the offline page) shows every deal and sends none", async () => {
  const storage = memoryStorage();
  queueOf("30", [], storage).queue.enqueue(FORM, deal(4));
  const { queue, sent } = queueOf("", [], storage);

  await queue.sendWaiting();

  assert.equal(queue.own(queue.load()).length, 1);
  assert.equal(sent.length, 0);
});

test("'a new deal: record as N' moves this deal and the sitting's later ones on, confirmed", () => {
  const { queue } = queueOf("12");
  queue.enqueue(FORM, deal(4));
  queue.enqueue(FORM, deal(5));
  queue.enqueue(OTHER_SITTING_FORM, deal(4, { idempotency_key: "other-4" }));
  queue.update("key-4", { state: "conflict", message: "taken", html: "<p>both</p>" });

  queue.renumber("key-4", 6);

  const items = queue.load();
  assert.deepEqual(
    items.map((item) => [item.sitting, item.number, new URLSearchParams(item.body).get("number"), item.state, item.html]),
    [
      ["7", 6, "6", "waiting", ""],
      ["7", 7, "7", "waiting", ""],
      ["8", 4, "4", "waiting", ""],
    ],
  );
  assert.deepEqual(
    items.map((item) => new URLSearchParams(item.body).get("confirm_duplicate")),
    ["1", null, null],
  );
});

test("'save it anyway' confirms the repeated deal; 'drop mine' forgets it", () => {
  const { queue } = queueOf("12");
  queue.enqueue(FORM, deal(4));
  queue.enqueue(FORM, deal(5));
  queue.update("key-5", { state: "confirm", message: "the same as the last one" });

  queue.saveAnyway("key-5");
  queue.drop("key-4");

  const [item] = queue.load();
  assert.deepEqual([item.number, item.state, item.message], [5, "waiting", ""]);
  assert.equal(new URLSearchParams(item.body).get("confirm_duplicate"), "1");
});

test("the next deal's form follows the deals waiting, and what the server showed last", () => {
  const { queue } = queueOf("12");
  const nextDealers = { Anna: "Bent", Bent: "Carl", Carl: "Dorte", Dorte: "Anna" };

  assert.deepEqual(queue.nextDeal("7", 4, nextDealers), { number: 4, dealer: "" });

  queue.remember("7", 6, { lastDealer: "Carl" }); // the sheet said: deal 6 next, Carl dealt 5
  assert.deepEqual(queue.nextDeal("7", 4, nextDealers), { number: 6, dealer: "Dorte" });

  queue.enqueue(FORM, deal(6, { dealer: "Dorte" }));
  assert.deepEqual(queue.nextDeal("7", 4, nextDealers), { number: 7, dealer: "Anna" });
  assert.deepEqual(queue.nextDeal("8", 1, nextDealers), { number: 1, dealer: "" });
});

test("a deal kept by an older page, addressed to the deal form, goes to the queue's address", () => {
  assert.equal(endpoint({ url: "http://phone.test/c/x/sittings/3/deals/new/" }), "http://phone.test/c/x/sittings/3/deals/queued/");
});

test("whose deals they are: the name each user was signed in as", () => {
  const { queue } = queueOf("12");

  queue.rememberName("12", "Anna");
  queue.rememberName("30", "");

  assert.deepEqual(queue.names(), { 12: "Anna", 30: "30" });
});
