"""Display names in any script draw without tofu boxes; long names end in an ellipsis."""
from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from engine.shelfie import Game
from render import fonts
from render.shelfie import render_table
from render.fonts import ELLIPSIS
from render.shelfie.layout import SHELF_BLOCK_W
from render.pieces import seat_name

TOFU_PROBE = "\U0010fffd"  # no font maps it, so every font answers with its .notdef box
SIZE = 24


def ink(text: str, bold: bool = False) -> Image.Image:
    img = Image.new("L", (40 * max(1, len(text)) + 20, 60), 0)
    fonts.draw_text(ImageDraw.Draw(img), (10, 30), text, SIZE, (255,), bold=bold)
    return img


def tofu_masks() -> list[bytes]:
    """What a missing glyph looks like in each shipped font."""
    out = []
    for name in fonts._REGULAR + fonts._BOLD:
        out.append(bytes(fonts.font(name, SIZE).getmask(TOFU_PROBE)))
    return out


@pytest.mark.parametrize("ch", list("Aé田中太郎あカ한글Жβب🐱🦊★♥"))
@pytest.mark.parametrize("bold", [False, True])
def test_characters_from_many_scripts_draw_a_real_glyph(ch: str, bold: bool) -> None:
    img = ink(ch, bold)
    assert img.getbbox() is not None, f"{ch!r} drew nothing"
    chain = fonts._BOLD if bold else fonts._REGULAR
    drawn_with = fonts.runs(ch, bold)[0][0]
    mask = bytes(fonts.font(chain[drawn_with], SIZE).getmask(ch))
    assert mask not in tofu_masks(), f"{ch!r} drew a tofu box"


def test_characters_no_font_has_are_dropped_not_drawn_as_boxes() -> None:
    assert fonts.visible("Mia 🫠🥳") == "Mia"
    assert ink("🫠").getbbox() is None
    assert ink("Mia 🫠").getbbox() == ink("Mia").getbbox()


def test_emoji_sequences_lose_only_their_invisible_joiners() -> None:
    assert fonts.visible("👍🏽 Ann") == "👍 Ann"
    assert fonts.visible("❤️ Bo") == "❤ Bo"


def test_long_names_are_cut_with_an_ellipsis_to_fit() -> None:
    name = "Bartholomew the Extraordinarily Long-Named Player of Games"
    cut = fonts.fit(name, 20, 180, bold=True)
    assert cut.endswith(ELLIPSIS) and name.startswith(cut[:-1])
    assert fonts.width(cut, 20, bold=True) <= 180
    assert fonts.fit("Ann", 20, 180) == "Ann"
    cjk = fonts.fit("田中太郎" * 10, 20, 120)
    assert cjk.endswith(ELLIPSIS) and fonts.width(cjk, 20) <= 120


def test_table_draws_hostile_names() -> None:
    game = Game.new(4, seed=1)
    names = ["🫠🥳", "\u202e\u0000evil\u200d", "x" * 500, "田中太郎 🐱 한국어"]
    assert render_table(game, seat_names=names)[:4] == b"\x89PNG"
    assert [seat_name(names, seat, "en") for seat in range(4)] == ["Player 1", "evil", "x" * 500, "田中太郎 🐱 한국어"]
    # The width the table gives a name beside its seat marker, with no chair or end token to its right.
    cut = fonts.fit(seat_name(names, 2, "en"), 20, SHELF_BLOCK_W - 50, bold=True)
    assert cut.endswith(ELLIPSIS) and set(cut[:-1]) == {"x"}
    assert fonts.width(cut, 20, bold=True) <= SHELF_BLOCK_W - 50


def test_a_name_with_nothing_drawable_falls_back_to_the_seat_number() -> None:
    assert seat_name(["🫠🥳", "Bo"], 0, "en") == "Player 1"
    assert seat_name(["🫠🥳", "Bo"], 0, "it") == "Giocatore 1"
    assert seat_name(["🫠🥳", "Bo"], 1, "en") == "Bo"


def test_marks_are_dropped_with_the_letter_they_belong_to() -> None:
    # Devanagari vowel signs have combining class 0 but are marks; no shipped font has the letters.
    assert seat_name(["देवनागरी"], 0, "en") == "Player 1"
    assert seat_name(["Anna देव"], 0, "en") == "Anna"
    assert ink("Anna देव").getbbox() == ink("Anna").getbbox()
    assert fonts.visible("\u0301Zoe\u0308 e\u0301") == "Zoë é"
