"""Crazier Eights bots: ``normal`` (heuristic), ``hard`` (search over its own choices)."""
