"""A hand fanned along a shallow arc: where each card of it sits, as the card tables
lay out the player's hand (``self.slots``: one ``(name, centre, angle)`` per card)."""

from __future__ import annotations


def fan_slots(
    names: list[str], centre_x: float, base_y: float, step: float, tilt: float, dip: float
) -> list[tuple[str, tuple[float, float], float]]:
    """``names`` side by side ``step`` apart, centred on ``centre_x``: the middle of the
    fan at ``base_y``, the outermost cards ``dip`` lower (a parabola), each card turned
    ``tilt`` degrees more than its neighbour towards the middle."""
    mid = (len(names) - 1) / 2
    drop = dip / max(1.0, mid * mid)
    slots = []
    for i, name in enumerate(names):
        d = i - mid
        slots.append((name, (centre_x + d * step, base_y + d * d * drop), -d * tilt))
    return slots
