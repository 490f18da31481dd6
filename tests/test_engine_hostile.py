"""Engines under hostile input: malformed actions are refused with a short reason and
leave the state as it was; the log keeps one notation; views share nothing with the
state; and a short soak of every game finds nothing."""

import random

import pytest

from game import games
from game.engine import crazy_lab, rage
from game.engine.core import IllegalAction
from game.tools.soak import CAP, REASON_MAX, action_cap, advance, report, scramble, snapshot, soak

GAMES = list(games.GAMES)


def played(game_id: str, players: int, seed: int, moves: int):
    """A game after ``moves`` random legal actions (or at its end)."""
    state = games.get(game_id).engine().new_game({"players": players}, seed)
    return advance(state, random.Random(seed), moves)


def refused(state, action) -> str:
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert snapshot(state) == before, f"{action!r:.60} changed the state"
    reason = caught.value.reason
    assert isinstance(reason, str) and 0 < len(reason) <= REASON_MAX
    return reason


@pytest.mark.slow
def test_short_soak_of_every_game_finds_nothing(capsys):
    figures = soak(GAMES, seconds=None, count=3, seed=2)
    failures = report(figures)
    out = capsys.readouterr().out
    assert failures == 0, out
    for game_id in GAMES:
        assert figures[game_id].games == 3
        assert figures[game_id].actions > 50, game_id
        assert figures[game_id].garbage > 20 and figures[game_id].view_checks > 5, game_id


def test_the_soaks_cap_grows_with_the_match():
    # twenty Crazier Eights games at eight players: ~18,000 actions of random play, so
    # one cap for the whole match would call a long match a loop
    options = {"players": 8, "games": 20}
    state = games.get("crazier_eights").engine().new_game(options, 105580761)
    rng, n = random.Random(0), 0
    while not state.is_over() and n < action_cap(options):
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    assert state.is_over() and n > CAP * 0.8
    assert action_cap(options) == 20 * CAP and action_cap({"rounds": 5}) == 5 * CAP
    assert action_cap({"players": 4}) == CAP


@pytest.mark.parametrize(
    "lay",
    [
        None,
        5,
        [5],
        [[float("inf"), 0, "R1"]],
        [[10**30, 0, "R1"], [10**30 + 1, 0, "R2"], [10**30 + 2, 0, "R3"]],
        [[0.5, 0, "R1"]],
        [[0, 0, 7]],
        [[0, 0, "R1"], [0, 0, "R2"]],
        [[0, 0, "R1"]] * 5000,
    ],
)
def test_cross_rummy_refuses_malformed_lays(lay):
    state = played("cross_rummy", 2, 3, 0)
    refused(state, {"lay": lay})


@pytest.mark.parametrize(
    "text", ["lay:", "lay:1e30,0,R1", f"lay:{10**30},0,R1;1,0,R2;2,0,R3", "lay:0,0"]
)
def test_cross_rummy_refuses_malformed_lay_strings(text):
    refused(played("cross_rummy", 3, 4, 0), text)


@pytest.mark.parametrize(
    "text", ["predict:٣", "predict: 2 ", " predict:2", "predict:02", "predict:+2", "predict:²"]
)
def test_rage_refuses_predictions_not_in_canonical_notation(text):
    state = rage.new_game({"players": 3}, 1)
    assert "predict:2" in state.legal_actions()
    refused(state, text)
    state.apply("predict:2")
    assert state.actions == ["predict:2"]


def test_rage_refuses_a_named_colour_on_a_card_that_is_not_a_joker():
    state = played("rage", 3, 5, 3)  # predictions made: a card is to be played
    card = next(a for a in state.legal_actions() if not a.startswith("J"))
    assert "Only a Joker" in refused(state, card + ":R")


def test_crazy_lab_logs_the_canonical_form_of_what_it_accepts():
    state = crazy_lab.new_game({"players": 3}, 1)
    state.apply(" plus:P ")
    assert state.actions == ["plus:P"]
    rng = random.Random(1)
    while not any(a.startswith("trump:") for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    first = next(a for a in state.legal_actions() if a.startswith("trump:"))
    a, b = first[6:].split(",")
    state.apply(f"trump:{b}, {a}")
    assert state.actions[-1] == first


@pytest.mark.parametrize("game_id", GAMES)
def test_a_huge_action_is_refused_with_a_short_reason(game_id):
    state = played(game_id, 3, 7, 10)
    for junk in ("x" * 1_000_000, "9" * 100_000, {"lay": "x" * 1_000_000}, ["x"] * 100_000):
        refused(state, junk)


@pytest.mark.parametrize("game_id", GAMES)
def test_changing_a_view_never_changes_the_state(game_id):
    for moves in (0, 25, 80):
        state = played(game_id, 4, 11, moves)
        whole = snapshot(state)
        for seat in range(state.players):
            view = state.view(seat)
            scramble(view)
        assert snapshot(state) == whole


def test_crazy_eights_round_history_is_the_views_own():
    state = played("crazy_eights", 3, 235, 400)
    view = state.view(0)
    assert view.round_history, "a round has been scored by now"
    view.round_history[0].clear()
    assert state.view(0).round_history[0], "the state's history was emptied through a view"
