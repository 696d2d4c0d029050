"""`python -m bench [engine|render|store|ai|bot|load|loop|wire ...] [options of one suite]`: measure, never assert.

Options (anything from the first word starting with "-") go to the one suite named, e.g.
`python -m bench ai --games 10`."""
from __future__ import annotations

import importlib
import inspect
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
    first_option = next((i for i, arg in enumerate(argv) if arg.startswith("-")), len(argv))
    names, options = argv[:first_option] or list(SUITES), argv[first_option:]
    unknown = [n for n in names if n not in SUITES]
    if unknown:
        print(f"unknown suite(s): {', '.join(unknown)}; choose from {', '.join(SUITES)}")
        return 2
    if options and len(names) != 1:
        print(f"options ({' '.join(options)}) go to one suite; name exactly one")
        return 2
    print(f"# machine: {machine()}")
    for name in names:
        print(f"\n## {name}")
        suite = importlib.import_module(f"bench.{name}")
        if not options:
            suite.main()
        elif inspect.signature(suite.main).parameters:
            suite.main(options)
        else:
            print(f"the {name} suite takes no options, not {' '.join(options)}")
            return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
