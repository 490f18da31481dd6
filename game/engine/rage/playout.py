"""Rage rounds played out in one call, for simulations (a search bot's playouts).

``play_round_out(state, choose)`` plays the tricks left in the round with the rules
and the action log of ``State.apply``, but without events, notation or the checks
of a move typed by a person: ``choose`` picks among the cards the rules let the seat
play, and anything else is refused.
"""

from __future__ import annotations

from game.engine.core import IllegalAction, msg
from game.engine.limits import excerpt


def play_round_out(state, choose) -> None:
    """Play the rest of this round's tricks at once. ``choose(state, playable)`` gets the
    cards the seat to move may play (ints, in hand order) and returns ``(card, named)``:
    the card, and for a Joker the colour it names (an index into the deck's colours;
    None for any other card). The state ends as ``apply`` would leave it: the round
    scored, then the next one dealt or the match over. A state still predicting is
    left as it is."""
    if state.over or state.phase != "play":
        return
    d = state.d
    names, kind_of, colour_of, colours = d.names, d.kind_of, d.colour_of, d.colours
    hands, log, players, start = state.hands, state.actions, state.players, state.round
    while not state.over and state.round == start:
        seat = state.current
        hand = hands[seat]
        trick = state.trick
        playable = state.playable(seat)  # the rule of following, in one place
        card, named = choose(state, playable)
        kind = kind_of[card] if card in playable else None
        if kind is None or (named not in range(len(colours)) if kind == "J" else named is not None):
            raise IllegalAction(msg("{action} is not legal now.", action=excerpt((card, named))))
        name = names[card]
        card = next(c for c in hand if names[c] == name)  # of equal cards, the one apply plays
        hand.remove(card)
        if kind == "C":
            trick.append((seat, card, colour_of[card]))
            log.append(name)
        elif kind == "J":
            trick.append((seat, card, named))
            log.append(f"J:{colours[named]}")
        else:
            trick.append((seat, card, None))
            log.append(name)
            if kind == "NT":
                state._no_trump()
            elif kind == "CT":
                state._turn_trump()
        if len(trick) == players:
            state._finish_trick(quiet=True)
        else:
            state.current = (seat + 1) % players
