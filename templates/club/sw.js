/* Tarokbog's service worker: the card table keeps working without a connection.
 *
 * Hand-written rather than a library (Workbox and the like): it does three small things, and a
 * library would be a second build step or a CDN script the Content-Security-Policy refuses.
 *  1. Pages are fetched from the network first; a score sheet or a deal form is kept, nothing else
 *     (statements, member pages, the office and files show money or personal data a shared phone
 *     must not show the next holder). Without a connection the kept copy answers (marked, so the
 *     page's script knows it is a copy), or the offline page.
 *  2. The page asks it to keep the open sitting's score sheet and an empty deal form in advance.
 *     Kept pages belong to the user they were fetched for: they are dropped as soon as another
 *     user, or nobody, is signed in (a page says who, the login page says nobody).
 *  3. A deal form posted while the network fails is kept (as the posted body) for the page's
 *     script to put in the phone's queue: a deal is never lost on a browser error page.
 *  4. A log-out posted while the network fails still logs out on this phone at once: the kept
 *     pages go, and until the server has heard it every page asked for is first a log-out (the
 *     next holder of the phone is never the previous user), or the offline page.
 * Served from the site's root so that its scope covers every page.
 */
"use strict";

var VERSION = "{{ version }}";
var SHELL = "tarokbog-shell-" + VERSION;
var PAGES = "tarokbog-pages"; // one user's kept pages; emptied at log-out and log-in (club/static/club/site.js)
var UNSENT = "tarokbog-unsent"; // deals posted while the network failed, for the page to queue
var OFFLINE_PAGE = "{% url 'offline' %}";
var LOGIN_PAGE = "{% url 'login' %}";
var OWNER = new URL("{% url 'service_worker' %}?kept-for", self.location.origin).href; // in PAGES: whose they are
var LOGOUT_PAGE = "{% url 'logout' %}";
var LOGGING_OUT = "tarokbog-logout"; // a log-out the server has not heard yet: the CSRF token to post it with
var LOGOUT_KEY = new URL("{% url 'service_worker' %}?logout", self.location.origin).href;
// The only pages kept: a sitting's score sheet and its deal form.
var KEPT_PAGE = /^\/c\/[^/]+\/sittings\/\d+\/(deals\/new\/)?$/;
var SHELL_FILES = [OFFLINE_PAGE].concat({{ shell_json|safe }}); // the site's own static paths

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL).then(function (cache) { return cache.addAll(SHELL_FILES); }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      // An older worker may have kept pages this one would not (a statement): they all go.
      return Promise.all(names.filter(function (name) {
        return (name.indexOf("tarokbog-shell-") === 0 && name !== SHELL) || name === PAGES;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// A kept page says it is a copy: the page's script then takes a fresh idempotency key and the
// deal number from the queue, and hides messages that belonged to the moment it was kept.
function markedCopy(response) {
  return response.text().then(function (html) {
    return new Response(html.replace("<html ", "<html data-kept-copy "), {
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  });
}

function isKeptPage(url) { return KEPT_PAGE.test(new URL(url).pathname); }

function ownerOf() {
  return caches.match(OWNER, { cacheName: PAGES }).then(function (owner) { return owner ? owner.text() : ""; });
}

// The kept pages are `user`'s from now on: anyone else's are dropped. Resolves to whether pages
// may be kept (not when nobody is signed in).
function keepFor(user) {
  return ownerOf().then(function (owner) {
    if (owner && owner === user) return true;
    return caches.delete(PAGES).then(function () {
      if (!user) return false;
      return caches.open(PAGES).then(function (cache) { return cache.put(OWNER, new Response(user)); }).then(function () { return true; });
    });
  });
}

// The user a page was rendered for, as base.html writes him on <html>; "" for nobody.
function userOf(html) {
  var root = html.match(/<html[^>]*>/);
  var user = root && root[0].match(/\sdata-user="(\d+)"/);
  return user ? user[1] : "";
}

// Keeps a page at `url` (the address it answers for).
function keepAt(url, response) {
  if (!response || response.status !== 200 || !isKeptPage(url)) return Promise.resolve();
  var copy = response.clone();
  return response.clone().text().then(function (html) {
    return keepFor(userOf(html)).then(function (allowed) {
      if (allowed) return caches.open(PAGES).then(function (cache) { return cache.put(url.split("#")[0], copy); });
      return null;
    });
  }).catch(function () {});
}

function keep(request, response) {
  if (response && !response.redirected && response.type === "basic") keepAt(request.url, response);
}

// --- a log-out without a connection ----------------------------------------------------------

// Logged out on this phone: its pages go at once, and the log-out waits to be posted.
function logOutLater(token) {
  return caches.delete(PAGES).then(function () {
    return caches.open(LOGGING_OUT);
  }).then(function (cache) {
    return cache.put(LOGOUT_KEY, new Response(token || ""));
  });
}

// Posts a waiting log-out. Resolves once the server has heard it (or none waits); rejects while
// the connection fails.
function postLogOut(token) {
  return fetch(LOGOUT_PAGE, {
    method: "POST",
    credentials: "same-origin",
    redirect: "manual",
    headers: { "X-CSRFToken": token, "Content-Type": "application/x-www-form-urlencoded" },
    body: "csrfmiddlewaretoken=" + encodeURIComponent(token),
  });
}

function logOutNow() {
  return caches.match(LOGOUT_KEY, { cacheName: LOGGING_OUT }).then(function (waiting) {
    if (!waiting) return null;
    return waiting.text().then(postLogOut).then(function (answer) {
      if (answer.status !== 403) return answer;
      // A token the server no longer takes: the one of a page of the session now, then again.
      return fetch("/", { credentials: "same-origin" }).then(function (home) { return home.text(); }).then(function (html) {
        var token = html.match(/name="csrfmiddlewaretoken" value="([^"]+)"/);
        return token ? postLogOut(token[1]) : answer;
      });
    }).then(function () { return caches.delete(LOGGING_OUT); });
  });
}

function loggedOut(request) {
  var copy = request.clone();
  return fetch(request).then(function (response) {
    return caches.delete(LOGGING_OUT).then(function () { return response; }); // heard: none waits
  }, function () {
    return copy.text().then(function (body) {
      return logOutLater(new URLSearchParams(body).get("csrfmiddlewaretoken"));
    }).then(function () { return Response.redirect(LOGIN_PAGE, 303); });
  });
}

function page(request) {
  // The login page: nobody is signed in (the session ended however it ended, or someone else
  // is about to sign in). Asked for by a page, or where an ended session's page was sent.
  var forgotten = new URL(request.url).pathname === LOGIN_PAGE ? keepFor("") : Promise.resolve();
  var pending = false;
  // A log-out the server has not heard yet goes first: no page of the previous user's session.
  return forgotten.then(logOutNow).catch(function (error) { pending = true; throw error; }).then(function () {
    return fetch(request);
  }).then(function (response) {
    keep(request, response);
    return response;
  }).catch(function () {
    if (pending || !isKeptPage(request.url)) return offlinePage();
    return caches.match(request.url.split("#")[0], { cacheName: PAGES }).then(function (kept) {
      if (kept) return markedCopy(kept);
      return offlinePage();
    });
  });
}

function offlinePage() {
  return caches.match(OFFLINE_PAGE).then(function (offline) {
    return offline || new Response("", { status: 503 });
  });
}

function isDealForm(url) { return /\/deals\/new\/$/.test(url.pathname); }

// A page the card table's script fetches to swap in (card_table.js, fetchPage, asking as htmx asks
// for a whole page: HX-Boosted): kept and answered offline as a page load would be. The page a
// save is answered with the script hands over itself ("page" below): a save's request is never
// held up here.
function isSwappedPage(request) { return request.headers.get("HX-Boosted") === "true"; }

function postedDeal(request) {
  var copy = request.clone();
  return fetch(request).catch(function () {
    return copy.text().then(function (body) {
      var url = new URL(request.url);
      var id = url.pathname + "?unsent=" + Date.now() + "-" + Math.random().toString(16).slice(2);
      return caches.open(UNSENT).then(function (cache) {
        return cache.put(id, new Response(body, { headers: { "Content-Type": "text/plain" } }));
      }).then(function () {
        // Where the page would have gone: the next deal's form, or the score sheet.
        var next = new URLSearchParams(body).get("next") === "1";
        return Response.redirect(next ? url.pathname : url.pathname.replace(/deals\/new\/$/, ""), 303);
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST") {
    if (request.mode === "navigate" && isDealForm(url)) event.respondWith(postedDeal(request));
    else if (request.mode === "navigate" && url.pathname === LOGOUT_PAGE) event.respondWith(loggedOut(request));
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate" || isSwappedPage(request)) {
    event.respondWith(page(request));
  } else if (url.pathname.indexOf("{{ static_prefix }}") === 0) {
    event.respondWith(
      fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(SHELL).then(function (cache) { cache.put(request, copy); });
        }
        return response;
      }).catch(function () {
        return caches.match(request).then(function (kept) { return kept || new Response("", { status: 503 }); });
      })
    );
  }
});

// The page names pages to keep in advance: the open sitting's sheet and its deal form. Only a
// page not kept yet is fetched: every page opened is kept as it arrives (a save's redirect to the
// sheet is a navigation too), so fetching it again would only compete with the scorer's next tap.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "user") {
    event.waitUntil(keepFor(String(data.user || "")));
    return;
  }
  if (data.type === "page" && typeof data.url === "string" && typeof data.html === "string") {
    var url = new URL(data.url, self.location.origin);
    if (url.origin !== self.location.origin) return;
    event.waitUntil(keepAt(url.href, new Response(data.html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } })));
    return;
  }
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil(caches.open(PAGES).then(function (kept) {
    return Promise.all(data.urls.map(function (address) {
      var url = new URL(address, self.location.origin);
      if (url.origin !== self.location.origin || !isKeptPage(url.href)) return null;
      var request = new Request(url.href, { credentials: "same-origin" });
      return kept.match(url.href.split("#")[0]).then(function (page) {
        if (page) return null;
        return fetch(request).then(function (response) { keep(request, response); }).catch(function () {});
      });
    }));
  }));
});
