"""A doctor's next open times (up to 3), each a link that opens their calendar on that day.

The browser asks our own server (`/api/open-times/<doctor>`, clinic/server/open_times.py,
which asks Cal.com) once the block comes near the screen (NEAR_SCREEN), after the page has
painted and hydrated, in a task of its own: nothing else on the page waits for it (the
request is not part of the task that mounts the page's content), and a doctor whose card
is never scrolled near costs the page no request at all. Until an answer with times
arrives, and whenever there is none (Cal.com down or slow, the site served as plain files
from a static host), the block shows no spinner and no error, in one of two ways:
- by default it renders nothing at all (the booking page's cards, where it comes last);
- given a `fallback`, it keeps the times' place from the first paint and shows the
  fallback there until times arrive; then the times take the same place, which is as
  tall as the taller of the two whatever the answer, so nothing around it moves (the
  doctor's page, where the block sits in the first screen of a phone).
A doctor without an event type has no block and no request: nothing is kept for it.

Each time is a Book link like the card's own (cal_embed.book_link): a real link to the
doctor's Cal.com page on that day, which the booking embed around it opens in place once
Cal.com's script is ready. The times are shown in the clinic's time zone, whatever the
visitor's device says, in the page's language.
"""

from __future__ import annotations

import reflex as rx

from clinic.framework.browser_steps import browser_step, function
from clinic.framework.client_state import ClientStateVar, set_to
from clinic.site.components.cal_embed import link_config, public_booking_url
from clinic.site.content import Doctor, content
from clinic.site.i18n import LOCALES, text_of, text_with_facts
from clinic.site.routes import OPEN_TIMES_PATH_PREFIX

# The browser stops waiting a little after the server's own 2 s limit for Cal.com.
BROWSER_TIMEOUT_MS = 4000
# How many of the next times are shown.
SHOWN = 3
TIME_FORMAT = {
    "weekday": "short",
    "day": "numeric",
    "month": "short",
    "hour": "numeric",
    "minute": "2-digit",
}


def _times_state(doctor: Doctor) -> ClientStateVar:
    # One slot per doctor and page: the booking page shows several doctors at once.
    return ClientStateVar.create(f"open_times_{doctor.slug.replace('-', '_')}", default=[])


# How near the screen a block is when its times are asked for, in screen heights above
# or below it: half a screen, so that an answer usually comes before the block is seen,
# while a long list of doctors asks only for those the patient scrolls to.
NEAR_SCREEN = 0.5
# The same as IntersectionObserver's rootMargin.
NEAR_SCREEN_MARGIN = f"{NEAR_SCREEN:.0%} 0px"

# Browser steps (assets/behaviors/requests.js, dates.js, near_screen.js).
load_open_times = browser_step("requests", "loadOpenTimes")
format_moment = browser_step("dates", "formatMoment", returns=str)
when_near_screen = browser_step("near_screen", "whenNearScreen")


def block_id(doctor: Doctor) -> str:
    return f"{doctor.slug}-open-times-block"


def _load_times(doctor: Doctor, lang: str, times: ClientStateVar) -> rx.Var:
    """Asks for the times (once the block nears the screen); keeps the first few, each as
    {label, start, href, config} for rendering. No answer leaves the list empty (the
    block stays hidden)."""
    zone = content().clinic.time_zone
    public_url = public_booking_url(doctor)

    def shown(time: rx.Var) -> dict:
        time = time.to(dict)
        day = time["day"].to(str)
        month = day[0:7]
        return {
            "label": format_moment(LOCALES[lang], zone, TIME_FORMAT, time["start"]),
            "start": time["start"],
            "href": public_url + "?date=" + day + "&month=" + month,
            "config": rx.Var.create({**link_config(), "date": day, "month": month}).to_string(),
        }

    keep = function(lambda found: set_to(times, found.to(list[dict])[0:SHOWN].map(shown)))
    return function(
        lambda: load_open_times(
            OPEN_TIMES_PATH_PREFIX + doctor.slug, BROWSER_TIMEOUT_MS, zone, keep
        )
    )


# The look of a time's link (a fallback's own link to the calendar may wear it too).
PILL = (
    "inline-flex min-h-11 items-center rounded-full border border-primary/30 "
    "bg-white px-4 text-sm font-semibold text-primary hover:bg-blush "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
)
# The times one under another, in rows kept from the first paint even while the list is
# empty: the block's height then does not depend on whether (or how many) times came.
RESERVED_ROWS = f"grid grid-rows-[repeat({SHOWN},minmax(2.75rem,auto))] justify-items-start gap-2"
# Both layers of a block with a fallback sit in the same grid cell; the hidden one still
# holds its size, so the cell is as tall as the taller one from the first paint on.
LAYER = "col-start-1 row-start-1"


def _time_link(doctor: Doctor, lang: str, time: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.a(
            rx.el.time(time["label"], date_time=time["start"]),
            rx.el.span(" " + text_of(lang, "booking.open_times_opens"), class_name="sr-only"),
            href=time["href"],
            target="_blank",
            rel="noopener",
            class_name=PILL,
            custom_attrs={
                "data-cal-link": doctor.cal_link,
                "data-cal-namespace": doctor.cal_namespace,
                "data-cal-config": time["config"],
                "data-open-time": time["start"],
            },
        ),
    )


def _times_section(
    doctor: Doctor, lang: str, shown: rx.Var, heading: str, list_class: str
) -> rx.Component:
    heading_id = f"{doctor.slug}-open-times"
    return rx.el.section(
        getattr(rx.el, heading)(
            text_of(lang, "booking.open_times_title"),
            id=heading_id,
            class_name="text-sm font-bold text-ink",
        ),
        rx.el.ul(
            rx.foreach(shown, lambda time: _time_link(doctor, lang, time)),
            class_name=f"mt-2 {list_class}",
        ),
        rx.el.p(
            text_with_facts(lang, "booking.open_times_note"),
            class_name="mt-2 text-xs text-muted",
        ),
        aria_labelledby=heading_id,
    )


def open_times(
    doctor: Doctor,
    lang: str,
    fallback: rx.Component | None = None,
    heading: str = "h4",
    **props,
) -> rx.Component:
    """The block for one doctor; an empty element when the doctor has no event type.
    With a `fallback`, the times' place is kept from the first paint and the fallback
    shows in it until times arrive (`heading`: the level of the block's heading there)."""
    if not doctor.cal_event_type_id:
        return rx.fragment()
    times = _times_state(doctor)
    shown = times.value.to(list[dict[str, str]])
    has_times = shown.length() > 0
    load_times = _load_times(doctor, lang, times)
    load = rx.call_function(
        function(lambda: when_near_screen(block_id(doctor), NEAR_SCREEN_MARGIN, load_times))
    )
    if fallback is None:
        return rx.el.div(
            rx.cond(
                has_times, _times_section(doctor, lang, shown, heading, "flex flex-wrap gap-2")
            ),
            on_mount=load,
            id=block_id(doctor),
            data_open_times=doctor.slug,
            **props,
        )
    extra_class = props.pop("class_name", "")
    return rx.el.div(
        rx.el.div(
            _times_section(doctor, lang, shown, heading, RESERVED_ROWS),
            class_name=rx.cond(has_times, LAYER, f"{LAYER} invisible"),
            data_open_times=doctor.slug,
        ),
        rx.el.div(
            fallback,
            class_name=rx.cond(has_times, f"{LAYER} invisible", LAYER),
            data_open_times_fallback=doctor.slug,
        ),
        on_mount=load,
        id=block_id(doctor),
        class_name=f"grid {extra_class}",
        **props,
    )
