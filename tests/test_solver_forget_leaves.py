"""Leaves kept out of the table of positions seen (``forget_leaves``): the same verdicts,
a smaller table, and nothing changed before the search has examined
:data:`~agnes_rules.solver.search.FORGET_FROM` positions."""

from __future__ import annotations

import pytest

from agnes_rules.core.state import GameState
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.leaves import Leaves
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


def test_the_turns_of_restarts_share_a_table_with_leaves_kept_out() -> None:
    # Agnes Two's exact search runs in turns that share the table, each in another order.
    counts = []
    for forget_from in (-1, 0):
        search = _search("agnes-two", 9, Techniques(), forget_from)
        assert search.restarts
        outcome, examined, _ = _exact(search, 60_000)
        assert outcome is Outcome.WON
        counts.append(examined)
    assert counts == [1_719, 1_845]


def test_the_first_pass_where_cards_are_worried_back_keeps_its_verdict() -> None:
    # That pass is the exact search of the game without worry-backs (Search.firm).
    counts = []
    for forget_from in (-1, 0):
        firm = Search(GameState.deal("agnes-sorel-aisleriot", 26), Techniques()).firm()
        assert firm is not None
        firm.forget_from = forget_from
        outcome, _, examined = firm.first_pass(200_000, None)
        assert outcome is Outcome.LOST
        counts.append(examined)
    assert counts == [1_164, 1_554]


def test_frames_from_before_the_start_stay_in_the_table() -> None:
    seen = {b"root", b"a", b"b", b"c"}
    leaves = Leaves(seen, 1, start_at=5, examined=3)
    leaves.enter(1, b"a", 4)  # before the start: a has no entry
    leaves.enter(2, b"b", 5)  # the start: b has one
    leaves.leave(2)  # b led to no new position
    leaves.leave(1)  # a did, and has no entry anyway
    leaves.enter(1, b"c", 6)  # where a was: c has an entry
    leaves.refuted(b"d")  # not in the table: nothing to take out
    leaves.leave(1)
    assert seen == {b"root", b"a"}
    assert leaves.kept == [] and leaves.bore == []
    assert Leaves(set(), 1, start_at=-1, examined=10**9).active is False
