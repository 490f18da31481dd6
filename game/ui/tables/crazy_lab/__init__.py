"""The Crazy Lab table: ``Table`` (in table.py) and the pieces it draws and reads input with."""

from game.ui.tables.crazy_lab.table import Table

__all__ = ["Table"]
