"""Refusals (issue #46): one error type in every layer, each class beside the code that raises it, and each
route's documented error answers derived from the refusals its use case says it raises (``refuses``)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import projections
import service
from service.base.refusals import Category, Refusal, refuses
from service.base.settings import Settings
from service.games.replays import Replays
from service.games.writing import GameWriter
from service.http.app import create_app
from service.http.errors import STATUS, answers

ROOT = Path(__file__).resolve().parents[1]


def _modules() -> Iterator[Any]:
    for package in (service, projections):
        for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not found.name.endswith("__main__"):
                yield importlib.import_module(found.name)


MODULES = list(_modules())


def _subclasses(cls: type[Refusal]) -> Iterator[type[Refusal]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


REFUSALS = sorted(set(_subclasses(Refusal)), key=lambda c: (c.__module__, c.__name__))


def _marked() -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every use case marked by ``refuses``, by its qualified name."""
    for module in MODULES:
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__:
                continue
            for name, member in vars(cls).items():
                if callable(member) and hasattr(member, "refusals"):
                    yield f"{module.__name__}.{cls.__name__}.{name}", member


MARKED = dict(_marked())


def test_no_module_holds_every_refusal_and_there_is_one_error_type() -> None:
    assert not (ROOT / "service" / "games" / "errors.py").exists()
    sources = "\n".join(path.read_text() for path in (ROOT / "service").rglob("*.py"))
    assert "ProblemError" not in sources


@pytest.mark.parametrize("refusal", REFUSALS, ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_every_refusal_says_its_category_code_and_meaning_as_a_class(refusal: type[Refusal]) -> None:
    assert refusal.category in STATUS
    concrete = not refusal.__subclasses__()
    if concrete and refusal.__name__ != "IllegalMove":  # a rule's own code, per refusal
        assert refusal.code and refusal.code == refusal.code.lower(), refusal
        assert (refusal.__doc__ or "").strip(), f"{refusal.__name__}: its docstring is what the API documents"


def _raised(function: Callable[..., Any]) -> set[type[Refusal]]:
    """The refusal classes a function raises by name in its own body."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    found: set[type[Refusal]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name):
            named = function.__globals__.get(node.exc.func.id)
            if isinstance(named, type) and issubclass(named, Refusal):
                found.add(named)
    return found


def test_use_cases_say_what_they_refuse() -> None:
    assert len(MARKED) >= 30, sorted(MARKED)
    for name in ("service.games.writing.GameWriter.append", "service.games.replays.Replays.replay"):
        assert name in MARKED


@pytest.mark.parametrize("name", sorted(MARKED))
def test_what_a_use_case_raises_itself_is_among_what_it_says(name: str) -> None:
    function = MARKED[name]
    missing = _raised(function) - set(function.refusals)  # type: ignore[attr-defined]
    assert not missing, f"{name} raises {sorted(c.__name__ for c in missing)}: add them to its @refuses"


def test_a_route_documents_each_refusal_of_its_use_case_under_its_status() -> None:
    document = create_app(Settings.from_env()).openapi_document()
    for path, method, use_case in [
        ("/games/{game_id}/moves", "post", GameWriter.append),
        ("/games/{game_id}/replay/{step}", "get", Replays.replay),
    ]:
        said = document["paths"][path][method]["responses"]
        for refusal in use_case.refusals:  # type: ignore[attr-defined]
            assert refusal.documented() in said[str(STATUS[refusal.category])]["description"], (path, refusal)


def test_answers_group_the_refusals_by_status() -> None:
    class Stale(Refusal):
        """The state moved on."""

        category = Category.CONFLICT
        code = "stale"

    class Gone(Refusal):
        """Nothing there."""

        category = Category.NOT_FOUND
        code = "gone"

    @refuses(Gone, (Stale, Gone))
    def use_case() -> None: ...

    documented = answers(use_case)
    assert sorted(documented) == [404, 409]
    assert documented[409].description == "- `stale`: the state moved on"
    assert documented[404].description == "- `gone`: nothing there"
