"""The one encoder every picture goes through: PNG through a fixed 256-colour palette.

Measured on a 1080x1136 table picture (CPU ms, `python -m bench render` reports the current
figures): palette PNG at zlib level 3 costs ~4 ms and ~70 KB; level 6 ~10 ms (-17% bytes),
level 9 or optimize ~55 ms; RGB PNG ~35 ms and 160 KB; WebP lossless ~25 ms at its fastest
method (150 KB) and 190-350 ms for smaller files; lossy WebP ~30-90 ms and blurs the tile
colours that tests and players read. A palette PNG is both the cheapest and the crispest.
Building a palette (an octree quantization, ~16 ms) is done once per palette and reused.
"""
from __future__ import annotations

import io

from PIL import Image

from .palette import RGB

COMPRESS_LEVEL = 3


def build_palette(sample: Image.Image, exact: list[RGB]) -> Image.Image:
    """A "P" image whose palette is the key colours plus the best adaptive colours of sample."""
    exact = list(dict.fromkeys(exact))
    adaptive = sample.convert("RGB").quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE).getpalette()
    extra = [tuple(adaptive[i:i + 3]) for i in range(0, len(adaptive), 3)]
    # Drop adaptive colours close to a key colour: the nearest-colour lookup is approximate
    # and could otherwise pick the near twin instead of the exact key colour.
    extra = [c for c in extra if all(sum(abs(a - b) for a, b in zip(c, e)) > 12 for e in exact)]
    flat = [v for rgb in exact + extra[: 256 - len(exact)] for v in rgb]
    flat += [0] * (768 - len(flat))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


def encode(img: Image.Image, palette: Image.Image) -> bytes:
    """PNG bytes of img mapped (without dithering) onto palette's colours."""
    out = io.BytesIO()
    img.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE).save(
        out, "PNG", compress_level=COMPRESS_LEVEL
    )
    return out.getvalue()
