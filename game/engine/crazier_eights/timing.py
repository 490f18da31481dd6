"""Timing: when triggered abilities fire, and in which order.

The turn has two windows for triggered abilities, its beginning (``begin_turn``) and its
end (``end_turn``, with ``end_turn(opp)`` firing once per opponent whose turn it is).
``fire`` collects what triggers in a window and resolves it: owners in trigger order,
each owner's abilities in the order the orderer picks (the active player orders
everyone's; with teams each player orders their own). An event's ``on_play`` runs where
the State plays it, and the ``sub`` abilities are not triggered at all: they change a
draw or a destruction as it happens (``reactions``). Generator functions of the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.core import msg, seat_ref
from game.engine.crazier_eights.abilities import resolve_ability
from game.engine.crazier_eights.deck import card
from game.engine.crazier_eights.protocol import Decision, Table
from game.engine.crazier_eights.words import name


@dataclass
class Trigger:
    owner: int
    source: str
    ability: object
    bind: dict


def fire(state: Table, window: str):
    """Resolve every ability that triggers in ``window`` (``begin_turn``, ``end_turn``)."""
    yield from resolve_all(state, collect(state, window))


def collect(state: Table, trigger: str) -> list[Trigger]:
    """The abilities that trigger now: the active players' own, and at the end of a turn
    every opponent's ``end_turn(opp)`` once per active player they oppose."""
    out = []
    for s in state.actives:
        for cid in state.assets[s]:
            for ab in card(cid).of(trigger):
                if ab.trigger_arg is None:
                    out.append(Trigger(s, cid, ab, {}))
    if trigger == "end_turn":
        for o in state.clockwise_from(state.lead()):
            for cid in state.assets[o]:
                for ab in card(cid).of(trigger):
                    if ab.trigger_arg == "opp":
                        for a in state.actives:
                            if state.is_opp(o, a):
                                out.append(Trigger(o, cid, ab, {"active": a}))
    return out


def orders_own(state: Table, owner: int) -> int:
    """Who orders ``owner``'s abilities when several fire at once.

    The active player orders everyone's (§5.3); with teams each player orders their
    own, also an ability firing once per ally of the team whose turn it is.
    """
    if owner in state.actives or state.teamed:
        return owner
    return state.lead()


def resolve_all(state: Table, triggers: list[Trigger]):
    """Resolve ``triggers``: owner by owner in trigger order, asking for the order when
    an owner has several; the game may end after each."""
    for owner in state.trigger_order():
        group = [t for t in triggers if t.owner == owner]
        while group and state.alive[owner]:
            if len(group) > 1:
                orderer = orders_own(state, owner)
                opts = [
                    (
                        f"choose:{i + 1}",
                        msg(
                            "{card} first (for {player})",
                            card=name(t.source),
                            player=seat_ref(t.bind["active"]),
                        )
                        if "active" in t.bind
                        else msg("{card} first", card=name(t.source)),
                    )
                    for i, t in enumerate(group)
                ]
                ans = yield Decision(
                    orderer,
                    "order",
                    msg(
                        "Choose which of {player}'s abilities resolves next.",
                        player=seat_ref(owner),
                    ),
                    opts,
                    targets=[t.source for t in group],
                )
                t = group.pop(int(ans.split(":")[1]) - 1)
            else:
                t = group.pop(0)
            yield from resolve_ability(state, t.owner, t.source, t.ability, dict(t.bind))
            state.check_win()
