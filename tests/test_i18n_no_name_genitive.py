"""German and Swedish texts never make a genitive of a name ("{player}s huvudfas"): a
name ending in s, x or z reads wrong with it ("Jonass"), so they say it without one
("Huvudfas för {player}", "Hauptphase von {player}", "{name} är på tur")."""

from __future__ import annotations

import re

import pytest

from game.services import i18n

GENITIVE = re.compile(r"\{\w+\}'?s\b")


@pytest.mark.parametrize("code", ["de", "sv"])
def test_no_translation_adds_a_genitive_s_to_a_placeholder(code):
    translation, problem = i18n.load_catalogue(code)
    assert problem is None
    found = []
    for key, text in translation._catalog.items():
        source = key[0] if isinstance(key, tuple) else key
        forms = [text] if isinstance(text, str) else list(text)
        found += [(source, form) for form in forms if GENITIVE.search(form)]
    assert found == []
