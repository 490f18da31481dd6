"""Parlour: five card and tile games at one table."""

__version__ = "0.1.0"
