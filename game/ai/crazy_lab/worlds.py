"""Sampled Crazy Lab worlds: an engine State built from one seat's View plus guessed secrets.

``sample_state(view, rng, policy)`` never sees the real state. The seat's own
hand, plus colour and trump cards, the cards won and the trick come from the
view; the unseen trick cards are dealt at random to the other seats (as many as
each holds) and to the unused pile. Each other seat's secret plus colour is what
``policy`` would have picked from the hand it held at the start of the round
(its sampled hand plus the cards it has played), with some chance of any other
colour; its two trump cards are what ``policy`` would add. The trump pile left
is the current trump on top of a shuffle of the pile's other cards not yet used.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

from game.engine.crazy_lab import State, deck

SURPRISE = 0.25  # chance a rival's plus colour is any colour of its stack instead of the policy's


def _pick(policy, view, seat, hand_ids, plus=None, stack=None):
    d = deck()
    fake = SimpleNamespace(
        seat=seat,
        minus=view.minus,
        hand=[d.names[c] for c in hand_ids],
        plus=plus,
    )
    if plus is None:
        return policy._pick_plus(fake, [f"plus:{d.colours[c]}" for c in stack])
    return policy._pick_trumps(
        fake,
        [
            f"trump:{d.colours[a]},{d.colours[b]}"
            for i, a in enumerate(stack)
            for b in stack[i + 1 :]
        ],
    )


def sample_state(view, rng: random.Random, policy) -> State:
    """A play-phase State consistent with ``view``; the hidden cards and secrets sampled."""
    d = deck()
    parse = d.parse
    n, me = view.players, view.seat
    ncol = len(d.colours)
    s = State.__new__(State)
    s.options = {"players": n, "rounds": view.rounds}
    s.players = n
    s.rng = random.Random(rng.random())
    s.d = d
    s.round, s.starter = view.round, view.starter
    unseen = [parse(c) for c in view.unseen]
    rng.shuffle(unseen)
    hands, k = [], 0
    for p in range(n):
        if p == me:
            hands.append([parse(c) for c in view.hand])
        else:
            hands.append(unseen[k : k + view.hand_counts[p]])
            k += view.hand_counts[p]
    s.hands = hands
    s.unused = unseen[k:]
    s.minus = [d.colours.index(m) for m in view.minus]
    played: list[list[int]] = [[] for _ in range(n)]
    for t in view.round_tricks:
        for p, name in t["plays"]:
            played[p].append(parse(name))
    for p, name in view.trick:
        played[p].append(parse(name))
    plus: list[int | None] = [None] * n
    pile: list[int] = [d.colours.index(c) for c in view.my_trumps]
    for p in range(n):
        stack = [c for c in range(ncol) if c != s.minus[p]]
        if p == me:
            plus[p] = d.colours.index(view.plus)
            continue
        start = hands[p] + played[p]
        if rng.random() < SURPRISE:
            plus[p] = rng.choice(stack)
        else:
            plus[p] = d.colours.index(_pick(policy, view, p, start, stack=stack).partition(":")[2])
        rest = [c for c in stack if c != plus[p]]
        picks = _pick(policy, view, p, start, plus=d.colours[plus[p]], stack=rest)
        pile.extend(d.colours.index(x) for x in picks.partition(":")[2].split(","))
    for m in range(ncol):
        if m not in s.minus:
            pile.extend(rng.sample([c for c in range(ncol) if c != m], d.extra_trumps))
    for name in view.trumps_used:
        c = d.colours.index(name)
        if c in pile:
            pile.remove(c)
    trump = d.colours.index(view.trump)
    if trump in pile:
        pile.remove(trump)
    rng.shuffle(pile)
    want = view.trump_left - 1
    while len(pile) < want:
        pile.append(rng.randrange(ncol))
    pile = pile[:want] + [trump]
    s.plus = plus
    s.stacks = [[] for _ in range(n)]
    s.my_trumps = [[] for _ in range(n)]
    s.trump_pile = [(-1, c) for c in pile]
    s.trumps_used, s.removed = [], []
    s.phase = "play"
    s.current, s.leader = view.current_player, view.leader
    s.trick = [(p, parse(name)) for p, name in view.trick]
    s.won = [[parse(c) for c in w] for w in view.won]
    s.totals = list(view.totals)
    s.history = []
    s.over = False
    s.actions = []
    s.last_trick = None
    s.round_tricks = []
    return s


def sample_round(view, rng: random.Random, policy, plus: int, trumps: list[int] | None = None):
    """The round about to be played, for a seat still making its secret choices: its
    own plus colour ``plus`` and trump cards ``trumps`` (None: the ones ``policy``
    would add for that plus colour), the other seats' hands dealt from the unseen
    cards and their secrets guessed as in ``sample_state``, the trump pile shuffled."""
    d = deck()
    n, me = view.players, view.seat
    ncol = len(d.colours)
    s = State.__new__(State)
    s.options = {"players": n, "rounds": view.rounds}
    s.players = n
    s.rng = random.Random(rng.random())
    s.d = d
    s.round, s.starter = view.round, view.starter
    unseen = [d.parse(c) for c in view.unseen]
    rng.shuffle(unseen)
    hands, k = [], 0
    for p in range(n):
        if p == me:
            hands.append([d.parse(c) for c in view.hand])
        else:
            hands.append(unseen[k : k + view.hand_counts[p]])
            k += view.hand_counts[p]
    s.hands = hands
    s.unused = unseen[k:]
    s.minus = [d.colours.index(m) for m in view.minus]
    pluses: list[int] = [0] * n
    pile: list[int] = []
    for p in range(n):
        stack = [c for c in range(ncol) if c != s.minus[p]]
        if p == me:
            pluses[p] = plus
        elif rng.random() < SURPRISE:
            pluses[p] = rng.choice(stack)
        else:
            pluses[p] = d.colours.index(
                _pick(policy, view, p, hands[p], stack=stack).partition(":")[2]
            )
        if p == me and trumps is not None:
            pile.extend(trumps)
            continue
        rest = [c for c in stack if c != pluses[p]]
        picks = _pick(policy, view, p, hands[p], plus=d.colours[pluses[p]], stack=rest)
        pile.extend(d.colours.index(x) for x in picks.partition(":")[2].split(","))
    for m in range(ncol):
        if m not in s.minus:
            pile.extend(rng.sample([c for c in range(ncol) if c != m], d.extra_trumps))
    rng.shuffle(pile)
    s.plus = pluses
    s.stacks = [[] for _ in range(n)]
    s.my_trumps = [[] for _ in range(n)]
    s.trump_pile = [(-1, c) for c in pile]
    s.trumps_used, s.removed = [], []
    s.phase = "play"
    s.current = s.leader = view.starter
    s.trick = []
    s.won = [[] for _ in range(n)]
    s.totals = list(view.totals)
    s.history = []
    s.over = False
    s.actions = []
    s.last_trick = None
    s.round_tricks = []
    return s
