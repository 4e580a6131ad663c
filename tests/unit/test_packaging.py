"""A plain (not editable) `pip install .` carries everything the build needs."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from clinic.build_steps.site_files import edge_relay
from clinic.framework.patches import (
    dev_server_host,
    lean_bundle,
    lean_router,
    paint_first,
    shell_first,
)
from clinic.project import PROJECT_DIR
from clinic.server import open_times
from devtools.project_copy import copy_project


def test_the_wheel_holds_every_package_and_the_files_the_build_plugins_write(tmp_path):
    # Built from a copy: setuptools writes build/ and *.egg-info beside the sources.
    sources = copy_project(tmp_path / "sources", with_web=False)
    # uv's build (the lock's uv, beside this Python): pip's isolated build environment
    # took 30-40 s of the unit tests' minute to install setuptools; uv's takes a few.
    subprocess.run(
        [
            str(Path(sys.executable).parent / "uv"),
            "build",
            "--wheel",
            "--quiet",
            "--out-dir",
            str(tmp_path),
            str(sources),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    shipped = set(zipfile.ZipFile(wheel).namelist())

    def in_wheel(path: Path) -> str:
        return path.resolve().relative_to(PROJECT_DIR).as_posix()

    packages = [in_wheel(init) for init in (PROJECT_DIR / "clinic").rglob("__init__.py")]
    data = [
        paint_first.ENTRY_CLIENT,
        shell_first.ENTRY_SERVER,
        dev_server_host.PLUGIN_FILE,
        *(lean_bundle.SHIMS_DIR / shim for shim in lean_bundle.SHIMMED_MODULES.values()),
        lean_router.PLUGIN_FILE,
        *(lean_router.SHIMS_DIR / shim for shim in lean_router.STAND_INS.values()),
        open_times.CONTRACT_FILE,
        *(
            edge_relay.EDGE_DIR / source
            for source in (
                edge_relay.RELAY_MODULE,
                edge_relay.CLOUDFLARE_ENTRY[0],
                edge_relay.NETLIFY_ENTRY[0],
            )
        ),
    ]
    assert len(packages) >= 4
    missing = sorted({*packages, *map(in_wheel, data)} - shipped)
    assert missing == []
    # What tests, benches and tools share to run the site here is not part of the site.
    assert not [name for name in shipped if name.startswith(("devtools/", "tests/", "bench/"))]
