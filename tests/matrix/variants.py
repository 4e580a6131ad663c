"""The clinic matrix's variants: each a name, the axes of the content model it stands for,
and its recipe, run on a copy of the shipped content (or on the fixture clinic's, made by
its own recipe) with the same code a clinic's edit goes through (`make language`'s tool,
devtools/content_variants.py, recipes.py). `make test` runs the unit tests that read
content on every variant, and the browser smoke tests on the `built` ones, which with the
fixture clinic (another language first, and a third) build and serve every axis
(docs/testing.md, "The clinic matrix").

    python -m tests.matrix.variants   # every variant, in .cache/clinic-matrix/<name>/

What a recipe cannot make it says in one line ("clinic matrix: <variant>: ..."): a whole
variant the model cannot hold yet is then left out, a part of one is left out of it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from devtools import content_variants as grow
from tests.fixture_clinic import recipe as fixture
from tests.fixture_clinic.site import PROJECT_DIR, prepare
from tests.matrix.recipes import (
    CannotMake,
    keep_languages,
    make_default_language,
    minimal_visit_rules_and_faq,
    no_optional_blocks,
)

MATRIX_DIR = PROJECT_DIR / ".cache" / "clinic-matrix"
# What a variant's recipe is given: the content folder (a copy of the sample already) and
# the assets folder its files may go to (a project copy's, for a variant that is built).
Recipe = Callable[[Path, Path], None]


@dataclass(frozen=True)
class Variant:
    name: str
    axes: str
    """What it stands for, in a few words (make test's output, docs/testing.md)."""
    recipe: Recipe
    built: bool = False
    """Built and served for the browser smoke tests."""
    grown: bool = False
    """Its unit tests include those that grow copies of it (tests/matrix/unit.py)."""
    from_fixture: bool = False
    """Starts from the fixture clinic's content (tests/fixture_clinic/recipe.py)."""


# The edits of devtools/content_variants.py that need the content model to hold what they
# make, and what that is.
MODEL_EDITS = {
    "remove_calendar": "a doctor without a calendar",
    "make_non_physician": "a professional who is not a physician",
    "drop_visit_rule_numbers": "visit rules without numbers",
    "drop_legacy_doctor": "routes without legacy_doctor",
}


def note(variant: str, what: str) -> None:
    print(f"clinic matrix: {variant}: {what}", flush=True)


def _model_edit(name: str, variant: str, needed: bool) -> Callable | None:
    """An edit of devtools/content_variants.py that needs the content model to hold what it
    makes (a doctor without a calendar, a professional who is not a physician...): None,
    said in one line, while the model does not; a variant that is nothing else cannot be
    made then (CannotMake)."""
    edit = getattr(grow, name, None)
    if edit is None:
        why = f"the content model cannot hold {MODEL_EDITS[name]} yet (content_variants.{name})"
        if needed:
            raise CannotMake(why)
        note(variant, f"made without it: {why}")
    return edit


def _second_language(content_dir: Path) -> str:
    langs = grow.languages_of(content_dir)
    if len(langs) < 2:
        raise CannotMake(f"the content has one language ({langs[0]}): none to put first")
    return langs[1]


def _first_doctor(content_dir: Path) -> str:
    return grow.read(content_dir / "doctors.yaml")[0]["slug"]


def _last_doctor(content_dir: Path) -> str:
    return grow.read(content_dir / "doctors.yaml")[-1]["slug"]


def reordered(content_dir: Path, assets_dir: Path) -> None:
    second = _second_language(content_dir)
    fixture.add_pseudo_language(content_dir)  # a third language (before: it reads the paths)
    make_default_language(content_dir, second)


def single_language(content_dir: Path, assets_dir: Path) -> None:
    keep_languages(content_dir, [_second_language(content_dir)])


def one_doctor(content_dir: Path, assets_dir: Path) -> None:
    grow.keep_doctors(content_dir, 1)


def _without_photo(content_dir: Path, slug: str) -> None:
    doctors = grow.read(content_dir / "doctors.yaml")
    for doctor in doctors:
        if doctor["slug"] == slug:
            doctor["image"] = ""
    grow.write(content_dir / "doctors.yaml", doctors)


def _no_calendar(variant: str, needed: bool) -> Recipe:
    def edit(content_dir: Path, assets_dir: Path) -> None:
        remove_calendar = _model_edit("remove_calendar", variant, needed)
        slug = _first_doctor(content_dir)
        _without_photo(content_dir, slug)
        if remove_calendar is not None:
            remove_calendar(content_dir, slug)

    return edit


def _non_physician(variant: str, needed: bool, last: bool = False) -> Recipe:
    """The first doctor (the last, `last`) a professional who is not a physician."""

    def edit(content_dir: Path, assets_dir: Path) -> None:
        make_non_physician = _model_edit("make_non_physician", variant, needed)
        if make_non_physician is not None:
            doctor = _last_doctor if last else _first_doctor
            make_non_physician(content_dir, doctor(content_dir))

    return edit


def _optional_numbers(variant: str) -> Recipe:
    """The visit rules without numbers and no previous site's doctor paths, where the model
    lets them go."""

    def edit(content_dir: Path, assets_dir: Path) -> None:
        for name in ("drop_visit_rule_numbers", "drop_legacy_doctor"):
            drop = _model_edit(name, variant, needed=False)
            if drop is not None:
                drop(content_dir)

    return edit


MIXED_STAFF = "mixed-staff"
FEWEST_BLOCKS = "no-optional-blocks-minimal-rules-and-faq"


def mixed_staff(content_dir: Path, assets_dir: Path) -> None:
    """Two axes of the doctors on two doctors, so that neither hides the other: the first
    without a calendar or a photo (a physician still), the last a professional who is not
    a physician (with a calendar still)."""
    if len(grow.read(content_dir / "doctors.yaml")) < 2:
        note(MIXED_STAFF, "the content has one doctor: both kinds on them")
    _no_calendar(MIXED_STAFF, needed=False)(content_dir, assets_dir)
    _non_physician(MIXED_STAFF, needed=False, last=True)(content_dir, assets_dir)


def no_optional_blocks_minimal_rules_and_faq(content_dir: Path, assets_dir: Path) -> None:
    """No optional block, and the fewest visit notes and FAQ entries: the same pages, one
    taking out what an entry may hold, the other how many there are."""
    no_optional_blocks(content_dir)
    # The numbers first: the notes that name one go with them.
    _optional_numbers(FEWEST_BLOCKS)(content_dir, assets_dir)
    minimal_visit_rules_and_faq(content_dir)


def minimal(content_dir: Path, assets_dir: Path) -> None:
    """Every "fewest" at once: one language, one doctor without calendar or photo who is
    not a physician, no optional block, one visit note and one FAQ entry."""
    single_language(content_dir, assets_dir)
    one_doctor(content_dir, assets_dir)
    _no_calendar("minimal", needed=False)(content_dir, assets_dir)
    _non_physician("minimal", needed=False)(content_dir, assets_dir)
    no_optional_blocks(content_dir)
    _optional_numbers("minimal")(content_dir, assets_dir)
    minimal_visit_rules_and_faq(content_dir)


VARIANTS = [
    Variant(
        "reordered",
        # From the sample, not the fixture clinic: the growth tests add the doctor and the
        # service the fixture's recipe has already added. Not built: the fixture clinic's
        # languages are in the same order, and the whole browser suite runs on it.
        "the sample with its second language at /, its first under its prefix, and a third",
        reordered,
        grown=True,
    ),
    Variant("single-language", "one language, the sample's second, at /", single_language),
    Variant("one-doctor", "one doctor, who sees every service", one_doctor),
    Variant(
        MIXED_STAFF,
        "the first doctor with no Cal.com calendar and no photo, the last a professional who "
        "is not a physician",
        mixed_staff,
    ),
    Variant(
        FEWEST_BLOCKS,
        "no figures (claims), closed days, hero chips, banner, consultation points, FAQ lists "
        "or notes; one visit note and one FAQ entry, the rules' numbers optional",
        no_optional_blocks_minimal_rules_and_faq,
    ),
    Variant(
        "minimal",
        "all the fewest at once: one language, one doctor without calendar or photo who is "
        "not a physician, no optional block, one visit note, one FAQ entry",
        minimal,
        built=True,
    ),
]
BY_NAME = {variant.name: variant for variant in VARIANTS}


def make_content(variant: Variant, dest: Path) -> bool:
    """The variant's content in `dest`/content (its files beside the project's in
    `dest`/assets, when it has them), its schemas and first lines renewed as `make schemas`
    renews a clinic's; False, said in one line, if it cannot be made."""
    content_dir, assets_dir = dest / "content", dest / "assets"
    if content_dir.exists():
        shutil.rmtree(content_dir)
    if variant.from_fixture:
        fixture.make_content(content_dir, assets_dir)
    else:
        grow.copy_content(content_dir)
    try:
        variant.recipe(content_dir, assets_dir)
    except CannotMake as why:
        shutil.rmtree(content_dir)
        note(variant.name, f"not made: {why}")
        return False
    # `make schemas` on the variant, in a process that reads it (its languages are fixed
    # when clinic/ is first imported).
    subprocess.run(
        [sys.executable, "-m", "clinic.site.content.schemas"],
        env={**os.environ, "CLINIC_CONTENT_DIR": str(content_dir)},
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return True


def project_of(variant: Variant) -> Path:
    return MATRIX_DIR / variant.name


def make_all() -> None:
    """Every variant in MATRIX_DIR/<name>/: the content of those only read, a project copy
    around the content of those built (as the fixture clinic's, its .web/ kept from one run
    to the next)."""
    for variant in VARIANTS:
        dest = project_of(variant)
        if variant.built:
            prepare(dest, (__spec__.name, variant.name))
        else:
            make_content(variant, dest)


if __name__ == "__main__":
    if len(sys.argv) == 1:
        make_all()
    else:  # python -m tests.matrix.variants NAME DEST: one variant, in a project copy
        make_content(BY_NAME[sys.argv[1]], Path(sys.argv[2]))
