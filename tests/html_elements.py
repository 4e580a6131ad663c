"""A page's start tags as the HTML gives them, read with the standard library's parser:
what a crawler, or a browser before any script has run, finds in it. For the tests that
read the built or served HTML without a browser."""

from __future__ import annotations

from html.parser import HTMLParser


class Elements(HTMLParser):
    """Every start tag of a document, in order, with its attributes; `in_main`, those
    inside its <main> (as the selector `main *` finds them)."""

    def __init__(self, document: str):
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.in_main: list[tuple[str, dict[str, str]]] = []
        self._open_mains = 0
        self.feed(document)
        self.close()

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        self.tags.append((tag, attributes))
        if self._open_mains:
            self.in_main.append((tag, attributes))
        if tag == "main":
            self._open_mains += 1

    def handle_endtag(self, tag):
        if tag == "main" and self._open_mains:
            self._open_mains -= 1

    def having(
        self, attribute: str, tag: str | None = None, in_main: bool = False
    ) -> list[dict[str, str]]:
        """The attributes of each element (of `tag`, inside <main> if `in_main`) that has
        `attribute`."""
        tags = self.in_main if in_main else self.tags
        return [a for t, a in tags if attribute in a and (tag is None or t == tag)]

    def with_id(self, element_id: str) -> int:
        """How many elements have this id (one, in a correct page)."""
        return sum(a["id"] == element_id for a in self.having("id"))
