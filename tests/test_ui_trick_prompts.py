"""Rage's and Crazy Lab's words on the table: plural forms, the follow prompt told by the
engine's legal cards, and a turn that stays a turn while a refused card springs back."""

from __future__ import annotations

import pygame
from test_ui_trick import _rage_position, card_point, scene_for, wait_turn
from ui_helpers import drag, make_app, texts_drawn

from game.engine import rage
from game.ui import cards


def _lead_colour(state):
    return state.view(0).lead  # the engine's lead colour (None before one is set)


def test_rage_prompt_says_follow_only_when_you_can(monkeypatch):
    d = rage.deck()

    def holds_none(s):
        lead = _lead_colour(s)
        return lead and not any(d.names[c][0] == lead for c in s.hands[0] if d.names[c] != "J")

    for test, expect in (
        (holds_none, "no "),
        (lambda s: _lead_colour(s) and not holds_none(s), "follow "),
    ):
        seed, state = _rage_position(test)
        app = make_app()
        scene = scene_for(app, "rage", seed=seed, players=3, state=state)
        wait_turn(app, scene)
        prompt = [t for t in texts_drawn(app, monkeypatch) if t.startswith("Your turn")]
        assert prompt and expect in prompt[0], prompt
        assert ("follow " in prompt[0]) == (expect == "follow ")


def test_rage_plates_say_one_card_not_one_cards(monkeypatch):
    seed, state = _rage_position(lambda s: 1 in s.view(0).hand_counts[1:], limit=800)
    app = make_app()
    scene = scene_for(app, "rage", seed=seed, players=3, state=state)
    wait_turn(app, scene)
    drawn = texts_drawn(app, monkeypatch)
    assert any(t.startswith("1 card ·") for t in drawn)
    assert not any("1 cards" in t for t in drawn)


def test_a_refused_card_springing_back_keeps_the_hand_dimmed_and_the_prompt(monkeypatch):
    seed, state = _rage_position(lambda s: len(s.playable(0)) < len(s.hands[0]) and s.trick)
    app = make_app(speed="normal")
    scene = scene_for(app, "rage", seed=seed, players=3, state=state)
    table = scene.table
    wait_turn(app, scene)
    bad = next(i for i, (c, _, _) in enumerate(table.slots) if not table.card_actions(c))
    drag(app, card_point(table, bad), table.centre)
    assert table.anim.busy() and not scene.ctx.can_act  # springing back
    dimmed = []
    real_dimmed = cards.dimmed
    monkeypatch.setattr(
        cards, "dimmed", lambda img, key: dimmed.append(key) or real_dimmed(img, key)
    )
    drawn = texts_drawn(app, monkeypatch)
    assert dimmed, "the unplayable cards stay dimmed"
    assert any(t.startswith("Your turn") for t in drawn) and "…" not in drawn
    assert pygame.display.get_surface() is not None


def test_a_played_card_is_never_in_the_trick_and_the_hand_at_once():
    seed, state = _rage_position(lambda s: len(s.playable(0)) >= 2 and s.trick)
    app = make_app(speed="normal")
    scene = scene_for(app, "rage", seed=seed, players=3, state=state)
    table = scene.table
    wait_turn(app, scene)
    good = next(i for i, (c, _, _) in enumerate(table.slots) if table.card_actions(c) and c != "J")
    name = table.slots[good][0]
    drag(app, card_point(table, good), table.centre)
    in_trick = 0
    for _ in range(60):
        app.pump(16)
        in_hand = table.hand_faces_drawn.count(name)
        elsewhere = table.faces_drawn.count(name) - in_hand
        assert not (in_hand and elsewhere), "the card shows in the hand and in the trick"
        in_trick += elsewhere
    assert in_trick  # it did land in the trick
