"""`python -m bench ai`: the computer players' one table — every game, each level against each lower level (a
co-operative game: a table of each level) and the game's references, win rates with their 95% (Wilson) intervals,
time per decision (p50 / p95 wall, p95 CPU).

Each game's rows come from its bench module, `bench.<kind>_ai.rows(pool, games)` (bench/table.py says how a game
adds rows); the modules also print their own detail when run alone (`python -m bench.dice_ai`...). Every row plays
its game's own default count (the size its README claim needs); `--games 10` plays 10 games a row for a quick
look, `--game dice` (repeatable) only that game's rows.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from concurrent.futures import ProcessPoolExecutor

from engine.registry import KINDS

from bench.table import HEADER


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai")
    parser.add_argument("--games", type=int, help="games per row (default: each game's own count, for README)")
    parser.add_argument("--game", action="append", choices=KINDS, help="only this game's rows (repeatable)")
    args = parser.parse_args(argv if argv is not None else [])
    if args.games is not None and args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    workers = os.cpu_count() or 1
    print(f"games per row: {args.games or 'each game’s default'}; two-player rows alternate the seats; "
          f"{workers} worker processes (wall times include waiting for a core)")
    print(HEADER)
    with ProcessPoolExecutor(workers) as pool:
        for kind in args.game or KINDS:
            for row in importlib.import_module(f"bench.{kind}_ai").rows(pool, args.games):
                print(row.line(), flush=True)
    print("per: what one decision is (a step or move is one choose call; a turn, every call of one seat's turn); "
          "a victory shared by k seats counts 1/k")


if __name__ == "__main__":
    main(sys.argv[1:])
