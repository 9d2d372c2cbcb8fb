"""Run the fuzz harness by hand: ``python -m tests.fuzz --inputs 100000``.

The inputs are shared equally among the fuzz tests (each a hypothesis test run
with the ``fuzz`` profile); the report gives the inputs, the time and the
failures (a foreign exception or a hang fails its test, with the input).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent


def count_tests() -> int:
    """How many fuzz tests there are (pytest's collection)."""
    listing = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "--collect-only",
            "-p",
            "no:cacheprovider",
            str(HERE),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return sum(1 for line in listing.splitlines() if "::" in line)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument(
        "--inputs", type=int, default=100_000, help="inputs in all (default 100000)"
    )
    args = parser.parse_args()
    tests = count_tests()
    each = -(-args.inputs // tests)
    environment = dict(os.environ, HYPOTHESIS_PROFILE="fuzz", AGNES_FUZZ_EXAMPLES=str(each))
    environment.pop("CI", None)
    started = time.monotonic()
    status = subprocess.call(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(HERE)], env=environment
    )
    seconds = time.monotonic() - started
    # A foreign exception or a hang fails its test (tests.fuzz.contract): none failed, none seen.
    verdict = "0 foreign exceptions, 0 hangs" if status == 0 else "FAILURES (see above)"
    print(
        f"fuzz: {tests} tests x {each} inputs = {tests * each} inputs in {seconds:.0f} s; {verdict}"
    )
    return status


if __name__ == "__main__":
    sys.exit(main())
