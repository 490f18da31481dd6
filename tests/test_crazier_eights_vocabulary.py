"""The effect vocabulary and the functions that give it meaning stay one to one."""

from __future__ import annotations

import inspect

from game.engine import crazier_eights as ce
from game.engine.crazier_eights.deck import PRIMITIVES, step_calls
from game.engine.crazier_eights.effects import EFFECTS


def test_every_primitive_of_the_vocabulary_has_its_effect_and_no_more():
    assert set(EFFECTS) == PRIMITIVES


def test_every_card_calls_only_effects_the_table_holds():
    for cid, d in ce.cards().items():
        for ab in d.abilities:
            if ab.trigger in ("static", "sub"):
                continue  # read where they apply (allowance, reactions), not run
            for call in step_calls(ab.steps):
                assert call[1] in EFFECTS, (cid, call[1])


def test_every_effect_is_a_generator_of_the_state_its_arguments_and_the_context():
    for word, fn in EFFECTS.items():
        assert inspect.isgeneratorfunction(fn), word
        assert list(inspect.signature(fn).parameters) == ["state", "args", "ctx"], word
