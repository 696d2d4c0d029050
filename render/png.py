"""PNG encoding through a fixed palette: a 256-colour PNG is several times faster to
compress and smaller than RGB, and pinning the key colours keeps tile colours exact."""
from __future__ import annotations

import io

from PIL import Image

from .palette import RGB


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


def encode(img: Image.Image, palette: Image.Image, compress_level: int = 3) -> bytes:
    out = io.BytesIO()
    img.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE).save(
        out, "PNG", compress_level=compress_level
    )
    return out.getvalue()
