"""A Cross Rummy turn played in German and in Swedish with real pygame events: two
tiles make a line the engine refuses (its reason shown in the language), a third makes
it an opening, Done lays it; every text drawn on the way is in the language (none of
the catalogue's English left), no placeholder is left unfilled, and the log says the
lay in the language."""

from __future__ import annotations

import re

import pytest
from test_ui_cross_rummy import opening_seed, rack_pos, scene_for
from ui_helpers import click, drag, drawn_words, make_app

from game.services import i18n

WORDS = {
    "de": ("Fertig", "legt", "eröffnet mit"),
    "sv": ("Klar", "lägger", "öppnar med"),
}


@pytest.mark.parametrize("lang", ["de", "sv"])
def test_a_cross_rummy_turn_in_the_language(lang, recording):
    seed, line = opening_seed()
    app = make_app()
    app.settings["language"] = lang
    i18n.set_language(lang)
    scene = scene_for(app, seed=seed)
    table, state = scene.table, scene.session.state
    english = i18n.translated_texts()
    seen = []
    for i, name in enumerate(line[:2]):
        drag(app, rack_pos(table, name), table.cell_rect((i, 0)).center)
    assert table.draft.problems  # two tiles are no line yet: the engine's reason, in the language
    reason = i18n.say(table.draft.problems[0].text)
    assert reason != str(table.draft.problems[0].text)
    seen += drawn_words(app)
    drag(app, rack_pos(table, line[2]), table.cell_rect((2, 0)).center)
    assert table.draft.problems == []
    seen += drawn_words(app)
    assert WORDS[lang][0] in seen  # the Done button
    click(app, table.done_button.rect.center)
    assert state.opened[0] and state.actions[0].startswith("lay:")
    seen += drawn_words(app)
    log = " ".join(scene.session.words(e, 0) for e in scene.session.log)
    assert WORDS[lang][2] in log
    left_in_english = sorted({w for w in seen if w in english})
    assert not left_in_english, left_in_english
    assert not [w for w in seen if re.search(r"\{[a-z_]+\}", w)]


def test_a_language_chosen_at_the_table_rewrites_the_table(recording):
    """The pause menu's Settings switch the language mid-game: the buttons, the open
    prediction panel and the game log are redrawn in it at once."""
    from game.ui.scenes.table import TableScene
    from game.ui.session import Seat, Session

    app = make_app()
    seats = [Seat("P0", "human")] + [Seat(f"P{i}", "ai", "normal") for i in (1, 2, 3)]
    session = Session("rage", {}, 3, seats, autosave=False)
    app.set_scene(TableScene(app, session))
    for _ in range(200):
        if app.scene.table.panel is not None:
            break
        app.pump(50.0)
    assert app.scene.table.panel is not None  # asked for a prediction
    english = drawn_words(app)
    assert "Menu" in english and "How many tricks will you take?" in english
    app.settings["language"] = "de"
    i18n.set_language("de")
    app.pump(16.0)
    german = drawn_words(app)
    assert "Menü" in german and "Wie viele Stiche machst du?" in german
    assert "Menu" not in german and "How many tricks will you take?" not in german
