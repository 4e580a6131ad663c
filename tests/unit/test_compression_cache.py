"""The build's compressed copies come from the cache (clinic/framework/patches/
compression_cache.py and node/compress-static.js): the very bytes Reflex's own compressor
writes, read back for a file compressed before, compressed anew for a changed one, and
shared safely by builds that compress at the same time. The bundle they are made from is
the same bytes build after build (reproducible_bundle.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clinic.framework.errors import FrameworkChanged
from clinic.framework.patches import compression_cache, reproducible_bundle
from clinic.framework.patches.compression_cache import (
    CACHE_ENV,
    OUR_SCRIPT,
    REFLEX_SCRIPT,
    SCRIPT,
    cache_folder,
    check_reflex_runs_the_script,
    script_files,
    trim,
)

NODE = Path(sys.executable).parent / "node"
FORMATS = ("brotli", "gzip")
SIDECARS = (".br", ".gz")
# A file of each kind the compressor meets: compressed (large enough, or an HTML page of any
# size), left alone (too small, or not a text format), in folders as a build has them.
SITE = {
    "assets/framework-abc123.js": "export const frameworkChunk = 1;\n" * 40,
    "assets/page-def456.js": "export const pageChunk = 'a page of its own';\n" * 30,
    "index.html": "<!doctype html><title>x</title>",
    "en/about.html": "<!doctype html><main>" + "about the clinic " * 40 + "</main>",
    "assets/tiny.js": "export {};\n",
    "assets/photo.webp": "RIFF" + "\0" * 600,
    "sitemap.xml": "<urlset>" + "<url><loc>https://example.org/</loc></url>" * 20 + "</urlset>",
}


def make_site(folder: Path, files: dict[str, str] = SITE) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


def sidecars(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.suffix in SIDECARS
    }


def entries(cache: Path) -> dict[str, bytes]:
    return {
        path.relative_to(cache).as_posix(): path.read_bytes()
        for path in sorted(cache.glob("*/*"))
        if path.is_file()
    }


@pytest.fixture
def web(tmp_path) -> Path:
    """A .web folder with our compressor and its settings, as the build writes them."""
    folder = tmp_path / "web"
    folder.mkdir()
    for name, text in script_files(tmp_path / "cache"):
        (folder / name).write_text(text)
    return folder


def compress(web: Path, site: Path) -> subprocess.Popen:
    """Run the compressor on `site` as Reflex's build does (the script, the folder, the
    formats, from .web)."""
    return subprocess.Popen(
        [str(NODE), str(web / SCRIPT), str(site), *FORMATS],
        cwd=web,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def compressed(web: Path, site: Path) -> dict[str, bytes]:
    process = compress(web, site)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 0, output
    return sidecars(site)


def by_reflex(site: Path, into: Path) -> dict[str, bytes]:
    """The sidecars Reflex's own script writes for a copy of `site`."""
    shutil.copytree(site, into)
    for sidecar in sidecars(into):
        (into / sidecar).unlink()
    subprocess.run([str(NODE), str(REFLEX_SCRIPT), str(into), *FORMATS], check=True, timeout=60)
    return sidecars(into)


def test_a_first_build_writes_what_reflexs_compressor_writes_and_fills_the_cache(web, tmp_path):
    site = make_site(tmp_path / "site")
    ours = compressed(web, site)
    assert ours == by_reflex(make_site(tmp_path / "plain"), tmp_path / "reflex")
    assert "assets/tiny.js.br" not in ours and "assets/photo.webp.br" not in ours
    assert "index.html.br" in ours  # an HTML page however small
    # One entry per format and compressed file, holding the sidecar's bytes.
    assert sorted(entries(tmp_path / "cache").values()) == sorted(ours.values())


def test_a_file_compressed_before_is_read_from_the_cache(web, tmp_path):
    compressed(web, make_site(tmp_path / "first"))
    cache = tmp_path / "cache"
    # Mark every entry: a second build that compressed anew would not write the marks.
    for name in entries(cache):
        (cache / name).write_bytes(b"from the cache " + name.encode())
    second = compressed(web, make_site(tmp_path / "second"))
    assert sorted(second.values()) == sorted(entries(cache).values())
    assert all(data.startswith(b"from the cache ") for data in second.values())


def test_a_changed_file_is_compressed_anew_and_the_others_still_hit(web, tmp_path):
    first = compressed(web, make_site(tmp_path / "first"))
    before = entries(tmp_path / "cache")
    # An edit that keeps the file's size (a digit, a letter's case): only its bytes tell.
    page = SITE["assets/page-def456.js"]
    changed_site = {**SITE, "assets/page-def456.js": page.replace("a page", "A page", 1)}
    assert len(changed_site["assets/page-def456.js"]) == len(page)
    second = compressed(web, make_site(tmp_path / "second", changed_site))
    after = entries(tmp_path / "cache")

    expected = by_reflex(make_site(tmp_path / "plain", changed_site), tmp_path / "reflex")
    assert second == expected
    assert second["assets/page-def456.js.br"] != first["assets/page-def456.js.br"]
    assert {k: v for k, v in second.items() if "page-def456" not in k} == {
        k: v for k, v in first.items() if "page-def456" not in k
    }
    # The old entries stay (another build may have the old file); one new one per format.
    assert before.items() <= after.items()
    assert len(after) == len(before) + len(FORMATS)


def test_builds_compressing_at_once_share_the_cache_safely(web, tmp_path):
    expected = by_reflex(make_site(tmp_path / "plain"), tmp_path / "reflex")
    sites = [make_site(tmp_path / f"build-{n}") for n in range(4)]
    processes = [compress(web, site) for site in sites]
    for process in processes:
        output, _ = process.communicate(timeout=120)
        assert process.returncode == 0, output
    for site in sites:
        assert sidecars(site) == expected
    cache = tmp_path / "cache"
    assert not [path.name for path in cache.rglob("*.tmp")], "a partial entry was left"
    assert sorted(set(entries(cache).values())) == sorted(set(expected.values()))
    # A build after them reads the entries they wrote, whole.
    assert compressed(web, make_site(tmp_path / "after")) == expected


def test_a_partial_entry_left_by_a_stopped_build_is_never_read(web, tmp_path):
    compressed(web, make_site(tmp_path / "first"))
    cache = tmp_path / "cache"
    name, data = next(iter(entries(cache).items()))
    (cache / name).rename(cache / f"{name}.4242-abcdef.tmp")
    (cache / f"{name}.4242-abcdef.tmp").write_bytes(data[: len(data) // 2])
    expected = by_reflex(make_site(tmp_path / "plain"), tmp_path / "reflex")
    assert compressed(web, make_site(tmp_path / "second")) == expected
    assert (cache / name).read_bytes() == data


def test_another_node_or_setting_uses_entries_of_its_own(web, tmp_path):
    """The folder of an entry names its format, settings and library version: Node's
    brotli of another release writes other bytes, and must not read these."""
    compressed(web, make_site(tmp_path / "site"))
    folders = sorted(path.name for path in (tmp_path / "cache").iterdir())
    assert [name.split("-")[0] for name in folders] == sorted(FORMATS)
    assert all(len(name.split("-")[1]) == 16 for name in folders)


def _entry(folder: Path, name: str, size: int, used_s_ago: float, now: float) -> Path:
    path = folder / "brotli-0123456789abcdef" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    os.utime(path, (now - used_s_ago, now - used_s_ago))
    return path


def test_the_trim_removes_the_longest_unused_entries_down_below_the_bound(tmp_path):
    now = time.time()
    old = [_entry(tmp_path, f"old{n}", 100, 1000 + n, now) for n in range(5)]
    recent = [_entry(tmp_path, f"recent{n}", 100, n, now) for n in range(5)]
    assert trim(tmp_path, max_bytes=1000, now=now) == 0  # at the bound: nothing goes
    _entry(tmp_path, "newest", 100, 0, now)
    removed = trim(tmp_path, max_bytes=1000, now=now)
    kept = {path.name for path in tmp_path.glob("*/*")}
    assert sum(1 for _ in tmp_path.glob("*/*")) * 100 <= 1000 * compression_cache.TRIMMED_TO
    assert removed == 11 - len(kept)
    assert {path.name for path in recent} | {"newest"} <= kept
    assert not kept & {path.name for path in old[-removed:]}


def test_the_trim_removes_partial_entries_only_once_abandoned(tmp_path):
    now = time.time()
    fresh = _entry(tmp_path, "a.1-aa.tmp", 10, 5, now)
    abandoned = _entry(tmp_path, "b.2-bb.tmp", 10, compression_cache.ABANDONED_AFTER_S + 1, now)
    trim(tmp_path, now=now)
    assert fresh.exists() and not abandoned.exists()


def test_the_cache_folder_is_the_environments_else_the_projects(monkeypatch, tmp_path):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    assert cache_folder() == tmp_path.resolve()
    monkeypatch.delenv(CACHE_ENV)
    assert cache_folder() == compression_cache.DEFAULT_CACHE.resolve()


def test_the_copies_of_the_project_built_by_tests_and_benches_share_the_cache(monkeypatch):
    from devtools.servers import env

    monkeypatch.delenv(CACHE_ENV, raising=False)
    assert env()[CACHE_ENV] == str(compression_cache.DEFAULT_CACHE.resolve())


def test_reflexs_build_still_runs_the_script_ours_replaces():
    check_reflex_runs_the_script()
    assert (Path(SCRIPT), OUR_SCRIPT.read_text()) in script_files(Path("/anywhere"))


def test_reflexs_state_module_imports_the_version_alone():
    reflex_state = (REFLEX_SCRIPT.parent / reproducible_bundle.STATE_JS).read_text()
    ours = reproducible_bundle.with_version_alone(reflex_state)
    assert reproducible_bundle.REFLEX_IMPORT not in ours
    assert ours.count(reproducible_bundle.OUR_IMPORT) == 1
    assert reproducible_bundle.with_version_alone(ours) == ours  # a second build's compile


def test_the_state_module_reading_another_field_stops_the_build():
    state = reproducible_bundle.REFLEX_IMPORT + "use(reflexEnvironment.project_hash);\n"
    with pytest.raises(FrameworkChanged, match=r"reproducible bundle: .*project_hash"):
        reproducible_bundle.with_version_alone(state)


def test_a_chunk_holding_the_run_time_stops_the_build(tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "context-x.js").write_text(
        f"var {reproducible_bundle.RUN_TIME_KEY}=`2026-01-01 00:00:00`;"
    )
    with pytest.raises(FrameworkChanged, match=r"context-x\.js"):
        reproducible_bundle.check_no_run_time(tmp_path)
