"""The CDN's functions the build writes (clinic/build_steps/site_files/edge_relay.py): what each
folder holds, the data they are given from content/ and the contract, and the routes that
send them only the relay's requests. That they answer as the production server does is
proven on the hosts' own runtimes (tests/e2e/test_edge_relay.py)."""

from __future__ import annotations

import json
import re

import pytest

from clinic.build_steps.site_files import edge_relay
from clinic.build_steps.site_files.static_host_rules import (
    CLOUDFLARE_ROUTES,
    CLOUDFLARE_WORKER,
    everywhere,
    legacy_spellings,
    page_spellings,
)
from clinic.framework.app_folders import EXPORT_DIR
from clinic.project import PROJECT_DIR
from clinic.server import open_times, security
from clinic.site.content import content
from clinic.site.routes import OPEN_TIMES_PATH_PREFIX, all_pages, legacy_redirects

IMPORT = re.compile(r'^import .* from "(\./[^"]+)"', re.MULTILINE)


@pytest.fixture
def written(tmp_path):
    client, netlify = tmp_path / "client", tmp_path / "netlify"
    edge_relay.write_edge_relay(client, netlify)
    return {
        "cloudflare": client / CLOUDFLARE_WORKER,
        "netlify": netlify / edge_relay.NETLIFY_FUNCTIONS / edge_relay.NETLIFY_FUNCTION,
        "routes": client / CLOUDFLARE_ROUTES,
    }


@pytest.mark.parametrize(
    "host, entry",
    [("cloudflare", edge_relay.CLOUDFLARE_ENTRY), ("netlify", edge_relay.NETLIFY_ENTRY)],
)
def test_each_function_gets_its_entry_the_relay_and_every_module_they_import(written, host, entry):
    folder = written[host]
    source, name = entry
    assert (folder / name).read_text() == (edge_relay.EDGE_DIR / source).read_text()
    modules = [folder / name]
    while modules:  # every relative import, followed, is a file written beside it
        module = modules.pop()
        for imported in IMPORT.findall(module.read_text()):
            assert (folder / imported).is_file(), f"{module.name} imports {imported}"
            if imported.endswith(".mjs"):
                assert (folder / imported).read_text() == (
                    edge_relay.EDGE_DIR / imported
                ).read_text()
                modules.append(folder / imported)


def test_the_functions_data_comes_from_content_and_the_contract(written):
    for host in ("cloudflare", "netlify"):
        data = json.loads((written[host] / edge_relay.RELAY_DATA).read_text())
        clinic = content().clinic
        assert data["event_types"] == {
            doctor.slug: doctor.cal_event_type_id
            for doctor in content().doctors
            if doctor.cal_event_type_id
        }
        assert data["api_origin"] == str(clinic.scheduling.api_origin).rstrip("/")
        assert data["time_zone"] == clinic.time_zone
        assert data["path_prefix"] == OPEN_TIMES_PATH_PREFIX
        assert data["not_found_path"].startswith(OPEN_TIMES_PATH_PREFIX)
        assert (
            data["not_found_path"].removeprefix(OPEN_TIMES_PATH_PREFIX) not in data["event_types"]
        )
        assert data["contract"] == json.loads(open_times.CONTRACT_FILE.read_text())
        # The production server's headers, and HSTS: the CDN serves HTTPS only.
        assert data["headers"] == {
            **security.BASE_HEADERS,
            "Strict-Transport-Security": security.HSTS_VALUE,
            "Content-Security-Policy": security.NON_DOCUMENT_CSP,
        }
        assert everywhere().items() <= data["headers"].items()


def test_netlify_routes_the_relays_path_to_its_function():
    """Netlify reads `config.path` from the entry's text, so it is written there, not read
    from the data: it must name the relay's path (Netlify matches a path without its last
    slash, so the prefix itself too)."""
    source = (edge_relay.EDGE_DIR / edge_relay.NETLIFY_ENTRY[0]).read_text()
    (paths,) = re.findall(r"^export const config = \{ path: (\[.*\]) \};$", source, re.MULTILINE)
    assert json.loads(paths) == [OPEN_TIMES_PATH_PREFIX.rstrip("/"), OPEN_TIMES_PATH_PREFIX + "*"]


def test_cloudflare_sends_the_function_the_relays_requests_and_no_page(written):
    routes = json.loads(written["routes"].read_text())
    assert routes == edge_relay.routes() and routes["version"] == 1
    for doctor in content().doctors:
        assert edge_relay.sends_to_function(OPEN_TIMES_PATH_PREFIX + doctor.slug, routes)
    pages = [page.path for page in all_pages()]
    others = [
        *pages,
        *(spelling for page in pages for spelling in page_spellings(page)),
        *(spelling for old in legacy_redirects() for spelling in legacy_spellings(old)),
    ]
    assert [path for path in others if edge_relay.sends_to_function(path, routes)] == []


def test_a_build_leaves_no_module_of_an_earlier_one(written, tmp_path):
    """.web outlives builds: a module since taken out of clinic/edge/ goes too."""
    stale = written["cloudflare"] / "taken_out.mjs"
    stale.write_text("export {};\n")
    edge_relay.write_edge_relay(tmp_path / "client", tmp_path / "netlify")
    assert not stale.exists()


def test_wrangler_finds_the_builds_settings_from_the_project(tmp_path):
    """`wrangler pages dev`, run in the project folder, follows .wrangler/deploy/config.json
    to the settings beside the export (tests/e2e/test_edge_relay.py runs it so)."""
    build = tmp_path / EXPORT_DIR.parent.relative_to(PROJECT_DIR)
    build.mkdir(parents=True)
    edge_relay.write_wrangler_config(tmp_path, build)
    redirect = tmp_path / edge_relay.WRANGLER_REDIRECT
    config = redirect.parent / json.loads(redirect.read_text())["configPath"]
    assert config.resolve() == (build / edge_relay.WRANGLER_CONFIG).resolve()
    settings = json.loads(config.read_text())
    assert settings == {"compatibility_date": edge_relay.CLOUDFLARE_COMPATIBILITY_DATE}
