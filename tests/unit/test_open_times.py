"""The production server's `/api/open-times/<doctor>` against a stub of Cal.com's API."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx
import pytest

from clinic.build_steps.site_files import open_times_fallback, static_host_rules
from clinic.framework.app_folders import SITE_ROOT_FILES
from clinic.server import open_times, security
from clinic.server.middleware import NotFound, SiteMiddleware, resolve
from clinic.site.content import LANGS, content
from clinic.site.routes import OPEN_TIMES_PATH_PREFIX
from devtools.content_variants import copy_content, grown, site_content
from tests.cal_api_stub import CalApiStub
from tests.open_times_contract import CASES, Answer, Relay, case_id, run_case

CLINIC = content().clinic
ZONE = ZoneInfo(CLINIC.time_zone)
# The doctors whose open times content asks for (a doctor may have none).
BOOKABLE = [d for d in content().doctors if d.cal_event_type_id]
needs_open_times = pytest.mark.skipif(
    not BOOKABLE, reason="no doctor in content has a Cal.com event type"
)


async def _no_app(scope, receive, send):  # every request of these tests is answered before it
    raise AssertionError(f"reached the file server: {scope['path']}")


async def _no_files(scope, receive, send):
    """The file server of a build with no files: its own 404 for every path."""
    await send(
        {"type": "http.response.start", "status": 404, "headers": [(b"content-type", b"text/html")]}
    )
    await send({"type": "http.response.body", "body": b"<h1>404</h1>"})


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def stub(monkeypatch):
    server = CalApiStub().start()
    monkeypatch.setenv(open_times.ORIGIN_ENV, server.origin)
    yield server
    server.stop()


@pytest.fixture
def clock():
    return FakeClock()


class SiteClient:
    """Requests to the middleware in-process, on one event loop as in the server. The
    loop runs in a thread of its own: when the browser tests share the session (`pytest
    tests`), Playwright's sync API already runs an event loop in this one."""

    def __init__(self, site, thread: ThreadPoolExecutor, runner: asyncio.Runner):
        self.site, self.thread, self.runner = site, thread, runner

    def request(self, method: str, path: str, headers: dict | None = None) -> httpx.Response:
        async def send():
            transport = httpx.ASGITransport(app=self.site)
            async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
                return await http.request(method, path, headers=headers)

        return self.thread.submit(self.runner.run, send()).result()

    def get(self, path, headers=None):
        return self.request("GET", path, headers)

    def head(self, path):
        return self.request("HEAD", path)

    def post(self, path):
        return self.request("POST", path)


@contextmanager
def site_client(app, static_dir, clock):
    site = SiteMiddleware(app, static_dir=static_dir)
    site.open_times = open_times.OpenTimes(clock=clock)
    with ThreadPoolExecutor(1) as thread:
        runner = asyncio.Runner()
        try:
            yield SiteClient(site, thread, runner)
        finally:
            thread.submit(runner.close).result()  # in the thread that ran it


@pytest.fixture
def client(tmp_path, clock):
    with site_client(_no_app, tmp_path, clock) as site:
        yield site


def future_starts(count: int, first_in_days: int = 1) -> dict[str, list[str]]:
    """Slots at 10:00 and 16:00 clinic time on consecutive days, Cal.com's shape."""
    day = datetime.now(ZONE).replace(hour=10, minute=0, second=0, microsecond=0) + timedelta(
        days=first_in_days
    )
    slots: dict[str, list[str]] = {}
    while sum(map(len, slots.values())) < count:
        for hour in (10, 16):
            slots.setdefault(day.date().isoformat(), []).append(day.replace(hour=hour).isoformat())
        day += timedelta(days=1)
    return slots


def url(doctor) -> str:
    return OPEN_TIMES_PATH_PREFIX + doctor.slug


@pytest.fixture
def without_event_type(tmp_path):
    """content/ grown by a doctor with no Cal.com event type, the site's code on it."""
    directory = copy_content(tmp_path / "content")
    slug = grown(directory)
    with site_content(directory):
        yield content().doctor(slug)


def test_a_doctor_without_an_event_type_has_no_open_times_and_no_request(
    without_event_type, stub, client
):
    doctor = without_event_type
    assert doctor.cal_event_type_id is None
    assert open_times.doctor_for_path(url(doctor)) is None
    assert doctor not in open_times.doctors_with_open_times()
    # The site's 404, as for any unknown path (and as a static host answers: no file).
    assert resolve("GET", url(doctor).encode()) == NotFound()
    assert stub.requests == []


def test_the_build_writes_open_times_answers_only_where_the_server_gives_them(
    without_event_type,
):
    """Static hosts serve the build's files: a file for a doctor the server answers 404
    for would make the two disagree."""
    written = {Path(file).name: body for file, body in open_times_fallback._files()}
    assert without_event_type.slug not in written
    with_times = [d.slug for d in content().doctors if open_times.doctor_for_path(url(d))]
    assert sorted(written) == sorted(with_times)
    assert all(json.loads(body) == {"times": []} for body in written.values())
    assert static_host_rules.open_times_paths() == [url(content().doctor(s)) for s in with_times]


def test_the_build_takes_out_the_answers_an_earlier_build_left(without_event_type, tmp_path):
    """.web outlives builds: a doctor whose event type was taken out keeps no file there."""
    folder = tmp_path / SITE_ROOT_FILES / OPEN_TIMES_PATH_PREFIX.strip("/")
    folder.mkdir(parents=True)
    earlier = [d.slug for d in content().doctors]  # every doctor had open times before
    for slug in earlier:
        (folder / slug).write_text('{"times":[]}')
    removed = {file.name for file in open_times_fallback.remove_stale_answers(tmp_path)}
    with_times = {d.slug for d in open_times.doctors_with_open_times()}
    assert without_event_type.slug in removed
    assert removed == set(earlier) - with_times
    assert {file.name for file in folder.iterdir()} == with_times


@pytest.mark.parametrize("lang", LANGS)
def test_only_doctors_with_an_event_type_keep_a_place_for_open_times(without_event_type, lang):
    from clinic.site.pages import renderer
    from clinic.site.routes import doctor_page_id, page

    for doctor in content().doctors:
        rendered = str(renderer("doctor")(page(doctor_page_id(doctor.slug), lang)))
        # The block (which asks for the times when it mounts) and the fallback in its place.
        for attribute in ("data-open-times", "data-open-times-fallback"):
            found = f'"{attribute}":"{doctor.slug}"' in rendered
            assert found == bool(doctor.cal_event_type_id), (doctor.slug, attribute)
    # No place kept for them on a phone: the hero is as tall as what it holds.
    assert "100svh" not in rendered


def test_each_doctor_has_their_own_answer(stub, client):
    stub.answer_with(slots=future_starts(3))
    for doctor in BOOKABLE:
        assert client.get(url(doctor)).status_code == 200
    assert [r.query["eventTypeId"] for r in stub.requests] == [
        str(d.cal_event_type_id) for d in BOOKABLE
    ]


@needs_open_times
def test_unreachable_upstream_answers_no_times(monkeypatch, client):
    monkeypatch.setenv(open_times.ORIGIN_ENV, "http://127.0.0.1:9")  # discard port: nothing listens
    assert client.get(url(BOOKABLE[0])).json() == {"times": []}


@pytest.mark.parametrize("path", [OPEN_TIMES_PATH_PREFIX + "nobody", OPEN_TIMES_PATH_PREFIX])
def test_unknown_doctors_are_404(stub, path):
    assert resolve("GET", path.encode()) == NotFound()
    assert stub.requests == []


# ------------------------------------------------------------------ the contract, on this relay


@needs_open_times
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_servers_relay_keeps_the_contract(case, stub, tmp_path, clock):
    """Every case of tests/open_times_cases.json, as the CDN's functions run them too
    (tests/e2e/test_edge_relay.py); here the relay's clock is the test's."""

    def move_clock(seconds):
        clock.now += seconds

    with site_client(_no_files, tmp_path, clock) as client:

        def ask(method, target, headers):
            response = client.request(method, target, headers)
            return Answer(response.status_code, dict(response.headers), response.content)

        run_case(case, Relay(ask, security.BASE_HEADERS, move_clock=move_clock), stub)
