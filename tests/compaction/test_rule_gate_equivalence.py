"""The rule path's cheap gates decide as the scans they stand for, on a large varied corpus.

`extract_constraints` first asks whether a message may hold a rule at all: `_GATE`, one regex of
every rule shape's words, stays the authority, and `_may_hold_rule` asks it in cheaper parts
(its English words on the lowered text, its Chinese words only where a character they need is
in the text). The revocation, lift and change-of-mind scans, and a few other whole-text scans,
each skip a text their `Gate` shuts. Both are checked here against the plain scans on every
text at hand: the review conversations, every string in the test modules (the rule shapes,
their look-alikes and near-misses), the bench's own scenarios, and the tuned CrossWOZ and SGD
dialogues when the data is there; each text also upper-cased and title-cased, since the
English words are read case-blind.
"""

from __future__ import annotations

import ast
import importlib
import re
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bench import crosswoz, sgd
from bench.scenarios import ecommerce_scenario, groups, own_scenarios
from ctxengine.compaction import constraints
from ctxengine.compaction.constraints import (
    _GATE,
    _GATE_EN,
    _GATE_ZH,
    _LIFT_EN,
    _LIFT_SCANS,
    _LIFT_SCANS_ZH,
    _LIFT_ZH,
    _MIND_CHANGE_SCANS,
    _REVOKE_EN,
    _REVOKE_STRONG,
    _REVOKE_WEAK,
    _REVOKE_ZH,
    _REVOKE_ZH_WEAK,
    _may_hold_rule,
)
from ctxengine.compaction.gates import Gate, lowered

_TESTS = Path(__file__).resolve().parents[1]


def _review_texts() -> list[str]:
    """Every user and assistant message of every review conversation module."""
    out: list[str] = []
    for path in sorted(_TESTS.glob("_review_convos*.py")):
        module = importlib.import_module(path.stem)  # as the review tests import them
        for value in vars(module).values():
            if not isinstance(value, list):
                continue
            for convo in value:
                steps = getattr(convo, "steps", ())
                out += [s[1] for s in steps if s[0] in ("u", "a") and isinstance(s[1], str)]
    return out


def _test_strings() -> list[str]:
    """Every string literal of the test modules: the shapes, look-alikes and near-misses."""
    return [
        node.value
        for path in sorted(_TESTS.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def _scenario_texts() -> list[str]:
    return [
        m.text
        for sc in (*own_scenarios(quick=True), ecommerce_scenario())
        for m in sc.messages
        if m.text
    ]


def _tuned_texts() -> list[str]:
    """The tuned CrossWOZ dialogues (0-399) and SGD sessions; none held out. Empty without
    the data."""
    out: list[str] = []
    if crosswoz.DATA.exists():
        tuned_end = next(end for label, _, end in crosswoz.SPLITS if label.startswith("tuned last"))
        for d in list(crosswoz.load_dialogues(crosswoz.DATA).values())[:tuned_end]:
            out += [m["content"] for m in d["messages"]]
    if sgd.DATA.exists():
        for i, chunk in enumerate(groups(sgd.load_dialogues(sgd.DATA), sgd.DEFAULT_GROUP)):
            if not sgd.held_out(i):
                out += [t["utterance"] for d in chunk for t in d["turns"]]
    return out


@cache
def _corpus() -> tuple[str, ...]:
    texts = [*_review_texts(), *_test_strings(), *_scenario_texts(), *_tuned_texts()]
    # Case-blind words: each text also as it would be shouted or titled.
    return tuple(dict.fromkeys(v for t in texts for v in (t, t.upper(), t.title())))


def test_corpus_is_large_and_reaches_both_decisions() -> None:
    assert len(_review_texts()) > 1_000
    texts = _corpus()
    assert len(texts) > 20_000
    passed = sum(_GATE.search(t) is not None for t in texts)
    assert 1_000 < passed < len(texts) - 1_000


def test_gate_decides_as_the_whole_regex_on_the_corpus() -> None:
    differ = [t for t in _corpus() if _may_hold_rule(t) != (_GATE.search(t) is not None)]
    assert differ == []


# Letters that lowering changes in length or turns into an ASCII letter a case-blind match
# would not see the same way (İ, ı, ſ, the Kelvin sign), beside cue words in both scripts.
_ALPHABET = "不要别可以吧都每所 donotevrkalywhsfimpu'İıſ\u212aDONTEVRKALYWHSFIMPU.,\n5$"


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=24))
def test_gate_decides_as_the_whole_regex_on_any_text(text: str) -> None:
    assert _may_hold_rule(text) == (_GATE.search(text) is not None)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["Don't", "NEVER", "Only", "KEEP", "From now on", "No "]), st.text())
def test_gate_decides_as_the_whole_regex_on_cues_in_any_text(cue: str, rest: str) -> None:
    for text in (cue + rest, rest + cue, rest + " " + cue.upper()):
        assert _may_hold_rule(text) == (_GATE.search(text) is not None)


def test_the_lowered_scan_reads_the_same_words_at_the_same_places() -> None:
    # The English words are the case-blind part of the authority, written all in lower case
    # (no escape like \S or \W that lowering would turn into another).
    assert _GATE.pattern == _GATE_ZH + "|(?i:" + _GATE_EN + ")"
    assert _GATE_EN.lower() == _GATE_EN
    # A lowered text keeps every character at its place: the one character whose lower case is
    # longer (İ) is one `lowered` refuses, as are those a case-blind ASCII letter matches.
    longer = [c for c in map(chr, range(0x110000)) if len(c.lower()) != 1]
    assert longer == ["\u0130"]
    for c in ("\u0130", "\u0131", "\u017f", "\u212a"):
        assert lowered(f"Don't use {c}") is None
        assert _may_hold_rule(f"x{c}") == (_GATE.search(f"x{c}") is not None)


def test_revocations_keep_their_order_strong_then_weak() -> None:
    strong = [(rx, pol) for rx, pol in (*_REVOKE_ZH, *_REVOKE_EN) if rx not in _REVOKE_ZH_WEAK]
    weak = [(rx, pol) for rx, pol in _REVOKE_ZH if rx in _REVOKE_ZH_WEAK]
    assert [(rx, pol) for rx, pol, _ in _REVOKE_STRONG] == strong
    assert [(rx, pol) for rx, pol, _ in _REVOKE_WEAK] == weak
    assert weak  # the weak readings are read, last
    for rx, _, gate in (*_REVOKE_STRONG, *_REVOKE_WEAK):
        assert (gate.chars, gate.words) == (Gate(rx).chars, Gate(rx).words)


def test_change_of_mind_scans_keep_every_shape_in_order() -> None:
    kinds = (
        (constraints._DROP_RX, constraints.DROPS, "prefer"),
        ((constraints._ZH_NEVER_MIND,), constraints.CHANGES_MIND, "forbid"),
        (constraints._INCLUDE_RX, constraints.INCLUDES, "only"),
        (constraints._NEW_VALUE_RX, constraints.NEW_VALUE, "require"),
    )
    expected = [(rx, kind, pol) for rxs, kind, pol in kinds for rx in rxs]
    assert [(rx, kind, pol) for rx, _, kind, pol in _MIND_CHANGE_SCANS] == expected


def test_lifts_keep_every_shape_in_order() -> None:
    assert [rx for rx, _ in _LIFT_SCANS_ZH] == list(_LIFT_ZH)
    assert [rx for rx, _ in _LIFT_SCANS] == [*_LIFT_ZH, *_LIFT_EN]


def _gated_scans() -> list[tuple[re.Pattern[str], Gate]]:
    return [
        *((rx, gate) for rx, _, gate in (*_REVOKE_STRONG, *_REVOKE_WEAK)),
        *((rx, gate) for rx, gate, _, _ in _MIND_CHANGE_SCANS),
        *_LIFT_SCANS,
        (constraints._EN_NOT_RULE, constraints._EN_NOT_RULE_GATE),
        (constraints._ZH_FIXED_RENDER, constraints._ZH_FIXED_RENDER_GATE),
    ]


def test_a_gated_scan_is_skipped_only_where_it_finds_nothing() -> None:
    scans = _gated_scans()
    # The scans run only on texts that pass the gate (`extract_constraints` reads no other).
    texts = [t for t in _corpus() if _GATE.search(t) is not None]
    skipped = 0
    wrong: list[tuple[str, str]] = []
    for text in texts:
        for rx, gate in scans:
            if gate.shut(text):
                skipped += 1
                if rx.search(text) is not None:
                    wrong.append((rx.pattern[:60], text))
    assert wrong == []
    # And the gates spare work: most scans are skipped on most texts.
    assert skipped > len(texts) * len(scans) // 2


@settings(max_examples=800, deadline=None)
@given(st.text(alphabet=_ALPHABET + "算了改成加到也行取消忘掉", max_size=30))
def test_a_gated_scan_is_skipped_only_where_it_finds_nothing_on_any_text(text: str) -> None:
    for rx, gate in _gated_scans():
        if gate.shut(text):
            assert rx.search(text) is None
