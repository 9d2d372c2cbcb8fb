import importlib
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

#: The benchmark scripts, which a source checkout has and the sdist has not.
BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"

settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=40, deadline=None)
# The fuzz harness by hand (python -m tests.fuzz): AGNES_FUZZ_EXAMPLES inputs for each test.
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("AGNES_FUZZ_EXAMPLES", "10000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def benchmark_script(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], ModuleType]]:
    """Import a script of benchmarks/ by its module name, as running it would (its folder
    on the path, for its sibling modules); it is forgotten again after the test, which
    skips where the script is missing (the sdist has no benchmarks/)."""
    loaded: list[str] = []

    def load(name: str) -> ModuleType:
        if not (BENCHMARKS / f"{name}.py").exists():
            pytest.skip(f"needs benchmarks/{name}.py")
        monkeypatch.syspath_prepend(str(BENCHMARKS))
        loaded.append(name)
        return importlib.import_module(name)

    yield load
    for name in loaded:
        sys.modules.pop(name, None)
