"""The engine against an independent reading of the rules (:mod:`tests.reference_rules`).

Random custom variants (every value of every rule axis), random deals and random
legal playouts: at each position the engine's legal moves, the positions its
moves lead to and its refusals of illegal moves must agree with the reference
oracle. Hand-built positions then pin down the edge cases of the rules text.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules.cards import FULL_DECK, Card, parse_cards
from agnes_rules.core.dealing import pysol_deck_order
from agnes_rules.core.moves import Area, Move
from agnes_rules.core.state import Column, GameState
from agnes_rules.core.variant import (
    VARIANTS,
    Leftover,
    MovableRuns,
    Packing,
    StockTarget,
    TableauWrap,
    Vacancy,
    Variant,
)
from agnes_rules.errors import IllegalMoveError, Rule
from tests.reference_rules import (
    SUIT_ORDER,
    candidate_fields,
    reference_apply,
    reference_deals_left,
    reference_lay_out,
    reference_legal_moves,
    snapshot,
)

# ---------------------------------------------------------------------------
# Custom variants

NO_RESERVE = "no reserve"
RESERVE_DEALT_TO_TABLEAU = "reserve, deals to the tableau"
RESERVE_DEALT_TO_RESERVE = "reserve, deals to the reserve"
RESERVE_SETUPS = (NO_RESERVE, RESERVE_DEALT_TO_TABLEAU, RESERVE_DEALT_TO_RESERVE)


def max_piles(decks: int, reserve_setup: str) -> int:
    """The most columns a valid variant can have (the layout must fit in the cards)."""
    if decks == 2:
        return 10  # the brief keeps two-deck variants at the Agnes Two size or smaller
    # One deck: 9 columns take 45 cards + the base card; with a reserve of 8, 36 + 8 + 1.
    return 9 if reserve_setup == NO_RESERVE else 8


def make_variant(
    *,
    preset: str = "agnes-sorel",
    packing: Packing,
    tableau_wrap: TableauWrap,
    movable_runs: MovableRuns,
    split_runs: bool,
    vacancy: Vacancy,
    reserve_setup: str,
    leftover: Leftover,
    face_down: bool,
    worry_back: bool,
    decks: int,
    piles: int,
) -> Variant:
    """A custom variant made with ``attrs.evolve`` from a preset."""
    return attrs.evolve(
        VARIANTS[preset],
        name="custom",
        decks=decks,
        piles=piles,
        packing=packing,
        tableau_wrap=tableau_wrap,
        movable_runs=movable_runs,
        split_runs=split_runs,
        vacancy=vacancy,
        reserve=0 if reserve_setup == NO_RESERVE else piles,
        stock_to=(
            StockTarget.RESERVE
            if reserve_setup == RESERVE_DEALT_TO_RESERVE
            else StockTarget.TABLEAU
        ),
        leftover=leftover,
        face_down=face_down,
        worry_back=worry_back,
    )


AXES: dict[str, tuple[Any, ...]] = {
    "packing": tuple(Packing),
    "tableau_wrap": tuple(TableauWrap),
    "movable_runs": tuple(MovableRuns),
    "split_runs": (False, True),
    "vacancy": tuple(Vacancy),
    "reserve_setup": RESERVE_SETUPS,
    "leftover": tuple(Leftover),
    "face_down": (False, True),
    "worry_back": (False, True),
    "decks": (1, 2),
}


@st.composite
def custom_variants(draw: st.DrawFn, /, **fixed: Any) -> Variant:
    """Any valid variant; ``fixed`` pins some axes (keys of :data:`AXES`)."""
    axes = {
        name: fixed[name] if name in fixed else draw(st.sampled_from(values))
        for name, values in AXES.items()
    }
    # Small tableaux are drawn often: they empty columns and finish games quickly.
    limit = max_piles(axes["decks"], axes["reserve_setup"])
    piles = draw(st.one_of(st.integers(1, 4), st.integers(1, limit)))
    preset = draw(st.sampled_from(list(VARIANTS)))
    return make_variant(preset=preset, piles=piles, **axes)


game_numbers = st.one_of(st.integers(1, 31999), st.integers(32000, 10**12))


# ---------------------------------------------------------------------------
# Checking one position


def describe(state: GameState) -> str:
    variant = state.variant
    fields = ", ".join(
        f"{field.name}={getattr(variant, field.name)!r}" for field in attrs.fields(Variant)
    )
    hidden = "; ".join(
        f"column {number}: {' '.join(map(str, column.face_down))}"
        for number, column in enumerate(state.tableau, 1)
        if column.face_down
    )
    stock = " ".join(map(str, state.stock))
    return (
        f"Variant({fields})\n{state.render()}\n"
        f"face down (bottom to top): {hidden or '-'}\nstock (next dealt first): {stock or '-'}"
    )


def move_texts(moves: Iterable[Move]) -> list[str]:
    return sorted(str(move) for move in moves)


def check_illegal(state: GameState, move: Move) -> None:
    """The engine refuses ``move`` cleanly: a typed error with a rule, and no change."""
    before = snapshot(state)
    assert not state.is_legal(move), f"{move} is legal for the engine in\n{describe(state)}"
    assert state.why_illegal(move) is not None
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(move)
    error = caught.value
    assert isinstance(error.rule, Rule), f"{move}: no rule in {error!r}"
    assert str(error).strip(), f"{move}: empty message"
    assert error.move == move
    # The rules that the kind of move alone breaks, whatever the position: when there are
    # any, the engine must name one of them (which one, when two apply, is its choice).
    structural = {
        rule
        for rule, applies in (
            (
                Rule.FOUNDATION_IS_FINAL,
                move.source is Area.FOUNDATION
                and (not state.variant.worry_back or move.target is Area.FOUNDATION),
            ),
            (Rule.NOTHING_ON_RESERVE, move.target is Area.RESERVE),
            (Rule.NOTHING_ON_SPARE, move.target is Area.SPARE),
            (Rule.STOCK_EMPTY, move.is_deal),
        )
        if applies
    }
    if structural:
        assert error.rule in structural, (str(move), error.rule, structural)
    assert snapshot(state) == before, f"{move} changed the state"


def check_position(state: GameState, rng: random.Random, illegal_sample: int = 12) -> None:
    """Assert that the engine and the reference agree everywhere on ``state``."""
    engine_moves = state.legal_moves()
    reference_moves = reference_legal_moves(state)

    # 1. The same legal moves.
    engine_set = set(engine_moves)
    assert engine_set == reference_moves, (
        f"legal moves differ in\n{describe(state)}\n"
        f"the reference has, the engine not: {move_texts(reference_moves - engine_set)}\n"
        f"the engine has, the reference not: {move_texts(engine_set - reference_moves)}"
    )
    # 2. Each once.
    duplicates = [text for text, n in Counter(map(str, engine_moves)).items() if n > 1]
    assert not duplicates, f"duplicated moves {duplicates} in\n{describe(state)}"

    # 3. The same next positions.
    for move in reference_moves:
        assert state.is_legal(move)
        got = snapshot(state.apply(move))
        expected = reference_apply(state, move)
        assert got == expected, f"{move} leads elsewhere in\n{describe(state)}\n" + "\n".join(
            f"{key}: engine {got[key]!r}, reference {expected[key]!r}"
            for key in expected
            if got[key] != expected[key]
        )

    # The same again through successors(), which the engine computes on its own path.
    successors = list(state.successors())
    assert [move for move, _ in successors] == list(engine_moves)
    for move, after in successors:
        assert snapshot(after) == reference_apply(state, move), f"successor of {move}"

    # 4. Clean refusals of a sample of the illegal candidates, spread over the kinds of move.
    by_kind: dict[tuple[Area, Area | None], list[tuple[Any, ...]]] = {}
    for fields in candidate_fields(state):
        by_kind.setdefault((fields[0], fields[2]), []).append(fields)
    kinds = sorted(by_kind, key=lambda kind: (kind[0].value, str(kind[1])))
    tried = 0
    for kind in rng.sample(kinds, len(kinds)):
        for fields in rng.sample(by_kind[kind], min(3, len(by_kind[kind]))):
            move = Move(*fields)
            if move not in reference_moves:
                check_illegal(state, move)
                tried += 1
        if tried >= illegal_sample:
            break

    assert state.deals_left == reference_deals_left(state)

    # Section 8: the end of the game.
    won = sum(map(len, state.foundations)) == state.variant.card_count
    assert state.is_won == won
    assert state.is_lost == (not won and not reference_moves)
    assert state.is_over == (state.is_won or state.is_lost)


def choose_move(state: GameState, rng: random.Random) -> Move | None:
    """A random legal move, with a leaning towards the foundations so that columns empty."""
    moves = sorted(reference_legal_moves(state), key=str)
    if not moves:
        return None
    to_foundation = [move for move in moves if move.target is Area.FOUNDATION]
    if to_foundation and rng.random() < 0.5:
        return rng.choice(to_foundation)
    return rng.choice(moves)


def play_and_check(state: GameState, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        check_position(state, rng)
        move = choose_move(state, rng)
        if move is None:
            return
        state = state.apply(move)
    check_position(state, rng)


# ---------------------------------------------------------------------------
# Random playouts


@settings(max_examples=60)
@given(
    variant=custom_variants(),
    number=game_numbers,
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 40),
)
def test_engine_agrees_with_reference_on_random_playouts(
    variant: Variant, number: int, seed: int, steps: int
) -> None:
    play_and_check(GameState.deal(variant, number), seed, steps)


AXIS_VALUES = [(axis, value) for axis, values in AXES.items() for value in values]


@pytest.mark.parametrize(
    ("axis", "value"), AXIS_VALUES, ids=[f"{a}={getattr(v, 'name', v)}" for a, v in AXIS_VALUES]
)
@settings(max_examples=3)
@given(data=st.data(), number=game_numbers, seed=st.integers(0, 2**32 - 1))
def test_every_axis_value_is_played(
    axis: str, value: Any, data: st.DataObject, number: int, seed: int
) -> None:
    variant = data.draw(custom_variants(**{axis: value}), label="variant")
    play_and_check(GameState.deal(variant, number), seed, 25)


@settings(max_examples=40)
@given(variant=custom_variants(), number=game_numbers)
def test_layout_agrees_with_reference(variant: Variant, number: int) -> None:
    deck_order = pysol_deck_order(number, variant.decks)
    assert snapshot(GameState.deal(variant, number)) == reference_lay_out(variant, deck_order)


@settings(max_examples=20)
@given(variant=custom_variants(decks=1), deck_order=st.permutations(FULL_DECK))
def test_layout_from_any_deck_order_agrees_with_reference(
    variant: Variant, deck_order: list[Card]
) -> None:
    state = GameState.from_deck(variant, deck_order)
    assert snapshot(state) == reference_lay_out(variant, tuple(deck_order))


def test_presets_play_out_alike() -> None:
    """Every preset, a few deals, long playouts (the presets are what people play)."""
    for variant in VARIANTS.values():
        for number in (1, 32000):
            play_and_check(GameState.deal(variant, number), seed=number, steps=40)


# ---------------------------------------------------------------------------
# Hand-built positions for the edge cases of the rules text


def variant(**changes: Any) -> Variant:
    """A neutral one-deck variant (same-colour packing, circular, packed runs) with changes."""
    plain = Variant(
        name="edge",
        packing=Packing.SAME_COLOUR,
        tableau_wrap=TableauWrap.CIRCULAR,
        movable_runs=MovableRuns.PACKED,
        split_runs=True,
        vacancy=Vacancy.NONE,
    )
    return attrs.evolve(plain, **changes)


def build(
    rules: Variant,
    *,
    base: str,
    columns: Mapping[int, str | tuple[str, str]],
    foundations: Mapping[int, int] | None = None,
    reserve: Iterable[str] = (),
    spare: Iterable[str | None] = (),
) -> GameState:
    """A position in which only the named piles matter.

    ``columns`` maps 1-based column numbers to face-up cards, or to a pair (face down, face
    up). ``foundations`` maps 0-based foundation indices to how many cards they hold, from the
    base up. Every other card goes face up, one by one, onto the unnamed columns; the stock is
    empty.
    """
    base_rank = Card.parse(f"{base}C").rank
    deck = Counter(FULL_DECK * rules.decks)
    named = Counter(
        card
        for cards in [*columns.values(), *reserve, *(text for text in spare if text)]
        for text in (cards if isinstance(cards, tuple) else (cards,))
        for card in parse_cards(text)
    )
    if foundations is None:
        # The base card starts a foundation: give it a suit whose base card is not named.
        suit_index = next(
            index
            for index, suit in enumerate(SUIT_ORDER)
            if named[Card(base_rank, suit)] < rules.decks
        )
        foundations = {suit_index: 1}
    foundation_piles: list[tuple[Card, ...]] = []
    for index in range(4 * rules.decks):
        size = foundations.get(index, 0)
        suit = SUIT_ORDER[index % 4]
        foundation_piles.append(tuple(Card(base_rank.plus(n), suit) for n in range(size)))
    tableau = [Column() for _ in range(rules.piles)]
    for number, cards in columns.items():
        down, up = cards if isinstance(cards, tuple) else ("", cards)
        tableau[number - 1] = Column(face_down=parse_cards(down), face_up=parse_cards(up))
    reserve_piles = [parse_cards(text) for text in reserve]
    spare_cards = [None if text is None else Card.parse(text) for text in spare]
    used = Counter(card for pile in foundation_piles for card in pile)
    for column in tableau:
        used.update(column.face_down + column.face_up)
    for pile in reserve_piles:
        used.update(pile)
    used.update(card for card in spare_cards if card is not None)
    rest = sorted((deck - used).elements())
    assert not used - deck, f"cards used twice: {used - deck}"
    fillers = [index for index in range(rules.piles) if index + 1 not in columns]
    assert fillers or not rest, "no unnamed column for the other cards"
    filler_cards: dict[int, list[Card]] = {index: [] for index in fillers}
    for n, card in enumerate(rest):
        filler_cards[fillers[n % len(fillers)]].append(card)
    for index, cards_of_filler in filler_cards.items():
        tableau[index] = Column(face_up=tuple(cards_of_filler))
    return GameState(
        rules,
        base_rank=base_rank,
        tableau=tableau,
        foundations=foundation_piles,
        reserve=reserve_piles,
        spare=spare_cards,
    )


def legal_in_both(state: GameState, text: str) -> bool:
    """Whether the move is legal; the engine and the reference must agree, or the test fails."""
    move = Move.parse(text)
    engine = state.is_legal(move)
    reference = move in reference_legal_moves(state)
    assert engine == reference, f"{text}: engine {engine}, reference {reference}\n{describe(state)}"
    check_position(state, random.Random(0))
    return engine


def test_base_wrap_with_an_ace_base_puts_nothing_on_an_ace() -> None:
    # BASE wrap, base Ace: nothing is one lower than the Ace, so a King may not go on it,
    # while 2 on 3 and Q on K are ordinary.
    rules = variant(tableau_wrap=TableauWrap.BASE, packing=Packing.ANY_SUIT, piles=7)
    state = build(rules, base="A", columns={1: "AD", 2: "KS", 3: "3C", 4: "2H", 5: "QH"})
    assert not legal_in_both(state, "t2t1")
    assert legal_in_both(state, "t4t3")
    assert legal_in_both(state, "t5t2")


def test_base_wrap_puts_a_king_on_an_ace_unless_the_ace_is_the_base() -> None:
    rules = variant(tableau_wrap=TableauWrap.BASE, packing=Packing.ANY_SUIT, piles=7)
    state = build(rules, base="4", columns={1: "AD", 2: "KS", 3: "4C", 4: "3H", 5: "5H"})
    assert legal_in_both(state, "t2t1")  # K on A: the wrap is circular away from the base
    assert not legal_in_both(state, "t4t3")  # nothing on the base rank
    assert legal_in_both(state, "t3t5")  # the base card on base+1 ends a sequence


@pytest.mark.parametrize(
    ("wrap", "king_on_ace"),
    [(TableauWrap.CIRCULAR, True), (TableauWrap.BASE, True), (TableauWrap.NONE, False)],
)
def test_king_on_ace_by_wrap(wrap: TableauWrap, king_on_ace: bool) -> None:
    rules = variant(tableau_wrap=wrap, packing=Packing.ANY_SUIT, piles=7)
    state = build(rules, base="7", columns={1: "AD", 2: "KS"})
    assert legal_in_both(state, "t2t1") is king_on_ace


def test_circular_wrap_packs_base_minus_one_on_the_base() -> None:
    rules = variant(tableau_wrap=TableauWrap.CIRCULAR, packing=Packing.ANY_SUIT, piles=7)
    state = build(rules, base="7", columns={1: "7D", 2: "6S"})
    assert legal_in_both(state, "t2t1")


def test_two_deck_foundations_take_the_first_that_accepts() -> None:
    rules = variant(decks=2, piles=10)
    # Clubs: foundation 0 holds 5C..9C (5 cards), foundation 4 holds 5C 6C (2 cards).
    state = build(
        rules,
        base="5",
        columns={1: "7C", 2: "TC", 3: "5H", 4: "5H"},
        foundations={0: 5, 4: 2, 2: 0, 6: 0},
    )
    for text, foundation in (("t1f", 4), ("t2f", 0), ("t3f", 2)):
        assert legal_in_both(state, text)
        after = state.apply(Move.parse(text))
        assert len(after.foundations[foundation]) == len(state.foundations[foundation]) + 1
    # Both hearts foundations are empty: a base card goes to the first of them.
    both_empty = state.apply(Move.parse("t3f")).apply(Move.parse("t4f"))
    assert [len(pile) for pile in both_empty.foundations[2::4]] == [1, 1]


def test_a_complete_foundation_accepts_nothing() -> None:
    # Two decks: foundation 0 (clubs) is complete at 13 cards; another base-rank club goes to
    # the second clubs foundation, never onto the complete one.
    rules = variant(decks=2, piles=10)
    state = build(rules, base="5", columns={1: "5C"}, foundations={0: 13})
    assert legal_in_both(state, "t1f")
    after = state.apply(Move.parse("t1f"))
    assert len(after.foundations[0]) == 13
    assert [str(card) for card in after.foundations[4]] == ["5C"]


def test_only_single_available_cards_go_to_the_foundations() -> None:
    # An unsplittable run still gives up its exposed card to a foundation.
    rules = variant(split_runs=False, packing=Packing.ANY_SUIT, piles=7)
    state = build(rules, base="4", columns={1: "6C 5D 4S"})
    assert legal_in_both(state, "t1f")
    assert not legal_in_both(state, "t1t2x2")


def test_spare_space_deal_turns_the_short_remainder_up() -> None:
    # Agnes Bernauer: 16 stock cards = 7 + 7 + 2; the second deal also fills the two spaces.
    state = GameState.deal("agnes-bernauer", 1)
    stock = state.stock
    first = state.apply(Move.deal())
    assert first.spare == (None, None)
    check_position(first, random.Random(1))
    second = first.apply(Move.deal())
    assert second.stock == ()
    assert second.spare == stock[14:16]  # the first card dealt goes into space 1
    assert [pile[-1] for pile in second.reserve] == list(stock[7:14])
    assert snapshot(second) == reference_apply(first, Move.deal())
    check_position(second, random.Random(2))


def test_next_piles_deal_puts_the_short_remainder_on_the_first_columns() -> None:
    state = GameState.deal("agnes-sorel", 1)
    for _ in range(3):
        state = state.apply(Move.deal())
    assert len(state.stock) == 2
    last = state.apply(Move.deal())
    assert snapshot(last) == reference_apply(state, Move.deal())
    assert [column.face_up[-1] for column in last.tableau[:2]] == list(state.stock)
    assert last.tableau[2:] == state.tableau[2:]


def test_a_short_stock_fills_the_spare_spaces_at_the_layout() -> None:
    # Nine columns take 45 cards and the base one; the 6 left are fewer than a deal of 9.
    rules = variant(piles=9, leftover=Leftover.SPARE_SPACES)
    state = GameState.deal(rules, 1)
    assert state.stock == ()
    assert None not in state.spare
    assert len(state.spare) == 6
    assert snapshot(state) == reference_lay_out(rules, pysol_deck_order(1, 1))
    check_position(state, random.Random(3))


@pytest.mark.parametrize("vacancy", [Vacancy.BASE_MINUS_ONE_CARD, Vacancy.BASE_MINUS_ONE_RUN])
def test_base_minus_one_is_the_king_when_the_base_is_an_ace(vacancy: Vacancy) -> None:
    rules = variant(vacancy=vacancy, packing=Packing.ANY_SUIT, piles=7, reserve=7)
    state = build(
        rules,
        base="A",
        columns={1: "", 2: "KS", 3: "QH"},
        reserve=["KD", "QC", "2S", "3S", "4S", "5S", "6S"],
    )
    assert legal_in_both(state, "t2t1")
    assert legal_in_both(state, "r1t1")
    assert not legal_in_both(state, "t3t1")
    assert not legal_in_both(state, "r2t1")


@pytest.mark.parametrize(
    ("vacancy", "allowed"),
    [
        (Vacancy.ANY_CARD, {"t2t1", "t3t1"}),
        (Vacancy.BASE_MINUS_ONE_CARD, {"t2t1"}),
        (Vacancy.ANY_RUN, {"t2t1x3", "t3t1x3"}),
        (Vacancy.BASE_MINUS_ONE_RUN, {"t3t1x3"}),
        (Vacancy.NONE, set()),
    ],
)
def test_unsplittable_runs_and_empty_columns(vacancy: Vacancy, allowed: set[str]) -> None:
    # Base 8, so base-1 is 7. Runs may not split. Column 2 ends in the run 9S 8C 7S (its
    # exposed card is base-1), column 3 is the run 7C 6S 5C (its bottom card is base-1).
    # Under the single-card rules the exposed card moves alone into the empty column 1 even
    # though its run may not split; under the run rules only whole runs move.
    rules = variant(vacancy=vacancy, split_runs=False, piles=7)
    state = build(rules, base="8", columns={1: "", 2: "KD 7D 9S 8C 7S", 3: "7C 6S 5C", 4: "8S"})
    for text in ("t2t1", "t2t1x2", "t2t1x3", "t3t1", "t3t1x2", "t3t1x3"):
        assert legal_in_both(state, text) is (text in allowed), text
    # Onto a non-empty column the exposed card alone never leaves its unsplittable run.
    assert not legal_in_both(state, "t2t4")


def test_base_minus_one_run_moves_a_run_with_the_right_bottom_card() -> None:
    rules = variant(vacancy=Vacancy.BASE_MINUS_ONE_RUN, split_runs=True, piles=7)
    state = build(rules, base="T", columns={1: "", 2: "KD 9S 8C 7S"})
    assert legal_in_both(state, "t2t1x3")  # bottom 9S is base-1
    assert not legal_in_both(state, "t2t1x2")
    assert not legal_in_both(state, "t2t1")
    assert not legal_in_both(state, "t2t1x4")  # KD is not part of the run


def test_any_run_moves_any_tail_when_runs_split() -> None:
    rules = variant(vacancy=Vacancy.ANY_RUN, split_runs=True, piles=7)
    state = build(rules, base="T", columns={1: "", 2: "9S 8C 7S"})
    for text in ("t2t1", "t2t1x2", "t2t1x3"):
        assert legal_in_both(state, text)


def test_same_suit_runs_under_alternate_colour_packing() -> None:
    # movable_runs=SAME_SUIT asks only for one suit and one lower; a same-suit run that
    # could never have been packed (alternate colours) still moves as one.
    rules = variant(
        packing=Packing.ALTERNATE_COLOUR, movable_runs=MovableRuns.SAME_SUIT, split_runs=False
    )
    state = build(rules, base="2", columns={1: "9S 8S 7S", 2: "TH", 3: "8D"})
    assert legal_in_both(state, "t1t2x3")
    assert not legal_in_both(state, "t1t3")


def test_face_down_card_turns_up_with_the_move_that_exposes_it() -> None:
    rules = variant(face_down=True, packing=Packing.ANY_SUIT, piles=7)
    state = build(rules, base="4", columns={1: ("9D JC", "4C"), 2: ("AH", "7S 6S"), 3: "8D"})
    after = state.apply(Move.parse("t1f"))
    assert after.tableau[0] == Column(face_down=parse_cards("9D"), face_up=parse_cards("JC"))
    after = state.apply(Move.parse("t2t3x2"))
    assert after.tableau[1] == Column(face_up=parse_cards("AH"))
    check_position(state, random.Random(4))


def test_a_whole_column_may_move_into_an_empty_one() -> None:
    # The rules do not forbid a move that only shifts a column sideways.
    rules = variant(vacancy=Vacancy.ANY_RUN, piles=7)
    state = build(rules, base="4", columns={1: "", 2: "6C 5S"})
    assert legal_in_both(state, "t2t1x2")


def test_nothing_is_placed_on_reserve_or_spare_and_foundations_are_final() -> None:
    state = GameState.deal("agnes-bernauer", 1)
    state = state.apply(Move.deal()).apply(Move.deal())
    for text in ("t1r1", "r1r2", "t1s1", "r2s2", "s1t1x2", "f3t1", "f3t2", "f3r1", "d"):
        move = Move.parse(text)
        check_illegal(state, move)


def test_piles_out_of_range_are_refused_cleanly() -> None:
    state = GameState.deal("agnes-bernauer", 1)  # 7 columns, 7 reserve piles, 2 spare spaces
    for text in ("t8f", "t1t8", "r8f", "r8t1", "s3f", "s3t1", "f9t1", "t8t9x2"):
        move = Move.parse(text)
        assert not state.is_legal(move)
        with pytest.raises(IllegalMoveError) as caught:
            state.apply(move)
        assert isinstance(caught.value.rule, Rule)
        assert str(caught.value).strip()
