"""Reflex's 404 page prerendered at the paths a site names, for the site to place.

Reflex registers the 404 page as React Router's catch-all route, which is never
prerendered: `404.html` is the empty client-rendered shell, so a patient who follows a
dead link sees nothing until the JavaScript has arrived and run (Lighthouse, slow 4G:
largest paint 2.3 s, against 0.9 s for a prerendered page). When the page's content
depends only on something the path shows (its language, here), rendering the catch-all
route at one such unknown path per variant at build time gives HTML that hydrates
unchanged at any unknown path of that variant.

This plugin adds the paths to the ones React Router prerenders and, after the build,
hands each page to the site's `place` (which writes it where hosts look for it:
clinic/build_steps/site_files/not_found_pages.py); React Router's own files at those paths
are removed, so the paths are unknown like any other.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import reflex as rx
from reflex.plugins.base import Plugin

from clinic.framework.browser_steps import function
from clinic.framework.errors import FrameworkChanged

THIS_FILE = "clinic/framework/patches/not_found_pages.py"
REACT_ROUTER_CONFIG = "react-router.config.js"
PRERENDER_ALL = '"prerender": true'
# React Router's client-rendered shell. Reflex copies it to `404.html` after every plugin's
# `post_build`, so the site writes its root page there too, or the copy would bring the
# shell back.
SHELL = "__spa-fallback.html"
# The shell itself is kept beside the export (not served): bench/lighthouse.py measures it as
# the client-rendered reference.
KEPT_SHELL = "client-rendered-shell.html"


def _rendered_file(path: str) -> str:
    """Where React Router writes the page prerendered at `path`."""
    return path + ".html"


def with_prerendered_paths(config_js: str, paths: list[str]) -> str:
    """React Router's config with `paths` added to the prerendered ones.

    In development (`reflex run`) Reflex prerenders nothing and writes no `prerender`
    key: every page, the 404 page included, renders in the browser, so there is nothing
    to add and the config is left as it is."""
    if '"prerender"' not in config_js:
        return config_js
    if config_js.count(PRERENDER_ALL) != 1:
        raise FrameworkChanged(
            "404 pages",
            f"expected {PRERENDER_ALL} in {REACT_ROUTER_CONFIG}: Reflex's config changed",
            THIS_FILE,
        )
    # React Router calls it with its own list: ours are added to every static path.
    all_paths = function(
        lambda options: (
            options.to(dict)["getStaticPaths"].to(rx.vars.FunctionVar).call().to(list[str])
            + rx.Var.create(paths)
        )
    )
    return config_js.replace(PRERENDER_ALL, f'"prerender": {all_paths!s}')


def take_prerendered_pages(static_dir: Path, paths: Mapping[str, str]) -> dict[str, str]:
    """The HTML prerendered at each of `paths` (by the same name), React Router's files
    at those paths removed; the client-rendered shell kept beside the export."""
    shell = static_dir / SHELL
    if not shell.is_file():
        raise FrameworkChanged(
            "404 pages", f"React Router wrote no {SHELL} (its client-rendered shell)", THIS_FILE
        )
    shutil.copyfile(shell, static_dir.parent / KEPT_SHELL)
    pages = {}
    for name, path in paths.items():
        rendered = static_dir / _rendered_file(path).lstrip("/")
        if not rendered.is_file():
            raise FrameworkChanged(
                "404 pages",
                f"React Router did not prerender {_rendered_file(path)} (the added path)",
                THIS_FILE,
            )
        pages[name] = rendered.read_text(encoding="utf-8")
        rendered.unlink()
        shutil.rmtree(static_dir / path.lstrip("/"), ignore_errors=True)
    return pages


@dataclass(kw_only=True)
class PrerenderNotFoundPlugin(Plugin):
    """The 404 page prerendered at each of `paths` (name -> an unknown path); after the
    build, `place(static_dir, pages)` receives each page's HTML by the same name."""

    paths: Mapping[str, str]
    place: Callable[[Path, dict[str, str]], None]

    def pre_compile(self, **context):
        add = partial(with_prerendered_paths, paths=list(self.paths.values()))
        context["add_modify_task"](REACT_ROUTER_CONFIG, add)

    def post_build(self, **context):
        static_dir = Path(context["static_dir"])
        self.place(static_dir, take_prerendered_pages(static_dir, self.paths))
