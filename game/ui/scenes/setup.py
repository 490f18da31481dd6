"""Setup: seat count, each seat Human or AI (with a level) and its name, the game's options
from its level file, an optional seed. Empty seats are AI. The last setup is remembered.

A choice that cannot apply at this player count (teams of three at four players) is
never offered: the option adapts to the nearest choice that applies and says so in a
plain sentence, and comes back to the player's choice when the count allows it again;
an option with no other choice is greyed out. A team game shows who sits with whom.
Every control is reached from the keyboard, as at the tables: Tab and the arrows move
the focus, Left and Right change the focused value, Enter and Space press it, and
Enter with nothing focused starts."""

from __future__ import annotations

import random

import pygame

from game import games
from game.engine.levels import LevelError
from game.engine.limits import NAME_MAX, name_char_ok, name_problem
from game.services import settings as settings_store
from game.services.filecheck import FileProblem
from game.services.i18n import LEVEL_HINTS, LEVEL_NAMES, _, default_name, msg, say
from game.ui import theme
from game.ui.scenes.base import Scene
from game.ui.widgets import Button

DIGITS = frozenset("0123456789")  # str.isdigit() also takes "²" and "٣", which int() refuses
AI_NAMES = ("Ana", "Ben", "Chloé", "Dev", "Emeka", "Fumiko", "Gus", "Hana")


class SetupScene(Scene):
    def __init__(self, app, game_id: str):
        super().__init__(app)
        from game.ai import available_levels

        self.game_id = game_id
        self.info = games.get(game_id)
        self.level = self.info.engine().check_level()
        self.levels = list(available_levels(game_id))
        last = self._remembered(app.settings)
        seats_saved = last.get("seats", [])
        self.players = self._clamp(len(seats_saved) or self.level.default_players)
        self.seats: list[dict] = []
        for i in range(self.level.max_players):
            saved = seats_saved[i] if i < len(seats_saved) else None
            if (
                isinstance(saved, dict)
                and saved.get("kind") in ("human", "ai")
                and name_problem(saved.get("name")) is None
            ):
                # a default name the player never typed ("Player 1") follows the language
                name = default_name(saved["name"])
                seat = {"name": name, "kind": saved["kind"], "level": saved.get("level")}
            else:
                seat = {
                    "name": _("Player {n}").format(n=1) if i == 0 else AI_NAMES[i % len(AI_NAMES)],
                    "kind": "human" if i == 0 else "ai",
                    "level": None,
                }
            if seat["level"] not in self.levels:
                # "normal" is the default opponent; "hard" is there to be chosen
                seat["level"] = "normal" if "normal" in self.levels else self.levels[-1]
            self.seats.append(seat)
        self.options = self.level.defaults()
        for k, v in last.get("options", {}).items():
            spec = self.level.options.get(k)
            if spec is not None and spec.check(v) is None:
                self.options[k] = v
        self.seed_text = ""
        self.editing: tuple | None = None  # ("name", seat) or ("seed",)
        self.wanted = dict(self.options)  # the player's choices, before any adapting
        self.adapted: dict[str, object] = {}  # option -> the choice that could not apply
        self._probes: dict[tuple, object] = {}  # (options, players) -> a dealt state or None
        self.focus_id: tuple | None = None  # the focused control (None: Enter starts)
        self.adapt_options()
        self.layout()

    def _remembered(self, settings) -> dict:
        """This game's last setup, as ``settings.validate`` leaves it; anything else in
        memory (a hand-made settings dict) is ignored with a note, and defaults used."""
        entry = (settings.get("last_setup") or {}).get(self.game_id, {})
        try:
            from game.services.settings import setup_entry

            return setup_entry(entry)
        except (FileProblem, AttributeError) as bad:
            self.app.toast(
                msg(
                    "The last setup of this game could not be used ({problem}); defaults are used.",
                    problem=str(bad),
                )
            )
            return {}

    def _clamp(self, n: int) -> int:
        return max(self.level.min_players, min(self.level.max_players, n))

    # -- actions

    def set_players(self, n: int) -> None:
        self.players = self._clamp(n)
        for name, spec in self.level.options.items():  # a chosen seat that left: the last
            if spec.type == "seat":
                self.options[name] = min(self.options[name], self.players - 1)
        self.adapt_options()
        self.layout()

    # -- choices that cannot apply at this player count

    def probe(self, options: dict):
        """The game dealt with ``options`` at this player count (None when the engine
        refuses them), remembered: the setup asks the engine itself what applies."""
        key = (tuple(sorted(options.items())), self.players)
        if key not in self._probes:
            try:
                opts = dict(options, players=self.players)
                self._probes[key] = self.info.engine().new_game(opts, 0)
            except (LevelError, ValueError, KeyError):
                self._probes[key] = None
        return self._probes[key]

    def applicable(self, name: str) -> list:
        """The choices of option ``name`` that the game takes at this player count,
        with the other options as they are."""
        spec = self.level.options[name]
        return [c for c in spec.choices if self.probe(dict(self.options, **{name: c}))]

    def adapt_options(self) -> None:
        """Each choice option takes the player's choice when it applies, else the
        nearest choice that does (remembered as adapted, to be said)."""
        self.adapted = {}
        for name, spec in self.level.options.items():
            if spec.type != "choice":
                continue
            wanted = self.wanted.get(name, self.options[name])
            self.options[name] = wanted
            fits = self.applicable(name)
            if wanted in fits or not fits:
                continue
            at = spec.choices.index(wanted)
            self.options[name] = min(fits, key=lambda c: (abs(spec.choices.index(c) - at), c))
            self.adapted[name] = wanted

    def toggle_kind(self, i: int) -> None:
        s = self.seats[i]
        s["kind"] = "ai" if s["kind"] == "human" else "human"
        self.layout()

    def cycle_level(self, i: int) -> None:
        s = self.seats[i]
        s["level"] = self.levels[(self.levels.index(s["level"]) + 1) % len(self.levels)]
        self.layout()

    def change_option(self, name: str, direction: int = 1) -> None:
        spec = self.level.options[name]
        v = self.options[name]
        if spec.type == "bool":
            v = not v
        elif spec.type == "choice":  # only the choices that apply at this count
            ch = self.applicable(name) or spec.choices
            v = ch[(ch.index(v) + direction) % len(ch)] if v in ch else ch[0]
            self.wanted[name] = v
            self.adapted.pop(name, None)
        elif spec.type == "seat":
            v = (v + direction) % self.players
        elif spec.type == "int":
            step = 10 if (spec.max or 0) >= 200 else 1
            v = v + direction * step
            if spec.min is not None:
                v = max(spec.min, v)
            if spec.max is not None:
                v = min(spec.max, v)
        self.options[name] = v
        if spec.type != "choice":
            self.wanted[name] = v
        self.adapt_options()  # another option may change which choices apply
        self.layout()

    def seat_list(self):
        from game.ui.session import Seat

        out = []
        for i in range(self.players):
            s = self.seats[i]
            name = s["name"].strip() or (
                _("Player {n}").format(n=i + 1)
                if s["kind"] == "human"
                else AI_NAMES[i % len(AI_NAMES)]
            )
            out.append(Seat(name, s["kind"], s["level"]))
        return out

    def teams(self) -> list[list[str]]:
        """Who sits with whom (names by seat), for a team game; [] otherwise."""
        state = self.probe(self.options)
        if state is None or not hasattr(state, "allies"):
            return []
        names = [seat.name for seat in self.seat_list()]
        groups, seen = [], set()
        for seat in range(self.players):
            if seat in seen:
                continue
            group = sorted([seat, *state.allies(seat)])
            if len(group) < 2:
                return []  # no teams: every seat plays alone
            seen.update(group)
            groups.append([names[s] for s in group])
        return groups

    def start(self):
        """Build the session and go to the table; a refused option shows as a toast."""
        from game.ui.session import Session

        seed = int(self.seed_text) if self.seed_text.strip() else random.randrange(1, 10**9)
        seats = self.seat_list()
        try:
            session = Session(self.game_id, dict(self.options), seed, seats)
        except LevelError as exc:  # the whole message: file, line, key and problem
            self.app.toast(str(exc))
            return None
        remembered = dict(self.app.settings.get("last_setup", {}))
        remembered[self.game_id] = {
            "seats": [dict(name=s.name, kind=s.kind, level=s.level) for s in seats],
            "options": dict(self.options),
        }
        self.app.settings["last_setup"] = remembered
        settings_store.save(self.app.settings)
        session.save()
        self.app.go("table", session)
        return session

    def back(self) -> None:
        self.app.go("choose")

    # -- layout: seats on the left, options on the right

    def layout(self) -> None:
        m = self.m
        w, h = self.size
        self.widgets: list[Button] = []
        self.fields: list[tuple[pygame.Rect, tuple]] = []
        col_w = min(m.px(820), (w - m.px(120)) // 2)
        left = w // 2 - col_w - m.px(30)
        right = w // 2 + m.px(30)
        top = m.px(170)
        bh = m.px(54)
        fpx = m.font_px(24)
        self.labels: list[tuple[str, tuple[int, int], tuple, bool, int]] = []
        # the keyboard's stops in reading order: (id, button or None, press, change)
        self.stops: list[tuple] = []
        # seat count
        self.labels.append((msg("Players"), (left, top + bh // 2), theme.TEXT, True, fpx))
        minus = Button(
            "−",
            lambda: self.set_players(self.players - 1),
            enabled=self.players > self.level.min_players,
        )
        plus = Button(
            "+",
            lambda: self.set_players(self.players + 1),
            enabled=self.players < self.level.max_players,
        )
        minus.place((left + m.px(200), top, bh, bh), fpx)
        plus.place((left + m.px(200) + bh + m.px(90), top, bh, bh), fpx)
        self.labels.append(
            (
                str(self.players),
                (left + m.px(200) + bh + m.px(45), top + bh // 2),
                theme.GOLD,
                True,
                fpx,
            )
        )
        self.widgets += [minus, plus]
        count = lambda d: self.set_players(self.players + d)  # noqa: E731
        self.stops += [
            (("players", -1), minus, minus.on_click, count),
            (("players", 1), plus, plus.on_click, count),
        ]
        row_h = min(m.px(74), (h - top - m.px(260)) // max(1, self.level.max_players))
        y = top + m.px(90)
        for i in range(self.players):
            s = self.seats[i]
            self.labels.append(
                (msg("Seat {n}", n=i + 1), (left, y + bh // 2), theme.TEXT_DIM, False, fpx)
            )
            field = pygame.Rect(left + m.px(120), y, m.px(300), bh)
            self.fields.append((field, ("name", i)))
            kind = Button(
                msg("Human") if s["kind"] == "human" else msg("AI"),
                lambda i=i: self.toggle_kind(i),
                primary=s["kind"] == "human",
            )
            kind.place((field.right + m.px(16), y, m.px(150), bh), fpx)
            self.widgets.append(kind)
            self.stops += [
                (("name", i), None, lambda i=i: self._edit(("name", i)), None),
                (("kind", i), kind, kind.on_click, lambda d, i=i: self.toggle_kind(i)),
            ]
            if s["kind"] == "ai":
                lvl = Button(
                    LEVEL_NAMES.get(s["level"], s["level"]),
                    lambda i=i: self.cycle_level(i),
                    enabled=len(self.levels) > 1,
                )
                lvl.place((kind.rect.right + m.px(16), y, m.px(170), bh), fpx)
                self.widgets.append(lvl)
                self.stops.append(
                    (("level", i), lvl, lvl.on_click, lambda d, i=i: self.cycle_level(i))
                )
            y += row_h
        seats_end, seats_room = y, top + m.px(90) + self.level.max_players * row_h
        # options
        y = top
        for name, spec in self.level.options.items():
            value = self.options[name]
            # the label never runs under its control (long labels at small windows)
            label_text, label_px = theme.shrink_to_fit(
                _(spec.label), fpx, m.px(320), bold=True, floor=m.floor_px()
            )
            self.labels.append((label_text, (right, y + bh // 2), theme.TEXT, True, label_px))
            x = right + m.px(330)
            if spec.type == "int":
                a = Button(
                    "−",
                    lambda n=name: self.change_option(n, -1),
                    enabled=spec.min is None or value > spec.min,
                )
                b = Button(
                    "+",
                    lambda n=name: self.change_option(n, 1),
                    enabled=spec.max is None or value < spec.max,
                )
                a.place((x, y, bh, bh), fpx)
                b.place((x + bh + m.px(110), y, bh, bh), fpx)
                step_by = lambda d, n=name: self.change_option(n, d)  # noqa: E731
                self.stops += [
                    (("option", name, -1), a, a.on_click, step_by),
                    (("option", name, 1), b, b.on_click, step_by),
                ]
                self.labels.append(
                    (str(value), (x + bh + m.px(55), y + bh // 2), theme.GOLD, True, fpx)
                )
                self.widgets += [a, b]
            else:
                if spec.type == "seat":  # the seat by its name, as the seats list shows it
                    label = self.seat_list()[min(value, self.players - 1)].name
                elif spec.type == "bool":
                    label = msg("On") if value else msg("Off")
                else:
                    label = _(str(value))
                    label = label[:1].upper() + label[1:]
                b = Button(
                    label,
                    lambda n=name: self.change_option(n, 1),
                    primary=spec.type == "bool" and value,
                    # greyed out when no other choice applies at this player count
                    enabled=spec.type != "choice" or len(self.applicable(name)) > 1,
                )
                b.place((x, y, m.px(220), bh), fpx)
                self.widgets.append(b)
                self.stops.append(
                    (("option", name), b, b.on_click, lambda d, n=name: self.change_option(n, d))
                )
            y += bh + m.px(8)
            note = self._option_note(name, spec)
            if note:  # why the choice is not the player's, or why there is no other
                hp = m.font_px(18)
                step = max(m.px(26), round(hp * 1.3))
                for line in theme.wrap(note, hp, col_w - m.px(10)):
                    self.labels.append((line, (right, y + step // 2), theme.GOLD, False, hp))
                    y += step
            if spec.help:
                hp = m.font_px(18)
                step = max(m.px(26), round(hp * 1.3))
                lines = theme.wrap(_(spec.help), hp, col_w - m.px(10))
                if len(lines) > 5:  # a help text never runs on: its fifth line ends in "…"
                    lines = [*lines[:4], theme.fit_text(" ".join(lines[4:]), hp, col_w - m.px(10))]
                for line in lines:
                    self.labels.append((line, (right, y + step // 2), theme.TEXT_DIM, False, hp))
                    y += step
            y += m.px(14)
        self.labels.append((msg("Seed"), (right, y + bh // 2), theme.TEXT, True, fpx))
        self.fields.append((pygame.Rect(right + m.px(330), y, m.px(220), bh), ("seed",)))
        self.stops.append((("seed",), None, lambda: self._edit(("seed",)), None))
        # who sits with whom, then the levels' legend, under the seats, else (a short
        # window, many seats) under Seed
        if not self._level_legend(left, seats_end, seats_room, col_w):
            below_seed = y + bh + m.px(30)
            self._level_legend(right, below_seed, below_seed, col_w)
        self.back_button = Button(msg("Back"), self.back, key=pygame.K_ESCAPE)
        self.start_button = Button(msg("Start"), self.start, primary=True)
        self.back_button.place((m.px(40), h - m.px(100), m.px(200), m.px(64)), m.font_px(26))
        self.start_button.place((w - m.px(300), h - m.px(100), m.px(260), m.px(64)), m.font_px(28))
        self.widgets += [self.back_button, self.start_button]
        self.stops += [
            (("back",), self.back_button, self.back, None),
            (("start",), self.start_button, self.start, None),
        ]
        every_stop = self.stops
        self.stops = [stop for stop in every_stop if stop[1] is None or stop[1].enabled]
        self.focus_id = self._focus_kept(every_stop)
        for stop_id, button, _press, _change in self.stops:
            if button is not None:
                button.focus = stop_id == self.focus_id
        self.app.dirty = True

    def _focus_kept(self, every_stop: list[tuple]) -> tuple | None:
        """Where the focus goes after a change: it stays, unless its control has just
        greyed out (a stepper pressed to its end). Then it moves to the stepper's other
        button, else the nearest control that still works: the ring stays on screen, and
        the next Enter presses a control instead of starting the game unasked."""
        live = [stop[0] for stop in self.stops]
        everything = [stop[0] for stop in every_stop]
        if self.focus_id in live or self.focus_id not in everything:
            return self.focus_id if self.focus_id in live else None
        if self.focus_id[0] in ("players", "option") and self.focus_id[-1] in (-1, 1):
            other = (*self.focus_id[:-1], -self.focus_id[-1])
            if other in live:
                return other
        at = everything.index(self.focus_id)
        nearest = sorted(range(len(everything)), key=lambda i: (abs(i - at), i < at))
        return next((everything[i] for i in nearest if everything[i] in live), None)

    def _option_note(self, name: str, spec) -> str:
        """A plain sentence when a choice cannot apply at this player count."""
        if spec.type != "choice":
            return ""
        if name in self.adapted:
            now = _(str(self.options[name]))
            return say(
                msg(
                    "{wanted} cannot be played by {n} players: {now} instead.",
                    wanted=_(str(self.adapted[name])).capitalize(),
                    n=self.players,
                    now=now,
                )
            )
        if len(self.applicable(name)) <= 1 and len(spec.choices) > 1:
            return say(msg("The other choices need another number of players."))
        return ""

    def _edit(self, what: tuple) -> None:
        self.editing = what

    def _level_legend(self, x: int, below: int, y: int, width: int) -> bool:
        """What each AI level plays like, a dim line each, from ``y`` (under the seats:
        where the most seats the game allows would end, so it does not move as seats are
        added), raised towards Back and Start where the window is short but never above
        ``below``; False, and nothing added, when there is no room."""
        m = self.m
        hp = m.font_px(18)
        step = max(m.px(26), round(hp * 1.3))
        lines = []
        teams = self.teams()
        if teams:
            said = " · ".join(" & ".join(group) for group in teams)
            lines += theme.wrap(say(msg("Teams: {teams}", teams=said)), hp, width - m.px(10))
        for lv in self.levels:
            if lv in LEVEL_HINTS:
                text = say(msg("{level}: {what}", level=LEVEL_NAMES[lv], what=LEVEL_HINTS[lv]))
                lines += theme.wrap(text, hp, width - m.px(10))
        floor = self.size[1] - m.px(100) - m.px(24)  # clear of Back and Start
        y = min(y, floor - len(lines) * step)
        if y < below:
            return False
        for line in lines:
            self.labels.append((line, (x, y + step // 2), theme.TEXT_DIM, False, hp))
            y += step
        return True

    # -- input

    def handle_input(self, ev) -> None:
        if ev.type == pygame.TEXTINPUT and self.editing:
            self._type(ev.text)
            return
        if ev.type == pygame.KEYDOWN and self.editing:
            if ev.key == pygame.K_BACKSPACE:
                self._type(None)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.editing = None
            return
        if ev.type == pygame.KEYDOWN and self.keyboard(ev):
            return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.editing = next(
                (what for rect, what in self.fields if rect.collidepoint(ev.pos)), None
            )
        for b in list(self.widgets):
            if b.handle(ev):
                return

    def keyboard(self, ev) -> bool:
        """Tab, the arrows, Enter and Space on the focused control; True when used."""
        ids = [stop[0] for stop in self.stops]
        at = ids.index(self.focus_id) if self.focus_id in ids else None
        stop = self.stops[at] if at is not None else None
        back = ev.key == pygame.K_UP or (ev.key == pygame.K_TAB and ev.mod & pygame.KMOD_SHIFT)
        if ev.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
            if at is None:
                at = len(ids) if back else -1
            self.focus_id = ids[(at + (-1 if back else 1)) % len(ids)]
        elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and stop is not None and stop[3]:
            stop[3](-1 if ev.key == pygame.K_LEFT else 1)
        elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if stop is not None and (stop[1] is not None or ev.key != pygame.K_SPACE):
                stop[2]()  # a text field opens with Enter: a Space there is typed
            elif ev.key != pygame.K_SPACE:
                self.start()  # nothing focused: Enter starts, as it always has
                return True
        else:
            return False
        if self.app.scene is self:
            self.layout()  # the focus ring, and the values a change made
        return True

    def _type(self, text: str | None) -> None:
        if self.editing[0] == "seed":
            s = self.seed_text
            self.seed_text = (
                s[:-1] if text is None else (s + "".join(c for c in text if c in DIGITS))[:12]
            )
        else:
            seat = self.seats[self.editing[1]]
            typed = "" if text is None else "".join(c for c in text if name_char_ok(c))
            name = seat["name"][:-1] if text is None else seat["name"] + typed
            seat["name"] = name[:NAME_MAX]

    def draw_scene(self, surface) -> None:
        super().draw_scene(surface)
        m = self.m
        theme.blit_text(
            surface,
            msg("{game}: set up the table", game=msg(self.info.name)),
            m.font_px(48),
            (self.size[0] // 2, m.px(56)),
            theme.TEXT,
            True,
            "midtop",
        )
        for text, pos, colour, bold, size in self.labels:
            theme.blit_text(
                surface,
                text,
                size,
                pos,
                colour,
                bold,
                "midleft" if text not in (str(self.players),) and not text.isdigit() else "center",
            )
        for rect, what in self.fields:
            active = self.editing == what
            if what == self.focus_id and not active:  # the keyboard's focus ring
                pygame.draw.rect(
                    surface, theme.GOLD, rect.inflate(8, 8), width=3, border_radius=m.px(12)
                )
            pygame.draw.rect(surface, (0x0E, 0x1A, 0x14), rect, border_radius=m.px(8))
            pygame.draw.rect(
                surface,
                theme.GOLD if active else (0x4C, 0x6E, 0x5C),
                rect,
                width=m.px(2),
                border_radius=m.px(8),
            )
            value = self.seats[what[1]]["name"] if what[0] == "name" else self.seed_text
            shown = value + ("|" if active else "")
            placeholder = not shown and what[0] == "seed"  # says what an empty seed means
            theme.blit_text(
                surface,
                _("random") if placeholder else shown or " ",
                m.font_px(24),
                (rect.x + m.px(14), rect.centery),
                theme.TEXT_DIM if placeholder else theme.TEXT,
                False,
                "midleft",
            )
        for b in self.widgets:
            b.draw(surface)
