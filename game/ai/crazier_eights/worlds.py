"""Sampled Crazier Eights worlds: a table built from one seat's View in its main phase.

The engine runs its turns as a generator, so a world cannot be copied from a view;
it is rebuilt instead. Everything public (assets, the discard pile, the top colour,
skips, who is alive, the turn's allowance) comes from the view; the cards the seat
cannot see (the other hands and the draw pile) are dealt at random from the cards
that are not visible anywhere. The world's flow resumes where the view stands: the
seat's main phase with the plays and discards it has left, the end of its turn,
then the table's turns from the next seat on.
"""

from __future__ import annotations

import random
from collections import Counter

from game.engine.crazier_eights.deck import deck_ids, level
from game.engine.crazier_eights.state import State
from game.engine.crazier_eights.timing import Decision, TurnEnd


def searchable(view) -> bool:
    """A world can be rebuilt for this view: its own main phase, no teams, one active seat."""
    return (
        view.pending is not None
        and view.pending["kind"] == "main"
        and view.phase == "main"
        and view.actives == [view.seat]
        and len(set(view.teams)) == view.players
        and not view.resolving
        and not view.over
    )


def _options(view) -> dict:
    return level().resolve({"players": view.players, "games": 1, "teams": "none"})


def sample_state(view, rng: random.Random) -> State:
    """A State consistent with ``view`` (which must be ``searchable``), hidden cards sampled."""
    me = view.seat
    seen = Counter(view.hand)
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
        else:
            hands.append([pool.pop() for _ in range(min(view.hand_counts[s], len(pool)))])
    st = State.__new__(State)
    st.options = _options(view)
    st.seed = None
    st.players = view.players
    st.rng = rng
    st.team_of = list(range(view.players))
    st.teamed = False
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
    st.first = me
    st.turn_seat = me
    st.actives = [me]
    st.phase = "main"
    st.grants = {me: [0, 0]}
    st.used = {me: [0, 0]}
    st.once_used = set()
    plays, discards = st.allowance(me)
    st.used[me] = [plays - view.plays_left, discards - view.discards_left]
    st.pending = None
    st._gen = _resume(st, me)
    st._step(None)
    return st


def _resume(st: State, me: int):
    """The engine's flow from the middle of ``me``'s main phase."""
    try:
        while st.alive[me]:
            ans = yield Decision(me, "main", "", st._main_options(me), secret=True)
            if ans == "end":
                break
            yield from st._main_action(me, ans)
        st.phase = "end"
        yield from st.resolve_all(st.collect("end_turn"))
    except TurnEnd:
        pass
    st.actives = []
    st.phase = "between"
    st.first = st._next_team_seat(me)
    yield from st._flow()
