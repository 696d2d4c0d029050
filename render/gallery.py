"""`python -m render.gallery OUTDIR`: every registered game (engine.registry.KINDS) writes its gallery pictures,
seeded games drawn at the moments players see (its PICTURES.gallery)."""
from __future__ import annotations

import sys
from pathlib import Path

from engine.registry import KINDS

from .manifest import pictures_of


def write_gallery(out: Path) -> list[Path]:
    """Write every registered game's gallery pictures into out; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, png: bytes) -> None:
        path = out / name
        path.write_bytes(png)
        written.append(path)

    for kind in KINDS:
        pictures_of(kind).gallery(save)
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m render.gallery OUTDIR")
        return 2
    for path in write_gallery(Path(argv[0])):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
