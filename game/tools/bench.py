"""Benchmarks against the budgets: ``python -m game.tools.bench`` (``make bench``).

    python -m game.tools.bench [--quick] [--json] [--only window,frames,startup,idle,engine,ai]
                         [--busy N]

Each figure is printed beside its budget:
- in a real window (the session's X display, or an Xvfb started for the run: see
  bench_window.py): frame time p50/p99 at 1920x1080 and 3840x2160 on the fullest table
  of every game, a card flying all the time, with and without the hardest bot thinking,
  beside the plain full-window flip of the same window; start to first frame beside a
  trivial pygame-ce window; idle CPU;
- draw-only frame time p50/p99 at 1920x1080 (dummy video driver: nothing pushed to a
  screen), and the same while an AI thinks (a bot deciding in a background thread);
- start to first interactive frame, from source and from dist/Parlour when built;
- CPU use of the app's main loop idle on a table with no AI turn pending;
- random playouts per second of each engine, Crazy Eights beside OpenSpiel's
  ``crazy_eights`` (4 players) when ``open_spiel`` is installed;
- AI decision p50/p95 at the hardest level of each game.
Pygame runs with the dummy video driver unless SDL_VIDEODRIVER says otherwise.
``--busy N`` keeps N other processes spinning on the CPU for the whole run (``--busy 2``
on a 2-core machine: both cores busy with other work), to see the budgets hold on a
loaded machine.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from game import games
from game.tools.bench_load import Busy
from game.tools.sim import percentile

FRAME_BUDGET_MS = 16.7
START_BUDGET_S = 0.6
IDLE_BUDGET_PCT = 3.0
AI_BUDGET_MS = 300.0
BENCH_SIZE = (1920, 1080)
WINDOW_BUDGETS = {(1920, 1080): 16.7, (3840, 2160): 33.0}  # frame p99 in a real window
START_RATIO = 1.3  # start-up against a trivial pygame-ce window, same run
SECTIONS = ("window", "frames", "startup", "idle", "engine", "ai")


class Row:
    """One line of the report."""

    def __init__(
        self,
        section: str,
        what: str,
        figure: str,
        budget: str = "",
        ok: bool | None = None,
        value: float | None = None,
        note: str = "",
    ):
        self.section, self.what, self.figure, self.budget = section, what, figure, budget
        self.ok, self.value, self.note = ok, value, note

    def as_dict(self) -> dict:
        keys = ("section", "what", "figure", "budget", "ok", "value", "note")
        return {k: getattr(self, k) for k in keys}


def _error(section: str, what: str, exc: BaseException | str) -> Row:
    text = exc if isinstance(exc, str) else f"{type(exc).__name__}: {exc}"
    return Row(section, what, "error", note=text)


def frame_rows(frames: int) -> list[Row]:
    """Draw-only frame times (the dummy video driver: no pixels pushed to a screen)."""
    import game.tools.bench_app as bench_app

    tables = bench_app.available_tables()
    if not tables:
        return [Row("frames", "frame time at 1920x1080", "skipped", note="no UI table built yet")]
    rows = []
    w, h = BENCH_SIZE
    for game_id, players in tables:
        name = games.get(game_id).name
        for thinking in (False, True):
            what = f"{name} {players}p draw-only p50/p99 {w}x{h}" + (
                ", AI thinking" if thinking else ""
            )
            try:
                r = bench_app.frame_times(game_id, players, frames, BENCH_SIZE, thinking)
            except Exception as exc:
                rows.append(_error("frames", what, exc))
                continue
            p50, p99 = percentile(r["times"], 50), percentile(r["times"], 99)
            note = (
                f"'{r['level']}' bot made {r['decisions']} decisions meanwhile" if thinking else ""
            )
            rows.append(
                Row(
                    "frames",
                    what,
                    f"{p50:.2f} / {p99:.2f} ms",
                    f"p99 <= {FRAME_BUDGET_MS} ms",
                    p99 <= FRAME_BUDGET_MS,
                    p99,
                    note,
                )
            )
    return rows


def window_rows(frames: int, runs: int, idle_s: float, decisions: int = 40) -> list[Row]:
    """Frames, start-up and idle CPU in a real window (the session's X display, or an
    Xvfb started for the run), each beside its same-run reference."""
    import game.tools.bench_app as bench_app
    import game.tools.bench_window as bench_window

    rows: list[Row] = []
    # game -> [level, ms of each decision, ms of each worker's first decision]
    decide: dict[str, list] = {}
    with bench_window.Display() as display:
        if display.name is None:
            return [Row("window", "real-window figures", "skipped", note=display.note)]
        for size, budget in WINDOW_BUDGETS.items():
            for game_id, players in bench_app.available_tables():
                name = games.get(game_id).name
                for thinking in (False, True):
                    what = f"{name} {players}p window {size[0]}x{size[1]} p50/p99" + (
                        ", AI thinking" if thinking else ""
                    )
                    try:
                        r = bench_window.window_frames(
                            display,
                            game_id,
                            players,
                            size,
                            frames,
                            thinking,
                            decisions if size == BENCH_SIZE else 0,
                        )
                    except Exception as exc:
                        rows.append(_error("window", what, exc))
                        continue
                    p50, p99 = percentile(r["times"], 50), percentile(r["times"], 99)
                    ref50, ref99 = percentile(r["ref"], 50), percentile(r["ref"], 99)
                    note = (
                        f"plain flip {ref50:.2f} / {ref99:.2f} ms; pushes: {r['partial_frames']} "
                        f"partial, {r['full_frames']} whole"
                    )
                    if thinking:
                        note += f"; '{r['level']}' bot: {r['decisions']} decisions"
                        kept = decide.setdefault(game_id, [r["level"], [], []])
                        kept[1].extend(r["decide_ms"])
                        if r["first_decide_ms"] is not None:
                            kept[2].append(r["first_decide_ms"])
                    rows.append(
                        Row(
                            "window",
                            what,
                            f"{p50:.2f} / {p99:.2f} ms",
                            f"p99 <= {budget} ms",
                            p99 <= budget,
                            p99,
                            note,
                        )
                    )
        rows.extend(_decision_rows(decide))
        figures = bench_window.window_startup(display, runs)
        base = figures.get("trivial pygame-ce window", {}).get("median_s")
        for label, r in figures.items():
            what = f"window: start to first frame ({label})"
            if "error" in r:
                rows.append(_error("window", what, r["error"]))
                continue
            if label.startswith("trivial") or not base:
                rows.append(Row("window", what, f"{r['median_s']:.3f} s", note="the reference"))
                continue
            ratio = r["median_s"] / base
            ok = r["median_s"] <= START_BUDGET_S and ratio <= START_RATIO
            rows.append(
                Row(
                    "window",
                    what,
                    f"{r['median_s']:.3f} s = {ratio:.2f}x trivial",
                    f"<= {START_BUDGET_S} s and <= {START_RATIO}x",
                    ok,
                    r["median_s"],
                    f"median of {r['runs']}",
                )
            )
        try:
            r = bench_window.window_idle(display, idle_s)
            rows.append(
                Row(
                    "window",
                    "window: idle CPU, Crazy Eights table, your turn",
                    f"{r['pct']:.2f}% of one core",
                    f"<= {IDLE_BUDGET_PCT:.0f}%",
                    r["pct"] <= IDLE_BUDGET_PCT,
                    r["pct"],
                    f"{r['cpu_s'] * 1000:.0f} ms CPU in {r['wall_s']:.1f} s",
                )
            )
        except Exception as exc:
            rows.append(_error("window", "window: idle CPU", exc))
        rows.append(Row("window", "display", display.name, note=display.note))
    return rows


def _decision_rows(decide: dict[str, list]) -> list[Row]:
    """The hardest bot's decision times measured while the window drew every frame it
    could: the table on one core, the bot's worker process on the other. A worker's
    first decision, which also waits for the process to start, is reported apart."""
    rows = []
    for game_id, (level, times, firsts) in decide.items():
        if not times:
            continue
        p50, p95 = percentile(times, 50), percentile(times, 95)
        rows.append(
            Row(
                "window",
                f"{games.get(game_id).name} AI '{level}' decision p50/p95, window drawing",
                f"{p50:.1f} / {p95:.1f} ms",
                f"p95 <= {AI_BUDGET_MS:.0f} ms",
                p95 <= AI_BUDGET_MS,
                p95,
                f"{len(times)} decisions; a worker's first: "
                + " / ".join(f"{t:.0f}" for t in firsts)
                + " ms",
            )
        )
    return rows


def startup_rows(runs: int) -> list[Row]:
    import game.tools.bench_app as bench_app

    rows = []
    figures = bench_app.startup_figures(runs)
    for label, r in figures.items():
        what = f"start to first frame ({label})"
        if "error" in r:
            rows.append(_error("startup", what, r["error"]))
            continue
        rows.append(
            Row(
                "startup",
                what,
                f"{r['median_s']:.3f} s (best {r['best_s']:.3f})",
                f"<= {START_BUDGET_S} s",
                r["median_s"] <= START_BUDGET_S,
                r["median_s"],
                f"median of {r['runs']}",
            )
        )
    if "built executable" not in figures:
        rows.append(
            Row(
                "startup",
                "start to first frame (built executable)",
                "not built",
                note="run make dist first",
            )
        )
    return rows


def idle_rows(seconds: float) -> list[Row]:
    import game.tools.bench_app as bench_app

    what = "idle CPU, Crazy Eights table, your turn"
    if not bench_app.available_tables():
        return [Row("idle", what, "skipped", note="no UI table built yet")]
    try:
        r = bench_app.idle_cpu(seconds)
    except Exception as exc:
        return [_error("idle", what, exc)]
    note = f"{r['cpu_s'] * 1000:.0f} ms CPU in {r['wall_s']:.1f} s" + (
        "; an AI move was pending" if r["ai_pending"] else ""
    )
    return [
        Row(
            "idle",
            what,
            f"{r['pct']:.2f}% of one core",
            f"<= {IDLE_BUDGET_PCT:.0f}%",
            r["pct"] <= IDLE_BUDGET_PCT,
            r["pct"],
            note,
        )
    ]


def engine_rows(seconds: float) -> list[Row]:
    import game.tools.bench_engines as bench_engines

    rows = []
    figures = bench_engines.engine_figures(seconds)
    for key, r in figures.items():
        name = "OpenSpiel crazy_eights" if key == "openspiel" else games.get(key).name
        what = f"{name} random playouts/s ({r.get('players', 4)}p)"
        if "error" in r:
            rows.append(_error("engine", what, r["error"]))
            continue
        note = f"open_spiel {bench_engines.openspiel_version()}" if key == "openspiel" else ""
        rows.append(
            Row(
                "engine",
                what,
                f"{r['playouts_per_s']:,.0f}/s ({r['moves_per_playout']:.0f} moves each)",
                value=r["playouts_per_s"],
                note=note,
            )
        )
    ours, spiel = figures.get("crazy_eights", {}), figures.get("openspiel")
    if spiel is None:
        rows.append(
            Row(
                "engine",
                "OpenSpiel crazy_eights playouts/s (4p)",
                "not installed",
                note="pip install open_spiel to compare",
            )
        )
    elif "playouts_per_s" in ours:
        ratio = ours["playouts_per_s"] / spiel["playouts_per_s"]
        rows.append(
            Row(
                "engine",
                "Crazy Eights playouts vs OpenSpiel's",
                f"{ratio:.2f}x",
                ">= 1.00x",
                ratio >= 1.0,
                ratio,
            )
        )
    return rows


def ai_rows(seconds: float) -> list[Row]:
    import game.tools.bench_engines as bench_engines

    rows = []
    for game_id in bench_engines.games_with_bots():
        info = games.get(game_id)
        players = 4 if info.min_players <= 4 <= info.max_players else info.min_players
        what = f"{info.name} AI decision p50/p95 ({players}p)"
        try:
            r = bench_engines.ai_decisions(game_id, players, seconds)
        except Exception as exc:
            rows.append(_error("ai", what, exc))
            continue
        rows.append(
            Row(
                "ai",
                what.replace("AI", f"AI '{r['level']}'"),
                f"{r['p50']:.1f} / {r['p95']:.1f} ms",
                f"p95 <= {AI_BUDGET_MS:.0f} ms",
                r["p95"] <= AI_BUDGET_MS,
                r["p95"],
                f"{r['n']} decisions",
            )
        )
    return rows


def run(only: tuple[str, ...] = SECTIONS, quick: bool = False) -> list[Row]:
    rows: list[Row] = []
    if "window" in only:
        rows += window_rows(
            120 if quick else 600, 2 if quick else 5, 2.0 if quick else 5.0, 8 if quick else 40
        )
    if "frames" in only:
        rows += frame_rows(120 if quick else 600)
    if "startup" in only:
        rows += startup_rows(2 if quick else 5)
    if "idle" in only:
        rows += idle_rows(2.0 if quick else 5.0)
    if "engine" in only:
        rows += engine_rows(1.0 if quick else 4.0)
    if "ai" in only:
        rows += ai_rows(3.0 if quick else 10.0)
    return rows


def render(rows: list[Row]) -> str:
    if not rows:
        return "(nothing measured)"
    width = max(len(r.what) for r in rows)
    fig = max(len(r.figure) for r in rows)
    bud = max(len(r.budget) for r in rows)
    out = [
        f"{'measure':<{width}}  {'figure':<{fig}}  {'budget':<{bud}}  ok",
        "-" * (width + fig + bud + 10),
    ]
    for r in rows:
        ok = "" if r.ok is None else ("yes" if r.ok else "NO")
        line = f"{r.what:<{width}}  {r.figure:<{fig}}  {r.budget:<{bud}}  {ok:<3}"
        out.append((line + (f"  {r.note}" if r.note else "")).rstrip())
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    from game.tools.bench_engines import ROUND_UNIT

    p = argparse.ArgumentParser(
        prog="python -m game.tools.bench", description=__doc__.splitlines()[0]
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quick", action="store_true", help="shorter runs (less precise)")
    p.add_argument(
        "--only", default=",".join(SECTIONS), help=f"comma-separated: {', '.join(SECTIONS)}"
    )
    p.add_argument(
        "--busy",
        type=int,
        default=0,
        metavar="N",
        help="keep N other processes spinning on the CPU during the run (a loaded machine)",
    )
    args = p.parse_args(argv)
    if not 0 <= args.busy <= 64:
        p.error("--busy: between 0 and 64 processes")
    only = tuple(s.strip() for s in args.only.split(",") if s.strip())
    unknown = set(only) - set(SECTIONS)
    if unknown:
        p.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    started = time.perf_counter()
    with Busy(args.busy):
        rows = run(only, args.quick)
    meta = {
        "busy": args.busy,
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
        "playout_unit": ROUND_UNIT,
        "video_driver": os.environ.get("SDL_VIDEODRIVER"),
        "seconds": round(time.perf_counter() - started, 1),
    }
    if args.json:
        print(json.dumps({**meta, "rows": [r.as_dict() for r in rows]}))
        return 0
    busy = (
        f", {args.busy} other process{'es' if args.busy > 1 else ''} spinning" if args.busy else ""
    )
    print(
        f"Parlour bench: Python {meta['python']}, {meta['cpus']} CPUs{busy}, video driver "
        f"{meta['video_driver']}, {meta['seconds']:.0f} s"
    )
    print(render(rows))
    print(f"Playout = {ROUND_UNIT} (OpenSpiel's crazy_eights game is one round).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
