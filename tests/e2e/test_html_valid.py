"""Valid HTML: every prerendered page, in both languages, and the 404 page
prerendered in each language (`404.html`, `en/404.html`: what static hosts serve too) pass
the Nu Html Checker with zero errors.

The pages are what the production server sends, fetched over HTTP, so the check covers
them exactly as a browser receives them."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

from clinic.site.routes import all_pages, path_for
from tests.e2e.languages import LANGS
from tests.e2e.vnu import check


def _fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.read().decode("utf-8")
    except urllib.error.HTTPError as err:  # the 404 pages come with status 404
        return err.read().decode("utf-8")


def test_every_page_and_the_404_pages_pass_the_nu_html_checker(base_url, tmp_path: Path):
    documents = {f"{p.id}-{p.lang}": p.path for p in all_pages()}
    for lang in LANGS:
        documents[f"not-found-{lang}"] = path_for("home", lang).rstrip("/") + "/no-such-page-19"
    files = []
    for name, path in documents.items():
        html = _fetch(base_url + path)
        assert html.lstrip().lower().startswith("<!doctype html>"), (
            f"{path} is not an HTML document"
        )
        file = tmp_path / f"{name.replace(':', '_')}.html"
        file.write_text(html, encoding="utf-8")
        files.append(file)

    errors = check(files)
    assert not errors, "\n".join(
        f"{e['file']}:{e['line']}: {e['message']} [{e['extract']}]" for e in errors
    )
