"""The 20 Other Neat Stuff cards (NS01–NS20): what each does, for the engine to apply (books.md's card list;
kinds, effects and numbers in data/books.json).

- Lasting cards (Tote, Library Card, Loyalty Card, Headphones, Blanket, Glasses) change a rule for good: the
  engine asks the modifier functions below with the cards the player owns.
- One-time cards act when gained: `effect(card, supply)` describes what the player gets and which choices follow
  (a space for the Bookend or the Lamp, books to place, a colour to name). A card whose token the supply no
  longer has gives +2 ⚡ instead.
- End-game cards (Cat Tree, Reading Log, Tall Bookcase, Rainbow Shelf) and the Lamp score at the end
  (`end_scores`); their printed VP is "?" (None), worth nothing beside what they score.
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .data import (
    APARTMENT,
    BACKPACK,
    BACKPACK_STACKS,
    COLOURS,
    GLASSES_SORT_PER_SPACE,
    HEADPHONES_PARK_BATTERY,
    LAMP_VP_PER_BOOK,
    LIBRARY_CARD_DISCOUNT,
    LIBRARY_COST,
    LOYALTY_DISCOUNT,
    NEAT,
    NEAT_NUMBERS,
    PARK_BATTERY,
    SORT_PER_SPACE,
    TOKEN_GONE_BATTERY,
)
from .grid import ROOM_SPACES, count, resolutions
from .state import Apartment, Player, Supply

__all__ = ["Effect", "effect", "owns", "cost", "backpack_stacks", "bookstore_cost", "library_cost",
           "park_battery", "rest_draws", "sort_per_space", "printed_vp", "end_scores", "lamp_vp"]

FULL = 6
"""The height of a full stack for the Tall Bookcase (a taller one under the Bookend counts too)."""


@dataclass(frozen=True)
class Effect:
    """What a card gives at once, in the order the engine applies it: battery, Lucky Kitties and Wilds from the
    supply, random books from the bag, books of colours the player names, Little Projects drawn, and a token
    ("bookend" or "lamp") the player puts on a grid space. Lasting and end-game cards give nothing at once."""

    battery: int = 0
    kitties: int = 0
    wilds: int = 0
    random_books: int = 0
    named_books: int = 0
    projects: int = 0
    token: str | None = None


def _kind(card: str, kind: str) -> bool:
    return NEAT[card].kind == kind


def owns(neat: Collection[str], effect_name: str) -> bool:
    """Whether the cards `neat` include one with effect `effect_name` (e.g. "tote")."""
    return any(NEAT[card].effect == effect_name for card in neat)


def effect(card: str, supply: Supply) -> Effect:
    """What gaining `card` gives now, given what the supply still holds."""
    name = NEAT[card].effect
    gone = Effect(battery=TOKEN_GONE_BATTERY)
    if name in ("bookend", "lamp"):
        return Effect(token=name) if getattr(supply, name) else gone
    if name == "wild":
        return Effect(wilds=1) if supply.wilds else gone
    if name in ("kitten", "shelter_cat"):
        kitties = min(NEAT_NUMBERS[name], supply.kitties)
        return Effect(kitties=kitties) if kitties else gone
    if name == "gift_card":
        return Effect(random_books=NEAT_NUMBERS["gift_card_books"])
    if name == "free_library":
        return Effect(named_books=NEAT_NUMBERS["free_library_books"])
    if name == "thermos":
        return Effect(battery=NEAT_NUMBERS["thermos_battery"])
    if name == "notebook":
        return Effect(projects=NEAT_NUMBERS["notebook_draw"])
    assert not _kind(card, "once"), f"{card}: a one-time card without an effect"
    return Effect()


def cost(base: int, discount: int) -> int:
    """A cost after a discount: never below 0."""
    return max(0, base - discount)


def backpack_stacks(neat: Collection[str]) -> tuple[str, ...]:
    """The backpack's stacks: P1, P2, and P3 with the Tote."""
    return BACKPACK_STACKS if owns(neat, "tote") else BACKPACK


def bookstore_cost(base: int, neat: Collection[str]) -> int:
    """A shelf's cost (1/3/6 by rank), 1 less with the Loyalty Card."""
    return cost(base, LOYALTY_DISCOUNT if owns(neat, "loyalty_card") else 0)


def library_cost(neat: Collection[str]) -> int:
    """The Library's cost, 2 less with the Library Card."""
    return cost(LIBRARY_COST, LIBRARY_CARD_DISCOUNT if owns(neat, "library_card") else 0)


def park_battery(neat: Collection[str]) -> int:
    """What a meeple bumped to the Park gains: +2, +4 with the Headphones."""
    return HEADPHONES_PARK_BATTERY if owns(neat, "headphones") else PARK_BATTERY


def rest_draws(neat: Collection[str]) -> int:
    """Little Projects a Rest draws: 2, 3 with the Blanket."""
    rest = APARTMENT["rest"]
    return rest["blanket_draw"] if owns(neat, "blanket") else rest["draw"]


def sort_per_space(neat: Collection[str]) -> int:
    """Books a Sort may add to one space: 2, 3 with the Glasses."""
    return GLASSES_SORT_PER_SPACE if owns(neat, "glasses") else SORT_PER_SPACE


def printed_vp(neat: Collection[str]) -> int:
    """The printed VP of the cards `neat` ("?" cards count nothing here: they score by `end_scores`)."""
    return sum(NEAT[card].vp or 0 for card in neat)


def lamp_vp(apartment: Apartment) -> int:
    """+1 VP per book under the Lamp (0 while it is not placed)."""
    if apartment.lamp is None:
        return 0
    return LAMP_VP_PER_BOOK * len(apartment.stacks.get(apartment.lamp, ""))


def _rainbow_rooms(apartment: Apartment) -> int:
    return max(sum(1 for room in ROOM_SPACES if all(count(resolved, colour, room) for colour in COLOURS))
               for resolved in resolutions(apartment.stacks))


def _end_score(name: str, player: Player) -> int:
    if name == "cat_tree":
        return NEAT_NUMBERS["cat_tree_per_kitty"] * player.kitties
    if name == "reading_log":
        return NEAT_NUMBERS["reading_log_per_project"] * len(player.scored)
    if name == "tall_bookcase":
        full = sum(1 for stack in player.apartment.stacks.values() if len(stack) >= FULL)
        return NEAT_NUMBERS["tall_bookcase_per_stack"] * full
    assert name == "rainbow_shelf", name
    return NEAT_NUMBERS["rainbow_shelf_per_room"] * _rainbow_rooms(player.apartment)


def end_scores(player: Player) -> dict[str, int]:
    """What `player`'s end-game cards score, by effect name (each card it owns, in its order), and "lamp"
    when it placed the Lamp. A Wild takes the colour that scores most (Rainbow Shelf)."""
    scores = {NEAT[card].effect: _end_score(NEAT[card].effect, player) for card in player.neat
              if _kind(card, "end")}
    if player.apartment.lamp is not None:
        scores["lamp"] = lamp_vp(player.apartment)
    return scores
