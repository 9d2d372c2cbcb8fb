"""Hand-built positions for rule tests.

A test names only the piles it is about; every other card of the pack goes
face up onto the columns the test leaves unnamed ("filler" columns), so that the
position is complete (every card exactly once) and the constructor accepts it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import attrs

from agnes_rules import Card, Column, GameState, Rank, Suit, Variant
from agnes_rules.cards import FULL_DECK, SUITS, parse_cards

# A rule-neutral base variant for axis tests: one deck, 7 columns, no reserve.
PLAIN = Variant.named("agnes-sorel")


def variant(**changes: object) -> Variant:
    """agnes-sorel with some fields changed (a custom variant)."""
    return attrs.evolve(PLAIN, name="test", **changes)


def position(
    rules: Variant,
    *,
    base: str | Rank = "4",
    columns: Mapping[int, str] | None = None,
    down: Mapping[int, str] | None = None,
    foundations: Mapping[str, int] | None = None,
    reserve: Sequence[str] = (),
    spare: Sequence[str | None] = (),
    stock: str = "",
) -> GameState:
    """A position with the named piles (1-based column numbers, cards bottom to top).

    ``foundations`` maps a suit letter to how many cards it holds (from the base
    rank up); at least one card is put on the first foundation of the base
    card's suit when none is given. The remaining cards fill the unnamed columns.
    """
    base_rank = base if isinstance(base, Rank) else Card.parse(f"{base}C").rank
    columns = dict(columns or {})
    down = dict(down or {})
    held = dict(foundations or {"H": 1})
    used: Counter[Card] = Counter()

    foundation_piles: list[tuple[Card, ...]] = []
    for number in range(rules.foundation_count):
        suit = SUITS[number % 4]
        count = held.get(suit.value, 0) if number < 4 else 0
        pile = tuple(Card(base_rank.plus(step), suit) for step in range(count))
        foundation_piles.append(pile)
        used.update(pile)

    named_columns: dict[int, Column] = {}
    for number in set(columns) | set(down):
        face_down = parse_cards(down.get(number, ""))
        face_up = parse_cards(columns.get(number, ""))
        used.update(face_down + face_up)
        named_columns[number] = Column(face_down, face_up)
    reserve_piles = tuple(parse_cards(text) for text in reserve)
    for pile in reserve_piles:
        used.update(pile)
    spare_cards = tuple(None if text is None else Card.parse(text) for text in spare)
    used.update(card for card in spare_cards if card is not None)
    stock_cards = parse_cards(stock)
    used.update(stock_cards)

    leftover: list[Card] = []
    for card in FULL_DECK:
        leftover.extend([card] * (rules.decks - used[card]))
    filler = [number for number in range(1, rules.piles + 1) if number not in named_columns]
    assert filler or not leftover, "name fewer columns: the other cards need somewhere to go"
    piles: dict[int, list[Card]] = {number: [] for number in filler}
    for position_, card in enumerate(leftover):
        piles[filler[position_ % len(filler)]].append(card)
    for number, cards in piles.items():
        if rules.face_down and cards:
            named_columns[number] = Column(cards[:-1], cards[-1:])
        else:
            named_columns[number] = Column((), cards)
    return GameState(
        rules,
        base_rank=base_rank,
        tableau=[named_columns[number] for number in range(1, rules.piles + 1)],
        foundations=foundation_piles,
        reserve=reserve_piles,
        spare=spare_cards,
        stock=stock_cards,
    )


def moves_between(state: GameState, source: int, target: int) -> list[str]:
    """The legal moves from column ``source`` onto column ``target`` (1-based), as texts."""
    prefix = f"t{source}t{target}"
    return [
        str(move)
        for move in state.legal_moves()
        if str(move) == prefix or str(move).startswith(prefix + "x")
    ]


__all__ = ["PLAIN", "Suit", "moves_between", "position", "variant"]
