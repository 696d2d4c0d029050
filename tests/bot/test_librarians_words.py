"""Librarians' words: a typed card is read among the player's own cards only, a choice's card is named only to
whom may see it, and the channel's lines show hand sizes, never a hand (except what a power showed the table)."""

from __future__ import annotations

import random
import re

import discord

from engine.librarians.actions import Concede, Play
from engine.librarians.data import COLOURS
from engine.librarians.game import LibrariansGame
from engine.librarians.pending import card_option

from bot.games.librarians.builder import card_step, hand_line
from bot.games.librarians.picks import matching_cards
from bot.games.librarians.turn import turn_buttons
from bot.games.librarians.words import action_text, card_text, option_text, spot_text, table_lines, turn_prompt
from bot.service.models import GameOptions, Seat, Table
from render import fonts
from render.librarians.pictures import draw_hand, draw_turn

SEATS = (Seat(0, 1, "alice"), Seat(1, 2, "bob"))


def _table(game: LibrariansGame) -> Table:
    return Table(game_id=1, kind="librarians", guild_id=1, channel_id=1, thread_id=None, status="active",
                 end_reason=None, options=GameOptions(players=2), host_id=1, seats=SEATS, game=game, version=1,
                 turn=0, lobby_message_id=None, turn_message_id=None, created_at=0.0, updated_at=0.0)


def test_a_typed_card_is_read_by_letter_and_colour_in_either_language_among_the_players_own_cards() -> None:
    game = LibrariansGame.new(2, seed=11)
    card = game.card(game.hands[0][0])
    colour, letter = COLOURS[card.colour], card.letter_text
    italian = {"red": "rosso", "green": "verde", "blue": "blu", "purple": "viola", "yellow": "giallo",
               "black": "nero"}[colour]
    for typed in (f"{letter} {colour}", f"{colour} {letter.lower()}", f"{letter.lower()} {italian.upper()}",
                  f"🟥 {letter} {colour} (4)"):
        assert [game.card(c).letter_text for c in matching_cards(game, 0, typed)] == [letter], typed
        assert all(game.card(c).colour == card.colour for c in matching_cards(game, 0, typed)), typed
    absent = next(chr(65 + n) for n in range(26) if all(game.letters[c] != n for c in game.hands[0]))
    assert matching_cards(game, 0, absent) == [] and matching_cards(game, 0, "red blue F") == []
    assert all(c in game.hands[1] for c in matching_cards(game, 1, letter)), "only the asking seat's own cards"


def test_a_card_in_a_hand_is_named_to_its_holder_and_to_nobody_else() -> None:
    game = LibrariansGame.new(2, seed=12)
    card = game.hands[1][0]
    token = card_option(card)
    named = card_text(game.card(card), "en")
    assert option_text(game, SEATS, token, "en", private_to=1) == named
    assert option_text(game, SEATS, token, "en", private_to=0) == "a card from the hand"
    assert option_text(game, SEATS, token, "en") == "a card from the hand"
    game.known.add(card)
    assert option_text(game, SEATS, token, "en") == named, "a card a power showed the table is public"


def test_the_channel_sees_hand_sizes_and_only_the_cards_a_power_showed() -> None:
    game = LibrariansGame.new(2, seed=13)
    lines = table_lines(_table(game), "en")
    assert lines == [f"Cards in hand: **alice** 4 · **bob** 4 · deck: {len(game.deck)}"]
    shown = game.hands[1][0]
    game.known.add(shown)
    lines = table_lines(_table(game), "it")
    assert lines[-1] == f"Mostrate al tavolo, nella mano di **bob**: {card_text(game.card(shown), 'it')}"


def test_a_hint_to_concede_reads_as_resigning_in_the_readers_language() -> None:
    game = LibrariansGame.new(2, seed=1)
    english = action_text(game, SEATS, Concede(), "en", seat=0)
    italian = action_text(game, SEATS, Concede(), "it", seat=0)
    assert english.startswith("resign") and italian.startswith("arrenditi")


def _texts_drawn(monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """Every text the pictures draw from now on, in order (fonts.draw_text still draws it)."""
    drawn: list[str] = []
    real = fonts.draw_text

    def recording(draw, xy, text, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return real(draw, xy, text, size, *args, **kwargs)

    monkeypatch.setattr(fonts, "draw_text", recording)
    return drawn


def test_the_hand_picture_lists_the_cards_in_the_order_the_words_beside_it_do(monkeypatch) -> None:
    """The hand picture drew the cards as they were drawn from the deck, the words beside it alphabetically."""
    game = next(g for g in (LibrariansGame.new(2, seed=seed) for seed in range(50))
                if [c.letter for c in g.view(0).hand] != sorted(c.letter for c in g.view(0).hand))
    drawn = _texts_drawn(monkeypatch)
    draw_hand(game.view(0), ["Ann", "Bob"], "en")
    pictured = [text.split()[0] for text in drawn if re.fullmatch(r"[A-Z] (red|green|blue|purple|yellow|black)", text)]
    words = hand_line(game, 0, "en")
    assert pictured and [words.index(f" {letter} ") for letter in pictured] == sorted(
        words.index(f" {letter} ") for letter in pictured), (pictured, words)


def _islanded(seed: int) -> LibrariansGame | None:
    """Seat 0's game after two cards laid apart from each other (allowed during a turn), or None."""
    game = LibrariansGame.new(2, seed=seed)
    for first in game.legal_actions():
        trial = game.copy()
        trial.apply(first, 0)
        for then in trial.legal_actions():
            after = trial.copy()
            after.apply(then, 0)
            if after.turn_need() == 0 and after.pending is None and not after.can_end_turn():
                return after
    return None


def _end_buttons(view: object) -> list[object]:
    return [item.item for item in view.children if "end" in str(getattr(item.item, "custom_id", ""))]  # type: ignore[attr-defined]


def test_a_turn_that_cannot_end_is_never_told_it_may_and_its_end_button_is_grey_and_disabled(monkeypatch) -> None:
    """With its cards laid but the library in two groups, the turn message, the builder and the picture said the
    player "may … End turn" while the End turn button was disabled (they read only the cards still needed)."""
    game = next(g for g in map(_islanded, range(30)) if g is not None)
    table = _table(game)
    channel = turn_prompt(table, "en", ping=False) or ""
    assert "may" not in channel and "End turn" not in channel and "join the library" in channel, channel
    text, view = card_step(table, SEATS[0], "en")
    assert "may" not in text and "one connected group" in text, text
    for view in (view, turn_buttons(table, "en")):
        (end,) = _end_buttons(view)
        assert end.disabled and end.style == discord.ButtonStyle.secondary  # type: ignore[attr-defined]
    drawn = _texts_drawn(monkeypatch)
    draw_turn(game.view(0), ["alice", "bob"], "en")
    assert "join the library to end the turn" in drawn and "may end the turn" not in drawn


def test_every_line_saying_what_the_player_may_do_follows_the_end_turn_button_through_whole_games() -> None:
    """Turn words, builder and the End turn button agree in every state of games played by random legal actions
    (islands, undos and powers included)."""
    for seed in range(3):
        rng = random.Random(seed)
        game = LibrariansGame.new(2, seed=seed)
        for _ in range(150):
            if game.result is not None:
                break
            if game.pending is None:
                table = _table(game)
                may = game.can_end_turn()
                channel = turn_prompt(table, "en", ping=False) or ""
                text, _ = card_step(table, SEATS[game.current_seat], "en")
                (end,) = _end_buttons(turn_buttons(table, "en"))
                assert ("**End turn**" in channel) == may and ("may" in text) == may, (channel, text)
                assert end.disabled != may and (end.style == discord.ButtonStyle.success) == may  # type: ignore[attr-defined]
            game.apply(rng.choice(game.legal_actions()))


def test_a_spot_where_a_card_would_stand_apart_from_the_library_says_so() -> None:
    """A newcomer picking the first spots offered laid islands and could not end the turn without knowing why."""
    game = LibrariansGame.new(2, seed=3)
    first = game.hands[0][0]
    game.apply(Play(first, game.legal_places(first)[0]), 0)
    card = next(c for c in game.hands[0] if len(game.legal_places(c)) > 4)
    labels = {place: spot_text(game, game.spot_number(place) or 0, "en") for place in game.legal_places(card)}
    apart = [place for place, label in labels.items() if label.endswith(" — apart from the library")]
    beside = [place for place in labels if place not in apart]
    assert apart and beside, labels
    game.apply(Play(card, apart[0]), 0)
    assert game.end_refusal() is not None and game.end_refusal().code == "not_connected"  # type: ignore[union-attr]
