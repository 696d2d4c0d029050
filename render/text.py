"""The captions every game's pictures share, by id and locale, and how a game's own captions are read.

`caption(id, locale, **params)` formats a shared caption; a locale without the id falls back to English. A game
keeps its own captions beside its pictures (render/<kind>/captions.py, listed in its PICTURES) and reads them,
and the shared ones, through its `Captions`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

DEFAULT_LOCALE = "en"

CAPTIONS: dict[str, dict[str, str]] = {  # what several games draw
    "turn": {"en": "Turn {n}", "it": "Turno {n}"},
    "to_play": {"en": "{name} to play", "it": "Tocca a {name}"},
    "game_over": {"en": "Game over", "it": "Partita finita"},
    "points": {"en": "{n} points", "it": "{n} punti"},
    "points_one": {"en": "1 point", "it": "1 punto"},
    "resigned": {"en": "resigned", "it": "ritirato"},
    "seat": {"en": "Player {n}", "it": "Giocatore {n}"},
    "final_scores": {"en": "Final scores", "it": "Punteggi finali"},
    "col_player": {"en": "Player", "it": "Giocatore"},
    "col_total": {"en": "Total", "it": "Totale"},
    "winner": {"en": "{name} wins!", "it": "Vince {name}!"},
    "no_winner": {"en": "No winner", "it": "Nessun vincitore"},
    "replay_start": {"en": "Replay · the start", "it": "Replay · l'inizio"},
    "replay_move": {"en": "Replay · move {n} of {total}", "it": "Replay · mossa {n} di {total}"},
    "replay_sampled": {"en": "sampled: {shown} of {total} pictures shown",
                       "it": "a campione: {shown} immagini di {total}"},
}


def language(locale: str) -> str:
    """The caption language drawn for `locale` (English when the captions lack it), so caches of drawn
    parts are keyed by the few languages there are, not by every locale string a caller passes."""
    return locale if locale in CAPTIONS["turn"] else DEFAULT_LOCALE


def points(n: int, locale: str = DEFAULT_LOCALE) -> str:
    """'1 point' / 'N points' in the locale."""
    return caption("points_one", locale) if n == 1 else caption("points", locale, n=n)


def caption(key: str, locale: str = DEFAULT_LOCALE, **params: object) -> str:
    """The caption `key` in `locale` (English when that locale lacks it), formatted with params."""
    entry = CAPTIONS[key]
    return entry.get(locale, entry[DEFAULT_LOCALE]).format(**params)


@dataclass(frozen=True, slots=True)
class Captions:
    """One game's captions read together with the shared ones: `caption = Captions(DICE_CAPTIONS)`, then
    `caption("dice_kept", locale)` or `caption("winner", locale, name=...)` (English when that locale lacks it)."""

    own: Mapping[str, Mapping[str, str]]

    def __call__(self, key: str, locale: str = DEFAULT_LOCALE, **params: object) -> str:
        entry = self.own[key] if key in self.own else CAPTIONS[key]
        return entry.get(locale, entry[DEFAULT_LOCALE]).format(**params)
