"""Rage cards: the deck from ``levels/rage.toml``, notation, and the rules oracle.

Inside the engine a card is an int. Colour cards come first, ``colour * n_values +
value``; the action cards follow. Notation (logs, saves, actions): colour letter +
value (``R13``, ``B0``); actions ``J`` (``J:R`` once a Joker names red), ``NT``
(No Trump), ``CT`` (Change Trump), ``+5``, ``-5``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.core import msg
from game.engine.deck_table import DeckWords, check_deal, colour_texts, deck_table
from game.engine.levels import Level
from game.engine.limits import excerpt
from game.engine.trick import LevelDeck

GAME_ID = "rage"
ACTION_KINDS = ("J", "NT", "CT", "+5", "-5")
BONUS = {"+5": 5, "-5": -5}


@dataclass(frozen=True)
class Deck(DeckWords):
    no_colour = msg("no trump")  # colour_word(None): a trick without trump

    colours: str  # letters, in order
    colour_names: tuple[str, ...]
    symbols: tuple[str, ...]
    min_value: int
    max_value: int
    rounds: int
    names: tuple[str, ...]  # notation of each card int
    colour_of: tuple[int, ...]  # colour index, -1 for action cards
    value_of: tuple[int, ...]  # value, -1 for action cards
    kind_of: tuple[str, ...]  # "C" for colour cards, else the action kind
    by_name: dict = field(default_factory=dict, compare=False, repr=False)  # notation -> card ints
    # the log's words, made once per card and seat (playouts make millions of moves)
    words: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        index: dict[str, tuple[int, ...]] = {}
        for i, n in enumerate(self.names):
            index[n] = (*index.get(n, ()), i)
        self.by_name.update(index)

    @property
    def size(self) -> int:
        return len(self.names)

    def ids_named(self, name: str) -> tuple[int, ...]:
        return self.by_name.get(name, ())

    def pretty(self, card: int | str, named: int | None = None) -> str:
        """A card in words for the game log: ``red 13 ◆``, ``Joker (blue ■)``, ``No Trump``."""
        if isinstance(card, str):
            return pretty_name(self, card)
        key = ("card", card, named)
        said = self.words.get(key)
        if said is None:
            said = self.words[key] = self._pretty(card, named)
        return said

    def _pretty(self, card: int, named: int | None) -> str:
        kind = self.kind_of[card]
        if kind == "C":
            c = self.colour_of[card]
            return msg(
                "{colour} {value} {symbol}",
                colour=msg(self.colour_names[c]),
                value=self.value_of[card],
                symbol=self.symbols[c],
            )
        if kind == "J":
            if named is None:
                return msg("Joker")
            return msg("Joker ({colour})", colour=self.colour_word(named))
        return _ACTION_WORDS.get(kind, kind)


_ACTION_WORDS = {"NT": msg("No Trump"), "CT": msg("Change Trump")}


def pretty_name(deck: Deck, text: str) -> str:
    head, _, named = text.partition(":")
    if head == "J":
        return deck.pretty(deck.ids_named("J")[0], deck.colours.index(named) if named else None)
    ids = deck.ids_named(head)
    return deck.pretty(ids[0]) if ids else text


def build_deck(level: Level) -> Deck:
    """The deck described by ``level.data['deck']``; a bad entry raises a LevelError naming its key."""
    known = {"colours", "colour_names", "symbols", "min_value", "max_value", "rounds", "actions"}
    raw = deck_table(level, known, "colours, min_value, max_value, rounds, actions")
    colours = raw.get("colours")
    if (
        not isinstance(colours, list)
        or not colours
        or not all(isinstance(c, str) and len(c) == 1 and c.isalpha() for c in colours)
    ):
        raise level.error("deck.colours", "expected a list of one-letter colour codes")
    if len(set(colours)) != len(colours) or "J" in colours:
        raise level.error(
            "deck.colours", "colour letters must be different from each other and from J"
        )
    names, symbols = colour_texts(level, raw, colours)
    bounds = {}
    for key in ("min_value", "max_value", "rounds"):
        value = raw.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise level.error(f"deck.{key}", f"expected a whole number, got {value!r}")
        bounds[key] = value
    if not 0 <= bounds["min_value"] <= bounds["max_value"]:
        raise level.error("deck.max_value", "needs 0 <= min_value <= max_value")
    if bounds["rounds"] < 1:
        raise level.error("deck.rounds", "needs at least one round")
    actions = raw.get("actions", {})
    if not isinstance(actions, dict):
        raise level.error("deck.actions", "expected a table of action card counts")
    for key, count in actions.items():
        if key not in ACTION_KINDS:
            raise level.error(
                f"deck.actions.{key}", f"unknown action card (known: {', '.join(ACTION_KINDS)})"
            )
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise level.error(
                f"deck.actions.{key}", f"expected a count of 0 or more, got {count!r}"
            )
    values = range(bounds["min_value"], bounds["max_value"] + 1)
    card_names, colour_of, value_of, kind_of = [], [], [], []
    for ci, letter in enumerate(colours):
        for v in values:
            card_names.append(f"{letter}{v}")
            colour_of.append(ci)
            value_of.append(v)
            kind_of.append("C")
    for kind in ACTION_KINDS:
        for _ in range(actions.get(kind, 0)):
            card_names.append(kind)
            colour_of.append(-1)
            value_of.append(-1)
            kind_of.append(kind)
    check_deal(level, "deck", len(card_names), bounds["rounds"])
    return Deck(
        "".join(colours),
        tuple(names),
        tuple(symbols),
        bounds["min_value"],
        bounds["max_value"],
        bounds["rounds"],
        tuple(card_names),
        tuple(colour_of),
        tuple(value_of),
        tuple(kind_of),
    )


_LEVEL_DECK = LevelDeck(GAME_ID, {"deck"}, build_deck)
level = _LEVEL_DECK.level
check_level = _LEVEL_DECK.check_level
deck = _LEVEL_DECK.deck


# ---------------------------------------------------------------- rules oracle


def _parse_play(d: Deck, text: str) -> tuple[str, int | None, int]:
    """(kind, colour or None, value) of a card in a trick, in notation."""
    text = str(text).strip().upper()
    head, _, named = text.partition(":")
    if head == "J":
        if len(named) != 1 or named not in d.colours:
            raise ValueError(
                msg("{text}: a Joker in a trick names its colour, like J:R", text=excerpt(text))
            )
        return "J", d.colours.index(named), d.max_value + 1
    ids = d.ids_named(head)
    if not ids or named:
        raise ValueError(
            msg(
                "{text} is not a Rage card (write R13, B0, J:R, NT, CT, +5 or -5)",
                text=excerpt(text),
            )
        )
    card = ids[0]
    kind = d.kind_of[card]
    if kind == "C":
        return "C", d.colour_of[card], d.value_of[card]
    return kind, None, -1


def winner_of(entries: list[tuple[str, int | None, int]], trump: int | None) -> int:
    """Index of the winning entry; entries are (kind, colour, value) in play order.

    Jokers carry value max+1, so a later Joker of the same colour wins by ``>=``.
    """
    lead = next((col for _, col, _ in entries if col is not None), None)
    if lead is None:
        return 0  # only action cards: the first one wins
    target = trump if trump is not None and any(col == trump for _, col, _ in entries) else lead
    best, best_value = -1, -2
    for i, (kind, col, value) in enumerate(entries):
        if col == target and (value > best_value or (kind == "J" and value >= best_value)):
            best, best_value = i, value
    return best


def trick_winner(plays: list[str], trump: str | None) -> int:
    """Index into ``plays`` (notation, Jokers as ``J:R``) of the card that wins the trick.

    ``trump`` is the trump colour letter in force when the trick ends, None after a
    No Trump with no later Change Trump.
    """
    d = deck()
    if not plays:
        raise ValueError("an empty trick has no winner")
    t = None
    if trump is not None:
        letter = str(trump).strip().upper()
        if len(letter) != 1 or letter not in d.colours:
            raise ValueError(
                f"trump {excerpt(trump)} is not a colour (one of {', '.join(d.colours)})"
            )
        t = d.colours.index(letter)
    return winner_of([_parse_play(d, p) for p in plays], t)


def round_points(
    prediction: int, tricks: int, bonus: int, *, all_tricks_bonus: bool = False
) -> int:
    """A player's points for a round: 1 a trick (2 with the winner-takes-all bonus),
    +10 for an exact prediction or −5 otherwise, plus the +5/−5 cards won."""
    per_trick = 2 if all_tricks_bonus else 1
    return per_trick * tricks + (10 if tricks == prediction else -5) + bonus
