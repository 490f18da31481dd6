import os
import sys
from pathlib import Path

# Headless SDL for every UI test, and a private user folder per test session.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the tests read English texts: the "system" language must not follow the machine's locale
os.environ["LANGUAGE"] = "en"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _user_home(tmp_path, monkeypatch):
    """Settings and saves go to a fresh folder for each test."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path / "home"))
    yield
