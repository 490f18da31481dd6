"""The AI's house: one dispatch table, one package per game, no import circles, no pygame."""

from __future__ import annotations

import ast
import pathlib

import pytest

from game.ai import LEVELS, available_levels, bot_class, make_bot
from game.games import GAMES

BOTS = {game_id: g.bots for game_id, g in GAMES.items()}  # each game's levels and classes

AI = pathlib.Path(__file__).resolve().parent.parent / "game" / "ai"


def _imports(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def _module_name(path: pathlib.Path) -> str:
    rel = path.relative_to(AI.parent.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_every_level_in_the_table_is_a_bot_class():
    for game_id, levels in BOTS.items():
        assert set(levels) <= set(LEVELS)
        assert available_levels(game_id)[0] == "random"
        for level in levels:
            cls = bot_class(game_id, level)
            assert callable(getattr(cls, "choose", None)), (game_id, level)
    assert make_bot("rage", "normal", 3).choose is not None
    with pytest.raises(ValueError):
        make_bot("rage", "wizard")


def test_no_import_circles_and_no_pygame_in_the_ai():
    graph: dict[str, set[str]] = {}
    for path in AI.rglob("*.py"):
        imports = _imports(path)
        assert not any(m == "pygame" or m.startswith("pygame.") for m in imports), path
        graph[_module_name(path)] = {m for m in imports if m.startswith("game.ai")}

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), list(graph.get(start, ()))
        while todo:
            m = todo.pop()
            if m == goal:
                return True
            if m not in seen:
                seen.add(m)
                todo.extend(graph.get(m, ()))
        return False

    circles = [m for m in graph if reaches(m, m)]
    assert not circles, circles
    # a game's bots never reach into another game's package
    games = set(BOTS)
    for module, targets in graph.items():
        parts = module.split(".")
        own = parts[2] if len(parts) > 2 and parts[2] in games else None
        for t in targets:
            tp = t.split(".")
            other = tp[2] if len(tp) > 2 and tp[2] in games else None
            assert other is None or other == own, (module, t)
