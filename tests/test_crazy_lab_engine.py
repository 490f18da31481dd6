"""Crazy Lab rules, checked against the rules file and the rulebook's examples."""

import random
from collections import Counter
from itertools import permutations

import pytest

from game.engine import crazy_lab as cl
from game.engine.core import IllegalAction, replay
from game.engine.levels import LevelError

D = cl.deck()

# The rules file's list of all 95 cards: template -> the card for primary P, B, Y, O, G.
TABLE = {
    "T01": ["P5/B1/G1", "B5/Y1/P1", "Y5/O1/B1", "O5/G1/Y1", "G5/P1/O1"],
    "T02": ["P4/B1/G1", "B4/Y1/P1", "Y4/O1/B1", "O4/G1/Y1", "G4/P1/O1"],
    "T03": ["P2/B1/G1", "B2/Y1/P1", "Y2/O1/B1", "O2/G1/Y1", "G2/P1/O1"],
    "T04": ["P1/B2/G2", "B1/Y2/P2", "Y1/O2/B2", "O1/G2/Y2", "G1/P2/O2"],
    "T05": ["P3/B1/Y2", "B3/Y1/O2", "Y3/O1/G2", "O3/G1/P2", "G3/P1/B2"],
    "T06": ["P3/O2/G1", "B3/G2/P1", "Y3/P2/B1", "O3/B2/Y1", "G3/Y2/O1"],
    "T07": ["P4/Y1/O4", "B4/O1/G4", "Y4/G1/P4", "O4/P1/B4", "G4/B1/Y4"],
    "T08": ["P4/Y4/O1", "B4/O4/G1", "Y4/G4/P1", "O4/P4/B1", "G4/B4/Y1"],
    "T09": ["P3/Y2/O1", "B3/O2/G1", "Y3/G2/P1", "O3/P2/B1", "G3/B2/Y1"],
    "T10": ["P3/Y1/O2", "B3/O1/G2", "Y3/G1/P2", "O3/P1/B2", "G3/B1/Y2"],
    "T11": ["P2/Y1/O3", "B2/O1/G3", "Y2/G1/P3", "O2/P1/B3", "G2/B1/Y3"],
    "T12": ["P2/Y3/O1", "B2/O3/G1", "Y2/G3/P1", "O2/P3/B1", "G2/B3/Y1"],
    "T13": ["P2/Y1/O1", "B2/O1/G1", "Y2/G1/P1", "O2/P1/B1", "G2/B1/Y1"],
    "T14": ["P6/B5", "B6/Y5", "Y6/O5", "O6/G5", "G6/P5"],
    "T15": ["P6/G5", "B6/P5", "Y6/B5", "O6/Y5", "G6/O5"],
    "T16": ["P4/Y3", "B4/O3", "Y4/G3", "O4/P3", "G4/B3"],
    "T17": ["P4/O3", "B4/G3", "Y4/P3", "O4/B3", "G4/Y3"],
    "T18": ["P2/B2", "B2/Y2", "Y2/O2", "O2/G2", "G2/P2"],
    "T19": ["P3", "B3", "Y3", "O3", "G3"],
}


# ------------------------------------------------------------------ deck


def test_card_ids_and_notation_from_the_rotation_rule():
    name = dict(zip(D.ids, D.names))
    assert name["T01-G"] == "G5/P1/O1"
    assert name["T07-O"] == "O4/P1/B4"  # blue 4 / orange 4 / purple 1
    assert [name[f"T05-{c}"] for c in "PBYOG"] == [
        "P3/B1/Y2",
        "B3/Y1/O2",
        "Y3/O1/G2",
        "O3/G1/P2",
        "G3/P1/B2",
    ]
    assert [name[f"T06-{c}"] for c in "PBYOG"] == [
        "P3/O2/G1",
        "B3/G2/P1",
        "Y3/P2/B1",
        "O3/B2/Y1",
        "G3/Y2/O1",
    ]
    assert [name[f"T14-{c}"] for c in "PBYOG"] == ["P6/B5", "B6/Y5", "Y6/O5", "O6/G5", "G6/P5"]
    assert [name[f"T15-{c}"] for c in "PBYOG"] == ["P6/G5", "B6/P5", "Y6/B5", "O6/Y5", "G6/O5"]
    assert [name[f"T11-{c}"] for c in "PBYOG"] == [
        "P2/Y1/O3",
        "B2/O1/G3",
        "Y2/G1/P3",
        "O2/P1/B3",
        "G2/B1/Y3",
    ]
    assert name["T19-Y"] == "Y3" and name["T18-G"] == "G2/P2"
    assert D.parse("P1/O1/G5") == D.parse("G5/P1/O1") == D.ids.index("T01-G")
    with pytest.raises(ValueError, match="not a card of the Crazy Lab deck"):
        D.parse("G6/P6")
    with pytest.raises(ValueError, match="not a Crazy Lab card"):
        D.parse("hello")


def test_every_card_of_the_rules_list_in_notation_and_by_id():
    name = dict(zip(D.ids, D.names))
    assert len(TABLE) == 19
    for template, row in TABLE.items():
        for primary, card in zip("PBYOG", row):
            assert name[f"{template}-{primary}"] == card
            assert D.parse(card) == D.ids.index(f"{template}-{primary}")


def test_deck_is_95_different_cards_balanced_per_colour_and_pair():
    assert D.size == 95 and len(set(D.names)) == 95
    colours = Counter(sum(1 for v in D.values[c] if v) for c in range(95))
    assert colours == {3: 65, 2: 25, 1: 5}
    for col in range(5):
        values = Counter(D.values[c][col] for c in range(95) if D.values[c][col])
        assert values == {1: 17, 2: 12, 3: 9, 4: 7, 5: 3, 6: 2}
        assert sum(D.values[c][col] for c in range(95)) == 123
    for x, y in permutations(range(5), 2):
        both = [c for c in range(95) if D.values[c][x] and D.values[c][y]]
        assert len(both) == 22
        assert sum(D.values[c][x] for c in both) == 50 and sum(D.values[c][y] for c in both) == 50
    for c in range(95):  # a 6 is always on a two-colour card with a 5
        if 6 in D.values[c]:
            assert sorted(v for v in D.values[c] if v) == [5, 6]


def test_bad_template_in_level_file_names_the_card_or_key(tmp_path):
    good = cl.level().path.read_text(encoding="utf-8")
    bad = tmp_path / "crazy_lab.toml"
    bad.write_text(
        good.replace("values = [3, 0, 0, 0, 0]", "values = [3, 0, 9, 0, 0]"), encoding="utf-8"
    )
    with pytest.raises(LevelError, match=r"templates\[18\]\.values.*T19"):
        cl.build_deck(cl.level(bad))
    bad.write_text(
        good.replace("values = [2, 2, 0, 0, 0]", "values = [5, 1, 0, 0, 1]"), encoding="utf-8"
    )
    with pytest.raises(LevelError, match=r"T18-P.*same card as T01-P"):
        cl.build_deck(cl.level(bad))
    bad.write_text(good.replace("extra_trumps = 2", "extra_trumps = 1"), encoding="utf-8")
    with pytest.raises(LevelError, match=r"scoring\.extra_trumps"):
        cl.build_deck(cl.level(bad))


# ------------------------------------------------------------------ oracle


@pytest.mark.parametrize(
    "plays,trump,winner",
    [
        (["P4/Y3", "Y6/O5", "B3", "G5/P1/O1"], "Y", 1),  # yellow trump: the highest yellow wins
        (
            ["G3", "B5/Y1/P1", "P3/B1/Y2", "G6/P5"],
            "Y",
            2,
        ),  # a small trump card counts for all its colours
        (["P3", "B6/P5", "Y6/B5", "G4/B3"], "B", 1),  # blue trump: B6 beats B5
        (["G5/P1/O1", "Y5/O1/B1", "B5/Y1/P1"], "B", 2),  # a blue 1 and a blue 5: B5 wins over G5
        (["P3/Y1/O2", "P6/B5", "B6/Y5"], "B", 2),  # blue 6 beats blue 5
        (["O3", "P2/Y1/O1", "O3/G1/P2"], "O", 0),  # tie on orange 3: the card played first wins
        (["Y3", "B6/Y5", "P4/Y3"], "G", 1),  # no green: blue 6 is the highest of any colour
        (["Y3", "P2/B2", "O3"], "G", 0),  # no green, tie on 3: the first card wins
        (["P5/B1/G1", "O6/G5"], None, 1),
    ],
)
def test_trick_winner(plays, trump, winner):
    assert cl.trick_winner(plays, trump) == winner


def test_rulebook_tie_on_blue_five_goes_to_the_earlier_card():
    # Blue is trump; Jordi leads, Cristiano and Gregorio both play a blue 5.
    assert cl.trick_winner(["P3", "Y6/B5", "B5/Y1/P1"], "B") == 1
    assert cl.trick_winner(["B5/Y1/P1", "P3", "Y6/B5"], "B") == 0


def test_round_points():
    won = ["G5/P1/O1", "P6/B5", "B4/O3"]
    assert cl.round_points(won, "P", "O") == (1 + 6) - (1 + 3)
    assert cl.round_points(won, "G", "B") == 5 - (5 + 4)
    assert cl.round_points([], "G", "B") == 0
    assert (
        cl.round_points(["P2/B2"], "P", "B") == 0
    )  # a card showing both colours counts on both sides


# ------------------------------------------------------------------ setup and secret choices


def choose_all(s, rng):
    while s.phase == "choose":
        s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("players,extra", [(3, 4), (4, 2), (5, 0)])
def test_setup_stacks_secret_choices_and_a_ten_card_trump_pile(players, extra):
    s = cl.new_game({"players": players}, players)
    assert len(set(s.minus)) == players and all(len(st) == 4 for st in s.stacks)
    assert [len(h) for h in s.hands] == [10] * players and len(s.unused) == 95 - 10 * players
    seat = s.current
    assert seat == s.starter == 0
    assert s.legal_actions() == [f"plus:{D.colours[c]}" for c in range(5) if c != s.minus[seat]]
    with pytest.raises(IllegalAction, match="your minus colour"):
        s.apply(f"plus:{D.colours[s.minus[seat]]}")
    with pytest.raises(IllegalAction, match="plus colour"):
        s.apply("trump:P,B")
    plus = s.legal_actions()[1]
    ev = s.apply(plus)[0]
    assert ev.seen_by(seat).data["plus"] == plus[-1] and "plus" not in ev.seen_by(1).data
    assert s.view(seat).plus == plus[-1] and s.view(1).plus is None
    assert len(s.legal_actions()) == 3  # two of the three remaining cards
    with pytest.raises(IllegalAction, match="exactly two"):
        s.apply(f"trump:{plus[-1]}")
    with pytest.raises(IllegalAction, match=r"no .* scoring card left"):
        s.apply(f"trump:{plus[-1]},{s.legal_actions()[0][-1]}")
    pick = s.legal_actions()[2]
    ev = s.apply(pick)[0]
    assert ev.secret_to == seat and "trumps" not in ev.seen_by(2).data
    assert sorted(s.view(seat).my_trumps) == sorted(pick[6:].split(","))
    assert s.view(1).my_trumps == [] and s.view(1).chosen[seat]
    assert s.current == 1 and s.phase == "choose"
    choose_all(s, random.Random(1))
    assert s.phase == "play" and len(s.trump_pile) == 10 and s.view(2).trump_left == 10
    outside = [c for c in s.trump_pile if c[0] not in s.minus]
    assert len(outside) == extra
    assert Counter(m for m, _ in outside) == Counter({m: 2 for m in range(5) if m not in s.minus})
    assert len(s.all_scoring_cards()) == 20 and len(set(s.all_scoring_cards())) == 20
    with pytest.raises(IllegalAction, match="secret choices are made"):
        s.apply("plus:P")


def test_secret_choices_name_exactly_one_colour_letter():
    s = cl.new_game({"players": 3}, 1)
    seat = s.current
    for bad in ("plus:", "plus:PB", "plus:BY", "plus:PBYOG"):
        with pytest.raises(IllegalAction, match="not a colour"):
            s.apply(bad)
    assert s.plus == [None] * 3 and s.actions == []
    s.apply(s.legal_actions()[0])
    left = [D.colours[c] for c in s.stacks[seat]]
    for bad in (f"trump:,{left[0]}", f"trump:{left[0]}{left[1]},{left[2]}"):
        with pytest.raises(IllegalAction, match="not a colour"):
            s.apply(bad)
    assert len(s.stacks[seat]) == 3 and s.my_trumps[seat] == []


def test_oracle_refuses_colours_that_are_not_one_letter():
    for bad in ("", "PB", "X"):
        with pytest.raises(ValueError, match="not a colour"):
            cl.trick_winner(["P3", "B3"], bad)
        with pytest.raises(ValueError, match="not a colour"):
            cl.round_points(["P3"], bad, "B")
        with pytest.raises(ValueError, match="not a colour"):
            cl.round_points(["P3"], "P", bad)
    assert cl.trick_winner(["P3", "B3"], "p") == 0 and cl.round_points(["P3"], "p", "b") == 3


def test_no_duty_to_follow_and_trump_turned_per_trick():
    s = cl.new_game({"players": 3}, 7)
    choose_all(s, random.Random(2))
    assert sorted(s.legal_actions()) == sorted(D.names[c] for c in s.hands[0])
    other = D.names[s.hands[1][0]]
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply(other)
    pile = [p for _, p in reversed(s.trump_pile)]
    rng = random.Random(3)
    tricks = 0
    while s.round == 1:
        trump = D.colours[s.trump]
        assert trump == D.colours[pile[tricks]]
        plays = []
        for _ in range(3):
            card = rng.choice(s.legal_actions())
            plays.append(card)
            events = s.apply(card)
        won = next(e for e in events if e.kind == "trick_won")
        assert won.data["trump"] == trump
        assert won.data["plays"][cl.trick_winner(plays, trump)][0] == won.seat
        tricks += 1
    assert tricks == 10


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_full_games_conserve_cards_and_score_the_cards_won(players):
    for seed in range(8):
        s = cl.new_game({"players": players, "rounds": 3}, seed)
        rng = random.Random(seed)
        starters = []
        steps = 0
        while not s.is_over():
            if s.phase == "choose" and s.current == s.starter and s.plus[s.starter] is None:
                starters.append(s.starter)
            if s.phase == "play" and not s.trick and not s.round_tricks:
                assert len(s.trump_pile) == 10
            legal = s.legal_actions()
            if steps % 6 == 0:
                probe = rng.choice(["plus:X", "trump:P,P", "P3", "G6/P5", "nonsense", "plus:G"])
                if probe not in legal:
                    with pytest.raises(IllegalAction):
                        s.apply(probe)
            s.apply(rng.choice(legal))
            steps += 1
            assert sorted(s.all_cards()) == list(range(95))
            assert len(set(s.all_scoring_cards())) == 20 == len(s.all_scoring_cards())
        assert starters == [r % players for r in range(3)]
        total = [0] * players
        for row in s.history:
            assert sum(row["tricks"]) == 10 and sum(row["cards_won"]) == 10 * players
            for seat in range(players):
                total[seat] += row["points"][seat]
                assert row["points"][seat] == row["plus_points"][seat] - row["minus_points"][seat]
            assert row["totals"] == total
        assert s.totals == total and abs(sum(s.scores()) - 1) < 1e-9


def test_score_matches_the_oracle_on_the_cards_won():
    s = cl.new_game({"players": 4, "rounds": 1}, 3)
    rng = random.Random(3)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    row = s.history[0]
    for seat in range(4):
        won = [c for t in s.round_tricks if t["winner"] == seat for _, c in t["plays"]]
        assert cl.round_points(won, row["plus"][seat], row["minus"][seat]) == row["points"][seat]
    assert len(s.trumps_used) == 10 and not s.trump_pile


def test_views_hide_hands_and_plus_colours_until_scoring():
    s = cl.new_game({"players": 4, "rounds": 2}, 9)
    rng = random.Random(9)
    choose_all(s, rng)
    for seat in range(4):
        v = s.view(seat)
        assert v.plus == D.colours[s.plus[seat]]
        assert v.hand == [D.names[c] for c in s.hands[seat]]
        for other in range(4):
            if other != seat:
                assert all(D.names[c] in v.unseen for c in s.hands[other])
        assert v.minus == [D.colours[m] for m in s.minus]
        assert not hasattr(v, "trump_pile")  # only the count and the turned colour
    while s.round == 1:
        s.apply(rng.choice(s.legal_actions()))
    revealed = s.view(0).round_history[0]["plus"]  # revealed at scoring
    assert len(revealed) == 4 and all(r in D.colours for r in revealed)
    assert s.view(1).plus is None  # round 2: chosen afresh, secret again


def test_a_view_is_detached_from_the_state():
    s = cl.new_game({"players": 3, "rounds": 2}, 1)
    rng = random.Random(1)
    while s.round == 1 or not s.round_tricks:
        s.apply(rng.choice(s.legal_actions()))
    before = (repr(s.history), repr(s.round_tricks), repr(s.last_trick))
    v = s.view(0)
    v.round_history[0]["points"][0] = 999
    v.round_history[0]["plus"][1] = "X"
    v.round_tricks[0]["plays"].clear()
    v.last_trick["winner"] = 99
    assert (repr(s.history), repr(s.round_tricks), repr(s.last_trick)) == before


def test_replay_from_the_action_log():
    s = cl.new_game({"players": 5, "rounds": 2}, 31)
    rng = random.Random(5)
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))
    again = replay(cl, {"players": 5, "rounds": 2}, 31, s.actions)
    assert again.hands == s.hands and again.trump_pile == s.trump_pile and again.totals == s.totals
    assert again.won == s.won and again.plus == s.plus
