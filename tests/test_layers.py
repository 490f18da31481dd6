"""The house's layers: imports point down only, tools → ui → services → ai → engine, and
no import circle.

The graph is the one ``python -m game.tools.imports`` prints (read from the source, never
imported): every import, inside functions too; ``from pkg import sub`` as an import of
both ``pkg`` (its ``__init__``) and ``pkg.sub``; and every package's ``__init__`` as
importing each module in it, so a module that imports its own package's ``__init__``
closes a circle (write ``import game.ui.tables.x.art as art``, not ``from
game.ui.tables.x import art``).

``game.games`` (the registry) imports only the engine, so every layer above the engine
may look a game up; it names the bots, tables and the rest by dotted strings, imported on
first use. The entry points (``game.__main__``, ``game.smoke``) sit on top. Scenes never
import each other: they go to one by name (game.ui.router)."""

from __future__ import annotations

import ast

import pytest

import game.tools.imports as graph
from game.games import GAMES

MODULES = graph.find_modules()
EDGES = graph.all_edges(MODULES)

# Imports that close a circle today, in code being restructured as this list was written;
# each is (importing module, imported package) with the reason it is still there. The
# list only shrinks: an entry whose import is gone fails the test below, so it is struck
# off when its module is fixed (``import pkg.mod as mod`` instead of ``from pkg import
# mod``), and no new entry belongs here.
KNOWN_CIRCLES: dict[tuple[str, str], str] = {}


def _describe(edges) -> str:
    return "\n".join(edge.describe() for edge in edges)


def test_every_module_has_a_layer():
    for module in MODULES:
        graph.rank(module)  # a ValueError names a module outside the layers


def test_imports_point_down():
    upward = [e for e in EDGES if graph.rank(e.target) > graph.rank(e.source)]
    assert not upward, "imports pointing up a layer:\n" + _describe(upward)


def test_the_registry_imports_only_the_engine():
    found = [
        e
        for e in EDGES
        if e.source == graph.REGISTRY
        and not (e.target == "game" or e.target.startswith("game.engine"))
    ]
    assert not found, _describe(found)


def test_the_registry_names_modules_that_exist():
    """The dotted names of every ``GameDef`` are modules of the right layer, so a part moved
    or renamed fails here, not when a player starts that game."""
    named = []
    for game in GAMES.values():
        named.append((game.engine_module, "engine"))
        named.append((game.table_module, "ui"))
        named += [(bot.partition(":")[0], "ai") for bot in game.bots.values()]
    wrong = [(name, layer) for name, layer in named if graph.layer(name) != layer]
    missing = [name for name, _ in named if name not in MODULES]
    assert not wrong and not missing, (wrong, missing)


def test_the_root_package_imports_nothing_of_the_game():
    """``game/__init__`` holds the version only: every module reaches the registry through
    it (``from game import games``), so an import there would close circles everywhere."""
    found = [e for e in EDGES if e.source == "game" and e.kind != "package"]
    assert not found, _describe(found)


def _edges_without_known():
    return [e for e in EDGES if (e.source, e.target) not in KNOWN_CIRCLES]


def test_no_import_circles():
    edges = _edges_without_known()
    cycles = graph.find_cycles(edges)
    groups = "\n".join(", ".join(group) for group in graph.circle_groups(edges))
    assert not cycles, (
        "import circles, the shortest through each group:\n"
        + "\n".join(map(graph.describe_cycle, cycles))
        + "\nevery module in a circle, by group:\n"
        + groups
    )


@pytest.mark.parametrize("known", sorted(KNOWN_CIRCLES) or [None])
def test_the_known_circles_are_still_there(known):
    """Each known exception still closes a circle; struck off the list once fixed."""
    if known is None:
        return
    source, target = known
    assert any((e.source, e.target) == known for e in EDGES), (
        f"{source} no longer imports {target}: strike it off KNOWN_CIRCLES"
    )
    others = [
        e
        for e in EDGES
        if (e.source, e.target) not in KNOWN_CIRCLES or (e.source, e.target) == known
    ]
    closing = [
        c for c in graph.find_cycles(others) if any((e.source, e.target) == known for e in c)
    ]
    assert closing, f"{source} -> {target} closes no circle any more: strike it off"


def _demo_package(root, table_imports: str) -> dict:
    """A table package as the games have one: ``__init__`` re-exports ``Table``."""
    package = root / "game" / "ui" / "tables" / "demo"
    package.mkdir(parents=True)
    for folder in (root / "game", root / "game" / "ui", root / "game" / "ui" / "tables"):
        (folder / "__init__.py").write_text("")
    (package / "__init__.py").write_text("from game.ui.tables.demo.table import Table\n")
    (package / "art.py").write_text("X = 1\n")
    (package / "table.py").write_text(f"def later():\n    {table_imports}\n\n\nclass Table: ...\n")
    return graph.find_modules(root / "game")


def test_from_pkg_import_sub_counts_the_package_and_the_module(tmp_path):
    modules = _demo_package(tmp_path, "from game.ui.tables.demo import art, X")
    found = {
        (e.target, e.line, e.kind) for e in graph.read_imports("game.ui.tables.demo.table", modules)
    }
    assert found == {
        ("game.ui.tables.demo", 2, "function"),
        ("game.ui.tables.demo.art", 2, "function"),
    }


def test_a_module_importing_its_own_package_is_a_circle(tmp_path):
    """The circle ``from pkg import sub`` inside ``pkg`` closes (the package re-exports the
    table, the table takes a sibling from the package) is found, inside a function too,
    and named module by module; the same sibling imported by its own name is no circle."""
    modules = _demo_package(tmp_path / "a", "from game.ui.tables.demo import art")
    cycles = graph.find_cycles(graph.all_edges(modules))
    assert [[e.source for e in c] for c in cycles] == [
        ["game.ui.tables.demo", "game.ui.tables.demo.table"]
    ]
    assert graph.describe_cycle(cycles[0]).splitlines() == [
        "game.ui.tables.demo -> game.ui.tables.demo.table -> game.ui.tables.demo",
        "    game.ui.tables.demo:1 imports game.ui.tables.demo.table (at module level)",
        "    game.ui.tables.demo.table:2 imports game.ui.tables.demo (inside a function)",
    ]
    modules = _demo_package(tmp_path / "b", "import game.ui.tables.demo.art as art")
    assert graph.find_cycles(graph.all_edges(modules)) == []


def test_scenes_never_import_each_other():
    shared = {"game.ui.scenes", "game.ui.scenes.base"}
    found = [
        e
        for e in EDGES
        if e.kind != "package"
        and e.source.startswith("game.ui.scenes.")
        and e.target.startswith("game.ui.scenes")
        and e.target not in shared
    ]
    assert not found, _describe(found)


def _pygame_imports(module: str, everywhere: bool) -> list[str]:
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = ast.walk(tree) if everywhere else iter(tree.body)
    found = []
    for node in nodes:
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        if any(n == "pygame" or n.startswith("pygame.") for n in names):
            found.append(f"{module}:{node.lineno}")
    return found


def test_no_pygame_below_the_ui():
    """The engine and the bots never import pygame; the services not at module level."""
    found = []
    for module in MODULES:
        layer = graph.layer(module)
        if layer in {"engine", "ai", "registry", "root"}:
            found += _pygame_imports(module, everywhere=True)
        elif layer == "services":
            found += _pygame_imports(module, everywhere=False)
    assert not found, found


def test_nothing_outside_the_tools_imports_the_tools():
    """Only ``game/tools`` itself and the two ``python -m game.sim``/``game.bench`` shims
    import ``game.tools``: the app, the entry points and the registry never do."""
    found = [
        e
        for e in EDGES
        if e.target.startswith("game.tools")
        and not e.source.startswith("game.tools")
        and e.source not in graph.SHIMS
    ]
    assert not found, _describe(found)


def test_the_imports_tool_prints_layers_games_and_circles(capsys):
    assert graph.main([]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Layers, top first")
    for game_id in GAMES:
        assert f"\n  {game_id}\n" in text
    assert "Import circles" in text
    assert graph.main(["--dot"]) == 0
    dot = capsys.readouterr().out
    assert dot.startswith("digraph game {") and dot.rstrip().endswith("}")
    assert '"game.ui.tables.rage" -> "game.ui.tables.trick"' in dot
