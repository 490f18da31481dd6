"""A match's title row never runs into what follows it on the row: Crazier Eights'
"Crazier Eights · Spiel 1 von 12" and its piles' counts, in every game, at the smallest
window the app opens, in German and Swedish (the layout audit's header pass)."""

from __future__ import annotations

import pytest

from game import games
from game.services import i18n
from game.tools.audit import Auditor, Findings


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["de", "sv"])
@pytest.mark.parametrize("game_id", sorted(games.GAMES))
def test_a_matchs_header_meets_nothing(monkeypatch, recording, lang, game_id):
    monkeypatch.setenv("LANGUAGE", lang)
    found = Findings()
    Auditor(found).headers(game_id)
    assert found.problems.get("overlap", []) == []
    if game_id == "crazier_eights":
        assert found.frames == 2  # the pass looked at it
