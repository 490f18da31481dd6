"""The Cross Rummy turn being built: the tentative table and rack before Done.

On your turn you rearrange a private copy of the table: rack tiles put down on cells,
table tiles moved, tiles of this turn taken back. ``TurnDraft`` holds that copy (the
cells, which of them came from the rack this turn, the rack left), makes those edits,
goes back to the turn's start, and after each edit asks the engine what is wrong with
it (``State.validate_lay``, handed in as ``judge``: the draft never checks a rule
itself). The Table turns input into these edits and submits ``action()``; the painting
reads the cells and the problems. Apart from the Table because it is the one piece of
the turn with no window in it: tests build and judge a draft without pygame.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.cross_rummy import DRAW3, SWAP, Problem, encode_lay
from game.engine.cross_rummy.grid import groups
from game.services.i18n import msg

EVENT_TILES = (SWAP, DRAW3)  # played from the rack, never laid on a cell


class TurnDraft:
    """The table and rack as the player has rearranged them this turn."""

    def __init__(self, judge: Callable[[dict], list[Problem]]):
        self.judge = judge  # the engine's problems with a proposed table
        self.start: dict = {}  # the table when the turn began: {(x, y): "R7"}
        self.start_rack: list[str] = []
        self.cells: dict = {}  # the table being built: {(x, y): "R7"}
        self.own: set = set()  # cells holding tiles put down from the rack this turn
        self.rack: list[str] = []  # the rack left
        self.problems: list[Problem] = []  # what the engine says is wrong, in its order
        self.bad: dict = {}  # cell -> number of the first line or lone-tile problem marking it
        self.problem_cells: dict = {}  # cell -> the numbers of every problem naming it

    def begin(self, table: dict, rack: list[str]) -> None:
        """A new turn's start (or a new view of it): ``table`` and the player's ``rack``."""
        self.start, self.start_rack = dict(table), list(rack)
        self.reset()

    def reset(self) -> None:
        """Undo the whole draft: back to the table and rack the turn began with."""
        self.cells = dict(self.start)
        self.own = set()
        self.rack = list(self.start_rack)
        self.clear_problems()

    def changed(self) -> bool:
        return self.cells != self.start

    def group_count(self) -> int:
        return len(groups(self.cells))

    def action(self) -> str:
        """The lay action the draft stands for."""
        return encode_lay(self.cells)

    # -- the edits (each returns whether the draft changed)

    def place(self, name: str, target) -> bool:
        """Put rack tile ``name`` on the empty cell ``target``."""
        if name in EVENT_TILES or target in self.cells or name not in self.rack:
            return False
        self.rack.remove(name)
        self.own.add(target)
        self.cells[target] = name
        return True

    def move(self, cell, target) -> bool:
        """Move the tile on ``cell`` to the empty cell ``target`` (a rack tile put down
        this turn stays the player's own wherever it goes)."""
        if cell not in self.cells or target in self.cells:
            return False
        name = self.cells.pop(cell)
        if cell in self.own:
            self.own.discard(cell)
            self.own.add(target)
        self.cells[target] = name
        return True

    def take_back(self, cell) -> bool:
        """Return the tile on ``cell`` to the rack: only a tile put down this turn goes."""
        if cell not in self.own:
            return False
        self.rack.append(self.cells.pop(cell))
        self.own.discard(cell)
        return True

    def why_it_stays(self, cell):
        """Why the table tile on ``cell`` cannot go to the rack: the engine's reason for a
        table without it, else that only this turn's tiles go back."""
        trial = {c: n for c, n in self.cells.items() if c != cell}
        stays = [q.text for q in self.judge(trial) if "stay on the table" in q.text]
        return stays[0] if stays else msg("Only tiles you put down this turn go back to your rack.")

    def adopt(self, layout: dict, added: dict) -> None:
        """Start over from the turn's start with ``layout`` as the table, the tiles of
        ``added`` ({cell: name}) put down from the rack (a hint applied)."""
        self.reset()
        self.cells = dict(layout)
        self.own = set(added)
        for name in added.values():
            if name in self.rack:
                self.rack.remove(name)

    # -- what the engine says of it

    def clear_problems(self) -> None:
        self.problems, self.bad, self.problem_cells = [], {}, {}

    def revalidate(self) -> None:
        """Ask the engine about the draft: its problems, which tiles each names, and
        which tiles to outline (the broken lines and lone tiles; rules about the whole
        lay name no tile to outline)."""
        self.clear_problems()
        if not self.changed():
            return
        self.problems = self.judge(dict(self.cells))
        for i, p in enumerate(self.problems):
            for c in p.cells:  # pointing at any tile a problem names shows its reason
                self.problem_cells.setdefault(c, []).append(i + 1)
            if p.kind not in ("line", "alone"):
                continue
            for c in p.cells:
                self.bad.setdefault(c, i + 1)
