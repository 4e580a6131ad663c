/**
 * The first-visit language choice (docs/design.md, "States"), decided before the page paints.
 *
 * A browser whose preferred language is another language of the site (English) and that
 * lands on the default language's home page (Spanish, `/`) is taken once to that
 * language's home page, and a flag under a clinic-specific localStorage key records that
 * the language is set, so it never happens again. Rules:
 * - Only the landing counts. This is a classic inline script in every page's <head>,
 *   ahead of its stylesheet and scripts: it runs when a document loads, never on a
 *   client-side navigation, so going home inside the site (logo, Home link, the
 *   toggle) is a choice never undone.
 * - A click on a language link (any link with `hreflang`: the toggle) sets the flag too,
 *   so a visitor who chooses Spanish is not bounced back on a later visit.
 * - If the flag cannot be stored (storage blocked), nothing redirects: "once" could not
 *   be kept, and staying on the requested page is the safe side.
 * - Crawlers are never redirected: `/` must be indexed as the Spanish page it is.
 * - The query string and the #fragment go along (campaign links keep their tags).
 *
 * Why in <head> and not after hydration: the redirect then starts as soon as the
 * first bytes of `/` arrive, before any other script of the Spanish page runs, so an
 * English visitor waits one document request more instead of a whole page load.
 * (English and `/en/` stand here for any language of the site but the default.)
 * While `/en/` loads, `/` is hidden (`hidden` on <html>): nothing Spanish is painted.
 * It is not stopped (window.stop): that would also cancel the stylesheet `/` has
 * already started to fetch (the browser's preload scanner asks for it before this
 * script runs), which `/en/` then takes from the cache. No second request for it is
 * made (a fetch with keepalive, which would outlive `/`): the stylesheet is asked for
 * before `/en/` and is the smaller response, so it is normally cached by the time
 * `/en/` needs it, and the extra request did not bring `/en/`'s paint any sooner
 * (measured with bench/lantern_breakdown.mjs on the English first visit's Lighthouse runs).
 *
 * A before-paint script (clinic/site/components/before_paint.py): inlined as it is
 * (comment lines left out), with BEFORE_PAINT_DATA filled by
 * clinic/site/components/first_visit.py with data only (JSON): the storage key, the
 * default language's home path, the other languages' home paths by language code (the
 * route table) and the crawler pattern. The page's Content-Security-Policy allows it by
 * its hash, like the other inline scripts. Plain ES5, no module and no build step: it
 * runs before anything else, in every browser the site supports.
 */
/**
 * @param {{storageKey: string, from: string, to: Record<string, string>, crawlers: string}} settings
 */
(function firstVisit(settings) {
  "use strict";

  /**
   * Stores the flag.
   * @param {string} language the language now set ("es", "en", its hreflang)
   * @returns {boolean} true when the flag was kept (false with storage blocked)
   */
  function remember(language) {
    try {
      localStorage.setItem(settings.storageKey, language);
      return localStorage.getItem(settings.storageKey) !== null;
    } catch (error) {
      return false;
    }
  }

  /**
   * The language this landing is a first visit in: the browser's preferred language when
   * it is another language of the site and the page is the default language's home.
   * @returns {string} its code ("en"), or "" when the page stays
   */
  function firstVisitLanguage() {
    if (location.pathname !== settings.from) return "";
    try {
      if (localStorage.getItem(settings.storageKey) !== null) return "";
    } catch (error) {
      return "";
    }
    if (new RegExp(settings.crawlers, "i").test(navigator.userAgent)) return "";
    var first = (navigator.languages && navigator.languages[0]) || navigator.language || "";
    var code = first.toLowerCase().split("-")[0];
    return Object.prototype.hasOwnProperty.call(settings.to, code) ? code : "";
  }

  // One listener for the whole document, in the capture phase: it sees every click on a
  // language link, whichever page (and whichever client-side navigation) shows it.
  document.addEventListener(
    "click",
    function (event) {
      var target = /** @type {Element | null} */ (event.target);
      var link = target && target.closest ? target.closest("a[hreflang]") : null;
      if (link) remember(link.getAttribute("hreflang") || "");
    },
    true,
  );

  var language = firstVisitLanguage();
  if (language && remember(language)) {
    // Nothing of `/` is shown while `/en/` loads; its own modules wait for a first
    // paint (clinic/framework/patches/paint_first.py), so they stay idle until it is replaced.
    document.documentElement.hidden = true;
    location.replace(settings.to[language] + location.search + location.hash);
  }
})(BEFORE_PAINT_DATA);
