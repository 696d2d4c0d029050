"""Librarians' part of `python -m render.gallery OUTDIR`: seeded games played by the registered computer
teammate (engine.librarians.RULES, level "normal"), drawn at the moments players see: a turn with every spot
numbered, the private builder picture with a card's legal spots, a hand, and the end; and one turn with powers at
work (held power cards, Science's taps, Poetry's rule in force)."""
from __future__ import annotations

from engine.librarians.actions import Choose, UsePower
from engine.librarians.data import COLOURS
from engine.librarians.game import LibrariansGame

from ..manifest import SavePicture
from .pictures import render_final, render_hand, render_turn
from .samples import NAMES, sample_game, step

def wide_library(books: int, seed: int = 0) -> LibrariansGame:
    """A 2-seat game whose top row has `books` books right of its shelf card (laid from the deck in alphabetical
    order along the arrow): wider than 720 px holds at the largest cards, for the widest pictures."""
    game = LibrariansGame.new(2, seed=seed)
    row = game.library.rows[0]
    for x, card in enumerate(sorted(game.deck[:books], key=lambda c: game.letters[c] * row.arrow), start=1):
        game.deck.remove(card)
        game.library.put((0, x), card)
    return game


def powers_at_work() -> tuple[LibrariansGame, list[str]]:
    """A seeded 4-seat game some turns in where the seat to play was handed a Science and a Poetry card and used
    both (tapping books as hints, laying cards in any order), then laid a card, while the next two seats hold a
    Romance and a Thriller card. Completions are rare in a computer game, so the cards are handed out the way the
    engine's own power tests do (from the deck to a seat's held cards)."""
    game = LibrariansGame.new(4, seed=2030, genres={"yellow": "science", "purple": "poetry"})
    k = 0
    while game.turn < 8:
        step(game, k)
        k += 1
    seat = game.current_seat

    def hand_over(to: int, colour: str) -> int:
        card = next(c for c in game.deck if COLOURS[c // 11] == colour)
        game.deck.remove(card)
        game.held[to].append(card)
        return card

    science, poetry = hand_over(seat, "yellow"), hand_over(seat, "purple")
    hand_over((seat + 1) % 4, "green")
    hand_over((seat + 2) % 4, "blue")
    game.apply(UsePower(poetry))
    game.apply(UsePower(science))
    while game.pending is not None:
        game.apply(Choose(game.pending.options[0]))
    step(game, k)
    return game, NAMES[:4]


def write_librarians_gallery(save: SavePicture) -> None:
    """Librarians' gallery pictures (librarians_*.png), each under its file name."""
    for n, turns in ((2, 10), (4, 8), (6, 6)):
        game, names = sample_game(n, seed=2026 + n, turns=turns)
        save(f"librarians_turn_{n}p.png", render_turn(game, names))
        if n == 4:
            save("librarians_turn_4p_it.png", render_turn(game, names, "it"))
            view = game.view(game.current_seat)
            card = view.hand[0]
            save("librarians_choose_spot.png", render_turn(view, names, spots=game.legal_places(card.id),
                                                           chosen=card))
            save("librarians_hand.png", render_hand(view, names))
        k = 0
        while not game.is_over:
            step(game, 10_000 + k)
            k += 1
        save(f"librarians_final_{n}p.png", render_final(game, names))
    save("librarians_powers.png", render_turn(*powers_at_work()))
