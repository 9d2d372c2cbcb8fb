"""Collection settings for the whole repository (pytest also collects doctests from src)."""

from __future__ import annotations

import importlib.util

# agnes_rules.gym needs the optional extra agnes-rules[gym]; without it, its doctests cannot run
# (tests/test_gym.py skips itself).
collect_ignore = [] if importlib.util.find_spec("gymnasium") else ["src/agnes_rules/gym.py"]
