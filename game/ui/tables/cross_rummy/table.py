"""The Cross Rummy table: a pannable, zoomable tile grid, your rack, the market.

While it is your turn you build the table you want: drag tiles from the rack onto
cells, move table tiles around, drag tiles you placed this turn back to the rack.
After every change the engine's ``validate_lay`` is asked and invalid lines are
marked on the board with its reasons; Done submits the layout as one lay (the
engine's verdict shows if it refuses), Reset restores the start of the turn.

Input: drag the board background (or arrow keys) to pan, wheel or +/− to zoom;
click a market tile to choose it, then Take (or Enter) takes it; Draw; click an event
tile on the rack to play it (Draw Three asks for the opponent). In a Swap, click two rack tiles and Pass.
Click-to-place: click a rack tile then a cell; click a table tile to lift it, then
its new cell. Keys: Tab picks a rack tile, Shift+arrows move the cell cursor, Space
puts down or lifts, Backspace takes a tile back; Enter Done, R Reset, D Draw, S sort,
C centres the board.
"""

from __future__ import annotations

import math
from typing import ClassVar

import pygame

import game.ui.tables.cross_rummy.draw as painting
from game.engine.cross_rummy import encode_lay
from game.engine.cross_rummy.grid import groups
from game.services.i18n import APPLY_HINT, HINT_LABEL, SORT_LABELS, _, msg, ngettext
from game.ui import theme
from game.ui.tables.base import BaseTable
from game.ui.tables.cross_rummy.art import tile, tile_back, tile_size
from game.ui.tables.cross_rummy.board_draw import marks_key
from game.ui.tables.cross_rummy.input import ZOOM_MAX, ZOOM_MIN, TableInput
from game.ui.tables.cross_rummy.moves import TurnMoves
from game.ui.widgets import Button, button_width

COLOUR_ORDER = "RYBG"


def rack_tile_floor(floor_px: int) -> int:
    """The smallest tile height whose two-digit number (0.44 of the tile) is drawn at
    ``floor_px`` or more."""
    h = 12
    while round(h * 0.44) < floor_px:
        h += 1
    return h


def rack_key(name: str, by: str):
    if name in ("SWAP", "DRAW3"):
        return (2, name, 0)
    c, n = COLOUR_ORDER.index(name[0]), int(name[1:])
    return (0, c, n) if by == "colour" else (0, n, c)


def remap_marks(marks: dict, seat: int, before: dict, after: dict, moved: dict) -> dict:
    """The last-lay marks after ``seat`` lays: ``seat``'s are this lay's rack tiles and
    moved tiles; the others follow their tiles when this lay moved them, and a mark
    whose tile has left its cell is dropped."""
    out = {}
    for s, mk in marks.items():
        if s == seat:
            continue
        new = {moved.get(c, c) for c in mk["new"] if after.get(moved.get(c, c)) == before.get(c)}
        shifted = {}
        for c, src in mk["moved"].items():
            if after.get(moved.get(c, c)) == before.get(c):
                shifted[moved.get(c, c)] = src if c not in moved else c
        if new or shifted:
            out[s] = {"new": new, "moved": shifted}
    came = {dst: src for src, dst in moved.items()}
    fresh = {c for c, n in after.items() if before.get(c) != n and c not in came}
    out[seat] = {"new": fresh, "moved": came}
    return out


class Table(TurnMoves, TableInput, BaseTable):
    game_id = "cross_rummy"
    seat_state: ClassVar[dict] = {
        "press": None,
        "hover": None,
        "focus": None,
        "cursor": None,
        "held": None,
        "selected": [],
        "hint": None,
        "hover_cell": None,
        "hover_badge": None,
        "hover_list": False,
        "market_pick": None,
    }

    def __init__(self, ctx):
        super().__init__(ctx)
        self.zoom = 64.0
        self.cam = [0.0, 0.0]  # the grid point (in cells) at the centre of the board
        self.user_camera = False
        self.work: dict = {}  # the table being built: {(x, y): "R7"}
        self.own: set = set()  # cells holding tiles put down from the rack this turn
        self.rack_work: list[str] = []
        self.sort_by = "colour"
        self.press: dict | None = None
        self.problems: list = []
        self.bad: dict = {}  # cell -> number of the first problem marking it
        self.selected: list[int] = []  # rack slots chosen to pass in a Swap
        # each player's last lay, highlighted until their next turn: seat -> {"new": cells
        # of rack tiles, "moved": {cell: cell it came from}} (applied with the next view)
        self.marks: dict[int, dict] = {}
        self._marks_next: dict | None = None
        self.hint: dict | None = None  # the hint shown to the seat at the screen
        self.hover_cell = None  # a tile marked by a problem under the pointer
        self.hover_badge: tuple | None = None  # the problems whose badges are pointed at
        self.hover_list = False  # the pointer is on the "Not valid yet" list: all in full
        self.problem_list_rect: pygame.Rect | None = None  # where that list was drawn
        self.problem_cells: dict = {}  # cell -> the numbers of every problem naming it
        # a market tile chosen, not yet taken: taking ends the turn, so it is confirmed
        # (Take, Enter) the way a lay is confirmed with Done
        self.market_pick: str | None = None
        self._turn_shown = None  # whose turn the last view showed (a new one refits)
        self.rack_slots: list[tuple[str, pygame.Rect]] = []
        self.market_slots: list[tuple[str, pygame.Rect]] = []
        self.hover = None
        self.focus: int | None = None  # rack slot picked by click or Tab (then click/Space a cell)
        self.cursor = None  # keyboard cell cursor (Shift+arrows)
        self.held = None  # a table cell lifted by click or Space, waiting for its new cell
        self.done_button = Button(msg("Done"), self.done, primary=True)
        self.reset_button = Button(msg("Reset"), self.reset)
        self.draw_button = Button(msg("Draw"), self.draw_tile)
        self.sort_button = Button(SORT_LABELS["colour"], self.toggle_sort)
        self.pass_button = Button(msg("Pass"), lambda: self.submit("pass"), primary=True)
        self.give_button = Button(msg("Pass 2 tiles left"), self.give, primary=True)
        self.take_button = Button(msg("Take"), self.take_picked, primary=True)
        # where Draw sits when only a lay is left: asks the engine why passing is refused
        self.why_pass_button = Button(msg("Pass"), self.why_not_pass)
        self.hint_button = Button(HINT_LABEL, self.toggle_hint)

    # ---------------------------------------------------------------- layout

    undo_under_menu = True  # the opponents' plates fill the top row up to the Menu button

    def layout(self) -> None:
        a, m = self.area, self.m
        self.top_h = m.px(148)  # the top plates and the "thinking…" note under them
        # the last move's line has a strip of its own above the board: over the board
        # it would cover tiles
        self.last_h = theme.font(m.font_px(18)).get_linesize() + m.px(12)
        # as wide as its widest line needs ("Beutel  50 Steine"): a short window (a replay's
        # room above its bar) scales it narrower than its words
        label_font, value_font = theme.font(m.font_px(21)), theme.font(m.font_px(23), True)
        side_lines = (
            (_("Bag"), ngettext("{n} tile", "{n} tiles", 88).format(n=88)),
            (_("Groups"), _("{n} of {limit}").format(n=8, limit=8)),
        )
        words_w = max(label_font.size(a)[0] + value_font.size(b)[0] for a, b in side_lines)
        self.side_w = max(m.px(300), words_w + m.px(40) + m.floor_px())
        self.rack_h = m.px(72)
        bottom_h = self.rack_base_h = 2 * self.rack_h + m.px(40)
        # your plate is as wide as its longest line ("11 tiles · not opened yet")
        f = theme.font(m.font_px(21))
        widest = ngettext("{n} tile", "{n} tiles", 88).format(n=88) + " · " + _("not opened yet")
        need = f.size(widest)[0] + m.px(40)
        plate_w = max(m.px(250), need)
        left = m.px(20) + plate_w + m.px(20)
        # the buttons beside the rack are as wide as their longest label needs ("Tipp
        # anwenden", "Zurücksetzen"), the rack gives up the room
        bh, gap, fpx = m.px(50), m.px(9), m.font_px(22)
        labels = [b.label for b in (self.done_button, self.reset_button, self.draw_button)]
        labels += [HINT_LABEL, APPLY_HINT]  # the hint button says either
        need = button_width(labels, fpx, bh, margin=m.px(16))
        bw = max(m.px(140), min(need, m.px(220)))
        rack_w = a.w - left - 2 * bw - gap - m.px(41)
        # a rack too full for two rows of readable tiles grows upwards, into the board
        count = len(self.rack_names())
        bottom_h = max(bottom_h, self.rack_height_for(count, rack_w) if count else 0)
        self.rack_rect = pygame.Rect(a.x + left, a.bottom - bottom_h, rack_w, bottom_h)
        board_top = a.y + self.top_h + self.last_h + m.px(4)
        self.board = pygame.Rect(
            a.x + m.px(16),
            board_top,
            a.w - self.side_w - m.px(40),
            self.rack_rect.top - board_top - m.px(56),
        )
        # a board laid out smaller (a replay's bar took a row) keeps its numbers readable
        self.zoom = max(self.zoom, self.readable_zoom())
        self.last_rect = pygame.Rect(
            self.board.x - m.px(4), a.y + self.top_h - m.px(4), self.board.w + m.px(8), self.last_h
        )
        self.side = pygame.Rect(
            self.board.right + m.px(20),
            a.y + self.top_h,
            self.side_w,
            self.board.bottom - a.y - self.top_h,
        )
        # tall enough for the name, the tiles line and the points line at their sizes
        lines_h = (
            theme.font(m.font_px(26), True).get_height()
            + theme.font(m.font_px(21)).get_linesize()
            + theme.font(m.font_px(20)).get_linesize()
        )
        plate_h = min(self.rack_rect.h, max(m.px(110), lines_h + m.px(24)))
        self.plate_rect = pygame.Rect(
            a.x + m.px(20),
            min(self.rack_rect.y + m.px(22), self.rack_rect.bottom - plate_h),
            plate_w,
            plate_h,
        )
        self.status_y = self.board.bottom + m.px(29)
        bx = self.rack_rect.right + m.px(24)
        y0 = self.rack_rect.y + m.px(10)
        self.done_button.place((bx, y0, bw, bh), fpx)
        self.reset_button.place((bx + bw + gap, y0, bw, bh), fpx)
        self.draw_button.place((bx, y0 + bh + gap, bw, bh), fpx)
        self.why_pass_button.place((bx, y0 + bh + gap, bw, bh), fpx)
        self.hint_button.place((bx + bw + gap, y0 + bh + gap, bw, bh), m.font_px(20))
        self.sort_button.place((bx, y0 + 2 * (bh + gap), 2 * bw + gap, bh), m.font_px(20))
        self.pass_button.place((bx, y0, bw, bh), fpx)
        self.give_button.place((bx, y0, 2 * bw + gap, bh), fpx)
        self.layout_rack()
        self.layout_market()

    def cell_size(self) -> tuple[int, int]:
        ch = max(10, self.m.px(self.zoom))
        return max(8, round(ch * 0.8)), ch

    def cell_rect(self, cell) -> pygame.Rect:
        cw, ch = self.cell_size()
        x = self.board.centerx + (cell[0] - self.cam[0]) * cw
        y = self.board.centery + (cell[1] - self.cam[1]) * ch
        return pygame.Rect(round(x), round(y), cw, ch)

    def cell_at(self, pos):
        cw, ch = self.cell_size()
        return (
            math.floor((pos[0] - self.board.centerx) / cw + self.cam[0]),
            math.floor((pos[1] - self.board.centery) / ch + self.cam[1]),
        )

    def centre_camera(self, fit: bool = True, cells=None) -> None:
        """Centre (and with ``fit`` zoom) on ``cells``: the table being built by default."""
        cells = cells or self.work or (self.view.table if self.view else {})
        if not cells:
            self.cam = [0.0, 0.5]
            return
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        self.cam = [(min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2]
        if fit:
            cols, rows = max(xs) - min(xs) + 2.6, max(ys) - min(ys) + 3.2
            ch = min(self.board.h / rows, self.board.w / (cols * 0.8))
            self.zoom = max(self.readable_zoom(), min(72.0, ch / self.m.scale))

    def readable_zoom(self) -> float:
        """The smallest zoom whose tile numbers are readable text (theme.readable_px): a
        table too big for the board at this size is panned, never shrunk below it."""
        digits = theme.readable_px((self.m.w, self.m.h))
        cell = digits / 0.44 / 0.9  # numbers are 0.44 of a tile; a tile ~0.9 of its cell
        return max(ZOOM_MIN, min(ZOOM_MAX, cell / self.m.scale))

    def all_visible(self) -> bool:
        return all(self.board.contains(self.cell_rect(c)) for c in self.work)

    def rack_plan(self, count: int, width: int, height: int) -> tuple[int, int]:
        """(tile height, tiles per row) for ``count`` rack tiles side by side, never on
        top of each other (a tile half under its neighbour hides its number), in a rack
        ``width`` by ``height``: as large as the rows allow, down to the smallest tile
        whose numbers are readable text (then the rack needs more rows than fit)."""
        m = self.m
        gap, row_gap, pad = m.px(6), m.px(6), m.px(14)
        smallest = rack_tile_floor(m.floor_px())
        h = max(smallest, self.rack_h)
        while True:
            w = tile_size(h)[0]
            per_row = max(1, (width - 2 * m.px(8) + gap) // (w + gap))
            rows = max(1, math.ceil(count / per_row))
            if h <= smallest or pad + rows * (h + row_gap) - row_gap + m.px(8) <= height:
                return h, per_row
            h -= 1

    def rack_height_for(self, count: int, width: int) -> int:
        """The height a rack of ``count`` tiles needs at the smallest readable tiles."""
        h, per_row = self.rack_plan(count, width, 0)
        rows = max(1, math.ceil(count / per_row))
        return self.m.px(14) + rows * (h + self.m.px(6)) - self.m.px(6) + self.m.px(8)

    def layout_rack(self) -> None:
        names = self.rack_names()
        self.rack_slots = []
        if not names:
            return
        if self.rack_rect.h < self.rack_height_for(len(names), self.rack_rect.w) or (
            self.rack_rect.h > self.rack_base_h
            and self.rack_height_for(len(names), self.rack_rect.w) < self.rack_rect.h
        ):
            self.layout()  # the rack grows into the board (or gives the room back)
            return
        h, per_row = self.rack_plan(len(names), self.rack_rect.w, self.rack_rect.h)
        w = tile_size(h)[0]
        gap, row_gap = self.m.px(6), self.m.px(6) if h < self.rack_h else self.m.px(10)
        rows = [names[i : i + per_row] for i in range(0, len(names), per_row)]
        top = self.rack_rect.y + self.m.px(14)
        for r, row in enumerate(rows):
            total = w * len(row) + gap * (len(row) - 1)
            x0 = self.rack_rect.centerx - total // 2
            for i, name in enumerate(row):
                rect = pygame.Rect(x0 + i * (w + gap), top + r * (h + row_gap), w, h)
                self.rack_slots.append((name, rect))

    def layout_market(self) -> None:
        self.market_slots = []
        if self.view is None:
            return
        h = self.m.px(82)
        w, __ = tile_size(h)
        gap = self.m.px(14)
        x0 = self.side.centerx - (3 * w + 2 * gap) // 2
        y0 = self.side.y + self.m.px(56)
        for i, name in enumerate(self.view.market):
            r, c = divmod(i, 3)
            self.market_slots.append(
                (name, pygame.Rect(x0 + c * (w + gap), y0 + r * (h + gap), w, h))
            )
        # under the tiles one row: the Take button for a chosen tile, or how to take one
        m, side = self.m, self.side
        top = (self.market_slots[-1][1].bottom if self.market_slots else side.y + m.px(60)) + m.px(
            14
        )
        bh = m.px(46)
        note = theme.wrap(_("click a tile, then Take"), m.font_px(18), side.w - m.px(32))
        self.market_row = pygame.Rect(
            side.x, top, side.w, max(bh, len(note) * theme.font(m.font_px(18)).get_linesize())
        )
        bw = min(side.w - m.px(32), button_width([self.take_button.label], m.font_px(22), bh))
        self.take_button.place((0, 0, max(bw, m.px(150)), bh), m.font_px(22))
        self.take_button.rect.center = self.market_row.center

    # ---------------------------------------------------------------- view

    def rack_names(self) -> list[str]:
        if self.view is None:
            return []
        if self.viewer != self.anchor:
            return [f"?{i}" for i in range(self.view.rack_counts[self.anchor])]
        return sorted(self.rack_work, key=lambda n: rack_key(n, self.sort_by))

    def view_changed(self) -> None:
        v = self.view
        first = not self.work and not self.own
        self.work = dict(v.table)
        self.own = set()
        self.rack_work = list(v.rack) if self.viewer == self.anchor else []
        self.press = None
        self.problems, self.bad, self.problem_cells = [], {}, {}
        self.selected = []
        self.focus = self.held = None
        self.hint = None
        self.market_pick = None
        if self._marks_next is not None:
            self.marks, self._marks_next = self._marks_next, None
        turn = v.turn_player if v.phase == "turn" and not v.over else None
        if turn is not None:
            self.marks.pop(turn, None)  # a player's last lay is marked until their next turn
        if turn == self.anchor and turn != self._turn_shown:
            self.user_camera = False  # every turn of yours starts with the whole table fitted
        self._turn_shown = turn
        if first or not self.user_camera or not self.all_visible():
            self.centre_camera(fit=not self.user_camera or not self.all_visible())
            self.user_camera = False
        self.sort_button.label = SORT_LABELS[self.sort_by]
        self.layout_rack()
        self.layout_market()

    def on_event(self, ev) -> None:
        kind, seat, data = ev.kind, ev.seat, ev.data
        if kind == "lay":
            before = self.view.table if self.view else {}
            after = {(x, y): name for x, y, name in data.get("table", [])}
            moved = {(a, b): (c, d) for a, b, c, d, _ in data.get("moved", [])}
            self._marks_next = remap_marks(
                self._marks_next if self._marks_next is not None else self.marks,
                seat,
                before,
                after,
                moved,
            )
            if seat == self.anchor and self.viewer == self.anchor:
                return  # the player put these tiles down by hand
            cw, ch = self.cell_size()
            h = ch - 2 * max(1, cw // 20)
            start = self.anim.after()
            came_from = {dst: src for src, dst in moved.items()}
            changed = {c for c, n in after.items() if before.get(c) != n} | set(came_from)
            for i, cell in enumerate(sorted(changed, key=lambda c: (c[1], c[0]))):
                src = (
                    self.cell_rect(came_from[cell]).center
                    if cell in came_from
                    else self.seat_point(seat)
                )
                dst = self.cell_rect(cell).center
                self.fly(tile(after[cell], h), src, dst, tag=("lay", cell), after=start + 45 * i)
        elif kind == "take":
            slot = next((r for n, r in self.market_slots if n == data.get("tile")), None)
            if slot is not None:
                img = tile(data["tile"], slot.h)
                self.fly(img, slot.center, self.seat_point(seat), tag=("take", seat), hold=False)
        elif kind == "draw":
            names = data.get("tiles") or []
            h = self.m.px(70)
            for k in range(data.get("count", 1)):
                img = tile(names[k], h) if k < len(names) and seat == self.viewer else tile_back(h)
                self.fly(
                    img,
                    self.bag_point(),
                    self.seat_point(seat),
                    tag=("draw", seat),
                    hold=False,
                    after=self.anim.after() if k == 0 else None,
                )
        elif kind == "event":
            img = tile(data.get("tile", "SWAP"), self.m.px(110))
            self.fly(
                img,
                self.seat_point(seat),
                self.board.center,
                tag=("event", seat),
                hold=False,
                duration=max(self.move_ms * 2, 0),
            )
        elif kind == "deal":
            self._marks_next = {}
            self.user_camera = False

    def seat_point(self, seat: int) -> tuple[int, int]:
        if seat == self.anchor:
            return self.rack_rect.center
        return self.seat_points.get(seat, (self.area.centerx, self.area.y + self.m.px(60)))

    def bag_point(self) -> tuple[int, int]:
        if self.market_slots:
            return (self.side.centerx, self.market_row.bottom + self.m.px(40))
        return self.side.center

    def score_notes(self, row: dict) -> str:
        return _("blocked: lowest rack wins") if row.get("blocked") else _("rack emptied")

    # ---------------------------------------------------------------- engine questions

    def legal(self) -> list:
        return self.session.legal() if self.ctx.can_act else []

    def my_turn(self) -> bool:
        return self.ctx.can_act and self.view is not None and self.view.phase == "turn"

    def swap_choice(self) -> bool:
        return self.ctx.can_act and self.view is not None and self.view.phase == "swap"

    def changed(self) -> bool:
        return self.view is not None and self.work != self.view.table

    def revalidate(self) -> None:
        self.problems, self.bad, self.problem_cells = [], {}, {}
        if not self.changed() or not self.my_turn():
            return
        self.problems = self.session.state.validate_lay(dict(self.work))
        for i, p in enumerate(self.problems):
            for c in p.cells:  # pointing at any tile a problem names shows its reason
                self.problem_cells.setdefault(c, []).append(i + 1)
            if p.kind not in ("line", "alone"):
                continue  # rules about the whole lay are not outlined in red on tiles
            for c in p.cells:
                self.bad.setdefault(c, i + 1)

    def group_count(self) -> int:
        return len(groups(self.work))

    # ---------------------------------------------------------------- actions

    def submit(self, action) -> bool:
        return self.ctx.submit(action)

    def done(self) -> None:
        if not self.my_turn():
            return
        self.submit(encode_lay(self.work))

    def reset(self) -> None:
        if self.view is None:
            return
        self.work = dict(self.view.table)
        self.own = set()
        self.rack_work = list(self.view.rack) if self.viewer == self.anchor else []
        self.problems, self.bad, self.problem_cells = [], {}, {}
        self.focus = self.held = self.hint = self.market_pick = None
        self.layout_rack()

    # -- the hint: the bot's move for this seat's own view, shown, then applied on request

    def toggle_hint(self) -> None:
        """H or the Hint button: show the hint; with a lay or Swap hint showing, apply it."""
        if not (self.my_turn() or self.swap_choice()):
            return
        if self.hint is not None:
            if self.hint["kind"] in ("lay", "give"):
                self.apply_hint()
            else:
                self.hint = None
            return
        # imported on the first hint: it loads the bots, which a game without hints never needs
        from game.ui.tables.cross_rummy.hint import find_hint

        self.hint = find_hint(self.view, self.legal(), self.session.name)
        if self.hint and self.hint["kind"] == "lay":
            cells = self.hint["layout"]
            if not all(self.board.contains(self.cell_rect(c)) for c in cells):
                self.centre_camera(cells=cells)

    def slots_for(self, names) -> list[int]:
        """The rack slots holding ``names`` (a name twice: two slots)."""
        want, out = list(names), []
        for i, (name, __) in enumerate(self.rack_slots):
            if name in want:
                want.remove(name)
                out.append(i)
        return out

    def apply_hint(self) -> None:
        """Put the hinted lay on the tentative layout (the player may still change it)."""
        h = self.hint
        if h is None:
            return
        if h["kind"] == "give":
            self.selected = self.slots_for(h["tiles"])
            self.hint = None
            return
        self.reset()
        self.work = dict(h["layout"])
        self.own = set(h["added"])
        for name in h["added"].values():
            if name in self.rack_work:
                self.rack_work.remove(name)
        self.after_edit()

    def toggle_sort(self) -> None:
        self.sort_by = "number" if self.sort_by == "colour" else "colour"
        self.sort_button.label = SORT_LABELS[self.sort_by]
        self.selected = []
        self.focus = None
        self.layout_rack()

    # ---------------------------------------------------------------- drawing

    def signature(self):
        """Everything draw_table reads (the framework caches the table layer by it)."""
        p = self.press
        if p is not None and p["drag"]:
            return None  # a dragged tile or a pan changes the board every frame
        h = self.hint
        return (
            self.view_serial,
            tuple(self.anim.tags()),
            self.anim.busy(),
            None if p is None else (p["kind"], p.get("index"), p.get("cell")),
            self.hover,
            self.hover_cell,
            self.hover_badge,
            self.hover_list,
            self.market_pick,
            self.focus,
            self.cursor,
            self.held,
            tuple(self.selected),
            None if h is None else (id(h), h["kind"], h.get("text")),
            tuple(sorted(self.work.items())),
            frozenset(self.own),
            tuple(self.rack_work),
            self.sort_by,
            len(self.problems),
            marks_key(self),
            self.zoom,
            tuple(self.cam),
            tuple((b.hover, b.focus) for b in self.buttons()),
            self.ctx.can_act,
            self.ctx.viewer,
            self.ctx.anchor,
            self.ctx.extra.get("chrome_w", 0),
            len(self.session.log),
            len(getattr(self.session.state, "actions", ())),
            tuple(self.area),
            self.m.scale,
        )

    draw_table = painting.draw_table
    draw_overlay = painting.draw_overlay
