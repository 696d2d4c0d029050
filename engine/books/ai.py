"""Computer players for A Place for All My Books: `choose(game, level, seed=..., seat=...)` is one step for a seat
that may act now (its keep-3 at the start, any step of its turn, a discard, each choice after a random draw).

Fair play: a level decides from `game.view(seat)` only: the seat's own Little Projects and what the table sees
(apartments, backpacks, batteries, the village, the bag's counts, Penelope's queue and pile and her deck's size),
never another hand, a draw to come or a deck's order. Its choices are the ones engine.books.choices offers a
builder on that view, its samples come from its own seeded generator, and the game's `check` has the last word.
Same view and seed, same step.

- easy: keeps three Little Projects at random; at home Admires most times a project is met, leaves with 10 to 16
  battery, else Gathers (the best of three random tries), Sorts, Reads or Rests at random; in the Village takes a
  random shelf it can pay for or the Library, and goes home when its battery runs low; places books anywhere they
  fit.
- normal: judges every grid by its projects' shortfalls (engine.books.outlook) and samples Gathers and Sorts toward
  unmet projects (and builds a Sort book by book from every stack, a Gather top by top); Admires at 2 met projects, or
  1 with its Player card's bonus, or on its last turn (against Penelope: once its met projects clear 3 of her queued
  cards, at 3 met projects, or when her deck runs low); leaves at COMPUTER_LEAVE_AT battery (data/books.json;
  COMPUTER_SOLO_LEAVE_AT against Penelope); in the Village takes what is worth most for its cost (books, the shelf's
  project, a Neat Stuff card; bumping a rival to the Park counts against a space), and goes home when nothing is worth
  another turn there; unloads each backpack stack where its projects like it; keeps and draws the books and cards that
  serve its projects, keeps the projects met fastest in play (engine.books.pace) and rests to draw past those slow to
  meet.
- hard: at the start of a turn, in the Village and after coming home, weighs normal's best steps and the best
  of every other kind by playing each forward in games it imagines from its own view (engine.books.planner:
  the hidden decks, hands and bag dealt at random, every seat played on by a quicker normal to the start of its
  own second turn from now, its next with 3 or 4 players) and judging where it stands against the strongest
  rival (Penelope: her points and what her queue promises her); the other steps of a turn as normal.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from ..computer import check_request
from .actions import (
    BAG,
    Action,
    Admire,
    Bookstore,
    BooksError,
    Discard,
    Exchange,
    Gather,
    Home,
    Keep,
    Leave,
    Library,
    Placement,
    Put,
    Remove,
    Rest,
    Shoppes,
    Sort,
    Take,
)
from .apartment import leave_cost
from .arrangements import built_gathers, greedy_sort, random_sort, reads, sample_gathers
from .choices import bookstore_choices, gain_places, home_stacks, home_targets, open_spaces, shelves, shoppes_options
from .data import (
    APARTMENT,
    BACKPACK_STACKS,
    BATTERY_MAX,
    COLOURS,
    COMPUTER_LEAVE_AT,
    COMPUTER_SOLO_LEAVE_AT,
    EXCHANGE_COST,
    HAND_LIMIT,
    KEPT_PROJECTS,
    MAJORS,
    NEAT,
    PROJECTS,
    RIVAL_LEVELS,
    RIVALS,
    SHELF_NAMES,
    SPACES,
    STACK_HEIGHT,
)
from .game import BooksGame
from .gains import in_village
from .grid import is_most_common
from .majors import GRID_CHECKS
from .neat import library_cost, rest_draws
from .outlook import BATTERY_VALUE, NEAT_VALUE, major_promise, project_worth, promise, worth
from .pace import PACE
from .planner import Budget, plan
from .projects import colours as project_colours
from .projects import met
from .sampling import PLANNED_STEPS
from .view import BooksView



@dataclass(frozen=True)
class Effort:
    """A level's work per apartment step: random Gathers, random Sorts, Sorts built book by book (from this many
    of the filled stacks, chosen at random; len(SPACES): from every one), and Gathers built top by top (up to
    this many tops; 0: none)."""

    gathers: int
    sorts: int
    greedy: int
    built_tops: int = 0


NORMAL_EFFORT = Effort(gathers=80, sorts=96, greedy=len(SPACES), built_tops=4)
"""Normal builds a Sort book by book from every stack and a Gather top by top, and tries 96 random Sorts: the step
that meets a project is most often one a few samples miss. Against Penelope at level 1, 400 games on seeds
40000-40399: 120 wins with 24 random Sorts and 2 built ones (the effort before), 182 building from every stack,
204 with 96 random Sorts too (179 against 134 on seeds 45000-45399), 219 with the built Gathers too (240 random
Sorts: 192; 320 random Gathers instead of 80, with 2 built Sorts: 129), for 0.70 s of CPU a game against 0.20."""
QUICK_EFFORT = Effort(gathers=16, sorts=6, greedy=1)
"""The quick player the hard level imagines every seat's next turns with."""
HOME_WORTH = 1.0
"""What going home is worth against one more Village action: the unloading and an apartment action."""
BUMP_COST = 2 * BATTERY_VALUE
"""Sending a rival to the Park gives them 2 battery."""
PENELOPE_BUMP_COST = 3.0
"""Sending Penelope to the Park draws one more Rival card into her queue, a step toward an empty deck."""
CLEAR_VALUE = 1.0
"""Against Penelope: what each card of her queue a project would clear adds to meeting it (a shorter queue reads
her weaker lines, and her deck lasts)."""
LATER_CLEAR_VALUE = 0.2
"""Against Penelope: what each card of her level's deck a project may clear later adds to it."""
HOLD_MET = 3
"""Against Penelope: at this many met projects an Admire is due even when it clears few of her cards."""
CLEAR_AT = 3
"""Against Penelope: an Admire is due once the met projects clear this many of her queued cards. Admiring as soon
as a clear lowers her next line (the rule before) cleared 1.5 cards an Admire in 4.9 Admires a game; holding
met projects to this many clears 2.2 in 4.0, and each card cleared is worth about 3 points (she reads lower
lines, her Sun steps come later, her deck lasts)."""
QUEUE_TO_CLEAR = 2
"""Against Penelope: the queue she may hold before going home (to admire and clear it) gains on the Village."""
QUEUE_GROWTH = 0.5
"""Against Penelope: what each card of her queue beyond QUEUE_TO_CLEAR adds to going home (where projects are
admired and her queue cleared) rather than staying in the Village another turn."""
DANGER_DECK = 3
"""Against Penelope: with this few Rival cards left, one met project is worth an Admire (it clears her queue)."""
DRAWN_PROJECT = 2.0
"""How much of what a drawn project adds over the least held one Rest counts (it also draws the hand's way out of
projects that are slow to meet)."""
PACE_OF_FEW = 3.0
"""A project met in about this many turns held (engine.books.pace) keeps its whole promise when discarding; one
met faster counts for more, one slower for less (by the square root of the ratio)."""
SHELF_PROJECT = 0.8
"""The part of a shelf's Little Project's promise counted when taking the shelf."""
LIBRARY_BOOK = 1.3
"""A book of the colour one picks among those drawn."""
COLOUR_FIT = 0.3
"""The part of a bought book's best use on the grid counted on top of its point."""
HARD_TOP = 4
"""Hard weighs normal's best HARD_TOP steps, and then the best of every other kind."""
HARD_BUDGETS = {1: Budget(worlds=4, horizon=1), 2: Budget(worlds=4, horizon=1), 3: Budget(worlds=4, horizon=0),
                4: Budget(worlds=4, horizon=0)}
"""Hard's look ahead by player count: 4 imagined games per candidate, each played to the start of its second turn
from now (with 3 or 4 players, to the start of its next turn: every other seat's turn is played in between)."""

Legal = Callable[[Action], bool]


@dataclass
class Ranked:
    """Candidate steps with their scores; the best the rules accept is taken (the earliest of equal scores)."""

    items: list[tuple[float, int, Action]] = field(default_factory=list)

    def add(self, score: float, action: Action) -> None:
        self.items.append((score, len(self.items), action))

    def best(self, legal: Legal) -> Action | None:
        for _, _, action in sorted(self.items, key=lambda item: (-item[0], item[1])):
            if legal(action):
                return action
        return None


class Seat:
    """What one seat knows (its view), and the judge of grids for its projects."""

    def __init__(self, view: BooksView, seat: int, effort: Effort = NORMAL_EFFORT) -> None:
        self.view = view
        self.seat = seat
        self.effort = effort
        self.me = view.players[seat]
        self.stacks = self.me.apartment.stacks
        self.hand = list(view.hand)
        self.worths = {p: self.project_worth(p) for p in self.hand}
        """What meeting each project in hand is worth to the seat (more when it clears Penelope's queue)."""
        self.majors = {m: self.major_worth(m) for m in view.village.majors
                       if m in GRID_CHECKS and seat not in view.village.claims.get(m, [])}
        """The grid's Major Accomplishments the seat may still claim, with what claiming each is worth."""
        self._judged: dict[tuple[str, ...], float] = {}

    def judge(self, stacks: dict[str, str]) -> float:
        """The grid's worth to this seat (remembered: samples often meet the same grid)."""
        key = tuple(stacks[space] for space in SPACES)
        found = self._judged.get(key)
        if found is None:
            found = worth(stacks, self.worths, self.me.colour)
            found += sum(value * major_promise(major, stacks) for major, value in self.majors.items())
            self._judged[key] = found
        return found

    def met(self) -> list[str]:
        return met(self.hand, self.stacks)

    def backpack_room(self) -> int:
        return sum(STACK_HEIGHT - len(stack) for stack in self.me.apartment.backpack)

    def project_worth(self, project: str) -> float:
        """What meeting `project` is worth to this seat: its points and reward, and against Penelope the cards of
        her queue it would clear (and a little for those of her deck it may clear later)."""
        value = project_worth(project)
        penelope = self.view.penelope
        if penelope is not None:
            queued = self.clears([project])
            later = sum(_shares(card, project_colours(project)) for card in RIVAL_LEVELS[penelope.level]) - queued
            value += CLEAR_VALUE * queued + LATER_CLEAR_VALUE * later
        return value

    def major_worth(self, major: str) -> float:
        """What claiming `major` is worth: its points (the first claimer's while nobody claimed it, always against
        Penelope), its battery and cards, and against Penelope the queue it clears."""
        first = self.view.penelope is not None or not self.view.village.claims.get(major)
        reward = MAJORS[major].first if first else MAJORS[major].later
        value = reward.get("vp", 0) + reward.get("battery", 0) * BATTERY_VALUE + reward.get("neat", 0) * NEAT_VALUE
        if self.view.penelope is not None:
            value += CLEAR_VALUE * max((sum(_shares(card, c) for card in self.queue()) for c in ["", *COLOURS]))
        return value

    def clears(self, projects: list[str]) -> int:
        """Solo: how many of Penelope's queued cards scoring `projects` would shuffle back into her deck."""
        return sum(1 for card in self.queue() if any(_shares(card, project_colours(p)) for p in projects))

    def queue(self) -> list[str]:
        return self.view.penelope.queue if self.view.penelope is not None else []

    def danger(self) -> bool:
        """Solo: Penelope's deck is nearly empty, so her queue must be cleared soon."""
        return self.view.penelope is not None and self.view.rival_deck <= DANGER_DECK

    def last_turn(self) -> bool:
        """Whether this turn is the seat's last: the end was triggered and the last round has begun."""
        return self.view.last_round

    def best_top(self, grid: dict[str, str], books: str, spaces: Sequence[str]) -> str:
        """The space of `spaces` where `books` put on top leave the grid the judge likes best (the first of
        equals)."""
        return max(spaces, key=lambda space: self.judge({**grid, space: grid[space] + books}))

    def colour_gain(self, colour: str) -> float:
        """How much one more book of `colour` could add to the grid (on the best top)."""
        fits = [s for s in SPACES if len(self.stacks[s]) < self.me.apartment.limit(s)]
        if not fits:
            return 0.0
        best = self.best_top(self.stacks, colour, fits)
        return max(0.0, self.judge({**self.stacks, best: self.stacks[best] + colour}) - self.judge(self.stacks))


# ---- books and cards ---------------------------------------------------------------------------------------------

def _place(seat: Seat, books: Sequence[str], rng: random.Random | None, space: str | None = None
           ) -> tuple[Placement, ...]:
    """Gained books where the rules let them go: in the Village onto a backpack stack (one topped with the same
    colour, else the lowest); at home onto the grid space the judge likes best. Easy picks at random. `space`:
    the Village space the step moves to, for a gain that comes with the move."""
    me = seat.me
    if space is not None:
        me = me.copy()
        me.location = space
    placed: list[Placement] = []
    grid = dict(seat.stacks)
    backpack = {name: seat.me.apartment.backpack[i] for i, name in enumerate(BACKPACK_STACKS)
                if i < len(seat.me.apartment.backpack)}
    for book in books:
        places = gain_places(me, placed)
        if rng is not None:
            where = rng.choice(places)
        elif places[0] in backpack or places == [BAG]:
            same = [p for p in places if backpack.get(p, "")[-1:] == book]
            where = same[0] if same else min(places, key=lambda p: (len(backpack.get(p, "")), p))
        else:
            where = seat.best_top(grid, book, places)
        if where in backpack:
            backpack[where] += book
        elif where in grid:
            grid[where] += book
        placed.append((book, where))
    return tuple(placed)


def _keep(seat: Seat, rng: random.Random | None) -> Keep:
    """The three projects worth most for how fast they are met in play (engine.books.pace)."""
    dealt = list(seat.view.dealt)
    if rng is not None:
        return Keep(tuple(rng.sample(dealt, KEPT_PROJECTS)))
    ranked = sorted(dealt, key=lambda p: (-seat.project_worth(p) / PACE[p], p))
    return Keep(tuple(ranked[:KEPT_PROJECTS]))


def _held(seat: Seat, project: str) -> float:
    """What a project in hand holds for the seat: its worth when met, else its promise on the grid, less for a
    project slow to meet in play (engine.books.pace)."""
    held = promise(project, seat.stacks)
    return seat.worths[project] * (held if held == 1.0 else held * (PACE_OF_FEW / PACE[project]) ** 0.5)


def _discard(seat: Seat, rng: random.Random | None) -> Discard:
    extra = len(seat.hand) - HAND_LIMIT
    if rng is not None:
        return Discard(tuple(rng.sample(seat.hand, extra)))
    ranked = sorted(seat.hand, key=lambda p: (_held(seat, p), p))
    return Discard(tuple(ranked[:extra]))


def _rest_worth(seat: Seat) -> float:
    """What Rest's drawn projects add: each what an unseen project promises on the grid on average, less the
    least the hand holds that it would take the place of (an open slot holds nothing)."""
    view = seat.view
    seen = set(seat.hand) | set(seat.me.scored) | set(view.lp_discard)
    unseen = [p for p in PROJECTS if p not in seen]
    if not unseen:
        return 0.0
    drawn = sum(seat.project_worth(p) * promise(p, seat.stacks) for p in unseen) / len(unseen)
    slots = [0.0] * max(0, HAND_LIMIT - len(seat.hand)) + sorted(seat.worths[p] * promise(p, seat.stacks)
                                                                for p in seat.hand)
    return DRAWN_PROJECT * sum(max(0.0, drawn - held) for held in slots[:rest_draws(seat.me.neat)])


def _shares(card: str, colours: str) -> bool:
    """Whether Rival `card` goes back to Penelope's deck when `colours` are scored ("" the colourless cards)."""
    icon = RIVALS[card].colours
    return not icon if not colours else bool(set(icon) & set(colours))


def _remove(seat: Seat) -> Remove:
    """Solo: the colour (or the colourless) whose removal clears most of Penelope's queue."""
    options = ["", *COLOURS]
    return Remove(max(options, key=lambda c: (sum(_shares(card, c) for card in seat.queue()), -options.index(c))))


def _put(seat: Seat, rng: random.Random | None) -> Put:
    """A token onto the tallest stack (the Bookend lets it grow, the Lamp scores the books under it)."""
    if rng is not None:
        return Put(rng.choice(SPACES))
    return Put(max(SPACES, key=lambda s: (len(seat.stacks[s]), -SPACES.index(s))))


def _take(seat: Seat, rng: random.Random | None) -> Take:
    """The pending books: the Library's keep among those drawn, named books, or given ones."""
    pending = seat.view.pending
    assert pending is not None
    if pending.kind == "library":
        drawn = list(pending.books)
        if rng is not None:
            kept = rng.sample(drawn, pending.count)
        else:
            gains = {c: seat.colour_gain(c) for c in set(drawn)}
            kept = sorted(drawn, key=lambda b: (-gains[b], b))[:pending.count]
    elif pending.kind == "name":
        available = [c for c in COLOURS if seat.view.bag.get(c, 0) >= pending.count] or list(COLOURS)
        if rng is not None:
            kept = [rng.choice(available)] * pending.count
        else:
            kept = [max(available, key=lambda c: (seat.colour_gain(c), -COLOURS.index(c)))] * pending.count
    else:
        kept = list(pending.books)
    return Take(_place(seat, kept, rng))


def _home(seat: Seat, rng: random.Random | None) -> Home:
    """Welcome Home: each backpack stack whole onto a space it fits on, where the judge likes it best."""
    grid = dict(seat.stacks)
    unload: list[Placement] = []
    for stack in home_stacks(seat.me):
        books = seat.me.apartment.backpack[BACKPACK_STACKS.index(stack)]
        targets = home_targets(seat.me, unload, stack)
        space = rng.choice(targets) if rng is not None else seat.best_top(grid, books, targets)
        grid[space] += books
        unload.append((stack, space))
    return Home(tuple(unload))


# ---- the Village -------------------------------------------------------------------------------------------------

def _bumping(seat: Seat, space: str) -> float:
    """What sending whoever stands on `space` to the Park costs the seat (nothing when it is free)."""
    view = seat.view
    cost = sum(BUMP_COST for s, p in enumerate(view.players) if s != seat.seat and p.location == space)
    if view.penelope is not None and view.penelope.location == space:
        cost += PENELOPE_BUMP_COST
    return cost


def _shoppes_worth(shown: list[str], which: str, last: bool) -> float:
    """A Shoppes take's worth: the printed points of the cards taken (a "?" card counted 3) and, before the end,
    their effects; the deck's top is worth an average card."""
    if which == "deck":
        return 0.0 if last else NEAT_VALUE
    cards = shown if which == "both" else shown[:1] if which == "left" else shown[1:2]
    effects = 0.0 if last else 0.5 * len(cards)
    return sum(3 if NEAT[card].vp is None else NEAT[card].vp or 0 for card in cards) + effects


def _village_options(seat: Seat, last: bool) -> Ranked:
    """Every Village action the seat may take now, scored: what it brings less what it costs (and any bump)."""
    ranked = Ranked()
    beta = 1 / 4 if last else BATTERY_VALUE
    room = seat.backpack_room()
    view, me = seat.view, seat.me
    for space, kitty in open_spaces(view, me, village=True).items():
        if kitty:
            continue
        bump = _bumping(seat, space)
        if space == "library" and room:
            ranked.add(LIBRARY_BOOK - library_cost(me.neat) * beta - bump, Library())
        elif space == "shoppes":
            for which, cost in shoppes_options(view, me).items():
                ranked.add(_shoppes_worth(view.village.shoppes, which, last) - cost * beta - bump, Shoppes(which))
        elif space == "exchange" and room and not last:
            colour = max(COLOURS, key=lambda c: (seat.colour_gain(c) if view.bag.get(c) else -1, -COLOURS.index(c)))
            value = 1 + COLOUR_FIT * seat.colour_gain(colour) - EXCHANGE_COST * beta - bump
            ranked.add(value, Exchange((), _place(seat, [colour], None, space)))
        elif space.startswith("bookstore"):
            for name, cost in shelves(view, me, space).items():
                shelf = view.village.shelves[SHELF_NAMES.index(name)]
                books = min(len(shelf.books), room)
                card = 0.0 if shelf.project is None or last else \
                    SHELF_PROJECT * seat.project_worth(shelf.project) * promise(shelf.project, seat.stacks)
                fit = 0.0 if last else COLOUR_FIT * sum(seat.colour_gain(b) for b in set(shelf.books))
                taken = Bookstore(name, _place(seat, shelf.books, None, space), space)
                ranked.add(books + card + fit - cost * beta - bump, taken)
    return ranked


def _easy_village(seat: Seat, rng: random.Random, may_go_home: bool, legal: Legal) -> Action:
    ranked = _village_options(seat, seat.last_turn())
    options = [a for _, _, a in ranked.items if isinstance(a, (Bookstore, Library))]
    if may_go_home and (seat.me.battery < 3 or not options or not seat.backpack_room() or rng.random() < 0.25):
        return _home(seat, rng)
    rng.shuffle(options)
    for action in options:
        if isinstance(action, Bookstore):
            shelf = seat.view.village.shelves[SHELF_NAMES.index(action.shelf)]
            action = Bookstore(action.shelf, _place(seat, shelf.books, rng, action.space), action.space)
        if legal(action):
            return action
    return ranked.best(legal) or _home(seat, rng)


def _village_ranked(seat: Seat, may_go_home: bool) -> Ranked:
    """Normal's Village steps, scored (going home too, when the turn may)."""
    ranked = _village_options(seat, seat.last_turn())
    if may_go_home:
        home = HOME_WORTH + QUEUE_GROWTH * max(0, len(seat.queue()) - QUEUE_TO_CLEAR)
        ranked.add(home if seat.backpack_room() else 3 * home, _home(seat, None))
    return ranked


def _normal_village(seat: Seat, may_go_home: bool, legal: Legal) -> Action:
    choice = _village_ranked(seat, may_go_home).best(legal)
    return choice if choice is not None else _home(seat, None)


# ---- the apartment -----------------------------------------------------------------------------------------------

def _admire_now(seat: Seat, met_now: list[str]) -> bool:
    """At 2 met projects, or 1 with the Player card's bonus, or on the last turn. Against Penelope the Admire is
    timed by her queue instead: once the met projects clear CLEAR_AT of her cards, at HOLD_MET met projects, when
    her deck runs low, or on the last turn; otherwise met projects wait, so one Admire clears the cards her next
    draws bring too."""
    if not met_now:
        return False
    if seat.danger() or seat.last_turn():
        return True
    if seat.view.penelope is None:
        return len(met_now) >= 2 or is_most_common(seat.stacks, seat.me.colour)
    return seat.clears(met_now) >= CLEAR_AT or len(met_now) >= HOLD_MET


def _leave_now(seat: Seat) -> bool:
    """Leave at COMPUTER_LEAVE_AT battery (COMPUTER_SOLO_LEAVE_AT against Penelope); on the last turn only for a
    shelf worth more points than the battery it costs."""
    if not seat.last_turn():
        return seat.me.battery >= (COMPUTER_LEAVE_AT if seat.view.penelope is None else COMPUTER_SOLO_LEAVE_AT)
    left = seat.me.battery - leave_cost()
    view = seat.view
    return any(len(view.village.shelves[SHELF_NAMES.index(name)].books) > (leave_cost() + cost) / 4
               for space in bookstore_choices(view) for name, cost in shelves(view, seat.me, space).items()
               if cost <= left)


Arranged = tuple[Gather | Sort, dict[str, str]]


def _arrangements(seat: Seat, spaces: Collection[str], rng: random.Random) -> list[Arranged]:
    """Sampled Gathers and Sorts (of those of `spaces` open now), each with the grid it leaves."""
    found: list[Arranged] = []
    if "gather" in spaces:
        found += sample_gathers(seat.me, rng, seat.effort.gathers)
    filled = [s for s in SPACES if seat.stacks[s]]
    if "sort" in spaces and filled:
        found += [random_sort(seat.me, rng.choice(filled), rng) for _ in range(seat.effort.sorts)]
        found += [greedy_sort(seat.me, source, seat.judge, rng)
                  for source in rng.sample(filled, min(seat.effort.greedy, len(filled)))]
    if "gather" in spaces:
        found += built_gathers(seat.me, seat.judge, seat.effort.built_tops)
    return found


def _apartment_ranked(seat: Seat, rng: random.Random) -> Ranked:
    """Normal's apartment steps, scored: an Admire or a Leave its rules call for first, then what each sampled
    Gather, Sort and Read, a Rest and an Admire add to the grid's worth and the battery."""
    met_now = seat.met()
    ranked = Ranked()
    open_ = {space for space, kitty in open_spaces(seat.view, seat.me, village=False).items() if not kitty}
    if "admire" in open_ and _admire_now(seat, met_now):
        ranked.add(100.0 + len(met_now), Admire())
    if "leave" in open_ and _leave_now(seat):
        ranked.add(50.0, Leave())
    now = seat.judge(seat.stacks)
    beta = 0.0 if seat.me.battery >= BATTERY_MAX else BATTERY_VALUE
    for action, after in _arrangements(seat, open_, rng):
        ranked.add(seat.judge(after) - now + beta, action)
    if "read" in open_:
        for read, after in reads(seat.me):
            ranked.add(seat.judge(after) - now + 2 * beta, read)
    ranked.add(2 * beta + _rest_worth(seat) + 0.1, Rest())
    bonus = APARTMENT["admire"]["player_card"] if is_most_common(seat.stacks, seat.me.colour) else 0
    ranked.add(bonus * beta + 0.5 * len(met_now) - (0.0 if bonus else 1.0), Admire())
    return ranked


def _normal_apartment(seat: Seat, rng: random.Random, legal: Legal) -> Action:
    choice = _apartment_ranked(seat, rng).best(legal)
    assert choice is not None, "at home, Rest or Admire is always open"
    return choice


def _easy_apartment(seat: Seat, rng: random.Random, legal: Legal) -> Action:
    if seat.met() and legal(Admire()) and rng.random() < 0.8:
        return Admire()
    if seat.me.battery >= 10 + rng.randrange(7) and legal(Leave()):
        return Leave()
    now = seat.judge(seat.stacks)
    options: list[Action] = [Rest(), Admire()]
    gathers = sample_gathers(seat.me, rng, 3)
    if gathers:
        options.append(max(gathers, key=lambda ga: seat.judge(ga[1]) - now)[0])
    filled = [s for s in SPACES if seat.stacks[s]]
    if filled:
        options.append(random_sort(seat.me, rng.choice(filled), rng)[0])
    options += [read for read, _ in reads(seat.me)[:1]]
    rng.shuffle(options)
    return next((a for a in options if legal(a)), Rest())


# ---- the levels --------------------------------------------------------------------------------------------------

def _decide(seat: Seat, rng: random.Random, legal: Legal, easy: bool) -> Action:
    chance = rng if easy else None
    view = seat.view
    if view.dealt:
        return _keep(seat, chance)
    step = view.expected
    if step in ("village", "village_or_home"):
        home = step == "village_or_home"
        return _easy_village(seat, rng, home, legal) if easy else _normal_village(seat, home, legal)
    if step == "apartment":
        return _easy_apartment(seat, rng, legal) if easy else _normal_apartment(seat, rng, legal)
    if step in ("library", "take", "name"):
        return _take(seat, chance)
    if step == "put":
        return _put(seat, chance)
    if step == "discard":
        return _discard(seat, chance)
    if step == "remove":
        return _remove(seat)
    raise ValueError(f"no step of kind {step!r} for the computer player")


def _easy(seat: Seat, rng: random.Random, legal: Legal) -> Action:
    return _decide(seat, rng, legal, easy=True)


def _normal(seat: Seat, rng: random.Random, legal: Legal) -> Action:
    return _decide(seat, rng, legal, easy=False)


def _accepted(game: BooksGame, seat: int) -> Legal:
    """Whether the game takes an action from `seat` now: the check every level's choices pass before they count."""
    def legal(action: Action) -> bool:
        try:
            game.check(action, seat)
        except BooksError:
            return False
        return True
    return legal


def _quick(game: BooksGame, seat: int, seed: int) -> Action:
    """The quick player of imagined games: normal's rules with fewer samples (planner.Policy)."""
    legal = _accepted(game, seat)
    action = _decide(Seat(game.view(seat), seat, QUICK_EFFORT), random.Random(seed), legal, easy=False)
    return action if legal(action) else next(a for a in game.legal_actions() if legal(a))


def _candidates(seat: Seat, rng: random.Random, legal: Legal) -> list[Action]:
    """The steps hard weighs: normal's best few, and the best of each kind (each Village space, going home, each
    apartment space), so a plan normal's rules would not make is still tried."""
    step = seat.view.expected
    if step == "apartment":
        ranked = _apartment_ranked(seat, rng)
        ranked.add(-50.0, Leave())
    else:
        ranked = _village_ranked(seat, step == "village_or_home")
    picked: list[Action] = []
    kinds: set[str] = set()
    for _, _, action in sorted(ranked.items, key=lambda item: (-item[0], item[1])):
        kind = _kind(action)
        if action in picked or (len(picked) >= HARD_TOP and kind in kinds) or not legal(action):
            continue
        picked.append(action)
        kinds.add(kind)
    return picked


def _kind(action: Action) -> str:
    if isinstance(action, Bookstore):
        return f"bookstore {action.shelf}"
    return type(action).__name__


def _hard(seat: Seat, rng: random.Random, legal: Legal) -> Action:
    view = seat.view
    if view.expected not in PLANNED_STEPS:
        return _decide(seat, rng, legal, easy=False)
    candidates = _candidates(seat, rng, legal)
    if not candidates:
        return _decide(seat, rng, legal, easy=False)
    return plan(view, seat.seat, candidates, _quick, HARD_BUDGETS[view.n_players], rng)


LEVELS: dict[str, Callable[[Seat, random.Random, Legal], Action]] = {"easy": _easy, "normal": _normal,
                                                                     "hard": _hard}
"""Weakest first: the platform offers them in this order."""


def choose(game: BooksGame, level: str, *, seed: int, seat: int | None = None) -> Action:
    """A legal step at `level` ("easy", "normal" or "hard") for `seat` (by default the first seat that may act), decided
    from that seat's view; the seed must be an int."""
    check_request(level, LEVELS, seed, game.is_over)
    acting = min(game.to_act) if seat is None else seat
    if acting not in game.to_act:
        raise ValueError(f"seat {acting} may not act now")
    legal = _accepted(game, acting)
    rng = random.Random(seed)
    action = LEVELS[level](Seat(game.view(acting), acting), rng, legal)
    if legal(action):
        return action
    others = game.legal_actions()
    rng.shuffle(others)
    return next(a for a in others if legal(a))
