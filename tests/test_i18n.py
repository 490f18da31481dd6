"""Languages: every text marked for translation has German and Swedish in the catalogues
(gettext .po, compiled to the .mo files gettext reads; build_scripts/i18n.py keeps them
with Babel), placeholders survive translation, the language follows the system locale by
default, and Settings switches it on screen."""

from __future__ import annotations

import gettext
import importlib.util
import re

import pytest
from babel.messages.pofile import write_po
from ui_helpers import click, make_app

from game.services import i18n, settings
from game.services.paths import assets_dir


@pytest.fixture(scope="module")
def catalogues():
    spec = importlib.util.spec_from_file_location(
        "i18n_tool", assets_dir().parent / "build_scripts" / "i18n.py"
    )
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def _strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def test_every_marked_text_has_every_language(catalogues):
    gaps = catalogues.missing()
    assert gaps == {"de": [], "sv": []}, f"untranslated: {gaps}"


def test_the_catalogues_hold_exactly_the_marked_texts(catalogues):
    marked = {m.id for m in catalogues.extract() if m.id}
    assert len(marked) > 50
    for lang in catalogues.LANGS:
        held = {m.id for m in catalogues.read_catalogue(lang) if m.id}
        assert held == marked, f"{lang}: run build_scripts/i18n.py update"


def test_the_mo_files_are_compiled_from_the_po_files(catalogues):
    # read back as the game reads them (gettext), not compared byte for byte
    for lang in catalogues.LANGS:
        with catalogues.mo_path(lang).open("rb") as f:
            compiled = gettext.GNUTranslations(f)
        wanted = {}
        for m in catalogues.read_catalogue(lang):
            if not m.id or m.fuzzy or not all(_strings(m)):
                continue
            if isinstance(m.id, tuple):
                wanted.update({(m.id[0], i): s for i, s in enumerate(m.string)})
            else:
                wanted[m.id] = m.string
        held = {k: v for k, v in compiled._catalog.items() if k != ""}  # "" is the header
        assert held == wanted, f"{lang}: run build_scripts/i18n.py compile"


def test_placeholders_survive_translation(catalogues):
    names = re.compile(r"\{[^{}]*\}")
    for lang in catalogues.LANGS:
        for m in catalogues.read_catalogue(lang):
            if not m.id:
                continue
            plural = isinstance(m.id, tuple)
            forms = m.id if plural else (m.id,)
            for i, text in enumerate(_strings(m)):
                source = forms[min(i, len(forms) - 1)]
                # a singular may say "a card" where the plural says "{n} cards"
                want = set(names.findall(source)) - ({"{n}"} if plural else set())
                got = set(names.findall(text)) - ({"{n}"} if plural else set())
                assert got == want, (lang, m.id)


def test_the_tool_extracts_merges_and_compiles(catalogues, tmp_path, monkeypatch, capsys):
    """A small project run through the commands: every marker and the level files are
    extracted, an update keeps translations and marks a changed text fuzzy, fuzzy texts
    are missing and left out of the .mo, and an update with nothing new rewrites nothing."""
    (tmp_path / "game").mkdir()
    (tmp_path / "levels").mkdir()
    (tmp_path / "pyproject.toml").write_text('[project]\nversion = "9.9"\n', encoding="utf-8")
    code = tmp_path / "game" / "table.py"
    code.write_text(
        'a = _("Settings")\n'
        'b = N_("Back")\n'
        'c = ngettext("a card", "{n} cards", n)\n'
        'd = msg("{player} wins.", player=p)\n'
        'e = nmsg("{player} draws a card.", "{player} draws {n} cards.", n, player=p)\n'
        'f = msg("{player} draws a card.", player=p)\n'
        'g = other("not marked")\n',
        encoding="utf-8",
    )
    (tmp_path / "levels" / "demo.toml").write_text(
        '[game]\nname = "Demo"\n[options.fast]\nlabel = "Fast"\nchoices = ["slow", 3]\n'
        '[[card]]\nname = "Shredder"\ntext = "Discards."\n[deck]\ncolour_names = ["red"]\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(catalogues, "ROOT", tmp_path)
    monkeypatch.setattr(catalogues, "LOCALE", tmp_path / "locale")
    monkeypatch.setattr(catalogues, "POT", tmp_path / "locale" / "parlour.pot")
    monkeypatch.setattr(catalogues, "LANGS", {"de": "German"})

    template = catalogues.extract()
    assert {m.id for m in template if m.id} == {
        "Settings",
        "Back",
        ("a card", "{n} cards"),
        "{player} wins.",
        ("{player} draws a card.", "{player} draws {n} cards."),  # the singular merged in
        *("Demo", "Fast", "slow", "red", "Shredder", "Discards."),
    }
    assert template["red"].locations == [("levels/demo.toml", 10)]  # not in "Shredder"
    assert "python-brace-format" in template["{player} wins."].flags
    assert catalogues.main(["update"]) == 0
    assert catalogues.main(["check"]) == 1
    assert "de: 11 missing" in capsys.readouterr().out

    po = catalogues.po_path("de")
    translated = catalogues.read_catalogue("de")
    for m in translated:
        if m.id:
            plural = isinstance(m.id, tuple)
            m.string = tuple(f"DE {s}" for s in m.id) if plural else f"DE {m.id}"
    with po.open("wb") as f:
        write_po(f, translated)
    code.write_text(code.read_text(encoding="utf-8").replace("wins.", "wins!"), encoding="utf-8")
    assert catalogues.main(["update"]) == 0
    merged = catalogues.read_catalogue("de")
    assert merged["Settings"].string == "DE Settings" and not merged["Settings"].fuzzy
    assert merged["{player} wins!"].fuzzy
    assert merged["{player} wins!"].string == "DE {player} wins."
    assert "{player} wins." not in merged  # no longer marked: dropped

    assert catalogues.main(["compile"]) == 0
    with catalogues.mo_path("de").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    assert compiled.gettext("Settings") == "DE Settings"
    assert compiled.gettext("{player} wins!") == "{player} wins!"  # fuzzy stays English
    assert compiled.ngettext("a card", "{n} cards", 3) == "DE {n} cards"
    assert compiled.gettext("{player} draws a card.") == "DE {player} draws a card."
    capsys.readouterr()
    assert catalogues.missing() == {"de": ["{player} wins!"]}

    files = [catalogues.POT, po, catalogues.mo_path("de")]
    before = [p.read_bytes() for p in files]
    assert catalogues.main(["update"]) == 0 and catalogues.main(["compile"]) == 0
    assert [p.read_bytes() for p in files] == before
    assert capsys.readouterr().out.count("unchanged") == 3


def test_gettext_reads_the_catalogues():
    i18n.set_language("de")
    assert i18n._("New game") == "Neues Spiel"
    assert i18n._("Resume {game}").format(game="Rage") == "Rage fortsetzen"
    i18n.set_language("sv")
    assert i18n._("Settings") == "Inställningar"
    assert i18n._("not a catalogued text") == "not a catalogued text"
    i18n.set_language("en")
    assert i18n._("Settings") == "Settings"


@pytest.mark.parametrize(
    "lang, expected", [("de_DE.UTF-8", "de"), ("sv_SE.UTF-8", "sv"), ("fr_FR.UTF-8", "en")]
)
def test_the_default_follows_the_system_locale(monkeypatch, lang, expected):
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", lang)
    assert i18n.set_language("system") == expected


def test_a_bad_language_setting_falls_back_and_is_named():
    clean, notes = settings.validate({"language": "klingon"})
    assert clean["language"] == "system"
    assert notes and notes[0].startswith("language:")


def test_settings_switch_the_language_on_screen():
    from game.ui.scenes.settings import SettingsScene

    app = make_app()
    app.settings["language"] = "en"
    i18n.set_language("en")
    app.set_scene(SettingsScene(app))
    app.pump()
    scene = app.scene

    def language_button():
        row = next(i for i, r in enumerate(scene.rows) if r[0] in ("Language", "Sprache", "Språk"))
        return scene.buttons[row]

    assert language_button().label == "English"
    click(app, language_button().rect.center)
    assert app.settings["language"] == "de" and language_button().label == "Deutsch"
    assert any(r[0] == "Sprache" for r in scene.rows)
    click(app, language_button().rect.center)
    assert app.settings["language"] == "sv"
    assert scene.buttons[-1].label == "Tillbaka"
    assert settings.load()["language"] == "sv"  # saved at once


def _no_language_in_environment(monkeypatch):
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)


@pytest.mark.parametrize(
    "platform, preferred, expected",
    [
        ("win32", ["de"], "de"),  # Windows: SDL reads GetUserPreferredUILanguages
        ("win32", ["sv", "en"], "sv"),
        ("darwin", ["fr", "sv"], "sv"),  # the first language Parlour speaks
        ("win32", ["German_Germany"], "en"),  # a locale name is not a language code
        ("win32", [], "en"),
        ("linux", ["de"], "de"),  # no language in the environment: SDL's list
    ],
)
def test_the_default_follows_the_systems_preferred_languages(
    monkeypatch, platform, preferred, expected
):
    _no_language_in_environment(monkeypatch)
    monkeypatch.setattr(i18n.sys, "platform", platform)
    monkeypatch.setattr(i18n, "_preferred", [])
    i18n.set_preferred_locales(preferred)
    try:
        assert i18n.set_language("system") == expected
    finally:
        i18n.set_language("en")


def test_windows_prefers_the_system_list_and_linux_the_environment(monkeypatch):
    _no_language_in_environment(monkeypatch)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setattr(i18n, "_preferred", [])
    i18n.set_preferred_locales(["sv"])
    try:
        monkeypatch.setattr(i18n.sys, "platform", "win32")
        assert i18n.set_language("system") == "sv"
        monkeypatch.setattr(i18n.sys, "platform", "linux")
        assert i18n.set_language("system") == "de"
        monkeypatch.setenv("LANGUAGE", "sv:de")  # gettext reads LANGUAGE before LANG
        assert i18n.set_language("system") == "sv"
    finally:
        i18n.set_language("en")


def test_the_app_hands_sdls_preferred_languages_to_i18n(monkeypatch):
    import pygame

    from game.ui.app import App

    monkeypatch.setattr(
        pygame.system, "get_pref_locales", lambda: [{"language": "sv", "country": "SE"}]
    )
    monkeypatch.setattr(i18n, "_preferred", [])
    _no_language_in_environment(monkeypatch)
    monkeypatch.setattr(i18n.sys, "platform", "darwin")
    App((1280, 720), headless=True)  # settings.json absent: the language is "system"
    try:
        assert i18n.language() == "sv"
    finally:
        i18n.set_language("en")
