"""Sound effects: the table's events heard, at the volume in settings.

The mixer is opened after the first frame (``start()``), never before it: start-up
stays a window's cost. No audio device, a driver that refuses, or a missing file all
mean silence — a sound is a comfort, never a reason to stop. ``played`` keeps the
last effects asked for (what a test listens to).
"""

from __future__ import annotations

from collections import deque

from game.services.paths import assets_dir

NAMES = ("deal", "play", "draw", "trick", "invalid", "turn", "round", "game_end")

# the engine's event kinds, heard as one effect each (a step's loudest effect wins)
EVENT_SOUND = {
    "deal": "deal",
    "redeal": "deal",
    "play": "play",
    "lay": "play",
    "discard": "play",
    "event": "play",
    "tuck": "play",
    "draw": "draw",
    "take": "draw",
    "receive": "draw",
    "trick_won": "trick",
    "round_end": "round",
    "game_end": "game_end",
}
PRIORITY = ("game_end", "round", "trick", "deal", "play", "draw")


def for_events(kinds) -> str | None:
    """The one effect for a batch of events shown together (None: a silent batch)."""
    heard = {EVENT_SOUND.get(k) for k in kinds}
    return next((name for name in PRIORITY if name in heard), None)


class Sounds:
    def __init__(self, settings: dict):
        self.settings = settings
        self.ready = False
        self.tried = False
        self.problem: str | None = None
        self.effects: dict = {}
        self.played: deque[str] = deque(maxlen=32)

    def start(self) -> None:
        """Open the mixer and load the effects, once; any failure leaves the game silent."""
        if self.tried:
            return
        self.tried = True
        try:
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.init(22_050, -16, 1, 512)
            for name in NAMES:
                path = assets_dir() / "sounds" / f"{name}.wav"
                try:
                    self.effects[name] = pygame.mixer.Sound(str(path))
                except (pygame.error, FileNotFoundError, OSError) as exc:
                    self.problem = f"{path.name}: {exc}"
            self.ready = True
        except Exception as exc:  # no device, no driver, no mixer module: silence
            self.problem = str(exc) or type(exc).__name__
            self.ready = False

    @property
    def volume(self) -> float:
        if self.settings.get("muted"):
            return 0.0
        return max(0, min(100, int(self.settings.get("volume", 70)))) / 100

    def play(self, name: str | None) -> None:
        if name is None:
            return
        volume = self.volume
        if volume <= 0:
            return
        self.played.append(name)
        effect = self.effects.get(name) if self.ready else None
        if effect is None:
            return
        try:
            effect.set_volume(volume)
            effect.play()
        except Exception:  # a device lost mid-game: stay silent from here on
            self.ready = False

    def stop(self) -> None:
        if self.ready:
            try:
                import pygame

                pygame.mixer.quit()
            except Exception:
                pass
        self.ready = False
