"""The easy bots: legal moves in real games, the beginner's rules each one states, and
the place on the ladder (above random, below normal) measured by ``game.tools.sim --ladder``."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game import games
from game.ai import available_levels, make_bot
from game.engine.cards import parse
from game.engine.crazier_eights.deck import EIGHT as CE_EIGHT
from game.engine.crazier_eights.deck import card as ce_card
from game.engine.crazy_eights import EIGHT
from game.engine.crazy_lab import deck as lab_deck
from game.engine.crazy_lab import winner_index
from game.tools.sim import ladder_matches


def _decisions(game_id: str, players: int, seed: int, moves: int = 3000):
    """(state, seat, view, legal) at every decision of a seeded game played by easy bots
    in every seat; the bots' answers are checked legal on the way."""
    engine = games.get(game_id).engine()
    state = engine.new_game({"players": players}, seed)
    bots = [make_bot(game_id, "easy", seed * 10 + s) for s in range(players)]
    for _ in range(moves):
        seat = state.current_player()
        if seat is None:
            return
        legal = state.legal_actions()
        view = state.view(seat)
        yield state, seat, view, legal
        action = bots[seat].choose(view, legal)
        assert action in legal or (game_id == "cross_rummy" and action.startswith("lay:"))
        state.apply(action)


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_every_game_offers_easy_between_random_and_normal(game_id):
    levels = available_levels(game_id)
    assert levels.index("random") < levels.index("easy") < levels.index("normal")
    matches = ladder_matches(game_id)  # the ladder measures easy from both sides
    assert {("easy", "random"), ("normal", "easy"), ("normal", "random")} <= set(matches)


@pytest.mark.parametrize(
    "game_id,players",
    [("crazy_eights", 4), ("crazier_eights", 4), ("rage", 5), ("crazy_lab", 3), ("cross_rummy", 2)],
)
def test_easy_bots_finish_real_games(game_id, players):
    engine = games.get(game_id).engine()
    state = engine.new_game({"players": players}, 11)
    bots = [make_bot(game_id, "easy", s) for s in range(players)]
    for _ in range(20_000):
        seat = state.current_player()
        if seat is None:
            break
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert state.is_over()
    assert sum(state.scores()) == pytest.approx(1.0)


def test_crazy_eights_easy_keeps_its_eights_and_names_the_suit_it_holds_most():
    bot = make_bot("crazy_eights", "easy", 3)
    plain_seen = eight_seen = 0
    for seed in range(1, 8):
        for _, _, view, legal in _decisions("crazy_eights", 4, seed):
            plays = [a for a in legal if a not in ("draw", "pass")]
            if not plays:
                continue
            choice = bot.choose(view, legal)
            plain = [a for a in plays if ":" not in a]
            if plain:
                plain_seen += 1
                assert choice in plain
            else:
                eight = choice.split(":")[0]
                held = Counter(
                    parse(c) // 13 for c in view.hand if c != eight and parse(c) % 13 != EIGHT
                )
                if held:
                    eight_seen += 1
                    assert held["SHDC".index(choice.split(":")[1])] == max(held.values())
    assert plain_seen > 100 and eight_seen > 5


def test_crazier_eights_easy_discards_a_plain_card_before_anything_else():
    bot = make_bot("crazier_eights", "easy", 3)
    seen = 0
    for seed in range(1, 4):
        for _, _, view, legal in _decisions("crazier_eights", 4, seed, moves=1500):
            if view.pending and view.pending["kind"] != "main":
                continue  # a prompt: the normal bot's answers
            plain = [
                a
                for a in legal
                if a.startswith("discard:") and ce_card(a.split(":")[1]).rank != CE_EIGHT
            ]
            if plain:
                seen += 1
                assert bot.choose(view, legal) in plain
    assert seen > 50


def test_rage_easy_plays_its_strongest_card_while_it_needs_tricks_and_its_weakest_after():
    bot = make_bot("rage", "easy", 3)
    needing = sated = 0
    for seed in (5, 6):
        for _, _, view, legal in _decisions("rage", 4, seed):
            if view.phase != "play" or len(legal) < 2:
                continue
            strength = {a: bot._strength(a, view.trump) for a in legal}
            choice = bot.choose(view, legal)
            if view.predictions[view.seat] > view.tricks[view.seat]:
                needing += 1
                assert strength[choice] == max(strength.values())
            else:
                sated += 1
                assert strength[choice] == min(strength.values())
    assert needing > 20 and sated > 20


def test_crazy_lab_easy_takes_a_trick_worth_having_and_sheds_its_minus_colour_otherwise():
    bot = make_bot("crazy_lab", "easy", 3)
    d = lab_deck()
    took = shed = 0
    for seed in (2, 3):
        for _, _, view, legal in _decisions("crazy_lab", 4, seed):
            if view.phase != "play" or len(legal) < 2:
                continue
            plus, minus = d.colours.index(view.plus), d.colours.index(view.minus[view.seat])
            trump = d.colours.index(view.trump)
            trick = [d.values[d.parse(c)] for _, c in view.trick]
            current = sum(v[plus] - v[minus] for v in trick)
            choice = bot.choose(view, legal)
            v = d.values[d.parse(choice)]
            winners = [
                a
                for a in legal
                if winner_index([*trick, d.values[d.parse(a)]], trump) == len(trick)
            ]
            best_win = max(
                (
                    current + d.values[d.parse(a)][plus] - d.values[d.parse(a)][minus]
                    for a in winners
                ),
                default=None,
            )
            if best_win is not None and best_win > 5:
                took += 1
                assert winner_index([*trick, v], trump) == len(trick)
                assert current + v[plus] - v[minus] == best_win
            elif not winners:
                shed += 1
                nets = [d.values[d.parse(a)][plus] - d.values[d.parse(a)][minus] for a in legal]
                assert v[plus] - v[minus] == min(nets)
    assert took > 5 and shed > 5


def test_cross_rummy_easy_lays_whenever_the_generator_finds_a_lay():
    from game.ai.cross_rummy.normal import simple_lay

    bot = make_bot("cross_rummy", "easy", 3)
    laid = 0
    rng = random.Random(4)
    for seed in (1, 2, 3):
        for _, _, view, legal in _decisions("cross_rummy", 3, seed):
            if view.phase != "turn" or any(a.startswith("play:DRAW3") for a in legal):
                continue
            lay = simple_lay(view)
            if lay and rng.random() < 0.5:
                laid += 1
                assert bot.choose(view, legal) == lay
    assert laid > 5
