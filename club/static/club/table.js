/* The card table's small helpers. Everything works without them (plain forms, radio buttons);
 * with them: fewer taps, the connection's state, and deals kept on the phone while offline.
 * No inline scripts anywhere (Content-Security-Policy): this file is the page's only script
 * besides htmx. The service worker (templates/club/sw.js) keeps the pages; this file keeps the
 * deals.
 *
 * The queue of deals waiting for the connection lives in localStorage (it survives a reload and
 * a closed browser). Each deal keeps its own idempotency key and its own number: it is sent in
 * order, again and again until the server answers, and the server records a key once. A deal
 * the server refuses stops its sitting's queue and stays on the phone, with the reason, until
 * the scorer decides: it is never dropped without the scorer's word.
 *
 * A phone may be shared: each deal keeps the user who saved it and is sent only from a page of
 * that user's session (the server refuses it under anyone else's too). Another user's deals wait
 * with a word saying whose they are, until he signs in again or someone discards them.
 */
(function () {
  "use strict";

  var WAITING = "tarokbog.waiting"; // localStorage: deals saved while offline, not yet recorded
  var KNOWN = "tarokbog.known."; // + sitting id: the next deal number and last dealer the server showed
  var NAMES = "tarokbog.names"; // user id -> the name he was signed in as: whose waiting deals they are
  var PAGES = "tarokbog-pages"; // the service worker's kept pages
  var UNSENT = "tarokbog-unsent"; // deal forms the service worker caught when the network failed
  document.documentElement.classList.add("js");

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $$(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }
  function keptCopy() { return document.documentElement.hasAttribute("data-kept-copy"); }
  // The user this page was rendered for ("" when nobody is signed in, or on the offline page).
  function pageUser() { return document.documentElement.getAttribute("data-user") || ""; }
  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (all, name) {
      return values[name] === undefined ? all : String(values[name]);
    });
  }

  function uuid4() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 0x100).toString(16).slice(1); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  // --- the service worker: pages kept for offline ------------------------------------------

  function keepPages(urls) {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "keep", urls: urls });
    });
  }

  // A page the script swapped in after a save, for the service worker to keep as if it had loaded it.
  function keepPage(url, html) {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "page", url: url, html: html });
    });
  }

  // The service worker keeps pages for one user only: it drops them when another (or nobody) is signed in.
  function tellWhoIsSignedIn() {
    if (!("serviceWorker" in navigator) || keptCopy() || $("#offline-page")) return; // copies say nothing new
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "user", user: pageUser() });
    });
  }

  // Logged out without a connection nor a service worker: this phone forgets the session's pages
  // at once, and the next page of that session, once online, posts the log-out before anything.
  var LOGGING_OUT = "tarokbog.logging-out";
  function logOutLater(form) {
    window.localStorage.setItem(LOGGING_OUT, pageUser());
    window.location.assign(form.getAttribute("data-login"));
  }

  function finishLoggingOut(form) {
    var user = window.localStorage.getItem(LOGGING_OUT);
    if (!user || keptCopy() || $("#offline-page")) return;
    if (user !== pageUser() || !form) { window.localStorage.removeItem(LOGGING_OUT); return; }
    document.body.hidden = true; // not a glimpse of the previous user's page
    var token = (document.cookie.match(/(?:^|; )csrftoken=([^;]+)/) || [])[1] || "";
    fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": decodeURIComponent(token), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(new FormData(form)),
    }).then(function () {
      window.localStorage.removeItem(LOGGING_OUT);
      window.location.replace(form.getAttribute("data-login"));
    }, function () { document.body.hidden = false; });
  }

  function forgetPages() {
    return window.caches ? window.caches.delete(PAGES).catch(function () {}) : Promise.resolve();
  }

  if ("serviceWorker" in navigator && document.documentElement.getAttribute("data-service-worker")) {
    navigator.serviceWorker.register(document.documentElement.getAttribute("data-service-worker")).catch(function () {});
  }

  // --- the connection --------------------------------------------------------------------

  function showConnection() {
    var banner = $("#offline-banner");
    if (banner) banner.hidden = navigator.onLine;
  }
  window.addEventListener("online", function () { showConnection(); sendWaiting(); });
  window.addEventListener("offline", showConnection);
  document.addEventListener("htmx:sendError", function () {
    var banner = $("#offline-banner");
    if (banner) banner.hidden = false;
  });

  // A page shown again from the back/forward cache is an old page: fetch it anew.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && $("#deal-form")) window.location.reload();
  });

  // --- the queue ---------------------------------------------------------------------------

  function load() {
    try {
      var items = JSON.parse(window.localStorage.getItem(WAITING) || "[]");
      return Array.isArray(items) ? items : [];
    } catch (e) { return []; }
  }

  function store(items) { window.localStorage.setItem(WAITING, JSON.stringify(items)); }

  function names() {
    try { return JSON.parse(window.localStorage.getItem(NAMES) || "null") || {}; } catch (e) { return {}; }
  }

  function rememberName() {
    var user = pageUser();
    if (!user || keptCopy()) return;
    var known = names();
    known[user] = document.documentElement.getAttribute("data-user-name") || user;
    window.localStorage.setItem(NAMES, JSON.stringify(known));
  }

  // A deal saved on this phone by the user of this page. A page of nobody (the offline page) shows
  // every deal as before and sends none; a deal kept before deals named their user belongs to
  // whoever sends it.
  function mine(item) { return !item.user || !pageUser() || item.user === pageUser(); }
  function own(items) { return items.filter(mine); }

  function sittingOf(url) { return (String(url).match(/\/sittings\/(\d+)\//) || [])[1] || ""; }

  function ofSitting(items, sitting) { return items.filter(function (item) { return item.sitting === sitting; }); }

  function known(sitting) {
    try { return JSON.parse(window.localStorage.getItem(KNOWN + sitting) || "null") || {}; } catch (e) { return {}; }
  }

  // What the server showed last: the next deal's number, and its dealer or the last deal's.
  function remember(sitting, next, dealers) {
    if (!sitting || !next || keptCopy()) return;
    window.localStorage.setItem(KNOWN + sitting, JSON.stringify(Object.assign({ next: next }, dealers)));
  }

  // A posted deal form as a queued deal. The CSRF token is not kept: the one of the moment of
  // sending (the cookie) goes in a header.
  function enqueue(url, params) {
    params.delete("csrfmiddlewaretoken");
    var user = params.get("saved_by") || pageUser(); // a form the service worker caught names its user
    if (user) params.set("saved_by", user); // the server refuses it under anyone else's session
    var key = params.get("idempotency_key");
    var items = load();
    if (!key || items.some(function (item) { return item.key === key; })) return; // a double tap
    items.push({
      key: key, // the same key on every resend: the server records the deal once
      sitting: sittingOf(url),
      number: parseInt(params.get("number"), 10) || 0,
      dealer: params.get("dealer") || "",
      user: user,
      url: url,
      sheet: url.replace(/deals\/new\/.*$/, ""),
      body: params.toString(),
      state: "waiting",
      message: "",
      html: "",
    });
    store(items);
  }

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
                enqueue(url.origin + url.pathname, new URLSearchParams(body));
                return cache.delete(request);
              });
            });
          }, Promise.resolve());
        });
      });
    }).catch(function () {});
  }

  var sending = false;
  var blocked = ""; // "signed-out" or "server" while the server cannot take deals

  // The first waiting deal of this page's user whose sitting has no refused deal of his before it.
  function nextToSend(items) {
    var stopped = {};
    if (!pageUser()) return null;
    for (var i = 0; i < items.length; i++) {
      var item = items[i];
      if (!mine(item)) continue;
      if (item.state !== "waiting") { stopped[item.sitting] = true; continue; }
      if (!stopped[item.sitting]) return item;
    }
    return null;
  }

  function update(key, change) {
    store(load().map(function (item) { return item.key === key ? Object.assign(item, change) : item; }));
  }

  function sendWaiting() {
    if (sending || !navigator.onLine) return;
    var next = nextToSend(load());
    if (!next) { afterSending(); return; }
    sending = true;
    var token = (document.cookie.match(/(?:^|; )csrftoken=([^;]+)/) || [])[1] || "";
    fetch(next.url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Tarok-Resend": "1",
        "X-CSRFToken": decodeURIComponent(token),
        Accept: "application/json",
      },
      body: next.body,
    })
      .then(function (response) {
        var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
        if (response.redirected || !json) {
          // The login page (the session ended) or a refusal page: the deal stays, the scorer is told.
          blocked = response.redirected || response.status === 200 ? "signed-out" : "server";
          return null;
        }
        if (response.status >= 500) { blocked = "server"; return null; }
        blocked = "";
        return response.json();
      })
      .then(function (answer) {
        sending = false;
        if (!answer) { render(); return; }
        if (answer.status === "other_user") {
          // This page's session is no longer its user's (he signed out in another tab): it waits.
          blocked = "signed-out";
          render();
          return;
        }
        if (answer.status === "recorded") {
          store(load().filter(function (item) { return item.key !== next.key; }));
          render();
          sendWaiting();
          return;
        }
        // Refused, or someone else recorded that number meanwhile: it stops its sitting's queue.
        update(next.key, { state: answer.status || "invalid", message: answer.message || "", html: answer.html || "" });
        render();
        sendWaiting();
      })
      .catch(function () { sending = false; render(); }); // still no connection: again on "online"
  }

  // Everything this page's sitting had waiting is recorded: the sheet shows it at once.
  var hadWaiting = {};
  function afterSending() {
    var sheet = $("#live-sheet");
    if (!sheet) return;
    var sitting = sheet.getAttribute("data-sitting");
    if (hadWaiting[sitting] && own(ofSitting(load(), sitting)).length === 0 && navigator.onLine) {
      hadWaiting[sitting] = false;
      window.location.reload();
    }
  }

  window.setInterval(function () { if (nextToSend(load())) sendWaiting(); }, 15000);
  window.addEventListener("storage", function (event) { if (event.key === WAITING) { render(); adjustForm(); } });

  // The scorer's answers to a refused deal.
  function drop(key) {
    store(load().filter(function (item) { return item.key !== key; }));
    render();
    adjustForm();
    sendWaiting();
  }

  // "A new deal: record as N": this deal and the sitting's deals queued after it move on.
  function renumber(key, number) {
    var items = load();
    var at = -1;
    items.forEach(function (item, i) { if (item.key === key) at = i; });
    if (at < 0 || !number) return;
    var shift = number - items[at].number;
    var sitting = items[at].sitting;
    items.forEach(function (item, i) {
      if (i < at || item.sitting !== sitting || !mine(item)) return;
      var params = new URLSearchParams(item.body);
      item.number += shift;
      params.set("number", String(item.number));
      if (i === at) {
        params.set("confirm_duplicate", "1"); // every role as entered: the points shown beside the question
        item.state = "waiting"; item.message = ""; item.html = "";
      }
      item.body = params.toString();
    });
    store(items);
    render();
    adjustForm();
    sendWaiting();
  }

  // "Discard them": another user's deals on this phone, on the word of whoever holds it.
  function dropOthers(user) {
    store(load().filter(function (item) { return mine(item) || item.user !== user; }));
    render();
    adjustForm();
  }

  function saveAnyway(key) {
    var item = load().filter(function (i) { return i.key === key; })[0];
    if (!item) return;
    var params = new URLSearchParams(item.body);
    params.set("confirm_duplicate", "1");
    update(key, { body: params.toString(), state: "waiting", message: "", html: "" });
    render();
    sendWaiting();
  }

  function render() {
    var box = $("#offline-queue");
    if (!box) return;
    var sitting = box.getAttribute("data-sitting");
    var all = sitting ? ofSitting(load(), sitting) : load();
    var items = own(all);
    if (sitting && items.length) hadWaiting[sitting] = true;
    box.hidden = all.length === 0;
    box.textContent = "";
    renderOthers(box, all);
    if (!items.length) return;
    var waiting = items.filter(function (item) { return item.state === "waiting"; }).length;
    var head = document.createElement("p");
    head.className = "queue-count";
    head.textContent = fill(box.getAttribute(items.length === 1 ? "data-count-one" : "data-count-many"), { count: items.length });
    if (blocked) head.textContent += " " + box.getAttribute(blocked === "signed-out" ? "data-signed-out" : "data-server");
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
        $$("button[data-choice]", compare).forEach(function (button) {
          button.addEventListener("click", function () {
            if (button.getAttribute("data-choice") === "drop") drop(item.key);
            else renumber(item.key, parseInt(button.value, 10));
          });
        });
        line.appendChild(compare);
      } else if (item.state === "confirm") {
        line.appendChild(button(box.getAttribute("data-save-anyway"), function () { saveAnyway(item.key); }));
      }
      if (item.state !== "waiting" && !item.html) {
        line.appendChild(button(box.getAttribute("data-discard"), function () {
          if (window.confirm(fill(box.getAttribute("data-discard-confirm"), { number: item.number }))) drop(item.key);
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

  // Deals other users saved on this phone: whose they are, how to send them, and "Discard".
  function renderOthers(box, items) {
    var counts = {};
    items.forEach(function (item) { if (!mine(item)) counts[item.user] = (counts[item.user] || 0) + 1; });
    Object.keys(counts).forEach(function (user) {
      var values = { count: counts[user], name: names()[user] || user };
      var many = counts[user] === 1 ? "one" : "many";
      var say = document.createElement("p");
      say.className = "queue-others";
      say.setAttribute("data-user", user);
      say.textContent = fill(box.getAttribute("data-others-" + many), values) + " ";
      say.appendChild(button(box.getAttribute("data-discard"), function () {
        if (window.confirm(fill(box.getAttribute("data-discard-others-" + many), values))) dropOthers(user);
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

  // --- the deal form -----------------------------------------------------------------------

  function checked(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    if (input) return input.value;
    var select = form.querySelector('select[name="' + name + '"]');
    return select ? select.value : "";
  }

  function choose(form, name, value) {
    $$('input[name="' + name + '"]', form).forEach(function (input) { input.checked = input.value === value; });
    $$('select[name="' + name + '"]', form).forEach(function (select) { select.value = value; });
  }

  // Buttons of members who sit this deal out are hidden (they stay in the page without script).
  // The roles the family's deal form names (dealer first), from its rotation; none without one.
  function roles(form) {
    var rotation = form.querySelector(".rotation");
    return rotation ? JSON.parse(rotation.getAttribute("data-roles") || "[]") : [];
  }

  function markPlayers(form) {
    if (!form.querySelector(".rotation")) return;
    var players = roles(form).map(function (role) { return checked(form, role); });
    $$(".segmented [data-player], .fate-grid tr[data-player]", form).forEach(function (el) {
      if (el.closest(".rotation")) return;
      el.classList.toggle("out", players.indexOf(el.getAttribute("data-player")) < 0);
    });
    roles(form).forEach(function (role, i) {
      $$(".name-" + role, form).forEach(function (span) { span.textContent = players[i]; });
    });
  }

  // The questions a deal asks by one choice (a Slovenian contract, `Layout.uses`): the others are
  // hidden and left out of the post (disabled), and a group with none of its questions left with
  // them; before the choice none is asked. Without the script every question stays.
  function showUsed(form) {
    var box = form.querySelector("#deal-uses");
    if (!box) return;
    var spec = JSON.parse(box.getAttribute("data-uses"));
    var used = spec.uses[checked(form, spec.by)] || [];
    spec.conditional.forEach(function (name) {
      var field = form.querySelector('[id="field-' + name + '"]');
      if (!field) return;
      var off = used.indexOf(name) < 0;
      (field.closest("details.fold-one") || field).classList.toggle("unused", off);
      $$("input, select, textarea, button", field).forEach(function (input) { input.disabled = off; });
    });
    var groups = $$("[data-group]", form);
    groups.forEach(function (group) { group.classList.remove("unused"); });
    groups.forEach(function (group) {
      var fields = $$("[id^='field-']", group);
      var none = fields.length > 0 && fields.every(function (field) { return field.closest(".unused"); });
      group.classList.toggle("unused", none);
    });
  }

  // A group whose numbers add up to a known total (klop's 70 card points): once all but one are
  // filled in, the last is the rest, and it follows the others until it is typed into.
  function fillTheRest(target) {
    var group = target.closest("[data-total]");
    if (!group || target.type !== "number") return;
    target.removeAttribute("data-rest");
    var inputs = $$("input[type=number]", group).filter(function (input) { return !input.disabled; });
    var open = inputs.filter(function (input) { return input.value === "" || input.hasAttribute("data-rest"); });
    if (open.length !== 1) return;
    var rest = parseInt(group.getAttribute("data-total"), 10);
    inputs.forEach(function (input) { if (input !== open[0]) rest -= parseInt(input.value, 10) || 0; });
    if (rest < 0) return;
    open[0].value = String(rest);
    open[0].setAttribute("data-rest", "");
  }

  function onChange(form, event) {
    var target = event.target;
    var name = target.name || "";
    var rotation = form.querySelector(".rotation");
    var named = roles(form);
    if (name === named[0] && rotation) {
      // The dealer decides the other roles: they follow the seats (Danish: 001 L316).
      var members = JSON.parse(rotation.getAttribute("data-rotations"))[target.value];
      if (members) named.slice(1).forEach(function (role, i) { choose(form, role, members[i + 1]); });
    }
    if (named.indexOf(name) >= 0) markPlayers(form);
    if (target.closest("[data-total]")) fillTheRest(target);
    var uses = form.querySelector("#deal-uses");
    if (uses && name === JSON.parse(uses.getAttribute("data-uses")).by) showUsed(form);
    if (name === "tout" && target.value) choose(form, "last_trick", target.value); // a tout takes every trick
    if ((name === "pagat" || name.indexOf("king_") === 0) && /:ultimo$/.test(target.value)) {
      choose(form, "last_trick", target.value.replace(/:ultimo$/, "")); // an ultimo is won in the last trick
    }
    if (/^fine_\d+_offence$/.test(name)) {
      var fines = target.closest("details.fines");
      var stopping = (fines.getAttribute("data-stopping") || "").split(" ");
      var stopped = form.querySelector('input[name="stopped"]');
      if (stopped && stopping.indexOf(target.value) >= 0) stopped.checked = true;
    }
  }

  function steppers(form) {
    $$("button.step", form).forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var input = document.getElementById(button.getAttribute("data-for"));
        var value = parseInt(input.value, 10);
        var min = input.min === "" ? -Infinity : parseInt(input.min, 10);
        var max = input.max === "" ? Infinity : parseInt(input.max, 10);
        var stepped = (isNaN(value) ? 0 : value) + parseInt(button.getAttribute("data-step"), 10);
        input.value = String(Math.min(max, Math.max(min, stepped)));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
  }

  // Fields carry aria-invalid while the server reports a problem for them.
  function markProblems(form) {
    $$(".problems[id^='problems-']", form).forEach(function (box) {
      var name = box.id.replace(/^problems-/, "");
      var bad = box.children.length > 0;
      $$('[name="' + name + '"]', form).forEach(function (field) {
        if (bad) field.setAttribute("aria-invalid", "true"); else field.removeAttribute("aria-invalid");
      });
      var group = document.getElementById("field-" + name);
      if (group && group.tagName === "FIELDSET") {
        if (bad) group.setAttribute("aria-invalid", "true"); else group.removeAttribute("aria-invalid");
      }
    });
  }

  // The deal number and dealer this form is for: after the deals waiting on this phone, or after
  // what the server last showed (a kept copy may be older than the last deal saved online).
  var shownNumber = 0;
  function adjustForm() {
    var form = $("#deal-form");
    if (!form) return;
    var sitting = form.getAttribute("data-sitting");
    var numberField = form.querySelector('input[name="number"]');
    var number = parseInt(numberField.value, 10) || 0;
    if (!shownNumber) shownNumber = number;
    var nextDealers = JSON.parse(form.getAttribute("data-next-dealers") || "{}");
    var wanted = number, dealer = "";
    var seen = known(sitting);
    if (seen.next > wanted) { wanted = seen.next; dealer = seen.dealer || nextDealers[seen.lastDealer] || ""; }
    own(ofSitting(load(), sitting)).forEach(function (item) {
      if (item.number + 1 > wanted) { wanted = item.number + 1; dealer = nextDealers[item.dealer] || ""; }
    });
    if (wanted === number) return;
    numberField.value = String(wanted);
    form.setAttribute("data-number", String(wanted));
    var heading = $("main h1");
    if (heading && heading.firstChild && heading.firstChild.nodeType === 3) {
      heading.firstChild.nodeValue = heading.firstChild.nodeValue.replace(String(shownNumber), String(wanted));
    }
    document.title = document.title.replace(String(shownNumber), String(wanted));
    shownNumber = wanted;
    if (dealer) {
      choose(form, "dealer", dealer);
      var field = form.querySelector('input[name="dealer"]:checked') || form.querySelector('select[name="dealer"]');
      if (field) field.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  var saving = null; // the save on its way, as the AbortController that can call it off

  // The live preview gives way to a save. A thumb on a save button takes the focus from the field
  // just typed in, whose `change` would ask for one more preview at that very moment: it would race
  // the save for the server and the phone. So from the touch on a save button no preview is asked
  // for (asked after all if no save follows: the thumb slid off), and once the save begins the one
  // on its way is called off and none follows (a typed field's delayed keyup included).
  var PRESS_PATIENCE = 1000; // ms from the touch on a save button to its submit
  function previewsGiveWay(form) {
    var held = false, missed = false, pressed = 0;
    form.addEventListener("htmx:confirm", function (event) {
      if (event.detail.elt !== form) return;
      if (form.hasAttribute("data-saving") || held) { event.preventDefault(); missed = missed || !form.hasAttribute("data-saving"); }
    });
    var release = function () {
      if (!held || form.hasAttribute("data-saving")) return;
      held = false;
      if (missed && window.htmx) window.htmx.trigger(form, "change"); // no save came: the preview it held back
      missed = false;
    };
    $$('button[type="submit"]', form).forEach(function (button) {
      button.addEventListener("pointerdown", function () {
        held = true;
        window.clearTimeout(pressed);
        pressed = window.setTimeout(release, PRESS_PATIENCE);
      });
      button.addEventListener("pointercancel", release);
    });
    form.addEventListener("submit", function () {
      form.setAttribute("data-saving", "");
      if (window.htmx) window.htmx.trigger(form, "htmx:abort");
    }, true);
  }

  // htmx calls a request off on `htmx:abort` (hx-sync's replace, the preview giving way, a page
  // swapped away) by a listener on the <body> it found at load: a swapped page has a new <body>,
  // so the requests are followed here, on the document, which stays.
  document.addEventListener("htmx:beforeSend", function (event) {
    if (event.detail && event.detail.xhr) event.detail.elt.tarokRequest = event.detail.xhr;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && event.detail.elt && event.detail.elt.tarokRequest === event.detail.xhr) event.detail.elt.tarokRequest = null;
  });
  document.addEventListener("htmx:abort", function (event) {
    var asking = (event.detail && event.detail.elt) || event.target;
    if (asking && asking.tarokRequest) { var xhr = asking.tarokRequest; asking.tarokRequest = null; xhr.abort(); }
  });
  var SAVE_PATIENCE = 15000; // ms: a save not answered by then waits in the queue (a connection that passes nothing)

  function dealForm(form) {
    form.addEventListener("change", function (event) { onChange(form, event); }, true);
    steppers(form);
    markPlayers(form);
    showUsed(form);
    var summary = $("#form-problems");
    if (summary && !summary.hidden) summary.focus(); // a refused save: the eye goes to the list
    var same = $(".same-deal", form);
    if (same) same.focus(); // the number was taken: the question comes first
    document.body.addEventListener("htmx:afterSettle", function () { markProblems(form); });
    previewsGiveWay(form);
    if (form.id !== "deal-form") return;
    // Every opening of the form is a new deal: its own key (a kept copy's key may be used already).
    form.querySelector('input[name="idempotency_key"]').value = uuid4();
    remember(form.getAttribute("data-sitting"), parseInt(form.getAttribute("data-number"), 10), { dealer: checked(form, "dealer") });
    keepPages([form.getAttribute("data-sheet"), form.action]);
    form.addEventListener("submit", function (event) {
      var sitting = form.getAttribute("data-sitting");
      var submitter = event.submitter;
      if (submitter && submitter.name === "drop" && !navigator.onLine) {
        event.preventDefault();
        window.location.assign(form.getAttribute("data-sheet"));
        return;
      }
      event.preventDefault();
      var params = new URLSearchParams(new FormData(form));
      if (submitter && submitter.name) params.set(submitter.name, submitter.value);
      var queue = function () {
        enqueue(form.action, params);
        // On to the next deal, as online; or to the sheet. That page sends what waits as it opens:
        // a send begun here would be cut off by the navigation, its answer never read.
        window.location.assign(params.get("next") === "1" ? form.action : form.getAttribute("data-sheet"));
      };
      // Online with nothing waiting: posted at once, the answer swapped in. Otherwise, or when the
      // connection fails on the way, the deal joins the queue behind the others (its key records it once).
      if (!navigator.onLine || own(ofSitting(load(), sitting)).length > 0) { queue(); return; }
      // A second tap on the same button while the first is on its way is one save. Another choice
      // (drop mine, record as N) stops waiting for the first, as a page load would: the server may
      // have recorded it already, and its key records it once.
      var choice = submitter ? submitter.name + "=" + submitter.value : "";
      if (saving && saving.choice === choice) return;
      if (saving) saving.abort();
      var mySend = saving = new AbortController();
      mySend.choice = choice;
      var patience = window.setTimeout(function () { mySend.timedOut = true; mySend.abort(); }, SAVE_PATIENCE);
      form.setAttribute("aria-busy", "true");
      var done = function () { window.clearTimeout(patience); if (saving === mySend) saving = null; form.removeAttribute("aria-busy"); };
      var number = params.get("drop") || params.get("number");
      var options = { method: "POST", body: params, signal: mySend.signal, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
      fetchPage(form.action, options).then(function (page) {
        if (mySend.signal.aborted) return;
        done();
        // A server that failed, or a session that ended (the login page): the deal waits on the
        // phone, with word of why, rather than on a page that would lose it.
        if (page.status >= 500 || page.signedOut) { queue(); return; }
        showPage(page, number ? "deal-" + number : "");
        if (page.moved) keepPage(page.url.split("#")[0], page.html);
      }, function (error) {
        if (error && error.name === "AbortError" && !mySend.timedOut) return;
        done();
        queue();
      });
    });
  }

  // --- the score sheet: undo keeps its deal and reason while open --------------------------

  var keptUndo = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    var undo = $("#undo");
    keptUndo = target && target.id === "live-sheet" && undo && undo.open ? undo : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var sheet = $("#live-sheet");
    if (sheet) {
      remember(sheet.getAttribute("data-sitting"), parseInt(sheet.getAttribute("data-next"), 10), { lastDealer: sheet.getAttribute("data-last-dealer") });
    }
    if (!keptUndo || !sheet) return;
    var fresh = $("#undo", sheet);
    var bar = $("#table-bar", sheet);
    if (fresh) fresh.replaceWith(keptUndo); else if (bar) bar.insertBefore(keptUndo, bar.firstChild); else sheet.appendChild(keptUndo);
    var note = $(".undo-stale", keptUndo);
    var last = sheet.getAttribute("data-last");
    var mine = keptUndo.getAttribute("data-number");
    note.hidden = last === mine;
    note.textContent = fill(keptUndo.getAttribute("data-stale"), { number: mine, last: last });
    keptUndo = null;
  });

  // --- the card table without page loads ---------------------------------------------------
  // Opening the deal form and saving a deal swap the page's body for the server's answer instead
  // of loading a new document: on a mid-range phone most of a page load is the browser parsing and
  // laying out the whole page again. The sheet also fetches and parses the next deal's form while
  // the cards are played, anew whenever the sheet changes. The server still answers every step;
  // without a connection each falls back to the plain navigation (kept pages, the queue).

  // A page of the site, fetched: {url, doc}. Rejects when the connection fails.
  function fetchPage(url, options) {
    var token = (document.cookie.match(/(?:^|; )csrftoken=([^;]+)/) || [])[1] || "";
    var headers = Object.assign({ "X-CSRFToken": decodeURIComponent(token), "X-Tarok-Page": "1" }, options && options.headers);
    return fetch(url, Object.assign({ credentials: "same-origin" }, options, { headers: headers })).then(function (response) {
      if ((response.headers.get("Content-Type") || "").indexOf("text/html") !== 0) throw new Error("not a page");
      return response.text().then(function (html) {
        // A save is answered with the page it leads to, at the address the server names.
        var placed = response.headers.get("X-Tarok-Location");
        var url = new URL(placed || response.url, window.location.href).href;
        // moved: the page the answer led to, not the one posted to (a refused form is never kept).
        var doc = new DOMParser().parseFromString(html, "text/html");
        return {
          url: url,
          status: response.status,
          moved: Boolean(placed) || response.redirected,
          signedOut: Boolean(doc.getElementById("id_username")) && !doc.documentElement.hasAttribute("data-user"),
          html: html,
          doc: doc,
        };
      });
    });
  }

  function showPage(page, target) {
    // The old page asks the server nothing more (a typed field reports its change as it goes: no
    // live preview then), and what it still asks is called off: nothing answers into a page that is gone.
    document.body.setAttribute("hx-disable", "");
    if (window.htmx) $$(".htmx-request").forEach(function (asking) { window.htmx.trigger(asking, "htmx:abort"); });
    var root = document.documentElement, fresh = page.doc.documentElement;
    Array.prototype.slice.call(root.attributes).forEach(function (a) { if (!fresh.hasAttribute(a.name)) root.removeAttribute(a.name); });
    Array.prototype.slice.call(fresh.attributes).forEach(function (a) { root.setAttribute(a.name, a.value); });
    root.classList.add("js");
    document.title = page.doc.title;
    document.body.replaceWith(document.adoptNode(page.doc.body));
    var url = new URL(page.url);
    var path = url.pathname + url.search;
    if (url.hash) target = url.hash.slice(1);
    var spot = target && document.getElementById(target) ? "#" + target : "";
    // A new entry, as a page load would make; a refused form stays the entry it was.
    if (page.moved || path !== shownPath) window.history.pushState(null, "", path + spot);
    else window.history.replaceState(null, "", path + spot);
    shownPath = path;
    if (spot) document.getElementById(target).scrollIntoView(); else window.scrollTo(0, 0);
    if (window.htmx) window.htmx.process(document.body);
    start();
    // As after a page load, the new page is where the reader is (unless its form took the focus).
    var heading = $("main h1");
    if (heading && (!document.activeElement || document.activeElement === document.body)) {
      heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
  }

  // Back and forward to another page load it anew (htmx keeps no copies of swapped pages); a link
  // within the page (#field-…, #deal-7) moves within it, as ever.
  var shownPath = window.location.pathname + window.location.search;
  window.addEventListener("popstate", function () {
    if (window.location.pathname + window.location.search !== shownPath) window.location.reload();
  });

  var nextForm = null; // {version, page}: the next deal's form, fetched and parsed in advance

  // The sheet's state the next deal's form was made for: its version (every deal and correction).
  function sheetVersion() {
    var link = $("#new-deal"), sheet = $("#live-sheet");
    return link && sheet ? sheet.getAttribute("data-version") + " " + link.getAttribute("href") : "";
  }

  function prepareNextForm() {
    var link = $("#new-deal"), version = sheetVersion();
    if (!version || keptCopy() || !navigator.onLine) return;
    if (nextForm && nextForm.version === version) return;
    nextForm = { version: version, page: null };
    var wanted = nextForm;
    fetchPage(link.getAttribute("href")).then(function (page) {
      // Only the server's fresh form: not the login page, nor the service worker's kept copy
      // (a connection that failed on the way); the next time the sheet settles asks again.
      var root = page.doc.documentElement;
      var fresh = page.status === 200 && !root.hasAttribute("data-kept-copy") && page.doc.getElementById("deal-form");
      if (fresh && new URL(page.url).pathname === new URL(link.href).pathname) wanted.page = page;
      else if (nextForm === wanted) nextForm = null;
    }).catch(function () { if (nextForm === wanted) nextForm = null; });
  }

  function openNextDeal(event) {
    var link = event.target.closest("#new-deal");
    if (!link || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
    var ready = nextForm && nextForm.version === sheetVersion() && nextForm.page;
    if (!ready) return; // not fetched yet, or for an older sheet: the page loads as without this script
    event.preventDefault();
    nextForm = null;
    showPage(ready);
  }
  document.addEventListener("click", openNextDeal);
  document.addEventListener("htmx:afterSettle", prepareNextForm);

  // --- every page --------------------------------------------------------------------------

  document.addEventListener("DOMContentLoaded", start);

  function start() {
    shownNumber = 0;
    showConnection();
    rememberName();
    tellWhoIsSignedIn();
    if (keptCopy()) $$(".messages").forEach(function (list) { list.hidden = true; }); // of the moment it was kept
    var logout = $("#logout-form");
    if (logout) {
      logout.addEventListener("submit", function (event) {
        event.preventDefault();
        forgetPages().then(function () {
          // The service worker posts it, or logs out on this phone at once when the network fails.
          if (navigator.onLine || (navigator.serviceWorker && navigator.serviceWorker.controller)) { logout.submit(); return; }
          logOutLater(logout);
        });
      });
    }
    finishLoggingOut(logout);
    if ($("#id_username") && $("#id_password")) forgetPages(); // the login page: nobody's pages are kept
    var sheet = $("#live-sheet");
    if (sheet) {
      remember(sheet.getAttribute("data-sitting"), parseInt(sheet.getAttribute("data-next"), 10), { lastDealer: sheet.getAttribute("data-last-dealer") });
      var newDeal = $("#new-deal");
      keepPages([window.location.pathname].concat(newDeal ? [newDeal.getAttribute("href")] : []));
    }
    var form = $("#deal-form") || $("#correct-form");
    if (form) dealForm(form);
    takeUnsent().then(function () {
      adjustForm();
      render();
      sendWaiting();
    });
    // Once this page is painted: the next form's parse holds the phone up for a moment.
    window.setTimeout(prepareNextForm, 300);
  }
})();
