"""The README's screenshots of the screens around the tables, made from real games:

    python build_scripts/readme_screens.py   # -> every image of the README, docs/screenshots/*.png
    python build_scripts/readme_screens.py lessons   # only the lessons' screenshots

A private user folder is filled by playing a few games with AI opponents (one seat
counted as the player's), exactly as the app records them; then the setup of a Rage
table with one AI seat at each level, the Statistics screen,
a replay halfway through its game, the tables (in English, German and Swedish) and two
lessons at a step that shows the coach at work are rendered at 1920x1080.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "screenshots"
SIZE = (1920, 1080)


def _play(game_id: str, players: int, seed: int) -> None:
    """One game to its end, seat 0 the player's (moved by the normal bot), saved and
    counted the way the table does it."""
    from game.ai import make_bot
    from game.ui.session import Seat, Session

    seats = [Seat("Sam", "human")] + [
        Seat(n, "ai", "normal") for n in ("Ana", "Ben", "Chloé", "Dev")[: players - 1]
    ]
    session = Session(game_id, {}, seed, seats)
    me = make_bot(game_id, "normal", seed)
    while not session.is_over():
        seat = session.current()
        if seat == 0:
            session.act(me.choose(session.view(0), session.legal()))
        else:
            session.act(session.ai.move_now())


def _save(app, name: str) -> None:
    import pygame

    app.pump(16.0)
    surface = pygame.Surface(app.size)
    app.render(surface)
    pygame.image.save(surface, str(OUT / name))
    print(f"wrote docs/screenshots/{name}")


# (game, the step shown, file): the lesson is played up to that step as a player would,
# each asked move made, each Continue pressed, the scripted opponents moving in between
LESSON_SHOTS = (
    ("crazier_eights", "steal", "lesson_crazier_eights.png"),
    ("cross_rummy", "across", "lesson_cross_rummy.png"),
)


def _lesson_at(app, game_id: str, step_id: str):
    from game.ui.scenes.lesson import LessonScene

    scene = LessonScene(app, game_id)
    app.set_scene(scene)
    read = getattr(scene.lesson.engine(), "lesson_action", lambda written: written)
    for _frame in range(20_000):  # 16 ms a frame: far more than any lesson's pace needs
        app.pump(16.0)
        step = scene.step
        ready = scene.ctx.can_act if step.expect else scene.continue_ready()
        if not ready:
            continue
        if step.id == step_id:
            return scene
        if step.expect:
            scene.submit(read(step.expect[0]))
        else:
            scene.next_step()
    raise SystemExit(f"the {game_id} lesson never reached its step {step_id!r}")


def lesson_screens(app) -> None:
    for game_id, step_id, name in LESSON_SHOTS:
        _lesson_at(app, game_id, step_id)
        _save(app, name)


def main() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["PARLOUR_HOME"] = tempfile.mkdtemp(prefix="parlour-shots-")
    from game.services import i18n, replays
    from game.ui.app import App
    from game.ui.headless import make_headless_table
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.statistics import StatisticsScene

    if sys.argv[1:] == ["lessons"]:
        app = App(SIZE, headless=True)
        app.settings["language"] = "en"
        i18n.set_language("en")
        lesson_screens(app)
        return
    for game_id, players, seeds in (
        ("crazy_eights", 4, range(1, 5)),
        ("rage", 4, (1,)),
        ("crazy_lab", 3, (2,)),
        ("cross_rummy", 3, (3, 4)),
    ):
        for seed in seeds:
            _play(game_id, players, seed)
    app = App(SIZE, headless=True)
    app.settings["language"] = "en"
    i18n.set_language("en")
    setup = SetupScene(app, "rage")
    app.set_scene(setup)
    setup.set_players(4)
    for i, level in ((1, "easy"), (2, "normal"), (3, "hard")):
        if setup.seats[i]["kind"] != "ai":
            setup.toggle_kind(i)
        setup.seats[i]["level"] = level
    setup.layout()
    _save(app, "setup.png")
    app.set_scene(StatisticsScene(app))
    _save(app, "statistics.png")
    # the Crazy Eights game of seed 1 (the listing's order among games finished in the
    # same second is not fixed)
    entry = next(
        e for e in replays.listing()[0] if e.saved.game == "crazy_eights" and e.saved.seed == 1
    )
    scene = ReplayScene(app, replays.Replay(entry.saved))
    app.set_scene(scene)
    scene.jump(len(scene.replay) // 2)
    _save(app, "replay.png")
    for lang, game_id, players, autoplay, name in (
        ("en", "crazy_eights", 4, 9, "crazy_eights.png"),
        ("en", "rage", 4, 14, "rage.png"),
        ("en", "crazy_lab", 4, 12, "crazy_lab.png"),
        ("en", "cross_rummy", 3, 60, "cross_rummy.png"),
        ("de", "cross_rummy", 3, 60, "cross_rummy_de.png"),
        ("sv", "crazier_eights", 4, 30, "crazier_eights_sv.png"),
    ):
        table = make_headless_table(game_id, players, 7, autoplay, SIZE, lang=lang)
        table.save(str(OUT / name))
        print(f"wrote docs/screenshots/{name}")
    i18n.set_language("en")
    lesson_screens(app)


if __name__ == "__main__":
    main()
