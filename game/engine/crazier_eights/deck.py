"""The deck as data: parsing ``levels/crazier_eights.toml`` and the effect vocabulary.

Each ``[[card]]`` carries an ``effect`` string such as
``begin_turn: may gain_control(pick(asset:opp)) then draw(you, 1)``. It is parsed
once into a small tree and checked against the vocabulary; an unknown trigger,
primitive or selector is a load error naming the card.

Tree shapes (tuples):
  expressions  ("num", n) ("range", a, b) ("id", name) ("sel", kind, filter)
               ("call", name, [args]) ("kw", name, expr) ("filt", name, cond)
               ("picks", who, filter) ("cmp", op, left, right)
  steps        ("do", call) ("may", [steps]) ("if", cond, [steps])
  ability      Ability(trigger, trigger_arg, [steps])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.engine.core import Msg, msg
from game.engine.levels import Level, load_level

GAME_ID = "crazier_eights"
COLOURS = ("blue", "green", "red", "purple")
COLOUR_WORDS = {
    "blue": msg("blue"),
    "green": msg("green"),
    "red": msg("red"),
    "purple": msg("purple"),
}
COLOUR_TITLES = {
    "blue": msg("Blue"),
    "green": msg("Green"),
    "red": msg("Red"),
    "purple": msg("Purple"),
}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
EIGHT = "8"
TYPES = ("asset", "event")

TRIGGERS = {"on_play", "begin_turn", "end_turn", "static", "sub"}
TRIGGER_ARGS = {"end_turn": {"opp"}}
# primitive -> allowed triggers (None: any effect trigger)
PRIMITIVES = {
    "draw",
    "destroy",
    "return_to_hand",
    "gain_control",
    "put_into_play",
    "skip_turn",
    "extra_discard",
    "extra_play",
    "tuck",
    "give",
    "look_top",
    "reveal_until",
    "shuffle_hands_and_redeal",
    "name_colour",
    "lose_if",
    "none",
}
STATIC_PRIMITIVES = {"extra_discard", "extra_play"}
SUB_PRIMITIVES = {"draw_reduction", "skip_draw", "destroy_prevention"}
PLAYER_SELECTORS = {"you", "active", "each_opp"}
ASSET_FILTERS = {"any", "own", "opp", "other"}
PICK_KINDS = {"player": {"any", "opp"}, "asset": ASSET_FILTERS}
COUNT_FUNCS = {"asset_count", "hand"}
COND_FUNCS = {"all_assets_colour", "asset_count", "hand"}
CMP_OPS = {">=", "=", "<", ">"}
KEYWORD_ARGS = {"start", "cause"}
FLAG_ARGS = {"once_per_your_turn", "asset", "pick", "min_opp_hand", "hand", "left", "opp"} | set(
    COLOURS
)


class EffectError(ValueError):
    pass


@dataclass(frozen=True)
class Ability:
    trigger: str
    trigger_arg: str | None
    steps: list
    source_text: str = ""


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    rank: str
    colours: tuple
    type: str
    text: str
    effect: str
    abilities: tuple = field(default_factory=tuple)

    def of(self, trigger: str) -> tuple:
        """The card's abilities with this trigger (kept per card: asked many times a move)."""
        by = self.__dict__.get("_by_trigger")
        if by is None:
            by = {}
            for a in self.abilities:
                by.setdefault(a.trigger, []).append(a)
            by = {k: tuple(v) for k, v in by.items()}
            object.__setattr__(self, "_by_trigger", by)
        return by.get(trigger, ())


# ---------------------------------------------------------------- tokens

_TOKEN = re.compile(r"\s*(\.\.|>=|→|[()\[\],:;=<>]|\d+|[A-Za-z_][A-Za-z_0-9]*)")


def tokenize(text: str) -> list[str]:
    text = text.replace("≥", ">=").replace("->", "→")
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise EffectError(f"cannot read {text[pos:].strip()!r}")
        out.append(m.group(1))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, tokens: list[str]):
        self.t = tokens
        self.i = 0

    def peek(self, k: int = 0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else None

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if tok is None:
            raise EffectError(f"ends early (expected {expected or 'more'})")
        if expected is not None and tok != expected:
            raise EffectError(f"expected {expected!r} but found {tok!r}")
        self.i += 1
        return tok

    # abilities := ability (';' ability)*
    def abilities(self) -> list[Ability]:
        out = [self.ability()]
        while self.peek() == ";":
            self.take()
            out.append(self.ability())
        if self.peek() is not None:
            raise EffectError(f"unexpected {self.peek()!r}")
        return out

    def ability(self) -> Ability:
        trig = self.take()
        arg = None
        if self.peek() == "(":
            self.take()
            arg = self.take()
            self.take(")")
        if trig not in TRIGGERS:
            raise EffectError(f"unknown trigger {trig!r}")
        if arg is not None and arg not in TRIGGER_ARGS.get(trig, set()):
            raise EffectError(f"unknown trigger {trig}({arg})")
        self.take(":")
        return Ability(trig, arg, self.seq())

    def seq(self) -> list:
        steps = [self.step()]
        while self.peek() in ("then", "→"):
            self.take()
            steps.append(self.step())
        return steps

    def step(self):
        tok = self.peek()
        if tok == "may":
            self.take()
            if self.peek() == "[":
                self.take()
                body = self.seq()
                self.take("]")
                return ("may", body)
            return ("may", [self.step()])
        if tok == "if":
            self.take()
            cond = self.cmp()
            self.take(":")
            return ("if", cond, self.seq())
        return ("do", self.call())

    def call(self):
        name = self.take()
        if not re.match(r"[A-Za-z_]", name):
            raise EffectError(f"expected a primitive but found {name!r}")
        args = []
        if self.peek() == "(":
            self.take()
            if self.peek() != ")":
                args.append(self.arg())
                while self.peek() == ",":
                    self.take()
                    args.append(self.arg())
            self.take(")")
        return ("call", name, args)

    def arg(self):
        if re.match(r"[A-Za-z_]", self.peek() or "") and self.peek(1) == "=":
            name = self.take()
            self.take("=")
            return ("kw", name, self.cmp())
        return self.cmp()

    def cmp(self):
        left = self.term()
        if self.peek() in CMP_OPS:
            op = self.take()
            return ("cmp", op, left, self.term())
        return left

    def term(self):
        tok = self.take()
        if tok.isdigit():
            if self.peek() == "..":
                self.take()
                return ("range", int(tok), int(self.take()))
            return ("num", int(tok))
        if not re.match(r"[A-Za-z_]", tok):
            raise EffectError(f"unexpected {tok!r}")
        nxt = self.peek()
        if nxt == "(":
            self.i -= 1
            return self.call()
        if nxt == "[":
            self.take()
            cond = self.cmp()
            self.take("]")
            return ("filt", tok, cond)
        if nxt == "picks":
            self.take()
            kind = self.take()
            self.take(":")
            return ("picks", tok, kind, self.take())
        if (
            nxt == ":"
            and re.match(r"[A-Za-z_]", self.peek(1) or "")
            and self.peek(2) in (")", ",", "]", None)
        ):
            self.take(":")
            return ("sel", tok, self.take())
        return ("id", tok)


def parse_effect(text: str) -> list[Ability]:
    abilities = _Parser(tokenize(text)).abilities()
    for ab in abilities:
        _check_ability(ab)
    return [Ability(a.trigger, a.trigger_arg, a.steps, text) for a in abilities]


# ---------------------------------------------------------------- checking


def _check_ability(ab: Ability) -> None:
    for call in step_calls(ab.steps):
        name = call[1]
        if ab.trigger == "static":
            if name not in STATIC_PRIMITIVES:
                raise EffectError(f"unknown static primitive {name!r}")
        elif ab.trigger == "sub":
            if name not in SUB_PRIMITIVES:
                raise EffectError(f"unknown substitution primitive {name!r}")
        elif name not in PRIMITIVES:
            raise EffectError(f"unknown primitive {name!r}")
        for arg in call[2]:
            _check_expr(arg)
    for step in _walk_steps(ab.steps):
        if step[0] == "if":
            _check_expr(step[1])


def _walk_steps(steps):
    for step in steps:
        yield step
        if step[0] == "may":
            yield from _walk_steps(step[1])
        elif step[0] == "if":
            yield from _walk_steps(step[2])


def step_calls(steps):
    """Every primitive an ability's steps call (("do", name, ...) steps, nested ones too)."""
    for step in _walk_steps(steps):
        if step[0] == "do":
            yield step[1]


def _check_expr(e) -> None:
    kind = e[0]
    if kind in ("num", "range"):
        return
    if kind == "id":
        if e[1] not in PLAYER_SELECTORS | FLAG_ARGS | {"P"}:
            raise EffectError(f"unknown selector {e[1]!r}")
    elif kind == "sel":
        if e[1] not in PICK_KINDS or e[2] not in PICK_KINDS[e[1]]:
            raise EffectError(f"unknown selector {e[1]}:{e[2]}")
    elif kind == "kw":
        if e[1] not in KEYWORD_ARGS and e[1] != "P":
            raise EffectError(f"unknown argument {e[1]!r}")
        _check_expr(e[2])
    elif kind == "filt":
        if e[1] != "each_opp":
            raise EffectError(f"unknown selector {e[1]!r}[…]")
        _check_expr(e[2])
    elif kind == "picks":
        if e[1] != "each_opp" or e[2] != "asset" or e[3] not in ASSET_FILTERS:
            raise EffectError(f"unknown selector {e[1]} picks {e[2]}:{e[3]}")
    elif kind == "cmp":
        _check_expr(e[2])
        _check_expr(e[3])
    elif kind == "call":
        name = e[1]
        if name == "pick":
            for a in e[2]:
                if a[0] not in ("range", "sel"):
                    raise EffectError(
                        "pick(…) takes an optional count range and a selector kind:filter"
                    )
                _check_expr(a)
        elif name == "all":
            if len(e[2]) != 1 or e[2][0][0] != "sel" or e[2][0][1] != "asset":
                raise EffectError("all(…) takes asset:filter")
            _check_expr(e[2][0])
        elif name in COND_FUNCS | COUNT_FUNCS:
            for a in e[2]:
                _check_expr(a)
        else:
            raise EffectError(f"unknown selector or count {name!r}")
    else:
        raise EffectError(f"unknown expression {e!r}")


# ---------------------------------------------------------------- loading

CARD_KEYS = {"id", "name", "rank", "colours", "type", "text", "effect"}
HAND_SIZE = 7  # cards dealt to each player


def decks_for(players: int) -> int:
    """One deck serves 2–4 players, two mixed decks 5–8."""
    return 1 if players <= 4 else 2


def level() -> Level:
    return load_level(GAME_ID, extra_sections={"card"})


def load_cards(lvl: Level | None = None) -> dict[str, CardDef]:
    """The deck from a level; every problem is a LevelError naming the card."""
    lvl = lvl or level()
    raw = lvl.data.get("card")
    if not isinstance(raw, list) or not raw:
        raise lvl.error("card", "the deck needs [[card]] tables")
    cards: dict[str, CardDef] = {}
    for i, table in enumerate(raw):
        cid = table.get("id") if isinstance(table, dict) else None
        where = f"card[{i}]" + (f" ({cid})" if cid else "")
        if not isinstance(table, dict):
            raise lvl.error(where, "expected a [[card]] table")
        for key in table:
            if key not in CARD_KEYS:
                raise lvl.error(f"{where}.{key}", "unknown key")
        for key in CARD_KEYS:
            if key not in table:
                raise lvl.error(f"{where}.{key}", "is missing")
        if not isinstance(cid, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", cid):
            raise lvl.error(f"{where}.id", "must be lower-case letters, digits and _")
        if cid in cards:
            raise lvl.error(f"{where}.id", f"duplicate card id {cid!r}")
        if table["rank"] not in RANKS:
            raise lvl.error(f"{where}.rank", f"{table['rank']!r} is not one of {', '.join(RANKS)}")
        cols = table["colours"]
        if (
            not isinstance(cols, list)
            or not cols
            or any(c not in COLOURS for c in cols)
            or len(set(cols)) != len(cols)
        ):
            raise lvl.error(
                f"{where}.colours", f"must list distinct colours from {', '.join(COLOURS)}"
            )
        if table["type"] not in TYPES:
            raise lvl.error(f"{where}.type", "must be asset or event")
        try:
            abilities = parse_effect(str(table["effect"]))
        except EffectError as exc:
            raise lvl.error(f"{where}.effect", f"card {cid!r}: {exc}") from None
        triggers = {a.trigger for a in abilities}
        if table["type"] == "event" and triggers != {"on_play"}:
            raise lvl.error(f"{where}.effect", f"card {cid!r}: an event's ability must be on_play")
        if table["type"] == "asset" and "on_play" in triggers:
            raise lvl.error(f"{where}.effect", f"card {cid!r}: an asset has no on_play ability")
        cards[cid] = CardDef(
            cid,
            Msg(str(table["name"])),  # words from the level file, catalogued for translation
            table["rank"],
            tuple(cols),
            table["type"],
            Msg(str(table["text"])),
            str(table["effect"]),
            tuple(abilities),
        )
    # Every seat count the level offers must be dealt a full hand with a card left to
    # turn up as the starter.
    for players in range(lvl.min_players, lvl.max_players + 1):
        need = players * HAND_SIZE + 1
        have = len(cards) * decks_for(players)
        if have < need:
            raise lvl.error(
                "card",
                f"{len(cards)} cards are too few: {players} players need {need} "
                f"({HAND_SIZE} each and a starter) from {decks_for(players)} "
                f"{'deck' if decks_for(players) == 1 else 'decks'}",
            )
    return cards


def check_level() -> Level:
    """The level file with everything the game reads from it checked (its deck too):
    the setup screen calls this, so a broken file is named before a game starts."""
    lvl = level()
    load_cards(lvl)
    return lvl


_DECK: dict[str, CardDef] | None = None


def cards() -> dict[str, CardDef]:
    global _DECK
    if _DECK is None:
        _DECK = load_cards()
        _BY_ID.clear()
    return _DECK


def base_id(card_id: str) -> str:
    """``b:castle`` -> ``castle``: two mixed decks prefix their ids."""
    return card_id.rsplit(":", 1)[-1]


_BY_ID: dict[str, CardDef] = {}  # "b:castle" -> its CardDef: ids are looked up ~20× a move


def card(card_id: str) -> CardDef:
    found = _BY_ID.get(card_id)
    if found is None:
        found = _BY_ID[card_id] = cards()[base_id(card_id)]
    return found


def deck_ids(players: int) -> list[str]:
    """The cards of a game: one deck for 2–4 players, two (ids prefixed a:, b:) for 5–8."""
    ids = list(cards())
    if decks_for(players) == 1:
        return ids
    return [f"a:{c}" for c in ids] + [f"b:{c}" for c in ids]
