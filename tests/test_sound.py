"""Sound: the effects are made by the repo's own script, the table's events are heard
(deal, play, draw, trick, refusal, turn, round and game end), volume and mute are
obeyed, and no audio device means silence, never a crash."""

from __future__ import annotations

import importlib.util

import pygame
from ui_helpers import drag, find_seed, key, make_app, settle, table_scene

from game.engine.cards import NAMES
from game.services.paths import assets_dir
from game.ui import sound
from game.ui.session import Seat, Session


def test_the_committed_effects_are_what_the_synthesiser_makes():
    spec = importlib.util.spec_from_file_location(
        "make_sounds", assets_dir().parent / "build_scripts" / "make_sounds.py"
    )
    make_sounds = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_sounds)
    made = make_sounds.files()
    assert sorted(made) == sorted(f"{n}.wav" for n in sound.NAMES)
    for name, data in made.items():
        assert (assets_dir() / "sounds" / name).read_bytes() == data, name
    assert (assets_dir() / "sounds" / "LICENSE.txt").exists()


def test_one_effect_per_batch_the_loudest_event_wins():
    assert sound.for_events(["play", "trick_won"]) == "trick"
    assert sound.for_events(["play", "round_end", "game_end"]) == "game_end"
    assert sound.for_events(["draw"]) == "draw"
    assert sound.for_events(["lay"]) == "play"
    assert sound.for_events(["predict"]) is None


def test_a_crazy_eights_game_is_heard():
    seed = find_seed(lambda s: len(s.playable_cards(0)) < len(s.hands[0]))
    app = make_app()
    scene = table_scene(app, seed)
    assert app.sounds.ready  # opened after the first frame; the dummy driver has a mixer
    state = scene.session.state
    table = scene.table
    assert "deal" in app.sounds.played
    card = next(c for c, _, _ in table.slots if NAMES.index(c) not in state.playable_cards(0))
    drag(app, table.slot_of(card), table.discard_c)  # refused by the engine
    assert app.sounds.played[-1] == "invalid"
    scene.submit(scene.session.legal()[0])
    settle(app, lambda: state.current_player() == 0 and not scene.steps)
    heard = list(app.sounds.played)
    assert "play" in heard or "draw" in heard
    assert heard[-1] == "turn"  # the bell when the decision comes back round
    n = len(app.sounds.played)
    app.pump()
    app.pump()
    assert len(app.sounds.played) == n  # the bell rings once per turn


def test_a_trick_round_is_heard_to_its_end():
    app = make_app()
    seats = [Seat(f"P{i}", "ai", "normal") for i in range(3)]
    session = Session("rage", {}, 4, seats, autosave=False)
    from game.ui.scenes.table import TableScene

    scene = TableScene(app, session, viewer=0)
    app.set_scene(scene)
    settle(app, lambda: "round" in app.sounds.played, frames=3000)
    heard = set(app.sounds.played)
    assert {"deal", "play", "trick", "round"} <= heard


def test_mute_key_and_volume_are_obeyed():
    app = make_app()
    scene = table_scene(app, seed=3)
    key(app, pygame.K_m)
    assert app.settings["muted"] is True
    assert app.sounds.volume == 0
    n = len(app.sounds.played)
    scene.toast("refused")
    assert len(app.sounds.played) == n  # muted: nothing heard
    key(app, pygame.K_m)
    assert app.settings["muted"] is False
    app.settings["volume"] = 40
    assert app.sounds.volume == 0.4
    scene.toast("refused")
    assert app.sounds.played[-1] == "invalid"


def test_no_audio_device_is_silence_not_a_crash(monkeypatch):
    def no_device(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    quiet = sound.Sounds({"volume": 70})
    quiet.start()
    assert not quiet.ready and "audio device" in quiet.problem
    quiet.play("play")  # nothing to play it on: no error
    assert quiet.effects == {}


def test_bad_volume_in_settings_falls_back_and_is_named():
    from game.services import settings

    clean, notes = settings.validate({"volume": 250, "muted": "yes"})
    assert clean["volume"] == 70 and clean["muted"] is False
    assert any(n.startswith("volume:") for n in notes)
    assert any(n.startswith("muted:") for n in notes)


def test_the_end_of_a_game_is_heard():
    from game.ui.scenes.results import ResultsScene
    from game.ui.scenes.table import TableScene

    app = make_app()
    seats = [Seat(f"P{i}", "ai", "normal") for i in range(2)]
    session = Session("crazy_eights", {}, 5, seats, autosave=False)
    app.set_scene(TableScene(app, session, viewer=0))
    for _ in range(20_000):
        if isinstance(app.scene, ResultsScene):
            break
        for dialog in list(getattr(app.scene, "modals", [])):  # close each round's sheet
            dialog.closed = True
        app.pump(200)
    assert isinstance(app.scene, ResultsScene)
    assert app.sounds.played[-1] == "game_end"
