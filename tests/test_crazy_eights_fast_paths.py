"""The Crazy Eights engine's fast paths give exactly the answers of the plain ones."""

from __future__ import annotations

import random

from game.engine import crazy_eights as ce
from game.engine.cards import NAMES, SUITS
from game.engine.core import IllegalAction, replay

CANDIDATES = [
    *NAMES,
    "draw",
    "pass",
    "",
    ":",
    "8C:",
    "8C:X",
    "8C:HH",
    "7H:S",
    "ah",
    " AS",
    "10h",
    None,
    7,
    ("AS",),
] + [f"{n}:{s}" for n in NAMES for s in SUITS]


def test_shuffled_deck_matches_random_shuffle():
    for seed in range(300):
        a, b = random.Random(seed), random.Random(seed)
        deck = list(range(52))
        a.shuffle(deck)
        assert ce.shuffled_deck(b) == deck
        assert a.random() == b.random()  # the generators stay in step


def test_legality_fast_path_agrees_with_legal_actions():
    rng = random.Random(11)
    checked = 0
    for game in range(12):
        players = 2 + game % 6
        state = ce.new_game({"players": players, "draw_when_able": game % 3 == 0}, game)
        while not state.is_over():
            legal = state.legal_actions()
            for action in CANDIDATES:
                assert (state.refusal(action) is None) == (action in legal), (action, legal)
                checked += 1
            state.apply(rng.choice(legal))
        assert state.refusal("draw") == "The game is over."
    assert checked > 30_000


def test_illegal_actions_still_refused_with_reasons():
    state = ce.new_game({"players": 4}, 3)
    hand = set(state.hands[0])
    missing = next(NAMES[c] for c in range(52) if c not in hand and c % 13 != ce.EIGHT)
    for action in (missing, "8C:X", "nonsense", None):
        try:
            state.apply(action)
        except IllegalAction as exc:
            assert str(exc)
        else:
            raise AssertionError(f"{action!r} was accepted")


def test_copy_continues_identically():
    rng = random.Random(2)
    state = ce.new_game({"players": 5}, 9)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    twin = state.copy()
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        twin.apply(action)
        assert twin.hands == state.hands and twin.stock == state.stock
    assert twin.totals == state.totals and twin.is_over()


def _random_chooser(rng, draw_at_will=False):
    """Any card that fits (an eight naming any suit), sometimes a draw where allowed."""

    def choose(state, playable):
        may_draw = state.stock and state.drawn < ce.DRAW_LIMIT
        if draw_at_will and may_draw and rng.random() < 0.2:
            return ce.DRAW_CARD, None
        card = rng.choice(playable)
        return card, (rng.randrange(4) if card % 13 == ce.EIGHT else None)

    return choose


def _as_action(state, choice) -> str:
    card, named = choice
    if card == ce.DRAW_CARD:
        return "draw"
    return NAMES[card] if named is None else f"{NAMES[card]}:{SUITS[named]}"


def test_a_round_played_out_is_the_round_apply_plays():
    """``play_round_out`` makes the moves ``apply`` would make for the same choices: the
    same log, hands, piles, scores and next deal, under every option that changes a
    turn or a score."""
    compared = 0
    for game in range(40):
        options = {
            "players": 2 + game % 6,
            "draw_when_able": game % 3 == 0,
            "scoring": "collect" if game % 4 == 1 else "penalty",
        }
        state = ce.new_game(options, 100 + game)
        while not state.is_over():
            twin = state.copy()
            fast_rng, slow_rng = random.Random(game), random.Random(game)
            state.play_round_out(_random_chooser(fast_rng, options["draw_when_able"]))
            slow = _random_chooser(slow_rng, options["draw_when_able"])
            start = twin.round
            while not twin.is_over() and twin.round == start:
                legal = twin.legal_actions()
                if legal in (["draw"], ["pass"], ["draw", "pass"]) or not [
                    a for a in legal if a not in ("draw", "pass")
                ]:
                    twin.apply(legal[0])  # forced: no card fits
                    continue
                top = twin.discard[-1]
                suit = top // 13 if twin.named_suit is None else twin.named_suit
                fits = [c for c in twin.hands[twin.current] if ce.PLAYABLE[suit * 13 + top % 13][c]]
                twin.apply(_as_action(twin, slow(twin, fits)))
            assert state.actions == twin.actions
            assert (state.hands, state.stock, state.discard) == (
                twin.hands,
                twin.stock,
                twin.discard,
            )
            assert (state.totals, state.history, state.round) == (
                twin.totals,
                twin.history,
                twin.round,
            )
            assert (state.current, state.over) == (twin.current, twin.over)
            compared += 1
    assert compared > 150


def test_a_round_played_out_replays_from_its_log():
    state = ce.new_game({"players": 4}, 21)
    state.play_round_out(_random_chooser(random.Random(1)))
    twin = replay(ce, state.options, 21, list(state.actions))
    assert twin.history == state.history and twin.hands == state.hands
    assert len(state.history) == 1 and twin.round == state.round == 2


def test_a_round_played_out_refuses_a_choice_the_rules_do_not_allow():
    def bad(choice):
        return lambda state, playable: choice(playable)

    plain_eight = next(c for c in range(52) if c % 13 == ce.EIGHT)
    for choice in (
        lambda p: (next(c for c in range(52) if c not in p), None),  # a card that does not fit
        lambda p: (
            p[0],
            4 if p[0] % 13 == ce.EIGHT else 0,
        ),  # a bad suit, or a suit for a plain card
        lambda p: (plain_eight, None) if plain_eight in p else ("7H", None),  # no suit / not an int
        lambda p: (ce.DRAW_CARD, None),  # a draw while a card fits, drawing at will not allowed
    ):
        state = ce.new_game({"players": 3}, 5)
        try:
            state.play_round_out(bad(choice))
        except IllegalAction as exc:
            assert str(exc)
        else:
            raise AssertionError("a choice the rules refuse was played")
