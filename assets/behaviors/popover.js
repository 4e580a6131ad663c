// The native popover (the `popover` attribute), read and driven from Python's rules. The
// browser opens and closes a popover by itself from first paint, before and without this
// code (its button's `popovertarget`, Escape, a press outside); these steps let a rule
// do the same and hear what the browser did. A browser without popovers (before Chrome
// 114, Safari 17, Firefox 125) gets no error from them, only nothing.

/**
 * Whether the element is an open popover. (`:popover-open` is a syntax error where
 * popovers are unknown.)
 * @param {Element | null} element
 * @returns {boolean}
 */
function isOpen(element) {
  try {
    return Boolean(element?.matches(":popover-open"));
  } catch {
    return false;
  }
}

/**
 * Opens the popover with this id, as its button would (its `toggle` event follows).
 * @param {string} id
 */
export function showPopover(id) {
  const popover = document.getElementById(id);
  if (popover?.showPopover && !isOpen(popover)) popover.showPopover();
}

/**
 * Closes the popover with this id, if it is open (its `toggle` event follows).
 * @param {string} id
 */
export function hidePopover(id) {
  const popover = document.getElementById(id);
  if (popover && isOpen(popover)) popover.hidePopover();
}

/**
 * Whether the popover with this id is open now (one opened by a tap before the page's
 * JavaScript ran, say).
 * @param {string} id
 * @returns {boolean}
 */
export function popoverIsOpen(id) {
  return isOpen(document.getElementById(id));
}

/**
 * Whether a popover's `toggle` event reports it open.
 * @param {ToggleEvent} event
 * @returns {boolean}
 */
export function toggledOpen(event) {
  return event.newState === "open";
}
