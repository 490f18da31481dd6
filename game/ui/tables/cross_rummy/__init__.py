"""The Cross Rummy table: ``Table`` (in table.py) and the pieces it draws and reads input with."""

from game.ui.tables.cross_rummy.table import Table

__all__ = ["Table"]
