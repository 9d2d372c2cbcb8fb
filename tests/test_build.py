"""Which build is loaded: ``AGNES_EXPECT_BUILD`` makes a test run prove it ran the build it meant.

CI runs the suite twice, with ``AGNES_EXPECT_BUILD=pure`` (the editable pure-Python install)
and ``AGNES_EXPECT_BUILD=compiled`` (the mypyc wheel); a stale extension file in src/, or a
test run that imported src/ instead of the installed wheel, then fails here.
"""

import importlib
import os
import pkgutil
import tomllib
from pathlib import Path

import pytest

import agnes_rules
import agnes_rules.solver
from agnes_rules import _build

EXPECTED = {"compiled": True, "pure": False}

#: The solver's modules that stay pure Python on purpose, with why; every other one is
#: compiled. A module the search calls at every position and the list leaves out costs a
#: Python-level call there: ``solver.choice`` was left out when it was split off the search
#: (2026-11-29) and cost the compiled search 3% to 7% of its time until 2026-12-02.
PURE_SOLVER_MODULES = {
    "api": "takes the users' arguments and checks them itself (see pyproject.toml)",
    "hints": "takes the users' arguments; runs searches, not inside one",
    "results": "the public values (attrs classes stay Python classes)",
    "sampling": "deals hints consider, made once a hint with the rules engine",
    "lines": "once a won line, on the rules engine's public moves",
    "budget": "reads the machine's memory once a search",
    "collector": "runs once a search, where threads meet",
    "watch": "called every few thousand positions: where Python notices Ctrl-C",
    "restarts": "once a turn of the exact search",
}


def compiled_modules() -> list[str]:
    """The modules the compiled build compiles: the hook's ``include`` list in pyproject.toml."""
    with (Path(__file__).parents[1] / "pyproject.toml").open("rb") as file:
        hook = tomllib.load(file)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    paths = hook["include"]
    return [path.removeprefix("src/").removesuffix(".py").replace("/", ".") for path in paths]


def test_the_build_is_named_consistently() -> None:
    assert agnes_rules.COMPILED is _build.COMPILED
    assert isinstance(agnes_rules.COMPILED, bool)
    assert _build.build_name() == ("compiled" if agnes_rules.COMPILED else "pure Python")


@pytest.mark.parametrize("module", compiled_modules())
def test_every_hot_path_module_comes_from_the_same_build(module: str) -> None:
    path = importlib.import_module(module).__file__
    assert _build._is_extension(path) is agnes_rules.COMPILED, path


def test_every_solver_module_is_compiled_or_pure_on_purpose() -> None:
    compiled = {
        module.removeprefix("agnes_rules.solver.")
        for module in compiled_modules()
        if module.startswith("agnes_rules.solver.")
    }
    modules = {info.name for info in pkgutil.iter_modules(agnes_rules.solver.__path__)}
    assert compiled.isdisjoint(PURE_SOLVER_MODULES)
    assert modules == compiled | PURE_SOLVER_MODULES.keys(), (
        "a solver module is neither compiled (pyproject.toml) nor pure on purpose (this file):"
        f" {sorted(modules ^ (compiled | PURE_SOLVER_MODULES.keys()))}"
    )


def test_the_loaded_build_is_the_one_expected() -> None:
    expected = os.environ.get("AGNES_EXPECT_BUILD")
    if expected is None:
        pytest.skip("AGNES_EXPECT_BUILD is not set (CI sets it to 'pure' or 'compiled')")
    assert expected in EXPECTED, f"AGNES_EXPECT_BUILD is 'pure' or 'compiled', not {expected!r}"
    assert agnes_rules.COMPILED is EXPECTED[expected], (
        f"expected the {expected} build, loaded the {_build.build_name()} one"
        f" from {agnes_rules.__file__}"
    )
