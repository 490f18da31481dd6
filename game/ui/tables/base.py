"""The base every game's table builds on (see docs/architecture.md).

A table draws one game from one seat's eyes and turns input into engine actions.
It never decides a rule: it reads the view and the legal actions, and asks the
session for the engine's refusal reason.

The hosting ``TableScene`` provides ``ctx`` (a ``TableContext``) and drives it:

    resize(area, metrics)       the table's rectangle changed (log panel, window)
    play_events(events)         engine events (already as the viewer sees them) to animate
    set_view(view)              after a batch's animations: show the new state
    update(dt_ms) -> bool       advance animations; True while something moves
    draw(surface)               draw everything (cached surfaces only)
    handle(event) -> bool       pygame input (only called while the human may act)
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field
from typing import ClassVar

import pygame

import game.ui.cards as cards
import game.ui.textlog as textlog
import game.ui.theme as theme
from game.services.i18n import language
from game.ui.anim import Animator, Flight


@dataclass
class TableContext:
    """What the scene gives a table."""

    session: object  # game.ui.session.Session
    settings: dict
    toast: object  # toast(message, colour=theme.ERROR)
    submit: object  # submit(action) -> bool: apply a human action through the scene
    open_dialog: object  # open_dialog(widgets.Dialog): a modal over the table
    viewer: int | None = None  # whose secrets may be drawn face up (None: nobody's)
    anchor: int = 0  # the seat drawn at the bottom of the screen
    can_act: bool = False  # True when the viewer is the current player and no modal is up
    live: bool = True  # False: a replay or a frozen frame, where nobody is asked to move
    extra: dict = field(default_factory=dict)


class BaseTable:
    game_id = ""
    # What a table remembers for the seat at the screen only (hover, keyboard focus, a press
    # or drag, a pinned enlarged card): attribute -> its value when nobody is at the screen.
    # ``reset_seat_state`` restores them whenever the viewer changes (see ui/seat_layer.py).
    seat_state: ClassVar[dict] = {}

    def __init__(self, ctx: TableContext):
        self.ctx = ctx
        self.session = ctx.session
        self.anim = Animator()
        self.view = None
        self.area = pygame.Rect(0, 0, 1920, 1080)
        self.m = theme.Metrics((1920, 1080))
        self.faces_drawn: list[str] = []  # every face-up hand card drawn in the last frame (tests)
        self.hand_faces_drawn: list[str] = []
        self.seat_points: dict[int, tuple[int, int]] = {}
        self._layer: pygame.Surface | None = None
        self.view_serial = 0
        self._layer_key = None
        self._layer_faces: tuple[list, list] = ([], [])
        # what the last draw() changed besides its cached layer: the rectangles of the
        # flights, or None when the layer was redrawn (or there is none): the whole table
        self.damage: list[pygame.Rect] | None = None
        self.flight_rects: list[pygame.Rect] = []  # what the last draw()'s flights covered

    # -- driven by the scene

    def resize(self, area: pygame.Rect, m: theme.Metrics) -> None:
        self.area = pygame.Rect(area)
        self.m = m
        self.layout()

    def set_view(self, view) -> None:
        self.view = view
        self.view_serial += 1  # part of signature(): a new view redraws the cached layer
        self.anim.clear_held()
        self.view_changed()

    def play_events(self, events: list) -> None:
        for ev in events:
            self.on_event(ev)

    def update(self, dt_ms: float) -> bool:
        """Advance the animations; True while something moves, and also on the update in
        which the last flight lands: that frame must still be drawn (a refused card back
        in its slot, the hand dimmed again), or the screen keeps the flight's last frame
        until the next input."""
        was_moving = self.anim.busy()
        return self.anim.update(dt_ms) or was_moving

    def busy(self) -> bool:
        return self.anim.busy()

    def replaying(self) -> bool:
        """Is the screen still catching up with the engine (moves animating, steps queued,
        a round's score sheet up)?"""
        return self.busy() or bool(self.ctx.extra.get("replaying"))

    def nobody_to_move(self) -> bool:
        """Nobody is to move now: a lesson's coach explains (the lesson scene sets
        ``ctx.extra["nobody_to_move"]``), so no seat is shown to move, think or be prompted."""
        return bool(self.ctx.extra.get("nobody_to_move"))

    def on_move(self) -> int | None:
        """The seat the screen shows as to move: the displayed view's current player once
        the replay of events has caught up with it; None while moves still animate, while
        a round's score sheet is up, while ``nobody_to_move`` and once the game is over.
        Plates, prompts and the score panel all read this one answer, so they never
        disagree."""
        v = self.view
        if v is None or getattr(v, "over", False) or self.replaying() or self.nobody_to_move():
            return None
        return v.current_player

    def own_turn(self) -> bool:
        """The human at the screen is to play, also while a refused card springs back or the
        suit chooser is open (``ctx.can_act`` is False then): the hand stays dimmed and the
        prompt keeps saying "Your turn"."""
        v, seat = self.view, self.viewer
        return (
            self.ctx.live
            and not self.nobody_to_move()
            and v is not None
            and not v.over
            and seat is not None
            and seat == self.anchor
            and v.current_player == seat
            and self.session.current() == seat
            and self.session.seats[seat].human
        )

    def points(self, seat: int):
        """The points shown for ``seat``: while a round's score sheet is up, the totals it
        scored (the sheet and the plates agree); otherwise the displayed view's."""
        totals = self.ctx.extra.get("sheet_totals") or self.view.totals
        return totals[seat]

    def reset_seat_state(self) -> None:
        """Forget everything drawn for the previous viewer (``seat_state``)."""
        for name, value in self.seat_state.items():
            setattr(self, name, copy.copy(value))
        self.forget_layer()  # the cached layer was drawn for the previous viewer

    def forget_layer(self) -> None:
        """Draw the cached table layer again on the next frame (new viewer, new settings)."""
        self._layer_key = None

    def draw(self, surface: pygame.Surface, background: pygame.Surface | None = None) -> None:
        """Draw the table over ``background`` (the felt), then flights and the overlay.

        When ``signature()`` gives a key, the static part (background + ``draw_table``) is
        kept in a layer and only redrawn when the key changes: a frame during a flight
        is then one blit plus the moving cards.
        """
        sig = self.signature()
        size = surface.get_size()
        reused = False
        if sig is not None and background is not None:
            extra = (self.on_move(), tuple(self.ctx.extra.get("sheet_totals") or ()))
            # the layout audit records text drawn into the layer: a layer made before it
            # started is made again (and one made while it ran, once it stops)
            key = (sig, size, id(background), extra, textlog.ON, language())
            if key != self._layer_key:
                if (
                    self._layer is None
                    or self._layer.get_size() != size
                    or isinstance(self._layer, textlog.RecordingSurface) != textlog.ON
                ):
                    self._layer = (
                        pygame.Surface(size).convert()
                        if pygame.display.get_surface()
                        else pygame.Surface(size)
                    )
                self._layer.blit(background, (0, 0))
                self.faces_drawn, self.hand_faces_drawn = [], []
                self.draw_table(self._layer)
                self._layer_key = key
                self._layer_faces = (self.faces_drawn, self.hand_faces_drawn)
            else:
                reused = True
            surface.blit(self._layer, (0, 0))
            self.faces_drawn, self.hand_faces_drawn = (
                list(self._layer_faces[0]),
                list(self._layer_faces[1]),
            )
        else:
            self._layer_key = None
            if background is not None:
                surface.blit(background, (0, 0))
            self.faces_drawn, self.hand_faces_drawn = [], []
            self.draw_table(surface)
        flights = self.flight_rects = self.anim.draw(surface)
        # draw_overlay depends only on what signature() holds (a drag returns None there),
        # so with the layer reused, only the flights can have moved
        self.damage = flights if reused else None
        self.draw_overlay(surface)

    def signature(self):
        """A hashable key of everything ``draw_table`` depends on, or None (no layer cache).

        Include the view, the tags in flight, hover/focus, ``ctx.can_act``/``viewer``/
        ``anchor``, the log length and the action count, and whatever ``draw_overlay``
        draws from; return None while dragging. While the key holds, a frame pushes only
        the rectangles its flights cover (``damage``), so a change the key misses would
        stay off the screen.
        """
        return None

    # -- for subclasses to implement

    def layout(self) -> None:
        """Compute rectangles from ``self.area`` and ``self.m``."""

    def view_changed(self) -> None:
        """``self.view`` was replaced (cache per-view layout here)."""

    def position_rect(self) -> pygame.Rect:
        """The part of the table a round's last position is read in (the pile, the trick,
        the board): its score sheet stands clear of it where it can. Default: the middle
        of the area."""
        a = self.area
        return pygame.Rect(a.x + a.w // 4, a.y + a.h // 4, a.w // 2, a.h * 2 // 5)

    def on_event(self, event) -> None:
        """Schedule animations for one engine event (see ``fly``)."""

    def draw_table(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn above flights (a dragged card, focus ring)."""

    def handle(self, ev) -> bool:
        return False

    def score_notes(self, row: dict) -> str:
        """A few words for a score sheet row (blocked round, haul …)."""
        return ""

    # -- helpers

    @property
    def viewer(self) -> int | None:
        return self.ctx.viewer

    @property
    def anchor(self) -> int:
        return self.ctx.anchor

    @property
    def four_colour(self) -> bool:
        return bool(self.ctx.settings.get("four_colour"))

    @property
    def move_ms(self) -> int:
        """How long a move animates: 180-260 ms by speed; 0 in instant mode."""
        return {"slow": 260, "normal": 220, "fast": 180, "instant": 0}.get(
            self.ctx.settings.get("speed"), 220
        )

    @property
    def reduce_motion(self) -> bool:
        return bool(self.ctx.settings.get("reduce_motion"))

    def face(self, name: str, height: int, hand: bool = False) -> pygame.Surface:
        """A standard face, recorded as drawn face up (tests assert hidden hands)."""
        self.faces_drawn.append(name)
        if hand:
            self.hand_faces_drawn.append(name)
        return cards.face(name, height, self.four_colour)

    def blit_card(
        self,
        surface,
        img: pygame.Surface,
        centre,
        shadow: bool = True,
        angle: float = 0.0,
        key: tuple | None = None,
    ) -> pygame.Rect:
        """Blit a card image centred at ``centre`` with its soft shadow (rotation cached by key)."""
        size = img.get_size()
        if angle and key is not None:
            img = cards.rotated(img, key, angle)
        rect = img.get_rect(center=(round(centre[0]), round(centre[1])))
        if shadow:
            sh = cards.card_shadow(size)
            ox, oy = cards.shadow_offset(size)
            dx, dy = (
                ox + sh.get_width() // 2 - size[0] // 2,
                oy + sh.get_height() // 2 - size[1] // 2,
            )
            if angle and key is not None:
                sh = cards.rotated(sh, ("shadow", size), angle)
            surface.blit(sh, sh.get_rect(center=(rect.centerx + dx, rect.centery + dy)))
        surface.blit(img, rect)
        return rect

    def fly(
        self,
        surface: pygame.Surface,
        src,
        dst,
        tag=None,
        hold: bool = True,
        after: float | None = None,
        duration: float | None = None,
        shadow: bool = True,
    ) -> Flight:
        """Queue a flight after everything already queued (so a batch plays in order)."""
        start = self.anim.after() if after is None else after
        dur = self.move_ms if duration is None else duration
        fade = self.reduce_motion and dur > 0
        if fade:
            dur = min(dur, 140)
        sh = cards.card_shadow(surface.get_size()) if shadow else None
        return self.anim.add(
            Flight(
                surface,
                src,
                dst,
                start,
                dur,
                fade=fade,
                hold=hold,
                tag=tag,
                shadow=sh,
                shadow_offset=cards.shadow_offset(surface.get_size()),
            )
        )

    def seat_order(self) -> list[int]:
        """Seats clockwise from the anchor (anchor first)."""
        n = self.view.players if self.view is not None else len(self.session.seats)
        return [(self.anchor + k) % n for k in range(n)]

    def ellipse_points(self, centre, rx: float, ry: float, count: int) -> list[tuple[int, int]]:
        """Positions for ``count`` opponents clockwise from the left, over the top, to the right."""
        if count <= 0:
            return []
        if count == 1:
            angles = [270.0]
        else:
            a0, a1 = {2: (205, 335), 3: (180, 360)}.get(count, (168, 372))
            angles = [a0 + (a1 - a0) * i / (count - 1) for i in range(count)]
        cx, cy = centre
        return [
            (round(cx + rx * math.cos(math.radians(a))), round(cy + ry * math.sin(math.radians(a))))
            for a in angles
        ]
