"""The contract cases of `/api/open-times/<doctor>` (tests/open_times_cases.json), run
against any relay: the production server's in-process (tests/unit/test_open_times.py), the
CDN's functions on their own runtimes (tests/e2e/test_edge_relay.py). A relay is asked
through a function; Cal.com is the stub the relay was pointed at (tests/cal_api_stub.py).

What every answer must be comes from the contract (clinic/edge/open_times_contract.json)
and the server's security headers; what Cal.com must be asked, from content (the doctor's
event type, the clinic's zone): nothing here repeats them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import pytest

from clinic.server import open_times, security
from clinic.site.content import Doctor, content
from clinic.site.routes import OPEN_TIMES_PATH_PREFIX
from tests.cal_api_stub import CalApiStub

CASES_FILE = Path(__file__).with_name("open_times_cases.json")
_CASES = json.loads(CASES_FILE.read_text(encoding="utf-8"))
CASES: list[dict] = _CASES["cases"]
VISITOR: dict = _CASES["visitor"]
CONTRACT = open_times.CONTRACT
# Cal.com's answer when a step gives none.
NO_FREE_TIMES = {"json": {"status": "success", "data": {}}}


@dataclass
class Answer:
    status: int
    headers: dict[str, str]  # names lower-cased
    body: bytes


@dataclass
class Relay:
    """A relay under test.

    ask(method, target, headers): its answer to a request for `target` (path and query);
    base_headers: the headers each of its answers carries, whatever it is;
    keeps: whether it keeps Cal.com's answers for the next visitor itself (a host whose
        CDN keeps them does not; the host's own test checks how it asks the CDN to);
    move_clock: moves its clock on by so many seconds, where the test holds it."""

    ask: Callable[[str, str, dict[str, str]], Answer]
    base_headers: dict[str, str]
    keeps: bool = True
    move_clock: Callable[[float], None] | None = None
    problems: list[str] = field(default_factory=list)


def case_id(case: dict) -> str:
    return case["name"]


def doctor_under_test() -> Doctor:
    return open_times.doctors_with_open_times()[0]


def steps_for(case: dict, relay: Relay) -> list[dict]:
    """The steps `relay` can run: up to the first that needs a clock it does not hold, and
    only the first where it keeps nothing itself."""
    steps = []
    for step in case["steps"]:
        if "after" in step and relay.move_clock is None:
            break
        steps.append(step)
    return steps if relay.keeps else steps[:1]


def target_of(step: dict, doctor: Doctor) -> str:
    request = step.get("request", {})
    path = request.get("path", "{doctor}").format(
        doctor=doctor.slug,
        DOCTOR=doctor.slug.upper(),
        doctor_escaped="".join(f"%{byte:02X}" for byte in doctor.slug.encode()),
    )
    return OPEN_TIMES_PATH_PREFIX + path + request.get("query", VISITOR["query"])


def closed_day_placeholders() -> dict[str, str] | None:
    """A case's closed-day placeholders, from the content's first closed run ahead (None
    when it lists none): 10:00 on its first day and on the first open day after it."""
    clinic = content().clinic
    zone = ZoneInfo(clinic.time_zone)
    today = datetime.now(zone).date()
    ahead = sorted((run for run in clinic.closed.days if run.start > today), key=lambda r: r.start)
    if not ahead:
        return None
    closed_date = ahead[0].start
    open_date = ahead[0].last + timedelta(days=1)
    while clinic.closed.includes(open_date):
        open_date += timedelta(days=1)

    def ten_am(day) -> datetime:
        return datetime(day.year, day.month, day.day, 10, tzinfo=zone)

    return {
        "closed_date": closed_date.isoformat(),
        "closed_slot": ten_am(closed_date).isoformat(timespec="milliseconds"),
        "open_date": open_date.isoformat(),
        "open_slot": ten_am(open_date).isoformat(timespec="milliseconds"),
        "open_slot_answer": ten_am(open_date).isoformat(timespec="seconds"),
    }


def filled(case: dict) -> dict:
    """The case with its placeholders filled from the content (a closed day's), or skipped
    when the content has nothing to fill them with."""
    if case.get("needs") != "closed_day":
        return case
    values = closed_day_placeholders()
    if values is None:
        pytest.skip("the content lists no closed day ahead (clinic.yaml, closed.days)")
    text = json.dumps(case)
    for name, value in values.items():
        text = text.replace("{" + name + "}", value)
    return json.loads(text)


def run_case(case: dict, relay: Relay, stub: CalApiStub) -> None:
    """Runs the case's steps in order; fails naming the case, the step and each difference."""
    doctor = doctor_under_test()
    case = filled(case)
    for number, step in enumerate(steps_for(case, relay), start=1):
        if "after" in step:
            relay.move_clock(CONTRACT["relay_cache"][step["after"]] + 1)
        cal_com = step.get("cal_com", NO_FREE_TIMES)
        body = cal_com.get("text", "").encode()
        if "json" in cal_com:
            body = json.dumps(cal_com["json"]).encode()
        stub.answer_with(
            status=cal_com.get("status", 200), body=body, hang=cal_com.get("hang", False)
        )
        stub.requests.clear()
        request = step.get("request", {})
        method = request.get("method", "GET")
        sent_headers = {**VISITOR["headers"], **request.get("headers", {})}
        # A Cal.com that hangs answers only when the stub stops, after the test: an
        # answer to such a step is the relay giving up by itself (at the contract's
        # `timeout_s`, which every relay reads from the contract), whatever the time.
        answer = relay.ask(method, target_of(step, doctor), sent_headers)
        expected = step["answer"]
        asks = step.get("asks_cal_com", expected["status"] == 200)
        problems = [
            *answer_problems(answer, expected, method, relay.base_headers),
            *asked_problems(stub, doctor, asks, sent_headers),
        ]
        assert not problems, f"{case['name']!r}, step {number}:\n  " + "\n  ".join(problems)


def answer_problems(
    answer: Answer, expected: dict, method: str, base_headers: dict[str, str]
) -> list[str]:
    contract = CONTRACT["answer"]
    status = expected["status"]
    if answer.status != status:
        return [f"status {answer.status}, not {status} (body: {answer.body[:200]!r})"]
    wanted = {name.lower(): value for name, value in base_headers.items()}
    if status != 404:  # a 404 is the host's own page or answer, with its own policy
        wanted["content-security-policy"] = security.NON_DOCUMENT_CSP
    if status == 200:
        times = expected["times"]
        wanted["content-type"] = contract["content_type"]
        # Kept a while with times; without, by no one (the rule stated here, not asked of
        # the code under test).
        wanted["cache-control"] = contract[
            "cache_control_with_times" if times else "cache_control_without_times"
        ]
        body = b"" if expected.get("no_body") else json.dumps({"times": times}).encode()
    else:
        wanted["cache-control"] = security.CACHE_NONE
        body = None
        if status == 405:
            wanted["allow"] = ", ".join(contract["methods"])
    problems = [
        f"{name}: {answer.headers.get(name)!r}, not {value!r}"
        for name, value in wanted.items()
        if answer.headers.get(name) != value
    ]
    if body is not None and _json_or_bytes(answer.body) != _json_or_bytes(body):
        problems.append(f"body {answer.body[:300]!r}, not {body!r}")
    if method == "HEAD" and answer.body:
        problems.append(f"a body for HEAD: {answer.body[:100]!r}")
    return problems


def _json_or_bytes(body: bytes):
    try:
        return json.loads(body)
    except ValueError:
        return body


def asked_problems(
    stub: CalApiStub, doctor: Doctor, asks: bool, visitor_headers: dict[str, str]
) -> list[str]:
    """Cal.com asked once about this doctor with our own data only (the query exactly
    ours, no header value of the visitor's), or not at all."""
    if not asks:
        return [f"Cal.com was asked: {stub.requests}"] if stub.requests else []
    if len(stub.requests) != 1:
        return [f"Cal.com asked {len(stub.requests)} times, not once"]
    (asked,) = stub.requests
    zone = content().clinic.time_zone
    today = datetime.now(ZoneInfo(zone)).date()
    cal_com = CONTRACT["cal_com"]
    wanted_query = {
        "eventTypeId": str(doctor.cal_event_type_id),
        "start": today.isoformat(),
        "end": (today + timedelta(days=cal_com["days_ahead"])).isoformat(),
        "timeZone": zone,
    }
    problems = []
    if asked.path != urlsplit(open_times.api_origin() + cal_com["path"]).path:
        problems.append(f"asked {asked.path}")
    if asked.query != wanted_query:
        problems.append(f"asked with the query {asked.query}, not {wanted_query}")
    for name, value in cal_com["headers"].items():
        if asked.headers.get(name) != value:
            problems.append(f"asked with {name}: {asked.headers.get(name)!r}, not {value!r}")
    sent = " ".join(f"{name}: {value}" for name, value in asked.headers.items())
    return problems + [
        f"the visitor's {name} ({value!r}) reached Cal.com"
        for name, value in visitor_headers.items()
        if value in sent
    ]
