"""The unit tests that read content, run on one variant of the clinic matrix (its content
in CLINIC_CONTENT_DIR, which clinic/ reads when first imported: one pytest run a variant).

    python -m tests.matrix.unit .cache/clinic-matrix/minimal [--with-growth] [pytest options]

Which tests: every module of tests/unit/ that imports the content or what is made from it
(`reads_content`), less the few left out below, each saying why: what they check does not
change with the content's shape, and they take most of the time of the unit tests; and
those of the languages alone run only where the variant's languages differ from its
source's.
A variant its recipe could not make has no content: the run says so in one line and passes.
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

import yaml

from clinic.project import CONTENT_DIR

PROJECT_DIR = Path(__file__).resolve().parents[2]
UNIT_DIR = PROJECT_DIR / "tests" / "unit"
# A module that imports one of these reads the content in use (clinic/ reads it when
# first imported; the helpers grow copies of it).
CONTENT_READERS = (
    "clinic.site",
    "clinic.server",
    "devtools.content_variants",
    "tests.texts",
    "tools.add_language",
)
# The modules whose tests grow copies of the content (a doctor, a service, a language more)
# and load each in a process of its own: seconds a test. They run on the variant whose
# languages differ most from the sample's (`WITH_GROWTH`; variants.py's `grown`).
GROWING = ("test_growth.py", "test_languages.py")
WITH_GROWTH = "--with-growth"
# Tests that read the content but whose verdict does not depend on its shape.
LEFT_OUT = {
    "test_a_language_missing_a_text_or_a_path_is_refused": (
        "the loader's message for a broken language, on a copy broken on purpose"
    ),
    "test_a_broken_content_file_names_the_file_and_the_field": (
        "the loader's message for each broken file, on copies broken on purpose"
    ),
    "test_an_uncaught_content_error_prints_its_message_without_a_traceback": (
        "how a content error is printed"
    ),
    "test_the_wheel_holds_every_package_and_the_files_the_build_plugins_write": (
        "packaging: a wheel is built"
    ),
    "test_the_script_names_the_notice_for_the_clinics_date": (
        "the closed-day script on dates and settings of its own, not the content's"
    ),
    "test_the_source_is_read_for_keys_of_every_kind": "the code's text keys, read from the code",
    "test_the_servers_relay_keeps_the_contract": (
        "the open-times relay's contract cases (tests/open_times_cases.json), for any doctor "
        "with a calendar: what the content decides (who has one) is tested beside them"
    ),
    # The loader's message for a field, a file or a reference broken on purpose, the same
    # break on any content.
    **dict.fromkeys(
        (
            "test_unknown_field_is_rejected",
            "test_wrong_type_is_rejected",
            "test_invalid_yaml_names_the_file",
            "test_legacy_redirect_to_unknown_page_is_rejected",
            "test_doctor_leading_an_unknown_service_is_rejected",
        ),
        "the loader's message for a break made on purpose, the same on any content",
    ),
}
# Tests whose verdict depends on the content's languages and paths alone (their codes,
# order, locales, prefixes and pages' paths, and the clinic's brand): a variant with the
# languages of the content it is made from has that content's paths, or fewer (fewer
# doctors), so there they would repeat the unit tests' run on that content; they run on
# the variants whose languages differ from it.
LANGUAGES_ONLY_MODULES = {
    "test_first_visit.py": "the first-visit script is told the languages' homes and the brand",
}
LANGUAGES_ONLY = {
    "test_the_build_s_step_brings_the_schemas_along_when_the_languages_change": (
        "it changes the order of the languages, and checks the schemas step follows"
    ),
    "test_no_test_or_helper_spells_a_path_a_prefix_or_the_languages": (
        "it looks for the content's paths, prefixes and language codes in the sources"
    ),
}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def reads_content(path: Path) -> bool:
    return any(
        name == reader or name.startswith(reader + ".")
        for name in _imports(path)
        for reader in CONTENT_READERS
    )


def languages_of(content_dir: Path) -> list[str]:
    """The content's language codes, as devtools/content_variants.py's `languages_of` reads
    them; not imported from there: that module loads the site's content on import, which
    this process, about to hand over to pytest, does not need."""
    listing = yaml.safe_load((content_dir / "languages.yaml").read_text(encoding="utf-8"))
    return [language["code"] for language in listing]


def selected(with_growth: bool = True, other_languages: bool = True) -> list[str]:
    """pytest's arguments: the modules that read content (those that grow it only
    `with_growth`, those of the languages alone only with `other_languages` than the
    content the variant is made from), less the tests left out."""
    modules = [
        str(path.relative_to(PROJECT_DIR))
        for path in sorted(UNIT_DIR.glob("test_*.py"))
        if reads_content(path)
        and (with_growth or path.name not in GROWING)
        and (other_languages or path.name not in LANGUAGES_ONLY_MODULES)
    ]
    left_out = [*LEFT_OUT, *([] if other_languages else LANGUAGES_ONLY)]
    return [*modules, "-k", " and ".join(f"not {name}" for name in left_out)]


def main(argv: list[str]) -> int:
    with_growth = WITH_GROWTH in argv
    argv = [argument for argument in argv if argument != WITH_GROWTH]
    variant = Path(argv[0]).resolve()
    content = variant / "content"
    if not (content / "languages.yaml").is_file():
        print(f"clinic matrix: {variant.name}: not made (its line above says why): no tests")
        return 0
    other_languages = languages_of(content) != languages_of(CONTENT_DIR)
    os.environ["CLINIC_CONTENT_DIR"] = str(content)
    # A variant built as a project copy has pictures of its own (its brand's share image,
    # a doctor's photo): the code reads them where its content is.
    if (variant / "assets").is_dir():
        os.environ["CLINIC_ASSETS_DIR"] = str(variant / "assets")
    command = [sys.executable, "-m", "pytest", *selected(with_growth, other_languages), *argv[1:]]
    os.chdir(PROJECT_DIR)
    os.execv(sys.executable, command)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
