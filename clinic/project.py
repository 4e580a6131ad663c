"""Where the Reflex project lives: the folder with rxconfig.py, content/ and assets/.

From a source checkout (editable install, or the repository on `sys.path`) that is the
folder above this package. A plain `pip install .` puts the package in site-packages,
away from content/ and assets/; Reflex is always run from the project folder, so there
it is the working directory. It imports nothing of the package: everything may use it.
"""

from __future__ import annotations

import os
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent

PROJECT_DIR = _CHECKOUT if (_CHECKOUT / "rxconfig.py").is_file() else Path.cwd()
# CLINIC_ASSETS_DIR reads the pictures (and other assets) of another clinic's copy, beside
# its content in CLINIC_CONTENT_DIR: the clinic matrix's unit tests (tests/matrix/unit.py)
# check a variant with the pictures its recipe added (a share image under its own brand).
ASSETS_DIR = Path(os.environ.get("CLINIC_ASSETS_DIR") or PROJECT_DIR / "assets").resolve()
# CLINIC_CONTENT_DIR builds the site from another copy of content/ (the content-edit
# proof in tests/ uses it; a clinic can try an edit without touching its own files).
CONTENT_DIR = Path(os.environ.get("CLINIC_CONTENT_DIR") or PROJECT_DIR / "content").resolve()
