"""Random legal play on random deals, checking the invariants of the rules after every step."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from agnes_rules import Card, Column, GameState, IllegalMoveError, Move, Variant
from agnes_rules.cards import FULL_DECK
from tests.strategies import game_numbers, variants


def snapshot(state: GameState) -> tuple[object, ...]:
    return (
        state.tableau,
        state.reserve,
        state.spare,
        state.foundations,
        state.stock,
        state.base_rank,
    )


def all_cards(state: GameState) -> list[Card]:
    cards: list[Card] = []
    for column in state.tableau:
        cards.extend(column.face_down + column.face_up)
    for pile in state.reserve:
        cards.extend(pile)
    cards.extend(card for card in state.spare if card is not None)
    for pile in state.foundations:
        cards.extend(pile)
    cards.extend(state.stock)
    return cards


class RandomPlay(RuleBasedStateMachine):
    state: GameState
    variant: Variant

    @initialize(variant=variants, number=game_numbers)
    def deal(self, variant: Variant, number: int) -> None:
        self.variant = variant
        self.state = GameState.deal(variant, number)
        self.steps = 0

    @precondition(lambda self: bool(self.state.legal_moves()))
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        moves = self.state.legal_moves()
        move = data.draw(st.sampled_from(moves))
        before = snapshot(self.state)
        previous = self.state
        self.state = previous.apply(move)
        assert snapshot(previous) == before, "apply changed the old state"
        self.steps += 1

    @precondition(lambda self: bool(self.state.legal_moves()))
    @rule(data=st.data())
    def prefer_foundation_moves(self, data: st.DataObject) -> None:
        # Random play rarely gets far; favouring the foundations reaches late positions.
        moves = [m for m in self.state.legal_moves() if str(m).endswith("f")]
        if moves:
            self.state = self.state.apply(data.draw(st.sampled_from(moves)))

    @rule(
        source=st.sampled_from("trsf"),
        source_number=st.integers(1, 11),
        destination=st.sampled_from("trsf"),
        destination_number=st.integers(1, 11),
        count=st.integers(1, 5),
    )
    def an_arbitrary_move_is_applied_or_refused_whole(
        self,
        source: str,
        source_number: int,
        destination: str,
        destination_number: int,
        count: int,
    ) -> None:
        text = f"{source}{source_number}{destination}"
        if destination != "f":
            text += str(destination_number)
        if count > 1 and destination != "f":
            text += f"x{count}"
        move = Move.parse(text)
        before = snapshot(self.state)
        legal = move in self.state.legal_moves()
        assert self.state.is_legal(move) == legal
        if legal:
            assert self.state.apply(move) != self.state
        else:
            with pytest.raises(IllegalMoveError) as caught:
                self.state.apply(move)
            assert caught.value.move == move
            assert caught.value.state is self.state
            assert caught.value.reason
        assert snapshot(self.state) == before

    @invariant()
    def every_card_is_present_exactly_once_per_deck(self) -> None:
        counts = Counter(all_cards(self.state))
        assert counts == Counter(FULL_DECK * self.variant.decks)

    @invariant()
    def foundations_ascend_from_the_base_rank_in_one_suit(self) -> None:
        for number, pile in enumerate(self.state.foundations):
            assert len(pile) <= 13
            for step, card in enumerate(pile):
                assert card.suit.position == number % 4
                assert card.rank == self.state.base_rank.plus(step)

    @invariant()
    def face_down_cards_lie_only_under_face_up_ones(self) -> None:
        for column in self.state.tableau:
            assert isinstance(column, Column)
            if column.face_down:
                assert column.face_up
                assert self.variant.face_down

    @invariant()
    def every_legal_move_applies_and_its_text_parses_back(self) -> None:
        moves = self.state.legal_moves()
        assert len(set(moves)) == len(moves)
        for move in moves:
            assert Move.parse(str(move)) == move
            assert self.state.parse_move(str(move)) == move
            assert self.state.is_legal(move)
            self.state.apply(move)

    @invariant()
    def equal_states_hash_equally(self) -> None:
        state = self.state
        rebuilt = GameState(**attrs.asdict(state.parts(), recurse=False))
        assert rebuilt == state
        assert hash(rebuilt) == hash(state)

    @invariant()
    def won_exactly_when_every_card_is_on_the_foundations(self) -> None:
        on_foundations = sum(len(pile) for pile in self.state.foundations)
        assert self.state.is_won == (on_foundations == self.variant.card_count)
        assert self.state.is_over == (self.state.is_won or self.state.is_lost)
        if self.state.is_lost:
            assert not self.state.stock and not self.state.legal_moves()


RandomPlay.TestCase.settings = settings(stateful_step_count=40)
TestRandomPlay = RandomPlay.TestCase
