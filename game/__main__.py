"""Entry point: ``python -m game`` (or the ``parlour`` executable).

python -m game                      open the window
python -m game --screenshot out.png --game ID --players N --seed S --autoplay K [--size WxH]
python -m game --smoke              play one AI-only game headless and exit 0
"""

from __future__ import annotations

import argparse
import sys


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="parlour", description="Parlour: five card and tile games.")
    p.add_argument(
        "--screenshot", metavar="PNG", help="render one frame of a table to this file and exit"
    )
    p.add_argument("--game", default="crazy_eights", help="game id for --screenshot / --smoke")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--autoplay", type=int, default=0, help="AI moves to play before the screenshot")
    p.add_argument(
        "--size",
        default=None,
        help="window size, WIDTHxHEIGHT (screenshots: 1920x1080; the game: the last size used)",
    )
    p.add_argument(
        "--smoke", action="store_true", help="headless self-test: a full AI-only game, exit 0"
    )
    p.add_argument("--benchmark-startup", action="store_true", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    if getattr(sys, "frozen", False):
        import multiprocessing

        # the built executable starts the AI worker by running this program again:
        # freeze_support() turns that run into the worker and never returns
        multiprocessing.freeze_support()
    args = parse_args(argv)
    if args.smoke:
        from game.smoke import run_smoke

        return run_smoke(args)
    from game.ui.app import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
