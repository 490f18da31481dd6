"""The normal bot's card play on a sampled world's ints, for the hard bot's playouts.

``choose_card(world, playable, policy)`` makes the choice ``policy.choose`` (a
``NormalBot``, or the hard bot's ``PlayoutPolicy``) makes on what the seat to move
sees in that world (``hard.fast_view``), with the same arithmetic in the same order
and the same draws from the policy's random stream, so the two agree move for move
(tested); it reads the world's ints instead of building a view and parsing
notation: with the engine playing the round out in one call, a playout takes about
half the time.
"""

from __future__ import annotations

from bisect import bisect_right

from game.ai.rage.normal import HOLD, RUFF, expected_tricks
from game.engine.rage.cards import BONUS


class _Tables:
    """Per-card facts, worked out once per deck."""

    def __init__(self, d):
        self.d = d
        top = d.max_value + 1
        self.entry = []  # the card as winner_of reads it (a Joker's colour is filled in)
        for c in range(d.size):
            kind = d.kind_of[c]
            if kind == "C":
                self.entry.append(("C", d.colour_of[c], d.value_of[c]))
            elif kind == "J":
                self.entry.append(("J", None, top))
            else:
                self.entry.append((kind, None, -1))
        self.colours = range(len(d.colours))


_TABLES: dict = {}


def _tables(d) -> _Tables:
    t = _TABLES.get(id(d))
    if t is None or t.d is not d:
        t = _TABLES[id(d)] = _Tables(d)
    return t


def add_by_colour(cards, d, by_colour: list[list[int]]) -> int:
    """Add the values of the colour cards among ``cards`` to ``by_colour`` (a list per
    colour); returns how many Jokers are among them."""
    colour_of, value_of, kind_of = d.colour_of, d.value_of, d.kind_of
    jokers = 0
    for c in cards:
        col = colour_of[c]
        if col >= 0:
            by_colour[col].append(value_of[c])
        elif kind_of[c] == "J":
            jokers += 1
    return jokers


def choose_card(
    world, playable: list[int], policy, memo: dict | None = None
) -> tuple[int, int | None]:
    """The normal play of the seat to move: ``(card, named colour)`` as
    ``State.play_round_out`` takes it. ``memo``: a dict kept for one playout, where the
    deck's cards by colour are kept while the deck holds the same cards (it changes
    only when trump is turned off it or put back under it)."""
    d = world.d
    names = d.names
    card = playable[0]
    if d.kind_of[card] != "J" and all(names[c] == names[card] for c in playable):
        policy.rng.random()  # one move: the normal bot still draws its tie-break for it
        return card, None
    tb = _tables(d)
    entry, kind_of, value_of = tb.entry, d.kind_of, d.value_of
    seat, players, hands = world.current, world.players, world.hands
    hand = hands[seat]
    max_value = d.max_value
    # what the seat cannot see: the deck (values by colour, sorted, kept while the deck
    # is the same) and the other hands (as fast_view counts them)
    deck = tuple(world.deck)
    kept = None if memo is None else memo.get("deck")
    if kept is None or kept[0] != deck:
        deck_colours: list[list[int]] = [[] for _ in tb.colours]
        deck_jokers = add_by_colour(deck, d, deck_colours)
        for values in deck_colours:
            values.sort()
        kept = (deck, deck_colours, deck_jokers)
        if memo is not None:
            memo["deck"] = kept
    deck_colours, jokers = kept[1], kept[2]
    in_hands: list[list[int]] = [[] for _ in tb.colours]
    others_total = 0
    for p in range(players):
        if p == seat:
            continue
        others_total += len(hands[p])
        jokers += add_by_colour(hands[p], d, in_hands)
    unseen = max(1, len(deck) + others_total)
    h_avg = others_total / max(1, players - 1)
    out = [len(a) + len(b) for a, b in zip(deck_colours, in_hands)]  # unseen cards a colour
    trump = world.trump

    def hold_chance(colour, value, opponents, t):
        # NormalBot._hold_chance, on the counts above
        if opponents <= 0:
            return 1.0
        q = min(1.0, HOLD * opponents * h_avg / unseen)
        in_deck = deck_colours[colour]
        higher = len(in_deck) - bisect_right(in_deck, value)
        higher += sum(1 for v in in_hands[colour] if v > value)
        if value <= max_value:
            higher += jokers
        p = (1 - q) ** higher
        if t is not None and colour != t:
            fc = out[colour] / unseen
            ft = out[t] / unseen
            ruff = (1 - fc) ** h_avg * (1 - (1 - ft) ** h_avg)
            p *= (1 - RUFF * ruff) ** opponents
        return max(0.0, min(1.0, p))

    need = world.predictions[seat] - world.tricks[seat]
    left = len(hand)
    want_win = need > 0
    # the trick so far, as winner_of reads it: its lead colour, the colours in it and the
    # highest value of each (a card joining it wins if it is of the colour that decides
    # and higher, or a Joker at least as high: a later Joker beats an earlier one)
    lead = None
    top: dict = {}
    bonus_now = 0
    for _, c, col in world.trick:
        kind = kind_of[c]
        bonus_now += BONUS.get(kind, 0)
        if col is None:
            continue
        if lead is None:
            lead = col
        value = max_value + 1 if kind == "J" else value_of[c]
        if top.get(col, -2) < value:
            top[col] = value
    first = not world.trick
    opponents_after = players - len(world.trick) - 1
    if want_win:  # NormalBot._expected_tricks
        excess = expected_tricks(d, hand, players - 1, trump, jokers, hold_chance) - need
    else:
        excess = 1.0
    lost_below, bonus_weight, rng = policy.lost_below, policy.bonus_weight, policy.rng
    best: tuple[int, int | None] | None = None
    best_score = -1e9
    seen = set()
    for card in sorted(playable):  # the order of legal_actions: a name once, a Joker per colour
        name = names[card]
        if name in seen:
            continue
        seen.add(name)
        kind = kind_of[card]
        if kind == "J":
            options: list[tuple[tuple, int | None]] = [
                (("J", col, max_value + 1), col) for col in tb.colours
            ]
        else:
            options = [(entry[card], None)]
        for e, named in options:
            _, colour, value = e
            t = None if kind == "NT" else trump
            decides = lead if lead is not None else colour
            if t is not None and (t in top or colour == t):
                decides = t
            if decides is None:
                winning = first  # only action cards: the first one wins
            else:
                high = top.get(decides, -2)
                winning = colour == decides and (value > high or (kind == "J" and value >= high))
            if not winning:
                p_win = 0.0
            elif kind == "C" or kind == "J":
                p_win = hold_chance(colour, value, opponents_after, t)
                if kind == "J":
                    p_win = max(p_win, 0.9 if colour == t or t is None else 0.6)
            else:
                p_win = 0.02 if opponents_after else 1.0
            if kind == "J":
                s = 1.0
            elif kind != "C":
                s = 0.1
            else:
                s = min(1.0, value / (max_value + 1) * (1.6 if colour == trump else 0.8))
            bonus = bonus_now + BONUS.get(kind, 0)
            if want_win:
                urgency = min(1.0, need / max(1, left))
                sign = 1 if excess <= 0.3 else -1
                score = 10 * p_win - sign * (1 - urgency) * 4 * s
                if p_win < lost_below:
                    score = -sign * 4 * s + 0.5 * p_win
            else:
                score = 10 * (1 - p_win) + 2 * s
                if kind == "J" and colour != trump and p_win < 0.1:
                    score += 1
            if kind in ("+5", "-5") or bonus:
                score += bonus_weight * bonus * (p_win - 0.5) * 2
            if kind == "J" and colour != trump and want_win and trump is not None:
                score -= 3
            score += rng.random() * 0.01
            if score > best_score:
                best, best_score = (card, named), score
    assert best is not None  # playable is never empty, and every score beats the start
    return best
