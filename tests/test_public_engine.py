"""Bots use only what the engine offers publicly, and the layers above keep to public names.

The structural check reads every module of ``game/ai``, ``game/services``, ``game/tools``
and ``game/ui`` with ``ast`` (nothing is imported) and fails, naming file:line and the
name, on:

- an attribute ``x._name`` where ``x`` is not ``self`` or ``cls``: another object's
  private part (a ``super()._name`` call is the class's own, when the class derives from
  one of its own layer; a dunder is Python's, not private);
- ``getattr``/``setattr``/``hasattr``/``delattr`` of such a name on another object;
- ``from game... import _name``: another module's private name (``_``, gettext's
  translation function, is the one public name that starts with an underscore).

The public engine calls the search bots use instead keep their promises below: Rage's
``announce_prediction``, Crazy Lab's ``play_card`` and Crazier Eights' ``State.from_view``.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game.ai import make_bot
from game.engine import crazier_eights, crazy_lab, rage
from game.engine.core import IllegalAction

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("ai", "services", "tools", "ui")
ACCESSORS = {"getattr", "setattr", "hasattr", "delattr"}

# Private names read across objects today, outside the bots; each is (file, name) with
# why it is still there. The list only shrinks: an entry no longer found fails the test
# (strike it off), and no new entry belongs here.
KNOWN: dict[tuple[str, str], str] = {
    # the standard library's gettext offers no public catalogue; the loader drops the
    # entries whose fields do not match their English (a damaged translation)
    ("game/services/i18n.py", "_catalog"): "gettext.GNUTranslations has no public catalogue",
}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name != "_"


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "game" else None


class _Finder(ast.NodeVisitor):
    """The private names one module reaches on objects other than its own."""

    def __init__(self, rel: str, layer: str, tree: ast.Module):
        self.rel, self.layer = rel, layer
        self.found: list[tuple[str, int, str]] = []
        self.classes: list[ast.ClassDef] = []
        self.defined = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
        self.imported: dict[str, str] = {}  # name -> the module it is imported from
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    self.imported[alias.asname or alias.name] = node.module

    def add(self, node: ast.AST, name: str) -> None:
        self.found.append((self.rel, node.lineno, name))

    def own_hierarchy(self) -> bool:
        """The enclosing class derives only from classes of this module or of its layer."""
        if not self.classes:
            return False
        for base in self.classes[-1].bases:
            if not isinstance(base, ast.Name):
                return False
            source = self.imported.get(base.id)
            if base.id not in self.defined and (source is None or _layer(source) != self.layer):
                return False
        return True

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node)
        self.generic_visit(node)
        self.classes.pop()

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if _private(node.attr):
            owner = node.value
            mine = isinstance(owner, ast.Name) and owner.id in ("self", "cls")
            via_super = (
                isinstance(owner, ast.Call)
                and isinstance(owner.func, ast.Name)
                and owner.func.id == "super"
                and self.own_hierarchy()
            )
            if not (mine or via_super):
                self.add(node, node.attr)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Name) and func.id in ACCESSORS and len(node.args) >= 2:
            owner, name = node.args[0], node.args[1]
            mine = isinstance(owner, ast.Name) and owner.id in ("self", "cls")
            text = name.value if isinstance(name, ast.Constant) else None
            if isinstance(text, str) and _private(text) and not mine:
                self.add(node, text)
        self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module and (node.module == "game" or node.module.startswith("game.")):
            for alias in node.names:
                if _private(alias.name):
                    self.add(node, f"{node.module}.{alias.name}")
        self.generic_visit(node)


def _reaches() -> list[tuple[str, int, str]]:
    found = []
    for layer in LAYERS:
        for path in sorted((ROOT / "game" / layer).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
            finder = _Finder(rel, layer, tree)
            finder.visit(tree)
            found.extend(finder.found)
    return found


REACHES = _reaches()


def test_no_module_above_the_engine_reaches_a_private_name():
    bad = [f"{f}:{line}: {name}" for f, line, name in REACHES if (f, name) not in KNOWN]
    assert not bad, "private names reached from outside their object or module:\n" + "\n".join(bad)


def test_the_bots_reach_nothing_private_at_all():
    bad = [f"{f}:{line}: {name}" for f, line, name in REACHES if f.startswith("game/ai/")]
    assert not bad, "\n".join(bad)


def test_the_known_list_only_shrinks():
    still = {(f, name) for f, _, name in REACHES}
    gone = [f"{f}: {name}" for f, name in KNOWN if (f, name) not in still]
    assert not gone, "fixed, strike these off KNOWN:\n" + "\n".join(gone)


def _check(source: str, rel: str = "game/ai/x.py") -> list[str]:
    tree = ast.parse(source)
    finder = _Finder(rel, rel.split("/")[1], tree)
    finder.visit(tree)
    return [name for _, _, name in finder.found]


def test_the_check_sees_each_kind_of_reach():
    assert _check("world._play(1)") == ["_play"]
    assert _check("getattr(world, '_gen')") == ["_gen"]
    assert _check("from game.engine.rage.state import _helper") == [
        "game.engine.rage.state._helper"
    ]
    assert _check("self._x; cls._y; x.__len__(); from game.services.i18n import _") == []
    own = "from game.ai.search import SearchBot\nclass B(SearchBot):\n def f(self): super()._g()"
    assert _check(own) == []
    foreign = "import gettext\nclass T(gettext.GNUTranslations):\n def f(self): super()._parse()"
    assert _check(foreign) == ["_parse"]


# ---------------------------------------------------------------- the public calls


def _to_phase(game_id: str, state, phase: str, seed: int):
    """``state`` played on by normal bots until its ``phase``."""
    bots = [make_bot(game_id, "normal", seed + i) for i in range(state.players)]
    for _ in range(2000):
        if state.is_over() or state.phase == phase:
            return state
        seat = state.current_player()
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    raise AssertionError(f"never reached {phase}")


def test_rage_announce_prediction_skips_only_the_sum_rule():
    s = rage.new_game({"players": 3, "plus_minus_one": True}, 5)
    for _ in range(2):
        s.apply(s.legal_actions()[0])
    forbidden = s.forbidden_prediction()
    assert forbidden is not None and f"predict:{forbidden}" not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.copy().apply(f"predict:{forbidden}")
    world = s.copy()
    world.announce_prediction(forbidden)  # a sampled world's guessed sum may forbid it
    assert world.predictions[2] == forbidden and world.phase == "play"
    assert world.actions[-1] == f"predict:{forbidden}"
    for wrong in (-1, s.cards_this_round + 1):
        with pytest.raises(IllegalAction):
            s.copy().announce_prediction(wrong)
    with pytest.raises(IllegalAction):
        world.announce_prediction(0)  # the play phase


def test_crazy_lab_play_card_changes_the_state_as_apply_does():
    s = _to_phase("crazy_lab", crazy_lab.new_game({"players": 3}, 2), "play", 2)
    for _ in range(12):
        quiet, loud = s.copy(), s.copy()
        card = sorted(s.hands[s.current])[0]
        assert quiet.play_card(card, quiet=True) == []
        events = loud.apply(s.d.names[card])
        assert events[0].kind == "play"
        assert quiet.view(0) == loud.view(0)
        s = loud


def test_crazier_eights_from_view_resumes_the_main_phase_and_refuses_anything_else():
    s = crazier_eights.new_game({"players": 3}, 7)
    bots = [make_bot("crazier_eights", "normal", i) for i in range(3)]
    resumed = refused = 0
    for _ in range(300):
        if s.is_over():
            break
        seat = s.current_player()
        view = s.view(seat)
        if view.pending and view.pending["kind"] == "main" and not view.resolving:
            hands = [list(h) for h in s.hands]
            world = crazier_eights.State.from_view(view, hands, list(s.draw), random.Random(1))
            assert world.legal_actions() == s.legal_actions()
            assert world.view(seat).plays_left == view.plays_left
            assert world.view(seat).discards_left == view.discards_left
            resumed += 1
        else:
            with pytest.raises(ValueError):
                crazier_eights.State.from_view(view, [], [], random.Random(1))
            refused += 1
        s.apply(bots[seat].choose(view, s.legal_actions()))
    assert resumed > 20 and refused > 0
