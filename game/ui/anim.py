"""Animations: surfaces that fly from one point to another, or fade in, on a shared clock.

Tables turn engine events into ``Flight`` objects and ``add`` them to an
``Animator``; ``Animator.after()`` gives the time the last queued animation ends, so a
batch of events plays one after another. A flight with ``hold=True`` stays drawn where
it landed until ``clear_held()`` (when the table swaps in the new view).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


def ease_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


@dataclass
class Flight:
    surface: pygame.Surface
    src: tuple[float, float]  # centre at the start
    dst: tuple[float, float]  # centre at the end
    start: float  # animator time (ms)
    duration: float
    fade: bool = False  # reduce motion: appear at dst with a fade instead of moving
    hold: bool = False
    on_done: object = None
    tag: object = None  # what the table hides while this flies (a card name, a seat…)
    shadow: pygame.Surface | None = None
    shadow_offset: tuple[int, int] = (0, 0)
    done: bool = field(default=False)

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0 if now >= self.start else 0.0
        return max(0.0, min(1.0, (now - self.start) / self.duration))

    def centre(self, now: float) -> tuple[float, float]:
        if self.fade:
            return self.dst
        t = ease_out(self.progress(now))
        return lerp(self.src[0], self.dst[0], t), lerp(self.src[1], self.dst[1], t)

    def draw(self, target: pygame.Surface, now: float) -> pygame.Rect | None:
        """Draw the flight where it is at ``now``; the rectangle it covers (with its
        shadow), or None before it starts."""
        if now < self.start:
            return None
        cx, cy = self.centre(now)
        rect = self.surface.get_rect(center=(round(cx), round(cy)))
        if self.fade and not self.done:
            img = self.surface.copy()
            img.set_alpha(round(255 * self.progress(now)))
            return target.blit(img, rect)
        covered = rect.copy()
        if self.shadow is not None:
            covered.union_ip(
                target.blit(
                    self.shadow, (rect.x + self.shadow_offset[0], rect.y + self.shadow_offset[1])
                )
            )
        target.blit(self.surface, rect)
        return covered


class Animator:
    def __init__(self):
        self.now = 0.0
        self.flights: list[Flight] = []
        self.held: list[Flight] = []

    def update(self, dt_ms: float) -> bool:
        """Advance the clock; returns True while anything is still moving."""
        self.now += dt_ms
        still = []
        for f in self.flights:
            if self.now >= f.start + f.duration:
                f.done = True
                if f.hold:
                    self.held.append(f)
                if f.on_done:
                    f.on_done()
            else:
                still.append(f)
        self.flights = still
        return bool(self.flights)

    def add(self, flight: Flight) -> Flight:
        self.flights.append(flight)
        return flight

    def after(self) -> float:
        """When the last queued flight ends (now, if nothing is queued)."""
        return max([self.now] + [f.start + f.duration for f in self.flights])

    def busy(self) -> bool:
        return bool(self.flights)

    def flying(self, tag) -> bool:
        return any(f.tag == tag for f in self.flights) or any(f.tag == tag for f in self.held)

    def tags(self) -> list:
        return [f.tag for f in self.flights] + [f.tag for f in self.held]

    def clear_held(self) -> None:
        self.held = []

    def finish_all(self) -> None:
        self.update(self.after() - self.now + 1)

    def draw(self, target: pygame.Surface) -> list[pygame.Rect]:
        """Draw every held and moving surface; the rectangles they cover this frame."""
        covered = [f.draw(target, self.now) for f in self.held]
        covered += [f.draw(target, self.now) for f in sorted(self.flights, key=lambda f: f.start)]
        return [r for r in covered if r is not None]
