"""The rulebook FAQ (1–23), as the rules file applies it; FAQ 10 does not apply."""

import pytest
from crazier_eights_helpers import kind, play, rig

from game.engine.core import IllegalAction


def test_faq01_extra_discards_one_at_a_time_each_legal_then():
    s = rig(
        [["tournament", "castle", "joust", "camelot"], ["tribute"]],
        draw=["death"],
        discard=["feast"],
    )
    play(s, "play:tournament")
    assert "discard:castle" in s.legal_actions() and "discard:joust" not in s.legal_actions()
    play(s, "discard:castle")  # blue 9 on top now
    assert "discard:joust" not in s.legal_actions() and "discard:camelot" in s.legal_actions()


def test_faq02_starting_eight_keeps_its_printed_colour():
    s = rig([["castle", "joust"], ["tribute"]], draw=["death"], discard=["lake_of_mists"])
    assert s.named is None and s.view(0).top_colours == ("blue",)
    assert "discard:castle" in s.legal_actions() and "discard:joust" not in s.legal_actions()


def test_faq02_named_colour_stays_on_an_eight():
    s = rig([["green_chapel", "castle", "feast"], ["tribute"]], draw=["death"], discard=["joust"])
    play(s, "discard:green_chapel:blue")
    assert s.view(1).top_colours == ("blue",) and s.view(1).named == "blue"


def test_faq03_several_players_draw_clockwise_from_the_left():
    s = rig(
        [["joust"], ["tribute"], ["feast"], ["ride_out"]],
        [["sir_galahad"], [], [], []],
        draw=["death", "prophecy", "banishment", "pilgrimage"],
    )
    events = s.apply("end")
    order = [e.seat for e in events if e.kind == "draw"]
    assert order[:3] == [1, 2, 3]


def test_faq04_hand_sizes_and_draw_pile_are_public():
    s = rig([["joust", "feast"], ["tribute"]], draw=["death"])
    v = s.view(1)
    assert v.hand_counts == [3, 1] and v.draw_count == len(s.draw)


def test_faq05_named_colour_must_be_one_of_four():
    s = rig([["pendragon_banner", "joust"], ["tribute"]], draw=["death"], discard=["feast"])
    with pytest.raises(IllegalAction):
        s.apply("discard:pendragon_banner:black")
    with pytest.raises(IllegalAction) as err:
        s.apply("discard:pendragon_banner")
    assert "colour" in err.value.reason


def test_faq06_put_into_play_uses_no_play():
    s = rig([["elven_ritual", "joust"], ["tribute"]], draw=["death", "castle", "camelot"])
    play(s, "play:elven_ritual", "choose:castle", "choose:camelot")
    assert s.assets[0] == ["castle", "camelot"] and s.allowance(0) == (0, 1)


def test_faq07_devious_dragon_destroys_itself_when_alone():
    s = rig([["joust"], ["tribute"]], [["devious_dragon"], []], draw=["death"])
    assert s.assets == [[], []] and "devious_dragon" in s.discard
    assert any("Devious Dragon destroys Devious Dragon" in e.text for e in s.log)


def test_faq08_a_card_may_be_played_for_nothing():
    s = rig([["death", "joust"], ["tribute"]], draw=["feast"])
    play(s, "play:death")
    assert s.discard[0] == "death" and kind(s) == "main"


def test_faq09_multicolour_counts_as_red():
    s = rig(
        [["joust"], ["tribute"]],
        [["sword_in_the_stone", "king_arthur"], ["castle"]],
        draw=["death", "feast", "ride_out"],
    )
    play(s, "end")
    assert kind(s) == "pick_asset"  # King Arthur (red+blue) is red


def test_faq11_new_controller_uses_the_abilities():
    s = rig(
        [["crown_of_kings", "joust"], ["tribute", "feast"]],
        [[], ["king_arthur"]],
        draw=["death", "ride_out", "prophecy", "banishment", "pilgrimage"],
    )
    play(s, "play:crown_of_kings")
    assert s.assets[0] == ["king_arthur"]
    play(s, "end", "end")  # seat 1's turn passes; seat 0's King Arthur fires
    assert any(e.text.startswith("King Arthur ({P0})") for e in s.log)


def test_faq12_put_into_play_is_controlled_by_the_ability_controller():
    s = rig([["elven_ritual", "joust"], ["tribute"]], draw=["death", "merlin", "sir_kay"])
    play(s, "play:elven_ritual", "choose:merlin", "choose:done")
    assert s.controller("merlin") == 0


def test_faq13_static_at_once_end_turn_this_turn_begin_turn_not():
    s = rig(
        [["merlin", "questing_beast", "king_arthur", "joust"], ["tribute"]], draw=["death", "feast"]
    )
    play(s, "play:merlin")
    assert s.allowance(0)[0] == 1  # Merlin's extra play works at once
    play(s, "play:questing_beast")
    assert s.allowance(0)[0] == 0
    events = s.apply("end")
    assert any(e.text.startswith("Questing Beast") for e in events)


def test_faq14_beginning_phase_before_draw():
    s = rig([["joust"], ["tribute"]], [["king_arthur"], []], draw=["death", "feast"])
    kinds = [e.kind for e in s.log]
    assert kinds.index("ability") < max(
        i for i, k in enumerate(kinds) if k == "draw" and s.log[i].seat == 0
    )
    assert "feast" in s.hands[0]  # King Arthur's card (death) went to seat 1 first


def test_faq15_20_protectors_act_on_every_instance():
    s = rig(
        [["knightly_quest", "death", "excalibur", "joust"], ["tribute"]],
        [[], ["sir_bedivere", "castle"]],
        draw=["feast", "ride_out"],
    )
    play(s, "play:knightly_quest", "play:death", "choose:castle", "choose:castle")
    assert s.assets[1] == ["sir_bedivere", "castle"]
    play(s, "play:excalibur", "choose:castle", "choose:sir_bedivere")
    assert kind(s) == "protect"  # the same protector acts again on a new instance
    texts = play(s, "choose:sir_bedivere")
    assert s.assets[1] == ["sir_bedivere"] and any("protects itself" in t for t in texts)


def test_faq16_no_discards_outside_the_main_phase():
    s = rig([["joust"], ["tribute"]], [["black_knight"], ["castle"]], draw=["death"])
    play(s, "end")
    assert kind(s) == "pick_asset" and all(a.startswith("choose:") for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply("discard:joust")


FOUR_RED = ["sword_in_the_stone", "sir_gawain", "holy_grail", "king_arthur"]


def test_faq17_sword_in_the_stone_saves_you_from_mordred():
    s = rig(
        [["joust"], ["tribute"]], [list(FOUR_RED), ["mordred"]], draw=["death", "feast", "ride_out"]
    )
    play(s, "end", "choose:sir_gawain")
    assert kind(s) == "protect"  # your own Holy Grail may save it
    play(s, "choose:none")
    assert s.alive == [True, True] and len(s.assets[0]) == 3 and not s.over


def test_faq17_removing_mordred_does_not_stop_its_trigger():
    s = rig(
        [["joust"], ["tribute"]], [list(FOUR_RED), ["mordred"]], draw=["death", "feast", "ride_out"]
    )
    play(s, "end", "choose:mordred", "choose:none")
    assert s.over and s.winners == [1] and not s.alive[0]


def test_faq18_winning_before_the_end_phase():
    s = rig(
        [["joust"], ["tribute"]], [["questing_beast"], []], draw=["ambush"], discard=["excalibur"]
    )
    play(s, "play:ambush")
    events = s.apply("discard:joust")
    assert s.over and s.winners == [0]
    assert not any(e.text.startswith("Questing Beast") for e in events)


def test_faq19_morgause_takes_camelot_and_uses_it():
    s = rig([["joust"], ["tribute"]], [["morgause"], ["camelot"]], draw=["death", "feast"])
    play(s, "choose:camelot")
    assert kind(s) == "draw_fewer" and s.current_player() == 0
    play(s, "choose:yes")  # Morgause's draw is cut to nothing
    assert (
        kind(s) == "main" and len(s.hands[0]) == 2
    )  # Camelot is spent: the draw phase is not asked


def test_faq21_asset_count_counts_only_assets_in_play():
    s = rig([["witchs_curse", "joust"], ["castle", "camelot", "merlin"]], draw=["death"])
    play(s, "play:witchs_curse")
    assert len(s.hands[1]) == 3


def test_faq22_play_ignores_colour_discard_must_match():
    s = rig([["joust", "feast"], ["tribute"]], draw=["death"], discard=["castle"])
    assert "play:joust" in s.legal_actions() and "discard:joust" not in s.legal_actions()
    with pytest.raises(IllegalAction) as err:
        s.apply("discard:joust")
    assert "matches neither" in err.value.reason


def test_faq23_round_table_no_win_check_midway():
    s = rig([["round_table", "joust"], ["tribute"], ["feast"]], draw=["death"])
    play(s, "play:round_table")
    assert not s.over and sorted(len(h) for h in s.hands) == [1, 1, 2]
