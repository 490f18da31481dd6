"""Learn to play Rage: the prepared deal, the lesson file's checks, the lesson played to its
free play through real pygame events in each language (whole and readable at 1280×720
and 4K on every step), a wrong move at every step explained and tried again, the table
staying on the lesson's round once it is scored, and leaving from the pause menu."""

from __future__ import annotations

import functools

import lesson_helpers
import pygame
import pytest
from lesson_helpers import (
    LANGS,
    SIZES,
    assert_lesson_counted,
    assert_step_shown,
    continue_through,
    free_play_after,
    leave_from_pause_menu,
    make_asked_move,
    play_through,
    steps_asking_moves,
)
from ui_helpers import click, drag, key, settle

from game.engine import rage
from game.engine.lessons import LessonError, lesson_path, load_lesson, parse_lesson
from game.engine.levels import LevelError
from game.ui.widgets import RoundSheet

GAME = "rage"
POINTS = [11, -3, 7]  # the lesson's round: you exact with 1, Robin 2 of 1, Kim exact with a −5


# ---------------------------------------------------------------- the prepared deal


def test_a_prepared_deal_puts_the_hands_the_trump_and_a_shorter_round_in_place():
    deal = {
        "round": 6,
        "hands": [
            ["B7", "R12", "NT", "CT", "-5"],
            ["B4", "Y2", "G5", "Y6", "R1"],
            ["B13", "Y10", "R14", "Y15", "B2"],
        ],
        "deck": ["NT", "R9", "G11"],
    }
    state = rage.new_game({"players": 3}, 6, deal=deal)
    view = state.view(0)
    assert (view.round, view.cards_this_round, view.dealer) == (6, 5, 1)  # as in a match
    assert view.hand == ["B7", "R12", "NT", "CT", "-5"] and view.trump == "R"
    assert view.set_aside == ["NT"] and view.trump_card == "R9"  # an action card turned first
    assert state.current_player() == 2  # left of the dealer
    assert sorted(state.all_cards()) == list(range(state.d.size))  # every card once
    plain = rage.new_game({"players": 3}, 6)
    assert plain.round == 1 and plain.view(0).hand != view.hand  # without a deal: as ever


@pytest.mark.parametrize(
    ("deal", "what"),
    [
        ({"hands": [["R1"]]}, "one hand for each of the 3 seats"),
        ({"round": 11, "hands": []}, "a round from 1 to 10"),
        ({"round": 10, "hands": [["J"], ["J"], ["J"]]}, "more often than the deck holds it"),
        ({"round": 10, "hands": [["R99"], ["R1"], ["R2"]]}, "not a Rage card"),
        ({"round": 10, "hands": [["R1"], ["R2"], ["R3"]], "stock": []}, "deal.stock: unknown"),
    ],
)
def test_a_bad_prepared_deal_is_refused_in_words(deal, what):
    with pytest.raises(LevelError) as caught:
        rage.new_game({"players": 3}, 1, deal=deal)
    assert what in str(caught.value)


# ---------------------------------------------------------------- the file


def test_the_lesson_loads_and_teaches_each_idea_by_a_move():
    lesson = load_lesson(GAME)
    assert lesson.options["players"] == 3 and lesson.free_level == "easy"
    assert lesson.start().view(0).cards_this_round == 5  # a short round
    moves = [a for s in lesson.steps for a in s.expect]
    assert moves == ["predict:1", "B7", "R12", "NT", "-5", "CT"]
    assert [s.points for s in lesson.steps if s.points] == [POINTS]
    assert lesson.steps[-1].continue_label and 10 <= len(lesson.steps) <= 16


@pytest.mark.parametrize(
    ("old", "new", "where", "what"),
    [
        ("Kim predicts first.", "Kim holds the red 14 ◆.", "step 3 (trump): text", "R14"),
        ('expect = ["B7"]', 'expect = ["R12"]', "step 5 (follow): expect", "'R12' is not legal"),
        ('then = ["B4", "Y10"]', 'then = ["Y2"]', "step 5 (follow): then", "not legal for seat 1"),
        ('ring = ["hand:-5", "trick"]', 'ring = ["hand:R12"]', "step 9", "R12 is not in"),
        ("points = [11, -3, 7]", "points = [11, -3, 2]", "step 12 (scoring)", "not [11, -3, 2]"),
        ("round = 6", "round = 7", "deal", "needs 4 cards"),
        ('"R9", "G11"', '"R9", "R12"', "deal", "more often than the deck holds it"),
    ],
)
def test_a_broken_lesson_names_the_file_the_step_and_the_problem(tmp_path, old, new, where, what):
    text = lesson_path(GAME).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"{GAME}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(LessonError) as caught:
        parse_lesson(path, GAME)
    said = str(caught.value)
    assert f"{GAME}.toml" in said and where in said and what in said, said


def test_the_last_steps_are_checked_against_the_rounds_end_not_the_next_deal(tmp_path):
    """After the lesson's round, the texts may name its cards (the table stays on it); a
    card of the next deal, which the lesson never shows, is still a secret there."""
    lesson = load_lesson(GAME)
    state = lesson.start()
    for step in lesson.steps:
        for action in step.expect[:1] + step.then:
            state.apply(action)
    assert state.round == 7  # the engine dealt the next round
    dealt = next(c for c in state.view(0).hand if c[0] in "YORPBG")  # your card of round 7
    symbol = rage.deck().symbols["YORPBG".index(dealt[0])]
    text = lesson_path(GAME).read_text(encoding="utf-8")
    old = "The round is over."
    path = tmp_path / f"{GAME}.toml"
    path.write_text(text.replace(old, f"You now hold the {dealt[1:]} {symbol}."), encoding="utf-8")
    with pytest.raises(LessonError) as caught:
        parse_lesson(path, GAME)
    said = str(caught.value)
    assert "step 11 (change_trump_done): text" in said and "cannot see" in said, said


# ---------------------------------------------------------------- moves as a player makes them


def lesson_app(size=(1280, 720)):
    return lesson_helpers.lesson_app(GAME, size)  # a window of that size: faces fit its floor


def wait_for_step(app, scene, step) -> None:
    lesson_helpers.wait_for_step(app, scene, step, rest_pointer=True)


def make_move(app, scene, action: str, how: str = "drag") -> None:
    """``action`` made as a player makes it: a prediction's tile clicked (or its number
    key pressed), a card dragged to the trick, clicked, or picked with the arrows and
    played with Enter."""
    table = scene.table
    if action.startswith("predict:"):
        number = int(action.partition(":")[2])
        if how == "keys":
            key(app, pygame.K_0 + number)
        else:
            values = [o.value for o in table.panel.options]
            click(app, table.panel.tiles[values.index(action)].center)
        return
    if how == "keys":
        for _ in range(len(table.slots) + 1):
            if table.focus is not None and table.slots[table.focus][0] == action:
                break
            key(app, pygame.K_RIGHT)
        assert table.slots[table.focus][0] == action
        key(app, pygame.K_RETURN)
    elif how == "click":
        click(app, table.slot_of(action))
    else:
        drag(app, table.slot_of(action), table.trick_rect.center)


HOW = {"predict": "keys", "follow": "keys", "trump_wins": "click"}  # the rest: dragged


def finish_step(app, scene, step) -> None:
    """The step's move and the opponents' answers played out (the round's sheet closed)."""
    settle(app, lambda: bool(scene.modals) or scene.index >= step.number)
    if scene.modals:
        sheet = scene.modals[-1]
        assert isinstance(sheet, RoundSheet) and sheet.buttons[0].label == "Continue"  # a Msg
        key(app, pygame.K_RETURN)


# ---------------------------------------------------------------- the lesson, played


@pytest.mark.parametrize("language", LANGS, indirect=True)
@pytest.mark.parametrize("size", SIZES)
def test_the_lesson_is_played_to_its_end_whole_on_every_step(language, size, recording):
    """Through real events to the free play, every step's asked move legal in its
    position first, every ring on screen, and every frame whole and readable."""
    from game.tools.audit import Auditor, Findings

    findings = Findings()
    auditor = Auditor(findings)
    app, scene = lesson_app(size)
    state = scene.session.state
    screen = pygame.Rect((0, 0), size)

    def shown_whole(step) -> None:
        assert scene.text_bottom <= scene.text_room, (step.id, size)  # the coach's words fit
        assert_step_shown(scene, step, screen)
        auditor.frame(app, f"lesson {step.id} {size} [{language}]")

    for step in steps_asking_moves(app, scene, wait_for_step, shown_whole):
        how = HOW.get(step.id, "drag")
        make_asked_move(scene, step, functools.partial(make_move, app, scene, how=how))
        finish_step(app, scene, step)
    assert state.history[-1]["points"] == POINTS
    assert not any(findings.problems.values()), findings.problems
    free = free_play_after(app, scene, state, ["easy", "easy"])
    assert free.session.state.view(0).cards_this_round == 10  # a fresh match from round 1
    settle(app, lambda: free.ctx.can_act or free.session.current() != 0)
    assert_lesson_counted(GAME)


def test_the_table_stays_on_the_lessons_round_once_it_is_scored():
    app, scene = lesson_app()
    steps = {s.id: s for s in scene.lesson.steps}
    lesson_steps = scene.lesson.steps[: steps["change_trump"].number]
    play_through(app, scene, lesson_steps, make_move, wait_for_step, finish_step)
    wait_for_step(app, scene, steps["change_trump_done"])
    assert scene.session.state.round == 7  # the engine dealt on
    shown = scene.table.view
    assert shown.round == 6 and shown.trump_card == "R3" and shown.tricks == [1, 2, 2]
    assert not scene.table.hand_faces_drawn  # no card of the next deal in your hand
    assert scene.table.on_move() is None  # nobody is to move in a round that is over


def tries_at(scene, step) -> list[tuple[str, str]]:
    """The wrong moves a step offers: a card the engine refuses, a legal move that is not
    the one asked for (another prediction, another card)."""
    state = scene.session.state
    legal = state.legal_actions()
    if step.expect[0].startswith("predict:"):
        return [(next(a for a in legal if a not in step.expect), "other")]
    hand = [c for c, _, _ in scene.table.slots]
    illegal = [c for c in hand if c not in legal]
    others = [a for a in legal if a not in step.expect]
    return [(c, "wrong") for c in illegal[:2]] + [(a, "other") for a in others[:1]]


def test_a_wrong_move_at_each_step_is_explained_and_tried_again():
    app, scene = lesson_app()
    state = scene.session.state
    judged = set()
    for step in steps_asking_moves(app, scene, wait_for_step):
        tries = tries_at(scene, step)
        if len(scene.table.slots) == 1:  # the last card: the only move there is
            assert not tries and state.legal_actions() == step.expect, step.id
        else:
            assert tries, step.id  # every other step can be got wrong
        for action, kind in tries:
            before = list(state.actions)
            make_move(app, scene, action, "click" if kind == "wrong" else "drag")
            assert state.actions == before, (step.id, action)  # nothing was played
            assert scene.feedback is not None and scene.feedback[0] == kind, (step.id, action)
            said = scene.coach_lines()[2]
            if kind == "wrong":
                assert state.refusal(action) in said and step.wrong in said, said
            else:
                assert step.other in said, said
            assert "Try again." in said
            settle(app, lambda: scene.ctx.can_act)
            judged.add((step.id, kind))
        make_move(app, scene, step.expect[0])  # and the asked move still works
        assert step.expect[0] in state.actions[len(state.actions) - 1 - len(step.then) :]
        assert scene.feedback is None
        finish_step(app, scene, step)
    assert {("predict", "other"), ("follow", "wrong"), ("trump_wins", "other")} <= judged
    assert {("no_trump", "other"), ("minus_five", "other")} <= judged


def test_the_lesson_can_be_left_from_the_pause_menu():
    app, scene = lesson_app()
    # three steps that explain, then the prediction
    continue_through(app, scene, scene.lesson.steps[:3], wait_for_step)
    wait_for_step(app, scene, scene.lesson.steps[3])
    leave_from_pause_menu(app, scene, GAME)
