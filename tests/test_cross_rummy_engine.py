"""Cross Rummy rules: setup, the four actions, lays, opening, groups, events, scoring."""

import json
import re

import pytest
from cr_helpers import lay_action, layout, rack_names, rigged

from game.engine import cross_rummy as cr
from game.engine.core import IllegalAction, replay
from game.engine.cross_rummy.tiles import ALL_TILES, label
from game.engine.levels import LevelError

# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal(players):
    s = cr.new_game({"players": players}, seed=5)
    assert [len(r) for r in s.racks] == [15] * players
    assert len(s.market) == 6
    assert len(s.bag) == 116 - 15 * players - 6
    assert sorted(s.all_cards()) == list(ALL_TILES)
    assert s.table == {} and s.opened == [False] * players
    assert s.current_player() == 1  # the default starting seat
    assert s.group_limit == (4 if players == 4 else 3)
    names = [label(t) for t in ALL_TILES]
    assert names.count("SWAP") == 2 and names.count("DRAW3") == 2 and names.count("R7") == 2
    assert len(set(names)) == 58


def test_options_checked():
    assert cr.new_game({"players": 2, "start_seat": 0}, 1).current_player() == 0
    with pytest.raises(LevelError, match="start_seat"):
        cr.new_game({"players": 2, "start_seat": 3}, 1)
    with pytest.raises(LevelError, match="players"):
        cr.new_game({"players": 5}, 1)


def test_deterministic():
    a, b = cr.new_game({"players": 3}, 9), cr.new_game({"players": 3}, 9)
    assert a.racks == b.racks and a.market == b.market and a.bag == b.bag


# ------------------------------------------------------------------ simple actions


def test_take_from_market_refills():
    s = rigged(
        2, racks=[["R1"], ["B1"]], market=["R5", "Y5", "B5", "G5", "SWAP", "R9"], bag=["G1", "G2"]
    )
    assert "take:R5" in s.legal_actions() and "take:SWAP" in s.legal_actions()
    s.apply("take:R5")
    assert rack_names(s, 0)["R5"] == 1
    assert len(s.market) == 6 and label(s.market[-1]) == "G2"
    assert s.current_player() == 1
    with pytest.raises(IllegalAction, match="no red 5 in the market"):
        s.apply("take:R5")


def test_draw_and_empty_bag():
    s = rigged(2, racks=[["R1"], ["B1"]], market=["R5"], bag=["G7"])
    s.apply("draw")
    assert rack_names(s, 0)["G7"] == 1 and not s.bag
    assert "draw" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="bag is empty"):
        s.apply("draw")


def test_draw_three_targets_an_opponent():
    s = rigged(3, racks=[["DRAW3", "R1"], ["B1"], ["Y1"]], bag=["G1", "G2", "G3", "G4"])
    assert set(a for a in s.legal_actions() if a.startswith("play:")) == {
        "play:DRAW3:1",
        "play:DRAW3:2",
    }
    with pytest.raises(IllegalAction, match="opponents"):
        s.apply("play:DRAW3:0")
    events = s.apply("play:DRAW3:2")
    assert len(s.racks[2]) == 4 and len(s.racks[0]) == 1 and len(s.bag) == 1
    drawn = next(e for e in events if e.kind == "draw")
    assert drawn.secret_to == 2 and "tiles" not in drawn.seen_by(1).data
    assert len(drawn.seen_by(2).data["tiles"]) == 3
    assert s.current_player() == 1


def test_draw_three_with_a_short_bag():
    s = rigged(2, racks=[["DRAW3", "R1"], ["B1"]], bag=["G1"])
    s.apply("play:DRAW3:1")
    assert len(s.racks[1]) == 2 and not s.bag


def test_playing_the_last_tile_as_an_event_wins():
    s = rigged(2, racks=[["DRAW3"], ["B1", "B9"]], bag=["G1", "G2", "G3"])
    events = s.apply("play:DRAW3:1")
    assert s.is_over() and s.history[-1]["winners"] == [0]
    assert s.totals == [0, 1 + 9 + 1 + 2 + 3]
    assert any(e.kind == "game_end" for e in events)


def test_playing_a_last_swap_wins_at_once():
    # Emptying the rack by playing an event tile wins at once: no tiles are passed.
    s = rigged(3, racks=[["SWAP"], ["B1", "B9"], ["Y2"]], bag=["G1"])
    events = s.apply("play:SWAP")
    assert s.is_over() and s.history[-1]["winners"] == [0]
    assert s.totals == [0, 10, 2] and "give" not in [e.kind for e in events]


# ------------------------------------------------------------------ swap


def test_swap_is_secret_and_passes_left():
    s = rigged(3, racks=[["SWAP", "R1", "R2", "R3"], ["Y1", "Y2", "Y3"], ["B1"]], bag=["G9"])
    s.apply("play:SWAP")
    assert s.phase == "swap" and s.current_player() == 0
    assert "give:R1,R2" in s.legal_actions()
    s.apply("give:R1,R2")
    assert s.current_player() == 1
    # Seat 1 cannot see what seat 0 chose; seat 0 sees its own tiles set aside.
    assert s.view(1).swap_giving == [] and s.view(0).swap_giving == ["R1", "R2"]
    assert "R1" not in str(s.view(1).rack) and rack_names(s, 1)["R1"] == 0
    with pytest.raises(IllegalAction, match="Choose 2 tiles"):
        s.apply("give:Y1")
    s.apply("give:Y2,Y3")
    assert s.current_player() == 2
    assert s.legal_actions() == ["give:B1"]  # one tile: pass just that one
    assert sorted(s.all_cards()) == sorted(ALL_TILES)
    events = s.apply("give:B1")
    assert rack_names(s, 1) == {"Y1": 1, "R1": 1, "R2": 1}
    assert rack_names(s, 2) == {"Y2": 1, "Y3": 1}
    assert rack_names(s, 0) == {"R3": 1, "B1": 1}
    received = [e for e in events if e.kind == "receive"]
    assert {e.secret_to for e in received} == {0, 1, 2}
    for e in received:
        other = (e.secret_to + 1) % 3
        assert "tiles" not in e.seen_by(other).data and "tiles" in e.seen_by(e.secret_to).data
    assert s.phase == "turn" and s.current_player() == 1


def test_swap_may_pass_event_tiles():
    s = rigged(2, racks=[["SWAP", "DRAW3", "R1"], ["Y1", "Y2"]], bag=["G9"])
    s.apply("play:SWAP")
    s.apply("give:DRAW3,R1")
    s.apply("give:Y1,Y2")
    assert rack_names(s, 1) == {"DRAW3": 1, "R1": 1}


# ------------------------------------------------------------------ lays and opening


def test_opening_lay():
    s = rigged(2, racks=[["R5", "R6", "R7", "B1"], ["B2"]], bag=["G9"])
    s.apply(lay_action(["R5 R6 R7"]))
    assert s.opened == [True, False] and rack_names(s, 0) == {"B1": 1}
    assert len(s.table) == 3 and s.current_player() == 1
    assert s.actions[-1] == "lay:0,0,R5;1,0,R6;2,0,R7"


def test_opening_needs_three_in_one_line():
    s = rigged(2, racks=[["R5", "R6", "R7", "B5", "G5"], ["B2"]], bag=["G9"])
    with pytest.raises(IllegalAction, match="only two tiles"):
        s.apply(lay_action(["R5 R6"]))
    with pytest.raises(IllegalAction, match="To open"):
        s.apply(lay_action(["R5 R6 R7", "B5 . .", "G5 . ."]))
    # A crossing of the player's own tiles is a group but not one line: no opening.
    problems = s.validate_lay(layout(["R5 R6 R7", "B5 . .", "G5 . ."]))
    assert any("To open" in p.text for p in problems)


def test_opening_may_not_touch_other_groups_but_may_add_after():
    table = ["Y3 Y4 Y5"]
    s = rigged(
        3,
        table,
        racks=[["Y6", "Y7"], ["B1"], ["G4", "G5", "G6", "G7", "Y6", "Y7"]],
        opened=[True, True, False],
        current=2,
        bag=["R9"],
    )
    # Adding to group 1 without opening: refused.
    with pytest.raises(IllegalAction, match="To open"):
        s.apply(lay_action(["Y3 Y4 Y5 Y6 Y7"]))
    # The rulebook's example: open with four greens, then add two yellows to group 1.
    s.apply(lay_action(["Y3 Y4 Y5 Y6 Y7", ". . . . .", "G4 G5 G6 G7 ."]))
    assert s.opened[2] and rack_names(s, 2) == {}
    assert s.is_over()  # the rack is empty: seat 2 wins


def test_opening_group_must_be_only_own_tiles():
    s = rigged(
        2,
        ["R1 R2 R3"],
        racks=[["B1"], ["B3", "G3", "R4", "R5", "R6"]],
        opened=[True, False],
        current=1,
        bag=["G9"],
    )
    # A set through the red 3 on the table is not a group of the player's own.
    with pytest.raises(IllegalAction, match="To open"):
        s.apply(lay_action(["R1 R2 R3", ". . B3", ". . G3"]))
    # A run lengthening the table's run is not a group of its own either; apart, it opens.
    with pytest.raises(IllegalAction, match="To open"):
        s.apply(lay_action(["R1 R2 R3 R4 R5 R6"]))
    s.apply(lay_action(["R1 R2 R3 . R4 R5 R6"]))
    assert s.opened == [True, True]


@pytest.mark.parametrize("dy", [0, -2])
def test_opening_line_may_hold_a_face_also_moved_on_the_table(dy):
    # Seat 1 opens with its own blue run and, in the same turn, moves the table's blue 5
    # to the other end of the set. The two blue 5s look alike, so the lay is legal
    # wherever the new run lies.
    table = ["B5 Y5 R5 G5"]
    s = rigged(
        3,
        table,
        racks=[["B1"], ["B5", "B6", "B7", "G1"], ["Y1"]],
        opened=[True, False, False],
        current=1,
        bag=["G9"],
    )
    after = [". Y5 R5 G5 B5", ". . . . .", "B5 B6 B7 . ."]
    if dy:
        after = [after[2], after[1], after[0]]
    action = lay_action(after, dy=dy)
    assert s.validate_lay(action) == []
    s.apply(action)
    assert s.opened[1] and rack_names(s, 1) == {"G1": 1}


def test_lay_rules_on_rack_and_table():
    s = rigged(2, ["R1 R2 R3"], racks=[["R4", "SWAP"], ["B2"]], opened=[True, True], bag=["G9"])
    with pytest.raises(IllegalAction, match="no red 5 on your rack"):
        s.apply(lay_action(["R1 R2 R3 R4 R5"]))
    with pytest.raises(IllegalAction, match="must stay on the table: red 1 is missing"):
        s.apply(lay_action(["R2 R3 R4"]))
    with pytest.raises(IllegalAction, match="at least one tile"):
        s.apply(lay_action(["R1 R2 R3"]))
    with pytest.raises(IllegalAction, match="Swap is an event tile: event tiles are never laid"):
        s.apply("lay:0,0,R1;1,0,R2;2,0,R3;3,0,SWAP")
    [bad] = s.validate_lay({(0, 0): "R1", (1, 0): "R2", (2, 0): "R3", (3, 0): "X9"})
    assert bad.text.startswith("'X9' is not a tile") and bad.cells == ((3, 0),)
    with pytest.raises(IllegalAction, match="same cell"):
        s.apply("lay:0,0,R1;0,0,R2")
    s.apply(lay_action(["R1 R2 R3 R4"], dx=5))  # moving the whole line is fine
    assert set(s.table) == {(5, 0), (6, 0), (7, 0), (8, 0)}


def test_rulebook_two_fives_under_the_blue_five():
    table = ["B4 B5 B6", ". . B7", ". . B8"]
    s = rigged(2, table, racks=[["Y5", "R5", "G1"], ["B2"]], opened=[True, True], bag=["G9"])
    bad = lay_action(["B4 B5 B6", ". Y5 B7", ". R5 B8"])
    problems = s.validate_lay(bad)
    texts = " ".join(p.text for p in problems)
    assert "The row yellow 5, blue 7" in texts and "The row red 5, blue 8" in texts
    assert all(len(p.cells) == 2 for p in problems if p.kind == "line")
    with pytest.raises(IllegalAction, match="only two tiles"):
        s.apply(bad)
    good = lay_action([". R5 .", ". Y5 .", "B4 B5 B6", ". . B7", ". . B8"], dy=-2)
    assert s.validate_lay(good) == []
    s.apply(good)
    assert rack_names(s, 0) == {"G1": 1}


def test_rulebook_rearrangement_takes_tiles_from_another_group():
    # Group 1: a set of threes crossing a yellow run; group 2: a red run.
    table = ["Y3 R3 G3 . . . R5 R6 R7", "Y4 . . . . . . . .", "Y5 . . . . . . . ."]
    s = rigged(2, table, racks=[["R4", "B3", "R2", "G14"], ["B2"]], opened=[True, True], bag=["G9"])
    # The red 3 and green 3 move to the red run; the blue 3 goes under the green 3, the
    # red 4 and red 2 join the run.
    after = ["Y3 . . R2 R3 R4 R5 R6 R7", "Y4 . . . G3 . . . .", "Y5 . . . B3 . . . ."]
    assert s.validate_lay(layout(after)) == []
    s.apply(lay_action(after))
    assert rack_names(s, 0) == {"G14": 1}
    assert cr.check_table([" ".join(r.split()) for r in after]) == []


def test_merging_groups_makes_room_for_a_new_one():
    table = ["R1 R2 R3 . R5 R6 R7", ". . . . . . .", "B9 B10 B11 . . . ."]
    s = rigged(
        2, table, racks=[["R4", "G1", "G2", "G3", "Y8"], ["B2"]], opened=[True, True], bag=["G9"]
    )
    # Three groups already: a new one is too many ...
    with pytest.raises(IllegalAction, match="at most 3"):
        s.apply(lay_action([*table, ". . . . . . .", "G1 G2 G3 . . . ."]))
    # ... unless the lay also joins two of them with the red 4.
    s.apply(
        lay_action(
            [
                "R1 R2 R3 R4 R5 R6 R7",
                ". . . . . . .",
                "B9 B10 B11 . . . .",
                ". . . . . . .",
                "G1 G2 G3 . . . .",
            ]
        )
    )
    assert s.view(1).groups == 3


def test_group_limit_four_players():
    table = ["R1 R2 R3 . Y1 Y2 Y3 . B1 B2 B3"]
    s = rigged(
        4, table, racks=[["G1", "G2", "G3"], ["B5"], ["B6"], ["B7"]], opened=[True] * 4, bag=["G9"]
    )
    s.apply(lay_action([*table, ". . . . . . . . . . .", "G1 G2 G3 . . . . . . . ."]))
    assert s.view(0).groups == 4


def test_no_extra_groups_until_everyone_opened():
    s = rigged(
        2, ["R1 R2 R3"], racks=[["G5", "G6", "G7"], ["B2"]], opened=[True, False], bag=["G9"]
    )
    with pytest.raises(IllegalAction, match="Until every player has opened"):
        s.apply(lay_action(["R1 R2 R3", ". . .", "G5 G6 G7"]))
    s.opened = [True, True]
    s.apply(lay_action(["R1 R2 R3", ". . .", "G5 G6 G7"]))
    assert s.view(0).groups == 2


def test_opening_may_not_start_two_groups():
    s = rigged(3, [], racks=[["G5", "G6", "G7", "R1", "R2", "R3"], ["B2"], ["B3"]], bag=["G9"])
    with pytest.raises(IllegalAction, match="Until every player has opened"):
        s.apply(lay_action(["G5 G6 G7 . R1 R2 R3"]))


def test_validate_lay_marks_cells():
    s = rigged(2, ["R1 R2 R3"], racks=[["R4", "B4"], ["B2"]], opened=[True, True], bag=["G9"])
    problems = s.validate_lay(layout(["R1 R2 R3 R4", ". . . B4"]))
    assert [p.kind for p in problems] == ["line"]
    assert set(problems[0].cells) == {(3, 0), (3, 1)}
    assert s.validate_lay(layout(["R1 R2 R3 R4"])) == []
    assert s.validate_lay("nonsense")[0].kind == "rule"


# ------------------------------------------------------------------ passing, blocking, scoring


def test_pass_only_when_nothing_else():
    s = rigged(
        2, ["R1 R2 R3"], racks=[["B9", "G12"], ["Y9"]], opened=[True, True], market=["Y5"], bag=[]
    )
    assert "pass" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="pass only"):
        s.apply("pass")
    s.market = []
    assert s.legal_actions() == ["pass"]


def test_forced_lay_is_offered_instead_of_pass():
    s = rigged(2, ["R1 R2 R3"], racks=[["R4", "G12"], ["Y9"]], opened=[True, True], bag=[])
    [action] = s.legal_actions()
    assert action.startswith("lay:")
    with pytest.raises(IllegalAction, match="still lay"):
        s.apply("pass")
    s.apply(action)
    assert rack_names(s, 0) == {"G12": 1}


def test_no_opening_is_offered_when_the_group_limit_is_reached():
    # A level may set a lower group limit: with both allowed groups on the table, the
    # third player cannot open, so passing is all that is left (and is accepted).
    from game.ai.cross_rummy.normal import simple_lay

    s = rigged(
        3,
        ["R1 R2 R3 . Y1 Y2 Y3"],
        racks=[["B9"], ["G12"], ["G4", "G5", "G6", "B1"]],
        opened=[True, True, False],
        current=2,
        bag=[],
    )
    s.group_limit = 2
    assert s.legal_actions() == ["pass"]
    assert simple_lay(s.view(2)) is None
    s.apply("pass")
    assert s.current_player() == 0


def test_pass_refused_when_moving_a_table_tile_allows_a_lay():
    # B5 and G5 fit only with the red 5 moved off the end of the run: that is a lay, so
    # the player may not pass, and the engine offers it.
    table = [". . . . Y10 Y11 Y12", "R2 R3 R4 R5 . . .", ". . . . Y7 Y8 Y9"]
    s = rigged(
        4, table, racks=[["B5", "G5", "G14"], ["B2"], ["B3"], ["B4"]], opened=[True] * 4, bag=[]
    )
    [action] = s.legal_actions()
    assert action.startswith("lay:")
    with pytest.raises(IllegalAction, match="still lay"):
        s.apply("pass")
    s.apply(action)
    assert rack_names(s, 0) == {"G14": 1}


def test_blocked_round_lowest_rack_wins():
    s = rigged(3, ["R1 R2 R3"], racks=[["B9", "G12"], ["Y9"], ["G2"]], opened=[True] * 3, bag=[])
    for _ in range(2):
        s.apply("pass")
    assert not s.is_over()
    events = s.apply("pass")
    row = s.history[-1]
    assert row["blocked"] and row["winners"] == [2]
    assert row["points"] == [21, 9, 0] and s.totals == [21, 9, 0]
    assert s.scores() == [0.0, 0.0, 1.0]
    assert events[-1].kind == "game_end"


def test_shared_blocked_win_reads_as_plural():
    s = rigged(2, ["R1 R2 R3"], racks=[["B9"], ["Y9"]], opened=[True, True], bag=[])
    s.apply("pass")
    events = s.apply("pass")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["winners"] == [0, 1] and s.totals == [0, 0]
    assert end.text.startswith("{P0} and {P1} win round 1")


def test_lay_log_line_in_words():
    s = rigged(2, ["R1 R2 R3"], racks=[["R4", "G9"], ["B2"]], opened=[True, True], bag=["G9"])
    [event] = s.apply(lay_action(["R1 R2 R3 R4"]))
    assert event.text == "{P0} lays red 4."
    s = rigged(2, racks=[["R5", "R6", "R7", "B1"], ["B2"]], bag=["G9"])
    [event] = s.apply(lay_action(["R5 R6 R7"]))
    assert event.text == "{P0} opens with red 5, red 6 and red 7."


def test_lay_event_names_every_table_tile_it_moves():
    # The red 3 and green 3 leave the set of threes for new places: the event lists both,
    # from where to where, and the log line says it in words.
    table = ["Y3 R3 G3 . . . R5 R6 R7", "Y4 . . . . . . . .", "Y5 . . . . . . . ."]
    s = rigged(2, table, racks=[["R4", "B3", "R2", "G14"], ["B2"]], opened=[True, True], bag=["G9"])
    after = ["Y3 . . R2 R3 R4 R5 R6 R7", "Y4 . . . G3 . . . .", "Y5 . . . B3 . . . ."]
    [event] = s.apply(lay_action(after))
    assert sorted(event.data["tiles"]) == ["B3", "R2", "R4"]
    assert sorted(tuple(m) for m in event.data["moved"]) == [(1, 0, 4, 0, "R3"), (2, 0, 4, 1, "G3")]
    assert event.text == (
        "{P0} lays red 2, red 4 and blue 3; moves red 3 from the 3s to red 2–7, "
        "green 3 to a new place in the 3s."
    )


def test_lay_event_moves_nothing_when_only_adding():
    s = rigged(2, ["R1 R2 R3"], racks=[["R4", "G9"], ["B2"]], opened=[True, True], bag=["G9"])
    [event] = s.apply(lay_action(["R1 R2 R3 R4"]))
    assert event.data["moved"] == []


def test_missing_rack_tile_message_counts_what_you_have():
    s = rigged(2, ["R1 R2 R3"], racks=[["R4", "G9"], ["B2"]], opened=[True, True], bag=["G9"])
    with pytest.raises(IllegalAction) as err:
        s.apply(lay_action(["R1 R2 R3 R4", ". . . R4", ". . . R4"]))
    assert "You have only 1 red 4 on your rack: this lay needs 3." in err.value.reason
    with pytest.raises(IllegalAction) as err:
        s.apply(lay_action(["R1 R2 R3 R4", ". . . B5", ". . . B5"]))
    assert "You have no blue 5 on your rack: this lay needs 2." in err.value.reason


def test_refusals_name_tiles_in_words_never_in_notation():
    table = ["R3 R4 R5", ". . .", "R5 Y5 B5"]
    s = rigged(2, table, racks=[["R6", "G9"], ["B2"]], opened=[True, True], bag=["G9"])
    with pytest.raises(IllegalAction) as err:  # every table tile left off, the two 5s counted
        s.apply(lay_action(["R6 . ."]))
    reason = err.value.reason
    assert "must stay on the table:" in reason and "2 × red 5" in reason
    assert "yellow 5" in reason and "red 3" in reason
    problems = s.validate_lay(lay_action([*table, ". . .", ". . R6"]))
    [alone] = [p.text for p in problems if p.kind == "alone"]
    assert alone == "Red 6 stands alone: every tile must be part of a set or a run."
    for text in [reason, *(p.text for p in problems)]:
        assert not re.search(r"\b[RYBG]\d", text), text


def test_events_count_twenty_and_rounds_continue():
    s = rigged(
        2, ["R1 R2 R3"], racks=[["R4"], ["SWAP", "Y9"]], opened=[True, True], bag=[], rounds=2
    )
    events = s.apply(lay_action(["R1 R2 R3 R4"]))
    assert s.history[-1]["points"] == [0, 29]
    assert not s.is_over() and s.round == 2
    assert [e.kind for e in events][-2:] == ["round_end", "deal"]
    assert s.table == {} and s.opened == [False, False]
    assert sorted(s.all_cards()) == list(ALL_TILES)


# ------------------------------------------------------------------ views and replay


def test_view_hides_other_racks():
    s = cr.new_game({"players": 3}, 4)
    v = s.view(0)
    assert len(v.rack) == 15 and v.rack_counts == [15, 15, 15]
    assert not hasattr(v, "racks")
    assert v.group_limit == 3 and v.groups == 0 and v.bag_count == 116 - 45 - 6


def test_replay_from_log():
    import random

    s = cr.new_game({"players": 3}, 11)
    rng = random.Random(3)
    from game.ai.cross_rummy.normal import simple_lay

    for _ in range(120):
        if s.is_over():
            break
        actions = s.legal_actions()
        lay = simple_lay(s.view(s.current_player())) if s.phase == "turn" else None
        s.apply(lay if lay and rng.random() < 0.5 else rng.choice(actions))
    log = json.loads(json.dumps(s.actions))
    again = replay(cr, {"players": 3}, 11, log)
    assert again.table == s.table and again.racks == s.racks and again.bag == s.bag
    assert again.totals == s.totals and again.actions == s.actions


# ------------------------------------------------------------------ level data


def _level_file(tmp_path, table_section):
    from game.services.paths import levels_dir

    text = (levels_dir() / "cross_rummy.toml").read_text(encoding="utf-8")
    start = text.index("\n[table]\n") + 1
    end = text.index("\n[options.rounds]") + 1
    path = tmp_path / "cross_rummy.toml"
    path.write_text(text[:start] + table_section + "\n" + text[end:], encoding="utf-8")
    return path


def test_level_data_is_checked(tmp_path):
    from game.engine.levels import load_level

    good = cr.rules_data()
    assert good["rack_size"] == 15 and good["market_size"] == 6
    assert good["group_limits"] == {2: 3, 3: 3, 4: 4} and good["event_points"] == 20
    bad = _level_file(
        tmp_path, '[table]\nrack_size = 15\nmarket_size = 6\ngroup_limits = { "2" = 3, "3" = 3 }\n'
    )
    lvl = load_level("cross_rummy", {"tiles", "table"}, path=bad)
    with pytest.raises(LevelError, match=r'group_limits.*"4" players'):
        cr.rules_data(lvl)
    bad = _level_file(tmp_path, "[table]\nrack_size = 40\nmarket_size = 6\n")
    lvl = load_level("cross_rummy", {"tiles", "table"}, path=bad)
    with pytest.raises(LevelError, match=r"line \d+: table.rack_size: must be a whole number"):
        cr.rules_data(lvl)
