"""Hostile replay files are named and set aside like every other bad replay, the Replays
screen opens on them; names from older Parlours still load; pruning tolerates a file
another Parlour removed first."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace as NS

import pytest
from ui_helpers import make_app

from game.services import replays
from game.ui.scenes.replays import ReplaysScene


def a_replay(**change) -> dict:
    doc = {
        "version": 1,
        "game": "crazy_eights",
        "options": {"players": 2},
        "seed": 5,
        "seats": [
            {"name": "Me", "kind": "human", "level": None},
            {"name": "Ana", "kind": "ai", "level": "normal"},
        ],
        "actions": [],
        "finished": "2026-11-25 14:03",
        "totals": [10, 3],
        "winners": [0],
    }
    doc.update(change)
    return doc


def finished_session():
    """A finished two-seat game as replays.record sees one."""
    doc = {k: v for k, v in a_replay().items() if k not in ("finished", "totals", "winners")}
    state = NS(is_over=lambda: True, history=[{"totals": [10, 3]}], scores=lambda: [1, 0])
    return NS(state=state, saved=lambda: NS(to_json=lambda: dict(doc)), game_id="crazy_eights")


def plant(name: str, text: str) -> Path:
    replays.folder().mkdir(parents=True, exist_ok=True)
    target = replays.folder() / name
    target.write_text(text, encoding="utf-8")
    return target


def raw(doc: dict, key: str, literal: str) -> str:
    """The replay as JSON text with ``key``'s value written as the raw ``literal``."""
    return json.dumps(doc | {key: "@@"}, indent=1).replace('"@@"', literal)


HOSTILE = {
    "nul_in_finished": ("finished", json.dumps(a_replay(finished="2024\u0000"), indent=1)),
    "control_in_finished": ("finished", json.dumps(a_replay(finished="2024\x1b[2J"), indent=1)),
    "long_finished": ("finished", json.dumps(a_replay(finished="9" * 500), indent=1)),
    "long_seed": ("seed", raw(a_replay(), "seed", "7" * 5000)),
    "seed_beyond_the_limit": ("seed", json.dumps(a_replay(seed=10**13), indent=1)),
    "nan_total": ("totals", raw(a_replay(), "totals", "[NaN, 3]")),
    "infinite_total": ("totals", raw(a_replay(), "totals", "[1e999, 3]")),
    "long_total": ("totals", raw(a_replay(), "totals", "[" + "1" * 5000 + ", 3]")),
    "nul_in_option": ("options", json.dumps(a_replay(options={"scoring": "a\u0000"}), indent=1)),
    "deep": ("", json.dumps(a_replay(actions=[json.loads("[" * 200 + "]" * 200)]))),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_replay_is_named_and_set_aside_the_good_one_kept(case):
    key, text = HOSTILE[case]
    good = plant("20260101-000000-crazy_eights.json", json.dumps(a_replay(), indent=1))
    plant("20250101-000000-crazy_eights.json", text)
    entries, problems = replays.listing()
    assert [e.path for e in entries] == [good]
    assert len(problems) == 1 and "20250101-000000-crazy_eights.json" in problems[0]
    assert key in problems[0] and len(problems[0]) < 700
    assert "\x00" not in problems[0] and "\x1b" not in problems[0]
    assert len(list(replays.folder().glob("*.corrupt-*"))) == 1
    assert replays.listing() == (entries, [])  # told once


@pytest.mark.parametrize("case", ["nul_in_finished", "long_seed", "nan_total"])
def test_the_replays_screen_opens_on_a_hostile_file(case):
    plant("20250101-000000-crazy_eights.json", HOSTILE[case][1])
    plant("20260101-000000-crazy_eights.json", json.dumps(a_replay(), indent=1))
    app = make_app()
    app.set_scene(ReplaysScene(app))
    app.pump()
    assert len(app.scene.rows) == 1
    assert any("could not be used" in t for t in app.toasts.messages())
    app.render()


def test_replays_named_by_older_parlours_still_load():
    for name in ("20240101-101010-crazy_eights.json", "20240101-101010-2-crazy_eights.json"):
        plant(name, json.dumps(a_replay(), indent=1))
    entries, problems = replays.listing()
    assert problems == [] and len(entries) == 2


def test_a_replay_another_parlour_pruned_first_costs_nothing(monkeypatch):
    """The other instance removes an old replay between this one's listing and unlink."""
    for i in range(replays.KEEP):
        plant(f"2000010{i // 10}-0000{i % 10:02d}-crazy_eights.json", json.dumps(a_replay()))
    real_unlink = Path.unlink

    def raced(self, missing_ok=False):
        if self.parent == replays.folder() and self.exists():
            real_unlink(self)  # the other Parlour got there first
        return real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", raced)
    assert replays.record(finished_session()) is None
    monkeypatch.undo()
    assert len(list(replays.folder().glob("*.json"))) == replays.KEEP
