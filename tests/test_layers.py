"""The house's layers: imports point down only, tools → ui → services → ai → engine, and
no import circle, counting the imports inside functions too.

``game.games`` (the registry) imports only the engine, so every layer above the engine
may look a game up; it reaches the bots, tables and the rest by dotted strings. The entry
points (``game.__main__``, ``game.smoke``) sit on top. Scenes never import each other:
they go to one by name (game.ui.router)."""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

RANKS = {"engine": 0, "ai": 1, "services": 2, "ui": 3, "tools": 4}
TOP = {"game.__main__", "game.smoke"}
SHIMS = {"game.sim", "game.bench"}  # python -m game.sim / game.bench: run a tool's main
GAMES = "game.games"


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in GAME.rglob("*.py")}


def _resolve(name: str) -> str | None:
    """The module of ``game`` an imported name lives in (a module, else its package)."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(module: str) -> list[tuple[str, int, bool]]:
    """(imported module, line, at module level) for every import of a game module."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    top_level = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            names = [f"{base}.{a.name}" for a in node.names] or [base]
        for name in names:
            if name == "game" or name.startswith("game."):
                target = _resolve(name)
                if target and target != module:
                    found.append((target, node.lineno, id(node) in top_level))
    return found


def _rank(module: str) -> float:
    if module == "game":
        return -1  # the package root: the version, nothing else
    if module == GAMES:
        return 0.5  # above the engine, below everything that looks a game up
    if module in TOP:
        return 9
    if module in SHIMS:
        return RANKS["tools"]
    return RANKS[module.split(".")[1]]


def test_every_module_has_a_layer():
    for module in MODULES:
        _rank(module)  # a KeyError names a module outside the layers


def test_imports_point_down():
    upward = []
    for module in MODULES:
        for target, line, _ in _imports(module):
            if _rank(target) > _rank(module):
                upward.append(f"{module}:{line} imports {target}")
    assert not upward, "\n".join(upward)


def test_the_registry_imports_only_the_engine():
    for target, line, _ in _imports(GAMES):
        assert target == "game" or target.startswith("game.engine"), (line, target)


def test_no_import_circles():
    graph = {m: {t for t, _, _ in _imports(m)} for m in MODULES}
    circles = []
    for start in graph:
        seen, todo = set(), list(graph[start])
        while todo:
            m = todo.pop()
            if m == start:
                circles.append(start)
                break
            if m not in seen:
                seen.add(m)
                todo.extend(graph.get(m, ()))
    assert not circles, circles


def test_scenes_never_import_each_other():
    shared = {"game.ui.scenes", "game.ui.scenes.base"}
    found = []
    for module in MODULES:
        if not module.startswith("game.ui.scenes."):
            continue
        for target, line, _ in _imports(module):
            if target.startswith("game.ui.scenes") and target not in shared:
                found.append(f"{module}:{line} imports {target}")
    assert not found, "\n".join(found)


def test_no_pygame_below_the_ui():
    """The engine and the bots never import pygame; the services not at module level."""
    found = []
    for module, path in MODULES.items():
        layer = _rank(module)
        if layer > RANKS["services"]:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        nodes = ast.walk(tree) if layer < RANKS["services"] else iter(tree.body)
        for node in nodes:
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            if any(n == "pygame" or n.startswith("pygame.") for n in names):
                found.append(f"{module}:{node.lineno}")
    assert not found, found


def test_nothing_the_app_runs_imports_the_tools():
    found = []
    for module in MODULES:
        if _rank(module) >= RANKS["tools"]:
            continue
        for target, line, _ in _imports(module):
            if target.startswith("game.tools") or target in SHIMS:
                found.append(f"{module}:{line} imports {target}")
    assert not found, found
