"""A whole game as one animated picture: every step's public pictures in order, each frame captioned with the move.

A frame is the game's own replay frame of a state (`render.manifest.Pictures.frame`: the pictures its turn message
shows, PNG bytes), pasted as they are under a caption strip, so a decoded frame shows the very pixels of the turn
pictures of that state (`frame_layout` says where). The animation is a GIF: each picture is already a 256-colour
palette image, so its frames are exact, and Pillow's optimizer writes each frame after the first as its changes
only (unchanged pixels transparent), so a turn costs a few tens of KB. A game longer than `MAX_FRAMES` steps, or
one whose GIF would pass Discord's attachment limit (`REPLAY_BYTES`), is sampled evenly (the first and last state
always kept) and every caption says how many of the moves are shown.

Measured by `python -m bench render` (a 40-move My Shelfie replay, the largest pictures: README has the figures).
"""
from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from . import fonts
from .manifest import frame_of
from .palette import INK, MUTED, PAPER
from .text import DEFAULT_LOCALE, caption

REPLAY_BYTES = 8 * 1024 * 1024
"""The largest replay picture: Discord's attachment limit on any server (10 MiB a message) with room for the
move log beside it."""
MAX_FRAMES = 48
"""Frames a replay shows at most: a longer game is sampled."""
CAPTION_H = 76
FRAME_MS = 1200
FIRST_MS = 2500
LAST_MS = 8000


@dataclass(frozen=True, slots=True)
class Step:
    """One state of a replay and its caption: the move that led to it in plain words (the start: the game's
    name and players)."""

    state: Any
    words: str


@dataclass(frozen=True, slots=True)
class Replay:
    """The animated picture (GIF bytes) and which steps it shows (indices into the steps it was drawn from)."""

    gif: bytes
    shown: tuple[int, ...]


def sample(count: int, limit: int) -> tuple[int, ...]:
    """`limit` indices spread evenly over `count` steps, the first and the last always among them (all of them
    when they are no more than `limit`)."""
    if count <= limit:
        return tuple(range(count))
    if limit < 2:
        return (count - 1,)
    return tuple(sorted({round(i * (count - 1) / (limit - 1)) for i in range(limit)}))


def frame_layout(sizes: Sequence[tuple[int, int]], width: int) -> list[tuple[int, int]]:
    """Where a frame's pictures lie under its caption (x, y of each picture's top left corner): left to right
    while they fit in `width`, rows top to bottom, each row centred."""
    rows: list[list[int]] = []
    for i, (w, _) in enumerate(sizes):
        if rows and sum(sizes[j][0] for j in rows[-1]) + w <= width:
            rows[-1].append(i)
        else:
            rows.append([i])
    places: list[tuple[int, int]] = [(0, 0)] * len(sizes)
    y = CAPTION_H
    for row in rows:
        x = (width - sum(sizes[j][0] for j in row)) // 2
        for j in row:
            places[j] = (x, y)
            x += sizes[j][0]
        y += max(sizes[j][1] for j in row)
    return places


def _frame_size(sizes: Sequence[tuple[int, int]], width: int) -> tuple[int, int]:
    places = frame_layout(sizes, width)
    return width, max(y + h for (_, y), (_, h) in zip(places, sizes))


def render_replay(kind: str, steps: Sequence[Step], seat_names: Sequence[str], locale: str = DEFAULT_LOCALE, *,
                  max_frames: int = MAX_FRAMES, max_bytes: int = REPLAY_BYTES) -> Replay:
    """The replay of a game of `kind` from its steps (the start, then the state after each move), as a GIF no
    larger than `max_bytes` showing at most `max_frames` of them."""
    draw_frame = frame_of(kind)
    drawn: dict[int, list[Image.Image]] = {}
    limit = max_frames
    while True:
        shown = sample(len(steps), limit)
        for i in shown:
            if i not in drawn:
                drawn[i] = [Image.open(io.BytesIO(png)) for png in draw_frame(steps[i].state, seat_names, locale)]
        gif = _animation([(i, drawn[i]) for i in shown], steps, locale)
        if len(gif) <= max_bytes or len(shown) <= 2:
            return Replay(gif, shown)
        limit = max(2, min(len(shown) - 1, int(len(shown) * max_bytes / len(gif) * 0.9)))


def _animation(frames: list[tuple[int, list[Image.Image]]], steps: Sequence[Step], locale: str) -> bytes:
    width = max(picture.width for _, pictures in frames for picture in pictures)
    height = max(_frame_size([p.size for p in pictures], width)[1] for _, pictures in frames)
    sampled = len(frames) if len(frames) < len(steps) else None
    images = [_frame(i, pictures, steps, (width, height), locale, sampled) for i, pictures in frames]
    durations = [FIRST_MS if n == 0 else LAST_MS if n == len(images) - 1 else FRAME_MS for n in range(len(images))]
    out = io.BytesIO()
    images[0].save(out, "GIF", save_all=True, append_images=images[1:], duration=durations, loop=0, optimize=True,
                   disposal=1)
    return out.getvalue()


def _frame(index: int, pictures: list[Image.Image], steps: Sequence[Step], size: tuple[int, int], locale: str,
           sampled: int | None) -> Image.Image:
    """One frame on the palette of its first picture: the caption strip (which move; how many frames a sampled
    replay shows), then the pictures as they are."""
    palette = pictures[0]
    strip = Image.new("RGB", (size[0], CAPTION_H), PAPER)
    d = ImageDraw.Draw(strip)
    moves = len(steps) - 1
    where = caption("replay_start", locale) if index == 0 else caption("replay_move", locale, n=index, total=moves)
    if sampled is not None:
        where += " · " + caption("replay_sampled", locale, shown=sampled, total=len(steps))
    fonts.draw_text(d, (16, 22), where, 17, MUTED, bold=True, max_width=size[0] - 32)
    fonts.draw_text(d, (16, 52), steps[index].words, 22, INK, bold=True, max_width=size[0] - 32)
    # The canvas is made on the palette at once: quantizing a whole blank RGB frame took a third of a replay's time.
    paper = Image.new("RGB", (1, 1), PAPER).quantize(palette=palette, dither=Image.Dither.NONE)
    canvas = Image.new("P", size, paper.getpixel((0, 0)))
    canvas.putpalette(palette.getpalette() or [])
    canvas.paste(strip.quantize(palette=palette, dither=Image.Dither.NONE), (0, 0))
    for picture, place in zip(pictures, frame_layout([p.size for p in pictures], size[0])):
        same = picture.mode == "P" and picture.getpalette() == palette.getpalette()
        canvas.paste(picture if same else picture.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE),
                     place)
    return canvas
