"""Paired games: two bot levels compared on the same deals (``python -m game.sim --paired``).

Each game is played twice from the same seed: once with level A in the tested seat,
once with level B, the other seats the same bots with the same seeds both times. The
deals are the same in both (the engine's shuffles come from the game's seed), so the
difference between the two plays is what the tested level did, not what it was dealt.
That takes most of the luck out: a difference a plain tournament needs thousands of
games to show, a few hundred paired games show. The tested seat moves round the table
from game to game.
"""

from __future__ import annotations

import math
import statistics
import time

from game import games as registry
from game.ai import make_bot
from game.engine.core import lowest_total_leads
from game.tools.playing import met_predictions, play_game


def _margin(state, seat: int) -> float:
    """The seat's final total minus the others' mean (the game's own sign: under penalty
    scoring lower is better)."""
    totals = state.totals
    return totals[seat] - (sum(totals) - totals[seat]) / (len(totals) - 1)


def _mean_ci(values: list[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0] if values else 0.0), 0.0
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def paired(
    game_id: str,
    players: int,
    a: str,
    b: str,
    against: str,
    games: int,
    seed: int,
    options: dict | None = None,
) -> dict:
    """Level ``a`` against level ``b`` in the tested seat of the same ``games`` games;
    ``options``: a variant (the level's defaults for the rest)."""
    engine = registry.get(game_id).engine()
    wins: dict[str, list[float]] = {a: [], b: []}
    margins: list[float] = []
    exact = {a: [0, 0], b: [0, 0]}  # rounds with the prediction met, rounds played
    lower = [0, 0]  # games whose winners had the lowest totals, the highest
    start = time.perf_counter()
    for g in range(games):
        seat = g % players
        margin = {}
        for level in (a, b):
            bots = [
                make_bot(game_id, level if s == seat else against, seed * 1000 + g * 10 + s)
                for s in range(players)
            ]
            state = play_game(
                engine, {**(options or {}), "players": players}, seed * 100_003 + g, bots
            )
            wins[level].append(state.scores()[seat])
            margin[level] = _margin(state, seat)
            sign = lowest_total_leads(state.history)
            if sign is not None:
                lower[0 if sign else 1] += 1
            met, rounds = met_predictions(state, seat)
            exact[level][0] += met
            exact[level][1] += rounds
        margins.append(margin[a] - margin[b])
    diff, diff_ci = _mean_ci([x - y for x, y in zip(wins[a], wins[b])])
    gain, gain_ci = _mean_ci(margins)
    out = {
        "game": game_id,
        "players": players,
        "games": games,
        "levels": [a, b],
        "against": against,
        "win_rate": {lv: round(statistics.fmean(w), 4) for lv, w in wins.items()},
        "win_rate_difference": round(diff, 4),
        "win_rate_difference_ci95": round(diff_ci, 4),
        "margin_difference": round(gain, 3),
        "margin_difference_ci95": round(gain_ci, 3),
        "lower_is_better": lower[0] > lower[1],
        "seconds": round(time.perf_counter() - start, 1),
    }
    if options:
        out["options"] = dict(options)
    if exact[a][1]:
        out["exact_predictions"] = {lv: round(m / max(1, n), 4) for lv, (m, n) in exact.items()}
        out["rounds"] = exact[a][1]
    return out


def render(r: dict) -> str:
    a, b = r["levels"]
    lines = [
        f"{registry.get(r['game']).name}: {r['players']} players, {r['games']} paired games, "
        f"the others {r['against']}"
        + "".join(f", {k}={v}" for k, v in r.get("options", {}).items()),
        f"win rate in the tested seat: {a} {r['win_rate'][a]:.3f}, {b} {r['win_rate'][b]:.3f}; "
        f"difference {r['win_rate_difference']:+.3f} ± {r['win_rate_difference_ci95']:.3f}",
        f"final total minus the others' mean, {a} minus {b}: "
        f"{r['margin_difference']:+.2f} ± {r['margin_difference_ci95']:.2f} "
        f"({'lower' if r.get('lower_is_better') else 'higher'} totals win this game)",
    ]
    if "exact_predictions" in r:
        ex = r["exact_predictions"]
        lines.append(
            f"predictions met exactly: {a} {ex[a]:.3f}, {b} {ex[b]:.3f} of {r['rounds']} rounds"
        )
    return "\n".join(lines)
