"""Every game keeps the engine contract (``game.engine.core``: ``GameState``, ``GameView``,
``GameModule``), checked the way OpenSpiel's API tests check its games: random games of
every game in the registry at every player count, the first with the level file's
default options, the others with options drawn from what it allows.

Seeded loops, not Hypothesis: each example's deal, options, random choices and the
moments to check come from a ``random.Random`` seeded by the test, game, player count
and example, so every run plays the same games and a failure names the deal that
reproduces it. (Hypothesis, even derandomized, mixes constants from whichever local
modules happen to be imported into its draws, and writes a cache of them into the
working folder.)

Per game and player count:

- random games end within the soak's bound, with ``current_player()`` None and no legal
  action exactly when ``is_over()``; every legal action chosen is accepted and logged
  as it was written; the log replays to the same state; win shares sum to 1 at the end;
- ``copy()`` is faithful and independent: playing on the copy leaves the original as it
  was, and playing on the original leaves the copy as it was;
- a seat's view is the same when the cards it cannot see are dealt differently (the
  other seats' hands, allies' excepted, and the face-down pool, shuffled together), and
  changing a view changes nothing in the state;
- every legal action is accepted (on a copy); garbage (wrong types, out of range,
  another seat's card, a move from another turn) is refused with ``IllegalAction`` and
  a reason, leaving the state as it was, unless the engine reads it as a listed move or
  (Cross Rummy) as a valid lay; ``refusal`` agrees with ``apply`` where a game has it;
- the module, the state and the view satisfy the Protocols.

The soak (``python -m game.tools.soak``) runs the same checks over far longer games.
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass, field
from functools import partial

import pytest

from game import games as registry
from game.engine.core import (
    Event,
    GameModule,
    GameState,
    GameView,
    IllegalAction,
    Refuses,
    ValidatesLays,
    replay,
)
from game.engine.levels import LevelError
from game.tools.soak import GARBAGE, HIDDEN, action_cap, near_misses, scramble, snapshot

EXAMPLES = 3  # games a test plays for each game and player count

CASES = [
    pytest.param(game_id, players, example, id=f"{game_id}-{players}-{example}")
    for game_id, info in registry.GAMES.items()
    for players in range(info.min_players, info.max_players + 1)
    for example in range(EXAMPLES)
]

# Options that multiply a match's length (soak.action_cap counts them too): drawn up to
# this, since a longer match repeats the kinds of states a short one reaches.
MATCH_LENGTH_OPTIONS = {"rounds": 3, "games": 2}

CHECKS = 3  # moments of a game a test looks at closely
# ... and the garbage test, which tries every legal move on a copy (in Crazier Eights a
# replay of the whole log) and some hundred junk moves at each
GARBAGE_CHECKS = 2
CARD_VERBS = ("play", "discard", "give")  # moves that name a card after a colon


def option_value(spec, players: int, rng: random.Random):
    """A value the level file allows for one option: at its minimum, maximum, default or
    anywhere between."""
    if spec.type == "seat":
        return rng.randrange(players)
    if spec.type == "bool":
        return rng.random() < 0.5
    if spec.type == "choice":
        return rng.choice(spec.choices)
    if spec.type == "int":
        high = min(spec.max, MATCH_LENGTH_OPTIONS.get(spec.name, spec.max))
        return rng.choice([spec.min, high, min(spec.default, high), rng.randint(spec.min, high)])
    return spec.default


@dataclass
class Deal:
    """One example: the game dealt, and the random stream for the test's own choices."""

    game_id: str
    engine: GameModule = field(repr=False)
    options: dict
    seed: int
    rng: random.Random = field(repr=False)

    def new(self) -> GameState:
        return self.engine.new_game(self.options, self.seed)

    def replay(self, actions: list) -> GameState:
        return replay(self.engine, self.options, self.seed, actions)


def deal_for(test: str, game_id: str, players: int, example: int) -> Deal:
    """Example 0 has the level file's defaults; the others draw every option. An option
    the game refuses with the others (teams that do not divide the players, more cards
    than the deck holds) falls back to its default."""
    rng = random.Random(f"{test}:{game_id}:{players}:{example}")
    engine = registry.get(game_id).engine()
    options = {"players": players}
    if example:
        for name, spec in engine.level().options.items():
            options[name] = option_value(spec, players, rng)
    seed = rng.randrange(2**32)
    while True:
        try:
            engine.new_game(options, seed)
            return Deal(game_id, engine, options, seed, rng)
        except LevelError as exc:
            assert exc.key in options and exc.key != "players", exc
            del options[exc.key]


@dataclass
class Walk:
    """A random game played to its end: the log, and who moved with which choices."""

    final: GameState
    movers: list[int]  # the seat to move before each action
    offered: list[list]  # the legal actions before each action


def play_out(deal: Deal) -> Walk:
    """Plays uniformly random legal actions to the end, checking the turn contract at
    every step."""
    state, rng = deal.new(), deal.rng
    movers, offered = [], []
    cap = action_cap(deal.options)
    while not state.is_over():
        assert len(movers) < cap, f"{deal}: not over after {cap} actions"
        seat, legal = state.current_player(), state.legal_actions()
        assert seat is not None and 0 <= seat < state.players, f"{deal}: seat {seat!r}"
        assert legal, f"{deal}: seat {seat} to move with no legal action"
        action = rng.choice(legal)
        events = state.apply(action)
        assert isinstance(events, list) and all(isinstance(e, Event) for e in events)
        assert state.actions[-1] == action and len(state.actions) == len(movers) + 1
        movers.append(seat)
        offered.append(legal)
    assert state.current_player() is None and state.legal_actions() == []
    return Walk(state, movers, offered)


def checkpoints(deal: Deal, walk: Walk, count: int = CHECKS) -> list[int]:
    """A few moments of the game, as numbers of actions played (the end excluded)."""
    played = len(walk.final.actions)
    return sorted(deal.rng.sample(range(played), min(count, played)))


class Rewind:
    """The states of a walk's game at chosen moments, replaying its log once: ``at`` brings
    ``state`` forward with the log's moves. A test may play the log's moves on ``state``
    itself, or put another state in its place; one that left the log is rebuilt."""

    def __init__(self, deal: Deal, walk: Walk):
        self.deal, self.log = deal, walk.final.actions
        self.state = deal.new()

    def at(self, moment: int) -> GameState:
        done = len(self.state.actions)
        if done <= moment and self.state.actions == self.log[:done]:
            for action in self.log[done:moment]:
                self.state.apply(action)
        else:
            self.state = self.deal.replay(self.log[:moment])
        return self.state


@pytest.mark.parametrize("game_id, players, example", CASES)
def test_random_games_end_and_replay(game_id, players, example):
    deal = deal_for("ends", game_id, players, example)
    assert isinstance(deal.engine, GameModule)
    assert game_id == deal.engine.GAME_ID
    start = deal.new()
    assert isinstance(start, GameState)
    assert start.players == players and start.options["players"] == players
    assert start.actions == [] and not start.is_over()
    views = [start.view(seat) for seat in range(players)]
    assert all(isinstance(v, GameView) and v.players == players for v in views)
    assert [v.seat for v in views] == list(range(players))

    walk = play_out(deal)
    final = walk.final
    scores = final.scores()
    assert len(scores) == players and all(0 <= s <= 1 for s in scores)
    assert sum(scores) == pytest.approx(1.0), scores
    assert len(final.totals) == players
    assert final.history and all(
        {"round", "points", "totals", "leaders"} <= set(row) for row in final.history
    )
    assert all(final.view(s).over and final.view(s).current_player is None for s in range(players))
    assert snapshot(deal.replay(final.actions)) == snapshot(final)


@pytest.mark.parametrize("game_id, players, example", CASES)
def test_copies_are_independent(game_id, players, example):
    deal = deal_for("copies", game_id, players, example)
    walk = play_out(deal)
    rng = deal.rng
    rewind = Rewind(deal, walk)
    for moment in checkpoints(deal, walk):
        state = rewind.at(moment)
        before = snapshot(state)
        twin = state.copy()
        assert type(twin) is type(state) and snapshot(twin) == before, f"at {moment}"
        # the copy plays on with moves of its own: the original stays as it was
        for _ in range(40):
            if twin.is_over():
                break
            twin.apply(rng.choice(twin.legal_actions()))
        assert snapshot(state) == before, f"playing on a copy changed the original at {moment}"
        # and the other way round: the original plays on, a copy taken before stays
        twin = state.copy()
        state.apply(walk.final.actions[moment])
        assert snapshot(twin) == before, f"playing on the original changed a copy at {moment}"


def hidden_pools(game_id: str, state: GameState, seat: int) -> list[list]:
    """The lists holding the cards ``seat`` cannot see: the other seats' hands (allies'
    excepted, who see each other's) and the face-down pool dealt from."""
    hands_attr, pool_attr = HIDDEN[game_id]
    allies = set(state.allies(seat)) if hasattr(state, "allies") else set()
    hands = getattr(state, hands_attr)
    pools = [h for s, h in enumerate(hands) if s != seat and s not in allies]
    return [*pools, getattr(state, pool_attr)]


def redeal_hidden(pools: list[list], rng: random.Random) -> bool:
    """Shuffles the cards of ``pools`` among them, each keeping its size (in place: a
    running turn may hold the lists). True if any card moved."""
    cards = [c for pool in pools for c in pool]
    rng.shuffle(cards)
    moved, at = False, 0
    for pool in pools:
        new = cards[at : at + len(pool)]
        at += len(pool)
        moved = moved or new != pool
        pool[:] = new
    return moved


@pytest.mark.parametrize("game_id, players, example", CASES)
def test_views_hide_what_a_seat_cannot_see(game_id, players, example):
    deal = deal_for("views", game_id, players, example)
    walk = play_out(deal)
    rng = deal.rng
    moments = sorted({0, *checkpoints(deal, walk)})  # the deal: every hand still full
    redealt = 0
    rewind = Rewind(deal, walk)
    for moment in moments:
        state = rewind.at(moment)
        views = [state.view(seat) for seat in range(players)]
        whole = snapshot(state)
        for seat in range(players):
            scramble(state.view(seat))
        assert snapshot(state) == whole, f"at {moment}, changing a view changed the state"
        other = state.copy()
        for seat in range(players):
            pools = hidden_pools(game_id, other, seat)
            dealt = [pool[:] for pool in pools]
            if redeal_hidden(pools, rng):
                redealt += 1
                assert other.view(seat) == views[seat], (
                    f"at {moment}, seat {seat}'s view depends on cards it cannot see"
                )
            for pool, cards in zip(pools, dealt):
                pool[:] = cards  # as dealt again, for the next seat's check
    assert redealt, "no hidden cards to deal differently: the check proved nothing"


def others_cards(state: GameState, seat: int, walk: Walk) -> list:
    """Moves naming a card of another seat's hand, in each game's notation: the card's
    name (Crazy Eights, Rage, Crazy Lab), or after the verb a move of the game puts
    before a card (Crazier Eights' ``play:``/``discard:``, Cross Rummy's ``give:``)."""
    verbs = {
        action.partition(":")[0]
        for offered in walk.offered
        for action in offered
        if isinstance(action, str) and action.partition(":")[0] in CARD_VERBS
    }
    out = []
    for other in range(state.players):
        if other == seat:
            continue
        view = state.view(other)
        for card in getattr(view, "hand", None) or getattr(view, "rack", None) or []:
            out += [card] + [f"{verb}:{card}" for verb in sorted(verbs)]
    return out


def earlier_moves(walk: Walk, moment: int) -> list:
    """The moves each other seat was offered the last time it was to move: cards still in
    its hand, or played since."""
    seat, seen, out = walk.movers[moment], set(), []
    for before in range(moment - 1, -1, -1):
        mover = walk.movers[before]
        if mover != seat and mover not in seen:
            seen.add(mover)
            out += walk.offered[before]
    return out


@pytest.mark.parametrize("game_id, players, example", CASES)
def test_legal_accepted_and_garbage_refused(game_id, players, example):
    deal = deal_for("garbage", game_id, players, example)
    walk = play_out(deal)
    rewind = Rewind(deal, walk)
    for moment in checkpoints(deal, walk, GARBAGE_CHECKS):
        state = rewind.at(moment)
        legal = state.legal_actions()
        seat = state.current_player()
        refuses = isinstance(state, Refuses)
        played = walk.final.actions[moment]  # played on the state itself, last
        for action in legal:
            if refuses:
                assert state.refusal(action) is None, f"at {moment}: {action!r} refused"
            if action != played:
                trial = state.copy()
                trial.apply(action)
                assert trial.actions[-1] == action, f"at {moment}: {action!r} logged otherwise"

        pool = GARBAGE + others_cards(state, seat, walk) + earlier_moves(walk, moment)
        pool += [g for action in legal[:3] for g in near_misses(action)]
        before = snapshot(state)
        rebuilt = partial(deal.replay, walk.final.actions[:moment])
        # the state to go back to after a junk action is accepted: taken when refusal()
        # says one will be, else (Cross Rummy) beforehand
        pristine = None if refuses else state.copy()
        refused = []  # since the state was last compared with ``before``
        for junk in pool:
            if isinstance(junk, str) and junk in legal:
                continue
            reason = state.refusal(junk) if refuses else None
            if refuses and reason is None:
                assert_left_alone(state, rebuilt, moment, before, refused)
                pristine, refused = state.copy(), []
            try:
                state.apply(junk)
            except IllegalAction as exc:
                assert isinstance(exc.reason, str) and exc.reason, f"{junk!r:.60}: no reason"
                if refuses:
                    assert reason, f"at {moment}: refusal() allows {junk!r:.60}, apply refuses"
                refused.append(junk)
                continue
            # Accepted: only as one of the listed moves spelt differently, or a valid lay.
            recorded = state.actions[-1]
            assert not reason, f"at {moment}: refusal() refuses {junk!r:.60}, apply takes it"
            if refused:
                assert_left_alone(None, pristine.copy, moment, before, refused)
                refused = []
            state = pristine.copy()
            if recorded not in legal:
                assert isinstance(state, ValidatesLays), f"{junk!r:.60} logged as {recorded!r}"
                assert state.validate_lay(junk) == [], f"{junk!r:.60} accepted, invalid"
                assert state.validate_lay(recorded) == []
        assert_left_alone(state, rebuilt, moment, before, refused)
        state.apply(played)
        assert state.actions[-1] == played
        rewind.state = state


def assert_left_alone(state, rebuilt, moment: int, before: tuple, refused: list):
    """``state`` (or, when None, ``rebuilt()`` with each of ``refused`` tried on it) is
    as ``before``; if not, ``refused`` are tried one at a time on ``rebuilt()`` to name
    the one that changed it."""
    if state is None:
        state = rebuilt()
        for junk in refused:
            with contextlib.suppress(IllegalAction):
                state.apply(junk)
    if snapshot(state) == before:
        return
    state = rebuilt()
    for junk in refused:
        with contextlib.suppress(IllegalAction):
            state.apply(junk)
        assert snapshot(state) == before, f"at {moment}: refusing {junk!r:.60} changed the state"
    pytest.fail(f"at {moment}: the state changed while junk was refused (or asked about)")
