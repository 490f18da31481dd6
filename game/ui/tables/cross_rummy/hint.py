"""The Cross Rummy hint: what the best bot would do, worked out from the player's own view.

A hint never reads the game state: it asks the bots with ``view(seat)`` and the legal
actions, exactly what an opponent's bot gets — the hard bot's planner for a lay, the
normal bot for anything else. When a lay exists it is always the hint
(a player who cannot see a lay is the one who needs it most), else the bot's take,
draw, event or pass. A lay hint says which rack tiles go where and which table tiles
move; the table draws them ghosted and one click puts them on the tentative layout.
"""

from __future__ import annotations

from game.ai.cross_rummy.hard import HardBot
from game.ai.cross_rummy.normal import NormalBot, simple_lay
from game.ai.cross_rummy.tile_solver import validate_for_view
from game.engine.cross_rummy import lay as laymod
from game.engine.cross_rummy.tiles import label, pretty
from game.services.i18n import MsgList, _, msg, ngettext, say

HINT_S = 0.15  # planning time for a lay hint


def changes(view, layout: dict) -> tuple[dict, list]:
    """What ``layout`` changes on the view's table, as the engine assigns tiles: the rack
    tiles' cells {cell: name} and the table tiles moved [(from, to, name)]."""
    _, new, laid, before = validate_for_view(view, layout)
    if new is None:
        return {}, []
    added = {c: label(t) for c, t in new.items() if t in set(laid)}
    return added, laymod.moves(before, new)


def _names(names) -> str:
    return say(MsgList([pretty(n) for n in names], conjoined=True))


def find_hint(view, legal: list, name_of=lambda s: f"player {s + 1}") -> dict | None:
    """The hint for ``view``'s seat: a dict with ``kind`` (lay, take, draw, event, give,
    pass), ``action`` and ``text``; a lay adds ``layout``, ``added`` and ``moved``."""
    if view is None or view.over or not legal:
        return None
    action = None
    if view.phase == "turn":
        # the hard bot's lay (the widest search: gap fills, two-tile edits, groups
        # moved to free a slot), in the time a key press can wait; when its planners
        # find none it asks the engine's own generator (one table tile moved included)
        planned = HardBot(seed=0, budget_s=HINT_S).plan(view)
        action = planned[0] if planned else None
        action = action or next((a for a in legal if a.startswith("lay:")), None)
        action = action or simple_lay(view)
    if action is None:
        action = NormalBot(seed=0).choose(view, legal)
    if action.startswith(laymod.PREFIX):
        layout = laymod.decode_lay(action)
        added, moved = changes(view, layout)
        tiles = list(added.values())
        what = (
            _names(tiles)
            if len(tiles) <= 3
            else ngettext("{n} tile", "{n} tiles", len(tiles)).format(n=len(tiles))
        )
        if moved:
            shifted = [n for __, ___, n in moved]
            others = _names(shifted) if len(shifted) <= 2 else str(len(shifted))
            text = _(
                "Hint: lay {tiles} and move {moved} (shown on the board): "
                "H or Apply hint places them"
            ).format(tiles=what, moved=others)
        else:
            text = _("Hint: lay {tiles} (shown on the board): H or Apply hint places them").format(
                tiles=what
            )
        return {
            "kind": "lay",
            "action": action,
            "layout": layout,
            "added": added,
            "moved": moved,
            "text": text,
        }
    if action.startswith("take:"):
        tile = action[5:]
        return {
            "kind": "take",
            "action": action,
            "tile": tile,
            "text": say(msg("Hint: take {tile} from the market.", tile=pretty(tile))),
        }
    if action == "draw":
        return {"kind": "draw", "action": action, "text": _("Hint: draw a tile from the bag.")}
    if action.startswith("play:"):
        __, tile, *target = action.split(":")
        if target:
            text = msg(
                "Hint: play {tile} on {player}.", tile=pretty(tile), player=name_of(int(target[0]))
            )
        else:
            text = msg("Hint: play {tile}.", tile=pretty(tile))
        return {"kind": "event", "action": action, "tile": tile, "text": say(text)}
    if action.startswith("give:"):
        names = [n for n in action[5:].split(",") if n]
        return {
            "kind": "give",
            "action": action,
            "tiles": names,
            "text": _("Hint: pass {tiles} to the left. Press H to choose them.").format(
                tiles=_names(names)
            ),
        }
    return {"kind": "pass", "action": action, "text": _("Hint: nothing else is possible: pass.")}
