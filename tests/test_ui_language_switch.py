"""A language change mid-game leaves nothing behind: every face, label and layout drawn
before it is drawn again in the new language (issue 48, item 1)."""

from __future__ import annotations

import pytest
from ui_helpers import recorded_frame, settle

from game.services import i18n
from game.tools.audit import Findings, inspect
from game.ui import textlog
from game.ui.app import App
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session

SIZE = (1280, 720)


def _switch_to(app, table, code: str) -> None:
    """Esc → Settings → the language button until ``code`` → Back, as a player does."""
    table.pause()
    app.pump()
    table.modals.clear()
    table.open_settings()
    app.pump()
    settings = app.scene
    for _ in range(len(i18n.CHOICES)):
        if i18n.language() == code and app.settings["language"] == code:
            break
        settings.cycle_language()
        app.pump()
    assert i18n.language() == code
    settings.back()
    app.pump()
    assert app.scene is table


def _crazier_eights_table(app) -> TableScene:
    seats = [Seat("P0", "human")] + [Seat(f"P{i}", "ai", "normal") for i in (1, 2, 3)]
    table = TableScene(app, Session("crazier_eights", {}, 5, seats))
    app.set_scene(table)
    app.pump()
    settle(app, lambda: table.ctx.can_act)
    return table


def _hand_names_drawn(table, frame) -> bool:
    """Some word of a hand card's name (in the current language) is on the screen."""
    from game.ui.tables.crazier_eights import art

    words = {
        w for cid in table.table.hand_cards() for w in i18n.say(art.card_def(cid).name).split()
    }
    return any(w in d.words.split() for d in textlog.drawn(frame)[0] for w in words)


@pytest.mark.parametrize("then", ["de", "sv"])
def test_a_hand_drawn_in_english_is_redrawn_after_a_language_change(recording, then):
    app = App(SIZE, headless=True)
    app.settings.update(speed="instant", language="en")
    i18n.set_language("en")
    table = _crazier_eights_table(app)
    # a turn played in English: the hand's faces (tilted in the fan) are cached in it
    table.table.submit("end")
    settle(app, lambda: table.ctx.can_act)
    assert _hand_names_drawn(table, recorded_frame(app)), "the hand's names are not drawn"

    _switch_to(app, table, then)
    frame = recorded_frame(app)
    drawn = textlog.drawn(frame)[0]
    assert _hand_names_drawn(table, frame), "the hand's names are not drawn"
    stale = [d for d in drawn if d.lang and d.lang != then]
    assert not stale, [(d.words, d.lang) for d in stale]
    found = Findings()
    inspect(frame, "after the switch", found)
    assert "stale" not in found.problems, found.problems["stale"]


def test_the_audit_names_a_surface_drawn_before_the_language_changed(recording):
    """The audit's check itself: a face cached in English and shown under German is
    reported as stale."""
    from game.ui import theme

    i18n.set_language("en")
    card = textlog.RecordingSurface((200, 100))
    theme.blit_text(card, "EVENT", 18, (10, 10))
    i18n.set_language("de")
    screen = textlog.RecordingSurface(SIZE)
    screen.blit(card, (100, 100))
    found = Findings()
    inspect(screen, "probe", found)
    assert list(found.problems) == ["stale"], found.problems
    assert "'EVENT' drawn in [en], not [de]" in found.problems["stale"][0]
