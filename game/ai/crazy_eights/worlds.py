"""Sampled Crazy Eights worlds: a round built from one seat's View plus guessed hidden cards.

What the view says about the hidden hands comes from the round's public actions
(``view.round_actions``), replayed from the starter: a player who draws on a top
card could not play on it, so every card they held at that moment is none of the
playable ones (that suit, that rank, an eight), unless the table lets players draw
at will. Each hidden card is a *slot* carrying the cards it cannot be; a drawn card
starts a new, free slot; a played card leaves by the most constrained slot that allows
it (right after a draw, the drawn card's). Sampling deals the unseen cards to the slots, the
most constrained first, and what is left becomes the stock.
"""

from __future__ import annotations

import random

from game.engine.crazy_eights import State
from game.engine.crazy_eights.notation import CARD_BY_ACTION as _INDEX
from game.engine.crazy_eights.notation import EIGHT, PLAYABLE, SUIT_INDEX

# _FORBID[target]: the cards a player who drew on that target (suit * 13 + rank) lacks
_FORBID = tuple(sum(1 << c for c in range(52) if PLAYABLE[t][c]) for t in range(52))


def slot_constraints(view) -> list[list[int]]:
    """For every seat, one bit mask per hidden card: the cards that slot cannot be."""
    players = view.players
    slots: list[list[int]] = [[] for _ in range(players)]
    if not view.discard:
        return slots
    top = _INDEX[view.discard[0]]
    suit = top // 13
    seat = (view.dealer + 1) % players
    draws = [0] * players
    plays = [0] * players
    for action in view.round_actions:
        if action == "draw":
            draws[seat] += 1
        elif action != "pass":
            plays[seat] += 1
            seat = (seat + 1) % players
        else:
            seat = (seat + 1) % players
    # the deal: as many slots as the seat held before its first action of the round
    for s in range(players):
        slots[s] = [0] * max(0, view.hand_counts[s] - draws[s] + plays[s])
    seat = (view.dealer + 1) % players
    for action in view.round_actions:
        if action == "draw" or action == "pass":
            if not view.draw_when_able or action == "pass":
                forbid = _FORBID[suit * 13 + top % 13]
                own = slots[seat]
                for i in range(len(own)):
                    own[i] |= forbid
            if action == "draw":
                slots[seat].append(0)
            else:
                seat = (seat + 1) % players
            continue
        head, _, named = action.partition(":")
        card = _INDEX[head]
        own = slots[seat]
        bit = 1 << card
        # The card left by a slot that allows it; of those, the most constrained goes,
        # which keeps what remains as loose as the truth could be (right after a draw
        # only the drawn card's slot allows a playable card, so that one goes).
        allowing = [i for i, mask in enumerate(own) if not mask & bit]
        if allowing:
            del own[max(allowing, key=lambda i: own[i].bit_count())]
        elif own:
            own.pop()  # inconsistent: forget the freshest slot
        top = card
        suit = SUIT_INDEX[named] if named and card % 13 == EIGHT else card // 13
        seat = (seat + 1) % players
    for s in range(players):
        want = view.hand_counts[s]
        own = slots[s]
        del own[want:]
        own.extend([0] * (want - len(own)))
    return slots


def sample_state(view, rng: random.Random, slots: list[list[int]] | None = None) -> State:
    """A State for the rest of this round, consistent with ``view``; it ends with the round."""
    if slots is None:
        slots = slot_constraints(view)
    me = view.seat
    pool = [_INDEX[n] for n in view.unseen]
    rng.shuffle(pool)
    hands: list[list[int]] = [[] for _ in range(view.players)]
    order = [(s, mask) for s in range(view.players) if s != me for mask in slots[s]]
    order.sort(key=lambda sm: -sm[1].bit_count())
    for s, mask in order:
        if not pool:
            break
        pick = -1
        for i, c in enumerate(pool):
            if not (mask >> c) & 1:
                pick = i
                break
        if pick < 0:
            pick = 0  # inconsistent information: relax
        hands[s].append(pool.pop(pick))
    hands[me] = [_INDEX[n] for n in view.hand]
    st = State.__new__(State)
    st.options = {
        "players": view.players,
        "hand_size": 5,
        "draw_when_able": view.draw_when_able,
        "scoring": view.scoring,
        "rounds": view.round,  # the world ends with this round
        "target": 1 << 30,
    }
    st.players = view.players
    st.rng = random.Random(0)
    st.hands = hands
    st.stock = pool
    st.discard = [_INDEX[n] for n in view.discard]
    st.named_suit = None if view.named_suit is None else SUIT_INDEX[view.named_suit]
    st.current = view.current_player if view.current_player is not None else me
    st.drawn = view.drawn_this_turn
    st.dealer = view.dealer
    st.round = view.round
    st.totals = list(view.totals)
    st.history = []
    st.over = False
    st.buried = [_INDEX[n] for n in view.buried]
    st.actions = []
    st.round_start = 0
    return st
