"""The Rage table: ``Table`` (in table.py) and the pieces it draws and reads input with."""

from game.ui.tables.rage.table import Table

__all__ = ["Table"]
