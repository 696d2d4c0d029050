"""A game's static data file, `data/<kind>.json`: the one read each game's data module makes (the only I/O the
engine does), so the path and the reading live in one place."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parents[1] / "data"


def load_game_data(kind: str) -> dict[str, Any]:
    """The parsed `data/<kind>.json`."""
    with (DATA_DIR / f"{kind}.json").open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data
