"""Fixtures every test folder may use: a real PostgreSQL server and the database of a test that runs on both
backends (tests/postgres.py).

Hypothesis runs every property without its per-example deadline and without the health check on slow data
generation: both measure the machine's speed, which a machine busy with other work makes many times slower; the
examples and what they assert are the same (tests/patience.py)."""
from hypothesis import HealthCheck, settings

pytest_plugins = ["tests.postgres"]

settings.register_profile("any machine", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("any machine")
