"""One file per page per language: everything a page says in a language, in
content/i18n/<lang>/<page id>.yaml (a service page's in services/<key>.yaml).

A page's file holds, at its top level:

- `head`: its heading, the line under it and its head tags (title, description and
  keywords search results show), read by the code as the text keys `pages.<page id>.<field>`;
- `texts`: its short texts (buttons, labels, headings), any nesting, read by the code as
  `<page id>.<dotted key>` (`texts: {hero: {book: ...}}` in home.yaml is `home.hero.book`);
- its long texts, typed: the texts fields of the page kind's model (clinic/site/content/
  pages/), joined to the facts in content/pages/<kind>.yaml by each item's key.

Two pages exist once per item. A service page has a file per service (services/<key>.yaml):
each has its own head and long texts, and the labels every service page shares are
site-wide. The doctors' pages share one file, doctor.yaml: one head and one set of labels
for all (patterns filled with each doctor's name), and each doctor's own texts under
`doctors`, by slug, as doctors.yaml lists them (the home, booking, about and service pages
show those texts too). The page shown for an unknown address has not_found.yaml. A block
that pages of several kinds show has a file of its own with its long texts alone:
consultation.yaml, the consultation row closing the service, about and doctor pages.
Site-wide texts (menus, footer, actions, shared labels) are in content/i18n/<lang>.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, Field, PlainValidator, create_model
from pydantic.fields import FieldInfo
from pydantic_core import PydanticCustomError
from typing_extensions import TypeAliasType

from clinic.site.content.base import Assembled, Strict, Text
from clinic.site.content.doctors import Doctor, Profession
from clinic.site.content.pages.about import AboutContent
from clinic.site.content.pages.accessibility import AccessibilityContent
from clinic.site.content.pages.consultation import ConsultationContent
from clinic.site.content.pages.faq import FaqContent
from clinic.site.content.pages.home import HomeContent
from clinic.site.content.pages.privacy import PrivacyContent
from clinic.site.content.pages.service import ServiceContent
from clinic.site.content.pages.success import SuccessContent
from clinic.site.content.split_models import code_cache, texts_model


@dataclass(frozen=True)
class PageModel:
    """The long texts of a kind of page (a model of clinic/site/content/pages/), and the
    file under content/ of its facts, when it has any."""

    model: type[BaseModel]
    facts: str | None = None


# The kinds of page with long texts. Any other kind's file has only `head` and `texts`.
PAGE_MODELS: dict[str, PageModel] = {
    "about": PageModel(AboutContent),
    "accessibility": PageModel(AccessibilityContent, facts="pages/accessibility.yaml"),
    "consultation": PageModel(ConsultationContent, facts="pages/consultation.yaml"),
    "faq": PageModel(FaqContent, facts="pages/faq.yaml"),
    "home": PageModel(HomeContent, facts="pages/home.yaml"),
    "privacy": PageModel(PrivacyContent, facts="pages/privacy.yaml"),
    "service": PageModel(ServiceContent),
    "success": PageModel(SuccessContent, facts="pages/success.yaml"),
}
SERVICE = "service"
# The pages that are not in routes.yaml, and their files' names (their page ids).
DOCTOR = "doctor"
NOT_FOUND = "not_found"
# A block that pages of several kinds show (the consultation row closing the service,
# about and doctor pages): its long texts in a file of its own, with no head or short texts.
CONSULTATION = "consultation"
BLOCKS = (CONSULTATION,)
# The files of texts that are not those of a page of routes.yaml (their names: ids no page
# may take).
OTHER_FILES = (DOCTOR, NOT_FOUND, *BLOCKS)
# The kinds of page with neither long texts nor a file of their own kind (contact, booking).
PLAIN = "page"
# Where a service page's file is, under content/i18n/<lang>/.
SERVICE_FILE = "services/{key}.yaml"
# The text keys of a page's head start with this, then its page id: pages.faq.meta_title.
HEAD_KEYS = "pages"
HEAD, TEXTS = "head", "texts"


class SearchTexts(Strict):
    """What search results and shared links show of a page. Each may name the clinic's
    facts ({brand}, {city}...); once they are filled in, a title takes 10 to 75 characters
    and a description 70 to 160. A `_short` or `_long` form is tried when the text, filled
    in with a long or short name, does not fit."""

    meta_title: Text
    """The page's title in search results and the browser's tab (10 to 75 characters)."""
    meta_title_short: Text | None = None
    """A shorter title, for when meta_title is too long once filled in."""
    meta_title_long: Text | None = None
    """A longer title, for when meta_title is too short once filled in."""
    meta_description: Text
    """The description search results show under the title (70 to 160 characters)."""
    meta_description_short: Text | None = None
    """A shorter description, for when meta_description is too long once filled in."""
    meta_description_long: Text | None = None
    """A longer description, for when meta_description is too short once filled in."""


class Heading(Strict):
    title: Text
    """The page's heading (its h1)."""
    intro: Text
    """The line under the heading."""


# (Heading's fields first: the order a file lists them in.)
class PageHead(SearchTexts, Heading):
    """The page's heading, the line under it and its head tags (the code reads each as
    pages.<page id>.<field>)."""

    keywords: Text
    """The keywords of its head tags, separated by commas."""


class DoctorHead(SearchTexts):
    """Every doctor's page's head tags (pages.doctor.<field>): patterns with the doctor's
    {name}, {role} (their profession's, under `professions`), {specialty} and {years}."""

    keywords: Text
    """The keywords of the head tags, separated by commas."""


class NotFoundHead(SearchTexts):
    """The head tags of the page shown for an unknown address (pages.not_found.<field>)."""


# Short texts: text, or a mapping of short texts, to any depth.
TextTree = TypeAliasType("TextTree", Text | dict[str, "TextTree"])


def tree_problem(tree: Any, path: tuple[str, ...] = ()) -> tuple[tuple[str, ...], str] | None:
    """Where `tree` is not a mapping of texts (the path under it, what is found), or None."""
    if isinstance(tree, str):
        return (path, "an empty text") if not tree else None
    if not isinstance(tree, dict):
        return path, type(tree).__name__
    for key, value in tree.items():
        problem = tree_problem(value, (*path, str(key)))
        if problem is not None:
            return problem
    return None


def _short_texts(value: Any) -> dict[str, Any]:
    problem = tree_problem(value) if isinstance(value, dict) else ((), "not a mapping")
    if problem is not None:
        path, found = problem
        raise PydanticCustomError(
            "text_tree",
            "must be a text or a mapping of texts; found {found}",
            {"found": found, "under": path},
        )
    return value


# One error naming the field, instead of one per way a union could have matched.
ShortTexts = Annotated[
    dict[str, Any], PlainValidator(_short_texts, json_schema_input_type=dict[str, TextTree])
]


def _described(annotation: Any, description: str, default: Any = ...) -> tuple:
    return (annotation, Field(default, description=description))


def page_texts_model(kind: str) -> type[BaseModel]:
    """The model of a page's file of kind `kind` (a kind of routes.yaml, DOCTOR or
    NOT_FOUND): its head, its short texts and its long texts. The kinds without long
    texts share one model."""
    if kind not in (*PAGE_MODELS, *OTHER_FILES):
        kind = PLAIN
    return _page_texts_model(kind)


@code_cache
def _page_texts_model(kind: str) -> type[BaseModel]:
    head: type[BaseModel] = {DOCTOR: DoctorHead, NOT_FOUND: NotFoundHead}.get(kind, PageHead)
    fields: dict[str, Any] = {}
    if kind not in BLOCKS:
        fields[HEAD] = _described(head, head.__doc__ or "")
    if kind not in (SERVICE, *BLOCKS):
        fields[TEXTS] = _described(
            ShortTexts,
            "The page's short texts (buttons, labels, headings), under keys of your choice, "
            "nested as you like; the code reads each as <page id>.<key> (in faq.yaml, "
            "texts: {more: {heading: ...}} is faq.more.heading).",
            {},
        )
    long_texts: dict[str, FieldInfo] = {}
    if kind == DOCTOR:
        long_texts["doctors"] = FieldInfo(
            annotation=dict[str, texts_model(Doctor)],  # pyright: ignore[reportInvalidTypeForm]
            description="Each doctor's texts, under their slug in doctors.yaml.",
        )
        long_texts["professions"] = FieldInfo(
            annotation=dict[str, texts_model(Profession)],  # pyright: ignore[reportInvalidTypeForm]
            description="The texts of each profession of doctors.yaml (`profession`; "
            "physician when left out), under its key: how it is called, by gender where the "
            "language says it so, and the credential line every person of it holds.",
        )
    elif kind in PAGE_MODELS:
        long_texts = dict(texts_model(PAGE_MODELS[kind].model).model_fields)
    for name, info in long_texts.items():
        if name in fields:
            raise TypeError(f"{kind}: a page's long texts cannot have a field '{name}'")
        fields[name] = (info.annotation, info)
    if kind == PLAIN:
        name, doc = "PageTexts", "Everything a page says in one language: its head and short texts."
    elif kind in BLOCKS:
        name = "".join(part.title() for part in kind.split("_")) + "Texts"
        doc = f"The texts of the {kind} block (shown by several pages) in one language."
    else:
        name = "".join(part.title() for part in kind.split("_")) + "PageTexts"
        doc = f"Everything the {kind.replace('_', ' ')} page says in one language."
    return create_model(name, __base__=Assembled, __doc__=doc, **fields)


@dataclass(frozen=True)
class PageTextsFile:
    """The file of one page's texts in each language."""

    page_id: str
    kind: str

    @property
    def relative(self) -> str:
        """Its path under content/i18n/<lang>/."""
        if self.kind == SERVICE:
            return SERVICE_FILE.format(key=self.page_id)
        return f"{self.page_id}.yaml"

    @property
    def model(self) -> type[BaseModel]:
        return page_texts_model(self.kind)


def page_texts_files(kinds: dict[str, str]) -> list[PageTextsFile]:
    """The page files of a site whose routes.yaml gives these pages (id -> kind), plus
    the doctors' pages', the unknown address's and the shared blocks'."""
    return [
        *(PageTextsFile(page_id, kind) for page_id, kind in kinds.items()),
        *(PageTextsFile(name, name) for name in OTHER_FILES),
    ]


def flat_texts(tree: dict[str, Any], prefix: str = "") -> dict[str, str]:
    """Nested mappings of texts -> flat dotted keys ("nav.home": "Inicio")."""
    flat: dict[str, str] = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            flat.update(flat_texts(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def page_texts_of(file: PageTextsFile, data: BaseModel) -> dict[str, tuple[str, str]]:
    """The texts a page's file gives the code, by text key (`pages.faq.title`,
    `faq.more_heading`), each with its field in the file (`head.title`,
    `texts.more_heading`)."""
    head = (
        getattr(data, HEAD).model_dump(exclude_none=True) if HEAD in type(data).model_fields else {}
    )
    texts = flat_texts(getattr(data, TEXTS, {}))
    return {
        **{f"{HEAD_KEYS}.{file.page_id}.{name}": (f"{HEAD}.{name}", t) for name, t in head.items()},
        **{f"{file.page_id}.{key}": (f"{TEXTS}.{key}", t) for key, t in texts.items()},
    }


def place_of_key(key: str, files: list[PageTextsFile]) -> tuple[str, str]:
    """Where text key `key` belongs, by its name: (the file under content/i18n/<lang>/,
    or "" for the site-wide <lang>.yaml; the field in that file)."""
    first, _, rest = key.partition(".")
    by_id = {file.page_id: file for file in files}
    if first == HEAD_KEYS:
        page_id, _, field = rest.partition(".")
        if page_id in by_id and field:
            return by_id[page_id].relative, f"{HEAD}.{field}"
    elif first in by_id and rest:
        return by_id[first].relative, f"{TEXTS}.{rest}"
    return "", key
