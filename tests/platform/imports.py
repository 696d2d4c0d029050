"""Reading a module's imports from its text, for the platform tests that check which way imports point (the
layering test and the import-cycle test): every import statement anywhere in the module, relative ones resolved."""
from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    return path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__")


def import_statements(source: str, module: str, is_package: bool = False) -> Iterator[tuple[str, list[str]]]:
    """Each import in `source` (the module `module`, dotted) as (the module it names, the names it takes from it
    as dotted paths): `import a.b` is ("a.b", []), `from .c import d` in bot.m is ("bot.c", ["bot.c.d"])."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                parent = package[: len(package) - (node.level - 1)]
                base = ".".join([*parent, base] if base else parent)
            yield base, [f"{base}.{alias.name}" for alias in node.names]
