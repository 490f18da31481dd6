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

from game.ai.search import blank_record
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
        return policy.pick_plus(fake, [f"plus:{d.colours[c]}" for c in stack])
    return policy.pick_trumps(
        fake,
        [
            f"trump:{d.colours[a]},{d.colours[b]}"
            for i, a in enumerate(stack)
            for b in stack[i + 1 :]
        ],
    )


def _dealt(view, rng: random.Random) -> State:
    """A State with what ``view`` shows (the seat's own hand, everyone's minus colour)
    and the unseen trick cards dealt at random to the other seats (as many as each
    holds) and to the unused pile."""
    d = deck()
    n, me = view.players, view.seat
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
    return s


def _guess_secrets(view, rng, policy, seat: int, start: list[int], minus: int) -> tuple:
    """Another seat's plus colour and its two trump cards: what ``policy`` would pick
    from the hand it started the round with (some chance of any plus colour)."""
    d = deck()
    stack = [c for c in range(len(d.colours)) if c != minus]
    if rng.random() < SURPRISE:
        plus = rng.choice(stack)
    else:
        plus = d.colours.index(_pick(policy, view, seat, start, stack=stack).partition(":")[2])
    rest = [c for c in stack if c != plus]
    picks = _pick(policy, view, seat, start, plus=d.colours[plus], stack=rest)
    return plus, [d.colours.index(x) for x in picks.partition(":")[2].split(",")]


def _unused_stacks_trumps(s, rng: random.Random) -> list[int]:
    """The trump cards the stacks nobody holds add to the pile."""
    d = s.d
    ncol = len(d.colours)
    out = []
    for m in range(ncol):
        if m not in s.minus:
            out.extend(rng.sample([c for c in range(ncol) if c != m], d.extra_trumps))
    return out


def _playing(s, view, plus: list, pile: list[int], current, trick: list, won: list) -> State:
    """``s`` made a play-phase State: the secrets, the trump pile (its top card the
    trump), whose turn, the trick and the cards won so far."""
    n = s.players
    s.plus = plus
    s.stacks = [[] for _ in range(n)]
    s.my_trumps = [[] for _ in range(n)]
    s.trump_pile = [(-1, c) for c in pile]
    s.trumps_used, s.removed = [], []
    s.prepared = None  # no lesson: the pile above is the whole trump order
    s.phase = "play"
    s.current, s.leader = current
    s.trick = trick
    s.won = won
    s.totals = list(view.totals)
    blank_record(s)
    return s


def sample_state(view, rng: random.Random, policy) -> State:
    """A play-phase State consistent with ``view``; the hidden cards and secrets sampled."""
    d = deck()
    n, me = view.players, view.seat
    s = _dealt(view, rng)
    played: list[list[int]] = [[] for _ in range(n)]
    for t in view.round_tricks:
        for p, name in t["plays"]:
            played[p].append(d.parse(name))
    for p, name in view.trick:
        played[p].append(d.parse(name))
    plus: list[int] = [0] * n
    pile: list[int] = [d.colours.index(c) for c in view.my_trumps]
    for p in range(n):
        if p == me:
            plus[p] = d.colours.index(view.plus)
            continue
        plus[p], picks = _guess_secrets(view, rng, policy, p, s.hands[p] + played[p], s.minus[p])
        pile.extend(picks)
    pile.extend(_unused_stacks_trumps(s, rng))
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
        pile.append(rng.randrange(len(d.colours)))
    return _playing(
        s,
        view,
        plus,
        [*pile[:want], trump],
        (view.current_player, view.leader),
        [(p, d.parse(name)) for p, name in view.trick],
        [[d.parse(c) for c in w] for w in view.won],
    )


def sample_round(view, rng: random.Random, policy, plus: int, trumps: list[int] | None = None):
    """The round about to be played, for a seat still making its secret choices: its
    own plus colour ``plus`` and trump cards ``trumps`` (None: the ones ``policy``
    would add for that plus colour), the other seats' hands dealt from the unseen
    cards and their secrets guessed as in ``sample_state``, the trump pile shuffled."""
    d = deck()
    n, me = view.players, view.seat
    s = _dealt(view, rng)
    if trumps is None:
        stack = [c for c in range(len(d.colours)) if c not in (s.minus[me], plus)]
        picks = _pick(policy, view, me, s.hands[me], plus=d.colours[plus], stack=stack)
        trumps = [d.colours.index(x) for x in picks.partition(":")[2].split(",")]
    pluses: list[int] = [0] * n
    pluses[me] = plus
    pile = list(trumps)
    for p in range(n):
        if p != me:
            pluses[p], picks = _guess_secrets(view, rng, policy, p, s.hands[p], s.minus[p])
            pile.extend(picks)
    pile.extend(_unused_stacks_trumps(s, rng))
    rng.shuffle(pile)
    return _playing(s, view, pluses, pile, (view.starter, view.starter), [], [[] for _ in range(n)])
