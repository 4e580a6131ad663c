// After a navigation to a path with a #hash (for example "/#services" from another
// page), wait 100 ms for the page to settle, then scroll smoothly to the section,
// leaving 64 px for the fixed header (spec section 2). Plain navigations are reset to
// the top by React Router's ScrollRestoration.
//
// Focus: a client-side navigation unmounts the link that had focus, and the browser would
// start the next Tab from the end of the document. Like the skip link, it moves focus to
// <main> (tabindex=-1), so Tab continues with the new page's content and a screen reader
// lands in it. The first page load is left alone: the browser starts at the top.
import { useEffect } from "react";
import { useLocation } from "react-router";

export const HEADER_OFFSET_PX = 64;
const SETTLE_DELAY_MS = 100;
// Module scope: the page shell (and this component) mounts again on every route.
let firstPageLoad = true;

export function AnchorScroll() {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    if (firstPageLoad) {
      firstPageLoad = false;
      return;
    }
    // Only when focus was lost with the old page: never take it from where the visitor
    // has already moved it (the effect can run late, once lazy parts have loaded).
    const lost = !document.activeElement || document.activeElement === document.body;
    const main = document.querySelector("main");
    if (main && lost) main.focus({ preventScroll: true });
  }, [pathname, key]);
  useEffect(() => {
    if (!hash) return undefined;
    const timer = setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target) return;
      const top = target.getBoundingClientRect().top + window.scrollY - HEADER_OFFSET_PX;
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      window.scrollTo({ top, behavior: reduce ? "auto" : "smooth" });
    }, SETTLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, hash, key]);
  return null;
}
