"""The closed-day notice (docs/content.md, "Recipe: closed days"): on a day clinic.yaml
lists under `closed`, and `notice_days_before` days ahead, every page says so at its top.

Which notice shows depends on the date the page is opened, in the clinic's time zone, so
it cannot be decided at build time nor wait for the page's scripts (the notice would
appear late and push the page down). Three pieces, each in its own language:
- every page carries each notice, prerendered and hidden (`closed_days_notices`);
- `assets/behaviors/before_paint/closed_days.js`, inlined at the start of every page's
  <head> (a before-paint script: components/before_paint.py), works out today's date in
  the clinic's zone and names the notice that applies on <html> (`ATTRIBUTE`), before the
  body is parsed;
- a small stylesheet in <head> (`closed_days_style`) shows the notice so named.
The dates shown are written the way each language's locale writes them (CLDR, Babel).
"""

from __future__ import annotations

from datetime import date

import reflex as rx

from clinic.site.components.before_paint import before_paint_script, inlined_code
from clinic.site.components.links import page_link
from clinic.site.components.styles import CONTAINER, FOCUS_RING
from clinic.site.content import ClosedDays, content
from clinic.site.i18n import format_day_and_month, text_of, text_with_facts
from clinic.site.routes import path_for

SCRIPT = "closed_days"  # assets/behaviors/before_paint/closed_days.js
# The attribute of <html> naming the notice that shows: "today-<first day>" on a closed
# day, "soon-<first day>" in the days before it.
ATTRIBUTE = "data-closed-days"
TODAY, SOON = "today", "soon"


def upcoming_closed_days() -> list[ClosedDays]:
    """The closed days not yet over when the site is built, in date order (a page carries
    no notice that can never show again)."""
    clinic = content().clinic
    return clinic.closed.not_over(clinic.today())


def notice_id(when: str, day: ClosedDays) -> str:
    return f"closed-days-{when}-{day.key}"


def settings() -> dict[str, object]:
    """What the script is told: data only."""
    closed = content().clinic.closed
    return {
        "attribute": ATTRIBUTE,
        "timeZone": content().clinic.time_zone,
        "noticeDaysBefore": closed.notice_days_before,
        "days": [[day.start.isoformat(), day.last.isoformat()] for day in upcoming_closed_days()],
    }


def script_text() -> str:
    """The script as it is inlined: the file's code with the settings filled in."""
    return inlined_code(SCRIPT, settings())


def style_text() -> str:
    """One rule per notice: shown when <html> names it."""
    return "".join(
        f'html[{ATTRIBUTE}="{when}-{day.key}"] #{notice_id(when, day)}{{display:block}}'
        for day in upcoming_closed_days()
        for when in (TODAY, SOON)
    )


def closed_days_head() -> list[rx.Component]:
    """The script and the stylesheet for every page's <head> (rx.App head_components);
    nothing when no closed day is ahead."""
    if not upcoming_closed_days():
        return []
    return [before_paint_script(SCRIPT, settings()), rx.el.style(style_text())]


def written_date(day: date, lang: str) -> str:
    """A day and month as the language's locale writes them: 25 de diciembre, December 25."""
    return format_day_and_month(day, lang)


def when_closed(when: str, day: ClosedDays, lang: str) -> str:
    if when == TODAY:
        return text_of(lang, "closed_days.today")
    if day.end is None or day.end == day.start:
        return text_of(lang, "closed_days.soon_day", date=written_date(day.start, lang))
    return text_of(
        lang,
        "closed_days.soon_days",
        start=written_date(day.start, lang),
        end=written_date(day.last, lang),
    )


NOTICE_LINK = (
    f"font-semibold text-white underline underline-offset-4 hover:text-blush py-1 {FOCUS_RING}"
)


def notice(when: str, day: ClosedDays, lang: str) -> rx.Component:
    clinic = content().clinic
    reason = (
        [rx.el.strong(text_of(lang, f"closed_days.reasons.{day.reason}") + ". ")]
        if day.reason
        else []
    )
    return rx.el.aside(
        rx.el.div(
            rx.el.p(*reason, when_closed(when, day, lang)),
            rx.el.p(
                page_link(
                    path_for("booking", lang),
                    text_of(lang, "closed_days.book"),
                    class_name=NOTICE_LINK,
                ),
                rx.el.a(
                    text_with_facts(lang, "closed_days.call"),
                    href=clinic.tel_href,
                    class_name=NOTICE_LINK,
                ),
                class_name="flex flex-wrap gap-x-6",
            ),
            class_name=f"{CONTAINER} flex flex-col gap-1 py-3 text-sm sm:text-base",
        ),
        id=notice_id(when, day),
        aria_label=text_of(lang, "closed_days.label"),
        # Hidden unless the head's stylesheet shows it (see the module's docstring).
        class_name="hidden bg-primary text-white",
    )


def closed_days_notices(lang: str) -> rx.Component:
    """Every notice a page may show, each hidden until today's date names it."""
    return rx.fragment(
        *(notice(when, day, lang) for day in upcoming_closed_days() for when in (TODAY, SOON))
    )
