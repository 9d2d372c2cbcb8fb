"""Which build is loaded: ``AGNES_EXPECT_BUILD`` makes a test run prove it ran the build it meant.

CI runs the suite twice, with ``AGNES_EXPECT_BUILD=pure`` (the editable pure-Python install)
and ``AGNES_EXPECT_BUILD=compiled`` (the mypyc wheel); a stale extension file in src/, or a
test run that imported src/ instead of the installed wheel, then fails here.
"""

import importlib
import os
import tomllib
from pathlib import Path

import pytest

import agnes_rules
from agnes_rules import _build

EXPECTED = {"compiled": True, "pure": False}


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


def test_the_loaded_build_is_the_one_expected() -> None:
    expected = os.environ.get("AGNES_EXPECT_BUILD")
    if expected is None:
        pytest.skip("AGNES_EXPECT_BUILD is not set (CI sets it to 'pure' or 'compiled')")
    assert expected in EXPECTED, f"AGNES_EXPECT_BUILD is 'pure' or 'compiled', not {expected!r}"
    assert agnes_rules.COMPILED is EXPECTED[expected], (
        f"expected the {expected} build, loaded the {_build.build_name()} one"
        f" from {agnes_rules.__file__}"
    )
