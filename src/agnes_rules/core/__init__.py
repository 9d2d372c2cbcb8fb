"""The core of the rules: variants, moves, dealing, the rule tables and the position.

Everything here imports only :mod:`agnes_rules.errors`, :mod:`agnes_rules.cards`
and other core modules; the formats (JSON, records, SVG, quagnes decks) and the
tools (solver, statistics, command line) import the core, never the reverse.
The public names are re-exported by :mod:`agnes_rules` itself.

From the bottom up: :mod:`~agnes_rules.core.registry` (where the formats plug
in), :mod:`~agnes_rules.core.variant`, :mod:`~agnes_rules.core.moves`,
:mod:`~agnes_rules.core.dealing`, :mod:`~agnes_rules.core.rulebook` (the rules
as lookup tables), :mod:`~agnes_rules.core.position` (the compact
representation), then plain functions over it: :mod:`~agnes_rules.core.validity`
(which positions exist), :mod:`~agnes_rules.core.generation` (the legal moves),
:mod:`~agnes_rules.core.legality` (why a move is illegal),
:mod:`~agnes_rules.core.applying` (the next position),
:mod:`~agnes_rules.core.piles` (the moves from and to a named pile),
:mod:`~agnes_rules.core.describing` (moves in words),
:mod:`~agnes_rules.core.picture` (the text picture) and
:mod:`~agnes_rules.core.code` (the one-line position code); on top,
:mod:`~agnes_rules.core.state`, whose :class:`~agnes_rules.GameState` is the
position with the rules as methods.
"""
