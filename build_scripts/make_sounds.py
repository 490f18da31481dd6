"""Synthesise Parlour's sound effects: ``assets/sounds/*.wav`` (16-bit mono, 22 050 Hz).

Every sound is made here from sine partials and seeded noise, so the files are ours
to license (``assets/sounds/LICENSE.txt``) and the same script always writes the same
bytes (a test checks the committed files against it). Run: ``python build_scripts/make_sounds.py``.
"""

from __future__ import annotations

import io
import math
import random
import sys
import wave
from pathlib import Path

RATE = 22_050
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"


def _silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def _mix(into: list[float], sound: list[float], at: float, gain: float = 1.0) -> None:
    start = int(RATE * at)
    need = start + len(sound) - len(into)
    if need > 0:
        into.extend([0.0] * need)
    for i, v in enumerate(sound):
        into[start + i] += v * gain


def _tone(freq: float, seconds: float, decay: float, partials=((1, 1.0),), attack=0.004):
    """A struck tone: partials (multiple, weight) under a fast attack and exponential decay."""
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-t / decay)
        out.append(env * sum(w * math.sin(2 * math.pi * freq * m * t) for m, w in partials))
    return out


def _flick(seconds: float, decay: float, seed: int, brightness: float = 0.35, thump: float = 0.0):
    """A card's snap: noise through a one-pole low-pass (brightness 0..1), a fast decay,
    and optionally a low thump of the card landing."""
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out, low = [], 0.0
    for i in range(n):
        t = i / RATE
        low += brightness * (rng.uniform(-1, 1) - low)
        env = min(1.0, t / 0.002) * math.exp(-t / decay)
        v = low * env
        if thump:
            v += thump * math.sin(2 * math.pi * 140 * t) * math.exp(-t / 0.02)
        out.append(v)
    return out


def _slide(seconds: float, seed: int):
    """A card drawn off a pile: noise whose brightness rises, a soft swell and fade."""
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out, low = [], 0.0
    for i in range(n):
        x = i / n
        low += (0.08 + 0.4 * x) * (rng.uniform(-1, 1) - low)
        out.append(low * math.sin(math.pi * x) ** 1.5)
    return out


BELL = ((1, 1.0), (2, 0.35), (3, 0.12), (4.2, 0.06))
SOFT = ((1, 1.0), (2, 0.2))


def _note(name: str) -> float:
    """Equal-tempered frequency of a note name like ``C5`` or ``F#4``."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    base, octave = name[:-1], int(name[-1])
    semis = steps[base[0]] + (1 if base.endswith("#") else 0) + 12 * (octave - 4)
    return 440.0 * 2 ** (semis / 12)


def sounds() -> dict[str, list[float]]:
    """Every effect by name, as samples in -1..1 before normalising."""
    out: dict[str, list[float]] = {}

    deal = _silence(0.0)
    for k in range(5):  # five quick flicks: cards dealt round the table
        _mix(deal, _flick(0.07, 0.018, 10 + k, 0.45), 0.065 * k, 0.8 + 0.05 * (k % 2))
    out["deal"] = deal
    out["play"] = _flick(0.12, 0.025, 3, 0.5, thump=0.5)
    out["draw"] = _slide(0.16, 5)
    chime = _silence(0.0)
    _mix(chime, _tone(_note("E5"), 0.35, 0.12, BELL), 0.0)
    _mix(chime, _tone(_note("A5"), 0.45, 0.16, BELL), 0.09)
    out["trick"] = chime
    buzz = _silence(0.0)  # two short low pulses: gentle, not a klaxon
    for k in range(2):
        _mix(buzz, _tone(150, 0.09, 0.04, ((1, 1.0), (3, 0.3), (5, 0.15)), 0.005), 0.11 * k)
    out["invalid"] = buzz
    out["turn"] = _tone(_note("A5"), 0.5, 0.15, BELL, 0.006)
    arp = _silence(0.0)
    for k, name in enumerate(("C5", "E5", "G5")):
        _mix(arp, _tone(_note(name), 0.5, 0.2, SOFT), 0.12 * k)
    out["round"] = arp
    fanfare = _silence(0.0)
    for k, name in enumerate(("C5", "E5", "G5", "C6")):
        _mix(
            fanfare,
            _tone(_note(name), 0.9 if k == 3 else 0.4, 0.35 if k == 3 else 0.18, BELL),
            0.14 * k,
        )
    _mix(fanfare, _tone(_note("C4"), 0.9, 0.4, SOFT), 0.42, 0.5)
    out["game_end"] = fanfare
    return out


LEVELS = {  # peak level of each effect: the quiet ones are frequent
    "deal": 0.45,
    "play": 0.5,
    "draw": 0.35,
    "trick": 0.5,
    "invalid": 0.45,
    "turn": 0.4,
    "round": 0.5,
    "game_end": 0.55,
}


def wav_bytes(samples: list[float], peak: float) -> bytes:
    """16-bit mono WAV of ``samples`` scaled so their largest value is ``peak``,
    with a 5 ms fade-out so no effect ends in a click."""
    top = max(abs(v) for v in samples) or 1.0
    fade = int(RATE * 0.005)
    frames = bytearray()
    for i, v in enumerate(samples):
        tail = min(1.0, (len(samples) - i) / fade)
        x = round(v / top * peak * tail * 32767)
        frames += max(-32768, min(32767, x)).to_bytes(2, "little", signed=True)
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))
    return buf.getvalue()


def files() -> dict[str, bytes]:
    return {f"{name}.wav": wav_bytes(s, LEVELS[name]) for name, s in sounds().items()}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in files().items():
        (OUT / name).write_bytes(data)
        print(f"wrote {OUT / name} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
