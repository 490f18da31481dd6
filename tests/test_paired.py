"""Paired games: the same deals played twice, one level changed in one seat."""

from game.paired import paired, render


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
