"""The crash report: when the app hits an error it cannot go on from, the traceback and
the game log (the save JSON) are written to the user folder, so the bug can be
reported and the game replayed. Writing it never raises.
"""

from __future__ import annotations

import os
import sys
import time
import traceback


def _version() -> str:
    """The running Parlour's version, for a crash log (whose writing must not fail)."""
    try:
        import game

        return game.__version__
    except Exception:
        return "unknown"


def _report_folder():
    """The user folder, or the system's temporary folder when that is what failed."""
    import tempfile
    from pathlib import Path

    from game.services.paths import user_dir

    try:
        return user_dir()
    except Exception:  # the crash may be the user folder itself: never depend on it here
        return Path(tempfile.gettempdir())


def write_crash_report(exc: BaseException, app) -> str | None:
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
