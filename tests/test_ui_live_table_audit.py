"""Live tables the layout audit once flagged, each measured at the size, player count and
language where the finding was: every text a player reads whole and apart from the
others (the full audit, ``tests/test_layout_audit.py``, covers every size; these are
the quick, pointed checks)."""

from __future__ import annotations

import os

import pytest

from game.tools.audit import Auditor, Findings
from game.ui import textlog


@pytest.fixture
def auditor():
    before = os.environ.get("LANGUAGE")
    findings = Findings()
    yield Auditor(findings)
    textlog.stop()
    from game.services import i18n

    if before is None:
        os.environ.pop("LANGUAGE", None)
    else:
        os.environ["LANGUAGE"] = before
    i18n.set_language(before or "en")


def _audit_table(auditor, game_id, players, size, moves, lang="en") -> dict:
    os.environ["LANGUAGE"] = lang
    app, _scene = auditor.table(game_id, players, size, moves)
    auditor.frame(app, f"{game_id} {players}p {size} after {moves} [{lang}]")
    return auditor.findings.problems


@pytest.mark.parametrize(
    ("players", "size", "moves"),
    [(2, (1920, 1080), 150), (3, (1366, 768), 30), (2, (3840, 2160), 30), (7, (3840, 2160), 150)],
)
def test_crazy_eights_card_under_the_discard_shows_no_rank_under_the_top(
    auditor, players, size, moves
):
    """The card under the top of the discard pile peeks out by its edge: a rank of its
    own there ran into the top card's ("Q" under "K")."""
    problems = _audit_table(auditor, "crazy_eights", players, size, moves)
    assert problems == {}, problems


@pytest.mark.parametrize("size", [(1177, 633), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_rage_leads_chip_keeps_off_the_next_slots_card(auditor, size, lang):
    """At six players the trick's slots stand close: the 'leads' chip above the leader's
    slot lay on the corner index ("13") of the card in the slot above; it goes where it
    covers no other slot."""
    problems = _audit_table(auditor, "rage", 6, size, 150, lang)
    assert problems == {}, problems


def test_crazier_eights_hand_card_words_stay_clear_of_the_next_card_at_4k(auditor):
    """At 4K a hand card is 408 px tall: it is a hand card still (its words in the part
    the next card leaves in view), not the hover copy that spreads them over the whole
    face ("Grüne Kapelle" ran under "Verzauberung" on the card beside it)."""
    from game.ui.tables.crazier_eights import art

    problems = _audit_table(auditor, "crazier_eights", 8, (3840, 2160), 30, "de")
    assert problems == {}, problems
    assert not art.is_zoomed(408, 32) and art.is_zoomed(1120, 32)
    assert art.is_zoomed(300, 16) and not art.is_zoomed(299, 14)


@pytest.mark.parametrize("size", [(1177, 633), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "de", "sv"])
def test_crazier_eights_seven_assets_to_save_fit_the_prompt_panel(auditor, size, lang):
    """Dragon Fire over seven assets, Sir Lancelot's owner to choose: the question and its
    eight answers all whole inside the prompt panel (they ran past its foot)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from crazier_eights_helpers import play, rig

    from game.tools.audit import inspect
    from game.ui.app import App
    from game.ui.scenes.table import TableScene
    from game.ui.session import Seat, Session

    os.environ["LANGUAGE"] = lang
    state = rig(
        [["dragon_fire", "joust"], ["tribute"], ["feast"]],
        [
            ["sir_lancelot", "castle", "black_knight"],
            ["stone_troll", "holy_grail"],
            ["devious_dragon", "nimue"],
        ],
        discard=["excalibur"],
    )
    play(state, next(a for a in state.legal_actions() if "dragon_fire" in a))
    app = App(size, headless=True)
    app.settings["speed"] = "instant"
    seats = [Seat(f"Player {i + 1}", "human" if i == 0 else "ai") for i in range(3)]
    session = Session("crazier_eights", {}, 0, seats, state=state, autosave=False)
    scene = TableScene(app, session, live=True)
    app.set_scene(scene)
    for _ in range(4):
        app.pump(16.0)
    table = scene.table
    assert len(table.option_buttons) == 8
    assert all(table.panel_rect.contains(b.rect) for b in table.option_buttons)
    surface = textlog.RecordingSurface(size)
    app.render(surface)
    inspect(surface, "save", auditor.findings)
    assert auditor.findings.problems == {}, auditor.findings.problems
    words = {d.words for d in textlog.drawn(surface)[0]}
    assert any(w.startswith("Sir Lancelot: 7 ") for w in words), words  # counted, not listed
