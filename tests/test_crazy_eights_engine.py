"""Crazy Eights rules, checked against the rules file."""

import random

import pytest

from game.engine import crazy_eights as ce
from game.engine.cards import NAMES, parse
from game.engine.core import IllegalAction, replay
from game.engine.crazy_eights import state as ce_state

# ------------------------------------------------------------------ oracle


@pytest.mark.parametrize(
    "card,top,named,ok",
    [
        ("7H", "7S", None, True),  # same rank
        ("2S", "KS", None, True),  # same suit
        ("2H", "KS", None, False),
        ("8C", "2H", None, True),  # eights always
        ("8D", "8C", "H", True),  # an eight on an eight
        ("2H", "8C", "H", True),  # named suit rules after an eight
        ("2C", "8C", "H", False),  # the eight's own suit no longer counts
        ("8S", "8C", "H", True),
        ("10D", "10C", None, True),
        ("AS", "8S", "D", False),
    ],
)
def test_can_play(card, top, named, ok):
    assert ce.can_play(card, top, named) is ok


def test_hand_points():
    assert ce.hand_points([]) == 0
    assert ce.hand_points(["8C"]) == 50
    assert ce.hand_points(["KD", "QS", "JH", "10C"]) == 40
    assert ce.hand_points(["AS", "2H", "9D"]) == 12
    assert ce.hand_points(["8S", "8H", "8D", "8C"]) == 200


# ------------------------------------------------------------------ helpers


def rigged(hands, stock, discard, players=None, **options):
    """A state mid-round with the given cards (notation); seat 0 to move."""
    players = players or len(hands)
    state = ce.new_game({"players": players, **options}, seed=0)
    state.hands = [[parse(c) for c in h] for h in hands]
    state.stock = [parse(c) for c in stock]
    state.discard = [parse(c) for c in discard]
    state.named_suit = None
    state.current = 0
    state.drawn = 0
    used = {c for h in state.hands for c in h} | set(state.stock) | set(state.discard)
    return state, used


# ------------------------------------------------------------------ deal and starter


def test_deal_sizes_and_starter_not_eight():
    for players in range(2, 8):
        for seed in range(30):
            s = ce.new_game({"players": players}, seed)
            assert [len(h) for h in s.hands] == [5] * players
            assert s.discard[-1] % 13 != ce.EIGHT
            assert sorted(s.all_cards()) == list(range(52))
            assert s.current == 0  # left of the dealer (seat players-1)


def test_starter_eight_is_buried_mid_stock():
    found = 0
    for seed in range(400):
        s = ce.new_game({"players": 4}, seed)
        if s.buried:
            found += 1
            for card in s.buried:
                assert card in s.stock and card % 13 == ce.EIGHT
            assert s.view(1).buried == [NAMES[c] for c in s.buried]
    assert found > 0


def test_hand_size_option_and_limits():
    s = ce.new_game({"players": 2, "hand_size": 7}, 3)
    assert [len(h) for h in s.hands] == [7, 7]
    with pytest.raises(ValueError, match="hand_size"):
        ce.new_game({"players": 7, "hand_size": 8}, 1)


# ------------------------------------------------------------------ turns


def test_must_play_when_able_and_cannot_draw():
    s, _ = rigged([["5H", "KS"], ["2C", "3C"]], ["4D", "6D", "7D"], ["9H"])
    assert s.legal_actions() == ["5H"]
    with pytest.raises(IllegalAction, match="may not draw"):
        s.apply("draw")
    with pytest.raises(IllegalAction, match="matches neither"):
        s.apply("KS")
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply("2C")


def test_draw_when_able_option():
    s, _ = rigged([["5H", "KS"], ["2C", "3C"]], ["4D", "6D", "7D"], ["9H"], draw_when_able=True)
    assert set(s.legal_actions()) == {"5H", "draw"}


def test_draw_up_to_three_then_pass():
    s, _ = rigged([["2C", "3C"], ["4C", "5C"]], ["AS", "KD", "QD", "JD"], ["9H"])
    assert s.legal_actions() == ["draw"]
    for _n in range(3):
        s.apply("draw")
        assert s.current == 0
    assert s.drawn == 3 and len(s.hands[0]) == 5
    assert s.legal_actions() == ["pass"]
    with pytest.raises(IllegalAction, match="drawn 3"):
        s.apply("draw")
    s.apply("pass")
    assert s.current == 1 and s.drawn == 0


def test_drawing_stops_at_a_playable_card_which_may_be_played():
    s, _ = rigged([["2C", "3C"], ["4C", "5C"]], ["AS", "KD", "6H"], ["9H"])
    s.apply("draw")  # 6H is playable
    assert s.legal_actions() == ["6H"]
    s.apply("6H")
    assert s.current == 1 and NAMES[s.discard[-1]] == "6H"


def test_pass_when_stock_empty():
    s, _ = rigged([["2C", "3C"], ["4C", "9S"]], [], ["9H"])
    # seat 1 can play 9S, so the round is not blocked
    assert s.legal_actions() == ["pass"]
    s.apply("pass")
    assert s.current == 1


def test_eight_names_a_suit():
    s, _ = rigged([["8C", "3C"], ["4C", "5H"]], ["2D", "3D"], ["9H"])
    acts = s.legal_actions()
    assert {"8C:S", "8C:H", "8C:D", "8C:C"} <= set(acts)
    with pytest.raises(IllegalAction, match="Name a suit"):
        s.apply("8C")
    events = s.apply("8C:H")
    assert events[0].kind == "play" and events[0].data["named_suit"] == "H"
    assert "names ♥" in events[0].text
    assert s.view(1).named_suit == "H"
    assert s.legal_actions() == ["5H"]  # 4C is not playable though the eight is a club
    with pytest.raises(IllegalAction, match="named suit"):
        s.apply("4C")


def test_going_out_wins_round_and_penalty_scoring():
    s, _ = rigged([["5H"], ["KC", "8S"], ["AD", "2D"]], ["3S", "4S"], ["9H"])
    events = s.apply("5H")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["winners"] == [0]
    assert end.data["points"] == [0, 60, 3]
    assert end.data["haul"] == 63
    assert s.totals == [0, 60, 3]
    assert s.round == 2 and s.dealer == 0 and s.current == 1  # dealer moved left


def test_collect_scoring_and_target():
    s, _ = rigged([["5H"], ["KC", "8S"]], ["3S", "4S"], ["9H"], scoring="collect", target=50)
    s.apply("5H")
    assert s.totals == [60, 0]
    assert s.is_over() and s.scores() == [1.0, 0.0]


def test_blocked_round_lowest_hand_wins_and_ties_share():
    # Stock empty; nobody can play on 9H: blocked once seat 0 passes.
    s, _ = rigged([["2C", "6C"], ["4C", "AC"], ["KS", "QS"]], [], ["9H"])
    events = s.apply("pass")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["blocked"] and end.data["winners"] == [1]
    assert end.data["points"] == [8, 0, 20]
    s, _ = rigged([["2C", "3C"], ["4C", "AC"]], [], ["9H"])
    events = s.apply("pass")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["winners"] == [0, 1] and end.data["points"] == [0, 0]


def test_five_rounds_lowest_total_wins_ties_shared():
    s = ce.new_game({"players": 3}, 11)
    rng = random.Random(5)
    rounds_seen = set()
    while not s.is_over():
        rounds_seen.add(s.round)
        s.apply(rng.choice(s.legal_actions()))
    assert rounds_seen == {1, 2, 3, 4, 5} and len(s.history) == 5
    low = min(s.totals)
    winners = [i for i, t in enumerate(s.totals) if t == low]
    assert s.scores() == [1 / len(winners) if i in winners else 0 for i in range(3)]
    assert s.current_player() is None and s.legal_actions() == []


def test_view_hides_other_hands_and_drawn_cards():
    s = ce.new_game({"players": 3}, 2)
    v = s.view(1)
    assert v.hand == [NAMES[c] for c in s.hands[1]]
    assert v.hand_counts == [5, 5, 5]
    assert not set(v.unseen) & set(v.hand)
    assert set(NAMES[c] for c in s.hands[0]) <= set(v.unseen)
    # a drawn card is told only to its drawer
    s2, _ = rigged([["2C"], ["4C"]], ["AS", "KD"], ["9H"])
    ev = s2.apply("draw")[0]
    assert ev.seen_by(0).data["card"] == "KD"
    assert "card" not in ev.seen_by(1).data and "KD" not in ev.seen_by(1).text


def test_replay_from_log_is_identical():
    s = ce.new_game({"players": 4}, 99)
    rng = random.Random(1)
    for _ in range(120):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    again = replay(ce, {"players": 4}, 99, s.actions)
    assert again.hands == s.hands and again.stock == s.stock and again.totals == s.totals


# ------------------------------------------------------------------ seeded full games


@pytest.mark.parametrize("players", range(2, 8))
def test_random_full_games_conserve_cards_and_refuse_illegal(players):
    every = [NAMES[c] for c in range(52)]
    for seed in range(120):
        s = ce.new_game({"players": players}, seed)
        rng = random.Random(seed)
        steps = 0
        while not s.is_over():
            legal = s.legal_actions()
            assert legal, "a live game always has a move"
            if steps % 7 == 0:  # probe a few illegal moves each game
                probe = rng.choice(every + [c + ":H" for c in every] + ["draw", "pass"])
                if probe not in legal:
                    before = (list(map(list, s.hands)), list(s.stock), list(s.discard))
                    with pytest.raises(IllegalAction):
                        s.apply(probe)
                    assert before == (list(map(list, s.hands)), list(s.stock), list(s.discard))
            s.apply(rng.choice(legal))
            steps += 1
            cards = s.all_cards()
            assert len(cards) == 52 and set(cards) == set(range(52))
        assert len(s.history) >= 1 and s.round <= 5
        assert abs(sum(s.scores()) - 1.0) < 1e-9


def test_two_eights_on_top_of_a_short_stock_end_the_deal(monkeypatch):
    # 7 players x 7 cards leave 3 in the stock: [5S, 8H, 8D] with 8D on top used to
    # bury each eight straight back on top and turn it again, forever
    deck_top = ["5S", "8H", "8D"]
    rest = [c for c in range(52) if NAMES[c] not in deck_top]
    monkeypatch.setattr(ce_state, "shuffled_deck", lambda rng: deck_top_first(rest, deck_top))
    s = ce.new_game({"players": 7, "hand_size": 7}, 1)
    assert NAMES[s.discard[-1]] == "5S"
    assert sorted(NAMES[c] for c in s.stock) == ["8D", "8H"]
    assert sorted(s.all_cards()) == list(range(52))


def deck_top_first(rest, stock):
    """A deck whose hands come from ``rest`` and whose stock is ``stock`` (top last)."""
    return rest[: 52 - len(stock)] + [parse(c) for c in stock]


def test_only_eights_left_the_last_one_starts_and_asks_for_its_suit(monkeypatch):
    deck_top = ["8C", "8H", "8D"]
    rest = [c for c in range(52) if NAMES[c] not in deck_top]
    monkeypatch.setattr(ce_state, "shuffled_deck", lambda rng: deck_top_first(rest, deck_top))
    s = ce.new_game({"players": 7, "hand_size": 7}, 1)
    # nothing but eights to turn: the turned eight stays, none is buried in vain
    assert NAMES[s.discard[-1]] == "8D" and s.buried == []
    assert s.named_suit is None
    assert ce.can_play("3D", "8D") and not ce.can_play("3H", "8D")
    legal = s.legal_actions()
    hand = [NAMES[c] for c in s.hands[s.current]]
    for card in hand:  # a club or an eight may start; nothing else
        playable = card.endswith("D") or card.startswith("8")
        assert any(a.split(":")[0] == card for a in legal) == playable


def test_every_deal_ends_for_every_legal_option():
    # the deal depends only on the seed: a deal that looped froze every resume too
    for players, size in ((7, 7), (5, 10), (6, 8), (2, 7)):
        for seed in range(3000):
            s = ce.new_game({"players": players, "hand_size": size}, seed)
            assert s.discard[-1] % 13 != ce.EIGHT or all(c % 13 == ce.EIGHT for c in s.stock)


def test_round_ending_move_with_a_short_stock_returns():
    s = ce.new_game({"players": 7, "hand_size": 7}, 235)
    rng = random.Random(7)
    rounds = 0
    while not s.is_over() and rounds < 4:
        before = s.round
        s.apply(rng.choice(s.legal_actions()))
        rounds += s.round != before
        assert sorted(s.all_cards()) == list(range(52))
