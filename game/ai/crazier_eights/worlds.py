"""Sampled Crazier Eights worlds: a table built from one seat's View in its main phase.

The engine runs its turns as a generator, so a world cannot be copied from a view;
it is rebuilt instead. Everything public (assets, the discard pile, the top colour,
skips, who is alive, the turn's allowance) comes from the view, and in team play the
allies' hands, which the seat sees; the cards the seat cannot see (the other hands
and the draw pile) are dealt at random from the cards that are not visible anywhere.
The world's flow resumes where the view stands: the seat's main phase with the plays
and discards it has left, the main phases of the allies still to act in this turn,
the end of the turn, then the table's turns from the next team on.
"""

from __future__ import annotations

import random
from collections import Counter

import game.engine.crazier_eights.timing as timing
from game.engine.crazier_eights.deck import deck_ids, level
from game.engine.crazier_eights.protocol import Decision, TurnEnd
from game.engine.crazier_eights.state import TEAM_SIZES, State


def searchable(view) -> bool:
    """A world can be rebuilt for this view: its own main phase, nothing resolving."""
    return (
        view.pending is not None
        and view.pending["kind"] == "main"
        and view.phase == "main"
        and view.seat in view.actives
        and not view.resolving
        and not view.over
    )


def _options(view) -> dict:
    size = view.players // len(set(view.teams))
    teams = next(name for name, n in TEAM_SIZES.items() if n == size)
    return level().resolve({"players": view.players, "games": 1, "teams": teams})


def sample_state(view, rng: random.Random) -> State:
    """A State consistent with ``view`` (which must be ``searchable``), hidden cards sampled."""
    me = view.seat
    seen = Counter(view.hand)
    for hand in view.ally_hands.values():
        seen.update(hand)
    for zone in view.assets:
        seen.update(zone)
    seen.update(view.discard)
    seen.update(view.revealed)
    pool = []
    for cid in deck_ids(view.players):
        if seen[cid]:
            seen[cid] -= 1
        else:
            pool.append(cid)
    rng.shuffle(pool)
    hands = []
    for s in range(view.players):
        if s == me:
            hands.append(list(view.hand))
        elif s in view.ally_hands:
            hands.append(list(view.ally_hands[s]))
        else:
            hands.append([pool.pop() for _ in range(min(view.hand_counts[s], len(pool)))])
    st = State.__new__(State)
    st.options = _options(view)
    st.seed = None
    st.players = view.players
    st.rng = rng
    st.team_of = list(view.teams)
    st.teamed = len(set(view.teams)) < view.players
    st.totals = [0] * view.players
    st.history = []
    st.game_no = 1
    st.over = False
    st.winners = []
    st.actions = []
    st.log = []
    st._events = []
    st.hands = hands
    st.assets = [list(z) for z in view.assets]
    st.draw = pool
    st.discard = list(view.discard)
    st.named = view.named
    st.revealed = list(view.revealed)
    st.resolving = []
    st.alive = list(view.alive)
    st.skips = list(view.skips)
    st.left_hand = [0] * view.players
    st.turns_taken = [1] * view.players  # the first-turn rules are long past in a search
    st.first = view.turn_seat
    st.turn_seat = view.turn_seat
    st.actives = list(view.actives)
    st.phase = "main"
    st.grants = {s: [0, 0] for s in st.actives}
    st.used = {s: [0, 0] for s in st.actives}
    st.once_used = set()
    plays, discards = st.allowance(me)
    st.used[me] = [plays - view.plays_left, discards - view.discards_left]
    st.pending = None
    st._gen = _resume(st, me)
    st._step(None)
    return st


def _resume(st: State, me: int):
    """The engine's flow from the middle of ``me``'s main phase: its main phase, the
    main phases of the allies after it in this turn, the end of the turn, the table."""
    try:
        for s in st.actives[st.actives.index(me) :]:
            while st.alive[s]:
                ans = yield Decision(s, "main", "", st._main_options(s), secret=True)
                if ans == "end":
                    break
                yield from st._main_action(s, ans)
        st.phase = "end"
        yield from timing.fire(st, "end_turn")
    except TurnEnd:
        pass
    st.actives = []
    st.phase = "between"
    st.first = st._next_team_seat(st.turn_seat)
    yield from st._flow()
