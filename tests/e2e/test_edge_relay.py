"""A doctor's next open times on the CDN: the build's functions (clinic/edge/, written by
clinic/build_steps/site_files/edge_relay.py) on the hosts' own local runtimes, offline, asking the
stub Cal.com, keep the contract the production server keeps (tests/open_times_cases.json,
the same cases as tests/unit/test_open_times.py).

Cloudflare Pages: the session's `wrangler pages dev` (workerd), which serves the whole
export; the relay keeps answers in the Cache API, so each case asks under a host name of
its own (the Cache API's keys are URLs): no case finds another's answer. Its clock is the
machine's: the steps after a wait run on the server's relay only. A doctor's page served
there shows the times. Netlify: its local runtime for functions
(tests/e2e/netlify_functions.py), which keeps nothing between requests: Netlify's CDN
keeps the answers, as the function's headers ask it to.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from clinic.build_steps.site_files import edge_relay
from clinic.build_steps.site_files.static_host import NETLIFY_DIR
from clinic.build_steps.site_files.static_host_rules import (
    CLOUDFLARE_ROUTES,
    everywhere,
)
from clinic.framework.app_folders import EXPORT_DIR
from clinic.project import PROJECT_DIR
from clinic.server import open_times, security
from clinic.site.content import content
from clinic.site.routes import (
    OPEN_TIMES_PATH_PREFIX,
    doctor_page_id,
    path_for,
)
from tests.e2e.languages import DEFAULT_LANG
from tests.e2e.netlify_functions import functions_dev
from tests.e2e.page_ready import page_ready
from tests.e2e.test_server import fetch
from tests.open_times_contract import CASES, Answer, Relay, case_id, doctor_under_test, run_case

pytestmark = pytest.mark.own_server("the hosts' runtimes, serving our own build's functions")
needs_open_times = pytest.mark.skipif(
    not open_times.doctors_with_open_times(), reason="no doctor in content has open times"
)
# What the functions send with every answer of their own (HTTPS only: HSTS always).
FUNCTION_HEADERS = {**everywhere()}
NETLIFY_CDN_CACHE = "netlify-cdn-cache-control"


def with_times() -> set[str]:
    return {doctor.slug for doctor in open_times.doctors_with_open_times()}


def host_for(case: dict) -> str:
    """A host name of the case's own, so that no case finds another's kept answer."""
    return re.sub(r"[^a-z0-9]+", "-", case["name"].lower()).strip("-")[:60] + ".open-times.test"


def asker(site_url: str, host: str):
    def ask(method: str, target: str, headers: dict[str, str]) -> Answer:
        status, answer_headers, body = fetch(site_url, target, method, {**headers, "Host": host})
        return Answer(status, answer_headers, body)

    return ask


@pytest.fixture
def cal_com(cal_api):
    """The session's stub Cal.com, with no request recorded yet (the static hosts' other
    tests ask it too, through the function), put back to its first answer after the test:
    those tests compare the function's answers with the production server's, which has no
    Cal.com at all."""
    cal_api.requests.clear()
    yield cal_api
    cal_api.answer_with()


# ------------------------------------------------------------------ Cloudflare Pages


@needs_open_times
@pytest.mark.xdist_group("cloudflare_pages")  # the session's one Cloudflare runtime
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_cloudflare_pages_function_keeps_the_contract(case, cloudflare, cal_com):
    run_case(case, Relay(asker(cloudflare.url, host_for(case)), FUNCTION_HEADERS), cal_com)


@pytest.mark.xdist_group("cloudflare_pages")
def test_no_file_of_the_export_goes_through_the_function(served_build, cloudflare):
    """Every page and file is a static request (free, with its `_headers` and `_redirects`:
    tests/e2e/test_static_hosts.py); the function gets only the relay's requests (the
    route table's paths: tests/unit/test_edge_relay.py)."""
    routes = json.loads((served_build / CLOUDFLARE_ROUTES).read_text(encoding="utf-8"))
    assert routes == edge_relay.routes()
    files = [
        "/" + file.relative_to(served_build).as_posix()
        for file in served_build.rglob("*")
        # Not the host's own files (`_headers`, `_worker.js/`...), which it never serves.
        if file.is_file() and not file.relative_to(served_build).parts[0].startswith("_")
    ]
    routed = sorted(path for path in files if edge_relay.sends_to_function(path, routes))
    # Only the answers written for hosts that run no function, which it replaces.
    assert files and routed == [OPEN_TIMES_PATH_PREFIX + slug for slug in sorted(with_times())]
    assert f"Ready on {cloudflare.url}" in cloudflare.output()


@pytest.mark.xdist_group("cloudflare_pages")
def test_cloudflare_runs_the_function_on_the_compatibility_date_the_build_wrote(cloudflare):
    """docs/deploying.md's `wrangler pages dev .web/build/client`, from the project, needs no
    flag: wrangler reads the date from the settings the build wrote (without one, it takes
    today's, which its bundled runtime may not know yet, and the function never starts)."""
    output = cloudflare.output()
    config = EXPORT_DIR.parent.relative_to(PROJECT_DIR) / edge_relay.WRANGLER_CONFIG
    assert f'Configuration being used: "{config}"' in output
    assert "No compatibility_date" not in output and "compatibility date" not in output


@needs_open_times
@pytest.mark.xdist_group("cloudflare_pages")
def test_a_doctors_page_served_by_cloudflare_shows_the_times(new_context, cloudflare, cal_com):
    """The page's own request, through the function, to Cal.com (the stub) and back."""
    doctor = doctor_under_test()
    zone = ZoneInfo(content().clinic.time_zone)
    tomorrow = datetime.now(zone).replace(hour=10, minute=0, second=0, microsecond=0)
    tomorrow += timedelta(days=1)
    starts = [tomorrow + timedelta(hours=hours) for hours in (0, 3, 24, 27)]
    days: dict[str, list[str]] = {}
    for start in starts:
        days.setdefault(start.date().isoformat(), []).append(start.isoformat())
    cal_com.answer_with(slots=days)
    # Another host name than the other tests' (the Cache API keeps answers by URL).
    site = cloudflare.url.replace("127.0.0.1", "localhost")
    page = new_context(base_url=site).new_page()
    page.goto(path_for(doctor_page_id(doctor.slug), DEFAULT_LANG))
    links = page.locator(f'[data-open-times="{doctor.slug}"] a')
    expect(links).to_have_count(open_times.MAX_TIMES)
    stamps = [links.nth(i).locator("time").get_attribute("datetime") for i in range(3)]
    shown = [datetime.fromisoformat(stamp.replace("Z", "+00:00")) for stamp in stamps]
    assert shown == starts[: open_times.MAX_TIMES]
    page_ready(page)
    assert len(cal_com.requests) == 1


# ------------------------------------------------------------------ Netlify


@pytest.fixture(scope="session")
def netlify_functions(served_build, cal_api):
    folder = served_build.parent / NETLIFY_DIR / edge_relay.NETLIFY_FUNCTIONS
    with functions_dev(folder, {open_times.ORIGIN_ENV: cal_api.origin}) as runtime:
        yield runtime


@needs_open_times
@pytest.mark.xdist_group("netlify_functions")  # the session's one Netlify runtime
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_netlify_function_keeps_the_contract(case, netlify_functions, cal_com):
    relay = Relay(asker(netlify_functions.url, host_for(case)), FUNCTION_HEADERS, keeps=False)
    run_case(case, relay, cal_com)


@needs_open_times
@pytest.mark.xdist_group("netlify_functions")
@pytest.mark.parametrize("with_times", [True, False], ids=["with times", "without"])
def test_netlify_keeps_the_functions_answers_in_its_cdn(netlify_functions, cal_com, with_times):
    """Netlify's CDN keeps an answer with times as long as a relay keeps it, one without
    times (none free, or Cal.com failed) as briefly as a failure; the browser keeps only
    the first (its own Cache-Control)."""
    start = (datetime.now(ZoneInfo(content().clinic.time_zone)) + timedelta(days=1)).isoformat()
    cal_com.answer_with(slots={start[:10]: [start]} if with_times else {})
    target = OPEN_TIMES_PATH_PREFIX + doctor_under_test().slug
    status, headers, body = fetch(netlify_functions.url, target)
    kept = open_times.FRESH_FOR_S if with_times else open_times.FAILURE_KEPT_S
    assert status == 200 and bool(json.loads(body)["times"]) == with_times
    assert headers[NETLIFY_CDN_CACHE] == f"public, durable, max-age={int(kept)}"
    assert headers["content-security-policy"] == security.NON_DOCUMENT_CSP


def test_the_compatibility_date_is_one_the_installed_runtime_knows():
    """The workerd that tools/static-hosts installs with wrangler names the newest date it
    was made for; a later one stops the function (an older one never does)."""
    workerd = PROJECT_DIR / "tools" / "static-hosts" / "node_modules" / "workerd"
    node = shutil.which("node")
    if node is None or not workerd.exists():
        pytest.skip("make setup static-hosts installs node and wrangler's workerd")
    done = subprocess.run(
        [node, "-e", "console.log(require(process.argv[1]).compatibilityDate)", str(workerd)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() >= edge_relay.CLOUDFLARE_COMPATIBILITY_DATE
