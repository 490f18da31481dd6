"""Crazy Lab trick cards and scoring cards: built from ``levels/crazy_lab.toml``.

A trick card is an int ``template * 5 + primary colour``; ``Deck.values[card]`` is
its value on each of the five colours (0: not printed). Notation lists the primary
colour first, then the printed colours in offset order: ``G5/P1/O1``. Two notations
name the same card when they show the same colour-value pairs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.core import msg
from game.engine.deck_table import DeckWords, check_deal, colour_texts, deck_table
from game.engine.levels import Level
from game.engine.limits import excerpt
from game.engine.trick import LevelDeck

GAME_ID = "crazy_lab"


@dataclass(frozen=True)
class Deck(DeckWords):
    no_colour = msg("none")  # colour_word(None)

    colours: str  # "PBYOG": the cycle order
    colour_names: tuple[str, ...]
    symbols: tuple[str, ...]
    hand_size: int
    extra_trumps: int
    names: tuple[str, ...]  # notation of each card
    ids: tuple[str, ...]  # "T01-G"
    values: tuple[tuple[int, ...], ...]  # per card: value on each colour
    by_pairs: dict  # frozenset of (colour, value) -> card
    by_name: dict = field(default_factory=dict, compare=False, repr=False)  # exact notation -> card
    # the log's words, made once per colour, card and seat (playouts make many moves)
    words: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        self.by_name.update((n, i) for i, n in enumerate(self.names))

    @property
    def size(self) -> int:
        return len(self.names)

    def parse(self, text: str) -> int:
        """The card a notation names (any order of its colour-value pairs)."""
        card = self.by_name.get(text)
        if card is not None:
            return card
        pairs = set()
        for part in str(text).strip().upper().split("/"):
            part = part.strip()
            if len(part) < 2 or part[0] not in self.colours or not part[1:].isdigit():
                raise ValueError(
                    msg(
                        "{text} is not a Crazy Lab card (write it like G5/P1/O1)",
                        text=excerpt(text),
                    )
                )
            pairs.add((self.colours.index(part[0]), int(part[1:])))
        card = self.by_pairs.get(frozenset(pairs))
        if card is None:
            raise ValueError(msg("{text} is not a card of the Crazy Lab deck", text=excerpt(text)))
        return card

    def pretty(self, card: int) -> str:
        """``G5/P1/O1`` with symbols: ``⬢5 ★1 ▲1``."""
        return " ".join(
            f"{self.symbols[self.colours.index(p[0])]}{p[1:]}" for p in self.names[card].split("/")
        )


def build_deck(level: Level) -> Deck:
    known = {"colours", "colour_names", "symbols", "max_value", "hand_size"}
    raw = deck_table(level, known, "colours, colour_names, symbols, max_value, hand_size")
    colours = raw.get("colours")
    if (
        not isinstance(colours, list)
        or len(colours) < 3
        or not all(isinstance(c, str) and len(c) == 1 and c.isalpha() for c in colours)
    ):
        raise level.error("deck.colours", "expected a list of at least 3 one-letter colour codes")
    if len(set(colours)) != len(colours):
        raise level.error("deck.colours", "colour letters must all differ")
    n = len(colours)
    names, symbols = colour_texts(level, raw, colours)
    ints = {}
    for key in ("max_value", "hand_size"):
        value = raw.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise level.error(f"deck.{key}", f"expected a whole number of 1 or more, got {value!r}")
        ints[key] = value
    scoring = level.data.get("scoring", {})
    if not isinstance(scoring, dict) or set(scoring) - {"extra_trumps"}:
        raise level.error("scoring", "expected a [scoring] table with extra_trumps")
    extra = scoring.get("extra_trumps", 2)
    if isinstance(extra, bool) or not isinstance(extra, int) or not 0 <= extra <= n - 1:
        raise level.error(
            "scoring.extra_trumps", f"expected a whole number from 0 to {n - 1}, got {extra!r}"
        )
    # every player count must make a trump pile of hand_size cards: 2 per player + extras
    for players in range(level.min_players, level.max_players + 1):
        if players > n:
            raise level.error(
                "players.max",
                f"{players} players need {players} scoring stacks but there are {n} colours",
            )
        if 2 * players + extra * (n - players) != ints["hand_size"]:
            raise level.error(
                "scoring.extra_trumps",
                f"with {players} players the trump pile would hold {2 * players + extra * (n - players)} cards, not {ints['hand_size']}",
            )
    templates = level.data.get("templates")
    if not isinstance(templates, list) or not templates:
        raise level.error("templates", "expected [[templates]] entries, each with id and values")
    card_names: list[str] = []
    card_ids: list[str] = []
    card_values: list[tuple] = []
    seen_tid: set[str] = set()
    by_pairs: dict = {}
    for ti, t in enumerate(templates):
        key = f"templates[{ti}]"
        if not isinstance(t, dict) or set(t) - {"id", "values"}:
            raise level.error(key, "expected a table with id and values")
        tid = t.get("id")
        if not isinstance(tid, str) or not tid:
            raise level.error(f"{key}.id", f"expected a template id like T01, got {tid!r}")
        if tid in seen_tid:
            raise level.error(f"{key}.id", f"template {tid} appears twice")
        seen_tid.add(tid)
        vals = t.get("values")
        if (
            not isinstance(vals, list)
            or len(vals) != n
            or not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= ints["max_value"]
                for v in vals
            )
        ):
            raise level.error(
                f"{key}.values",
                f"template {tid}: expected {n} values from 0 to {ints['max_value']}, got {vals!r}",
            )
        if not any(vals):
            raise level.error(f"{key}.values", f"template {tid} prints no colour")
        for c in range(n):
            per_colour = [0] * n
            parts = []
            for dd in range(n):
                if vals[dd]:
                    per_colour[(c + dd) % n] = vals[dd]
                    parts.append(f"{colours[(c + dd) % n]}{vals[dd]}")
            pairs = frozenset((col, v) for col, v in enumerate(per_colour) if v)
            card_id = f"{tid}-{colours[c]}"
            if pairs in by_pairs:
                raise level.error(
                    f"{key}.values",
                    f"card {card_id} ({'/'.join(parts)}) is the same card as {card_ids[by_pairs[pairs]]}",
                )
            by_pairs[pairs] = len(card_names)
            card_names.append("/".join(parts))
            card_ids.append(card_id)
            card_values.append(tuple(per_colour))
    check_deal(level, "templates", len(card_names), ints["hand_size"])
    return Deck(
        "".join(colours),
        tuple(names),
        tuple(symbols),
        ints["hand_size"],
        extra,
        tuple(card_names),
        tuple(card_ids),
        tuple(card_values),
        by_pairs,
    )


_LEVEL_DECK = LevelDeck(GAME_ID, {"deck", "scoring", "templates"}, build_deck)
level = _LEVEL_DECK.level
check_level = _LEVEL_DECK.check_level
deck = _LEVEL_DECK.deck


# ---------------------------------------------------------------- rules oracle


def winner_index(values: list[tuple[int, ...]], trump: int | None) -> int:
    """Index of the winning card given each card's per-colour values."""
    if trump is not None and any(v[trump] for v in values):
        keys = [v[trump] for v in values]
    else:
        keys = [max(v) for v in values]
    best = max(keys)
    return keys.index(best)  # ties go to the card played first


def _colour(d: Deck, text) -> int:
    """The colour index of a one-letter colour code; ValueError for anything else."""
    letter = str(text).strip().upper()
    if len(letter) != 1 or letter not in d.colours:
        raise ValueError(
            msg(
                "{text} is not a colour (one of {colours})",
                text=excerpt(text),
                colours=", ".join(d.colours),
            )
        )
    return d.colours.index(letter)


def trick_winner(plays: list[str], trump: str | None) -> int:
    """Index into ``plays`` (notation like ``G5/P1/O1``) of the card that wins the trick.

    The highest value in the trump colour wins; with no trump colour in the trick,
    the highest value in any colour. Ties go to the card played first.
    """
    d = deck()
    if not plays:
        raise ValueError("an empty trick has no winner")
    t = None if trump is None else _colour(d, trump)
    return winner_index([d.values[d.parse(p)] for p in plays], t)


def round_points(cards_won: list[str], plus: str, minus: str) -> int:
    """Plus-colour values on the cards won minus the minus-colour values on them."""
    d = deck()
    p, m = _colour(d, plus), _colour(d, minus)
    total = 0
    for text in cards_won:
        v = d.values[d.parse(text)]
        total += v[p] - v[m]
    return total
