"""An Italian server plays in Italian; rules, hints, games, shelves and stats answer what was asked."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import simcord
from PIL import Image
from test_game_driver import channel_messages, game_here, latest_turn_message, member, start_game

from bot.i18n import catalog
from render.shelfie.layout import shelves_size

if TYPE_CHECKING:
    from conftest import Table

MAX_TURNS = 200


async def picture_size(result: simcord.InteractionResult) -> tuple[int, int]:
    return Image.open(io.BytesIO(await result.response.attachments[0].read())).size


def english_only_phrases() -> set[str]:
    """The fixed start of every English message whose Italian differs (long enough to be unambiguous)."""
    english, italian = catalog("en"), catalog("it")
    phrases = set()
    for key, text in english.items():
        head = text.split("{")[0].strip()
        if len(head) >= 10 and not italian.get(key, "").startswith(head):
            phrases.add(head)
    return phrases


async def test_an_italian_server_sees_only_italian_words(table: Table, user_locale) -> None:
    env = table.env
    guild = env.create_guild("Circolo", preferred_locale="it")
    channel = guild.create_text_channel("partite")
    anna, bruno = (guild.add_member(env.create_user(name)) for name in ("anna", "bruno"))
    user_locale(anna, "it")
    user_locale(bruno, "it")
    seen: list[str] = []
    lobby = await anna.slash(channel, "shelfie new", players=2, hints=True)
    seen.append(lobby.response.content)
    assert "Entra" in [c["label"] for c in lobby.response.components[0]["components"]]
    seen.append((await bruno.click(lobby.response, label="Entra")).followups[0].content)
    await anna.click(lobby.response, label="Avvia")
    people = {anna.id: anna, bruno.id: bruno}
    turns = 0
    while (current := await table.bot.service.table_in_channel(channel.id)) is not None:
        mover = people[current.current_seat.user_id]
        if turns == 0:
            hint = await mover.slash(channel, "shelfie hint")
            seen.append(hint.response.content)
            assert hint.response.content.startswith("Suggerimento: prendi")
            assert "\nPerché: " in hint.response.content
            builder = await mover.click(channel_messages(channel)[-1], label="Prendi tessere")
            seen.append(builder.response.content)
        picks = await mover.autocomplete(channel, "shelfie take", "tiles", "")
        done = await mover.slash(channel, "shelfie take", tiles=picks[0]["value"], column=(
            await mover.autocomplete(channel, "shelfie take", "column", "", tiles=picks[0]["value"]))[0]["value"])
        seen.append(done.response.content)
        turns += 1
        assert turns < MAX_TURNS
    seen.extend(m.content for m in channel.history())
    seen.extend(m.content for m in anna.user.dm_channel.history())
    assert any("Partita finita!" in text for text in seen)
    leaks = {phrase for phrase in english_only_phrases() for text in seen if phrase in text}
    assert not leaks, f"English text shown to Italian players: {sorted(leaks)}"


async def test_rules_goal_hint_games_shelf_and_board_answer_privately_or_publicly_as_asked(table: Table) -> None:
    alice, bob = table.alice, table.bob
    rules = await alice.slash(table.channel, "shelfie rules")
    (overview,) = rules.response.embeds
    assert rules.response.ephemeral and overview.title == "My Shelfie in short"
    points, goals = overview.fields
    assert points.name == "Points" and "Personal goal: 1, 2, 4, 6, 9, 12 points" in points.value
    assert goals.name == "Common goals" and "Staircase" in goals.value and "/shelfie rules goal:" in goals.value
    choices = await alice.autocomplete(table.channel, "shelfie rules", "goal", "stair")
    assert choices == [{"name": "Staircase", "value": "staircase"}]
    card = await alice.slash(table.channel, "shelfie rules", goal="staircase")
    assert card.response.ephemeral and card.response.attachments[0].filename == "staircase.png"
    unknown = await alice.slash(table.channel, "shelfie rules", goal="nonsense")
    assert "no common goal called" in unknown.response.content

    await start_game(table, alice, [bob])
    no_hints = await alice.slash(table.channel, "shelfie hint")
    assert no_hints.response.ephemeral and "Hints are off" in no_hints.response.content
    games = await bob.slash(table.channel, "games list")
    assert games.response.ephemeral and f"<#{table.channel.id}>" in games.response.content
    mine = await alice.slash(table.channel, "shelfie shelf")
    assert mine.response.ephemeral and [a.filename for a in mine.response.attachments] == ["shelves.png"]
    assert "**alice**: 0 points visible, 30 free spaces" in mine.response.content
    assert "bob" not in mine.response.content and "```" not in mine.response.content
    assert await picture_size(mine) == shelves_size(1)
    outsider = await alice.slash(table.channel, "shelfie shelf", player="carol")
    assert outsider.response.content == "Nobody called “carol” plays in this game. Pick a player from the suggestions."
    shelves = await bob.click(latest_turn_message(table.channel), label="Shelves")
    assert shelves.response.ephemeral and [a.filename for a in shelves.response.attachments] == ["shelves.png"]
    assert "**alice**: 0 points visible" in shelves.response.content and "**bob**" in shelves.response.content
    assert "```" not in shelves.response.content, "a picture, not letter grids"
    assert await picture_size(shelves) == shelves_size(2)
    board = await table.carol.slash(table.channel, "shelfie board")
    assert not board.response.ephemeral and [a.filename for a in board.response.attachments] == ["board.png", "shelves.png"]
    game = await game_here(table)
    assert member(table, game.current_seat.user_id).mention in board.response.content
    nothing = await table.dave.slash(table.channel, "games stats")
    assert "has not finished a game" in nothing.response.content


async def test_shelf_offers_every_seat_of_the_game_computers_included(table: Table) -> None:
    alice, carol = table.alice, table.carol
    await start_game(table, alice, [], computers=1)
    game = await game_here(table)
    computer = next(seat for seat in game.seats if seat.is_computer)
    offered = await carol.autocomplete(table.channel, "shelfie shelf", "player", "")
    assert sorted(choice["name"] for choice in offered) == sorted(
        [f"{game.seat_of(alice.id).index + 1}. alice", f"{computer.index + 1}. 🤖 {computer.name} (easy)"])
    assert await carol.autocomplete(table.channel, "shelfie shelf", "player", "COMP") == [
        {"name": f"{computer.index + 1}. 🤖 {computer.name} (easy)", "value": str(computer.index + 1)}]

    chosen = await carol.slash(table.channel, "shelfie shelf", player=str(computer.index + 1))
    assert chosen.response.ephemeral and chosen.response.attachments[0].filename == "shelves.png"
    assert f"🤖 {computer.name} (easy)" in chosen.response.content and "alice" not in chosen.response.content
    assert await picture_size(chosen) == shelves_size(1)
    for typed in (alice.mention, "ALICE", "ali"):
        person = await carol.slash(table.channel, "shelfie shelf", player=typed)
        assert "**alice**" in person.response.content and computer.name not in person.response.content, typed
    everyone = await carol.slash(table.channel, "shelfie shelf")
    assert "**alice**" in everyone.response.content and computer.name in everyone.response.content, \
        "someone not playing sees every shelf"
    assert await picture_size(everyone) == shelves_size(2)
