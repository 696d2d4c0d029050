"""Which bot process wrote something (a heartbeat, a claim), and whether that process still runs.

A process is named by its host, its pid and when it started: a pid alone is reused (a container restarted after
`docker kill` runs its bot under the same small pid), so a process counts as running only while a process with
that pid runs on that host and started at that moment. Where the system does not say when a process started (no
/proc: not Linux) a fresh random word stands in for it, and a running pid is taken as the process.
"""

from __future__ import annotations

import os
import secrets
import socket
from dataclasses import dataclass
from functools import cache
from pathlib import Path


@dataclass(frozen=True, slots=True)
class ProcessName:
    """A process on a host: `started` is its start time in the system's clock ticks since boot (/proc), or a
    random word where that is unknown."""

    host: str
    pid: int
    started: str

    def __str__(self) -> str:
        return f"{self.host}:{self.pid}:{self.started}"

    @classmethod
    def parse(cls, text: str) -> ProcessName | None:
        """The process a name `str()` wrote begins with (a claim's owner adds a word of its own after it), or None
        for text that names none."""
        parts = text.split(":")
        if len(parts) < 3 or not parts[0] or not (parts[1].isascii() and parts[1].isdecimal()) or not parts[2]:
            return None
        return cls(parts[0], int(parts[1]), parts[2])

    def is_running(self) -> bool | None:
        """Whether this process still runs; None when this host cannot tell (another host's process, or a name
        without its start time whose pid runs)."""
        if self.host != socket.gethostname():
            return None
        started = start_ticks(self.pid)
        if started is None:  # gone, a zombie, or a system without /proc
            return _pid_runs(self.pid) and not self.started.isdecimal()
        return started == self.started if self.started.isdecimal() else None


@cache
def this_process() -> ProcessName:
    """The running process's name (the same for its whole life)."""
    pid = os.getpid()
    return ProcessName(socket.gethostname(), pid, start_ticks(pid) or secrets.token_hex(4))


def start_ticks(pid: int) -> str | None:
    """When process `pid` started (clock ticks since boot, /proc/PID/stat's 22nd field), or None when it is not
    running, is a zombie (killed, not yet reaped), or the system does not say."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return None if fields[0] in ("Z", "X") else fields[19]


def _pid_runs(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
