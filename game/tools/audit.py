"""``python -m game.tools.audit``: the layout audit.

Renders every table, for every player count, at 1280×720, 1366×768, 1920×1080 and
3840×2160 and in the windows the app opens on 1280×720 and 1366×768 screens (1177×633,
1256×675), at several seeded points of a game (the deal, mid-round, late, the end),
with the score sheet open, the pause menu, a hot-seat cover and the rules help, each
kind of question a game asks outside the main move (Crazier Eights' prompts) with what
its panel covers, each game's header in a match of many games or rounds (1177×633), and
each game's replay (at its first move, mid-game and at the end: the table above the
replay bar, and the bar), and reports every text a player must read that is

- below the size floor (14 px at 1280×720, 16 px at 1920×1080, scaled above that),
- cut off by its box or by the window,
- shortened with "…" to fit (a label, a plate's line, a panel's title),
- overlapping another text, or
- a line begun by a suit's or colour's symbol cut from its word ("♠." under "…nennt"),

and every part a player needs (a plate, the hand, End turn) that a question's panel
covers, as the table names them (``covered_parts``).

What was drawn comes from ``game.ui.textlog`` (the text helper records each line and
where it landed), not from guessing. Exit status 1 when anything is found.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import dataclass, field

from game.ui import theme

# 1280x720 to 4K, the commonest laptop screen full (1366x768), and the windows the app
# opens on small screens (92 % by 88 % of the desktop: 1177x633 on a 1280x720 screen,
# 1256x675 on a 1366x768 laptop)
SIZES = [(1177, 633), (1256, 675), (1280, 720), (1366, 768), (1920, 1080), (3840, 2160)]
POINTS = (0, 30, 150)  # random legal moves before the frame
MATCH_OPTIONS = ("games", "rounds")  # options making a match whose header counts it
HEADER_SIZE = (1177, 633)  # the smallest window the app opens: a match's header there
PROMPT_GAMES = 80  # seeded random games searched for each kind of question a game asks
PROMPT_HAND = 12  # the most cards in the asked player's hand of a question's position

# The short pass (``make test``): the live tables at the smallest window the app opens,
# the smallest screen and 4K, the replays at the smallest screen and 4K, each table with
# its fewest and its most players (the roomiest and the most crowded layout); every game
# and language as in the full audit.
QUICK_SIZES = [(1177, 633), (1280, 720), (3840, 2160)]
QUICK_REPLAY_SIZES = [(1280, 720), (3840, 2160)]


floor_px = theme.readable_px


@dataclass
class Findings:
    frames: int = 0
    texts: int = 0
    problems: dict[str, list[str]] = field(default_factory=dict)  # kind -> "where: what"

    def add(self, kind: str, where: str, what: str) -> None:
        self.problems.setdefault(kind, []).append(f"{where}: {what}")

    def count(self) -> int:
        return sum(len(v) for v in self.problems.values())


def _short(words: str) -> str:
    return words if len(words) <= 40 else words[:37] + "…"


def _outlines_as_one(drawn: list) -> list:
    """A word drawn with an outline (the same line stamped a pixel or two around it, then
    on top) is one text: the copies are not each other's overlap."""
    out: list = []
    for d in drawn:
        near = max(2, d.px // 10)
        if not any(
            o.words == d.words
            and o.px == d.px
            and abs(o.rect.x - d.rect.x) <= near
            and abs(o.rect.y - d.rect.y) <= near
            for o in out
        ):
            out.append(d)
    return out


def inspect(surface, where: str, findings: Findings) -> None:
    """Check the texts recorded on a rendered frame."""
    import pygame

    from game.services.i18n import language
    from game.ui import textlog

    drawn, boxes = textlog.drawn(surface)
    screen = surface.get_rect()
    floor = floor_px(surface.get_size())
    findings.frames += 1
    shown = _outlines_as_one([d for d in drawn if d.words.strip()])
    findings.texts += len(shown)
    now = language()
    for d in shown:
        if d.lang and d.lang != now:
            # drawn before the language changed and never drawn again (a cached face)
            findings.add("stale", where, f"{_short(d.words)!r} drawn in [{d.lang}], not [{now}]")
        if not d.fine and d.px < floor:
            findings.add("small", where, f"{_short(d.words)!r} at {d.px} px (floor {floor})")
        if d.cut:
            findings.add("shortened", where, f"{d.cut!r} shown as {d.words!r}")
        first = d.words.split()[0]
        if theme.bare_symbol(first) and first != first.rstrip(".,;:!?)"):
            # a wrapped line that starts with a colour's symbol and its punctuation
            # ("♠." under "…und nennt"): the symbol came apart from its word
            findings.add("stranded", where, f"{_short(d.words)!r} starts a line")
        if not screen.contains(d.rect):
            findings.add("cut", where, f"{_short(d.words)!r} runs off the window at {d.rect}")
            continue
        if d.clipped:
            findings.add("cut", where, f"{_short(d.words)!r} is cut by the face or panel it is on")
        for b in boxes:
            if b.rect.collidepoint(d.rect.topleft) and not b.rect.contains(d.rect):
                findings.add("cut", where, f"{_short(d.words)!r} runs out of its box {b.rect}")
                break
    # glyphs sit inside the line's box with room above and below: overlap is judged on
    # the inner part of each line
    inner = [
        (d, pygame.Rect(d.rect).inflate(-2, -max(2, d.rect.h * 2 // 5)))
        for d in shown
        if not d.fine
    ]
    for i, (a, ra) in enumerate(inner):
        for b, rb in inner[i + 1 :]:
            if ra.colliderect(rb) and not (a.words == b.words and a.rect == b.rect):
                findings.add("overlap", where, f"{_short(a.words)!r} and {_short(b.words)!r}")


class Auditor:
    def __init__(self, findings: Findings):
        from game.ui import textlog

        textlog.start()
        self.findings = findings
        self.lang = ""  # " [de]": the language of the frames, in every finding's place
        self._replays: dict = {}  # game -> the Replay its frames show (built once)
        self._questions: dict = {}  # game -> its questions' positions (found once)

    def frame(self, app, where: str) -> None:
        from game.ui import textlog

        surface = textlog.RecordingSurface(app.size)
        app.render(surface)
        inspect(surface, where + self.lang, self.findings)
        self.words(surface, where + self.lang)

    def words(self, surface, where: str) -> None:
        """Texts left in English on a German or Swedish screen (a text the catalogue
        translates, drawn as its English original), and placeholders never filled."""
        import re

        from game.services import i18n
        from game.ui import textlog

        english = i18n.translated_texts()
        for d in textlog.drawn(surface)[0]:
            if d.words in english:
                self.findings.add("english", where, repr(_short(d.words)))
            if re.search(r"\{[a-z_]+\}", d.words):
                self.findings.add("placeholder", where, repr(_short(d.words)))

    def table(self, game_id: str, players: int, size, moves: int, humans: int = 1, options=None):
        """An app at ``size`` with ``game_id``'s table after ``moves`` random moves
        (``options``: the game's own, beside the player count)."""
        from game import games as registry
        from game.tools.soak import advance
        from game.ui.app import App
        from game.ui.scenes.table import TableScene
        from game.ui.session import Seat, Session

        engine = registry.get(game_id).engine()
        seed = 1000 + players * 7 + moves
        start = engine.new_game({"players": players, **(options or {})}, seed)
        state = advance(start, random.Random(seed), moves)
        seats = [
            Seat(f"Player {i + 1}", "human") if i < humans else Seat(_NAMES[i], "ai", "normal")
            for i in range(players)
        ]
        app = App(size, headless=True)
        app.settings["speed"] = "instant"
        session = Session(game_id, dict(options or {}), seed, seats, state=state, autosave=False)
        scene = TableScene(app, session)
        app.set_scene(scene)
        for _ in range(4):
            app.pump(16.0)
        settle(app, scene)
        return app, scene

    def game(self, game_id: str, sizes=SIZES, counts=None) -> None:
        from game import games as registry
        from game.ui.widgets import HandOff

        info = registry.get(game_id)
        if counts == "ends":  # the short pass: the fewest and the most players
            counts = sorted({info.min_players, info.max_players})
        for size in sizes:
            tag = f"{size[0]}x{size[1]}"
            for players in counts or range(info.min_players, info.max_players + 1):
                for moves in POINTS:
                    app, scene = self.table(game_id, players, size, moves)
                    self.frame(app, f"{game_id} {players}p {tag} after {moves}")
                    if moves == POINTS[-1]:
                        scene.show_sheet()
                        self.frame(app, f"{game_id} {players}p {tag} score sheet")
                        scene.modals.clear()
                        scene.pause()
                        self.frame(app, f"{game_id} {players}p {tag} pause menu")
                app, scene = self.table(game_id, players, size, 0, humans=2)
                for _ in range(200):
                    if any(isinstance(d, HandOff) for d in scene.modals):
                        break
                    app.pump(50.0)
                self.frame(app, f"{game_id} {players}p {tag} hot-seat")
            app.show_help(game_id)
            self.frame(app, f"{game_id} {tag} rules help")

    def headers(self, game_id: str, size=HEADER_SIZE) -> None:
        """The title row of a match of many games or rounds ("Crazier Eights · Spiel 1 von
        12", "Runde 1 von 12") beside what follows it on the row, at the smallest window
        the app opens, with the most players: the longest title a language gives it."""
        from game import games as registry

        info = registry.get(game_id)
        level = info.engine().check_level()
        match = {
            name: min(spec.max or 12, 12)
            for name, spec in level.options.items()
            if name in MATCH_OPTIONS
        }
        if not match:
            return
        tag = f"{size[0]}x{size[1]}"
        for moves in (0, 30):
            app, _scene = self.table(game_id, info.max_players, size, moves, options=match)
            self.frame(app, f"{game_id} {tag} a match's header after {moves}")

    def questions_of(self, game_id: str) -> list:
        """One position for each kind of question ``game_id`` asks a player outside their
        main move (a State with a ``pending`` decision: Crazier Eights' protector's save,
        a player or an asset to pick…), the one with the most answers and the longest
        question met in seeded random games, the asked player holding at most
        ``PROMPT_HAND`` cards: ``[(kind, players, seed, actions, seat)]``."""
        from game import games as registry

        if game_id not in self._questions:
            engine = registry.get(game_id).engine()
            info = registry.get(game_id)
            worst: dict = {}
            for seed in range(PROMPT_GAMES):
                rng = random.Random(seed)
                players = info.min_players + seed % (info.max_players - info.min_players + 1)
                state = engine.new_game({"players": players}, seed)
                for _ in range(600):
                    asked = getattr(state, "pending", None)
                    if asked is None or state.is_over():
                        break
                    # a table as play makes it: random play piles up hands no game has
                    held = len(getattr(state.view(asked.seat), "hand", ()))
                    if asked.kind != "main" and asked.options and held <= PROMPT_HAND:
                        weight = (len(asked.options), len(str(asked.prompt)))
                        if weight > worst.get(asked.kind, ((0, 0),))[0]:
                            worst[asked.kind] = (
                                weight,
                                (asked.kind, players, seed, list(state.actions), asked.seat),
                            )
                    state.apply(rng.choice(state.legal_actions()))
            self._questions[game_id] = [worst[k][1] for k in sorted(worst)]
        return self._questions[game_id]

    def questions(self, game_id: str, sizes=SIZES) -> None:
        """Each kind of question asked of the seat at the screen (``questions_of``), at
        each size: its texts measured like any frame's, and anything a player needs that
        the question's panel covers (the table's ``covered_parts``: your plate, the
        hand, End turn…) reported as ``covered``."""
        from game import games as registry
        from game.ui.app import App
        from game.ui.scenes.table import TableScene
        from game.ui.session import Seat, Session

        engine = registry.get(game_id).engine()
        for size in sizes:
            tag = f"{size[0]}x{size[1]}"
            for kind, players, seed, actions, seat in self.questions_of(game_id):
                state = engine.new_game({"players": players}, seed)
                for action in actions:
                    state.apply(action)
                seats = [
                    Seat("Player 1", "human") if i == seat else Seat(_NAMES[i], "ai", "normal")
                    for i in range(players)
                ]
                app = App(size, headless=True)
                app.settings["speed"] = "instant"
                session = Session(game_id, {}, seed, seats, state=state, autosave=False)
                scene = TableScene(app, session)
                app.set_scene(scene)
                for _ in range(4):
                    app.pump(16.0)
                settle(app, scene)
                where = f"{game_id} {players}p {tag} question {kind}"
                self.frame(app, where)
                for part in getattr(scene.table, "covered_parts", list)():
                    self.findings.add("covered", where + self.lang, f"the prompt covers {part}")

    def replay_of(self, game_id: str):
        """A finished game of ``game_id`` to replay: random legal moves from a seeded deal
        to the end (a bounded number; a game not over by then is replayed as far as it
        went), kept for every size and language."""
        from game import games as registry
        from game.services import replays, saves
        from game.tools.soak import advance

        if game_id not in self._replays:
            info = registry.get(game_id)
            players = max(info.min_players, min(4, info.max_players))
            state = registry.get(game_id).engine().new_game({"players": players}, 7)
            state = advance(state, random.Random(7), 3000)
            seats = [{"name": _NAMES[i], "kind": "ai"} for i in range(players)]
            seats[0] = {"name": "Player 1", "kind": "human"}
            saved = saves.SavedGame(game_id, {"players": players}, 7, seats, list(state.actions))
            self._replays[game_id] = replays.Replay(saved)
        return self._replays[game_id]

    def replays(self, game_id: str, sizes=SIZES) -> None:
        """``game_id``'s replay at its first move, mid-game and at the end: the table laid
        out above the replay bar, the bar's buttons and the open hands, measured like any
        table."""
        from game.ui.app import App
        from game.ui.scenes.replay import ReplayScene

        replay = self.replay_of(game_id)
        for size in sizes:
            tag = f"{size[0]}x{size[1]}"
            app = App(size, headless=True)
            app.settings["speed"] = "instant"
            scene = ReplayScene(app, replay)
            app.set_scene(scene)
            for k, name in (
                (0, "first move"),
                (len(replay) // 2, "mid-game"),
                (len(replay), "end"),
            ):
                scene.jump(k)
                for _ in range(3):
                    app.pump(16.0)
                settle(app, scene)
                self.frame(app, f"{game_id} replay {tag} {name}")

    def screens(self, sizes=SIZES, games=()) -> None:
        """The scenes before a table: the menu, the game choice, the settings, the
        statistics, the replays and each game's setup as it opens."""
        from game.ui.app import App
        from game.ui.scenes.choose import ChooseScene
        from game.ui.scenes.menu import MenuScene
        from game.ui.scenes.replays import ReplaysScene
        from game.ui.scenes.settings import SettingsScene
        from game.ui.scenes.setup import SetupScene
        from game.ui.scenes.statistics import StatisticsScene

        for size in sizes:
            tag = f"{size[0]}x{size[1]}"
            app = App(size, headless=True)
            for name, make in (
                ("menu", MenuScene),
                ("game choice", ChooseScene),
                ("settings", SettingsScene),
                ("statistics", StatisticsScene),
                ("replays", ReplaysScene),
            ):
                app.set_scene(make(app))
                app.pump(16.0)
                self.frame(app, f"{name} {tag}")
            for game_id in games:
                scene = SetupScene(app, game_id)
                app.set_scene(scene)
                app.pump(16.0)
                self.frame(app, f"{game_id} setup {tag}")


def settle(app, scene, bound: int = 200) -> None:
    """Let the cards in flight land: a card moving to its place (a trick sliding to its
    winner, shrinking on the way) is seen for a fraction of a second and not read; the
    frame audited is the table at rest (a trick held on the table is at rest)."""
    table = getattr(scene, "table", None)
    for _ in range(bound):
        if table is None or not table.anim.busy():
            return
        app.pump(50.0)


_NAMES = ("Ana", "Ben", "Chloé", "Dev", "Emeka", "Fumiko", "Gus", "Hana")


LANGUAGES = ("en", "de", "sv")


def audit(games: list[str], sizes=SIZES, langs=("en",), quick: bool = False) -> Findings:
    """Every screen of ``games`` at ``sizes``, in each of ``langs`` (the texts differ in
    length from one language to the next, so each is laid out and checked). ``quick``:
    the short pass instead (``QUICK_SIZES``, ``QUICK_REPLAY_SIZES``, each table with its
    fewest and its most players)."""
    replay_sizes = QUICK_REPLAY_SIZES if quick else sizes
    if quick:
        sizes = QUICK_SIZES
    findings = Findings()
    auditor = Auditor(findings)
    before = os.environ.get("LANGUAGE")
    try:
        for lang in langs:
            # the app takes its language from the settings, "system" by default: the
            # system's language is what each pass sets
            os.environ["LANGUAGE"] = lang
            auditor.lang = "" if lang == "en" else f" [{lang}]"
            auditor.screens(sizes, games)
            for game_id in games:
                auditor.game(game_id, sizes, "ends" if quick else None)
                auditor.headers(game_id)
                auditor.questions(game_id, sizes)
                auditor.replays(game_id, replay_sizes)
    finally:
        if before is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = before
        from game.services import i18n

        i18n.set_language(before or "en")
    return findings


def report(findings: Findings, seconds: float, out=sys.stdout, limit: int = 12) -> int:
    print(
        f"{findings.frames} frames, {findings.texts} texts checked, {seconds:.0f} s",
        file=out,
    )
    for kind, items in findings.problems.items():
        unique = sorted(set(items))
        print(f"{kind}: {len(items)} ({len(unique)} distinct)", file=out)
        for line in unique[:limit]:
            print(f"  {line}", file=out)
    print(f"{findings.count()} findings", file=out, flush=True)
    return findings.count()


def main(argv=None) -> int:
    from game import games as registry

    parser = argparse.ArgumentParser(
        prog="python -m game.tools.audit", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--game", action="append", choices=list(registry.GAMES), default=None)
    parser.add_argument("--size", action="append", default=None, help="WxH (default: all three)")
    parser.add_argument(
        "--all", action="store_true", help="every size and player count; list every finding"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="the short pass make test runs (three window sizes, the fewest and most players)",
    )
    parser.add_argument(
        "--lang", action="append", choices=LANGUAGES, default=None, help="default: all three"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.tools.uifuzz import private_home

    private_home()
    sizes = [tuple(int(v) for v in s.lower().split("x")) for s in args.size] if args.size else SIZES
    t0 = time.perf_counter()
    findings = audit(
        args.game or list(registry.GAMES),
        sizes,
        tuple(args.lang or LANGUAGES),
        quick=args.quick and not args.all and not args.size,
    )
    found = report(findings, time.perf_counter() - t0, limit=10**6 if args.all else 12)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
