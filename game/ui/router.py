"""Scenes by name: a scene never imports another, it asks the app to go to one by name
with its arguments (``app.go("setup", game_id)``). Each name is a dotted string
imported on first use, so no scene module knows another and none imports another's
pygame work before it is shown."""

from __future__ import annotations

import importlib

SCENES = {
    "menu": "game.ui.scenes.menu:MenuScene",
    "choose": "game.ui.scenes.choose:ChooseScene",
    "setup": "game.ui.scenes.setup:SetupScene",
    "table": "game.ui.scenes.table:TableScene",
    "results": "game.ui.scenes.results:ResultsScene",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "statistics": "game.ui.scenes.statistics:StatisticsScene",
    "replays": "game.ui.scenes.replays:ReplaysScene",
    "replay": "game.ui.scenes.replay:ReplayScene",
    "lesson": "game.ui.scenes.lesson:LessonScene",
}


def scene_class(name: str):
    """The class of the scene called ``name``."""
    try:
        module, _, cls = SCENES[name].partition(":")
    except KeyError:
        raise KeyError(f"unknown scene {name!r}; scenes: {', '.join(SCENES)}") from None
    return getattr(importlib.import_module(module), cls)


def make(app, name: str, *args, **kwargs):
    """A new scene ``name`` for ``app`` (not shown yet)."""
    return scene_class(name)(app, *args, **kwargs)
