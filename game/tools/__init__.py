"""Developer tools, never shipped: the bench, the soak and fuzz runs, the layout audit,
the simulator and paired matches, the decision and process probes. Each runs as
``python -m game.tools.<name>``; ``python -m game.sim`` and ``python -m game.bench`` are
kept as shims at the package root. Nothing the app runs imports this package."""
