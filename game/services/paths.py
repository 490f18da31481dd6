"""Where Parlour's files live: bundled data (source tree or frozen build) and user data.

The bundled data is found by game.engine.resources (the level files are read by the
engine); its functions are named here too, beside the user data folder."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from game.engine.resources import assets_dir, levels_dir, resource_root  # noqa: F401


def user_dir() -> Path:
    """Per-user data folder (settings, saves, logs). PARLOUR_HOME overrides it (tests)."""
    override = os.environ.get("PARLOUR_HOME")
    if override:
        path = Path(override)
    else:
        try:
            import pygame  # the UI layer's dependency; only imported when asked for a user dir

            # no organisation folder: ~/.local/share/Parlour, %APPDATA%\Parlour
            path = Path(pygame.system.get_pref_path("", "Parlour"))
        except Exception:  # no pygame or no SDL: fall back to the XDG convention
            # an empty or relative XDG_DATA_HOME is treated as unset (the XDG rule)
            xdg = os.environ.get("XDG_DATA_HOME", "")
            base = xdg if os.path.isabs(xdg) else str(Path.home() / ".local" / "share")
            path = Path(base) / "Parlour"
    if path.exists() and not path.is_dir():
        # mkdir would say only "File exists": say what is wrong with it
        raise NotADirectoryError(errno.ENOTDIR, "it is a file, not a folder", str(path))
    path.mkdir(parents=True, exist_ok=True)
    return path
