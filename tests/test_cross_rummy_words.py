"""Cross Rummy's words as a player reads them, in English, German and Swedish: the
engine's reasons name tiles as the log does (red 4, rot 4, röd 4), never in notation,
and the side panel's counter of the table's groups, the group limit's reasons and the
F1 help use one word for a group of touching tiles (German Block, Swedish block), apart
from the word for a set (Gruppe, grupp)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cr_helpers import lay_action, rigged
from test_ui_cross_rummy import scene_for
from ui_helpers import drawn_words, make_app

from game.engine.core import IllegalAction
from game.services import i18n

ROOT = Path(__file__).resolve().parent.parent
HELP = "assets/help/{lang}/cross_rummy.md"
#: the help's word for touching tiles (a group of the limit) and for a set, in each language
WORDS = {"de": (r"bl[oö]ck", "gruppe"), "sv": (r"block", "grupp")}
TILE = {"de": "rot 4", "sv": "röd 4"}


def refusal(state, rows) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(lay_action(rows))
    return err.value.reason


@pytest.mark.parametrize("lang", ["de", "sv"])
def test_the_group_counter_and_limit_use_the_helps_word(lang, recording):
    block, set_word = WORDS[lang]
    help_text = (ROOT / HELP.format(lang=lang)).read_text(encoding="utf-8").lower()
    assert re.search(block, help_text) and set_word in help_text
    app = make_app()
    app.settings["language"] = lang
    i18n.set_language(lang)
    scene_for(app)
    drawn = drawn_words(app)
    assert i18n._("Groups") in drawn  # the side panel's counter
    assert re.search(block, i18n._("Groups").lower())
    three = ["R1 R2 R3 . Y1 Y2 Y3 . B1 B2 B3"]
    s = rigged(2, three, racks=[["G5", "G6", "G7", "B9"], ["B12"]], opened=[True, True])
    said = i18n.say(refusal(s, [*three, ". . .", "G5 G6 G7"]))
    assert re.search(block, said.lower()) and set_word not in said.lower()
    opening = i18n.say(refusal(rigged(2, three, racks=[["R4", "G9"], ["B2"]]), [*three, "G9"]))
    assert re.search(block, opening.lower())


@pytest.mark.parametrize("lang", ["en", "de", "sv"])
def test_reasons_name_tiles_as_the_log_does(lang, recording):
    i18n.set_language(lang)
    s = rigged(2, ["R1 R2 R3"], racks=[["R4", "G9"], ["B2"]], opened=[True, True], bag=["G9"])
    reason = i18n.say(refusal(s, ["R1 R2 R3 R4", ". . . R4", ". . . R4"]))
    assert TILE.get(lang, "red 4") in reason, reason
    lone = i18n.say(s.validate_lay(lay_action(["R1 R2 R3", ". . .", "R4 . ."]))[0].text)
    assert lone.startswith(TILE.get(lang, "red 4").capitalize()), lone
    for text in (reason, lone):
        assert not re.search(r"\b[RYBG]\d", text), text


def test_a_lay_that_drops_most_of_the_table_is_told_how_many_not_every_tile():
    """A few tiles taken off the table are named; most of a crowded table is counted,
    so the reason stays a sentence a player reads (and within the soak's bound)."""
    i18n.set_language("en")
    few = rigged(2, ["R1 R2 R3 R4"], racks=[["G9"], ["B2"]], opened=[True, True])
    assert "red 4" in i18n.say(refusal(few, ["R1 R2 R3"]))
    rows = ["R1 R2 R3 . Y1 Y2 Y3 . B1 B2 B3", ". . . . . . . . . . .", "G4 G5 G6 . R7 R8 R9"]
    crowded = rigged(2, rows, racks=[["G9"], ["B2"]], opened=[True, True])
    said = i18n.say(refusal(crowded, ["R1 R2 R3"]))
    assert "12 tiles are missing" in said and "yellow" not in said, said
