"""The text of a page's <body> as its HTML holds it, read with the standard library's
parser, for tests that compare what a page says without a browser: every text node,
hidden ones (a notice not shown today, a closed menu) and those only a screen reader
reads included, and the attributes a screen reader reads aloud. Script and style contents
are not text; <noscript>'s are (a patient without scripts reads them).

A browser's `innerText` breaks lines where the layout puts a block, which only the CSS
knows, and the CSS may make a block of a phrasing element too (a flex row's items, a
screen-reader-only span). So the lines here are every line a browser may show: in each
run of text that only phrasing elements (a link, an emphasis, a span) interrupt, every
stretch of consecutive text nodes, from each one alone (a flex row's item) to the whole
run (a paragraph with a link in it)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Elements that stay inside a line of text (HTML's phrasing content that holds text).
PHRASING = frozenset(
    {"a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "i", "kbd", "mark"}
    | {"q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr"}
)
# Elements whose contents are not text.
NOT_TEXT = frozenset({"script", "style", "template"})
# Attributes whose value a screen reader reads as the element's name or description.
READ_ALOUD = ("alt", "aria-label", "aria-description", "title", "placeholder")


def _normalized(text: str) -> str:
    """As a browser collapses white space: a no-break space is kept, as it is a character."""
    return re.sub(r"[ \t\n\r\f]+", " ", text).strip(" ")


class MarkupText(HTMLParser):
    """`lines`: the body's text as lines (the stretches of each run, as above, and each
    read-aloud attribute's value), in document order, without repeats; `text`: all of
    them, one a line."""

    def __init__(self, document: str):
        super().__init__(convert_charrefs=True)
        self._lines: dict[str, None] = {}  # an ordered set
        self._in_body = False
        self._skipping = 0
        self._run: list[str] = []
        self.feed(document)
        self.close()
        self._end_run()

    @property
    def lines(self) -> list[str]:
        return list(self._lines)

    @property
    def text(self) -> str:
        return "\n".join(self._lines)

    def _add(self, line: str) -> None:
        line = _normalized(line)
        if line:
            self._lines[line] = None

    def _end_run(self) -> None:
        nodes = self._run
        for start in range(len(nodes)):
            for end in range(start + 1, len(nodes) + 1):
                self._add("".join(nodes[start:end]))
        self._run = []

    def handle_starttag(self, tag, attrs):
        if tag == "body":
            self._in_body = True
        if not self._in_body:
            return
        if tag in NOT_TEXT:
            self._skipping += 1
        if tag not in PHRASING:
            self._end_run()
        for name, value in attrs:
            if name in READ_ALOUD and value:
                self._add(value)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag in NOT_TEXT:
            self._skipping -= 1

    def handle_endtag(self, tag):
        if not self._in_body:
            return
        if tag in NOT_TEXT and self._skipping:
            self._skipping -= 1
        if tag not in PHRASING:
            self._end_run()

    def handle_data(self, data):
        if self._in_body and not self._skipping:
            self._run.append(data)
