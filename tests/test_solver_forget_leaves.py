"""Leaves kept out of the table of positions seen (``forget_leaves``): the same verdicts,
a smaller table, and nothing changed before the search has examined
:data:`~agnes_rules.solver.search.FORGET_FROM` positions."""

from __future__ import annotations

import pytest

from agnes_rules.core.state import GameState
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.search import FORGET_FROM, Search

#: The exact search alone: the passes before it keep their own tables.
_EXACT = Techniques(streamline=False, best_first=False)


def _search(name: str, number: int, techniques: Techniques, forget_from: int) -> Search:
    search = Search(GameState.deal(name, number), techniques)
    search.forget_from = forget_from
    return search


def _exact(search: Search, budget: int | None) -> tuple[Outcome, int, int]:
    """The exact search from the first position: its verdict, the positions it examined and
    how many keys its table holds at the end."""
    opening, root, line = search.opening()
    assert opening is None
    seen: set[bytes] = set()
    outcome, _, examined = search.exact(root, line, budget, None, 0, seen)
    return outcome, examined, len(seen)


def test_the_switch_and_where_it_starts() -> None:
    state = GameState.deal("agnes-bernauer-pysol", 1)
    assert Search(state, Techniques()).forget_from == FORGET_FROM == 32_000_000
    assert Search(state, Techniques(forget_leaves=False)).forget_from == -1
    # Without a table there is nothing to keep out of it.
    assert Search(state, Techniques(transpositions=False)).forget_from == -1


@pytest.mark.parametrize(
    ("name", "number", "verdict"),
    [
        ("agnes-sorel-quagnes", 1455, Outcome.LOST),
        ("agnes-sorel-parlett", 399, Outcome.LOST),
        ("agnes-sorel", 11, Outcome.LOST),
        ("agnes-bernauer", 229, Outcome.LOST),
        ("agnes-bernauer-parlett", 3, Outcome.WON),
        ("agnes-bernauer-pysol", 2, Outcome.WON),
        ("agnes-sorel-aisleriot", 26, Outcome.LOST),
    ],
)
def test_the_exact_search_gives_the_same_verdict_with_a_smaller_table(
    name: str, number: int, verdict: Outcome
) -> None:
    kept = _exact(_search(name, number, _EXACT, -1), 200_000)
    forgot = _exact(_search(name, number, _EXACT, 0), 200_000)
    assert kept[0] is forgot[0] is verdict
    # Every position examined stays in the table without the technique; with it, leaves
    # met again are examined again.
    assert kept[1] == kept[2]
    assert forgot[1] >= kept[1]
    if verdict is Outcome.LOST:  # 38% to 61% of it, on these
        assert 3 * forgot[2] < 2 * kept[2]


#: Quagnes's rules, a lost deal, searched with every technique: 13,456 positions.
_LOST = ("agnes-sorel-quagnes", 1455)


@pytest.mark.parametrize(("forget_from", "examined"), [(1, 19_101), (2_000, 18_385)])
def test_forgetting_that_starts_within_a_search_keeps_its_verdict(
    forget_from: int, examined: int
) -> None:
    # The frames on the stack when it starts stay in the table; those above them may not.
    outcome, _, count = _search(*_LOST, Techniques(), forget_from).run(None)
    assert outcome is Outcome.LOST
    assert count == examined


def test_before_it_starts_the_search_is_the_same() -> None:
    # Started after the search ended, forgetting changes nothing: the same positions.
    plain = solve(GameState.deal(*_LOST), techniques=Techniques(forget_leaves=False))
    assert _search(*_LOST, Techniques(), 13_457).run(None)[2] == plain.states == 13_456


@pytest.mark.parametrize(("name", "number"), [("agnes-two", 9), ("agnes-sorel-aisleriot", 5536)])
def test_every_pass_keeps_its_verdict(name: str, number: int) -> None:
    # Agnes Two's exact search runs in turns that share the table; Aisleriot's first pass
    # is the search of the game without worry-backs.
    plain = solve(GameState.deal(name, number), max_states=100_000)
    outcome, _, _ = _search(name, number, Techniques(), 0).run(100_000)
    assert outcome is plain.outcome is Outcome.WON
