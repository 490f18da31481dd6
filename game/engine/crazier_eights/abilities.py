"""Running one ability: its log line, then its steps in order (``do``, ``may``, ``if``).

``resolve_ability`` runs a parsed ability (see ``deck.py``) for its controller ("you");
each ``do`` step calls the primitive its name looks up in ``effects.EFFECTS``. A "may"
asks first, unless the step's own choice carries the refusal (a pick, a tuck, a named
colour: the decline option then sits beside the targets). When abilities run is
``timing``'s job (and the State's, for a played event).
"""

from __future__ import annotations

from game.engine.core import msg, seat_ref
from game.engine.crazier_eights.effects import EFFECTS, revealed_to_bottom
from game.engine.crazier_eights.protocol import Ctx, Decision, Declined, Table
from game.engine.crazier_eights.selectors import cond
from game.engine.crazier_eights.words import name

# primitives whose own choice carries the "may" (the decline option sits beside the targets)
_MAY_ABSORBING = {"tuck", "name_colour"}


def _has_pick(call) -> bool:
    for a in call[2]:
        if a[0] == "call" and a[1] == "pick":
            return True
        if a[0] == "kw" and _has_pick(("call", "", [a[2]])):
            return True
    return False


def resolve_ability(state: Table, you: int, source: str, ability, bind: dict | None = None):
    """Run ``ability`` of the card ``source`` for ``you``; a triggered one is logged first
    (a played event is already in the log). Revealed cards left over go to the bottom."""
    ctx = Ctx(you, source, dict(bind or {}))
    if ability.trigger != "on_play":  # a played event is already in the log
        start = ability.trigger == "begin_turn"
        # each text its own literal, so the catalogue tooling finds both
        args = {"card": name(source), "player": seat_ref(you)}
        if "active" in ctx.bind:
            args["other"] = seat_ref(ctx.bind["active"])
            text = (
                msg(
                    "{card} ({player}) triggers at the start of the turn, checking {other}.",
                    **args,
                )
                if start
                else msg(
                    "{card} ({player}) triggers at the end of the turn, checking {other}.",
                    **args,
                )
            )
        else:
            text = (
                msg("{card} ({player}) triggers at the start of the turn.", **args)
                if start
                else msg("{card} ({player}) triggers at the end of the turn.", **args)
            )
        state.emit("ability", you, {"card": source, "trigger": ability.trigger}, text)
    yield from run_steps(state, ability.steps, ctx)
    if state.revealed:
        revealed_to_bottom(state)


def run_steps(state: Table, steps, ctx: Ctx):
    """Run a sequence; returns False if a "may" in it was not done (the rest is skipped)."""
    for step in steps:
        kind = step[0]
        if kind == "do":
            call = step[1]
            yield from EFFECTS[call[1]](state, call[2], ctx)
        elif kind == "may":
            first = step[1][0]
            absorbed = first[0] == "do" and (first[1][1] in _MAY_ABSORBING or _has_pick(first[1]))
            if not absorbed:
                ans = yield Decision(
                    ctx.you,
                    "may",
                    msg("{card}: do it?", card=name(ctx.source)),
                    [("choose:yes", msg("Yes")), ("choose:no", msg("No"))],
                    source=ctx.source,
                )
                if ans != "choose:yes":
                    return False
            ctx.may = absorbed
            try:
                done = yield from run_steps(state, step[1], ctx)
            except Declined:
                done = False
            ctx.may = False
            if not done:
                return False
        elif kind == "if":
            if not cond(state, step[1], ctx, None):
                state.emit(
                    "condition",
                    ctx.you,
                    {"card": ctx.source},
                    msg(
                        "{card}: the condition does not hold, nothing happens.",
                        card=name(ctx.source),
                    ),
                )
                return True
            done = yield from run_steps(state, step[2], ctx)
            if not done:
                return False
    return True
