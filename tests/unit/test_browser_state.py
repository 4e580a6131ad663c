"""The helpers that keep UI state in the browser (clinic/site/components/browser.py) and
what the Python components build with them, checked on the compiled code."""

from __future__ import annotations

from reflex.experimental.client_state import ClientStateVar

from clinic.site.components import browser, contact_form
from clinic.site.content import content

LANGS = ("es", "en")


def test_current_reads_the_global_slot_that_works_in_any_component():
    state = ClientStateVar.create("unit_flag", default=False)
    assert str(browser.current(state)) == "refs['_client_state_unit_flag']"


def test_assign_does_nothing_when_the_value_is_unchanged():
    state = ClientStateVar.create("unit_count", default=0)
    code = str(browser.assign(state, 3))
    assert code == ("{ const next = (3); if (refs['_client_state_unit_count'] !== next) "
                    "refs['_client_state_setUnit_count'](next); }")


def test_no_helper_evaluates_code_at_run_time():
    spec = browser.run(browser.assign(ClientStateVar.create("unit_text", default=""), "x"))
    code = next(v for k, v in spec.args if str(k) == "function")
    assert str(code).startswith("() => {") and "eval(" not in str(code)


def test_the_whatsapp_text_keeps_what_the_patient_typed_out_of_the_templates():
    for lang in LANGS:
        texts = contact_form.form_texts(lang)
        code = str(contact_form.whatsapp_text(texts))
        # Templates are split at build time: no placeholder is left to be replaced in
        # the browser, so a name such as "{email}" stays as typed.
        assert "{name}" not in code and "{email}" not in code and ".replace(" not in code


def test_the_submit_opens_the_chat_before_anything_is_awaited():
    code = str(next(v for k, v in contact_form.submit(contact_form.form_texts("es")).args if str(k) == "function"))
    assert "await" not in code and "then(" not in code
    assert code.index("window.open(url, '_blank')") > code.index("encodeURIComponent(")
    assert content().clinic.whatsapp_url in code
