"""A Gymnasium environment for Agnes (the optional extra ``agnes-rules[gym]``).

:class:`AgnesEnv` plays one deal per episode. Its actions are those of
:class:`~agnes_rules.ActionSpace` (a ``Discrete`` space), its observations the
player's view (:meth:`~agnes_rules.PlayerView.observation`, a
``MultiDiscrete`` space), so an agent never sees a face-down card or the stock
order. The reward is 1 for the move that wins and 0 otherwise; an episode is
*terminated* when the game is won or lost and *truncated* after ``max_steps``
steps. ``info["action_mask"]`` marks the legal actions (``numpy.int8``, the
form that ``Discrete.sample(mask=...)`` takes), and :meth:`AgnesEnv.action_masks`
gives them as booleans, the method that sb3-contrib's ``MaskablePPO`` calls.
An illegal action leaves the game as it was, earns ``illegal_reward`` (0 by
default) and sets ``info["illegal_action"]``.

``reset(seed=...)`` deals a PySolFC game number (1..31999) drawn from the
environment's random generator, or the number given as
``options={"deal": number}``; ``info["deal"]`` tells which. The variant is
chosen when the environment is made: ``AgnesEnv("agnes-bernauer")``, or
``gymnasium.make("agnes_rules/Agnes-v0", variant="agnes-bernauer")`` once this
module is imported. :attr:`AgnesEnv.game` is the :class:`~agnes_rules.Game`
being played, so an episode can be saved as a record.

Importing :mod:`agnes_rules` does not import this module nor Gymnasium.
"""

from __future__ import annotations

from typing import Any, SupportsFloat, TypeAlias

# The ignores let `mypy --strict` pass where the optional extra is not installed.
try:
    import gymnasium  # type: ignore[import-not-found, unused-ignore]
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
    from numpy.typing import NDArray  # type: ignore[import-not-found, unused-ignore]
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"agnes_rules.gym needs Gymnasium: pip install 'agnes-rules[gym]' ({error})"
    ) from error

from agnes_rules.actions import ActionSpace
from agnes_rules.core.variant import PresetName, Variant
from agnes_rules.errors import ArgumentError
from agnes_rules.game import Game
from agnes_rules.view import observation_limits, player_view

__all__ = ["ENV_ID", "AgnesEnv"]

#: The id under which :class:`AgnesEnv` is registered with Gymnasium.
ENV_ID = "agnes_rules/Agnes-v0"
_NUMBERS = (1, 32000)

Observation: TypeAlias = NDArray[np.int64]


class AgnesEnv(gymnasium.Env[Observation, np.int64]):  # type: ignore[misc, unused-ignore]
    """One deal of ``variant`` per episode, seen as the player sees it (see the module docstring).

    ``autoplay=True`` plays the safe moves to the foundations after each
    action (:meth:`agnes_rules.Game.autoplay`), so the agent decides only the
    moves that matter. ``render_mode="ansi"`` makes :meth:`render` return the
    text picture of the position.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium's own)

    def __init__(
        self,
        variant: Variant | PresetName = "agnes-sorel",
        *,
        max_steps: int = 1000,
        autoplay: bool = False,
        illegal_reward: float = 0.0,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ArgumentError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise ArgumentError(f"max_steps must be a positive integer, got {max_steps!r}")
        self.variant = Variant.resolve(variant)
        self.actions = ActionSpace(self.variant)
        self.max_steps = max_steps
        self.autoplay = autoplay
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(self.actions.size)
        self.observation_space = spaces.MultiDiscrete(
            np.array(observation_limits(self.variant), dtype=np.int64), dtype=np.int64
        )
        self.game = Game(self.variant, 1)
        self._steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game: the number in ``options["deal"]``, or one drawn from the seed."""
        super().reset(seed=seed)
        unknown = set(options or {}) - {"deal"}
        if unknown:
            raise ArgumentError(f"unknown reset options {sorted(unknown)}; the option is 'deal'")
        number = (options or {}).get("deal")
        if number is None:
            number = int(self.np_random.integers(*_NUMBERS))
        self.game = Game(self.variant, number)
        if self.autoplay:
            self.game.autoplay()
        self._steps = 0
        return self._observation(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the move numbered ``action``."""
        # decode reads any integer (numpy's too, through operator.index) and refuses the rest.
        move = self.actions.decode(action)
        state = self.game.state
        self._steps += 1
        legal = state.is_legal(move)
        if legal:
            self.game.push(move)
            if self.autoplay:
                self.game.autoplay()
        after = self.game.state
        reward = 1.0 if after.is_won and not state.is_won else 0.0
        info = self._info()
        if not legal:
            reward = self.illegal_reward
            info["illegal_action"] = True
        terminated = after.is_over
        truncated = not terminated and self._steps >= self.max_steps
        return self._observation(), reward, terminated, truncated, info

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions of the current position, as booleans."""
        return np.array(self.actions.mask(self.game.state), dtype=np.bool_)

    def render(self) -> str | None:
        """The position as text when ``render_mode="ansi"``, else nothing."""
        if self.render_mode == "ansi":
            return str(self.game.state)
        return None

    def _observation(self) -> Observation:
        return np.array(player_view(self.game.state).observation(), dtype=np.int64)

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": np.array(self.actions.mask(self.game.state), dtype=np.int8),
            "deal": self.game.deal,
        }


if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point=f"{__name__}:AgnesEnv")
