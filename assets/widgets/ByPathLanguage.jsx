// Adapter: React Router's location for the one client-rendered 404 shell shared by
// every unknown path. Why JSX: the shell is compiled once, so which language to show and
// which legacy path to replace are known only from the URL in the browser; the
// redirects and titles are props from clinic/site/pages/not_found.py (route table).
// It renders the child for the path's language (children: [Spanish, English]), after
// replace-navigating legacy paths to their pages (spec section 2) as a static host needs.
import { Children, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

const isEnglish = (path) => path === "/en" || path.startsWith("/en/");

export function ByPathLanguage({ redirects, titles, children }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch (error) {
    // A malformed escape is simply not a legacy path.
  }
  const legacyTarget = (redirects || {})[decoded.replace(/\/+$/, "")];
  useEffect(() => {
    if (legacyTarget) navigate(legacyTarget + search + hash, { replace: true });
  }, [legacyTarget, search, hash, navigate]);
  const english = isEnglish(pathname);
  // The head is shared by both languages and prerendered in Spanish: after hydration
  // the tab says "Page Not Found" on an English path.
  useEffect(() => {
    if (titles && !legacyTarget) document.title = titles[english ? 1 : 0];
  }, [titles, english, legacyTarget]);
  if (legacyTarget) return null;
  const versions = Children.toArray(children);
  return versions[english ? 1 : 0] ?? null;
}
