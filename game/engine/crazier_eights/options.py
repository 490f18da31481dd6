"""The main phase's options: the discard rule, and each card's option entries (the
action and its words), built once per card id, not on every move."""

from __future__ import annotations

from typing import Any

from game.engine.core import msg
from game.engine.crazier_eights.deck import COLOUR_WORDS, COLOURS, EIGHT, card


def current_colours(top: str, named: str | None) -> tuple:
    return (named,) if named else card(top).colours


def can_discard(cid: str, top: str, named: str | None = None) -> bool:
    """May ``cid`` be discarded on ``top`` (whose named colour, if any, is ``named``)?"""
    t = card(top)
    return matches(card(cid), t.rank, (named,) if named else t.colours)


def matches(c, rank: str, colours: tuple) -> bool:
    """The discard rule on card definitions: an eight, the top's rank, or a colour in force."""
    return c.rank == EIGHT or c.rank == rank or any(colour in colours for colour in c.colours)


_END_TURN = msg("End turn")
_CACHE: dict[tuple[str, str], Any] = {}  # an option (action, text), or a list of them
END_OPTION = ("end", _END_TURN)


def play_option(cid: str) -> tuple:
    key = ("play", cid)
    opt = _CACHE.get(key)
    if opt is None:
        d = card(cid)
        if d.type == "asset":
            text = msg("Play {card} (into your zone)", card=d.name)
        else:
            text = msg("Play {card} (event)", card=d.name)
        opt = _CACHE[key] = (f"play:{cid}", text)
    return opt


def discard_option(cid: str) -> tuple:
    key = ("discard", cid)
    opt = _CACHE.get(key)
    if opt is None:
        opt = _CACHE[key] = (f"discard:{cid}", msg("Discard {card}", card=card(cid).name))
    return opt


def eight_options(cid: str) -> list:
    """Discarding an eight: one option per colour it may name."""
    key = ("eight", cid)
    opts = _CACHE.get(key)
    if opts is None:
        name_ = card(cid).name
        opts = _CACHE[key] = [
            (
                f"discard:{cid}:{col}",
                msg("Discard {card}, naming {colour}", card=name_, colour=COLOUR_WORDS[col]),
            )
            for col in COLOURS
        ]
    return opts
