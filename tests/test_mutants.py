"""The planted bugs of ``make mutants`` (tests/mutants.py) stay plantable: each one's text is found exactly
once in today's sources (a refactor that moves it fails here, not silently in ``make mutants``), each
changes something, and each names Hypothesis tests as its catchers. No mutant is run here: that is
``make mutants``, minutes of property tests."""

from __future__ import annotations

import importlib

import pytest
from hypothesis import is_hypothesis_test

from tests.mutants import MUTANTS, ROOT, Mutant, MutantRotted, planted


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_each_mutant_plants_once_in_todays_sources(mutant: Mutant) -> None:
    assert mutant.path.startswith("domain/"), "the mutants plant rule and engine bugs"
    source = (ROOT / mutant.path).read_text(encoding="utf-8")
    mutated = planted(mutant, source)
    assert mutated != source
    compile(mutated, mutant.path, "exec")  # a bug in the rules, not a file that no longer parses


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_each_catcher_is_a_property_test(mutant: Mutant) -> None:
    assert mutant.catchers
    for catcher in mutant.catchers:
        path, _, name = catcher.partition("::")
        assert (ROOT / path).is_file(), catcher
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        test = getattr(module, name, None)
        assert test is not None, catcher
        assert is_hypothesis_test(test), f"{catcher} is not a Hypothesis test"
        assert all(mark.name != "soak" for mark in getattr(test, "pytestmark", [])), f"{catcher} is a soak"


def test_the_names_are_unique() -> None:
    assert len({m.name for m in MUTANTS}) == len(MUTANTS)


def test_a_text_not_found_once_is_refused() -> None:
    mutant = Mutant("twice", "", "domain/x.py", old="a = 1", new="a = 2", catchers=())
    with pytest.raises(MutantRotted, match="occurs 2 times"):
        planted(mutant, "a = 1\na = 1\n")
    with pytest.raises(MutantRotted, match="occurs 0 times"):
        planted(mutant, "b = 1\n")
    assert planted(mutant, "a = 1\n") == "a = 2\n"
