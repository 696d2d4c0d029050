"""My Shelfie's picture captions (tiles, goals, the board's news, shelves, the score sheet), by id and locale;
read with the shared ones (render.text) through `caption`."""
from __future__ import annotations

from ..text import Captions

SHELFIE_CAPTIONS: dict[str, dict[str, str]] = {
    "bag": {"en": "Bag {n}", "it": "Sacchetto {n}"},
    "last_move": {"en": "{name}: {tiles} → column {column}", "it": "{name}: {tiles} → colonna {column}"},
    "refilled": {"en": "board refilled", "it": "plancia riempita"},
    "won_token": {"en": "+{points} from goal {number}", "it": "+{points} dall'obiettivo {number}"},
    "won_end_token": {"en": "+1 end token", "it": "+1 gettone fine partita"},
    "visible_parts": {"en": "tokens {tokens} · groups {groups}", "it": "gettoni {tokens} · gruppi {groups}"},
    "final_parts": {
        "en": "tokens {tokens} · groups {groups} · goal {personal}",
        "it": "gettoni {tokens} · gruppi {groups} · obiettivo {personal}",
    },
    "end_token_part": {"en": " · end +{n}", "it": " · fine +{n}"},
    "personal_goal": {"en": "Personal goal", "it": "Obiettivo personale"},
    "goal_matches": {"en": "{n} of 6 match · scores {points} now", "it": "{n} su 6 · vale {points} ora"},
    "goal_scale": {"en": "Matches 1·2·3·4·5·6 = 1·2·4·6·9·12 pts", "it": "Caselle 1·2·3·4·5·6 = 1·2·4·6·9·12 punti"},
    "col_common": {"en": "Common", "it": "Comuni"},
    "col_personal": {"en": "Personal", "it": "Personale"},
    "col_adjacency": {"en": "Groups", "it": "Gruppi"},
    "col_end": {"en": "End", "it": "Fine"},
    "tiebreak": {
        "en": "Tied on {points}: {name} wins as the tied player latest in turn order",
        "it": "Parità a {points}: vince {name}, che tra i pari gioca per ultimo nel giro",
    },
    "goal_spaces": {
        "en": "Personal goal spaces (card number by the name) · corner: the tile wanted · ✓ matched · ✗ another"
              " tile · faded: empty",
        "it": "Caselle dell'obiettivo personale (numero della carta accanto al nome) · angolo: la tessera richiesta"
              " · ✓ centrata · ✗ un'altra · sbiadita: vuota",
    },
    "tile_C": {"en": "Cats", "it": "Gatti"},
    "tile_B": {"en": "Books", "it": "Libri"},
    "tile_G": {"en": "Games", "it": "Giochi"},
    "tile_F": {"en": "Frames", "it": "Cornici"},
    "tile_T": {"en": "Trophies", "it": "Trofei"},
    "tile_P": {"en": "Plants", "it": "Piante"},
    "goal_six_pairs": {"en": "6 groups of 2+ same tiles", "it": "6 gruppi di 2+ tessere uguali"},
    "goal_four_quads": {"en": "4 groups of 4+ same tiles", "it": "4 gruppi di 4+ tessere uguali"},
    "goal_four_corners": {"en": "4 corners of one type", "it": "4 angoli dello stesso tipo"},
    "goal_two_squares": {"en": "Two 2×2 squares, one type each", "it": "Due quadrati 2×2, ognuno di un tipo"},
    "goal_three_cols_max3": {"en": "3 full columns, ≤3 types each", "it": "3 colonne piene, max 3 tipi"},
    "goal_eight_same": {"en": "8 tiles of one type, anywhere", "it": "8 tessere uguali, ovunque"},
    "goal_diagonal5": {"en": "5 of one type on a diagonal", "it": "5 uguali in diagonale"},
    "goal_four_rows_max3": {"en": "4 full rows, ≤3 types each", "it": "4 righe piene, max 3 tipi"},
    "goal_two_cols_distinct": {"en": "2 columns of 6 different types", "it": "2 colonne di 6 tipi diversi"},
    "goal_two_rows_distinct": {"en": "2 rows of 5 different types", "it": "2 righe di 5 tipi diversi"},
    "goal_x_shape": {"en": "5 of one type in an X", "it": "5 uguali a forma di X"},
    "goal_staircase": {"en": "Heights 1-2-3-4-5 or 2-…-6", "it": "Altezze 1-2-3-4-5 o 2-…-6"},
}

caption = Captions(SHELFIE_CAPTIONS)
