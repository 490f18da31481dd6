"""Cross Rummy mid-game positions, and how the lay planners do on them.

    python tests/cross_rummy_positions.py --write     # regenerate tests/data/cross_rummy_positions.json
    python tests/cross_rummy_positions.py [--budget 0.25] [--limit N]

The positions come from seeded three-player games between normal bots: the
views of opened players in their turn with tiles on the table. ``--write`` keeps
240 where the normal planner lays something and 40 where it does not. The measure reports, over every position, the tiles laid by
the normal planner, by the hard bot at its budget, and by the hard bot with ten
times that budget (the reference), and how often the hard bot lays nothing while
the engine's own generator knows a lay, and how often it lays fewer tiles than the
proved optimum of lays that move no table tile (``cross_rummy_optima.py``).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys
import time
from types import SimpleNamespace

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DATA = ROOT / "tests" / "data" / "cross_rummy_positions.json"
OPTIMA = ROOT / "tests" / "data" / "cross_rummy_optima.json"  # cross_rummy_optima.py
FIELDS = ("seat", "players", "rack", "table", "opened", "group_limit", "groups")


def write(count: int = 240) -> None:
    from game.ai import make_bot
    from game.ai.cross_rummy.tile_solver import UNTIMED_STEPS, Steps, plan_lay
    from game.engine import cross_rummy

    rng = random.Random(11)
    out, idle = [], []  # positions where the normal planner lays, and where it does not
    seed = 0
    while len(out) < count or len(idle) < count // 6:
        seed += 1
        s = cross_rummy.new_game({"players": 3}, seed)
        bots = [make_bot("cross_rummy", "normal", seed * 10 + i).untimed() for i in range(3)]
        for _ in range(400):
            if s.is_over():
                break
            seat = s.current_player()
            view = s.view(seat)
            if (
                view.phase == "turn"
                and view.opened[seat]
                and len(view.table) >= 6
                and rng.random() < 0.3
            ):
                row = {k: getattr(view, k) for k in FIELDS}
                row["table"] = [[x, y, t] for (x, y), t in sorted(view.table.items())]
                (out if plan_lay(view, Steps(UNTIMED_STEPS)) else idle).append(row)
            s.apply(bots[seat].choose(view, s.legal_actions()))
    rows = out[:count] + idle[: count // 6]
    DATA.write_text(json.dumps(rows, separators=(",", ":")) + "\n")
    print(f"{len(rows)} positions from {seed} games -> {DATA}")


def load() -> list[SimpleNamespace]:
    rows = json.loads(DATA.read_text())
    views = []
    for row in rows:
        row = dict(row)
        row["table"] = {(x, y): t for x, y, t in row["table"]}
        views.append(SimpleNamespace(**row))
    return views


def laid(plan) -> int:
    return plan[1].count if plan else 0


def measure(budget: float, limit: int | None) -> dict:
    from game.ai.cross_rummy.hard import HardBot, engine_lay
    from game.ai.cross_rummy.tile_solver import UNTIMED_STEPS, Steps, plan_lay

    views = load()[:limit]
    optima = json.loads(OPTIMA.read_text()) if OPTIMA.exists() else [None] * len(views)
    totals = {"normal": 0, "hard": 0, "reference": 0}
    below, missed, short, times = 0, 0, 0, []
    for view, best in zip(views, optima):
        normal = laid(plan_lay(view, 0.15))
        start = time.perf_counter()
        hard = laid(HardBot(1, budget).plan(view))
        times.append(time.perf_counter() - start)
        reference = max(hard, laid(HardBot(1, budget * 10).plan(view)))
        totals["normal"] += normal
        totals["hard"] += hard
        totals["reference"] += reference
        below += hard < normal
        short += best is not None and hard < best["tiles"]
        if not hard and engine_lay(view, Steps(UNTIMED_STEPS)):
            missed += 1
    times.sort()
    return {
        "positions": len(views),
        **totals,
        "hard_vs_reference": round(totals["hard"] / max(1, totals["reference"]), 4),
        "hard_below_normal": below,
        "hard_below_the_proved_optimum_without_moving_tiles": short,
        "hard_lays_nothing_while_the_engine_knows_one": missed,
        "hard_ms_p50": round(times[len(times) // 2] * 1000, 1),
        "hard_ms_p95": round(times[int(len(times) * 0.95)] * 1000, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--budget", type=float, default=0.25)
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()
    if args.write:
        write()
        return 0
    print(json.dumps(measure(args.budget, args.limit), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
