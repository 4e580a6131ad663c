"""What the booking and contact widgets are given, derived from content."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from clinic.site.components import cal_embed, contact_form
from clinic.site.content import LANGS, content


def _origin_of(url) -> str:
    """scheme://host of a URL from content (pydantic may add a trailing slash)."""
    parts = urlsplit(str(url))
    return f"{parts.scheme}://{parts.netloc}"


def test_cal_origin_and_script_have_no_stray_slash():
    origin = _origin_of(content().clinic.scheduling.origin)
    assert cal_embed.cal_origin() == origin
    assert cal_embed.embed_script_src() == origin + "/embed/embed.js"


def test_each_doctor_books_on_their_own_cal_com_page():
    public = _origin_of(content().clinic.scheduling.public_origin)
    for doctor in cal_embed.with_calendars():
        assert cal_embed.public_booking_url(doctor) == f"{public}/{doctor.cal_link}"


def test_cal_brand_follows_the_brand_colours_per_theme():
    colors = content().clinic.brand_colors
    ui = cal_embed.ui_config()
    assert ui["cssVarsPerTheme"] == {
        "light": {"cal-brand": colors.primary},
        "dark": {"cal-brand": colors.primary_on_dark},
    }
    assert ui["layout"] == cal_embed.link_config()["layout"] == "column_view"
    assert ui["hideEventTypeDetails"] is False


def test_contact_form_texts_are_complete_and_keep_their_placeholders():
    wanted = {
        "greeting": {"name"},
        "emailLine": {"email"},
        "phoneLine": {"phone"},
        "messageLine": {"message"},
        "counter": {"count", "max"},
    }
    for lang in LANGS:
        texts = contact_form.form_texts(lang)
        for prop, text in texts.items():
            assert text and not text.startswith("contact."), f"{lang}: {prop} is missing"
        for prop, names in wanted.items():
            assert set(re.findall(r"\{(\w+)\}", texts[prop])) == names, f"{lang}: {prop}"
        assert "{brand}" not in texts["consentBefore"]
