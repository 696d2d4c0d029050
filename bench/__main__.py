"""`python -m bench [engine|render|store|ai|bot ...]`: measure, never assert."""
from __future__ import annotations

import importlib
import platform
import sys

SUITES = ("engine", "render", "store", "ai", "bot")


def main(argv: list[str]) -> int:
    names = argv or list(SUITES)
    unknown = [n for n in names if n not in SUITES]
    if unknown:
        print(f"unknown suite(s): {', '.join(unknown)}; choose from {', '.join(SUITES)}")
        return 2
    print(f"# machine: {platform.machine()} {platform.processor() or ''} · python {platform.python_version()}")
    for name in names:
        print(f"\n## {name}")
        importlib.import_module(f"bench.{name}").main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
