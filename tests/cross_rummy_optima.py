"""The most tiles a lay that moves no table tile can lay, in each kept Cross Rummy position,
proved by an exact constraint model (CP-SAT; ``pip install ortools``, not a dependency
of the game):

    python tests/cross_rummy_optima.py [--first N] [--last N]   # writes tests/data/cross_rummy_optima.json

The model places rack tiles on the empty cells within ``MARGIN`` cells of the table
(Manhattan distance; solved again with ``2 * MARGIN`` when the best lay reaches the
edge of that area), each new tile joined to the table through other new tiles (the
positions are at their group limit, so a lay may join groups but not start one),
every line of two or more tiles a set or a run. Each optimum's lay is checked by the
engine's rules oracle before it is kept. ``tests/test_cross_rummy_ai.py`` checks the
hard bot's placing search against the stored counts, and ``cross_rummy_positions.py``
reports how often ``hard`` lays fewer.

It is exact within that area only: a lay reaching further from the table (a run
extended four cells out, say) is not seen, so the hard bot may lay more.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from cross_rummy_positions import load  # noqa: E402

from game.engine.cross_rummy import check_table  # noqa: E402
from game.engine.cross_rummy.tiles import FACE_LABELS, NUMBERS, parse_face  # noqa: E402

DATA = ROOT / "tests" / "data" / "cross_rummy_optima.json"
MARGIN = 3
LONGEST = 14  # a run of 1 to 14


def solve(table: dict, counts: Counter, margin: int, seconds: float = 300.0):
    """(status, {cell: face}) of the most tiles from ``counts`` laid around ``table``."""
    from ortools.sat.python import cp_model

    def near(c) -> int:
        return min(abs(c[0] - a) + abs(c[1] - b) for a, b in table)

    xs = [x for x, _ in table]
    ys = [y for _, y in table]
    x0, x1, y0, y1 = min(xs) - margin, max(xs) + margin, min(ys) - margin, max(ys) + margin
    m = cp_model.CpModel()
    faces = sorted(counts)
    occ, num, col, pick = {}, {}, {}, {}
    empty = []
    for x in range(x0, x1 + 1):
        for y in range(y0, y1 + 1):
            c = (x, y)
            if c in table:
                occ[c], num[c], col[c] = 1, table[c] % NUMBERS, table[c] // NUMBERS
                continue
            if near(c) > margin:
                continue
            empty.append(c)
            chosen = [m.NewBoolVar("") for _ in faces]
            for f, v in zip(faces, chosen):
                pick[c, f] = v
            occ[c] = m.NewBoolVar("")
            m.Add(sum(chosen) == occ[c])
            # number and colour as variables of their own: the solver reasons on them
            # far better than on sums of the choices
            num[c] = m.NewIntVar(0, NUMBERS - 1, "")
            col[c] = m.NewIntVar(0, 3, "")
            m.Add(num[c] == sum(v * (f % NUMBERS) for f, v in zip(faces, chosen)))
            m.Add(col[c] == sum(v * (f // NUMBERS) for f, v in zip(faces, chosen)))
    for f in faces:
        m.Add(sum(pick[c, f] for c in empty) <= counts[f])

    def lit(c, filled=True):
        v = occ.get(c, 0)
        if isinstance(v, int):
            return v if filled else 1 - v
        return v if filled else v.Not()

    rows = [[(x, y) for x in range(x0 - 1, x1 + 2)] for y in range(y0, y1 + 1)]
    rows += [[(x, y) for y in range(y0 - 1, y1 + 2)] for x in range(x0, x1 + 1)]
    for row in rows:
        for i in range(1, len(row) - 1):
            for length in range(2, LONGEST + 2):
                j = i + length - 1
                if j > len(row) - 2:
                    break
                cells = row[i : j + 1]
                if all(c in table for c in cells):
                    continue  # the table's own lines are valid
                inner = [lit(c) for c in cells]
                if 0 in [v for v in inner if isinstance(v, int)]:
                    continue  # a cell here stays empty
                if length == LONGEST + 1:  # no line is longer than fourteen
                    m.AddBoolOr([v.Not() for v in inner if not isinstance(v, int)])
                    continue
                ends = [lit(row[i - 1], False), lit(row[j + 1], False)]
                if 0 in [v for v in ends if isinstance(v, int)]:
                    continue  # not a whole line: it goes on
                whole = [v for v in inner + ends if not isinstance(v, int)]
                if length == 2:
                    m.AddBoolOr([v.Not() for v in whole])
                    continue
                line = m.NewBoolVar("")  # these cells are one whole line
                m.AddBoolOr([v.Not() for v in whole] + [line])
                is_set, is_run, up = m.NewBoolVar(""), m.NewBoolVar(""), m.NewBoolVar("")
                m.AddBoolOr([line.Not(), is_set, is_run])
                if length > 4:
                    m.Add(is_set == 0)
                else:
                    for a in range(length):
                        if a:
                            m.Add(num[cells[a]] == num[cells[0]]).OnlyEnforceIf([line, is_set])
                        for b in range(a + 1, length):
                            m.Add(col[cells[a]] != col[cells[b]]).OnlyEnforceIf([line, is_set])
                for a in range(1, length):
                    here, back = cells[a], cells[a - 1]
                    m.Add(col[here] == col[cells[0]]).OnlyEnforceIf([line, is_run])
                    m.Add(num[here] == num[back] + 1).OnlyEnforceIf([line, is_run, up])
                    m.Add(num[here] == num[back] - 1).OnlyEnforceIf([line, is_run, up.Not()])
    # every new tile reaches the table through new tiles: a distance that falls to it
    reach = sum(counts.values()) + 1
    dist = {c: m.NewIntVar(1, reach, "") for c in empty}
    for c in empty:
        x, y = c
        around = ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
        if any(n in table for n in around):
            continue
        ways = []
        for n in around:
            if n in dist:
                w = m.NewBoolVar("")
                m.AddImplication(w, occ[n])
                m.Add(dist[n] + 1 <= dist[c]).OnlyEnforceIf(w)
                ways.append(w)
        m.AddBoolOr([occ[c].Not(), *ways])
    m.Maximize(sum(occ[c] for c in empty))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 2
    status = solver.Solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return solver.StatusName(status), {}
    lay = {
        c: next(f for f in faces if solver.Value(pick[c, f])) for c in empty if solver.Value(occ[c])
    }
    return solver.StatusName(status), lay


def optimum(view) -> dict | None:
    """The proved optimum for ``view`` (tiles, the area's margin, the lay), or None when
    the solver could not prove one in its time."""
    table = {c: parse_face(t) for c, t in view.table.items()}
    counts = Counter(parse_face(t) for t in view.rack if t[0] in "RYBG")
    margin = MARGIN
    status, lay = solve(table, counts, margin)
    far = max((min(abs(c[0] - a) + abs(c[1] - b) for a, b in table) for c in lay), default=0)
    if far >= margin:
        margin *= 2
        status, lay = solve(table, counts, margin)
    whole = {**table, **lay}
    xs = [x for x, _ in whole]
    ys = [y for _, y in whole]
    rows = [
        " ".join(
            FACE_LABELS[whole[(x, y)]] if (x, y) in whole else "."
            for x in range(min(xs), max(xs) + 1)
        )
        for y in range(min(ys), max(ys) + 1)
    ]
    problems = check_table(rows, max_groups=view.group_limit)
    if problems:  # the model disagrees with the rules: a fault to mend, not a result
        raise SystemExit(f"the model's lay breaks the rules: {problems[0]}")
    if status != "OPTIMAL":
        return None
    return {
        "tiles": len(lay),
        "margin": margin,
        "lay": [[x, y, FACE_LABELS[f]] for (x, y), f in sorted(lay.items())],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--last", type=int)
    args = parser.parse_args()
    try:
        import ortools  # noqa: F401
    except ImportError:
        print("cross_rummy_optima.py needs the CP-SAT solver: pip install ortools")
        return 2
    views = load()
    out = json.loads(DATA.read_text()) if DATA.exists() else [None] * len(views)
    for i in range(args.first, len(views) if args.last is None else args.last + 1):
        start = time.perf_counter()
        out[i] = optimum(views[i])
        tiles = "not proved" if out[i] is None else out[i]["tiles"]
        print(i, tiles, f"{time.perf_counter() - start:.1f} s", flush=True)
        DATA.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"wrote {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
