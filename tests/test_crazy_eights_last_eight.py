"""Crazy Eights: an eight that is a player's last card ends the round, so the suit it
would name changes nothing: the engine offers it without a suit and the table asks no
question. The old spelling with a suit is still read as that move (old saves)."""

from __future__ import annotations

import pytest
from ui_helpers import click, find_seed, make_app, settle, table_scene

from game.engine import crazy_eights as ce
from game.engine.cards import NAMES, parse
from game.ui.widgets import Chooser


def last_eight_state(seed: int = 3, eight: str = "8C"):
    """A fresh game where the player to move holds only ``eight``."""
    state = ce.new_game({"players": 3}, seed)
    seat, card = state.current_player(), parse(eight)
    for hand in state.hands:  # wherever the eight lies, it moves to the mover's hand
        if card in hand:
            hand.remove(card)
    if card in state.stock:
        state.stock.remove(card)
    assert state.discard[-1] != card
    spare = state.hands[seat]
    state.stock += spare
    state.hands[seat] = [card]
    return state, seat


def test_a_last_eight_is_offered_without_a_suit():
    state, _ = last_eight_state()
    plays = [a for a in state.legal_actions() if a not in ("draw", "pass")]
    assert plays == ["8C"]
    assert state.refusal("8C") is None


def test_playing_the_last_eight_ends_the_round_naming_nothing():
    state, seat = last_eight_state()
    events = state.apply("8C")
    assert state.actions == ["8C"]
    play = next(e for e in events if e.kind == "play")
    assert play.data["named_suit"] is None and "names" not in str(play.text)
    assert any(e.kind == "round_end" for e in events)
    assert state.history[-1]["winners"] == [seat]


@pytest.mark.parametrize("suit", "SHDC")
def test_the_old_spelling_with_a_suit_is_read_as_the_listed_move(suit):
    state, _ = last_eight_state()
    plain, _ = last_eight_state()
    state.apply(f"8C:{suit}")
    plain.apply("8C")
    assert state.actions == ["8C"]  # logged as listed
    assert state.view(0) == plain.view(0) and state.totals == plain.totals


def test_an_eight_with_cards_left_still_names_a_suit():
    seed = find_seed(lambda s: any(c % 13 == 7 for c in s.hands[0]), players=3)
    state = ce.new_game({"players": 3}, seed)
    eight = next(c for c in state.hands[0] if c % 13 == 7)
    assert len(state.hands[0]) > 1
    assert NAMES[eight] not in state.legal_actions()
    assert f"{NAMES[eight]}:H" in state.legal_actions()
    assert state.refusal(NAMES[eight])  # the bare eight is refused: a suit is wanted


def test_the_table_asks_no_suit_for_a_last_eight():
    app = make_app()
    seed = find_seed(lambda s: True, players=3)
    scene = table_scene(app, seed, players=3)
    state = scene.session.state
    card = parse("8C")
    for hand in state.hands:
        if card in hand:
            hand.remove(card)
    if card in state.stock:
        state.stock.remove(card)
    state.stock += state.hands[0]
    state.hands[0] = [card]
    scene.table.set_view(scene.session.view(0))
    rounds = state.round
    click(app, scene.table.slot_of("8C"))
    assert not any(isinstance(d, Chooser) for d in scene.modals)
    assert state.round == rounds + 1 or state.is_over()  # the round was scored at once
    assert state.history[-1]["winners"] == [0]
    settle(app, lambda: scene.modals)
    assert not any(isinstance(d, Chooser) for d in scene.modals)
