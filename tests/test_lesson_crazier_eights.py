"""Learn to play Crazier Eights: the lesson file loads, is played to its free play through
real pygame events in each language (laid out whole at 1280×720 and 4K on every step),
a wrong move at every step is explained and tried again, and the lesson can be left."""

from __future__ import annotations

import functools
import re

import lesson_helpers
import pygame
import pytest
from lesson_helpers import (
    LANGS,
    SIZES,
    assert_lesson_counted,
    assert_step_shown,
    finish_step,
    free_play_after,
    leave_from_pause_menu,
    make_asked_move,
    play_through,
    steps_asking_moves,
)
from ui_helpers import click, drag, drawn_words, key, settle

from game.engine.crazier_eights import COLOURS
from game.engine.lessons import LessonError, lesson_path, load_lesson, parse_lesson
from game.services import i18n

GAME = "crazier_eights"


# ---------------------------------------------------------------- the file


def test_the_lesson_loads_and_teaches_each_idea_by_a_move():
    lesson = load_lesson(GAME)
    assert lesson.options["players"] == 2 and lesson.free_level == "easy"
    moves = [a for s in lesson.steps for a in s.expect]
    kinds = {a.split(":")[0] for a in moves}
    assert kinds == {"play", "discard", "end", "choose"}  # both ways out of the hand, a save
    assert "play:crown_of_kings" in moves  # the steal, as an event "when played"
    assert any(a.count(":") == 2 for a in moves)  # an eight naming a colour
    assert lesson.steps[-1].points is None and any(s.points for s in lesson.steps)
    assert 10 <= len(lesson.steps) <= 16


@pytest.mark.parametrize(
    ("old", "new", "where", "what"),
    [
        ("These are your cards.", "Robin holds Merlin.", "step 1 (welcome): text", "merlin"),
        ('expect = ["discard:feast"]', 'expect = ["discard:stone_troll:red"]', "step 2", "not"),
        (
            'then = ["play:dragon_fire"]',
            'then = ["discard:tribute"]',
            "step 9 (end_again)",
            "seat 1",
        ),
        ('"hand:feast", "pile"', '"hand:merlin"', "step 2 (discard): ring", "merlin is not"),
        ("points = [0, 4]", "points = [0, 5]", "step 13 (win_lose): points", "[0, 4], not"),
        ('starter = "ride_out"', 'starter = "feast"', "deal", "named twice"),
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


# ---------------------------------------------------------------- moves as a player makes them


def lesson_app(size=(1280, 720)):
    return lesson_helpers.lesson_app(GAME, size)  # a window of that size: faces fit its floor


def wait_for_step(app, scene, step) -> None:
    lesson_helpers.wait_for_step(app, scene, step, rest_pointer=True)


def focus_card(app, table, card: str) -> None:
    for _ in range(len(table.slots) + 1):
        if table.focus is not None and table.slots[table.focus][0] == card:
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"{card} never had the focus")


def make_move(app, scene, action: str, by_keys: bool = False) -> None:
    """``action`` made as a player makes it: a card dragged onto the pile (discard) or
    the table centre (play), an eight's colour in the chooser, an asset to save clicked,
    End turn clicked; by keys: the arrows and Enter on a card, E to end, 1–9 to answer."""
    table = scene.table
    kind, _, rest = action.partition(":")
    if kind == "end":
        if by_keys:
            key(app, pygame.K_e)
        else:
            click(app, table.end_button.rect.center)
        return
    if kind == "choose":
        if by_keys:
            answers = [a for a, _label in table.pending()["options"]]
            key(app, pygame.K_1 + answers.index(action))
        else:
            click(app, table.asset_rects[rest].center)
        return
    card, _, colour = rest.partition(":")
    if by_keys:
        focus_card(app, table, card)
        key(app, pygame.K_RETURN)
    else:
        drop = table.discard_rect.center if kind == "discard" else table.event_rect.center
        drag(app, table.slot_of(card), drop)
    if colour:
        chooser = scene.modals[-1]
        colours = [option[1] for option in chooser.options]
        click(app, chooser.choice_rects[colours.index(colour)].center)


BY_KEYS = {"end_again", "go_out"}  # E ends a turn; the arrows and Enter play a card


# ---------------------------------------------------------------- the lesson, played


def peeking_ranks(items: list[str]) -> list[str]:
    """The audit's overlaps left once the discard pile's own peeking corners are taken
    out (the card below shows its rank beside the top card's: the table's drawing)."""
    ranks = "A|[2-9]|10|J|Q|K"
    peeking = re.compile(rf".*: '({ranks})' and '({ranks})'")
    return [item for item in items if not peeking.fullmatch(item)]


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
        by_keys = step.id in BY_KEYS
        make_asked_move(scene, step, functools.partial(make_move, app, scene, by_keys=by_keys))
        finish_step(app, scene, step)
    assert state.is_over() and state.winners == [0]
    assert state.history[-1]["points"] == [0, 4]
    left = {kind: peeking_ranks(items) for kind, items in findings.problems.items()}
    assert not any(left.values()), left
    free = free_play_after(app, scene, state, ["easy"])
    assert [len(h) for h in free.session.state.hands] in ([7, 8], [8, 7])  # a fresh deal
    settle(app, lambda: free.ctx.can_act or free.session.current() != 0)
    assert_lesson_counted(GAME)


@pytest.mark.parametrize("language", ["de", "sv"], indirect=True)
def test_the_eights_colours_are_named_in_the_language(language, recording):
    """The chooser the Green Chapel opens names the colours in the player's language, the
    words the coach uses ("nenne Lila"), not the engine's English titles."""
    from game.engine.crazier_eights.deck import COLOUR_TITLES

    app, scene = lesson_app()  # the words drawn are recorded (the fixture records)
    eight = next(s for s in scene.lesson.steps if s.id == "eight")
    play_through(app, scene, scene.lesson.steps[: eight.number - 1], make_move, wait_for_step)
    wait_for_step(app, scene, eight)
    drag(app, scene.table.slot_of("green_chapel"), scene.table.discard_rect.center)
    assert scene.modals  # the colour chooser
    words = drawn_words(app)
    said = [i18n.say(COLOUR_TITLES[c]) for c in COLOURS]
    assert said != [str(COLOUR_TITLES[c]) for c in COLOURS]
    assert all(w in words for w in said), (said, words)
    assert not [str(COLOUR_TITLES[c]) for c in COLOURS if str(COLOUR_TITLES[c]) in words]


def test_the_reason_a_game_is_won_is_a_message_for_the_catalogue():
    """The lesson ends as most games do, a hand emptied: the reason the game records is
    an engine message, so the score sheet says it in the player's language."""
    from game.engine.core import Msg

    lesson = load_lesson(GAME)
    state = lesson.start()
    for step in lesson.steps:
        for action in step.expect[:1] + step.then:
            state.apply(action)
    why = state.history[-1]["why"]
    assert isinstance(why, Msg) and str(why) == "no cards left in hand"


def tries_at(scene, step) -> list[tuple[str, str]]:
    """A wrong move at ``step`` as a player might make it: a card the engine refuses
    (``wrong``), and a legal move that is not the one asked for (``other``)."""
    state = scene.session.state
    legal = state.legal_actions()
    hand = [c for c, _, _ in scene.table.slots]
    tries = []
    illegal = [
        f"{kind}:{c}"
        for c in hand
        for kind in ("discard", "play")
        if not any(a == f"{kind}:{c}" or a.startswith(f"{kind}:{c}:") for a in legal)
    ]
    if illegal:
        tries.append((illegal[0], "wrong"))
    if "end" not in legal and "end" not in step.expect:
        tries.append(("end", "wrong"))  # End turn while a question waits: refused
    others = [a for a in legal if a not in step.expect and not a.endswith(":none")]
    if others:
        colours = [a for a in others if a.rsplit(":", 1)[-1] in COLOURS]
        tries.append(((colours or others)[0], "other"))
    return tries


def test_a_wrong_move_at_each_step_is_explained_and_tried_again():
    app, scene = lesson_app()
    state = scene.session.state
    judged = set()
    for step in steps_asking_moves(app, scene, wait_for_step):
        tries = tries_at(scene, step)
        assert tries, step.id  # every step that waits for a move can be got wrong
        for action, kind in tries:
            before = list(state.actions)
            if action == "end":
                key(app, pygame.K_e)  # no End turn button is shown while a question waits
            else:
                make_move(app, scene, action)
            assert state.actions == before, (step.id, action)  # nothing was played
            assert scene.feedback is not None and scene.feedback[0] == kind, (step.id, action)
            said = scene.coach_lines()[2]
            if kind == "wrong":
                assert str(state.refusal(action)) in said, (step.id, said)
                assert not step.wrong or step.wrong in said
            else:
                assert (step.other or "not the one this step asks for") in said
            assert "Try again." in said
            settle(app, lambda: scene.ctx.can_act)
            judged.add((step.id, kind))
        before = len(state.actions)
        make_move(app, scene, step.expect[0])  # and the asked move still works
        assert state.actions[before] == step.expect[0], step.id
        finish_step(app, scene, step)
    assert state.winners == [0]
    assert {
        ("discard", "wrong"),
        ("discard", "other"),
        ("eight", "other"),
        ("save", "wrong"),
        ("save", "other"),
    } <= judged


def test_the_lesson_can_be_left_from_the_pause_menu():
    app, scene = lesson_app()
    steps = scene.lesson.steps
    wait_for_step(app, scene, steps[0])
    key(app, pygame.K_RETURN)
    for step in steps[1:4]:  # a discard, a play, the turn ended: Robin's turn follows
        wait_for_step(app, scene, step)
        make_move(app, scene, step.expect[0])
    wait_for_step(app, scene, steps[4])
    leave_from_pause_menu(app, scene, GAME)
