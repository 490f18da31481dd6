"""Hard bots of Crazy Eights, Crazier Eights and Cross Rummy: worlds true to the view,
legal answers, and the Cross Rummy lays the normal planner misses. Every bot and
planner here searches a fixed number of worlds or steps, never a clock."""

import copy
import random

import pytest
from cr_helpers import rigged

from game.ai import make_bot
from game.ai.crazier_eights.worlds import sample_state as crazier_world
from game.ai.crazier_eights.worlds import searchable
from game.ai.crazy_eights.hard import HardBot as EightsHard
from game.ai.crazy_eights.worlds import sample_state as eights_world
from game.ai.crazy_eights.worlds import slot_constraints
from game.ai.cross_rummy.hard import HardBot as RummyHard
from game.ai.cross_rummy.tile_solver import UNTIMED_STEPS, Steps, plan_lay
from game.engine import crazier_eights, crazy_eights
from game.engine.cross_rummy import decode_lay

STEPS = Steps(UNTIMED_STEPS)


def test_crazy_eights_draws_tell_what_a_hand_lacks_and_never_lie():
    """Over seeded games, every hidden card sits in a slot that allows it, and a player
    who drew on a top card is known to hold none of that card's suit, rank or eights."""
    checked = constrained = 0
    for seed in range(25):
        s = crazy_eights.new_game({"players": 4}, seed)
        bots = [make_bot("crazy_eights", "normal", i) for i in range(4)]
        while not s.is_over():
            view = s.view(0)
            slots = slot_constraints(view)
            for seat in (1, 2, 3):
                assert len(slots[seat]) == len(s.hands[seat])
                for card in s.hands[seat]:
                    assert any(not (mask >> card) & 1 for mask in slots[seat])
                    checked += 1
                constrained += sum(1 for m in slots[seat] if m)
            world = eights_world(view, random.Random(seed))
            assert sorted(world.all_cards()) == sorted(s.all_cards())
            assert world.hands[0] == s.hands[0] and world.discard == s.discard
            assert [len(h) for h in world.hands] == [len(h) for h in s.hands]
            seat = s.current_player()
            s.apply(bots[seat].choose(s.view(seat), s.legal_actions()))
    assert checked > 5000 and constrained > 500


def test_crazy_eights_hard_answers_legal_actions_and_leaves_the_view_alone():
    s = crazy_eights.new_game({"players": 4}, 3)
    bots = [EightsHard(seed=1).untimed(4)]
    bots += [make_bot("crazy_eights", "normal", i) for i in range(1, 4)]
    for _ in range(120):
        if s.is_over():
            break
        seat = s.current_player()
        view, legal = s.view(seat), s.legal_actions()
        action = bots[seat].choose(copy.deepcopy(view) if seat == 0 else view, list(legal))
        assert action in legal and view == s.view(seat)
        s.apply(action)


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 4, "teams": "pairs"}])
def test_crazier_eights_worlds_offer_the_real_tables_options(options):
    """A world rebuilt from a view in the main phase (in team play too, the allies'
    hands as the seat sees them) offers exactly the real options and holds exactly the
    real cards."""
    checked = 0
    for seed in range(6):
        s = crazier_eights.new_game(options, seed)
        bots = [make_bot("crazier_eights", "normal", i) for i in range(4)]
        for _ in range(400):
            if s.is_over():
                break
            seat = s.current_player()
            view = s.view(seat)
            if searchable(view):
                world = crazier_world(view, random.Random(seed))
                assert sorted(world.legal_actions()) == sorted(s.legal_actions())
                assert sorted(world.all_cards()) == sorted(s.all_cards())
                for ally, hand in view.ally_hands.items():
                    assert world.hands[ally] == hand
                assert world.team_of == s.team_of
                checked += 1
            s.apply(bots[seat].choose(view, s.legal_actions()))
    assert checked > 50


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 4, "teams": "pairs"}])
def test_crazier_eights_hard_answers_legal_actions(options):
    s = crazier_eights.new_game(options, 4)
    bots = [make_bot("crazier_eights", "hard", 1).untimed(2)] + [
        make_bot("crazier_eights", "normal", i) for i in range(1, options["players"])
    ]
    for _ in range(150):
        if s.is_over():
            break
        seat = s.current_player()
        legal = s.legal_actions()
        action = bots[seat].choose(s.view(seat), list(legal))
        assert action in legal
        s.apply(action)


def test_cross_rummy_hard_fills_the_gap_between_two_table_tiles():
    # G10 and B10 end two vertical runs with one empty cell between them: R10 there
    # makes the set G10 R10 B10 — a move no line-based generator makes.
    table = ["G8 . B8", "G9 . B9", "G10 . B10"]
    s = rigged(2, table, racks=[["R10", "Y1"], ["B2"]], opened=[True, True], bag=["G2"])
    normal = plan_lay(s.view(0), STEPS)
    assert normal is None or "R10" not in decode_lay(normal[0]).values()
    action = RummyHard(seed=1).untimed().choose(s.view(0), s.legal_actions())
    after = decode_lay(action)
    assert after[(1, 2)] == "R10"
    s.apply(action)
    assert s.view(0).rack == ["Y1"]


def test_cross_rummy_hard_on_the_kept_positions():
    """On seeded mid-game positions (tests/data): never fewer tiles than the normal
    planner, and never nothing while the engine's generator knows a lay."""
    from cross_rummy_positions import load

    from game.ai.cross_rummy.hard import engine_lay

    views = load()
    assert len(views) >= 200
    for view in views[::9]:
        normal = plan_lay(view, STEPS)
        hard = RummyHard(seed=1).untimed().plan(view)
        if normal:
            assert hard and hard[1].count >= normal[1].count
        if engine_lay(view, STEPS):
            assert hard
