"""The Crazy Lab lesson (``assets/lessons/crazy_lab.toml``): loaded and checked, played to
its free play through real pygame events in each language, a wrong move at every step
that waits for one, every step whole at 1280×720 and 4K, and left from the pause menu.

Crazy Lab refuses no card in hand (there is no duty to follow) and its choice panels
offer only legal choices, so the wrong move a player can make at every step is a legal
one that is not the one asked for; the coach's words for a move the engine refuses are
checked by submitting one (a scoring card that is not in the stack)."""

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
    audit_every_step,
    free_play_after,
    leave_from_pause_menu,
    play_through,
    resized_lesson_app,
    steps_asking_moves,
)
from ui_helpers import SIZE, click, drag, key, settle

from game.engine import crazy_lab
from game.engine.lessons import LessonError, lesson_path, load_lesson, parse_lesson
from game.ui.scenes.lesson import ring_rect

GAME = "crazy_lab"
BY_KEYS = {"plus", "trump_wins"}  # a secret choice and a card, made with arrows and Enter


# ---------------------------------------------------------------- the file


def test_the_lesson_loads_and_teaches_every_part_of_a_round():
    lesson = load_lesson(GAME)
    assert lesson.options["players"] == 3 and lesson.options["rounds"] == 1
    assert lesson.free_level == "easy" and lesson.free_options["players"] == 3
    assert 10 <= len(lesson.steps) <= 16
    moves = [a for s in lesson.steps for a in s.expect]
    assert moves[:2] == ["plus:B", "trump:Y,G"]  # the secret choices, made by the player
    assert len(moves) == 12  # and a card in each of the ten tricks
    assert [s.points for s in lesson.steps if s.points] == [[18, 7, 8]]


def test_the_prepared_deal_is_a_real_game_of_the_engine():
    lesson = load_lesson(GAME)
    state = lesson.start()
    d = crazy_lab.deck()
    assert [d.colours[m] for m in state.minus] == ["O", "Y", "G"]
    assert state.view(0).hand == lesson.deal["hands"][0]
    for step in lesson.steps:
        for action in step.expect[:1] + step.then:
            state.apply(action)
    # the pile turned up the colours the deal asks for, and nothing was lost on the way
    row = state.history[-1]
    assert [t["trump"] for t in state.round_tricks] == lesson.deal["trumps"]
    assert row["plus"] == ["B", "P", "O"] and row["points"] == [18, 7, 8]
    assert sorted(state.all_cards()) == list(range(d.size))
    assert len(state.all_scoring_cards()) == 20
    # without a deal the seed deals as it always has
    plain = crazy_lab.new_game(dict(lesson.options), lesson.seed)
    assert plain.view(0).hand != lesson.deal["hands"][0]


def broken(tmp_path, old: str, new: str):
    text = lesson_path(GAME).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"{GAME}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "where", "what"),
    [
        # Sam's card is named before Sam plays it
        ("your ●4 ⬢4 ★1 is", "Sam's ★4 ●4 ▲1 is", "step 1 (welcome): text", "P4/Y4/O1"),
        ('expect = ["plus:B"]', 'expect = ["plus:O"]', "step 3 (plus): expect", "minus colour"),
        ('ring = ["trick", "hand:B4/G3"]', 'ring = ["hand:G4/B3"]', "step 14", "not in the"),
        ("points = [18, 7, 8]", "points = [18, 8, 7]", "step 15 (scoring): points", "not"),
        ('trumps = ["Y", "P"', 'trumps = ["P", "P"', "step 4 (feed_pile): then", "trump pile"),
        ('minus = ["O", "Y", "G"]', 'minus = ["O", "O", "G"]', "deal", "minus"),
    ],
)
def test_a_broken_lesson_names_the_file_the_step_and_the_problem(tmp_path, old, new, where, what):
    with pytest.raises(LessonError) as caught:
        parse_lesson(broken(tmp_path, old, new), GAME)
    said = str(caught.value)
    assert f"{GAME}.toml" in said and where in said and what in said, said


# ---------------------------------------------------------------- played through real events


def lesson_app(size=(1280, 720)):
    return resized_lesson_app(GAME, size)


# this lesson is driven in frames of 250 ms while it waits
wait_for_step = functools.partial(lesson_helpers.wait_for_step, dt=250.0)
after_move = functools.partial(lesson_helpers.finish_step, dt=250.0)


def grip(table, card: str) -> tuple[int, int]:
    """A point on the visible part of hand card ``card`` (the cards overlap)."""
    index = next(i for i, slot in enumerate(table.slots) if slot[0] == card)
    x, y = (round(v) for v in table.slots[index][1])
    w = table.m.px(200)
    return next((px, y) for px in range(x - w, x + w) if table.slot_hit((px, y)) == index)


def make_move(app, scene, action: str, by_keys: bool = False) -> None:
    """``action`` made as a player makes it: a secret choice on the panel's tiles (or
    arrows and Enter), a card dragged into the trick (or picked with arrows, Enter)."""
    table = scene.table
    if action.startswith(("plus:", "trump:")):
        panel = table.panel
        assert panel is not None, action
        index = [option.value for option in panel.options].index(action)
        if by_keys:
            while panel.focus != index:
                key(app, pygame.K_RIGHT)
            key(app, pygame.K_RETURN)
        else:
            click(app, panel.tiles[index].center)
        return
    if by_keys:
        for _ in range(len(table.slots) + 1):
            if table.focus is not None and table.slots[table.focus][0] == action:
                break
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
        return
    drag(app, grip(table, action), table.trick_rect.center)


@pytest.mark.parametrize("language", LANGS, indirect=True)
def test_the_lesson_is_played_to_its_end_and_free_play_starts(language):
    app, scene = lesson_app()
    state = scene.session.state

    def shown(step) -> None:
        assert_step_shown(scene, step, app.screen.get_rect())

    for step in steps_asking_moves(app, scene, wait_for_step, shown):
        action = step.expect[0]
        assert state.current_player() == scene.lesson.seat
        assert action in state.legal_actions(), step.id
        before = len(state.actions)
        make_move(app, scene, action, by_keys=step.id in BY_KEYS)
        assert state.actions[before:] == [action], step.id
        after_move(app, scene, step)
    assert state.history[-1]["points"] == [18, 7, 8]
    free = free_play_after(app, scene, state, ["easy", "easy"])
    assert [len(h) for h in free.session.state.hands] == [10, 10, 10]
    settle(app, lambda: free.ctx.can_act or free.session.current() != 0)
    assert_lesson_counted(GAME)


def test_a_ringed_hand_card_is_ringed_as_far_as_it_shows():
    """The welcome rings one card of a tight fan: the ring holds the card's uncovered
    part, its values, and ends where the next card covers it (a ring round the whole
    card took in most of that neighbour, a yellow card like it)."""
    from game.ui import cards

    _app, scene = lesson_app()
    table = scene.table
    card = scene.lesson.steps[0].ring[0].partition(":")[2]
    names = [name for name, _centre, _angle in table.slots]
    i = names.index(card)
    w, h = cards.card_size(table.hand_h)

    def placed(slot) -> pygame.Rect:  # where the table draws a card of the fan
        r = pygame.Rect(0, 0, w, h)
        r.center = (round(slot[1][0]), round(slot[1][1]))
        return r

    left, next_left = placed(table.slots[i]).left, placed(table.slots[i + 1]).left
    assert left < next_left < left + w  # the fan covers part of the card
    ring = ring_rect(scene, f"hand:{card}")
    assert (ring.left, ring.right, ring.h) == (left, next_left, h)
    last = names[-1]  # the last card of the fan shows whole
    assert ring_rect(scene, f"hand:{last}").w == w


def test_a_wrong_move_at_each_step_is_explained_and_tried_again():
    app, scene = lesson_app()
    state = scene.session.state
    judged = []
    for step in steps_asking_moves(app, scene, wait_for_step):
        others = [a for a in state.legal_actions() if a not in step.expect]
        if not others:  # the last trick: one card left, nothing else to do
            assert len(state.hands[0]) == 1, step.id
        else:
            before = list(state.actions)
            make_move(app, scene, others[0])
            assert state.actions == before, step.id  # nothing was played
            assert scene.feedback is not None and scene.feedback[0] == "other", step.id
            said = scene.coach_lines()[2]
            assert step.other and step.other in said and "Try again." in said, step.id
            settle(app, lambda: scene.ctx.can_act)
            judged.append(step.id)
        if step.id == "feed_pile":  # a move the engine refuses: its reason, then a retry
            assert not scene.submit("trump:O,G")  # orange is the minus colour, not in the stack
            assert state.actions == before and scene.feedback[0] == "wrong"
            assert str(state.refusal("trump:O,G")) in scene.coach_lines()[2]
        make_move(app, scene, step.expect[0])  # and the asked move still works
        assert step.expect[0] in state.actions, step.id
        after_move(app, scene, step)
    assert len(judged) == 11  # every step that waits for a move, but the last trick
    assert state.history[-1]["points"] == [18, 7, 8]


def test_the_lesson_can_be_left_from_the_pause_menu():
    app, scene = lesson_app()
    # two steps that explain, the plus colour
    play_through(app, scene, scene.lesson.steps[:3], make_move, wait_for_step, after_move)
    wait_for_step(app, scene, scene.lesson.steps[3])  # the trump pile is being fed
    leave_from_pause_menu(app, scene, GAME)


@pytest.mark.parametrize("language", LANGS, indirect=True)
@pytest.mark.parametrize("size", SIZES)
def test_every_step_is_whole_and_readable(language, size, recording):
    where = f"{size} [{language}]"
    findings = audit_every_step(
        GAME, size, where, make_move, opened_at=SIZE, wait=wait_for_step, finish=after_move
    )
    problems = {kind: items for kind, items in findings.problems.items() if items}
    assert not problems, problems
