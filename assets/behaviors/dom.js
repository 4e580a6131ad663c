// Small questions and steps about the page's elements, shared by the components whose
// rules (in Python) need them: where an event happened, where focus is going.

/**
 * Whether the event's target is inside an element matching `selector`.
 * @param {Event} event
 * @param {string} selector
 * @returns {boolean}
 */
export function targetIsInside(event, selector) {
  return event.target instanceof Element && Boolean(event.target.closest(selector));
}

/**
 * Whether focus moves to another element inside the one whose listener got `event` (a
 * focusout/blur event).
 * @param {FocusEvent} event
 * @returns {boolean}
 */
export function focusStaysInside(event) {
  const area = /** @type {Node} */ (event.currentTarget);
  return area.contains(/** @type {Node | null} */ (event.relatedTarget));
}

/**
 * Moves keyboard focus to the element with this id.
 * @param {string} id
 * @param {boolean} [preventScroll]
 */
export function focusElement(id, preventScroll = false) {
  document.getElementById(id)?.focus({ preventScroll });
}

/**
 * Whether the visitor asked for reduced motion.
 * @returns {boolean}
 */
export function prefersReducedMotion() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Opens `url` in a new tab, cut off from this page (`opener`). Call it inside the
 * patient's click: after an await, Safari's popup blocker would swallow it.
 * @param {string} url
 * @returns {boolean} false when a popup blocker stopped it
 */
export function openInNewTab(url) {
  const tab = window.open(url, "_blank");
  if (tab) tab.opener = null;
  return Boolean(tab);
}

/**
 * A number written as the language writes it ("1,000").
 * @param {string} locale
 * @param {number} value
 * @returns {string}
 */
export function localeNumber(locale, value) {
  return Number(value).toLocaleString(locale);
}

/**
 * How long a text is as a field's `maxlength` counts it: in UTF-16 code units, so an
 * emoji counts two (Python's len, and Reflex's `length()`, count it once).
 * @param {string} text
 * @returns {number}
 */
export function lengthAsMaxlengthCounts(text) {
  return String(text ?? "").length;
}

/**
 * Moves keyboard focus to the first element matching `selector`, without scrolling.
 * @param {string} selector
 */
export function focusMatching(selector) {
  /** @type {HTMLElement | null} */ (document.querySelector(selector))?.focus({
    preventScroll: true,
  });
}

/**
 * Whether a click is a plain one (the main button, no modifier key): a click with Ctrl,
 * Cmd, Shift or the middle button asks the browser to open the link elsewhere.
 * @param {MouseEvent} event
 * @returns {boolean}
 */
export function isPlainClick(event) {
  return event.button === 0 && !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey);
}

/**
 * Whether the event happened on the element itself, not inside it (a dialog's backdrop).
 * @param {Event} event
 * @returns {boolean}
 */
export function targetIsItself(event) {
  return event.target === event.currentTarget;
}

/**
 * Stops the browser's own handling of the event.
 * @param {Event} event
 */
export function preventDefault(event) {
  event.preventDefault();
}

/**
 * What a form field holds now: its text, or for a checkbox whether it is ticked ("" /
 * false when there is no such element). Read when the page hydrates, to take into the
 * draft what was typed before.
 * @param {string} id
 * @returns {string | boolean}
 */
export function fieldValue(id) {
  const field = /** @type {HTMLInputElement | HTMLTextAreaElement | null} */ (
    document.getElementById(id)
  );
  if (!field) return "";
  return field instanceof HTMLInputElement && field.type === "checkbox"
    ? field.checked
    : field.value;
}
