"""`shelfie-bot demo` for My Shelfie: a computer-only game written as one table picture per turn and the score
sheet, and its standings in words."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engine.shelfie import Game
from engine.shelfie.ai import choose_move
from render.shelfie import render_scores, render_table
from render.shelfie.scores import ranking


def demo_names(players: int) -> list[str]:
    return [f"Computer {seat + 1}" for seat in range(players)]


def write_demo(outdir: Path, *, players: int, level: str, seed: int) -> Game:
    """Play a computer-only game: turn_000.png (the opening table), one picture per turn, scores.png; returns it over."""
    outdir.mkdir(parents=True, exist_ok=True)
    names = demo_names(players)
    game = Game.new(players, seed=seed)
    (outdir / "turn_000.png").write_bytes(render_table(game, seat_names=names))
    while not game.is_over:
        move = choose_move(game, level, seed=seed * 1000 + game.turn)
        game.apply(move)
        (outdir / f"turn_{game.turn:03d}.png").write_bytes(render_table(game, seat_names=names, last_move=move))
    (outdir / "scores.png").write_bytes(render_scores(game, seat_names=names))
    return game


def standings_lines(game: Game, names: Sequence[str]) -> list[str]:
    """The score sheet in words, in its order (best first), and the winner by the engine's rule."""
    lines = ["Final scores:"]
    for place, seat in enumerate(ranking(game), start=1):
        parts = game.score_breakdown(seat)
        lines.append(f"  {place}. {names[seat]}: {parts['total']} points (common goals {parts['common']}, "
                     f"personal goal {parts['personal']}, groups {parts['adjacency']}, "
                     f"end token {parts['end_token']})")
    winner = game.winner
    if winner is None:
        lines.append("No winner.")
    elif game.decided_by_tiebreak:
        lines.append(f"Winner: {names[winner]} with {game.score_breakdown(winner)['total']} points "
                     "(a tie, won by playing later in turn order).")
    else:
        lines.append(f"Winner: {names[winner]} with {game.score_breakdown(winner)['total']} points.")
    return lines


def run_demo(outdir: Path, *, players: int, level: str, seed: int) -> list[str]:
    """Play and write the demo; the lines to print (standings, winner, files written)."""
    game = write_demo(outdir, players=players, level=level, seed=seed)
    return [*standings_lines(game, demo_names(players)), f"Wrote {game.turn + 2} files to {outdir}."]
