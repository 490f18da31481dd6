"""Hints for the card games: the strongest bot's move for the player's own view, in words.

The move is worked out where the hard bots think, in the table's worker process
(``Thinking.ask_hint``), so a hint never takes the window's interpreter from its frames.

A hint never reads the game state: the bot gets ``view(seat)`` and the legal actions,
exactly what an opponent's bot gets, so it cannot give away a hidden card. The answer
is described in the table's words ("play 7♥ and name hearts", "predict 3 tricks") and,
when it is a card in the hand, that card is named so the table can ring it. Cross
Rummy has its own hint (``tables/cross_rummy/hint.py``): a lay is shown on the board.
"""

from __future__ import annotations

import contextlib
import copy

from game.ai import available_levels, make_bot
from game.services.i18n import MsgList, msg, nmsg, say


def best_level(game_id: str) -> str:
    levels = available_levels(game_id)
    return next((lv for lv in ("hard", "normal", "easy", "random") if lv in levels), levels[-1])


def choose(game_id: str, view, legal: list, seed: int = 0, untimed: bool = False):
    """The best level's move for ``view`` (a copy: the bot may not change the table's),
    worked out here. The app asks its worker process instead (``Thinking.ask_hint``);
    this is for tables that think inline (the tests) and for tools. ``untimed``: the
    bot searches a fixed amount, never reading the clock."""
    bot = make_bot(game_id, best_level(game_id), seed)
    if untimed and hasattr(bot, "untimed"):
        bot.untimed()
    return bot.choose(copy.deepcopy(view), list(legal))


def describe(game_id: str, action, view, names: dict | None = None) -> tuple[str, str | None]:
    """The hint's words and the hand card to ring (None when the move is not a card);
    ``names`` fills the seats' names into the engine's labels ({P2})."""
    text = str(action)
    fn = _DESCRIBE.get(game_id)
    words, card = fn(text, view) if fn is not None else (text, None)
    said = say(msg("Hint: {move}.", move=words))
    with contextlib.suppress(KeyError, ValueError, IndexError):
        said = said.format_map(names or {})
    return said, card


def _crazy_eights(text: str, view):
    from game.engine.cards import SUIT_NAMES, pretty

    if text == "draw":
        return msg("draw a card from the stock"), None
    if text == "pass":
        return msg("pass"), None
    card, _, suit = text.partition(":")
    if suit:
        return msg(
            "play {card} and name {suit}", card=pretty(card), suit=SUIT_NAMES.get(suit, suit)
        ), card
    return msg("play {card}", card=pretty(card)), card


def _rage(text: str, view):
    from game.engine.rage import deck
    from game.engine.rage.cards import pretty_name

    head, _, rest = text.partition(":")
    if head == "predict":
        n = int(rest)
        return nmsg("predict {n} trick", "predict {n} tricks", n), None
    return msg("play {card}", card=pretty_name(deck(), text)), head


def _crazy_lab(text: str, view):
    from game.engine.crazy_lab.cards import deck

    d = deck()
    head, _, rest = text.partition(":")
    if head == "plus":
        colour = d.colour_word(d.colours.index(rest))
        return msg("pick {colour} as your secret plus colour", colour=colour), None
    if head == "trump":
        words = MsgList((d.colour_word(d.colours.index(c)) for c in rest.split(",")), True)
        return msg("choose {colours} for the trump pile", colours=words), None
    return msg("play {card}", card=d.pretty(d.parse(text))), text


def _crazier_eights(text: str, view):
    pending = getattr(view, "pending", None) or {}
    label = next((lab for a, lab in pending.get("options") or [] if a == text), None)
    kind, _, rest = text.partition(":")
    card = rest.split(":")[0] if kind in ("play", "discard") else None
    if label and pending.get("kind") != "main":
        return msg(
            "answer “{prompt}” with {answer}", prompt=pending.get("prompt", ""), answer=label
        ), card
    if label:
        return label, card
    return (msg("end your turn") if text == "end" else text), card


_DESCRIBE = {
    "crazy_eights": _crazy_eights,
    "rage": _rage,
    "crazy_lab": _crazy_lab,
    "crazier_eights": _crazier_eights,
}
