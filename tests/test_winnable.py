"""The packaged lists of deals proved winnable (agnes_rules.winnable), and ``agnes deal
--winnable``."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import agnes_rules
from agnes_rules import ArgumentError, GameState, Variant, VariantError, solve
from agnes_rules.cli import main
from agnes_rules.core.variant import VARIANTS
from agnes_rules.winnable import SURVEYED_DEALS, random_winnable_deal, winnable_deals

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "win_rates.csv"
DATA = ROOT / "src" / "agnes_rules" / "data" / "winnable.json"


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_preset_has_a_sorted_list_of_surveyed_deals(name: str) -> None:
    deals = winnable_deals(name)
    assert deals, name
    assert list(deals) == sorted(set(deals))
    assert all(isinstance(number, int) and number in SURVEYED_DEALS for number in deals)
    assert winnable_deals(VARIANTS[name]) is deals  # read once


@pytest.mark.skipif(not RESULTS.exists(), reason="needs benchmarks/results (not in the sdist)")
def test_the_lists_are_the_won_deals_of_the_results() -> None:
    latest: dict[tuple[str, int], str] = {}
    with RESULTS.open(newline="") as handle:
        for row in csv.DictReader(handle):
            latest[row["variant"], int(row["deal"])] = row["outcome"]  # the last row counts
    for name in VARIANTS:
        won = [n for n in SURVEYED_DEALS if latest[name, n] == "won"]
        assert list(winnable_deals(name)) == won, name


@pytest.mark.skipif(not DATA.exists(), reason="needs the source tree")
def test_the_data_file_is_small_and_counts_its_numbers() -> None:
    # Numbers as gaps: about 2 bytes a won deal; 87 KB with most Bernauer and Agnes Two
    # deals proved won.
    assert DATA.stat().st_size < 100_000
    document = json.loads(DATA.read_text(encoding="utf-8"))
    assert (document["format"], document["version"], document["deals"]) == (
        "agnes-rules/winnable-deals",
        1,
        [SURVEYED_DEALS[0], SURVEYED_DEALS[-1]],
    )
    assert set(document["variants"]) == set(VARIANTS)
    for name, entry in document["variants"].items():
        assert entry["count"] == len(winnable_deals(name))


# Deals of the lists that the solver wins in under a thousand positions.
@pytest.mark.parametrize(
    ("name", "number"),
    [
        ("agnes-sorel", 3),
        ("agnes-sorel", 4585),
        ("agnes-sorel-pysol", 2089),
        ("agnes-sorel-quagnes", 2089),
        ("agnes-sorel-parlett", 2089),
        ("agnes-bernauer", 1637),
        ("agnes-bernauer-parlett", 6023),
        ("agnes-bernauer-pysol", 5334),
        ("agnes-two", 42),
    ],
)
def test_listed_deals_are_won(name: str, number: int) -> None:
    assert number in winnable_deals(name)
    assert solve(GameState.deal(name, number), max_states=20_000).won


@given(seed=st.integers(), name=st.sampled_from(list(VARIANTS)))
def test_a_seeded_draw_is_reproducible_and_listed(seed: int, name: str) -> None:
    number = random_winnable_deal(name, random.Random(seed))
    assert number in winnable_deals(name)
    assert random_winnable_deal(name, random.Random(seed)) == number


def test_an_unseeded_draw_is_listed_and_the_root_exports_both() -> None:
    assert random_winnable_deal("agnes-two") in winnable_deals("agnes-two")
    assert agnes_rules.winnable_deals is winnable_deals
    assert agnes_rules.random_winnable_deal is random_winnable_deal


def test_only_presets_have_a_list() -> None:
    with pytest.raises(VariantError, match="unknown variant 'agnes'"):
        winnable_deals("agnes")  # type: ignore[arg-type]
    custom = attrs.evolve(Variant.named("agnes-sorel"), name="sorel-two-decks", decks=2, piles=9)
    with pytest.raises(ArgumentError, match="only the presets have a list of winnable deals"):
        winnable_deals(custom)
    # A custom variant under a preset's name is still not that preset.
    impostor = attrs.evolve(Variant.named("agnes-sorel"), split_runs=False)
    with pytest.raises(ArgumentError, match="custom variant"):
        random_winnable_deal(impostor)
    with pytest.raises(VariantError, match="expected a Variant or a preset name"):
        winnable_deals(7)  # type: ignore[arg-type]


def test_a_bad_random_generator_is_refused() -> None:
    for rng in (7, "seed", random):
        with pytest.raises(ArgumentError, match=r"rng must be a random\.Random"):
            random_winnable_deal("agnes-sorel", rng)  # type: ignore[arg-type]


def test_deal_winnable_in_this_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "agnes-sorel-parlett", "--winnable", "--seed", "3"]) == 0
    first, rest = capsys.readouterr().out.split("\n", 1)
    number = random_winnable_deal("agnes-sorel-parlett", random.Random(3))
    assert first == f"game number {number}, drawn from the 43 deals of 1..10,000 proved winnable"
    assert rest == GameState.deal("agnes-sorel-parlett", number).render() + "\n"
    assert main(["deal", "agnes-sorel-parlett", "--winnable", "--seed", "3", "--json"]) == 0
    out, err = capsys.readouterr()
    assert GameState.from_json(out) == GameState.deal("agnes-sorel-parlett", number)
    assert err == first + "\n"
