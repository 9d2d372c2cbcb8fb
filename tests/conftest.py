import os

from hypothesis import HealthCheck, settings

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
