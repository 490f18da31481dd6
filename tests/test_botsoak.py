"""The bot soak: every level of every game at mixed tables plays to the end, and a bot
that raises or answers an illegal move is reported, not missed."""

from __future__ import annotations

import io

import game.botsoak as botsoak
from game import registry


def test_short_bot_soak_of_every_game_finds_nothing():
    out = io.StringIO()
    figures = botsoak.botsoak(list(registry.GAMES), count=1, seed=3, out=out)
    assert botsoak.report(figures, out=out) == 0, out.getvalue()
    for game_id, f in figures.items():
        assert f.games == 1 and f.actions > 20, game_id
        assert sum(f.seats.values()) == registry.get(game_id).min_players


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
