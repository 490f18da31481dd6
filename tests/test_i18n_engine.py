"""Engine messages are data: every log line and refusal an engine writes is a ``Msg``
whose string is the English sentence, and the UI says it in German and Swedish from
the catalogue (its words and its arguments, nested messages too)."""

from __future__ import annotations

import pickle
import random

import pytest

from game import games
from game.engine.core import Msg, MsgList, Sentence, msg, nmsg
from game.services import i18n


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def _lines(game_id: str, moves: int = 300):
    """Every event text and a refusal per position of a seeded random game."""
    engine = games.get(game_id).engine()
    rng = random.Random(11)
    state = engine.new_game({"players": 4}, 7)
    out = []
    for _ in range(moves):
        if state.current_player() is None:
            break
        if hasattr(state, "refusal"):
            out.append(state.refusal("nonsense"))
        actions = state.legal_actions()
        for event in state.apply(actions[int(rng.random() * len(actions))]):
            out += [e.text for e in (event, event.public) if e is not None and e.text]
    return out


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_every_log_line_and_refusal_is_a_message_said_in_each_language(game_id):
    lines = _lines(game_id)
    assert len(lines) > 50
    assert all(isinstance(t, Msg) for t in lines), [t for t in lines if not isinstance(t, Msg)][:3]
    for lang in ("de", "sv"):
        i18n.set_language(lang)
        said = [i18n.say(t) for t in lines]
        untranslated = {str(t) for t, s in zip(lines, said) if s == str(t)}
        assert not untranslated, (lang, sorted(untranslated)[:5])
        assert not any("{" in s.replace("{P", "") for s in said)  # every argument filled
    i18n.set_language("en")
    assert [i18n.say(t) for t in lines] == [str(t) for t in lines]


def test_a_message_keeps_its_english_and_its_parts():
    card = msg("{colour} {number}", colour=msg("red"), number=7)
    line = msg("{player} draws {tile}.", player="{P2}", tile=card)
    assert line == "{P2} draws red 7." and line.template == "{player} draws {tile}."
    again = pickle.loads(pickle.dumps(line))  # the worker process sends views and events
    assert again == line and again.args["tile"].args == {"colour": "red", "number": 7}
    i18n.set_language("de")
    assert i18n.say(line) == "{P2} zieht rot 7."
    both = MsgList([msg("red"), msg("blue")], conjoined=True)
    assert str(both) == "red and blue" and i18n.say(both) == "rot und blau"
    three = MsgList(["{P0}", "{P1}", "{P2}"], conjoined=True)
    assert str(three) == "{P0}, {P1} and {P2}" and i18n.say(three) == "{P0}, {P1} und {P2}"
    assert i18n.say(nmsg("{player} draws a card.", "{player} draws {n} cards.", 3, player="A")) == (
        "A zieht 3 Karten."
    )
    assert i18n.say(Sentence(msg("{text} is not a tile", text="'x'"))) == "'x' ist kein Stein."


@pytest.mark.parametrize("page", [None, *games.GAMES])
def test_every_rules_page_is_written_in_each_language(page):
    """F1 help: each language has its own page, with the same sections as the English."""
    from game.ui.help import help_text

    english = help_text(page, "en")
    sections = english.count("\n## ")
    items = english.count("\n- ")
    for lang in ("de", "sv"):
        text = help_text(page, lang)
        assert text != english, (page, lang)
        assert text.count("\n## ") == sections and text.count("\n- ") == items, (page, lang)
