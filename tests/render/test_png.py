"""The PNG writer every picture goes through (render.png.write_png, ISA-L's deflate): each game's pictures decode
to exactly the indices and palette colours Pillow's own PNG writer (the encoder before it) gives for the same
picture; the file is a valid PNG, read by Pillow and by hand (struct + zlib); and random small palette images
round-trip exactly."""
from __future__ import annotations

import io
import random
import struct
import zlib
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from engine.librarians.game import LibrariansGame
from engine.shelfie import Game, Move
from render import png
from render.dice import render_dice, render_sheets
from render.dice import render_final as dice_final
from render.dice import render_turn as dice_turn
from render.shelfie.gallery import NAMES, play
from render.librarians import render_hand
from render.librarians import render_final as librarians_final
from render.librarians import render_turn as librarians_turn
from render.librarians.samples import sample_game, step
from render.shelfie import render_board, render_common_goal, render_goal_card, render_scores, render_shelves
from render.shelfie import pictures as shelfie_pictures
from render.shelfie.table import render_table
from tests.render.dice.conftest import choosing
from tests.render.dice.conftest import finished as dice_finished

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _shelfie(turns: int | None) -> tuple[Game, Move | None]:
    game = Game.new(4, seed=4)
    return game, play(game, random.Random(4), turns)


def _board(chosen: bool) -> bytes:
    game, last = _shelfie(20)
    picked = [(r, c) for r, row in enumerate(game.board_rows()) for c, kind in enumerate(row) if kind != "."][:2]
    return render_board(game, seat_names=NAMES, last_move=None if chosen else last, chosen=picked if chosen else ())


def _librarians(over: bool) -> tuple[LibrariansGame, list[str]]:
    game, names = sample_game(4, seed=3, turns=7)
    k = 0
    while over and not game.is_over:
        step(game, k)
        k += 1
    return game, names


def _builder() -> bytes:
    game, names = _librarians(False)
    view = game.view(game.current_seat)
    card = view.hand[0]
    return librarians_turn(view, names, spots=game.legal_places(card.id), chosen=card)


def _common_goal() -> bytes:
    shelfie_pictures._card_png.cache_clear()  # a card is encoded once per process: have it encoded here
    return render_common_goal("staircase", "it")


def _dice_turn() -> bytes:
    game = choosing(4, 6)
    return dice_turn(game, NAMES, "en", game.last_report, game.legal_item_sets())


def _dice_alone() -> bytes:
    game = choosing(3, 5)
    return render_dice(game, "it", game.legal_item_sets())


PICTURES: dict[str, Callable[[], bytes]] = {
    "shelfie board": lambda: _board(chosen=False),
    "shelfie board, builder's chosen tiles": lambda: _board(chosen=True),
    "shelfie shelves": lambda: render_shelves((g := _shelfie(30))[0], seat_names=NAMES, last_move=g[1]),
    "shelfie one shelf, Italian": lambda: render_shelves(_shelfie(9)[0], seat_names=NAMES, seats=[2], locale="it"),
    "shelfie board and shelves": lambda: render_table(_shelfie(12)[0], seat_names=NAMES),
    "shelfie personal goal": lambda: render_goal_card(_shelfie(15)[0], 1),
    "shelfie common goal": _common_goal,
    "shelfie scores": lambda: render_scores(_shelfie(None)[0], seat_names=NAMES),
    "dice turn with item sets": _dice_turn,
    "dice, the dice alone": _dice_alone,
    "dice sheets": lambda: render_sheets(choosing(4, 5), NAMES, "en"),
    "dice final": lambda: dice_final(dice_finished(3, 6), NAMES[:3], "en"),
    "librarians turn": lambda: librarians_turn(*_librarians(False)),
    "librarians builder": _builder,
    "librarians hand": lambda: render_hand((g := _librarians(False))[0].view(0), g[1]),
    "librarians final": lambda: librarians_final(*_librarians(True)),
}


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Image.Image, bytes]]:
    """Every picture handed to the PNG writer from now on, as its palette image, with the PNG written (the calls
    pass through to the real writer)."""
    pictures: list[tuple[Image.Image, bytes]] = []
    real = png.write_png

    def recording(indexed: Image.Image) -> bytes:
        data = real(indexed)
        pictures.append((indexed.copy(), data))
        return data

    monkeypatch.setattr(png, "write_png", recording)
    return pictures


def pillow_png(indexed: Image.Image) -> bytes:
    """Pillow's own PNG of a palette image: what every picture was before write_png."""
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=1)
    return out.getvalue()


def decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """The chunks of a PNG, read by hand, each CRC checked; fails on anything after IEND."""
    assert data[:8] == SIGNATURE
    out, at = [], 8
    while at < len(data):
        (length,), kind = struct.unpack(">I", data[at:at + 4]), data[at + 4:at + 8]
        body, (crc,) = data[at + 8:at + 8 + length], struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        out.append((kind, body))
        at += 12 + length
    assert at == len(data) and out[-1] == (b"IEND", b"")
    return out


def read_by_hand(data: bytes) -> tuple[tuple[int, int], bytes, bytes]:
    """(size, the indices row after row, the palette's RGB bytes) of an 8-bit palette PNG, without Pillow."""
    found = chunks(data)
    kinds = [kind for kind, _ in found]
    assert kinds[:2] == [b"IHDR", b"PLTE"] and set(kinds[2:-1]) == {b"IDAT"}
    width, height, depth, colour, compression, filtering, interlace = struct.unpack(">IIBBBBB", found[0][1])
    assert (depth, colour, compression, filtering, interlace) == (8, 3, 0, 0, 0)
    palette = found[1][1]
    assert 0 < len(palette) <= 768 and len(palette) % 3 == 0
    rows = zlib.decompress(b"".join(body for kind, body in found if kind == b"IDAT"))
    assert len(rows) == (width + 1) * height
    assert all(rows[y * (width + 1)] == 0 for y in range(height))  # filter None on every row
    indices = b"".join(rows[y * (width + 1) + 1:(y + 1) * (width + 1)] for y in range(height))
    assert max(indices) < len(palette) // 3
    return (width, height), indices, palette


@pytest.mark.parametrize("picture", sorted(PICTURES))
def test_each_picture_decodes_to_the_pixels_and_colours_pillow_wrote(written: list[tuple[Image.Image, bytes]],
                                                                      picture: str) -> None:
    sent = PICTURES[picture]()
    assert [data for _, data in written] == [sent]  # what a player receives is the writer's PNG
    indexed, _ = written[0]
    mine, pillows = decoded(sent), decoded(pillow_png(indexed))
    assert (mine.mode, mine.size) == (pillows.mode, pillows.size) == ("P", indexed.size)
    assert mine.tobytes() == pillows.tobytes() == indexed.tobytes()
    assert mine.getpalette() == pillows.getpalette() == indexed.getpalette()
    assert mine.convert("RGB").tobytes() == pillows.convert("RGB").tobytes()
    assert "transparency" not in mine.info
    chunks(sent)


def test_the_board_picture_reads_by_hand_as_its_indices_and_palette(written: list[tuple[Image.Image, bytes]]) -> None:
    sent = PICTURES["shelfie board"]()
    indexed, _ = written[0]
    size, indices, palette = read_by_hand(sent)
    assert size == indexed.size == (720, 1126)
    assert indices == indexed.tobytes()
    assert list(palette) == indexed.getpalette("RGB")
    assert len(sent) < len(pillow_png(indexed))  # smaller than Pillow's level 1, for the picture sent most


def test_only_a_palette_image_is_written() -> None:
    with pytest.raises(ValueError, match="palette image"):
        png.write_png(Image.new("RGB", (4, 4)))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 64), st.integers(1, 64), st.integers(1, 256), st.data())
def test_random_palette_images_round_trip_exactly(width: int, height: int, colours: int, data: st.DataObject) -> None:
    palette = data.draw(st.lists(st.integers(0, 255), min_size=3 * colours, max_size=3 * colours))
    indices = data.draw(st.binary(min_size=width * height, max_size=width * height).map(
        lambda raw: bytes(b % colours for b in raw)))
    img = Image.frombytes("P", (width, height), indices)
    img.putpalette(palette)
    sent = png.write_png(img)
    back = decoded(sent)
    assert (back.mode, back.size, back.tobytes(), back.getpalette()) == ("P", (width, height), indices, palette)
    assert read_by_hand(sent) == ((width, height), indices, bytes(palette))
