"""Digests of seeded random games, to prove an engine change keeps every action,
event and score: ``python tests/engine_replays.py`` writes ``tests/data/engine_replays.json``
from the engines as they are; ``test_engine_replays.py`` replays the same games and
compares. Rewrite the file only for an intended rule change, and say so in the commit."""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent))

from game import games  # noqa: E402

DATA = ROOT / "data" / "engine_replays.json"
GAMES_PER_ENGINE = 60  # 300 games over the five engines


def _event(e) -> list:
    pub = e.public
    return [
        e.kind,
        e.seat,
        e.data,
        e.text,
        e.secret_to,
        None if pub is None else [pub.kind, pub.seat, pub.data, pub.text],
    ]


def digest(game_id: str, k: int) -> tuple[str, int]:
    """One seeded game's digest (its first round, or the whole game for one-round
    engines) and the number of actions; players cycle through the allowed counts."""
    info = games.get(game_id)
    engine = info.engine()
    span = info.max_players - info.min_players + 1
    players = info.min_players + k % span
    rng = random.Random(f"{game_id}:{k}")
    state = engine.new_game({"players": players}, rng.getrandbits(30))
    first = getattr(state, "round", None)
    h = hashlib.sha256()
    n = 0
    while n < 5000 and state.current_player() is not None:
        actions = state.legal_actions()
        action = actions[int(rng.random() * len(actions))]
        events = state.apply(action)
        h.update(json.dumps([action, [_event(e) for e in events]], default=str).encode())
        n += 1
        if first is not None and state.round != first:
            break
    h.update(json.dumps([state.is_over(), state.scores()], default=str).encode())
    return h.hexdigest()[:16], n


def main() -> None:
    out = {
        game_id: [digest(game_id, k)[0] for k in range(GAMES_PER_ENGINE)] for game_id in games.GAMES
    }
    DATA.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {DATA}")


if __name__ == "__main__":
    main()
