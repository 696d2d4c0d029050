"""A co-operative game's results as players read them: `/games stats` and `/games leaderboard` show the table's
shared results by the game's own measure, best per player count and setup, with the team that reached it, and no
rating. Played with the co-operative test game (coop_face) by commands and buttons, in English and Italian."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
import simcord
from coop_face import registered

from bot.presenters.coop import coop_leaderboard_embed
from bot.service import CoopBest
from bot.store import SeatRow

if TYPE_CHECKING:
    from conftest import Table


@pytest.fixture
def bot_settings(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The co-operative test game and its face are listed before the bot is built."""
    registered(monkeypatch)
    return {}


async def count_together(table: Table, people: list[simcord.MemberActor], *, target: int = 4, adds: int = 99,
                         computers: int = 0) -> None:
    """The first person opens `/coop new`, the others click Join, computers are added, Start; then the people
    type `/coop add` in turn until the count reaches `adds` and `/coop giveup` after (computers always add)."""
    host, *others = people
    opened = await host.slash(table.channel, "coop new", players=len(people) + computers, target=target)
    lobby = opened.response
    for person in others:
        await person.click(lobby, label="Join")
    for _ in range(computers):
        chooser = await host.click(lobby, label="Add bot")
        await host.click(chooser.response, label="normal")
    await host.click(lobby, label="Start")
    while (game := await table.bot.service.table_in_channel(table.channel.id)) is not None:
        seat = game.current_seat
        assert seat is not None and game.game is not None
        mover = next(person for person in people if person.id == seat.user_id)
        typed = await mover.slash(table.channel, "coop add" if game.game.count < adds else "coop giveup")
        assert typed.ephemeral


def fields(result: simcord.InteractionResult, title: str) -> dict[str, str]:
    assert result.ephemeral
    embed = next(embed for embed in result.response.embeds if embed.title.startswith(title))
    return {field.name: field.value for field in embed.fields} | {"": embed.description or "",
                                                                 "footer": embed.footer.text}


async def test_the_leaderboard_of_a_cooperative_game_is_its_best_results_and_stats_have_no_rating(
        table: Table) -> None:
    await count_together(table, [table.alice, table.bob], adds=1)    # 3 steps missing
    await count_together(table, [table.bob, table.alice], adds=3)    # 1 missing: the best of 2 players, target 4
    await count_together(table, [table.carol, table.dave], adds=3)   # as good, but later
    await count_together(table, [table.carol], computers=2)          # 3 players: won with the computers

    board = fields(await table.dave.slash(table.channel, "games leaderboard", game="coop"), "Best results together")
    assert board[""] == "Steps missing: fewer is better."
    assert list(board)[:2] == ["2 players · target 4", "3 players · target 4"]
    result, team, date, games = board["2 players · target 4"].split(" · ")
    assert result == "**1**" and sorted(team.split(", ")) == ["alice", "bob"], "the first table to reach it"
    assert date.startswith("<t:") and date.endswith(":d>") and games == "3 games played"
    result, team, _, games = board["3 players · target 4"].split(" · ")
    assert (result, team, games) == ("**0** (won)", "carol, 2 computers", "1 game played")
    assert "no rating" in board["footer"]

    stats = fields(await table.alice.slash(table.channel, "games stats", game="coop"), "Results of alice")
    assert stats["Games"] == "2" and stats["Wins"] == "0 (0%)" and "Rating" not in stats
    assert stats["Steps missing"] == "average 2.0 · best **1**"
    assert stats["Best by players and setup"] == "2 players · target 4: **1** (2 games)"
    carol = fields(await table.alice.slash(table.channel, "games stats", player=table.carol), "Results of carol")
    assert carol["Wins"] == "1 (50%)" and carol["Best by players and setup"].splitlines() == [
        "3 players · target 4: **0** (won) (1 game)", "2 players · target 4: **1** (1 game)"]


async def test_an_italian_player_reads_the_shared_results_in_italian(table: Table, user_locale) -> None:
    await count_together(table, [table.alice, table.bob], target=6, adds=5)
    user_locale(table.bob, "it")
    board = fields(await table.bob.slash(table.channel, "games leaderboard", game="coop"), "Migliori risultati insieme")
    assert board[""] == "Passi mancanti: meno è meglio."
    assert board["2 giocatori · obiettivo 6"].startswith("**1** · ")
    assert board["2 giocatori · obiettivo 6"].endswith(" · 1 partita giocata")
    assert "non c'è valutazione" in board["footer"]
    stats = fields(await table.bob.slash(table.channel, "games stats"), "Risultati di bob")
    assert stats["Partite"] == "1" and stats["Passi mancanti"] == "media 1.0 · migliore **1**"
    assert stats["Migliori per giocatori e impostazione"] == "2 giocatori · obiettivo 6: **1** (1 partita)"


def test_the_best_results_fit_in_a_shared_message_whatever_the_names(monkeypatch: pytest.MonkeyPatch) -> None:
    registered(monkeypatch)
    team = tuple(SeatRow(i, 1000 + i, "W" * 32) for i in range(3))
    bests = [CoopBest(game_id=i, players=3, setup={"target": 10 ** 200 + i}, result=i, won=False, at=0.0, games=9,
                      team=team) for i in range(10)]
    embed = coop_leaderboard_embed("coop", bests, "en")
    assert len(embed) <= 3000 and all(len(field.name) <= 256 for field in embed.fields)
    assert embed.fields[-1].value.startswith("…and ") and 1 < len(embed.fields) < 10
