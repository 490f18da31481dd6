"""The window, the main loop, global keys, and the headless entry points.

``run(args)``: open the window (or render a screenshot with ``args.screenshot``).
The loop sleeps when nothing moves: it waits for input (or the next deadline: an AI's
paced move, a toast expiring) and redraws only when something changed; while
anything animates it runs at 60 fps.

``make_headless_table(game_id, players, seed, autoplay, size)`` builds a full table
without a visible window, for screenshots and benchmarks.
"""

from __future__ import annotations

import contextlib
import copy
import os
import sys
import time
import traceback

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if sys.platform.startswith("linux"):
    # X11's own shared-memory window surface instead of SDL's default, a texture on an
    # OpenGL renderer: without a GPU (Mesa's software GL, Xvfb, many VMs) the default
    # costs ~9 ms to push a 1920x1080 frame and ~6 ms even for a 10x10 rectangle; this
    # costs ~0.5 ms and ~0.03 ms (python -m game.bench, real-window section)
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
from game.engine.limits import MIN_WINDOW
from game.services.crashguard import NO_GUARD  # after the SDL hint above
from game.ui import router

IDLE_NAP_MS = 25  # input latency while idle; ~40 wake-ups a second cost well under 1 % CPU
WAKE = None  # the user event type the AI worker posts (set once pygame is up)
AI_NAMES = ("Ana", "Ben", "Chloé", "Dev", "Emeka", "Fumiko", "Gus", "Hana")
# The first window (no size remembered, none asked for) covers this share of the screen
# in each direction, at the 16:9 of the reference layout: 1600x900 on a 1920x1080 screen,
# 3200x1800 on a 4K one — the same look on every screen, never a fixed size.
FIRST_WINDOW_SHARE = 5 / 6
REFERENCE_SIZE = (1920, 1080)
FALLBACK_SIZE = (1600, 900)  # no screen to measure (headless, or SDL cannot say)


def first_window_size(desktop: tuple[int, int]) -> tuple[int, int]:
    """The first window's size on a screen of ``desktop`` pixels, from the screen alone."""
    scale = min(desktop[0] / REFERENCE_SIZE[0], desktop[1] / REFERENCE_SIZE[1])
    scale *= FIRST_WINDOW_SHARE
    return round(REFERENCE_SIZE[0] * scale), round(REFERENCE_SIZE[1] * scale)


def _version() -> str:
    """The running Parlour's version, for a crash log (whose writing must not fail)."""
    try:
        import game

        return game.__version__
    except Exception:
        return "unknown"


def _init_pygame(size: tuple[int, int] | None, headless: bool, fullscreen: bool = False):
    """Open the window at ``size``, or sized from the screen when ``size`` is None;
    returns the screen and the windowed size chosen (fullscreen goes back to it)."""
    global WAKE
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
        from game.ui import theme

        theme.forget_fonts()
    if WAKE is None:
        WAKE = pygame.event.custom_type()
    flags = pygame.RESIZABLE
    asked = size
    size = size or FALLBACK_SIZE
    if not headless:
        try:  # a window that fits the screen (leave room for the title bar and task bar)
            dw, dh = pygame.display.get_desktop_sizes()[0]
            if dw > 0 and dh > 0:
                if asked is None:
                    size = first_window_size((dw, dh))
                size = (min(size[0], int(dw * 0.92)), min(size[1], int(dh * 0.88)))
        except (pygame.error, IndexError):
            pass
    if not headless:
        # before the window opens: a window without an icon gets pygame's own, read through
        # importlib.resources (~7 ms of imports before the first frame)
        try:
            from game.ui import cards

            pygame.display.set_icon(cards.face("8H", 64))
        except pygame.error:
            pass
    if fullscreen and not headless:
        screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        screen = pygame.display.set_mode(at_least_minimum(size), flags)
    pygame.display.set_caption("Parlour")
    pygame.key.set_repeat(300, 40)
    return screen, size


def at_least_minimum(size) -> tuple[int, int]:
    """``size`` grown to MIN_WINDOW where it is smaller: every table is laid out and
    checked down to that size, so the window never opens or stays smaller."""
    return max(int(size[0]), MIN_WINDOW[0]), max(int(size[1]), MIN_WINDOW[1])


def keep_minimum_size():
    """The window surface, after growing a window made smaller than MIN_WINDOW back to it.

    The window is the display module's throughout (``set_mode``, ``update(rects)``):
    ``pygame.Window`` can give the window manager a minimum size, but only a window it
    made itself, and such a window can only push whole frames (``Window.flip``). So the
    app holds the minimum itself, when the window reports its new size."""
    import pygame

    surface = pygame.display.get_surface()
    if surface is None or pygame.display.is_fullscreen():
        return surface
    size = surface.get_size()
    if at_least_minimum(size) == size:
        return surface
    return pygame.display.set_mode(at_least_minimum(size), pygame.RESIZABLE)


class App:
    def __init__(
        self,
        size=FALLBACK_SIZE,
        headless: bool = False,
        settings=None,
        guard=NO_GUARD,
        last_run=None,
        kept_settings=None,
    ):
        """``settings``: loaded once by ``run()`` (loading moves a damaged file aside, so a
        second load would find nothing to report); None loads them here. ``guard``
        records what the app is doing for the next start (``game.services.crashguard``);
        ``last_run`` is how the previous run ended abruptly, if it did, and
        ``kept_settings`` where its settings were set aside because of that."""
        from game.services import settings as settings_mod
        from game.ui.widgets import Toasts

        self.settings = settings if settings is not None else settings_mod.load()
        import pygame

        from game.services import i18n

        # no locale from SDL: the environment says it, or English
        with contextlib.suppress(pygame.error, KeyError, TypeError):
            i18n.set_preferred_locales([p["language"] for p in pygame.system.get_pref_locales()])
        i18n.set_language(self.settings.get("language"))
        self.guard = guard
        self.last_run = last_run
        self.kept_settings = kept_settings
        # messages for the player that need more than a toast: the menu shows them
        self.notices: list[tuple[str, str]] = []
        # an AI thinking on its worker thread hands the interpreter back often, so frames keep coming
        sys.setswitchinterval(0.002)
        self.headless = headless
        self.screen, windowed = _init_pygame(
            tuple(size) if size else None,
            headless,
            bool(self.settings.get("fullscreen")) and not headless,
        )
        self.windowed_size = tuple(size) if size else tuple(windowed)
        w, h = self.screen.get_size()
        self.size = (max(w, MIN_WINDOW[0]), max(h, MIN_WINDOW[1]))
        self.toasts = Toasts()
        self.now = 0.0  # ms, advanced by update()
        self.scene = None
        self.dirty = True
        self.full_frame = True  # the next frame pushes the whole window (layout changed)
        self._toast_key: tuple = ()
        self.running = True
        self.help = None
        from game.ui.sound import Sounds

        self.sounds = Sounds(self.settings)  # opened after the first frame is shown
        if self.settings.problem:
            self.notices.append(
                (i18n.msg("Some settings could not be used"), self.settings.problem)
            )
        if i18n.problem():  # a damaged catalogue: English, and told once per start
            self.notices.append((i18n.msg("The language could not be loaded"), i18n.problem()))

    # -- services for scenes

    def make_scene(self, name: str, *args, **kwargs):
        """A new scene by name (game.ui.router), not shown yet."""
        return router.make(self, name, *args, **kwargs)

    def go(self, name: str, *args, **kwargs) -> None:
        """Show a new scene by name with its arguments: how one scene leads to another."""
        self.set_scene(self.make_scene(name, *args, **kwargs))

    def set_scene(self, scene) -> None:
        old = getattr(self.scene, "session", None)
        if old is not None and getattr(scene, "session", None) is not old:
            old.close()  # the table is gone: so is its AI worker process
        self.scene = scene
        if self.guard.state.get("phase") != "starting":  # run() marks the first frame itself
            session = getattr(scene, "session", None)
            self.guard.phase("game" if session else "menu", getattr(session, "game_id", None))
        scene.resize(self.size)
        self.dirty = True
        self.full_frame = True

    def toast(self, message: str, colour=None, seconds: float | None = None) -> None:
        from game.ui import theme

        self.toasts.show(message, self.now, colour or theme.ERROR, seconds)
        self.dirty = True

    def wake(self) -> None:
        """Nudge the loop from another thread (the AI worker)."""
        import pygame

        with contextlib.suppress(pygame.error):
            pygame.event.post(pygame.event.Event(WAKE))

    def show_help(self, game_id: str | None = None) -> None:
        from game.ui.help import HelpDialog

        if self.help is not None:
            self.help = None
        else:
            gid = (
                game_id
                or getattr(getattr(self.scene, "session", None), "game_id", None)
                or getattr(self.scene, "game_id", None)
                or getattr(self.scene, "help_game_id", lambda: None)()
            )
            # tabs for every game's rules, starting at this game's (or the general page)
            self.help = HelpDialog(gid, tabs=getattr(self.scene, "session", None) is None)
            self.help.layout(self.size)
        self.dirty = True

    def language_changed(self) -> None:
        """The language changed: every cached face and line of text goes (a card drawn
        in the old language is never shown again), and the whole window is drawn anew."""
        from game.ui import cards, theme

        cards.forget()
        theme.forget_texts()
        if self.scene is not None:
            self.scene.resize(self.size)  # labels measured in the old language are laid out again
        self.dirty = True
        self.full_frame = True

    def toggle_fullscreen(self) -> None:
        import pygame

        full = not self.settings.get("fullscreen")
        self.settings["fullscreen"] = full
        if not self.headless:
            if full:
                self.windowed_size = self.size
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(
                    at_least_minimum(self.windowed_size), pygame.RESIZABLE
                )
        from game.services import settings as settings_mod

        settings_mod.save(self.settings)
        self.resized(self.screen.get_size())

    def resized(self, size) -> None:
        import pygame

        self.screen = pygame.display.get_surface() or self.screen
        # a window manager that ignores the minimum still gets a table laid out at it
        # (drawn clipped), never a squeezed one
        self.size = (max(int(size[0]), MIN_WINDOW[0]), max(int(size[1]), MIN_WINDOW[1]))
        if not self.headless and not self.settings.get("fullscreen"):
            self.remember_size(self.size)
        if self.scene is not None:
            self.scene.resize(self.size)
        if self.help is not None:
            self.help.layout(self.size)
        self.dirty = True
        self.full_frame = True

    def remember_size(self, size) -> None:
        """Keep the window size in the settings, so the next run opens at it."""
        from game.services import settings as settings_mod

        value = [int(size[0]), int(size[1])]
        if self.settings.get("window_size") != value:
            self.settings["window_size"] = value
            settings_mod.save(self.settings)

    # -- events, update, draw

    def handle(self, ev) -> None:
        import pygame

        self.dirty = True
        if ev.type == pygame.QUIT:
            self.running = False
            return
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surf = keep_minimum_size()
            if surf is not None and surf.get_size() != self.size:
                self.resized(surf.get_size())
            return
        if ev.type == WAKE:
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F1:
            self.show_help()
            return
        if self.help is not None:
            self.help.handle(ev)
            if self.help.closed:
                self.help = None
            return
        if self.scene is not None:
            self.scene.handle(ev)

    def update(self, dt_ms: float) -> bool:
        self.now += dt_ms
        if self.toasts.update(self.now):
            self.dirty = True
        moving = self.scene.update(dt_ms) if self.scene is not None else False
        return moving

    def render(self, surface=None) -> list | None:
        """Draw the whole frame into ``surface`` (the window by default). Returns what
        differs from the last frame drawn: a list of rectangles (empty: nothing), or None
        for the whole window. The loop pushes only that to the screen."""
        from game.ui import theme

        target = surface or self.screen
        damage = self.scene.draw(target) if self.scene is not None else None
        if self.help is not None:
            self.help.draw(target)
            damage = None
        anchor = self.scene.toast_anchor() if self.scene is not None and self.help is None else None
        self.toasts.draw(target, theme.Metrics(target.get_size()), anchor)
        toasts = (tuple(self.toasts.items), anchor, self.help is not None)
        if toasts != self._toast_key or self.full_frame:
            damage = None
        self._toast_key, self.full_frame, self.dirty = toasts, False, False
        return damage

    def present(self, damage) -> int:
        """Push a rendered frame to the screen: only the damaged rectangles when they are
        known, else the whole window. Returns the number of rectangles pushed (0: none,
        -1: the whole window)."""
        import pygame

        if damage is None:
            pygame.display.flip()
            return -1
        if damage:
            pygame.display.update(damage)
        return len(damage)

    def pump(self, dt_ms: float = 16.0) -> None:
        """Handle every queued pygame event, advance time and draw once (tests use this)."""
        import pygame

        for ev in pygame.event.get():
            self.handle(ev)
        self.update(dt_ms)
        self.render()
        self.sounds.start()

    def next_wait_ms(self) -> int:
        deadlines = [
            d
            for d in (self.scene.deadline() if self.scene else None, self.toasts.next_expiry())
            if d is not None
        ]
        if not deadlines:
            return 1000
        return int(max(1, min(1000, min(deadlines) - self.now + 1)))

    def loop(self) -> None:
        import pygame

        clock = pygame.time.Clock()
        moving = True
        last = time.perf_counter()
        while self.running:
            if moving or self.dirty:
                clock.tick(60)
                events = pygame.event.get()
            else:
                # idle: sleep in short naps (SDL's own wait polls every 1 ms on some drivers)
                events = pygame.event.get()
                if not events:
                    pygame.time.wait(min(IDLE_NAP_MS, self.next_wait_ms()))
                    events = pygame.event.get()
            for ev in events:
                self.handle(ev)
            t = time.perf_counter()
            dt, last = min(100.0, (t - last) * 1000), t
            moving = self.update(dt)
            if moving or self.dirty:
                self.present(self.render())
            if not self.sounds.tried:  # the first frame is on screen: now the mixer
                self.sounds.start()


# ---------------------------------------------------------------- headless tables


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
            self.session.act(self.session.ai_move_now())
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


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in str(text).lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size {text!r}: write WIDTHxHEIGHT, like 1920x1080") from None
    return max(MIN_WINDOW[0], min(w, 16384)), max(MIN_WINDOW[1], min(h, 16384))


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


# ---------------------------------------------------------------- crash reports


def _report_folder():
    """The user folder, or the system's temporary folder when that is what failed."""
    import tempfile
    from pathlib import Path

    from game.services.paths import user_dir

    try:
        return user_dir()
    except Exception:  # the crash may be the user folder itself: never depend on it here
        return Path(tempfile.gettempdir())


def write_crash_report(exc: BaseException, app: App | None) -> str | None:
    """Write the traceback and the game log (the save JSON); returns the report's path.

    Never raises: a report that cannot be written anywhere gives None.
    """
    import json

    # to the second, plus the process and a counter: two crashes never share a name
    stamp = f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"
    folder = _report_folder()
    n = 1
    while (folder / f"crash-{stamp}-{n}.log").exists():
        n += 1
    stamp = f"{stamp}-{n}"
    log = folder / f"crash-{stamp}.log"
    lines = [
        "Parlour crashed.",
        f"parlour: {_version()}",
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S')}",
        f"python: {sys.version}",
        "",
    ]
    lines += traceback.format_exception(type(exc), exc, exc.__traceback__)
    session = getattr(getattr(app, "scene", None), "session", None)
    if session is not None:
        game = folder / f"crash-{stamp}-game.json"
        try:
            game.write_text(json.dumps(session.saved().to_json(), indent=1), encoding="utf-8")
            lines.append(f"\ngame log: {game}")
        except Exception as err:  # the report must never fail on the game log
            lines.append(f"\ngame log could not be written: {err}")
    try:
        log.write_text(
            "".join(line if line.endswith("\n") else line + "\n" for line in lines),
            encoding="utf-8",
        )
    except OSError:
        return None
    return str(log)


def _start_settings(last, owner: bool = True):
    """Load the settings once, unless the last run crashed while starting with them.

    Returns ``(settings, kept)``: ``kept`` is where the suspect file was set aside (the
    menu offers it back), or None. A guest (``owner`` False: another live window owns
    the file) only reads them: a damaged file gives defaults and stays where it is.
    """
    from game.services import settings as settings_mod
    from game.services.filecheck import FileProblem, move_aside, read_json

    if not owner:
        settings = settings_mod.Settings(copy.deepcopy(settings_mod.DEFAULTS))
        with contextlib.suppress(FileProblem):  # the owner says what is wrong with it
            settings.update(settings_mod.validate(read_json(settings_mod.path())[0])[0])
        return settings, None
    if last is not None and last.phase == "starting" and settings_mod.path().exists():
        try:
            kept = move_aside(settings_mod.path(), "crashed")
        except OSError:
            kept = None
        if kept is not None:
            return settings_mod.Settings(copy.deepcopy(settings_mod.DEFAULTS)), kept
    return settings_mod.load(), None


def _instance_notices(guard) -> list[tuple[str, str]]:
    """What the player is told once at the menu about the other runs on this folder."""
    from game.services.i18n import msg

    notices = []
    if not guard.owner:
        notices.append(
            (
                msg("Another Parlour window is open"),
                msg(
                    "The other window keeps the settings and the game in progress. This "
                    "one will not resume or save a game, and settings changed here last "
                    "only until it closes."
                ),
            )
        )
    if guard.unusable is not None:
        notices.append(
            (
                msg("Parlour cannot notice a crash here"),
                msg(
                    "{folder} cannot hold the note Parlour keeps while it runs ({why}), so "
                    "a crash or a second window will not be noticed. Rename or remove it "
                    "to fix this.",
                    folder=guard.unusable[0],
                    why=guard.unusable[1],
                ),
            )
        )
    for path, why in guard.stuck:
        notices.append(
            (
                msg("A leftover file could not be removed"),
                msg(
                    "{file} is left from a run that ended abruptly and cannot be removed "
                    "({why}). Parlour ignores it from now on; you can delete it yourself.",
                    file=path,
                    why=why,
                ),
            )
        )
    return notices


def tell_before_exit(title: str, text: str) -> None:
    """Say why the app cannot run, on stderr and in a window: the windowed executable
    has no console. Without a display (the dummy video driver of tests and headless
    runs) only stderr: a message box there would fail or wait for nobody."""
    print(text, file=sys.stderr)
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return
    try:
        import pygame

        pygame.display.message_box(title, text, message_type="error")
    except Exception:  # no message box on this system (pygame without it, no display)
        pass


def run(args) -> int:
    if getattr(args, "screenshot", None):
        return screenshot(args)
    from game.services.crashguard import Guard
    from game.services.paths import user_dir

    try:
        folder = user_dir()
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        why = exc.strerror or str(exc)
        tell_before_exit(
            "Parlour cannot start",
            f"Parlour cannot create its folder for settings and saves{where}: {why}.\n"
            "Check that the folder (or the one above it) is a writable folder, then start again.",
        )
        return 2
    guard = Guard(folder)
    app = None
    try:
        t0 = time.perf_counter()
        from game.services import settings as settings_mod

        last = guard.begin()
        if not guard.owner:
            from game.services.instances import become_guest

            become_guest()
        settings, kept = _start_settings(last, guard.owner)
        given = getattr(args, "size", None)
        # an explicit --size wins; else the size the window had when last resized, else one
        # from the screen
        size = parse_size(given) if given else settings_mod.window_size(settings)
        app = App(size, settings=settings, guard=guard, last_run=last, kept_settings=kept)
        app.notices += _instance_notices(guard)
        app.go("menu")
        app.render()
        import pygame

        pygame.display.flip()
        guard.phase("menu")  # the settings got the app to its first frame
        if getattr(args, "benchmark_startup", False):
            print(f"first frame {(time.perf_counter() - t0) * 1000:.0f} ms")
            guard.end()
            return 0
        app.loop()
        guard.end()
        return 0
    except Exception as exc:  # the last guard: write a bug report instead of vanishing
        path = write_crash_report(exc, app)
        guard.crashed(path)
        where = f"a report is in {path}" if path else "no report could be written"
        print(f"Parlour hit an error; {where}", file=sys.stderr)
        traceback.print_exc()
        return 1
    finally:
        try:
            import pygame

            from game.ui import theme

            pygame.quit()
            theme.forget_fonts()  # fonts die with the font module: a next App makes new ones
        except Exception:
            pass
