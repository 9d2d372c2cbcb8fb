"""The Python half of the web example: one table, driven by the page's clicks and buttons.

The page (app.js) runs this module under Pyodide and calls a :class:`Table`'s
methods; each returns the JSON text of what to draw (:meth:`Table.screen`).
Every rule comes from agnes_rules' front-end API: the page never learns a rule,
and it only ever sees the player's view (``render_svg(state.view(), ...)``), so
no face-down card's face reaches the browser's DOM.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from agnes_rules import (
    VARIANTS,
    AgnesError,
    Area,
    Game,
    GameState,
    Move,
    random_winnable_deal,
    render_svg,
)


def target_pile(move: Move) -> str:
    """The pile a move goes to, in the notation's names (``"f"`` for any foundation)."""
    if move.is_deal:
        return "d"
    if move.target is Area.FOUNDATION:
        return "f"
    assert move.target is not None and move.target_index is not None
    return f"{move.target.value}{move.target_index + 1}"


class Table:
    """A game on the table, a selected pile (and run length), and the last message."""

    def __init__(self) -> None:
        self.game = Game("agnes-sorel", 1)
        self.autoplay = True
        self._clear("")

    def _clear(self, message: str) -> None:
        self.selected: str | None = None
        self.count: int | None = None
        self.targets: list[str] = []
        self.message = message

    # ------------------------------------------------------------ deals

    def variants(self) -> str:
        """The preset names, for the page's menu."""
        return json.dumps(list(VARIANTS))

    def new_game(self, variant: str, deal: int) -> str:
        """Deal game number ``deal`` of the preset ``variant``."""
        try:
            self.game = Game(variant, int(deal))
        except (AgnesError, ValueError) as error:
            self.message = str(error)
            return self.screen()
        self._clear(f"{variant}, deal {deal}")
        return self._after_move(())

    def random_winnable(self, variant: str) -> str:
        """Deal a random game of ``variant`` drawn among the deals the solver proved winnable
        (the list that ships with agnes_rules: no search in the browser)."""
        try:
            number = random_winnable_deal(variant)
        except AgnesError as error:
            self.message = str(error)
            return self.screen()
        self.new_game(variant, number)
        self.message = f"{variant}, deal {number}: proved winnable"
        return self.screen()

    # ------------------------------------------------------------ clicks

    def click(self, pile: str, card: str | None = None) -> str:
        """A click on ``pile`` (on the face-up ``card`` of it, if any): select, move or deal."""
        if pile == "d":
            return self.play(Move.deal())
        if pile.startswith("f") and (self.selected is not None or not self._worry_back()):
            pile = "f"  # a target: the rules choose the foundation
        if pile == self.selected:
            if card is not None and _run_length(self.game.state, pile, card) != self.count:
                return self._select(pile, card)  # another run of the same column
            self._clear("")
            return self.screen()
        if self.selected is None:
            return self._select(pile, card)
        choices = self.game.state.legal_moves(source=self.selected, target=pile)
        if not choices:
            return self._select(pile, card)
        exact = [move for move in choices if move.count == self.count]
        return self.play(max(exact or choices, key=lambda move: move.count or 1))

    def _worry_back(self) -> bool:
        """Whether a foundation's top card may come back (then a foundation is a source)."""
        return self.game.state.variant.worry_back

    def _select(self, pile: str, card: str | None) -> str:
        """Select ``pile`` (the run from ``card`` up) and highlight where it may go."""
        state = self.game.state
        moves = state.legal_moves(source=pile) if pile != "f" else ()
        self._clear("")
        if not moves:
            self.message = f"nothing can move from {pile}" if pile != "f" else ""
            return self.screen()
        self.count = _run_length(state, pile, card)
        exact = [move for move in moves if move.count == self.count]
        self.selected = pile
        self.targets = sorted({target_pile(move) for move in exact or moves})
        self.message = "; ".join(state.describe(move) for move in exact or moves)
        return self.screen()

    def play(self, move: Move | str) -> str:
        """Play ``move``, then the safe moves if autoplay is on."""
        try:
            description = self.game.state.describe(move)
            self.game.push(move)
        except AgnesError as error:
            self._clear(str(error))
            return self.screen()
        self._clear(description)
        return self._after_move(self.game.autoplay() if self.autoplay else ())

    def _after_move(self, played: tuple[Move, ...]) -> str:
        if played:
            self.message += f" (then {' '.join(str(move) for move in played)})"
        return self.screen()

    # ------------------------------------------------------------ buttons

    def set_autoplay(self, on: bool) -> str:
        self.autoplay = bool(on)
        return self.screen()

    def undo(self) -> str:
        if self.game.can_undo:
            self._clear(f"undid {self.game.undo()}")
        return self.screen()

    def redo(self) -> str:
        if self.game.can_redo:
            self._clear(f"redid {self.game.redo()}")
        return self.screen()

    def hint(self) -> str:
        advice = self.game.hint()  # the library's default budget: about a second in the browser
        self._clear(f"hint: {advice}")
        if advice.move is not None and not advice.move.is_deal:
            assert advice.move.source is not None and advice.move.source_index is not None
            self.selected = f"{advice.move.source.value}{advice.move.source_index + 1}"
            self.count = advice.move.count
            self.targets = [target_pile(advice.move)]
        return self.screen()

    def play_safe(self) -> str:
        played = self.game.autoplay()
        self._clear(f"autoplay: {' '.join(map(str, played)) or 'no safe move'}")
        return self.screen()

    def save(self) -> str:
        """The game record's JSON (the moves played, not those undone)."""
        state = self.game.state
        metadata = {
            "program": "agnes-rules web example",
            "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "result": "won" if state.is_won else "lost" if state.is_lost else "unfinished",
        }
        return self.game.to_record(metadata=metadata).to_json()

    def load(self, text: str) -> str:
        try:
            self.game = Game.from_record(text)
        except AgnesError as error:
            self.message = f"cannot load this record: {error}"
            return self.screen()
        self._clear(f"loaded {len(self.game.moves)} moves")
        return self.screen()

    # ------------------------------------------------------------ drawing

    def screen(self) -> str:
        """What the page draws: the picture of the player's view, and the state of the buttons."""
        state = self.game.state
        highlight = [self.selected, *self.targets] if self.selected else []
        last = self.game.moves[-1] if self.game.moves else None
        screen: dict[str, Any] = {
            "svg": render_svg(state.view(), last_move=last, highlight=highlight),
            "variant": self.game.variant.name,
            "deal": self.game.deal,
            "moves": [str(move) for move in self.game.moves],
            "selected": self.selected,
            "targets": self.targets,
            "message": self.message,
            "can_undo": self.game.can_undo,
            "can_redo": self.game.can_redo,
            "won": state.is_won,
            "lost": state.is_lost,
            "autoplay": self.autoplay,
        }
        return json.dumps(screen)


def _run_length(state: GameState, pile: str, card: str | None) -> int | None:
    """How many cards lie from ``card`` to the top of the column ``pile`` (None: not said)."""
    if card is None or not pile.startswith("t"):
        return None
    face_up = [str(c) for c in state.tableau[int(pile[1:]) - 1].face_up]
    if card not in face_up:
        return None
    return len(face_up) - face_up.index(card)
