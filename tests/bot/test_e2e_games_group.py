"""`/games`: the server-wide commands of every game in one neutral group; only games with a Discord face are
offered, and each line or embed says which game it is about."""
from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from test_community_stats import finish_by_resignation
from test_game_driver import open_lobby

from bot.games.registry import FACES
from engine.registry import GAMES

if TYPE_CHECKING:
    from conftest import Table


async def test_the_server_wide_commands_live_in_games_not_in_a_game_group(table: Table) -> None:
    offered = table.alice.available_commands(table.channel)
    for command in ("list", "stats", "leaderboard", "settings", "help"):
        assert f"games {command}" in offered
        assert f"shelfie {command}" not in offered
    assert "shelfie games" not in offered


def test_the_games_offered_are_exactly_the_ones_with_a_discord_face(table: Table) -> None:
    assert list(FACES) == ["shelfie", "dice", "librarians", "books"] and set(FACES) <= set(GAMES)
    group = table.env.bot.tree.get_command("games")
    assert isinstance(group, app_commands.Group)
    for name in ("stats", "leaderboard"):
        command = group.get_command(name)
        assert isinstance(command, app_commands.Command)
        [game] = [p for p in command.parameters if p.name == "game"]
        assert [choice.value for choice in game.choices] == list(FACES)
    groups = {command.name for command in table.env.bot.tree.get_commands()}
    assert groups == {"games", *FACES}, "one command group per game with a face, and the neutral /games"


async def test_games_list_names_the_game_of_each_line(table: Table) -> None:
    await open_lobby(table, table.alice, 2)
    listed = await table.alice.slash(table.channel, "games list")
    assert listed.response.ephemeral and "**My Shelfie** · " in listed.response.content


async def test_stats_and_leaderboard_of_one_game_or_of_every_game_name_the_game(table: Table) -> None:
    nothing = await table.alice.slash(table.channel, "games stats", game="shelfie")
    assert "has not finished a game" in nothing.response.content
    await finish_by_resignation(table, table.bob)
    for options in ({}, {"game": "shelfie"}):
        stats = await table.alice.slash(table.channel, "games stats", **options)
        (embed,) = stats.response.embeds
        assert embed.author.name == "My Shelfie" and "alice" in embed.title
        board = await table.carol.slash(table.channel, "games leaderboard", **options)
        (embed,) = board.response.embeds
        assert embed.author.name == "My Shelfie"
