"""Round 10 of the per-turn cost work: what grows with a session is kept, not redone.

- `_TextIndex` answers whether a value occurs in any of the protection texts from a gram
  index, without searching every text: it must answer as the plain search does after any
  sequence of texts added and removed;
- `ProtectionIndex` uses it for new items and for texts that change: its protected set must
  equal the items some text names, after any sequence of item and text changes;
- the constraint lines are kept per active list and only their markers are written per turn:
  they must read as the line-by-line form reads, whatever the order of lists, turns and
  languages (sessions interleave);
- the evidence lines join kept heads with their markers: the same, over layer changes.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.compaction.layers import EvidenceItem, EvidenceLayer, StateLayer
from ctxengine.compaction.ledger import ConstraintEntry
from ctxengine.compaction.protection import ProtectionIndex, _TextIndex
from ctxengine.compaction.render import (
    ContextView,
    EvidenceSelection,
    _ago,
    _constraint_lines,
    _evidence_head,
    _markers,
    constraint_texts,
    evidence_texts,
)
from ctxengine.compaction.schema import Evidence, Language

# Short alphabets so values often do occur in the texts, in pieces and whole.
_CHARS = st.sampled_from(list("ab顺丰\x00 7"))
_WORDS = st.text(_CHARS, min_size=0, max_size=7)


def _plain_refers(value: str, texts: list[str]) -> bool:
    return bool(value) and any(value in t for t in texts)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.booleans(), _WORDS), max_size=25),
    st.lists(st.text(_CHARS, min_size=1, max_size=9), min_size=1, max_size=10),
)
def test_text_index_answers_as_searching_every_text(
    ops: list[tuple[bool, str]], values: list[str]
) -> None:
    """Texts come and go (the same text may be listed twice and leave once); every value is
    asked after every change."""
    index, texts = _TextIndex(), list[str]()
    for add, text in ops:
        if add or not texts:
            texts.append(text)
            index.add(text)
        else:
            gone = texts[hash(text) % len(texts)]
            texts.remove(gone)
            index.remove(gone)
        for value in values:
            assert index.refers(value) == _plain_refers(value, texts), (value, texts)


_item_op = st.one_of(
    st.tuples(st.just("item"), _WORDS),
    st.tuples(st.just("texts"), st.lists(_WORDS, max_size=5)),
    st.tuples(st.just("drop_text"), st.integers(0, 9)),
    st.tuples(st.just("forget"), st.integers(0, 9)),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_item_op, max_size=30))
def test_protection_index_protects_what_some_text_names(ops: list[tuple[str, Any]]) -> None:
    """Whatever the order of new items, new texts, texts dropped and items forgotten, the
    protected items are those whose value occurs in a current text."""
    index = ProtectionIndex()
    items: dict[str, EvidenceItem] = {}
    texts: list[str] = []
    for n, (op, arg) in enumerate(ops):
        if op == "item":
            eid = f"e{n}"
            items[eid] = EvidenceItem(id=eid, kind="id", value=arg, first_seen=0, last_seen=0)
        elif op == "texts":
            texts = texts + list(arg)
        elif op == "drop_text" and texts:
            texts = texts[: arg % len(texts)] + texts[arg % len(texts) + 1 :]
        elif op == "forget" and items:
            eid = list(items)[arg % len(items)]
            del items[eid]
            index.forget([eid])
        index.sync(items, texts)
        expected = {e.id for e in items.values() if _plain_refers(e.value, texts)}
        assert index.protected() == expected
        assert {e.id for e in index.free()} == set(items) - expected


def _plain_constraint_texts(view: ContextView, marked: bool) -> list[str]:
    """The constraints section written line by line, as it always was."""
    said: set[str] = set()
    out: list[str] = []
    for c in view.constraints:
        if c.text not in said:
            said.add(c.text)
            marker = _ago(view.current_turn - c.turn, view.language)
            out.append(f"- {c.text} {marker}" if marked else f"- {c.text}")
    return out


def _entry(n: int, text: str, turn: int) -> ConstraintEntry:
    return ConstraintEntry(
        id=f"c{n}", text=text, polarity="forbid", subject=text, norm_subject=text, turn=turn,
        last_turn=turn,
    )  # fmt: skip


_RULES = st.sampled_from(["不要用PDF", "never use PDF", "用顺丰", "", " 边 ", "x\ny"])
_constraint_op = st.one_of(
    st.tuples(st.just("rule"), st.tuples(st.integers(0, 3), _RULES, st.integers(0, 30))),
    st.tuples(st.just("drop"), st.tuples(st.integers(0, 3), st.integers(0, 9))),
    st.tuples(st.just("render"), st.tuples(st.integers(0, 3), st.integers(0, 40))),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_constraint_op, max_size=40), st.sampled_from(["zh", "en"]))
def test_kept_constraint_lines_read_as_written_line_by_line(
    ops: list[tuple[str, Any]], first: Language
) -> None:
    """Four sessions interleave, each rendering at turns that go back and forth, in both
    forms and languages; a rule added or dropped makes a new active list, as
    `Ledger.active` does."""
    active: list[list[ConstraintEntry]] = [[], [], [], []]
    lang: Language = first
    for n, (op, arg) in enumerate(ops):
        if op == "rule":
            s, text, turn = arg
            active[s] = [*active[s], _entry(n, text, turn)]
        elif op == "drop" and active[arg[0]]:
            s, i = arg
            active[s] = active[s][: i % len(active[s])] + active[s][i % len(active[s]) + 1 :]
        elif op == "render":
            s, cur = arg
            view = ContextView(current_turn=cur, language=lang, constraints=list(active[s]))
            for marked in (True, False):
                assert constraint_texts(view, marked=marked) == _plain_constraint_texts(
                    view, marked
                )
            lang = "en" if lang == "zh" else "zh"


def test_the_same_active_rules_are_written_from_kept_heads() -> None:
    """A new list holding the same entries (what `Ledger.active` returns per call) finds the
    heads worked out for the previous one; a changed list works them out anew."""
    rules = [_entry(1, "不要用PDF", 2), _entry(2, "用顺丰", 5), _entry(3, "不要用PDF", 6)]
    kept = _constraint_lines(rules)
    assert _constraint_lines(list(rules)) is kept
    assert kept.heads == ["- 不要用PDF", "- 用顺丰"]
    assert kept.texts(7, "zh") == ["- 不要用PDF [5轮前]", "- 用顺丰 [2轮前]"]
    assert kept.texts(8, "en") == ["- 不要用PDF [6 turns ago]", "- 用顺丰 [3 turns ago]"]
    longer = _constraint_lines([*rules, _entry(4, "never use PDF", 8), _entry(5, "用顺丰", 9)])
    assert longer is not kept
    assert longer.heads == ["- 不要用PDF", "- 用顺丰", "- never use PDF"]
    assert longer.texts(9, "en")[-1] == "- never use PDF [1 turn ago]"
    assert kept.heads == ["- 不要用PDF", "- 用顺丰"]  # extending copies: the shorter list's stay


@given(
    st.integers(-5, 60), st.lists(st.integers(0, 60), max_size=20), st.sampled_from(["zh", "en"])
)
def test_the_shared_marker_table_writes_what_ago_writes(
    current: int, turns: list[int], lang: Language
) -> None:
    """Turns ahead of the current one (a render for an earlier turn) read as this turn."""
    table = _markers(current, lang)
    assert [table[t] for t in turns] == [_ago(current - t, lang) for t in turns]
    assert _markers(current, lang) is table


def _plain_evidence_texts(view: ContextView) -> list[str]:
    """The evidence section written line by line, each head worked out anew."""
    out: list[str] = []
    for ev in view.evidence:
        # The user's word is unmarked, and so is the assistant repeating it; a tool's is named.
        mine = "user" in ev.sources
        src = next((s for s in ev.sources if s != "user" and not (mine and s == "assistant")), None)
        # A value a call passed is the latest call's.
        src = next((s for s in reversed(ev.sources) if s.startswith("call:")), src)
        head = _evidence_head(ev.kind, ev.field, ev.value, src, view.language)
        out.append(f"{head} {_ago(view.current_turn - ev.last_seen, view.language)}")
    return out


_evidence_op = st.one_of(
    st.tuples(
        st.just("add"),
        st.tuples(
            st.sampled_from(["id", "phone", "amount"]),
            st.sampled_from(["Q7", "蓝色", " pad ", "a\nb", "88元"]),
            st.sampled_from([None, "order.id"]),
            st.sampled_from(["user", "assistant", "tool:lookup", "call:lookup"]),
        ),
    ),
    st.tuples(st.just("touch"), st.integers(0, 9)),
    st.tuples(st.just("remove"), st.integers(0, 9)),
    st.tuples(st.just("turn"), st.integers(-3, 3)),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_evidence_op, max_size=30), st.sampled_from(["zh", "en"]))
def test_evidence_lines_from_kept_heads_read_as_written_line_by_line(
    ops: list[tuple[str, Any]], lang: Language
) -> None:
    """Items are added (a value seen again from another source changes its head), touched
    and removed between renders; turns move both ways."""
    state, evidence, kept = StateLayer(), EvidenceLayer(), EvidenceSelection()
    turn = 4
    for op, arg in ops:
        ids = list(evidence.items)
        if op == "add":
            kind, value, field, source = arg
            evidence.add(Evidence(kind=kind, value=value, field=field), turn, source)
        elif op == "touch" and ids:
            evidence.touch(ids[arg % len(ids)], turn + 1)
        elif op == "remove" and ids:
            evidence.remove([ids[arg % len(ids)]])
        elif op == "turn":
            turn = max(0, turn + arg)
        view = ContextView(current_turn=turn, language=lang)
        view.evidence = kept.select(state, evidence, 3)
        view.heads = kept.heads(lang)
        assert evidence_texts(view) == _plain_evidence_texts(view)
