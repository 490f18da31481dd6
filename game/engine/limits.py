"""Bounds shared by the file checks, the setup screen and the window (no pygame here).

One place says how small a window may be, what a seat name may hold and how much of
a hostile value a message may quote, so the loaders and the screens agree.
"""

from __future__ import annotations

MIN_WINDOW = (960, 600)  # every table is laid out and checked down to this size
MAX_WINDOW = (16384, 16384)
NAME_MAX = 16  # characters in a seat name
EXCERPT_MAX = 40  # characters of a bad value quoted in a message
SEED_DIGITS = 12  # the setup screen's seed field takes this many digits
SEED_MAX = 10**SEED_DIGITS - 1  # the largest seed a file may hold (either sign)
OPTION_MAX = 10**6  # a whole-number game option (rounds, a target score) is far below this


def excerpt(value, limit: int = EXCERPT_MAX) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for messages about bad input.

    The value may be huge (a 5 MB action) or of any type; only its start is shown,
    and the repr is built from a bounded slice so a long string is never copied whole.
    """
    if isinstance(value, (str, bytes)) and len(value) > limit:
        head = repr(value[:limit])
        return f"{head}… ({len(value):,} characters)"
    if isinstance(value, (list, tuple, dict, set)) and len(value) > limit:
        return f"{type(value).__name__} of {len(value):,} items"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not break the message
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit + 2 else text[:limit] + "…"


def clip(text: str, limit: int = 300) -> str:
    """Plain text cut to ``limit`` characters (a reason from an engine, say)."""
    return text if len(text) <= limit else text[:limit] + "…"


def name_problem(name) -> str | None:
    """None when ``name`` can be a seat name, else the problem in words.

    A name is text of 1 to NAME_MAX printable characters that can be written as
    UTF-8 (a lone surrogate cannot, and would break every later save).
    """
    if not isinstance(name, str):
        return f"a name must be text, not {excerpt(name)}"
    if not name.strip():
        return "a name cannot be empty"
    if len(name) > NAME_MAX:
        return f"a name has at most {NAME_MAX} characters, not {len(name)}"
    if not name.isprintable():
        return f"a name holds a character that cannot be shown ({excerpt(name)})"
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return f"a name holds a character that cannot be saved ({excerpt(name)})"
    return None


def name_char_ok(ch: str) -> bool:
    """May the character ``ch`` be typed into a seat name?"""
    if not ch.isprintable():
        return False
    try:
        ch.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
