"""A solo game of A Place for All My Books against Penelope Eveready through the bot: `/books new players:1` starts
at once, every step typed from `/books play` autocomplete, Penelope's turns told in the channel, and the end says
who won; `/games stats` keeps it under Penelope's level (a second, resigned, under its own), unrated, beside the games
against others, and the leaderboard shows the best solo result of each level. The turn message says where Penelope
stands; an expired turn plays that turn only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from books_driver import MAX_STEPS, stored, turn_message, typed_step
from test_game_driver import assert_move_answered, channel_messages, game_here, labels, start_game

from bot.i18n import t

if TYPE_CHECKING:
    from conftest import Table

SEED = 1
"""A deal the typed plan of books_driver plays to the Sun's end at level 2 (the same game on every run)."""


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    return {"seeds": lambda: SEED}


async def test_a_solo_game_against_penelope_starts_at_once_and_is_typed_to_its_end(table: Table) -> None:
    alice = table.alice
    opened = await alice.slash(table.channel, "books new", players=1, level=2)
    lobby = opened.response
    assert lobby is not None and not lobby.ephemeral
    assert "Solo against Penelope Eveready, level 2" in lobby.content
    here = await game_here(table)
    assert here.status == "active", "a lobby of one seat starts at once"
    first = turn_message(table.channel)
    assert "**Penelope** (level 2) · not in the Village yet · queue empty · Rival deck 10" in first.content
    assert [a.filename for a in first.attachments] == ["books.png"]
    dm = alice.user.dm_channel.history()
    assert len(dm) == 1 and "Dealt to you — keep 3 of these 5" in dm[0].content

    steps = 0
    while (await table.bot.service.table(here.game_id)).status == "active":
        await typed_step(table)
        steps += 1
        assert steps < MAX_STEPS

    told = "\n".join(message.content for message in channel_messages(table.channel))
    assert "**Penelope** drew Rival" in told
    final = channel_messages(table.channel)[-1]
    assert "**You beat Penelope** (level 2)" in final.content or "**Penelope won** (level 2)" in final.content
    assert [a.filename for a in final.attachments] == ["final.png"] and labels(final) == ["Rematch", "Replay"]
    points = (await table.bot.service.table(here.game_id)).game.outcome().scores[0]  # type: ignore[union-attr]

    second = await alice.slash(table.channel, "books new", players=1, level=4)
    assert "Solo against Penelope Eveready, level 4" in second.response.content
    resigned = await alice.slash(table.channel, "books resign")
    assert_move_answered(resigned, "You resigned", table.channel)
    assert await table.bot.service.table_in_channel(table.channel.id) is None
    stats = await alice.slash(table.channel, "games stats", game="books")
    shown = stats.response.embeds[0].to_dict()
    fields = {field["name"]: field["value"] for field in shown["fields"]}
    assert shown["author"]["name"] == "A Place for All My Books"
    assert "Games" not in fields and "Rating" not in fields, "no game against others yet"
    wins = 1 if "**You beat Penelope**" in final.content else 0
    level_2, level_4 = fields["Solo games"].splitlines()
    assert level_2 == f"Penelope level 2: won {wins} of 1 · best **{points}**"
    assert level_4.startswith("Penelope level 4: won 0 of 1 · best "), "a resigned solo game is lost"
    assert shown["footer"]["text"].startswith("Solo games are not rated")

    board = await table.bob.slash(table.channel, "games leaderboard", game="books")
    [solos] = [embed.to_dict() for embed in board.response.embeds]
    assert solos["title"] == "Best solo results" and "Rating" not in str(solos), "nobody is rated by solo games"
    assert [field["name"] for field in solos["fields"]] == ["Penelope level 2", "Penelope level 4"]
    assert solos["fields"][0]["value"].startswith(f"**{points}**" + (" (won)" if wins else "") + " · alice · ")


async def test_an_expired_solo_turn_plays_that_turn_only(table: Table) -> None:
    """The one seat of a solo game acts again at once after its turn (Penelope's turn is the game's own): an
    expiry played on into every next turn, so one missed turn lost the whole game to the computer."""
    alice = table.alice
    await alice.slash(table.channel, "books new", players=1, level=2, turn_timeout="1h")
    here = await game_here(table)
    assert here.game is not None and here.game.turn == 0
    seen = len(channel_messages(table.channel))
    await table.env.advance_time(3600)
    after = await table.bot.service.table(here.game_id)
    assert after.status == "active" and after.game is not None and after.game.turn == 1, "one turn, not the game"
    assert after.seats[0].expired_turns == 1 and after.current_seat == after.seats[0]
    told = channel_messages(table.channel)[seen:]
    assert told[-1].content.startswith("**alice**'s time ran out: the computer plays for them.")
    assert alice.mention in told[-1].content, "alice is asked for her next turn"


async def test_games_stats_without_a_game_shows_the_solo_games_beside_the_games_against_others(table: Table) -> None:
    alice = table.alice
    await start_game(table, alice, [], computers=1)
    assert_move_answered(await alice.slash(table.channel, "shelfie resign"), "You resigned", table.channel)
    await alice.slash(table.channel, "books new", players=1, level=3)
    assert_move_answered(await alice.slash(table.channel, "books resign"), "You resigned", table.channel)

    stats = await alice.slash(table.channel, "games stats")
    assert stats.response.ephemeral
    shown = {embed.author.name: embed.to_dict() for embed in stats.response.embeds}
    assert list(shown) == ["My Shelfie", "A Place for All My Books"]
    solo = {field["name"]: field["value"] for field in shown["A Place for All My Books"]["fields"]}
    assert "Games" not in solo and solo["Solo games"].startswith("Penelope level 3: won 0 of 1 · best ")
    assert shown["A Place for All My Books"]["footer"]["text"].startswith("Solo games are not rated")
    shelfie = {field["name"]: field["value"] for field in shown["My Shelfie"]["fields"]}
    assert shelfie["Games"] == "1" and shelfie["Wins"].startswith("0"), shelfie


async def test_the_turn_message_says_where_penelope_stands_once_she_is_in_the_village(table: Table) -> None:
    await table.alice.slash(table.channel, "books new", players=1, level=2)
    assert "**Penelope** (level 2) · not in the Village yet ·" in turn_message(table.channel).content
    for _ in range(MAX_STEPS):
        penelope = (await stored(table)).penelope
        assert penelope is not None
        if penelope.location is not None:
            break
        await typed_step(table)
    assert penelope.location is not None, "Penelope reached the Village"
    shown = turn_message(table.channel).content.splitlines()
    line = next(line for line in shown if line.startswith("**Penelope** (level"))
    place = t(f"books.space.{penelope.location}", "en")
    assert not place.startswith("books.") and line.startswith(f"**Penelope** (level 2) · at {place} · queue "), line
