// Work a block does only once the patient is about to see it (clinic/site/components/
// open_times.py): nothing at hydration, nothing for a block far down the page that is
// never scrolled to. How near is near is Python's.

/**
 * Calls `then` once, in a task of its own, when the element with this id comes within
 * `margin` of the screen (a CSS margin as IntersectionObserver reads it, "50% 0px": half
 * a screen above and below), at once if it is there already. Without the element, or in
 * a browser without IntersectionObserver, `then` is called in the next task.
 * @param {string} id
 * @param {string} margin
 * @param {() => void} then
 */
export function whenNearScreen(id, margin, then) {
  const element = document.getElementById(id);
  if (!element || !("IntersectionObserver" in window)) {
    setTimeout(then);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
}
