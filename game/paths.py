"""Where Parlour's files live: bundled data (source tree or frozen build) and user data."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def resource_root() -> Path:
    """The folder holding `levels/` and `assets/`, from source or from a PyInstaller build."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def levels_dir() -> Path:
    return resource_root() / "levels"


def assets_dir() -> Path:
    return resource_root() / "assets"


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
    path.mkdir(parents=True, exist_ok=True)
    return path
