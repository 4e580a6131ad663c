"""Python handles on assets/behaviors/dom.js: where an event happened, where focus goes.
Components write their rules with these (`rx.cond(target_is_inside(event, "a"), ...)`)."""

from __future__ import annotations

from clinic.framework.browser_steps import browser_step

target_is_inside = browser_step("dom", "targetIsInside", returns=bool)
focus_stays_inside = browser_step("dom", "focusStaysInside", returns=bool)
focus_element = browser_step("dom", "focusElement")
prefers_reduced_motion = browser_step("dom", "prefersReducedMotion", returns=bool)
open_in_new_tab = browser_step("dom", "openInNewTab", returns=bool)
locale_number = browser_step("dom", "localeNumber", returns=str)
length_as_maxlength_counts = browser_step("dom", "lengthAsMaxlengthCounts", returns=int)
focus_matching = browser_step("dom", "focusMatching")
target_is_itself = browser_step("dom", "targetIsItself", returns=bool)
prevent_default = browser_step("dom", "preventDefault")
is_plain_click = browser_step("dom", "isPlainClick", returns=bool)
field_value = browser_step("dom", "fieldValue")
