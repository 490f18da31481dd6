"""Starting the app: ``run(args)``, the entry point (``python -m game``). It takes this
run's marker (``services.crashguard``: a crashed or live other run is noticed), loads
the settings once (set aside if the last run crashed starting with them), tells the
player once at the menu about other windows and leftover files, opens the window and
runs the loop; an error the loop cannot go on from becomes a crash report.
"""

from __future__ import annotations

import contextlib
import copy
import os
import sys
import time
import traceback

import game.ui.window as window
from game.ui.app import App
from game.ui.crash_report import write_crash_report
from game.ui.headless import screenshot


def start_settings(last, owner: bool = True):
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


def instance_notices(guard) -> list[tuple[str, str]]:
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
        settings, kept = start_settings(last, guard.owner)
        given = getattr(args, "size", None)
        # an explicit --size wins; else the size the window had when last resized, else one
        # from the screen
        size = window.parse_size(given) if given else settings_mod.window_size(settings)
        app = App(size, settings=settings, guard=guard, last_run=last, kept_settings=kept)
        app.notices += instance_notices(guard)
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

            import game.ui.theme as theme

            pygame.quit()
            theme.forget_fonts()  # fonts die with the font module: a next App makes new ones
        except Exception:
            pass
