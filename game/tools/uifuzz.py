"""``python -m game.tools.uifuzz``: random input over every screen, hot-seat included.

Each episode opens a headless app at a random window size between the minimum and
3840×2160, starts on the menu or straight at a table (every game, every player count,
with no, one or several humans at the screen), and sends random real pygame events:
mouse moves, clicks, drags and wheel turns, keys (Escape, Enter, F1, letters, digits,
arrows, Ctrl+Z…), typed text (non-ASCII included) and window resizes. Now and then the
human at the screen plays a random legal move, so games reach their score sheets and
results screens. After every frame:

- nothing raised (a crash is reported with the seed, episode and step to replay it);
- every card or tile of the game is still accounted for;
- while a hot-seat cover is up, no hand's face was drawn.

Runs in a private user folder, so no setting or save of the player is touched.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

SIZES = [(960, 600), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160)]
TEXTS = ["a", "7", " ", "é", "²", "٣", "ß", "😀", "\u200b", "Zoë", "0", "9"]
STEPS = 160  # events per episode


@dataclass
class Figures:
    episodes: int = 0
    events: int = 0
    frames: int = 0
    moves: int = 0  # legal moves played for a human at the screen
    resizes: int = 0
    covers: int = 0  # frames drawn with a hot-seat cover up
    scenes: Counter = field(default_factory=Counter)
    games: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)


def _keys():
    import pygame

    return [
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_RETURN,
        pygame.K_KP_ENTER,
        pygame.K_SPACE,
        pygame.K_ESCAPE,
        pygame.K_TAB,
        pygame.K_BACKSPACE,
        pygame.K_DELETE,
        pygame.K_F1,
        pygame.K_HOME,
        pygame.K_END,
        pygame.K_PAGEUP,
        pygame.K_PAGEDOWN,
        pygame.K_a,
        pygame.K_d,
        pygame.K_h,
        pygame.K_p,
        pygame.K_s,
        pygame.K_z,
        pygame.K_y,
        pygame.K_0,
        pygame.K_1,
        pygame.K_2,
        pygame.K_9,
    ]


class Episode:
    """One app, one start, ``STEPS`` random events."""

    def __init__(self, index: int, seed: int, figures: Figures):
        import pygame

        from game import games as registry
        from game.ui.app import App

        self.rng = random.Random(seed)
        self.seed = seed
        self.fig = figures
        self.pygame = pygame
        self.keys = _keys()
        size = self.random_size()
        pygame.display.set_mode(size)
        self.app = App(size, headless=True)
        self.app.settings["speed"] = self.rng.choice(["instant", "instant", "fast", "normal"])
        self.cards: Counter | None = None
        self.session = None
        # Starts in turn, so even a short pass meets every game's table and every screen.
        games = list(registry.GAMES)
        game_id = games[index % len(games)]
        start = (
            "table" if index % 2 == 0 else ("menu", "setup", "choose", "settings")[index // 2 % 4]
        )
        if start == "menu":
            from game.ui.scenes.menu import MenuScene

            self.app.set_scene(MenuScene(self.app))
        elif start == "choose":
            from game.ui.scenes.choose import ChooseScene

            self.app.set_scene(ChooseScene(self.app))
        elif start == "setup":
            from game.ui.scenes.setup import SetupScene

            self.app.set_scene(SetupScene(self.app, game_id))
        elif start == "settings":
            from game.ui.scenes.settings import SettingsScene

            self.app.set_scene(SettingsScene(self.app))
        else:
            self.open_table(game_id)
        self.where = game_id if start in ("setup", "table") else start
        figures.games[f"{start} {game_id}" if start in ("setup", "table") else start] += 1

    def random_size(self) -> tuple[int, int]:
        if self.rng.random() < 0.6:
            return self.rng.choice(SIZES)
        return (self.rng.randint(960, 3840), self.rng.randint(600, 2160))

    def open_table(self, game_id: str) -> None:
        from game import games as registry
        from game.ai import available_levels
        from game.tools.soak import advance
        from game.ui.scenes.table import TableScene
        from game.ui.session import Seat, Session

        info = registry.get(game_id)
        players = self.rng.randint(info.min_players, info.max_players)
        humans = self.rng.choice([0, 1, 1, 2, 2, players])
        levels = list(available_levels(game_id))
        seats = [
            Seat(f"Human {i + 1}", "human")
            if i < humans
            else Seat(f"Bot {i}", "ai", self.rng.choice(levels))
            for i in range(players)
        ]
        level = info.engine().level()
        options = {}
        for name, spec in level.options.items():
            if spec.type == "choice" and self.rng.random() < 0.5:
                options[name] = self.rng.choice(spec.choices)
        seed = self.rng.randrange(1, 10**6)
        try:
            state = info.engine().new_game({**options, "players": players}, seed)
        except Exception:  # an option set the level refuses (teams for 5 players…)
            options = {}
            state = info.engine().new_game({"players": players}, seed)
        # Part of the games start late, so the fuzz also meets full tables, score
        # sheets and the end of a match.
        advance(state, self.rng, self.rng.choice([0, 0, 10, 60, 300, 3000]))
        session = Session(game_id, options, seed, seats, state=state, autosave=False)
        self.app.set_scene(TableScene(self.app, session))

    def post(self, kind, **attrs) -> None:
        self.pygame.event.post(self.pygame.event.Event(kind, **attrs))

    def random_event(self) -> None:
        pg, rng, app = self.pygame, self.rng, self.app
        w, h = app.size
        pos = (rng.randrange(w), rng.randrange(h))
        r = rng.random()
        if r < 0.40:
            button = rng.choice((1, 1, 1, 1, 3, 2))
            self.post(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            self.post(pg.MOUSEBUTTONDOWN, pos=pos, button=button)
            if rng.random() < 0.35:  # a drag
                app.pump(16.0)
                pos = (rng.randrange(w), rng.randrange(h))
                self.post(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            self.post(pg.MOUSEBUTTONUP, pos=pos, button=button)
        elif r < 0.50:
            self.post(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        elif r < 0.75:
            k = rng.choice(self.keys)
            mod = pg.KMOD_CTRL if k in (pg.K_z, pg.K_y) and rng.random() < 0.5 else 0
            char = pg.key.name(k) if len(pg.key.name(k)) == 1 else ""
            self.post(pg.KEYDOWN, key=k, mod=mod, unicode=char, scancode=0)
            self.post(pg.KEYUP, key=k, mod=mod, unicode=char, scancode=0)
        elif r < 0.82:
            self.post(pg.TEXTINPUT, text=rng.choice(TEXTS))
        elif r < 0.88:
            y = rng.choice((-3, -1, 1, 3))
            self.post(pg.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))
        elif r < 0.91:
            size = self.random_size()
            pg.display.set_mode(size)
            self.post(pg.VIDEORESIZE, size=size, w=size[0], h=size[1])
            self.fig.resizes += 1
        else:
            self.play_for_the_human()

    def play_for_the_human(self) -> None:
        """A legal move for the human at the screen, as a click would send it."""
        scene = self.app.scene
        ctx = getattr(scene, "ctx", None)
        if ctx is None or not ctx.can_act or scene.modals:
            return
        legal = scene.session.legal()
        if legal:
            scene.submit(self.rng.choice(legal))
            self.fig.moves += 1

    def check(self) -> str | None:
        """What is wrong with the frame just drawn, if anything."""
        from game.ui.widgets import HandOff

        scene = self.app.scene
        session = getattr(scene, "session", None)
        if session is None:
            return None
        if session is not self.session:
            self.session = session
            self.cards = Counter(map(str, session.state.all_cards()))
        elif Counter(map(str, session.state.all_cards())) != self.cards:
            return "cards not conserved"
        table = getattr(scene, "table", None)
        if table is not None and any(isinstance(d, HandOff) for d in getattr(scene, "modals", [])):
            self.fig.covers += 1
            if table.hand_faces_drawn:
                return f"a hand drawn under the hot-seat cover: {table.hand_faces_drawn[:3]}"
        return None

    def run(self) -> None:
        self.app.pump()
        for step in range(STEPS):
            try:
                self.random_event()
                self.app.pump(self.rng.choice((5.0, 16.0, 16.0, 120.0, 600.0)))
                problem = self.check()
            except Exception as exc:  # the defect the fuzz exists to find
                detail = "".join(traceback.format_exception(exc, limit=-4))
                problem = f"{type(exc).__name__}: {exc}\n{detail}"
            self.fig.events += 1
            self.fig.frames += 1
            self.fig.scenes[type(self.app.scene).__name__] += 1
            if problem:
                scene = type(self.app.scene).__name__
                self.fig.failures.append(
                    f"episode seed {self.seed} ({self.where}) step {step} on {scene} "
                    f"at {self.app.size}: {problem}"
                )
                return

    def close(self) -> None:
        session = getattr(self.app.scene, "session", None)
        stop = getattr(session, "close", None)
        if callable(stop):
            stop()


def fuzz(seconds: float | None, episodes: int | None, seed: int, out=sys.stdout) -> Figures:
    figures = Figures()
    rng = random.Random(seed)
    start = time.perf_counter()
    while True:
        if seconds is not None and time.perf_counter() - start >= seconds:
            break
        if episodes is not None and figures.episodes >= episodes:
            break
        episode_seed = rng.randrange(2**31)
        before = len(figures.failures)
        try:
            ep = Episode(figures.episodes, episode_seed, figures)
            ep.run()
            ep.close()
        except Exception as exc:
            figures.failures.append(f"episode seed {episode_seed} could not start: {exc!r}")
        for problem in figures.failures[before:]:
            print("FAIL", problem, file=out, flush=True)
        figures.episodes += 1
    return figures


def report(f: Figures, seconds: float, out=sys.stdout) -> int:
    print(
        f"{f.episodes} episodes, {f.events} events, {f.frames} frames, {f.moves} moves played, "
        f"{f.resizes} resizes, {f.covers} frames under a hot-seat cover, {seconds:.0f} s",
        file=out,
    )
    print("starts: " + ", ".join(f"{k} {v}" for k, v in sorted(f.games.items())), file=out)
    print("frames by screen: " + ", ".join(f"{k} {v}" for k, v in f.scenes.most_common()), file=out)
    print(f"{len(f.failures)} failures", file=out, flush=True)
    return len(f.failures)


def private_home() -> str:
    """A throwaway user folder, so the fuzz never touches a player's files."""
    home = tempfile.mkdtemp(prefix="parlour-uifuzz-")
    os.environ["PARLOUR_HOME"] = home
    return home


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.uifuzz", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--episodes", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.seconds is None and args.episodes is None:
        args.seconds = 60.0
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    private_home()
    t0 = time.perf_counter()
    figures = fuzz(args.seconds, args.episodes, args.seed)
    return 1 if report(figures, time.perf_counter() - t0) else 0


if __name__ == "__main__":
    sys.exit(main())
