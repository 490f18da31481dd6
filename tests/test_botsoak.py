"""The bot soak: every level of every game at mixed tables plays to the end, and a bot
that raises or answers an illegal move is reported, not missed. The soak here runs its
bots untimed (a fixed number of worlds or planner steps), and the tests of its clock
read a clock that ticks with each look, so no game here depends on the machine's speed."""

from __future__ import annotations

import io

import pytest

import game.tools.botsoak as botsoak
from game import games


@pytest.mark.slow
def test_short_bot_soak_of_every_game_finds_nothing():
    out = io.StringIO()
    figures = botsoak.botsoak(list(games.GAMES), count=1, seed=3, budget_s=None, out=out)
    assert botsoak.report(figures, out=out) == 0, out.getvalue()
    for game_id, f in figures.items():
        assert f.games == 1 and f.actions > 20, game_id
        assert sum(f.seats.values()) == games.get(game_id).min_players


class _Nonsense:
    def __init__(self, seed=None):
        pass

    def choose(self, view, actions):
        return "nonsense"


class _Broken(_Nonsense):
    def choose(self, view, actions):
        raise KeyError("oops")


def _soak_with(monkeypatch, cls) -> str:
    monkeypatch.setattr(botsoak, "bot_class", lambda game_id, level: cls)
    out = io.StringIO()
    figures = botsoak.botsoak(["rage", "cross_rummy"], count=1, seed=1, out=out)
    assert botsoak.report(figures, out=io.StringIO()) == 2
    return out.getvalue()


def test_an_illegal_answer_is_reported_with_what_reproduces_it(monkeypatch):
    text = _soak_with(monkeypatch, _Nonsense)
    assert "answered 'nonsense' at action 0" in text
    assert "rage options=" in text and "seed=" in text and "cross_rummy options=" in text


def test_a_bot_that_raises_is_reported_and_the_run_goes_on(monkeypatch):
    text = _soak_with(monkeypatch, _Broken)
    assert text.count("bot raised at action 0: KeyError('oops')") == 2


def _clocks_seen(monkeypatch, modules, name, budget_arg, worlds_kw=None):
    """Every call of ``name`` in ``modules``, recorded as (time budget, worlds cap)."""
    seen = []
    for module in modules:
        real = getattr(module, name)

        def spy(*args, _real=real, **kwargs):
            worlds = kwargs.get(worlds_kw, args[5] if len(args) > 5 else None)
            seen.append((args[budget_arg], worlds if worlds_kw else None))
            return _real(*args, **kwargs)

        monkeypatch.setattr(module, name, spy)
    return seen


def test_a_hurried_search_bot_thinks_within_the_soaks_clock(monkeypatch):
    """The soak hurries every bot that thinks for a time: each search a hard bot runs, its
    prediction's and secret choices' included, gets the short clock and few worlds (two,
    the search's floor too: the clock never decides how many)."""
    import game.ai.crazier_eights.hard as ce
    import game.ai.crazy_lab.hard as lab
    import game.ai.rage.hard as rage
    import game.ai.search as core
    from game.tools.sim import play_game

    seen = _clocks_seen(monkeypatch, [core, ce, rage, lab], "search", 3, "max_worlds")
    for game_id, options in (
        ("crazy_eights", {"players": 3, "rounds": 1}),
        ("crazier_eights", {"players": 3}),
        ("rage", {"players": 3}),
        ("crazy_lab", {"players": 3, "rounds": 1}),
    ):
        before = len(seen)
        bots = [botsoak.quick_bot(game_id, "hard", s, 0.004) for s in range(2)] + [
            botsoak.quick_bot(game_id, "normal", 9, 0.004)
        ]
        engine = games.get(game_id).engine()
        play_game(engine, options, 5, bots)
        assert len(seen) - before > 5, game_id  # it searched
        assert all(b <= 0.004 and w <= 2 for b, w in seen[before:]), game_id


class _TickingClock:
    """A stand-in for ``time`` whose clock moves 1 ms each time it is read: a planner's
    time budget runs out after the same number of looks on any machine."""

    def __init__(self):
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.001
        return self.now


def test_a_hurried_cross_rummy_bot_plans_within_the_soaks_clock(monkeypatch):
    import game.ai.cross_rummy.hard as hard
    import game.ai.cross_rummy.normal as normal
    import game.ai.cross_rummy.tile_solver as tile_solver
    from game.tools.sim import play_game

    clock = _TickingClock()
    monkeypatch.setattr(tile_solver, "time", clock)
    monkeypatch.setattr(hard, "time", clock)
    seen = _clocks_seen(monkeypatch, [hard, normal], "plan_lay", 1)
    bots = [
        botsoak.quick_bot("cross_rummy", lv, s, 0.004) for s, lv in enumerate(("hard", "normal"))
    ]
    play_game(games.get("cross_rummy").engine(), {"players": 2}, 5, bots)
    assert len(seen) > 10 and all(b <= 0.004 for b, _ in seen)
