"""The one encoder every picture goes through: PNG through a fixed 256-colour palette.

Measured on the 720x1126 board picture (CPU ms, `python -m bench render` reports the current
figures): mapping onto the palette ~1.2 ms, then zlib level 1 ~2.3 ms and 54 KB (level 3 ~2.7 ms
and 49 KB, level 6 ~6 ms and 41 KB, optimize ~33 ms); RGB PNG ~16 ms and 110 KB; WebP lossless
~10 ms at its fastest method (125 KB) and ~170 ms for 72 KB; lossy WebP ~50 ms and blurs the tile
colours that tests and players read. A palette PNG is both the cheapest and the crispest, and level 1
because every turn sends two pictures: the CPU a move costs matters more than ~10% of bytes.
Building a palette (an octree quantization, ~16 ms) is done once per palette and reused.
"""
from __future__ import annotations

import io

from PIL import Image

from .palette import RGB

COMPRESS_LEVEL = 1


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
    rgb = img if img.mode == "RGB" else img.convert("RGB")  # convert would copy even an RGB image
    rgb.quantize(palette=palette, dither=Image.Dither.NONE).save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
