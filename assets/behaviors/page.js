// Browser steps every page takes (clinic/site/components/layout.py, floating_book.py,
// footer.py): what the page shell does when a page is shown, and the measurements its
// rules are written on.

/**
 * How far the page has scrolled, in viewport heights.
 * @returns {number}
 */
export function screensScrolled() {
  return window.scrollY / window.innerHeight;
}

/**
 * The visitor's current year.
 * @returns {number}
 */
export function currentYear() {
  return new Date().getFullYear();
}

// The first page shown in this document is the landing; later ones are navigations.
let landed = false;

/**
 * After a client-side navigation the link that had focus is gone, and the next Tab would
 * start from the end of the document: focus moves to the page's main element (like the
 * skip link), only when focus was lost with the old page. The landing page is left alone.
 * @param {string} mainId
 */
export function focusMainAfterNavigation(mainId) {
  if (!landed) {
    landed = true;
    return;
  }
  const lost = !document.activeElement || document.activeElement === document.body;
  if (lost) document.getElementById(mainId)?.focus({ preventScroll: true });
}

/**
 * A page shown with a #section scrolls there once it has settled: smoothly, or at once
 * under reduced motion. scrollIntoView honours the page's scroll padding, so the section
 * lands clear of the fixed bars however tall they are (fixed_bars.py sets the padding).
 * @param {number} delayMs
 */
export function scrollToHashSection(delayMs) {
  if (!location.hash) return;
  setTimeout(() => {
    const target = document.getElementById(decodedPath(location.hash.slice(1)));
    if (!target) return;
    const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
  }, delayMs);
}

/**
 * A path with its percent escapes decoded ("/cont%C3%A1ctanos" -> "/contáctanos"); a
 * malformed escape leaves it as it is.
 * @param {string} path
 * @returns {string}
 */
export function decodedPath(path) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Sets the tab's title (the 404 page's head is shared by both languages).
 * @param {string} title
 */
export function setDocumentTitle(title) {
  document.title = title;
}
