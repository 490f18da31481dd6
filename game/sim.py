"""Headless tournaments: ``python -m game.sim --game rage --players 4 --seats hard,random,random,random``.

Seats rotate from game to game so every level sits in every seat equally often.
Per level it reports mean final score, win rate (ties shared) and decision time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from game import registry
from game.ai import make_bot


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def play_game(
    engine,
    options: dict,
    seed: int,
    bots: list,
    timings: list[list[float]] | None = None,
    max_actions: int = 100_000,
):
    """Play one game to the end with one bot per seat; returns the final state."""
    state = engine.new_game(options, seed)
    for _ in range(max_actions):
        seat = state.current_player()
        if seat is None:
            return state
        view = state.view(seat)
        actions = state.legal_actions()
        start = time.perf_counter()
        action = bots[seat].choose(view, actions)
        if timings is not None:
            timings[seat].append((time.perf_counter() - start) * 1000)
        state.apply(action)
    raise RuntimeError(f"game with seed {seed} did not finish in {max_actions} actions")


def run(game_id: str, players: int, seats: list[str], games: int, seed: int) -> dict:
    info = registry.get(game_id)
    engine = info.engine()
    if len(seats) != players:
        raise SystemExit(f"--seats lists {len(seats)} levels for {players} players")
    stats = {lvl: {"seats": 0, "wins": 0.0, "scores": [], "times": []} for lvl in seats}
    for g in range(games):
        shift = g % players
        order = seats[-shift:] + seats[:-shift] if shift else list(seats)  # level at each seat
        bots = [make_bot(game_id, lvl, seed * 1000 + g * 10 + i) for i, lvl in enumerate(order)]
        timings: list[list[float]] = [[] for _ in range(players)]
        state = play_game(engine, {"players": players}, seed * 100_003 + g, bots, timings)
        shares = state.scores()
        for s, lvl in enumerate(order):
            st = stats[lvl]
            st["seats"] += 1
            st["wins"] += shares[s]
            st["scores"].append(state.totals[s])
            st["times"].extend(timings[s])
    levels = {}
    for lvl, st in stats.items():
        levels[lvl] = {
            "seats": st["seats"],
            "win_rate": round(st["wins"] / st["seats"], 4) if st["seats"] else 0.0,
            "mean_score": round(statistics.fmean(st["scores"]), 2) if st["scores"] else 0.0,
            "decide_ms_p50": round(percentile(st["times"], 50), 3),
            "decide_ms_p95": round(percentile(st["times"], 95), 3),
        }
    return {"game": game_id, "players": players, "games": games, "levels": levels}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__)
    parser.add_argument("--game", required=True, choices=sorted(registry.GAMES))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seats", required=True, help="comma-separated AI levels, one per seat")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    result = run(args.game, args.players, args.seats.split(","), args.games, args.seed)
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{registry.get(args.game).name}: {args.players} players, {args.games} games, seed {args.seed}"
    )
    print(
        f"{'level':<8} {'seats':>6} {'win rate':>9} {'mean score':>11} {'p50 ms':>8} {'p95 ms':>8}"
    )
    for lvl, row in result["levels"].items():
        print(
            f"{lvl:<8} {row['seats']:>6} {row['win_rate']:>9.3f} {row['mean_score']:>11.2f} "
            f"{row['decide_ms_p50']:>8.3f} {row['decide_ms_p95']:>8.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
