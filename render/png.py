"""The one encoder every picture goes through: PNG through a fixed 256-colour palette, written here.

Measured on the 720x1126 board picture (CPU ms, `python -m bench render` reports the current
figures): mapping onto the palette ~1.2 ms whole (much less part by part: Mapped, MappedCanvas); then
Pillow's PNG writer with zlib 1.2.13 at level 1 ~2.3 ms and 54 KB (level 3 ~2.7 ms and 49 KB, level 6
~6 ms and 41 KB, optimize ~33 ms); RGB PNG ~16 ms and 110 KB; WebP lossless ~10 ms at its fastest
method (125 KB) and ~170 ms for 72 KB; lossy WebP ~50 ms and blurs the tile colours that tests and
players read. A palette PNG is both the cheapest and the crispest.

Its deflate was most of that cost, so `write_png` writes the PNG itself (a few chunks around one IDAT) and
deflates with ISA-L (python-isal). Measured on a shared machine, the board's 793 KB of scanlines deflate in
0.27-0.34 ms to 47 KB at ISA-L level 2 (level 1: the same time, 0.1-0.3% larger; level 0: 0.24-0.37 ms and
55 KB; level 3: 1.6-1.8 ms and 49 KB; zlib level 1: 3.4 ms and 49 KB), and the whole writer, scanlines and
CRCs included, costs 0.41-0.45 ms. Over the 46 gallery pictures level 2 is the smallest of ISA-L's fast
levels (1.48 MB; 1.51 MB with zlib level 1, 1.74 MB at level 0) and no slower, and every turn sends two
pictures over the network: level 2. Rows stay unfiltered: the Sub and Up filters made the board 7% and 18%
larger (palette indices are not smooth values) and cost a pass more. Building a palette (an octree
quantization, ~16 ms) is done once per palette and reused.
"""
from __future__ import annotations

import struct

from isal import isal_zlib
from PIL import Image

from .palette import RGB

DEFLATE_LEVEL = 2
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def build_palette(sample: Image.Image, exact: list[RGB]) -> Image.Image:
    """A "P" image whose palette is the key colours plus the best adaptive colours of sample."""
    exact = list(dict.fromkeys(exact))
    adaptive = sample.convert("RGB").quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE).getpalette()
    assert adaptive is not None, "a quantized image has a palette"
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
    rgb = img if img.mode == "RGB" else img.convert("RGB")  # convert would copy even an RGB image
    return write_png(rgb.quantize(palette=palette, dither=Image.Dither.NONE))


def write_png(indexed: Image.Image) -> bytes:
    """The PNG of a "P" image: 8-bit indices, its palette, every row unfiltered, deflated by ISA-L (the module
    docstring says why). No picture has a transparent colour (each is mapped from RGB): no tRNS chunk."""
    palette = indexed.getpalette("RGB") if indexed.mode == "P" else None
    if not palette:
        raise ValueError(f"write_png takes a palette image, not a {indexed.mode} image without one")
    width, height = indexed.size
    return b"".join((
        _SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),  # 8 bits, palette colours
        _chunk(b"PLTE", bytes(palette)),
        _chunk(b"IDAT", isal_zlib.compress(scanlines(indexed), DEFLATE_LEVEL)),
        _chunk(b"IEND", b""),
    ))


def scanlines(indexed: Image.Image) -> bytes:
    """A palette image's rows, each after its filter byte (0, None): what IDAT deflates. Pasting into a picture
    one pixel wider is the cheapest way measured (0.09 ms for the board; joining slices 0.28 ms)."""
    rows = Image.new("P", (indexed.width + 1, indexed.height))  # column 0 stays 0: the filter bytes
    rows.paste(indexed, (1, 0))
    return rows.tobytes()


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = isal_zlib.crc32(data, isal_zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


class Mapped:
    """A part of pictures (a frame, a card, a tile) with its twin mapped onto a palette once, when first used:
    a part pasted into a MappedCanvas costs no mapping on any picture that shows it. Mapping is per pixel (a
    colour always maps to the same index), so a part mapped alone gives the indices the whole picture would."""

    __slots__ = ("rgb", "_palette", "_mapped")

    def __init__(self, rgb: Image.Image) -> None:
        self.rgb = rgb
        self._palette: Image.Image | None = None
        self._mapped: Image.Image | None = None

    def mapped(self, palette: Image.Image) -> Image.Image:
        """The twin on `palette`, kept for the palette last asked for (a game's pictures share one)."""
        if self._mapped is None or self._palette is not palette:
            self._mapped = self.rgb.quantize(palette=palette, dither=Image.Dither.NONE)
            self._palette = palette
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
        self._mapped = None if palette is None else base.mapped(palette).copy()
        self._touched: list[tuple[int, int, int, int]] = []

    def paste(self, part: Mapped, xy: tuple[int, int]) -> None:
        """An opaque paste of a mapped part."""
        self.rgb.paste(part.rgb, xy)
        if self._mapped is not None and self._palette is not None:
            self._mapped.paste(part.mapped(self._palette), xy)

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
        return write_png(self._mapped)
