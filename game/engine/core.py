"""Shared engine core: errors, events, seeded randomness, and the game-state contract.

Every game module exposes ``new_game(options, seed) -> State``. A State answers
``current_player()``, ``legal_actions()``, ``apply(action) -> list[Event]``,
``view(seat)``, ``is_over()`` and ``scores()``. Actions are JSON-serialisable values
(strings in each game's notation), so a game is fully described by
``(game id, options, seed, action log)``: saves, replays and undo all come from it.
The contract is written out as Protocols at the end of this module (``GameModule``,
``GameState``, ``GameView``, and the optional ``Refuses`` and ``ValidatesLays``);
``tests/test_conformance.py`` holds every game to it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, Self, runtime_checkable

if TYPE_CHECKING:
    from game.engine.levels import Level

Action = Any  # a JSON-serialisable value; every game uses strings in its notation


class _Keep(dict):
    """Formatting values that leaves a placeholder it has no value for as it is (the
    seats' ``{P0}`` stay for the UI to fill with names)."""

    def __missing__(self, key):
        return "{" + key + "}"


class Msg(str):
    """A sentence for a player, kept as data: the string itself is the English text
    (so logs, tests and saved digests read plain English), and ``template`` and
    ``args`` are what it was made from, so the UI can say it in another language
    (``game.services.i18n.say``). An argument may itself be a Msg, translated in its turn.
    ``plural``: the template for counts other than one, chosen by ``args["n"]``."""

    template: str
    plural: str | None
    args: dict

    def __new__(cls, template: str, args: dict | None = None, plural: str | None = None):
        args = args or {}
        chosen = template if plural is None or args.get("n") == 1 else plural
        self = str.__new__(cls, chosen.format_map(_Keep(args)) if args else chosen)
        self.template = template
        self.plural = plural
        self.args = args
        return self

    def __reduce__(self):
        return (Msg, (self.template, self.args, self.plural))


class MsgList(Msg):
    """Several messages read as one: joined by ``joiner`` (a comma), or by "and"
    (``conjoined``)."""

    items: tuple
    joiner: str

    def __new__(cls, items, conjoined: bool = False, joiner: str = ", "):
        items = tuple(items)
        if conjoined and len(items) > 2:  # "a, b and c", as ``i18n.say`` words it
            text = ", ".join(items[:-1]) + " and " + items[-1]
        else:
            text = (" and " if conjoined else joiner).join(items)
        self = str.__new__(cls, text)
        self.template = "{and}" if conjoined else "{list}"
        self.plural = None
        self.args = {}
        self.items = items
        self.joiner = joiner
        return self

    def __reduce__(self):
        return (MsgList, (self.items, self.template == "{and}", self.joiner))


class Sentence(Msg):
    """A clause made a sentence: its first letter capitalised and a full stop added
    (in whichever language it is said)."""

    def __new__(cls, clause):
        text = str(clause)
        self = str.__new__(cls, f"{text[:1].upper()}{text[1:]}.")
        self.template = "{clause}."
        self.plural = None
        self.args = {"clause": clause}
        return self

    def __reduce__(self):
        return (Sentence, (self.args["clause"],))


def N_(message: str) -> str:
    """Marks a text for the catalogue where it is defined; ``_()`` translates it where shown."""
    return message


def msg(template: str, /, **args) -> Msg:
    """A message to translate: ``msg("{player} draws a card.", player="{P1}")``."""
    return Msg(template, args)


def nmsg(singular: str, plural: str, n: int, /, **args) -> Msg:
    """A message whose words depend on the count ``n`` (also an argument)."""
    return Msg(singular, {**args, "n": n}, plural)


def kept(table: dict, key, make):
    """``table[key]``, made by ``make()`` the first time: log lines that recur (a seat's
    draw, a card's name with its colour) are made once, since playouts make millions of
    moves and a message costs ~2 µs."""
    text = table.get(key)
    if text is None:
        text = table[key] = make()
    return text


def seat_ref(seat: int) -> str:
    """The placeholder the UI fills with a seat's name."""
    return f"{{P{seat}}}"


class IllegalAction(Exception):
    """An action the rules refuse. ``reason`` is a sentence a player can read."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Event:
    """Something that happened, for animations and the game log.

    ``kind`` names it (``"play"``, ``"draw"``, ``"trick_won"``, ``"round_end"`` …),
    ``seat`` is the player it concerns (or None), ``data`` carries the details, and
    ``text`` is the log line in words. ``secret_to`` marks events only one seat may
    see in full (a drawn card): other seats get ``public`` in its place.
    """

    kind: str
    seat: int | None = None
    data: dict = field(default_factory=dict)
    text: str = ""
    secret_to: int | None = None
    public: Event | None = None

    def seen_by(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it (None: a spectator who sees no secrets)."""
        if self.secret_to is None or self.secret_to == seat:
            return self
        return self.public or Event(self.kind, self.seat, {}, "")


def detached(value):
    """A copy of ``value`` with its own lists, dicts and sets at every depth, so a view
    built from a state's records never shares anything a caller could change."""
    if isinstance(value, list):
        return [detached(v) for v in value]
    if isinstance(value, dict):
        return {k: detached(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(detached(v) for v in value)
    if isinstance(value, set):
        return {detached(v) for v in value}
    return value


def shuffled(items, rng: random.Random) -> list:
    out = list(items)
    rng.shuffle(out)
    return out


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """Seats are numbered clockwise, so "left"/"next" is +1."""
    return (seat + step) % players


def shared_ranking(totals: Sequence[float], higher_wins: bool) -> list[float]:
    """Win shares: the best total wins; a tie of k players gives each 1/k."""
    if not totals:
        return []
    best = max(totals) if higher_wins else min(totals)
    winners = [i for i, t in enumerate(totals) if t == best]
    return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(totals))]


def leaders(totals: list, higher_wins: bool) -> list[int]:
    """The seats with the best total so far (more than one on a tie)."""
    return [i for i, share in enumerate(shared_ranking(totals, higher_wins)) if share > 0]


def lowest_total_leads(history: list[dict]) -> bool | None:
    """Does this game rank the lowest total first (penalty points, cards left)? Read from
    the last round row's totals and the leaders the engine named in it; None when the
    row cannot tell (no rounds yet, or every total equal)."""
    if not history or not history[-1].get("leaders") or not history[-1].get("totals"):
        return None
    totals = history[-1]["totals"]
    if min(totals) == max(totals):
        return None
    return totals[history[-1]["leaders"][0]] == min(totals)


def game_end(totals: list, shares: list[float]) -> Event:
    """The match's last event: the final totals, the winners (every seat with the best
    win share) and a line naming them."""
    best = [s for s, v in enumerate(shares) if v == max(shares)]
    names = MsgList([seat_ref(s) for s in best], conjoined=True)
    return Event(
        "game_end",
        None,
        {"totals": totals[:], "winners": best},
        nmsg("{players} wins the game.", "{players} win the game.", len(best), players=names),
    )


def replay(module, options: dict, seed: int, actions: list):
    """Rebuild a state from its log; raises IllegalAction if the log does not fit."""
    state = module.new_game(options, seed)
    for action in actions:
        state.apply(action)
    return state


# -- the contract every game keeps, as the UI, the bots, saves and replays rely on it


@runtime_checkable
class GameView(Protocol):
    """What one seat may know, as ``State.view(seat)`` returns it: a dataclass of the
    game's own fields, of which every game has at least these. A view holds nothing the
    seat may not see (another seat's hand, the order of the stock) and shares nothing
    with the state, so changing it changes nothing in the game."""

    seat: int
    players: int
    current_player: int | None
    totals: list  # each seat's match total so far
    over: bool


@runtime_checkable
class GameState(Protocol):
    """A game in progress, from the deal to its end.

    - ``current_player()`` is the seat to act (in a simultaneous choice, the seat being
      asked), or None exactly when ``is_over()``; ``legal_actions()`` is then empty, and
      never empty while the game goes on.
    - ``apply(action)`` plays ``action`` for ``current_player()``, appends it to
      ``actions`` (in the notation ``legal_actions`` uses) and returns what happened; an
      action the rules refuse raises ``IllegalAction`` and leaves the state as it was.
      Every legal action is accepted. ``legal_actions()`` lists every move but two
      kinds: other spellings of a listed move, which the log keeps as listed (Crazy Lab
      reads ``"p4/b1/g1 "`` as ``"P4/B1/G1"``, Cross Rummy ``"take:b2"`` as
      ``"take:B2"``), and Cross Rummy's lays, too many to list, each checked as a whole
      (``ValidatesLays``).
    - ``new_game(options, seed)`` followed by ``apply`` of each of ``actions`` rebuilds
      the same state (``replay``).
    - ``copy()`` is independent: applying to either never changes the other.
    - ``scores()`` are the win shares, one a seat, summing to 1 once the game is over.
    - ``totals`` are each seat's match totals, and ``history`` holds a row a round (or a
      game of a match) with at least ``round``, ``points``, ``totals`` and ``leaders``.
    - ``all_cards()`` lists every card or tile of the game wherever it lies, so a check
      can count that none appears or vanishes.
    - A round's end, before the next deal, is public: ``rounds.position_before_next_deal
      (state, action)`` plays the move on a copy whose ``hold_next_deal`` is set, and an
      ``apply`` that ends a round on such a state scores it and deals nothing (the round
      games in ``rounds.next_round``, Crazier Eights at each game's end).
    """

    options: dict  # resolved: every option of the level file, and "players"
    players: int
    actions: list  # the log: every applied action, in order
    totals: list
    history: list[dict]

    def current_player(self) -> int | None: ...

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action) -> list[Event]: ...

    def view(self, seat: int) -> GameView: ...

    def is_over(self) -> bool: ...

    def scores(self) -> list[float]: ...

    def copy(self) -> Self: ...

    def all_cards(self) -> list: ...


@runtime_checkable
class Refuses(Protocol):
    """A state that says why it refuses an action before it is tried (every game but
    Cross Rummy): ``refusal(action)`` is None exactly when ``apply(action)`` would accept
    it, else the sentence ``IllegalAction`` would carry. Callers without it try the action
    on a ``copy()``."""

    def refusal(self, action: Action) -> str | None: ...


@runtime_checkable
class ValidatesLays(Protocol):
    """A state whose lays are validated rather than listed (Cross Rummy): a lay is the
    whole table after it, so ``legal_actions`` offers at most one, found by the engine;
    ``validate_lay(layout)`` lists the problems of any other (a lay action, or a table
    as ``{cell: tile}``), empty when ``apply`` accepts it. Each problem has a ``text``."""

    def validate_lay(self, layout) -> list: ...


@runtime_checkable
class GameModule(Protocol):
    """A game's rules module (``GameDef.engine()``): its id, its level file and a new game.
    ``new_game`` resolves partial ``options`` against the level file, raising
    ``LevelError`` for options the game refuses."""

    GAME_ID: str

    def new_game(self, options: dict | None = None, seed: int | None = None) -> GameState: ...

    def level(self) -> Level: ...

    def check_level(self) -> Level: ...
