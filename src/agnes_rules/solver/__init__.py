"""An exact solver for every variant of Agnes, and hints built on it.

:func:`solve` searches the whole game from a position and answers whether it
can be won. "Won" comes with a winning line of :class:`~agnes_rules.Move`
objects, checked move by move with :meth:`GameState.apply
<agnes_rules.GameState.apply>`; "lost" is a proof, the whole reachable game
having been refuted; "unknown" means the ``max_states`` budget (or the
``max_seconds`` time limit) ran out first.

Like the quagnes solver, it plays with **full knowledge**: it sees the
face-down cards and the order of the stock. A "won" verdict therefore says
that the deal *can* be won by someone who knows every card, not that a player
who sees only the face-up cards will find the line.

>>> from agnes_rules.core.state import GameState
>>> result = solve(GameState.deal("agnes-sorel", 3))
>>> result.outcome, len(result.moves) > 0
(<Outcome.WON: 'won'>, True)
>>> GameState.deal("agnes-sorel", 3).play(result.moves).is_won
True
>>> solve(GameState.deal("agnes-sorel-quagnes", 1)).outcome
<Outcome.LOST: 'lost'>

How it searches (see the solver page of the documentation for measurements): an
iterative depth-first search over a compact private representation of the position
(columns as :class:`bytes` of card codes, foundations as counts, the stock as a position
in the fixed deal order); a transposition table of canonical keys, in which piles that
no future deal reaches are sorted, since they are interchangeable; foundation moves that
provably cannot hurt are played automatically; positions with a card buried above a
lower card of its own suit that can never be dug out are refuted at once, and so are,
after a deal or a card sent home (after every move that could strand a position where
deals go to the reserve, or where runs may be split), those in which some card could
never get home even under looser rules (where the stock goes to the columns, rules that
know in which order the stock comes); moves are
tried in an order that finds wins sooner. Where gaps can be filled, two passes that look
for wins come first, on a quarter of the budget each: a depth-first one that sends every
card home at once, and a best-first one that expands the positions nearest a win first.
Every pruning rule keeps "lost" a proof; each one can be switched off with
:class:`Techniques` to measure it.

The modules of the package, private to it, one per part of the search:
``results`` (the public values), ``board`` (the compact position, its rule
tables, playing a move), ``moves`` (move generation), ``autoplay`` (safe
foundation moves), ``keys`` (transposition keys), ``deadends`` (loss proofs),
``reach`` (the stranded-card loss proof), ``reach_deals`` (the same with the
stock dealt in order), ``reach_two_decks`` (the same with two decks),
``schedule`` (when the dead-end check runs beside it), ``proofs`` (when each loss proof runs),
``ordering`` (which moves to try first, which to skip), ``search`` (the
passes and the depth-first search), ``best_first`` (the best-first pass),
``novelty`` (which positions that pass expands first),
``restarts`` (the exact search in turns), ``sleep`` (refuted moves not tried
again after moves that commute with them), ``collector`` (the cycle collector
paused while searches run),
``api`` (:func:`solve` and the checked winning line),
``budget`` (the memory-based budget of a solve given none), ``watch`` (progress
reports, cancellation and time limits, and where Ctrl-C is noticed in the
compiled build),
``sampling`` (the deals a player cannot rule out) and ``hints`` (:func:`hint`,
the player's hint, and :func:`omniscient_hint`, the all-seeing one).
"""

from __future__ import annotations

from agnes_rules.solver.api import solve
from agnes_rules.solver.hints import HINT_STATES as HINT_STATES  # the budget of hint
from agnes_rules.solver.hints import hint, omniscient_hint
from agnes_rules.solver.results import Hint, Outcome, SolveResult, Techniques

__all__ = ["Hint", "Outcome", "SolveResult", "Techniques", "hint", "omniscient_hint", "solve"]
