"""No caption of any game's pictures is cut short: only a player's name may end in "…" where room runs out.

Every registered game draws its whole gallery (long names, CJK and emoji names, every kind of picture) in every
caption language, and every text the drawing fits into a width is checked: when it was cut, what was cut must be
a name alone, never words of a caption (a header once read "column 2 locked fo…").

Reading every caption in one language reaches parts the pictures draw once and keep (per locale: a legend, a card,
a palette sampled from pictures): they are forgotten before, so each is drawn here in the language under test, and
after, so no later test in this process draws with a part or a palette drawn in the wrong language.
"""
from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from engine.registry import KINDS
from render import fonts
from render.dice.gallery import NAMES as DICE_NAMES
from render.librarians.samples import NAMES as LIBRARIAN_NAMES
from render.manifest import pictures_of
from render.shelfie.gallery import NAMES as SHELFIE_NAMES
from render.text import CAPTIONS, Captions

NAMES = {fonts.visible(name, bold) for name in (*DICE_NAMES, *LIBRARIAN_NAMES, *SHELFIE_NAMES)
         for bold in (False, True)}
LANGUAGES = sorted(CAPTIONS["turn"])


def forget_drawn_parts() -> None:
    """Empty every cache of the pictures' modules (functools caches: drawn parts, palettes, text measures)."""
    modules = [module for name, module in list(sys.modules.items()) if name == "render" or name.startswith("render.")]
    for cached in {id(value): value for module in modules for value in vars(module).values()
                   if callable(getattr(value, "cache_clear", None))}.values():
        cached.cache_clear()


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """Every text fonts.fit cut while drawing, with every caption read in the language under test."""
    language = request.param
    found: list[str] = []
    fit, read = fonts.fit.__wrapped__, Captions.__call__

    def watched_fit(text: str, size: int, max_width: int, bold: bool = False) -> str:
        shown = fit(text, size, max_width, bold)
        if shown.endswith(fonts.ELLIPSIS) and shown != fonts.visible(text, bold):
            found.append(fonts.visible(text, bold))
        return shown

    def in_language(self: Captions, key: str, locale: str = "en", **params: object) -> str:
        return read(self, key, language, **params)

    forget_drawn_parts()
    monkeypatch.setattr(fonts, "fit", watched_fit)
    monkeypatch.setattr(Captions, "__call__", in_language)
    yield found
    monkeypatch.undo()
    forget_drawn_parts()


@pytest.mark.parametrize("cuts", LANGUAGES, indirect=True)
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_only_names_are_cut_in_every_picture_of_every_game(kind: str, cuts: list[str]) -> None:
    pictures_of(kind).gallery(lambda name, png: None)
    cut = sorted({text for text in cuts if text not in NAMES})
    assert not cut, "\n".join(cut)
