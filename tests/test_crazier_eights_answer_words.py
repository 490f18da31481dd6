"""The words of Crazier Eights' answers: short enough for the prompt panel, each naming
its card (the card itself is lit on the table)."""

from __future__ import annotations

from crazier_eights_helpers import play, rig


def _protect_answers(assets, players=3, deck=""):
    others = [[f"{deck}{c}"] for c in ("tribute", "feast", "ride_out", "death")]
    state = rig(
        [[f"{deck}dragon_fire", f"{deck}joust"], *others[: players - 1]],
        assets,
        discard=[f"{deck}excalibur"],
        players=players,
    )
    play(state, next(a for a in state.legal_actions() if "dragon_fire" in a))
    assert state.pending.kind == "protect"
    return {a: str(t) for a, t in state.pending.options}


def test_a_save_answer_names_the_card_alone():
    answers = _protect_answers(
        [["sir_lancelot", "castle", "black_knight"], ["stone_troll", "holy_grail"], ["nimue"]]
    )
    assert answers["choose:castle"] == "Save Castle"
    assert answers["choose:nimue"] == "Save Nimue"
    assert answers["choose:none"] == "Save nothing"
    assert all(len(t) <= 24 for t in answers.values()), answers


def test_two_cards_of_one_name_are_told_apart_by_their_owners():
    # five players play with two decks: two Black Knights
    answers = _protect_answers(
        [["a:sir_lancelot", "a:black_knight"], ["b:black_knight"], []], players=5, deck="a:"
    )
    knights = {answers["choose:a:black_knight"], answers["choose:b:black_knight"]}
    assert len(knights) == 2 and all(k.startswith("Save Black Knight (") for k in knights)
    assert answers["choose:a:sir_lancelot"] == "Save Sir Lancelot"
