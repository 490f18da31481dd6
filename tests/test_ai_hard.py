"""Hard bots of Rage and Crazy Lab: legal answers from the view alone. Every bot here
searches a fixed number of worlds with no clock (``untimed``)."""

import copy
import random
import time
from types import SimpleNamespace

import pytest

from game.ai import available_levels, make_bot
from game.ai.crazy_lab.hard import HardBot as CrazyLabHard
from game.ai.rage.hard import HardBot as RageHard
from game.engine import crazy_lab, rage

CASES = [
    ("rage", rage, RageHard, {"players": 3, "secret_predictions": True}),
    ("rage", rage, RageHard, {"players": 5, "hidden_predictions": True, "plus_minus_one": True}),
    ("crazy_lab", crazy_lab, CrazyLabHard, {"players": 3, "rounds": 1}),
    ("crazy_lab", crazy_lab, CrazyLabHard, {"players": 5, "rounds": 1}),
]


def _shuffle_hidden(state, seat, rng):
    """A copy of ``state`` whose cards unseen by ``seat`` are dealt differently (same counts)."""
    other = state.copy()
    seats = [p for p in range(other.players) if p != seat]
    spare = (
        "deck" if hasattr(other, "deck") else "unused"
    )  # Rage's draw deck, Crazy Lab's unused cards
    pool = [c for p in seats for c in other.hands[p]] + getattr(other, spare)
    rng.shuffle(pool)
    k = 0
    for p in seats:
        n = len(other.hands[p])
        other.hands[p] = pool[k : k + n]
        k += n
    setattr(other, spare, pool[k:])
    return other


@pytest.mark.parametrize("game_id,engine,hard,options", CASES)
def test_hard_answers_legal_actions_from_a_copy_of_its_view(game_id, engine, hard, options):
    assert "hard" in available_levels(game_id)
    assert make_bot(game_id, "hard", 1).level == "hard"
    n = options["players"]
    bots = [hard(seed=i).untimed(3) for i in range(2)]
    bots += [make_bot(game_id, "normal", i) for i in range(2, n)]
    s = engine.new_game(options, 11)
    decisions = 0
    while not s.is_over() and decisions < 60:
        seat = s.current_player()
        legal = s.legal_actions()
        view = s.view(seat)
        action = bots[seat].choose(copy.deepcopy(view), list(legal)) if seat < 2 else None
        if action is None:
            action = bots[seat].choose(view, legal)
        else:
            decisions += 1
            assert view == s.view(seat)  # the bot's search left the real state untouched
        assert action in legal
        s.apply(action)
    assert decisions == 60 or s.is_over()


@pytest.mark.parametrize("game_id,engine,hard,options", CASES)
def test_hard_choice_does_not_depend_on_the_hidden_cards(game_id, engine, hard, options):
    rng = random.Random(5)
    n = options["players"]
    normal = [make_bot(game_id, "normal", i) for i in range(n)]
    s = engine.new_game(options, 21)
    checked = 0
    for _ in range(400):
        if s.is_over() or checked >= 6:
            break
        seat = s.current_player()
        legal = s.legal_actions()
        if len(legal) > 1 and (s.phase == "play" or game_id == "crazy_lab"):  # secrets too
            twin = _shuffle_hidden(s, seat, rng)
            assert twin.view(seat) == s.view(seat)
            a = hard(seed=7).untimed(3).choose(s.view(seat), legal)
            b = hard(seed=7).untimed(3).choose(twin.view(seat), legal)
            assert a == b and a in legal
            checked += 1
        s.apply(normal[seat].choose(s.view(seat), legal))
    assert checked == 6


def test_a_played_out_round_is_worth_the_lead_over_the_rival_to_beat():
    from game.ai.search import lead

    totals = [20, 30, 5]
    assert lead([4, 2, 0], 0, totals) == 24 - 32
    # points taken from the rival far behind are worth nothing, from the leader they count
    assert lead([4, 2, -6], 0, totals) == lead([4, 2, 0], 0, totals)
    assert lead([4, 1, 0], 0, totals) == 24 - 31
    assert lead([0, 0, 0], 1, totals) == 30 - 20  # the leader against the runner-up


def test_crazy_lab_hard_weighs_its_rounds_against_the_games_totals(monkeypatch):
    import game.ai.crazy_lab.hard as lab_hard

    seen = []
    real = lab_hard.lead

    def recording(points, me, totals):
        seen.append(list(totals))
        return real(points, me, totals)

    monkeypatch.setattr(lab_hard, "lead", recording)
    normal = [make_bot("crazy_lab", "normal", i) for i in range(3)]
    s = crazy_lab.new_game({"players": 3, "rounds": 3}, 4)
    while s.round == 1:  # a first round played, so the totals differ
        seat = s.current_player()
        s.apply(normal[seat].choose(s.view(seat), s.legal_actions()))
    while len(s.legal_actions()) < 2:
        seat = s.current_player()
        s.apply(normal[seat].choose(s.view(seat), s.legal_actions()))
    view = s.view(s.current_player())
    assert len(set(view.totals)) > 1
    CrazyLabHard(seed=1).untimed(3).choose(view, s.legal_actions())
    assert seen and all(t == list(view.totals) for t in seen)


def test_the_search_hands_the_interpreter_over_only_when_another_thread_waits(monkeypatch):
    """Alone in its process (the worker, the tournaments) the search never pauses between
    playouts; beside another thread (the window's, when it runs on a thread) it hands the
    interpreter lock over after every playout."""
    import threading

    from game.ai import search as core

    pauses = []
    monkeypatch.setattr(core.time, "sleep", lambda s: pauses.append(s))

    class World:
        def copy(self):
            return self

    def run():
        return core.search([0, 1, 2], World, lambda w, a: float(a), None, max_worlds=5)

    # alone: other tests may leave daemon threads behind, so the count is the worker's
    with monkeypatch.context() as alone:
        alone.setattr(core.threading, "active_count", lambda: 1)
        best, _means, worlds = run()
    assert (best, worlds, pauses) == (2, 5, [])

    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()
    try:
        best, _means, worlds = run()
    finally:
        stop.set()
        other.join()
    assert (best, worlds) == (2, 5)
    assert pauses == [0] * 15  # one hand-over after each of the 5 worlds' 3 playouts


def _no_clock(*_):
    raise AssertionError("an untimed search read the clock")


# stands in for a module's ``time``: its clock may not be read (its sleep(0) hands over)
CLOCKLESS = SimpleNamespace(perf_counter=_no_clock, sleep=time.sleep)


@pytest.mark.parametrize("game_id,engine,hard,options", CASES)
def test_an_untimed_hard_bot_never_reads_the_clock(game_id, engine, hard, options, monkeypatch):
    """``untimed``: exactly the worlds asked for, whatever the time, so a test's answer
    is the same on a loaded machine."""
    from game.ai import search as core

    monkeypatch.setattr(core, "time", CLOCKLESS)
    s = engine.new_game(options, 3)
    normal = [make_bot(game_id, "normal", i) for i in range(options["players"])]
    searched = 0
    while not s.is_over() and searched < 8:
        seat, legal = s.current_player(), s.legal_actions()
        if len(legal) > 1:
            assert hard(seed=seat).untimed(2).choose(s.view(seat), legal) in legal
            searched += 1
        s.apply(normal[seat].choose(s.view(seat), legal))
    assert searched == 8


def test_untimed_cross_rummy_bots_never_read_the_clock(monkeypatch):
    import game.ai.cross_rummy.hard as rummy_hard
    import game.ai.cross_rummy.tile_solver as tile_solver
    from game.engine import cross_rummy
    from game.tools.sim import play_game

    monkeypatch.setattr(tile_solver, "time", CLOCKLESS)
    monkeypatch.setattr(rummy_hard, "time", CLOCKLESS)
    bots = [make_bot("cross_rummy", lv, 1).untimed() for lv in ("hard", "normal")]
    play_game(cross_rummy, {"players": 2}, 5, bots)
