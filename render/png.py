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
from collections.abc import Callable

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


def stacked(parts: list[Image.Image], background: RGB) -> Image.Image:
    """The parts one under the other in one RGB image: the sample a palette is built from."""
    sample = Image.new("RGB", (max(p.width for p in parts), sum(p.height for p in parts)), background)
    y = 0
    for part in parts:
        sample.paste(part, (0, y))
        y += part.height
    return sample


def encode(img: Image.Image, palette: Image.Image) -> bytes:
    """PNG bytes of img mapped (without dithering) onto palette's colours."""
    out = io.BytesIO()
    rgb = img if img.mode == "RGB" else img.convert("RGB")  # convert would copy even an RGB image
    rgb.quantize(palette=palette, dither=Image.Dither.NONE).save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()



class Mapped:
    """A part of pictures (a frame, a card, a tile) with its twin mapped onto a palette once, when first used:
    a part pasted into a MappedCanvas costs no mapping on any picture that shows it. Mapping is per pixel (a
    colour always maps to the same index), so a part mapped alone gives the indices the whole picture would."""

    __slots__ = ("rgb", "_palette", "_mapped")

    def __init__(self, rgb: Image.Image, palette: Callable[[], Image.Image]) -> None:
        self.rgb = rgb
        self._palette = palette
        self._mapped: Image.Image | None = None

    @property
    def mapped(self) -> Image.Image:
        if self._mapped is None:
            self._mapped = self.rgb.quantize(palette=self._palette(), dither=Image.Dither.NONE)
        return self._mapped


class MappedCanvas:
    """A picture drawn in RGB (antialiased text and blends need it) that is mapped onto its palette only where
    drawing touched it: it starts as a copy of a Mapped base, Mapped parts are pasted into both twins, and
    whatever else is drawn on `rgb` must lie inside a box given to `touch`, mapped when encoding. The PNG is
    byte for byte what `encode(rgb, palette)` gives, for a fraction of the mapping. Without a palette it only
    draws `rgb` (what the palette itself is sampled from)."""

    def __init__(self, base: Mapped, palette: Image.Image | None) -> None:
        self.rgb = base.rgb.copy()
        self._palette = palette
        self._mapped = None if palette is None else base.mapped.copy()
        self._touched: list[tuple[int, int, int, int]] = []

    def paste(self, part: Mapped, xy: tuple[int, int]) -> None:
        """An opaque paste of a mapped part."""
        self.rgb.paste(part.rgb, xy)
        if self._mapped is not None:
            self._mapped.paste(part.mapped, xy)

    def touch(self, box: tuple[float, float, float, float]) -> None:
        """Drawing on `rgb` changes pixels inside box (x0, y0, x1, y1, edges included); a larger box only costs
        a little more mapping."""
        w, h = self.rgb.size
        x0, y0 = max(0, int(box[0])), max(0, int(box[1]))
        x1, y1 = min(w, int(box[2]) + 2), min(h, int(box[3]) + 2)
        if x0 < x1 and y0 < y1:
            self._touched.append((x0, y0, x1, y1))

    def encode(self) -> bytes:
        """PNG bytes, as encode(self.rgb, palette) would give them."""
        if self._mapped is None or self._palette is None:
            raise ValueError("a canvas without a palette has nothing to encode")
        for box in self._touched:
            self._mapped.paste(self.rgb.crop(box).quantize(palette=self._palette, dither=Image.Dither.NONE),
                               box[:2])
        out = io.BytesIO()
        self._mapped.save(out, "PNG", compress_level=COMPRESS_LEVEL)
        return out.getvalue()
