"""Parlour's message catalogues: extract, update, compile (standard gettext formats).

    python build_scripts/i18n.py extract   # game/**/*.py -> assets/locale/parlour.pot
    python build_scripts/i18n.py update    # the .pot merged into each language's .po
    python build_scripts/i18n.py compile   # each .po -> its .mo (read by gettext)
    python build_scripts/i18n.py check     # what is missing, per language (exit 1 if any)

Texts are found where the code marks them: ``_("…")``, ``N_("…")`` and
``ngettext("…", "…", n)`` with literal strings. The ``.po`` files are edited by hand
(or any PO editor); ``compile`` writes the binary ``.mo`` that ``gettext`` reads, with
the same layout GNU ``msgfmt`` writes. No tool beyond Python is needed.
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / "parlour.pot"
LANGS = ("de", "sv")
MARKERS = {"_": 1, "N_": 1, "ngettext": 2, "msg": 1, "nmsg": 2}


# ---------------------------------------------------------------- extracting


def extract(root: Path = ROOT / "game") -> dict[tuple[str, str | None], list[str]]:
    """Every marked text: (msgid, plural or None) -> where it is used."""
    found: dict[tuple[str, str | None], list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            n = MARKERS.get(node.func.id)
            if not n or len(node.args) < n:
                continue
            # a literal, or a choice between literals ("a" if x else "b")
            choices = [_literals(a) for a in node.args[:n]]
            if not all(choices):
                continue
            for picked in zip(*choices) if n == 2 else ((c,) for c in choices[0]):
                key = (picked[0], picked[1] if n == 2 else None)
                if key[0]:
                    found.setdefault(key, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    if root == ROOT / "game":
        for text, where in level_texts():
            found.setdefault((text, None), []).append(where)
    return found


def _literals(node) -> list[str]:
    """The texts a marked argument can be: one literal, or each branch of a conditional
    whose branches are literals; [] for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = _literals(node.body), _literals(node.orelse)
        return a + b if a and b else []
    return []


def level_texts(folder: Path = ROOT / "levels") -> list[tuple[str, str]]:
    """The words players read from the level files: each game's name, its options'
    labels, help and choices, Rage's and Crazy Lab's colour names, and every Crazier
    Eights card's name and text (the UI says them through the catalogue)."""
    import tomllib

    out = []
    for path in sorted(folder.glob("*.toml")):
        raw = path.read_text(encoding="utf-8")
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
                line = raw[: raw.find(text)].count("\n") + 1 if text in raw else 0
                out.append((text, f"{path.relative_to(ROOT)}:{line}"))
    return out


# ---------------------------------------------------------------- PO files


def _quote(s: str) -> str:
    body = s.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = body.split("\n")
    if len(lines) == 1:
        return f'"{body}"'
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{p}"' for p in parts)


def _unquote(s: str) -> str:
    s = s.strip()[1:-1]
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            nxt = s[i + 1]
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(nxt, nxt))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


class Entry:
    def __init__(self, msgid: str, plural: str | None = None):
        self.msgid, self.plural = msgid, plural
        self.msgstr: list[str] = [""] if plural is None else ["", ""]
        self.refs: list[str] = []
        self.fuzzy = False

    @property
    def key(self) -> tuple[str, str | None]:
        return (self.msgid, self.plural)

    def done(self) -> bool:
        return not self.fuzzy and all(self.msgstr)


def read_po(path: Path) -> tuple[str, list[Entry]]:
    """The header text and the entries of a .po (or .pot) file."""
    header, entries = "", []
    entry, field, index = None, None, 0
    fuzzy = False

    def finish():
        nonlocal entry, header
        if entry is not None:
            if entry.msgid == "":
                header = entry.msgstr[0]
            else:
                entries.append(entry)
        entry = None

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
            continue
        if line.startswith("#"):
            continue
        if line.startswith("msgid_plural"):
            entry.plural, field = _unquote(line[12:]), "plural"
            entry.msgstr = ["", ""]
        elif line.startswith("msgid"):
            finish()
            entry, field = Entry(_unquote(line[5:])), "msgid"
            entry.fuzzy, fuzzy = fuzzy, False
        elif line.startswith("msgstr["):
            index = int(line[7 : line.index("]")])
            while len(entry.msgstr) <= index:
                entry.msgstr.append("")
            entry.msgstr[index], field = _unquote(line[line.index("]") + 1 :]), "msgstr"
        elif line.startswith("msgstr"):
            entry.msgstr[0], field, index = _unquote(line[6:]), "msgstr", 0
        elif line.startswith('"') and entry is not None:
            more = _unquote(line)
            if field == "msgid":
                entry.msgid += more
            elif field == "plural":
                entry.plural += more
            else:
                entry.msgstr[index] += more
    finish()
    return header, entries


def write_po(path: Path, header: str, entries: list[Entry]) -> None:
    out = ['msgid ""', f"msgstr {_quote(header)}", ""]
    for e in entries:
        for ref in e.refs[:4]:
            out.append(f"#: {ref}")
        if e.fuzzy:
            out.append("#, fuzzy")
        if "{" in e.msgid:
            out.append("#, python-brace-format")
        out.append(f"msgid {_quote(e.msgid)}")
        if e.plural is None:
            out.append(f"msgstr {_quote(e.msgstr[0])}")
        else:
            out.append(f"msgid_plural {_quote(e.plural)}")
            for i, s in enumerate(e.msgstr):
                out.append(f"msgstr[{i}] {_quote(s)}")
        out.append("")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out), encoding="utf-8")


def header_for(lang: str | None) -> str:
    lines = [
        "Project-Id-Version: Parlour",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        "Plural-Forms: nplurals=2; plural=(n != 1);",
    ]
    if lang:
        lines.insert(1, f"Language: {lang}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- MO files


def mo_bytes(entries: list[Entry], header: str) -> bytes:
    """The GNU .mo layout: a header, two tables of (length, offset), then the strings.
    Untranslated and fuzzy entries are left out (gettext then shows the English)."""
    pairs = [(b"", header.encode("utf-8"))]
    for e in entries:
        if not e.done():
            continue
        key = e.msgid if e.plural is None else e.msgid + "\0" + e.plural
        pairs.append((key.encode("utf-8"), "\0".join(e.msgstr).encode("utf-8")))
    pairs.sort()
    n = len(pairs)
    ids = b"".join(k + b"\0" for k, _ in pairs)
    strs = b"".join(v + b"\0" for _, v in pairs)
    start = 7 * 4 + n * 16  # header, then both tables
    id_table, str_table, offset = [], [], 0
    for k, _ in pairs:
        id_table += [len(k), start + offset]
        offset += len(k) + 1
    offset = 0
    for _, v in pairs:
        str_table += [len(v), start + len(ids) + offset]
        offset += len(v) + 1
    head = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    return head + struct.pack(f"{4 * n}i", *id_table, *str_table) + ids + strs


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "parlour.po"


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "parlour.mo"


# ---------------------------------------------------------------- commands


def pot_entries() -> list[Entry]:
    entries = []
    for (msgid, plural), refs in extract().items():
        e = Entry(msgid, plural)
        e.refs = refs
        entries.append(e)
    return entries


def update() -> None:
    fresh = pot_entries()
    write_po(POT, header_for(None), fresh)
    for lang in LANGS:
        path = po_path(lang)
        old = {e.key: e for e in read_po(path)[1]} if path.exists() else {}
        merged = []
        for e in fresh:
            kept = old.get(e.key)
            if kept is not None:
                e.msgstr, e.fuzzy = kept.msgstr, kept.fuzzy
            merged.append(e)
        write_po(path, header_for(lang), merged)
        print(f"{path.relative_to(ROOT)}: {sum(not e.done() for e in merged)} to translate")


def compile_all() -> None:
    for lang in LANGS:
        header, entries = read_po(po_path(lang))
        mo_path(lang).write_bytes(mo_bytes(entries, header))
        print(f"wrote {mo_path(lang).relative_to(ROOT)}")


def missing() -> dict[str, list[str]]:
    """Per language, the marked texts without a translation."""
    wanted = set(extract())
    out = {}
    for lang in LANGS:
        have = (
            {e.key for e in read_po(po_path(lang))[1] if e.done()}
            if po_path(lang).exists()
            else set()
        )
        out[lang] = sorted(m for m, _ in wanted - have)
    return out


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "extract":
        write_po(POT, header_for(None), pot_entries())
        print(f"wrote {POT.relative_to(ROOT)}")
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
