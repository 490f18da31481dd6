"""The lay search's group shortcut changes nothing: the rearranged layouts it yields
with a group limit are exactly the unlimited ones that keep to the limit, in the same
order, on tables from seeded random games (its incremental group count against a
plain walk of every layout). The engine's use of the search is held by the replays."""

from __future__ import annotations

import random

from game.engine import cross_rummy
from game.engine.cross_rummy import rearrange
from game.engine.cross_rummy.grid import group_count
from game.engine.cross_rummy.tiles import face_of, is_event


def _positions(games: int = 6, per_game: int = 8):
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = cross_rummy.new_game({"players": 3 + seed % 2}, seed)
        kept = 0
        while state.current_player() is not None and kept < per_game:
            seat = state.current_player()
            if state.phase == "turn" and state.opened[seat] and len(state.table) > 12:
                hand = [face_of(t) for t in state.racks[seat] if not is_event(t)]
                out.append((state.table_faces(), hand))
                kept += 1
            actions = state.legal_actions()
            state.apply(actions[int(rng.random() * len(actions))])
    return out


def test_group_limited_search_yields_the_same_layouts_as_a_full_count():
    positions = _positions()
    assert len(positions) >= 30
    found = 0
    for cells, hand in positions:
        for ok in (False, True):
            every = list(rearrange.rearranged_layouts(cells, hand, new_group_ok=ok))
            found += len(every)
            for limit in (2, 3, 4):
                want = [a for a in every if group_count(a) <= limit]
                got = list(
                    rearrange.rearranged_layouts(cells, hand, new_group_ok=ok, max_groups=limit)
                )
                assert got == want
    assert found > 50  # the positions give the search real work


def test_the_searchs_line_check_agrees_with_the_rules_reasons():
    """``line_ok`` (the search's quick check) says valid exactly when ``line_reason``
    finds nothing wrong: sets, runs up and down, wraps, gaps, mixed lines."""
    from game.engine.cross_rummy.grid import line_ok, line_reason

    rng = random.Random(3)
    checked = valid = 0
    for _ in range(20000):
        n = rng.randint(0, 6)
        mode = rng.random()
        if mode < 0.3:
            number = rng.randrange(14)
            faces = [rng.randrange(4) * 14 + number for _ in range(n)]
        elif mode < 0.6:
            colour, start, step = rng.randrange(4), rng.randrange(14), rng.choice((1, -1, 2, 0))
            faces = [colour * 14 + (start + step * i) % 14 for i in range(n)]
        else:
            faces = [rng.randrange(56) for _ in range(n)]
        ok = line_ok(faces)
        assert ok == (line_reason(faces) is None), faces
        checked += 1
        valid += ok and n >= 3
    assert checked == 20000 and valid > 1000
