"""The Dice Game's part of `python -m render.gallery OUTDIR`: seeded computer games (engine.dice.ai, level
"normal") drawn at the moments a player sees: choosing with kept dice and the numbered item sets, right
after a turn, the sheets alone, the dice alone, and the end."""
from __future__ import annotations

from collections.abc import Callable

from engine.dice import DiceGame
from engine.dice.ai import choose

from ..manifest import SavePicture
from .pictures import render_dice, render_final, render_sheets, render_turn

NAMES = ["Alice", "田中太郎 🐱", "Bartholomew the Extraordinarily Long-Named", "🦊 Zoë"]


def play_until(game: DiceGame, stop: Callable[[DiceGame], bool], seed: int) -> int:
    """Computer moves (seeded by seed and the step) until stop(game) or the end; returns the next seed."""
    while not game.is_over and not stop(game):
        game.apply(choose(game, "normal", seed=seed))
        seed += 1
    return seed


def write_dice_gallery(save: SavePicture) -> None:
    """The Dice Game's gallery pictures (dice_*.png), each under its file name."""
    for n, dice in ((2, 5), (3, 6), (4, 5)):
        game = DiceGame.new(n, seed=2026 + n, dice=dice, row_lock=n == 3)
        names = NAMES[:n]
        seed = play_until(game, lambda g: g.turn >= 4 * n and bool(g.kept), seed=n * 1000)
        save(f"dice_choose_{n}p_{dice}dice.png",
             render_turn(game, names, "en", game.last_report, game.legal_item_sets()))
        if n == 3:
            save("dice_choose_3p_it.png", render_turn(game, names, "it", game.last_report, game.legal_item_sets()))
            save("dice_dice_6.png", render_dice(game, "en", game.legal_item_sets()))
        seed = play_until(game, lambda g: g.phase == "roll", seed)
        save(f"dice_turn_{n}p.png", render_turn(game, names, "en", game.last_report))
        if n == 4:
            save("dice_sheets_4p.png", render_sheets(game, names, "en", game.last_report))
        play_until(game, lambda g: False, seed)
        save(f"dice_final_{n}p.png", render_final(game, names, "en"))
