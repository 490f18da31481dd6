"""``python -m game.tools.botsoak``: every AI level of every game, at tables of every size and
option set, played to the end.

Each game is dealt with random legal options (as ``game.tools.soak`` draws them) and a
player count in turn, and each seat gets a level drawn from the game's levels, so
levels meet each other in every mix. Search levels think with a tiny budget
(``--budget``), which keeps their code paths and makes a game take seconds. After
every answer the bot soak checks that

- the bot answered without raising, from its seat's view and the legal actions only;
- the answer is one of the legal actions (or, in Cross Rummy, a lay the engine accepts);
- the game ends within ``soak.CAP`` actions for each game or round of the match.

A failure is reported with the game, options, seats, seed and action number that
reproduce it, and the run goes on.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from dataclasses import dataclass, field

from game import games as registry
from game.ai import available_levels, bot_class
from game.tools.soak import action_cap, new_game, tally

BUDGET_S = 0.003  # thinking time of a search level in the soak


@dataclass
class Figures:
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    seats: dict = field(default_factory=dict)  # level -> seats played
    failures: list[str] = field(default_factory=list)


def quick_bot(game_id: str, level: str, seed: int, budget_s: float):
    """The level's bot; one that thinks for a time (``hurry``) limited to ``budget_s`` a
    decision and few worlds."""
    bot = bot_class(game_id, level)(seed)
    hurry = getattr(bot, "hurry", None)
    if hurry is not None:
        hurry(budget_s, worlds=2)
    return bot


def _accepted(state, action, legal) -> bool:
    if action in legal:
        return True
    # Cross Rummy: lays are not listed; the engine validates them
    validate = getattr(state, "validate_lay", None)
    return validate is not None and isinstance(action, (str, dict)) and not validate(action)


def play_one(game_id: str, players: int, seed: int, budget_s: float, fig: Figures) -> list[str]:
    """One game with mixed levels; the problems found (empty when none)."""
    info = registry.get(game_id)
    engine = info.engine()
    rng = random.Random(seed)
    options, state = new_game(engine, engine.level(), players, rng, rng.randrange(2**31))
    levels = available_levels(game_id)
    seats = [rng.choice(levels) for _ in range(players)]
    for level in seats:
        fig.seats[level] = fig.seats.get(level, 0) + 1
    bots = [quick_bot(game_id, lv, rng.randrange(2**31), budget_s) for lv in seats]
    where = f"{game_id} options={options} seats={seats} seed={seed}"
    n = 0
    cap = action_cap(options)
    while state.current_player() is not None:
        if n >= cap:
            return [f"{where}: not over after {cap} actions"]
        seat = state.current_player()
        legal = state.legal_actions()
        try:
            action = bots[seat].choose(state.view(seat), list(legal))
        except Exception as exc:
            detail = traceback.format_exc(limit=4)
            return [f"{where}: {seats[seat]} bot raised at action {n}: {exc!r}\n{detail}"]
        if not _accepted(state, action, legal):
            return [f"{where}: {seats[seat]} bot answered {str(action)[:80]!r} at action {n}"]
        state.apply(action)
        n += 1
        fig.actions += 1
    return []


def botsoak(
    games: list[str], count: int, seed: int, budget_s: float = BUDGET_S, out=sys.stdout
) -> dict[str, Figures]:
    """``count`` games of each of ``games``, player counts in turn."""
    rng = random.Random(seed)
    figures = {g: Figures() for g in games}
    for k in range(count):
        for game_id in games:
            info = registry.get(game_id)
            fig = figures[game_id]
            players = info.min_players + k % (info.max_players - info.min_players + 1)
            game_seed = rng.randrange(2**31)
            t0 = time.perf_counter()
            try:
                new = play_one(game_id, players, game_seed, budget_s, fig)
            except Exception as exc:  # the engine itself: reported, the run goes on
                new = [f"{game_id} players={players} seed={game_seed}: {exc!r}"]
            tally(fig, new, t0, out)
    return figures


def report(figures: dict[str, Figures], out=sys.stdout) -> int:
    print(f"{'game':<16}{'games':>7}{'actions':>10}{'seconds':>9}{'failures':>10}  seats", file=out)
    failures = 0
    for game_id, f in figures.items():
        failures += len(f.failures)
        seats = ", ".join(f"{lv} {n}" for lv, n in sorted(f.seats.items()))
        print(
            f"{game_id:<16}{f.games:>7}{f.actions:>10}{f.seconds:>9.0f}{len(f.failures):>10}  {seats}",
            file=out,
        )
    return failures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.botsoak", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--games", type=int, default=20, help="games per game type")
    parser.add_argument("--game", action="append", choices=list(registry.GAMES), default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--budget", type=float, default=BUDGET_S, help="seconds a search level thinks per decision"
    )
    args = parser.parse_args(argv)
    figures = botsoak(args.game or list(registry.GAMES), args.games, args.seed, args.budget)
    failures = report(figures)
    print(f"{failures} failures", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
