"""The contact form's rules (clinic/site/components/contact_form.py), run in Node as the
browser runs them: which message each field shows, which field gets focus, what the
WhatsApp text says, and what a submit does to the draft. Texts come from content."""

from __future__ import annotations

import urllib.parse

import pytest

from clinic.framework.client_state import state_name
from clinic.site.components import contact_form as form
from clinic.site.content import DEFAULT_LANG, LANGS, content
from tests.texts import text_of
from tests.unit.rules_in_node import run_rule, value_of

# The draft's client state names, from the form's own list of fields: a field added to
# the form is in every draft here, empty unless a test fills it.
STATE = {field: state_name(state) for field, state in form.DRAFT_FIELDS.items()}
EMPTY = {**dict.fromkeys(form.TEXT_FIELDS, ""), "consent": False}
VALID = {
    **EMPTY,
    "name": "Ana López",
    "email": "ana@example.com",
    "message": "Quiero una cita.",
    "consent": True,
}


def draft(**changes) -> dict:
    return {STATE[field]: value for field, value in {**VALID, **changes}.items()}


def errors_for(lang: str, **changes) -> dict[str, str]:
    errors = form.field_errors(form.form_texts(lang), form.current)
    return {field: value_of(message, state=draft(**changes)) for field, message in errors.items()}


@pytest.mark.parametrize("lang", LANGS)
def test_a_complete_draft_has_no_errors(lang):
    assert set(errors_for(lang).values()) == {""}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("changes", "field", "key"),
    [
        ({"name": ""}, "name", "errors.name"),
        ({"name": "   "}, "name", "errors.name"),
        ({"email": ""}, "email", "errors.email"),
        ({"email": "    "}, "email", "errors.email"),
        ({"email": "ana@"}, "email", "errors.email_invalid"),
        ({"email": "ana@example"}, "email", "errors.email_invalid"),
        ({"email": "ana lopez@example.com"}, "email", "errors.email_invalid"),
        ({"email": "ana.example.com"}, "email", "errors.email_invalid"),
        ({"email": "ana@@example.com"}, "email", "errors.email_invalid"),
        ({"email": "ana@example..com"}, "email", "errors.email_invalid"),
        ({"email": "ana@.example.com"}, "email", "errors.email_invalid"),
        ({"message": " \n "}, "message", "errors.message"),
        ({"consent": False}, "consent", "errors.consent"),
    ],
)
def test_each_rule_gives_its_message_and_only_it(lang, changes, field, key):
    errors = errors_for(lang, **changes)
    assert errors[field] == text_of(lang, f"contact.{key}")
    assert {other: message for other, message in errors.items() if other != field} == dict.fromkeys(
        set(errors) - {field}, ""
    )


@pytest.mark.parametrize(
    "email",
    ["maria.nunez+citas@example.com", "  ana@example.com  ", "a@b.co", "o'hara@mail.example.org"],
)
def test_ordinary_addresses_pass(email):
    assert errors_for(DEFAULT_LANG, email=email)["email"] == ""


def submit(lang: str, tab_opens: bool = True, **changes):
    return run_rule(
        form.submit_rule(form.form_texts(lang)),
        state=draft(**changes),
        steps={"openInNewTab": tab_opens, "focusElement": None},
    )


@pytest.mark.parametrize("lang", LANGS)
def test_an_invalid_submit_focuses_the_first_invalid_field_and_opens_nothing(lang):
    outcome = submit(lang, name=" ", message="", consent=False)
    assert ["focusElement", form.field_id("name")] in outcome.calls
    assert not any(call[0] == "openInNewTab" for call in outcome.calls)
    assert outcome.state["contact_attempted"] is True and outcome.state["contact_status"] == ""
    assert outcome.state["contact_message"] == ""  # the draft is kept as typed
    later = submit(lang, consent=False)
    assert ["focusElement", form.field_id("consent")] in later.calls


@pytest.mark.parametrize("lang", LANGS)
def test_a_valid_submit_opens_the_chat_with_the_text_and_clears_the_draft(lang):
    outcome = submit(lang, phone=" 998 123 4567 ")
    opened = [call for call in outcome.calls if call[0] == "openInNewTab"]
    assert len(opened) == 1
    url = opened[0][1]
    base, _, query = url.partition("?text=")
    assert base == content().clinic.whatsapp_url
    texts = form.form_texts(lang)

    def filled_in(template):
        return (
            template.replace("{name}", VALID["name"])
            .replace("{email}", VALID["email"])
            .replace("{phone}", "998 123 4567")
            .replace("{message}", VALID["message"])
        )

    expected = "\n".join(
        filled_in(texts[key]) for key in ("greeting", "emailLine", "phoneLine", "messageLine")
    )
    assert urllib.parse.unquote(query) == expected
    assert all(outcome.state[STATE[field]] == "" for field in form.TEXT_FIELDS)
    assert outcome.state["contact_consent"] is False and outcome.state["contact_status"] == "sent"


@pytest.mark.parametrize("lang", LANGS)
def test_without_a_phone_the_text_has_no_phone_line(lang):
    outcome = submit(lang)
    url = next(call[1] for call in outcome.calls if call[0] == "openInNewTab")
    text = urllib.parse.unquote(url.partition("?text=")[2])
    assert len(text.split("\n")) == 3


def test_what_the_patient_typed_is_never_read_as_a_placeholder():
    typed = "{email} $& {phone}"
    outcome = submit(DEFAULT_LANG, name=typed)
    url = next(call[1] for call in outcome.calls if call[0] == "openInNewTab")
    assert typed in urllib.parse.unquote(url)


@pytest.mark.parametrize("lang", LANGS)
def test_a_blocked_tab_keeps_the_draft_and_offers_the_chat_as_a_link(lang):
    outcome = submit(lang, tab_opens=False)
    assert outcome.state["contact_status"] == "blocked"
    assert outcome.state["contact_chat_url"].startswith(content().clinic.whatsapp_url + "?text=")
    assert outcome.state["contact_name"] == VALID["name"]
