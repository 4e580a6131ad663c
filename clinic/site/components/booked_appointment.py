"""The appointment a patient has just booked, from Cal.com's embed to our success page.

When Cal.com reports a booking (its `bookingSuccessfulV2` event, which carries the
booking's `uid`, `startTime` and `endTime`), `remember_booking` keeps those and the
doctor in the tab's sessionStorage and opens the success page. There `booked_summary`
reads them back and shows the doctor, the date and the time in the clinic's time zone
and the page's language, with an "add to my calendar" link: an `.ics` file (RFC 5545)
built in the browser, with the clinic's address and the confirmation rules.

Nothing is sent anywhere: sessionStorage belongs to this tab and is gone when it closes.
Opened without a booking (or with one that does not make sense), the success page shows
its usual text.
"""

from __future__ import annotations

import reflex as rx

from clinic.framework.browser_steps import browser_step, function
from clinic.framework.client_state import ClientStateVar, set_to
from clinic.site.components.styles import BUTTON_SECONDARY, icon
from clinic.site.content import content
from clinic.site.i18n import LOCALES, text_of, text_with_facts
from clinic.site.routes import path_for

STORAGE_KEY = "clinic.booked-appointment"
DATE_FORMAT = {"weekday": "long", "day": "numeric", "month": "long", "year": "numeric"}
TIME_FORMAT = {"hour": "numeric", "minute": "2-digit"}
CALENDAR_ICON = (
    "M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z"
)
# The success page's header keeps this much room for the summary, with or without a
# booking, so the summary appearing after the page has painted moves nothing.
SUMMARY_ROOM = "min-h-[13.5rem] sm:min-h-[10rem]"

# {doctor, date, time, start, ics, file} once a booking has been read; {} otherwise.
booked = ClientStateVar.create("booked_appointment", default={})


# Browser steps (assets/behaviors/booking.js, dates.js).
keep_booking_and_go = browser_step("booking", "keepBookingAndGo")
kept_booking = browser_step("booking", "keptBooking", returns=dict)
format_moment = browser_step("dates", "formatMoment", returns=str)
iso_moment = browser_step("dates", "isoMoment", returns=str)
calendar_file_url = browser_step("booking", "calendarFileUrl", returns=str)


def remember_booking(lang: str) -> rx.Var:
    """Cal.com's `bookingSuccessfulV2` handler (detail: {data, namespace}) for a booking
    area in `lang`: keep the doctor, the booking's uid and times (not its title, which can
    hold the patient's name) for the success page, then open it."""
    doctors = rx.Var.create({d.cal_namespace: d.slug for d in content().doctors if d.cal_namespace})

    def rule(detail: rx.Var) -> rx.Var:
        data = detail.to(dict)["data"].to(dict)
        return keep_booking_and_go(
            STORAGE_KEY,
            {
                "doctor": doctors[detail.to(dict)["namespace"].to(str)],
                "uid": data["uid"],
                "start": data["startTime"],
                "end": data["endTime"],
            },
            path_for("success", lang),
        )

    return function(rule)


# ------------------------------------------------------------------ the .ics file


def ics_text(value: str) -> str:
    """A TEXT value escaped as RFC 5545 section 3.3.11 says."""
    return (
        value.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
    )


def ics_fold(line: str) -> str:
    """A content line folded at 75 octets of UTF-8 (RFC 5545 section 3.1), never inside
    a character."""
    out, size = [], 0
    for char in line:
        width = len(char.encode("utf-8"))
        if size + width > 75:
            out.append("\r\n ")
            size = 1
        out.append(char)
        size += width
    return "".join(out)


def calendar_file_parts(lang: str, notes: list[str]) -> dict:
    """Everything in the file that does not depend on the booking, already escaped and
    folded: the lines before the event's times, after them, and each doctor's SUMMARY.
    `notes` (the confirmation rules, one line each) become the event's description."""
    clinic = content().clinic
    head = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:-//{ics_text(clinic.brand)}//{lang.upper()}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "BEGIN:VEVENT",
    ]
    description = "\n".join(f"- {note}" for note in notes)
    tail = [
        f"LOCATION:{ics_text(text_with_facts(lang, 'inner.address'))}",
        f"DESCRIPTION:{ics_text(description)}",
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    return {
        "head": [ics_fold(line) for line in head],
        "tail": [ics_fold(line) for line in tail],
        "doctors": {
            d.slug: {
                "name": d.name(lang),
                "summary": ics_fold(
                    "SUMMARY:"
                    + ics_text(
                        text_with_facts(lang, "success.calendar_summary", doctor=d.name(lang))
                    )
                ),
            }
            for d in content().doctors
        },
    }


def _read_booking(lang: str, notes: list[str]) -> rx.Var:
    """Reads the kept booking; if it makes sense (a known doctor, a start before the end)
    stores what the summary shows, .ics link included, and {} otherwise."""
    parts = calendar_file_parts(lang, notes)
    zone = content().clinic.time_zone
    locale = LOCALES[lang]
    file_name = text_with_facts(lang, "success.calendar_file").lower().replace(" ", "-") + ".ics"

    def show(kept: rx.Var, doctors: rx.Var) -> rx.Var:
        kept, doctors = kept.to(dict), doctors.to(dict)
        doctor = doctors[kept["doctor"].to(str)].to(dict)
        makes_sense = (
            doctors.contains(kept["doctor"].to(str))
            & kept["start"].is_not_none()
            & kept["end"].is_not_none()
            & (kept["end"].to(int) > kept["start"].to(int))
        )
        summary = {
            "doctor": doctor["name"],
            "date": format_moment(locale, zone, DATE_FORMAT, kept["start"]),
            "time": format_moment(locale, zone, TIME_FORMAT, kept["start"], kept["end"]),
            "start": iso_moment(kept["start"]),
            "ics": calendar_file_url(
                {"head": parts["head"], "summary": doctor["summary"], "tail": parts["tail"]}, kept
            ),
            "file": file_name,
        }
        return set_to(booked, rx.cond(makes_sense, summary, {}))

    return function(lambda: function(show).call(kept_booking(STORAGE_KEY), parts["doctors"]))


def booked_summary(lang: str, intro: str, notes: list[str]) -> rx.Component:
    """The success page header's lower part: the booked appointment once it has been read,
    the page's intro until then (and when there is none), in the same reserved room.
    `notes` are the page's confirmation rules, written into the calendar file too."""
    shown = booked.value.to(dict[str, str])
    summary = rx.el.section(
        rx.el.div(
            rx.el.h2(
                text_of(lang, "success.booked_heading"),
                id="booked-heading",
                class_name="text-sm font-semibold uppercase tracking-wide text-muted",
            ),
            rx.el.p(
                shown["doctor"], class_name="mt-1 text-xl font-bold text-ink", data_booked_doctor=""
            ),
            rx.el.p(
                rx.el.time(shown["date"], date_time=shown["start"]),
                class_name="mt-1 text-lg text-ink",
                data_booked_date="",
            ),
            rx.el.p(
                shown["time"],
                " ",
                rx.el.span(
                    f"({text_with_facts(lang, 'success.booked_time_zone')})",
                    class_name="text-muted",
                ),
                class_name="text-lg text-ink",
                data_booked_time="",
            ),
        ),
        rx.el.a(
            icon(CALENDAR_ICON, size=18),
            text_of(lang, "success.add_to_calendar"),
            href=shown["ics"],
            download=shown["file"],
            class_name=f"mt-4 shrink-0 sm:mt-0 {BUTTON_SECONDARY}",
            data_add_to_calendar="",
        ),
        aria_labelledby="booked-heading",
        # A card; its text and button side by side from 640 px, so the room kept for it
        # stays small.
        class_name="rounded-2xl bg-white p-4 shadow-sm sm:flex sm:w-fit sm:items-center sm:gap-10 sm:p-5",
        data_booked="",
    )
    return rx.el.div(
        rx.cond(
            shown.contains("doctor"),
            summary,
            rx.el.p(intro, class_name="max-w-2xl text-lg text-muted"),
        ),
        on_mount=rx.call_function(_read_booking(lang, notes)),
        # The margin on the room, not on what it holds: a child's margin would collapse
        # through it for one of the two and not the other, and the page would move.
        class_name=f"mt-4 {SUMMARY_ROOM}",
    )
