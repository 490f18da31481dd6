"""Words that said the wrong thing at the end of a round and around it: Crazy Eights'
"haul" under penalty scoring, round lines that named only the top scorer as if only
they scored, Rage's "1 cards", Crazy Lab's "Pile: 0 left" while the pile is being
formed, Crazier Eights' "or rank 8 · or an 8" and its Prophecy option too long for its
button."""

from __future__ import annotations

import dataclasses
import random

import pytest
from ui_helpers import drawn_words, make_app

from game.engine import crazier_eights, crazy_eights, crazy_lab, rage
from game.services.i18n import say
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session


def first_round_end(engine, options: dict, seed: int):
    state = engine.new_game(options, seed)
    rng = random.Random(seed)
    for _ in range(20000):
        events = state.apply(rng.choice(state.legal_actions()))
        for e in events:
            if e.kind == "round_end":
                return state, e
    raise AssertionError("no round ended")


def frozen_table(game_id: str, state, players: int):
    """A table over ``state`` (no bot moves): seat 0's eyes."""
    app = make_app()
    seats = [Seat(f"P{i}", "human" if i == 0 else "ai", "normal") for i in range(players)]
    session = Session(game_id, {}, 1, seats, state=state, autosave=False)
    scene = TableScene(app, session, live=False)
    app.set_scene(scene)
    app.pump()
    return app, scene


@pytest.mark.parametrize("seed", range(6))
def test_crazy_eights_penalty_rounds_haul_nothing(seed):
    _state, end = first_round_end(crazy_eights, {"players": 3, "scoring": "penalty"}, seed)
    assert "haul" not in str(end.text)
    assert "wins round 1" in str(end.text) or "win round 1" in str(end.text)
    collect, end = first_round_end(crazy_eights, {"players": 3, "scoring": "collect"}, seed)
    assert f"a haul of {collect.history[0]['haul']}" in str(end.text)


def test_crazy_eights_sheet_notes_say_haul_only_when_collecting():
    _app, scene = frozen_table("crazy_eights", crazy_eights.new_game({"players": 3}, 2), 3)
    row = {"blocked": False, "haul": 19}
    assert scene.table.view.scoring == "penalty"
    assert scene.table.score_notes(row) == "went out"
    assert scene.table.score_notes({**row, "blocked": True}) == "blocked; lowest hand wins"
    state = crazy_eights.new_game({"players": 3, "scoring": "collect"}, 2)
    _app, scene = frozen_table("crazy_eights", state, 3)
    assert scene.table.score_notes(row) == "went out; haul 19"


@pytest.mark.parametrize("engine", [rage, crazy_lab], ids=["rage", "crazy_lab"])
def test_a_round_line_names_the_top_score_as_the_top_score(engine):
    for seed in range(8):
        state, end = first_round_end(engine, {"players": 4}, seed)
        points = state.history[0]["points"]
        text = str(end.text)
        assert "top score" in text and text.endswith(f", {max(points)}.")
        verb = "have" if points.count(max(points)) > 1 else "has"
        assert f" {verb} the top score" in text


def test_rage_says_one_card(recording):
    _app, scene = frozen_table("rage", rage.new_game({"players": 3}, 1), 3)
    assert scene.table.score_notes({"cards": 1}) == "1 card"
    assert scene.table.score_notes({"cards": 7}) == "7 cards"


def test_crazy_lab_counts_the_pile_being_formed(recording):
    state = crazy_lab.new_game({"players": 3}, 5)
    rng = random.Random(5)
    while sum(state.view(0).chosen) < 2:  # two seats have added their two cards
        state.apply(rng.choice(state.legal_actions()))
    assert state.view(0).phase == "choose" and state.view(0).trump_left == 0
    app, _scene = frozen_table("crazy_lab", state, 3)
    words = drawn_words(app)
    assert "Pile: 4 cards" in words
    assert not any(w.startswith("Pile: 0") for w in words)


@pytest.mark.parametrize("named", [None, "blue"])
def test_crazier_eights_says_an_eight_once(named, recording):
    state = crazier_eights.new_game({"players": 2}, 3)
    app, scene = frozen_table("crazier_eights", state, 2)
    from game.ui.tables.crazier_eights import art

    view = scene.table.view
    cards = state.all_cards()
    eight = next(c for c in cards if str(art.card_def(c).rank) == "8")
    colours = (named,) if named else tuple(art.card_def(eight).colours)
    scene.table.set_view(dataclasses.replace(view, top=eight, named=named, top_colours=colours))
    words = drawn_words(app)
    line = next(w for w in words if w.startswith(("Named:", "Match:")))
    assert line.endswith("· or an 8") and "rank 8" not in line


def test_crazier_eights_prophecy_option_is_short():
    """Prophecy's "keep" option no longer lists the cards: the prompt above does."""
    for seed in range(400):
        state = crazier_eights.new_game({"players": 2}, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over():
                break
            pending = state.pending
            if pending is not None and pending.kind == "look":
                keep = dict(pending.options)["choose:keep"]
                assert say(keep) == "Keep the rest in this order"
                return
            state.apply(rng.choice(state.legal_actions()))
    pytest.skip("no Prophecy was played")
