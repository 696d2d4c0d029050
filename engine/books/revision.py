"""The rules revisions of Books (engine.protocol `GameDescription.revision`): a game plays by the revision it was
created with, so a game started before a change plays on, and replays its move log, as it was played."""
from __future__ import annotations

from ..protocol import FIRST_REVISION

__all__ = ["FIRST", "CLAIMED_AT_ONCE", "CURRENT", "REVISIONS"]

FIRST = FIRST_REVISION
"""The rules as first played: the checks at a turn's end (discard down to 5, Major Accomplishments) ran after the
players' turns only, once: what Penelope's turn completed (MA4, her bump taking a player with the Headphones from
20 to 24), or a claimed accomplishment's reward (its Other Neat Stuff a 4th for MA6), waited for the end of the
player's next turn, and was lost after the game's last."""
CLAIMED_AT_ONCE = 2
"""A Major Accomplishment is claimed at once (books.md "A turn"): the checks at a turn's end follow Penelope's turns
too, and the accomplishments are checked again after a claim's rewards and when a seat resigns in its turn."""
CURRENT = CLAIMED_AT_ONCE
"""The revision new games are played by."""
REVISIONS = range(FIRST, CURRENT + 1)
