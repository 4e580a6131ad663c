"""Reflex configuration: a static-first site (docs/design.md, "Static first")."""

import reflex as rx

from clinic.build_steps.site_files.edge_relay import EdgeRelayPlugin
from clinic.build_steps.site_files.not_found_pages import not_found_pages_plugin
from clinic.build_steps.site_files.open_times_fallback import OpenTimesFallbackPlugin
from clinic.build_steps.site_files.page_files import OneFilePerPagePlugin
from clinic.build_steps.site_files.sitemap import SitemapAndRobotsPlugin
from clinic.build_steps.site_files.static_host import StaticHostFilesPlugin
from clinic.framework.client_state_slots import ClientStateSlotsCheck
from clinic.framework.page_modules import PageModulesCheck
from clinic.framework.patches.compression_cache import CompressionCachePlugin
from clinic.framework.patches.dev_server_host import LoopbackDevServerPlugin
from clinic.framework.patches.development_reload import reload_on_every_edit
from clinic.framework.patches.frontend_lock import FrozenFrontendLockPlugin
from clinic.framework.patches.language_manifests import LanguageManifestsPlugin
from clinic.framework.patches.lean_bundle import LeanBundlePlugin
from clinic.framework.patches.lean_router import LeanRouterPlugin
from clinic.framework.patches.paint_first import PaintFirstPlugin
from clinic.framework.patches.reproducible_bundle import ReproducibleBundlePlugin
from clinic.framework.patches.shell_first import ShellFirstPlugin
from clinic.framework.patches.tailwind_sources import TAILWIND_SOURCES, TailwindSourcesPlugin
from clinic.site.routes import LANGS, lang_prefix
from clinic.site.theme import tailwind_theme

# `reflex run` reloads on edits to content/ too, each time with a fresh load of it.
reload_on_every_edit()

config = rx.Config(
    app_name="clinic",
    plugins=[
        rx.plugins.TailwindV4Plugin(
            config={
                # Our own wrapped React widgets carry Tailwind classes too.
                "content": TAILWIND_SOURCES,
                "theme": tailwind_theme(),
                "plugins": [],
            }
        ),
        # Tailwind makes classes from those globs only, not from every file in .web.
        TailwindSourcesPlugin(),
        # Unused framework libraries (emotion, socket.io, cookies, uploads) resolved to small stand-ins.
        LeanBundlePlugin(),
        # React Router code for features the site never switches on, left out of the pages.
        LeanRouterPlugin(),
        # The same code and content build the same bytes (no build time in the bundle): a
        # build's files are an earlier build's, down to their compressed copies.
        ReproducibleBundlePlugin(),
        # The 404 page prerendered in each language (served for unknown paths).
        not_found_pages_plugin(),
        # One prerendered file per page: the copy no request is answered with goes before
        # the steps that rewrite and compress every page.
        OneFilePerPagePlugin(),
        # Each page loads the route manifest of its own language (its prefix), not every
        # language's: before the steps that move and compress what the pages load.
        LanguageManifestsPlugin(prefixes=tuple(lang_prefix(lang) for lang in LANGS)),
        # Prerendered pages paint before their scripts download (no modulepreload hints).
        PaintFirstPlugin(),
        # Pages prerender whole with their content in a Suspense boundary: a tap on the
        # header does not wait for the content to hydrate.
        ShellFirstPlugin(),
        # _redirects and _headers for static hosts, written after every production build.
        StaticHostFilesPlugin(),
        # sitemap.xml (with hreflang alternates) and robots.txt from the route table.
        SitemapAndRobotsPlugin(),
        # Empty open-times answers where no server or function answers (development).
        OpenTimesFallbackPlugin(),
        # The CDN's functions that answer open times (Cloudflare Pages, Netlify).
        EdgeRelayPlugin(),
        # The compressed copies Reflex writes after all the steps above come from a cache
        # when the same bytes were compressed before (CLINIC_COMPRESSION_CACHE).
        CompressionCachePlugin(),
        # bun installs exactly reflex.lock/ or fails (bunfig.toml: frozen lockfile).
        FrozenFrontendLockPlugin(),
        # `reflex run`'s development server listens on 127.0.0.1 only (CLINIC_DEV_HOST opens it).
        LoopbackDevServerPlugin(),
        # After every build: the client-state slots the browser steps read are still
        # Reflex's, and each page's compiled code is still a module of its own.
        ClientStateSlotsCheck(),
        PageModulesCheck(pages_package="clinic.site.pages"),
    ],
    # Precompressed sidecars the server picks from by Accept-Encoding (brotli first).
    frontend_compression_formats=["brotli", "gzip"],
    # We write our own sitemap, with hreflang alternates, from the route table.
    disable_plugins=[rx.plugins.SitemapPlugin],
    telemetry_enabled=False,
    show_built_with_reflex=False,
    # Development keeps Reflex's default ports (3000 for the page, 8000 for the backend);
    # `make run` serves both on one port. Nothing listens beyond this machine (the
    # development page server: LoopbackDevServerPlugin).
    backend_host="127.0.0.1",
)
