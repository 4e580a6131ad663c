"""The framework package's build-time checks: each holds on today's Reflex, and each
stops the build with one line naming what changed and the file to update when what it
relies on changes (docs/upgrading.md lists them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from reflex.utils import exec as reflex_exec
from reflex_base.environment import environment
from reflex_base.utils import memo_paths

from clinic.framework import page_modules
from clinic.framework.client_state import SLOT_PREFIX, ClientStateVar, current, set_to
from clinic.framework.client_state_slots import check_client_state_slots
from clinic.framework.errors import FrameworkChanged
from clinic.framework.expression_helpers import expression_helpers_js
from clinic.framework.patches.development_reload import (
    YAML_PATTERNS,
    check_environment_names,
    without_yaml,
)
from clinic.framework.patches.frontend_lock import check_reflex_lock_names
from clinic.project import PROJECT_DIR

REFLEX_STATE_JS = PROJECT_DIR / "assets" / "behaviors" / "reflex_state.js"


def _one_line(error: pytest.ExceptionInfo, file: str) -> None:
    message = str(error.value)
    assert "\n" not in message
    assert f"update {file}" in message


# ------------------------------------------------------------------ client-state slots


def _generated(state: ClientStateVar) -> str:
    """What Reflex generates for a component that declares `state` and reads and sets it
    through assets/behaviors/reflex_state.js."""
    calls = [current(state), set_to(state, 1)]
    hooks = {hook for call in calls for hook in call._get_all_var_data().hooks}
    return "\n".join([*sorted(hooks), *map(str, calls)])


def test_reflex_fills_the_slots_reflex_state_js_reads():
    code = _generated(ClientStateVar.create("probe_open", default=False))
    assert check_client_state_slots(code) == 2  # the state and its setter


def test_a_renamed_slot_stops_the_build_naming_both_files():
    code = _generated(ClientStateVar.create("probe_open", default=False))
    renamed = code.replace(SLOT_PREFIX, "_client_var_")
    with pytest.raises(FrameworkChanged, match=r'refs\["_client_state_probe_open"\]') as error:
        check_client_state_slots(renamed)
    _one_line(error, "clinic/framework/client_state.py and assets/behaviors/reflex_state.js")


def test_generated_code_that_no_longer_calls_the_module_stops_the_build():
    with pytest.raises(FrameworkChanged, match="no call to clientStateValue"):
        check_client_state_slots("const x = 1;")


def test_the_browser_module_reads_the_slots_under_the_same_prefix_and_fails_loudly():
    source = REFLEX_STATE_JS.read_text()
    assert f'const SLOT_PREFIX = "{SLOT_PREFIX}";' in source
    assert "throw new Error" in source
    assert "?.(" not in source  # no call that silently does nothing


# ------------------------------------------------------------------ page modules


def _route(web: Path, name: str, *modules: str) -> None:
    routes = web / page_modules.ROUTES_DIR
    routes.mkdir(parents=True, exist_ok=True)
    imports = "".join(
        f'import {{Comp_{i}}} from "{memo_paths.mirrored_library_specifier(tuple(m.split(".")))}"\n'
        for i, m in enumerate(modules)
    )
    (routes / name).write_text('import {Fragment} from "react"\n' + imports)


def test_reflex_names_memo_modules_after_the_page_functions_module():
    def component():
        return None

    page_modules.own_code_module(component, "clinic.site.pages.contact")
    assert memo_paths.capture_source_module(component) == "clinic.site.pages.contact"


def test_each_route_importing_its_own_kinds_module_passes(tmp_path: Path):
    _route(tmp_path, "_index.jsx", "clinic.site.pages.home.index")
    _route(tmp_path, "[contacto]._index.jsx", "clinic.site.pages.contact")
    page_modules.check_page_modules(tmp_path, "clinic.site.pages")
    assert page_modules.memo_modules_by_route(tmp_path)["_index.jsx"] == {"clinic.site.pages.home"}


@pytest.mark.parametrize(
    "imported",
    [("clinic.clinic",), ("clinic.site.pages.home.index", "clinic.site.pages.contact")],
    ids=["one-module-for-every-page", "two-kinds-on-one-page"],
)
def test_pages_sharing_their_code_stop_the_build(tmp_path: Path, imported):
    _route(tmp_path, "_index.jsx", *imported)
    with pytest.raises(FrameworkChanged, match=r"route _index\.jsx imports") as error:
        page_modules.check_page_modules(tmp_path, "clinic.site.pages")
    _one_line(error, page_modules.THIS_FILE)


def test_routes_with_no_memo_module_at_all_stop_the_build(tmp_path: Path):
    _route(tmp_path, "_index.jsx")
    with pytest.raises(FrameworkChanged, match="no route module"):
        page_modules.check_page_modules(tmp_path, "clinic.site.pages")


# ------------------------------------------------------------------ development reload


def test_reflexs_reload_filter_loses_its_yaml_patterns():
    kept = without_yaml(reflex_exec.HOTRELOAD_IGNORE_PATTERNS)
    assert not set(YAML_PATTERNS) & set(kept)
    assert not any(re.match(pattern, "doctors.yaml") for pattern in kept)
    assert without_yaml(kept) == kept  # rxconfig.py may be read twice
    check_environment_names(environment)


@pytest.mark.parametrize(
    ("changed", "what"),
    [
        (None, "no longer a tuple"),
        ([r"^.*\.py$"], "no longer a tuple"),
        ((r"^.*\.(yaml|yml)$",), "ignores doctors.yaml"),
    ],
)
def test_a_changed_reload_filter_stops_every_command(changed, what):
    with pytest.raises(FrameworkChanged, match=what) as error:
        without_yaml(changed)
    _one_line(error, "clinic/framework/patches/development_reload.py")


def test_a_renamed_reload_setting_stops_every_command():
    with pytest.raises(FrameworkChanged, match="REFLEX_STRICT_HOT_RELOAD"):
        check_environment_names(object())


# ------------------------------------------------------------------ the others


def test_a_moved_lock_folder_stops_the_build():
    check_reflex_lock_names()

    class MovedLock:
        ROOT_LOCKFILE_DIR = "frontend.lock"
        LOCKFILE_PATH = "bun.lock"
        CONFIG_PATH = "bunfig.toml"

    with pytest.raises(FrameworkChanged, match="ROOT_LOCKFILE_DIR") as error:
        check_reflex_lock_names(MovedLock)
    _one_line(error, "clinic/framework/patches/frontend_lock.py")


def test_reflexs_expression_helpers_are_found_or_the_tests_stop():
    assert "const isTrue" in expression_helpers_js()
    with pytest.raises(FrameworkChanged, match="isTrue"):
        expression_helpers_js("export const somethingElse = 1;")
