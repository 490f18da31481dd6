"""Rules audit: hidden information and rule details found against the rules file."""

from crazier_eights_helpers import kind, rig


def test_main_decision_does_not_show_the_hand_to_other_seats():
    s = rig([["joust", "feast"], ["tribute"], ["death"]], draw=["banishment"])
    assert kind(s) == "main" and s.current_player() == 0
    for seat in (1, 2):
        v = s.view(seat)
        assert v.pending["options"] == [] and v.pending["targets"] == []
        assert "joust" not in repr(v.pending) and "feast" not in repr(v.pending)
    assert "play:joust" in dict(s.view(0).pending["options"])
