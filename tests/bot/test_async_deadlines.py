"""Turn deadlines on the simulated clock: reminders, the computer playing for an absent player,
replacement after 3 expired turns, and deadlines that survive a restart and fire once."""

from __future__ import annotations

from typing import TYPE_CHECKING

import simcord
from test_game_driver import channel_messages, game_here, member, play_typed_move, start_game

if TYPE_CHECKING:
    from conftest import Table

HOUR = 3600
REMINDER = "it's still your turn"
FINAL_REMINDER = "your turn ends in about"
TIMED_OUT = "time ran out, so the computer played for them"
REPLACED = "missed 3 turns in a row; a computer player takes over their seat"


def posted_since(channel: simcord.ChannelHandle, count: int) -> list[str]:
    """Text of the channel messages after the first `count` ones."""
    return [m.content for m in channel_messages(channel)[count:]]


async def one_hour_game(table: Table) -> tuple[simcord.MemberActor, simcord.MemberActor]:
    """alice and bob in a game with a 1-hour turn timeout: (the player to move, the other one)."""
    await start_game(table, table.alice, [table.bob], turn_timeout="1h")
    mover = member(table, (await game_here(table)).current_seat.user_id)
    return mover, table.bob if mover is table.alice else table.alice


async def test_reminders_at_half_time_and_before_the_end_then_the_computer_plays(table: Table) -> None:
    mover, other = await one_hour_game(table)
    seen = len(channel_messages(table.channel))
    turn = (await game_here(table)).turn

    await table.env.advance_time(HOUR / 2 - 60)
    assert posted_since(table.channel, seen) == [], "nothing before half time"
    await table.env.advance_time(60)
    (reminder,) = posted_since(table.channel, seen)
    assert REMINDER in reminder and mover.mention in reminder and "about 30 minutes left" in reminder

    await table.env.advance_time(HOUR / 2 - 6 * 60)
    final = posted_since(table.channel, seen)[1:]
    assert len(final) == 1 and FINAL_REMINDER in final[0] and mover.mention in final[0]

    await table.env.advance_time(6 * 60)
    (auto_move,) = posted_since(table.channel, seen)[2:]
    assert f"**{mover.user.name}**'s {TIMED_OUT}" in auto_move
    assert other.mention in auto_move and "it's your turn" in auto_move, "the next player is pinged"
    game = await game_here(table)
    assert game.turn == turn + 1 and game.current_seat.user_id == other.id
    posted = channel_messages(table.channel)[-1]
    assert [a.filename for a in posted.attachments] == ["board.png", "shelves.png"]
    assert game.turn_message_id == posted.id, "the new turn message carries the live buttons"


async def test_a_move_in_time_cancels_the_pending_reminders(table: Table) -> None:
    mover, other = await one_hour_game(table)
    await table.env.advance_time(HOUR / 4)
    await play_typed_move(table)
    seen = len(channel_messages(table.channel))
    await table.env.advance_time(HOUR / 4 + 60)
    assert not any(mover.mention in text for text in posted_since(table.channel, seen)), "no reminder for a done turn"
    await table.env.advance_time(HOUR / 4)
    (reminder,) = posted_since(table.channel, seen)
    assert REMINDER in reminder and other.mention in reminder, "the new turn has its own half time"


async def test_three_expired_turns_in_a_row_hand_the_seat_to_a_computer(table: Table) -> None:
    absent, present = await one_hour_game(table)
    for expiry in range(1, 4):
        seen = len(channel_messages(table.channel))
        await table.env.advance_time(HOUR)
        told = posted_since(table.channel, seen)
        assert any(TIMED_OUT in text for text in told), f"expiry {expiry} announced"
        assert any(REPLACED in text for text in told) == (expiry == 3)
        game = await game_here(table)
        assert game.current_seat.user_id == present.id
        await play_typed_move(table)
    game = await game_here(table)
    replaced = game.seat_of(absent.id)
    assert replaced is not None and replaced.is_computer
    assert game.current_seat.user_id == present.id, "the computer answered at once"
    seen = len(channel_messages(table.channel))
    await table.env.advance_time(HOUR / 2)
    assert not any(absent.mention in text for text in posted_since(table.channel, seen)), "nobody reminds a computer"


async def test_the_last_person_timing_out_three_times_ends_the_game(table: Table) -> None:
    await start_game(table, table.alice, [], computers=1, turn_timeout="5m")
    game_id = (await game_here(table)).game_id
    for _ in range(3):
        await table.env.advance_time(5 * 60)
    assert (await table.bot.service.table(game_id)).end_reason == "abandoned"
    assert "no human players are left" in channel_messages(table.channel)[-1].content
    stats = await table.bot.service.stats(table.guild.id, table.alice.id, "shelfie")
    assert stats is not None and (stats.games, stats.wins) == (1, 0), "leaving by timing out is scored a loss"


async def test_deadlines_survive_a_restart_and_fire_once(table: Table, restart) -> None:
    mover, other = await one_hour_game(table)
    seen = len(channel_messages(table.channel))
    await table.env.advance_time(HOUR / 4)
    await restart()
    await table.env.advance_time(HOUR / 2)
    reminders = [text for text in posted_since(table.channel, seen) if REMINDER in text]
    assert len(reminders) == 1 and mover.mention in reminders[0]
    await restart()
    await table.env.advance_time(HOUR / 4 + 60)
    told = posted_since(table.channel, seen)
    assert sum(TIMED_OUT in text for text in told) == 1
    assert sum(REMINDER in text for text in told) == 1 and sum(FINAL_REMINDER in text for text in told) == 1
    assert (await game_here(table)).current_seat.user_id == other.id


async def test_reminders_use_the_servers_language(simcord_env: simcord.Env) -> None:
    guild = simcord_env.create_guild("Circolo", preferred_locale="it")
    channel = guild.create_text_channel("partite")
    anna, bruno = (guild.add_member(simcord_env.create_user(name)) for name in ("anna", "bruno"))
    await simcord_env.bot.tree.sync()
    await anna.slash(channel, "shelfie new", players=2, turn_timeout="1h")
    await bruno.slash(channel, "shelfie join")
    await anna.slash(channel, "shelfie start")
    game = await simcord_env.bot.service.table_in_channel(channel.id)
    mover = f"<@{game.current_seat.user_id}>"
    seen = len(channel_messages(channel))
    await simcord_env.advance_time(HOUR)
    reminder, final, auto_move = posted_since(channel, seen)
    assert reminder == f"⏰ {mover}, tocca ancora a te in questa partita; restano circa 30 minuti."
    assert mover in final and "computer" in final and FINAL_REMINDER not in final
    assert "è scaduto, quindi ha giocato il computer" in auto_move
