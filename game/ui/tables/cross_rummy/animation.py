"""What the Cross Rummy table does when the engine reports an event: the flights of a
lay (tiles from the player's rack or from where they were moved), a market tile taken,
tiles drawn from the bag and an event tile played, and each player's last lay marked on
the board until their next turn.

Functions of the table: they queue flights with its ``fly`` and keep the marks the next
view shows in its ``marks_next`` (``view_changed`` takes them on). ``on_event`` is the
table's (the BaseTable contract), which takes it at module level.
"""

from __future__ import annotations

import game.ui.tables.cross_rummy.geometry as geometry
from game.ui.tables.cross_rummy.art import tile, tile_back


def on_event(t, ev) -> None:
    """Queue the flights of one engine event (as the viewer may see it)."""
    kind, seat, data = ev.kind, ev.seat, ev.data
    if kind == "lay":
        before = t.view.table if t.view else {}
        after = {(x, y): name for x, y, name in data.get("table", [])}
        moved = {(a, b): (c, d) for a, b, c, d, _ in data.get("moved", [])}
        t.marks_next = geometry.remap_marks(
            t.marks_next if t.marks_next is not None else t.marks,
            seat,
            before,
            after,
            moved,
        )
        if seat == t.anchor and t.viewer == t.anchor:
            return  # the player put these tiles down by hand
        cw, ch = t.cell_size()
        h = ch - 2 * max(1, cw // 20)
        start = t.anim.after()
        came_from = {dst: src for src, dst in moved.items()}
        changed = {c for c, n in after.items() if before.get(c) != n} | set(came_from)
        for i, cell in enumerate(sorted(changed, key=lambda c: (c[1], c[0]))):
            src = t.cell_rect(came_from[cell]).center if cell in came_from else seat_point(t, seat)
            dst = t.cell_rect(cell).center
            t.fly(tile(after[cell], h), src, dst, tag=("lay", cell), after=start + 45 * i)
    elif kind == "take":
        slot = next((r for n, r in t.market_slots if n == data.get("tile")), None)
        if slot is not None:
            img = tile(data["tile"], slot.h)
            t.fly(img, slot.center, seat_point(t, seat), tag=("take", seat), hold=False)
    elif kind == "draw":
        names = data.get("tiles") or []
        h = t.m.px(70)
        for k in range(data.get("count", 1)):
            img = tile(names[k], h) if k < len(names) and seat == t.viewer else tile_back(h)
            t.fly(
                img,
                bag_point(t),
                seat_point(t, seat),
                tag=("draw", seat),
                hold=False,
                after=t.anim.after() if k == 0 else None,
            )
    elif kind == "event":
        img = tile(data.get("tile", "SWAP"), t.m.px(110))
        t.fly(
            img,
            seat_point(t, seat),
            t.board.center,
            tag=("event", seat),
            hold=False,
            duration=max(t.move_ms * 2, 0),
        )
    elif kind == "deal":
        t.marks_next = {}
        t.user_camera = False


def seat_point(t, seat: int) -> tuple[int, int]:
    """Where a seat's tiles come from and go to: your rack, or an opponent's plate."""
    if seat == t.anchor:
        return t.rack_rect.center
    return t.seat_points.get(seat, (t.area.centerx, t.area.y + t.m.px(60)))


def bag_point(t) -> tuple[int, int]:
    """Where drawn tiles leave the bag: under the market."""
    if t.market_slots:
        return (t.side.centerx, t.market_row.bottom + t.m.px(40))
    return t.side.center
