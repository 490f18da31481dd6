"""Rage bots: ``normal`` (heuristic), ``hard`` (search), ``worlds`` (hands sampled from a view), ``win_chance`` (a card's chance to take a trick)."""
