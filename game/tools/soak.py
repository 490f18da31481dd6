"""``python -m game.tools.soak``: random play of every game and option set, checked after every move.

Each game is dealt with random legal options and player counts, then played by picking
uniformly among the legal actions. After every action the soak checks that

- every card or tile is still somewhere, exactly once (``all_cards`` keeps its multiset);
- a game that is not over has a player to move and at least one legal action;
- the game ends within ``CAP`` actions for each game or round of the match;

and every few actions that

- garbage (wrong types, huge strings, near-misses of legal moves) is refused with
  ``IllegalAction``, a short reason, and the state left as it was — or, if accepted, was
  recorded in the one notation ``legal_actions`` uses;
- a seat's view does not change when cards it cannot see trade places (another seat's
  hand with the stock, or with a third seat's hand), and changing a view changes nothing
  in the state.

At the end the action log replays to the same state. A failure is reported with the
game, options, seed and action number that reproduce it, and the run goes on.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field, fields, is_dataclass

from game import games as registry
from game.engine.core import IllegalAction
from game.engine.levels import LevelError

CAP = 20_000  # actions a game (each game or round of a match): none comes near this
REASON_MAX = 600  # characters a refusal may run to (a prompt of a long card included)
CHECK_EVERY = 5  # actions between garbage and view checks

# Where each game keeps the cards a seat may not see: the hands (or racks) attribute,
# and the face-down pool dealt from.
HIDDEN = {
    "crazy_eights": ("hands", "stock"),
    "crazier_eights": ("hands", "draw"),
    "rage": ("hands", "deck"),
    "crazy_lab": ("hands", "unused"),
    "cross_rummy": ("racks", "bag"),
}

GARBAGE = [
    None,
    5,
    2.5,
    True,
    [],
    [5],
    {},
    ("draw",),
    {"lay": None},
    {"lay": 5},
    {"lay": [5]},
    {"lay": [[float("inf"), 0, "R1"]]},
    {"lay": [[10**30, 0, "R1"]]},
    {"lay": [[0, 0, 7]]},
    "",
    " ",
    "x" * 200_000,
    "lay:",
    "lay:1e30,0,R1",
    f"lay:{10**30},0,R1;1,0,R2;2,0,R3",
    "lay:0,0,R1;0,0,R2",
    "lay:0,0",
    "predict:٣",
    "predict: 2 ",
    "predict:-1",
    "predict:02",
    "predict:" + "9" * 5000,
    "J:",
    "J:Z",
    "plus:",
    "trump:Y,Y",
    "give:",
    "take:",
    "play:",
    "discard:",
    "choose:",
    "end",
    "\ud800",
    "8S:X",
    "８S",  # noqa: RUF001  (a full-width eight on purpose: it must be refused)
    "AS",
    "R13",
]


@dataclass
class Figures:
    games: int = 0
    actions: int = 0
    garbage: int = 0
    view_checks: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)


def action_cap(options: dict) -> int:
    """The actions a game with these options must end within: ``CAP`` for each game or
    round of the match they ask for (a match of twenty Crazier Eights games at eight
    players takes ~18,000 actions of random play)."""
    return CAP * max(1, int(options.get("games", 1)), int(options.get("rounds", 1)))


def random_options(level, players: int, rng: random.Random) -> dict:
    """Options drawn from what the level file offers: each at its minimum, maximum,
    default or anywhere between."""
    out = {"players": players}
    for name, spec in level.options.items():
        if spec.type == "int" and spec.min is not None and spec.max is not None:
            out[name] = rng.choice(
                [spec.min, spec.max, spec.default, rng.randint(spec.min, spec.max)]
            )
        elif spec.type == "seat":
            out[name] = rng.randrange(players)
        elif spec.type == "bool":
            out[name] = rng.random() < 0.5
        elif spec.type == "choice" and spec.choices:
            out[name] = rng.choice(spec.choices)
    return out


def new_game(engine, level, players: int, rng: random.Random, seed: int):
    """A game with random options; options the engine refuses together (too many cards
    for the players, teams that do not divide them) fall back to fewer changes."""
    for _ in range(20):
        options = random_options(level, players, rng)
        try:
            return options, engine.new_game(options, seed)
        except LevelError:
            continue
    options = {"players": players}
    return options, engine.new_game(options, seed)


def advance(state, rng: random.Random, moves: int):
    """``state`` after up to ``moves`` random legal actions (fewer if the game ends)."""
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def snapshot(state) -> tuple:
    """Everything observable about a state: where every card is, every seat's view,
    whose move, the legal moves, the scores and the log."""
    return (
        list(state.all_cards()),
        [state.view(s) for s in range(state.players)],
        state.current_player(),
        state.legal_actions(),
        state.scores(),
        list(state.actions),
    )


def near_misses(action) -> list:
    """Strings a careless caller might send for a legal ``action``."""
    if not isinstance(action, str):
        return []
    arabic = action.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    return [
        " " + action,
        action + " ",
        action.lower(),
        action.upper(),
        action + ":",
        action + action,
        arabic,
    ]


def replay(engine, options: dict, seed: int, actions: list):
    state = engine.new_game(options, seed)
    for action in actions:
        state.apply(action)
    return state


def scramble(value, depth: int = 0) -> None:
    """Change every list, dict and set reachable from a view, in place."""
    if depth > 6:
        return
    if is_dataclass(value):
        for f in fields(value):
            scramble(getattr(value, f.name), depth + 1)
    elif isinstance(value, list):
        for v in value:
            scramble(v, depth + 1)
        value.append("scrambled")
    elif isinstance(value, dict):
        for v in list(value.values()):
            scramble(v, depth + 1)
        value["scrambled"] = True
    elif isinstance(value, set):
        value.add("scrambled")


class Game:
    """One soaked game; ``problems`` collects what failed, each with how to reproduce it."""

    def __init__(
        self,
        game_id: str,
        players: int,
        seed: int,
        rng: random.Random,
        check_every: int = CHECK_EVERY,
    ):
        self.game_id = game_id
        self.engine = registry.get(game_id).engine()
        self.level = self.engine.level()
        self.seed = seed
        self.rng = rng
        self.options, self.state = new_game(self.engine, self.level, players, rng, seed)
        self.cards = Counter(self.state.all_cards())
        self.check_every = check_every
        self.copyable = True  # until a deep copy fails: then forks replay the log
        self.next_replay_fork = 0  # actions: replayed forks are spaced out geometrically
        self.problems: list[str] = []
        self.garbage = 0
        self.view_checks = 0

    def where(self, n: int) -> str:
        return f"{self.game_id} options={self.options} seed={self.seed} after {n} actions"

    def fail(self, n: int, what: str) -> None:
        self.problems.append(f"{self.where(n)}: {what}")

    def play(self) -> int:
        state, n = self.state, 0
        cap = action_cap(self.options)
        while not state.is_over():
            if n >= cap:
                self.fail(n, f"did not end within {cap} actions")
                return n
            legal = state.legal_actions()
            seat = state.current_player()
            if seat is None or not legal:
                self.fail(n, f"not over, but seat {seat} has {len(legal)} legal actions")
                return n
            if n % self.check_every == 0:
                self.try_garbage(n, legal)
                self.check_views(n)
                state = self.state
            action = self.rng.choice(legal)
            validate_lay = getattr(state, "validate_lay", None)
            if validate_lay is not None and isinstance(action, str) and action.startswith("lay:"):
                # the engine applies a lay it offered without validating it again
                problems = validate_lay(action)
                if problems:
                    self.fail(n, f"offered lay {action[:60]!r} is invalid: {problems[0].text}")
                    return n
            try:
                state.apply(action)
            except IllegalAction as exc:
                self.fail(n, f"legal action {action!r} refused: {exc.reason[:200]}")
                return n
            n += 1
            if Counter(state.all_cards()) != self.cards:
                self.fail(n, f"cards not conserved after {action!r}")
                return n
        if state.current_player() is not None or state.legal_actions():
            self.fail(n, "over, yet someone is to move")
        again = replay(self.engine, self.options, self.seed, state.actions)
        if snapshot(again) != snapshot(state):
            self.fail(n, "the log does not replay to the same state")
        return n

    def try_garbage(self, n: int, legal: list) -> None:
        """A few malformed actions: each refused cleanly, or accepted in canonical form."""
        pool = GARBAGE + [g for a in legal[:3] for g in near_misses(a)]
        before = snapshot(self.state)
        spare = self.fork(self.state, lazy=True)  # to go back to after an accepted one

        def restore() -> None:
            nonlocal spare
            if spare is None:
                self.state = replay(self.engine, self.options, self.seed, before[5])
            else:
                self.state, spare = spare, self.fork(spare, lazy=True)

        for junk in self.rng.sample(pool, 3):
            if isinstance(junk, str) and junk in legal:
                continue
            self.garbage += 1
            try:
                self.state.apply(junk)
            except IllegalAction as exc:
                reason = exc.reason
                if not isinstance(reason, str) or not reason or len(reason) > REASON_MAX:
                    self.fail(n, f"{junk!r:.60}: refusal reason of {len(str(reason))} chars")
                if snapshot(self.state) != before:
                    self.fail(n, f"{junk!r:.60}: refused, but the state changed")
                continue
            except Exception as exc:  # the defect the soak exists to find
                detail = traceback.format_exception_only(exc)[-1].strip()
                self.fail(n, f"{junk!r:.60} raised {detail[:200]} instead of IllegalAction")
                restore()
                continue
            recorded = self.state.actions[-1]
            if recorded not in legal and not self.canonical_lay(recorded):
                self.fail(n, f"{junk!r:.60} accepted and logged as {recorded!r:.60}")
            restore()

    def fork(self, state, lazy: bool = False):
        """An independent copy of ``state``: a deep copy, or while a state holds a running
        generator (Crazier Eights' ability resolution), a replay of its log — or, when
        ``lazy``, None, and the caller replays only if it needs the copy."""
        if self.copyable:
            try:
                return copy.deepcopy(state)
            except TypeError:
                self.copyable = False
        return None if lazy else replay(self.engine, self.options, self.seed, state.actions)

    def canonical_lay(self, recorded) -> bool:
        if self.game_id != "cross_rummy" or not isinstance(recorded, str):
            return False
        from game.engine.cross_rummy import decode_lay, encode_lay

        return encode_lay(decode_lay(recorded)) == recorded

    def hidden_from(self, state, seat: int) -> list[list]:
        hands_attr, pool_attr = HIDDEN[self.game_id]
        hands = getattr(state, hands_attr)
        friends = set(state.allies(seat)) if hasattr(state, "allies") else set()
        out = [h for s, h in enumerate(hands) if s != seat and s not in friends]
        return [*out, getattr(state, pool_attr)]

    def check_views(self, n: int) -> None:
        """Cards a seat cannot see trade places: its view stays the same. A scrambled
        view leaves the state as it was."""
        state = self.state
        seat = self.rng.randrange(state.players)
        self.view_checks += 1
        before = state.view(seat)
        whole = snapshot(state)
        scramble(state.view(seat))
        if snapshot(state) != whole:
            self.fail(n, f"changing seat {seat}'s view changed the state")
        if not self.copyable:
            # A replayed fork costs the whole log: spacing them geometrically keeps
            # the game linear in its length while still checking every stage of it.
            if n < self.next_replay_fork:
                return
            self.next_replay_fork = max(n + 50, n * 5 // 4)
        fork = self.fork(state)
        pools = [p for p in self.hidden_from(fork, seat) if p]
        if len(pools) >= 2:
            a, b = self.rng.sample(pools, 2)
            i, j = self.rng.randrange(len(a)), self.rng.randrange(len(b))
            if a[i] != b[j]:
                a[i], b[j] = b[j], a[i]
                if fork.view(seat) != before:
                    self.fail(n, f"seat {seat}'s view changes when cards it cannot see move")


def soak(
    games: list[str],
    seconds: float | None,
    count: int | None,
    seed: int,
    out=sys.stdout,
    check_every: int = CHECK_EVERY,
) -> dict[str, Figures]:
    """Round-robin over ``games`` and their player counts until the time or the count
    (per game) runs out."""
    rng = random.Random(seed)
    figures = {g: Figures() for g in games}
    start = time.perf_counter()
    k = 0
    while True:
        if seconds is not None and time.perf_counter() - start >= seconds:
            break
        active = [g for g in games if count is None or figures[g].games < count]
        if not active:
            break
        game_id = active[k % len(active)]
        k += 1
        info = registry.get(game_id)
        fig = figures[game_id]
        # Player counts in turn, so every count is played as often as the others.
        players = info.min_players + fig.games % (info.max_players - info.min_players + 1)
        game_seed = rng.randrange(2**31)
        t0 = time.perf_counter()
        try:
            one = Game(game_id, players, game_seed, random.Random(game_seed), check_every)
            fig.actions += one.play()
            fig.garbage += one.garbage
            fig.view_checks += one.view_checks
            new = one.problems
        except Exception as exc:
            detail = traceback.format_exc(limit=3)
            new = [f"{game_id} players={players} seed={game_seed}: {exc!r}\n{detail}"]
        tally(fig, new, t0, out)
    return figures


def tally(fig, problems: list[str], started: float, out) -> None:
    """One game's end in a probe's figures: its problems printed and kept, its time added."""
    for problem in problems:
        print("FAIL", problem, file=out, flush=True)
    fig.failures.extend(problems)
    fig.games += 1
    fig.seconds += time.perf_counter() - started


def report(figures: dict[str, Figures], out=sys.stdout) -> int:
    print(
        f"{'game':<16}{'games':>8}{'actions':>11}{'garbage':>10}{'views':>9}"
        f"{'seconds':>9}{'failures':>10}",
        file=out,
    )
    failures = 0
    for game_id, f in figures.items():
        failures += len(f.failures)
        print(
            f"{game_id:<16}{f.games:>8}{f.actions:>11}{f.garbage:>10}{f.view_checks:>9}"
            f"{f.seconds:>9.0f}{len(f.failures):>10}",
            file=out,
        )
    return failures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.soak", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--seconds", type=float, default=None, help="run this long (all games)")
    parser.add_argument("--games", type=int, default=None, help="games per game type")
    parser.add_argument("--game", action="append", choices=list(registry.GAMES), default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--check-every",
        type=int,
        default=CHECK_EVERY,
        help="actions between garbage and view checks (conservation is checked after every "
        "action, replay at every game's end); larger runs more games an hour",
    )
    args = parser.parse_args(argv)
    if args.seconds is None and args.games is None:
        args.seconds = 60.0
    figures = soak(
        args.game or list(registry.GAMES),
        args.seconds,
        args.games,
        args.seed,
        check_every=max(1, args.check_every),
    )
    failures = report(figures)
    print(f"{failures} failures", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
