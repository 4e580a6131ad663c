"""`GET /api/open-times/<doctor-slug>`: a doctor's next open appointment times.

Cal.com's public slots API (API v2, `GET /v2/slots`, no key) does not allow browsers of
other origins to call it, so the production server asks on the page's behalf, as the CDN's
functions do where the site is served as files (clinic/edge/). What both ask and answer is
one contract, `clinic/edge/open_times_contract.json` (docs/deploying.md says it in words):
- the answer is kept about a minute per doctor (a busy page costs Cal.com one request a
  minute, and concurrent visitors share one request in flight);
- Cal.com gets 2 s; past that, or on any error, the visitor gets no times at once and the
  page leaves the block out (a failure is remembered briefly, so a Cal.com outage is not
  asked again by every visitor). No times is a normal answer, 200 `{"times": []}`, kept by
  no one, not an error status: browsers log every failed request in the console;
- nothing about the visitor is forwarded: the upstream request is built from our own
  data only (no cookie, no address, no user agent, no query string of theirs).

The upstream origin is `scheduling.api_origin` in clinic.yaml; the environment variable
`CLINIC_CAL_API_ORIGIN` replaces it (tests point it at a local stub server).
Served as plain files from a host that runs no function, the same path finds an empty
answer written into the build (clinic/build_steps/site_files/open_times_fallback.py), and the block
stays hidden. A doctor without an event type has no such path anywhere
(`doctors_with_open_times`).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import time
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx

from clinic.site.content import ClosedDaysNotice, Doctor, content
from clinic.site.routes import OPEN_TIMES_PATH_PREFIX

CONTRACT_FILE = Path(__file__).resolve().parents[1] / "edge" / "open_times_contract.json"
CONTRACT = json.loads(CONTRACT_FILE.read_text(encoding="utf-8"))
_CAL_COM, _ANSWER, _KEPT = CONTRACT["cal_com"], CONTRACT["answer"], CONTRACT["relay_cache"]

ORIGIN_ENV = "CLINIC_CAL_API_ORIGIN"
SLOTS_PATH: str = _CAL_COM["path"]
# Cal.com versions its API per endpoint through `cal-api-version`; the contract's is the
# slots endpoint's current one (`{"data": {"YYYY-MM-DD": [{"start": ISO}]}}`).
UPSTREAM_HEADERS: dict[str, str] = _CAL_COM["headers"]
DAYS_AHEAD: int = _CAL_COM["days_ahead"]  # beyond that a patient picks in the calendar
UPSTREAM_TIMEOUT_S: float = _CAL_COM["timeout_s"]
SLOT_START = re.compile(CONTRACT["slot_start"]["pattern"])
MAX_TIMES: int = _ANSWER["max_times"]
CONTENT_TYPE: str = _ANSWER["content_type"]
CACHE_CONTROL_WITH_TIMES: str = _ANSWER["cache_control_with_times"]
CACHE_CONTROL_WITHOUT_TIMES: str = _ANSWER["cache_control_without_times"]
FRESH_FOR_S: float = _KEPT["fresh_s"]
FAILURE_KEPT_S: float = _KEPT["failure_kept_s"]


def cache_control_for(times: list[str]) -> str:
    """No times is no promise: the next visit asks again, whatever the reason."""
    return CACHE_CONTROL_WITH_TIMES if times else CACHE_CONTROL_WITHOUT_TIMES


class UpstreamFailed(Exception):
    """Cal.com did not answer in time, answered an error, or answered something else."""


@dataclass
class _Entry:
    expires: float = 0.0
    times: list[str] = field(default_factory=list)
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


def next_times(
    answer: object, now: datetime, limit: int = MAX_TIMES, closed: ClosedDaysNotice | None = None
) -> list[str]:
    """The first `limit` slot starts after `now` from a `/v2/slots` answer, earliest first,
    in the contract's form (`SLOT_START`, written to the second with the offset Cal.com
    gave: the clinic's zone, asked for by name). Entries of another shape are passed over,
    and so is a slot on a day the clinic is closed (`closed`, days in the zone of `now`):
    the site says it is closed then, so no time may say otherwise."""
    days = answer.get("data") if isinstance(answer, dict) else None
    if not isinstance(days, dict):
        raise UpstreamFailed("no 'data' object in the answer")
    starts = []
    for slots in days.values():
        for slot in slots if isinstance(slots, list) else ():
            start = slot.get("start") if isinstance(slot, dict) else None
            if not isinstance(start, str) or not SLOT_START.fullmatch(start):
                continue
            try:
                moment = datetime.fromisoformat(start)
            except ValueError:  # a day or an hour that does not exist
                continue
            if moment <= now or (closed and closed.includes(moment.astimezone(now.tzinfo).date())):
                continue
            starts.append(moment)
    return [moment.isoformat(timespec="seconds") for moment in sorted(starts)[:limit]]


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
        """The doctor's next times; none when Cal.com has none or fails."""
        entry = self._entries.setdefault(doctor.slug, _Entry())
        async with entry.in_flight:  # a second visitor waits for the first one's answer
            if self._clock() >= entry.expires:
                try:
                    entry.times = await self._ask(doctor)
                    entry.expires = self._clock() + FRESH_FOR_S
                except UpstreamFailed:
                    entry.times = []
                    entry.expires = self._clock() + FAILURE_KEPT_S
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
                headers=UPSTREAM_HEADERS,
            ) as client:
                # The timeout above bounds each phase; this bounds the whole exchange.
                response = await asyncio.wait_for(
                    client.get(
                        f"{api_origin()}{SLOTS_PATH}",
                        params=slots_query(doctor, now.date(), zone_name),
                    ),
                    UPSTREAM_TIMEOUT_S,
                )
            if response.status_code != 200:
                raise UpstreamFailed(f"Cal.com answered {response.status_code}")
            return next_times(response.json(), now, closed=content().clinic.closed)
        # ValueError: not JSON, or not even text.
        except (TimeoutError, httpx.HTTPError, httpx.InvalidURL, ValueError) as err:
            raise UpstreamFailed(str(err) or type(err).__name__) from None


def body_for(times: list[str]) -> bytes:
    return json.dumps({"times": times}, separators=(",", ":")).encode()
