"""Stats, rating and leaderboard as players read them: updated by a finished game, untouched by a cancelled one."""

from __future__ import annotations

from typing import TYPE_CHECKING

import simcord
from test_game_driver import assert_move_answered, game_here, play_typed_move, start_game

from bot.service.rating import MODEL, shown_rating

if TYPE_CHECKING:
    from conftest import Table



async def stats_text(table: Table, reader: simcord.MemberActor, player: simcord.MemberActor | None = None) -> str:
    """The answer as one text: the message, or the embed's title and its fields as 'name: value' lines."""
    options = {} if player is None else {"player": player}
    result = await reader.slash(table.channel, "games stats", **options)
    assert result.ephemeral
    if not result.response.embeds:
        return result.response.content
    (embed,) = result.response.embeds
    return "\n".join([embed.title, *(f"{field.name}: {field.value}" for field in embed.fields)])


def rating_in(text: str, label: str = "Rating") -> float:
    return float(next(line for line in text.splitlines() if line.startswith(f"{label}: ")).split(": ")[1])


def leaderboard_columns(result: simcord.InteractionResult) -> dict[str, list[str]]:
    assert result.ephemeral
    (embed,) = result.response.embeds
    return {field.name: field.value.splitlines() for field in embed.fields}


async def finish_by_resignation(table: Table, quitter: simcord.MemberActor) -> None:
    """A two-player game that ends when `quitter` resigns after a couple of moves."""
    await start_game(table, table.alice, [table.bob])
    for _ in range(2):
        await play_typed_move(table)
    resigned = await quitter.slash(table.channel, "shelfie resign")
    assert_move_answered(resigned, "You resigned", table.channel)
    assert await table.bot.service.table_in_channel(table.channel.id) is None


async def test_a_finished_game_counts_and_rates_both_players(table: Table) -> None:
    assert await stats_text(table, table.alice) == "alice has not finished a game in this server yet."
    await finish_by_resignation(table, table.bob)

    alice = await stats_text(table, table.alice)
    bob = await stats_text(table, table.carol, table.bob)
    assert "Games: 1\nWins: 1 (100%)" in alice and "Games: 1\nWins: 0 (0%)" in bob
    alice_rating, bob_rating = rating_in(alice), rating_in(bob)
    newcomer = shown_rating(MODEL.mu, MODEL.sigma)
    assert alice_rating > newcomer and alice_rating > bob_rating, "the winner's rating rises above the loser's"

    board = leaderboard_columns(await table.dave.slash(table.channel, "games leaderboard"))
    assert board["Player"] == ["1. alice", "2. bob"]
    assert board["Rating"] == [f"{alice_rating:.1f}", f"{bob_rating:.1f}"]
    assert board["Wins / games · average"][0].startswith("1 / 1 · ")
    assert board["Wins / games · average"][1].startswith("0 / 1 · ")


async def test_a_cancelled_game_changes_no_stats_or_rating(table: Table) -> None:
    await finish_by_resignation(table, table.alice)
    before = [await stats_text(table, table.carol, person) for person in (table.alice, table.bob)]

    await start_game(table, table.alice, [table.bob])
    game_id = (await game_here(table)).game_id
    for _ in range(3):
        await play_typed_move(table)
    asked = await table.alice.slash(table.channel, "shelfie cancel")
    await table.alice.click(asked.response, label="Cancel game")
    assert (await table.bot.service.table(game_id)).status == "cancelled"

    after = [await stats_text(table, table.carol, person) for person in (table.alice, table.bob)]
    assert after == before and "Games: 1" in after[0]


async def test_playing_against_the_computer_is_rated(table: Table) -> None:
    await start_game(table, table.alice, [], computers=1)
    while await table.bot.service.table_in_channel(table.channel.id) is not None:
        await play_typed_move(table)
    text = await stats_text(table, table.alice)
    assert "Games: 1" in text and rating_in(text) != shown_rating(MODEL.mu, MODEL.sigma), \
        "a game won or lost against the computer still counts"


async def test_resigning_a_game_against_the_computers_is_scored_as_a_loss(table: Table) -> None:
    await start_game(table, table.alice, [], computers=2)
    game_id = (await game_here(table)).game_id
    await table.alice.slash(table.channel, "shelfie resign")
    assert (await table.bot.service.table(game_id)).end_reason == "abandoned"
    text = await stats_text(table, table.alice)
    assert "Games: 1\nWins: 0 (0%)" in text, "leaving cannot dodge a loss"


async def test_an_italian_player_reads_stats_and_leaderboard_in_italian(table: Table, user_locale) -> None:
    await finish_by_resignation(table, table.bob)
    user_locale(table.bob, "it")
    text = await stats_text(table, table.bob)
    assert text.startswith("Risultati di bob") and "Partite: 1\nVittorie: 0 (0%)" in text
    assert rating_in(text, "Valutazione") < shown_rating(MODEL.mu, MODEL.sigma)
    board = await table.bob.slash(table.channel, "games leaderboard")
    (embed,) = board.response.embeds
    assert rating_in(text, "Valutazione") < 0, "one loss takes a new player's cautious rating below 0"
    assert embed.title == "Classifica" and embed.footer.text.startswith("Valutazione = abilità stimata meno tre volte")
    assert "tutti partono da 0, le prime sconfitte possono portarla sotto 0" in embed.footer.text, \
        "a negative number on the board is explained where it is shown"
    assert [field.name for field in embed.fields] == ["Giocatore", "Valutazione", "Vittorie / partite · media"]


async def test_the_rules_overview_is_an_embed_in_the_readers_language(table: Table, user_locale) -> None:
    user_locale(table.bob, "it")
    rules = await table.bob.slash(table.channel, "shelfie rules")
    (overview,) = rules.response.embeds
    assert rules.ephemeral and overview.title == "My Shelfie in breve"
    assert [field.name for field in overview.fields] == ["Punti", "Obiettivi comuni"]
    assert "Scala" in overview.fields[1].value and "/shelfie regole obiettivo:" in overview.fields[1].value
