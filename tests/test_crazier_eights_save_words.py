"""The protector's question counts the cards it may save: one card "would be destroyed"
and may be saved ("würde zerstört … Du darfst sie retten"), several "würden zerstört …
eine davon" (a plural message, so each language says one card as one)."""

from __future__ import annotations

import random

from game.engine import crazier_eights as ce
from game.services import i18n


def first_protect(seed: int):
    state, rng = ce.new_game({"players": 3}, seed), random.Random(seed)
    while not state.is_over():
        if state.pending is not None and state.pending.kind == "protect":
            return state.pending
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))])
    return None


def test_one_card_to_save_is_said_as_one():
    pending = first_protect(0)  # Sir Lancelot would destroy himself: one card
    assert pending is not None and pending.prompt.args["n"] == 1
    try:
        assert i18n.say(pending.prompt).endswith("would be destroyed. You may save it.")
        i18n.set_language("de")
        words = i18n.say(pending.prompt)
        assert "würde zerstört" in words and "würden" not in words
        i18n.set_language("sv")
        assert "Du får rädda den." in i18n.say(pending.prompt)
    finally:
        i18n.set_language("en")
