"""A match in progress: the engine state, who sits where, the log, undo and the save file.

The session is the only place the UI changes the game: ``act(action)`` applies an
action (raising ``IllegalAction`` with the engine's reason), records it, and saves the
game atomically. Its AI seats and the player's hints are thought by ``self.ai``
(``game.ui.thinking.Thinking``), off the render loop; the table applies the answer
through ``act`` like any move.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from game import games
from game.engine.core import IllegalAction
from game.engine.limits import clip
from game.services import saves
from game.services.i18n import msg, say
from game.ui.thinking import Thinking


def opening(state) -> list:
    """The events of a new game's deal (and whatever happened before its first decision),
    which the engine keeps: the log starts with them, not with the first action."""
    return list(getattr(state, "opening", None) or [])


@dataclass
class Seat:
    name: str
    kind: str = "ai"  # "human" or "ai"
    level: str = "normal"

    @property
    def human(self) -> bool:
        return self.kind == "human"


class Session:
    # True: ``ai.start()`` works the move out on the calling thread (no worker, no thread)
    # with bots that search a fixed amount and never read the clock (``untimed``). The
    # tests set it; the app never does.
    think_inline = False
    ai_class = Thinking  # what thinks for the AI seats (a lesson's holds back while scripted)

    def __init__(
        self,
        game_id: str,
        options: dict,
        seed: int | None,
        seats: list[Seat],
        state=None,
        autosave: bool = True,
    ):
        self.game_id = game_id
        self.info = games.get(game_id)
        self.module = self.info.engine()
        self.seed = seed
        self.seats = seats
        opts = dict(options)
        opts["players"] = len(seats)
        self.state = state if state is not None else self.module.new_game(opts, seed)
        self.options = dict(getattr(self.state, "options", opts))
        self.autosave = autosave
        # every engine event from the deal on, in order (shown as seen by the viewer)
        self.log: list = opening(self.state) if state is None else []
        self.wake = lambda: None
        self.notify = lambda message: None  # the table shows what the player must know
        self.save_failing = False  # told once per streak of failed writes
        self._movers: list = []  # the seat that made each action of the log
        self._future: list = []  # the undone line (redo replays it) while it still applies
        self.undos = 0  # how often this game was taken back (the statistics say so)
        self.ai = self.ai_class(self)  # the AI seats' bots and the hints

    # -- seats

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def hotseat(self) -> bool:
        return len(self.humans) >= 2

    def name(self, seat: int | None) -> str:
        return self.seats[seat].name if seat is not None and 0 <= seat < len(self.seats) else "—"

    def names(self) -> dict[str, str]:
        return {f"P{i}": s.name for i, s in enumerate(self.seats)}

    def words(self, event, viewer: int | None) -> str:
        """The log line of ``event`` as ``viewer`` may see it, names filled in."""
        return self.say(event.seen_by(viewer).text)

    def say(self, text) -> str:
        """An engine text (a log line, a prompt, an option) in the player's language,
        the seats' names filled in for ``{P0}``…"""
        said = say(text)
        try:
            return said.format_map(self.names())
        except (KeyError, ValueError, IndexError):
            return said

    # -- the game

    def current(self) -> int | None:
        return self.state.current_player()

    def is_over(self) -> bool:
        return self.state.is_over()

    def view(self, seat: int):
        return self.state.view(seat)

    def legal(self) -> list:
        return list(self.state.legal_actions())

    def refusal(self, action) -> str | None:
        """The engine's reason ``action`` is refused now, or None when it is legal."""
        if hasattr(self.state, "refusal"):
            return self.state.refusal(action)
        try:
            self.state.copy().apply(action)
        except IllegalAction as exc:
            return exc.reason
        return None

    def act(self, action) -> list:
        """Apply an action for the current seat; returns its events (IllegalAction if refused)."""
        movers = self.movers()
        seat = self.state.current_player()
        events = self.state.apply(action)
        movers.append(seat)
        n = len(self.state.actions)
        if not (len(self._future) >= n and self._future[n - 1] == self.state.actions[n - 1]):
            self._future = []  # a new move: the undone line is gone
        self.log.extend(events)
        self.ai.position_changed()
        if self.autosave:
            self.save()
            if self.state.is_over():
                from game.services import replays, stats

                for problem in (stats.record(self), replays.record(self)):  # once: the game is over
                    if problem:
                        self.notify(problem)
        return events

    # -- undo and redo: the log replayed without the undone actions

    def movers(self) -> list:
        """The seat that made each action of the log (rebuilt by replay when unknown)."""
        actions = self.state.actions
        if len(self._movers) != len(actions):
            self._movers = []
            try:
                again = self.module.new_game(dict(self.options), self.seed)
                for action in actions:
                    self._movers.append(again.current_player())
                    again.apply(action)
            except Exception:  # a state not from this seed's log: nothing to take back
                self._movers = [None] * len(actions)
        return self._movers

    hints_allowed = True  # a lesson's session says no: its coach says what to do

    @property
    def undo_allowed(self) -> bool:
        """Undo is for one human against AI: with two humans at the screen one player's undo
        would show the other's hand."""
        return len(self.humans) == 1

    def _back_to(self) -> int | None:
        """How many actions stay after an undo: the log up to the human's previous decision."""
        if not self.undo_allowed or self.is_over():
            return None
        me = self.humans[0]
        movers = self.movers()
        for i in range(len(movers) - 1, -1, -1):
            if movers[i] == me:
                return i
        return None

    def can_undo(self) -> bool:
        return self._back_to() is not None

    def can_redo(self) -> bool:
        n = len(self.state.actions)
        return self.undo_allowed and len(self._future) > n and not self.is_over()

    def undo(self) -> bool:
        """Take the game back to before the human's last decision (the AI moves after it
        go too). The seed deals the same cards, so nothing new is revealed."""
        keep = self._back_to()
        if keep is None:
            return False
        actions = list(self.state.actions)
        if len(self._future) < len(actions) or self._future[: len(actions)] != actions:
            self._future = actions
        self.undos += 1
        self._rewind(actions[:keep])
        return True

    def redo(self) -> bool:
        """Replay the undone line on the current state, up to the human's next decision."""
        if not self.can_redo():
            return False
        me = self.humans[0]
        movers = self.movers()
        start = len(self.state.actions)
        for action in self._future[start:]:
            seat = self.state.current_player()
            if seat == me and len(self.state.actions) > start:
                break
            self.log.extend(self.state.apply(action))
            movers.append(seat)
        self._moved_on()
        return True

    def _rewind(self, actions: list) -> None:
        """Rebuild the state from the seed and ``actions``."""
        state = self.module.new_game(dict(self.options), self.seed)
        log, movers = opening(state), []
        for action in actions:
            movers.append(state.current_player())
            log.extend(state.apply(action))
        self.set_position(state, log, movers)

    def set_position(self, state, log: list, movers: list) -> None:
        """Show another position of this game (undo, redo, a replay's jump): its state,
        the events that led to it and the seat that made each action."""
        self.state, self.log, self._movers = state, log, movers
        self._moved_on()

    def _moved_on(self) -> None:
        """The position changed by undo or redo: a thinking bot's answer is void."""
        self.ai.position_changed(rewound=True)
        if self.autosave:
            self.save()

    # -- saving

    def saved(self) -> saves.SavedGame:
        return saves.SavedGame(
            self.game_id,
            self.options,
            self.seed,
            [asdict(s) for s in self.seats],
            list(self.state.actions),
            undos=self.undos,
        )

    def save(self) -> bool:
        """Write the save (or clear it once the game is over); False when that failed.

        A full disk or a read-only folder must not stop play: the player is told once
        per streak of failures, the last good save stays intact and no temporary file
        is left (``write_json_atomic``); the next successful write says so.
        """
        try:
            if self.state.is_over():
                saves.clear()
            else:
                saves.write(self.saved())
        except (OSError, ValueError, TypeError) as exc:
            if not self.save_failing:
                self.save_failing = True
                why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
                self.notify(
                    msg(
                        "The game could not be saved ({why}). Play goes on; "
                        "the last good save is kept.",
                        why=clip(why, 120),
                    )
                )
            return False
        if self.save_failing:
            self.save_failing = False
            self.notify(msg("The game is saved again."))
        return True

    @classmethod
    def resume(cls, saved: saves.SavedGame, state) -> Session:
        # the seats were checked by saves.validate: names printable, AI levels offered
        seats = [Seat(s["name"], s["kind"], s["level"] or "normal") for s in saved.seats]
        session = cls(saved.game, saved.options, saved.seed, seats, state=state)
        session.undos = saved.undos
        session.rebuild_log(saved.actions)
        return session

    def rebuild_log(self, actions: list) -> None:
        """Replay the action log once more to recover the event log shown in the panel."""
        try:
            again = self.module.new_game(dict(self.options), self.seed)
            log = opening(again)
            for action in actions:
                log.extend(again.apply(action))
        except Exception:  # the state itself is already checked; the log is a nicety
            return
        self.log = log

    # -- the AI

    def ai_turn(self) -> bool:
        seat = self.current()
        return seat is not None and not self.seats[seat].human

    def close(self) -> None:
        """The table is closing: its AI's worker process ends (``Thinking.close``)."""
        self.ai.close()
