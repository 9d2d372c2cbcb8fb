"""GameState as a value: construction from parts, equality, immutability, pictures, errors."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from agnes_rules import (
    Card,
    Column,
    GameState,
    IllegalMoveError,
    Move,
    PositionError,
    Rank,
    Rule,
    Variant,
    VariantError,
)
from agnes_rules.cards import SUITS, parse_cards
from tests.positions import position, variant


def rebuild(state: GameState, **changes: object) -> GameState:
    parts: dict[str, object] = {
        "base_rank": state.base_rank,
        "tableau": state.tableau,
        "foundations": state.foundations,
        "reserve": state.reserve,
        "spare": state.spare,
        "stock": state.stock,
    }
    parts.update(changes)
    variant = parts.pop("variant", state.variant)
    return GameState(variant, **parts)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["agnes-sorel", "agnes-bernauer", "agnes-two"])
def test_a_state_rebuilt_from_its_parts_is_equal(name: str) -> None:
    state = GameState.deal(name, 3)
    copy_ = rebuild(state)
    assert copy_ == state
    assert hash(copy_) == hash(state)
    assert copy_ is not state


def test_equal_positions_reached_differently_are_equal() -> None:
    state = position(variant(), columns={1: "9S", 2: "9C", 3: "8S", 4: "8C"})
    one_way = state.play(["t3t1", "t4t2"])
    other_way = state.play(["t4t2", "t3t1"])
    assert one_way == other_way
    assert hash(one_way) == hash(other_way)
    assert one_way is not other_way
    assert len({state, one_way, other_way}) == 2


def test_states_are_immutable_copyable_and_picklable() -> None:
    state = GameState.deal("agnes-bernauer", 9)
    with pytest.raises(AttributeError):
        state.base_rank = Rank.ACE  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del state.variant
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) == state
    assert state != "a state"


def test_apply_leaves_the_old_state_untouched() -> None:
    state = GameState.deal("agnes-sorel", 1)
    before = (state.tableau, state.foundations, state.stock)
    state.apply(Move.parse("t4f"))
    state.apply(Move.deal())
    assert (state.tableau, state.foundations, state.stock) == before


def test_illegal_move_error_carries_move_state_rule_and_reason() -> None:
    state = GameState.deal("agnes-sorel", 1)
    move = Move.parse("t2t1")
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(move)
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.move, error.state, error.rule) == (move, state, Rule.PACKING)
    assert (
        str(error)
        == "t2t1 is illegal (packing): TS is not one rank lower than QH (that would be a J)"
    )
    assert state.why_illegal(move) is not None
    assert state.why_illegal(Move.parse("t4t3")) is None


@pytest.mark.parametrize(
    ("text", "rule", "reason"),
    [
        ("t8f", Rule.NO_SUCH_PILE, "there is no tableau column 8; agnes-sorel has 7"),
        ("t1t8", Rule.NO_SUCH_PILE, "there is no tableau column 8"),
        ("r1f", Rule.NO_SUCH_PILE, "agnes-sorel has no reserve piles"),
        ("s1t2", Rule.NO_SUCH_PILE, "agnes-sorel has no spare spaces"),
        ("t1t1", Rule.SAME_COLUMN, "a column cannot move onto itself"),
        ("t1f", Rule.FOUNDATION, "QH does not fit: the hearts foundation wants 5H"),
        ("t2t1x3", Rule.NOT_ENOUGH_CARDS, "column 2 has 2 face-up card(s), not 3"),
        ("t2t1x2", Rule.NOT_A_RUN, "only the top 1 card(s) of column 2 move together"),
        ("f3t1", Rule.FOUNDATION_IS_FINAL, "cards never leave a foundation"),
        ("t1r1", Rule.NOTHING_ON_RESERVE, "nothing may be placed on a reserve pile"),
    ],
)
def test_each_rule_is_named(text: str, rule: Rule, reason: str) -> None:
    state = GameState.deal("agnes-sorel", 1)
    error = state.why_illegal(Move.parse(text))
    assert error is not None
    assert error.rule is rule
    assert reason in error.reason


def test_errors_survive_pickling_for_process_pools() -> None:
    state = GameState.deal("agnes-sorel", 1)
    error = state.why_illegal(Move.parse("t2t1"))
    assert error is not None
    copy_ = pickle.loads(pickle.dumps(error))
    assert (copy_.move, copy_.state, copy_.rule, str(copy_)) == (
        error.move,
        error.state,
        error.rule,
        str(error),
    )
    for parse, text in ((Card.parse, "1H"), (Move.parse, "t0f")):
        with pytest.raises(ValueError, match="not a") as caught:
            parse(text)
        assert str(pickle.loads(pickle.dumps(caught.value))) == str(caught.value)


def test_apply_needs_a_move() -> None:
    # A move's text is accepted (issue 13); anything else is refused.
    with pytest.raises(TypeError, match="expected a Move"):
        GameState.deal("agnes-sorel", 1).apply(42)  # type: ignore[arg-type]


def test_play_and_successors() -> None:
    state = GameState.deal("agnes-sorel", 1)
    assert state.play(["t4t3", "d"]) == state.apply(Move.parse("t4t3")).apply(Move.deal())
    pairs = dict(state.successors())
    assert list(pairs) == list(state.legal_moves())
    for move, after in pairs.items():
        assert after == state.apply(move)


def test_won_lost_and_over() -> None:
    sorel = Variant.named("agnes-sorel")
    # Every card on the foundations: the game is won.
    foundations = [tuple(Card(Rank.FOUR.plus(step), suit) for step in range(13)) for suit in SUITS]
    won = GameState(sorel, base_rank=Rank.FOUR, tableau=[Column()] * 7, foundations=foundations)
    assert won.is_won and won.is_over and not won.is_lost
    assert won.legal_moves() == ()
    # Not won, nothing to do and an empty stock: lost.
    stuck = GameState(
        attrs.evolve(sorel, vacancy=sorel.vacancy.NONE),
        base_rank=Rank.FOUR,
        tableau=[Column((), parse_cards("4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S 3S"))]
        + [Column()] * 6,
        foundations=[*foundations[:3], ()],
    )
    assert stuck.is_lost and stuck.is_over and not stuck.is_won


def test_render_shows_face_down_cards_as_hidden() -> None:
    picture = GameState.deal("agnes-bernauer", 1).render()
    assert "##" in picture
    assert "JD" not in picture  # the bottom of column 7 is face down
    assert "reserve" in picture and "spare" in picture
    assert str(GameState.deal("agnes-sorel", 1)) == GameState.deal("agnes-sorel", 1).render()


# ------------------------------------------------------------ impossible positions


def test_impossible_positions_are_refused() -> None:
    state = GameState.deal("agnes-sorel", 1)
    columns = list(state.tableau)

    def refused(match: str, **changes: object) -> None:
        with pytest.raises(PositionError, match=match):
            rebuild(state, **changes)

    refused("expected 7 tableau columns, got 6", tableau=columns[:6])
    refused("expected 4 foundations, got 3", foundations=state.foundations[:3])
    refused("expected 0 reserve piles, got 1", reserve=[()])
    refused("duplicate card QH", tableau=[Column((), parse_cards("QH QH")), *columns[1:]])
    refused(r"lacks card\(s\) QH", tableau=[Column(), *columns[1:]], stock=state.stock)
    refused(
        r"foundation 3 \(hearts\): card 1 is 5H, but from base rank 4 it must be 4H",
        foundations=[(), (), parse_cards("5H"), ()],
    )
    refused("every foundation is empty", foundations=[(), (), (), ()])
    refused(
        "a stock of 22 cards cannot occur",
        stock=state.stock[1:],
        tableau=[*columns[:6], Column((), columns[6].face_up + state.stock[:1])],
    )
    refused(
        "has face-down cards, but agnes-sorel is dealt face up",
        tableau=[Column(parse_cards("QH"), ()), *columns[1:]],
    )
    refused(r"tableau column 1: 'QH' is not a Column", tableau=["QH", *columns[1:]])
    refused(r"stock\[0\]: 'AC' is not a Card", stock=["AC", *state.stock[1:]])
    refused("base_rank must be a rank 1..13, got 14", base_rank=14)
    refused("variant must be a Variant", variant="agnes-sorel")


def test_parts_of_the_wrong_type_are_refused_clearly() -> None:
    state = GameState.deal("agnes-sorel", 1)
    with pytest.raises(PositionError, match="tableau must be a sequence, got None"):
        rebuild(state, tableau=None)
    with pytest.raises(PositionError, match="foundation 1 must be a sequence, got None"):
        rebuild(state, foundations=[None] * 4)
    with pytest.raises(PositionError, match="stock must be a sequence, got 5"):
        rebuild(state, stock=5)
    with pytest.raises(PositionError, match="a column part is a sequence of Card, got 'QH'"):
        Column((), "QH")  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="'QH' is not a Card"):
        Column((), ["QH"])  # type: ignore[list-item]


def test_variants_are_resolved_or_refused() -> None:
    from agnes_rules.cards import FULL_DECK

    by_name = GameState.from_deck("agnes-sorel", FULL_DECK)
    assert by_name == GameState.from_deck(Variant.named("agnes-sorel"), FULL_DECK)
    with pytest.raises(VariantError, match="expected a Variant or a preset name, got None"):
        GameState.deal(None, 1)  # type: ignore[arg-type]


def test_face_down_cards_need_a_face_up_card_over_them() -> None:
    state = GameState.deal("agnes-bernauer", 1)
    columns = list(state.tableau)
    lifted = Column(columns[6].face_down + columns[6].face_up, ())
    with pytest.raises(PositionError, match="face-down cards and no face-up card over them"):
        rebuild(state, tableau=[*columns[:6], lifted])
    with pytest.raises(
        PositionError, match="the spare spaces are filled only when the stock runs out"
    ):
        rebuild(state, spare=(state.stock[-1], None), stock=state.stock[:-1] + ())
