"""A PostgreSQL password never shows, whatever it holds: one with `@ / :` unencoded is hidden whole in logs and
messages, and refused before the driver could read part of it as a host or port (and name that part)."""

from __future__ import annotations

import pytest

from bot.store import StoreError, describe_database
from bot.store.postgres_backend import PostgresBackend

PASSWORDS = ["secret", "p@ss", "pa/ss", "pa:ss", "a@b/c:d", "x/y@127.0.0.1:1/z"]


@pytest.mark.parametrize("password", PASSWORDS)
def test_the_password_is_hidden_whole_whatever_it_holds(password: str) -> None:
    described = describe_database(f"postgresql://shelfie:{password}@postgres:5432/shelfie")
    assert described == "postgresql://shelfie:***@postgres:5432/shelfie"


def test_a_url_without_a_password_is_shown_as_given() -> None:
    for url in ("postgresql://shelfie@postgres:5432/shelfie", "postgresql://postgres:@/postgres?host=/tmp/socket"):
        assert describe_database(url) == url


@pytest.mark.parametrize("password", [password for password in PASSWORDS if password != "secret"])
async def test_a_password_with_characters_a_url_reserves_is_refused_naming_no_part_of_it(password: str) -> None:
    with pytest.raises(StoreError) as refused:
        await PostgresBackend.connect(f"postgresql://shelfie:{password}@127.0.0.1:1/shelfie")
    message = str(refused.value)
    assert message.startswith("cannot open the PostgreSQL database postgresql://shelfie:***@127.0.0.1:1/shelfie: "
                              "its password holds @ / : ? or #, which a URL reserves; write them as %40 %2F %3A")
    assert "leave the password out of the URL and set PGPASSWORD" in message
    assert not any(part in message for part in ("p@ss", "pa/ss", "pa:ss", "a@b", "c:d", "x/y"))
