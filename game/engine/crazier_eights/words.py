"""The words the log lines and prompts are made of: card names, lists of them, and the
lines that recur, kept once made."""

from __future__ import annotations

from game.engine.core import MsgList, kept, msg
from game.engine.crazier_eights.deck import card

_WORDS: dict = {}  # log lines that recur (a seat's draw, turn, discard): made once


def said(key, make):
    """The message kept under ``key``, made by ``make()`` the first time (seats and card
    ids are few, so the table stays small)."""
    return kept(_WORDS, key, make)


def name(cid: str) -> str:
    """The card's name (a message: the level file's names are catalogued for translation)."""
    return card(cid).name


def names(cids) -> str:
    cids = list(cids)
    if not cids:
        return msg("nothing")
    if len(cids) == 1:
        return name(cids[0])
    words = [name(c) for c in cids]
    return msg("{items} and {last}", items=MsgList(words[:-1]), last=words[-1])
