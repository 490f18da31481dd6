"""The Cross Rummy table: a pannable, zoomable tile grid, your rack, the market.

While it is your turn you build the table you want: drag tiles from the rack onto
cells, move table tiles around, drag tiles you placed this turn back to the rack.
After every change the engine's ``validate_lay`` is asked and invalid lines are
marked on the board with its reasons; Done submits the layout as one lay (the
engine's verdict shows if it refuses), Reset restores the start of the turn.

Input: drag the board background (or arrow keys) to pan, wheel or +/− to zoom;
click a market tile to choose it, then Take (or Enter) takes it; Draw; click an event
tile on the rack to play it (Draw Three asks for the opponent). In a Swap, click two
rack tiles and Pass.
Click-to-place: click a rack tile then a cell; click a table tile to lift it, then
its new cell. Keys: Tab picks a rack tile, Shift+arrows move the cell cursor, Space
puts down or lifts, Backspace takes a tile back; Enter Done, R Reset, D Draw, S sort,
C centres the board.

The package by job: this module is the Table: input and the BaseTable contract (the
layout's rectangles, the camera, the per-seat pointer state, the animations of events,
the moves it asks the engine for, the hint shown). It composes ``draft.py``, the turn
being built (``self.draft``: the tentative cells and rack, edited here and judged by
the engine, no pygame), and ``geometry.py``, where cells, rack and market tiles sit
(plain functions of sizes). ``draw.py`` and ``board_draw.py`` paint it, reading the
table they are handed and importing nothing of this module, which takes
``draw_table`` and ``draw_overlay`` at module level; ``art.py`` builds the tiles;
``hint.py`` asks the bots for a hint; ``rings.py`` finds what a lesson's coach rings.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

import game.ui.tables.cross_rummy.draw as painting
import game.ui.tables.cross_rummy.geometry as geometry
import game.ui.tables.cross_rummy.rings as rings
from game.services.i18n import (
    APPLY_HINT,
    CANCEL,
    HINT_LABEL,
    SORT_LABELS,
    _,
    msg,
    ngettext,
    nmsg,
)
from game.ui import theme
from game.ui.tables.base import BaseTable
from game.ui.tables.cross_rummy.art import tile, tile_back
from game.ui.tables.cross_rummy.board_draw import BoardLayer, badge_spots, marks_key
from game.ui.tables.cross_rummy.draft import EVENT_TILES, TurnDraft
from game.ui.widgets import Button, Chooser, Dialog, button_width


class Table(BaseTable):
    game_id = "cross_rummy"
    lesson_ring = rings.lesson_ring  # the parts a lesson's coach can ring
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
        # the turn being built, judged by the engine's state (the live one: the draft is
        # judged only on the player's turn, when no animation holds the view back)
        self.draft = TurnDraft(lambda layout: self.session.state.validate_lay(layout))
        self.sort_by = "colour"
        self.press: dict | None = None
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
        self.board_layer = BoardLayer()  # the board as last drawn, and what it showed
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
        self.button_named = {
            "done": self.done_button,
            "reset": self.reset_button,
            "draw": self.draw_button,
            "why_pass": self.why_pass_button,
            "hint": self.hint_button,
            "sort": self.sort_button,
            "pass": self.pass_button,
            "give": self.give_button,
        }

    # ---------------------------------------------------------------- layout

    undo_under_menu = True  # the opponents' plates fill the top row up to the Menu button

    def layout(self) -> None:
        labels = [b.label for b in (self.done_button, self.reset_button, self.draw_button)]
        labels += [HINT_LABEL, APPLY_HINT]  # the hint button says either
        lay = geometry.table_layout(self.area, self.m, len(self.rack_names()), labels)
        self.rack_h, self.rack_base_h = lay.rack_h, lay.rack_base_h
        self.rack_rect, self.board, self.last_rect = lay.rack_rect, lay.board, lay.last_rect
        self.side, self.plate_rect, self.status_y = lay.side, lay.plate_rect, lay.status_y
        # a board laid out smaller (a replay's bar took a row) keeps its numbers readable
        self.zoom = max(self.zoom, geometry.readable_zoom(self.m))
        for name, (rect, text_px) in lay.buttons.items():
            self.button_named[name].place(rect, text_px)
        self.layout_rack()
        self.layout_market()

    def cell_size(self) -> tuple[int, int]:
        return geometry.cell_size(self.m, self.zoom)

    def cell_rect(self, cell) -> pygame.Rect:
        return geometry.cell_rect(self.board, self.cam, self.cell_size(), cell)

    def cell_at(self, pos):
        return geometry.cell_at(self.board, self.cam, self.cell_size(), pos)

    def centre_camera(self, fit: bool = True, cells=None) -> None:
        """Centre (and with ``fit`` zoom) on ``cells``: the table being built by default."""
        cells = cells or self.draft.cells or (self.view.table if self.view else {})
        self.cam = geometry.centred(cells)
        if fit and cells:
            self.zoom = geometry.fitting_zoom(self.m, self.board, cells)

    def all_visible(self) -> bool:
        return all(self.board.contains(self.cell_rect(c)) for c in self.draft.cells)

    def layout_rack(self) -> None:
        names = self.rack_names()
        self.rack_slots = []
        if not names:
            return
        need = geometry.rack_height_for(self.m, len(names), self.rack_rect.w, self.rack_h)
        if self.rack_rect.h < need or (
            self.rack_rect.h > self.rack_base_h and need < self.rack_rect.h
        ):
            self.layout()  # the rack grows into the board (or gives the room back)
            return
        self.rack_slots = geometry.rack_slots(self.m, names, self.rack_rect, self.rack_h)

    def layout_market(self) -> None:
        self.market_slots = []
        if self.view is None:
            return
        self.market_slots = geometry.market_slots(self.m, self.view.market, self.side)
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
        return sorted(self.draft.rack, key=lambda n: geometry.rack_key(n, self.sort_by))

    def view_changed(self) -> None:
        v = self.view
        first = not self.draft.cells and not self.draft.own
        self.draft.begin(v.table, v.rack if self.viewer == self.anchor else [])
        self.press = None
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
            self._marks_next = geometry.remap_marks(
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

    def revalidate(self) -> None:
        """The engine's problems with the draft, asked only on the player's turn."""
        if self.my_turn():
            self.draft.revalidate()
        else:
            self.draft.clear_problems()

    # ---------------------------------------------------------------- actions

    def submit(self, action) -> bool:
        return self.ctx.submit(action)

    def done(self) -> None:
        if not self.my_turn():
            return
        self.submit(self.draft.action())

    def reset(self) -> None:
        if self.view is None:
            return
        self.draft.reset()
        self.focus = self.held = self.hint = self.market_pick = None
        self.layout_rack()

    # -- the moves other than a lay: draw, take from the market, an event tile, a Swap

    def draw_tile(self) -> None:
        if "draw" not in self.legal():
            self.ctx.toast(self.session.refusal("draw") or msg("You cannot draw now."))
            return
        if not self.draft.own:
            self.submit("draw")
            return
        n = len(self.draft.own)
        self.confirm(
            msg("Draw a tile?"),
            nmsg(
                "The {n} tile you placed goes back to your rack, you draw one tile from the bag "
                "and your turn ends.",
                "The {n} tiles you placed go back to your rack, you draw one tile from the bag "
                "and your turn ends.",
                n,
            ),
            msg("Draw"),
            lambda: self.submit("draw"),
            msg("Keep laying"),
        )

    def confirm(self, title: str, body: str, yes: str, action, no: str = CANCEL) -> None:
        """Ask before a move that ends the turn in a way the player may not expect."""
        d = Dialog(
            title,
            body,
            [
                Button(yes, lambda: (d.close(), action()), primary=True),
                Button(no, lambda: d.close()),
            ],
        )
        self.ctx.open_dialog(d)

    def take(self, name: str) -> None:
        action = f"take:{name}"
        if action in self.legal():
            self.submit(action)
        else:
            self.ctx.toast(
                self.session.refusal(action) or msg("You cannot take from the market now.")
            )

    def pick_market(self, name: str) -> None:
        """A click on a market tile chooses it (a second click puts the choice down);
        Take or Enter then takes it. Only a tile the engine lets you take is chosen."""
        action = f"take:{name}"
        if action not in self.legal():
            self.ctx.toast(
                self.session.refusal(action) or msg("You cannot take from the market now.")
            )
            return
        self.market_pick = None if self.market_pick == name else name

    def take_picked(self) -> None:
        name, self.market_pick = self.market_pick, None
        if name is not None:
            self.take(name)

    def why_not_pass(self) -> None:
        """Only a lay is left: say the engine's reason a pass is refused."""
        self.ctx.toast(self.session.refusal("pass") or msg("You cannot pass now."))

    def play_event(self, name: str) -> None:
        legal = self.legal()
        if name == "SWAP":
            if "play:SWAP" not in legal:
                self.ctx.toast(
                    self.session.refusal("play:SWAP") or msg("You cannot play Swap now.")
                )
                return
            left = len(self.view.rack) - 1
            body = msg(
                "Every player, you first, chooses 2 tiles and passes them face down to the "
                "player on their left; nobody sees what they get until all have chosen. "
                "Your turn ends."
            )
            if left == 0:
                body = msg("It is your last tile: playing it empties your rack and wins the round.")
            self.confirm(
                msg("Play Swap?"), body, msg("Play Swap"), lambda: self.submit("play:SWAP")
            )
            return
        targets = [int(a.rsplit(":", 1)[1]) for a in legal if a.startswith("play:DRAW3:")]
        if not targets:
            self.ctx.toast(
                self.session.refusal("play:DRAW3:0") or msg("You cannot play Draw Three now.")
            )
            return
        k = min(3, self.view.bag_count)
        if k == 0:
            what = _("The bag is empty: the opponent you choose draws nothing.")
        elif k == 3:
            what = _("The opponent you choose draws three tiles from the bag.")
        else:
            what = ngettext(
                "The opponent you choose draws the last {n} tile from the bag.",
                "The opponent you choose draws the last {n} tiles from the bag.",
                k,
            ).format(n=k)
        what += " " + _("Your turn ends.")
        self.ctx.open_dialog(
            Chooser(
                msg("Draw Three: who draws?"),
                [
                    (
                        self.session.name(s)
                        + "\n"
                        + ngettext("{n} tile", "{n} tiles", self.view.rack_counts[s]).format(
                            n=self.view.rack_counts[s]
                        ),
                        s,
                        tile_back,
                    )
                    for s in targets
                ],
                lambda s: self.submit(f"play:DRAW3:{s}"),
                body=what,
            )
        )

    def give(self) -> None:
        if not self.swap_choice():
            return
        names = [self.rack_slots[i][0] for i in self.selected if i < len(self.rack_slots)]
        need = min(2, len(self.rack_slots))
        if len(names) != need:
            self.ctx.toast(
                nmsg(
                    "Choose {n} tile to pass to the left.",
                    "Choose {n} tiles to pass to the left.",
                    need,
                )
            )
            return
        self.submit("give:" + ",".join(names))

    # -- the hint: the bot's move for this seat's own view, shown, then applied on request

    def toggle_hint(self) -> None:
        """H or the Hint button: show the hint; with a lay or Swap hint showing, apply it."""
        if not (self.my_turn() or self.swap_choice()) or not self.session.hints_allowed:
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
        self.draft.adopt(h["layout"], h["added"])
        self.after_edit()

    def toggle_sort(self) -> None:
        self.sort_by = "number" if self.sort_by == "colour" else "colour"
        self.sort_button.label = SORT_LABELS[self.sort_by]
        self.selected = []
        self.focus = None
        self.layout_rack()

    # ---------------------------------------------------------------- input

    def rack_hit(self, pos) -> int | None:
        for i in range(len(self.rack_slots) - 1, -1, -1):
            if self.rack_slots[i][1].collidepoint(pos):
                return i
        return None

    def badge_hit(self, pos) -> tuple[int, ...] | None:
        """The numbers of the problems whose badges on the board are under ``pos`` (two
        problems starting at one tile put their badges on one spot)."""
        hit = tuple(
            number
            for centre, radius, number in badge_spots(self)
            if (pos[0] - centre[0]) ** 2 + (pos[1] - centre[1]) ** 2 <= radius * radius
        )
        return hit or None

    def market_hit(self, pos) -> str | None:
        for name, rect in self.market_slots:
            if rect.collidepoint(pos):
                return name
        return None

    def buttons(self) -> list:
        hint = [self.hint_button] if self.session.hints_allowed else []
        if self.swap_choice():
            return [self.give_button, *hint, self.sort_button]
        out = [self.sort_button]
        if self.my_turn():
            legal = self.legal()
            if legal == ["pass"]:
                out.append(self.pass_button)
            elif legal and all(a.startswith("lay:") for a in legal):
                # nothing to draw or take: the Draw slot asks why a pass is refused
                out += [self.done_button, self.reset_button, self.why_pass_button]
            else:
                out += [self.done_button, self.reset_button, self.draw_button]
            if self.market_pick is not None:
                out.append(self.take_button)
            out += hint
        return out

    def handle(self, ev) -> bool:
        for b in self.buttons():
            if b.handle(ev):
                return True
        if ev.type == pygame.MOUSEWHEEL:
            self.zoom_by(1.15**ev.y, pygame.mouse.get_pos())
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            return self.mouse_down(ev.pos)
        if ev.type == pygame.MOUSEMOTION:
            return self.mouse_move(ev.pos)
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.press is not None:
            return self.mouse_up(ev.pos)
        if ev.type == pygame.KEYDOWN:
            return self.key(ev.key, getattr(ev, "mod", 0))
        return False

    def mouse_down(self, pos) -> bool:
        i = self.rack_hit(pos)
        visible = self.viewer == self.anchor
        if i is not None and visible and self.ctx.can_act:
            name, rect = self.rack_slots[i]
            self.press = {
                "kind": "rack",
                "index": i,
                "name": name,
                "start": pos,
                "pos": pos,
                "drag": False,
                "grab": (pos[0] - rect.centerx, pos[1] - rect.centery),
            }
            return True
        if self.market_hit(pos) and self.ctx.can_act:
            self.press = {
                "kind": "market",
                "name": self.market_hit(pos),
                "start": pos,
                "pos": pos,
                "drag": False,
            }
            return True
        if self.board.collidepoint(pos):
            cell = self.cell_at(pos)
            h = self.hint
            lay_hinted = h and h["kind"] == "lay" and self.my_turn()
            if lay_hinted and (cell in h["added"] or any(cell == d for __, d, ___ in h["moved"])):
                self.apply_hint()  # a click on a ghost puts the hinted lay down
                return True
            if cell in self.draft.cells and self.my_turn():
                rect = self.cell_rect(cell)
                self.press = {
                    "kind": "cell",
                    "cell": cell,
                    "name": self.draft.cells[cell],
                    "start": pos,
                    "pos": pos,
                    "drag": False,
                    "grab": (pos[0] - rect.centerx, pos[1] - rect.centery),
                }
            else:
                self.press = {
                    "kind": "pan",
                    "start": pos,
                    "pos": pos,
                    "drag": False,
                    "cam": tuple(self.cam),
                }
            return True
        return False

    def mouse_move(self, pos) -> bool:
        p = self.press
        if p is None:
            hover = self.market_hit(pos) or self.rack_hit(pos)
            on_board = self.board.collidepoint(pos)
            badge = self.badge_hit(pos) if on_board else None
            cell = self.cell_at(pos) if on_board and badge is None else None
            # a tile a problem names, its badge or the list: the whole reason shows
            spot = cell if cell in self.draft.problem_cells else None
            listed = self.problem_list_rect is not None and self.problem_list_rect.collidepoint(pos)
            before = (self.hover, self.hover_cell, self.hover_badge, self.hover_list)
            self.hover, self.hover_cell, self.hover_badge = hover, spot, badge
            self.hover_list = bool(listed and self.draft.problems)
            return before != (self.hover, self.hover_cell, self.hover_badge, self.hover_list)
        p["pos"] = pos
        if not p["drag"] and abs(pos[0] - p["start"][0]) + abs(pos[1] - p["start"][1]) > self.m.px(
            10
        ):
            p["drag"] = True
        if p["kind"] == "pan" and p["drag"]:
            cw, ch = self.cell_size()
            self.cam = [
                p["cam"][0] - (pos[0] - p["start"][0]) / cw,
                p["cam"][1] - (pos[1] - p["start"][1]) / ch,
            ]
            self.user_camera = True
        return True

    def mouse_up(self, pos) -> bool:
        p, self.press = self.press, None
        kind = p["kind"]
        if kind == "market":
            if not p["drag"] or self.market_hit(pos) == p["name"]:
                self.pick_market(p["name"])
            return True
        if not p["drag"]:
            return self.click(p, pos)
        if kind == "pan" or self.swap_choice() or not self.my_turn():
            return True
        name = p["name"]
        if name in EVENT_TILES:
            if self.board.collidepoint(pos):
                self.ctx.toast(
                    msg("Event tiles are never laid: click one on your rack to play it.")
                )
            return True
        if self.board.collidepoint(pos):
            target = self.cell_at(pos)
            if kind == "rack":
                self.place_from_rack(name, target)
            else:
                self.move_cell(p["cell"], target)
        elif self.rack_rect.collidepoint(pos) and kind == "cell":
            self.return_to_rack(p["cell"])
        return True

    def click(self, p, pos) -> bool:
        """A press without a drag: select, lift or put down (click-to-place)."""
        kind = p["kind"]
        if kind == "rack":
            self.click_rack(p["index"], p["name"])
            return True
        if not self.my_turn():
            return True
        cell = self.cell_at(pos)
        if kind == "cell":
            if self.held is not None and self.held != cell:
                return True  # occupied: nothing to do
            self.held = None if self.held == cell else cell
            return True
        if self.held is not None:
            self.move_cell(self.held, cell)
        elif self.focus is not None and self.focus < len(self.rack_slots):
            self.place_from_rack(self.rack_slots[self.focus][0], cell)
        return True

    # -- the three edits (drag, click and keys all use these)

    def place_from_rack(self, name: str, target) -> bool:
        if name in EVENT_TILES:
            self.ctx.toast(msg("Event tiles are never laid: click one on your rack to play it."))
            return False
        if not self.draft.place(name, target):
            return False
        self.focus = None
        self.after_edit()
        return True

    def move_cell(self, cell, target) -> bool:
        self.held = None
        if target == cell:
            return cell in self.draft.cells  # put down where it was lifted: no edit
        if not self.draft.move(cell, target):
            return False
        self.after_edit()
        return True

    def return_to_rack(self, cell) -> bool:
        self.held = None
        if cell not in self.draft.cells:
            return False
        if not self.draft.take_back(cell):
            self.ctx.toast(self.draft.why_it_stays(cell))
            return False
        self.after_edit()
        return True

    def after_edit(self) -> None:
        self.hint = None  # the table changed: the hint was for the table before
        self.layout_rack()
        self.revalidate()

    def click_rack(self, index: int, name: str) -> None:
        if self.swap_choice():
            if index in self.selected:
                self.selected.remove(index)
            else:
                self.selected = [*self.selected, index][-2:]
            return
        if name in EVENT_TILES and self.my_turn():
            self.play_event(name)
        elif self.my_turn():
            self.focus = None if self.focus == index else index

    def zoom_by(self, factor: float, pos=None) -> None:
        old = self.cell_size()
        anchor = self.cell_at(pos) if pos and self.board.collidepoint(pos) else None
        self.zoom = max(geometry.ZOOM_MIN, min(geometry.ZOOM_MAX, self.zoom * factor))
        new = self.cell_size()
        if anchor is not None and new != old:
            # keep the point under the pointer still
            self.cam = geometry.zoomed_centre(self.board, self.cam, old, new, pos)
        self.user_camera = True

    def key(self, key: int, mod: int = 0) -> bool:
        if key == pygame.K_ESCAPE:
            if (
                self.press is not None
                or self.held is not None
                or self.focus is not None
                or self.market_pick is not None
            ):
                self.press = self.held = self.focus = self.market_pick = None
                return True
            return False
        pans = {
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
            pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1),
        }
        if key in pans and mod & pygame.KMOD_SHIFT:
            dx, dy = pans[key]
            x, y = self.cursor if self.cursor is not None else self.cell_at(self.board.center)
            self.cursor = (x + dx, y + dy)
            if not self.board.contains(self.cell_rect(self.cursor)):
                self.cam = [self.cam[0] + dx, self.cam[1] + dy]
            return True
        if key in pans:
            dx, dy = pans[key]
            self.cam = [self.cam[0] + dx, self.cam[1] + dy]
            self.user_camera = True
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom_by(1.15)
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom_by(1 / 1.15)
            return True
        if key == pygame.K_c:
            self.centre_camera()
            self.user_camera = False
            return True
        if key == pygame.K_s:
            self.toggle_sort()
            return True
        if not self.ctx.can_act:
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.swap_choice():
                self.give()
            elif self.market_pick is not None:
                self.take_picked()
            else:
                self.done()
            return True
        if key == pygame.K_r:
            self.reset()
            return True
        if key == pygame.K_h:
            self.toggle_hint()
            return True
        if key == pygame.K_d:
            self.draw_tile()
            return True
        if key == pygame.K_TAB and self.rack_slots:
            step = -1 if mod & pygame.KMOD_SHIFT else 1
            self.focus = 0 if self.focus is None else (self.focus + step) % len(self.rack_slots)
            return True
        if key == pygame.K_SPACE:
            if self.swap_choice() and self.focus is not None:
                self.click_rack(self.focus, self.rack_slots[self.focus][0])
                return True
            return self.key_space()
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.my_turn():
            cell = self.held if self.held is not None else self.cursor
            if cell is not None:
                self.return_to_rack(cell)
            return True
        return False

    def key_space(self) -> bool:
        if not self.my_turn():
            return False
        if self.cursor is None:
            self.cursor = self.cell_at(self.board.center)
            return True
        if self.held is not None:
            self.move_cell(self.held, self.cursor)
        elif self.cursor in self.draft.cells:
            self.held = self.cursor
        elif self.focus is not None and self.focus < len(self.rack_slots):
            name = self.rack_slots[self.focus][0]
            if name in EVENT_TILES:
                self.play_event(name)
            else:
                self.place_from_rack(name, self.cursor)
        return True

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
            tuple(sorted(self.draft.cells.items())),
            frozenset(self.draft.own),
            tuple(self.draft.rack),
            self.sort_by,
            len(self.draft.problems),
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
