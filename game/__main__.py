"""Entry point: ``python -m game`` (or the ``parlour`` executable).

python -m game                      open the window
python -m game --screenshot out.png --game ID --players N --seed S --autoplay K [--size WxH]
python -m game --smoke [--smoke-report FILE]   play one AI-only game headless and exit 0
"""

from __future__ import annotations

import argparse  # the module is cheap; building a parser is not
import sys

DEFAULTS = {
    "screenshot": None,
    "game": "crazy_eights",
    "players": 4,
    "seed": 1,
    "autoplay": 0,
    "lang": "en",
    "size": None,
    "smoke": False,
    "smoke_report": None,
    "benchmark_startup": False,
}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    args = sys.argv[1:] if argv is None else list(argv)
    if args in ([], ["--benchmark-startup"]):
        # a double-click start has no arguments: no parser to build (argparse compiles
        # some twenty patterns, ~4 ms before the first frame)
        return argparse.Namespace(**{**DEFAULTS, "benchmark_startup": bool(args)})
    p = argparse.ArgumentParser(prog="parlour", description="Parlour: five card and tile games.")
    p.add_argument(
        "--screenshot", metavar="PNG", help="render one frame of a table to this file and exit"
    )
    p.add_argument("--game", default="crazy_eights", help="game id for --screenshot / --smoke")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--autoplay", type=int, default=0, help="AI moves to play before the screenshot")
    p.add_argument(
        "--lang", choices=("en", "de", "sv"), default="en", help="the screenshot's language"
    )
    p.add_argument(
        "--size",
        default=None,
        help="window size, WIDTHxHEIGHT (screenshots: 1920x1080; the game: the last size used)",
    )
    p.add_argument(
        "--smoke", action="store_true", help="headless self-test: a full AI-only game, exit 0"
    )
    p.add_argument(
        "--smoke-report",
        metavar="FILE",
        help="also write the --smoke verdict to this file (a windowed build has no console)",
    )
    p.add_argument("--benchmark-startup", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(**DEFAULTS)
    return p.parse_args(args)


def _worker_run(args: list[str]) -> bool:
    """Is this run multiprocessing's child (a spawned worker or its resource tracker)?"""
    return any(a.startswith("--multiprocessing") or a == "-c" for a in args)


def _serve_as_worker(argv: list[str]) -> None:
    """Be the process multiprocessing asked for, then exit: a spawned worker, or the
    resource tracker it starts with ``-c``. This is the work of PyInstaller's
    multiprocessing runtime hook, which the build leaves out of every other start."""
    import multiprocessing.spawn

    multiprocessing.process.ORIGINAL_DIR = None
    if "-c" in argv:
        command = argv[argv.index("-c") + 1] if argv.index("-c") + 1 < len(argv) else ""
        helpers = (
            "from multiprocessing.resource_tracker import main",
            "from multiprocessing.forkserver import main",
            "import sys; from multiprocessing.forkserver import main",
        )
        if command.startswith(helpers):
            exec(command)
            sys.exit()
    if multiprocessing.spawn.is_forking(argv):
        kwds = {}
        for arg in argv[2:]:
            name, value = arg.split("=")
            kwds[name] = None if value == "None" else int(value)
        multiprocessing.spawn.spawn_main(**kwds)
        sys.exit()


def main(argv: list[str] | None = None) -> int:
    if getattr(sys, "frozen", False) and _worker_run(sys.argv[1:]):
        # the built executable starts the AI worker by running this program again; only
        # such a run imports multiprocessing (~10 ms a player would wait for at every start)
        _serve_as_worker(sys.argv)
    args = parse_args(argv)
    if args.smoke:
        from game.smoke import run_smoke

        return run_smoke(args)
    from game.ui.startup import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
