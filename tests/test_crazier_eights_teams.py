"""Team play when allies sit out: who is "the active player" for every order and tie-break.

The rules (team play): a skipped ally sits out completely; every order and tie-break
counts from the first ally who takes part, clockwise from the team's turn seat; each
player orders their own abilities, also one firing once per ally of another team.
"""

from __future__ import annotations

from crazier_eights_helpers import kind, play, rig

from game.engine import crazier_eights as ce

PROTECTORS = ["holy_grail", "sir_lancelot", "stone_troll", "sir_bedivere", "princess_isolde"]


def protect_order(s) -> list[int]:
    """Answer every protector prompt with "save nothing"; the seats asked, in order."""
    asked = []
    while kind(s) == "protect":
        asked.append(s.pending.seat)
        play(s, "choose:none")
    return asked


def two_decks(cid: str) -> str:
    """Ids of the first deck by default; an id already naming its deck stays."""
    return cid if ":" in cid else f"a:{cid}"


def test_pairs_first_ally_skipped_protectors_from_the_ally_taking_part():
    # 4 players in pairs (0+2, 1+3); seat 0 sits out, seat 2 plays Dragon Fire.
    s = rig(
        [["joust"], ["tribute"], ["dragon_fire", "feast"], ["ride_out"]],
        [[p] for p in PROTECTORS[:4]],
        draw=["death", "prophecy"],
        teams="pairs",
        skips=[0],
    )
    assert s.actives == [2] and s.current_player() == 2
    assert len(s.hands[0]) == 1, "the ally who sits out does not draw"
    play(s, "play:dragon_fire")
    assert protect_order(s) == [2, 3, 0, 1]
    assert all(z == [] for z in s.assets)


def test_pairs_nobody_skipped_the_turn_seat_goes_first():
    s = rig(
        [["dragon_fire", "joust"], ["tribute"], ["feast"], ["ride_out"]],
        [[p] for p in PROTECTORS[:4]],
        draw=["death", "prophecy"],
        teams="pairs",
    )
    assert s.actives == [0, 2]
    play(s, "play:dragon_fire")
    assert protect_order(s) == [0, 2, 1, 3]


def test_allies_go_clockwise_from_the_team_turn_seat():
    # Team 0's second turn starts at seat 2: seat 2 is its first ally, then seat 0.
    s = rig(
        [["joust"], ["tribute"], ["feast"], ["ride_out"]],
        draw=["death", "prophecy", "excalibur", "great_flood", "enchantment", "saxon_raid"],
        teams="pairs",
    )
    assert s.turn_seat == 0 and s.actives == [0, 2]
    play(s, "end", "end")  # team 0's turn ends
    assert s.turn_seat == 1 and s.actives == [1, 3]
    play(s, "end", "end")
    assert s.turn_seat == 2 and s.actives == [2, 0]


def six(hands, assets=(), **kw):
    """A six-player rig (two decks: ids take the ``a:`` prefix)."""
    hands = [[two_decks(c) for c in h] for h in hands]
    assets = [[two_decks(c) for c in a] for a in assets]
    draw = [two_decks(c) for c in kw.pop("draw", ())]
    return rig(hands, assets, draw=draw, players=6, **kw)


def test_threes_one_ally_skipped():
    # Teams of three (0+2+4, 1+3+5); seat 0 sits out, seats 2 and 4 take part.
    s = six(
        [["joust"], ["tribute"], ["dragon_fire", "feast"], ["ride_out"], ["death"], ["prophecy"]],
        [[p] for p in PROTECTORS] + [["b:holy_grail"]],
        draw=["excalibur", "great_flood", "enchantment"],
        teams="threes",
        skips=[0],
    )
    assert s.actives == [2, 4]
    play(s, "play:a:dragon_fire")
    assert protect_order(s) == [2, 4, 3, 5, 0, 1]


def test_threes_two_allies_skipped():
    s = six(
        [["joust"], ["tribute"], ["feast"], ["ride_out"], ["dragon_fire", "death"], ["prophecy"]],
        [[p] for p in PROTECTORS] + [["b:holy_grail"]],
        draw=["excalibur", "great_flood", "enchantment"],
        teams="threes",
        skips=[0, 2],
    )
    assert s.actives == [4]
    assert [len(h) for h in s.hands] == [1, 1, 1, 1, 3, 1]
    play(s, "play:a:dragon_fire")
    assert protect_order(s) == [4, 5, 0, 1, 2, 3]


def test_opponents_mordred_over_a_team_is_ordered_by_its_controller():
    # Seat 1's Mordred fires once for each ally of team 0; seat 1 chooses the order.
    s = rig(
        [["joust"], ["tribute"], ["feast"], ["ride_out"]],
        [[], ["mordred"], ["castle", "holy_grail", "stone_troll", "sir_bedivere"]],
        draw=["death", "prophecy"],
        teams="pairs",
    )
    play(s, "end", "end")
    assert kind(s) == "order" and s.pending.seat == 1
    assert {lab.split(" (for ")[1] for _, lab in s.pending.options} == {"{P0})", "{P2})"}
    play(s, "choose:2")  # seat 2's check first: four assets, team 0 loses
    assert s.over and s.winners == [1, 3]


def test_mordred_does_not_check_an_ally_who_sits_out():
    # Seat 0 controls four assets but sits out: its turn is not ending.
    s = rig(
        [["joust"], ["tribute"], ["feast"], ["ride_out"]],
        [["castle", "holy_grail", "stone_troll", "sir_bedivere"], ["mordred"]],
        draw=["death", "prophecy"],
        teams="pairs",
        skips=[0],
    )
    assert s.actives == [2]
    play(s, "end")
    assert not s.over and s.alive == [True] * 4 and s.actives == [1, 3]


def test_without_teams_the_active_player_orders_an_opponents_abilities():
    # Two decks, no teams: seat 1's two Mordreds fire at the end of seat 0's turn, and
    # the active player (seat 0) chooses their order (§5.3).
    s = six(
        [["joust"], ["tribute"], ["feast"], ["ride_out"], ["death"], ["prophecy"]],
        [[], ["a:mordred", "b:mordred"]],
        draw=["excalibur", "great_flood"],
    )
    play(s, "end")
    assert kind(s) == "order" and s.pending.seat == 0


def test_win_tie_break_counts_from_the_first_ally_taking_part():
    # Pairs of six (0+3, 1+4, 2+5): seat 0 sits out, seat 3 takes team 0's turn. Seats 2
    # and 4 (two other teams) both hold no cards at the first check: clockwise from
    # seat 3, seat 4 comes first (counting from the skipped seat 0 would pick seat 2).
    s = six(
        [["joust"], ["tribute"], [], ["feast", "ride_out"], [], ["prophecy"]],
        draw=["excalibur", "great_flood"],
        teams="pairs",
        skips=[0],
        discard=["a:camelot"],
    )
    assert s.actives == [3]
    play(s, "discard:a:feast")
    assert s.over and s.winners == [1, 4]


def test_empty_draw_pile_tie_break_counts_from_the_first_ally_taking_part():
    # Seat 0 (sitting out) holds every spare card, so seat 3's draw finds no pile. Seats
    # 2 and 4 have the fewest cards: clockwise from seat 3, seat 4's team wins.
    hands = [
        [],
        ["tribute", "joust"],
        ["feast"],
        ["ride_out", "death"],
        ["prophecy"],
        ["tournament", "pilgrimage", "banishment"],
    ]
    held = {two_decks(c) for h in hands for c in h} | {"a:excalibur"}
    hands[0] = [c for c in ce.state.deck_ids(6) if c not in held]
    s = six(hands, teams="pairs", skips=[0], discard=["a:excalibur"])
    assert s.draw == [] and s.over and s.winners == [1, 4]
