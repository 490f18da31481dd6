"""Engine and AI measurements for ``python -m game.tools.bench``: random playouts per
second (beside OpenSpiel's ``crazy_eights`` when installed) and AI decision times."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from game import games
from game.tools.sim import percentile

ROUND_UNIT = "one round: new game + uniform random legal moves until the first round ends"


def _pick(rng: random.Random, options: list):
    return options[int(rng.random() * len(options))]


def playout_fn(
    engine, players: int, rng: random.Random, max_actions: int = 20_000
) -> Callable[[], int]:
    """A function playing one random playout of the first round (the whole game when
    the engine has no rounds); it returns the number of moves made."""

    def playout() -> int:
        state = engine.new_game({"players": players}, rng.getrandbits(30))
        first = getattr(state, "round", None)
        n = 0
        while n < max_actions and state.current_player() is not None:
            actions = state.legal_actions()
            if not actions:
                break
            state.apply(_pick(rng, actions))
            n += 1
            if first is not None and state.round != first:
                break
        return n

    return playout


def openspiel_fn(players: int, rng: random.Random) -> Callable[[], int] | None:
    """OpenSpiel's ``crazy_eights`` driven from Python the same way: a new state,
    chance outcomes sampled by their probabilities, uniform random legal moves, to
    the end (its game is one round). None when open_spiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("crazy_eights", {"players": players})

    def playout() -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r, acc = rng.random(), 0.0
                action = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        action = a
                        break
            else:
                action = _pick(rng, state.legal_actions())
                n += 1
            state.apply_action(action)
        return n

    return playout


def openspiel_version() -> str:
    try:
        from importlib.metadata import version

        return version("open_spiel")
    except Exception:
        return ""


def measure(
    fns: dict[str, Callable[[], int]], seconds: float, slice_s: float = 0.1
) -> dict[str, dict]:
    """Playouts per second of each function, run in alternating slices so that load
    from other processes falls on all of them alike."""
    stats = {name: [0, 0, 0.0] for name in fns}  # playouts, moves, seconds
    for fn in fns.values():
        fn()  # warm up: imports, level files, caches
    rounds = max(1, round(seconds / slice_s))
    for _ in range(rounds):
        for name, fn in fns.items():
            st = stats[name]
            start = time.perf_counter()
            end = start + slice_s
            now = start
            while now < end:
                st[1] += fn()
                st[0] += 1
                now = time.perf_counter()
            st[2] += now - start
    return {
        name: {"playouts_per_s": p / t, "moves_per_playout": m / p, "playouts": p}
        for name, (p, m, t) in stats.items()
    }


def engine_figures(seconds: float, seed: int = 1) -> dict[str, dict]:
    """Playout rates of every built engine (4 players where allowed) and OpenSpiel's."""
    fns: dict[str, Callable[[], int]] = {}
    errors: dict[str, dict] = {}
    for game_id, info in games.GAMES.items():
        if not games.engine_available(game_id):
            continue
        engine = info.engine()
        if not hasattr(engine, "new_game"):
            continue  # a game still being built
        players = 4 if info.min_players <= 4 <= info.max_players else info.min_players
        fn = playout_fn(engine, players, random.Random(seed))
        try:
            fn()
        except Exception as exc:  # an engine in progress must not stop the bench
            errors[game_id] = {"error": f"{type(exc).__name__}: {exc}", "players": players}
            continue
        fns[game_id] = fn
        errors.pop(game_id, None)
    spiel = openspiel_fn(4, random.Random(seed))
    if spiel is not None:
        fns["openspiel"] = spiel
    out = measure(fns, seconds) if fns else {}
    for game_id, row in out.items():
        info = games.GAMES.get(game_id)
        row["players"] = (
            4 if info is None or info.min_players <= 4 <= info.max_players else info.min_players
        )
    return {**out, **errors}


def hardest_level(game_id: str) -> str:
    from game.ai import LEVELS, available_levels

    levels = available_levels(game_id)
    return max(levels, key=lambda lv: LEVELS.index(lv) if lv in LEVELS else -1)


def ai_decisions(game_id: str, players: int, seconds: float, seed: int = 7) -> dict:
    """Decision times of the hardest bot in seat 0 against random seats."""
    from game.ai import make_bot

    engine = games.get(game_id).engine()
    level = hardest_level(game_id)
    times: list[float] = []
    deadline = time.perf_counter() + seconds
    game = 0
    while time.perf_counter() < deadline and len(times) < 400:
        bots = [make_bot(game_id, level, seed + game)] + [
            make_bot(game_id, "random", seed + game * 10 + i) for i in range(1, players)
        ]
        state = engine.new_game({"players": players}, seed * 1000 + game)
        game += 1
        while state.current_player() is not None and time.perf_counter() < deadline:
            seat = state.current_player()
            view, actions = state.view(seat), state.legal_actions()
            t0 = time.perf_counter()
            action = bots[seat].choose(view, actions)
            if seat == 0:
                times.append((time.perf_counter() - t0) * 1000)
            state.apply(action)
    return {
        "level": level,
        "p50": percentile(times, 50),
        "p95": percentile(times, 95),
        "n": len(times),
    }


def games_with_bots() -> list[str]:
    out = []
    for game_id in games.GAMES:
        if not games.engine_available(game_id):
            continue
        if not hasattr(games.get(game_id).engine(), "new_game"):
            continue
        if games.get(game_id).bots:
            out.append(game_id)
    return out
