"""How fast each Little Project is met in play: the computer player's guide to which projects to keep.

A project's shortfall (engine.books.projects) counts the books still to move, but not how hard moving them is: "9
books of one colour" or "5 red books in the Den" stay a few books short for most of a game. PACE is the turns a
project was held per time it was met, measured in 160 solo games of the normal level against Penelope at level 1
(seeds 51000-51159, none the bench plays); a held project never met counts as met once.
"""
from __future__ import annotations

PACE: dict[str, float] = {
    "LP01": 11.7, "LP02": 70.0, "LP03": 2.7, "LP04": 3.3, "LP05": 8.8, "LP06": 6.6, "LP07": 3.8, "LP08": 8.8,
    "LP09": 3.3, "LP10": 11.4, "LP11": 4.4, "LP12": 13.3, "LP13": 11.1, "LP14": 5.5, "LP15": 6.5, "LP16": 80.2,
    "LP17": 35.0, "LP18": 52.2, "LP19": 7.8, "LP20": 6.9, "LP21": 3.3, "LP22": 63.7, "LP23": 3.8, "LP24": 6.4,
    "LP25": 23.3, "LP26": 98.0, "LP27": 12.4, "LP28": 6.4, "LP29": 21.3, "LP30": 51.3, "LP31": 2.9, "LP32": 31.5,
    "LP33": 5.1, "LP34": 10.8, "LP35": 25.6, "LP36": 4.8,
}
"""Turns held per project met, by card."""
