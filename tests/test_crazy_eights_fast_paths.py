"""The Crazy Eights engine's fast paths give exactly the answers of the plain ones."""

from __future__ import annotations

import random

from game.engine import crazy_eights as ce
from game.engine.cards import NAMES, SUITS
from game.engine.core import IllegalAction

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
