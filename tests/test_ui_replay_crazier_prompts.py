"""A Crazier Eights replay never prompts: at a position where a seat was asked a
question (which card to save, which ability resolves next) the panel does not say the
question to that seat ("You may save one of them.", "Waiting for …") and no plate says
"choosing…"; the next step of the replay shows the answer."""

from __future__ import annotations

import pytest
from test_replays import finish_a_game
from test_ui_replay_open_racks import _drawn, _watch

from game.services import i18n, replays


def asked_positions(replay, limit: int = 3) -> list[int]:
    """Positions of the replay where a question other than the main phase is open."""
    found = []
    for k in range(len(replay)):
        pending = getattr(replay.state_at(k), "pending", None)
        if pending and pending.kind != "main":
            found.append(k)
            if len(found) == limit:
                break
    return found


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_replay_shows_no_question_said_to_a_seat(recording, lang):
    finish_a_game("crazier_eights", seed=4, players=3)
    replay = replays.Replay(replays.listing()[0][0].saved)
    app, scene = _watch(replay, (1280, 720), lang)
    spots = asked_positions(replay)
    assert spots
    for k in spots:
        scene.jump(k)
        app.pump()
        prompt = i18n.say(replay.state_at(k).pending.prompt)
        words = " ".join(d.words for d in _drawn(app))
        assert "Crazier Eights" in words  # the frame was recorded
        assert prompt.split(".")[0] not in words, (k, prompt)
        for said in ("Waiting for", "choosing…", "thinking…", "Warten auf", "wählt …"):
            assert said not in words, (k, said)
