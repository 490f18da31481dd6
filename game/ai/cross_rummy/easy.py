"""Cross Rummy easy bot: one line at a time.

It lays the first thing the engine's generator finds (an opening line, a new line,
or one extension or crossing; never a rearranged table, never the most it could
lay), otherwise takes a market tile that completes something in its rack or fits
the table, and draws. It plays Draw Three on a player down to three tiles and Swap
when its own rack is short; in a Swap it passes the tiles it needs least.
"""

from __future__ import annotations

from collections import Counter

from game.ai.base import SeededBot
from game.ai.cross_rummy.normal import simple_lay, tiles_to_pass, usefulness
from game.ai.cross_rummy.tile_solver import rack_faces
from game.engine.cross_rummy.tiles import DRAW3, SWAP, parse_face


class EasyBot(SeededBot):
    level = "easy"

    def choose(self, view, actions):
        actions = list(actions)
        if view.phase == "swap":
            return tiles_to_pass(view, actions)
        seat = view.seat
        short = [s for s in range(view.players) if s != seat and view.rack_counts[s] <= 3]
        if short:
            target = min(short, key=lambda s: view.rack_counts[s])
            if f"play:{DRAW3}:{target}" in actions:
                return f"play:{DRAW3}:{target}"
        lay = simple_lay(view)
        if lay:
            return lay
        forced = [a for a in actions if a.startswith("lay:")]
        if forced:
            return forced[0]
        if f"play:{SWAP}" in actions and len(view.rack) <= 3:
            return f"play:{SWAP}"
        hand = Counter(rack_faces(view.rack))
        table = {c: parse_face(t) for c, t in view.table.items()}
        for a in actions:
            name = a[5:] if a.startswith("take:") else None
            if (
                name
                and name not in (SWAP, DRAW3)
                and usefulness(parse_face(name), hand, table, view.opened[seat]) >= 3
            ):
                return a
        if "draw" in actions:
            return "draw"
        return self.rng.choice(actions)
