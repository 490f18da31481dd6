"""Learn to play: the lesson files' loader, and the Crazy Eights lesson driven through
real pygame events to its free play, with a wrong move at every step, in each language
and laid out whole at 1280×720 and 4K."""

from __future__ import annotations

import functools
import json
import re

import pygame
import pytest
from lesson_helpers import (
    LANGS,
    SIZES,
    assert_lesson_counted,
    assert_step_shown,
    audit_every_step,
    continue_through,
    finish_step,
    free_play_after,
    leave_from_pause_menu,
    make_asked_move,
    resized_lesson_app,
    steps_asking_moves,
    wait_for_step,
)
from ui_helpers import SIZE, click, drag, key, make_app, settle

from game import games
from game.engine.lessons import LessonError, lesson_path, load_lesson, parse_lesson
from game.services import i18n, stats
from game.ui.scenes.choose import ChooseScene
from game.ui.scenes.lesson import LessonScene

GAME = "crazy_eights"


# ---------------------------------------------------------------- the loader


def broken(tmp_path, old: str, new: str):
    text = lesson_path("crazy_eights").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "crazy_eights.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def problem(path) -> str:
    with pytest.raises(LessonError) as caught:
        parse_lesson(path, "crazy_eights")
    return str(caught.value)


def test_the_lesson_file_loads_and_every_step_says_one_thing():
    lesson = load_lesson("crazy_eights")
    assert [s.id for s in lesson.steps][:3] == ["welcome", "pile", "suit"]
    assert lesson.free_level == "easy" and lesson.options["players"] == 2
    moves = [a for s in lesson.steps for a in s.expect]
    assert "draw" in moves and any(":" in a for a in moves)  # a draw and an eight naming a suit
    assert lesson.steps[-1].points is None and any(s.points for s in lesson.steps)


@pytest.mark.parametrize(
    ("old", "new", "where", "what"),
    [
        ('expect = ["KS"]', 'expect = ["2C"]', "step 3 (suit): expect", "'2C' is not legal here"),
        ('then = ["3S"]', 'then = ["3S", "3H"]', "step 3 (suit): then", "the player's move"),
        ('then = ["9H"]', 'then = ["QC"]', "step 4 (rank): then", "not legal for seat 1"),
        ("These five are your hand.", "Robin holds the 5♦.", "step 1 (welcome): text", "5D"),
        ('ring = ["hand:KS", "pile"]', 'ring = ["hand:QC"]', "step 3 (suit): ring", "QC is not"),
        ("points = [0, 10]", "points = [0, 12]", "step 12 (scoring): points", "[0, 10], not"),
        ('id = "pile"', 'id = "pile"\nsay = "hi"', "step 2 (pile): say", "unknown key"),
        ('id = "pile"', 'id = "welcome"', "step 2 (welcome): id", "an earlier step"),
        ('starter = "7S"', 'starter = "KS"', "deal", "named twice"),
        ("hand_size = 5", "hand_size = 2", "lesson.options", "minimum"),
        ('level = "easy"', 'level = "hard"', "lesson.free_play.level", "easy, normal"),
    ],
)
def test_a_broken_lesson_names_the_file_the_step_and_the_problem(tmp_path, old, new, where, what):
    said = problem(broken(tmp_path, old, new))
    assert "crazy_eights.toml" in said and where in said and what in said, said
    if where.startswith("step"):
        assert re.search(r"line \d+", said), said  # and the line of the step


def test_a_lesson_file_that_is_not_toml_is_named(tmp_path):
    path = tmp_path / "crazy_eights.toml"
    path.write_text("[lesson\n", encoding="utf-8")
    said = problem(path)
    assert "crazy_eights.toml" in said and "not valid TOML" in said


# ---------------------------------------------------------------- the lesson, played


def lesson_app(size=(1280, 720)):
    return resized_lesson_app(GAME, size)


def make_move(app, scene, action: str, by_keys: bool = False) -> None:
    """``action`` made as a player makes it: drag (or arrows and Enter), a click on
    the stock, the suit chooser for an eight."""
    table = scene.table
    if action == "draw":
        click(app, table.stock_c)
        return
    card = action.split(":")[0]
    if by_keys:
        for _ in range(len(table.slots) + 1):
            if table.focus is not None and table.slots[table.focus][0] == card:
                break
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
    else:
        drag(app, table.slot_of(card), table.discard_c)
    if ":" in action:
        chooser = scene.modals[-1]
        suits = [option[1] for option in chooser.options]
        click(app, chooser.choice_rects[suits.index(action.split(":")[1])].center)


@pytest.mark.parametrize("language", LANGS, indirect=True)
def test_the_lesson_is_played_to_its_end_and_free_play_starts(language):
    app, scene = lesson_app()
    state = scene.session.state

    def shown(step) -> None:
        assert_step_shown(scene, step, app.screen.get_rect())

    for step in steps_asking_moves(app, scene, wait_for_step, shown):
        by_keys = step.id == "suit"
        make_asked_move(scene, step, functools.partial(make_move, app, scene, by_keys=by_keys))
        finish_step(app, scene, step)
    assert state.history[-1]["points"] == [0, 10]
    free = free_play_after(app, scene, state, ["easy"])
    assert len(free.session.state.hands[0]) == 7  # a fresh deal of the free play's options
    settle(app, lambda: free.ctx.can_act or free.session.current() != 0)
    assert_lesson_counted(GAME)


def test_a_wrong_move_at_each_step_is_explained_and_tried_again():
    app, scene = lesson_app()
    state = scene.session.state
    judged = set()
    for step in steps_asking_moves(app, scene, wait_for_step):
        legal = state.legal_actions()
        hand = [c for c, _, _ in scene.table.slots]
        illegal = [c for c in hand if not any(a.split(":")[0] == c for a in legal)]
        others = [a for a in legal if a not in step.expect and a != "draw"]
        tries = []
        if illegal:
            tries.append((illegal[0], "wrong"))
        if others:
            tries.append((others[0], "other"))
        if "draw" not in legal:  # the stock, clicked while a card fits
            tries.append(("draw", "wrong"))
        assert tries, step.id  # every step that waits for a move can be got wrong
        for action, kind in tries:
            before = list(state.actions)
            make_move(app, scene, action)
            assert state.actions == before, (step.id, action)  # nothing was played
            assert scene.feedback is not None and scene.feedback[0] == kind, step.id
            said = scene.coach_lines()[2]
            if kind == "wrong":
                assert state.refusal(action.split(":")[0]) in said
                assert not step.wrong or step.wrong in said
            else:
                assert (step.other or "not the one this step asks for") in said
            assert "Try again." in said
            settle(app, lambda: scene.ctx.can_act)
            judged.add((step.id, kind))
        make_move(app, scene, step.expect[0])  # and the asked move still works
        assert state.actions[-1 - len(step.then) :][:1] == [step.expect[0]] or step.then
        finish_step(app, scene, step)
    assert {("suit", "other"), ("eight", "other"), ("draw", "wrong")} <= judged


def test_the_frame_that_shows_a_step_asking_for_a_move_lets_the_player_move():
    """The first frame of a step that waits for a move is drawn with the move allowed:
    a table draws its move controls (an End turn button, a prompt's answers) only then,
    and nothing else would draw the frame again until the mouse moves."""
    app, scene = lesson_app()
    for step in scene.lesson.steps:
        settle(app, lambda n=step.number: scene.index == n - 1)
        assert scene.index == step.number - 1, step.id
        if step.expect:
            assert scene.ctx.can_act, step.id
            make_move(app, scene, step.expect[0])
            finish_step(app, scene, step)
        else:
            settle(app, scene.continue_ready)
            key(app, pygame.K_RETURN)


@pytest.mark.parametrize("language", LANGS, indirect=True)
def test_the_coach_buttons_show_their_labels_at_their_own_size(language):
    """The last step's "Play on my own" and "Leave lesson" are not shrunk to
    fit a button sized for smaller text."""
    from game.ui.widgets import button_width

    app, scene = lesson_app()
    scene.index = len(scene.lesson.steps) - 1
    scene.set_continue_label()
    scene.layout()
    app.pump()
    assert scene.continue_button.label == i18n._("Play on my own")
    for button in (scene.continue_button, scene.leave_button):
        need = button_width([button.label], button.text_px, button.rect.h)
        assert button.rect.w >= need, (button.label, button.rect.w, need)


def test_the_free_play_is_drawn_as_the_player_may_move():
    """The app draws a frame only while something moves or it is told to. The free play
    starts during the lesson's own update, so its first frame is drawn before it ever
    asked whether the player may move; the frame after it must show that they may (the
    Cross Rummy table draws its Done and Draw buttons only then). Played as the app's
    loop plays it, Cross Rummy's free play opening with the player."""
    app = make_app("normal")
    lesson = LessonScene(app, "cross_rummy")
    app.set_scene(lesson)
    app.resized((1280, 720))
    lesson.index = len(lesson.lesson.steps) - 1
    lesson.set_continue_label()
    app.pump()
    lesson.next_step()  # "Play on my own"
    drawn_with = []
    for _ in range(400):
        moving = app.update(16.0)
        if moving or app.dirty:
            app.render()
            drawn_with.append(app.scene.ctx.can_act)
        if app.scene is not lesson and app.scene.ctx.can_act and not moving:
            break
    free = app.scene
    assert isinstance(free, LessonScene) and free.free and free.session.current() == 0
    assert free.ctx.can_act and drawn_with[-1]


@pytest.mark.parametrize("language", ["de", "sv"], indirect=True)
def test_the_engine_reason_for_a_wrong_move_is_said_in_the_players_language(language):
    """The coach repeats the engine's reason for a refused move: a message, said in the
    player's language like every other refusal (not its English template)."""
    app, scene = lesson_app()
    suit = next(s for s in scene.lesson.steps if s.id == "suit")
    continue_through(app, scene, scene.lesson.steps[: suit.number - 1])
    wait_for_step(app, scene, suit)
    reason = scene.session.refusal("3H")
    assert i18n.say(reason) != str(reason)  # the catalogue has it in this language
    make_move(app, scene, "3H")  # neither a spade nor a 7 on the 7 of spades
    said = scene.coach_lines()[2]
    assert i18n.say(reason) in said and str(reason) not in said


def test_the_lesson_can_be_left_at_any_step_from_the_pause_menu():
    app, scene = lesson_app()
    # two steps that explain, then the first move
    continue_through(app, scene, scene.lesson.steps[:2])
    wait_for_step(app, scene, scene.lesson.steps[2])
    leave_from_pause_menu(app, scene, GAME)


@pytest.mark.parametrize("language", LANGS, indirect=True)
@pytest.mark.parametrize("size", SIZES)
def test_every_step_is_whole_and_readable(language, size, recording):
    where = f"{size} [{language}]"
    findings = audit_every_step(GAME, size, where, make_move, opened_at=SIZE)
    # The discard pile lets the card below peek out, its rank beside the top card's: the
    # table's own drawing (the table audit's to judge), not the lesson's words.
    ranks = "A|[2-9]|10|J|Q|K"
    peeking = re.compile(rf".*: '({ranks})' and '({ranks})'")
    left = {
        kind: [item for item in items if not (kind == "overlap" and peeking.fullmatch(item))]
        for kind, items in findings.problems.items()
    }
    assert not any(left.values()), left


# ---------------------------------------------------------------- choice, offer, statistics


def test_the_first_start_offers_the_lesson_once_and_the_choice_ticks_it():
    app = make_app()
    choose = ChooseScene(app)
    app.set_scene(choose)
    app.pump()
    with_lesson = {g.id for g in choose.games if lesson_path(g.id).exists()}
    assert "crazy_eights" in with_lesson
    assert set(choose.learn_rects) == with_lesson  # only games with a lesson file
    click(app, choose.rects[0].center)
    offer = choose.modals[-1]
    assert [b.label for b in offer.buttons] == ["Learn to play", "Just play"]
    click(app, offer.buttons[1].rect.center)  # declined: the setup opens
    assert type(app.scene).__name__ == "SetupScene"
    again = ChooseScene(app)
    app.set_scene(again)
    app.pump()
    click(app, again.rects[0].center)
    assert type(app.scene).__name__ == "SetupScene"  # never offered again
    stats.note_lesson("crazy_eights", finished=True)
    ticked = ChooseScene(app)
    app.set_scene(ticked)
    app.pump()
    from game.ui import textlog

    textlog.start()
    try:
        surface = textlog.RecordingSurface(app.size)
        app.render(surface)
        words = [d.words for d in textlog.drawn(surface)[0]]
    finally:
        textlog.stop()
    assert "✓ Learn to play" in words
    click(app, ticked.learn_rects["crazy_eights"].center)
    assert isinstance(app.scene, LessonScene)


def test_a_game_already_played_is_not_offered_its_lesson():
    stats.count(stats.key("crazy_eights", 4, "normal"), True, 0, True, False)
    app = make_app()
    choose = ChooseScene(app)
    app.set_scene(choose)
    app.pump()
    click(app, choose.rects[0].center)
    assert type(app.scene).__name__ == "SetupScene"


def test_statistics_keep_lessons_apart_and_old_files_load_unchanged():
    # a file as every Parlour before lessons wrote it: records only
    assert stats.save({"rage/4/normal": {"games": 2, "wins": 1}}) is None
    assert "lessons" not in json.loads(stats.path().read_text(encoding="utf-8"))
    loaded = stats.load()
    assert loaded.problem is None and loaded.lessons == {}
    assert loaded["rage/4/normal"]["games"] == 2
    assert stats.note_lesson("rage", finished=True) is None
    assert stats.load()["rage/4/normal"]["games"] == 2  # the records are untouched
    assert stats.reset() is None
    kept = stats.load()
    assert dict(kept) == {} and kept.lessons == {"rage": {"finished": 1, "offered": True}}
    raw = json.loads(stats.path().read_text(encoding="utf-8"))
    raw["lessons"]["nope"] = {"finished": 1}
    raw["lessons"]["rage"]["finished"] = -3
    stats.path().write_text(json.dumps(raw), encoding="utf-8")
    damaged = stats.load()
    assert damaged.lessons == {} and "lessons" in (damaged.problem or "")


# ---------------------------------------------------------------- every lesson: no hints


@pytest.mark.parametrize("game_id", [g for g in games.GAMES if lesson_path(g).exists()])
def test_no_lesson_offers_a_hint_at_the_first_move_it_asks_for(game_id):
    """The coach says what to do: neither the table scene's Hint nor a table's own
    (Cross Rummy's) is shown, and H gives nothing, on the player's turn."""
    app = make_app()
    scene = LessonScene(app, game_id)
    app.set_scene(scene)
    app.pump()
    for _ in range(3000):  # Continue through the opening steps to the first asked move
        step = scene.step
        if step.expect and scene.ctx.can_act:
            break
        if not step.expect and scene.continue_ready():
            scene.next_step()
        app.pump(16.0)
    assert scene.step.expect and scene.ctx.can_act, scene.step.id
    assert scene.hint_button.rect.w == 0
    own = getattr(scene.table, "hint_button", None)
    if own is not None:
        assert own not in scene.table.buttons()
    key(app, pygame.K_h)
    app.pump(16.0)
    assert scene.seat_layer.hint is None and getattr(scene.table, "hint", None) is None
    assert scene.step.expect  # still waiting for the move: nothing was played for the player
