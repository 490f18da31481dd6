"""While a lesson's coach explains (a step that waits for no move), the table prompts
nobody: no "Your turn" for the player, no opponent "thinking…" (the lesson plays their
moves); a step that asks for a move brings the player's prompt back. Every lesson is
played through, Continue by the Enter key."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import key, make_app, recorded_frame

from game import games
from game.engine.lessons import lesson_path
from game.ui import textlog
from game.ui.scenes.lesson import LessonScene

#: words a table shows while someone is to move: the player's prompt, a seat's wait
WAITING = ("Your turn", "thinking…", "is predicting…", "is choosing in secret…")
#: the player's prompt on a step that asks for a move, in each game
PROMPT = {
    "crazy_eights": "Your turn",
    "crazier_eights": "Your main phase",
    "rage": "Your",
    "crazy_lab": "Your",
    "cross_rummy": "Your turn",
}


def table_words(app, scene) -> list[str]:
    """The words one frame draws outside the coach's panel (its text may say "Your turn")."""
    drawn = textlog.drawn(recorded_frame(app))[0]
    return [str(d.words) for d in drawn if not scene.coach_rect.colliderect(d.rect)]


@pytest.mark.parametrize("game_id", [g for g in games.GAMES if lesson_path(g).exists()])
def test_the_coachs_explanations_prompt_nobody(game_id, recording):
    app = make_app()
    app.settings["speed"] = "instant"
    scene = LessonScene(app, game_id)
    app.set_scene(scene)
    read = getattr(scene.lesson.engine(), "lesson_action", lambda written: written)
    explained, asked = 0, 0
    for _ in range(20_000):
        app.pump(16.0)
        if app.scene is not scene:
            break
        step = scene.step
        if scene.modals:  # a round's score sheet: on to the next step
            key(app, pygame.K_RETURN)
        elif step.expect and scene.ctx.can_act:
            words = table_words(app, scene)
            asked += any(PROMPT[game_id] in w for w in words)
            scene.submit(read(step.expect[0]))
        elif not step.expect and scene.continue_ready():
            words = table_words(app, scene)
            waiting = [w for w in words if any(x in w for x in WAITING)]
            assert not waiting, (step.id, waiting)
            explained += 1
            key(app, pygame.K_RETURN)
    assert app.scene is not scene  # played to the end: the free play follows
    assert explained >= 2 and asked >= 1, (explained, asked)
