"""The SVG pictures: well-formed XML in which every visible card can be found."""

from __future__ import annotations

import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS, Variant
from agnes_rules.errors import ArgumentError
from agnes_rules.svg import render_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(state: GameState) -> ET.Element:
    root = ET.fromstring(render_svg(state))
    assert root.tag == f"{SVG}svg"
    return root


def faces(root: ET.Element) -> list[tuple[str, str]]:
    """(pile, card) for every card face in the picture."""
    return [
        (group.attrib["data-pile"], group.attrib["data-card"])
        for group in root.iter(f"{SVG}g")
        if "face" in group.attrib.get("class", "").split()
    ]


def backs(root: ET.Element) -> list[str]:
    return [
        group.attrib["data-pile"]
        for group in root.iter(f"{SVG}g")
        if "back" in group.attrib.get("class", "").split()
    ]


def expected_faces(state: GameState) -> list[tuple[str, str]]:
    """What a player sees face up: the top card of each foundation and every other face."""
    seen = []
    for number, pile in enumerate(state.foundations, 1):
        if pile:
            seen.append((f"f{number}", str(pile[-1])))
    for number, card in enumerate(state.spare, 1):
        if card is not None:
            seen.append((f"s{number}", str(card)))
    for number, pile in enumerate(state.reserve, 1):
        seen.extend((f"r{number}", str(card)) for card in pile)
    for number, column in enumerate(state.tableau, 1):
        seen.extend((f"t{number}", str(card)) for card in column.face_up)
    return seen


def expected_backs(state: GameState) -> list[str]:
    piles = ["d"] if state.stock else []
    for number, column in enumerate(state.tableau, 1):
        piles.extend(f"t{number}" for _ in column.face_down)
    return piles


def play_greedily(state: GameState, steps: int) -> GameState:
    """A few moves in: foundation moves first (the engine's order), no repeated positions."""
    seen = {state}
    for _ in range(steps):
        options = [after for _move, after in state.successors() if after not in seen]
        if not options:
            break
        state = options[0]
        seen.add(state)
    return state


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_card_of_an_opening_layout_is_drawn(name: str) -> None:
    state = GameState.deal(name, 1)
    root = parse(state)
    assert sorted(faces(root)) == sorted(expected_faces(state))
    assert sorted(backs(root)) == sorted(expected_backs(state))


@pytest.mark.parametrize("name", ["agnes-sorel", "agnes-bernauer", "agnes-two"])
@pytest.mark.parametrize("steps", [5, 40, 400])
def test_positions_deep_in_a_game_are_drawn_completely(name: str, steps: int) -> None:
    state = play_greedily(GameState.deal(name, 7), steps)
    root = parse(state)
    assert sorted(faces(root)) == sorted(expected_faces(state))
    assert sorted(backs(root)) == sorted(expected_backs(state))


@given(number=st.integers(1, 10**6), steps=st.integers(0, 60))
def test_any_reachable_position_renders_as_valid_xml(number: int, steps: int) -> None:
    state = play_greedily(GameState.deal("agnes-bernauer", number), steps)
    root = parse(state)
    assert sorted(faces(root)) == sorted(expected_faces(state))


def texts(root: ET.Element) -> list[str]:
    return ["".join(element.itertext()) for element in root.iter(f"{SVG}text")]


def test_the_labels_name_the_piles_of_the_notation_and_the_stock_count() -> None:
    state = GameState.deal("agnes-bernauer", 1)
    labels = texts(parse(state))
    for name in ["t1", "t7", "r1", "r7", "s1", "s2", "stock 16"]:
        assert name in labels
    # The stock back shows how many cards are left, and the title the base rank.
    assert "16" in labels
    assert any("base rank 10" in text for text in labels)


def test_a_card_face_shows_its_rank_and_suit_in_its_colour() -> None:
    root = parse(GameState.deal("agnes-sorel", 1))
    queen = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-card") == "QH")
    assert queen.attrib["fill"] == "#c0162b"
    assert "Q\N{BLACK HEART SUIT}" in texts(queen)
    ten = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-card") == "TS")
    assert ten.attrib["fill"] == "#111111"
    assert "10\N{BLACK SPADE SUIT}" in texts(ten)


def test_empty_piles_are_drawn_as_outlined_slots() -> None:
    empty = GameState.deal("agnes-bernauer", 1).play(["d", "d"])
    root = parse(empty)
    slots = {
        group.attrib["data-pile"]
        for group in root.iter(f"{SVG}g")
        if group.attrib.get("class") == "slot-group"
    }
    # The stock is used up, three foundations are empty; spare spaces are now full.
    assert slots == {"d", "f1", "f2", "f4"}
    assert "stock 0" in texts(root)


def test_the_picture_is_big_enough_for_every_card() -> None:
    state = play_greedily(GameState.deal("agnes-two", 3), 300)
    root = parse(state)
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    for group in root.iter(f"{SVG}g"):
        transform = group.attrib.get("transform", "")
        if transform.startswith("translate("):
            x, y = map(float, transform[len("translate(") : -1].split(","))
            assert x >= 0 and x + 64 <= width
            assert y >= 0 and y + 90 <= height


def test_a_custom_variant_name_is_escaped() -> None:
    sorel = Variant.named("agnes-sorel")
    state = GameState.deal(attrs.evolve(sorel, name='<mine> & "yours"'), 1)
    root = parse(state)
    assert any('<mine> & "yours"' in text for text in texts(root))


def test_a_long_name_widens_the_picture_so_that_the_title_fits() -> None:
    sorel = Variant.named("agnes-sorel")
    narrow = attrs.evolve(sorel, name="n", piles=1)
    long_name = attrs.evolve(sorel, name="a custom variant with a rather long name", piles=1)
    narrow_width = float(parse(GameState.deal(narrow, 1)).attrib["width"])
    long_width = float(parse(GameState.deal(long_name, 1)).attrib["width"])
    assert long_width > narrow_width + 9 * (len(long_name.name) - 1) - 1


def test_won_and_lost_positions_say_so() -> None:
    from agnes_rules.solver import solve

    start = GameState.deal("agnes-sorel", 3)
    won = start.play(solve(start).moves)
    assert any("won" in text for text in texts(parse(won)))
    assert not any("won" in text for text in texts(parse(start)))


# ------------------------------------------------------------- screenshots

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def png_pixels(data: bytes) -> list[list[tuple[int, int, int]]]:
    """The RGB pixels of an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, compressed = 8, b""
    width = height = channels = 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        body = data[position + 8 : position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6) and body[12] == 0
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            compressed += body
    raw = zlib.decompress(compressed)
    stride = width * channels
    previous = bytearray(stride)
    pixels = []
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            up_left = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - up_left
                nearest = min(
                    (abs(guess - left), 0, left),
                    (abs(guess - up), 1, up),
                    (abs(guess - up_left), 2, up_left),
                )[2]
                line[x] = (line[x] + nearest) & 255
        pixels.append([(line[x], line[x + 1], line[x + 2]) for x in range(0, stride, channels)])
        previous = line
    return pixels


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
def test_chromium_draws_the_picture(tmp_path: Path) -> None:
    """A real browser draws the table green, a card back blue, a card face white, a heart red."""
    assert CHROMIUM is not None
    state = GameState.deal("agnes-bernauer", 1)
    root = parse(state)
    picture = tmp_path / "state.svg"
    picture.write_text(render_svg(state), encoding="utf-8")
    shot = tmp_path / "state.png"
    width, height = int(root.attrib["width"]), int(root.attrib["height"])
    subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--force-device-scale-factor=1",
            f"--user-data-dir={tmp_path / 'profile'}",
            f"--screenshot={shot}",
            f"--window-size={width},{height}",
            picture.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    pixels = png_pixels(shot.read_bytes())
    assert (len(pixels[0]), len(pixels)) == (width, height)

    def at(pile: str, dx: int, dy: int) -> tuple[int, int, int]:
        """The pixel at (dx, dy) inside the top card of ``pile``."""
        groups = [g for g in root.iter(f"{SVG}g") if g.attrib.get("data-pile") == pile]
        x, y = map(float, groups[-1].attrib["transform"][len("translate(") : -1].split(","))
        return pixels[int(y) + dy][int(x) + dx]

    assert pixels[40][8] == (0x2E, 0x7D, 0x43)  # the table
    assert at("d", 10, 10) == (0x1D, 0x4F, 0x91)  # the back of the stock
    assert at("t1", 58, 45) == (255, 255, 255)  # the face of QH, t1's only card
    # The index in the corner of QH is drawn in red.
    corner = [at("t1", dx, dy) for dx in range(4, 40) for dy in range(4, 22)]
    assert any(red > 150 and green < 80 and blue < 80 for red, green, blue in corner)


# ------------------------------------------------------------- options (issue 13)


def marks(root: ET.Element, css: str) -> list[str]:
    return [
        rect.attrib["data-pile"]
        for rect in root.iter(f"{SVG}rect")
        if css in rect.attrib.get("class", "").split()
    ]


def test_a_view_is_drawn_like_its_position() -> None:
    state = GameState.deal("agnes-sorel-quagnes", 5)
    from_view = ET.fromstring(render_svg(state.view()))  # type: ignore[arg-type]
    from_state = parse(state)
    assert faces(from_view) == faces(from_state)
    assert backs(from_view) == backs(from_state)
    assert backs(from_view).count("t7") == 6 and "d" in backs(from_view)
    hidden = {str(card) for column in state.tableau for card in column.face_down}
    hidden |= {str(card) for card in state.stock}
    assert not hidden & {card for _, card in faces(from_view)}
    assert state.view()._repr_svg_() == render_svg(state.view())  # type: ignore[arg-type]


def test_the_last_move_marks_its_source_and_target() -> None:
    state = GameState.deal("agnes-sorel", 1)
    after = state.apply("t4t3")
    assert marks(ET.fromstring(render_svg(after, last_move="t4t3")), "last-move") == ["t4", "t3"]
    dropped = ET.fromstring(render_svg(state.apply("t4f"), last_move=Move.parse("t4f")))
    assert marks(dropped, "last-move") == ["t4", "f1", "f2", "f3", "f4"]
    dealt = ET.fromstring(render_svg(state.apply("d"), last_move="d"))
    assert marks(dealt, "last-move") == ["d"]
    assert marks(parse(state), "last-move") == []


def test_highlights_frame_the_piles_named() -> None:
    state = GameState.deal("agnes-bernauer", 1)
    root = ET.fromstring(render_svg(state, highlight=["t3", "r2", "f", "d"]))
    assert marks(root, "highlight") == ["t3", "r2", "f1", "f2", "f3", "f4", "d"]
    frame = next(r for r in root.iter(f"{SVG}rect") if r.attrib.get("data-pile") == "t3")
    slot = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-pile") == "t3").attrib[
        "transform"
    ]
    x = float(slot.removeprefix("translate(").split(",")[0])
    assert float(frame.attrib["x"]) == x - 4
    with pytest.raises(ArgumentError, match="no such pile"):
        render_svg(state, highlight=["t8"])
    with pytest.raises(ArgumentError, match="not a pile"):
        render_svg(state, highlight=["q1"])
    with pytest.raises(ArgumentError, match="list of pile names"):
        render_svg(state, highlight="t3")


def test_size_sets_the_width_and_keeps_the_proportions() -> None:
    state = GameState.deal("agnes-bernauer", 1)
    plain = parse(state)
    scaled = ET.fromstring(render_svg(state, size=300))
    assert scaled.attrib["viewBox"] == plain.attrib["viewBox"]
    assert scaled.attrib["width"] == "300"
    ratio = float(plain.attrib["height"]) / float(plain.attrib["width"])
    assert abs(float(scaled.attrib["height"]) - 300 * ratio) <= 0.5
    for bad in (0, -5, "300", True):
        with pytest.raises(ArgumentError, match="size"):
            render_svg(state, size=bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="GameState or a PlayerView"):
        render_svg("agnes-sorel")  # type: ignore[arg-type]


def test_the_notebook_picture_is_the_default_rendering() -> None:
    state = GameState.deal("agnes-sorel", 1)
    assert state._repr_svg_() == render_svg(state) == state.to_svg()


def test_a_last_move_between_piles_that_do_not_exist_is_refused() -> None:
    state = GameState.deal("agnes-sorel", 1)
    with pytest.raises(ArgumentError, match="t9t1"):
        render_svg(state, last_move="t9t1")
