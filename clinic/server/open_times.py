"""`GET /api/open-times/<doctor-slug>`: a doctor's next open appointment times.

Cal.com's public slots API (API v2, `GET /v2/slots`, no key) does not allow browsers of
other origins to call it, so the production server asks on the page's behalf:
- the answer is kept about a minute per doctor (a busy page costs Cal.com one request a
  minute, and concurrent visitors share one request in flight);
- Cal.com gets 2 s; past that, or on any error, the visitor gets no times at once and the
  page leaves the block out (a failure is remembered briefly, so a Cal.com outage is not
  asked again by every visitor). No times is a normal answer, 200 `{"times": []}`, not
  an error status: browsers log every failed request in the console;
- nothing about the visitor is forwarded: the upstream request is built from our own
  data only (no cookie, no address, no user agent, no query string of theirs).

The upstream origin is `scheduling.api_origin` in clinic.yaml; the environment variable
`CLINIC_CAL_API_ORIGIN` replaces it (tests point it at a local stub server).
Served as plain files from a static host, the same path finds an empty answer written
into the build (clinic/site_files/open_times_fallback.py), and the block stays hidden. A
doctor without an event type has no such path anywhere (`doctors_with_open_times`).
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import httpx

from clinic.site.content import Doctor, content
from clinic.site.routes import OPEN_TIMES_PATH_PREFIX

ORIGIN_ENV = "CLINIC_CAL_API_ORIGIN"
# Cal.com versions its API per endpoint through this header; 2024-09-04 is the slots
# endpoint's current contract (`{"data": {"YYYY-MM-DD": [{"start": ISO}]}}`).
CAL_API_VERSION = "2024-09-04"
MAX_TIMES = 3
DAYS_AHEAD = 14  # how far ahead "next" looks; beyond two weeks a patient picks in the calendar
UPSTREAM_TIMEOUT_S = 2.0
FRESH_FOR_S = 60.0
FAILURE_KEPT_S = 15.0
CACHE_CONTROL_OK = f"public, max-age={int(FRESH_FOR_S)}"
# No times because Cal.com failed: not kept by browsers or caches, the next visit asks again.
CACHE_CONTROL_FAILED = "no-store"
CONTENT_TYPE = "application/json; charset=utf-8"


class UpstreamFailed(Exception):
    """Cal.com did not answer in time, answered an error, or answered something else."""


@dataclass
class _Entry:
    expires: float = 0.0
    times: list[str] | None = None  # None: the last ask failed
    in_flight: asyncio.Lock = field(default_factory=asyncio.Lock)


def api_origin() -> str:
    configured = os.environ.get(ORIGIN_ENV) or str(content().clinic.scheduling.api_origin)
    return configured.rstrip("/")


def doctors_with_open_times() -> list[Doctor]:
    """The doctors whose open times the site shows: those with a Cal.com event type. Only
    these have an answer at `/api/open-times/<slug>`, here and in the static build; for any
    other doctor the path is as unknown as any path the site has no page or file for, and
    gets the site's 404 answer. Not an empty 200: that would say "no free times right now",
    something that changes, where the truth is that there are none to ask for (the page
    never asks: it shows no block for that doctor). And a 404 is what every static host
    gives for a path with no file, so the production server and the hosts answer alike."""
    return [doctor for doctor in content().doctors if doctor.cal_event_type_id]


def doctor_for_path(path: str) -> Doctor | None:
    """The doctor `/api/open-times/<slug>` asks about, if they have a Cal.com event type."""
    slug = path.removeprefix(OPEN_TIMES_PATH_PREFIX)
    return next((d for d in doctors_with_open_times() if d.slug == slug), None)


def next_times(answer: dict, now: datetime, limit: int = MAX_TIMES) -> list[str]:
    """The first `limit` slot starts after `now` from a `/v2/slots` answer, earliest first,
    as ISO 8601 with the offset Cal.com gave (the clinic's zone, asked for by name)."""
    days = answer.get("data")
    if not isinstance(days, dict):
        raise UpstreamFailed("no 'data' object in the answer")
    starts = []
    for slots in days.values():
        for slot in slots if isinstance(slots, list) else ():
            start = slot.get("start") if isinstance(slot, dict) else None
            if not isinstance(start, str):
                continue
            try:
                moment = datetime.fromisoformat(start)
            except ValueError:
                continue
            if moment.tzinfo is not None and moment > now:
                starts.append(moment)
    return [moment.isoformat() for moment in sorted(starts)[:limit]]


def slots_query(doctor: Doctor, today: date, time_zone: str) -> dict[str, str]:
    return {
        "eventTypeId": str(doctor.cal_event_type_id),
        "start": today.isoformat(),
        "end": (today + timedelta(days=DAYS_AHEAD)).isoformat(),
        "timeZone": time_zone,
    }


class OpenTimes:
    """Asks Cal.com, keeps answers per doctor, and shares one request in flight."""

    def __init__(self, clock=time.monotonic, transport: httpx.AsyncBaseTransport | None = None):
        self._clock = clock
        self._transport = transport
        self._entries: dict[str, _Entry] = {}

    async def for_doctor(self, doctor: Doctor) -> list[str]:
        entry = self._entries.setdefault(doctor.slug, _Entry())
        async with entry.in_flight:  # a second visitor waits for the first one's answer
            if self._clock() >= entry.expires:
                try:
                    entry.times = await self._ask(doctor)
                    entry.expires = self._clock() + FRESH_FOR_S
                except UpstreamFailed:
                    entry.times = None
                    entry.expires = self._clock() + FAILURE_KEPT_S
            if entry.times is None:
                raise UpstreamFailed(f"no open times for {doctor.slug} right now")
            return entry.times

    async def _ask(self, doctor: Doctor) -> list[str]:
        zone_name = content().clinic.time_zone
        now = datetime.now(ZoneInfo(zone_name))
        try:
            async with httpx.AsyncClient(
                transport=self._transport,
                timeout=UPSTREAM_TIMEOUT_S,
                follow_redirects=False,
                # Only what Cal.com needs; httpx's default User-Agent names the library, not the visitor.
                headers={"cal-api-version": CAL_API_VERSION, "accept": "application/json"},
            ) as client:
                # The timeout above bounds each phase; this bounds the whole exchange.
                response = await asyncio.wait_for(
                    client.get(
                        f"{api_origin()}/v2/slots",
                        params=slots_query(doctor, now.date(), zone_name),
                    ),
                    UPSTREAM_TIMEOUT_S,
                )
            if response.status_code != 200:
                raise UpstreamFailed(f"Cal.com answered {response.status_code}")
            return next_times(response.json(), now)
        except (TimeoutError, httpx.HTTPError, json.JSONDecodeError) as err:
            raise UpstreamFailed(str(err) or type(err).__name__) from None


def body_for(times: list[str]) -> bytes:
    return json.dumps({"times": times}, separators=(",", ":")).encode()
