"""Decisions scored with the hidden cards known: ``python -m game.tools.decisions``.

Whole games decide a match between two bots only over hundreds of games, because the
deal decides most of each. This tool looks at single decisions instead. It collects
the positions where one seat of a table of ``normal`` bots (the seat rotating) had a
choice, and values every legal action there with the other hands as they really
were: the cards still face down (Crazy Eights' stock, Rage's draw deck) shuffled
again ``--deals`` times (the same shuffles for every action), the round played out
by the normal policy at every seat, the round worth what the hard bot counts it
worth. A level is scored by what its choices are worth over the normal bot's in the
same positions: ``gain`` per decision with its 95% interval, how often it leaves the
normal move, and the ``ceiling`` (the best action's worth over the normal one's:
what knowing the hands would give).

Crazy Eights (penalty scoring), Rage and Crazy Lab: their rounds are cheap to play out.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time

from game.ai import make_bot
from game.ai.crazy_eights.hard import choose_card
from game.ai.crazy_eights.normal import NormalBot
from game.ai.crazy_lab.hard import round_lead
from game.ai.crazy_lab.normal import NormalBot as CrazyLabNormalBot
from game.ai.rage.hard import PlayoutPolicy, round_margin
from game.ai.rage.normal import NormalBot as RageNormalBot
from game.engine import crazy_eights, crazy_lab, rage

GAMES = ("crazy_eights", "rage", "crazy_lab")
ENGINES = {"crazy_eights": crazy_eights, "rage": rage, "crazy_lab": crazy_lab}
NORMAL = {"crazy_eights": NormalBot, "rage": RageNormalBot, "crazy_lab": CrazyLabNormalBot}


def positions(
    games: int,
    seed: int,
    players: int = 4,
    level: str = "normal",
    against: str = "normal",
    game: str = "crazy_eights",
) -> list:
    """``(state, seat)`` before every decision with more than one legal action that the
    ``level`` seat took, in ``games`` games against ``against`` bots (the seat rotating;
    with ``normal`` bots only, the same positions on every machine)."""
    engine = ENGINES[game]
    out = []
    for g in range(games):
        state = engine.new_game({"players": players}, seed + g)
        tested = g % players
        bots = [
            make_bot(game, level if s == tested else against, (seed + g) * 10 + s)
            for s in range(players)
        ]
        while not state.is_over():
            seat = state.current_player()
            actions = state.legal_actions()
            if seat == tested and len(actions) > 1:
                out.append((state.copy(), seat))
            state.apply(bots[seat].choose(state.view(seat), actions))
    return out


def _random_rivals(seat: int, rng: random.Random):
    """A round's chooser: ``seat`` plays as the normal bot, every other seat as the random
    bot does (any legal play alike, an eight once for each suit it may name)."""

    def choose(state, playable):
        if state.current == seat:
            return choose_card(state, playable)
        plays = []
        for c in playable:
            if c % 13 == crazy_eights.EIGHT:
                plays.extend((c, suit) for suit in range(4))
            else:
                plays.append((c, None))
        return rng.choice(plays)

    return choose


def _mean_worth(state, base, deals: int, deal) -> dict:
    """Every legal action of ``state`` valued over ``deals`` deals, each action meeting
    the same ones: ``deal()`` draws one (the face-down cards, the tie-breaks) and returns
    ``(lay, worth)``; ``lay(world)`` puts it on a copy of ``base``, and ``worth(world)``
    plays the round out once the action is applied and values it."""
    actions = state.legal_actions()
    totals = dict.fromkeys(actions, 0.0)
    for _ in range(deals):
        lay, worth = deal()
        for action in actions:
            world = base.copy()
            lay(world)
            world.apply(action)
            totals[action] += worth(world)
    return {a: v / deals for a, v in totals.items()}


def true_values(state, seat: int, deals: int, rng: random.Random, against: str = "normal") -> dict:
    """Every legal action's worth to ``seat`` (the others' mean round points minus its
    own) with the hands as they are, averaged over ``deals`` orders of the stock; the
    rivals play as the normal bot, or with ``against="random"`` as the random one."""
    base = state.copy()
    base.options = {**state.options, "rounds": state.round, "target": 1 << 30}

    def deal():
        stock = state.stock[:]
        rng.shuffle(stock)
        deal_seed = rng.getrandbits(32)

        def lay(world):
            world.stock = stock[:]

        def worth(world):
            if against == "random":  # the same rival choices for every action, as far as they go
                world.play_round_out(_random_rivals(seat, random.Random(deal_seed)))
            else:
                world.play_round_out(choose_card)
            points = world.history[-1]["points"]
            return (sum(points) - points[seat]) / (len(points) - 1) - points[seat]

        return lay, worth

    return _mean_worth(state, base, deals, deal)


def rage_values(state, seat: int, deals: int, rng: random.Random) -> dict:
    """Every legal action's worth to ``seat`` in Rage (its round points minus the others'
    mean, as the hard bot counts them) with the hands as they are, averaged over
    ``deals`` orders of the draw deck (which trump a Change Trump or a No Trump turns);
    every seat then plays (and predicts) as the normal bot, with the same tie-breaks for
    every action."""
    base = state.copy()
    base.history = []  # the round the playout scores is the first in its record

    def deal():
        deck = state.deck[:]
        rng.shuffle(deck)
        tie_breaks = rng.getrandbits(30)

        def lay(world):
            world.deck = deck[:]

        return lay, lambda world: round_margin(world, seat, PlayoutPolicy(tie_breaks))

    return _mean_worth(state, base, deals, deal)


def crazy_lab_values(state, seat: int, deals: int, rng: random.Random) -> dict:
    """Every legal action's worth to ``seat`` in Crazy Lab (its lead over the best rival
    once the round's points join the totals, as the hard bot counts it) with the hands
    and plus colours as they are, averaged over ``deals`` orders of the face-down trump
    pile (the cards under the trump turned up; before the tricks, the whole pile as the
    engine would shuffle it); the secret choices still to come and every card then made
    as the normal bot makes them, with the same tie-breaks for every action."""
    base = state.copy()
    base.history = []  # the round the playout scores is the first in its record

    def deal():
        hidden = state.trump_pile[:-1]
        rng.shuffle(hidden)
        pile = hidden + state.trump_pile[-1:]
        deal_seed, tie_breaks = rng.getrandbits(40), rng.getrandbits(30)

        def lay(world):
            world.trump_pile = pile[:]
            world.rng = random.Random(deal_seed)  # the pile's shuffle once the choices are made

        def worth(world):
            pickers = {}
            while world.phase == "choose" and not world.history:
                s = world.current
                if s not in pickers:
                    pickers[s] = CrazyLabNormalBot(tie_breaks + s)
                world.apply(pickers[s].choose(world.view(s), world.legal_actions()))
            return round_lead(world, seat, list(state.totals), random.Random(tie_breaks))

        return lay, worth

    return _mean_worth(state, base, deals, deal)


def score(choose, found: list, values: list, game: str = "crazy_eights") -> dict:
    """What ``choose(view, actions)`` is worth over the normal bot in each position;
    ``by_kind``: the same for each kind of decision (Rage: predictions and cards)."""
    normal = NORMAL[game]
    gains, best, left, kinds = [], [], 0, []
    for k, ((state, seat), worth) in enumerate(zip(found, values)):
        view, actions = state.view(seat), state.legal_actions()
        floor = normal(k).choose(view, actions)
        chosen = choose(view, actions)
        gains.append(worth[chosen] - worth[floor])
        best.append(max(worth.values()) - worth[floor])
        left += chosen != floor
        kinds.append(_kind(state, actions))
    by_kind = {}
    for kind in sorted(set(kinds)):
        some = [g for g, k in zip(gains, kinds) if k == kind]
        top = [b for b, k in zip(best, kinds) if k == kind]
        by_kind[kind] = {"n": len(some), **_mean(some), "ceiling": statistics.fmean(top)}
    return {
        "gains": gains,
        "gain": statistics.fmean(gains),
        "interval": _mean(gains)["interval"],
        "left_normal": left / len(gains),
        "ceiling": statistics.fmean(best),
        "by_kind": by_kind,
    }


def _kind(state, actions) -> str:
    phase = getattr(state, "phase", None)
    if phase == "predict":
        return "prediction"
    if phase == "choose":  # Crazy Lab's secret choices
        return "plus colour" if actions[0].startswith("plus:") else "trump pick"
    return "card"


def _mean(xs: list) -> dict:
    spread = statistics.stdev(xs) if len(xs) > 1 else 0.0
    return {"gain": statistics.fmean(xs), "interval": 1.96 * spread / math.sqrt(len(xs))}


def paired(a: list, b: list) -> tuple[float, float]:
    """Mean and 95% half-width of ``a - b``, position by position."""
    d = [x - y for x, y in zip(a, b)]
    return statistics.fmean(d), 1.96 * statistics.stdev(d) / math.sqrt(len(d))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=GAMES, default="crazy_eights")
    ap.add_argument("--games", type=int, default=100, help="games to collect positions from")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument(
        "--deals",
        type=int,
        default=None,
        help="orders of the face-down cards per position (Crazy Eights 300, Rage 10, Crazy Lab 20)",
    )
    ap.add_argument(
        "--against",
        choices=("normal", "random"),
        default="normal",
        help="the other seats (random: Crazy Eights only)",
    )
    ap.add_argument(
        "--bots",
        default="hard",
        help="comma-separated bots to score: a level, or hard@W (hard capped at W worlds)",
    )
    args = ap.parse_args(argv)
    game = args.game
    if game != "crazy_eights" and args.against != "normal":
        ap.error("Rage and Crazy Lab decisions are valued against normal rivals only")
    deals = args.deals or {"rage": 10, "crazy_lab": 20}.get(game, 300)
    started = time.perf_counter()
    found = positions(args.games, args.seed, args.players, against=args.against, game=game)
    rng = random.Random(args.seed)
    if game == "rage":
        values = [rage_values(s, seat, deals, rng) for s, seat in found]
    elif game == "crazy_lab":
        values = [crazy_lab_values(s, seat, deals, rng) for s, seat in found]
    else:
        values = [true_values(s, seat, deals, rng, args.against) for s, seat in found]
    print(
        f"{len(found)} decisions with a choice in {args.games} games "
        f"({time.perf_counter() - started:.0f} s)"
    )
    results = {}
    for name in args.bots.split(","):
        level, _, worlds = name.partition("@")
        seeds = itertools.count(1, 7919)  # one bot a position, each seeded apart

        def choose(view, actions, level=level, worlds=worlds, seeds=seeds):
            bot = make_bot(game, level, next(seeds))
            if worlds:
                bot.budget_s, bot.max_worlds = 600.0, int(worlds)
                if hasattr(bot, "predict_s"):
                    bot.predict_s = 600.0
                if hasattr(bot, "secret_share"):
                    bot.secret_share = 1.0
            return bot.choose(view, actions)

        r = results[name] = score(choose, found, values, game)
        print(
            f"{name}: gain {r['gain']:+.3f} ± {r['interval']:.3f} points a decision, "
            f"leaves the normal move in {r['left_normal']:.2f}, ceiling {r['ceiling']:.3f}"
        )
        if len(r["by_kind"]) > 1:
            for kind, k in r["by_kind"].items():
                print(
                    f"  {kind}s ({k['n']}): gain {k['gain']:+.3f} ± {k['interval']:.3f}, "
                    f"ceiling {k['ceiling']:.3f}"
                )
    names = list(results)
    for other in names[1:]:
        mean, half = paired(results[other]["gains"], results[names[0]]["gains"])
        print(f"{other} − {names[0]}: {mean:+.3f} ± {half:.3f} points a decision")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
