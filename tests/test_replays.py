"""Replays: a finished game is kept (the newest 20), listed from the menu, and stepped
through forward, back, by round and to the end, seen from any seat with every other
hand open; a bad replay file is named and set aside, the good ones kept."""

from __future__ import annotations

import json

import pygame
from ui_helpers import click, key, make_app

from game.services import replays
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.replays import ReplaysScene
from game.ui.session import Seat, Session


def finish_a_game(game="crazy_eights", seed=5, players=3) -> Session:
    seats = [Seat("Me", "human")] + [Seat(f"AI{i}", "ai", "normal") for i in range(players - 1)]
    s = Session(game, {}, seed, seats)
    for _ in range(20_000):
        if s.is_over():
            break
        cur = s.current()
        s.act(s.ai.bot(cur).choose(s.view(cur), s.legal()))
    assert s.is_over()
    return s


def test_a_finished_game_is_kept_and_only_the_newest_are():
    session = finish_a_game()
    entries, problems = replays.listing()
    assert problems == [] and len(entries) == 1
    entry = entries[0]
    assert entry.saved.actions == session.state.actions
    assert entry.winners and all(0 <= w < 3 for w in entry.winners)
    folder = replays.folder()
    doc = json.loads(entry.path.read_text())
    for i in range(replays.KEEP + 3):  # older files: the oldest names sort first
        (folder / f"200001{i:02d}-000000-crazy_eights.json").write_text(json.dumps(doc))
    finish_a_game(seed=6)
    names = sorted(p.name for p in folder.glob("*.json"))
    assert len(names) == replays.KEEP
    assert names[0].startswith("20000105")  # the five oldest went


def test_a_bad_replay_is_named_and_set_aside_and_the_good_one_kept():
    finish_a_game()
    folder = replays.folder()
    good = next(folder.glob("*.json"))
    doc = json.loads(good.read_text())
    doc["totals"] = ["lots"]
    (folder / "19990101-000000-crazy_eights.json").write_text(json.dumps(doc, indent=1))
    (folder / "19990102-000000-rage.json").write_text("{not json")
    entries, problems = replays.listing()
    assert [e.path for e in entries] == [good]
    assert len(problems) == 2
    assert any("totals" in p and "line" in p for p in problems)
    assert any("not valid JSON" in p for p in problems)
    assert len(list(folder.glob("*.corrupt-*"))) == 2
    assert replays.listing() == (entries, [])  # told once


def test_replay_positions_match_the_game():
    session = finish_a_game("rage", seed=3)
    saved = replays.listing()[0][0].saved
    replay = replays.Replay(saved)
    assert len(replay) == len(session.state.actions)
    assert replay.state_at(len(replay)).scores() == session.state.scores()
    for k in (0, 1, 25, 49, len(replay) // 2):
        again = session.module.new_game(dict(replay.options), saved.seed)
        for action in saved.actions[:k]:
            again.apply(action)
        assert replay.state_at(k).view(0) == again.view(0)
    assert len(replay.round_starts) == session.state.round  # one start per round played


def test_watch_a_replay_from_the_menu():
    finish_a_game("crazy_eights", seed=7, players=4)
    app = make_app()
    app.set_scene(MenuScene(app))
    app.pump()
    menu = app.scene
    click(app, next(b for b in menu.buttons if b.label == "Replays").rect.center)
    assert isinstance(app.scene, ReplaysScene) and len(app.scene.rows) == 1
    click(app, app.scene.rows[0].rect.center)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    assert scene.at == 0 and scene.ctx.viewer == 0
    key(app, pygame.K_RIGHT)
    assert scene.at == 1
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert scene.at == 1
    key(app, pygame.K_PAGEDOWN)  # the next round's start
    assert scene.at == scene.replay.round_starts[1]
    assert scene.session.state.round == 2
    key(app, pygame.K_PAGEUP)
    assert scene.at == 0
    key(app, pygame.K_END)
    assert scene.session.is_over() and scene.at == len(scene.replay)
    key(app, pygame.K_RIGHT)  # nothing after the end; the table stays
    assert isinstance(app.scene, ReplayScene)
    key(app, pygame.K_HOME)
    assert scene.at == 0

    # every other hand is drawn face up in the bar; V shows the table from the next seat
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    app.render()
    drawn = set(scene.table.faces_drawn)
    for seat in (1, 2, 3):
        assert set(scene.session.view(seat).hand) <= drawn
    key(app, pygame.K_v)
    assert scene.ctx.viewer == 1 and scene.table.view.hand == scene.session.view(1).hand

    key(app, pygame.K_SPACE)  # play: moves come by themselves
    before = scene.at
    for _ in range(60):
        app.pump(100)
    assert scene.at > before + 2
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ReplaysScene)


def test_a_replay_whose_log_does_not_fit_is_refused_and_set_aside():
    finish_a_game()
    path = next(replays.folder().glob("*.json"))
    doc = json.loads(path.read_text())
    doc["actions"][3] = "KS" if doc["actions"][3] != "KS" else "QS"
    doc["actions"].insert(3, "draw")
    doc["actions"].insert(3, "draw")
    path.write_text(json.dumps(doc))
    app = make_app()
    app.set_scene(ReplaysScene(app))
    app.pump()
    click(app, app.scene.rows[0].rect.center)
    assert isinstance(app.scene, ReplaysScene) and app.scene.rows == []
    assert any("could not be used" in m for m in app.toasts.messages())
    assert list(replays.folder().glob("*.corrupt-*"))
