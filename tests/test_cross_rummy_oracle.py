"""Cross Rummy table oracle: every valid and invalid shape from the rules file."""

import pytest

from game.engine.cross_rummy import check_table, line_reason, parse_face
from game.engine.cross_rummy.grid import groups, parse_rows

VALID = {
    "run across": ["R5 R6 R7"],
    "run down": ["B3", "B4", "B5"],
    "descending run across": ["Y9 Y8 Y7 Y6"],
    "descending run down": ["G3", "G2", "G1"],
    "full run of 14": [" ".join(f"G{n}" for n in range(1, 15))],
    "full descending run of 14": [" ".join(f"R{n}" for n in range(14, 0, -1))],
    "set of three across": ["R7 Y7 B7"],
    "set of four down": ["G12", "B12", "Y12", "R12"],
    "run crossing a set (plus)": [". R7 .", "Y6 Y7 Y8", ". B7 ."],
    "crossing at a corner (L)": ["R5 R6 R7", ". . B7", ". . G7"],
    "crossing at the end (T)": ["B1 B2 B3", ". B3 .", ". B4 ."],
    "the rulebook set below a blue 5": ["B4 B5 B6", ". Y5 .", ". R5 ."],
    "two groups": ["R1 R2 R3 . . Y1 Y2 Y3"],
    "empty table": [". . ."],
    "grid of crossings": ["R1 R2 R3", "Y1 . Y3", "B1 . B3"],
}


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_shapes(name):
    assert check_table(VALID[name]) == []


INVALID = {
    "two across": (["R5 R6"], "only two tiles"),
    "two down": (["R5", "R6"], "only two tiles"),
    "wrap 13 14 1": (["R13 R14 R1"], "wraps from 14 to 1"),
    "wrap 14 1 2 down": (["Y14", "Y1", "Y2"], "wraps from 14 to 1"),
    "wrap descending 2 1 14": (["B2 B1 B14"], "wraps from 1 to 14"),
    "gap in a run": (["R5 R7 R8"], "goes from 5 to 7"),
    "run turning back": (["G5 G6 G5"], "turns back"),
    "set with a repeated colour": (["R5 B5 R5"], "repeats red"),
    "set with a repeated colour down": (["Y9", "B9", "Y9"], "repeats yellow"),
    "set of five": (["R5 Y5 B5 G5 R5"], "at most 4"),
    "mixed colours and numbers": (["R5 B6 G7"], "neither a set"),
    "run with two colours": (["R5 R6 B7"], "neither a set"),
    "lone tile": (["R5"], "stands alone"),
    "parallel runs make columns of two": (["R1 R2 R3", "B1 B2 B3"], "only two tiles"),
    "runs meeting end to end": (["R1 R2 R3 B4 B5 B6"], "neither a set"),
    "set meeting a run": (["R5 Y5 B5 B6 B7"], "neither a set"),
    "crossing that makes a pair": (["R5 R6 R7", ". . B7"], "only two tiles"),
    "two runs side by side with one tile overlap": (["R1 R2 R3 .", ". B3 B4 B5"], "only two tiles"),
}


@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_shapes(name):
    rows, words = INVALID[name]
    problems = check_table(rows)
    assert problems, name
    assert any(words in p for p in problems), problems


def test_problem_names_the_line_and_orientation():
    assert check_table(["R5 R6"]) == [
        "The row red 5, red 6 is only two tiles: a line needs at least 3."
    ]
    [text] = check_table(["G1", "G2"])
    assert text.startswith("The column green 1, green 2 ")


def test_adjacent_lines_merge_into_one_bad_line():
    # Each run is fine on its own; next to each other they become one row.
    assert check_table(["R1 R2 R3 . Y7 Y8 Y9"]) == []
    problems = check_table(["R1 R2 R3 Y7 Y8 Y9"])
    assert len(problems) == 1
    assert "red 1, red 2, red 3, yellow 7, yellow 8, yellow 9" in problems[0]


def test_group_limit():
    three = ["R1 R2 R3 . Y1 Y2 Y3 . B1 B2 B3"]
    four = ["R1 R2 R3 . Y1 Y2 Y3 . B1 B2 B3 . G1 G2 G3"]
    assert check_table(three, max_groups=3) == []
    assert check_table(four, max_groups=4) == []
    assert check_table(four) == []  # no limit given
    [text] = check_table(four, max_groups=3)
    assert "4 groups" in text and "at most 3" in text
    # A crossing joins lines into one group.
    assert len(groups(parse_rows([". R7 .", "Y6 Y7 Y8", ". B7 ."]))) == 1


def test_diagonal_neighbours_do_not_connect():
    rows = ["R1 R2 R3 .", ". . . Y4", ". . . Y5", ". . . Y6"]
    assert check_table(rows) == []
    assert len(groups(parse_rows(rows))) == 2
    assert check_table(rows, max_groups=1)


def test_line_reason_directly():
    f = [parse_face(t) for t in ("R14", "R13", "R12")]
    assert line_reason(f) is None
    assert line_reason([parse_face("R1")]) is None  # a single tile is not a line
    assert "14" in line_reason([parse_face(t) for t in ("G1", "G14", "G13")])


def test_bad_notation_is_reported():
    with pytest.raises(ValueError):
        check_table(["R15 R16 R17"])
    with pytest.raises(ValueError, match="event tile"):
        check_table(["SWAP R1 R2"])


def test_move_generator_agrees_with_the_oracle():
    """Every placement the lay finder accepts leaves a table the oracle finds valid."""
    import random
    from collections import Counter

    from game.ai import make_bot
    from game.engine import cross_rummy as cr
    from game.engine.cross_rummy import search
    from game.engine.cross_rummy.grid import layout_problems
    from game.engine.cross_rummy.tiles import face_of

    rng = random.Random(5)
    state = cr.new_game({"players": 3}, 21)
    bots = [make_bot("cross_rummy", "normal", i).untimed() for i in range(3)]
    checked = rejected = 0
    while not state.is_over() and len(state.actions) < 120:
        seat = state.current_player()
        if state.phase == "turn" and state.table and len(state.actions) % 4 == 0:
            cells = {c: face_of(t) for c, t in state.table.items()}
            hand = Counter(rng.sample(range(56), 24))  # a big random rack
            for placed in search.table_moves(cells, hand):
                merged = {**cells, **placed}
                ok = search.placement_ok(cells, placed)
                truth = not any(c in cells for c in placed) and not layout_problems(merged)
                assert ok == truth, (placed, layout_problems(merged))
                checked += 1
                rejected += not ok
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert checked > 300 and 0 < rejected < checked
