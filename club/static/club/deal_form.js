/* The deal form (a new deal's, and a correction's): fewer taps (the rotation follows the dealer,
 * steppers on the counts, a tout or an ultimo fills in the last trick), the live preview giving way
 * to a save, and the save itself: posted at once and the page it leads to swapped in
 * (card_table.js), or, offline or behind deals already waiting, put in the phone's queue
 * (offline_queue.js). Without this file the form is a plain form.
 */
(function () {
  "use strict";

  var T = window.Tarokbog;
  var $ = T.$, $$ = T.$$;

  function uuid4() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 0x100).toString(16).slice(1); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  function afterPaint(then) {
    window.requestAnimationFrame(function () { window.setTimeout(then, 0); });
  }

  function checked(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    if (input) return input.value;
    var select = form.querySelector('select[name="' + name + '"]');
    return select ? select.value : "";
  }

  // Chooses `value` for the field `name`; `announce`: as a tap would, its change told (the rotation follows).
  function choose(form, name, value, announce) {
    $$('input[name="' + name + '"]', form).forEach(function (input) { input.checked = input.value === value; });
    $$('select[name="' + name + '"]', form).forEach(function (select) { select.value = value; });
    if (!announce) return;
    var field = form.querySelector('input[name="' + name + '"]:checked') || form.querySelector('select[name="' + name + '"]');
    if (field) field.dispatchEvent(new Event("change", { bubbles: true }));
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
    fillGroup(group);
  }

  // The numbers asked (not those left out) of a group with a total: the last one open is the rest.
  function fillGroup(group) {
    var inputs = $$("input[type=number]", group).filter(function (input) { return !input.disabled; });
    var open = inputs.filter(function (input) { return input.value === "" || input.hasAttribute("data-rest"); });
    if (open.length !== 1) return;
    var rest = parseInt(group.getAttribute("data-total"), 10);
    inputs.forEach(function (input) { if (input !== open[0]) rest -= parseInt(input.value, 10) || 0; });
    if (rest < 0) return;
    open[0].value = String(rest);
    open[0].setAttribute("data-rest", "");
  }

  // A question about one member (his klop pile, `data-asks`) is not asked of whoever sits the deal
  // out (the field #deal-out names): hidden, left out of the post, and the group's total shared by
  // the others, its last one filled in among them. The server leaves it out alike on a page it draws.
  function markSittingOut(form) {
    var named = form.querySelector("#deal-out");
    if (!named) return;
    var out = checked(form, named.getAttribute("data-field"));
    $$("[data-asks]", form).forEach(function (field) {
      if (field.getAttribute("data-asks") !== out) {
        field.classList.remove("sits-out");
        if (!field.classList.contains("unused")) $$("input", field).forEach(function (input) { input.disabled = false; });
        return;
      }
      field.classList.add("sits-out");
      $$("input", field).forEach(function (input) {
        input.disabled = true;
        input.value = "";
        input.removeAttribute("data-rest");
      });
    });
    $$("[data-total]", form).forEach(fillGroup);
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
    var by = uses ? JSON.parse(uses.getAttribute("data-uses")).by : null;
    if (name === by) showUsed(form);
    var named = form.querySelector("#deal-out");
    if (name === by || (named && name === named.getAttribute("data-field"))) markSittingOut(form);
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
  // A preview answers beside the fields that show a problem now and those that get one: so the
  // page says which show one (each box the answer swaps costs a phone a moment).
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    if (!form || (form.id !== "deal-form" && form.id !== "correct-form") || !/[/]preview[/]/.test(event.detail.path)) return;
    var shown = $$(".problems[id^='problems-']", form).filter(function (box) { return box.children.length > 0; });
    event.detail.parameters.shown_problems = shown.map(function (box) { return box.id.replace(/^problems-/, ""); }).join(" ");
  });
  var SAVE_PATIENCE = 15000; // ms: a save not answered by then waits in the queue (a connection that passes nothing)

  // Without a connection the preview says when the points come instead of asking the server;
  // once the connection is back it asks again.
  function previewWaitsForTheConnection(form) {
    form.addEventListener("htmx:confirm", function (event) {
      if (event.detail.elt !== form || navigator.onLine) return;
      event.preventDefault();
      sayOffline();
    });
    form.addEventListener("htmx:sendError", sayOffline);
    if (!navigator.onLine) sayOffline();
  }

  function sayOffline() {
    var net = $("#preview-net");
    if (!net || !net.getAttribute("data-offline")) return;
    var words = document.createElement("p");
    words.className = "hint offline-preview";
    words.textContent = net.getAttribute("data-offline");
    net.replaceChildren(words);
  }

  window.addEventListener("online", function () {
    var form = $("#deal-form") || $("#correct-form");
    if (form && $("#preview-net .offline-preview") && window.htmx) window.htmx.trigger(form, "change");
  });

  function dealForm(form) {
    form.addEventListener("change", function (event) { onChange(form, event); }, true);
    steppers(form);
    markPlayers(form);
    showUsed(form);
    markSittingOut(form);
    var summary = $("#form-problems");
    if (summary && !summary.hidden) summary.focus(); // a refused save: the eye goes to the list
    var same = $(".same-deal", form);
    if (same) same.focus(); // the number was taken: the question comes first
    document.body.addEventListener("htmx:afterSettle", function () { markProblems(form); });
    previewsGiveWay(form);
    previewWaitsForTheConnection(form);
    if (form.id !== "deal-form") return;
    // Every opening of the form is a new deal: its own key (a kept copy's key may be used already).
    form.querySelector('input[name="idempotency_key"]').value = uuid4();
    var pages = window.TarokPages;
    var waiting = window.TarokOfflineQueue;
    waiting.remember(form.getAttribute("data-sitting"), parseInt(form.getAttribute("data-number"), 10), { dealer: checked(form, "dealer") });
    T.keepPages([form.getAttribute("data-sheet"), form.action]);
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
        waiting.enqueue(form.action, params);
        // On to the next deal, as online; or to the sheet. That page sends what waits as it opens:
        // a send begun here would be cut off by the navigation, its answer never read.
        window.location.assign(params.get("next") === "1" ? form.action : form.getAttribute("data-sheet"));
      };
      // Online with nothing waiting: posted at once, the answer swapped in. Otherwise, or when the
      // connection fails on the way, the deal joins the queue behind the others (its key records it once).
      if (waiting.mustWait(sitting)) { queue(); return; }
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
      pages.fetchPage(form.action, options).then(function (page) {
        if (mySend.signal.aborted) return;
        done();
        // A server that failed, or a session that ended (the login page): the deal waits on the
        // phone, with word of why, rather than on a page that would lose it.
        if (page.status >= 500 || page.signedOut) { queue(); return; }
        pages.showPage(page, number ? "deal-" + number : "");
        // Kept for offline once the sheet is on the screen: handing it over holds the phone up a little.
        if (page.moved) afterPaint(function () { T.keepPage(page.url.split("#")[0], page.html); });
      }, function (error) {
        if (error && error.name === "AbortError" && !mySend.timedOut) return;
        done();
        queue();
      });
    });
  }

  window.TarokDealForm = { choose: choose };

  T.onPage(function () {
    var form = $("#deal-form") || $("#correct-form");
    if (form) dealForm(form);
  });
})();
