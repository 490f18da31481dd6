"""Crazy Eights bots: ``normal`` (heuristic), ``hard`` (search over sampled hands)."""
