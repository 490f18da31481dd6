"""Crazier Eights bots.

normal: sheds cards as fast as its allowances let it (events that grant extra plays
or discards first, then discards chosen to keep later discards possible, then plays
of the cards that are hardest to discard), keeps eights for when nothing else
fits, aims draws, skips and asset removal at the opponent closest to going out,
stays below four assets while an opponent's Mordred or its own Thin Ice is in
play, saves its own assets with protectors, and answers every other decision
with a simple preference (draw fewer, tuck and give its least useful cards).
The bot reads card data from the deck (public) and nothing but its view.
"""

from __future__ import annotations

import random
from collections import Counter

from game.engine.crazier_eights.deck import COLOURS, EIGHT, card, step_calls

GOOD_ASSET = {
    "destroy_prevention": 3,
    "draw_reduction": 3,
    "skip_draw": 3,
    "extra_play": 4,
    "extra_discard": 4,
}


def _prims(cid: str, trigger: str | None = None) -> set[str]:
    out = set()
    for ab in card(cid).abilities:
        if trigger is None or ab.trigger == trigger:
            out |= {c[1] for c in step_calls(ab.steps)}
    return out


def _is_doom(cid: str, for_opp: bool) -> bool:
    """An asset that makes a player with four or more assets lose."""
    return any(
        ab.trigger == "end_turn"
        and (ab.trigger_arg == "opp") == for_opp
        and "lose_if" in _prims(cid, "end_turn")
        for ab in card(cid).abilities
    )


def _fits(cid: str, colours, rank: str) -> bool:
    d = card(cid)
    return d.rank == EIGHT or bool(set(d.colours) & set(colours)) or d.rank == rank


def parse_discard(action: str) -> tuple[str, str | None]:
    """``discard:<id>[:colour]`` -> (id, colour)."""
    rest = action.split(":", 1)[1]
    head, _, tail = rest.rpartition(":")
    return (head, tail) if head and tail in COLOURS else (rest, None)


class NormalBot:
    level = "normal"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    # ---------------------------------------------------------------- helpers

    def _opps(self, v) -> list[int]:
        return [s for s in range(v.players) if v.alive[s] and v.teams[s] != v.teams[v.seat]]

    def _friends(self, v) -> set[int]:
        return {s for s in range(v.players) if v.teams[s] == v.teams[v.seat]}

    def _threat_order(self, v) -> list[int]:
        return sorted(self._opps(v), key=lambda s: (v.hand_counts[s], -len(v.assets[s])))

    def _asset_cap(self, v) -> int:
        opp_doom = any(_is_doom(c, True) for s in self._opps(v) for c in v.assets[s])
        own_doom = any(_is_doom(c, False) for c in v.assets[v.seat])
        return 3 if opp_doom or own_doom else 99

    def _asset_value(self, cid: str) -> float:
        prims = _prims(cid)
        val = 1.0 + sum(GOOD_ASSET.get(p, 0) for p in prims)
        if _is_doom(cid, False):
            val -= 2
        if "destroy" in _prims(cid, "begin_turn"):
            val -= 1
        return val

    def _keep_score(self, hand: list[str], colours, rank: str) -> float:
        """How many of ``hand`` could be discarded on a top with these colours and rank."""
        return sum(1 for c in hand if card(c).rank != EIGHT and _fits(c, colours, rank))

    def _best_colour(self, hand: list[str]) -> str:
        count = Counter(col for c in hand if card(c).rank != EIGHT for col in card(c).colours)
        return max(COLOURS, key=lambda col: (count[col], -COLOURS.index(col)))

    # ---------------------------------------------------------------- choose

    def choose(self, view, actions):
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        kind = view.pending["kind"] if view.pending else "main"
        handler = getattr(self, "_" + kind, None)
        choice = handler(view, actions) if handler else None
        return choice if choice in actions else self.rng.choice(actions)

    def _main(self, v, actions):
        hand = v.hand
        plays = [a for a in actions if a.startswith("play:")]
        discards = [a for a in actions if a.startswith("discard:")]
        if len(hand) == 1 and (plays or discards):
            return (plays or discards)[0]
        # 1. events that give more plays or discards, while there is something to use them on
        if len(hand) > 2:
            for a in plays:
                cid = a[5:]
                if card(cid).type == "event" and {"extra_play", "extra_discard"} & _prims(cid):
                    if "draw" in _prims(cid) and len(hand) < 4:
                        continue
                    if (
                        "extra_discard" in _prims(cid)
                        and "extra_play" not in _prims(cid)
                        and not discards
                    ):
                        continue
                    return a
        # 2. a discard that keeps the most discards possible afterwards; eights last
        best = None
        if discards:
            best_score = -1e9
            for a in discards:
                cid, colour = parse_discard(a)
                rest = [c for c in hand if c != cid]
                if colour and colour != self._best_colour(rest):
                    continue
                d = card(cid)
                score = self._keep_score(rest, (colour,) if colour else d.colours, d.rank)
                if d.rank == EIGHT:
                    score -= 5
                score += self.rng.random() * 0.01
                if score > best_score:
                    best, best_score = a, score
            if best is not None and (
                card(parse_discard(best)[0]).rank != EIGHT or not plays or len(hand) <= 2
            ):
                return best
        # 3. plays: shed the card that is hardest to discard, skipping harmful ones
        if plays:
            scored = [(self._play_score(v, a[5:]), a) for a in plays]
            scored = [x for x in scored if x[0] > -50]
            if scored:
                return max(scored)[1]
        if discards and best is not None:
            return best
        return "end"

    def _play_score(self, v, cid: str) -> float:
        d = card(cid)
        me = v.seat
        prims = _prims(cid)
        hand = [c for c in v.hand if c != cid]
        top = card(v.top)
        score = (
            10.0
            - 3 * _fits(cid, v.top_colours, top.rank)
            - sum(_fits(c, d.colours, d.rank) for c in hand) * 0.2
        )
        if d.rank == EIGHT:
            score -= 8
        if d.type == "asset":
            if len(v.assets[me]) + 1 > self._asset_cap(v) or (
                _is_doom(cid, False) and len(v.assets[me]) >= 3
            ):
                return -100
            score += self._asset_value(cid) * 0.5
            return score
        others = [s for s in self._opps(v)]
        opp_assets = sum(len(v.assets[s]) for s in others)
        mine = len(v.assets[me])
        if "shuffle_hands_and_redeal" in prims:
            alive = [s for s in range(v.players) if v.alive[s]]
            avg = sum(v.hand_counts[s] for s in alive) / len(alive)
            if len(v.hand) - 1 <= avg:
                return -100
        if "return_to_hand" in prims and "all" in repr(card(cid).abilities) and mine >= opp_assets:
            return -100
        if "destroy" in prims and opp_assets == 0 and mine > 0:
            score -= 4
        if prims & {"draw", "skip_turn", "give"}:
            score += 2
        return score

    # ---------------------------------------------------------------- decisions

    def _pick_player(self, v, actions):
        for s in self._threat_order(v):
            if f"choose:p{s}" in actions:
                return f"choose:p{s}"
        return "choose:none" if "choose:none" in actions else actions[0]

    def _pick_asset(self, v, actions):
        prompt = v.pending["prompt"]
        friends = self._friends(v)
        owner = {}
        for s, zone in enumerate(v.assets):
            for c in zone:
                owner[c] = s
        cands = [a for a in actions if a[7:] in owner]
        order = self._threat_order(v)
        taking = "taken" in prompt
        cap = self._asset_cap(v)

        def score(a):
            c = a[7:]
            s = owner[c]
            if s in friends:
                if "your assets" in prompt:  # Saxon Raid: give up the least useful
                    return -self._asset_value(c)
                return -100 - self._asset_value(c)
            rank = order.index(s) if s in order else len(order)
            val = self._asset_value(c)
            if taking and (_is_doom(c, False) or len(v.assets[v.seat]) + 1 > cap):
                val -= 10
            return 50 - 5 * rank + val

        best = max(cands, key=score) if cands else None
        if best is not None and score(best) > -50:
            return best
        for word in ("choose:done", "choose:none"):
            if word in actions:
                return word
        return best or actions[0]

    def _protect(self, v, actions):
        friends = self._friends(v)
        mine = [
            a for a in actions if a != "choose:none" and any(a[7:] in v.assets[s] for s in friends)
        ]
        if mine:
            return max(mine, key=lambda a: self._asset_value(a[7:]))
        return "choose:none"

    def _order(self, v, actions):
        """Removal and shedding first (Sword in the Stone can save us from a doom check), dooms last."""
        sources = v.pending.get("targets") or []

        def rank(i):
            if i >= len(sources):
                return 0
            prims = _prims(sources[i])
            return ("lose_if" in prims) * -10 + bool(
                prims & {"destroy", "return_to_hand", "tuck"}
            ) * 5

        best = max(range(len(actions)), key=rank)
        return actions[best]

    def _may(self, v, actions):
        return "choose:yes"

    def _draw_fewer(self, v, actions):
        return "choose:yes"

    def _skip_draw(self, v, actions):
        return "choose:yes"

    def _colour(self, v, actions):
        return f"choose:{self._best_colour(v.hand)}"

    def _worst_card(self, v, options: list[str]) -> str:
        def useful(a):
            c = a[7:]
            d = card(c)
            return (
                (d.rank == EIGHT) * 10
                + sum(_fits(x, d.colours, d.rank) for x in v.hand if x != c)
                + _fits(c, v.top_colours, card(v.top).rank) * 2
            )

        return min(options, key=useful)

    def _tuck(self, v, actions):
        cards = [a for a in actions if a not in ("choose:done",)]
        non_eight = [a for a in cards if card(a[7:]).rank != EIGHT]
        if non_eight and len(v.hand) > 1:
            return self._worst_card(v, non_eight)
        return "choose:done" if "choose:done" in actions else actions[0]

    def _give(self, v, actions):
        cards = [a for a in actions if a != "choose:done"]
        return self._worst_card(v, cards) if cards else actions[0]

    def _look(self, v, actions):
        """Before our own draw, put the card that fits our hand best on top."""
        if v.phase != "beginning" or v.seat not in v.actives:
            return "choose:keep"
        cards_ = [a for a in actions if a != "choose:keep"]
        top = card(v.top)

        def fit(a):
            c = card(a[7:])
            return (
                (c.rank == EIGHT) * 3
                + _fits(a[7:], v.top_colours, top.rank) * 2
                + (c.type == "event")
            )

        best = max(cards_, key=fit) if cards_ else None
        return best if best and cards_.index(best) > 0 else "choose:keep"

    def _put(self, v, actions):
        cap = self._asset_cap(v)
        cands = [a for a in actions if a != "choose:done" and not _is_doom(a[7:], False)]
        if cands and len(v.assets[v.seat]) + 1 <= cap:
            return max(cands, key=lambda a: self._asset_value(a[7:]))
        return "choose:done" if "choose:done" in actions else actions[0]
