"""The contact page: the form hands the message to WhatsApp in a new tab, inside the
patient's click, and sends nothing anywhere else; invalid input opens nothing and says
why in the page's language.

WhatsApp never gets real network: the new tab is answered with a blank page, and an
init script notes every window.open call and whether it ran while the submit event was
still being dispatched. Opening it from a later task (after a network await or a timer)
fails that check; Safari would block such a tab. (A bare microtask await still runs
inside the dispatch, so the check cannot see that one.)
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from babel.numbers import format_decimal
from playwright.sync_api import expect

from clinic.site.components.contact_form import MESSAGE_MAX_LENGTH
from clinic.site.content import content
from clinic.site.i18n import LOCALES
from clinic.site.routes import path_for
from devtools.chromium import DESKTOP, MOBILE
from devtools.plain_files import PlainFileServer
from tests.e2e.journeys import step
from tests.e2e.languages import DEFAULT_LANG, LANGS
from tests.e2e.page_ready import page_ready
from tests.e2e.stubs import WHATSAPP, answer_whatsapp
from tests.e2e.without_javascript import (
    DISABLED,
    EACH_WAY,
    context_without_javascript,
    hold_scripts,
)
from tests.texts import text_of, text_with_facts

CLINIC = content().clinic
TEL = "tel:+" + re.sub(r"\D", "", CLINIC.phone)  # the phone, digits only after tel:+

# Notes every window.open call; `window.__blockPopups = true` makes it answer as a popup
# blocker does (null, no tab) until it is turned off again.
OPENS = """
window.__opened = [];
window.__blockPopups = false;
const realOpen = window.open;
window.open = function (url, target) {
  window.__opened.push({ url: String(url), target, during: window.event ? window.event.type : null });
  return window.__blockPopups ? null : realOpen.apply(this, arguments);
};
"""

# Hostile but legitimate input: accents, emoji, newlines, URL syntax, HTML, placeholders.
HOSTILE = {
    "name": "  María José O'Connor Núñez 🌸 <script>alert(1)</script> & # ? % + $& {email}  ",
    "email": "maria.nunez+citas@example.com",
    "phone": "+52 (998) 555-0199 #2",
    "message": "Hola & adiós?\nTengo una duda: 100% <b>urgente</b> + #cita\n\n🌸 fin %20 %E2 =&text=x",
}


def written(lang: str, number: int) -> str:
    """A number as the page's language writes it (its locale: "1,000", "1 000")."""
    return format_decimal(number, locale=LOCALES[lang].replace("-", "_"))


def counter_text(lang: str, message: str) -> str:
    """What the counter under the message says for it: it counts as the field's maxlength
    does, in UTF-16 code units (an emoji is two)."""
    count = len(message.encode("utf-16-le")) // 2
    return text_of(
        lang,
        "contact.form.counter",
        count=written(lang, count),
        max=written(lang, MESSAGE_MAX_LENGTH),
    )


def expected_text(lang: str, values: dict[str, str]) -> str:
    """The chat text the form writes from `values`: the templates of contact.whatsapp, one
    line each, with what the patient typed (trimmed), the phone line only when given."""
    typed = {key: value.strip() for key, value in values.items()}
    lines = [
        text_of(lang, "contact.whatsapp.greeting", name=typed["name"]),
        text_of(lang, "contact.whatsapp.email", email=typed["email"]),
    ]
    if typed["phone"]:
        lines.append(text_of(lang, "contact.whatsapp.phone", phone=typed["phone"]))
    lines.append(text_of(lang, "contact.whatsapp.message", message=typed["message"]))
    return "\n".join(lines)


VALID = {
    "name": "Ana López",
    "email": "ana@example.com",
    "phone": "",
    "message": "Quiero agendar una cita.",
}


def opening_a_tab(lang, label: str) -> str:
    """The whole name of a control that opens a new tab: its text, and the words that say
    so to a screen reader."""
    return f"{label} {text_of(lang, 'nav.new_tab')}"


def fields(page, lang):
    form = page.locator("form[data-contact-form]")
    optional = text_of(lang, "contact.form.optional")
    return {
        "name": form.get_by_role("textbox", name=text_of(lang, "contact.form.name"), exact=True),
        "email": form.get_by_role("textbox", name=text_of(lang, "contact.form.email"), exact=True),
        "phone": form.get_by_role(
            "textbox", name=f"{text_of(lang, 'contact.form.phone')} {optional}", exact=True
        ),
        "message": form.get_by_role(
            "textbox", name=text_of(lang, "contact.form.message"), exact=True
        ),
        "consent": form.get_by_role("checkbox"),
        "submit": form.get_by_role(
            "button", name=opening_a_tab(lang, text_of(lang, "contact.form.submit")), exact=True
        ),
    }


def open_contact(page, lang, base=""):
    page.add_init_script(OPENS)
    answer_whatsapp(page)
    page.goto(base + path_for("contact", lang))
    # Interactive once React has hydrated the form (it then owns the fields' values).
    page_ready(page)
    return fields(page, lang)


def fill_in_form(f, draft: dict, consent: bool = True):
    for key in ("name", "email", "phone", "message"):
        f[key].fill(draft[key])
    if consent:
        f["consent"].check()


def opened(page) -> list[dict]:
    return page.evaluate("window.__opened")


def chat_text(url: str) -> str:
    """The prefilled text of a wa.me link, decoded."""
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == WHATSAPP
    raw = parts.query.removeprefix("text=")
    assert "&" not in raw and "#" not in raw and "+" not in raw and " " not in raw, raw
    text = unquote(raw, errors="strict")
    # Decoded as a form query too (where "+" would mean a space), it must read the same.
    assert parse_qs(parts.query, keep_blank_values=True) == {"text": [text]}
    return text


def assert_cleared(page, f):
    for key in ("name", "email", "phone", "message"):
        expect(f[key]).to_have_value("")
    expect(f["consent"]).not_to_be_checked()


# ------------------------------------------------------------------ the page, in each language

INVALID = [
    # (case, changes to the valid draft, consent ticked, field with the error, error key)
    ("name missing", {"name": ""}, True, "name", "errors.name"),
    ("name only spaces", {"name": "   \t "}, True, "name", "errors.name"),
    ("email missing", {"email": ""}, True, "email", "errors.email"),
    ("email only spaces", {"email": "    "}, True, "email", "errors.email"),
    ("email without domain", {"email": "ana@"}, True, "email", "errors.email_invalid"),
    ("email without dot", {"email": "ana@example"}, True, "email", "errors.email_invalid"),
    (
        "email with a space",
        {"email": "ana lopez@example.com"},
        True,
        "email",
        "errors.email_invalid",
    ),
    ("email without at", {"email": "ana.example.com"}, True, "email", "errors.email_invalid"),
    ("message missing", {"message": ""}, True, "message", "errors.message"),
    ("message only whitespace", {"message": "  \n\n  \t"}, True, "message", "errors.message"),
    ("consent unticked", {}, False, "consent", "errors.consent"),
]


@pytest.mark.smoke
@pytest.mark.parametrize("lang", LANGS)
def test_contact_page_journey(page, lang):
    """The contact page in one language, on one load, step after step (each starts from
    the state the previous one leaves and checks; a failure names its step):

    1. the page as prerendered, before its scripts arrive (they are held): heading,
       header picture (AVIF, every candidate served), the empty form's fields and
       attributes, the privacy link, the chat, call and visit cards;
    2. text typed before hydration stays in the draft, is counted once the counter
       counts, and is sent; the form is then cleared;
    3. an empty submit flags every required field (not the phone) and focuses the
       first; fixing a field clears its message at once, the others stay;
    4. each invalid draft (filled afresh) opens nothing, says why in the page's
       language beside the one field it flags, focuses it and keeps the draft;
    5. the counter is full exactly when the field takes no more (an emoji counts two);
    6. a message of the field's longest length is sent whole and a longer one is capped; the
       counter starts again after the submit;
    7. the phone is optional and left out of the chat text when empty; the form clears;
    8. the chat card opens the same chat without text;
    9. a blocked popup keeps the draft and offers the chat link with the text;
    10. a valid submit opens WhatsApp in a new tab inside the submit event, with the
        exact text, without an opener, clears the form and says so (the status turns
        from step 9's "blocked" to "sent"); no request of the whole journey carried
        what the patient typed.

    WhatsApp is answered with a blank page (each tab is closed once read); the recorder
    of window.open is the init script OPENS, which answers as a blocker only in step 9."""
    requests = []
    page.on("request", lambda request: requests.append((request.method, request.url)))
    scripts = hold_scripts(page)
    page.add_init_script(OPENS)
    answer_whatsapp(page)
    # Not until DOMContentLoaded: that waits for the (held) module scripts.
    response = page.goto(path_for("contact", lang), wait_until="commit")
    f = fields(page, lang)
    where = f"contact page, {lang}"

    with step("1. the page before its scripts", where):
        assert response.status == 200
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("h1")).to_have_count(1)
        expect(page.locator("h1")).to_have_text(text_with_facts(lang, "pages.contact.title"))
        image = page.locator("[data-contact-header] picture img")
        expect(image).to_have_attribute("width", "1600")
        expect(image).to_have_attribute("height", "640")
        expect(image).to_have_attribute("alt", "")
        page.wait_for_function(
            "(img) => img.complete && img.naturalWidth > 0", arg=image.element_handle()
        )
        assert image.evaluate("img => img.currentSrc").endswith(".avif")
        for source in page.locator(
            "[data-contact-header] picture source, [data-contact-header] picture img"
        ).all():
            for candidate in source.get_attribute("srcset").split(","):
                url = candidate.strip().split(" ")[0]
                assert page.request.get(url).status == 200, url
        for key in ("name", "email", "phone", "message"):
            expect(f[key]).to_have_value("")
        expect(f["email"]).to_have_attribute("type", "email")
        expect(f["phone"]).to_have_attribute("type", "tel")
        expect(f["message"]).to_have_attribute("rows", "5")
        expect(f["message"]).to_have_attribute("maxlength", str(MESSAGE_MAX_LENGTH))
        expect(f["consent"]).not_to_be_checked()
        expect(page.locator("form[data-contact-form]")).to_have_attribute("novalidate", "")
        privacy = page.locator("form[data-contact-form] label a")
        expect(privacy).to_have_attribute("href", path_for("privacy", lang))
        expect(privacy).to_have_attribute("target", "_blank")
        chat = page.locator("[data-contact-card=chat] a")
        expect(chat).to_have_attribute("href", WHATSAPP)
        expect(chat).to_have_attribute("target", "_blank")
        expect(page.locator("[data-contact-card=call] a")).to_have_attribute("href", TEL)
        expect(page.locator("[data-contact-card=call]")).to_contain_text(CLINIC.phone)
        visit = page.locator("[data-contact-card=visit] a")
        expect(visit).to_have_attribute("href", str(CLINIC.address.maps_url))
        expect(visit).to_have_attribute("target", "_blank")
        expect(page.locator("[data-contact-card=visit]")).to_contain_text(CLINIC.address.hospital)

    counter = page.locator("[data-counter]")
    with step("2. text typed before hydration is kept and sent", where):
        expect(fallback(page, lang)[1]).to_be_visible()
        fill_in_form(f, HOSTILE)
        expect(counter).to_be_hidden()
        scripts.release()
        page_ready(page)
        expect(fallback(page, lang)[0]).to_be_hidden()
        for key in ("name", "email", "phone", "message"):
            expect(f[key]).to_have_value(HOSTILE[key])
        # Once it counts, it counts what was typed before.
        expect(counter).to_have_text(counter_text(lang, HOSTILE["message"]))
        submit_and_read(page, f, lambda text: text == expected_text(lang, HOSTILE))
        assert_cleared(page, f)

    with step("3. an empty submit flags every required field", where):
        before = len(opened(page))
        f["submit"].click()
        for key in ("name", "email", "message", "consent"):
            expect(f[key]).to_have_attribute("aria-invalid", "true")
        expect(f["phone"]).not_to_have_attribute("aria-invalid", "true")
        expect(f["name"]).to_be_focused()
        assert opened(page)[before:] == []
        # Fixing a field clears its message at once; the others stay.
        f["name"].fill("Ana")
        expect(f["name"]).not_to_have_attribute("aria-invalid", "true")
        expect(f["email"]).to_have_attribute("aria-invalid", "true")
        expect(page.get_by_text(text_of(lang, "contact.errors.name"), exact=True)).to_have_count(0)

    with step("4. an invalid submit opens nothing and says why", where):
        invalid_submits_open_nothing_and_say_why(page, f, lang)

    with step("5. the counter is full exactly when the field takes no more", where):
        message = "🌸" + "a" * (MESSAGE_MAX_LENGTH - 2)
        fill_in_form(f, {**VALID, "message": message + "más"})
        expect(f["message"]).to_have_value(message)
        full = written(lang, MESSAGE_MAX_LENGTH)
        expect(counter).to_have_text(text_of(lang, "contact.form.counter", count=full, max=full))

    with step("6. a message of the longest length is sent whole, more is capped", where):
        message = ("Ñandú & #? % + ¿sí?\n" * MESSAGE_MAX_LENGTH)[: MESSAGE_MAX_LENGTH - 1] + "."
        assert len(message.encode("utf-16-le")) // 2 == MESSAGE_MAX_LENGTH
        fill_in_form(f, {**VALID, "message": message + "más texto"})
        expect(f["message"]).to_have_value(message)
        expect(counter).to_have_text(counter_text(lang, message))
        url = submit_and_read(page, f, lambda text: text.endswith(message))
        assert len(url) < 16_000
        expect(counter).to_have_text(counter_text(lang, ""))

    with step("7. the phone is optional and left out of the text when empty", where):
        fill_in_form(f, VALID)
        url = submit_and_read(page, f, lambda text: text == expected_text(lang, VALID))
        assert len(chat_text(url).split("\n")) == 3  # no phone line
        assert_cleared(page, f)

    with step("8. the chat card opens the same chat without text", where):
        with page.expect_popup() as popup:
            page.locator("[data-contact-card=chat] a").click()
        assert popup.value.url.rstrip("/") == WHATSAPP
        popup.value.close()

    status = page.locator("[data-contact-status]")
    with step("9. a blocked popup keeps the draft and offers the link", where):
        page.evaluate("window.__blockPopups = true")
        fill_in_form(f, HOSTILE)
        f["submit"].click()
        expect(status).to_contain_text(text_of(lang, "contact.form.blocked"))
        link = status.get_by_role("link")
        expect(link).to_have_attribute("href", re.compile(rf"^{re.escape(WHATSAPP)}\?text=."))
        assert chat_text(link.get_attribute("href")) == expected_text(lang, HOSTILE)
        expect(link).to_have_attribute("target", "_blank")
        expect(f["name"]).to_have_value(HOSTILE["name"])
        expect(f["consent"]).to_be_checked()
        page.evaluate("window.__blockPopups = false")

    with step("10. a submit opens WhatsApp with the exact text, then clears the form", where):
        fill_in_form(f, HOSTILE)
        before = len(opened(page))
        with page.expect_popup() as popup:
            f["submit"].click()
        calls = opened(page)[before:]
        assert len(calls) == 1
        # Opened inside the submit event itself, not after an await.
        assert calls[0]["during"] == "submit"
        assert calls[0]["target"] == "_blank"
        assert chat_text(calls[0]["url"]) == expected_text(lang, HOSTILE)
        popup.value.wait_for_load_state()
        assert chat_text(popup.value.url) == expected_text(lang, HOSTILE)
        assert popup.value.evaluate("window.opener") is None
        popup.value.close()
        assert_cleared(page, f)
        expect(status).to_have_text(text_of(lang, "contact.form.sent"))
        # Nothing was sent anywhere else: no request carried what the patient typed.
        for method, url in requests:
            assert method == "GET" and "maria" not in url.lower() and "Mar%C3%ADa" not in url, url


def submit_and_read(page, f, text_is) -> str:
    """Submit the form, which opens one chat tab inside the submit; check its text with
    `text_is`, close the tab and return the chat URL it was opened with."""
    before = len(opened(page))
    with page.expect_popup() as popup:
        f["submit"].click()
    calls = opened(page)[before:]
    assert len(calls) == 1, calls
    assert text_is(chat_text(calls[0]["url"])), chat_text(calls[0]["url"])
    popup.value.close()
    return calls[0]["url"]


def invalid_submits_open_nothing_and_say_why(page, f, lang) -> None:
    """Every INVALID case in turn, each filling the whole form afresh: nothing opens, the
    one field at fault is flagged, described by its message and focused, the draft stays."""
    before = len(opened(page))
    popups = []

    def note(popup):
        popups.append(popup)

    page.on("popup", note)
    for case, changes, consent, field, error_key in INVALID:
        draft = {**VALID, **changes}
        fill_in_form(f, draft, consent=consent)
        if not consent:
            f["consent"].uncheck()
        f["submit"].click()
        message = text_of(lang, f"contact.{error_key}")
        error = page.locator("form[data-contact-form]").get_by_text(message, exact=True)
        expect(error, case).to_be_visible()
        expect(f[field], case).to_have_attribute("aria-invalid", "true")
        error_id = error.locator("xpath=..").get_attribute("id")
        expect(f[field], case).to_have_attribute(
            "aria-describedby", re.compile(rf"(^|\s){re.escape(error_id)}(\s|$)")
        )
        expect(f[field], case).to_be_focused()
        assert opened(page)[before:] == [] and popups == [], case
        # The draft is kept for the patient to fix.
        for key in ("name", "message"):
            expect(f[key], case).to_have_value(draft[key])
        if consent:
            expect(f["consent"], case).to_be_checked()
        else:
            expect(f["consent"], case).not_to_be_checked()
        # Only this field is flagged.
        for other in ("name", "email", "message", "consent"):
            if other != field:
                expect(f[other], case).not_to_have_attribute("aria-invalid", "true")
    page.remove_listener("popup", note)


# ------------------------------------------------------------------ before and without JavaScript


def fallback(page, lang):
    """What stands in for the submit button until it works: the plain chat link, and why."""
    box = page.locator("form[data-contact-form] [data-contact-fallback]")
    return box, box.get_by_role(
        "link", name=opening_a_tab(lang, text_of(lang, "contact.form.fallback_link")), exact=True
    )


@pytest.mark.parametrize("mode", EACH_WAY)
def test_without_javascript_the_draft_stays_and_the_chat_is_offered(new_context, mode):
    lang = DEFAULT_LANG
    page = context_without_javascript(new_context, mode).new_page()
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(path_for("contact", lang))
    url = page.url
    f = fields(page, lang)
    # No submit to press: the form's default button (the first submit button) is disabled,
    # which also blocks the implicit submit of Enter in a field; it is not shown.
    default_button = page.locator("form[data-contact-form] [type=submit]").first
    expect(default_button).to_be_disabled()
    expect(default_button).to_be_hidden()
    expect(f["submit"]).to_have_count(0)
    # The chat is offered plainly instead, with a word of why.
    box, link = fallback(page, lang)
    expect(box).to_contain_text(text_of(lang, "contact.form.fallback"))
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", WHATSAPP)
    expect(link).to_have_attribute("target", "_blank")

    fill_in_form(f, HOSTILE)
    # A counter that cannot count is not shown (it would read 0 whatever is typed).
    expect(page.locator("[data-counter]")).to_be_hidden()
    for key in ("name", "email", "phone"):
        f[key].press("Enter")
    for key in ("name", "email", "phone", "message"):
        expect(f[key]).to_have_value(HOSTILE[key])
    expect(f["consent"]).to_be_checked()
    assert page.url == url
    # Nothing typed went anywhere: the page was asked for once, and no request carries it.
    assert [r for r in requests if urlsplit(r).path == urlsplit(url).path] == [url]
    assert not [r for r in requests if "maría" in unquote(r).lower() or "nunez" in r], requests


@pytest.mark.parametrize("size", ["390x844", "1280x800"])
def test_the_submit_button_takes_the_links_place_without_moving_anything(new_context, size):
    viewport = MOBILE if size == "390x844" else DESKTOP
    boxes = {}
    for mode in (DISABLED, "hydrated"):
        if mode == DISABLED:
            page = context_without_javascript(new_context, DISABLED, viewport=viewport).new_page()
            page.goto(path_for("contact", DEFAULT_LANG))
        else:
            page = new_context(viewport=viewport).new_page()
            page.goto(path_for("contact", DEFAULT_LANG))
            page_ready(page)
            expect(page.locator("[data-contact-submit]")).to_be_visible()
        # Measured from the page's heading: above it, a closed-day notice shows only where
        # scripts run (docs/content.md, "Recipe: closed days"), which is not this test's.
        heading = page.locator("main h1").bounding_box()
        boxes[mode] = [
            {**box, "y": box["y"] - heading["y"]}
            for selector in ("form[data-contact-form]", "[data-contact-card=chat]")
            if (box := page.locator(selector).bounding_box())
        ]
    assert boxes[DISABLED] == boxes["hydrated"]


# ------------------------------------------------------------------ hosting


@pytest.mark.own_server("it serves our own build as plain files")
@pytest.mark.parametrize("lang", LANGS)
def test_works_served_as_plain_files(page, served_build, lang):
    # The build under test, served as files (a static host's way).
    with PlainFileServer(served_build) as static:
        page.route(f"{static.url}/**", lambda route: route.continue_())
        f = open_contact(page, lang, base=static.url)
        fill_in_form(f, HOSTILE)
        with page.expect_popup():
            f["submit"].click()
        assert chat_text(opened(page)[0]["url"]) == expected_text(lang, HOSTILE)
        assert_cleared(page, f)
