"""The Gymnasium environment, checked by Gymnasium's own checker (skipped without the extra)."""

from __future__ import annotations

import subprocess
import sys
import warnings
from types import ModuleType
from typing import Any

import pytest

from agnes_rules import ActionSpace, GameState, Outcome, solve
from agnes_rules.errors import ArgumentError


@pytest.fixture
def gym() -> ModuleType:
    pytest.importorskip("gymnasium")
    import agnes_rules.gym

    return agnes_rules.gym


def test_importing_the_package_does_not_import_gymnasium() -> None:
    code = "import sys, agnes_rules; sys.exit('gymnasium' in sys.modules or 'numpy' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize("variant", ["agnes-sorel", "agnes-bernauer", "agnes-two"])
def test_gymnasium_checks_the_environment(gym: ModuleType, variant: str) -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for autoplay in (False, True):
            env = gymnasium.make(gym.ENV_ID, variant=variant, autoplay=autoplay)
            check_env(env.unwrapped)


def test_the_registered_id_makes_the_environment(gym: ModuleType) -> None:
    import gymnasium

    env = gymnasium.make(gym.ENV_ID, variant="agnes-bernauer", render_mode="ansi")
    observation, _ = env.reset(seed=3)
    assert env.observation_space.contains(observation)
    assert env.unwrapped.variant.name == "agnes-bernauer"
    assert env.render() == str(env.unwrapped.game.state)


def test_reset_deals_from_the_seed_or_the_option(gym: ModuleType) -> None:
    env = gym.AgnesEnv()
    first = env.reset(seed=7)
    again = env.reset(seed=7)
    assert (first[0] == again[0]).all() and first[1]["deal"] == again[1]["deal"]
    _, info = env.reset(options={"deal": 1})
    assert info["deal"] == 1 and env.game.state == GameState.deal("agnes-sorel", 1)
    with pytest.raises(ArgumentError, match="deal"):
        env.reset(options={"variant": "agnes-two"})


def test_the_mask_marks_the_legal_moves(gym: ModuleType) -> None:
    env = gym.AgnesEnv()
    _, info = env.reset(options={"deal": 1})
    space = ActionSpace("agnes-sorel")
    assert info["action_mask"].tolist() == [int(ok) for ok in space.mask(env.game.state)]
    assert env.action_masks().tolist() == list(space.mask(env.game.state))
    assert info["action_mask"].dtype.name == "int8"


def test_an_illegal_action_changes_nothing(gym: ModuleType) -> None:
    env = gym.AgnesEnv(illegal_reward=-0.5)
    env.reset(options={"deal": 1})
    before = env.game.state
    action = ActionSpace("agnes-sorel").encode("t2t1")
    _, reward, terminated, truncated, info = env.step(action)
    assert env.game.state == before and reward == -0.5 and info["illegal_action"]
    assert not terminated and not truncated


def test_a_winning_line_earns_one(gym: ModuleType) -> None:
    env = gym.AgnesEnv()
    env.reset(options={"deal": 3})
    line = solve(env.game.state, max_states=3000)
    assert line.outcome is Outcome.WON
    space = ActionSpace("agnes-sorel")
    rewards: list[Any] = []
    for move in line.moves:
        _, reward, terminated, _, _ = env.step(space.encode(move))
        rewards.append(reward)
    assert terminated and rewards[-1] == 1.0 and sum(rewards) == 1.0
    assert env.game.to_record().moves == tuple(str(move) for move in line.moves)


def test_episodes_are_truncated(gym: ModuleType) -> None:
    env = gym.AgnesEnv(max_steps=2)
    env.reset(options={"deal": 1})
    space = ActionSpace("agnes-sorel")
    assert env.step(space.encode("t4t3"))[3] is False
    assert env.step(space.encode("t3t4"))[3] is True


def test_bad_arguments(gym: ModuleType) -> None:
    with pytest.raises(ArgumentError):
        gym.AgnesEnv(render_mode="human")
    with pytest.raises(ArgumentError):
        gym.AgnesEnv(max_steps=0)
    assert gym.AgnesEnv().render() is None


@pytest.mark.parametrize("action", [None, "x", 1.7, True, -1])
def test_an_action_that_is_not_an_integer_of_the_space_is_refused(
    gym: ModuleType, action: object
) -> None:
    env = gym.AgnesEnv()
    env.reset(seed=1)
    with pytest.raises(ArgumentError):
        env.step(action)
