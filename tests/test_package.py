"""The package as users meet it: its metadata, its one version, what importing it costs."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

import agnes_rules
import agnes_rules.stats

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"

needs_sources = pytest.mark.skipif(
    not (PYPROJECT.exists() and (ROOT / "src" / "agnes_rules").is_dir()),
    reason="needs the source tree",
)


def project() -> dict[str, Any]:
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))


def test_importing_the_package_starts_no_process_machinery() -> None:
    # A GUI that imports agnes_rules should not pay for multiprocessing (win_rate needs it
    # only when it starts its own pool).
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import agnes_rules, sys;"
            " print('multiprocessing' in sys.modules, 'concurrent.futures.process' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout == "False False\n"


@needs_sources
def test_the_license_is_an_spdx_expression_with_its_file() -> None:
    metadata = project()["project"]
    assert (metadata["license"], metadata["license-files"]) == ("MIT", ["LICENSE"])
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License\n\nCopyright (c) 2026 The agnes-rules developers\n")
    assert not any("License ::" in classifier for classifier in metadata["classifiers"])
    assert set(metadata["urls"]) == {"Documentation", "Source", "Changelog", "Issues"}


@needs_sources
def test_the_version_is_written_once_in_the_package() -> None:
    data = project()
    assert data["project"]["dynamic"] == ["version"]  # hatch reads it from the package
    assert "version" not in data["project"]
    source = data["tool"]["hatch"]["version"]["path"]
    assert source == "src/agnes_rules/__init__.py"
    written = re.findall(r'^__version__ = "(.+)"$', (ROOT / source).read_text(), re.MULTILINE)
    assert written == [agnes_rules.__version__]


@needs_sources
def test_development_tools_are_dependency_groups_not_extras() -> None:
    data = project()
    extras = data["project"]["optional-dependencies"]
    # The extras are what users install for a feature; no development tool among them.
    assert set(extras) == {"dask", "gym"}
    published = " ".join(" ".join(requirements) for requirements in extras.values())
    for tool in ("pytest", "hypothesis", "ruff", "mypy", "quagnes", "sphinx"):
        assert tool not in published
    groups = data["dependency-groups"]
    assert {"test", "lint", "docs"} <= set(groups)


@needs_sources
def test_the_readme_starts_with_the_two_commands_and_ci_runs_the_second() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.+)\n```", readme)
    assert commands[0] == (
        "python3 -m venv .venv && .venv/bin/pip install -q -e ."
        " && .venv/bin/python -m agnes_rules demo"
    )
    assert "--group test" in commands[1] and commands[1].endswith(".venv/bin/python -m pytest")
    assert commands[2] == "pip install agnes-rules"
    ci = ROOT / ".ci" / "run"
    if ci.exists():  # not in the sdist
        run_tests = ci.read_text(encoding="utf-8").split("run_tests() {\n")[1].split("\n}")[0]
        assert run_tests.strip() == commands[1]
