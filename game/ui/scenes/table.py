"""The table scene: a game's table, its log panel, score sheets and AI seats
(``TableScene`` in game.ui.table_host, which the replay scene builds on too)."""

from game.ui.table_host import TableScene

__all__ = ["TableScene"]
