"""One scenario per card of the Camelot deck: each ability does what its text says."""

from crazier_eights_helpers import kind, play, rig

# ------------------------------------------------------------------ red


def test_sword_in_the_stone_destroys_when_all_red():
    s = rig(
        [["joust", "feast"], ["tribute", "ride_out"]],
        [["sword_in_the_stone"], ["castle"]],
        draw=["death", "banishment"],
        discard=["tournament"],
    )
    texts = play(s, "end")
    assert kind(s) == "pick_asset" and "choose:none" in s.legal_actions()
    texts = play(s, "choose:castle")
    assert "castle" not in s.assets[1] and "castle" in s.discard
    assert any("Sword in the Stone destroys Castle" in t for t in texts)


def test_sword_in_the_stone_silent_when_not_all_red():
    s = rig(
        [["joust"], ["tribute"]],
        [["sword_in_the_stone", "camelot"], ["castle"]],
        draw=["death", "feast"],
    )
    play(s, "choose:no")  # Camelot offers to skip the draw
    play(s, "end")
    assert s.current_player() == 1 and kind(s) == "main"
    assert "castle" in s.assets[1]


def test_ambush_skips_the_chosen_opponent():
    s = rig(
        [["ambush", "joust"], ["feast"], ["ride_out"]],
        draw=["death", "tribute", "banishment", "prophecy"],
    )
    play(s, "play:ambush")
    assert kind(s) == "pick_player" and set(s.legal_actions()) == {"choose:p1", "choose:p2"}
    play(s, "choose:p2")
    assert s.skips[2] == 1
    play(s, "end")  # seat 1's turn
    assert s.current_player() == 1
    texts = play(s, "end")  # seat 2 skipped: back to seat 0
    assert s.current_player() == 0 and any("skips this turn" in t for t in texts)
    assert s.skips[2] == 0


def test_joust_two_cards_and_castle_cuts_one():
    s = rig([["joust", "feast"], ["tribute"]], draw=["death"])
    play(s, "play:joust")  # one opponent: chosen at once
    assert len(s.hands[1]) == 3
    s = rig([["joust", "feast"], ["tribute"]], [[], ["castle"]], draw=["death"])
    texts = play(s, "play:joust")
    assert len(s.hands[1]) == 2 and any(
        "Castle" in t and "draws 1 instead of 2" in t for t in texts
    )


def test_excalibur_destroys_up_to_two():
    s = rig(
        [["excalibur", "feast"], ["tribute"]], [[], ["castle", "camelot", "merlin"]], draw=["death"]
    )
    play(s, "play:excalibur", "choose:castle", "choose:camelot")
    assert s.assets[1] == ["merlin"]
    assert s.discard[0] == "excalibur"  # events go under the discard pile


def test_excalibur_may_choose_none():
    s = rig([["excalibur", "feast"], ["tribute"]], [[], ["castle"]], draw=["death"])
    play(s, "play:excalibur", "choose:done")
    assert s.assets[1] == ["castle"]


def test_tournament_two_more_discards():
    s = rig([["tournament", "feast"], ["tribute"]], draw=["death"])
    play(s, "play:tournament")
    assert s.allowance(0) == (0, 3)


def test_black_knight_destroys_then_draws():
    s = rig([["joust"], ["tribute"]], [["black_knight"], ["castle"]], draw=["death", "feast"])
    play(s, "end")
    assert kind(s) == "pick_asset"
    before = len(s.hands[0])
    play(s, "choose:castle")
    assert "castle" in s.discard and len(s.hands[0]) == before + 1


def test_black_knight_declined_means_no_draw():
    s = rig([["joust"], ["tribute"]], [["black_knight"], ["castle"]], draw=["death", "feast"])
    play(s, "end")
    before = len(s.hands[0])
    play(s, "choose:none")
    assert s.assets[1] == ["castle"] and len(s.hands[0]) == before


def test_black_knight_without_target_does_nothing():
    s = rig([["joust"], ["tribute"]], [["black_knight"], []], draw=["death", "feast"])
    before = len(s.hands[0])
    play(s, "end")
    assert s.current_player() == 1 and len(s.hands[0]) == before


def test_devious_dragon_chooses_an_asset():
    s = rig([["joust"], ["tribute"]], [["devious_dragon"], ["castle"]], draw=["death"])
    assert kind(s) == "pick_asset" and s.phase == "beginning"
    play(s, "choose:castle")
    assert s.assets == [["devious_dragon"], []]


def test_pendragon_banner_wild_names_a_colour():
    s = rig(
        [["pendragon_banner", "joust", "castle"], ["tribute"]], draw=["death"], discard=["feast"]
    )
    assert "discard:pendragon_banner:green" in s.legal_actions()
    play(s, "discard:pendragon_banner:green")
    assert s.named == "green" and s.discard[-1] == "pendragon_banner"


def test_pendragon_banner_as_an_event_does_nothing():
    s = rig([["pendragon_banner", "joust"], ["tribute"]], draw=["death"], discard=["feast"])
    play(s, "play:pendragon_banner")
    assert s.discard[0] == "pendragon_banner" and s.discard[-1] == "feast"


def test_dragon_fire_destroys_all_but_the_protected():
    s = rig(
        [["dragon_fire", "joust"], ["tribute"]],
        [["castle"], ["sir_lancelot", "camelot"]],
        draw=["death"],
    )
    play(s, "play:dragon_fire")
    assert kind(s) == "protect" and s.current_player() == 1
    texts = play(s, "choose:camelot")
    assert s.assets == [[], ["camelot"]]
    assert any("Dragon Fire destroys" in t and "Sir Lancelot protects Camelot" in t for t in texts)


def test_round_table_redeals_from_the_left():
    s = rig(
        [["round_table", "joust", "feast", "tribute"], ["ride_out", "death"], ["banishment"]],
        draw=["prophecy"],
    )
    play(s, "play:round_table")
    # 4 + 2 + 1 = 7 cards dealt from seat 1: seat 1 gets 3, seats 2 and 0 get 2
    assert [len(h) for h in s.hands] == [2, 3, 2]


def test_sir_gawain_one_more_discard():
    s = rig([["joust"], ["tribute"]], [["sir_gawain"], []], draw=["death"])
    assert s.allowance(0) == (1, 2)


def test_holy_grail_protects():
    s = rig([["death", "joust"], ["tribute"]], [[], ["holy_grail", "castle"]], draw=["feast"])
    play(s, "play:death", "choose:castle")
    assert kind(s) == "protect" and s.current_player() == 1
    texts = play(s, "choose:castle")
    assert "castle" in s.assets[1] and any(
        "Death destroys Castle; Holy Grail protects it." in t for t in texts
    )


def test_king_arthur_makes_an_opponent_draw():
    s = rig([["joust"], ["tribute"]], [["king_arthur"], []], draw=["death", "feast"])
    assert len(s.hands[1]) == 2 and len(s.hands[0]) == 2


# ------------------------------------------------------------------ blue


def test_banishment_returns_to_controllers_hand():
    s = rig([["banishment", "joust"], ["tribute"]], [["camelot"], ["castle"]], draw=["death"])
    play(s, "choose:no")  # Camelot
    play(s, "play:banishment", "choose:castle")
    assert "castle" in s.hands[1] and s.assets[1] == []


def test_thin_ice_discards_and_loses_with_four_assets():
    s = rig(
        [["joust"], ["tribute"], ["feast"]],
        [["thin_ice", "castle", "merlin", "sir_gawain"], [], []],
        draw=["death", "ride_out", "prophecy"],
    )
    assert s.allowance(0) == (2, 4)
    texts = play(s, "end")
    assert not s.alive[0] and any("Thin Ice" in t and "loses" in t for t in texts)
    assert s.current_player() == 1 and {"thin_ice", "castle", "joust"} <= set(s.discard)


def test_tribute_gives_a_chosen_card():
    s = rig([["tribute", "joust", "feast"], ["ride_out"]], draw=["death"])
    play(s, "play:tribute")
    assert kind(s) == "give" and s.pending.secret
    assert s.view(1).pending["options"] == []
    play(s, "choose:feast")
    assert "feast" in s.hands[1] and "feast" not in s.hands[0]


def test_ride_out_one_more_play():
    s = rig([["ride_out", "joust"], ["tribute"]], draw=["death"])
    play(s, "play:ride_out")
    assert s.allowance(0) == (1, 1)


def test_feast_each_opponent_draws_clockwise():
    s = rig(
        [["feast", "joust"], ["tribute"], ["ride_out"]], draw=["death", "prophecy", "banishment"]
    )
    texts = play(s, "play:feast")
    draws = [t for t in texts if t.startswith("{P") and " draws " in t]
    assert draws[0].startswith("{P1}") and draws[1].startswith("{P2}")
    assert len(s.hands[1]) == 2 and len(s.hands[2]) == 2


def test_great_flood_returns_everything():
    s = rig(
        [["great_flood", "joust"], ["tribute"]],
        [["castle"], ["merlin", "sir_gawain"]],
        draw=["death"],
    )
    play(s, "play:great_flood")
    assert (
        s.assets == [[], []]
        and "castle" in s.hands[0]
        and {"merlin", "sir_gawain"} <= set(s.hands[1])
    )


def test_sir_galahad_with_exactly_one_asset():
    s = rig([["joust"], ["tribute"]], [["sir_galahad"], []], draw=["death", "feast"])
    play(s, "end")
    assert len(s.hands[1]) == 2 + 1  # Galahad's card, then the draw phase of seat 1
    s = rig([["joust"], ["tribute"]], [["sir_galahad", "castle"], []], draw=["death", "feast"])
    play(s, "end")
    assert len(s.hands[1]) == 2


def test_lake_of_mists_reorders_the_top_privately():
    s = rig(
        [["lake_of_mists", "joust"], ["tribute"]], draw=["death", "feast", "ride_out", "prophecy"]
    )
    play(s, "play:lake_of_mists")
    assert kind(s) == "look" and s.view(1).pending["options"] == []
    play(s, "choose:prophecy", "choose:ride_out")
    assert s.draw[-3:] == ["feast", "ride_out", "prophecy"]  # top last: prophecy on top


def test_castle_does_not_cut_the_draw_phase():
    s = rig([["joust"], ["tribute"]], [["castle"], []], draw=["death"])
    assert "death" in s.hands[0]


def test_camelot_once_per_turn():
    s = rig([["knightly_quest", "joust"], ["tribute"]], [["camelot"], []], draw=["death", "feast"])
    assert kind(s) == "draw_fewer"
    play(s, "choose:yes")
    assert len(s.hands[0]) == 2 and kind(s) == "main"
    play(s, "play:knightly_quest")  # its draw is not offered again
    assert kind(s) == "main" and len(s.hands[0]) == 2


def test_sir_lancelot_may_protect_itself():
    s = rig([["death", "joust"], ["tribute"]], [[], ["sir_lancelot"]], draw=["feast"])
    play(s, "play:death")  # the only asset: chosen at once
    texts = play(s, "choose:sir_lancelot")
    assert s.assets[1] == ["sir_lancelot"] and any("protects itself" in t for t in texts)


def test_guinevere_feeds_smaller_hands():
    s = rig(
        [
            ["joust", "feast", "ride_out", "death"],
            ["tribute"],
            ["prophecy", "banishment", "pilgrimage", "enchantment", "excalibur"],
        ],
        [["guinevere"], [], []],
        draw=["saxon_raid", "witchs_curse"],
    )
    assert len(s.hands[1]) == 2 and len(s.hands[2]) == 5


def test_crown_of_kings_takes_control():
    s = rig([["crown_of_kings", "joust"], ["tribute"]], [[], ["merlin"]], draw=["death"])
    play(s, "play:crown_of_kings")
    assert s.assets == [["merlin"], []] and s.allowance(0)[0] == 1  # Merlin works at once


# ------------------------------------------------------------------ green


def test_angel_of_hope_any_player_even_yourself():
    s = rig([["joust"], ["tribute"]], [["angel_of_hope"], []], draw=["death", "feast"])
    assert set(s.legal_actions()) == {"choose:p0", "choose:p1"}
    play(s, "choose:p0")
    assert len(s.hands[0]) == 3


def test_knightly_quest_draws_and_gives_two_plays():
    s = rig([["knightly_quest", "joust"], ["tribute"]], draw=["death", "feast"])
    play(s, "play:knightly_quest")
    assert "feast" in s.hands[0] and s.allowance(0) == (2, 1)


def test_pilgrimage_tucks_up_to_two():
    s = rig([["pilgrimage", "joust", "feast", "ride_out"], ["tribute"]], draw=["death"])
    play(s, "play:pilgrimage", "choose:joust", "choose:feast")
    assert s.draw[:2] == ["feast", "joust"] and s.hands[0] == ["ride_out", "death"]


def test_lost_in_the_forest_skips_every_smallest_hand():
    s = rig(
        [
            ["lost_in_the_forest", "joust"],
            ["tribute"],
            ["feast"],
            ["ride_out", "death", "prophecy"],
        ],
        draw=["banishment"],
    )
    play(s, "play:lost_in_the_forest")
    assert s.skips == [0, 1, 1, 0]


def test_strength_in_numbers_counts_assets():
    s = rig(
        [["strength_in_numbers", "joust"], ["tribute"]],
        [["castle", "merlin", "sir_kay"], []],
        draw=["death"],
    )
    play(s, "play:strength_in_numbers")
    assert s.allowance(0) == (1, 4)


def test_lady_of_shalott_looks_before_the_draw():
    s = rig(
        [["joust"], ["tribute"]], [["lady_of_shalott"], []], draw=["death", "feast", "ride_out"]
    )
    assert kind(s) == "look" and s.phase == "beginning"
    play(s, "choose:ride_out", "choose:death")
    assert "ride_out" in s.hands[0]


def test_elven_ritual_reveals_two_assets():
    s = rig(
        [["elven_ritual", "joust"], ["tribute"]],
        draw=["death", "feast", "castle", "ride_out", "merlin", "camelot"],
    )
    play(s, "play:elven_ritual")
    assert kind(s) == "put" and s.revealed == ["feast", "castle", "ride_out", "merlin"]
    play(s, "choose:merlin", "choose:done")
    assert s.assets[0] == ["merlin"] and s.revealed == []
    assert set(s.draw[:3]) == {"feast", "castle", "ride_out"}
    assert s.allowance(0) == (1, 1)  # put into play does not use a play (FAQ 6); Merlin adds one


def test_green_chapel_no_ability():
    s = rig([["green_chapel", "joust"], ["tribute"]], draw=["death"])
    texts = play(s, "play:green_chapel")
    assert s.discard[0] == "green_chapel" and len(s.hands[1]) == 1 and kind(s) == "main"
    assert any("Green Chapel" in t for t in texts)


def test_stone_troll_protects():
    s = rig([["death", "joust"], ["tribute"]], [[], ["stone_troll", "castle"]], draw=["feast"])
    play(s, "play:death", "choose:castle", "choose:castle")
    assert "castle" in s.assets[1]


def test_sir_percival_may_tuck_one():
    s = rig([["joust", "feast"], ["tribute"]], [["sir_percival"], []], draw=["death"])
    assert kind(s) == "tuck" and "choose:done" in s.legal_actions()
    play(s, "choose:joust")
    assert s.draw[0] == "joust" and s.hands[0] == ["feast", "death"]


def test_sir_bedivere_saves_one_of_two():
    s = rig([["excalibur", "joust"], ["tribute"]], [[], ["sir_bedivere", "castle"]], draw=["feast"])
    play(s, "play:excalibur", "choose:castle", "choose:sir_bedivere")
    play(s, "choose:sir_bedivere")
    assert s.assets[1] == ["sir_bedivere"]


def test_morgan_le_fay_may_return():
    s = rig([["joust"], ["tribute"]], [["morgan_le_fay"], ["castle"]], draw=["death"])
    assert "choose:none" in s.legal_actions()
    play(s, "choose:castle")
    assert "castle" in s.hands[1]


def test_green_knight_two_then_one():
    s = rig(
        [["joust"], ["tribute"]],
        [["green_knight"], []],
        draw=["death", "feast", "ride_out", "prophecy"],
    )
    assert len(s.hands[1]) == 3 and len(s.hands[0]) == 3  # 1 + Green Knight + draw phase


# ------------------------------------------------------------------ purple


def test_death_destroys_one():
    s = rig([["death", "joust"], ["tribute"]], [["castle"], ["merlin"]], draw=["feast"])
    play(s, "play:death", "choose:merlin")
    assert s.assets == [["castle"], []]


def test_enchantment_names_a_colour_and_one_more_discard():
    s = rig([["enchantment", "joust", "castle"], ["tribute"]], draw=["death"], discard=["feast"])
    play(s, "play:enchantment", "choose:green")
    assert s.named == "green" and s.allowance(0) == (0, 2)
    assert "discard:castle" not in s.legal_actions()  # blue no longer matches


def test_prophecy_looks_then_an_opponent_draws():
    s = rig(
        [["prophecy", "joust"], ["tribute"], ["feast"]],
        draw=["death", "ride_out", "castle", "merlin"],
    )
    play(s, "play:prophecy", "choose:merlin", "choose:keep", "choose:p2")
    assert "merlin" in s.hands[2]


def test_saxon_raid_each_opponent_chooses():
    s = rig(
        [["saxon_raid", "joust"], ["tribute"], ["feast"]],
        [[], ["castle", "camelot"], ["merlin"]],
        draw=["death"],
    )
    play(s, "play:saxon_raid")
    assert kind(s) == "pick_asset" and s.current_player() == 1
    texts = play(s, "choose:camelot")
    assert s.assets == [[], ["castle"], []]
    assert any("Saxon Raid destroys Camelot and Merlin" in t for t in texts)


def test_witchs_curse_counts_assets():
    s = rig(
        [["witchs_curse", "joust"], ["tribute"], ["feast"]],
        [[], ["castle", "camelot", "merlin"], ["sir_kay"]],
        draw=["death"],
    )
    play(s, "play:witchs_curse", "choose:p1")
    assert len(s.hands[1]) == 1 + 3 - 1  # Castle cuts one: the curse comes from an opponent


def test_nimue_may_name_a_colour():
    s = rig([["joust"], ["tribute"]], [["nimue"], []], draw=["death"], discard=["feast"])
    assert kind(s) == "colour" and "choose:none" in s.legal_actions()
    play(s, "choose:red")
    assert s.named == "red" and "discard:joust" in s.legal_actions()


def test_sir_kay_tucks_with_the_biggest_hand():
    s = rig([["joust", "feast"], ["tribute"]], [["sir_kay"], []], draw=["death", "ride_out"])
    play(s, "end")
    assert kind(s) == "tuck"
    play(s, "choose:joust")
    assert s.draw[0] == "joust"


def test_crystal_cave_looks():
    s = rig([["crystal_cave", "joust"], ["tribute"]], draw=["death", "feast", "ride_out"])
    play(s, "play:crystal_cave")
    assert kind(s) == "look"
    play(s, "choose:keep")
    assert s.draw[-2:] == ["ride_out", "feast"]


def test_questing_beast_end_of_turn_draw():
    s = rig([["joust"], ["tribute"]], [["questing_beast"], []], draw=["death", "feast", "ride_out"])
    play(s, "end")
    assert len(s.hands[1]) == 3


def test_princess_isolde_protects():
    s = rig([["death", "joust"], ["tribute"]], [[], ["princess_isolde", "castle"]], draw=["feast"])
    play(s, "play:death", "choose:princess_isolde", "choose:princess_isolde")
    assert "princess_isolde" in s.assets[1]


def test_mordred_makes_a_four_asset_opponent_lose():
    s = rig(
        [["joust"], ["tribute"], ["feast"]],
        [["castle", "camelot", "merlin", "sir_gawain"], [], ["mordred"]],
        draw=["death", "ride_out", "prophecy"],
    )
    play(s, "choose:no")  # Camelot
    texts = play(s, "end")
    assert texts and not s.alive[0] and any("Mordred" in t for t in texts)


def test_morgause_takes_then_draws():
    s = rig([["joust"], ["tribute"]], [["morgause"], ["castle"]], draw=["death", "feast"])
    play(s, "choose:castle")
    assert s.assets == [["morgause", "castle"], []] and len(s.hands[0]) == 3


def test_merlin_one_more_play():
    s = rig([["joust"], ["tribute"]], [["merlin"], []], draw=["death"])
    assert s.allowance(0) == (2, 1)
