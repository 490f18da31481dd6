"""Crazier Eights easy bot: sheds what fits, without a plan.

In its main phase it discards any card that fits the pile (chosen at random, not
to keep later discards possible), otherwise plays any card it holds (skipping only
those whose own text would hurt it, such as a fifth asset under Mordred), keeps
its eights for when nothing else fits and names the colour it holds most. Every
other question (whom to target, what to protect, tuck or give) it answers as the
normal bot does.
"""

from __future__ import annotations

from game.ai.crazier_eights.normal import NormalBot, parse_discard
from game.engine.crazier_eights.deck import EIGHT, card


class EasyBot(NormalBot):
    level = "easy"

    def _main(self, v, actions):
        discards = [a for a in actions if a.startswith("discard:")]
        plain = [a for a in discards if card(parse_discard(a)[0]).rank != EIGHT]
        if plain:
            return self.rng.choice(plain)
        plays = [a for a in actions if a.startswith("play:")]
        plays = [a for a in plays if self._play_score(v, a[5:]) > -50]
        if plays:
            return self.rng.choice(plays)
        if discards:
            eight = parse_discard(discards[0])[0]
            colour = self._best_colour([c for c in v.hand if c != eight])
            named = f"discard:{eight}:{colour}"
            return named if named in actions else discards[0]
        return "end"
