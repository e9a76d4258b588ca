"""The block's fast paths write exactly what the line-by-line form writes.

`view_text` writes the full block without a `BlockLine` per line (the constraints and the
evidence grow with a session and are written anew on every render); `_ago` remembers the
marker strings; a session's `EvidenceSelection` keeps each evidence line's head until the
change log names its item; `Ledger.add` compares a new rule's subject only with the rules
whose subject holds it or is held by it. Each is checked against the form it replaced over
random views, layer changes and subjects.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.compaction.layers import (
    EvidenceItem,
    EvidenceLayer,
    IntentRecord,
    SlotValue,
    StateLayer,
)
from ctxengine.compaction.ledger import (
    ConflictRecord,
    ConflictSide,
    ConstraintEntry,
    Ledger,
    _lifted_by,
    normalize_subject,
    subjects_match,
)
from ctxengine.compaction.render import (
    HEADERS,
    ContextView,
    EvidenceSelection,
    _join,
    ago,
    evidence_texts,
    view_lines,
    view_text,
)
from ctxengine.compaction.schema import Constraint, Evidence, Language

_TEXTS = ["不要用PDF", "never use PDF", "订单 Q7 必须退回原卡", "", "x\ny", " 边 ", "用顺丰"]
_VALUES = ["Q7", "蓝色", "", " pad ", "a|b", "line\nbreak", "88元", "2024-05-01"]
_SOURCES = ["user", "assistant", "tool:lookup", "call:lookup"]


@st.composite
def _views(draw: st.DrawFn) -> ContextView:
    cur = draw(st.integers(0, 40))
    turn = st.integers(0, 45)
    view = ContextView(current_turn=cur, language=draw(st.sampled_from(["zh", "en"])))
    if draw(st.booleans()):
        view.intent = IntentRecord(name="query", turn=draw(turn), confidence=1.0, target="单")
        view.recent_intents = [
            IntentRecord(name=n, turn=draw(turn), confidence=0.5)
            for n in draw(st.lists(st.sampled_from(["modify", "confirm", "ask"]), max_size=2))
        ]
    for i, (value, t) in enumerate(draw(st.lists(st.tuples(st.sampled_from(_VALUES), turn)))):
        entity = draw(st.sampled_from(["单", "店[甲]", "店[乙]"]))
        slot = SlotValue(key=f"{entity}.s{i}", entity=entity, slot=f"s{i}", value=value, turn=t)
        (view.pending if draw(st.booleans()) else view.slots).append(slot)
    for i, (text, t) in enumerate(draw(st.lists(st.tuples(st.sampled_from(_TEXTS), turn)))):
        view.constraints.append(
            ConstraintEntry(
                id=f"c{i}",
                text=text,
                polarity="forbid",
                subject=text,
                norm_subject=text,
                turn=t,
                last_turn=t,
            )
        )
    for i, (a, b) in enumerate(draw(st.lists(st.tuples(turn, turn), max_size=3))):
        view.conflicts.append(
            ConflictRecord(
                id=f"x{i}",
                kind="constraint",
                subject="PDF",
                earlier=ConflictSide(text="用PDF", turn=min(a, b), ref="c1"),
                later=ConflictSide(text="不要PDF", turn=max(a, b), ref="c2"),
                resolution=draw(st.sampled_from(["later_wins", "earlier_stands"])),
                turn=max(a, b),
            )
        )
    items = st.tuples(
        st.sampled_from(["order_id", "amount", "time", "field"]),
        st.sampled_from(_VALUES),
        st.none() | st.sampled_from(["data.id", "price"]),
        st.lists(st.sampled_from(_SOURCES), min_size=1, max_size=3, unique=True),
        turn,
    )
    for i, (kind, value, field, sources, t) in enumerate(draw(st.lists(items))):
        view.evidence.append(
            EvidenceItem(
                id=f"e{i}",
                kind=kind,
                value=value,
                field=field,
                sources=sources,
                first_seen=t,
                last_seen=t,
            )
        )
    return view


@settings(max_examples=300, deadline=None)
@given(_views())
def test_the_block_written_at_once_equals_its_lines_joined(view: ContextView) -> None:
    assert view_text(view) == _join(view_lines(view), HEADERS[view.language])


def test_a_rule_stated_twice_in_one_sentence_is_written_once_at_once_too() -> None:
    view = ContextView(current_turn=9, language="en")
    view.constraints = [
        ConstraintEntry(
            id=f"c{i}",
            text="Skip UPS, ship with FedEx",
            polarity=p,
            subject=s,
            norm_subject=s,
            turn=4,
            last_turn=4,
        )
        for i, (p, s) in enumerate([("forbid", "ups"), ("require", "fedex")])
    ]
    assert view_text(view) == "[Constraints]\n- Skip UPS, ship with FedEx [5 turns ago]"


@given(st.integers(-3, 500), st.integers(-3, 500), st.sampled_from(["zh", "en"]))
def test_remembered_markers_read_as_worked_out(turn: int, current: int, lang: str) -> None:
    d = current - turn
    if lang == "zh":
        want = "[本轮]" if d <= 0 else f"[{d}轮前]"
    else:
        want = "[this turn]" if d <= 0 else "[1 turn ago]" if d == 1 else f"[{d} turns ago]"
    assert ago(turn, current, "zh" if lang == "zh" else "en") == want


_WORDS = st.text(alphabet="ab 价格顺丰Ss-的", max_size=8)


@settings(max_examples=500)
@given(_WORDS, _WORDS)
def test_subjects_that_match_hold_one_another(a: str, b: str) -> None:
    """What lets `Ledger.add` test containment first: a match implies it."""
    x, y = normalize_subject(a), normalize_subject(b)
    if subjects_match(x, y):
        assert x in y or y in x


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_WORDS, st.sampled_from(["forbid", "require"]), st.booleans())))
def test_rules_resolve_as_when_every_active_rule_was_compared(
    rules: list[tuple[str, str, bool]],
) -> None:
    ledger = Ledger()
    for turn, (subject, polarity, revokes) in enumerate(rules, start=1):
        text = f"{polarity} {subject}"
        norm = normalize_subject(subject or text)
        want = [e.id for e in ledger.active() if subjects_match(e.norm_subject, norm)]
        if not revokes and polarity == "forbid" and norm.isascii():
            # A rule said again also replaces a permission that named its action another
            # way ("The prod database can be restarted now." then "Never restart …").
            want += [
                e.id
                for e in ledger.active()
                if e.revokes and e.polarity == "forbid" and _lifted_by(norm, e.norm_subject)
            ]
        c = Constraint(text=text, polarity=polarity, subject=subject)
        c.revokes = revokes
        res = ledger.add(c, turn)
        touched = {ch.entry for ch in res.changes} | ({res.restated} if res.restated else set())
        assert touched <= set(want)


_op = st.one_of(
    st.tuples(
        st.just("add"),
        st.tuples(
            st.sampled_from(["order_id", "amount"]),
            st.sampled_from(["Q7", "Q8", "88元"]),
            st.none() | st.sampled_from(["data.id", "price"]),
            st.sampled_from(_SOURCES),
        ),
    ),
    st.tuples(st.just("touch"), st.integers(0, 9)),
    st.tuples(st.just("evict"), st.integers(0, 3)),
    st.tuples(st.just("remove"), st.integers(0, 9)),
    st.tuples(st.just("silent_delete"), st.integers(0, 9)),
    st.tuples(st.just("round_trip"), st.none()),
    st.tuples(st.just("next_turn"), st.integers(0, 2)),
    st.tuples(st.just("language"), st.sampled_from(["zh", "en"])),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_op, max_size=30))
def test_kept_evidence_heads_write_what_each_line_works_out(ops: list[tuple[str, Any]]) -> None:
    """A kept head is dropped when its item changes: a value first stated by the user and
    later returned by a tool names the tool from then on; a field found later shows."""
    state, evidence, kept = StateLayer(), EvidenceLayer(), EvidenceSelection()
    turn = 3
    lang: Language = "zh"
    for op, arg in ops:
        ids = list(evidence.items)
        if op == "add":
            kind, value, field, source = arg
            evidence.add(Evidence(kind=kind, value=value, field=field), turn, source)
        elif op == "touch" and ids:
            evidence.touch(ids[arg % len(ids)], turn)
        elif op == "evict":
            evidence.evict(arg, set())
        elif op == "remove" and ids:
            evidence.remove([ids[arg % len(ids)]])
        elif op == "silent_delete" and ids:
            del evidence.items[ids[arg % len(ids)]]  # behind the change log's back
        elif op == "round_trip":
            evidence = EvidenceLayer.model_validate(evidence.model_dump(mode="json"))
        elif op == "next_turn":
            turn += arg
        elif op == "language":
            lang = "en" if arg == "en" else "zh"
        shown = kept.select(state, evidence, 4)
        view = ContextView(current_turn=turn + 1, language=lang, evidence=shown)
        view.heads = kept.heads(view.language)
        fresh = ContextView(current_turn=turn + 1, language=lang, evidence=shown)
        assert evidence_texts(view) == evidence_texts(fresh)
