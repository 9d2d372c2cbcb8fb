"""A fixed numbering of the moves of a variant, for agents: actions as integers, and a mask.

:class:`ActionSpace` numbers every move that a variant can name, the same way
for every position of every game of that variant, like OpenSpiel's distinct
actions or a Gymnasium ``Discrete`` space. The numbering, in this order:

1. ``0``: the deal (``d``);
2. the moves to the foundations: from each column (``t1f`` ...), then each
   reserve pile, then each spare space;
3. the moves between columns: for each source column, each other column as the
   target, each count from 1 to the longest run the variant can move
   (``t1t2``, ``t1t2x2``, ...);
4. the moves from each reserve pile, then each spare space, onto each column;
5. when the variant lets cards be worried back, the moves from each
   foundation onto each column (``f1t1`` ...).

The longest run is 1 when runs never move (``movable_runs = SINGLE_CARD``), 13
when the tableau does not wrap past the base or the Ace, and otherwise as many
cards as a run could chain: 13 for each deck and each suit that runs may mix,
at most every card but the base card.

>>> space = ActionSpace("agnes-sorel")
>>> space.size
554
>>> space.encode(Move.parse("t4t3")), space.decode(8)
(268, Move.parse('t1t2'))
>>> from agnes_rules.core.state import GameState
>>> state = GameState.deal("agnes-sorel", 1)
>>> [str(space.decode(action)) for action in space.legal_actions(state)]
['d', 't4f', 't4t3']
>>> sum(space.mask(state))
3
"""

from __future__ import annotations

import functools
import operator
from typing import SupportsIndex

from agnes_rules.core.moves import Area, Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import MovableRuns, Packing, PresetName, TableauWrap, Variant
from agnes_rules.errors import ArgumentError

__all__ = ["ActionSpace", "longest_run"]

_SUITS_IN_A_RUN = {
    Packing.SAME_SUIT: 1,
    Packing.SAME_COLOUR: 2,
    Packing.ALTERNATE_COLOUR: 4,
    Packing.ANY_SUIT: 4,
}


def longest_run(variant: Variant) -> int:
    """The most cards a move between columns can carry in ``variant`` (see the module docstring)."""
    if variant.movable_runs is MovableRuns.SINGLE_CARD:
        return 1
    if variant.tableau_wrap is not TableauWrap.CIRCULAR:
        return 13
    suits = 1 if variant.movable_runs is MovableRuns.SAME_SUIT else _SUITS_IN_A_RUN[variant.packing]
    return min(13 * suits * variant.decks, variant.card_count - 1)


@functools.cache
def _numbering(variant: Variant) -> tuple[tuple[Move, ...], dict[Move, int]]:
    moves = [Move.deal()]
    sources = [(Area.TABLEAU, variant.piles), (Area.RESERVE, variant.reserve)]
    sources.append((Area.SPARE, variant.spare_spaces))
    for area, count in sources:
        moves += [Move(area, index, Area.FOUNDATION) for index in range(count)]
    columns = range(variant.piles)
    counts = range(1, longest_run(variant) + 1)
    for source in columns:
        for target in columns:
            if target != source:
                moves += [Move(Area.TABLEAU, source, Area.TABLEAU, target, n) for n in counts]
    if variant.worry_back:
        sources.append((Area.FOUNDATION, variant.foundation_count))
    for area, count in sources[1:]:
        for source in range(count):
            moves += [Move(area, source, Area.TABLEAU, target) for target in columns]
    return tuple(moves), {move: action for action, move in enumerate(moves)}


class ActionSpace:
    """The moves of ``variant`` (a :class:`~agnes_rules.Variant` or a preset name) as ``0..size-1``.

    Two action spaces are equal when their variants are.
    """

    __slots__ = ("_index", "_moves", "variant")

    variant: Variant
    _moves: tuple[Move, ...]
    _index: dict[Move, int]

    def __init__(self, variant: Variant | PresetName) -> None:
        resolved = Variant.resolve(variant)
        object.__setattr__(self, "variant", resolved)
        moves, index = _numbering(resolved)
        object.__setattr__(self, "_moves", moves)
        object.__setattr__(self, "_index", index)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an ActionSpace is immutable; cannot set {name}")

    @property
    def size(self) -> int:
        """How many actions there are."""
        return len(self._moves)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move of the space; ``moves[action]`` is the move of ``action``."""
        return self._moves

    def encode(self, move: Move | str) -> int:
        """The action of ``move`` (a :class:`~agnes_rules.Move` or its text).

        A move that the variant cannot name (a column it does not have, a card onto
        a reserve pile, a run longer than any) raises :class:`~agnes_rules.ArgumentError`.
        """
        if isinstance(move, str):
            move = Move.parse(move)
        action = self._index.get(move) if isinstance(move, Move) else None
        if action is None:
            raise ArgumentError(f"{move!r} is not a move of {self.variant.name}'s action space")
        return action

    def decode(self, action: SupportsIndex) -> Move:
        """The move numbered ``action``; anything but an integer in ``0..size-1`` raises
        :class:`~agnes_rules.ArgumentError`."""
        try:
            number = operator.index(action)
        except TypeError:
            raise ArgumentError(f"an action is an integer, got {action!r}") from None
        if isinstance(action, bool) or not 0 <= number < len(self._moves):
            raise ArgumentError(f"{action!r} is not an action of 0..{len(self._moves) - 1}")
        return self._moves[number]

    def legal_actions(self, state: GameState) -> tuple[int, ...]:
        """The actions of the legal moves of ``state``, in increasing order."""
        self._check_state(state)
        index = self._index
        return tuple(sorted(index[move] for move in state.legal_moves()))

    def mask(self, state: GameState) -> tuple[bool, ...]:
        """For each action, whether its move is legal in ``state``."""
        mask = [False] * len(self._moves)
        for action in self.legal_actions(state):
            mask[action] = True
        return tuple(mask)

    def _check_state(self, state: GameState) -> None:
        if not isinstance(state, GameState):
            raise ArgumentError(f"expected a GameState, got {state!r}")
        if state.variant != self.variant:
            raise ArgumentError(
                f"the position is of {state.variant.name}, the actions of {self.variant.name}"
            )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionSpace):
            return NotImplemented
        return self.variant == other.variant

    def __hash__(self) -> int:
        return hash((ActionSpace, self.variant))

    def __repr__(self) -> str:
        return f"<ActionSpace {self.variant.name}: {self.size} actions>"

    def __reduce__(self) -> tuple[type[ActionSpace], tuple[Variant]]:
        return (ActionSpace, (self.variant,))
