"""The one reader of a number out of what a person typed or a click carried, for every game and the bot.

`str.isdigit`, `\\d` and `int()` take far more than the digits people type here: superscripts and circled
digits (`²`, `①`: `isdigit` says yes and `int()` then fails), other scripts' digits (`int("٣")` is 3),
underscores, signs and spaces (`int(" +1_0 ")` is 10), and any length (a number of 5,000 digits is refused only
after it was read). A number here is at most `LONGEST` characters of ASCII digits (a minus sign first when `low` is
negative) whose value lies in `low`..`high`; anything else reads as None.
"""
from __future__ import annotations

import re

LARGEST = 2**63 - 1
"""The largest number any game or the store counts (SQLite's integers end there)."""
LONGEST = 24
"""The most characters read as a number: LARGEST has 19 digits, leading zeros allowed; anything longer is no number."""
DIGITS = "[0-9]"
"""The pattern of one digit for parsers' regular expressions (`\\d` also matches other scripts' digits)."""
_NUMBER = re.compile(r"-?[0-9]+")


def read_number(text: object, *, low: int = 0, high: int = LARGEST) -> int | None:
    """`text` as a whole number from `low` to `high`, or None when it is not one (see the module's docstring)."""
    if not isinstance(text, str) or len(text) > LONGEST or not _NUMBER.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None
