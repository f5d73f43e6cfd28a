/* The card table without page loads: opening the deal form and saving a deal swap the page's
 * body for the server's answer instead of loading a new document; on a mid-range phone most of a
 * page load is the browser parsing and laying out the whole page again. The sheet also fetches and
 * parses the next deal's form while the cards are played, anew whenever the sheet changes. The
 * server still answers every step; without a connection each falls back to the plain navigation
 * (kept pages, the queue). And the score sheet's undo box keeps its deal and reason while the sheet
 * changes under it.
 */
(function () {
  "use strict";

  var T = window.Tarokbog;
  var $ = T.$, $$ = T.$$, fill = T.fill;

  // --- the score sheet: undo keeps its deal and reason while open --------------------------

  var keptUndo = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    var undo = $("#undo");
    keptUndo = target && target.id === "live-sheet" && undo && undo.open ? undo : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var sheet = $("#live-sheet");
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

  // --- pages swapped in place -------------------------------------------------------------

  // A page of the site, fetched: {url, doc}. Rejects when the connection fails. Asked as htmx asks
  // for a whole page (a boosted link or form): a save is answered with the page it leads to, its
  // address in HX-Push-Url; the service worker keeps such a page and answers it offline.
  function fetchPage(url, options) {
    var headers = Object.assign(
      { "X-CSRFToken": T.csrfToken(), "HX-Request": "true", "HX-Boosted": "true", "HX-Current-URL": window.location.href },
      options && options.headers
    );
    return fetch(url, Object.assign({ credentials: "same-origin" }, options, { headers: headers })).then(function (response) {
      if ((response.headers.get("Content-Type") || "").indexOf("text/html") !== 0) throw new Error("not a page");
      return response.text().then(function (html) {
        // A save is answered with the page it leads to, at the address the server names.
        var placed = response.headers.get("HX-Push-Url");
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

  // What htmx sets up on a swapped page: the elements that ask the server something (the sheet's
  // polling, the form's live preview). `htmx.process(document.body)` would also walk every form,
  // button and attribute of the page (for `hx-on`, used nowhere here), which a phone feels after each save.
  var ASKING = "[hx-get], [hx-post], [hx-put], [hx-patch], [hx-delete], [hx-trigger], [hx-ext]";

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
    if (!spot) window.scrollTo(0, 0); // before the page's own start, whose focus may scroll (a form's problems)
    if (window.htmx) $$(ASKING).forEach(function (asking) { window.htmx.process(asking); });
    T.start();
    // As after a page load, the new page is where the reader is (unless its form took the focus).
    var heading = $("main h1");
    if (heading && (!document.activeElement || document.activeElement === document.body)) {
      heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
    // Scrolling to a row lays the page out: last, once every change above is made, so it is laid out once.
    if (spot) document.getElementById(target).scrollIntoView();
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
    if (!version || T.keptCopy() || !navigator.onLine) return;
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

  window.TarokPages = { fetchPage: fetchPage, showPage: showPage };

  T.onPage(function () {
    var sheet = $("#live-sheet");
    if (sheet) {
      var newDeal = $("#new-deal");
      T.keepPages([window.location.pathname].concat(newDeal ? [newDeal.getAttribute("href")] : []));
    }
    // Once this page is painted: the next form's parse holds the phone up for a moment.
    window.setTimeout(prepareNextForm, 300);
  });
})();
