"""What the games whose deck is a ``[deck]`` table of coloured cards in
``levels/<id>.toml`` share: checks of the table's keys and its per-colour names and
symbols (a bad entry raises the level's LevelError naming its key), and the deck's
words for the log (``DeckWords``)."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.core import kept, msg
from game.engine.levels import Level


def deck_table(level: Level, known: set[str], needed: str) -> dict:
    """The ``[deck]`` table, which may use only the ``known`` keys; ``needed`` lists
    them in the message when the table is missing."""
    raw = level.data.get("deck")
    if not isinstance(raw, dict):
        raise level.error("deck", f"a [deck] table is needed ({needed})")
    for key in raw:
        if key not in known:
            raise level.error(
                f"deck.{key}", f"unknown key (expected one of: {', '.join(sorted(known))})"
            )
    return raw


def check_deal(level: Level, key: str, count: int, per_player: int) -> None:
    """A deck of ``count`` cards must deal ``per_player`` to each of the most players."""
    if count < level.max_players * per_player:
        raise level.error(
            key,
            f"{count} cards cannot deal {per_player} to each of {level.max_players} players",
        )


def colour_texts(level: Level, raw: dict, colours: list[str]) -> tuple[list[str], list[str]]:
    """``deck.colour_names`` and ``deck.symbols``: one text per colour (each defaults to
    the colour letters)."""
    n = len(colours)
    names = raw.get("colour_names", colours)
    symbols = raw.get("symbols", colours)
    for key, value in (("colour_names", names), ("symbols", symbols)):
        if (
            not isinstance(value, list)
            or len(value) != n
            or not all(isinstance(x, str) and x for x in value)
        ):
            raise level.error(f"deck.{key}", f"expected a list of {n} texts, one per colour")
    return names, symbols


class DeckWords:
    """A colour deck's words for the log, each made once and kept in ``self.words`` (a
    dict field of the deck): playouts make millions of moves, a message costs ~2 µs."""

    no_colour = ""  # what colour_word(None) says
    # fields of the deck that mixes this in (annotations only: not fields of a dataclass)
    words: dict
    colour_names: Sequence[str]
    symbols: Sequence[str]

    def said(self, key, make):
        """The message kept under ``key``, made by ``make()`` the first time."""
        return kept(self.words, key, make)

    def colour_word(self, colour: int | None) -> str:
        """``red ◆``: a colour's name and symbol (``no_colour`` for None)."""
        if colour is None:
            return self.no_colour
        return self.said(
            ("colour", colour),
            lambda: msg(
                "{colour} {symbol}",
                colour=msg(self.colour_names[colour]),
                symbol=self.symbols[colour],
            ),
        )
