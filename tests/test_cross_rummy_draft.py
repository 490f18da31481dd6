"""The Cross Rummy turn being built (``TurnDraft``), without a window: its edits, its
undo, the engine's judgement of it and the lay it becomes."""

import ast
from pathlib import Path

from cr_helpers import rigged

from game.services.i18n import say
from game.ui.tables.cross_rummy.draft import TurnDraft


def draft_for(state, seat=0):
    """A draft of ``seat``'s turn, judged by ``state`` the way the table judges it."""
    view = state.view(seat)
    draft = TurnDraft(state.validate_lay)
    draft.begin(view.table, view.rack)
    return draft


def opened_position():
    return rigged(
        2,
        table_rows=["R1 R2 R3"],
        racks=[["R4", "B7", "B8", "B9", "DRAW3"], ["Y1", "Y2"]],
        opened=[True, True],
        bag=["G1", "G2"],
    )


def test_a_placed_tile_leaves_the_rack_and_the_engine_judges_the_lay():
    state = opened_position()
    draft = draft_for(state)
    assert not draft.changed() and draft.problems == []
    assert draft.place("R4", (3, 0))
    assert draft.cells[(3, 0)] == "R4" and draft.own == {(3, 0)} and "R4" not in draft.rack
    draft.revalidate()
    assert draft.changed() and draft.problems == []
    assert draft.group_count() == 1
    state.apply(draft.action())  # the engine takes the lay the draft stands for
    assert state.view(0).table[(3, 0)] == "R4" and "R4" not in state.view(0).rack


def test_problems_are_the_engines_with_the_tiles_they_name():
    state = opened_position()
    draft = draft_for(state)
    draft.place("B7", (0, 2))
    draft.place("B8", (1, 2))
    draft.revalidate()
    assert draft.problems == state.validate_lay(dict(draft.cells))  # nothing of its own
    line = next(i for i, p in enumerate(draft.problems) if p.kind == "line")
    assert draft.bad[(0, 2)] == draft.bad[(1, 2)] == line + 1
    assert line + 1 in draft.problem_cells[(0, 2)]
    draft.place("B9", (2, 2))
    draft.revalidate()
    assert draft.problems == [] and draft.bad == {} and draft.problem_cells == {}


def test_refused_edits_change_nothing():
    draft = draft_for(opened_position())
    before = (dict(draft.cells), set(draft.own), list(draft.rack))
    assert not draft.place("R4", (0, 0))  # an occupied cell
    assert not draft.place("G9", (5, 5))  # not on the rack
    assert not draft.place("DRAW3", (5, 5))  # an event tile is played, never laid
    assert not draft.move((7, 7), (8, 8))  # no tile there
    assert not draft.move((0, 0), (1, 0))  # onto another tile
    assert (draft.cells, draft.own, draft.rack) == before


def test_moved_tiles_keep_whose_they_are_and_only_this_turns_go_back():
    state = opened_position()
    draft = draft_for(state)
    draft.place("R4", (3, 0))
    assert draft.move((3, 0), (3, 1))
    assert draft.own == {(3, 1)} and (3, 0) not in draft.cells
    assert draft.move((2, 0), (2, 4))  # a table tile moves but stays the table's
    assert draft.own == {(3, 1)}
    assert not draft.take_back((2, 4))
    reason = say(draft.why_it_stays((2, 4)))
    assert "stay on the table" in reason  # the engine's words for it
    assert draft.take_back((3, 1))
    assert "R4" in draft.rack and not draft.own and (3, 1) not in draft.cells


def test_reset_undoes_the_whole_draft():
    draft = draft_for(opened_position())
    start, rack = dict(draft.cells), list(draft.rack)
    draft.place("B7", (0, 2))
    draft.move((0, 0), (0, 5))
    draft.revalidate()
    assert draft.problems
    draft.reset()
    assert draft.cells == start and draft.rack == rack and not draft.own
    assert not draft.changed() and draft.problems == [] and draft.bad == {}


def test_an_adopted_layout_starts_from_the_turns_start():
    state = opened_position()
    draft = draft_for(state)
    draft.place("B7", (0, 2))  # thrown away by the layout adopted
    layout = {**draft.start, (3, 0): "R4"}
    draft.adopt(layout, {(3, 0): "R4"})
    assert draft.cells == layout and draft.own == {(3, 0)}
    assert sorted(draft.rack) == sorted(["B7", "B8", "B9", "DRAW3"])


def test_the_draft_has_no_window_and_no_rules():
    """No pygame and nothing of the table: the engine's functions are its only judge."""
    source = Path(__file__).parent.parent / "game/ui/tables/cross_rummy/draft.py"
    imported = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module)
    assert not any(name.startswith(("pygame", "game.ui")) for name in imported), imported
