"""``python -m game.sim …``: the simulator (game.tools.sim), a developer tool."""

import sys

from game.tools.sim import main

if __name__ == "__main__":
    sys.exit(main())
