"""Where Parlour's bundled data lives (``levels/``, ``assets/``): a frozen build's bundle,
the source tree or the installed package. No user data here (game.services.paths)."""

from __future__ import annotations

import sys
from pathlib import Path


def resource_root() -> Path:
    """The folder holding `levels/` and `assets/`: a PyInstaller build's bundle folder,
    the source tree (also what an editable install runs), or the installed package's
    `game/_data/` (pyproject.toml maps the two top-level folders into the wheel there)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    checkout = Path(__file__).resolve().parents[2]  # game/engine/resources.py
    if (checkout / "pyproject.toml").is_file() and (checkout / "levels").is_dir():
        return checkout
    return _installed_data()


_unpacked_data: Path | None = None


def _installed_data() -> Path:
    """`game/_data` of an installed package, as a real folder."""
    global _unpacked_data
    from importlib.resources import files  # only installed packages pay for the import

    data = files("game") / "_data"
    if isinstance(data, Path):  # a wheel unpacks to files: the usual case
        return data
    # A reader without files on disk (game imported from a zip): the loaders open paths,
    # so the data is copied out once per process into a folder removed at exit.
    if _unpacked_data is None:
        import atexit
        import shutil
        import tempfile

        target = Path(tempfile.mkdtemp(prefix="parlour-data-"))
        atexit.register(shutil.rmtree, target, ignore_errors=True)
        _copy_tree(data, target)
        _unpacked_data = target
    return _unpacked_data


def _copy_tree(source, target: Path) -> None:
    """Copy a resource folder (any importlib Traversable) to a folder on disk."""
    pending = [(source, target)]
    while pending:  # a resource tree is finite and has no links: the walk ends
        folder, into = pending.pop()
        into.mkdir(parents=True, exist_ok=True)
        for entry in folder.iterdir():
            if entry.is_dir():
                pending.append((entry, into / entry.name))
            elif entry.is_file():
                (into / entry.name).write_bytes(entry.read_bytes())


def levels_dir() -> Path:
    return resource_root() / "levels"


def assets_dir() -> Path:
    return resource_root() / "assets"
