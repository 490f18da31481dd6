"""The import graph of ``game/``, read from the source: ``python -m game.tools.imports [--dot]``.

Prints the layers (tools -> ui -> services -> ai -> engine, the registry ``game.games``
between the engine and the bots), each game's parts in every layer (found by the game's
id in the module names), the imports between packages, and every import circle with
the line that closes each step. ``--dot`` prints the package graph as Graphviz instead.

The graph counts what Python runs, the way an import circle bites:

- every ``import`` and ``from ... import``, at module level or inside a function;
- ``from pkg import sub`` as an import of ``pkg`` (its ``__init__``) and of ``pkg.sub``;
- every package's ``__init__`` as importing each module directly in it, since a package
  re-exports its modules (``from .table import Table``) and may start to at any time:
  so a module that imports its own package's ``__init__`` closes a circle. The root
  package ``game`` is left out: its ``__init__`` holds the version and imports nothing
  of ``game`` (``tests/test_layers.py`` checks), and every module looks a game up
  through it (``from game import games``).

``tests/test_layers.py`` checks the same graph. No pygame, no import of the modules it
reads.
"""

from __future__ import annotations

import argparse
import ast
import pathlib
import sys
import textwrap
from collections import defaultdict, deque
from dataclasses import dataclass

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAME = ROOT / "game"

LAYERS = ("engine", "ai", "services", "ui", "tools")  # lowest first
REGISTRY = "game.games"
TOP = frozenset({"game.__main__", "game.smoke"})  # the entry points, above everything
SHIMS = frozenset({"game.sim", "game.bench"})  # python -m game.sim / game.bench: run a tool


@dataclass(frozen=True)
class Edge:
    """``source`` imports ``target`` at ``line``; ``kind`` says how it was read."""

    source: str
    target: str
    line: int
    kind: str  # "module" (at module level), "function" (inside one), "package" (implied)

    def describe(self) -> str:
        if self.kind == "package":
            return f"{self.source} (a package's __init__) holds {self.target}"
        where = "inside a function" if self.kind == "function" else "at module level"
        return f"{self.source}:{self.line} imports {self.target} ({where})"


def module_name(path: pathlib.Path, root: pathlib.Path = ROOT) -> str:
    """``root/game/ui/app.py`` -> ``game.ui.app``; a package by its folder's name."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def find_modules(root: pathlib.Path = GAME) -> dict[str, pathlib.Path]:
    """Every module of ``game`` by dotted name (a package by its own name)."""
    return {module_name(p, root.parent): p for p in sorted(root.rglob("*.py"))}


def is_package(module: str, modules: dict[str, pathlib.Path]) -> bool:
    return modules[module].name == "__init__.py"


def _resolve(name: str, modules: dict[str, pathlib.Path]) -> str | None:
    """The module of ``game`` an imported name lives in (a module, else its package)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def _imported_names(node: ast.AST, package: str) -> list[str]:
    """The dotted names one import statement brings in: for ``from pkg import a, b`` the
    package itself and ``pkg.a``, ``pkg.b`` (each may be a module or only a name)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        parts = package.split(".")
        parts = parts[: len(parts) - node.level + 1]
        base = ".".join(parts + ([base] if base else []))
    return [base] + [f"{base}.{alias.name}" for alias in node.names if alias.name != "*"]


def read_imports(module: str, modules: dict[str, pathlib.Path]) -> list[Edge]:
    """Every import of a ``game`` module by ``module``, each target once per statement."""
    path = modules[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    top_level = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        targets: dict[str, None] = {}
        for name in _imported_names(node, package):
            if name == "game" or name.startswith("game."):
                target = _resolve(name, modules)
                if target and target != module:
                    targets[target] = None
        kind = "module" if id(node) in top_level else "function"
        found.extend(Edge(module, target, node.lineno, kind) for target in targets)
    return found


def package_edges(modules: dict[str, pathlib.Path]) -> list[Edge]:
    """Each package's ``__init__`` -> each module directly in it (the root ``game`` and
    ``__main__`` modules aside: see the module docstring)."""
    edges = []
    for module in modules:
        parent = module.rpartition(".")[0]
        if (
            parent
            and parent != "game"
            and not is_package(module, modules)
            and not module.endswith(".__main__")
        ):
            edges.append(Edge(parent, module, 0, "package"))
    return edges


def all_edges(modules: dict[str, pathlib.Path] | None = None) -> list[Edge]:
    modules = find_modules() if modules is None else modules
    edges = [edge for module in modules for edge in read_imports(module, modules)]
    return edges + package_edges(modules)


def layer(module: str) -> str:
    """The layer a module belongs to: one of LAYERS, ``registry``, ``top`` or ``root``."""
    if module == "game":
        return "root"
    if module == REGISTRY:
        return "registry"
    if module in TOP:
        return "top"
    if module in SHIMS:
        return "tools"
    return module.split(".")[1]


def rank(module: str) -> float:
    """Higher imports lower, never the other way: the registry sits between engine and ai."""
    name = layer(module)
    return {"root": -1, "registry": 0.5, "top": 9}.get(name) or float(LAYERS.index(name))


def _targets(edges: list[Edge]) -> dict[str, dict[str, Edge]]:
    """source -> target -> the first import between them (a real one before an implied)."""
    out: dict[str, dict[str, Edge]] = defaultdict(dict)
    for edge in edges:
        out[edge.source].setdefault(edge.target, edge)
    return out


def circle_groups(edges: list[Edge]) -> list[list[str]]:
    """The groups of modules that reach each other (Tarjan's strongly connected
    components of more than one module), each sorted, sorted by their first module."""
    out = _targets(edges)
    return sorted(_strong_groups({source: list(targets) for source, targets in out.items()}))


def find_cycles(edges: list[Edge]) -> list[list[Edge]]:
    """One shortest circle through each group of :func:`circle_groups`, as its edges in
    order, starting at the group's first module."""
    out = _targets(edges)
    cycles = []
    for group in circle_groups(edges):
        members = set(group)
        start = min(group)
        cycles.append(_shortest_circle(start, members, out))
    return cycles


def _strong_groups(graph: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one module (iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def _shortest_circle(start: str, members: set[str], out) -> list[Edge]:
    """The shortest way from ``start`` back to itself inside one group, by breadth."""
    came_from: dict[str, Edge] = {}
    todo = deque([start])
    while todo:
        node = todo.popleft()
        for target, edge in sorted(out[node].items()):
            if target not in members:
                continue
            if target == start:
                path = [edge]
                while path[0].source != start:
                    path.insert(0, came_from[path[0].source])
                return path
            if target not in came_from:
                came_from[target] = edge
                todo.append(target)
    raise AssertionError(f"{start} is in no circle")


def describe_cycle(cycle: list[Edge]) -> str:
    """``a -> b -> a`` and then the import behind each step, one a line."""
    names = " -> ".join([edge.source for edge in cycle] + [cycle[0].source])
    return "\n".join([names] + [f"    {edge.describe()}" for edge in cycle])


# The report


def game_ids() -> list[str]:
    """The games' ids, from the packages of the engine (no import of the registry)."""
    return sorted(p.parent.name for p in (GAME / "engine").glob("*/__init__.py"))


def group_of(module: str, modules: dict[str, pathlib.Path]) -> str:
    """The package a module is counted in: ``game.ui.tables.rage.draw`` ->
    ``game.ui.tables.rage``; a package is its own; the modules directly in ``game``
    (the registry, the entry points) are each their own."""
    if is_package(module, modules):
        return module
    parent = module.rpartition(".")[0]
    return module if parent in {"", "game"} else parent


def package_graph(edges: list[Edge], modules) -> dict[tuple[str, str], int]:
    """How many imports lead from one package to another. Left out: the edges a package
    implies to its own modules, and imports of the root ``game`` (the way to the
    registry, ``from game import games``, counted as the registry)."""
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for edge in edges:
        if edge.kind == "package" or edge.target == "game":
            continue
        source, target = group_of(edge.source, modules), group_of(edge.target, modules)
        if source != target:
            counts[(source, target)] += 1
    return dict(counts)


_ORDER = ("top", "tools", "ui", "services", "ai", "registry", "engine", "root")


def _packages_by_layer(modules) -> dict[str, dict[str, int]]:
    """layer -> package -> how many modules it holds."""
    found: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for module in modules:
        found[layer(module)][group_of(module, modules)] += 1
    return found


def report(modules, edges: list[Edge]) -> str:
    games = game_ids()
    by_layer = _packages_by_layer(modules)
    lines = ["Layers, top first (each imports only those below it), packages (modules):"]
    for name in _ORDER:
        packages = by_layer[name]
        lines.append(f"  {name}: {sum(packages.values())} modules")
        listed = ", ".join(f"{p} ({n})" for p, n in sorted(packages.items()))
        lines.extend(f"      {line}" for line in textwrap.wrap(listed, 88))
    lines += ["", "Each game's parts, by layer:"]
    for game in games:
        lines.append(f"  {game}")
        for name in LAYERS:
            parts = sorted(
                m.rsplit(".", 1)[-1]
                for m in modules
                if layer(m) == name and game in m.split(".") and not m.endswith(game)
            )
            if parts or any(layer(m) == name and m.endswith("." + game) for m in modules):
                lines.append(f"    {name:9} {', '.join(parts) or '(the package only)'}")
    lines += ["", "Imports between packages (how many):"]
    counts = package_graph(edges, modules)
    for source in sorted({source for source, _ in counts}):
        targets = sorted((t, n) for (s, t), n in counts.items() if s == source)
        listed = ", ".join(f"{t} ({n})" for t, n in targets)
        lines.append(f"  {source} ->")
        lines.extend(f"      {line}" for line in textwrap.wrap(listed, 88))
    cycles = find_cycles(edges)
    lines.append("")
    if cycles:
        lines.append(f"Import circles ({len(cycles)}), the shortest through each group:")
        lines.extend(describe_cycle(cycle) for cycle in cycles)
    else:
        lines.append("Import circles: none")
    return "\n".join(lines)


def dot(modules, edges: list[Edge]) -> str:
    """The package graph in Graphviz, one cluster a layer; the packages and imports a
    circle runs through in red."""
    counts = package_graph(edges, modules)
    in_cycle = [e for cycle in find_cycles(edges) for e in cycle if e.target != "game"]
    red_nodes = {group_of(e.source, modules) for e in in_cycle}
    red_edges = {(group_of(e.source, modules), group_of(e.target, modules)) for e in in_cycle}
    lines = ["digraph game {", "  rankdir=TB;", "  node [shape=box, fontname=Helvetica];"]
    for name, packages in sorted(
        _packages_by_layer(modules).items(), key=lambda i: _ORDER.index(i[0])
    ):
        lines.append(f'  subgraph "cluster_{name}" {{')
        lines.append(f'    label="{name}";')
        for package, count in sorted(packages.items()):
            colour = ', color="red"' if package in red_nodes else ""
            lines.append(f'    "{package}" [label="{package}\\n{count} modules"{colour}];')
        lines.append("  }")
    for (source, target), count in sorted(counts.items()):
        colour = ', color="red"' if (source, target) in red_edges else ""
        lines.append(f'  "{source}" -> "{target}" [label="{count}"{colour}];')
    lines.append("}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.imports", description=__doc__)
    parser.add_argument("--dot", action="store_true", help="print the package graph as Graphviz")
    args = parser.parse_args(argv)
    modules = find_modules()
    edges = all_edges(modules)
    print(dot(modules, edges) if args.dot else report(modules, edges))
    return 0


if __name__ == "__main__":
    sys.exit(main())
