"""Build the web example into examples/web/dist/: ``python examples/web/build.py``.

It writes, with no network needed when the page runs:

* ``pyodide/``: the Pyodide runtime, from the npm package pinned in package.json
  (installed with npm into examples/web/build/);
* ``wheels/``: the project's pure-Python wheel (built from this checkout) and the
  pure wheels of its runtime dependencies from PyPI, for Pyodide's Python version;
  ``wheels.json`` lists them for the page;
* the page itself: index.html, style.css, app.js and agnes_web.py.

Then serve it with ``python examples/web/serve.py`` (or any static file server).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DIST = HERE / "dist"
NPM_DIR = HERE / "build"
PAGE = ["index.html", "style.css", "app.js", "agnes_web.py"]
# The files of the npm package that loadPyodide needs (no package is loaded from a CDN).
RUNTIME = [
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]


def run(*command: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(map(str, command)), flush=True)
    subprocess.run([str(part) for part in command], cwd=cwd, env=env, check=True)


def install_pyodide() -> str:
    """npm install the pinned pyodide package; copy its runtime to dist/pyodide; its Python."""
    NPM_DIR.mkdir(exist_ok=True)
    shutil.copy(HERE / "package.json", NPM_DIR / "package.json")
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("build.py needs npm (Debian: apt-get install npm) to fetch the pyodide package")
    run(npm, "install", "--no-audit", "--no-fund", "--loglevel=error", cwd=NPM_DIR)
    package = NPM_DIR / "node_modules" / "pyodide"
    (DIST / "pyodide").mkdir(parents=True)
    for name in RUNTIME:
        shutil.copy(package / name, DIST / "pyodide" / name)
    info = json.loads((package / "pyodide-lock.json").read_text())["info"]
    return ".".join(info["python"].split(".")[:2])


def build_wheels(python_version: str) -> list[str]:
    """The project's pure wheel and its dependencies' pure wheels, in dist/wheels."""
    wheels = DIST / "wheels"
    wheels.mkdir(parents=True)
    env = {key: value for key, value in os.environ.items() if not key.startswith("HATCH_")}
    with tempfile.TemporaryDirectory() as scratch:
        # From a clean copy of the sources: a compiled build leaves extension files in src/.
        source = Path(scratch) / "source"
        ignore = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
        shutil.copytree(ROOT / "src", source / "src", ignore=ignore)
        for name in ["pyproject.toml", "README.md", "LICENSE"]:
            shutil.copy(ROOT / name, source / name)
        run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", wheels, source, env=env)
    (project,) = wheels.glob("agnes_rules-*.whl")
    if not project.name.endswith("-py3-none-any.whl"):
        sys.exit(f"{project.name} is not a pure-Python wheel")
    # The dependencies (and theirs) as pure wheels for Pyodide's Python.
    run(
        sys.executable, "-m", "pip", "download", "-q", "--only-binary=:all:",
        "--platform", "any", "--implementation", "py", "--abi", "none",
        "--python-version", python_version, "-d", wheels, project,
    )  # fmt: skip
    names = sorted(path.name for path in wheels.glob("*.whl"))
    impure = [name for name in names if not name.endswith("-none-any.whl")]
    if impure:
        sys.exit(f"not pure-Python wheels, Pyodide cannot install them: {impure}")
    return names


def main() -> None:
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    python_version = install_pyodide()
    names = build_wheels(python_version)
    (DIST / "wheels.json").write_text(json.dumps(names, indent=1) + "\n")
    for name in PAGE:
        shutil.copy(HERE / name, DIST / name)
    size = sum(path.stat().st_size for path in DIST.rglob("*") if path.is_file())
    print(f"built {DIST} ({size / 1e6:.1f} MB; Python {python_version}; wheels: {names})")
    print("serve it with: python examples/web/serve.py  (then open http://localhost:8000/)")


if __name__ == "__main__":
    main()
