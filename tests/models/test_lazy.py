"""A section loaded on first use (models/lazy.py) reads, fails, writes and documents itself exactly as a
field naming its model does: the same values, the same errors at the same places, the same JSON Schema."""

from __future__ import annotations

from typing import Annotated, Any, TypeAlias

import pytest
from pydantic import Field, ValidationError

from models.base import Strict
from models.lazy import LazyType
from models.sw import Campaign, SWSection

# What `lazy_type("models.sw", "SWSection")` gives, written out for the type checker.
LazySection: TypeAlias = Annotated[Any, LazyType("models.sw", "SWSection")]
LazyCampaign: TypeAlias = Annotated[Any, LazyType("models.sw", "Campaign")]


class Named(Strict):
    campaign: Campaign = Field(description="A campaign (25.7).")
    sw: SWSection | None = Field(default=None, description="Submarine warfare (rule 25).")
    kept: list[SWSection] = Field(default_factory=list)


class Lazy(Strict):
    campaign: LazyCampaign = Field(description="A campaign (25.7).")
    sw: LazySection | None = Field(default=None, description="Submarine warfare (rule 25).")
    kept: list[LazySection] = Field(default_factory=list)


GOOD = {"campaign": "german_atlantic", "sw": {}, "kept": [{}, {}]}
BAD = [
    {"campaign": "german_pacific"},
    {"campaign": "german_atlantic", "sw": {"campaigns": 3, "unknown": 1}},
    {"campaign": "german_atlantic", "kept": [{}, {"units": "many"}]},
]


def test_a_lazy_section_validates_and_writes_as_its_model():
    named, lazy = Named.model_validate(GOOD), Lazy.model_validate(GOOD)
    assert isinstance(lazy.sw, SWSection) and lazy.campaign is Campaign.GERMAN_ATLANTIC
    assert lazy.sw == named.sw and lazy.kept == named.kept
    assert lazy.model_dump_json() == named.model_dump_json()
    assert lazy.model_dump(mode="json", exclude_unset=True) == named.model_dump(
        mode="json", exclude_unset=True
    )


@pytest.mark.parametrize("data", BAD)
def test_a_lazy_section_fails_as_its_model_at_the_same_places(data):
    with pytest.raises(ValidationError) as named:
        Named.model_validate(data)
    with pytest.raises(ValidationError) as lazy:
        Lazy.model_validate(data)
    assert [(e["loc"], e["msg"]) for e in lazy.value.errors()] == [
        (e["loc"], e["msg"]) for e in named.value.errors()
    ]


@pytest.mark.parametrize("mode", ["validation", "serialization"])
def test_a_lazy_section_has_its_models_json_schema(mode):
    named = Named.model_json_schema(mode=mode)
    lazy = Lazy.model_json_schema(mode=mode)
    assert named.pop("title") == "Named" and lazy.pop("title") == "Lazy"
    assert lazy == named
