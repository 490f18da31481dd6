"""Parlour's message catalogues, kept with Babel (standard gettext .pot/.po/.mo files).

    python build_scripts/i18n.py extract   # game/**/*.py, levels/*.toml, assets/lessons/*.toml -> .pot
    python build_scripts/i18n.py update    # extract, then merge the .pot into each language's .po
    python build_scripts/i18n.py compile   # each .po -> its .mo (read by gettext at run time)
    python build_scripts/i18n.py check     # what is missing, per language (exit 1 if any)

Texts are found where the code marks them with literal strings: ``_("…")``, ``N_("…")``,
``ngettext("…", "…", n)``, ``msg("…", …)`` and ``nmsg("…", "…", n, …)``. Mark each text
as its own literal, ``msg("a", …) if x else msg("b", …)``: Babel reads
``msg("a" if x else "b")`` as the one text "ab". The level files' words (game names,
option labels, card names and texts…) are extracted from ``levels/*.toml`` too, and
every lesson's words (its title, each step's text, its answers to a move not asked
for, its Continue label) from ``assets/lessons/*.toml``.

The ``.po`` files are edited by hand or in any PO editor. ``update`` keeps every
translation; a text that changed a little gets its old translation marked fuzzy (shown
in the .po, left out of the .mo, counted as missing) and texts no longer marked are
dropped. Entries are sorted by msgid, so moving code between modules changes only the
``#:`` lines and a diff shows what translators must look at. Babel is needed here only
(the dev extras): the game reads the .mo files with the standard library's gettext.
"""

from __future__ import annotations

import io
import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / "parlour.pot"
LANGS = {"de": "German", "sv": "Swedish"}
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "msg": None, "nmsg": (1, 2)}
# Header lines that change on every run or with Babel's version: a file whose other
# lines are unchanged is left as it is, so an `update` with nothing new leaves git clean.
VOLATILE_HEADERS = (b'"POT-Creation-Date:', b'"PO-Revision-Date:', b'"Generated-By:')


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "parlour.po"


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "parlour.mo"


# ---------------------------------------------------------------- extracting


def extract_level_texts(fileobj, keywords, comment_tags, options):
    """A Babel extractor for ``levels/*.toml``: each game's name, its options' labels,
    help and choices, Rage's and Crazy Lab's colour names, and every Crazier Eights
    card's name and text (the UI says them through the catalogue)."""
    raw = fileobj.read().decode("utf-8")
    data = tomllib.loads(raw)
    texts = [data.get("game", {}).get("name")]
    for option in data.get("options", {}).values():
        texts += [option.get("label"), option.get("help")]
        texts += [c for c in option.get("choices", []) if isinstance(c, str)]
    texts += data.get("deck", {}).get("colour_names", [])
    for card in data.get("card", []):
        texts += [card.get("name"), card.get("text")]
    for text in texts:
        if isinstance(text, str) and text:
            yield _line_of(raw, text), None, text, []


def extract_lesson_texts(fileobj, keywords, comment_tags, options):
    """A Babel extractor for ``assets/lessons/*.toml``: the lesson's title and, for each
    step, its text, ``other``, ``wrong`` and ``continue`` (the coach says them through
    the catalogue, so a lesson is whole in every language or the check fails)."""
    raw = fileobj.read().decode("utf-8")
    data = tomllib.loads(raw)
    texts = [data.get("lesson", {}).get("title")]
    for step in data.get("step", []):
        texts += [step.get(key) for key in ("text", "other", "wrong", "continue")]
    for text in texts:
        if isinstance(text, str) and text:
            yield _line_of(raw, text), None, text, []


def _line_of(raw: str, text: str) -> int:
    """The line a TOML string is written on (its quoted form first, so "red" is not
    found inside an earlier word); 0 when escapes make it unfindable."""
    at = raw.find(f'"{text}"')
    at = raw.find(text) if at < 0 else at
    return raw[:at].count("\n") + 1 if at >= 0 else 0


def _sources():
    for path in sorted((ROOT / "game").rglob("*.py")):
        yield path, "python"
    for path in sorted((ROOT / "levels").glob("*.toml")):
        yield path, extract_level_texts
    for path in sorted((ROOT / "assets" / "lessons").glob("*.toml")):
        yield path, extract_lesson_texts


def _describe(catalogue: Catalog, lang: str | None) -> Catalog:
    """The header fields the wrapper owns (the rest is Babel's or the translator's)."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    catalogue.project, catalogue.version = "Parlour", pyproject["project"]["version"]
    catalogue.header_comment = (
        f"# Parlour's texts in {LANGS[lang]}: edit the msgstr lines.\n"
        if lang
        else "# Parlour's texts, extracted from game/ and levels/.\n"
    ) + "# build_scripts/i18n.py update and compile keep the rest of this file."
    return catalogue


def extract() -> Catalog:
    """The template: every marked text, with where it is used."""
    template = _describe(Catalog(), None)
    for path, method in _sources():
        where = path.relative_to(ROOT).as_posix()
        found = extract_from_file(method, path, keywords=KEYWORDS, comment_tags=(), options={})
        for lineno, message, comments, context in found:
            # A singular and a plural with the same msgid are one entry (gettext looks a
            # singular up in the plural's first form); Catalog.add merges them.
            template.add(
                message, locations=[(where, lineno)], auto_comments=comments, context=context
            )
    return template


# ---------------------------------------------------------------- catalogues


def read_catalogue(lang: str) -> Catalog:
    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang)


def _save(path: Path, data: bytes, volatile: tuple[bytes, ...] = ()) -> bool:
    """Writes ``data`` unless the file already holds it, lines starting with one of
    ``volatile`` aside; True when it wrote."""

    def steady(blob: bytes) -> list[bytes]:
        return [line for line in blob.splitlines(keepends=True) if not line.startswith(volatile)]

    if path.exists() and steady(path.read_bytes()) == steady(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _save_po(path: Path, catalogue: Catalog) -> None:
    out = io.BytesIO()
    # no include_previous: Babel reads "#| msgid" back as a translator comment, which
    # would then stay for good
    write_po(out, catalogue, sort_output=True, ignore_obsolete=True)
    wrote = _save(path, out.getvalue(), VOLATILE_HEADERS)
    print(f"{'wrote' if wrote else 'unchanged'} {path.relative_to(ROOT).as_posix()}")


def _translated(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return not message.fuzzy and all(strings)


# ---------------------------------------------------------------- commands


def update() -> None:
    template = extract()
    _save_po(POT, template)
    for lang in LANGS:
        exists = po_path(lang).exists()
        catalogue = read_catalogue(lang) if exists else Catalog(locale=lang, fuzzy=False)
        catalogue.update(template)
        _save_po(po_path(lang), _describe(catalogue, lang))
        todo = sum(not _translated(m) for m in catalogue if m.id)
        print(f"  {lang}: {todo} to translate")


def compile_all() -> None:
    for lang in LANGS:
        out = io.BytesIO()
        write_mo(out, read_catalogue(lang))  # fuzzy and empty translations are left out
        wrote = _save(mo_path(lang), out.getvalue())
        print(f"{'wrote' if wrote else 'unchanged'} {mo_path(lang).relative_to(ROOT).as_posix()}")


def missing() -> dict[str, list[str]]:
    """Per language, the marked texts (singular msgids) without a translation."""
    wanted = {m.id for m in extract() if m.id}
    out = {}
    for lang in LANGS:
        done = set()
        if po_path(lang).exists():
            done = {m.id for m in read_catalogue(lang) if m.id and _translated(m)}
        out[lang] = sorted(i[0] if isinstance(i, tuple) else i for i in wanted - done)
    return out


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "extract":
        _save_po(POT, extract())
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        gaps = missing()
        for lang, texts in gaps.items():
            print(f"{lang}: {len(texts)} missing")
            for t in texts[:40]:
                print(f"  {t!r}")
        return 1 if any(gaps.values()) else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
