"""The game's own commands: `/books play step:` (any step, typed, with autocomplete offering only the asking
seat's legal next parts) and `projects`. The platform adds the rest of `/books` (bot.game_group).

One `play` command rather than a command per action: within one turn the game asks for different kinds of step
(an action space, then a village action after leaving, the books kept at the Library, a discard at the turn's end,
the keep-3 at the start), so a command per kind would mostly be refused; `play` offers exactly the step the game
waits for, one part at a time, in the same words the builder shows. Typing and clicking ask the service for the
same actions and the outbox posts the same messages, so a turn can be played by either, or both in turn.
"""

from __future__ import annotations

import discord
from discord import app_commands
from engine.books import RULES, parse_action
from engine.books.game import BooksGame

from bot.game_commands import live_table, option_descriptions, play_typed, seat_here, table_here
from bot.game_group import GameCommands
from bot.games.books.kind import KIND
from bot.games.books.labels import part_label
from bot.games.books.picks import ARROW, CHOICE_LIMIT, Draft, advance, point
from bot.games.books.turn import show_projects
from bot.games.books.words import action_line
from bot.i18n import t
from bot.presenters.words import seat_label

GROUP_NAME = "books"
STEP_OPTION = 200
"""Longest step typed: a Sort of 8 books with its tokens and a Lucky Kitty, with room."""
LABEL = 100


def _read_draft(game: BooksGame, seat: int, words: list[str], locale: object) -> Draft | None:
    """The parts a person typed, each matched (any case) to a part offered at its point, or to its words; None when
    one is not offered."""
    draft: Draft = ()
    for word in words:
        if word == ARROW and draft[-1:] == (ARROW,):
            continue  # the ">" the draft already has: nothing else could have come there
        options = point(game, seat, draft).options
        folded = word.casefold()
        match = next((o for o in options if o.casefold() == folded), None) or next(
            (o for o in options if part_label(game, seat, draft, o, locale).casefold().startswith(folded)), None)
        if match is None:
            return None
        draft = advance(game, seat, draft, match) if draft or match != "kitty" else ("kitty",)
    return draft


def suggestions(game: BooksGame, seat: int, typed: str, locale: object) -> list[app_commands.Choice[str]]:
    """The legal ways on from what is typed: the typed step itself when it is whole, then each part that may
    follow it (its text, and the part in words)."""
    words = typed.split()
    done, partial = (words, "") if not words or typed.endswith(" ") else (words[:-1], words[-1].casefold())
    draft = _read_draft(game, seat, done, locale)
    if draft is None:
        return []
    if partial == ARROW and draft[-1:] == (ARROW,):
        partial = ""
    found = point(game, seat, draft)
    choices = []
    if found.complete and not partial:
        text = " ".join(draft)
        choices.append(app_commands.Choice(name=f"✔ {text}"[:LABEL], value=text[:STEP_OPTION]))
    for option in found.options:
        label = part_label(game, seat, draft, option, locale)
        if partial and not (option.casefold().startswith(partial) or partial in label.casefold()):
            continue
        text = " ".join(advance(game, seat, draft, option))
        choices.append(app_commands.Choice(name=f"{text} — {label}"[:LABEL], value=text[:STEP_OPTION]))
    return choices[:CHOICE_LIMIT]


class BooksCommands(GameCommands):
    # ---- playing by typing ------------------------------------------------------------------------

    @app_commands.command(name="play", description="Take the step your turn waits for by typing (an action, a choice, your 3 projects...)")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "play", "step"))
    async def play(self, interaction: discord.Interaction, step: app_commands.Range[str, 1, STEP_OPTION]) -> None:
        """Read the step (English or Italian words, any case), play it, say privately what was done; a step the
        rules refuse changes nothing and says why."""
        table = await table_here(interaction, KIND)
        if table is None:
            return
        seat = table.seat_of(interaction.user.id)
        name = seat_label(seat, interaction.locale) if seat is not None else ""
        await play_typed(interaction, table, lambda: parse_action(step), lambda action: t(
            "books.builder.done", interaction.locale, what=action_line(action, name, interaction.locale)))

    @play.autocomplete("step")
    async def play_step(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Only the asking seat's own legal next parts: nothing for someone with no step to take."""
        table = await live_table(interaction, KIND)
        seat = table.seat_of(interaction.user.id) if table is not None else None
        if table is None or seat is None:
            return []
        return suggestions(RULES.state_of(table.game), seat.index, current, interaction.locale)

    # ---- information ------------------------------------------------------------------------------

    @app_commands.command(name="projects", description="See your secret Little Projects and which ones your apartment meets now, privately")
    async def projects(self, interaction: discord.Interaction) -> None:
        found = await seat_here(interaction, KIND)
        if found is not None:
            await show_projects(interaction, *found)
