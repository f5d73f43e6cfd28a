/* The phone's offline queue on the page (the sheet, the deal form, the offline page): the box that
 * says what waits (club/partials/offline_queue.html), the scorer's answers to a refused deal, the
 * deal forms the service worker caught, and sending what waits once the connection is back. The
 * queue itself is club/static/club/queue.js.
 */
(function () {
  "use strict";

  var T = window.Tarokbog;
  var $ = T.$, $$ = T.$$, fill = T.fill;
  var UNSENT = "tarokbog-unsent"; // deal forms the service worker caught when the network failed

  var queue = new window.TarokQueue.Queue({
    storage: window.localStorage,
    fetch: function (url, options) { return window.fetch(url, options); },
    user: T.pageUser,
    csrfToken: T.csrfToken,
    online: function () { return navigator.onLine; },
  });
  var ofSitting = window.TarokQueue.ofSitting;

  // What the server showed last, unless this page is a kept copy of an older moment.
  function remember(sitting, next, dealers) { if (!T.keptCopy()) queue.remember(sitting, next, dealers); }

  // Deal forms the service worker caught on a failing network, moved into the queue.
  function takeUnsent() {
    if (!window.caches) return Promise.resolve();
    return window.caches.has(UNSENT).then(function (exists) {
      if (!exists) return null;
      return window.caches.open(UNSENT).then(function (cache) {
        return cache.keys().then(function (requests) {
          return requests.reduce(function (done, request) {
            return done.then(function () {
              return cache.match(request).then(function (response) { return response.text(); }).then(function (body) {
                var url = new URL(request.url);
                queue.enqueue(url.origin + url.pathname, new URLSearchParams(body));
                return cache.delete(request);
              });
            });
          }, Promise.resolve());
        });
      });
    }).catch(function () {});
  }

  function sendWaiting() { return queue.sendWaiting(render, afterSending); }

  // Everything this page's sitting had waiting is recorded: the sheet shows it at once.
  var hadWaiting = {};
  function afterSending() {
    var sheet = $("#live-sheet");
    if (!sheet) return;
    var sitting = sheet.getAttribute("data-sitting");
    if (hadWaiting[sitting] && queue.waitingIn(sitting).length === 0 && navigator.onLine) {
      hadWaiting[sitting] = false;
      window.location.reload();
    }
  }

  window.addEventListener("online", sendWaiting);
  window.setInterval(function () { if (queue.nextToSend()) sendWaiting(); }, 15000);
  window.addEventListener("storage", function (event) { if (event.key === "tarokbog.waiting") { render(); adjustForm(); } });

  function changed() { render(); adjustForm(); sendWaiting(); }

  function render() {
    var box = $("#offline-queue");
    if (!box) return;
    var sitting = box.getAttribute("data-sitting");
    var all = sitting ? ofSitting(queue.load(), sitting) : queue.load();
    var items = queue.own(all);
    if (sitting && items.length) hadWaiting[sitting] = true;
    box.hidden = all.length === 0;
    box.textContent = "";
    renderOthers(box, all);
    renderRows(items);
    if (!items.length) return;
    var waiting = items.filter(function (item) { return item.state === "waiting"; }).length;
    var head = document.createElement("p");
    head.className = "queue-count";
    head.textContent = fill(box.getAttribute(items.length === 1 ? "data-count-one" : "data-count-many"), { count: items.length });
    if (queue.blocked) head.textContent += " " + box.getAttribute(queue.blocked === "signed-out" ? "data-signed-out" : "data-server");
    box.appendChild(head);
    var list = document.createElement("ol");
    list.className = "queue";
    items.forEach(function (item) {
      var line = document.createElement("li");
      line.className = "waiting-deal " + item.state;
      line.setAttribute("data-key", item.key);
      line.setAttribute("data-number", String(item.number));
      var say = document.createElement("p");
      var label = item.state !== "waiting" ? box.getAttribute("data-conflict") : box.getAttribute(item.dealer ? "data-waiting-dealt" : "data-waiting");
      say.textContent = fill(label, { number: item.number, dealer: item.dealer }) + (item.message && !item.html ? " " + item.message : "");
      line.appendChild(say);
      if (!sitting) {
        var link = document.createElement("a");
        link.href = item.sheet;
        link.textContent = box.getAttribute("data-sheet");
        say.appendChild(document.createTextNode(" "));
        say.appendChild(link);
      }
      if (item.html) {
        // The deal saved meanwhile beside this one (rendered by the server, club/partials/same_deal.html).
        var compare = document.createElement("div");
        compare.innerHTML = item.html;
        $$("button[data-choice]", compare).forEach(function (choice) {
          choice.addEventListener("click", function () {
            if (choice.getAttribute("data-choice") === "drop") queue.drop(item.key);
            else queue.renumber(item.key, parseInt(choice.value, 10));
            changed();
          });
        });
        line.appendChild(compare);
      } else if (item.state === "confirm") {
        line.appendChild(button(box.getAttribute("data-save-anyway"), function () { queue.saveAnyway(item.key); render(); sendWaiting(); }));
      }
      if (item.state !== "waiting" && !item.html) {
        line.appendChild(button(box.getAttribute("data-discard"), function () {
          if (window.confirm(fill(box.getAttribute("data-discard-confirm"), { number: item.number }))) { queue.drop(item.key); changed(); }
        }));
      }
      list.appendChild(line);
    });
    box.appendChild(list);
    if (waiting < items.length) {
      var stopped = document.createElement("p");
      stopped.className = "hint";
      stopped.textContent = box.getAttribute("data-stopped");
      box.appendChild(stopped);
    }
  }

  // On the sheet, each of the sitting's deals waiting on this phone is a row after the deals
  // recorded: its number, who dealt it, and that its points come with the connection.
  function renderRows(items) {
    var sheet = $("#sheet");
    if (!sheet) return;
    var body = sheet.tBodies[0];
    $$("tr.waiting-row", body).forEach(function (row) { row.remove(); });
    var empty = $("#no-deals", body);
    if (empty) empty.hidden = items.length > 0;
    var columns = sheet.tHead.rows[0].cells.length;
    items.forEach(function (item) {
      var row = document.createElement("tr");
      row.id = "waiting-" + item.number;
      row.className = "waiting-row " + item.state;
      var head = document.createElement("th");
      head.scope = "row";
      head.textContent = String(item.number);
      var words = document.createElement("td");
      words.colSpan = columns - 1;
      words.textContent = fill(sheet.getAttribute(item.dealer ? "data-waiting-dealt" : "data-waiting"), { dealer: item.dealer });
      row.appendChild(head);
      row.appendChild(words);
      body.appendChild(row);
    });
  }

  // Deals other users saved on this phone: whose they are, how to send them, and "Discard".
  function renderOthers(box, items) {
    var counts = queue.othersCount(items);
    Object.keys(counts).forEach(function (user) {
      var values = { count: counts[user], name: queue.names()[user] || user };
      var many = counts[user] === 1 ? "one" : "many";
      var say = document.createElement("p");
      say.className = "queue-others";
      say.setAttribute("data-user", user);
      say.textContent = fill(box.getAttribute("data-others-" + many), values) + " ";
      say.appendChild(button(box.getAttribute("data-discard"), function () {
        if (window.confirm(fill(box.getAttribute("data-discard-others-" + many), values))) { queue.dropOthers(user); render(); adjustForm(); }
      }));
      box.appendChild(say);
    });
  }

  function button(label, onClick) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  }

  // The deal number and dealer the form is for: after the deals waiting on this phone.
  var shownNumber = 0;
  function adjustForm() {
    var form = $("#deal-form");
    if (!form) return;
    var numberField = form.querySelector('input[name="number"]');
    var number = parseInt(numberField.value, 10) || 0;
    if (!shownNumber) shownNumber = number;
    var next = queue.nextDeal(form.getAttribute("data-sitting"), number, JSON.parse(form.getAttribute("data-next-dealers") || "{}"));
    if (next.number === number) return;
    numberField.value = String(next.number);
    form.setAttribute("data-number", String(next.number));
    var heading = $("main h1");
    if (heading && heading.firstChild && heading.firstChild.nodeType === 3) {
      heading.firstChild.nodeValue = heading.firstChild.nodeValue.replace(String(shownNumber), String(next.number));
    }
    document.title = document.title.replace(String(shownNumber), String(next.number));
    shownNumber = next.number;
    if (next.dealer) window.TarokDealForm.choose(form, "dealer", next.dealer, true);
  }

  // For the deal form's save (deal_form.js): a deal saved while offline, or behind others waiting.
  window.TarokOfflineQueue = {
    // Whether a deal of the sitting must join the queue rather than be posted at once.
    mustWait: function (sitting) { return !navigator.onLine || queue.waitingIn(sitting).length > 0; },
    enqueue: function (url, params) { queue.enqueue(url, params); },
    remember: remember,
  };

  T.onPage(function () {
    shownNumber = 0;
    if (T.pageUser() && !T.keptCopy()) queue.rememberName(T.pageUser(), document.documentElement.getAttribute("data-user-name"));
    var sheet = $("#live-sheet");
    if (sheet) remember(sheet.getAttribute("data-sitting"), parseInt(sheet.getAttribute("data-next"), 10), { lastDealer: sheet.getAttribute("data-last-dealer") });
    takeUnsent().then(function () {
      adjustForm();
      render();
      sendWaiting();
    });
  });
  // The sheet htmx swapped in names the next deal's number and the last deal's dealer; the deals
  // still waiting stay on it.
  document.addEventListener("htmx:afterSettle", function () {
    var sheet = $("#live-sheet");
    if (!sheet) return;
    remember(sheet.getAttribute("data-sitting"), parseInt(sheet.getAttribute("data-next"), 10), { lastDealer: sheet.getAttribute("data-last-dealer") });
    render();
  });
})();
