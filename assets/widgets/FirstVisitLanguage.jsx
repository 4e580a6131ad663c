// First visit (spec section 4). A browser that prefers English and lands on the Spanish
// home page is taken once to the English home page, and a flag under a clinic-specific
// localStorage key records that the language is set, so it never happens again.
//
// - Only a visit that *lands* on `redirectFrom` (the document was loaded there) can
//   redirect: moving to the home page inside the site (logo, Home link, the toggle) is a
//   choice the visitor just made, never undone.
// - A click on a same-site link that names a language (hreflang: the ES/EN toggle) sets
//   the flag too, so a visitor who chooses Spanish is not bounced back on a later visit.
// - If the flag cannot be stored (storage blocked), nothing redirects: "once" could not
//   be kept, and staying on the requested page is the safe side.
// - Crawlers are never redirected: `/` must be indexed as the Spanish page it is.
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

// "bot/" as in Googlebot/2.1, bingbot/2.0, Applebot/0.1 (not phone names such as "Cubot").
const CRAWLER = /bot\/|crawler|spider|slurp|lighthouse|inspectiontool/i;

// Module state lives as long as the document: the first page rendered is the landing.
let landingHandled = false;

function readFlag(key) {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    return "unavailable";
  }
}

function writeFlag(key, lang) {
  try {
    window.localStorage.setItem(key, lang || "set");
    return window.localStorage.getItem(key) !== null;
  } catch (error) {
    return false;
  }
}

function prefersEnglish() {
  const first = (navigator.languages && navigator.languages[0]) || navigator.language || "";
  return first.toLowerCase().startsWith("en");
}

export function FirstVisitLanguage({ storageKey, redirectFrom, redirectTo }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const onClick = (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
      if (link && link.origin === window.location.origin) {
        writeFlag(storageKey, link.getAttribute("hreflang"));
      }
    };
    // Capture phase: runs before the router's own click handler navigates away.
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [storageKey]);

  useEffect(() => {
    if (landingHandled) return;
    landingHandled = true;
    if (pathname !== redirectFrom) return;
    if (readFlag(storageKey) !== null) return;
    if (CRAWLER.test(navigator.userAgent) || !prefersEnglish()) return;
    if (!writeFlag(storageKey, "en")) return;
    navigate(redirectTo + search + hash, { replace: true });
    // Runs once per document on purpose (see landingHandled).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return null;
}
