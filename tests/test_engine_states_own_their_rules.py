"""Crazier Eights and Cross Rummy keep their rules in modules by job, as functions of the
state: their State classes inherit none (no mixins sharing one object's attributes)."""

from __future__ import annotations

import pytest

from game.engine import crazier_eights, cross_rummy


@pytest.mark.parametrize("engine", [crazier_eights, cross_rummy], ids=lambda e: e.__name__)
def test_the_state_inherits_no_rules(engine):
    assert engine.State.__mro__ == (engine.State, object)
