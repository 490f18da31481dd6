"""Tables without a visible window: ``make_headless_table`` builds a full table (every
seat an AI, seat 0's eyes, the default settings) for screenshots, benchmarks and tests,
and ``screenshot(args)`` renders one frame of it to a PNG (``--screenshot``).
"""

from __future__ import annotations

import copy
import sys

from game.ui.app import App
from game.ui.window import parse_size

AI_NAMES = ("Ana", "Ben", "Chloé", "Dev", "Emeka", "Fumiko", "Gus", "Hana")


class HeadlessTable:
    """A full table rendered off screen: ``update(dt_ms)``, ``draw_frame(surface)``, ``save(path)``."""

    def __init__(
        self,
        game_id: str,
        players: int,
        seed: int,
        autoplay: int = 0,
        size=(1920, 1080),
        live: bool = False,
        level: str = "normal",
        headless: bool = True,
        lang: str = "en",
    ):
        from game.ai import available_levels
        from game.services import settings as settings_mod
        from game.ui.session import Seat, Session

        # a reproducible look: the default settings, whatever this user chose
        defaults = settings_mod.Settings(copy.deepcopy(settings_mod.DEFAULTS))
        defaults["language"] = lang  # English unless asked: not the system's language
        # headless=False: a real window (benchmarks)
        self.app = App(size, headless=headless, settings=defaults)
        levels = available_levels(game_id)
        lvl = level if level in levels else levels[-1]
        seats = [Seat(AI_NAMES[i % len(AI_NAMES)], "ai", lvl) for i in range(players)]
        self.session = Session(game_id, {}, seed, seats, autosave=False)
        for _ in range(autoplay):
            if self.session.is_over():
                break
            self.session.act(self.session.ai.move_now())
        self.scene = self.app.make_scene("table", self.session, viewer=0, live=live)
        self.app.set_scene(self.scene)
        self.surface = self.app.screen

    def update(self, dt_ms: float = 16.0) -> bool:
        return self.app.update(dt_ms)

    def draw_frame(self, surface=None) -> None:
        self.app.render(surface or self.surface)

    def save(self, path: str) -> None:
        import pygame

        self.draw_frame()
        pygame.image.save(self.surface, path)


def make_headless_table(
    game_id: str, players: int, seed: int, autoplay: int = 0, size=(1920, 1080), **options
):
    """A ``HeadlessTable`` (``options``: live, level, headless, lang)."""
    return HeadlessTable(game_id, players, seed, autoplay, size, **options)


def screenshot(args) -> int:
    from game import games

    if args.game not in games.GAMES or not games.get(args.game).playable():
        print(
            f"--game {args.game!r}: no playable table for that game in this build", file=sys.stderr
        )
        return 2
    table = make_headless_table(
        args.game,
        args.players,
        args.seed,
        args.autoplay,
        parse_size(args.size or "1920x1080"),
        lang=getattr(args, "lang", None) or "en",
    )
    table.save(args.screenshot)
    return 0
