"""Which build of the package is loaded: compiled with mypyc, or pure Python.

The same sources ship two ways (see ``pyproject.toml``): pure Python, and with the
hot-path modules compiled into C extensions by mypyc. Both behave identically; only
the speed differs. The build is told by where a hot-path module was loaded from: a
compiled module is an extension file (``.so``/``.pyd``) rather than a ``.py`` file.

>>> build_name() in ("compiled", "pure Python")
True
>>> build_name() == ("compiled" if COMPILED else "pure Python")
True
"""

from __future__ import annotations

import importlib.machinery

# A module that every compiled build compiles (see the hook's `include` in pyproject.toml).
from agnes_rules.core import rulebook as _probe

__all__ = ["COMPILED", "build_name"]


def _is_extension(path: str | None) -> bool:
    return path is not None and path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


#: True when the hot-path modules are mypyc-compiled extensions, False in pure Python.
COMPILED: bool = _is_extension(getattr(_probe, "__file__", None))


def build_name() -> str:
    """``"compiled"`` or ``"pure Python"``: the build loaded (``agnes --version`` prints it)."""
    return "compiled" if COMPILED else "pure Python"
