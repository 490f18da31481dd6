"""Cross Rummy bots: ``normal`` (plans lays with ``tile_solver``), ``hard`` (wider lay and edit search)."""
