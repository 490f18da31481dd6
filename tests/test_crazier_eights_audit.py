"""Rules audit: hidden information and rule details found against the rules file."""

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
