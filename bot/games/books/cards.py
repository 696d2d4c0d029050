"""Every card of the game in words, in one language: Little Projects, Other Neat Stuff, Major Accomplishments,
the Player cards and Penelope's Rival cards (the product's own set: names and texts live in the catalogs, numbers
and effects in data/books.json), and finding a card from what a person typed (`/books rules card:`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from engine.numbers import read_number
from engine.books.data import MAJORS, NEAT, PLAYER_CARDS, PROJECTS, RIVAL_LOCATIONS, RIVALS, SOLO

from bot.i18n import LANGUAGES, language_of, t

COLOUR_EMOJI = {"R": "🟥", "G": "🟩", "B": "🟦", "Y": "🟨", "W": "⬜"}
"""One square per book colour, always beside the colour's name (the pictures tell them apart by symbol too)."""


def colour_text(colour: str, locale: object) -> str:
    """"🟥 red": a book colour as every message shows it."""
    return f"{COLOUR_EMOJI.get(colour, '')} {t(f'books.colour.{colour}', locale)}".strip()


def colours_text(colours: str, locale: object) -> str:
    """The colours a card names ("🟥 red, 🟦 blue"), or that it names none."""
    return ", ".join(colour_text(c, locale) for c in colours) if colours else t("books.colourless", locale)


def space_text(space: str, locale: object) -> str:
    """An action space by its name ("Read a Book", "Library")."""
    return t(f"books.space.{space}", locale)


def project_name(card: str, locale: object) -> str:
    return t(f"books.lp.{card}.name", locale)


def neat_name(card: str, locale: object) -> str:
    return NEAT[card].names.get(language_of(locale), NEAT[card].names["en"])


def major_name(card: str, locale: object) -> str:
    return t(f"books.ma.{card}.name", locale)


def player_name(colour: str, locale: object) -> str:
    names = PLAYER_CARDS[colour]
    return names.get(language_of(locale), names["en"])


def _reward_text(reward: dict[str, int], locale: object) -> str:
    """A Major Accomplishment's reward: its VP, and the Other Neat Stuff card or ⚡ it adds."""
    extras = []
    if reward.get("neat"):
        extras.append(t("books.neat_card", locale))
    if reward.get("battery"):
        extras.append(f"+{reward['battery']} ⚡")
    vp = reward.get("vp", 0)
    return t("books.card.ma_extra", locale, vp=vp, extra=", ".join(extras)) if extras else t("books.vp", locale, vp=vp)


def project_text(card: str, locale: object) -> str:
    """"LP07 Lived-in Rooms (colourless) — Every room has at least 2 stacks; reward: +3 ⚡"."""
    info = PROJECTS[card]
    return t("books.card.lp", locale, id=card, name=project_name(card, locale),
             colours=colours_text(info.colours, locale), text=t(f"books.lp.{card}.text", locale),
             reward=t(f"books.reward.{info.reward}", locale))


def neat_text(card: str, locale: object) -> str:
    """"NS05 Blanket (2 VP) — Rest draws 3 Little Projects instead of 2"."""
    info = NEAT[card]
    vp = t("books.vp.end", locale) if info.vp is None else info.vp
    return t("books.card.ns", locale, id=card, name=neat_name(card, locale), vp=vp,
             text=t(f"books.ns.{card}.text", locale))


def major_text(card: str, locale: object) -> str:
    """"MA2 Monochrome Tower (5 VP and the top Other Neat Stuff card first, 3 VP later) — ..."."""
    info = MAJORS[card]
    return t("books.card.ma", locale, id=card, name=major_name(card, locale), first=_reward_text(info.first, locale),
             later=_reward_text(info.later, locale), text=t(f"books.ma.{card}.text", locale))


def player_text(colour: str, locale: object) -> str:
    return f"{player_name(colour, locale)} ({colour_text(colour, locale)}) — " \
           f"{t('books.player.text', locale, colour=colour_text(colour, locale))}"


def _extra_text(extra: str, locale: object) -> str:
    """One extra of a Rival line: books, a Little Project, the Sun, the player's ⚡ lost."""
    if extra == "sun":
        return t("books.rival.sun", locale)
    if extra == "+LP":
        return t("books.rival.project", locale)
    books = re.fullmatch(r"\+(\d*)b", extra)
    if books:
        return t("books.rival.books", locale, count=read_number(books[1] or "1"))
    drain = re.fullmatch(r"-(\d+)battery", extra)
    if drain:
        return t("books.rival.drain", locale, count=read_number(drain[1]))
    return extra


def rival_line_text(line: tuple[str, ...], locale: object) -> str:
    """Where Penelope goes and what else happens: "Bookstore, +1 random book, ☀ Sun +1"."""
    where, *extras = line
    return ", ".join([space_text(RIVAL_LOCATIONS[where], locale), *(_extra_text(e, locale) for e in extras)])


def rival_icon(card: str, locale: object) -> str:
    colours = RIVALS[card].colours
    return colours_text(colours, locale) if colours else t("books.rival.colourless", locale)


def rival_text(card: str, locale: object) -> str:
    """"Rival C (🟦 blue) — queue 1–3: Café · queue 4–5: Village Shoppes · queue 6+: Bookstore, +1 random book"."""
    low, high = SOLO["line_bounds"]
    sizes = (f"1–{low}", f"{low + 1}–{high}", f"{high + 1}+")
    lines = " · ".join(t("books.rival.line", locale, sizes=size, where=rival_line_text(line, locale))
                       for size, line in zip(sizes, RIVALS[card].lines))
    return t("books.card.rival", locale, id=card, icon=rival_icon(card, locale), lines=lines)


@dataclass(frozen=True)
class Card:
    """One card of the game as `/books rules card:` finds it: its kind (lp, ns, ma, player, rival) and id."""

    kind: str
    id: str

    @property
    def value(self) -> str:
        """What the card option takes for it: "LP07", "NS05", "MA3", "Player R", "Rival C"."""
        return {"player": f"Player {self.id}", "rival": f"Rival {self.id}"}.get(self.kind, self.id)

    def title(self, locale: object) -> str:
        if self.kind == "lp":
            return f"{self.id} {project_name(self.id, locale)}"
        if self.kind == "ns":
            return f"{self.id} {neat_name(self.id, locale)}"
        if self.kind == "ma":
            return f"{self.id} {major_name(self.id, locale)}"
        if self.kind == "player":
            return player_name(self.id, locale)
        return t("books.rival.title", locale, id=self.id)

    def text(self, locale: object) -> str:
        if self.kind == "lp":
            return project_text(self.id, locale)
        if self.kind == "ns":
            return neat_text(self.id, locale)
        if self.kind == "ma":
            return major_text(self.id, locale)
        if self.kind == "player":
            return player_text(self.id, locale)
        return rival_text(self.id, locale)


def every_card() -> Iterator[Card]:
    yield from (Card("lp", card) for card in PROJECTS)
    yield from (Card("ns", card) for card in NEAT)
    yield from (Card("ma", card) for card in MAJORS)
    yield from (Card("player", colour) for colour in PLAYER_CARDS)
    yield from (Card("rival", card) for card in RIVALS)


_ID = re.compile(r"(lp|ns|ma)\s*0*(\d{1,2})", re.IGNORECASE)
_NAMED = re.compile(r"(?:rival|rivale|player|giocatore)\s+([a-z])", re.IGNORECASE)


def _searchable(card: Card) -> list[str]:
    """The words a card is found by: its id and option value, and its title in every language."""
    return [card.id.casefold(), card.value.casefold(), *(card.title(language).casefold() for language in LANGUAGES)]


def find_cards(typed: str) -> list[Card]:
    """The cards a person's text names: an id ("lp7", "NS05", "MA3"), "Rival C" / "Player R" (Italian too), else
    every card whose name holds the text in any language."""
    text = " ".join(typed.split()).casefold()
    if not text:
        return []
    number = _ID.fullmatch(text)
    if number:
        kind = number[1].lower()
        value = read_number(number[2])
        card_id = f"{kind.upper()}{value:02d}" if kind != "ma" else f"MA{value}"
        return [card for card in every_card() if card.kind == kind and card.id == card_id]
    named = _NAMED.fullmatch(text)
    if named:
        kind = "rival" if text.startswith("rival") else "player"
        return [card for card in every_card() if card.kind == kind and card.id == named[1].upper()]
    exact = [card for card in every_card() if text in (card.id.casefold(), card.value.casefold())]
    return exact or [card for card in every_card() if any(text in word for word in _searchable(card))]
