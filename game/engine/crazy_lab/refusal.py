"""Crazy Lab: why an action is refused — the reasons ``apply`` raises and the UI shows.

The checks follow the round: the plus colour first, then two scoring cards for the
trump pile, then any card in hand.
"""

from __future__ import annotations

from game.engine.core import msg
from game.engine.limits import excerpt


def refusal(state, action) -> str | None:
    """Why ``action`` is not legal for the seat to move of ``state``, in words (a message
    the UI translates); None if it is."""
    if state.over:
        return msg("The game is over.")
    d, seat = state.d, state.current
    if not isinstance(action, str) or len(action) > 40:
        return msg(
            "{action} is not a Crazy Lab move (write G5/P1/O1, plus:Y or trump:B,O).",
            action=excerpt(action),
        )
    text = action.strip()
    head, _, arg = text.partition(":")
    if state.phase == "choose":
        if state.plus[seat] is None:
            if head != "plus":
                return msg("First pick your plus colour from your stack (plus:Y).")
            if not _is_colour(d, arg):
                return _not_a_colour(d, arg)
            c = d.colours.index(arg)
            if c == state.minus[seat]:
                return msg(
                    "{colour} is your minus colour; your plus colour must differ.",
                    colour=d.colour_word(c),
                )
            return None
        if head != "trump":
            return msg(
                "Now put two of your three remaining scoring cards into the trump pile (trump:B,O)."
            )
        picks = [p.strip() for p in arg.split(",")]
        if len(picks) != 2 or len(set(picks)) != 2:
            return msg("Choose exactly two different scoring cards for the trump pile.")
        for p in picks:
            if not _is_colour(d, p):
                return _not_a_colour(d, p)
            if d.colours.index(p) not in state.stacks[seat]:
                return msg(
                    "There is no {colour} scoring card left in your stack.",
                    colour=d.colour_word(d.colours.index(p)),
                )
        return None
    if head in ("plus", "trump"):
        return msg("The secret choices are made; play a card.")
    try:
        card = d.parse(text)
    except ValueError as exc:
        return msg("{reason}.", reason=exc.args[0])
    if card not in state.hands[seat]:
        return msg("{card} is not in your hand.", card=d.pretty(card))
    return None


def _is_colour(d, text: str) -> bool:
    return len(text) == 1 and text in d.colours


def _not_a_colour(d, text: str) -> str:
    return msg(
        "{text} is not a colour; colours are {colours}.",
        text=excerpt(text),
        colours=", ".join(d.colours),
    )
