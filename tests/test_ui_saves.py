"""Save after every action, resume from the menu, corrupt saves moved aside and reported."""

from __future__ import annotations

import json

import pytest
from ui_helpers import find_seed, make_app, settle, table_scene

from game.services import saves
from game.services import settings as settings_store
from game.services.paths import user_dir
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene
from game.ui.widgets import Dialog


def test_save_is_written_after_an_action_and_resume_restores_the_state():
    seed = find_seed(lambda s: True, options={"draw_when_able": True})
    app = make_app()
    scene = table_scene(app, seed, options={"draw_when_able": True})
    state = scene.session.state
    scene.submit("draw")
    settle(app, lambda: len(state.actions) >= 3)  # AI seats moved too
    doc = json.loads(saves.path().read_text(encoding="utf-8"))
    assert doc["game"] == "crazy_eights" and doc["seed"] == seed
    assert doc["actions"] == state.actions
    assert [s["kind"] for s in doc["seats"]] == ["human", "ai", "ai", "ai"]
    # a fresh start: the menu offers to resume, and resuming rebuilds the same game
    app2 = make_app()
    menu = MenuScene(app2)
    app2.set_scene(menu)
    app2.pump()
    assert menu.resume_info is not None
    assert menu.buttons[0].label.startswith("Resume Crazy Eights")
    menu.resume()
    resumed = app2.scene
    assert isinstance(resumed, TableScene)
    other = resumed.session.state
    assert other.actions == state.actions[: len(other.actions)] and len(other.actions) == len(
        doc["actions"]
    )
    replayed = scene.session.module.new_game(doc["options"], doc["seed"])
    for a in doc["actions"]:
        replayed.apply(a)
    assert other.view(0) == replayed.view(0)
    assert [e.text for e in resumed.session.log] == [e.text for e in scene.session.log]


def test_a_corrupt_save_is_reported_moved_aside_and_never_crashes():
    target = saves.path()
    target.write_text("{ not json", encoding="utf-8")
    app = make_app()
    menu = MenuScene(app)
    app.set_scene(menu)
    app.pump()
    app.pump()
    assert menu.resume_info is None
    dialog = menu.modals[-1]
    assert isinstance(dialog, Dialog)
    assert str(target) in dialog.body and "not valid JSON" in dialog.body
    assert not target.exists()
    moved = list(user_dir().glob("current_game.json.corrupt-*"))
    assert len(moved) == 1 and moved[0].read_text(encoding="utf-8") == "{ not json"
    assert not any(b.label.startswith("Resume") for b in menu.buttons)


def test_a_save_whose_actions_do_not_fit_is_reported_with_the_engines_reason():
    doc = {
        "version": 1,
        "game": "crazy_eights",
        "options": {"players": 3},
        "seed": 4,
        "seats": [{"name": n, "kind": "ai", "level": "normal"} for n in "ABC"],
        "actions": ["KS", "KS"],
    }
    saves.path().write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(saves.SaveProblem) as info:
        saves.load()
    problem = info.value
    assert str(saves.path()) in problem.message
    assert (
        "is not in your hand" in problem.message
        or "does not match" in problem.message
        or "matches neither" in problem.message
    )
    assert problem.moved_to is not None and problem.moved_to.exists()
    # the damaged file is kept aside, never overwritten by the next save
    keep = problem.moved_to.read_text(encoding="utf-8")
    app = make_app()
    table_scene(app, seed=2, options={})
    app.scene.session.save()
    assert problem.moved_to.read_text(encoding="utf-8") == keep


def test_settings_persist_and_a_damaged_settings_file_falls_back_to_defaults():
    s = settings_store.load()
    s["four_colour"] = True
    s["speed"] = "fast"
    settings_store.save(s)
    again = settings_store.load()
    assert again["four_colour"] is True and again.pace_ms == 250
    settings_store.path().write_text("[1, 2", encoding="utf-8")
    broken = settings_store.load()
    assert broken["speed"] == "normal" and broken.problem and "settings.json" in broken.problem
    assert list(user_dir().glob("settings.json.corrupt-*"))
