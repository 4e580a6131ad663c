"""The inner pages in a real browser, in every language: the services, about, FAQ, privacy
notice and success (a doctor's own page: test_doctor_photos.py, on its hydrated load).

Each page shows its distinctive facts, read before any script where no script sets them
(a language's service pages one after another in one browser context). On every page of the route table (home, contact
and booking too, and any kind added later), every link leads to a page that exists, and
no sentence of a page appears on its twin in another language. That no translation
key or unfilled {placeholder} is shown, on these pages and every other, is checked by
test_site_invariants.py on every route."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter
from pathlib import PurePosixPath

import pytest
from playwright.sync_api import expect

from clinic.site import seo
from clinic.site.content import LANGUAGES, content
from clinic.site.i18n import (
    clinic_values,
    consultation_length,
    consultation_price,
    fill_facts,
    format_month,
    service_values,
)
from clinic.site.page_content.consultation import consultation_content
from clinic.site.page_content.faq import faq_content
from clinic.site.page_content.service import doctors_for, service_content
from clinic.site.pages.faq import faq_entries
from clinic.site.pages.privacy import privacy_content
from clinic.site.pages.success import note_texts, success_content
from clinic.site.routes import Page, all_pages, doctor_page_id, page_at, path_for
from tests.e2e.journeys import step
from tests.e2e.languages import DEFAULT_LANG, LANGS
from tests.e2e.markup_text import MarkupText
from tests.e2e.over_http import http_get, served_html
from tests.e2e.page_ready import page_ready
from tests.html_elements import Elements
from tests.texts import normalize, text_of, text_with_facts

# How many of a language's own most frequent words mark a line as that language's.
VOCABULARY_SIZE = 40
# Links and twins are checked on every page of the route table: a new page kind is
# checked as soon as routes.yaml lists it.
PAGES = all_pages()
PAGE_IDS = sorted({p.id for p in PAGES})
SERVICES = [p for p in PAGES if p.kind == "service"]


def main_text(page) -> str:
    return normalize(page.locator("main").inner_text())


def open_page(page, p: Page, ready: bool = False):
    """Open a page; every page is prerendered, so its text is there at load. Tests that
    click (client-side navigation) wait until the page is ready too."""
    response = page.goto(p.path)
    assert response is not None and response.status == 200, p.path
    if ready:
        page_ready(page)
    return response


# ------------------------------------------------------------------ services


@pytest.mark.parametrize("lang", LANGS)
def test_service_pages_show_their_facts_what_to_expect_how_to_prepare_and_questions(
    prerendered, lang
):
    """Every service page of a language, one after another in one browser context, read
    before any script (nothing here is set by one): each page's layout, head and facts,
    its specialists, the visit, the preparation, the questions and all its texts
    (`expect_service_page`). A failure names the page."""
    for p in (service for service in SERVICES if service.lang == lang):
        with step(p.path):
            expect_service_page(prerendered, p)


def expect_service_page(page, p: Page) -> None:
    """One load of a service page and what it shows."""
    open_page(page, p)
    assert normalize(page.locator("h1").inner_text()) == text_with_facts(
        p.lang, f"pages.{p.id}.title"
    )
    # Its own title, description, keywords and canonical, per language.
    texts = seo.page_texts(p)
    assert page.title() == texts["title"]
    expect(page.locator('meta[name="description"]')).to_have_attribute(
        "content", texts["description"]
    )
    expect(page.locator('meta[name="keywords"]')).to_have_attribute("content", texts["keywords"])
    expect(page.locator('link[rel="canonical"]')).to_have_attribute("href", seo.absolute(p.path))
    expect(page.locator("[data-service-card]")).to_have_count(len(service_content(p.id).cards))
    text = main_text(page)
    fee = content().clinic.consultation
    assert normalize(consultation_price(p.lang)) in text and fee.currency in text
    assert consultation_length(p.lang).lower() in text.lower()
    # The consultation row: the fee, the length, then the content's points, if any.
    points = consultation_content().points
    tiles = page.locator("[data-consultation] [data-consultation-tile]")
    assert [t.get_attribute("data-consultation-tile") for t in tiles.all()] == [
        "fee",
        "duration",
        *(point.key for point in points),
    ]
    for point in points:
        tile = page.locator(f"[data-consultation] [data-consultation-tile='{point.key}']")
        expect(tile).to_contain_text(fill_facts(p.lang, point.value(p.lang)))
        expect(tile).to_contain_text(fill_facts(p.lang, point.label(p.lang)))
    # Specialist blocks: exactly the doctors who lead this service, each linking their
    # page and the booking page at their card (a doctor without a calendar: the chat
    # that asks for them, no Book link).
    blocks = page.locator("#specialists [data-doctor]")
    expected = [d.slug for d in doctors_for(p.id)]
    assert [blocks.nth(i).get_attribute("data-doctor") for i in range(blocks.count())] == expected
    for slug in expected:
        block = page.locator(f'#specialists [data-doctor="{slug}"]')
        hrefs = [a.get_attribute("href") for a in block.locator("a").all()]
        assert path_for(doctor_page_id(slug), p.lang) in hrefs
        booking = f"{path_for('booking', p.lang)}#{slug}"
        assert (booking in hrefs) == content().doctor(slug).has_calendar
        chat = block.locator(f'a[data-book-by="whatsapp"][data-doctor-contact="{slug}"]')
        expect(chat).to_have_count(0 if content().doctor(slug).has_calendar else 1)

    # A page a patient can decide from: what to expect, how to prepare, questions.
    data = service_content(p.id)
    expect(
        page.locator("main").get_by_role(
            "heading", level=2, name=text_of(p.lang, "service_page.visit_heading"), exact=True
        )
    ).to_be_visible()
    expect(
        page.locator("main").get_by_role(
            "heading", level=2, name=text_of(p.lang, "service_page.prepare_heading"), exact=True
        )
    ).to_be_visible()
    expect(page.locator("[data-prepare] li")).to_have_count(len(data.prepare))
    # The patients' questions are visible text, and only the FAQ page has FAQPage data.
    questions = page.locator("[data-service-question]")
    assert 3 <= questions.count() == len(data.questions) <= 4
    for question in questions.all():
        expect(question.locator("h3")).to_be_visible()
        expect(question.locator("p")).to_be_visible()
    ld = " ".join(page.locator('script[type="application/ld+json"]').all_text_contents())
    assert "FAQPage" not in ld
    # The whole page as its content writes it: introduction, cards, visit. (How long the
    # sample's pages are is the sample's: tests/sample/.)
    values = service_values(p.id, p.lang)
    for paragraph in [*data.intro, *(card.text for card in data.cards), *data.visit]:
        assert normalize(fill_facts(p.lang, paragraph(p.lang), **values)) in text, p.path


def test_specialist_link_opens_the_doctor_page(page):
    service = next(s.key for s in content().services if doctors_for(s.key))
    lang = DEFAULT_LANG
    open_page(page, Page(service, "service", lang, path_for(service, lang)), ready=True)
    doctor = doctors_for(service)[0]
    page.locator(f'#specialists [data-doctor="{doctor.slug}"] h3 a').click()
    page.wait_for_url(f"**{path_for(doctor_page_id(doctor.slug), lang)}")
    expect(page.locator("h1")).to_have_text(doctor.name(lang))


# ------------------------------------------------------------------ doctors


# A doctor's own page (its profile, services, Book buttons and credential) is checked on
# the load test_doctor_photos.py makes of it once hydrated, in every language, beside the
# avatar: tests/e2e/doctor_page.py.


# ------------------------------------------------------------------ FAQ


def _answer_text(card) -> str:
    """The answer as faq_entries() gives it: paragraphs, and the list as one sentence."""
    parts = []
    for block in card.locator("[data-faq-answer] > *").all():
        tag = block.evaluate("e => e.tagName")
        if tag == "P":
            parts.append(normalize(block.inner_text()))
        elif tag == "UL":
            listed = "; ".join(normalize(li.inner_text()) for li in block.locator("li").all())
            parts.append(listed if listed.endswith(".") else listed + ".")
        elif tag == "DL":
            rows = [
                f"{normalize(r.locator('dt').inner_text())}: {normalize(r.locator('dd').inner_text())}"
                for r in block.locator("div").all()
            ]
            listed = "; ".join(rows)
            parts.append(listed if listed.endswith(".") else listed + ".")
    return " ".join(parts)


def _hours_rows(locator) -> list[tuple[str, str]]:
    return [
        (normalize(r.locator("dt").inner_text()), normalize(r.locator("dd").inner_text()))
        for r in locator.locator("div").all()
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_faq_privacy_and_success_pages(prerendered, lang):
    """The FAQ page, the privacy notice and the success page of a language, one after
    another in one browser context, each read before any script (nothing here is set by
    one) and only read. A failure names the page."""
    for name, expect_page in (
        ("faq", expect_faq_page),
        ("privacy", expect_privacy_notice),
        ("success", expect_success_page),
    ):
        with step(path_for(name, lang)):
            expect_page(prerendered, lang)


def expect_faq_page(page, lang: str) -> None:
    """One load of the FAQ page: its fee, cards, services, hours, address and doctors;
    then its cards against faq_entries(), which the FAQPage structured data reads (the
    page as the first reads left it)."""
    open_page(page, Page("faq", "faq", lang, path_for("faq", lang)))
    text = main_text(page)
    fee, length = normalize(consultation_price(lang)), consultation_length(lang)
    assert fee in text and length in text, f"the fee ({fee}) and length ({length})"
    entries = faq_content().entries
    for entry in entries:
        assert page.locator(f'main [data-faq="{entry.key}"]').count() == 1, entry.key
    lists = {entry.items for entry in entries}
    # Every service, its page linked, then the FAQ's other services.
    services = page.locator('main [data-items="services"] li')
    if "services" in lists:
        assert services.count() == len(content().services) + len(faq_content().extra_services)
        hrefs = [
            services.nth(i).locator("a").get_attribute("href")
            for i in range(len(content().services))
        ]
        assert hrefs == [path_for(s.key, lang) for s in content().services], "services' links"
    # Hours identical to the footer's (one source).
    if "hours" in lists:
        faq_hours = _hours_rows(page.locator("main [data-hours]"))
        footer_hours = _hours_rows(page.locator("footer [data-hours]"))
        assert faq_hours and faq_hours == footer_hours, "the hours, as the footer's"
    # The address from clinic.yaml, each part where the FAQ's texts name it; doctors
    # linked to their pages.
    address = content().clinic.address
    templates = " ".join(
        localized(lang) for e in entries for localized in (e.question, *e.answer, *e.note)
    )
    for part in ("street", "postal_code", "city"):
        if f"{{{part}}}" in templates:
            assert normalize(getattr(address, part)) in text, part
    for doctor in content().doctors if "doctors" in lists else []:
        href = path_for(doctor_page_id(doctor.slug), lang)
        assert page.locator(f'main [data-items="doctors"] a[href="{href}"]').count() == 1, href

    # The FAQPage structured data reads faq_entries(): it must match the page.
    cards = page.locator("main [data-faq]").all()
    shown = [
        (normalize(c.locator("[data-faq-question]").inner_text()), _answer_text(c)) for c in cards
    ]
    expected = [(normalize(q), normalize(a)) for q, a in faq_entries(lang)]
    assert shown == expected, "the cards are not what faq_entries() gives the structured data"


# ------------------------------------------------------------------ privacy notice


# Who the site hands a patient's data to: the chat (WhatsApp, a Meta company), the
# booking widget, the map; and the reviews widget the content names.
THIRD_PARTIES = ("WhatsApp", "Meta", "Cal.com", "Google Maps")


def expect_privacy_notice(page, lang: str) -> None:
    """Its sections numbered in their order, its contents, its date, and everyone the site
    hands data to."""
    open_page(page, Page("privacy", "privacy", lang, path_for("privacy", lang)))
    data = privacy_content()
    sections = page.locator("main [data-privacy-section]")
    expect(sections).to_have_count(len(data.sections))
    for number, (shown, section) in enumerate(
        zip(sections.all(), data.sections, strict=True), start=1
    ):
        assert shown.get_attribute("id") == section.key
        heading = normalize(shown.locator("h2").inner_text())
        assert heading == f"{number}. {normalize(section.title(lang))}", heading
    contents = page.locator("main nav a")
    assert contents.evaluate_all("els => els.map(e => e.getAttribute('href'))") == [
        f"#{s.key}" for s in data.sections
    ]
    assert normalize(page.locator("main [data-updated]").inner_text()).endswith(
        format_month(data.updated, lang)
    )
    # Whatever its sections, the notice names everyone the site hands data to, and
    # where to write to exercise one's rights.
    notice = normalize(page.locator("main").inner_text())
    for party in (*THIRD_PARTIES, content().clinic.reviews.provider):
        assert party in notice, f"the privacy notice ({lang}) does not name {party}"
    assert content().clinic.email in notice, f"the privacy notice ({lang}) gives no e-mail"


def test_privacy_contents_link_scrolls_to_its_section(page):
    path = path_for("privacy", DEFAULT_LANG)
    open_page(page, Page("privacy", "privacy", DEFAULT_LANG, path), ready=True)
    # The last section: the one furthest from the contents.
    key = privacy_content().sections[-1].key
    page.locator(f'main nav a[href="#{key}"]').click()
    expect(page.locator(f"[id='{key}']")).to_be_in_viewport()
    assert page.evaluate("location.pathname") == path  # stays on the canonical path


# ------------------------------------------------------------------ success


def expect_success_page(page, lang: str) -> None:
    """It confirms and lists the rules, each with its numbers, and links the chat."""
    open_page(page, Page("success", "success", lang, path_for("success", lang)))
    expect(page.locator("h1")).to_have_text(
        text_with_facts(lang, "pages.success.title"), use_inner_text=True
    )
    # The rules of content/pages/success.yaml (texts: i18n/<lang>/success.yaml), one note each, with their numbers filled in.
    notes = page.locator("main [data-note]")
    assert notes.count() == len(success_content().notes)
    assert [normalize(n) for n in notes.all_inner_texts()] == [
        normalize(n) for n in note_texts(lang)
    ]
    # A note that names the clinic's e-mail links it.
    email = content().clinic.email
    for note in success_content().notes:
        link = page.locator(f'main [data-note="{note.key}"] a[href="mailto:{email}"]')
        expect(link).to_have_count(1 if "{email}" in note.text(lang) else 0)
    chat = page.locator("main [data-chat]")
    assert chat.get_attribute("href").startswith(content().clinic.whatsapp_url + "?text=")
    expect(chat).to_have_attribute("target", "_blank")


# ------------------------------------------------------------------ links and twins


def test_every_link_in_the_pages_content_resolves(base_url):
    """Every internal link in the content of a page leads to a page of the route table, or
    to a file of the site (a photo's large version), answering 200; an anchor (`#id`, on
    the page or on another) points at an element that exists there. Read from the HTML
    the server sends, which is what a browser has before any script: a patient may tap a
    link then, and hydration keeps the prerendered links as they are."""
    documents: dict[str, Elements] = {}

    def served(path: str) -> Elements:
        if path not in documents:
            documents[path] = Elements(served_html(base_url, path))
        return documents[path]

    targets: dict[str, str] = {}
    for p in PAGES:
        page = served(p.path)
        for link in page.having("href", "a", in_main=True):
            href = link["href"]
            if href.startswith("#"):
                assert page.with_id(href[1:]) == 1, f"{href} on {p.path}"
            elif href.startswith("/"):
                targets.setdefault(href, p.path)
    assert targets
    anchors: dict[str, dict[str, str]] = {}
    for href, source in sorted(targets.items()):
        path, _, fragment = href.partition("#")
        target = page_at(path)
        is_file = bool(PurePosixPath(path).suffix)
        assert target is not None or is_file, f"{href} (on {source}) is not a page of the site"
        if fragment:  # /#services, booking#<slug> (each doctor card): looked for below
            anchors.setdefault(path, {}).setdefault(fragment, source)
        status = http_get(base_url + path, follow_redirects=False)[0]
        assert status == 200, f"{href} (on {source}) answered {status}"
    for path, fragments in sorted(anchors.items()):
        page = served(page_at(path).path)
        missing = {f: source for f, source in sorted(fragments.items()) if page.with_id(f) != 1}
        assert not missing, f"{path} has no element with the id of {missing} (id: linked from)"


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", text.lower())


@functools.cache
def _vocabulary(lang: str) -> frozenset[str]:
    """The words that mark a text as `lang`'s: its interface texts' most frequent words
    that no other language's texts use (articles, prepositions: "de", "the")."""
    others = {w for other in LANGS if other != lang for t in i18n_texts(other) for w in _words(t)}
    counts = Counter(w for t in i18n_texts(lang) for w in _words(t) if w not in others)
    return frozenset(word for word, _ in counts.most_common(VOCABULARY_SIZE))


@functools.cache
def _marks(lang: str) -> frozenset[str]:
    """The punctuation `lang`'s interface texts use ("¿", "¡")."""
    return frozenset(c for t in i18n_texts(lang) for c in t if unicodedata.category(c)[0] == "P")


def i18n_texts(lang: str) -> list[str]:
    return list(content().i18n[lang].values())


@functools.cache
def _same_in_every_language(lang: str) -> tuple[str, ...]:
    """What a page shows alike in every language: the clinic's facts (brand, hospital,
    address, as the texts' {placeholders} fill them), the doctors' names, each language's
    name in itself. Longest first, so a name goes before a part of it."""
    values = [
        *clinic_values(lang).values(),
        *(doctor.name(lang) for doctor in content().doctors),
        *(language.name for language in LANGUAGES),
        content().clinic.designer.name,
    ]
    # Only values with words in them: a bare number ("4") would cut other numbers apart.
    named = {value for value in values if re.search(r"[^\W\d_]{2}", value)}
    return tuple(sorted(named, key=len, reverse=True))


def _sentences(text: str, lang: str) -> set[str]:
    """Lines long enough to be a sentence in one language, once what reads the same in
    every language (names, the clinic's facts, numbers and permit codes) is left out."""
    found = set()
    for line in text.splitlines():
        for same in _same_in_every_language(lang):
            line = line.replace(same, " ")
        line = normalize(line)
        words = re.findall(r"[a-záéíóúñü]{3,}", line)
        if len(line.split()) >= 4 and len(words) >= 3:
            found.add(line)
    return found


def _looks_like(line: str, vocabulary: frozenset[str]) -> bool:
    words = _words(line)
    hits = sum(w in vocabulary for w in words)
    return hits >= 3 and hits / max(len(words), 1) >= 0.2


@pytest.mark.parametrize("page_id", PAGE_IDS)
def test_twins_share_no_sentence(base_url, page_id):
    """Read from the HTML the server sends, with no browser: everything the markup of the
    page's <body> says (tests/e2e/markup_text.py), the text on screen and also what is
    hidden at the moment (a closed-day notice, a closed menu), what only a screen reader
    reads (its spans, alt and aria-label) and what shows without scripts. That is more
    than the text a browser shows with scripts off (every line of it is among the lines
    read here), so no sentence that shows can slip by, and an untranslated one a screen
    reader reads is caught too. What scripts add (the open times, a booked visit's
    summary) needs a stub, and its language is checked where it is stubbed
    (test_open_times.py, test_booked_appointment.py)."""
    texts, sentences = {}, {}
    for lang in LANGS:
        path = path_for(page_id, lang)
        texts[lang] = MarkupText(served_html(base_url, path)).text
        sentences[lang] = _sentences(texts[lang], lang)
        assert sentences[lang], f"no sentence read on the {lang} {page_id}: {path}"
    # Every language against the default one, both ways: a language `make language` has
    # just drafted from another keeps that one's sentences until it is translated.
    pairs = [pair for lang in LANGS[1:] for pair in ((DEFAULT_LANG, lang), (lang, DEFAULT_LANG))]
    for one, other in pairs:
        shared = sentences[one] & sentences[other]
        assert not shared, f"same sentences on {one} and {other} {page_id}: {sorted(shared)[:5]}"
        foreign = [line for line in sentences[other] if _looks_like(line, _vocabulary(one))]
        assert not foreign, f"{one} on the {other} {page_id}: {foreign[:3]}"
        marks = _marks(one) - _marks(other)
        assert not marks & set(texts[other]), f"{one}'s {sorted(marks)} on the {other} {page_id}"
