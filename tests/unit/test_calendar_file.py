"""The parts of the success page's `.ics` file that are made at build time
(clinic/site/components/booked_appointment.py), read back with a real RFC 5545 parser."""

from __future__ import annotations

import datetime as dt

import icalendar
import pytest

from clinic.site.components.booked_appointment import calendar_file_parts, ics_fold, ics_text
from clinic.site.content import LANGS, content
from clinic.site.pages.success import note_texts
from tests.texts import text_with_facts


def test_text_values_are_escaped():
    assert ics_text("a, b; c\\d\ne") == "a\\, b\\; c\\\\d\\ne"


@pytest.mark.parametrize(
    "line",
    [
        "SUMMARY:" + "x" * 200,
        "DESCRIPTION:" + "ñá€😀" * 40,  # two-, three- and four-byte characters
        "LOCATION:short",
    ],
)
def test_lines_fold_at_75_octets_and_unfold_to_the_same_text(line):
    folded = ics_fold(line)
    physical = folded.split("\r\n")
    assert all(len(part.encode("utf-8")) <= 75 for part in physical)
    assert all(part.startswith(" ") for part in physical[1:])
    assert folded.replace("\r\n ", "") == line


@pytest.mark.parametrize("lang", LANGS)
def test_a_file_made_of_the_parts_parses_with_the_address_and_the_rules(lang):
    parts = calendar_file_parts(lang, note_texts(lang))
    start = dt.datetime(2030, 3, 4, 16, 30, tzinfo=dt.UTC)
    for slug, doctor in parts["doctors"].items():
        lines = [
            *parts["head"],
            "UID:abc@example.org",
            "DTSTAMP:20300101T000000Z",
            f"DTSTART:{start:%Y%m%dT%H%M%SZ}",
            "DTEND:20300304T171500Z",
            doctor["summary"],
            *parts["tail"],
        ]
        event = icalendar.Calendar.from_ical("\r\n".join(lines) + "\r\n").walk("VEVENT")[0]
        assert event.decoded("DTSTART") == start
        assert doctor["name"] == content().doctor(slug).name(lang)
        assert doctor["name"] in str(event["SUMMARY"])
        assert str(event["LOCATION"]) == text_with_facts(lang, "inner.address")
        assert all(note in str(event["DESCRIPTION"]) for note in note_texts(lang))
