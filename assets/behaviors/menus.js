// The navigation dropdowns' keyboard (clinic/site/components/navbar.py), the WAI-ARIA
// disclosure-navigation pattern. What opening and closing do to the page is Python's.

/**
 * ArrowDown opens the dropdown and moves through its links, ArrowUp back (both wrap),
 * Home/End go to the ends, Escape closes it and puts focus back on its button. Tab is
 * left alone.
 * @param {{isOpen: boolean, open: Function, close: Function, listId: string, buttonId: string}} dropdown
 * @param {KeyboardEvent} event
 */
export function onDropdownKey(dropdown, event) {
  const links = /** @type {HTMLAnchorElement[]} */ ([
    ...document.querySelectorAll(`#${dropdown.listId} a`),
  ]);
  const at = links.indexOf(/** @type {HTMLAnchorElement} */ (document.activeElement));
  /** @param {number} index */
  const go = (index) => {
    event.preventDefault();
    links[(index + links.length) % links.length]?.focus();
  };
  if (event.key === "Escape" && dropdown.isOpen) {
    event.preventDefault();
    dropdown.close();
    document.getElementById(dropdown.buttonId)?.focus();
  } else if (event.key === "ArrowDown" && !dropdown.isOpen) {
    event.preventDefault();
    dropdown.open();
    // Its links show after this event's render, then take focus.
    requestAnimationFrame(() => links[0]?.focus());
  } else if (event.key === "ArrowDown") go(at + 1);
  else if (event.key === "ArrowUp" && dropdown.isOpen) go(at <= 0 ? links.length - 1 : at - 1);
  else if (event.key === "Home" && dropdown.isOpen && at >= 0) go(0);
  else if (event.key === "End" && dropdown.isOpen && at >= 0) go(links.length - 1);
}
