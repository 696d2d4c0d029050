"""The Dice Game's picture captions under "dice_" ids.

Kept beside the game's pictures so a game is a folder; the game's modules read them, and the shared ones
(render.text), through `caption` (English fallback), and render stays independent of bot/.
"""
from __future__ import annotations

from ..text import Captions

DICE_CAPTIONS: dict[str, dict[str, str]] = {
    "dice_rerolls_left": {"en": "Re-rolls left: {n}", "it": "Rilanci rimasti: {n}"},
    "dice_no_rerolls": {"en": "No re-rolls left", "it": "Nessun rilancio rimasto"},
    "dice_roll_first": {"en": "{name}: roll the dice", "it": "{name}: tira i dadi"},
    "dice_kept": {"en": "kept", "it": "tenuto"},
    "dice_sets_title": {"en": "Sets you can circle", "it": "Gruppi che puoi cerchiare"},
    "dice_sets_more": {"en": "+{n} more", "it": "+{n} altri"},
    "dice_no_set": {"en": "These dice circle nothing", "it": "Con questi dadi non si cerchia nulla"},
    "dice_no_set_cross": {"en": "Nothing can be circled: cross out a row", "it": "Nulla da cerchiare: barra una riga"},
    "dice_circled": {"en": "{name} circled", "it": "{name} ha cerchiato"},
    "dice_crossed": {"en": "{name} crossed out", "it": "{name} ha barrato"},
    "dice_resigned_now": {"en": "{name} resigned", "it": "{name} si è ritirato"},
    "dice_locked": {"en": "Locked for the others: {lines}", "it": "Chiuse per gli altri: {lines}"},
    "dice_line_column": {"en": "column {n}", "it": "colonna {n}"},
    "dice_line_row": {"en": "row {n}", "it": "riga {n}"},
    "dice_closed_rows": {"en": "rows closed {n}/{of}", "it": "righe chiuse {n}/{of}"},
    "dice_last_round": {"en": "Last round", "it": "Ultimo giro"},
    "dice_winners": {"en": "{names} share the victory!", "it": "{names} vincono a pari merito!"},
    "dice_and": {"en": " and ", "it": " e "},
    "dice_col_rows": {"en": "Rows", "it": "Righe"},
    "dice_col_columns": {"en": "Columns", "it": "Colonne"},
    "dice_legend": {
        "en": "◯ circled · ✕ crossed out · hatched + lock: another player's full column",
        "it": "◯ cerchiato · ✕ barrato · tratteggio + lucchetto: colonna piena di un altro",
    },
    "dice_legend_rows": {
        "en": "◯ circled · ✕ crossed out · hatched + lock: another player's full column or row",
        "it": "◯ cerchiato · ✕ barrato · tratteggio + lucchetto: colonna o riga piena di un altro",
    },
}

caption = Captions(DICE_CAPTIONS)
