// Browser steps of the carousels and the facilities viewer
// (clinic/site/components/carousel.py): Embla's API on a viewport, and the viewer's
// dialog and keys. When autoplay runs, which photo shows and what closing does are
// decided in Python.
import { prefersReducedMotion } from "./dom.js";

/** @param {string} viewportId */
const embla = (viewportId) => document.getElementById(viewportId)?.emblaApi;

/**
 * Moves a carousel one slide back or forward (at once under reduced motion). Nothing
 * happens before Embla has loaded.
 * @param {string} viewportId
 * @param {"prev"|"next"} direction
 */
export function scrollCarousel(viewportId, direction) {
  const api = embla(viewportId);
  if (direction === "prev") api?.scrollPrev(prefersReducedMotion());
  else api?.scrollNext(prefersReducedMotion());
}

/**
 * Shows slide `index` at once (before Embla has loaded, by the viewport's own scroll).
 * @param {string} viewportId
 * @param {number} index
 */
export function showSlide(viewportId, index) {
  const api = embla(viewportId);
  if (api) api.scrollTo(index, true);
  else
    document
      .getElementById(viewportId)
      ?.querySelector(`[data-slide-index="${index}"]`)
      ?.scrollIntoView({ block: "nearest", inline: "start" });
}

/**
 * Left and right arrow keys on a carousel's viewport move it. Before Embla has loaded
 * they are left to the browser, which scrolls the viewport to the next snap point.
 * @param {string} viewportId
 * @param {KeyboardEvent} event
 */
export function onCarouselKey(viewportId, event) {
  if (event.altKey || event.ctrlKey || event.metaKey || !embla(viewportId)) return;
  /** @type {Record<string, "prev" | "next">} */
  const directions = { ArrowLeft: "prev", ArrowRight: "next" };
  const direction = directions[event.key];
  if (!direction) return;
  event.preventDefault();
  scrollCarousel(viewportId, direction);
}

/**
 * The index in `data-<name>` of the element the event happened in, -1 outside one.
 * @param {Event} event
 * @param {string} name the data attribute, e.g. "facility-photo"
 * @returns {number}
 */
export function indexOfTarget(event, name) {
  const element = event.target instanceof Element && event.target.closest(`[data-${name}]`);
  return element ? Number(element.getAttribute(`data-${name}`)) : -1;
}

/**
 * Opens a `<dialog>` modally once it has rendered (before the next paint) and focuses
 * the element matching `focusSelector` inside it.
 * @param {string} dialogId
 * @param {string} focusSelector
 */
export function openDialogSoon(dialogId, focusSelector) {
  requestAnimationFrame(() => {
    const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById(dialogId));
    if (dialog && !dialog.open) dialog.showModal();
    /** @type {HTMLElement | null | undefined} */ (dialog?.querySelector(focusSelector))?.focus();
  });
}

/**
 * Closes a `<dialog>`.
 * @param {string} dialogId
 */
export function closeDialog(dialogId) {
  /** @type {HTMLDialogElement | null} */ (document.getElementById(dialogId))?.close();
}

/**
 * The viewer's keys: arrows show the previous or next photo, Escape closes it, and Tab
 * cycles between its own controls (the page behind a modal dialog is inert, but Tab
 * could still leave for the browser's own interface).
 * @param {{previous: Function, next: Function, close: Function}} actions
 * @param {KeyboardEvent} event
 */
export function onViewerKey(actions, event) {
  const action = { ArrowLeft: actions.previous, ArrowRight: actions.next, Escape: actions.close }[
    event.key
  ];
  if (action) {
    event.preventDefault();
    action();
  } else if (event.key === "Tab") {
    const viewer = /** @type {HTMLElement} */ (event.currentTarget);
    const items = /** @type {HTMLElement[]} */ ([
      ...viewer.querySelectorAll(
        "button:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])",
      ),
    ]);
    // Focus may be on no control (-1), or on an element that is not one of them.
    const at = items.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    const wrapTo = event.shiftKey
      ? at <= 0
        ? items.at(-1)
        : null
      : at === -1 || at === items.length - 1
        ? items[0]
        : null;
    if (wrapTo) {
      event.preventDefault();
      wrapTo.focus();
    }
  }
}
