/* The card table's small helpers. Everything works without them (plain forms, radio buttons);
 * with them: fewer taps, the connection's state, and deals kept on the phone while offline.
 * No inline scripts anywhere (Content-Security-Policy): this file is the page's only script
 * besides htmx. */
(function () {
  "use strict";

  var WAITING = "tarokbog.waiting"; // localStorage: deals saved while offline, not yet sent
  document.documentElement.classList.add("js");

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $$(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }
  function text(el) { return el ? el.textContent.trim() : ""; }

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

  // --- the deal form -----------------------------------------------------------------------

  function checked(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }

  function choose(form, name, value) {
    $$('input[name="' + name + '"]', form).forEach(function (input) { input.checked = input.value === value; });
  }

  // Buttons of members who sit this deal out are hidden (they stay in the page without script).
  function markPlayers(form) {
    var players = [checked(form, "dealer"), checked(form, "forehand"), checked(form, "middlehand")];
    $$(".segmented [data-player], .fate-grid tr[data-player]", form).forEach(function (el) {
      if (el.closest(".rotation")) return;
      el.classList.toggle("out", players.indexOf(el.getAttribute("data-player")) < 0);
    });
  }

  function onChange(form, event) {
    var target = event.target;
    var name = target.name || "";
    if (name === "dealer") {
      // The dealer decides the other two: forehand and middlehand follow the seats (001 L316).
      var rotations = JSON.parse(form.querySelector(".rotation").getAttribute("data-rotations"));
      var three = rotations[target.value];
      if (three) { choose(form, "forehand", three[1]); choose(form, "middlehand", three[2]); }
    }
    if (name === "dealer" || name === "forehand" || name === "middlehand") markPlayers(form);
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
        input.value = String((isNaN(value) ? 0 : value) + parseInt(button.getAttribute("data-step"), 10));
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

  function dealForm(form) {
    form.addEventListener("change", function (event) { onChange(form, event); }, true);
    steppers(form);
    markPlayers(form);
    var summary = $("#form-problems");
    if (summary && !summary.hidden) summary.focus(); // a refused save: the eye goes to the list
    document.body.addEventListener("htmx:afterSettle", function () { markProblems(form); });
    form.addEventListener("submit", function (event) {
      if (navigator.onLine || form.id !== "deal-form") return;
      event.preventDefault();
      keep(form, event.submitter);
    });
  }

  // --- offline: keep the deal, send it later ------------------------------------------------

  function load() {
    try { return JSON.parse(window.localStorage.getItem(WAITING) || "[]"); } catch (e) { return []; }
  }

  function store(items) { window.localStorage.setItem(WAITING, JSON.stringify(items)); }

  function keep(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.set(submitter.name, submitter.value);
    var items = load();
    var key = data.get("idempotency_key");
    if (!items.some(function (item) { return item.key === key; })) {
      items.push({
        key: key, // the same key on every resend: the server records the deal once
        number: data.get("number"),
        url: form.action,
        sheet: form.getAttribute("data-sheet"),
        body: new URLSearchParams(data).toString(),
        state: "waiting",
        message: "",
      });
      store(items);
    }
    render();
  }

  function render() {
    var box = $("#offline-queue");
    if (!box) return;
    var items = load();
    box.hidden = items.length === 0;
    box.textContent = "";
    items.forEach(function (item) {
      var line = document.createElement("p");
      line.className = "waiting-deal " + item.state;
      line.setAttribute("data-key", item.key);
      var label = item.state === "waiting" ? box.getAttribute("data-waiting") : box.getAttribute("data-conflict");
      line.textContent = label.replace("{number}", item.number) + (item.message ? " " + item.message : "");
      if (item.state !== "waiting") {
        var drop = document.createElement("button");
        drop.type = "button";
        drop.textContent = box.getAttribute("data-discard");
        drop.addEventListener("click", function () {
          store(load().filter(function (other) { return other.key !== item.key; }));
          render();
        });
        line.appendChild(drop);
      }
      box.appendChild(line);
    });
  }

  var sending = false;

  function sendWaiting() {
    if (sending || !navigator.onLine) return;
    var next = load().filter(function (item) { return item.state === "waiting"; })[0];
    if (!next) return;
    sending = true;
    var token = (document.cookie.match(/(?:^|; )csrftoken=([^;]+)/) || [])[1] || "";
    fetch(next.url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Tarok-Resend": "1", "X-CSRFToken": token },
      body: next.body,
    })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (answer) {
        var items = load();
        if (answer.status === "recorded") {
          store(items.filter(function (item) { return item.key !== next.key; }));
          sending = false;
          window.location.assign(answer.url || next.sheet);
          return;
        }
        // Someone else recorded that number meanwhile, or the deal is refused: show it, keep it.
        items.forEach(function (item) {
          if (item.key === next.key) { item.state = "conflict"; item.message = answer.message; }
        });
        store(items);
        sending = false;
        render();
        sendWaiting();
      })
      .catch(function () { sending = false; }); // still no connection: try again on "online"
  }

  document.addEventListener("DOMContentLoaded", function () {
    showConnection();
    var form = $("#deal-form") || $("#correct-form");
    if (form) dealForm(form);
    render();
    sendWaiting();
  });
})();
