"""Hints: a move to play, and why.

:func:`hint` is the **player's** hint: it depends only on what the player can
see (the :class:`~agnes_rules.view.PlayerView`), so equal views give equal
hints and a hint never gives away a hidden card. With nothing hidden it is the
solver's advice. With hidden cards (face-down cards, the order of the stock)
it reasons over the deals the player cannot rule out: it deals the unseen
cards into the hidden places :data:`HINT_SAMPLES` times (seeded from the view,
see :mod:`~agnes_rules.solver.sampling`), solves each deal within a share of
the budget (and of the time limit, if one is given), and suggests the legal
move that wins in most of them, ties going to the move that comes first in
the documented order of :meth:`~agnes_rules.GameState.legal_moves`; the
reason says in how many.
Each deal's search sees that deal's cards, so the count is an estimate of the
move's chances, not a promise.

:func:`omniscient_hint` is the all-seeing hint for tools: the first move of a
winning line found with every card in view.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from agnes_rules.core.moves import Area, Move
from agnes_rules.core.state import GameState
from agnes_rules.errors import ArgumentError
from agnes_rules.solver.api import check_max_seconds, check_max_states, solve
from agnes_rules.solver.results import Hint, Outcome
from agnes_rules.solver.sampling import completions, is_complete
from agnes_rules.view import player_view

__all__ = ["HINT_SAMPLES", "HINT_STATES", "hint", "omniscient_hint"]

#: The budget of :func:`hint`: small enough to answer at once.
HINT_STATES = 20_000
#: How many deals consistent with the view :func:`hint` solves when cards are hidden.
HINT_SAMPLES = 12
#: At most this many moves, besides each deal's own winning move, are tried in every deal.
_CANDIDATES = 2


def hint(
    state: GameState, *, max_states: int = HINT_STATES, max_seconds: float | None = None
) -> Hint:
    """A move to play here, and why, from what the player can see (see the module docstring).

    ``max_states`` bounds each search: with hidden cards every deal's search
    gets ``max_states // HINT_SAMPLES`` positions (at least 100).
    ``max_seconds`` (None: no limit) bounds the time of the whole hint, for a
    front-end that must answer within a frame: with hidden cards half of it
    is shared out among the deals' first searches and the rest among the
    searches that try the best moves in the other deals; a search whose time
    is up counts as undecided, and when nothing was found in time the hint
    falls back on the same simple rules as a hint without a winning line. Bad
    arguments raise an :class:`~agnes_rules.errors.ArgumentError`, as in
    :func:`~agnes_rules.solver.solve`.

    >>> from agnes_rules.core.state import GameState
    >>> print(hint(GameState.deal("agnes-sorel-quagnes", 5)))
    t5f: no winning line found in 12 deals consistent with what you can see (12 of them lost); \
it plays a card to its foundation
    >>> print(hint(GameState.deal("agnes-sorel", 3)))
    t3f: it wins in 7 of 12 deals consistent with what you can see
    >>> print(hint(GameState.deal("agnes-sorel", 3), max_seconds=0))
    t3f: no winning line found in 12 deals consistent with what you can see (0 of them lost); \
it plays a card to its foundation
    """
    deadline = _deadline(max_seconds)
    if not isinstance(state, GameState):
        raise ArgumentError(f"hint() needs a GameState, got {state!r}")
    if check_max_states(max_states) is None:
        # A hint answers while the player waits: it always has a budget.
        raise ArgumentError("hint() needs a budget: max_states must be a positive integer")
    moves = state.legal_moves()
    if not moves:
        return Hint(None, "no move is legal: the game is over")
    view = player_view(state)
    if is_complete(view):
        return _solved_hint(state, moves, max_states, deadline, max_seconds)
    share = max(100, max_states // HINT_SAMPLES)
    wins, lost = _wins_per_move(completions(view, HINT_SAMPLES), moves, share, deadline)
    best = max(moves, key=lambda move: wins[move])  # the first of the best, in the move order
    seen = f"{HINT_SAMPLES} deals consistent with what you can see"
    if wins[best]:
        return Hint(best, f"it wins in {wins[best]} of {seen}")
    move, why = _heuristic_move(state, moves)
    return Hint(move, f"no winning line found in {seen} ({lost} of them lost); {why}")


def _deadline(max_seconds: object) -> float | None:
    """The :func:`time.monotonic` reading at which ``max_seconds`` from now are up."""
    started = time.monotonic()
    seconds = check_max_seconds(max_seconds)
    return None if seconds is None else started + seconds


def _left(deadline: float | None, searches: int) -> float | None:
    """The time each of the next ``searches`` searches gets before ``deadline``: a fair share."""
    if deadline is None:
        return None
    return max(0.0, deadline - time.monotonic()) / searches


def _wins_per_move(
    deals: Sequence[GameState], moves: Sequence[Move], share: int, deadline: float | None
) -> tuple[dict[Move, int], int]:
    """In how many of ``deals`` each of ``moves`` starts a winning line (searches of ``share``
    positions, all done by ``deadline``), and how many of the deals the search proved lost.

    Each deal is solved once, which credits the first move of its winning line;
    then the moves credited so far (the best :data:`_CANDIDATES`) are tried in
    the deals where another move was found, so that a move that wins in many
    deals is counted in all of them. With a deadline the first round gets half
    of the time, shared fairly among the deals still to solve (time a quick
    search leaves goes to the others), and the second round the rest.
    """
    wins = dict.fromkeys(moves, 0)
    found: list[Move | None] = []
    lost = 0
    halfway = None if deadline is None else (time.monotonic() + deadline) / 2
    for index, deal in enumerate(deals):
        result = solve(deal, max_states=share, max_seconds=_left(halfway, len(deals) - index))
        lost += result.outcome is Outcome.LOST
        first = result.moves[0] if result.outcome is Outcome.WON and result.moves else None
        found.append(first)
        if first is not None:
            wins[first] += 1
    ranked = sorted((move for move in moves if wins[move]), key=lambda move: -wins[move])
    tries = [
        (candidate, deal)
        for candidate in ranked[:_CANDIDATES]
        for deal, first in zip(deals, found, strict=True)
        if first is not None and first != candidate
    ]
    for index, (candidate, deal) in enumerate(tries):
        after = deal.apply(candidate)
        seconds = _left(deadline, len(tries) - index)
        if after.is_won or solve(after, max_states=share, max_seconds=seconds).won:
            wins[candidate] += 1
    return wins, lost


def omniscient_hint(
    state: GameState, *, max_states: int = HINT_STATES, max_seconds: float | None = None
) -> Hint:
    """The all-seeing hint, for tools: it solves with the face-down cards and the stock in view.

    The first move of a winning line when :func:`~agnes_rules.solver.solve`
    finds one within ``max_states`` positions and ``max_seconds`` seconds
    (None: no time limit); otherwise (the position is lost, or too hard to
    decide in time) a heuristic choice, and the reason says which. A player
    should get :func:`hint`, which does not peek.

    >>> from agnes_rules.core.state import GameState
    >>> advice = omniscient_hint(GameState.deal("agnes-sorel", 3))
    >>> advice.move, advice.reason.startswith("it starts a winning line")
    (Move.parse('t3f'), True)
    """
    deadline = _deadline(max_seconds)
    if not isinstance(state, GameState):
        raise ArgumentError(f"omniscient_hint() needs a GameState, got {state!r}")
    check_max_states(max_states)
    moves = state.legal_moves()
    if not moves:
        return Hint(None, "no move is legal: the game is over")
    return _solved_hint(state, moves, max_states, deadline, max_seconds)


def _solved_hint(
    state: GameState,
    moves: Sequence[Move],
    max_states: int | None,
    deadline: float | None,
    max_seconds: object,
) -> Hint:
    """:func:`omniscient_hint` once its arguments are checked and a move is legal."""
    result = solve(state, max_states=max_states, max_seconds=_left(deadline, 1))
    if result.outcome is Outcome.WON:
        return Hint(
            result.moves[0],
            f"it starts a winning line (found by search, {len(result.moves)} moves)",
        )
    move, why = _heuristic_move(state, moves)
    if result.outcome is Outcome.LOST:
        return Hint(move, f"the game cannot be won any more; {why}")
    if deadline is not None and time.monotonic() >= deadline:
        return Hint(move, f"no winning line found within {max_seconds} seconds; {why}")
    return Hint(move, f"no winning line found within {result.states} positions; {why}")


def _heuristic_move(state: GameState, moves: Sequence[Move]) -> tuple[Move, str]:
    """The best-looking legal move by simple rules, with the rule that chose it.

    It reads only what the player sees: a move that turns a face-down card is
    chosen by the second rule, before the fourth looks at the position after a
    move, so that look never shows a hidden card.
    """
    for move in moves:
        if move.target is Area.FOUNDATION:
            return move, "it plays a card to its foundation"
    tableau = state.tableau
    for move in moves:
        if move.source is Area.TABLEAU and move.target is Area.TABLEAU:
            column = tableau[move.source_index]
            if move.count == len(column.face_up) and column.face_down:
                return move, "it turns a face-down card"
    for move in moves:
        if move.source is Area.TABLEAU and move.target is Area.TABLEAU:
            column = tableau[move.source_index]
            target = tableau[move.target_index]
            if move.count == len(column) and target.face_up:
                return move, "it empties a column"
    for move in moves:
        if move.source is Area.TABLEAU and move.target is Area.TABLEAU:
            after = state.apply(move)
            if any(m.target is Area.FOUNDATION for m in after.legal_moves()):
                return move, "it uncovers a card that can go to its foundation"
    for move in moves:
        if move.source in (Area.RESERVE, Area.SPARE):
            return move, "it brings a reserve card into play"
    for move in moves:
        if not move.is_deal and move.source is not Area.FOUNDATION:
            return move, "it is the first legal move on the tableau"
    # A card worried back for nothing would be played home again by the first rule.
    if moves[-1].is_deal:
        return moves[-1], "nothing else is possible: deal"
    return moves[0], "only a card worried back from a foundation can move"
