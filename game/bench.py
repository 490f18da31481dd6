"""``python -m game.bench …``: the benchmarks (game.tools.bench), a developer tool."""

import sys

from game.tools.bench import main

if __name__ == "__main__":
    sys.exit(main())
