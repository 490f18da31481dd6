"""Crazier Eights engine: deck data, setup, full games, teams, views, replay, load errors."""

import random

import pytest
from crazier_eights_helpers import kind, play, rig

from game.engine import crazier_eights as ce
from game.engine.core import IllegalAction, replay
from game.engine.crazier_eights.deck import RANKS
from game.engine.crazier_eights.protocol import GameEnd
from game.engine.levels import LevelError, load_level

# ------------------------------------------------------------------ the deck


def test_deck_structure_matches_the_rules():
    cards = list(ce.cards().values())
    assert len(cards) == 52
    for rank in RANKS:
        assert sum(c.rank == rank for c in cards) == 4
    for colour in ce.COLOURS:
        assert sum(c.colours[0] == colour for c in cards) == 13
        assert sum(colour in c.colours for c in cards) == 14
    assert sum(c.type == "asset" for c in cards) == 26
    eights = [c for c in cards if c.rank == "8"]
    assert all(c.type == "event" and len(c.colours) == 1 for c in eights)
    assert {c.id for c in cards if len(c.colours) == 2} == {
        "king_arthur",
        "great_flood",
        "morgan_le_fay",
        "mordred",
    }
    red_assets = {c.id for c in cards if c.type == "asset" and "red" in c.colours}
    assert len(red_assets) == 7


def test_no_card_id_in_engine_code():
    import pathlib

    root = pathlib.Path(ce.__file__).parent
    code = "".join(p.read_text() for p in root.glob("*.py"))
    for cid in ce.cards():
        assert f'"{cid}"' not in code and f"'{cid}'" not in code


def _write_level(tmp_path, effect, cid="frob"):
    src = load_level("crazier_eights", extra_sections={"card"}).path.read_text(encoding="utf-8")
    extra = f'''
[[card]]
id = "{cid}"
name = "Frob"
rank = "A"
colours = ["red"]
type = "event"
text = "Test."
effect = "{effect}"
'''
    path = tmp_path / "crazier_eights.toml"
    path.write_text(src + extra, encoding="utf-8")
    return load_level("crazier_eights", extra_sections={"card"}, path=path)


@pytest.mark.parametrize(
    "effect,word",
    [
        ("on_play: frobnicate(2)", "unknown primitive 'frobnicate'"),
        ("on_turn: draw(you, 1)", "unknown trigger 'on_turn'"),
        ("on_play: destroy(pick(asset:enemy))", "unknown selector asset:enemy"),
        ("on_play: draw(everyone, 1)", "unknown selector 'everyone'"),
        ("on_play: draw(you, 1", "ends early"),
    ],
)
def test_bad_card_is_a_load_error_naming_it(tmp_path, effect, word):
    lvl = _write_level(tmp_path, effect)
    with pytest.raises(LevelError) as err:
        ce.load_cards(lvl)
    assert (
        "frob" in str(err.value)
        and word in str(err.value)
        and "crazier_eights.toml" in str(err.value)
    )


def test_a_new_card_is_data(tmp_path):
    lvl = _write_level(tmp_path, "on_play: draw(each_opp, 2) then extra_discard(1)")
    cards = ce.load_cards(lvl)
    assert cards["frob"].abilities[0].trigger == "on_play"


def test_duplicate_id_is_an_error(tmp_path):
    lvl = _write_level(tmp_path, "on_play: none", cid="castle")
    with pytest.raises(LevelError, match="duplicate card id 'castle'"):
        ce.load_cards(lvl)


# ------------------------------------------------------------------ setup and options


def test_setup_deals_seven_and_turns_a_starter():
    for players in (2, 4, 5, 8):
        s = ce.new_game({"players": players}, seed=3)
        assert sum(len(h) for h in s.hands) == 7 * players + 1  # the first player has drawn
        assert len(s.hands[s.first]) == 8
        assert len(s.discard) == 1
        total = 52 if players <= 4 else 104
        assert len(s.all_cards()) == total == len(set(s.all_cards()))


def test_two_decks_prefix_ids():
    s = ce.new_game({"players": 6}, seed=1)
    assert all(c[:2] in ("a:", "b:") for c in s.all_cards())
    assert ce.card("b:castle").name == "Castle"


def test_team_options_are_checked():
    with pytest.raises(LevelError):
        ce.new_game({"players": 5, "teams": "pairs"}, seed=1)
    with pytest.raises(LevelError):
        ce.new_game({"players": 4, "teams": "threes"}, seed=1)
    s = ce.new_game({"players": 6, "teams": "threes"}, seed=1)
    assert s.team_of == [0, 1, 0, 1, 0, 1]


def test_illegal_actions_have_reasons():
    s = rig([["joust", "feast"], ["tribute"]], draw=["death"], discard=["castle"])
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply("play:merlin")
    with pytest.raises(IllegalAction, match="Nothing is being asked"):
        s.apply("choose:p1")
    play(s, "play:joust")
    with pytest.raises(IllegalAction, match="no plays left"):
        s.apply("play:feast")


# ------------------------------------------------------------------ timing


def test_active_player_orders_their_own_triggers():
    s = rig(
        [["joust"], ["tribute"]],
        [["king_arthur", "green_knight"], []],
        draw=["death", "feast", "ride_out", "prophecy"],
    )
    assert kind(s) == "order" and s.current_player() == 0 and len(s.legal_actions()) == 2
    play(s, "choose:2")  # Green Knight first
    texts = [e.text for e in s.log if e.kind == "ability"]
    assert texts[0].startswith("Green Knight") and texts[1].startswith("King Arthur")


def test_active_player_orders_another_players_group():
    s = rig(
        [["a:joust"], ["a:tribute"], ["a:feast"], ["a:ride_out"], ["a:death"]],
        [
            ["a:castle", "a:camelot", "a:merlin", "a:sir_gawain"],
            ["a:mordred", "b:mordred"],
            [],
            [],
            [],
        ],
        draw=["a:prophecy", "a:banishment"],
    )
    play(s, "choose:no", "end")  # Camelot, then end: two Mordreds of seat 1 trigger
    assert kind(s) == "order" and s.current_player() == 0
    play(s, "choose:1")
    assert not s.alive[0]


def test_active_player_triggers_resolve_before_others():
    s = rig([["joust"], ["tribute"]], [["questing_beast"], ["mordred"]], draw=["death", "feast"])
    play(s, "end")
    abilities = [e.text for e in s.log if e.kind == "ability"]
    assert abilities[0].startswith("Questing Beast") and abilities[1].startswith("Mordred")


def test_win_tie_break_active_then_clockwise():
    s = rig([["joust"], ["tribute"], ["feast"], ["ride_out"]], draw=["death"])
    s.hands[2], s.hands[3] = [], []
    with pytest.raises(GameEnd) as end:
        s.check_win()
    assert end.value.winners == [2]
    s.hands[0] = []
    with pytest.raises(GameEnd) as end:
        s.check_win()
    assert end.value.winners == [0]


def test_empty_draw_pile_ends_the_game_fewest_cards_wins():
    others = [c for c in ce.cards() if c not in ("joust", "tribute", "feast")]
    hands = [["joust"], ["tribute", "feast"] + [c for c in others if c != "death"]]
    s = rig(hands, discard=["death"])
    assert s.over and s.winners == [0]
    assert "draw pile is empty" in s.history[-1]["why"]


def test_reshuffle_keeps_the_top_card():
    hands = [["joust"], ["tribute"]]
    rest = [c for c in ce.cards() if c not in ("joust", "tribute", "feast", "death")]
    s = ce.new_game({"players": 2}, seed=0)
    s.hands = [*hands]
    s.hands[1] = ["tribute", *rest[:-1]]
    s.draw, s.discard = [], [rest[-1], "death", "feast"]
    s.assets = [[], []]
    s.first = s.turn_seat = 0
    s.start_flow()
    assert s.discard == ["feast"] and len(s.hands[0]) == 2 and len(s.draw) == 1


def test_loser_leaves_and_cards_go_under_the_discard_pile():
    s = rig(
        [["joust"], ["tribute"], ["feast"]],
        [["thin_ice", "castle", "merlin", "sir_gawain"], [], []],
        draw=["death"],
    )
    top = s.discard[-1]
    play(s, "end")
    assert not s.alive[0] and s.hands[0] == [] and s.assets[0] == []
    assert s.discard[-1] == top and s.current_player() == 1
    assert 0 not in s.opponents(1)


def test_two_player_rule_second_player_may_skip_first_draw():
    s = rig([["joust"], ["tribute"]], draw=["death", "feast"], two_player_rule=True)
    assert kind(s) == "main" and len(s.hands[0]) == 2  # the first player draws
    play(s, "end")
    assert kind(s) == "skip_draw" and s.current_player() == 1
    play(s, "choose:yes")
    assert len(s.hands[1]) == 1


# ------------------------------------------------------------------ teams


def test_team_turn_is_shared_and_allies_see_hands():
    s = rig(
        [["joust"], ["tribute"], ["feast"], ["ride_out"]], draw=["death", "prophecy"], teams="pairs"
    )
    assert s.actives == [0, 2] and len(s.hands[0]) == 2 and len(s.hands[2]) == 2
    v = s.view(0)
    assert v.ally_hands == {2: s.hands[2]} and 1 not in v.ally_hands
    play(s, "end")
    assert s.current_player() == 2 and kind(s) == "main"
    play(s, "end")
    assert s.actives == [1, 3]


def test_team_opponents_exclude_allies():
    s = rig(
        [["joust", "feast"], ["tribute"], ["ride_out"], ["death"]], draw=["prophecy"], teams="pairs"
    )
    play(s, "play:joust")
    assert set(s.legal_actions()) == {"choose:p1", "choose:p3"}


def test_team_loses_together_and_the_other_team_wins():
    s = rig(
        [["joust"], ["tribute"], ["feast"], ["ride_out"]],
        [["thin_ice", "castle", "merlin", "sir_gawain"]],
        draw=["death", "prophecy"],
        teams="pairs",
    )
    play(s, "end", "end")
    assert s.over and s.winners == [1, 3] and not s.alive[2]


def test_skipped_ally_sits_out():
    s = rig(
        [["ambush", "joust"], ["tribute"], ["feast"], ["ride_out"]],
        draw=["death", "prophecy"],
        teams="pairs",
    )
    play(s, "play:ambush", "choose:p3", "end", "end")
    assert s.actives == [1]


def test_team_win_shares():
    s = rig(
        [["joust"], ["tribute"], ["feast"], ["ride_out"]],
        draw=["death"],
        teams="pairs",
        discard=["excalibur"],
    )
    play(s, "discard:joust")
    play(s, "play:death")
    assert s.over and s.winners == [0, 2] and s.scores() == [0.5, 0, 0.5, 0]


# ------------------------------------------------------------------ views


def test_views_hide_other_hands_and_secret_choices():
    s = rig(
        [["lake_of_mists", "joust"], ["tribute"], ["feast"]],
        draw=["death", "castle", "merlin", "camelot"],
    )
    play(s, "play:lake_of_mists")
    for seat in (1, 2):
        v = s.view(seat)
        assert "joust" not in repr(v.hand) and v.ally_hands == {}
        assert v.pending["options"] == [] and v.pending["seat"] == 0
        assert "castle" not in repr(v) and "Castle" not in repr(v) and "Merlin" not in repr(v)
    assert s.view(0).pending["options"]


def test_secret_events_are_hidden():
    s = rig([["joust"], ["tribute"]], draw=["death"])
    draw = next(e for e in s.log if e.kind == "draw")
    assert "Death" in draw.text and "Death" not in draw.seen_by(1).text


# ------------------------------------------------------------------ full games


def _random_game(options, seed, cap=6000, check=True):
    s = ce.new_game(options, seed)
    rng = random.Random(seed)
    full = sorted(s.all_cards())
    for _ in range(cap):
        if s.is_over():
            return s
        s.apply(rng.choice(s.legal_actions()))
        if check:
            assert sorted(s.all_cards()) == full
    raise AssertionError(f"game {options} seed {seed} did not end in {cap} actions")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_conserve_cards_and_end(players):
    for seed in range(8):
        s = _random_game({"players": players}, seed)
        assert s.over and s.winners and sum(s.scores()) == pytest.approx(1.0)
        assert len(s.totals) == players and min(s.totals) == 0


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "teams": "pairs"},
        {"players": 6, "teams": "threes"},
        {"players": 8, "teams": "pairs"},
    ],
)
def test_random_team_games(options):
    for seed in range(4):
        s = _random_game(options, seed)
        assert len({s.team_of[w] for w in s.winners}) == 1


def test_points_over_several_games():
    s = _random_game({"players": 3, "games": 3}, 5, cap=20000, check=False)
    assert len(s.history) == 3
    assert s.totals == [sum(r["points"][i] for r in s.history) for i in range(3)]
    for row in s.history:
        assert all(row["points"][w] == 0 for w in row["winners"])
    best = min(s.totals)
    assert s.scores() == [1 / s.totals.count(best) if t == best else 0 for t in s.totals]


def test_replay_rebuilds_the_state():
    s = _random_game({"players": 4}, 11, check=False)
    again = replay(ce, s.options, 11, s.actions)
    assert (
        again.hands == s.hands
        and again.discard == s.discard
        and again.totals == s.totals
        and again.over
    )
    mid = replay(ce, s.options, 11, s.actions[:50])
    copy = mid.copy()
    assert copy.legal_actions() == mid.legal_actions() and copy.hands == mid.hands


def test_win_is_checked_after_the_ability_not_during_it():
    s = rig([["pilgrimage", "joust"], ["tribute"]], draw=["death"], discard=["excalibur"])
    play(s, "play:pilgrimage", "choose:joust")
    assert not s.over and kind(s) == "tuck"  # one card left: still choosing
    events = s.apply("choose:death")
    kinds = [e.kind for e in events]
    assert s.over and s.winners == [0] and kinds.index("tuck") < kinds.index("round_end")


def test_playing_the_last_card_wins_before_its_ability():
    s = rig([["joust"], ["tribute"]], [[], []], draw=["feast"], discard=["excalibur"])
    play(s, "discard:joust")
    events = s.apply("play:feast")
    assert s.over and s.winners == [0] and not any(e.kind == "draw" for e in events)
