"""``--smoke``: a headless self-test of a source tree or a built executable.

It plays one full AI-only game with the engine and bots, loads the game's level
file and the bundled assets, opens a pygame display (dummy video driver) and draws
one table frame, then prints one summary line starting with ``PARLOUR SMOKE OK``
and returns 0. Any failure prints ``PARLOUR SMOKE FAILED: <what>`` and returns 1.

A windowed build has no standard output on Windows (``sys.stdout`` is None): the exit
code is the verdict, and ``--smoke-report PATH`` writes the same lines to a file (a
run without a console and without a report file writes them to ``smoke.log`` in the
user folder).
"""

from __future__ import annotations

import os
import sys
import time
import traceback

SMOKE_OK = "PARLOUR SMOKE OK"
SMOKE_FAILED = "PARLOUR SMOKE FAILED"
FRAME_SIZE = (1280, 720)


def _emit(line: str, error: bool = False, report: str | None = None) -> None:
    """Print the line and add it to the report file, even from a windowed build whose
    stdout/stderr are None (Windows): then the line goes to the report file, or to
    ``smoke.log`` in the user folder when no report file was asked for."""
    stream = sys.stderr if error else sys.stdout
    if stream is not None:
        try:
            print(line, file=stream, flush=True)
        except (OSError, ValueError):  # a closed or broken console: the report still says it
            stream = None
    if report is None and stream is not None:
        return
    try:
        if report is None:
            from game.services.paths import user_dir

            report = str(user_dir() / "smoke.log")
        with open(report, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")
    except OSError:
        pass  # the exit code still gives the verdict


def _best_level(game_id: str) -> str:
    from game.ai import available_levels

    levels = available_levels(game_id)
    return "normal" if "normal" in levels else levels[-1]


def play_ai_game(game_id: str, players: int, seed: int) -> tuple[object, int, str]:
    """A full AI-only game; checks every action is legal and the state stays whole."""
    from game import games
    from game.ai import make_bot
    from game.engine.core import IllegalAction

    engine = games.get(game_id).engine()
    level = _best_level(game_id)
    bots = [make_bot(game_id, level, seed * 10 + i) for i in range(players)]
    state = engine.new_game({"players": players}, seed)
    card_count = len(state.all_cards()) if hasattr(state, "all_cards") else None
    actions = 0
    while state.current_player() is not None:
        seat = state.current_player()
        legal = state.legal_actions()
        if not legal:
            raise RuntimeError(f"seat {seat} has no legal action after {actions} actions")
        action = bots[seat].choose(state.view(seat), legal)
        try:
            state.apply(action)  # the engine judges (Cross Rummy's lays are not listed)
        except IllegalAction as exc:
            raise RuntimeError(
                f"the engine refused the {level} bot's {action!r}: {exc.reason}"
            ) from exc
        actions += 1
        if card_count is not None and len(state.all_cards()) != card_count:
            raise RuntimeError(f"cards not conserved after action {actions} ({action!r})")
        if actions > 200_000:
            raise RuntimeError("the game did not finish in 200000 actions")
    if not state.is_over():
        raise RuntimeError("no player to move but the game is not over")
    return state, actions, level


def _load_all_levels() -> list[str]:
    """Parse the level file of every game whose engine is built; returns their ids."""
    from game import games

    loaded = []
    for gid, info in games.GAMES.items():
        if games.engine_available(gid):
            engine = info.engine()
            if hasattr(engine, "level"):
                engine.level()
                loaded.append(gid)
    return loaded


def _check_assets() -> list[str]:
    """Load every bundled font and image; returns the names loaded."""
    import pygame

    from game.services.paths import assets_dir

    root = assets_dir()
    if not root.is_dir():
        raise FileNotFoundError(f"assets folder missing: {root}")
    loaded = []
    for path in sorted(root.rglob("*")):
        if path.suffix.lower() in (".ttf", ".otf"):
            font = pygame.font.Font(str(path), 24)
            if font.render("A♠8♥", True, (0, 0, 0)).get_width() <= 0:
                raise RuntimeError(f"font {path.name} renders nothing")
            loaded.append(path.name)
        elif path.suffix.lower() == ".png":
            pygame.image.load(str(path))
            loaded.append(path.name)
    return loaded


def _render_frame(args, state, screen) -> tuple[str, object]:
    """Draw one table frame: the UI's headless table when the game has one."""
    import pygame

    from game import games

    try:
        from game.ui.headless import make_headless_table
    except ImportError:
        make_headless_table = None
    if make_headless_table is not None and games.get(args.game).table_available():
        table = make_headless_table(
            args.game, args.players, args.seed, autoplay=args.players * 2, size=screen.get_size()
        )
        table.update(16.0)
        table.draw_frame()
        pygame.display.flip()
        return "ui table", table.surface
    # No UI table yet: draw a felt and the final totals with the bundled font.
    from game.services.paths import assets_dir

    fonts = (
        sorted((assets_dir() / "fonts").glob("*.ttf")) if (assets_dir() / "fonts").is_dir() else []
    )
    font = pygame.font.Font(str(fonts[0]) if fonts else None, 28)
    screen.fill((20, 92, 60))
    for i, total in enumerate(getattr(state, "totals", [])):
        label = font.render(f"Seat {i + 1}: {total}", True, (240, 240, 230))
        screen.blit(label, (40, 40 + i * 36))
    pygame.display.flip()
    return "basic", screen


def _worker_answers(game_id: str, players: int, seed: int) -> str:
    """One decision by the hardest level in the AI worker process (the executable
    starts that process by running itself again): proves the worker starts and answers."""
    import queue

    from game import games
    from game.ai import available_levels
    from game.ai.worker import ThinkingProcess

    level = available_levels(game_id)[-1]
    state = games.get(game_id).engine().new_game({"players": players}, seed)
    seat = state.current_player()
    answers: queue.Queue = queue.Queue()
    worker = ThinkingProcess(answers.put)
    try:
        worker.ask(1, game_id, level, seed, seat, state.view(seat), state.legal_actions())
        answer = answers.get(timeout=60)
    finally:
        worker.close()
    if answer is None or answer[2] or answer[1] not in state.legal_actions():
        raise RuntimeError(f"the AI worker process gave no legal move: {answer!r}")
    return f"{level} worker {answer[3]:.0f} ms"


def _smoke(args) -> str:
    start = time.perf_counter()
    from game import games

    game_id = getattr(args, "game", None) or "crazy_eights"
    info = games.get(game_id)
    if not games.engine_available(game_id):
        raise RuntimeError(f"{info.name} is not built in this version")
    players = getattr(args, "players", None) or 4
    seed = getattr(args, "seed", None)
    seed = 1 if seed is None else seed
    engine = info.engine()
    level = engine.level()  # parses levels/<id>.toml: proves the level files are bundled
    if not (level.min_players <= players <= level.max_players):
        raise ValueError(
            f"{info.name} takes {level.min_players}-{level.max_players} players, not {players}"
        )

    levels = _load_all_levels()
    state, actions, bot_level = play_ai_game(game_id, players, seed)
    worker = _worker_answers(game_id, players, seed)

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()  # left running: the process ends here, and the UI caches fonts
    loaded = _check_assets()
    screen = pygame.display.set_mode(FRAME_SIZE)
    frame, surface = _render_frame(args, state, screen)
    background = pygame.mask.from_threshold(surface, surface.get_at((0, 0)), (2, 2, 2, 255))
    if background.count() >= surface.get_width() * surface.get_height():
        raise RuntimeError("the rendered frame is blank")
    frozen = "frozen" if getattr(sys, "frozen", False) else "source"
    import game

    return (
        f"{SMOKE_OK}: {game_id} {players} players ({bot_level} AI), {actions} actions, {worker}, "
        f"{len(getattr(state, 'history', []))} rounds, totals {list(getattr(state, 'totals', []))}, "
        f"{len(levels)} level files, {len(loaded)} assets, frame {FRAME_SIZE[0]}x{FRAME_SIZE[1]} ({frame}), {frozen}, "
        f"version {game.__version__}, {time.perf_counter() - start:.2f} s"
    )


def run_smoke(args) -> int:
    report = getattr(args, "smoke_report", None)
    if report:
        try:  # a fresh report: its last line is this run's verdict
            open(report, "w", encoding="utf-8").close()
        except OSError:
            report = None
    try:
        line = _smoke(args)
    except Exception as exc:  # report anything, the exit code says it failed
        _emit(traceback.format_exc(), error=True, report=report)
        _emit(f"{SMOKE_FAILED}: {type(exc).__name__}: {exc}", error=True, report=report)
        return 1
    _emit(line, report=report)
    return 0
