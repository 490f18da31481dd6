"""A loaded machine for ``python -m game.tools.bench --busy N``: other processes spinning on
the CPU while the bench measures, so its figures show a table and its hard bot's
worker sharing the cores with a busy machine's other programs."""

from __future__ import annotations

import subprocess
import sys

BUSY_CAP_S = 3600.0  # a spinning process ends by itself even if the bench is killed
BUSY_LOOP = (
    "import time\n"
    "end = time.monotonic() + {cap}\n"
    "while time.monotonic() < end:\n"
    "    sum(range(1000))\n"
)


class Busy:
    """``n`` processes spinning at normal priority for the length of a ``with`` block.
    Each also stops itself after ``cap_s``, so none outlives a bench that was killed."""

    def __init__(self, n: int, cap_s: float = BUSY_CAP_S):
        self.n = max(0, n)
        self.cap_s = cap_s
        self.procs: list[subprocess.Popen] = []

    def __enter__(self) -> Busy:
        code = BUSY_LOOP.format(cap=float(self.cap_s))
        try:
            for _ in range(self.n):
                self.procs.append(
                    subprocess.Popen(
                        [sys.executable, "-c", code],
                        stdin=subprocess.DEVNULL,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                    )
                )
        except BaseException:
            self.__exit__()  # the ones already started do not outlive a failed start
            raise
        return self

    def alive(self) -> int:
        return sum(p.poll() is None for p in self.procs)

    def __exit__(self, *exc) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.kill()
        for p in self.procs:
            p.wait(timeout=10)
        self.procs = []
