"""Rage rules, checked against the rules file and the rulebook's examples."""

import itertools
import random

import pytest

from game.engine import rage
from game.engine.core import IllegalAction, replay
from game.engine.levels import LevelError

D = rage.deck()


def ids(*names):
    """Distinct card ints for names in notation (repeats take the next copy)."""
    out = []
    for name in names:
        out.append(next(c for c in D.ids_named(name) if c not in out))
    return out


# ------------------------------------------------------------------ deck


def test_deck_has_112_cards():
    assert D.size == 112
    colour = [c for c in range(D.size) if D.kind_of[c] == "C"]
    assert len(colour) == 96
    for ci, letter in enumerate("YORPBG"):
        assert sorted(D.value_of[c] for c in colour if D.colour_of[c] == ci) == list(range(16))
        assert f"{letter}0" in D.names and f"{letter}15" in D.names
    kinds = [D.kind_of[c] for c in range(D.size)]
    assert (
        kinds.count("J"),
        kinds.count("NT"),
        kinds.count("CT"),
        kinds.count("+5"),
        kinds.count("-5"),
    ) == (2, 4, 4, 3, 3)


def test_bad_deck_in_level_file_names_the_key(tmp_path):
    good = rage.level().path.read_text(encoding="utf-8")
    bad = tmp_path / "rage.toml"
    bad.write_text(good.replace('"-5" = 3', '"-5" = 3\nX9 = 2'), encoding="utf-8")
    with pytest.raises(LevelError, match=r"deck\.actions\.X9.*unknown action"):
        rage.build_deck(rage.level(bad))
    bad.write_text(good.replace("max_value = 15", 'max_value = "fifteen"'), encoding="utf-8")
    with pytest.raises(LevelError, match=r"deck\.max_value"):
        rage.build_deck(rage.level(bad))


# ------------------------------------------------------------------ oracle


@pytest.mark.parametrize(
    "plays,trump,winner",
    [
        (["B13", "B10", "Y10", "R2", "B5"], "R", 3),  # the rulebook's trick: Johanna's red 2 trumps
        (["B13", "B10", "Y10", "R2", "B5"], None, 0),  # without trump: highest blue
        (["B13", "B10", "Y15"], "G", 0),  # trump not in the trick: highest of the lead colour
        (
            ["J:R", "R15", "J:R"],
            None,
            2,
        ),  # two Jokers named the same colour: the later one is higher
        (["J:R", "R15", "J:R"], "B", 2),
        (["R15", "J:R"], None, 1),  # a Joker is the highest card of its colour
        (["J:G", "G15", "Y3"], None, 0),  # a leading Joker sets the lead colour
        (["J:G", "G15", "Y3"], "Y", 2),
        (["B3", "J:R"], None, 0),  # a Joker of another colour does not follow
        (["B3", "J:R"], "R", 1),  # ... but may be trump
        (
            ["NT", "B3", "R9", "B7"],
            None,
            3,
        ),  # after a leading action card, the first colour card leads
        (["CT", "-5", "G2", "G9", "Y1"], "Y", 4),
        (["NT", "-5", "+5", "CT"], None, 0),  # only action cards: the first one wins
        (["+5", "CT", "NT"], "R", 0),
        (["+5", "NT", "J:B"], None, 2),  # a Joker is a colour card
        (["R0", "B15"], "R", 0),  # a trump 0 beats everything else
    ],
)
def test_trick_winner(plays, trump, winner):
    assert rage.trick_winner(plays, trump) == winner


def test_trick_winner_refuses_bad_notation():
    with pytest.raises(ValueError, match="names its colour"):
        rage.trick_winner(["J", "R3"], None)
    with pytest.raises(ValueError, match="not a Rage card"):
        rage.trick_winner(["R16"], None)


def test_round_points():
    assert rage.round_points(2, 2, -5) == 7  # the rulebook's example (Christine)
    assert rage.round_points(0, 0, 0) == 10
    assert rage.round_points(3, 1, 0) == -4
    assert rage.round_points(1, 3, 5) == 3
    assert rage.round_points(5, 5, 0, all_tricks_bonus=True) == 20
    assert rage.round_points(4, 5, 0, all_tricks_bonus=True) == 5


# ------------------------------------------------------------------ helpers


def rigged(hands, deck_cards=(), trump="R", players=None, predictions=None, **options):
    """A state in the play phase with the given hands (notation); seat 0 leads."""
    players = players or len(hands)
    s = rage.new_game({"players": players, **options}, seed=0)
    used = []
    s.hands = []
    for h in hands:
        got = []
        for name in h:
            card = next(c for c in D.ids_named(name) if c not in used)
            used.append(card)
            got.append(card)
        s.hands.append(got)
    s.deck = []
    for name in deck_cards:  # listed bottom first; the last one is turned first
        card = next(c for c in D.ids_named(name) if c not in used)
        used.append(card)
        s.deck.append(card)
    s.revealed, s.set_aside = [], []
    s.trump = None if trump is None else D.colours.index(trump)
    s.phase = "play"
    s.predictions = list(predictions or [0] * players)
    s.current = s.leader = 0
    s.trick, s.no_trump = [], False
    s.tricks, s.won, s.bonus = [0] * players, [[] for _ in range(players)], [0] * players
    return s


# ------------------------------------------------------------------ following and action cards


def test_must_follow_lead_colour_and_action_cards_do_not_follow():
    s = rigged([["B13", "Y1"], ["B10", "J", "NT", "G4"], ["R2", "Y3"]])
    s.apply("B13")
    assert s.legal_actions() == ["B10"]
    with pytest.raises(IllegalAction, match="must follow blue"):
        s.apply("G4")
    with pytest.raises(IllegalAction, match="action card does not follow"):
        s.apply("NT")
    with pytest.raises(IllegalAction, match="action card does not follow"):
        s.apply("J:B")
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply("R2")
    s.apply("B10")
    # seat 2 holds no blue: any colour card or action card
    assert set(s.legal_actions()) == {"R2", "Y3"}
    events = s.apply("R2")
    won = next(e for e in events if e.kind == "trick_won")
    assert won.seat == 2 and s.tricks == [0, 0, 1] and s.leader == 2


def test_void_player_may_play_joker_naming_any_colour():
    s = rigged([["B13", "Y1"], ["J", "G4"], ["R2", "Y3"]])
    s.apply("B13")
    acts = s.legal_actions()
    assert {f"J:{c}" for c in "YORPBG"} <= set(acts) and "G4" in acts
    with pytest.raises(IllegalAction, match="Name a colour"):
        s.apply("J")
    with pytest.raises(IllegalAction, match="not a colour"):
        s.apply("J:X")
    s.apply("J:B")
    s.apply("Y3")
    assert s.last_trick["winner"] == 1 and s.last_trick["plays"][1] == (1, "J:B")


def test_joker_names_exactly_one_colour_letter():
    s = rigged([["B13", "Y1"], ["J", "G4"], ["R2", "Y3"]])
    s.apply("B13")
    for bad in ("J:YO", "J:RP", "J:YORPBG"):
        assert bad not in s.legal_actions()
        with pytest.raises(IllegalAction, match="not a colour"):
            s.apply(bad)
    assert s.hands[1] == ids("J", "G4") and s.actions == ["B13"]
    with pytest.raises(ValueError, match="names its colour"):
        rage.trick_winner(["B3", "J:RP"], None)


def test_trick_winner_refuses_a_trump_that_is_not_one_colour_letter():
    for bad in ("", "RB", "X"):
        with pytest.raises(ValueError, match="not a colour"):
            rage.trick_winner(["B3", "R2"], bad)
    assert rage.trick_winner(["B3", "R2"], "r") == 1


def test_leading_joker_after_an_action_card_sets_the_lead_and_forbids_a_second_joker():
    s = rigged([["NT", "B1"], ["J", "Y4"], ["G2", "J", "Y3"], ["R1", "G9"]], trump="R")
    s.apply("NT")
    s.apply("J:G")  # the first colour card of the trick: green leads
    assert s.view(2).lead == "G" and s.legal_actions() == ["G2"]
    with pytest.raises(IllegalAction, match="action card does not follow"):
        s.apply("J:G")
    s.apply("G2")
    s.apply("G9")
    assert s.last_trick["winner"] == 1 and s.last_trick["lead"] == "G"


def test_action_card_while_no_colour_card_then_first_colour_card_leads():
    s = rigged([["NT", "B1"], ["-5", "R3"], ["G4", "R9"]], deck_cards=["Y7", "O2"])
    s.apply("NT")
    assert set(s.legal_actions()) == {"-5", "R3"}  # no colour card yet: anything
    s.apply("-5")
    s.apply("G4")  # the first colour card: green leads
    assert s.last_trick["winner"] == 2 and s.bonus == [0, 0, -5]
    assert s.last_trick["lead"] == "G"


def test_only_action_cards_first_one_wins_and_bonus_goes_to_winner():
    s = rigged([["+5", "B1"], ["-5", "B2"], ["CT", "B3"]], deck_cards=["G4"])
    s.apply("+5")
    s.apply("-5")
    s.apply("CT")
    assert s.last_trick["winner"] == 0 and s.tricks == [1, 0, 0] and s.bonus == [0, 0, 0]


def test_change_trump_mid_trick_counts_for_this_trick_and_sets_aside_actions():
    s = rigged(
        [["B13", "Y1"], ["CT", "G4"], ["G2", "Y3"]], deck_cards=["R5", "G9", "+5"], trump="R"
    )
    s.apply("B13")
    events = s.apply("CT")
    ct = next(e for e in events if e.kind == "change_trump")
    assert ct.data["revealed"] == ["+5", "G9"] and ct.data["trump"] == "G"
    assert s.view(2).trump == "G" and s.view(2).set_aside == ["+5"] and s.view(2).trump_card == "G9"
    s.apply("G2")
    assert s.last_trick["winner"] == 2 and s.last_trick["trump"] == "G"
    assert s.trump == D.colours.index("G")  # and stays trump for the next trick


def test_change_trump_to_the_same_colour_leaves_trump():
    s = rigged([["B13", "Y1"], ["CT", "G4"], ["R2", "Y3"]], deck_cards=["R9"], trump="R")
    s.apply("B13")
    events = s.apply("CT")
    ct = next(e for e in events if e.kind == "change_trump")
    assert ct.data["old"] == "R" and ct.data["trump"] == "R" and "stays" in ct.text
    s.apply("R2")
    assert s.last_trick["winner"] == 2


def test_change_trump_with_empty_deck_changes_nothing():
    s = rigged([["B13", "Y1"], ["CT", "G4"], ["R2", "Y3"]], deck_cards=[], trump="R")
    s.apply("B13")
    events = s.apply("CT")
    assert "empty" in events[-1].text and s.trump == D.colours.index("R")
    s = rigged([["B13", "Y1"], ["CT", "G4"], ["R2", "Y3"]], deck_cards=["NT", "-5"], trump="R")
    s.apply("B13")
    s.apply("CT")  # only action cards left: set aside, trump unchanged
    assert s.trump == D.colours.index("R") and sorted(D.names[c] for c in s.set_aside) == [
        "-5",
        "NT",
    ]


def test_no_trump_returns_trump_cards_under_the_deck_and_reveals_after_the_trick():
    s = rigged(
        [["B3", "Y1"], ["NT", "G4"], ["R12", "Y3"]], deck_cards=["O1", "P5", "CT"], trump=None
    )
    s.revealed = ids("R0")  # the card that fixed red, face up
    s.trump = D.colours.index("R")
    s.apply("B3")
    events = s.apply("NT")
    assert s.trump is None and s.view(0).no_trump
    assert events[-1].kind == "no_trump" and events[-1].data["returned"] == ["R0"]
    assert D.names[s.deck[0]] == "R0"  # under the draw deck
    events = s.apply("R12")
    assert (
        s.last_trick["winner"] == 0 and s.last_trick["trump"] is None
    )  # no trump: blue 3 leads and wins
    reveal = next(e for e in events if e.kind == "trump")
    assert reveal.data["revealed"] == ["CT", "P5"] and s.trump == D.colours.index("P")
    assert "CT" in [D.names[c] for c in s.set_aside]


def test_no_trump_then_change_trump_fixes_a_trump_for_this_trick():
    s = rigged(
        [["B3", "Y1"], ["NT", "G4"], ["CT", "Y3"], ["Y9", "O8"]], deck_cards=["Y2"], trump="R"
    )
    s.apply("B3")
    s.apply("NT")
    s.apply("CT")
    assert s.trump == D.colours.index("Y") and not s.no_trump
    s.apply("Y9")
    assert s.last_trick["winner"] == 3 and s.last_trick["trump"] == "Y"


def test_reveal_at_round_start_sets_actions_aside_and_empty_deck_means_no_trump():
    found = 0
    for seed in range(200):
        s = rage.new_game({"players": 4}, seed)
        assert s.trump is not None and D.kind_of[s.revealed[-1]] == "C"
        if s.set_aside:
            found += 1
            assert all(D.kind_of[c] != "C" for c in s.set_aside)
            assert s.view(2).set_aside == [D.names[c] for c in s.set_aside]
    assert found > 0
    s = rigged([["B3"], ["B4"], ["B5"]], deck_cards=["+5", "NT"], trump=None)
    events = s._reveal_trump("trump")
    assert s.trump is None and len(s.set_aside) == 2 and "empty" in events[0].text


# ------------------------------------------------------------------ predictions and variants


def test_predictions_in_order_from_left_of_dealer_then_first_predictor_leads():
    s = rage.new_game({"players": 4}, 3)
    assert s.dealer == 3 and s.current == 0 and s.phase == "predict"
    assert s.legal_actions() == [f"predict:{n}" for n in range(11)]
    with pytest.raises(IllegalAction, match="between 0 and 10"):
        s.apply("predict:11")
    with pytest.raises(IllegalAction, match="First predict"):
        s.apply(D.names[s.hands[0][0]])
    for seat, n in enumerate([2, 3, 0, 4]):
        assert s.current == seat
        ev = s.apply(f"predict:{n}")
        assert ev[0].data["prediction"] == n and "predicts" in ev[0].text
    assert s.phase == "play" and s.current == 0 and s.view(1).predictions == [2, 3, 0, 4]
    with pytest.raises(IllegalAction, match="Predictions are made"):
        s.apply("predict:1")


def test_plus_minus_one_restricts_the_last_predictor():
    s = rage.new_game({"players": 3, "plus_minus_one": True}, 5)
    s.apply("predict:4")
    s.apply("predict:3")
    assert "predict:3" not in s.legal_actions() and len(s.legal_actions()) == 10
    with pytest.raises(IllegalAction, match="may not predict 3"):
        s.apply("predict:3")
    s.apply("predict:2")
    assert sum(s.predictions) != 10
    s = rage.new_game({"players": 3, "plus_minus_one": True}, 5)
    s.apply("predict:8")
    s.apply("predict:5")  # 13 > 10: no value is forbidden
    assert len(s.legal_actions()) == 11


def test_hidden_predictions_revealed_together_before_the_first_trick():
    s = rage.new_game({"players": 3, "hidden_predictions": True}, 8)
    ev = s.apply("predict:2")[0]
    assert ev.seen_by(0).data["prediction"] == 2
    assert ev.seen_by(1).data["prediction"] is None and "2" not in ev.seen_by(1).text
    assert s.view(1).predictions == [None, None, None] and s.view(1).predicted == [
        True,
        False,
        False,
    ]
    assert s.view(0).predictions == [2, None, None] and not s.view(0).predictions_visible
    s.apply("predict:1")
    events = s.apply("predict:5")
    assert events[-1].kind == "predictions" and events[-1].data["predictions"] == [2, 1, 5]
    assert s.view(1).predictions == [2, 1, 5] and s.view(1).predictions_visible


def test_secret_predictions_stay_hidden_until_the_round_is_scored():
    s = rage.new_game({"players": 3, "secret_predictions": True}, 8)
    for n in (2, 1, 5):
        s.apply(f"predict:{n}")
    assert s.phase == "play"
    assert s.view(0).predictions == [2, None, None] and s.view(2).predictions == [None, None, 5]
    rng = random.Random(1)
    while s.round == 1:
        s.apply(rng.choice(s.legal_actions()))
    assert s.history[0]["predictions"] == [2, 1, 5]
    assert s.view(1).round_history[0]["predictions"] == [2, 1, 5]


def test_winner_takes_all_doubles_trick_points_but_not_in_one_card_round():
    s = rigged(
        [["R15", "R14"], ["B1", "B2"], ["G1", "G2"]], predictions=[2, 0, 0], winner_takes_all=True
    )
    s.round = 9  # a 2-card round
    for a in ("R15", "B1", "G1", "R14", "B2", "G2"):
        s.apply(a)
    assert s.history[-1]["points"] == [2 * 2 + 10, 10, 10]
    s = rigged([["R15"], ["B1"], ["G1"]], predictions=[1, 0, 0], winner_takes_all=True)
    s.round = 10
    for a in ("R15", "B1", "G1"):
        s.apply(a)
    assert s.history[-1]["points"] == [11, 10, 10] and s.is_over()


def test_dealer_is_the_first_predictor_of_the_last_round():
    s = rage.new_game({"players": 5}, 4)
    rng = random.Random(4)
    firsts = []
    while not s.is_over():
        if s.phase == "predict" and all(p is None for p in s.predictions):
            firsts.append((s.round, s.dealer, s.current))
        s.apply(rng.choice(s.legal_actions()))
    for (r, dealer, first), (r2, dealer2, _first2) in itertools.pairwise(firsts):
        assert first == (dealer + 1) % 5 and dealer2 == first and r2 == r + 1


# ------------------------------------------------------------------ full games


@pytest.mark.parametrize("players", range(3, 9))
def test_random_full_games_conserve_cards_and_score_the_tricks(players):
    every = [*list(dict.fromkeys(D.names)), "J:R", "predict:0", "predict:12", "bogus"]
    for seed in range(6):
        options = {
            "players": players,
            "plus_minus_one": seed % 2 == 1,
            "hidden_predictions": seed % 3 == 1,
            "winner_takes_all": seed % 3 == 2,
        }
        s = rage.new_game(options, seed)
        rng = random.Random(seed)
        steps, seen_rounds = 0, {}
        while not s.is_over():
            if s.round not in seen_rounds:
                seen_rounds[s.round] = [len(h) for h in s.hands]
            legal = s.legal_actions()
            if steps % 5 == 0:
                probe = rng.choice(every)
                if probe not in legal:
                    before = (list(map(list, s.hands)), list(s.deck), s.trump, list(s.trick))
                    with pytest.raises(IllegalAction) as err:
                        s.apply(probe)
                    assert err.value.reason.endswith(".")
                    assert before == (
                        list(map(list, s.hands)),
                        list(s.deck),
                        s.trump,
                        list(s.trick),
                    )
            s.apply(rng.choice(legal))
            steps += 1
            assert sorted(s.all_cards()) == list(range(112))
        assert seen_rounds == {r: [11 - r] * players for r in range(1, 11)}
        assert len(s.history) == 10
        total = [0] * players
        for row in s.history:
            assert sum(row["tricks"]) == row["cards"]
            for seat in range(players):
                wta = (
                    options["winner_takes_all"]
                    and row["cards"] > 1
                    and row["tricks"][seat] == row["cards"]
                )
                pts = rage.round_points(
                    row["predictions"][seat],
                    row["tricks"][seat],
                    row["bonus"][seat],
                    all_tricks_bonus=wta,
                )
                assert row["points"][seat] == pts
                total[seat] += pts
            assert row["totals"] == total
        assert s.totals == total and abs(sum(s.scores()) - 1) < 1e-9


def test_views_hide_other_hands():
    s = rage.new_game({"players": 4}, 12)
    v = s.view(2)
    assert v.hand == [D.names[c] for c in s.hands[2]] and v.hand_counts == [10] * 4
    assert len(v.unseen) == 112 - 10 - len(s.revealed) - len(s.set_aside)
    for c in s.hands[0]:
        assert D.names[c] in v.unseen


def test_a_view_is_detached_from_the_state():
    s = rage.new_game({"players": 3}, 1)
    rng = random.Random(1)
    while s.round == 1 or not s.round_tricks:
        s.apply(rng.choice(s.legal_actions()))
    before = (repr(s.history), repr(s.round_tricks), repr(s.last_trick))
    v = s.view(0)
    v.round_history[0]["points"][0] = 999
    v.round_history[0]["round"] = 7
    v.round_tricks[0]["plays"].clear()
    v.last_trick["winner"] = 99
    assert (repr(s.history), repr(s.round_tricks), repr(s.last_trick)) == before


def test_replay_from_the_action_log():
    s = rage.new_game({"players": 5, "hidden_predictions": True}, 21)
    rng = random.Random(2)
    for _ in range(150):
        s.apply(rng.choice(s.legal_actions()))
    again = replay(rage, {"players": 5, "hidden_predictions": True}, 21, s.actions)
    assert again.hands == s.hands and again.deck == s.deck and again.totals == s.totals
    assert again.trump == s.trump and again.trick == s.trick and again.round == s.round
