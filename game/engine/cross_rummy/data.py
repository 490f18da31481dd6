"""Cross Rummy level data and the view one seat gets.

``level()`` loads ``levels/cross_rummy.toml``; ``rules_data`` checks its [tiles] and
[table] sections (the tile set is fixed; rack and market sizes, event points and the
group limits by player count may change).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.levels import Level, load_level

GAME_ID = "cross_rummy"


def level() -> Level:
    return load_level(GAME_ID, extra_sections={"tiles", "table"})


def check_level() -> Level:
    """The level file with everything the game reads from it checked (its deck too):
    the setup screen calls this, so a broken file is named before a game starts."""
    lvl = level()
    rules_data(lvl)
    return lvl


def rules_data(lvl: Level | None = None) -> dict:
    """The checked [tiles] and [table] sections of the level file."""
    lvl = lvl or level()
    tiles = lvl.data.get("tiles", {})
    table = lvl.data.get("table", {})
    fixed = {
        "colours": ["R", "Y", "B", "G"],
        "numbers": 14,
        "copies": 2,
        "swap": 2,
        "draw_three": 2,
    }
    for key, want in fixed.items():
        if tiles.get(key) != want:
            raise lvl.error(
                f"tiles.{key}",
                f"must be {want!r}: the tile set is fixed (112 number tiles, 4 events)",
            )
    out = {"event_points": tiles.get("event_points", 20)}
    for key, default, lo, hi in (("rack_size", 15, 1, 25), ("market_size", 6, 0, 12)):
        value = table.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise lvl.error(
                f"table.{key}", f"must be a whole number from {lo} to {hi}, got {value!r}"
            )
        out[key] = value
    ep = out["event_points"]
    if isinstance(ep, bool) or not isinstance(ep, int) or ep < 0:
        raise lvl.error("tiles.event_points", f"must be a whole number of at least 0, got {ep!r}")
    limits = table.get("group_limits", {})
    if not isinstance(limits, dict):
        raise lvl.error(
            "table.group_limits", 'must be a table such as { "2" = 3, "3" = 3, "4" = 4 }'
        )
    out["group_limits"] = {}
    for p in range(lvl.min_players, lvl.max_players + 1):
        value = limits.get(str(p))
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise lvl.error(
                "table.group_limits",
                f'needs a whole number of at least 1 for "{p}" players, got {value!r}',
            )
        out["group_limits"][p] = value
    return out


@dataclass
class View:
    """What one seat may know."""

    seat: int
    players: int
    rack: list[str]  # this seat's tiles, sorted by colour then number, events last
    rack_counts: list[int]
    table: dict  # {(x, y): "R7"}
    market: list[str]
    bag_count: int
    opened: list[bool]
    group_limit: int
    groups: int
    current_player: int | None
    turn_player: int  # whose turn it is (during a Swap, current_player is the seat choosing)
    phase: str  # "turn" or "swap"
    swap_giving: list[str]  # tiles this seat has set aside to pass in a Swap
    swap_waiting: list[int]  # seats still to choose in a Swap
    round: int
    rounds: int
    totals: list[int]
    round_history: list[dict]
    over: bool
    event_points: int = 20
    removed: list[str] = field(default_factory=list)  # event tiles played (out of the game)
