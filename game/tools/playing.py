"""One game played to the end by bots, and what the tools read of it (shared by the
simulator, game.tools.sim, and the paired matches, game.tools.paired)."""

from __future__ import annotations

import time


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


def met_predictions(state, seat: int) -> tuple[int, int]:
    """In a trick game with predictions: the rounds in which ``seat`` took exactly the
    tricks it predicted, and the rounds played ((0, 0) in other games)."""
    met = rounds = 0
    for row in getattr(state, "history", ()):
        if isinstance(row, dict) and "predictions" in row and "tricks" in row:
            met += row["predictions"][seat] == row["tricks"][seat]
            rounds += 1
    return met, rounds
