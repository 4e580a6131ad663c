"""Titles and meta descriptions that fit the lengths search results show.

A head text is a text key (`pages.faq.meta_description`: the `head` of the page's file)
filled with the clinic's facts and, on a doctor's or a service's page, with a doctor's
name and specialty. Whatever those are, the text that reaches the page fits its limits:

1. the key as written, if it fits;
2. otherwise its other forms, when the page's file gives them: `<key>_short` (for a long
   name) and `<key>_long` (for a short one), the first that fits;
3. otherwise a form with the doctor's values shortened: the specialty cut after one of
   its clauses (at a comma), or else at a word boundary with an ellipsis; a name cut
   to fewer words (the second surname first), never below three words.

A text that fits in none of these ways (a hand-written one out of bounds, whatever the
names) is a content error naming the file and the field, found when the site builds.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from clinic.site.content import ContentError, content
from clinic.site.i18n import fill_facts


@dataclass(frozen=True)
class Limits:
    shortest: int
    longest: int

    def admit(self, text: str) -> bool:
        return self.shortest <= len(text) <= self.longest


# Characters. A description outside these is rewritten or cut by search engines; titles
# longer than this are cut in results (the sample's longest, its English home, is 72).
LIMITS = {
    "meta_title": Limits(10, 75),
    "meta_description": Limits(70, 160),
}
# Other forms of a head text a content file may give, tried in this order.
VARIANTS = ("_short", "_long")
ELLIPSIS = "…"
# A name keeps at least its title, a given name and a surname ("Dra. Ana Ruiz").
NAME_MIN_WORDS = 3


def limits_of(key: str) -> Limits:
    return LIMITS[key.rsplit(".", 1)[-1]]


def _name_cuts(name: str) -> Iterator[str]:
    words = name.split()
    for count in range(len(words) - 1, NAME_MIN_WORDS - 1, -1):
        yield " ".join(words[:count])


def _specialty_cuts(text: str) -> Iterator[str]:
    """Shorter forms of a specialty, best first: whole clauses, then words and "…"."""
    clauses = text.split(", ")
    for count in range(len(clauses) - 1, 0, -1):
        yield ", ".join(clauses[:count])
    words = text.split()
    for count in range(len(words) - 1, 0, -1):
        yield " ".join(words[:count]).rstrip(",;:.") + ELLIPSIS


def _shortened(values: dict[str, str]) -> Iterator[dict[str, str]]:
    """`values` with the specialty, then also the name, shortened: best first."""
    names = [values["name"], *_name_cuts(values["name"])] if "name" in values else [None]
    for name in names:
        specialties = (
            [values["specialty"], *_specialty_cuts(values["specialty"])]
            if "specialty" in values
            else [None]
        )
        for specialty in specialties:
            changed = {k: v for k, v in (("name", name), ("specialty", specialty)) if v is not None}
            if changed and any(values[k] != v for k, v in changed.items()):
                yield {**values, **changed}


def head_text(lang: str, key: str, **values: str) -> str:
    """The text of head key `key` (…meta_title, …meta_description) in `lang`, filled with
    the clinic's facts and `values`, within its limits (see the module's docstring)."""
    texts = content().i18n[lang]
    forms = [k for k in (key, *(key + v for v in VARIANTS)) if k in texts]
    if key not in texts:
        raise ContentError(f"{content().text_place(lang, key)}: missing; the page's head needs it")
    limits = limits_of(key)
    for form in forms:
        text = fill_facts(lang, texts[form], **values)
        if limits.admit(text):
            return text
    for form in forms:
        for shorter in _shortened(values):
            text = fill_facts(lang, texts[form], **shorter)
            if limits.admit(text):
                return text
    text = fill_facts(lang, texts[key], **values)
    raise ContentError(
        f"{content().text_place(lang, key)}: {len(text)} characters once filled in "
        f"({text!r}); a {key.rsplit('.', 1)[-1].replace('_', ' ')} takes "
        f"{limits.shortest} to {limits.longest}"
    )
