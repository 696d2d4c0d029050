"""No import cycle in engine/, render/ or bot/: each module's imports (at the top, inside functions, under
TYPE_CHECKING alike) point away from it, so any module loads alone and the layers read one way. A function-level
import that only hides a cycle from Python's loader still counts."""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from .imports import ROOT, import_statements, module_name

PACKAGES = ("engine", "render", "bot")


def imported(source: str, module: str, is_package: bool, known: Iterable[str]) -> set[str]:
    """The modules of `known` that `source` (the module `module`) imports anywhere in its text: `from a import b`
    names the module a.b when there is one, else a; relative imports are resolved."""
    known = set(known)
    found = set()
    for base, taken in import_statements(source, module, is_package):
        candidates = [name if name in known else base for name in taken] or [base]
        found.update(name for name in candidates if name in known)
    found.discard(module)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]
    modules = {module_name(path): path for path in paths}
    return {name: imported(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", modules)
            for name, path in modules.items()}


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def test_the_graph_sees_every_kind_of_import() -> None:
    known = {"bot", "bot.a", "bot.b", "bot.c", "bot.d", "bot.p", "bot.p.q", "engine.x"}
    source = ("import bot.a\nfrom bot import b\nfrom . import c\nfrom typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from bot.p.q import T\n"
              "def f():\n    from engine.x import y\n    from .d import z\n")
    assert imported(source, "bot.m", False, known) == {"bot.a", "bot.b", "bot.c", "bot.d", "bot.p.q", "engine.x"}
    assert imported("from . import q\nfrom .. import a\n", "bot.p", True, known) == {"bot.p.q", "bot.a"}
    assert imported("from bot.p import name\n", "bot.m", False, known) == {"bot.p"}


def test_cycles_are_found_however_long() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c", "a"}}) == [["a", "b"], ["c", "d"]]


def test_no_module_of_engine_render_or_bot_imports_itself_back() -> None:
    graph = import_graph()
    assert {"engine.protocol", "render", "bot.service.tables"} <= graph.keys()
    assert cycles(graph) == []
