"""Paired games: the same deals played twice, one level changed in one seat."""

import json

import pytest

from game.ai import make_bot
from game.engine import crazy_eights
from game.engine.levels import LevelError
from game.tools.paired import paired, render
from game.tools.sim import main, parse_options, play_game


def test_a_level_paired_with_itself_plays_the_very_same_games():
    r = paired("crazy_eights", 4, "normal", "normal", "normal", 8, 3)
    assert r["win_rate_difference"] == 0 and r["margin_difference"] == 0
    assert r["win_rate"]["normal"] > 0  # real games with winners
    assert r["lower_is_better"]  # penalty scoring: the lowest total wins
    assert "lower totals win this game" in render(r)


def test_paired_levels_report_their_difference_and_predictions():
    r = paired("rage", 3, "normal", "random", "normal", 3, 1)
    assert r["rounds"] > 0 and set(r["exact_predictions"]) == {"normal", "random"}
    assert r["margin_difference"] > 0  # a random seat throws away points the normal one keeps
    text = render(r)
    assert "normal minus random" in text and "predictions met exactly" in text
    assert not r["lower_is_better"] and "higher totals win this game" in text


def test_a_variant_reaches_the_games_and_is_named_in_the_report():
    r = paired(
        "crazy_eights", 4, "normal", "random", "random", 4, 2, options={"scoring": "collect"}
    )
    assert r["options"] == {"scoring": "collect"}
    assert not r["lower_is_better"]  # collect scoring: the highest total wins
    assert "scoring=collect" in render(r)


def test_sim_reads_options_by_their_types_and_refuses_bad_ones(capsys):
    opts = parse_options("crazy_eights", ["hand_size=7", "draw_when_able=yes", "scoring=collect"])
    assert opts == {"hand_size": 7, "draw_when_able": True, "scoring": "collect"}
    seen = []
    dealer = make_bot("crazy_eights", "random", 1)

    class Watch:
        def choose(self, view, actions):
            seen.append(len(view.hand))
            return dealer.choose(view, actions)

    play_game(crazy_eights, {**opts, "players": 3}, 5, [Watch(), Watch(), Watch()])
    assert seen[0] == 7  # the first decision holds the seven cards dealt
    for bad, why in (
        (["hand_size=70"], "above the maximum"),
        (["hand_size=seven"], "whole number"),
        (["scoring=fast"], "not one of"),
        (["no_such=1"], "KEY=VALUE"),
        (["draw_when_able"], "KEY=VALUE"),
    ):
        with pytest.raises(LevelError, match=why):
            parse_options("crazy_eights", bad)
    rage = ["--game", "rage", "--players", "3", "--seats", "random,random,random"]
    assert main([*rage, "--games", "2", "--json", "--option", "winner_takes_all=true"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["options"] == {"winner_takes_all": True} and out["games"] == 2
    with pytest.raises(SystemExit):
        main([*rage, "--option", "plus_minus_one=perhaps"])
    assert "expected true or false" in capsys.readouterr().err
