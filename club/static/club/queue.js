/* The phone's queue of deals saved while offline: what waits, in what order, and sending it.
 *
 * No DOM here: the storage (localStorage in the browser) and fetch are handed in, so that
 * `node --test tests/js/` runs it as it is (club/static/club/offline_queue.js shows it on the page).
 *
 * The queue lives in the storage (it survives a reload and a closed browser). Each deal keeps its
 * own idempotency key and its own number: it is sent in order, again and again until the server
 * answers, and the server records a key once. A deal the server refuses stops its sitting's queue
 * and stays on the phone, with the reason, until the scorer decides: it is never dropped without
 * the scorer's word.
 *
 * A phone may be shared: each deal keeps the user who saved it and is sent only from a page of
 * that user's session (the server refuses it under anyone else's too). Another user's deals wait
 * with a word saying whose they are, until he signs in again or someone discards them.
 *
 * Each deal is sent to its sitting's queue address (`deals/queued/`, club.web.views.deal_queued),
 * which answers JSON only: {status: recorded | conflict | confirm | invalid | other_user, message,
 * html (conflict: the two deals side by side), number}.
 */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.TarokQueue = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var WAITING = "tarokbog.waiting"; // deals saved while offline, not yet recorded
  var KNOWN = "tarokbog.known."; // + sitting id: the next deal number and last dealer the server showed
  var NAMES = "tarokbog.names"; // user id -> the name he was signed in as: whose waiting deals they are

  function parsed(text, fallback) {
    try { return JSON.parse(text || "null") || fallback; } catch (e) { return fallback; }
  }

  function sittingOf(url) { return (String(url).match(/\/sittings\/(\d+)\//) || [])[1] || ""; }

  function ofSitting(items, sitting) { return items.filter(function (item) { return item.sitting === sitting; }); }

  // Where a waiting deal is sent: its sitting's queue address. A deal kept by an older page named
  // the deal form's address (…/deals/new/): it goes to the queue's too.
  function endpoint(item) { return String(item.url).replace(/deals\/new\/.*$/, "deals/queued/"); }

  /* options: storage (getItem/setItem/removeItem), fetch, user() (the page's user id, "" for
   * nobody), csrfToken(), online() (whether the device says it has a connection). */
  function Queue(options) {
    this.storage = options.storage;
    this.fetch = options.fetch;
    this.user = options.user || function () { return ""; };
    this.csrfToken = options.csrfToken || function () { return ""; };
    this.online = options.online || function () { return true; };
    this.sending = false;
    this.blocked = ""; // "signed-out" or "server" while the server cannot take deals
  }

  Queue.prototype.load = function () {
    var items = parsed(this.storage.getItem(WAITING), []);
    return Array.isArray(items) ? items : [];
  };

  Queue.prototype.store = function (items) { this.storage.setItem(WAITING, JSON.stringify(items)); };

  // A deal saved on this phone by the user of this page. A page of nobody (the offline page) shows
  // every deal and sends none; a deal kept before deals named their user belongs to whoever sends it.
  Queue.prototype.mine = function (item) { var user = this.user(); return !item.user || !user || item.user === user; };

  Queue.prototype.own = function (items) { return items.filter(this.mine, this); };

  // The page user's deals of a sitting.
  Queue.prototype.waitingIn = function (sitting) { return this.own(ofSitting(this.load(), sitting)); };

  // A posted deal form (its URLSearchParams) as a queued deal. The CSRF token is not kept: the one
  // of the moment of sending goes in a header. A key already queued is a double tap: nothing more.
  Queue.prototype.enqueue = function (url, params) {
    params = new URLSearchParams(params);
    params.delete("csrfmiddlewaretoken");
    var user = params.get("saved_by") || this.user(); // a form the service worker caught names its user
    if (user) params.set("saved_by", user); // the server refuses it under anyone else's session
    var key = params.get("idempotency_key");
    var items = this.load();
    if (!key || items.some(function (item) { return item.key === key; })) return false;
    items.push({
      key: key, // the same key on every resend: the server records the deal once
      sitting: sittingOf(url),
      number: parseInt(params.get("number"), 10) || 0,
      dealer: params.get("dealer") || "",
      user: user,
      url: url,
      sheet: String(url).replace(/deals\/new\/.*$/, ""),
      body: params.toString(),
      state: "waiting",
      message: "",
      html: "",
    });
    this.store(items);
    return true;
  };

  // The first waiting deal of this page's user whose sitting has no refused deal of his before it.
  Queue.prototype.nextToSend = function () {
    var stopped = {};
    if (!this.user()) return null;
    var items = this.load();
    for (var i = 0; i < items.length; i++) {
      var item = items[i];
      if (!this.mine(item)) continue;
      if (item.state !== "waiting") { stopped[item.sitting] = true; continue; }
      if (!stopped[item.sitting]) return item;
    }
    return null;
  };

  Queue.prototype.update = function (key, change) {
    this.store(this.load().map(function (item) { return item.key === key ? Object.assign(item, change) : item; }));
  };

  // The scorer's answers to a refused deal: drop it ("the same deal: drop mine", "Discard") ...
  Queue.prototype.drop = function (key) {
    this.store(this.load().filter(function (item) { return item.key !== key; }));
  };

  // ... "A new deal: record as N": this deal and the sitting's deals queued after it move on ...
  Queue.prototype.renumber = function (key, number) {
    var items = this.load();
    var at = -1;
    items.forEach(function (item, i) { if (item.key === key) at = i; });
    if (at < 0 || !number) return;
    var shift = number - items[at].number;
    var sitting = items[at].sitting;
    var queue = this;
    items.forEach(function (item, i) {
      if (i < at || item.sitting !== sitting || !queue.mine(item)) return;
      var params = new URLSearchParams(item.body);
      item.number += shift;
      params.set("number", String(item.number));
      if (i === at) {
        params.set("confirm_duplicate", "1"); // every role as entered: the points shown beside the question
        item.state = "waiting"; item.message = ""; item.html = "";
      }
      item.body = params.toString();
    });
    this.store(items);
  };

  // ... or "Save it anyway": the last deal again, confirmed.
  Queue.prototype.saveAnyway = function (key) {
    var item = this.load().filter(function (i) { return i.key === key; })[0];
    if (!item) return;
    var params = new URLSearchParams(item.body);
    params.set("confirm_duplicate", "1");
    this.update(key, { body: params.toString(), state: "waiting", message: "", html: "" });
  };

  // "Discard them": another user's deals on this phone, on the word of whoever holds it.
  Queue.prototype.dropOthers = function (user) {
    var queue = this;
    this.store(this.load().filter(function (item) { return queue.mine(item) || item.user !== user; }));
  };

  // How many deals of other users wait, by user.
  Queue.prototype.othersCount = function (items) {
    var counts = {};
    var queue = this;
    items.forEach(function (item) { if (!queue.mine(item)) counts[item.user] = (counts[item.user] || 0) + 1; });
    return counts;
  };

  // Sends one deal: resolves to the server's answer (null when it could not take it; `blocked` says
  // why). Rejects when the connection fails: the deal waits.
  Queue.prototype.send = function (item) {
    var queue = this;
    return this.fetch(endpoint(item), {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-CSRFToken": this.csrfToken(),
        Accept: "application/json",
      },
      body: item.body,
    }).then(function (response) {
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      if (response.status === 401) { queue.blocked = "signed-out"; return null; } // the session ended
      if (!json || response.status >= 500) { queue.blocked = "server"; return null; }
      return response.json().then(function (answer) {
        if (answer.status === "refused") { queue.blocked = "server"; return null; }
        queue.blocked = "";
        return answer;
      });
    });
  };

  // Acts on the server's answer to a deal sent: recorded ones leave the queue; a deal of another
  // user's session waits; a refused one stops its sitting's queue with the reason. Whether to go on.
  Queue.prototype.settle = function (item, answer) {
    if (!answer) return false;
    if (answer.status === "other_user") {
      // This page's session is no longer its user's (he signed out in another tab): it waits.
      this.blocked = "signed-out";
      return false;
    }
    if (answer.status === "recorded") {
      this.drop(item.key);
      return true;
    }
    // Refused, or someone else recorded that number meanwhile: it stops its sitting's queue.
    this.update(item.key, { state: answer.status || "invalid", message: answer.message || "", html: answer.html || "" });
    return true;
  };

  /* Sends what waits, in order, one deal at a time; `changed()` after each answer (to show it),
   * `idle()` once nothing is left to send. Resolves when it stops: all sent, or the connection or
   * the server failed (sent again on the next call). */
  Queue.prototype.sendWaiting = function (changed, idle) {
    var queue = this;
    changed = changed || function () {};
    idle = idle || function () {};
    if (this.sending || !this.online()) return Promise.resolve();
    var next = this.nextToSend();
    if (!next) { idle(); return Promise.resolve(); }
    this.sending = true;
    return this.send(next).then(function (answer) {
      queue.sending = false;
      var goOn = queue.settle(next, answer);
      changed();
      return goOn ? queue.sendWaiting(changed, idle) : null;
    }, function () {
      queue.sending = false; // still no connection: again on "online"
      changed();
    });
  };

  // --- what the server showed last, and whose deals they are --------------------------------

  Queue.prototype.known = function (sitting) { return parsed(this.storage.getItem(KNOWN + sitting), {}); };

  // What the server showed last: the next deal's number, and its dealer or the last deal's.
  Queue.prototype.remember = function (sitting, next, dealers) {
    if (!sitting || !next) return;
    this.storage.setItem(KNOWN + sitting, JSON.stringify(Object.assign({ next: next }, dealers)));
  };

  Queue.prototype.names = function () { return parsed(this.storage.getItem(NAMES), {}); };

  Queue.prototype.rememberName = function (user, name) {
    var known = this.names();
    known[user] = name || user;
    this.storage.setItem(NAMES, JSON.stringify(known));
  };

  /* The deal number and dealer a form shown as deal `number` is for: after the deals waiting on
   * this phone, or after what the server last showed (a kept copy may be older than the last deal
   * saved online). `nextDealers`: dealer -> the next deal's dealer. {number, dealer ("": as shown)}. */
  Queue.prototype.nextDeal = function (sitting, number, nextDealers) {
    var wanted = number, dealer = "";
    var seen = this.known(sitting);
    if (seen.next > wanted) { wanted = seen.next; dealer = seen.dealer || nextDealers[seen.lastDealer] || ""; }
    this.waitingIn(sitting).forEach(function (item) {
      if (item.number + 1 > wanted) { wanted = item.number + 1; dealer = nextDealers[item.dealer] || ""; }
    });
    return { number: wanted, dealer: wanted === number ? "" : dealer };
  };

  return { Queue: Queue, sittingOf: sittingOf, ofSitting: ofSitting, endpoint: endpoint };
});
