"""What every content model shares: strictness, and the small types fields are made of."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    """A content model: an unknown (misspelt) field is an error, and the values never change
    once loaded. A field's docstring is its description: editors show it on hover (the
    JSON Schemas under content/schemas/ are made from these models)."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


class Assembled(Strict):
    """A content model that code makes from other models' fields (`create_model`): the
    fields bring their descriptions along, and there is no class body to read docstrings
    from, which pydantic would otherwise search the call stack for, model after model, in
    every process that reads the content."""

    model_config = ConfigDict(use_attribute_docstrings=False)


Text = Annotated[str, Field(min_length=1)]
# Lower-case letters, digits and single hyphens: used in paths, anchors and file names.
# (No description here: a type's description would hide the field's own on hover.)
Slug = Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
PositiveInt = Annotated[int, Field(gt=0)]
# A month of a year, YYYY-MM (2025-10), shown in each language's words.
YearMonth = Annotated[str, Field(pattern=r"^\d{4}-(0[1-9]|1[0-2])$")]
