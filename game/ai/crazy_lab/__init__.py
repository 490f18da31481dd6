"""Crazy Lab bots: ``normal`` (heuristic), ``hard`` (search), ``worlds`` (hands sampled from a view)."""
