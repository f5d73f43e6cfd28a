/* Every page's small helpers: the connection's state, the service worker, and a log-out that works
 * without a connection. Everything works without them. No inline scripts anywhere (Content-Security-
 * Policy). A signed-in page adds queue.js and offline_queue.js (the deals kept on the phone while
 * offline, sent from any page of their scorer's session); the sheet and the deal form add
 * deal_form.js (the form) and card_table.js (their pages swapped in place).
 *
 * `window.Tarokbog` is what those files share: small DOM helpers, and `onPage(fn)`, which runs fn
 * for every page shown, whether loaded or swapped in by card_table.js.
 */
(function () {
  "use strict";

  var PAGES = "tarokbog-pages"; // the service worker's kept pages
  document.documentElement.classList.add("js");

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $$(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }
  function keptCopy() { return document.documentElement.hasAttribute("data-kept-copy"); }
  // The user this page was rendered for ("" when nobody is signed in, or on the offline page).
  function pageUser() { return document.documentElement.getAttribute("data-user") || ""; }
  function csrfToken() { return decodeURIComponent((document.cookie.match(/(?:^|; )csrftoken=([^;]+)/) || [])[1] || ""); }
  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (all, name) {
      return values[name] === undefined ? all : String(values[name]);
    });
  }

  function tellServiceWorker(message) {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage(message);
    });
  }

  var starters = [];
  function onPage(start) { starters.push(start); }
  function start() { starters.forEach(function (starter) { starter(); }); }

  window.Tarokbog = {
    $: $, $$: $$, fill: fill, keptCopy: keptCopy, pageUser: pageUser, csrfToken: csrfToken,
    onPage: onPage, start: start,
    // Pages for the service worker to keep in advance (the open sitting's sheet and deal form) ...
    keepPages: function (urls) { tellServiceWorker({ type: "keep", urls: urls }); },
    // ... and a page swapped in after a save, kept as if it had been loaded.
    keepPage: function (url, html) { tellServiceWorker({ type: "page", url: url, html: html }); },
  };

  // --- the service worker: pages kept for offline ------------------------------------------

  // The service worker keeps pages for one user only: it drops them when another (or nobody) is signed in.
  function tellWhoIsSignedIn() {
    if (keptCopy() || $("#offline-page")) return; // copies say nothing new
    tellServiceWorker({ type: "user", user: pageUser() });
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
    fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "Content-Type": "application/x-www-form-urlencoded" },
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
  window.addEventListener("online", showConnection);
  window.addEventListener("offline", showConnection);
  document.addEventListener("htmx:sendError", function () {
    var banner = $("#offline-banner");
    if (banner) banner.hidden = false;
  });

  // A page shown again from the back/forward cache is an old page: fetch it anew.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && $("#deal-form")) window.location.reload();
  });

  // --- every page --------------------------------------------------------------------------

  onPage(function () {
    showConnection();
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
  });

  document.addEventListener("DOMContentLoaded", start);
})();
