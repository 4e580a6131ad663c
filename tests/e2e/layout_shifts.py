"""Layout shifts as a patient sees them, from Chromium's layout-shift entries.

`RECORD_LAYOUT_SHIFTS` (an init script) keeps every shift of the page from its first paint;
`seen_shifts(page)` returns those a person can see, and `seen_shift_score(page)` adds their
scores up as the cumulative layout shift does. A shift counts when one of the elements it
moved went at least `SEEN_MOVE_PX` from where it was (or changed its size by that much).
"""

from __future__ import annotations

# A move of less than one CSS pixel is the layout rounding a fraction of a pixel (a font
# or an image settling at another sub-pixel position): no one sees it, and whether it
# happens at all depends on the machine's timing, so a check that counted it would fail
# on a loaded machine and pass on its rerun. From one pixel on, a patient sees the page jump.
SEEN_MOVE_PX = 1

# Each entry: its score, how far its elements moved (the largest of their moves, or of
# their changes of size; an element that appeared or went away moved as far as its size),
# whether it followed a click or a key (not counted, as in the cumulative layout shift)
# and what moved, for the failure's message.
RECORD_LAYOUT_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  const change = (a, b) => Math.max(
    Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.width - b.width), Math.abs(a.height - b.height));
  for (const entry of list.getEntries()) window.__shifts.push({
    value: entry.value,
    moved: entry.sources.length
      ? Math.max(...entry.sources.map((s) => change(s.previousRect, s.currentRect)))
      : Infinity,
    input: entry.hadRecentInput,
    sources: entry.sources.map((s) => s.node ? (s.node.id || s.node.outerHTML.slice(0, 80)) : '?'),
    inHeader: entry.sources.length > 0 &&
      entry.sources.every((s) => Boolean(s.node && s.node.closest && s.node.closest('header'))),
  });
}).observe({ type: "layout-shift", buffered: true });
"""


def seen_shifts(page, header_too: bool = True) -> list[dict]:
    """The page's layout shifts a person sees, not caused by their own input; without
    those of the site's header alone unless `header_too`."""
    return [
        shift
        for shift in page.evaluate("window.__shifts")
        if not shift["input"]
        and shift["moved"] >= SEEN_MOVE_PX
        and (header_too or not shift["inHeader"])
    ]


def seen_shift_score(page) -> float:
    """The cumulative layout shift of the shifts a person sees."""
    return sum(shift["value"] for shift in seen_shifts(page))
