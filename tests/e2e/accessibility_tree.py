"""What Chromium's accessibility tree says of an element (its name and expanded state),
read over the DevTools protocol: Playwright computes ARIA states itself from attributes,
and knows nothing of the states the browser derives, such as a `popovertarget` button's
expanded state. Chromium only: mark a test that uses it `@pytest.mark.only_browser("chromium")`.
"""

from __future__ import annotations

import json

from playwright.sync_api import Locator


def accessible_state(locator: Locator) -> dict:
    """{"name": ..., "expanded": True/False/None} of the element (it has an id), as screen
    readers get it."""
    page = locator.page
    element_id = locator.get_attribute("id")
    assert element_id, "accessible_state needs an element with an id"
    cdp = page.context.new_cdp_session(page)
    try:
        found = cdp.send(
            "Runtime.evaluate", {"expression": f"document.getElementById({json.dumps(element_id)})"}
        )
        tree = cdp.send(
            "Accessibility.getPartialAXTree",
            {"objectId": found["result"]["objectId"], "fetchRelatives": False},
        )
    finally:
        cdp.detach()
    node = tree["nodes"][0]
    props = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
    return {"name": node.get("name", {}).get("value"), "expanded": props.get("expanded")}


def is_expanded(locator: Locator) -> bool:
    """Whether screen readers hear the control as expanded (False when collapsed or when it
    has no expanded state at all)."""
    return bool(accessible_state(locator)["expanded"])
