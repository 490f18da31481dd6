"""The build scripts loaded by path, and one PyInstaller build shared by a test session.

tests/test_packaging.py and tests/test_release.py both need the built executable;
building it takes 15-60 s, so the first test that asks builds it (PyInstaller reuses
build/pyinstaller-test/ as its cache between runs) and the others get the same one.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_loaded: dict[str, object] = {}
_built: dict[str, Path] = {}


def build_script(name: str):
    """build_scripts/<name>.py, loaded by path (``build`` is also a PyPI package's name)."""
    if name not in _loaded:
        sys.path.insert(0, str(ROOT / "build_scripts"))  # the scripts import each other
        try:
            spec = importlib.util.spec_from_file_location(
                f"parlour_{name}", ROOT / "build_scripts" / f"{name}.py"
            )
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        finally:
            sys.path.remove(str(ROOT / "build_scripts"))
        _loaded[name] = module
    return _loaded[name]


def built_app(tmp_path_factory) -> Path:
    """The executable of this session's one-folder build (built on first use)."""
    if "exe" not in _built:
        dist = tmp_path_factory.mktemp("pyinstaller-dist")
        _built["exe"] = build_script("build").build(
            dist=dist, work=ROOT / "build" / "pyinstaller-test", clean=False
        )
    return _built["exe"]


def headless_env(**extra: str) -> dict:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.update(extra)
    return env
