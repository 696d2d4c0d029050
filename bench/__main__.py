"""`python -m bench [engine|render|store|ai|bot|load|loop|wire ...]`: measure, never assert."""
from __future__ import annotations

import importlib
import os
import platform
import sys
from pathlib import Path

SUITES = ("engine", "render", "store", "ai", "bot", "load", "loop", "wire")


def machine() -> str:
    """The CPU model and core count, so README figures say where they came from."""
    cpuinfo = Path("/proc/cpuinfo")
    model = platform.processor() or platform.machine()
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


def main(argv: list[str]) -> int:
    names = argv or list(SUITES)
    unknown = [n for n in names if n not in SUITES]
    if unknown:
        print(f"unknown suite(s): {', '.join(unknown)}; choose from {', '.join(SUITES)}")
        return 2
    print(f"# machine: {machine()}")
    for name in names:
        print(f"\n## {name}")
        importlib.import_module(f"bench.{name}").main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
