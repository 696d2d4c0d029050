"""Unexpected failures: the user gets a short private apology with an error id; the log gets the rest."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord
import pytest
from discord import app_commands

from bot.error_reporting import reports_errors
from bot.logging_setup import game_event, setup_logging
from bot.clicks.routing import GameButton, view_of

if TYPE_CHECKING:
    from conftest import Table

APOLOGY = re.compile(r"^Sorry, something went wrong on our side\. .* this code: `([0-9a-f]{8})`\.$")


class Explode(discord.ui.DynamicItem[discord.ui.Button], template=r"test:(?P<game>\d+):explode"):
    """A turn-message style button whose callback fails (its own prefix: every `shelfie:` id is a game button's)."""

    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label="Explode", custom_id=f"test:{game}:explode"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]) -> "Explode":
        return cls(int(match["game"]))

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        interaction.extras["game_id"] = self.game
        raise KeyError("seat 7")


@pytest.fixture
async def failing_commands(table: Table) -> None:
    """/explode fails, /button posts a failing button, /admin needs Manage Server: synced before the test."""
    bot = table.bot

    @bot.tree.command(name="explode", description="fails on purpose")
    async def explode(interaction: discord.Interaction) -> None:
        interaction.extras["game_id"] = 42
        raise RuntimeError("the table fell over")

    @bot.tree.command(name="button", description="posts a failing button")
    async def button(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Explode(77))
        await interaction.response.send_message("turn", view=view)

    @bot.tree.command(name="admin", description="needs manage server")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def admin(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("done")

    bot.add_dynamic_items(Explode)
    await bot.tree.sync()


@pytest.mark.allow_errors
async def test_a_failing_command_apologises_privately_and_logs_the_traceback(
    table: Table, failing_commands: None, unexpected_errors: list[logging.LogRecord]
) -> None:
    result = await table.alice.slash(table.channel, "explode")

    assert result.ephemeral
    match = APOLOGY.match(result.response.content)
    assert match, result.response.content
    assert "fell over" not in result.response.content and "Traceback" not in result.response.content
    (record,) = unexpected_errors
    assert record.game == 42 and record.user == table.alice.id and record.guild == table.guild.id
    assert f"error_id={match.group(1)}" in record.getMessage()
    assert record.exc_info is not None and "the table fell over" in str(record.exc_info[1])
    assert [type(error).__name__ for error in table.env.errors] == ["CommandInvokeError"]


@pytest.mark.allow_errors
async def test_a_failing_button_answers_instead_of_interaction_failed(
    table: Table, failing_commands: None, unexpected_errors: list[logging.LogRecord]
) -> None:
    posted = await table.alice.slash(table.channel, "button")
    clicked = await table.bob.click(posted.response, label="Explode")

    assert clicked.ephemeral
    assert APOLOGY.match(clicked.response.content)
    (record,) = unexpected_errors
    assert record.game == 77 and record.user == table.bob.id
    assert "component test:77:explode" in record.getMessage()


async def test_an_expected_refusal_is_explained_not_logged_as_a_bug(
    table: Table, failing_commands: None, unexpected_errors: list[logging.LogRecord]
) -> None:
    result = await table.alice.slash(table.channel, "admin")

    assert result.ephemeral
    assert result.response.content == "You need these permissions to do that: Manage Server."
    assert unexpected_errors == []
    assert [type(error).__name__ for error in table.env.errors] == ["MissingPermissions"]


async def test_a_permission_refusal_is_in_the_users_language(table: Table, failing_commands: None, user_locale,
                                                             unexpected_errors) -> None:
    user_locale(table.carol, "it")
    result = await table.carol.slash(table.channel, "admin")
    assert result.response.content == "Ti servono questi permessi per farlo: Gestire il server."
    assert [type(error).__name__ for error in table.env.errors] == ["MissingPermissions"]


async def test_one_log_line_per_interaction_names_guild_and_user(table: Table, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="shelfie.bot"):
        await table.dave.slash(table.channel, "games help")
    (line,) = [record for record in caplog.records if record.getMessage().startswith("interaction ")]
    assert line.getMessage() == "interaction /games help locale=en-US"
    assert (line.guild, line.user, line.game) == (table.guild.id, table.dave.id, "-")


def test_a_game_event_is_one_greppable_line(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    setup_logging("INFO")
    try:
        game_event("move", game=12, guild=34, user=56, move="E4 E5 3", turn=7)
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
    (line,) = capsys.readouterr().err.splitlines()
    assert line.endswith(" INFO shelfie game=12 guild=34 user=56 event=move move='E4 E5 3' turn=7")


async def test_a_button_of_a_game_that_no_longer_exists_says_so(
    table: Table, unexpected_errors: list[logging.LogRecord]
) -> None:
    @table.bot.tree.command(name="stale", description="posts a button of a game that is gone")
    async def stale(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("old turn", view=view_of(GameButton("shelfie", 999_999, "goal", label="My goal")))

    await table.bot.tree.sync()
    posted = await table.alice.slash(table.channel, "stale")
    clicked = await table.alice.click(posted.response, label="My goal")

    assert clicked.ephemeral and clicked.response.content == "That game no longer exists."
    assert unexpected_errors == []
