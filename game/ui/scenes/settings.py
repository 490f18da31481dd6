"""Settings: AI speed, motion, four-colour deck, full screen, sound. Saved at each change."""

from __future__ import annotations

import pygame

import game
from game.services import i18n
from game.services import settings as settings_store
from game.services.i18n import N_, _
from game.ui import cards, theme
from game.ui.scenes.base import Scene
from game.ui.widgets import Button

SPEED_ORDER = ("slow", "normal", "fast", "instant")
SPEED_NAMES = {
    "slow": N_("Slow"),
    "normal": N_("Normal"),
    "fast": N_("Fast"),
    "instant": N_("Instant"),
}


class SettingsScene(Scene):
    def __init__(self, app, back_to=None):
        super().__init__(app)
        # opened from a table's pause menu: Back returns to that table, and the table's
        # session (its AI worker) stays open meanwhile
        self.back_to = back_to
        self.session = getattr(back_to, "session", None)
        # the volume on opening stays one of the steps, whatever it is
        self.volume_on_open = self.app.settings.get("volume", 70)
        self.focus: int | None = None  # the keyboard's button (rows, then Back); None: none yet
        self.layout()

    def changed(self) -> None:
        settings_store.save(self.app.settings)
        self.layout()

    def cycle_speed(self) -> None:
        s = self.app.settings
        s["speed"] = SPEED_ORDER[
            (SPEED_ORDER.index(s.get("speed", "normal")) + 1) % len(SPEED_ORDER)
        ]
        self.changed()

    def cycle_volume(self) -> None:
        s = self.app.settings
        now = s.get("volume", 70)
        steps = settings_store.volume_steps(self.volume_on_open, now)
        s["volume"] = next((v for v in steps if v > now), steps[0])  # after 100 comes 0
        s["muted"] = False
        self.changed()
        self.app.sounds.play("turn")  # hear the new level

    def cycle_language(self) -> None:
        s = self.app.settings
        now = s.get("language", "system")
        s["language"] = i18n.CHOICES[(i18n.CHOICES.index(now) + 1) % len(i18n.CHOICES)]
        i18n.set_language(s["language"])
        self.app.language_changed()
        if i18n.problem():  # the choice is kept (a repaired install speaks it); English now
            self.app.toast(i18n.problem())
        self.changed()

    def language_label(self) -> str:
        choice = self.app.settings.get("language", "system")
        if choice == "system":
            return _("System ({language})").format(language=i18n.LANGUAGES[i18n.resolve(choice)])
        return i18n.LANGUAGES[choice]  # each language by its own name

    def flip(self, key: str) -> None:
        if key == "fullscreen":
            self.app.toggle_fullscreen()
        else:
            self.app.settings[key] = not self.app.settings.get(key)
        self.changed()

    def back(self) -> None:
        if self.back_to is not None:
            self.app.set_scene(self.back_to)
            getattr(self.back_to, "settings_changed", lambda: None)()
            return
        self.app.go("menu")

    def layout(self) -> None:
        m = self.m
        s = self.app.settings
        w = self.size[0]
        rows = [
            (
                _("AI speed"),
                _("{speed} ({ms} ms)").format(
                    speed=_(SPEED_NAMES[s.get("speed", "normal")]),
                    ms=settings_store.SPEEDS[s.get("speed", "normal")],
                )
                if s.get("speed") != "instant"
                else _("Instant"),
                self.cycle_speed,
                _("How long each AI move takes."),
            ),
            (
                _("Reduce motion"),
                _("On") if s.get("reduce_motion") else _("Off"),
                lambda: self.flip("reduce_motion"),
                _("Cards fade into place instead of flying."),
            ),
            (
                _("Four-colour deck"),
                _("On") if s.get("four_colour") else _("Off"),
                lambda: self.flip("four_colour"),
                _("Diamonds blue, clubs green."),
            ),
            (
                _("Full screen"),
                _("On") if s.get("fullscreen") else _("Off"),
                lambda: self.flip("fullscreen"),
                _("Also F11."),
            ),
            (
                _("Sound"),
                _("Off") if s.get("muted") else _("On"),
                lambda: self.flip("muted") or self.app.sounds.play("turn"),
                _("Also M at the table."),
            ),
            (
                _("Language"),
                self.language_label(),
                self.cycle_language,
                _("The language of every text in Parlour."),
            ),
            (
                _("Volume"),
                f"{s.get('volume', 70)} %",
                self.cycle_volume,
                _("Click for the next level."),
            ),
        ]
        self.rows = []
        self.buttons = []
        y = m.px(170)
        for label, value, action, help_ in rows:
            b = Button(value, action, primary=value == _("On"))
            b.place((w // 2 + m.px(40), y, m.px(320), m.px(60)), m.font_px(26))
            self.rows.append((label, help_, y))
            self.buttons.append(b)
            y += m.px(88)
        self.preview_y = y
        back = Button(_("Back"), self.back, key=pygame.K_ESCAPE)
        back.place((m.px(40), self.size[1] - m.px(100), m.px(200), m.px(64)), m.font_px(26))
        self.buttons.append(back)
        if self.focus is not None:  # the buttons are new at each change: the ring stays put
            self.buttons[self.focus].focus = True
        self.app.dirty = True

    def handle_input(self, ev) -> None:
        for b in list(self.buttons):
            if b.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            self.keyboard(ev)

    def keyboard(self, ev) -> None:
        """Tab, Shift+Tab and the arrows move the focus ring over the settings and Back;
        Enter or Space presses the focused one: every setting, the language too, is
        reached without a mouse."""
        back = ev.key == pygame.K_UP or (ev.key == pygame.K_TAB and ev.mod & pygame.KMOD_SHIFT)
        if ev.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
            n = len(self.buttons)
            if self.focus is None:
                self.focus = n - 1 if back else 0
            else:
                self.focus = (self.focus + (-1 if back else 1)) % n
            self.layout()
        elif (
            ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            and self.focus is not None
        ):
            self.buttons[self.focus].on_click()

    def draw_scene(self, surface) -> None:
        super().draw_scene(surface)
        m = self.m
        w = self.size[0]
        self.draw_title(surface, _("Settings"))
        for label, help_, y in self.rows:
            theme.blit_text(
                surface,
                label,
                m.font_px(28),
                (w // 2 - m.px(40), y + m.px(4)),
                theme.TEXT,
                True,
                "topright",
            )
            theme.blit_text(
                surface,
                help_,
                m.font_px(20),
                (w // 2 - m.px(40), y + m.px(38)),
                theme.TEXT_DIM,
                False,
                "topright",
            )
        for b in self.buttons:
            b.draw(surface)
        four = bool(self.app.settings.get("four_colour"))
        ch = m.px(120)
        names = ["AS", "7H", "QD", "8C"]
        x = w // 2 - (len(names) * m.px(100)) // 2
        for i, n in enumerate(names):
            surface.blit(cards.face(n, ch, four), (x + i * m.px(100), self.preview_y))
        theme.blit_text(  # the version, for a bug report: level with the Back button
            surface,
            f"Parlour {game.__version__}",
            m.font_px(16),
            (w - m.px(40), self.size[1] - m.px(68)),
            theme.TEXT_DIM,
            False,
            "midright",
        )
