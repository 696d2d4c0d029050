"""Shipped fonts and text drawing with per-glyph fallback.

Discord display names mix scripts and emoji. Each character is drawn with the first
shipped font that has a glyph for it (DejaVu Sans, then Droid Sans Fallback for
CJK, then Symbola for emoji/symbols); a character no font has is dropped rather than
drawn as a tofu box. Glyph presence is detected by comparing the glyph's rendering with
the font's .notdef glyph, since Pillow exposes no cmap.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
_REGULAR = ("DejaVuSans.ttf", "DroidSansFallback.ttf", "Symbola.ttf")
_BOLD = ("DejaVuSans-Bold.ttf", "DroidSansFallback.ttf", "Symbola.ttf")
_NOT_A_CHAR = "\U0010fffd"  # private use; no shipped font maps it, so it shows .notdef
ELLIPSIS = "…"
# Emoji variation selectors and skin-tone modifiers only make sense to a colour-emoji shaper;
# format characters (joiners, bidi overrides) are dropped too, so a name cannot flip the layout.
_DROP = {chr(c) for c in range(0xFE00, 0xFE10)} | {chr(c) for c in range(0x1F3FB, 0x1F400)}
_DROP_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn")

Run = tuple[int, str]  # (index into the font chain, text)


@lru_cache(maxsize=None)
def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / name), size)


@lru_cache(maxsize=None)
def _notdef(name: str) -> tuple[bytes, tuple[float, ...]]:
    f = font(name, 32)
    return bytes(f.getmask(_NOT_A_CHAR)), f.getbbox(_NOT_A_CHAR)


@lru_cache(maxsize=65536)
def has_glyph(name: str, ch: str) -> bool:
    """True when the font has its own glyph for ch (not the .notdef box)."""
    f = font(name, 32)
    return (bytes(f.getmask(ch)), f.getbbox(ch)) != _notdef(name)


def _chain(bold: bool) -> tuple[str, ...]:
    return _BOLD if bold else _REGULAR


def _font_index(ch: str, bold: bool) -> int | None:
    if ch.isspace():
        return 0
    for i, name in enumerate(_chain(bold)):
        if has_glyph(name, ch):
            return i
    return None


@lru_cache(maxsize=4096)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """Split text into runs that one font can draw; drop what no shipped font can."""
    text = unicodedata.normalize("NFC", " ".join(text.split()))
    out: list[list] = []
    has_base = False  # whether a mark here would sit on a drawn letter
    for ch in text:
        if ch in _DROP or unicodedata.category(ch) in _DROP_CATEGORIES:
            continue
        # Marks (accents, Indic vowel signs; many have combining class 0) go with their base:
        # drawn in its run, or dropped with it, so a name never shows marks on nothing.
        if unicodedata.category(ch).startswith("M"):
            if has_base:
                out[-1][1] += ch
            continue
        idx = _font_index(ch, bold)
        has_base = idx is not None and not ch.isspace()
        if idx is None:
            continue
        if out and out[-1][0] == idx:
            out[-1][1] += ch
        else:
            out.append([idx, ch])
    return tuple((i, s) for i, s in out)


def visible(text: str, bold: bool = False) -> str:
    """The text that will actually be drawn (unsupported characters removed)."""
    return "".join(s for _, s in runs(text, bold)).strip()


@lru_cache(maxsize=4096)
def width(text: str, size: int, bold: bool = False) -> int:
    chain = _chain(bold)
    return round(sum(font(chain[i], size).getlength(s) for i, s in runs(text, bold)))


@lru_cache(maxsize=4096)
def fit(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """The longest prefix of text (plus an ellipsis when cut) that fits max_width pixels."""
    text = visible(text, bold)
    if width(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS, size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


def fit_name(make: Callable[[str], str], name: str, size: int, max_width: int, bold: bool = False) -> str:
    """The caption make(name) fitted into max_width by cutting the name alone, so the caption's own words ("to
    play", "column 2 locked for the others") are never the part an ellipsis hides."""
    room = max_width - width(make(""), size, bold)
    text = make(fit(name, size, room, bold))
    while width(text, size, bold) > max_width and room > 0:  # glyphs side by side measure a little wider
        room -= 2
        text = make(fit(name, size, room, bold))
    return text


def wrap(text: str, size: int, max_width: int, bold: bool = False, lines: int = 2) -> list[str]:
    """text broken at spaces into at most `lines` lines of max_width pixels (the last one cut with an
    ellipsis if the text is longer still)."""
    out: list[str] = []
    words = visible(text, bold).split(" ")
    while words and len(out) < lines - 1:
        k = len(words)
        while k > 1 and width(" ".join(words[:k]), size, bold) > max_width:
            k -= 1
        out.append(" ".join(words[:k]))
        words = words[k:]
    if words:
        out.append(fit(" ".join(words), size, max_width, bold))
    return out


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, ...],
    *,
    bold: bool = False,
    align: str = "left",
    max_width: int | None = None,
) -> int:
    """Draw text with its vertical middle at xy[1]; x is its left, centre or right per align.

    Returns the drawn width in pixels. Rendered glyph masks are cached, so text repeated from
    turn to turn (names, captions) costs one paste.
    """
    if max_width is not None:
        text = fit(text, size, max_width, bold)
    w = width(text, size, bold)
    x, y = xy
    if align == "center":
        x -= w / 2
    elif align == "right":
        x -= w
    mask, dx, dy = _text_mask(text, size, bold)
    if mask is not None:
        draw.bitmap((round(x) + dx, round(y) + dy), mask, fill=fill)
    return w


@lru_cache(maxsize=1024)  # ~12 KB a mask: the texts every picture draws stay, scores and names come and go
def _text_mask(text: str, size: int, bold: bool) -> tuple[Image.Image | None, int, int]:
    """The text's coverage mask, cropped, and its offset from (left, vertical middle)."""
    chain = _chain(bold)
    ascent, descent = font(chain[0], size).getmetrics()
    pad = size
    img = Image.new("L", (width(text, size, bold) + 2 * pad, 3 * size + 2 * pad), 0)
    d = ImageDraw.Draw(img)
    x: float = pad
    mid = pad + 1.5 * size
    baseline = mid + (ascent - descent) / 2 - size * 0.06
    for i, s in runs(text, bold):
        f = font(chain[i], size)
        d.text((x, baseline), s, font=f, fill=255, anchor="ls")
        x += f.getlength(s)
    box = img.getbbox()
    if box is None:
        return None, 0, 0
    return img.crop(box), box[0] - pad, round(box[1] - mid)
