"""When a person's turn is reminded and expires, and when a deadline whose firing failed is tried again.

A lobby has one deadline of its own (`DeadlineKind.LOBBY_EXPIRY`), stored with it when it opens: nobody started it in
time, so it closes and frees its channel.
"""
from __future__ import annotations

from bot.store import DeadlineKind

EXPIRIES_BEFORE_REPLACEMENT = 3
FIRING_RETRY_DELAYS = (60.0, 300.0, 900.0, 3600.0)
"""A deadline whose firing failed (a database write that did not go through) is tried again this much later,
the delay growing with each failure and staying at the last one."""
FIRING_ATTEMPTS = 6
"""Firings of one deadline before it is given up (and logged): about four hours of retries."""


def turn_deadlines(started_at: float, timeout: int) -> dict[DeadlineKind, float]:
    """The three due times of a turn that starts now: half time, shortly before the end, the end.

    "Shortly before" is a tenth of the timeout, at least a minute and at most an hour.
    """
    final_notice = min(3600.0, max(60.0, timeout / 10))
    return {
        DeadlineKind.REMINDER: started_at + timeout / 2,
        DeadlineKind.FINAL_REMINDER: started_at + timeout - final_notice,
        DeadlineKind.EXPIRY: started_at + timeout,
    }


def firing_retry_delay(failures: int) -> float | None:
    """How long after its `failures`-th failed firing a deadline is tried again; None once it is given up."""
    if failures >= FIRING_ATTEMPTS:
        return None
    return FIRING_RETRY_DELAYS[min(failures, len(FIRING_RETRY_DELAYS)) - 1]
