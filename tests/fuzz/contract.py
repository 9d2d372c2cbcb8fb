"""The contract every fuzzed call must keep, and the hostile values it is fed.

A call either succeeds or raises an :class:`~agnes_rules.errors.AgnesError`
whose message says what is wrong; it never raises anything else, and never
runs longer than :data:`TIME_LIMIT` seconds.
"""

from __future__ import annotations

import contextlib
import json
import signal
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from hypothesis import strategies as st

from agnes_rules.errors import AgnesError

T = TypeVar("T")

#: The most one fuzzed call may take, in seconds (generous: the machine may be loaded).
TIME_LIMIT = 5.0


class HangError(Exception):
    """A fuzzed call ran past :data:`TIME_LIMIT`."""


@contextlib.contextmanager
def time_limit(seconds: float = TIME_LIMIT) -> Iterator[None]:
    """Raise :class:`HangError` after ``seconds`` in the block (a timer: main thread only)."""

    def alarm(signum: int, frame: object) -> None:
        raise HangError(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def outcome(call: Callable[..., T], *args: Any) -> T | AgnesError:
    """The result of ``call(*args)``, or the package error it raised (anything else propagates)."""
    with time_limit():
        try:
            return call(*args)
        except AgnesError as error:
            caught = error
    if not str(caught).strip():
        raise AssertionError(f"{type(caught).__name__} without a message")
    return caught


# ------------------------------------------------------------------ hostile values

HUGE_NUMBERS = (10**1000, -(10**1000), 2**63, -(2**63) - 1, 1e308, -0.0, 1.5)
#: JSON texts that are not numbers Python reads as such.
NUMBER_TEXTS = ("1" * 5000, "1e400", "-1e400", "NaN", "Infinity", "-Infinity", "1.0", "0.1e-400")

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from(HUGE_NUMBERS),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(["", " ", "\x00", "\ud800", "\U0001f0a1", "TH", "t1t4x3", "d", "-"]),
)
#: Any Python value a caller might pass where a text or a number is expected.
any_value = st.one_of(
    scalars,
    st.binary(max_size=20),
    st.lists(scalars, max_size=3),
    st.dictionaries(st.text(max_size=5), scalars, max_size=3),
)
json_values = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(), st.sampled_from(HUGE_NUMBERS), st.text(max_size=8)
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def mutated_text(text: str) -> st.SearchStrategy[str]:
    """``text`` with a few characters deleted, inserted or replaced, or cut short."""

    @st.composite
    def mutate(draw: st.DrawFn) -> str:
        result = text
        for _ in range(draw(st.integers(1, 4))):
            kind = draw(st.sampled_from(["delete", "insert", "replace", "truncate", "repeat"]))
            at = draw(st.integers(0, max(len(result) - 1, 0)))
            if kind == "delete":
                result = result[:at] + result[at + 1 :]
            elif kind == "insert":
                result = result[:at] + draw(st.text(min_size=1, max_size=3)) + result[at:]
            elif kind == "replace":
                result = result[:at] + draw(st.characters()) + result[at + 1 :]
            elif kind == "truncate":
                result = result[:at]
            else:
                result = result[:at] + result[at : at + 5] * draw(st.integers(2, 50)) + result[at:]
        return result

    return mutate()


def _mutate_json(draw: st.DrawFn, value: Any, depth: int = 0) -> Any:
    """``value`` with one part deleted, duplicated, retyped or replaced by a hostile value."""
    if isinstance(value, dict) and value and draw(st.integers(0, 3)):
        key = draw(st.sampled_from(sorted(value)))
        kind = draw(st.sampled_from(["delete", "retype", "descend", "extra"]))
        copy = dict(value)
        if kind == "delete":
            del copy[key]
        elif kind == "retype":
            copy[key] = draw(json_values)
        elif kind == "extra":
            copy[draw(st.text(max_size=6))] = draw(json_values)
        else:
            copy[key] = _mutate_json(draw, value[key], depth + 1)
        return copy
    if isinstance(value, list) and value and draw(st.integers(0, 3)):
        index = draw(st.integers(0, len(value) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "retype", "descend"]))
        copy = list(value)
        if kind == "delete":
            del copy[index]
        elif kind == "duplicate":
            copy.insert(index, copy[index])
        elif kind == "retype":
            copy[index] = draw(json_values)
        else:
            copy[index] = _mutate_json(draw, value[index], depth + 1)
        return copy
    return draw(json_values)


def mutated_document(text: str) -> st.SearchStrategy[str | bytes]:
    """A JSON document broken in its structure, its text or its encoding."""

    @st.composite
    def mutate(draw: st.DrawFn) -> str | bytes:
        kind = draw(st.sampled_from(["structure", "text", "bytes", "nesting", "number", "keys"]))
        if kind == "structure":
            return json.dumps(
                _mutate_json(draw, json.loads(text)), ensure_ascii=draw(st.booleans())
            )
        if kind == "text":
            return draw(mutated_text(text))
        if kind == "bytes":
            data = bytearray(text.encode())
            at = draw(st.integers(0, len(data)))
            data[at:at] = draw(
                st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\xfe\xff"])
            )
            return bytes(data)
        if kind == "nesting":
            depth = draw(st.sampled_from([10, 63, 64, 65, 500, 999, 1000, 5000, 100_000]))
            opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
            inner = opener * depth + "1" + closer * depth
            where = draw(st.sampled_from(["whole", "field"]))
            if where == "whole":
                return inner
            return text.replace("{", '{"nested": ' + inner + ", ", 1)
        if kind == "number":
            number = draw(st.sampled_from(NUMBER_TEXTS))
            return text.replace('"version": 1', f'"version": {number}', 1)
        # keys: a duplicated key
        return text.replace("{", '{"version": 1, ', 1)

    return mutate()
