"""Fixtures every test folder may use: a real PostgreSQL server and the database of a test that runs on both
backends (tests/postgres.py)."""
pytest_plugins = ["tests.postgres"]
