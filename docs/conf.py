"""Sphinx configuration of the agnes-rules documentation.

Build: ``sphinx-build -W --keep-going -b html docs docs/_build/html``;
examples: ``sphinx-build -W --keep-going -b doctest docs docs/_build/doctest``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_scripts"))
# The package is normally installed (pip install -e .); this makes a bare checkout work too.
sys.path.insert(0, str(HERE.parent / "src"))

from generate import generate  # noqa: E402

import agnes_rules  # noqa: E402

# The pictures, rule tables and --help texts are made from the code at every build.
generate()

project = "agnes-rules"
author = "The agnes-rules developers"
copyright = "2026, the agnes-rules developers"
release = agnes_rules.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "_generated/*.md", "Thumbs.db", ".DS_Store"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = f"agnes-rules {release}"

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
# The reference documents agnes_rules.gym without the optional extra installed.
autodoc_mock_imports = ["gymnasium"]
napoleon_google_docstring = False

# Every page's examples run under `sphinx-build -b doctest`; the docstrings' own
# examples are already run by pytest (--doctest-modules), so they are skipped here.
doctest_test_doctest_blocks = ""
doctest_global_setup = "import agnes_rules"
