"""A game is played by the rules revision it was created with (engine.protocol `GameDescription.revision`): the
service stores it with the game's options, a game stored before revisions existed plays on and audits by its game's
first revision, and a new lobby or a rematch takes the current one."""
from __future__ import annotations

import json
from pathlib import Path

from bot.service import GameOptions, TableService
from engine.protocol import FIRST_REVISION, REVISION
from engine.registry import rules_of
from tests.engine.books.play import first_revision_game
from tests.raw_database import raw_execute, raw_fetch
from tests.service.conftest import ANN, GUILD, Clock

BOOKS = rules_of("books")


async def stored_options(db_path: Path, game_id: int) -> dict[str, object]:
    [(text,)] = await raw_fetch(db_path, "SELECT options FROM games WHERE id = ?", game_id)
    options: dict[str, object] = json.loads(text)
    return options


async def test_a_new_lobby_stores_the_current_revision(svc: TableService, db_path: Path) -> None:
    table = await svc.open_lobby(GUILD, 10, ANN, "Ann", GameOptions(players=1), kind="books")
    assert BOOKS.description.revision > FIRST_REVISION
    assert table.options.revision == BOOKS.description.revision
    assert (await stored_options(db_path, table.game_id))[REVISION] == BOOKS.description.revision


async def test_a_first_revision_game_is_stored_as_before_revisions(svc: TableService, db_path: Path) -> None:
    """A game still at its first revision stores no revision, so a release from before revisions (the other process
    of a rolling deploy, a rollback) still reads its options."""
    assert rules_of("shelfie").description.revision == FIRST_REVISION
    table = await svc.open_lobby(GUILD, 11, ANN, "Ann", GameOptions(players=2), kind="shelfie")
    assert table.options.revision == FIRST_REVISION
    stored = await stored_options(db_path, table.game_id)
    assert REVISION not in stored and GameOptions.from_dict(stored).revision == FIRST_REVISION


async def test_a_game_stored_before_revisions_plays_audits_and_rematches(db_path: Path, clock: Clock) -> None:
    """The solo game main played before Books had revisions, opened the way main stored it (options without a
    revision) and played move by move through the service: it plays by the first revision (the current one refuses
    its 24th move: tests/engine/books/test_revisions.py), reaches the state main stored, audits, and its rematch
    plays by today's rules."""
    old = first_revision_game()
    svc = await TableService.open(db_path, clock=clock, seeds=lambda: old["seed"])
    table = await svc.open_lobby(GUILD, 10, ANN, "Ann", GameOptions(players=1, turn_timeout=86400), kind="books")
    await svc.close()
    await raw_execute(db_path, "UPDATE games SET options = ? WHERE id = ?", json.dumps(old["options"]),
                      table.game_id)

    svc = await TableService.open(db_path, clock=clock, seeds=lambda: old["seed"])
    try:
        assert (await svc.table(table.game_id)).options.revision == FIRST_REVISION
        await svc.start(table.game_id, ANN)
        for _, move in old["moves"]:
            await svc.play(table.game_id, ANN, move)
        [(state,)] = await raw_fetch(db_path, "SELECT state FROM games WHERE id = ?", table.game_id)
        assert json.loads(state) == old["state"] and await stored_options(db_path, table.game_id) == old["options"]
        assert (await svc.audit(table.game_id)).ok
        rematch = await svc.rematch(table.game_id, ANN)
        assert rematch.opened and rematch.table.options.revision == BOOKS.description.revision
    finally:
        await svc.close()
