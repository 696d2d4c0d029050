"""`shelfie-bot copy-db FROM TO`: a whole database copied into another (SQLite to PostgreSQL, or back), then audited.

The rows are copied by the store (every table, ids included, in one transaction of the target); the audit is the
service's: both databases hold the same number of rows in every table, and every game of the copy replays from its
seed and move log to its stored state.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.service.models import AuditResult
from bot.service.tables import TableService
from bot.store import Store, is_postgres_url
from bot.store.copying import CopyRefused, copy_rows, row_counts


@dataclass(frozen=True, slots=True)
class CopyReport:
    """What copy-db copied and what its audit of the copy found."""

    copied: dict[str, int]
    """Rows copied per table."""
    source_rows: dict[str, int]
    target_rows: dict[str, int]
    audits: tuple[AuditResult, ...]
    """Every game of the copy replayed from its log."""

    @property
    def uneven_tables(self) -> list[str]:
        """Tables whose row count differs between the two databases after the copy."""
        return [t for t in sorted(set(self.source_rows) | set(self.target_rows))
                if self.source_rows.get(t) != self.target_rows.get(t)]

    @property
    def mismatches(self) -> list[AuditResult]:
        return [audit for audit in self.audits if not audit.ok]

    @property
    def ok(self) -> bool:
        return not self.uneven_tables and not self.mismatches


def _same_database(source: str | Path, target: str | Path) -> bool:
    if is_postgres_url(source) or is_postgres_url(target):
        return str(source).strip() == str(target).strip()
    return Path(source).resolve() == Path(target).resolve()


async def copy_database(source: str | Path, target: str | Path, *, replace: bool = False,
                        clock: Callable[[], float] = time.time) -> CopyReport:
    """Copy `source` into `target` (each a SQLite file or a PostgreSQL URL) and audit the copy. CopyRefused when the
    target holds data and `replace` is false, or names the source; FileNotFoundError when a SQLite source is
    missing (it is never created empty). Both are migrated to this code's schema when opened."""
    if _same_database(source, target):
        raise CopyRefused("the source and the target are the same database")
    if not is_postgres_url(source) and not Path(source).is_file():
        raise FileNotFoundError(f"no database at {source}")
    origin = await Store.open(source)
    try:
        copy = await Store.open(target)
        try:
            copied = dict(await copy_rows(origin, copy, replace=replace))
            source_rows, target_rows = await row_counts(origin), await row_counts(copy)
        finally:
            await copy.close()
    finally:
        await origin.close()
    service = await TableService.open(target, clock=clock)
    try:
        audits = tuple([await service.audit(game_id) for game_id in await service.stored_game_ids()])
    finally:
        await service.close()
    return CopyReport(copied, source_rows, target_rows, audits)
