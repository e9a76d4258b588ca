"""The incremental indexes of the per-message path equal a from-scratch recomputation.

Each index (the parse context window, the evidence protection split, the ledger's active
entries, the archive index, the audit hash built from one JSON encoding) is checked against
the straightforward computation it replaced, on random inputs and on a long generated session
replayed twice: once as the engine runs it, once with every cache wiped and the original
protection/eviction code, comparing the rendered block and `to_dict()` after every message.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.compaction.audit import AuditLog
from ctxengine.compaction.distiller import event_dict
from ctxengine.compaction.layers import EvidenceItem, refers_to
from ctxengine.compaction.memo import Memo
from ctxengine.compaction.ontology import load_builtin
from ctxengine.compaction.parse import parse_history
from ctxengine.compaction.protection import ProtectionIndex
from ctxengine.compaction.references import ParseContext, RecentWindow, _latest_of_kind
from ctxengine.compaction.render import fmt
from ctxengine.compaction.schema import Evidence, ParsedTurn, SlotUpdate
from ctxengine.compaction.state import EVICT_BATCH_SHARE, CompactionConfig, SessionState
from ctxengine.messages import Message, ToolCallPart

# --- the parse context window ----------------------------------------------------------------

_KINDS = ["order_id", "chart", "format", "phone", "tool_x"]
_evidence = st.builds(
    Evidence,
    kind=st.sampled_from(_KINDS),
    value=st.sampled_from(["A1", "B2", "C3", "x"]),
    source=st.sampled_from(["user", "assistant", "tool:get_order", "tool:read"]),
)
_update = st.builds(
    SlotUpdate,
    entity=st.sampled_from(["order", "task"]),
    slot=st.sampled_from(["format", "color", "recipient"]),
    value=st.one_of(st.none(), st.sampled_from(["EXCEL", "pdf", "蓝色"])),
    enum=st.one_of(st.none(), st.just("XLSX")),
)
_turn = st.builds(
    ParsedTurn,
    turn=st.just(1),
    role=st.sampled_from(["user", "assistant", "tool"]),
    evidence=st.lists(_evidence, max_size=4),
    updates=st.lists(_update, max_size=2),
    entities=st.lists(st.sampled_from(["order:A1", "chart:c1", "hotel:h2"]), max_size=2),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_turn, max_size=12), st.integers(1, 5), st.sampled_from([None, "get_order"]))
def test_recent_window_equals_a_context_rebuilt_from_the_last_turns(
    turns: list[ParsedTurn], size: int, tool_name: str | None
) -> None:
    window = RecentWindow(size)
    for i, t in enumerate(turns):
        window.append(t)
        got = window.context(tool_name=tool_name)
        want = ParseContext.from_turns(turns[max(0, i + 1 - size) : i + 1], tool_name=tool_name)
        assert tuple(got.recent) == tuple(want.recent)
        assert list(reversed(got.recent)) == list(reversed(want.recent))
        assert len(got.recent) == len(want.recent)
        assert [got.recent[k] for k in range(-len(want.recent), len(want.recent))] == [
            want.recent[k] for k in range(-len(want.recent), len(want.recent))
        ]
        assert got == want  # every field, the view compared as a sequence
        for kind in [*_KINDS, "recipient", "order", "missing"]:
            assert _latest_of_kind(got.recent, kind) == _latest_of_kind(want.recent, kind)


# --- the protection split --------------------------------------------------------------------

_values = st.sampled_from(["A1", "A", "1", "", "B\x00C", "张伟", "顺丰", "x y"])
_texts = st.sampled_from(["order A1", "不要用顺丰", "B\x00C", "张伟", "x", "1 x y", ""])
_op = st.one_of(
    st.tuples(st.just("add"), _values),
    st.tuples(st.just("del"), st.integers(0, 20)),
    st.tuples(st.just("del_silently"), st.integers(0, 20)),
    st.tuples(st.just("text+"), _texts),
    st.tuples(st.just("text-"), st.integers(0, 20)),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_op, max_size=40))
def test_protection_index_equals_checking_every_item_against_every_text(
    ops: list[tuple[str, Any]],
) -> None:
    items: dict[str, EvidenceItem] = {}
    texts: list[str] = []
    index = ProtectionIndex()
    for n, (op, arg) in enumerate(ops):
        if op == "add":
            eid = f"ev{n}"
            items[eid] = EvidenceItem(id=eid, kind="k", value=arg, first_seen=n, last_seen=n)
        elif op in ("del", "del_silently") and items:
            eid = list(items)[arg % len(items)]
            del items[eid]
            if op == "del":
                index.forget([eid])
        elif op == "text+":
            texts.append(arg)
        elif op == "text-" and texts:
            texts.pop(arg % len(texts))
        index.sync(items, texts)
        want = {i.id for i in items.values() if refers_to(i, texts)}
        assert index.protected() == want
        assert {i.id for i in index.free()} == set(items) - want


# --- the audit chain -------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["evidence", "conflict", "状态"]),
            st.integers(0, 10**6),
            st.dictionaries(
                st.text(max_size=5),
                st.one_of(st.integers(), st.floats(allow_nan=False), st.text(max_size=8)),
                max_size=4,
            ),
        ),
        max_size=6,
    )
)
def test_audit_hash_is_the_sha256_of_the_canonical_event(
    events: list[tuple[str, int, dict[str, Any]]],
) -> None:
    log = AuditLog()
    prev = log.chain_head
    for kind, turn, data in events:
        ev = log.append(kind, turn, data)
        body = json.dumps(
            {"seq": ev.seq, "kind": kind, "turn": turn, "data": ev.data},
            sort_keys=True,
            ensure_ascii=False,
            separators=(",", ":"),
        )
        assert ev.hash == hashlib.sha256((prev + body).encode("utf-8")).hexdigest()
        assert event_dict(ev) == ev.model_dump(mode="json")
        prev = ev.hash
    log.verify()


# --- a long session, with and without the caches ---------------------------------------------

_ZH_USER = [
    "订单 {oid} 的收货人改成{name}",
    "不要显示价格",
    "可以显示价格了",
    "用顺丰",
    "不用顺丰",
    "还是按原来的，用顺丰",
    "颜色要暗紫色",
    "刚才的订单到哪了？",
    "好的",
    "重新开始",
    "别忘了开发票，订单 {oid}",
]
_EN_USER = [
    "Change the recipient of order {oid} to {name}",
    "Never use store credit for {oid}",
    "Make sure the refund for {oid} goes to the original card",
    "you can show prices again",
    "make it blue",
    "what about that order?",
    "ok",
    "Don't show prices",
]
_NAMES = ["张伟", "李娜", "Alice", "Bob"]


def _session(seed: int, turns: int) -> list[Message]:
    rng = random.Random(seed)
    out: list[Message] = []
    for t in range(turns):
        oid = f"A{rng.randint(100, 130)}"
        pool = _ZH_USER if rng.random() < 0.5 else _EN_USER
        out.append(Message.user(rng.choice(pool).format(oid=oid, name=rng.choice(_NAMES))))
        if rng.random() < 0.6:
            call = ToolCallPart(id=f"c{t}", name="get_order", arguments=json.dumps({"id": oid}))
            out.append(Message.assistant(tool_calls=[call]))
            rows = [
                {"order_id": f"A{rng.randint(100, 130)}", "price": rng.randint(1, 999), "n": k}
                for k in range(rng.randint(1, 12))
            ]
            out.append(Message.tool(f"c{t}", json.dumps({"orders": rows})))
        out.append(Message.assistant(f"Order {oid} is on its way, ¥{rng.randint(1, 99)}.00."))
    return out


def _protected_from_scratch(s: SessionState, only_core: bool = False) -> set[str]:
    slots = [v for v in s.state.slots.values() if not only_core or s._is_core(v.key)]
    texts = [v.value for v in slots] + [v.raw for v in slots if v.raw]
    texts += [c.text for c in s.ledger.entries if c.status == "active"]
    return {i.id for i in s.evidence.items.values() if refers_to(i, texts)}


class _FromScratch(SessionState):
    """The original protection and eviction: every item against every text, every message."""

    def _protected(self, only_core: bool = False) -> set[str]:
        return _protected_from_scratch(self, only_core)

    def _evict(self, turn: int) -> None:
        cap = self.config.evidence_max_items
        gone = self.evidence.evict(cap, self._protected(), down_to=cap - cap // EVICT_BATCH_SHARE)
        if gone:
            self.record("compaction", turn, {"what": "evidence", "evicted": [e.id for e in gone]})


def _summary_from_scratch(s: SessionState, start: int, end: int) -> str:
    final: dict[str, str | None] = {}
    for t in s.state.transitions:
        if start <= t.turn <= end:
            final[t.slot] = t.new
    parts = [f"{k}={fmt(v)}" for k, v in final.items() if v is not None]
    parts += [f"{k}=∅" for k, v in final.items() if v is None]
    said = [e for e in s.ledger.entries if start <= e.turn <= end]
    lifted = [
        e
        for e in s.ledger.entries
        if e.turn < start and e.status_turn is not None and start <= e.status_turn <= end
    ]
    parts += [e.text if e.status == "active" else f"{e.text} [{e.status}]" for e in said + lifted]
    held = "; ".join(parts)
    parts += [
        f"{i.kind}={i.value}"
        for i in s.evidence.items.values()
        if start <= i.first_seen <= end
        and any(not src.startswith("tool") for src in i.sources)
        and i.value not in held
    ]
    return "; ".join(parts)


def _wipe_caches(s: SessionState) -> None:
    for owner in (s, s.ledger, s.state):
        owner._memo = Memo()


def test_a_long_session_renders_and_serializes_the_same_without_the_caches() -> None:
    parsed = parse_history(_session(7, 160), ontology=load_builtin("ecommerce"))
    config = CompactionConfig(evidence_max_items=12, reset_after_turns=40)
    fast = SessionState(session_id="s", config=config)
    slow = _FromScratch(session_id="s", config=config)
    for p in parsed:
        fast.apply(p)
        _wipe_caches(slow)
        slow.apply(p)
        _wipe_caches(slow)
        for lang in ("zh", "en"):
            assert fast.render(p.turn, lang) == slow.render(p.turn, lang)
        assert fast.to_dict() == slow.to_dict()
        assert fast.audit.chain_head == slow.audit.chain_head
        assert fast._protected() == _protected_from_scratch(fast)
        assert fast.ledger.active() == [e for e in fast.ledger.entries if e.status == "active"]
        for key in {*fast.state.slots, *(a.key for a in fast.state.archive)}:
            hist = fast.state.history(key)
            assert fast.state.previous(key) == (hist[-1] if hist else None)
    last = fast.last_turn
    for start in range(1, last + 1, 7):
        for end in (start, start + 5, last):
            assert fast.summary_line(start, end) == _summary_from_scratch(fast, start, end)
    # The session exercised what the caches cover.
    assert fast.state.archive and fast.ledger.entries and fast.ledger.conflicts
    assert any(e.status != "active" for e in fast.ledger.entries)
    assert len(fast.evidence.items) > config.evidence_max_items  # protected ones stay
    assert fast == SessionState.from_dict(fast.to_dict())
