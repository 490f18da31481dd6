"""Headless tournaments: ``python -m game.sim --game rage --players 4 --seats hard,random,random,random``.

Seats rotate from game to game so every level sits in every seat equally often.
Per level it reports mean final score, win rate (ties shared) with its 95%
interval, and decision time. ``--ladder`` plays every level of every game against
the one below it (and hard against random) and prints the README's table.
``--option KEY=VALUE`` (repeatable) plays a variant: any option the setup screen
offers, read by its type and checked by the game's level file.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys

from game import games as registry
from game.ai import make_bot
from game.engine.levels import LevelError
from game.tools.playing import met_predictions, play_game  # also read from here

_BOOL_WORDS = {"true": True, "yes": True, "on": True, "1": True}
_BOOL_WORDS.update({"false": False, "no": False, "off": False, "0": False})


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def interval95(values: list[float]) -> float:
    """Half-width of the normal 95% interval of the mean of ``values`` (win shares)."""
    n = len(values)
    if n < 2:
        return 1.0
    return 1.96 * statistics.stdev(values) / math.sqrt(n)


def parse_options(game_id: str, pairs: list[str], players: int | None = None) -> dict:
    """``KEY=VALUE`` strings as the game's options, each read by its type (whole
    numbers, ``true``/``false``, a choice by name) and the whole set checked by the
    level (``LevelError`` names the option and the problem)."""
    level = registry.get(game_id).engine().check_level()
    where = f"options for {game_id}"
    out: dict = {}
    for pair in pairs:
        key, sep, text = (part.strip() for part in pair.partition("="))
        spec = level.options.get(key)
        if not sep or spec is None:
            known = ", ".join(sorted(level.options)) or "none"
            raise LevelError(where, key or pair, f"expected KEY=VALUE with KEY one of: {known}")
        value: object = text
        if spec.type in ("int", "seat"):
            try:
                value = int(text)
            except ValueError:
                raise LevelError(where, key, f"expected a whole number, got {text!r}") from None
        elif spec.type == "bool":
            value = _BOOL_WORDS.get(text.lower())
            if value is None:
                raise LevelError(where, key, f"expected true or false, got {text!r}")
        out[key] = value
    level.resolve(out, players)  # every value in range, the seats allowed
    return out


def run(
    game_id: str,
    players: int,
    seats: list[str],
    games: int,
    seed: int,
    options: dict | None = None,
) -> dict:
    """``games`` games with the levels ``seats`` rotating round the table; ``options``:
    a variant (the level's defaults for the rest)."""
    info = registry.get(game_id)
    engine = info.engine()
    if len(seats) != players:
        raise SystemExit(f"--seats lists {len(seats)} levels for {players} players")
    stats = {
        lvl: {"seats": 0, "wins": 0.0, "shares": [], "scores": [], "times": [], "exact": [0, 0]}
        for lvl in seats
    }
    for g in range(games):
        shift = g % players
        order = seats[-shift:] + seats[:-shift] if shift else list(seats)  # level at each seat
        bots = [make_bot(game_id, lvl, seed * 1000 + g * 10 + i) for i, lvl in enumerate(order)]
        timings: list[list[float]] = [[] for _ in range(players)]
        state = play_game(
            engine, {**(options or {}), "players": players}, seed * 100_003 + g, bots, timings
        )
        shares = state.scores()
        for s, lvl in enumerate(order):
            st = stats[lvl]
            st["seats"] += 1
            st["wins"] += shares[s]
            st["shares"].append(shares[s])
            st["scores"].append(state.totals[s])
            st["times"].extend(timings[s])
            met, rounds = met_predictions(state, s)
            st["exact"][0] += met
            st["exact"][1] += rounds
    levels = {}
    for lvl, st in stats.items():
        levels[lvl] = {
            "seats": st["seats"],
            "win_rate": round(st["wins"] / st["seats"], 4) if st["seats"] else 0.0,
            "win_rate_ci95": round(interval95(st["shares"]), 4),
            "mean_score": round(statistics.fmean(st["scores"]), 2) if st["scores"] else 0.0,
            "decide_ms_p50": round(percentile(st["times"], 50), 3),
            "decide_ms_p95": round(percentile(st["times"], 95), 3),
        }
        if st["exact"][1]:  # trick games with predictions: how often they are met exactly
            levels[lvl]["exact_predictions"] = round(st["exact"][0] / st["exact"][1], 4)
            levels[lvl]["rounds"] = st["exact"][1]
    out = {"game": game_id, "players": players, "games": games, "levels": levels}
    if options:
        out["options"] = dict(options)
    return out


# Seats at the ladder's tables: four, and three for Cross Rummy (hard is measured
# there against two normal bots).
LADDER_PLAYERS = {"cross_rummy": 3}


def ladder_matches(game_id: str) -> list[tuple[str, str]]:
    """(level, against) pairs: each level against the one below it, and every level above
    the next one against random (the baseline every level is measured from)."""
    from game.ai import available_levels

    levels = available_levels(game_id)
    pairs = [(levels[i + 1], levels[i]) for i in range(len(levels) - 1)]
    pairs += [(level, "random") for level in levels[2:] if "random" in levels]
    return pairs


def ladder(games: int, seed: int, only: list[str] | None = None, out=print) -> list[dict]:
    """Every game's ladder; prints a Markdown table row per match as it finishes."""
    rows = []
    out(
        "| game | players | level | against | n | win rate (95%) | chance | "
        "decision p50 / p95 ms | predictions met |"
    )
    out("|---|---|---|---|---|---|---|---|---|")
    for game_id in registry.GAMES:
        if only and game_id not in only:
            continue
        players = LADDER_PLAYERS.get(game_id, 4)
        for level, against in ladder_matches(game_id):
            seats = [level] + [against] * (players - 1)
            result = run(game_id, players, seats, games, seed)
            me, them = result["levels"][level], result["levels"][against]
            met = ""
            if "exact_predictions" in me:
                met = f"{me['exact_predictions']:.2f} (vs {them['exact_predictions']:.2f})"
            row = {"game": game_id, "players": players, "level": level, "against": against}
            row.update(games=games, **me, against_ms=(them["decide_ms_p50"], them["decide_ms_p95"]))
            rows.append(row)
            out(
                f"| {registry.get(game_id).name} | {players} | {level} | {players - 1} × {against} "
                f"| {games} | {me['win_rate']:.2f} ± {me['win_rate_ci95']:.2f} | {1 / players:.2f} "
                f"| {me['decide_ms_p50']:.1f} / {me['decide_ms_p95']:.1f} | {met} |"
            )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.sim", description=__doc__)
    parser.add_argument("--game", choices=sorted(registry.GAMES))
    parser.add_argument("--players", type=int)
    parser.add_argument("--seats", help="comma-separated AI levels, one per seat")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--ladder",
        action="store_true",
        help="every level of every game (or of --only) against the level below it",
    )
    parser.add_argument("--only", help="with --ladder: comma-separated game ids")
    parser.add_argument(
        "--paired",
        metavar="A,B",
        help="two levels compared on the same deals in one seat (see game.tools.paired)",
    )
    parser.add_argument("--against", default="normal", help="with --paired: the other seats")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable): --option scoring=collect --option rounds=3",
    )
    args = parser.parse_args(argv)
    options: dict = {}
    if args.option:
        if not args.game or args.ladder:
            parser.error("--option needs --game (and is not for --ladder)")
        try:
            options = parse_options(args.game, args.option, args.players)
        except LevelError as exc:
            parser.error(str(exc))
    if args.paired:
        from game.tools.paired import paired, render

        levels = args.paired.split(",")
        if len(levels) != 2 or not (args.game and args.players):
            parser.error("--paired needs two levels, --game and --players")
        result = paired(
            args.game,
            args.players,
            levels[0],
            levels[1],
            args.against,
            args.games,
            args.seed,
            options=options,
        )
        print(json.dumps(result) if args.json else render(result))
        return 0
    if args.ladder:
        only = args.only.split(",") if args.only else None
        rows = ladder(args.games, args.seed, only, out=(lambda _: None) if args.json else print)
        if args.json:
            print(json.dumps(rows))
        return 0
    if not (args.game and args.players and args.seats):
        parser.error("--game, --players and --seats are needed (or --ladder)")
    result = run(
        args.game, args.players, args.seats.split(","), args.games, args.seed, options=options
    )
    if args.json:
        print(json.dumps(result))
        return 0
    variant = "".join(f", {k}={v}" for k, v in options.items())
    print(
        f"{registry.get(args.game).name}: {args.players} players, {args.games} games, "
        f"seed {args.seed}{variant}"
    )
    print(
        f"{'level':<8} {'seats':>6} {'win rate':>9} {'± 95%':>6} {'mean score':>11} "
        f"{'p50 ms':>8} {'p95 ms':>8}"
    )
    for lvl, row in result["levels"].items():
        print(
            f"{lvl:<8} {row['seats']:>6} {row['win_rate']:>9.3f} {row['win_rate_ci95']:>6.3f} "
            f"{row['mean_score']:>11.2f} {row['decide_ms_p50']:>8.3f} {row['decide_ms_p95']:>8.3f}"
        )
        if "exact_predictions" in row:
            print(
                f"{'':<8} predictions met exactly in {row['exact_predictions']:.3f} of {row['rounds']} rounds"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
