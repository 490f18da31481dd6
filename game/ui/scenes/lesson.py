"""Learn to play: a game's lesson (``assets/lessons/<game>.toml``) at its usual table.

The lesson is the table scene (``table_host.TableScene``) with a coach panel beside the
table. The coach says one step at a time, rings the parts of the table the step talks
about and waits: for Continue (Enter) on a step that explains, for the move asked for
on a step that waits for one. The player moves as in any game (drag, click, keys); the
move goes through ``submit``, where the lesson judges it: the move asked for is played,
a legal move that is not the one asked for and an illegal one are not, and the coach
says why and lets the player try again. The opponents play the moves the lesson
scripts (``then``), so the lesson always goes as written. After the last step the same
scene becomes free play against the lesson's AI level on a fresh deal.

Nothing here is saved or counted: the sessions have no autosave (so no save file, no
statistics record, no replay), undo and hints are off. The lesson finished is noted
with the statistics (``stats.note_lesson``) as the free play starts.

Rings: a table names its own parts with ``lesson_ring(target) -> Rect | None`` (the
Crazy Eights table's are in ``tables/crazy_eights/rings.py``); the scene names the log.
"""

from __future__ import annotations

import random

import pygame

from game.engine.core import nmsg
from game.engine.lessons import Lesson, Step, load_lesson
from game.engine.rounds import position_before_next_deal
from game.services import stats
from game.services.filecheck import FileProblem
from game.services.i18n import _, default_name, msg, say
from game.services.settings import setup_entry
from game.ui import theme
from game.ui.session import Seat, Session
from game.ui.table_host import TableScene
from game.ui.thinking import Thinking
from game.ui.widgets import Button, Dialog, RoundSheet, button_width

COACH_W = 480  # reference px: the coach panel's width, right of the table


class LessonThinking(Thinking):
    """A lesson's opponents think only in free play: while the session is ``scripted``,
    the lesson plays their moves."""

    def start(self) -> None:
        if not self.session.scripted:
            super().start()


class LessonSession(Session):
    """A lesson's match: never saved or counted, no undo; with ``scripted`` the
    opponents make no move of their own (the lesson plays theirs)."""

    scripted = False
    ai_class = LessonThinking
    hints_allowed = False  # the coach says what to do; no table offers a hint

    @property
    def undo_allowed(self) -> bool:
        return False


# ---------------------------------------------------------------- rings


def ring_rect(scene, target: str):
    """The rectangle of ``target`` on the screen now, or None (not shown at the moment).
    The log is the scene's; every other part is the table's to name (its ``lesson_ring``)."""
    if target == "log":
        return scene.log.rect.copy() if scene.log.open else None
    own = getattr(scene.table, "lesson_ring", None)
    return own(target) if own is not None else None


# ---------------------------------------------------------------- words


def player_name(settings: dict, game_id: str) -> str:
    """The name the player sits under: their own from this game's last setup (when the
    first seat was a person's), else the setup's first default, "Player 1". The log and
    the panels conjugate a name ("Player 1 plays"), so the player is never "You" there."""
    try:
        entry = setup_entry((settings.get("last_setup") or {}).get(game_id, {}))
    except (FileProblem, AttributeError):
        entry = {}
    first = (entry.get("seats") or [None])[0]
    if isinstance(first, dict) and first.get("kind") == "human" and first.get("name"):
        return default_name(first["name"])  # "Player 1" as the setup wrote it: translated
    return _("Player {n}").format(n=1)


def free_play_words(lesson: Lesson):
    """What the coach says of the free play: against whom, and that nothing counts."""
    n = lesson.free_options["players"] - 1
    if lesson.free_level == "normal":
        return nmsg(
            "A game of your own against a normal opponent. It is not saved and does not count in your statistics.",
            "A game of your own against {n} normal opponents. It is not saved and does not count in your statistics.",
            n,
        )
    return nmsg(
        "A game of your own against an easy opponent. It is not saved and does not count in your statistics.",
        "A game of your own against {n} easy opponents. It is not saved and does not count in your statistics.",
        n,
    )


# ---------------------------------------------------------------- the scene


class LessonScene(TableScene):
    def __init__(self, app, game_id: str, free_play: bool = False, lesson: Lesson | None = None):
        self.lesson = lesson or load_lesson(game_id)
        self.free = free_play
        lesson = self.lesson
        me = player_name(app.settings, game_id)
        names = [*lesson.opponents]
        names.insert(lesson.seat, me)
        if free_play:
            options = {k: v for k, v in lesson.free_options.items() if k != "players"}
            players = lesson.free_options["players"]
            names = [me] + [lesson.opponents[i % len(lesson.opponents)] for i in range(players - 1)]
            seats = [Seat(names[0], "human")] + [
                Seat(n, "ai", lesson.free_level) for n in names[1:]
            ]
            session = LessonSession(
                game_id, options, random.randrange(1, 10**9), seats, autosave=False
            )
        else:
            state = lesson.start()
            seats = [
                Seat(name, "human" if i == lesson.seat else "ai", lesson.free_level)
                for i, name in enumerate(names)
            ]
            options = {k: v for k, v in lesson.options.items() if k != "players"}
            session = LessonSession(
                game_id, options, lesson.seed, seats, state=state, autosave=False
            )
            session.scripted = True
            session.log = list(getattr(state, "opening", None) or [])
        self.index = 0  # the step shown
        self.moved = False  # the step's move (or Continue) is made; its script may follow
        self.script: list = []  # the opponents' moves still to come this step
        self.feedback: tuple[str, str] | None = None  # ("wrong" | "other", words)
        self.at_round_end = False  # the lesson's play is over: the table stays on its round's end
        self.coach_rect = pygame.Rect(0, 0, 0, 0)
        self.continue_button = Button(msg("Continue"), self.next_step, primary=True)
        self.leave_button = Button(msg("Leave lesson"), self.leave)
        super().__init__(app, session)
        self.log.open = False  # the coach panel takes the log's place; the log stays a click away
        self.layout()

    # -- where things are

    @property
    def step(self) -> Step | None:
        if self.free or self.index >= len(self.lesson.steps):
            return None
        return self.lesson.steps[self.index]

    def _log_toggled(self, is_open: bool) -> None:
        self.layout()  # the player's choice for real games stays as it was

    def layout(self) -> None:
        super().layout()
        if not hasattr(self, "coach_rect"):
            return  # the table scene lays out once before the lesson's parts exist
        m = self.m
        full = self.table.area
        width = min(m.px(COACH_W), full.w // 2)
        top = self.menu_button.rect.bottom + m.px(14)
        self.coach_rect = pygame.Rect(
            full.right - width, top, width - m.px(14), self.size[1] - top - m.px(14)
        )
        area = pygame.Rect(full.x, full.y, full.w - width, full.h)
        self.ctx.extra["chrome_w"] = 0  # the buttons' row sits above the coach, not the table
        self.table.resize(area, m)
        inner = self.coach_rect.inflate(-m.px(36), -m.px(36))
        h = m.px(56)
        labels = [self.continue_button.label, self.leave_button.label]
        need = button_width(labels, m.font_px(24), h, margin=m.px(4))  # at their own size
        bw = min(inner.w, max(m.px(200), need))
        self.leave_button.place((inner.x, inner.bottom - h, bw, h), m.font_px(22))
        self.continue_button.place((inner.x, inner.bottom - 2 * h - m.px(12), bw, h), m.font_px(24))
        self.set_continue_label()

    def set_continue_label(self) -> None:
        step = self.step
        label = _(step.continue_label) if step is not None and step.continue_label else None
        self.continue_button.label = label or msg("Continue")

    # -- the lesson's course

    def next_step(self) -> None:
        """Continue on a step that explains: its scripted moves follow, then the next step."""
        step = self.step
        if step is None or step.waits_for_move or self.moved or not self.continue_ready():
            return
        self.moved = True
        self.script = list(step.then)
        self.app.dirty = True

    def continue_ready(self) -> bool:
        step = self.step
        return (
            step is not None
            and not step.waits_for_move
            and not self.moved
            and not self.steps
            and not self.table.busy()
            and not self.modals
        )

    def advance(self) -> None:
        """The step's move and its script are played and shown: the next step."""
        self.index += 1
        self.moved = False
        self.script = []
        self.feedback = None
        if self.index >= len(self.lesson.steps):
            self.start_free_play()
            return
        self.set_continue_label()
        # this frame draws the new step: whether the player may move now is the new
        # step's (the table draws its End turn and prompt answers only then)
        self.refresh_can_act()
        self.layout()
        self.app.dirty = True

    def start_free_play(self) -> None:
        problem = stats.note_lesson(self.lesson.game_id, finished=True)
        if problem:
            self.app.toast(problem)
        self.session.close()
        self.app.set_scene(LessonScene(self.app, self.lesson.game_id, True, self.lesson))

    def leave(self) -> None:
        self.session.close()
        self.app.go("choose")

    # -- judging the player's move

    def submit(self, action) -> bool:
        self._prune()
        self.refresh_can_act()
        if not self.ctx.can_act:
            return False
        step = self.step
        if step is None:
            return self.apply(action)
        if self.lesson.matches(step, action):
            if not self.apply(action):
                return False
            self.feedback = None
            self.moved = True
            self.script = list(step.then)
            return True
        why = self.session.refusal(action)
        if why is None:
            words = (
                _(step.other)
                if step.other
                else _("That move is allowed, but it is not the one this step asks for.")
            )
            self.coach(("other", words))
        else:
            self.coach(
                (
                    "wrong",
                    # the engine's reason is a message: said in the player's language
                    " ".join(
                        w for w in (theme.spoken(why), _(step.wrong) if step.wrong else "") if w
                    ),
                )
            )
        return False

    # -- a round's end

    def apply(self, action) -> bool:
        """As at any table; a move that scores a round shows the position the round ended
        in from the lesson's own game (its prepared deal is not its seed's)."""
        before = None if self.free else self.session.state.copy()
        scored = len(getattr(self.session.state, "history", ()))
        if not super().apply(action):
            return False
        if before is not None and len(getattr(self.session.state, "history", ())) > scored:
            self.round_over = position_before_next_deal(before, action)
        return True

    def enqueue(self, events: list) -> None:
        """When no later step waits for a move, a round scored now ends the lesson's play:
        the table stays on the round's end (the next deal is no part of the lesson, and
        the loader checks the last steps against that position)."""
        kinds = [e.kind for e in events]
        later = self.free or any(s.waits_for_move for s in self.lesson.steps[self.index + 1 :])
        if later or "round_end" not in kinds or "game_end" in kinds:
            super().enqueue(events)
            return
        super().enqueue(events[: kinds.index("round_end") + 1])
        self.at_round_end = True
        tail = self.steps
        while tail and (tail[-1] == ("view",) or (tail[-1][0] == "play" and not tail[-1][1])):
            tail.pop()  # nothing after the sheet: no next deal, no new view

    def coach(self, feedback: tuple[str, str]) -> None:
        self.feedback = feedback
        self.app.sounds.play("invalid")
        self.app.dirty = True

    def toast(self, message: str, colour=theme.ERROR) -> None:
        """The table's refusal of an illegal move: during a step, the coach says it."""
        step = self.step
        if step is not None and step.waits_for_move and colour == theme.ERROR:
            extra = _(step.wrong) if step.wrong else ""
            self.coach(("wrong", " ".join(w for w in (theme.spoken(message), extra) if w)))
            return
        super().toast(message, colour)

    # -- the loop

    def refresh_can_act(self) -> None:
        super().refresh_can_act()
        step = self.step
        if not self.free and (step is None or not step.waits_for_move or self.moved):
            self.ctx.can_act = False
        # while the coach explains (a step that waits for no move, Continue not yet
        # pressed) the table shows nobody to move: no "Your turn" for the player, no
        # opponent "thinking…" (the lesson plays their moves); an asked move brings it back
        self.ctx.extra["nobody_to_move"] = (
            not self.free and step is not None and not step.waits_for_move and not self.moved
        )

    def run_steps(self) -> None:
        if not self.free and self.steps and self.steps[0][0] == "final":
            self.steps.popleft()  # the lesson's round is over: its next step explains the score
            self.app.dirty = True
            return
        super().run_steps()
        sheet = self.modals[-1] if self.modals else None
        if not self.free and isinstance(sheet, RoundSheet) and sheet.buttons:
            sheet.buttons[0].label = msg("Continue")  # on to the next step, not a next round

    def run_ai(self) -> None:
        if self.free:
            super().run_ai()
            return
        s = self.session
        if s.is_over() or not s.ai_turn() or not self.script:
            self.ai_ready_at = None
            return
        if self.ai_ready_at is None:
            self.ai_ready_at = self.app.now + self.app.settings.pace_ms
        if self.app.now >= self.ai_ready_at:
            self.apply(self.lesson.action(self.script.pop(0)))

    def update(self, dt_ms: float) -> bool:
        moving = super().update(dt_ms)
        if self.at_round_end:  # nobody is to move in a round that is over (as under its sheet)
            self.ctx.extra["replaying"] = True
        if (
            not self.free
            and self.moved
            and not self.script
            and not self.steps
            and not self.table.busy()
            and not self.modals
        ):
            self.advance()
        self.continue_button.enabled = self.continue_ready()
        return moving

    # -- input

    def handle_input(self, ev) -> None:
        if self.leave_button.handle(ev):
            return
        step = self.step
        if step is not None and not step.waits_for_move:
            if self.continue_button.handle(ev):
                return
            if ev.type == pygame.KEYDOWN and ev.key in (
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_SPACE,
            ):
                self.next_step()
                return
        super().handle_input(ev)

    def pause(self) -> None:
        d = Dialog(
            msg("Paused"),
            msg("Nothing in a lesson is saved or counted. Leave it whenever you like."),
            [
                Button(msg("Continue"), lambda: d.close(), primary=True),
                Button(
                    msg("Rules (F1)"), lambda: (d.close(), self.app.show_help(self.session.game_id))
                ),
                Button(msg("Settings"), lambda: (d.close(), self.open_settings())),
                Button(msg("Leave lesson"), lambda: (d.close(), self.leave())),
            ],
            width=860,
        )
        self.open_dialog(d)

    # -- drawing

    def chrome(self) -> tuple:
        return (
            *super().chrome(),
            self.index,
            self.moved,
            self.feedback,
            self.continue_button.enabled,
            self.continue_button.hover,
            self.leave_button.hover,
            self.free,
        )

    def draw_scene(self, surface) -> None:
        super().draw_scene(surface)
        m = self.m
        step = self.step
        if step is not None:
            for target in step.ring:
                rect = ring_rect(self, target)
                if rect is not None:
                    # the coach's own ring: double and sky blue, never the gold of
                    # the keyboard focus or of Cross Rummy's marked tiles
                    theme.draw_ring(
                        surface,
                        rect.inflate(m.px(14), m.px(14)),
                        m,
                        width=12,
                        radius=16,
                        colour=theme.COACH,
                        style="double",
                    )
        self.draw_coach(surface)

    def coach_lines(self) -> tuple[str, str, str]:
        """The coach's heading, its words and the feedback (empty when none)."""
        title = _(self.lesson.title)
        step = self.step
        if self.free:
            return _("Free play"), say(free_play_words(self.lesson)), ""
        if step is None:
            return title, "", ""
        count = _("Step {n} of {total}").format(n=step.number, total=len(self.lesson.steps))
        text = f"{count}\n{_(step.text)}"
        feedback = ""
        if self.feedback is not None:
            kind, words = self.feedback
            lead = _("Not quite.") if kind == "other" else _("That move is not allowed.")
            again = _("Try again.")
            feedback = f"{lead} {words} {again}"
        return title, text, feedback

    def draw_coach(self, surface) -> None:
        m = self.m
        rect = self.coach_rect
        if not rect.w:
            return
        theme.draw_panel(surface, rect, m.px(14), alpha=235, border=theme.GOLD)
        inner = rect.inflate(-m.px(36), -m.px(36))
        title, text, feedback = self.coach_lines()
        y = inner.y
        y = theme.blit_fitted(
            surface, title, m.font_px(28), inner.w, (inner.x, y), m.floor_px(), theme.GOLD, True
        ).bottom + m.px(12)
        size = m.font_px(23)
        pitch = int(size * 1.32)
        bottom = (
            self.continue_button.rect.y
            if self.step is not None and not self.step.waits_for_move
            else self.leave_button.rect.y
        ) - m.px(12)
        for i, para in enumerate(text.split("\n")):
            colour = theme.TEXT_DIM if i == 0 and not self.free else theme.TEXT
            for line in theme.wrap(para, size, inner.w):
                theme.blit_text(surface, line, size, (inner.x, y), colour)
                y += pitch
            y += m.px(8)
        if feedback:
            y += m.px(6)
            colour = theme.ERROR if self.feedback[0] == "wrong" else theme.GOLD
            for line in theme.wrap(feedback, size, inner.w):
                theme.blit_text(surface, line, size, (inner.x, y), colour)
                y += pitch
        self.text_bottom = y
        self.text_room = bottom
        if self.step is not None and not self.step.waits_for_move:
            self.continue_button.draw(surface)
        self.leave_button.draw(surface)
