"""Rules audit: hidden information and rule details found against the rules file."""

import re

import pytest
from crazier_eights_helpers import kind, play, rig

from game.engine.crazier_eights.deck import card


def test_main_decision_does_not_show_the_hand_to_other_seats():
    s = rig([["joust", "feast"], ["tribute"], ["death"]], draw=["banishment"])
    assert kind(s) == "main" and s.current_player() == 0
    for seat in (1, 2):
        v = s.view(seat)
        assert v.pending["options"] == [] and v.pending["targets"] == []
        assert "joust" not in repr(v.pending) and "feast" not in repr(v.pending)
    assert "play:joust" in dict(s.view(0).pending["options"])


def test_revealed_cards_under_the_draw_pile_keep_their_random_order_secret():
    s = rig(
        [["elven_ritual", "joust"], ["tribute"]],
        draw=["death", "feast", "ride_out", "banishment", "ambush", "castle", "merlin"],
    )
    play(s, "play:elven_ritual")
    revealed = list(s.revealed)
    assert revealed == ["feast", "ride_out", "banishment", "ambush", "castle", "merlin"]
    events = s.apply("choose:done")
    under = s.draw[: len(revealed)]
    assert set(under) == set(revealed) and under != revealed  # the shuffle moved them
    line = next(e for e in events if e.kind == "bottom")
    shown = [c for c in revealed if card(c).name in line.text]
    assert shown == revealed
    order_in_text = sorted(revealed, key=lambda c: line.text.index(card(c).name))
    assert order_in_text == revealed, "the log must not tell the order under the draw pile"
    assert "cards" not in line.data or line.data["cards"] == revealed


def _unknown_to(s, seat):
    """Cards whose identity ``seat`` may not know: other teams' hands and the draw pile."""
    allies = set(s.team(seat))
    out = set(s.draw)
    for other in range(s.players):
        if other not in allies:
            out |= set(s.hands[other])
    return out


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 4, "teams": "pairs"}])
def test_views_and_events_never_name_a_hidden_card(options):
    from game.ai import make_bot
    from game.engine.crazier_eights import new_game

    for seed in range(2):
        s = new_game(options, seed)
        bots = [make_bot("crazier_eights", "random", seed + i) for i in range(s.players)]
        for _ in range(1500):
            if s.is_over():
                break
            p = s.current_player()
            before = {q: _unknown_to(s, q) for q in range(s.players)}
            events = s.apply(bots[p].choose(s.view(p), s.legal_actions()))
            if s.is_over():
                break
            for q in range(s.players):
                hidden = _unknown_to(s, q) & before[q]
                pending = s.view(q).pending
                if pending and pending["seat"] != q:
                    blob = repr((pending["options"], pending["targets"]))
                    assert not [c for c in hidden if re.search(rf"[:']{re.escape(c)}'", blob)]
                for e in events:
                    if e.secret_to == q or e.kind == "reveal":
                        continue
                    blob = repr(e.seen_by(q).data)
                    assert not [c for c in hidden if f"'{c}'" in blob], (e.kind, q)


def test_refusal_names_the_card_not_its_id():
    from game.engine import crazier_eights as cz
    from game.engine.core import IllegalAction

    state = cz.new_game({"players": 2}, 3)
    seat = state.current_player()
    elsewhere = next(c for c in state.draw if c not in state.hands[seat])
    try:
        state.apply(f"play:{elsewhere}")
    except IllegalAction as err:
        assert cz.card(elsewhere).name in err.reason and "not in your hand" in err.reason
    else:
        raise AssertionError("a card from the draw pile was played")
    try:
        state.apply("play:no_such_card")
    except IllegalAction as err:
        assert "not a card" in err.reason
