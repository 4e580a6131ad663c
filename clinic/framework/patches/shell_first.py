"""A tap on the header is answered while the rest of the page hydrates.

React hydrates a page in slices, but an input event (a pointerdown, a click) that comes
while it is hydrating makes it finish hydrating everything at once, in the event's own
task, before the browser may draw the answer: on a slow phone a tap on the menu button
then waited 300-700 ms (bench/reports/tap-during-load.md). Content inside a Suspense
boundary hydrates on its own, after the page's shell; an event outside it only waits for
the shell. So every page's content, and the inside of each menu's panel, is in a
boundary (clinic/site/components/hydrate_later.py): the shell is the header with its
menu buttons.

React would prerender a large boundary's content out of place, hidden until an inline
script moved it; this plugin writes the server entry that keeps it in place
(`clinic/framework/patches/client/entry.server.jsx` says how). It fails the build if React Router's
default server entry, which ours copies, has changed.
"""

from __future__ import annotations

from pathlib import Path

from reflex.plugins.base import Plugin

from clinic.framework.app_folders import web_dir
from clinic.framework.errors import FrameworkChanged

ENTRY_SERVER = Path(__file__).parent / "client" / "entry.server.jsx"
APP_ENTRY_SERVER = "app/entry.server.jsx"
# React Router's own entry, which ours follows but for the one option.
DEFAULT_ENTRY_SERVER = "node_modules/@react-router/dev/dist/config/defaults/entry.server.node.jsx"
OUR_OPTION = "progressiveChunkSize: Number.POSITIVE_INFINITY,"


class UnexpectedServerEntry(FrameworkChanged):
    pass


def entry_server() -> tuple[str, str]:
    """Our server entry, written as the app's before the build."""
    return APP_ENTRY_SERVER, ENTRY_SERVER.read_text()


def check_default_entry(web: Path) -> None:
    """Fail the build if React Router's default server entry (installed with the frontend
    packages, so checked after the build) is no longer ours but for OUR_OPTION."""
    default = web / DEFAULT_ENTRY_SERVER
    ours = [line for line in _code(ENTRY_SERVER.read_text()) if line != OUR_OPTION]
    if not default.exists() or ours != _code(default.read_text()):
        raise UnexpectedServerEntry(
            "shell first", f"React Router's {default} changed", f"{ENTRY_SERVER} to match it"
        )


def _code(source: str) -> list[str]:
    """The source's lines of code: no comments, no blank lines."""
    lines = (line.strip() for line in source.splitlines())
    return [line for line in lines if line and not line.startswith("//")]


class ShellFirstPlugin(Plugin):
    """Writes the server entry before every build; checks it still follows React
    Router's after."""

    def pre_compile(self, **context):
        context["add_save_task"](entry_server)

    def post_build(self, **context):
        check_default_entry(web_dir())
