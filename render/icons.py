"""The six item tiles, drawn in code (original art): a silhouette per type in the type's
key colour with a dark outline, on a tinted rounded square. Every silhouette covers the
tile's centre, so the centre pixel of a cell tells which type lies there."""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from .palette import OUTLINE, TILE_BG, TILE_INK, WHITE, mix

SS = 4  # supersampling factor: drawn large once, shrunk with a good filter, cached


def _leaf(cx: float, cy: float, length: float, width: float, angle: float) -> list[tuple[float, float]]:
    """Points of a lens-shaped leaf whose base is at (cx, cy), pointing along angle (radians)."""
    pts = []
    for i in range(21):
        t = i / 20
        along, across = t * length, math.sin(math.pi * t) * width / 2
        pts.append((along, across))
    pts += [(a, -b) for a, b in reversed(pts)]
    ca, sa = math.cos(angle), math.sin(angle)
    return [(cx + a * ca - b * sa, cy + a * sa + b * ca) for a, b in pts]


def _silhouette(kind: str, s: int) -> tuple[Image.Image, list]:
    """Mask of the item's shape at size s, plus detail strokes [(op, xy, colour, line width)].

    op is an ImageDraw method name; colour is "dark" (the outline) or "light" (a contrasting tint of the item).
    """
    m = Image.new("L", (s, s), 0)
    d = ImageDraw.Draw(m)
    P = lambda *xy: [v * s for v in xy]  # noqa: E731  fractions -> pixels
    lw = max(1, round(s * 0.035))
    det: list = []
    if kind == "C":  # cat head: round face, two pointed ears
        d.ellipse(P(0.16, 0.3, 0.84, 0.88), fill=255)
        d.polygon(P(0.18, 0.5, 0.22, 0.1, 0.46, 0.34), fill=255)
        d.polygon(P(0.82, 0.5, 0.78, 0.1, 0.54, 0.34), fill=255)
        det += [("ellipse", P(0.31, 0.5, 0.41, 0.62), "dark"), ("ellipse", P(0.59, 0.5, 0.69, 0.62), "dark")]
        det += [("polygon", P(0.45, 0.66, 0.55, 0.66, 0.5, 0.72), "dark")]
        for y0, y1 in ((0.7, 0.66), (0.74, 0.76)):
            det += [("line", P(0.08, y0, 0.36, y1), "dark"), ("line", P(0.92, y0, 0.64, y1), "dark")]
    elif kind == "B":  # three upright books of different heights, the last one leaning
        d.rectangle(P(0.14, 0.22, 0.34, 0.88), fill=255)
        d.rectangle(P(0.37, 0.12, 0.61, 0.88), fill=255)
        d.polygon(P(0.64, 0.3, 0.78, 0.26, 0.92, 0.86, 0.76, 0.9), fill=255)
        for x0, x1 in ((0.14, 0.34), (0.37, 0.61)):
            det += [("line", P(x0, 0.3, x1, 0.3), "dark"), ("line", P(x0, 0.78, x1, 0.78), "dark")]
    elif kind == "G":  # a die seen corner-on (a diamond) showing four pips around the centre
        d.rounded_rectangle(P(0.2, 0.2, 0.8, 0.8), radius=s * 0.08, fill=255)
        m2 = m.rotate(45, resample=Image.Resampling.BICUBIC)
        m.paste(m2)
        r = 0.065
        for cx, cy in ((0.5, 0.27), (0.73, 0.5), (0.5, 0.73), (0.27, 0.5)):
            det.append(("ellipse", P(cx - r, cy - r, cx + r, cy + r), "dark"))
    elif kind == "F":  # a landscape painting in its frame: mat line, sun, mountains
        d.rectangle(P(0.08, 0.2, 0.92, 0.8), fill=255)
        det += [("rectangle", P(0.17, 0.29, 0.83, 0.71), "light")]
        det += [("ellipse", P(0.23, 0.33, 0.33, 0.43), "light")]
        det += [("line", P(0.2, 0.68, 0.36, 0.59, 0.46, 0.65, 0.62, 0.57, 0.8, 0.68), "light")]
    elif kind == "T":  # a cup with handles on a stem and base
        d.rectangle(P(0.44, 0.55, 0.56, 0.76), fill=255)
        d.rectangle(P(0.28, 0.74, 0.72, 0.88), fill=255)
        for box in (P(0.1, 0.16, 0.36, 0.46), P(0.64, 0.16, 0.9, 0.46)):
            d.ellipse(box, outline=255, width=round(s * 0.07))
        d.ellipse(P(0.26, 0.0, 0.74, 0.62), fill=255)
        d.rectangle(P(0.0, 0.0, 1.0, 0.14), fill=0)
        det += [("polygon", star(0.5 * s, 0.32 * s, 0.1 * s), "light")]
    elif kind == "P":  # a potted plant: three leaves over a pot
        for ang, ln, wd in ((-90, 0.44, 0.2), (-140, 0.4, 0.18), (-40, 0.4, 0.18)):
            d.polygon([(x, y) for x, y in _leaf(0.5 * s, 0.52 * s, ln * s, wd * s, math.radians(ang))], fill=255)
        d.polygon(P(0.3, 0.52, 0.7, 0.52, 0.64, 0.92, 0.36, 0.92), fill=255)
        d.rectangle(P(0.25, 0.46, 0.75, 0.58), fill=255)
        det += [("line", P(0.5, 0.38, 0.5, 0.14), "dark"), ("line", P(0.46, 0.39, 0.26, 0.27), "dark")]
        det += [("line", P(0.54, 0.39, 0.74, 0.27), "dark")]
        det += [("line", P(0.3, 0.66, 0.7, 0.66), "dark")]
    else:
        raise ValueError(f"unknown tile type {kind!r}")
    return m, [(op, xy, col, lw) for op, xy, col in det]


def star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list[tuple[float, float]]:
    """The corners of a star of `points` points around (cx, cy), tips at radius r and the dents at inner * r, the
    first tip straight up: the trophy's star here, and any game's star-shaped symbol."""
    return [(cx + (r if i % 2 == 0 else r * inner) * math.cos(-math.pi / 2 + i * math.pi / points),
             cy + (r if i % 2 == 0 else r * inner) * math.sin(-math.pi / 2 + i * math.pi / points))
            for i in range(2 * points)]


@lru_cache(maxsize=None)
def item(kind: str, size: int) -> Image.Image:
    """The item silhouette alone (RGBA, transparent around it), for legends and diagrams."""
    s = size * SS
    mask, details = _silhouette(kind, s)
    ring = max(3, (round(s * 0.05) // 2) * 2 + 1)
    outer = mask.filter(ImageFilter.MaxFilter(ring))
    img = Image.new("RGBA", (s, s), OUTLINE + (0,))
    img.paste(OUTLINE + (255,), (0, 0), outer)
    img.paste(TILE_INK[kind] + (255,), (0, 0), mask)
    d = ImageDraw.Draw(img)
    light = mix(TILE_INK[kind], WHITE, 0.75) if kind not in "BT" else mix(TILE_INK[kind], OUTLINE, 0.55)
    for op, xy, col, lw in details:
        c = OUTLINE if col == "dark" else light
        if op == "line":
            d.line(xy, fill=c, width=lw, joint="curve")
        elif op == "rectangle":
            d.rectangle(xy, outline=c, width=lw)
        else:
            getattr(d, op)(xy, fill=c)
    return img.reduce(SS)


@lru_cache(maxsize=None)
def tile(kind: str, size: int) -> Image.Image:
    """A whole tile: tinted rounded square with a darker rim and the item on it (RGBA)."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.16, fill=mix(TILE_BG[kind], OUTLINE, 0.35))
    d.rounded_rectangle((s * 0.05, s * 0.05, s * 0.95 - 1, s * 0.95 - 1), radius=s * 0.12, fill=TILE_BG[kind])
    small = img.reduce(SS)
    inner = round(size * 0.84)
    off = (size - inner) // 2
    icon = item(kind, inner)
    small.alpha_composite(icon, (off, off))
    return small
