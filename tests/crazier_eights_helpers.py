"""Building Crazier Eights positions for scenario tests."""

from __future__ import annotations

from game.engine import crazier_eights as ce

ALL = list(ce.cards())


def rig(hands, assets=None, draw=(), discard=None, turn=0, players=None, skips=(), **options):
    """A game whose turn for ``turn`` is about to begin, with exactly these cards.

    ``draw`` lists the top of the draw pile, top first; every card not placed
    anywhere goes below it, so the whole deck is always present. ``skips`` lists
    seats that skip their next turn.
    """
    players = players or len(hands)
    s = ce.new_game({"players": players, **options}, seed=0)
    s.hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    s.assets = [list(a) for a in (assets or [])] + [[] for _ in range(players - len(assets or []))]
    placed = [c for h in s.hands for c in h] + [c for z in s.assets for c in z] + list(draw)
    ids = ce.state.deck_ids(players)
    rest = [c for c in ids if c not in placed and c not in (discard or [])]
    if discard is None:
        discard = [next(c for c in rest if ce.card(c).rank not in ("8",))]
        rest.remove(discard[0])
    s.discard = list(discard)
    s.draw = rest + list(reversed(list(draw)))
    assert sorted(s.all_cards()) == sorted(ids), "rigged cards must be the deck"
    s.first = s.turn_seat = turn
    s.named, s.revealed, s.resolving = None, [], []
    s.alive, s.skips = [True] * players, [int(p in skips) for p in range(players)]
    s.turns_taken, s.left_hand = [0] * players, [0] * players
    s.log, s._events = [], []
    s.start_flow()
    return s


def play(s, *actions):
    """Apply actions in order; returns the texts of the events."""
    out = []
    full = sorted(s.all_cards())
    for a in actions:
        assert a in s.legal_actions(), f"{a!r} not legal; legal: {s.legal_actions()}"
        out.extend(e.text for e in s.apply(a))
        assert sorted(s.all_cards()) == full
    return out


def kind(s):
    return s.pending.kind if s.pending else None


def fillers(n, avoid=()):
    """n plain cards with no special role, for padding hands."""
    plain = [
        "joust",
        "feast",
        "tournament",
        "ride_out",
        "death",
        "banishment",
        "ambush",
        "prophecy",
        "pilgrimage",
        "tribute",
        "excalibur",
        "great_flood",
        "enchantment",
        "saxon_raid",
    ]
    return [c for c in plain if c not in avoid][:n]
