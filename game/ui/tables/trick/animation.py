"""What the trick table does when the engine reports an event: the flights of a card
played, a trick won and a deal, the hold of a finished trick (and a click or a key
ending it sooner), banners over the trick and calls made once what is queued has played.

Functions of the table (a ``TrickTable``): they queue flights with its ``fly`` and keep
the trick as it is drawn while a batch plays in the table's ``shown`` (the cards landed
in the trick), ``out`` (cards that left an opponent's hand), ``gone`` (your hand slots
whose card landed) and ``origin`` (the card you just played and where from), which
``view_changed`` resets when the batch is over. ``on_event`` is the table's (the
BaseTable contract) and ends with the game's own ``game_event``; a game's events use
``later`` and ``flash``.
"""

from __future__ import annotations

import pygame

from game.ui import cards

_BLANK: pygame.Surface | None = None


def blank_surface() -> pygame.Surface:
    """Nothing to draw: a flight that only marks time (a hold, a banner, a call)."""
    global _BLANK
    if _BLANK is None:
        _BLANK = pygame.Surface((1, 1), pygame.SRCALPHA)
    return _BLANK


# How long a finished trick is held, its winner marked, before it goes to the winner (ms)
TRICK_HOLD_MS = {"slow": 2200, "normal": 1800, "fast": 1500, "instant": 1500}


def on_event(t, ev) -> None:
    """Queue the flights of one engine event (as the viewer may see it)."""
    kind, seat, data = ev.kind, ev.seat, ev.data
    if kind == "play":
        card = data.get("card")
        dst = t.slot_centre(seat)
        if seat == t.anchor and t.viewer == t.anchor:
            index = _slot_index(t, card)
            src = (
                t.origin[2]
                if t.origin and t.origin[0].partition(":")[0] == card.partition(":")[0]
                else (t.slots[index][1] if index is not None else t.seat_point(seat))
            )
            tag = ("hand", index)
        else:
            src, tag, index = t.seat_point(seat), ("out", seat), None
        t.origin = None
        flight = t.fly(t.face(card, t.trick_h), src, dst, tag=tag, hold=False)
        flight.on_done = lambda s=seat, c=card, i=index: _landed(t, s, c, i)
    elif kind == "trick_won":
        winner = data.get("winner", seat)
        # the finished trick stays, its winning card and player marked, long enough
        # to take in at every speed (instant too); a click or Space moves on sooner
        pause = TRICK_HOLD_MS.get(t.ctx.settings.get("speed"), TRICK_HOLD_MS["normal"])
        start = t.anim.after()
        t.fly(
            blank_surface(),
            t.centre,
            t.centre,
            tag=("winner", winner),
            hold=False,
            after=start,
            duration=pause,
            shadow=False,
        )
        begin = start + pause
        t.fly(
            blank_surface(),
            t.centre,
            t.centre,
            hold=False,
            after=begin,
            duration=0,
            shadow=False,
        ).on_done = lambda: _collected(t)
        dst = t.seat_point(winner)
        for s, card in data.get("plays", []):
            t.fly(
                t.face(card, t.trick_h),
                t.slot_centre(s),
                dst,
                tag=("collect", winner),
                hold=False,
                after=begin,
            )
    elif kind == "deal":
        later(t, lambda: _new_round(t))
        start = t.anim.after()
        for k, s in enumerate(t.seat_order()):
            t.fly(
                cards.back(t.opp_h),
                t.centre,
                t.seat_point(s),
                tag=("deal", s),
                hold=False,
                after=start + k * t.move_ms * 0.25,
                duration=t.move_ms * 0.8,
            )
    t.game_event(ev)


def later(t, fn, delay: float = 0.0) -> None:
    """Run ``fn`` when everything queued so far (plus ``delay`` ms) has played."""
    start = t.anim.after() + (delay if t.move_ms else 0)
    t.fly(
        blank_surface(),
        t.centre,
        t.centre,
        tag=None,
        hold=False,
        after=start,
        duration=0,
        shadow=False,
    ).on_done = fn


def flash(t, text: str, ms: float = 1100) -> None:
    """A short banner over the trick (No Trump, Change Trump …), after what is queued."""
    if t.move_ms:
        t.fly(
            blank_surface(),
            t.centre,
            t.centre,
            tag=("banner", text),
            hold=False,
            duration=ms,
            shadow=False,
        )


def held_trick(t):
    """The hold of a finished trick now on the screen (its "winner" flight), or None."""
    now = t.anim.now
    return next(
        (
            f
            for f in t.anim.flights
            if isinstance(f.tag, tuple) and f.tag[0] == "winner" and f.start <= now
        ),
        None,
    )


def skip_trick_hold(t) -> bool:
    """End the held trick's pause now: everything queued after it comes that much
    sooner. False when no trick is held."""
    hold = held_trick(t)
    if hold is None:
        return False
    end = hold.start + hold.duration
    early = end - t.anim.now
    hold.duration = max(0.0, t.anim.now - hold.start)
    for f in t.anim.flights:
        if f is not hold and f.start >= end:
            f.start -= early
    return True


def _slot_index(t, card: str) -> int | None:
    """Your hand slot the played ``card`` leaves from (one not already in flight)."""
    flying = {tag[1] for tag in t.anim.tags() if isinstance(tag, tuple) and tag[0] == "hand"}
    if t.origin and t.origin[0].partition(":")[0] == card.partition(":")[0]:
        return t.origin[1]
    head = card.partition(":")[0]
    for i, (name, __, ___) in enumerate(t.slots):
        if name == head and i not in flying:
            return i
    return None


def _landed(t, seat: int, card: str, slot: int | None = None) -> None:
    """A played card reached the trick: it is drawn there and no longer in its hand."""
    t.shown.append((seat, card))
    t.out[seat] = t.out.get(seat, 0) + 1
    if slot is not None:
        t.gone.add(slot)


def _collected(t) -> None:
    t.shown = []


def _new_round(t) -> None:
    t.shown = []
    t.show_last = False
