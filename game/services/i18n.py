"""The languages Parlour speaks: English, German and Swedish (no pygame here).

Text shown to a player is written in English in the code, marked ``_("…")`` (or
``N_("…")`` where it is only named, to be translated later), and looked up in the
standard library's gettext catalogues: ``assets/locale/<code>/LC_MESSAGES/parlour.mo``,
compiled from the ``.po`` beside it by ``build_scripts/i18n.py``. English needs no
catalogue. A text with values keeps its placeholders through translation:
``_("{name} wins").format(name=…)``.

``set_language(code)`` switches every later lookup; ``"system"`` follows the system
locale (German or Swedish when it says so, English otherwise). It never raises: a
catalogue that is missing, damaged or too large leaves Parlour in English, and
``problem()`` says why in English words the app shows the player once.
"""

from __future__ import annotations

import os
import re
import sys

from game.engine.core import N_, Msg, MsgList, Sentence, msg, nmsg  # noqa: F401 (the UI's marks)
from game.services.paths import assets_dir

DOMAIN = "parlour"
LANGUAGES = {"en": "English", "de": "Deutsch", "sv": "Svenska"}
CHOICES = ("system", *LANGUAGES)  # the settings value

MAX_CATALOGUE_BYTES = 5_000_000  # each shipped .mo is under 100 kB; more is damage

_translation = None  # a gettext translation; None for English (nothing to look up)
_code = "en"
_problem: str | None = None  # why the last language chosen could not be used
_preferred: list[str] = []  # the system's preferred languages, from SDL (set_preferred_locales)


def locale_dir():
    return assets_dir() / "locale"


def catalogue_path(code: str):
    return locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def set_preferred_locales(languages: list[str]) -> None:
    """The system's preferred languages as the window layer reads them from SDL
    (``pygame.system.get_pref_locales()``), most preferred first: the only place
    Windows and a macOS app started from Finder say it (they set no ``LANG``)."""
    global _preferred
    _preferred = [str(code) for code in languages if code]


def _environment_languages() -> list[str]:
    """The languages the environment names, in gettext's order of precedence."""
    names: list[str] = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        names += os.environ.get(variable, "").split(":")
    return names


def system_language() -> str:
    """The system's language when Parlour speaks it, else English.

    On Windows and macOS the system's preferred languages come first, the environment
    after (a shell there may set ``LANG`` of its own). Elsewhere the environment comes
    first: SDL reads the same variables there but puts ``LANG`` before ``LANGUAGE``,
    which gettext and every desktop put first."""
    if sys.platform in ("win32", "darwin"):
        names = [*_preferred, *_environment_languages()]
    else:
        names = [*_environment_languages(), *_preferred]
    for name in names:
        code = name.strip().lower()[:2]
        if code in LANGUAGES and name.strip()[2:3] in ("", "_", "-", ".", "@"):
            return code
    return "en"


def resolve(choice: str | None) -> str:
    return system_language() if choice in (None, "", "system") else choice


def set_language(choice: str | None) -> str:
    """Use ``choice`` ("en", "de", "sv" or "system") from now on; returns the code used.

    Never raises: when the language's catalogue cannot be used, English is used and
    ``problem()`` says why (None when the language was set as asked)."""
    global _translation, _code, _problem
    code = resolve(choice)
    if code not in LANGUAGES:
        code = "en"
    translation, problem = (None, None) if code == "en" else load_catalogue(code)
    if translation is None:
        code = "en"  # English is the text itself: no catalogue to look up
    _translation, _code, _problem = translation, code, problem
    return code


def problem() -> str | None:
    """Why the last language chosen is not in use (in English), or None."""
    return _problem


_FIELD = re.compile(r"\{[^{}]*\}")
_UNSHOWABLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # a NUL stops pygame; \n and \t are text


def load_catalogue(code: str):
    """``(translation, None)`` for the language's catalogue, or ``(None, problem)``.

    The file is read bounded and parsed from memory; whatever the damage (bad magic
    number, cut short, a bad header, text that is not UTF-8), the result is a problem
    in words, never an exception. A translation that would break the text it stands
    for (other placeholders, a control character) is dropped: that text stays English.
    """
    import gettext
    import io

    from game.services.filecheck import FileProblem, read_bytes

    target = catalogue_path(code)
    name = LANGUAGES.get(code, code)
    try:
        data = read_bytes(target, MAX_CATALOGUE_BYTES)
        translation = gettext.GNUTranslations(io.BytesIO(data))
    except FileProblem as bad:
        return (
            None,
            f"The {name} texts ({target}) could not be read: {bad}. Parlour speaks English.",
        )
    except Exception as exc:  # any damage gettext meets: OSError, struct.error, ValueError…
        why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return None, (
            f"The {name} texts ({target}) are damaged ({type(exc).__name__}: {why[:120]}). "
            "Parlour speaks English."
        )
    catalogue = translation._catalog
    for key, text in list(catalogue.items()):
        source = key[0] if isinstance(key, tuple) else key
        fields = set(_FIELD.findall(source)) | ({"{n}"} if isinstance(key, tuple) else set())
        unshowable = not isinstance(text, str) or _UNSHOWABLE.search(text)
        if unshowable or (source and not set(_FIELD.findall(text)) <= fields):
            del catalogue[key]
    return translation, None


def language() -> str:
    return _code


DEFAULT_NAME = "Player {n}"  # a person's seat nobody named: "Player 1", "Spieler 1"…
_default_names: dict[str, re.Pattern] = {}


def default_name_number(name) -> int | None:
    """The seat number in ``name`` when it is the default name a setup wrote
    (``DEFAULT_NAME``) in any language Parlour speaks, so it can be said in the language
    shown now; None for a name a player typed."""
    if not isinstance(name, str):
        return None
    for code in LANGUAGES:
        pattern = _default_names.get(code)
        if pattern is None:
            template = DEFAULT_NAME
            if code != "en":
                translation = load_catalogue(code)[0]
                template = translation.gettext(DEFAULT_NAME) if translation else DEFAULT_NAME
            head, _field, tail = template.partition("{n}")
            pattern = re.compile(re.escape(head) + r"([1-9][0-9]?)" + re.escape(tail))
            _default_names[code] = pattern
        found = pattern.fullmatch(name.strip())
        if found:
            return int(found.group(1))
    return None


def default_name(name: str) -> str:
    """``name`` in the language shown now when it is a default name (``default_name_number``);
    a typed name as it is."""
    n = default_name_number(name)
    return name if n is None else _(DEFAULT_NAME).format(n=n)


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
