"""The Crazier Eights table: ``Table`` (in table.py) and the pieces it draws and reads input with."""

from game.ui.tables.crazier_eights.table import Table

__all__ = ["Table"]
