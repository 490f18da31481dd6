"""Cross Rummy bots: the tile solver finds real lays, and the normal bot's choices.

Every planner here runs on a count of steps (``Steps``), never on the clock: the same
position gets the same plan on a loaded machine."""

import json
from collections import Counter

from cr_helpers import rigged
from cross_rummy_positions import OPTIMA, laid
from cross_rummy_positions import load as load_positions

from game.ai import available_levels, make_bot
from game.ai.cross_rummy.edits import dissolved, double_lifts, group_moves
from game.ai.cross_rummy.normal import NormalBot, simple_lay
from game.ai.cross_rummy.placing import DeepPlanner, completed
from game.ai.cross_rummy.tile_solver import UNTIMED_STEPS, Steps, plan_lay, removal_ok
from game.engine.cross_rummy import decode_lay
from game.engine.cross_rummy.grid import group_count, layout_problems, parse_rows
from game.engine.cross_rummy.search import placement_ok
from game.engine.cross_rummy.tiles import parse_face

STEPS = Steps(UNTIMED_STEPS)  # every kept position is planned to the end within these


def test_levels():
    assert available_levels("cross_rummy") == ("random", "easy", "normal", "hard")
    assert make_bot("cross_rummy", "normal", 1).level == "normal"


def test_best_opening_is_chosen():
    s = rigged(2, [], racks=[["R1", "R2", "R3", "B12", "G12", "Y12", "R12"], ["B2"]], bag=["G9"])
    action, _plan = plan_lay(s.view(0), STEPS)
    after = decode_lay(action)
    assert sorted(after.values()) == ["B12", "G12", "R12", "Y12"]  # more points than R1 R2 R3
    s.apply(action)
    assert s.opened[0]


def test_opening_then_extends_in_the_same_turn():
    s = rigged(
        2,
        ["Y3 Y4 Y5"],
        racks=[["G4", "G5", "G6", "Y6", "Y2"], ["B2"]],
        opened=[False, True],
        bag=["G9"],
    )
    action, _plan = plan_lay(s.view(0), STEPS)
    s.apply(action)
    assert s.is_over()  # opened with the greens and added both yellows: rack empty


def test_extends_at_both_ends_and_crosses():
    s = rigged(
        2,
        ["R4 R5 R6"],
        racks=[["R3", "R7", "B5", "G5", "Y14"], ["B2"]],
        opened=[True, True],
        bag=["G9"],
    )
    action, _plan = plan_lay(s.view(0), STEPS)
    s.apply(action)
    assert [t for t in s.view(0).rack] == ["Y14"]


def test_crossing_through_a_middle_tile():
    s = rigged(2, ["B7 B8 B9"], racks=[["Y8", "G8", "R1"], ["B2"]], opened=[True, True], bag=["G9"])
    action, _ = plan_lay(s.view(0), STEPS)
    after = decode_lay(action)
    assert {after[c] for c in after if c[0] == 1} == {"B8", "Y8", "G8"}
    s.apply(action)


def test_rearrangement_frees_a_tile_from_a_long_run():
    # B5 and G5 need the red 5 at the end of the run; the rows above and below make any
    # crossing through it touch a yellow run, so the red 5 has to move.
    table = [". . . . Y10 Y11 Y12", "R2 R3 R4 R5 . . .", ". . . . Y7 Y8 Y9"]
    s = rigged(
        4, table, racks=[["B5", "G5", "G14"], ["B2"], ["B3"], ["B4"]], opened=[True] * 4, bag=["G9"]
    )
    assert simple_lay(s.view(0)) is None  # nothing without moving a table tile
    action, _plan = plan_lay(s.view(0), STEPS)
    after = decode_lay(action)
    assert after.get((3, 1)) != "R5"  # the red 5 moved ...
    s.apply(action)
    assert s.view(0).rack == ["G14"]  # ... and both fives were laid


def test_rearrangement_splits_a_long_run():
    # The yellow 4 can only go in a set with the blue 4 and the red 4 from the middle of a
    # run of seven; the run splits into R1 R2 R3 and R5 R6 R7.
    table = [
        "R1 R2 R3 R4 R5 R6 R7 . . . . .",
        ". . . . . . . . . . . .",
        ". . . . . . . . . B3 B4 B5",
    ]
    s = rigged(2, table, racks=[["Y4", "G14"], ["B2"]], opened=[True, True], bag=["G9"])
    assert simple_lay(s.view(0)) is None
    action, _plan = plan_lay(s.view(0), STEPS)
    assert (3, 0) not in decode_lay(action)
    s.apply(action)
    assert s.view(0).rack == ["G14"] and s.view(0).groups == 3


def test_removal_ok():
    cells = parse_rows(["R2 R3 R4 R5", ". . . B5", ". . . G5"])
    assert removal_ok(cells, (0, 0))  # end of a run of four
    assert not removal_ok(cells, (1, 0))  # would leave R2 alone and R4 R5 as a pair
    assert not removal_ok(cells, (3, 0))  # R5 holds the set together
    cells = parse_rows(["R1 R2 R3 R4 R5 R6 R7"])
    assert removal_ok(cells, (3, 0))  # splits into two runs of three


def test_normal_takes_a_helpful_market_tile():
    s = rigged(
        2,
        [],
        racks=[["R5", "B5", "Y1", "G9"], ["B2"]],
        market=["G5", "Y11", "R13"],
        bag=["G1", "G2"],
    )
    bot = NormalBot(1).untimed()
    assert bot.choose(s.view(0), s.legal_actions()) == "take:G5"
    s2 = rigged(
        2, [], racks=[["R5", "B9", "Y1", "G12"], ["B2"]], market=["G3", "Y11"], bag=["G1", "G2"]
    )
    assert bot.choose(s2.view(0), s2.legal_actions()) == "draw"


def test_normal_keeps_draw_three_for_a_threat():
    racks = [
        ["DRAW3", "R1", "B9", "Y13"],
        ["B2", "B3", "B7", "B11", "G1", "G7"],
        ["Y2", "Y6", "Y10", "R12", "G13", "B13", "R10"],
    ]
    bag = ["G1", "G2", "G3", "G4", "G5", "G6", "Y1", "Y3", "Y5", "Y7"]
    s = rigged(3, [], racks=racks, bag=bag)
    bot = NormalBot(1).untimed()
    assert bot.choose(s.view(0), s.legal_actions()) == "draw"
    s.racks[2] = s.racks[2][:2]  # seat 2 is about to go out
    assert bot.choose(s.view(0), s.legal_actions()) == "play:DRAW3:2"
    low = rigged(3, [], racks=racks, bag=bag[:3])  # the bag runs low: use it, do not hold 20 points
    assert bot.choose(low.view(0), low.legal_actions()).startswith("play:DRAW3:")


def test_normal_swap_gives_loose_tiles():
    s = rigged(
        2, [], racks=[["SWAP", "R5", "R6", "R7", "B13", "DRAW3", "G1"], ["Y1", "Y2"]], bag=["G9"]
    )
    s.apply("play:SWAP")
    bot = NormalBot(1).untimed()
    choice = bot.choose(s.view(0), s.legal_actions())
    assert choice == "give:B13,G1"


def test_random_bot_lays_sometimes_and_simple_lay_is_legal():
    s = rigged(2, ["R1 R2 R3"], racks=[["R4", "G9"], ["B2"]], opened=[True, True], bag=["G9"])
    action = simple_lay(s.view(0))
    assert action and s.validate_lay(action) == []
    bot = make_bot("cross_rummy", "random", 3)
    picks = {bot.choose(s.view(0), s.legal_actions())[:4] for _ in range(60)}
    assert "lay:" in picks and "draw" in picks


def test_two_table_tiles_lifted_make_a_new_run_with_a_rack_tile():
    # R9 and R10 can each leave their set of four; with R11 from the rack the two make
    # a new run, which needs room for a new group
    cells = parse_rows(["R9 Y9 B9 G9", ". . . .", "R10 Y10 B10 G10"])
    hand = Counter([parse_face("R11"), parse_face("Y1")])
    r9, r10, r11 = (parse_face(n) for n in ("R9", "R10", "R11"))
    moves = list(double_lifts(cells, hand, set(), 3, lambda: False))
    assert any(
        sorted(p.values()) == [r9, r10, r11] and used == Counter([r11]) for p, used, _ in moves
    )
    for placed, used, rest in moves:
        after = {**rest, **placed}
        assert not layout_problems(after, max_groups=3)
        assert sum(after.values()) == sum(cells.values()) + sum(used.elements())
    # at the group limit there is no room for the new run, and nothing else uses both
    assert not list(double_lifts(cells, hand, set(), 2, lambda: False))


def test_a_lone_line_moves_whole_onto_another_group():
    # R8 R9 R10 stands alone; laid on after R5 R6 R7 it makes one run and one group
    cells = parse_rows(["R5 R6 R7 . . .", ". . . . . .", ". . . . . .", "R8 R9 R10 . . ."])
    moves = list(group_moves(cells))
    joined = {(3, 0): parse_face("R8"), (4, 0): parse_face("R9"), (5, 0): parse_face("R10")}
    assert any(placed == joined for placed, _ in moves)
    for placed, rest in moves:
        after = {**rest, **placed}
        assert sorted(after.values()) == sorted(cells.values())
        assert not layout_problems(after) and group_count(after) == 1


def test_hard_frees_a_group_slot_for_a_run_on_its_rack():
    # two players: at most three groups, and the table has three; G12 G13 G14 needs
    # a fourth unless R8 R9 R10 joins R5 R6 R7 (nothing else lays a tile)
    rows = ["R5 R6 R7 . . . . .", ". . . . . . . .", ". . . . . . . .", "R8 R9 R10 . . . . ."]
    rows += [". . . . . . . .", ". . . . . . . .", "Y1 Y2 Y3 . . . . ."]
    state = rigged(2, rows, racks=[["G12", "G13", "G14", "B2"], ["Y9"]], opened=[True, True])
    assert not plan_lay(state.view(0), STEPS)
    hard = make_bot("cross_rummy", "hard", 1).untimed()
    action = hard.choose(state.view(0), state.legal_actions())
    assert action.startswith("lay:")
    events = state.apply(action)
    assert [n for n in state.view(0).rack] == ["B2"]
    assert state.view(0).groups == 3
    # the log names the tiles of the moved line together: one move, not three
    text = str(events[0].text)
    assert text.count(" from ") == 1 and "red 5–10" in text, text


def test_a_small_group_taken_apart_onto_the_lines_of_the_rest():
    # the set R4 Y4 B4 has nowhere to go whole, but each of its tiles continues a run
    rest = parse_rows(["R1 R2 R3 . . . .", ". . . . . . .", ". . . . Y5 Y6 Y7", ". . . . . . ."])
    rest.update({(x, 4): parse_face(n) for x, n in enumerate(("B1", "B2", "B3"))})
    tiles = Counter(parse_face(n) for n in ("R4", "Y4", "B4"))
    placed = dissolved(rest, tiles)
    assert placed and Counter(placed.values()) == tiles
    after = {**rest, **placed}
    assert not layout_problems(after) and group_count(after) == group_count(rest) == 3
    # a tile that joins nothing leaves the group where it is
    assert dissolved(rest, tiles + Counter([parse_face("G9")])) is None


def test_a_crossing_finished_by_the_tile_its_pair_needs():
    # B4 B5 run on from B6 put B5 on top of Y5, a pair; R5 above it makes the set
    # R5 B5 Y5, and only the three together are a lay
    rows = [". . . . .", ". . B6 . .", ". Y5 Y6 Y7 .", ". . G6 . ."]
    cells = parse_rows(rows)
    hand = Counter(parse_face(n) for n in ("B4", "B5", "R5"))
    crossing = {(1, 1): parse_face("B5"), (0, 1): parse_face("B4")}
    assert not placement_ok(cells, crossing)
    finished = list(completed(cells, crossing, hand))
    assert finished == [{**crossing, (1, 0): parse_face("R5")}]
    state = rigged(3, rows, racks=[["B4", "B5", "R5", "G1"], ["Y9"], ["Y10"]], opened=[True] * 3)
    state.group_limit = 1  # no room for a group of its own: the lay must join the table
    plan = plan_lay(state.view(0), STEPS, rearrange=False, planner_class=DeepPlanner)
    assert plan and plan[1].used == hand
    assert not state.validate_lay(plan[0])


def test_deep_placing_keeps_room_for_a_second_line():
    # kept position 88: R2 Y2 G2 and then B2 R2 Y2 across it lay both red twos (eight
    # tiles, the most any lay that moves no table tile can, proved by an exact model
    # offline); the set R2 Y2 B2 G2 at once lays more in one step and seven in all
    view = load_positions()[88]
    plan = plan_lay(view, STEPS, rearrange=False, planner_class=DeepPlanner)
    assert plan and plan[1].count == 8
    assert plan[1].used[parse_face("R2")] == 2
    assert make_bot("cross_rummy", "hard", 1).untimed().plan(view)[1].count >= 8


def test_placing_reaches_the_proved_optima():
    # every kept position: at least the exact optimum of lays that move no table tile
    # (proved offline by a constraint model, cross_rummy_optima.py)
    optima = json.loads(OPTIMA.read_text())
    views = load_positions()
    proved = [(i, best) for i, best in enumerate(optima) if best is not None]
    assert len(optima) == len(views) and len(proved) > 250
    assert sum(best["tiles"] for _, best in proved) > 300

    def deep(view):
        return laid(plan_lay(view, STEPS, rearrange=False, planner_class=DeepPlanner))

    short = [i for i, best in proved if deep(views[i]) < best["tiles"]]
    assert not short
