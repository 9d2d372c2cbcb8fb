"""The shape of the package: layers that import one way, and units that fit on a screen or two.

docs/architecture.md explains the layers; ``.importlinter`` declares them. These
tests keep both true as the code grows, so that a circle or an oversized unit is
found by the test suite rather than by the next reader.
"""

from __future__ import annotations

import ast
import contextlib
import io
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "agnes_rules"
#: The largest class, function and module we accept, in lines.
MAX_CLASS, MAX_FUNCTION, MAX_MODULE = 400, 100, 700


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_import_contracts_are_kept() -> None:
    importlinter_cli = pytest.importorskip("importlinter.cli")
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        status = importlinter_cli.lint_imports(
            config_filename=str(ROOT / ".importlinter"), no_cache=True, no_logo=True
        )
    assert status == 0, output.getvalue()


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_unit_fits_on_a_screen_or_two(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    too_big = []
    if len(text.splitlines()) > MAX_MODULE:
        too_big.append(f"module: {len(text.splitlines())} lines")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            limit = MAX_CLASS if isinstance(node, ast.ClassDef) else MAX_FUNCTION
            assert node.end_lineno is not None
            size = node.end_lineno - node.lineno + 1
            if size > limit:
                too_big.append(f"{node.name}: {size} lines (at most {limit})")
    assert not too_big


def test_no_module_imports_the_package_root() -> None:
    # The root re-exports everything, so a module importing it would import itself.
    offenders = []
    for path in _sources():
        if path.parent == PACKAGE and path.name in ("__init__.py", "__main__.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.ImportFrom) and node.module == "agnes_rules") or (
                isinstance(node, ast.Import) and any(a.name == "agnes_rules" for a in node.names)
            ):
                offenders.append(str(path.relative_to(PACKAGE)))
    assert offenders == []


def test_every_error_class_lives_in_the_errors_module() -> None:
    elsewhere = []
    for path in _sources():
        if path.name == "errors.py" and path.parent == PACKAGE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name.endswith("Error"):
                elsewhere.append(f"{path.relative_to(PACKAGE)}: {node.name}")
    assert elsewhere == []
