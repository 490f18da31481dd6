"""The table scene: hosts a game's Table, the log panel, the hand-off cover and the pacing.

Flow of one action: ``submit`` (human) or the AI worker's answer -> ``Session.act``
-> the events, as the viewer sees them, are queued as steps: play the animations,
show the score sheet on ``round_end``, then swap in the new view; on ``game_end`` the
final results follow. AI moves wait for the animations and the pace setting.

Who sees what: one human seat -> always that seat's eyes. Two or more -> nobody's
hand is face up except during that human's own turn, after they clicked through the
hand-off cover. No humans -> seat 0's eyes (spectating, screenshots). Everything drawn
for the seat at the screen (toasts, choosers, hover, focus, drag) lives in its
``SeatLayer`` and is dropped on every change of viewer; with two or more humans, the
pause menu, the score sheets and the rules help are drawn over a plain cover, never
over a hand.
"""

from __future__ import annotations

from collections import deque

import pygame

import game.ui.theme as theme
from game import games
from game.engine.core import IllegalAction
from game.services import settings as settings_store
from game.services.i18n import HINT_LABEL, msg, nmsg
from game.ui.logpanel import LogPanel
from game.ui.round_end import round_end_position, sheet_dialog
from game.ui.scenes.base import Scene
from game.ui.score_sheet import unit_words
from game.ui.seat_layer import SeatLayer
from game.ui.sound import for_events
from game.ui.table_hint import TableHint
from game.ui.tables.base import TableContext
from game.ui.widgets import Button, Dialog, HandOff, button_width


class TableScene(TableHint, Scene):
    def __init__(self, app, session, viewer: int | None = None, live: bool = True):
        super().__init__(app)
        self.session = session
        self.live = live  # False: frozen (screenshots); AI seats do not move
        session.wake = app.wake
        session.notify = app.toast  # a failed save is everyone's news, not a seat's secret
        humans = session.humans
        if viewer is not None:
            start_viewer, anchor = viewer, viewer
        elif len(humans) == 1:
            start_viewer = anchor = humans[0]
        elif humans:
            start_viewer, anchor = None, humans[0]
        else:
            start_viewer = anchor = 0
        self.fixed_viewer = viewer
        self.ctx = TableContext(
            session,
            app.settings,
            self.toast,
            self.submit,
            self.open_seat_dialog,
            viewer=start_viewer,
            anchor=anchor,
            live=live,
        )
        self.table = games.get(session.game_id).table()(self.ctx)
        self.seat_layer = SeatLayer(self.table)
        self.seat_layer.owner = start_viewer
        self.plain_cover = HandOff("", lambda: None)  # the backdrop behind public dialogs
        self._chrome = None  # what the last frame showed around the table (damage tracking)
        self._last_flights: list = []  # the rectangles the last frame's flights covered
        self.steps: deque = deque()
        self.log_shown = len(session.log)  # log entries the table has replayed on screen
        self.sheet_totals: list | None = None  # totals of a round just scored, before the new view
        self.round_over = None  # the position a round ended in, shown under its score sheet
        self.ai_ready_at: float | None = None
        self.log = LogPanel(session, app.settings.get("log_open", True), self._log_toggled)
        self.menu_button = Button(msg("Menu"), self.pause)
        self.sheet_button = Button(msg("Sheet"), self.show_sheet)
        self.undo_button = Button(msg("Undo"), self.undo)
        # a table with a hint of its own (Cross Rummy shows a lay on the board) keeps it
        self.own_hint = hasattr(self.table, "toggle_hint")
        self.hint_button = Button(HINT_LABEL, self.ask_hint)
        self._hint_answer: list = []  # (asking, stamp, text, card) from the hint's thread
        self._last_actor: int | None = (
            None  # who made the last move (a turn bell rings on a change)
        )
        self._rung: int | None = None  # the log length the turn bell last rang at
        self.layout()
        if live and not session.state.actions:  # a new game (its log holds the deal)
            app.sounds.play("deal")
        self.table.set_view(session.view(anchor))
        if live:
            session.ai.prepare()
            session.ai.start()

    # -- context callbacks

    def toast(self, message: str, colour=theme.ERROR) -> None:
        """A message for the seat at the screen (a refusal names its card): it goes with
        that seat's layer, never onto the next player's cover."""
        self.seat_layer.toast(message, self.app.now, colour)
        if colour == theme.ERROR:
            self.app.sounds.play("invalid")
        self.app.dirty = True

    def open_seat_dialog(self, dialog) -> None:
        """A dialog the table opens for the seat at the screen (a chooser)."""
        self.seat_layer.opened(dialog)
        self.open_dialog(dialog)

    def submit(self, action) -> bool:
        """Apply a human action for the seat at the screen (the engine may refuse it)."""
        self._prune()  # a chooser that just closed must not block its own answer
        self.refresh_can_act()
        if not self.ctx.can_act:
            return False
        return self.apply(action)

    def apply(self, action) -> bool:
        viewer = self.ctx.viewer
        actor = self.session.current()
        try:
            events = self.session.act(action)
        except IllegalAction as exc:
            self.toast(exc.reason)
            return False
        if self.session.is_over() or any(e.kind == "round_end" for e in events):
            self.round_over = round_end_position(self.session)
        else:
            self.round_over = None
        self.ai_ready_at = None
        self._last_actor = actor
        self.seat_layer.hint = None
        self.seat_layer.asking += 1
        self.enqueue([e.seen_by(viewer) for e in events])
        self.refresh_can_act()
        self.app.dirty = True
        if self.live and self.table.move_ms == 0:
            self.session.ai.start()  # instant: no animation frames for a bot thread to slow down
        # otherwise the next AI starts thinking once the animations are over (run_ai)
        return True

    def enqueue(self, events: list) -> None:
        kinds = [e.kind for e in events]
        if "round_end" in kinds:
            cut = kinds.index("round_end") + 1
            pre, post = events[:cut], events[cut:]
            row = events[cut - 1].data
            over = "game_end" in kinds
            self.steps.append(("play", pre, len(pre)))
            self.steps.append(
                ("sheet", row, over, self.session.words(events[cut - 1], self.ctx.viewer))
            )
            if over:
                self.steps.append(("final",))
                return
            self.steps.append(("play", post, len(post)))
        else:
            self.steps.append(("play", events, len(events)))
        self.steps.append(("view",))
        self.ctx.extra["replaying"] = True

    # -- layout

    def _log_toggled(self, is_open: bool) -> None:
        self.app.settings["log_open"] = is_open
        settings_store.save(self.app.settings)
        self.layout()

    def layout(self) -> None:
        m = self.m
        self.log.layout(self.size, m)
        area = pygame.Rect(0, 0, self.size[0] - self.log.width(m), self.size[1])
        # as wide as its label needs at the smallest readable size ("Schließen" in a replay)
        bw = max(m.px(120), button_width([self.menu_button.label], m.floor_px(), m.px(46)))
        right = area.right - m.px(14) if self.log.open else self.log.toggle.rect.x - m.px(12)
        self.menu_button.place((right - bw, m.px(14), bw, m.px(46)), m.font_px(22))
        # the score sheet button sits in the log panel's header, or left of the Menu
        # button while the panel is collapsed
        tog = self.log.toggle.rect
        menu = self.menu_button.rect
        # as wide as its label needs at the smallest readable size ("Protokoll")
        need = button_width([self.sheet_button.label], m.floor_px(), tog.h, margin=m.px(4))
        if self.log.open:
            sw = max(m.px(120), need)
            self.sheet_button.place((tog.x - m.px(10) - sw, tog.y, sw, tog.h), m.font_px(20))
        else:
            sw = max(m.px(110), need)
            self.sheet_button.place((menu.x - m.px(10) - sw, menu.y, sw, menu.h), m.font_px(20))
        # undo joins the row at the top right (only where it can ever be used), or sits
        # under the Menu button on a table whose top plates fill the row
        if not (self.session.undo_allowed and self.live):
            self.undo_button.place((0, 0, 0, 0), m.font_px(20))
        elif getattr(self.table, "undo_under_menu", False):
            self.undo_button.place((menu.x, menu.bottom + m.px(8), menu.w, menu.h), m.font_px(20))
        else:
            left = min(menu.x, self.sheet_button.rect.x if not self.log.open else menu.x)
            self.undo_button.place(
                (left - m.px(10) - m.px(110), menu.y, m.px(110), menu.h), m.font_px(20)
            )
        row_left = min(
            b.rect.x
            for b in (self.menu_button, self.sheet_button, self.undo_button)
            if b.rect.w and b.rect.y == menu.y
        )
        if self.own_hint or not self.live or not self.session.hints_allowed:
            self.hint_button.place((0, 0, 0, 0), m.font_px(20))
        else:
            self.hint_button.place(
                (row_left - m.px(10) - m.px(130), menu.y, m.px(130), menu.h), m.font_px(20)
            )
        # the buttons' row at the top right: a table keeps its top plates clear of it
        row = [
            b.rect
            for b in (self.menu_button, self.sheet_button, self.undo_button, self.hint_button)
            if b.rect.w
        ]
        self.ctx.extra["chrome_w"] = area.right - min(
            (r.x for r in row if r.right <= area.right and r.y < menu.bottom), default=area.right
        )
        self.table.resize(area, m)
        for d in self.modals:  # a sheet stands beside the table's position: placed anew
            if getattr(d, "placement", None) is not None:
                d.layout(self.size)

    def show_sheet(self) -> None:
        """The score sheet so far (rounds played), from the engine's history rows; before
        the first round is scored, a sentence saying so (no empty grid)."""
        rows = list(getattr(self.session.state, "history", []))
        names = [s.name for s in self.session.seats]
        unit = getattr(self.table, "sheet_unit", "round")  # the sheet's rows: rounds or games
        if not rows:
            d = Dialog(
                msg("Score sheet"),
                unit_words(unit)["none"],
                [Button(msg("Close"), lambda: d.close(), primary=True, key=pygame.K_RETURN)],
                width=760,
            )
            self.open_dialog(d)
            return
        if unit == "game":
            done = nmsg("After {n} game", "After {n} games", len(rows))
        else:
            done = nmsg("After {n} round", "After {n} rounds", len(rows))
        sheet = sheet_dialog(self.table, names, rows, done, False)
        if getattr(sheet, "buttons", None):
            sheet.buttons[0].label = msg("Close")
        self.open_dialog(sheet)

    # -- undo and redo (one human against AI)

    def undo(self) -> None:
        if self.modals or not self.live:
            return
        if not self.session.undo():
            self.toast(msg("Nothing to undo: this is your first decision."), theme.TEXT)
            return
        self._rewound()

    def redo(self) -> None:
        if self.modals or not self.live or not self.session.redo():
            return
        self._rewound()

    def _rewound(self) -> None:
        """The session's state was rebuilt from the log: drop what the screen was still
        replaying and show the position as it now is."""
        self.steps.clear()
        self.table.anim.finish_all()
        self.seat_layer.clear()
        self.ai_ready_at = None
        self.sheet_totals = None
        self.round_over = None
        self.ctx.extra.pop("sheet_totals", None)
        self.ctx.extra["replaying"] = False
        self.log_shown = len(self.session.log)
        self.table.set_view(self.session.view(self.ctx.anchor))
        self.refresh_can_act()
        self.app.dirty = True
        if self.live:
            self.session.ai.start()

    # -- the pause menu

    def pause(self) -> None:
        def leave():
            d.close()
            self.session.save()
            self.app.go("menu")

        d = Dialog(
            msg("Paused"),
            msg("The game is saved after every move; you can resume it from the menu."),
            [
                Button(msg("Continue"), lambda: d.close(), primary=True),
                Button(
                    msg("Rules (F1)"), lambda: (d.close(), self.app.show_help(self.session.game_id))
                ),
                Button(msg("Settings"), lambda: (d.close(), self.open_settings())),
                Button(msg("Leave table"), leave),
            ],
            width=860,
        )
        self.open_dialog(d)

    def toggle_mute(self) -> None:
        settings = self.app.settings
        settings["muted"] = not settings.get("muted")
        settings_store.save(settings)
        self.app.toast(
            msg("Sound off (M)") if settings["muted"] else msg("Sound on (M)"), theme.TEXT
        )

    def open_settings(self) -> None:
        self.app.go("settings", back_to=self)

    def settings_changed(self) -> None:
        """Back from the settings: card faces, speed and motion may have changed."""
        self.table.forget_layer()
        self.app.dirty = True

    # -- the loop

    def refresh_can_act(self) -> None:
        v = self.ctx.viewer
        self.ctx.can_act = (
            self.live
            and v is not None
            and v == self.session.current()
            and self.session.seats[v].human
            and not self.modals
            and not self.steps
            and not self.table.busy()
        )

    def update(self, dt_ms: float) -> bool:
        super().update(dt_ms)
        if self._hint_answer:
            self.take_hint()
        if self.seat_layer.toasts.update(self.app.now):
            self.app.dirty = True
        moving = self.table.update(dt_ms)
        self.run_steps()
        self.ctx.extra["replaying"] = bool(self.steps)
        if not self.steps and not self.table.busy():
            self.ring_turn()
        if not self.steps and not self.table.busy() and not self.modals:
            self.check_viewer()
            if self.live:
                self.run_ai()
        could = self.ctx.can_act
        self.refresh_can_act()
        if self.ctx.can_act != could:  # a table draws its move controls only while one may act
            self.app.dirty = True
        return moving or self.table.busy()

    def ring_turn(self) -> None:
        """The turn bell: once when a person's decision comes round after someone else's
        move (not again after each of their own moves in a turn)."""
        s = self.session
        cur = s.current()
        if not self.live or cur is None or not s.seats[cur].human or cur == self._last_actor:
            return
        if self._rung != len(s.log):
            self._rung = len(s.log)
            self.app.sounds.play("turn")

    def run_steps(self) -> None:
        while self.steps and not self.table.busy() and not self.modals:
            step = self.steps.popleft()
            kind = step[0]
            if kind == "play":
                self.app.sounds.play(for_events(e.kind for e in step[1]))
                self.table.play_events(step[1])
                self.log_shown = min(len(self.session.log), self.log_shown + step[2])
            elif kind == "sheet":
                _, row, over, words = step
                self.sheet_totals = row.get("totals")
                self.ctx.extra["sheet_totals"] = self.sheet_totals
                if self.round_over is not None:  # the round's final position under its sheet
                    self.table.set_view(self.round_over.view(self.ctx.anchor))
                    self.round_over = None
                rows = list(getattr(self.session.state, "history", [])) or [row]
                if not over:
                    rows = rows[: rows.index(row) + 1] if row in rows else rows
                names = [s.name for s in self.session.seats]
                self.open_dialog(sheet_dialog(self.table, names, rows, words, over))
            elif kind == "view":
                self.sheet_totals = None
                self.ctx.extra.pop("sheet_totals", None)
                self.table.set_view(self.session.view(self.ctx.anchor))
            elif kind == "final":
                self.app.sounds.play("game_end")
                self.app.go("results", self.session, self.table)
                return
            self.app.dirty = True

    def check_viewer(self) -> None:
        """Hot-seat: hide every hand between human turns and cover the table before each one."""
        s = self.session
        if self.fixed_viewer is not None or len(s.humans) < 2:
            return
        cur = s.current()
        if cur is not None and s.seats[cur].human:
            if self.ctx.viewer != cur:
                self.set_viewer(None)
                why = getattr(self.table, "handoff_reason", lambda seat: "turn")(cur)
                self.open_dialog(HandOff(s.name(cur), lambda: self.reveal(cur), why, self.pause))
        elif self.ctx.viewer is not None:
            self.set_viewer(None)

    def set_viewer(self, seat: int | None, anchor: int | None = None) -> None:
        self.seat_layer.switch(seat)  # before anything is drawn for the new viewer
        self.ctx.viewer = seat
        if anchor is not None:
            self.ctx.anchor = anchor
        self.table.set_view(self.session.view(self.ctx.anchor))
        self.app.dirty = True

    def reveal(self, seat: int) -> None:
        if self.session.current() == seat:
            self.set_viewer(seat, anchor=seat)

    def run_ai(self) -> None:
        s = self.session
        if s.is_over() or not s.ai_turn():
            self.ai_ready_at = None
            return
        s.ai.start()
        if self.ai_ready_at is None:
            self.ai_ready_at = self.app.now + self.app.settings.pace_ms
        if self.app.now < self.ai_ready_at:
            return
        move = s.ai.result()
        if move is not None:
            self.apply(move)

    def toast_anchor(self):
        if self.modals:
            return None  # top centre: never over a dialog's buttons (score sheet, chooser)
        area, hint = self.table.area, getattr(self.table, "toast_y", None)
        return area.centerx, hint if hint is not None else round(area.h * 0.6)

    def deadline(self) -> float | None:
        times = [t for t in (self.ai_ready_at, self.seat_layer.toasts.next_expiry()) if t]
        return min(times) if times else None

    def handle_input(self, ev) -> None:
        self.undo_button.enabled = self.session.can_undo()
        if (
            self.log.handle(ev)
            or self.menu_button.handle(ev)
            or self.sheet_button.handle(ev)
            or (self.undo_button.enabled and self.undo_button.handle(ev))
            or self.hint_button.handle(ev)
        ):
            self.app.dirty = True
            return
        if ev.type == pygame.KEYDOWN and ev.mod & pygame.KMOD_CTRL:
            if ev.key == pygame.K_z:
                self.undo()
                return
            if ev.key == pygame.K_y:
                self.redo()
                return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_m and not ev.mod & pygame.KMOD_CTRL:
            self.toggle_mute()
            return
        if (
            ev.type == pygame.KEYDOWN
            and ev.key == pygame.K_h
            and not self.own_hint
            and (not self.modals or all(getattr(d, "seat_owned", False) for d in self.modals))
        ):
            self.ask_hint()
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            if not self.table.handle(ev):
                self.pause()
            self.app.dirty = True
            return
        self.refresh_can_act()
        if self.table.handle(ev):
            self.app.dirty = True
        elif ev.type == pygame.MOUSEMOTION:
            self.menu_button.handle(ev)
            self.sheet_button.handle(ev)
            self.undo_button.handle(ev)
            self.hint_button.handle(ev)

    def concealed(self) -> bool:
        """With two or more humans, is a dialog up that belongs to nobody's turn (the
        pause menu, a score sheet, the rules help)? Then no hand may show behind it."""
        if not self.session.hotseat:
            return False
        return self.app.help is not None or any(
            not getattr(d, "seat_owned", False) for d in self.modals
        )

    def chrome(self) -> tuple:
        """Everything around the table that a frame draws: when it is the same as the last
        frame's, only the table's flights can differ between the two frames."""

        def button(b):
            return (b.label, b.primary, b.enabled, b.hover, b.focus, tuple(b.rect))

        return (
            self.log.layer_key,
            self.log.open,
            button(self.menu_button),
            button(self.sheet_button),
            button(self.undo_button),
            button(self.hint_button),
            None if self.seat_layer.hint is None else self.seat_layer.hint["card"],
            tuple(self.seat_layer.toasts.items),
            tuple(id(d) for d in self.modals),
            self.size,
        )

    def draw(self, surface) -> list | None:
        damage = self._draw(surface)
        flights = self.table.damage if damage is not None else []
        chrome, self._chrome = self._chrome, self.chrome()
        last, self._last_flights = self._last_flights, list(self.table.flight_rects)
        if damage is None or self.table.damage is None or chrome != self._chrome or self.modals:
            return None
        return flights + last  # where the flights are now, and where they were

    def _draw(self, surface) -> list | None:
        self.table.faces_drawn, self.table.hand_faces_drawn = [], []
        self.table.damage, self.table.flight_rects = None, []
        covers = [i for i, d in enumerate(self.modals) if isinstance(d, HandOff)]
        if covers or self.concealed():
            # the cover is opaque and nothing of the table is drawn under it, not for one frame;
            # public dialogs (pause menu, score sheet) are drawn over the same plain cover,
            # and the seat's own layer (toasts, choosers) not at all
            cover = self.modals[covers[-1]] if covers else self.plain_cover
            above = [
                d
                for d in self.modals[(covers[-1] + 1 if covers else 0) :]
                if not getattr(d, "seat_owned", False)
            ]
            if above or not covers:
                cover.m = self.m
                cover.draw_backdrop(surface)
                for d in above:
                    d.draw(surface)
            else:
                cover.draw(surface)
            return None
        super().draw(surface)
        self.seat_layer.toasts.draw(surface, self.m, self.toast_anchor())
        return []

    def draw_scene(self, surface) -> None:
        self.table.draw(surface, theme.felt(surface.get_size()))
        self.draw_hint(surface)
        v = self.table.view
        # while a round's score sheet is up, the panel already shows the new totals
        totals = self.sheet_totals or getattr(v, "totals", None)
        self.log.draw(surface, self.ctx.viewer, totals, self.table.on_move(), self.log_shown)
        self.menu_button.draw(surface)
        self.sheet_button.draw(surface)
        self.undo_button.enabled = self.session.can_undo()
        self.undo_button.draw(surface)
        self.hint_button.enabled = self.ctx.can_act
        self.hint_button.draw(surface)
