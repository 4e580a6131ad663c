// After a navigation to a path with a #hash (for example "/#services" from another
// page), wait 100 ms for the page to settle, then scroll smoothly to the section,
// leaving 64 px for the fixed header (spec section 2). Plain navigations are reset to
// the top by React Router's ScrollRestoration.
import { useEffect } from "react";
import { useLocation } from "react-router";

export const HEADER_OFFSET_PX = 64;
const SETTLE_DELAY_MS = 100;

export function AnchorScroll() {
  const { pathname, hash, key } = useLocation();
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
