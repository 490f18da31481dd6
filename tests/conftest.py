import os
import sys
import tempfile
from pathlib import Path

# Headless SDL for every UI test, and a private user folder per test session.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the tests read English texts: the "system" language must not follow the machine's locale
os.environ["LANGUAGE"] = "en"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest

# The user folder outside every test: where Parlour writes when no test has given it a
# folder of its own (a thread or an autosave that outlives its test, a test that undoes
# its own environment). It stands in for the developer's real ~/.local/share/Parlour —
# PARLOUR_HOME and XDG_DATA_HOME (SDL's pref path on Linux) both point into it — and a
# test that leaves anything in it fails: running the tests must never replace a
# developer's saved game.
OUTSIDE = Path(tempfile.mkdtemp(prefix="parlour-tests-outside-"))
os.environ["PARLOUR_HOME"] = str(OUTSIDE / "parlour-home")
os.environ["XDG_DATA_HOME"] = str(OUTSIDE / "xdg-data")


def _written_outside() -> list[str]:
    return sorted(str(p.relative_to(OUTSIDE)) for p in OUTSIDE.rglob("*") if p.is_file())


@pytest.fixture(autouse=True)
def _user_home(tmp_path):
    """Settings and saves go to a fresh folder for each test; nothing goes anywhere else.

    The variable is set and restored here rather than through ``monkeypatch``, so a
    test's own ``monkeypatch.undo()`` cannot send its later writes to the real folder."""
    before = os.environ["PARLOUR_HOME"]
    os.environ["PARLOUR_HOME"] = str(tmp_path / "home")
    try:
        yield
    finally:
        os.environ["PARLOUR_HOME"] = before
    stray = _written_outside()
    if stray:
        pytest.fail(f"written outside the test's own folder (under {OUTSIDE}): {stray[:5]}")


@pytest.fixture(autouse=True)
def _ai_thinks_inline(request):
    """Every table's AI seats answer on the test's own thread with untimed bots
    (``Session.think_inline``): no test waits on a thread or a process, and a game goes
    the same way however busy the machine is. Tests of the worker process itself
    (``@pytest.mark.ai_worker``) get the app's threads and process."""
    from game.ui.session import Session

    if request.node.get_closest_marker("ai_worker"):
        yield
        return
    Session.think_inline = True
    try:
        yield
    finally:
        Session.think_inline = False


@pytest.fixture
def recording():
    """Drawn text is recorded (``game.ui.textlog``) from before the test draws anything
    (a face cached before recording began would show no words); afterwards recording
    stops and the language is English again, in the environment and in the catalogue,
    whatever the test switched to."""
    from game.services import i18n
    from game.ui import textlog

    before = os.environ.get("LANGUAGE")
    textlog.start()
    try:
        yield
    finally:
        textlog.stop()
        os.environ["LANGUAGE"] = before or "en"
        i18n.set_language("en")


@pytest.fixture
def language(request):
    """The app's language for one test, given as the test's indirect parameter ("system"
    follows LANGUAGE); English after."""
    from game.services import i18n

    before = os.environ.get("LANGUAGE")
    os.environ["LANGUAGE"] = request.param
    i18n.set_language(request.param)
    yield request.param
    os.environ["LANGUAGE"] = before or "en"
    i18n.set_language("en")


@pytest.fixture
def german(recording):
    """``recording``, in German (the language the app starts in)."""
    os.environ["LANGUAGE"] = "de"


def pytest_unconfigure(config):
    """The stand-in folder goes with the run, unless it holds what a test wrote there."""
    if not _written_outside():
        import shutil

        shutil.rmtree(OUTSIDE, ignore_errors=True)
