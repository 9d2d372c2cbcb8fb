"""Stranded cards: positions refuted because a card could never get home, even under
looser rules; never a position that can be won."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules import winnable_deals
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Leftover, Variant
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.board import COLUMN_TO_COLUMN, DOWN, NO_CARD, Board, Position
from agnes_rules.solver.deadends import DeadEnds
from agnes_rules.solver.landmarks import NEVER, LandmarkProof
from agnes_rules.solver.moves import MoveGenerator
from agnes_rules.solver.proofs import LossProofs, stranded_card_proof
from agnes_rules.solver.reach import Reach
from agnes_rules.solver.reach_deals import DealOrderReach
from agnes_rules.solver.reach_two_decks import COPY, TwoDeckReach
from agnes_rules.solver.search import Search
from agnes_rules.solver.worryback import ReversibleAutoplay
from tests.playouts import playouts, reached_states
from tests.positions import position
from tests.strategies import custom_variants

#: quagnes's default rules dealt face up: runs by colour, gaps stay empty.
_NONE_UP = attrs.evolve(Variant.named("agnes-sorel-quagnes"), face_down=False)
#: Without the proof: the verdicts must be the same, only the searches larger.
_WITHOUT = Techniques(stranded_cards=False)
#: The one-deck presets; Agnes Two (two decks, see reach_two_decks) is tested apart,
#: with fewer and shorter games: its plain fixpoint is slow in pure Python.
_ONE_DECK = [
    "agnes-sorel-aisleriot",
    "agnes-sorel",
    "agnes-sorel-parlett",
    "agnes-sorel-pysol",
    "agnes-sorel-quagnes",
    "agnes-bernauer",
    "agnes-bernauer-parlett",
    "agnes-bernauer-pysol",
]


def _proof(board: Board) -> Reach:
    proof = stranded_card_proof(board)
    assert proof is not None
    return proof


def _plain_proof(board: Board) -> Reach:
    """The proof of :mod:`.reach` as its docstring states it (the stock loose)."""
    proof = stranded_card_proof(board, Techniques(deal_order=False))
    assert proof is not None
    return proof


def _stranded(state: GameState) -> bool:
    board = Board(state)
    return _proof(board).stranded(board.root)


#: Base 4, every heart and diamond home, clubs and spades home up to their jacks.
_JACKS_HOME = {"H": 13, "D": 13, "C": 8, "S": 8}


def _queens_next(columns: dict[int, str]) -> GameState:
    return position(_NONE_UP, base="4", columns=columns, foundations=_JACKS_HOME)


def test_cards_that_keep_each_other_out_of_reach_strand_the_game() -> None:
    # The queens are next. The queen of clubs lies under the two of spades, which
    # could go only on a three; both threes lie under the kings. The kings could go
    # only on the aces, under the two of clubs, which could go only on a three. No
    # card is stuck on its own (each has a target in another pile), so the stuck-card
    # check lets the position pass; but no queen can ever be uncovered.
    state = _queens_next({1: "QC 2S", 2: "3S 3C KS KC", 3: "QS AS AC 2C"})
    board = Board(state)
    assert not DeadEnds(board).is_dead(board.root)
    assert Reach(board).stranded(board.root)
    assert solve(state).states == 1
    assert solve(state, techniques=_WITHOUT).outcome is Outcome.LOST


def test_a_run_moved_whole_leaves_its_cards_covered() -> None:
    # Clubs want the eight, under the nine of spades, which could go only on a black
    # ten: the ten of clubs lies under the eight, the ten of spades under the nine of
    # clubs, which could leave it only for the ten of clubs or to go home after the
    # eight. The ten of spades and the nine could move together onto a jack, but the
    # nine travels on the ten and never uncovers it: carried along, a card does not
    # leave the card it lies on.
    spades_next = {"H": 13, "D": 13, "C": 4, "S": 4}
    columns = {1: "TS 9C", 2: "TC 8S 8C 9S", 3: "JS", 4: "3C 2C AC KC QC JC", 5: "3S 2S AS KS QS"}
    state = position(_NONE_UP, base="4", columns=columns, foundations=spades_next)
    board = Board(state)
    assert not DeadEnds(board).is_dead(board.root)
    assert Reach(board).stranded(board.root)
    assert solve(state, techniques=_WITHOUT).outcome is Outcome.LOST


@pytest.mark.parametrize(
    ("name", "won"), [("agnes-bernauer", False), ("agnes-bernauer-parlett", True)]
)
def test_a_run_that_moves_only_whole_never_uncovers_a_card_within_it(name: str, won: bool) -> None:
    # Clubs want the three, under the two of diamonds and the ace of clubs: a run on
    # it. Morehead's rules move runs only whole, and this one has nowhere to go (the
    # gap takes only a run from a two), so the three is never uncovered. Parlett's let
    # the two and the ace into the gap as a run of their own, and the game is won.
    home = {"H": 13, "S": 13, "D": 12, "C": 0}
    columns = {1: "3C 2D AC", 2: "", 3: "2C KC QC JC TC 9C 8C 7C 6C 5C 4C"}
    state = position(
        Variant.named(name),
        base="3",
        columns=columns,
        foundations=home,
        reserve=[""] * 7,
        spare=[None, None],
    )
    assert _stranded(state) is not won
    assert solve(state, techniques=_WITHOUT).won is won


def test_a_game_that_can_be_won_is_not_stranded() -> None:
    state = _queens_next({1: "AC", 2: "3C QS KC", 3: "QC 3S 2C AS 2S KS"})
    assert not _stranded(state)
    result = solve(state)
    assert result.won and state.play(result.moves).is_won


def test_a_deal_whose_cards_never_get_home_after_the_last_deal_is_refuted_at_once() -> None:
    # quagnes's face-up rules, deal 416,257,079: after the deals no card goes home
    # again; the search without the proof examines every order of the columns.
    state = GameState.deal(_NONE_UP, 416_257_079)
    result = solve(state)
    assert result.outcome is Outcome.LOST and result.states < 100
    without = solve(state, techniques=_WITHOUT)
    assert without.outcome is Outcome.LOST and without.states > 30_000


#: Aisleriot's first winnable deals: most need more than 100,000 positions without the
#: proof (37, 282, 311, 326, 356, 366 among the first ten), which cost the test a minute.
#: These three are won within 30,000.
_LINES_WON_QUICKLY = {"agnes-sorel-aisleriot": (143, 388, 390)}


@pytest.mark.parametrize("name", [*_ONE_DECK, "agnes-two"])
def test_no_position_of_a_winning_line_is_stranded(name: str) -> None:
    # Every position on a winning line can be won: the proof must let each one pass.
    # (Three deals known to be won, among the first that the search wins again within
    # the budget: a search finds some of them only with more.)
    checked = 0
    for number in _LINES_WON_QUICKLY.get(
        name, winnable_deals(name)[: 40 if name == "agnes-two" else 10]
    ):
        state = GameState.deal(name, number)
        # Lines found without the proof, so that they do not depend on it.
        # (Agnes Two: a small budget, its positions being dear in pure Python.)
        budget = 5_000 if name == "agnes-two" else 100_000
        result = solve(state, max_states=budget, techniques=_WITHOUT)
        if not result.won:
            continue
        for move in result.moves:
            assert not _stranded(state), (name, number, str(move))
            state = state.apply(move)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.parametrize(
    "name",
    [
        "agnes-sorel-pysol",
        "agnes-bernauer-pysol",
        "agnes-sorel",
        "agnes-sorel-aisleriot",
    ],
)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_stranded_position_is_never_won(name: str, data: st.DataObject) -> None:
    state = data.draw(reached_states(Variant.named(name), max_moves=80))
    if not _stranded(state):
        return
    # The search without the proof may run out of budget, but never win.
    assert not solve(state, max_states=3_000, techniques=_WITHOUT).won


@pytest.mark.parametrize("name", _ONE_DECK)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_piles_laid_out_before_are_reused_only_where_they_still_hold(
    name: str, data: st.DataObject
) -> None:
    # One proof checks positions in a search's order: a child of the last one checked,
    # or of one checked long before (backtracking), so that piles laid out earlier come
    # back, the same objects, after other calls moved their cards. It must answer, and
    # leave its tables, as a new proof does on each position (Reach.laid, LaidPile).
    board = Board(GameState.deal(name, data.draw(st.integers(1, 31999), label="deal")))
    generator = MoveGenerator(board)
    shared = _proof(board)
    line = [board.root]
    for _ in range(data.draw(st.integers(1, 30), label="steps")):
        back = data.draw(st.booleans(), label="back")
        parent = line[data.draw(st.integers(0, len(line) - 1))] if back else line[-1]
        moves = generator.moves(parent)
        if not moves:
            continue
        child = board.apply(parent, moves[data.draw(st.integers(0, len(moves) - 1))])
        line.append(child)
        fresh = _proof(board)
        shared.lay_out(child)
        fresh.lay_out(child)
        in_play = [card for card in range(52) if not fresh.home >> card & 1]
        assert [shared.under[card] for card in in_play] == [fresh.under[card] for card in in_play]
        assert [shared.run_top[c] for c in in_play] == [fresh.run_top[c] for c in in_play]
        for mask in ("home", "packable", "glued", "shown"):
            assert getattr(shared, mask) == getattr(fresh, mask), mask
        assert shared.stranded(child) == fresh.stranded(child)


def test_where_deals_go_to_the_reserve_every_move_is_checked() -> None:
    # Parlett's Agnes Bernauer, deal 691: checked only after deals and cards sent home,
    # the search spends 100,000 positions in lost lines between them; checked after
    # every move, it refutes those lines at once and finds the win.
    state = GameState.deal("agnes-bernauer-parlett", 691)
    assert Search(state, Techniques()).proofs.check_every_move
    result = solve(state, max_states=2_000)
    assert result.won and state.play(result.moves).is_won


@pytest.mark.parametrize(
    ("name", "every_move"),
    [
        ("agnes-bernauer", True),  # deals to the reserve
        ("agnes-sorel-quagnes", True),  # gaps stay empty
        ("agnes-sorel-pysol", True),
        ("agnes-sorel-parlett", False),  # gaps stay empty, but runs move only whole
        ("agnes-sorel", True),  # any card fills a gap
        ("agnes-sorel-aisleriot", True),  # cards come back
    ],
)
def test_which_searches_check_every_move(name: str, every_move: bool) -> None:
    assert Search(GameState.deal(name, 1), Techniques()).proofs.check_every_move is every_move


def test_where_runs_move_only_whole_moves_are_checked_before_the_last_deal() -> None:
    # Parlett's deal 763,398,254 (base Five) as its search met it with one deal to come:
    # the four of hearts and the four of spades, onto the first two columns. Moving the
    # eight of spades onto the nine of clubs strands the position. Checked only after
    # deals and cards sent home, the search played the last deal from 452,590
    # positions, each lost at the deal; the proof strands about five in six of them
    # before it.
    columns = {
        1: "QC JC 7C 6S AD",
        2: "QD JH 7H 6C 8S",
        3: "4D 9S AC 3S 2C",
        4: "2S 2D 6H QS JS",
        5: "4C TS 3C QH 9D 8H 7D",
        6: "5S TH 3H AS KD 8D KC",
        7: "KS 5H 3D AH 2H KH JD TD 9H 8C 7S TC 9C",
    }
    move = (COLUMN_TO_COLUMN, 1, 6, 1)
    parlett = Variant.named("agnes-sorel-parlett")
    home = {"C": 1, "D": 2}

    def checked(stock: str, columns: dict[int, str]) -> tuple[int, bool]:
        """The last deal's stock position, and whether the move's child is refuted."""
        state = position(parlett, base="5", columns=columns, foundations=home, stock=stock)
        board = Board(state)
        # The stranded-card proof alone: the other proofs let both positions pass.
        proofs = LossProofs(board, Techniques(base_pairs=False, dead_ends=False))
        assert not proofs.check_every_move
        assert move in MoveGenerator(board).moves(board.root)
        reach = proofs.reach
        assert reach is not None and not reach.stranded(board.root)
        assert not reach.keeps_open(board.root, move)
        child = board.apply(board.root, move)
        assert reach.stranded(child)
        return proofs.last_deal, proofs.newly_refuted(board.root, child, move, [])

    assert checked("4H 4S", columns) == (0, True)
    # With two deals to come (seven more cards, from the seventh column, dealt first)
    # the same move strands the position too, but it is not checked there.
    earlier = {**columns, 7: "TD 9H 8C 7S TC 9C"}
    assert checked("KS 5H 3D AH 2H KH JD 4H 4S", earlier) == (7, False)
    # A whole deal's last deal: from stock position 21 (three deals of seven before
    # it), or from 14 where the cards left over go to the spare spaces (seven to the
    # columns, the last two to the spare spaces, in one deal).
    deal = GameState.deal(parlett, 1)
    assert LossProofs(Board(deal), Techniques()).last_deal == 21
    spare = attrs.evolve(parlett, name="spare", leftover=Leftover.SPARE_SPACES)
    assert LossProofs(Board(GameState.deal(spare, 1)), Techniques()).last_deal == 14


def test_which_searches_have_the_proof() -> None:
    def proof(variant: str | Variant, techniques: Techniques | None = None) -> Reach | None:
        return Search(GameState.deal(variant, 1), techniques or Techniques()).proofs.reach

    # The stock dealt in order where it goes to the columns (one deck, no worry-back).
    assert type(proof("agnes-sorel-parlett")) is DealOrderReach
    assert type(proof("agnes-sorel-parlett", Techniques(deal_order=False))) is Reach
    assert type(proof("agnes-sorel")) is DealOrderReach  # gaps filled
    assert type(proof("agnes-sorel-pysol")) is DealOrderReach  # wraps with no stop
    assert type(proof("agnes-bernauer")) is Reach  # deals to the reserve
    assert proof("agnes-sorel", _WITHOUT) is None
    assert type(proof("agnes-sorel-aisleriot")) is DealOrderReach  # cards worried back
    assert type(proof("agnes-two")) is TwoDeckReach
    # With two decks a card worried back could be either copy: no proof there.
    assert proof(attrs.evolve(Variant.named("agnes-two"), worry_back=True)) is None


def test_cards_worried_back_are_targets_again() -> None:
    # Base 4, the queen of spades next, under the king, which could go only on an ace.
    # The ace of spades lies under the queen, and the ace of clubs is home: home for
    # good, that strands the queen. Under Aisleriot's rules the clubs above the ace can
    # come back from their foundation, and the ace after them, and the game is won.
    aisleriot = Variant.named("agnes-sorel-aisleriot")
    home = {"H": 13, "D": 13, "C": 7, "S": 8}
    columns = {1: "AS QS KS", 2: "2S 3S"}
    state = position(aisleriot, base="4", columns=columns, foundations=home)
    board = Board(state)
    assert not Reach(board).stranded(board.root)
    result = solve(state)
    assert result.won and state.play(result.moves).is_won
    for_good = attrs.evolve(aisleriot, worry_back=False)
    state = position(for_good, base="4", columns=columns, foundations=home)
    board = Board(state)
    assert Reach(board).stranded(board.root)
    assert solve(state, techniques=_WITHOUT).outcome is Outcome.LOST


def test_a_card_worried_back_comes_back_only_after_the_cards_on_it() -> None:
    # As above, but every club is home: the ace of clubs could take the king only
    # after the two and three of clubs came back, and they could go only on the fours,
    # at the bottom of their foundations. No card at home can come back, and the queen
    # stays covered.
    aisleriot = Variant.named("agnes-sorel-aisleriot")
    home = {"H": 13, "D": 13, "C": 13, "S": 8}
    state = position(aisleriot, base="4", columns={1: "AS QS KS", 2: "2S 3S"}, foundations=home)
    assert _stranded(state)
    assert solve(state, techniques=_WITHOUT).outcome is Outcome.LOST


#: A card's place in a position: (pile, height in it), or (-1, n) for the n-th card of
#: the stock still to come and then of the spare spaces. With two decks the two copies of
#: a card are told apart by their places.
_Place = tuple[int, int]


def _reference_fixpoint(
    board: Board, position: Position
) -> tuple[bool, Counter[int], Counter[int]]:
    """The looser game's fixpoint computed the plain way, from the rules as the modules
    state them (:mod:`.reach`, and :mod:`.reach_two_decks` for two decks), every rule
    applied to every card until nothing changes: whether a card is stranded, the cards
    not home that could be lifted, those that could go home (as multisets of cards)."""
    columns, reserve, spare, found, stock_at = position
    piles = list(columns) + list(reserve)
    width = len(columns)
    card_of: dict[_Place, int] = {
        (index, at): code % DOWN for index, pile in enumerate(piles) for at, code in enumerate(pile)
    }
    coming = list(board.stock[stock_at:])
    for n, card in enumerate(coming + [card for card in spare if card != NO_CARD]):
        card_of[-1, n] = card
    dealt_to_columns = 0 if board.to_reserve else board.dealt_end(stock_at) - stock_at
    foundations = [suit + 4 * deck for suit in range(4) for deck in range(board.decks)]
    lifted: set[_Place] = set()
    homeable: set[_Place] = set()
    returnable: set[int] = set()  # cards worried back could come back (one deck)

    def home(card: int) -> bool:
        """Whether a copy of ``card`` is home (one deck: the card)."""
        return any(found[f] > board.height[card] for f in foundations if f % 4 == card // 13)

    def leaves(place: _Place) -> bool:
        return place in lifted or place in homeable

    def lies_on(place: _Place) -> bool:
        """Whether a card lies on ``place`` that could not leave it."""
        index, at = place
        return (index, at + 1) in card_of and not leaves((index, at + 1))

    def exposed(place: _Place) -> bool:
        return place[0] < 0 or not lies_on(place)

    def links(place: _Place) -> bool:
        """Whether the card on ``place`` continues a run on it (face up, in a column)."""
        index, at = place
        if index < 0 or index >= width or at + 1 >= len(piles[index]):
            return False
        upper = piles[index][at + 1]
        return upper < DOWN and upper in board.links[piles[index][at]]

    def glued(place: _Place) -> bool:
        index, at = place
        return not board.split and at > 0 and links((index, at - 1))

    def run_free(place: _Place) -> bool:
        if place[0] < 0:
            return True
        if place[0] >= width:
            return exposed(place)
        index, at = place
        while links((index, at)):
            at += 1
        return not lies_on((index, at))

    def target(place: _Place) -> bool:
        index, at = place
        in_column = 0 <= index < width or (index < 0 and at < dealt_to_columns)
        return (in_column or place in lifted) and exposed(place)

    def takes(card: int) -> bool:
        """Whether some card that ``card`` may be packed on could take it."""
        for under in board.fits_under[card]:
            if under in returnable or any(card_of[p] == under and target(p) for p in card_of):
                return True
        return False

    def way_back(card: int, emptiable: bool) -> bool:
        """Whether ``card``, at home or going there, could come back (one deck)."""
        return takes(card) or (emptiable and card in board.vacancy_movable)

    def come_back(emptiable: bool) -> bool:
        """Take the cards that could come back where cards are worried back: one at home
        only after those above it on its foundation; whether any card came."""
        came = False
        if not board.worry_back:
            return came
        for suit in range(4):
            for level in reversed(range(found[suit])):
                card = board.card_at[suit * 13 + level]
                if card not in returnable:
                    if not way_back(card, emptiable):
                        break
                    returnable.add(card)
                    came = True
        for place in homeable:
            if card_of[place] not in returnable and way_back(card_of[place], emptiable):
                returnable.add(card_of[place])
                came = True
        return came

    def next_up(card: int) -> bool:
        level, suit = board.height[card], card // 13
        if any(found[f] == level for f in foundations if f % 4 == suit):
            return True
        below = board.card_at[suit * 13 + level - 1] if level else -1
        return any(card_of[p] == below for p in homeable)

    changed = True
    while changed:
        changed = False
        emptiable = any(not piles[index] or leaves((index, 0)) for index in range(width))
        changed = come_back(emptiable)
        for place, card in card_of.items():
            if place not in homeable and next_up(card) and exposed(place):
                homeable.add(place)
                changed = True
            if place in lifted:
                continue
            gap = emptiable and card in board.vacancy_movable
            if glued(place):
                can = gap and not board.vacancy_runs and exposed(place)
            else:
                can = run_free(place) and (gap or takes(card))
            if can:
                lifted.add(place)
                changed = True
    return (
        len(homeable) < len(card_of),
        Counter(card_of[p] for p in lifted),
        Counter(card_of[p] for p in homeable),
    )


def _cards_of(reach: Reach, cards: int) -> Counter[int]:
    """The cards not at home among ``cards``, a mask of cards (one deck)."""
    return Counter(card for card in range(COPY) if (cards & ~reach.home) >> card & 1)


def _copies_of(reach: TwoDeckReach, flags: list[bool]) -> Counter[int]:
    """The cards not at home among the copies whose ``flags`` are set (two decks)."""
    return Counter(ident % COPY for ident in reach.in_play if flags[ident])


def _same_fixpoint(state: GameState) -> None:
    board = Board(state)
    reach = _plain_proof(board)
    stranded, lifted, homeable = _reference_fixpoint(board, board.root)
    assert reach.stranded(board.root) == stranded
    if not stranded:
        return
    # No early stop: the whole fixpoint is there to compare, card by card.
    if isinstance(reach, TwoDeckReach):
        assert _copies_of(reach, reach.lifted_ids) == lifted
        assert _copies_of(reach, reach.homeable_ids) == homeable
    else:
        assert _cards_of(reach, reach.lifted) == lifted
        assert _cards_of(reach, reach.homeable) == homeable


def _keeps_open_holds(state: GameState) -> None:
    board = Board(state)
    reach = _plain_proof(board)
    position = board.root
    if reach.stranded(position):
        return
    for move in MoveGenerator(board).moves(position):
        if reach.keeps_open(position, move):
            assert not reach.stranded(board.apply(position, move)), move


def _reversible_autoplay_keeps_open(state: GameState) -> None:
    # Where cards are worried back, auto-play sends home only cards that could come
    # straight back: the proof is not run after it (LossProofs.sent_home_strands).
    board = Board(state)
    if not board.worry_back or board.decks == 2:
        return
    reach = _plain_proof(board)
    position = board.root
    if not reach.stranded(position):
        assert not reach.stranded(ReversibleAutoplay(board).autoplay(position)[0])


def _deal_order_strands_at_least_as_much(state: GameState) -> None:
    board = Board(state)
    # Wherever the proof with the deals in order applies (where the search uses it or not).
    if board.to_reserve:
        return
    if Reach(board).stranded(board.root):
        assert DealOrderReach(board).stranded(board.root)


def _landmarks_strand_at_least_as_much(state: GameState) -> None:
    board = Board(state)
    if board.worry_back:
        return
    if Reach(board).stranded(board.root):
        assert LandmarkProof(board).stranded(board.root)


def _round_changes(proof: LandmarkProof, cards: list[int]) -> bool:
    """Apply the rules of every one of ``cards`` once, and the empty column's set's;
    whether any set changed."""
    before = (list(proof.shown), list(proof.lifted), list(proof.homeable), proof.emptiable)
    proof.queued = proof.in_play  # nothing is queued: the round goes over every card
    for card in cards:
        proof.settle(card)
    proof.empty_sooner()
    return (list(proof.shown), list(proof.lifted), list(proof.homeable), proof.emptiable) != before


def _landmarks_by_rounds(board: Board) -> bool:
    """The landmark proof on ``board``'s first position by plain rounds: every card's
    rules applied, and the empty column's set, until no set changes (no hosts)."""
    proof = LandmarkProof(board, hosts=False)
    cards = proof.set_up(board.root)
    while _round_changes(proof, cards):
        pass
    return any(proof.homeable[card] == NEVER for card in cards)


def _landmarks_propagate_to_the_fixpoint(state: GameState) -> None:
    board = Board(state)
    if not board.worry_back:
        assert LandmarkProof(board, hosts=False).stranded(board.root) == _landmarks_by_rounds(board)


def _hosts_strand_at_least_as_much(state: GameState) -> None:
    board = Board(state)
    if board.worry_back:
        return
    proof = LandmarkProof(board)
    if proof.stranded(board.root):
        return
    assert not LandmarkProof(board, hosts=False).stranded(board.root)
    # Where it lets the position pass, the sets the hosts were read from are final: a
    # round over every card changes nothing.
    assert not _round_changes(proof, [card for card in range(52) if proof.in_play >> card & 1])
    assert proof.unreached == 0


#: What holds at every position of a random game: the propagation finds the plain
#: fixpoint (Reach examines a card again only when something it reads has changed; a
#: change it failed to notice would strand cards wrongly), a move that keeps the game
#: open never strands it, nor does auto-play where cards may be worried back (it sends
#: home only cards that could come straight back), dealing the stock in order, or
#: counting landmarks, only adds to what is stranded, the landmarks' propagation finds
#: their fixpoint, and pinning cards to their hosts only adds to what the landmarks
#: strand, reading final sets.
_AT_EVERY_POSITION = [
    _same_fixpoint,
    _keeps_open_holds,
    _reversible_autoplay_keeps_open,
    _deal_order_strands_at_least_as_much,
    _landmarks_strand_at_least_as_much,
    _landmarks_propagate_to_the_fixpoint,
    _hosts_strand_at_least_as_much,
]
#: The same with two decks, where the stock is never dealt in order in the proof.
_AT_EVERY_POSITION_TWO_DECKS = [_same_fixpoint, _keeps_open_holds]


@pytest.mark.parametrize("check", _AT_EVERY_POSITION)
@pytest.mark.parametrize("name", _ONE_DECK)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_position_of_a_random_game(
    check: Callable[[GameState], None], name: str, data: st.DataObject
) -> None:
    for state in data.draw(playouts(Variant.named(name), max_moves=120)):
        check(state)


@pytest.mark.parametrize("check", _AT_EVERY_POSITION)
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_every_position_of_a_random_game_in_custom_variants(
    check: Callable[[GameState], None], data: st.DataObject
) -> None:
    variant = data.draw(custom_variants().filter(lambda v: v.decks == 1))
    for state in data.draw(playouts(variant, max_moves=120)):
        check(state)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_worry_back_keeps_the_game_open_in_custom_variants(data: st.DataObject) -> None:
    # The presets have one game where cards are worried back; here any one-deck game.
    variant = attrs.evolve(
        data.draw(custom_variants().filter(lambda v: v.decks == 1)), worry_back=True
    )
    for state in data.draw(playouts(variant, max_moves=120)):
        _same_fixpoint(state)
        _keeps_open_holds(state)
        _reversible_autoplay_keeps_open(state)


@pytest.mark.parametrize("check", _AT_EVERY_POSITION_TWO_DECKS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_position_of_a_random_game_with_two_decks(
    check: Callable[[GameState], None], data: st.DataObject
) -> None:
    two_decks = custom_variants().filter(lambda v: v.decks == 2)
    variant = data.draw(st.one_of(st.just(Variant.named("agnes-two")), two_decks))
    for state in data.draw(playouts(variant, max_moves=60)):
        check(state)


@pytest.mark.parametrize(
    ("name", "keeps_open"),
    [
        ("agnes-sorel", True),  # the gap left could take the two of spades back
        ("agnes-sorel-quagnes", False),  # gaps stay empty, and no top card takes it
    ],
)
def test_a_column_moved_whole_keeps_the_game_open_where_any_card_fills_a_gap(
    name: str, keeps_open: bool
) -> None:
    # The two of spades, alone in the first column, moves onto the three of clubs.
    variant = attrs.evolve(Variant.named(name), face_down=False)
    columns = {1: "2S", 2: "3C", 3: "3S QS"}
    state = position(variant, base="4", columns=columns, foundations=_JACKS_HOME)
    board = Board(state)
    move = (COLUMN_TO_COLUMN, 0, 1, 1)
    assert move in MoveGenerator(board).moves(board.root)
    reach = Reach(board)
    assert reach.gap_takes_all is keeps_open
    assert reach.keeps_open(board.root, move) is keeps_open
    assert not reach.stranded(board.apply(board.root, move))


@pytest.mark.parametrize(
    ("first_column", "third_column", "keeps_open"),
    [
        ("3S 2S", "QS", True),  # the two could go straight back onto the three of spades
        ("KS 2S", "3S QS", False),  # it fits neither the king nor any other top card
        ("KS 2S", "QS 3S", True),  # the three of spades, on top elsewhere, could take it
    ],
)
def test_a_move_keeps_the_game_open_when_its_cards_could_go_on_at_once(
    first_column: str, third_column: str, keeps_open: bool
) -> None:
    # The two of spades moves from the first column onto the three of clubs: in the
    # looser game the three of clubs is then still exposed if the two could go on.
    state = _queens_next({1: first_column, 2: "3C", 3: third_column})
    board = Board(state)
    move = (COLUMN_TO_COLUMN, 0, 1, 1)
    assert move in MoveGenerator(board).moves(board.root)
    assert Reach(board).keeps_open(board.root, move) is keeps_open
