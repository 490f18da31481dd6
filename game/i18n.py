"""The languages Parlour speaks: English, German and Swedish (no pygame here).

Text shown to a player is written in English in the code, marked ``_("…")`` (or
``N_("…")`` where it is only named, to be translated later), and looked up in the
standard library's gettext catalogues: ``assets/locale/<code>/LC_MESSAGES/parlour.mo``,
compiled from the ``.po`` beside it by ``build_scripts/i18n.py``. English needs no
catalogue. A text with values keeps its placeholders through translation:
``_("{name} wins").format(name=…)``.

``set_language(code)`` switches every later lookup; ``"system"`` follows the system
locale (German or Swedish when it says so, English otherwise).
"""

from __future__ import annotations

import os

from game.engine.core import Msg, MsgList, Sentence, msg, nmsg  # noqa: F401 (the UI's marks)
from game.paths import assets_dir

DOMAIN = "parlour"
LANGUAGES = {"en": "English", "de": "Deutsch", "sv": "Svenska"}
CHOICES = ("system", *LANGUAGES)  # the settings value

_translation = None  # a gettext translation; None for English (nothing to look up)
_code = "en"


def locale_dir():
    return assets_dir() / "locale"


def system_language() -> str:
    """The system's language when Parlour speaks it, else English."""
    names = [os.environ.get(k, "") for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    if not any(names):  # Windows and macOS say it through the locale module, not the environment
        import locale

        try:
            names.append(locale.getlocale()[0] or "")
        except ValueError:
            pass
    for name in names:
        for part in name.split(":"):
            code = part.strip().lower()[:2]
            if code in LANGUAGES:
                return code
    return "en"


def resolve(choice: str | None) -> str:
    return system_language() if choice in (None, "", "system") else choice


def set_language(choice: str | None) -> str:
    """Use ``choice`` ("en", "de", "sv" or "system") from now on; returns the code used."""
    global _translation, _code
    code = resolve(choice)
    if code not in LANGUAGES:
        code = "en"
    if code == "en":
        _translation = None  # English is the text itself: no catalogue, no gettext import
    else:
        import gettext

        _translation = gettext.translation(
            DOMAIN, str(locale_dir()), languages=[code], fallback=True
        )
    _code = code
    return code


def language() -> str:
    return _code


def _(message: str) -> str:
    """``message`` in the current language (itself when there is no translation)."""
    return _translation.gettext(message) if _translation is not None and message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    if _translation is None:
        return singular if n == 1 else plural
    return _translation.ngettext(singular, plural, n)


class _Keep(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def say(text) -> str:
    """Any text for a player in the current language: a ``Msg`` from the engine (its
    template translated, then filled with its arguments, each said in turn), or a
    plain catalogued text; anything else as it is. Seat placeholders (``{P0}``) are
    left for the caller to fill with names."""
    if not isinstance(text, str) or not text:
        return text
    if not isinstance(text, Msg):
        return _(text)
    if _translation is None:
        return str(text)
    if isinstance(text, MsgList):
        items = [say(i) for i in text.items]
        if text.template == "{and}" and len(items) > 1:
            return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])
        return text.joiner.join(items)
    if isinstance(text, Sentence):
        clause = say(text.args["clause"])
        return f"{clause[:1].upper()}{clause[1:]}."
    if text.plural is None:
        template = _(text.template)
    else:
        template = ngettext(text.template, text.plural, text.args.get("n", 0))
    args = {k: say(v) if isinstance(v, Msg) else v for k, v in text.args.items()}
    try:
        return template.format_map(_Keep(args))
    except (ValueError, IndexError):
        return str(text)


def translated_texts() -> set[str]:
    """The catalogue's texts the current language says differently (empty in English):
    one of them drawn as it is is a text left untranslated."""
    catalogue = getattr(_translation, "_catalog", None) or {}
    return {k for k, v in catalogue.items() if isinstance(k, str) and k and v != k}


def N_(message: str) -> str:
    """Marks a text for the catalogue where it is defined; ``_()`` translates it where shown."""
    return message


# The AI levels as players read them (setup, statistics, the seats' plates).
LEVEL_NAMES = {
    "random": msg("Random"),
    "easy": msg("Easy"),
    "normal": msg("Normal"),
    "hard": msg("Hard"),
}
# What each level plays like, in a line the setup screen shows under the seats.
LEVEL_HINTS = {
    "random": msg("any legal move"),
    "easy": msg("plays like a beginner"),
    "normal": msg("a steady player"),
    "hard": msg("plans ahead, weighing what it cannot see"),
}


def capitalised(text) -> str:
    """``text`` said in the current language, its first letter a capital (a label)."""
    said = say(text)
    return said[:1].upper() + said[1:]


# The hand's sort button, by the order it shows.
SORT_LABELS = {
    "colour": msg("Sort: colour"),
    "value": msg("Sort: value"),
    "number": msg("Sort: number"),
}
CANCEL = msg("Cancel")
HINT_LABEL = msg("Hint (H)")
APPLY_HINT = msg("Apply hint")  # the Cross Rummy hint button once a lay is shown
