"""Watching a finished game again: the table as it was after each action, stepped
forward (animated, like the game itself) or back, to a round's start or the end, seen
from any seat, with every other hand laid open in the bar below the table.

The game is over, so nothing is secret any more: the screen may show every hand.
The positions come from ``game.services.replays.Replay`` (the log replayed from the seed).
"""

from __future__ import annotations

import math

import pygame

import game.ui.tables.crazier_eights.art as crazier_eights_art
import game.ui.tables.cross_rummy.art as cross_rummy_art
import game.ui.tables.cross_rummy.geometry as cross_rummy_geometry
from game.services.i18n import _, msg
from game.services.replays import Replay
from game.ui import theme
from game.ui.session import Seat, Session
from game.ui.table_host import TableScene
from game.ui.widgets import Button, button_width

AUTOPLAY_MS = 700  # between moves while playing
BAR_H = 190  # the replay bar's height at 1920x1080: status, buttons, the open hands


class RoomMetrics(theme.Metrics):
    """The metrics of the room above the replay bar, laid out as a window of the room's
    size, with the readable floor of the window the room is in: no text the table draws
    there is smaller than on the live table in the same window."""

    def __init__(self, room: tuple[int, int], window: tuple[int, int]):
        super().__init__(room)
        self.window = theme.Metrics(window)
        self.w, self.h = window  # what a table works the window's readable floor out from

    def font_px(self, n: float) -> int:
        return max(super().font_px(n), self.window.floor_px())

    def floor_px(self) -> int:
        return self.window.floor_px()


class ReplayScene(TableScene):
    def __init__(self, app, replay: Replay, seat: int | None = None):
        saved = replay.saved
        # every seat is shown as a person's: nobody thinks in a replay, every move is made
        seats = [Seat(s["name"], "human") for s in saved.seats]
        session = Session(saved.game, saved.options, saved.seed, seats, autosave=False)
        self.replay = replay
        self.playing = False
        self.next_move_at: float | None = None
        self.controls = [
            Button(msg("|◀"), lambda: self.jump(0), key=pygame.K_HOME),
            Button(msg("◀◀ Round"), self.round_back, key=pygame.K_PAGEUP),
            Button(msg("◀ Back"), self.back, key=pygame.K_LEFT),
            Button(msg("Play"), self.toggle_play, primary=True, key=pygame.K_SPACE),
            Button(msg("Next ▶"), self.forward, key=pygame.K_RIGHT),
            Button(msg("Round ▶▶"), self.round_forward, key=pygame.K_PAGEDOWN),
            Button(msg("▶|"), lambda: self.jump(len(self.replay)), key=pygame.K_END),
        ]
        self.seat_button = Button(msg(""), self.next_seat, key=pygame.K_v)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.most_tiles: list[int] | None = None  # Cross Rummy: each seat's fullest rack
        self.tile_plan = (0, 1, 1)  # the open racks' tile height, tiles a row, rows
        self.racks_at = 0  # the move the open racks' rows were last counted at
        if seat is None:
            seat = next((i for i, s in enumerate(saved.seats) if s["kind"] == "human"), 0)
        self.opening = list(session.log)  # the deal's events: every position's log starts so
        super().__init__(app, session, viewer=seat, live=False)
        self.menu_button.label = msg("Close")
        self.seat_button.label = msg("Seen by {player} (V)", player=session.name(seat))

    # -- where the game is

    @property
    def at(self) -> int:
        return len(self.session.state.actions)

    def jump(self, k: int) -> None:
        """Show the position after ``k`` actions at once (no animation)."""
        k = max(0, min(len(self.replay), k))
        r = self.replay
        self.session.set_position(r.state_at(k), self.opening + r.log_at(k), list(r.movers[:k]))
        self.modals = []  # a round's score sheet belongs to the position left behind
        self._rewound()
        self.fit_open_racks()

    def forward(self) -> None:
        if self.at >= len(self.replay):
            self.playing = False
            return
        if self.steps or self.table.busy() or self.modals:
            self.jump(self.at + 1)  # still showing the last move: skip its animation
            return
        self.apply(self.replay.actions[self.at])

    def back(self) -> None:
        self.jump(self.at - 1)

    def round_back(self) -> None:
        starts = self.replay.round_starts
        i = self.replay.round_of(self.at)
        self.jump(starts[i] if self.at > starts[i] or i == 0 else starts[i - 1])

    def round_forward(self) -> None:
        starts = self.replay.round_starts
        i = self.replay.round_of(self.at)
        self.jump(starts[i + 1] if i + 1 < len(starts) else len(self.replay))

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.at < len(self.replay)
        self.next_move_at = self.app.now
        self.app.dirty = True

    def next_seat(self) -> None:
        seat = (self.ctx.viewer + 1) % len(self.session.seats)
        self.fixed_viewer = seat
        self.set_viewer(seat, anchor=seat)
        self.seat_button.label = msg("Seen by {player} (V)", player=self.session.name(seat))
        self.layout()

    def pause(self) -> None:  # Esc and the Close button: back to the list
        self.app.go("replays")

    # -- the table scene's hooks

    def enqueue(self, events: list) -> None:
        super().enqueue(events)
        if self.steps and self.steps[-1] == ("final",):
            self.steps[-1] = ("view",)  # the end of the game stays on this table

    def concealed(self) -> bool:
        return False  # the game is over: no hand is secret any more

    def update(self, dt_ms: float) -> bool:
        moving = super().update(dt_ms)
        self.fit_open_racks()
        idle = not self.steps and not self.table.busy() and not self.modals
        if self.playing and idle and self.app.now >= (self.next_move_at or 0):
            self.forward()
            self.next_move_at = self.app.now + AUTOPLAY_MS
            self.playing = self.at < len(self.replay)
            self.app.dirty = True
        return moving or self.playing

    def fit_open_racks(self) -> None:
        """Cross Rummy: after a move, the bar takes a row more (or gives one back) when a
        rack laid open in it needs one."""
        if self.session.game_id == "cross_rummy" and self.racks_at != self.at:
            self.racks_at = self.at
            per_row, rows = self.tile_plan[1:]
            if self.open_rack_rows(per_row) != rows:
                self.layout()

    def deadline(self) -> float | None:
        return self.next_move_at if self.playing else super().deadline()

    def layout(self) -> None:
        """The live table's own layout in the room above the bar, read exactly like the
        live table in this window: its text is sized from the whole window's metrics (the
        window's floor, not a smaller one's), and the table, its log panel and its buttons
        are placed in the shorter area as the table places them in any area it is given."""
        full_size, full_m = self.size, self.m
        bar_h = full_m.px(BAR_H)
        if self.session.game_id == "cross_rummy":
            bar_h = self.plan_open_racks(full_size, full_m)
        self.size = (full_size[0], full_size[1] - bar_h)
        self.m = RoomMetrics(self.size, full_size)
        try:
            super().layout()
        finally:
            self.size, self.m = full_size, full_m
        self.bar = pygame.Rect(0, full_size[1] - bar_h, full_size[0], bar_h)
        self.place_controls()
        self.app.dirty = True

    def hands_top(self, m) -> int:
        """How far below the bar's top the open hands start (under the status line and
        the buttons, as ``place_controls`` places them)."""
        return m.px(14) + theme.font(m.font_px(19)).get_linesize() + m.px(44) + m.px(10)

    def fullest_racks(self) -> list[int]:
        """Each seat's most tiles at any point of the game: the open racks' room is
        planned for them once, so stepping through the game never moves the table."""
        if self.most_tiles is None:
            seats = range(len(self.session.seats))
            state = self.replay.state_at(0)
            most = [len(self.hand_of(seat, state)) for seat in seats]
            for action in self.replay.actions:
                state.apply(action)
                most = [max(n, len(self.hand_of(seat, state))) for seat, n in zip(seats, most)]
            self.most_tiles = most
        return self.most_tiles

    def plan_open_racks(self, size: tuple[int, int], m) -> int:
        """Cross Rummy's open racks are whole tiles side by side in rows (a tile half under
        its neighbour hides its number). The tiles are one size for the whole game: as
        large as the bar's usual room allows for the fullest racks of the game, down to
        the smallest tile whose numbers are readable text (the live rack's floor). A rack
        too full for the usual room at that size takes more rows and the bar grows by
        them while it is that full. Returns the bar's height and keeps (tile height, tiles
        a row, rows) for drawing."""
        bar_h = m.px(BAR_H)
        room = bar_h - self.hands_top(m) - m.px(14)
        viewer = self.ctx.viewer
        most = [n for seat, n in enumerate(self.fullest_racks()) if seat != viewer]
        if not most:
            self.tile_plan = (0, 1, 1)
            return bar_h
        slot = (size[0] - 2 * m.px(24)) // len(most)
        tiles_w = slot - self.label_width(m) - m.px(16)
        gap = m.px(3)
        smallest = cross_rummy_geometry.rack_tile_floor(m.floor_px())
        h = max(smallest, room)
        while True:
            per_row = max(1, (tiles_w + gap) // (cross_rummy_art.tile_size(h)[0] + gap))
            rows = max(1, *(math.ceil(n / per_row) for n in most))
            need = rows * h + (rows - 1) * gap
            if need <= room or h <= smallest:
                break
            h -= 1
        rows = self.open_rack_rows(per_row)
        need = rows * h + (rows - 1) * gap
        self.tile_plan = (h, per_row, rows)
        return bar_h + max(0, need - room)

    def open_rack_rows(self, per_row: int) -> int:
        """The rows the other seats' racks take now, ``per_row`` tiles a row."""
        viewer = self.ctx.viewer
        seats = [i for i in range(len(self.session.seats)) if i != viewer]
        return max(1, *(math.ceil(len(self.hand_of(seat)) / per_row) for seat in seats))

    def label_px(self, m) -> int:
        """The open hands' names: each whole, at the readable floor if its share is
        narrow (the cards make room for it; the name may not be cut)."""
        others = [i for i in range(len(self.session.seats)) if i != self.ctx.viewer]
        if not others:
            return m.font_px(17)
        slot = (self.size[0] - 2 * m.px(24)) // len(others)
        px = m.font_px(17)
        names = [self.session.name(seat) for seat in others]
        if max(theme.font(px, True).size(n)[0] for n in names) + m.px(6) > slot // 3:
            px = m.floor_px()
        return px

    def label_width(self, m) -> int:
        px = self.label_px(m)
        others = [i for i in range(len(self.session.seats)) if i != self.ctx.viewer]
        names = [self.session.name(seat) for seat in others] or [""]
        return max(theme.font(px, True).size(n)[0] for n in names) + m.px(10)

    def place_controls(self) -> None:
        """The step buttons and the seat button in one row, each as wide as its longest
        label needs (Play and Pause share a button), shrunk towards the readable floor
        when the row would not fit the bar."""
        m = self.m
        bh, gap = m.px(44), m.px(8)
        labels = [[b.label] for b in self.controls]
        labels[3] = [msg("Play"), msg("Pause")]
        seats = [
            msg("Seen by {player} (V)", player=self.session.name(i))
            for i in range(len(self.session.seats))
        ]
        room = self.bar.w - m.px(48)
        for px in range(m.font_px(19), m.floor_px() - 1, -1):
            widths = [button_width(ls, px, bh, m.px(10)) for ls in labels]
            seat_w = button_width(seats, px, bh, m.px(10))
            total = sum(widths) + gap * len(widths) + seat_w
            if total <= room:
                break
        x = self.bar.centerx - total // 2
        y = self.bar.y + m.px(14) + theme.font(m.font_px(19)).get_linesize()
        for b, w in zip(self.controls, widths):
            b.place((x, y, w, bh), px)
            x += w + gap
        self.seat_button.place((x, y, seat_w, bh), px)
        self.hands_y = y + bh + m.px(10)  # = self.bar.y + self.hands_top(m)

    def handle_input(self, ev) -> None:
        self.controls[3].label = msg("Pause") if self.playing else msg("Play")
        for b in [*self.controls, self.seat_button]:
            if b.handle(ev):
                self.app.dirty = True
                return
        if self.log.handle(ev) or self.menu_button.handle(ev) or self.sheet_button.handle(ev):
            self.app.dirty = True
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.pause()

    def chrome(self) -> tuple:
        return (*super().chrome(), self.at, self.playing, self.ctx.viewer)

    # -- drawing

    def draw_scene(self, surface) -> None:
        super().draw_scene(surface)
        m = self.m
        theme.draw_panel(surface, self.bar.inflate(-m.px(16), -m.px(6)), radius=m.px(12))
        rnd = self.replay.round_of(self.at)
        rounds = len(self.replay.round_starts)
        status = _("Replay · move {at} of {moves}").format(at=self.at, moves=len(self.replay))
        if rounds > 1 or getattr(self.session.state, "round", None):
            status += _(" · round {round} of {rounds}").format(round=rnd + 1, rounds=rounds)
        if self.at:
            last = self.replay.events[self.at - 1]
            words = next((self.session.words(e, None) for e in reversed(last) if e.text), "")
            if words:
                status += f" · {words}"
        px = m.font_px(19)
        status = theme.fit_text(status, px, self.bar.w - m.px(48))
        theme.blit_text(surface, status, px, (self.bar.x + m.px(24), self.bar.y + m.px(10)))
        self.controls[3].label = msg("Pause") if self.playing else msg("Play")
        for b in self.controls:
            b.enabled = (self.at > 0) if b in self.controls[:3] else (self.at < len(self.replay))
            b.draw(surface)
        self.seat_button.draw(surface)
        self.draw_open_hands(surface)

    def draw_open_hands(self, surface) -> None:
        """Every other seat's hand, face up, in a row each gets an equal share of."""
        m = self.m
        others = [i for i in range(len(self.session.seats)) if i != self.ctx.viewer]
        if not others:
            return
        left, right = self.bar.x + m.px(24), self.bar.right - m.px(24)
        slot = (right - left) // len(others)
        face_h = self.bar.bottom - m.px(14) - self.hands_y
        label_px, label_w = self.label_px(m), self.label_width(m)
        names = [self.session.name(seat) for seat in others]
        for k, seat in enumerate(others):
            x0 = left + k * slot
            name = theme.fit_text(names[k], label_px, slot - m.px(6), True)
            theme.blit_text(
                surface,
                name,
                label_px,
                (x0, self.hands_y + face_h // 2),
                theme.TEXT_DIM,
                True,
                "midleft",
            )
            hand = self.hand_of(seat)
            if not hand or face_h <= 8:
                continue
            if self.session.game_id == "cross_rummy":
                self.draw_open_rack(surface, hand, x0 + label_w)
                continue
            imgs = [self.small_face(n, face_h) for n in hand]
            w = imgs[0].get_width()
            room = slot - label_w - m.px(16)
            step = min(w + m.px(3), (room - w) / max(1, len(imgs) - 1)) if len(imgs) > 1 else 0
            for i, img in enumerate(imgs):
                surface.blit(img, (round(x0 + label_w + i * step), self.hands_y))

    def draw_open_rack(self, surface, rack: list[str], x: int) -> None:
        """A Cross Rummy rack as whole tiles in rows, none over another (``tile_plan``)."""
        h, per_row, rows = self.tile_plan
        gap = self.m.px(3)
        w = cross_rummy_art.tile_size(h)[0]
        # a rack fuller than its rows (never, for a plan made from the whole game) is cut
        # short rather than drawn over the bar's edge
        for i, name in enumerate(rack[: per_row * rows]):
            row, col = divmod(i, per_row)
            at = (x + col * (w + gap), self.hands_y + row * (h + gap))
            surface.blit(cross_rummy_art.tile(name, h), at)

    def hand_of(self, seat: int, state=None) -> list[str]:
        view = (state or self.session.state).view(seat)
        return list(getattr(view, "hand", None) or getattr(view, "rack", None) or [])

    def small_face(self, name: str, height: int) -> pygame.Surface:
        if self.session.game_id == "cross_rummy":
            return cross_rummy_art.tile(name, height)
        if self.session.game_id == "crazier_eights":
            return crazier_eights_art.face(name, height)
        return self.table.face(name, height)
