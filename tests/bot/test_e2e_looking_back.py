"""Looking back at finished games: the end message's Replay button and `/games replay` post the whole game as one
animated picture (each frame the turn pictures of that moment, exactly, under a caption) with its move log, for
every game, showing no secret before the end revealed it; `/games history` lists the server's finished games,
newest first, a private page at a time."""

from __future__ import annotations

import io
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import pytest
from conftest import arriving_together
from books_driver import start_books
from dice_driver import start_dice_game
from librarians_driver import start_librarians
from PIL import Image, ImageSequence
from test_game_driver import channel_messages, game_here, labels, start_game

import render.books
import render.dice
import render.librarians
import render.shelfie
from bot.outbox import flush_game
from bot.service import GameOptions, TableStatus
from engine.registry import KINDS, rules_of
from render.manifest import frame_of
from render.replay import MAX_FRAMES, frame_layout, sample
from tests.render.librarians.conftest import twin as librarians_twin

if TYPE_CHECKING:
    from conftest import Table


async def _shelfie(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])


async def _dice(table: Table) -> None:
    await start_dice_game(table)


async def _librarians(table: Table) -> None:
    await start_librarians(table, people=2, computers=0)


async def _books(table: Table) -> None:
    await start_books(table, people=2)


def _books_secret_twin(state: Any) -> Any:
    """The same table with every hand (and every dealt five) other cards: what no frame may show."""
    twin = state.copy()
    for player in twin.players:
        player.hand = ["LP36" if card != "LP36" else "LP35" for card in player.hand]
        player.dealt = ["LP36" if card != "LP36" else "LP35" for card in player.dealt]
    return twin


def _shelfie_turn(state: Any, names: list[str]) -> list[bytes]:
    if state.is_over:
        return [render.shelfie.render_scores(state, seat_names=names)]
    last = state.last_report.move if state.last_report else None
    return list(render.shelfie.render_turn_pictures(state, seat_names=names, last_move=last))


def _shelfie_secret_twin(state: Any) -> Any:
    twin = state.copy()
    twin.personal = [(goal + 1) % 12 for goal in state.personal]
    return twin


def _librarians_secret_twin(state: Any) -> Any:
    holding = [seat for seat, hand in enumerate(state.hands) if hand]
    if len(holding) < 2:
        return state
    return librarians_twin(state, holding[0], holding[1])


GAMES: dict[str, tuple[Callable[[Table], Awaitable[None]], Callable[[Any, list[str]], list[bytes]],
                       Callable[[Any], Any]]] = {
    "shelfie": (_shelfie, _shelfie_turn, _shelfie_secret_twin),
    "dice": (_dice, lambda state, names: render.dice.turn_pictures(state, names, "en", state.last_report),
             lambda state: state),
    "librarians": (_librarians, lambda state, names: render.librarians.turn_pictures(state, names, "en"),
                   _librarians_secret_twin),
    "books": (_books, lambda state, names: render.books.turn_pictures(state, names, "en"), _books_secret_twin),
}


def test_every_game_is_replayed_here() -> None:
    assert sorted(GAMES) == sorted(KINDS), "a registered game's replay is tested here"


async def play_to_the_end(table: Table, kind: str) -> int:
    """A game of `kind` started here by its commands, then played out."""
    await GAMES[kind][0](table)
    return await play_out(table, await game_here(table))


async def play_out(table: Table, game: Any) -> int:
    """A started game played to its end by the computer's choices for each person to act (through the service,
    quickly), then its announcements posted: the last is the end message."""
    rules = rules_of(game.kind)
    step = 0
    while game.status == TableStatus.ACTIVE:
        seat = game.current_seat
        action = rules.choose(game.game, rules.levels[0], step, seat.index)
        game = (await table.bot.service.play(game.game_id, seat.user_id, action, turn=game.turn)).table
        step += 1
    await flush_game(table.bot, game.game_id)
    return game.game_id


def decoded(gif: bytes) -> list[Image.Image]:
    return [frame.convert("RGB") for frame in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))]


def composed(pictures: Sequence[bytes], canvas: Image.Image) -> list[tuple[Image.Image, Image.Image]]:
    """Each picture beside the part of a decoded frame where the replay laid it."""
    images = [Image.open(io.BytesIO(png)).convert("RGB") for png in pictures]
    places = frame_layout([image.size for image in images], canvas.width)
    return [(image, canvas.crop((x, y, x + image.width, y + image.height))) for image, (x, y) in zip(images, places)]


@pytest.mark.parametrize("kind", list(GAMES))
async def test_a_finished_games_replay_shows_its_turn_pictures_in_order_and_no_secret_before_the_end(
        table: Table, kind: str) -> None:
    game_id = await play_to_the_end(table, kind)
    end = channel_messages(table.channel)[-1]
    assert labels(end)[:2] == ["Rematch", "Replay"]

    clicked = await table.carol.click(end, label="Replay")
    posted = clicked.response
    assert posted is not None and not posted.ephemeral, "a replay is posted in the game's channel"
    assert [a.filename for a in posted.attachments] == [f"replay-{game_id}.gif", f"moves-{game_id}.txt"]
    assert sum(a.size for a in posted.attachments) <= 10 * 1024 * 1024

    replay = await table.bot.service.replay(game_id, table.guild.id)
    names = [seat.name for seat in replay.table.seats]
    states = [replay.start, *(step.game for step in replay.steps)]
    shown = sample(len(states), MAX_FRAMES)
    frames = decoded(await posted.attachments[0].read())
    assert len(frames) == len(shown)
    if len(shown) < len(states):
        assert f"{len(shown)} of its {len(states)}" in posted.content
    turn_pictures, _, secret_twin = GAMES[kind][1], None, GAMES[kind][2]
    for frame, index in zip(frames, shown):
        state = states[index]
        for expected, seen in composed(turn_pictures(state, names), frame):
            assert seen.tobytes() == expected.tobytes(), f"frame of step {index} is its turn pictures"
        if not state.is_over:
            assert frame_of(kind)(secret_twin(state), names, "en") == frame_of(kind)(state, names, "en"), \
                "a frame before the end shows no secret"
    assert states[-1].is_over

    log = (await posted.attachments[1].read()).decode()
    numbered = [line for line in log.splitlines() if re.match(r"\s*\d+  \d{4}-", line)]
    assert len(numbered) == len(replay.steps)
    assert "<@" not in log and "**" not in log

    typed = await table.alice.slash(table.channel, "games replay")
    assert typed.response is not None and not typed.response.ephemeral
    assert typed.response.attachments[0].filename == f"replay-{game_id}.gif"
    offered = await table.alice.autocomplete(table.channel, "games replay", "game", str(game_id))
    assert offered[0]["value"] == game_id and rules_of(kind).description.names["en"] in offered[0]["name"]


async def test_two_replay_clicks_at_once_post_one_replay(table: Table) -> None:
    await play_to_the_end(table, "dice")
    end = channel_messages(table.channel)[-1]
    before = len(channel_messages(table.channel))
    async with arriving_together(table.env):
        clicks = [await person.click(end, label="Replay") for person in (table.alice, table.bob)]
    answers = [click.response for click in clicks]
    told = [a for a in answers if a is not None and a.ephemeral]
    assert len(told) == 1 and "being drawn" in told[0].content
    posted = [m for m in channel_messages(table.channel)[before:] if m.attachments]
    assert len(posted) == 1 and posted[0].attachments[0].filename.startswith("replay-")


async def test_a_replay_is_refused_for_a_running_game_and_another_servers(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    running = await game_here(table)
    nothing = await table.alice.slash(table.channel, "games replay")
    assert nothing.response.ephemeral and "No game has finished in this channel" in nothing.response.content
    early = await table.alice.slash(table.channel, "games replay", game=running.game_id)
    assert early.response.ephemeral and "has not finished" in early.response.content
    elsewhere = table.env.create_guild("Elsewhere")
    stranger = elsewhere.add_member(table.env.create_user("eve"))
    foreign = await stranger.slash(elsewhere.create_text_channel("x"), "games replay", game=running.game_id)
    assert foreign.response.ephemeral and "no longer exists" in foreign.response.content


async def finished_here(table: Table, kind: str, people: Sequence[Any]) -> int:
    """A game of `kind` among these people opened, played to its end through the service and announced."""
    service = table.bot.service
    host, *others = people
    options = GameOptions(players=len(people))
    lobby = await service.open_lobby(table.guild.id, table.channel.id, host.id, host.user.name, options, kind=kind)
    for person in others:
        await service.join(lobby.game_id, person.id, person.user.name)
    game_id = await play_out(table, (await service.start(lobby.game_id, host.id)).table)
    table.env.backend.advance_clock(3600)
    return game_id


def buttons(message: Any) -> dict[str, dict[str, Any]]:
    return {c["label"]: c for row in message.components for c in row["components"]}


async def test_the_history_pages_privately_newest_first_by_player_and_game_and_after_a_restart(
        table: Table, restart, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.history

    monkeypatch.setattr(bot.history, "PAGE_SIZE", 2)
    first = await finished_here(table, "shelfie", [table.alice, table.bob])
    end_of_first = channel_messages(table.channel)[-1]
    second = await finished_here(table, "dice", [table.bob, table.carol])
    third = await finished_here(table, "shelfie", [table.alice, table.carol])

    listed = await table.dave.slash(table.channel, "games history")
    page = listed.response
    assert page.ephemeral, "one person's browsing: private"
    text = page.embeds[0].description
    assert text.index(f"game {third}") < text.index(f"game {second}") and f"game {first}" not in text
    assert "Page 1 of 2 · 3 games" in page.embeds[0].footer.text
    assert buttons(page)["Newer"].get("disabled") and not buttons(page)["Older"].get("disabled")

    older = await table.dave.click(page, label="Older")
    turned = older.response
    assert turned.id == page.id, "the same private message turns its page"
    assert f"game {first}" in turned.embeds[0].description and "Page 2 of 2" in turned.embeds[0].footer.text
    link = f"https://discord.com/channels/{table.guild.id}/{table.channel.id}/{end_of_first.id}"
    assert link in turned.embeds[0].description
    assert buttons(turned)["Older"].get("disabled")

    await restart()
    newer = await table.dave.click(turned, label="Newer")
    assert f"game {third}" in newer.response.embeds[0].description, "the pages turn after a restart"

    carol = await table.alice.slash(table.channel, "games history", player=table.carol)
    assert "carol" in carol.response.embeds[0].title
    assert f"game {first}" not in carol.response.embeds[0].description
    dice = await table.alice.slash(table.channel, "games history", game="dice")
    assert [f"game {second}"] == re.findall(r"game \d+", dice.response.embeds[0].description)
    assert "1 games" in dice.response.embeds[0].footer.text or "Page 1 of 1" in dice.response.embeds[0].footer.text
    none = await table.alice.slash(table.channel, "games history", player=table.dave)
    assert none.response.ephemeral and "No finished games" in none.response.content


def test_a_history_page_stays_inside_an_embed_whatever_the_names() -> None:
    from bot.history import DESCRIPTION_LIMIT, PAGE_SIZE, history_line
    from bot.service.models import FinishedGame, GameOptions as Options, Seat, Standing, Table as GameTable

    engine = rules_of("librarians")
    state = engine.new(6, 1, engine.description.check_options({}))
    seats = tuple(Seat(i, 10**17 + i, "@everyone *_~`|>" * 2 + "x" * 32, None) for i in range(6))
    game = GameTable(game_id=2**62, kind="librarians", guild_id=10**18, channel_id=10**18, thread_id=10**18,
                     status=TableStatus.FINISHED, end_reason=None, options=Options(players=6), host_id=1,
                     seats=seats, game=state, version=1, turn=1, lobby_message_id=None, turn_message_id=None,
                     created_at=0.0, updated_at=0.0)
    standings = tuple(Standing(seat, 1, 0, {}, False, False) for seat in seats)
    line = history_line(FinishedGame(game, standings, 4 * 10**9, 10**19), "it")
    assert len(line) * PAGE_SIZE + PAGE_SIZE <= DESCRIPTION_LIMIT
