"""Languages: every text marked for translation has German and Swedish in the catalogues
(gettext .po, compiled to the .mo files gettext reads), placeholders survive translation,
the language follows the system locale by default, and Settings switches it on screen."""

from __future__ import annotations

import importlib.util
import re

import pytest
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


def test_every_marked_text_has_every_language(catalogues):
    gaps = catalogues.missing()
    assert gaps == {"de": [], "sv": []}, f"untranslated: {gaps}"


def test_the_catalogues_hold_exactly_the_marked_texts(catalogues):
    marked = set(catalogues.extract())
    assert len(marked) > 50
    for lang in catalogues.LANGS:
        held = {e.key for e in catalogues.read_po(catalogues.po_path(lang))[1]}
        assert held == marked, f"{lang}: run build_scripts/i18n.py update"


def test_the_mo_files_are_compiled_from_the_po_files(catalogues):
    for lang in catalogues.LANGS:
        header, entries = catalogues.read_po(catalogues.po_path(lang))
        assert catalogues.mo_path(lang).read_bytes() == catalogues.mo_bytes(entries, header), (
            f"{lang}: run build_scripts/i18n.py compile"
        )


def test_placeholders_survive_translation(catalogues):
    names = re.compile(r"\{[^{}]*\}")
    for lang in catalogues.LANGS:
        for e in catalogues.read_po(catalogues.po_path(lang))[1]:
            forms = [e.msgid] if e.plural is None else [e.msgid, e.plural]
            for i, text in enumerate(e.msgstr):
                source = forms[min(i, len(forms) - 1)]
                # a singular may say "a card" where the plural says "{n} cards"
                want = set(names.findall(source)) - ({"{n}"} if e.plural else set())
                got = set(names.findall(text)) - ({"{n}"} if e.plural else set())
                assert got == want, (lang, e.msgid)


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
