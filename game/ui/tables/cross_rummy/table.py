"""The Cross Rummy table: a pannable, zoomable tile grid, your rack, the market.

While it is your turn you build the table you want: drag tiles from the rack onto
cells, move table tiles around, drag tiles you placed this turn back to the rack.
After every change the engine's ``validate_lay`` is asked and invalid lines are
marked on the board with its reasons; Done submits the layout as one lay (the
engine's verdict shows if it refuses), Reset restores the start of the turn.

Input: drag the board background (or arrow keys) to pan, wheel or +/− to zoom;
click a market tile to choose it, then Take (or Enter) takes it; Draw; click an event
tile on the rack to play it (Draw Three asks for the opponent). In a Swap, click two
rack tiles and Pass. Click-to-place: click a rack tile then a cell; click a table tile
to lift it, then its new cell (the keys: ``controls.py``).

The package by job: this module is the Table: what it holds (the per-seat pointer
state, the camera, the buttons), the layout's rectangles, the view, the edits of the
turn being built (each judged by the engine), Done and Reset, and the hint shown and
applied. It composes ``draft.py``, the turn being built (``self.draft``: the tentative
cells and rack, no pygame), and ``geometry.py``, where cells, rack and market tiles sit
(plain functions of sizes). Functions of the table, each module one job:
``controls.py`` its input (``handle``), ``moves.py`` the moves other than a lay with
their dialogs, ``animation.py`` what it does on an engine event (``on_event``).
``draw.py`` and ``board_draw.py`` paint it, reading the table they are handed and
importing nothing of this module, which takes ``draw_table``, ``draw_overlay``,
``handle`` and ``on_event`` at module level; ``art.py`` builds the tiles; ``hint.py``
asks the bots for a hint; ``rings.py`` finds what a lesson's coach rings.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

import game.ui.tables.cross_rummy.animation as animation
import game.ui.tables.cross_rummy.controls as controls
import game.ui.tables.cross_rummy.draw as painting
import game.ui.tables.cross_rummy.geometry as geometry
import game.ui.tables.cross_rummy.moves as moves
import game.ui.tables.cross_rummy.rings as rings
from game.services.i18n import APPLY_HINT, HINT_LABEL, SORT_LABELS, _, msg
from game.ui import theme
from game.ui.tables.base import BaseTable
from game.ui.tables.cross_rummy.board_draw import BoardLayer, marks_key
from game.ui.tables.cross_rummy.draft import EVENT_TILES, TurnDraft
from game.ui.widgets import Button, button_width


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
        self.marks_next: dict | None = None  # the marks once the events' view is shown
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
        self.draw_button = Button(msg("Draw"), lambda: moves.draw_tile(self))
        self.sort_button = Button(SORT_LABELS["colour"], self.toggle_sort)
        self.pass_button = Button(msg("Pass"), lambda: self.submit("pass"), primary=True)
        self.give_button = Button(msg("Pass 2 tiles left"), lambda: moves.give(self), primary=True)
        self.take_button = Button(msg("Take"), lambda: moves.take_picked(self), primary=True)
        # where Draw sits when only a lay is left: asks the engine why passing is refused
        self.why_pass_button = Button(msg("Pass"), lambda: moves.why_not_pass(self))
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
        # a toast says what is wrong with the turn over the status line that says what to
        # do, between the board and the rack: never over a tile of the board
        toast_h = int(self.m.font_px(24) * 1.3) + self.m.px(28)
        self.toast_y = max(self.board.bottom + self.m.px(2), self.status_y - toast_h // 2)
        # a board laid out smaller (a replay's bar took a row) keeps its numbers readable,
        # or, showing a position to look at, fits it whole again
        if self.whole_board():
            self.centre_camera(fit=True)
        else:
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

    def whole_board(self) -> bool:
        """A final position, whose every row must show: a round's end under its score
        sheet, the game's end (also a replay's). Play keeps tiles readable and pans."""
        v = self.view
        return (v is not None and v.over) or "sheet_totals" in self.ctx.extra

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

    def position_rect(self) -> pygame.Rect:
        return self.board  # the laid grid

    def view_changed(self) -> None:
        v = self.view
        first = not self.draft.cells and not self.draft.own
        self.draft.begin(v.table, v.rack if self.viewer == self.anchor else [])
        self.press = None
        self.selected = []
        self.focus = self.held = None
        self.hint = None
        self.market_pick = None
        if self.marks_next is not None:
            self.marks, self.marks_next = self.marks_next, None
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

    on_event = animation.on_event  # the flights of an event, the marks of a lay

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

    # ---------------------------------------------------------------- input (controls.py)

    handle = controls.handle  # the pointer and the keys

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
            moves.play_event(self, name)
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
