"""SessionState end to end: the seed article's e-commerce session, conflicts, the hash chain,
persistence and isolation."""

from __future__ import annotations

import json
import re

import pytest

from ctxengine.compaction.audit import AuditChainError, find_divergence
from ctxengine.compaction.schema import Evidence, ParsedTurn
from ctxengine.compaction.state import CompactionInputError, SessionState

from ._turns import ADDRESS, assistant, ecommerce_turns, rule, tool, upd, user


def run(turns: list[ParsedTurn], session: str = "s1") -> SessionState:
    s = SessionState(session_id=session)
    for p in turns:
        s.apply(p)
    return s


def section(block: str, header: str) -> list[str]:
    lines = block.split("\n")
    start = lines.index(header) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("[")), len(lines))
    return lines[start:end]


def test_ecommerce_block_has_every_current_value_verbatim() -> None:
    s = run(ecommerce_turns())
    block = s.render(18, "zh")
    for value in ["iPhone 15 Pro", "512GB", ADDRESS, "IP15PRO2024", "张伟", "138****1234"]:
        assert value in block
    assert "暗紫色(DARK_PURPLE)" in block
    pending = section(block, "[待更新项]")
    assert "order.recipient=张伟 [本轮]" in pending
    assert "  旧值: 李娜 [9轮前]" in pending
    # The old recipient only ever appears on a history line, never as a current value.
    for line in block.split("\n"):
        if "李娜" in line:
            assert line.startswith("  旧值: ")
    assert not re.search(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}:\d{2}", block)  # no timestamps
    assert s.snapshot()["archived"]["order.recipient"] == ["李娜"]


def test_assistant_reply_moves_pending_into_current_state() -> None:
    s = run([*ecommerce_turns(), assistant(18)])
    block = s.render(18, "zh")
    assert "[待更新项]" not in block
    assert "order.recipient=张伟 [本轮]" in section(block, "[当前状态]")
    # A few turns later the old value is history only in the state, not in the block.
    s.apply(user(23, intent="chitchat"))
    assert "李娜" not in s.render(23)
    assert s.snapshot()["archived"]["order.recipient"] == ["李娜"]


def test_constraint_from_turn_5_survives_to_turn_40_through_a_reset() -> None:
    s = run([*ecommerce_turns(), assistant(18)])
    for turn in range(19, 41):
        s.apply(user(turn, intent="chitchat"))
        s.apply(assistant(turn))
    block = s.render(40, "zh")
    assert "- 不要显示价格 [35轮前]" in section(block, "[约束]")
    assert s.last_reset_turn == 26
    # The reset kept the core order id and every value the user stated; nothing the user said
    # was temporary, so the block still holds the product and the new recipient.
    assert s.core_values().slots["order.order_id"] == "SO20240615001"
    assert s.core_values().slots["order.recipient"] == "张伟"
    assert "order.order_id=SO20240615001" in block and "order.product=iPhone 15 Pro" in block
    assert s.intents.current is not None and s.intents.current.turn > 26  # intents were dropped


def test_shipping_conflict_is_recorded_later_wins() -> None:
    s = run(ecommerce_turns())
    [c] = [c for c in s.ledger.conflicts if c.kind == "constraint"]
    assert (c.earlier.text, c.earlier.turn, c.later.text, c.later.turn) == (
        "用顺丰",
        5,
        "不用顺丰",
        15,
    )
    assert c.resolution == "later_wins"
    assert s.snapshot()["constraints"]["用顺丰"] == "superseded"
    assert "- 顺丰: 「用顺丰」[13轮前] → 「不用顺丰」[3轮前]，以后者为准" in s.render(18, "zh")
    kinds = [e.kind for e in s.audit.events if e.turn == 15]
    assert kinds.count("conflict") == 1 and "constraint_status" in kinds
    assert any(e.kind == "policy" and e.data["policy"] == "fuse_context" for e in s.audit.events)


def test_keeps_earlier_flag_reinstates_the_first_rule() -> None:
    s = run([*ecommerce_turns()[:15], user(16, keeps_earlier=True)])
    assert [e.text for e in s.ledger.active() if "顺丰" in e.text] == ["用顺丰"]
    assert s.ledger.conflicts[-1].resolution == "earlier_stands"


def test_restating_the_original_with_cue_flips_the_conflict() -> None:
    back = user(16, constraints=[rule("还是按原来的，用顺丰", "require", "顺丰")])
    s = run([*ecommerce_turns()[:15], back])
    assert [e.text for e in s.ledger.active() if "顺丰" in e.text] == ["用顺丰"]
    assert [c.resolution for c in s.ledger.conflicts if c.kind == "constraint"] == [
        "earlier_stands"
    ]


def test_contradiction_with_cue_in_same_message_leaves_earlier_in_force() -> None:
    mixed = user(15, constraints=[rule("不用顺丰", "forbid", "顺丰")], keeps_earlier=True)
    s = run([*ecommerce_turns()[:14], mixed])
    assert s.snapshot()["constraints"] == {
        "不要显示价格": "active",
        "用顺丰": "active",
        "不用顺丰": "superseded",
    }


def test_revocation_removes_rule_from_block() -> None:
    s = run(ecommerce_turns())
    s.apply(user(19, constraints=[rule("可以显示价格了", "prefer", "价格", revokes=True)]))
    assert s.snapshot()["constraints"]["不要显示价格"] == "revoked"
    block = s.render(19)
    assert "不要显示价格" not in block and "- 可以显示价格了 [本轮]" in block
    ev = [e for e in s.audit.events if e.kind == "constraint_status" and e.turn == 19]
    assert ev[0].data["new"] == "revoked"


def test_implicit_slot_overwrite_is_a_shown_conflict_and_can_be_reverted() -> None:
    s = run([user(1, updates=[upd("city", "上海")]), assistant(1)])
    s.apply(user(2, updates=[upd("city", "北京")]))  # "set", not "change": a contradiction
    [c] = s.ledger.conflicts
    assert (c.kind, c.earlier.text, c.later.text, c.explicit) == ("slot", "上海", "北京", False)
    assert "「上海」" in s.render(2, "zh")
    s.apply(user(3, keeps_earlier=True))
    assert s.state.slots["order.city"].value == "上海"
    assert c.resolution == "earlier_stands" and len(s.ledger.conflicts) == 1


def test_explicit_change_is_recorded_but_not_shown_as_conflict() -> None:
    s = run(ecommerce_turns())
    slot_conflicts = [c for c in s.ledger.conflicts if c.kind == "slot"]
    assert {c.subject for c in slot_conflicts} == {"order.recipient", "order.phone"}
    assert all(c.explicit for c in slot_conflicts)
    assert "「李娜」" not in s.render(18)


def test_replicas_agree_and_divergence_is_located() -> None:
    turns = ecommerce_turns()
    a, b = run(turns), SessionState(session_id="s1")
    split = None
    for p in turns:
        if p.turn == 7 and p.role == "user":
            split = len(b.audit.events)
            p = p.model_copy(update={"updates": [upd("address", "上海市浦东新区")]})
        b.apply(p)
    assert split is not None
    rows_a = [(e.kind, e.turn, e.data) for e in a.audit.events]
    rows_b = [(e.kind, e.turn, e.data) for e in b.audit.events]
    first_diff = next(i for i, (x, y) in enumerate(zip(rows_a, rows_b, strict=False)) if x != y)
    assert first_diff > split  # the turn-7 intent event is the same on both replicas
    assert find_divergence(a.audit.hashes(), b.audit.hashes()) == first_diff
    assert find_divergence(a.audit.hashes(), run(turns).audit.hashes()) is None
    behind = a.audit.hashes()[:5]
    assert find_divergence(behind, a.audit.hashes()) == 5
    a.audit.verify()


def test_tampering_breaks_the_chain() -> None:
    s = run(ecommerce_turns())
    s.audit.events[3].data["new"] = "forged"
    with pytest.raises(AuditChainError, match="event 3"):
        s.audit.verify()


def test_round_trip_through_json_is_exact_and_keeps_working() -> None:
    s = run(ecommerce_turns())
    data = json.loads(json.dumps(s.to_dict(), ensure_ascii=False))
    r = SessionState.from_dict(data)
    assert r == s
    nxt = user(19, updates=[upd("memory", "1TB", op="change")])
    s.apply(nxt)
    r.apply(nxt)
    assert r.audit.chain_head == s.audit.chain_head and r == s


def test_sessions_share_nothing() -> None:
    a, b = SessionState(session_id="a"), SessionState(session_id="b")
    a.config.core_slots.append("recipient")
    for p in ecommerce_turns():
        a.apply(p)
    assert b == SessionState(session_id="b")
    assert "recipient" not in b.config.core_slots
    assert b.render(18) == ""


def test_tool_results_are_evidence_with_source() -> None:
    s = run(ecommerce_turns())
    [item] = [i for i in s.evidence.items.values() if i.kind == "order_id"]
    assert item.sources == ["tool:create_order"] and item.field == "order_id"


def test_subtask_evidence_goes_through_add_evidence() -> None:
    s = SessionState()
    item = s.add_evidence(Evidence(kind="flight", value="CA1501"), 3, "subtask:x")
    assert s.audit.events[-1].data["items"] == [
        {"id": item.id, "kind": "flight", "value": "CA1501"}
    ]


def test_a_message_s_new_evidence_is_one_audit_event() -> None:
    s = SessionState()
    fields = [
        Evidence(kind="field", field=f"f{i}", value=f"v{i}", source="tool:x") for i in range(40)
    ]
    events = s.apply(ParsedTurn(turn=1, role="tool", language="en", evidence=fields))
    [ev] = [e for e in events if e.kind == "evidence"]
    assert [i["value"] for i in ev.data["items"]] == [f"v{i}" for i in range(40)]
    # Evidence already known adds nothing, not even an empty event.
    again = s.apply(ParsedTurn(turn=1, role="tool", language="en", evidence=fields[:3]))
    assert [e for e in again if e.kind == "evidence"] == []


def test_bad_turns_give_one_line_errors() -> None:
    s = run([user(5)])
    with pytest.raises(CompactionInputError, match=r"turn 3 of session 's1' arrives after turn 5"):
        s.apply(user(3))
    with pytest.raises(CompactionInputError, match="must be >= 1"):
        s.apply(tool(0))


def test_forbid_rule_against_a_set_value_is_a_conflict_and_reversible() -> None:
    s = run([user(5, updates=[upd("shipping", "顺丰", raw="用顺丰")]), assistant(5)])
    s.apply(user(15, constraints=[rule("不用顺丰", "forbid", "顺丰")]))
    [c] = s.ledger.conflicts
    assert (c.kind, c.earlier.text, c.earlier.turn, c.later.text) == (
        "slot_rule",
        "顺丰",
        5,
        "不用顺丰",
    )
    assert "order.shipping" not in s.state.slots
    assert "「顺丰」[10轮前] → 「不用顺丰」[本轮]" in s.render(15, "zh")
    s.apply(user(16, keeps_earlier=True))
    assert s.state.slots["order.shipping"].value == "顺丰"
    assert s.snapshot()["constraints"]["不用顺丰"] == "superseded"


def test_end_to_end_with_the_rule_parser() -> None:
    from ctxengine.compaction.ontology import load_builtin
    from ctxengine.compaction.parse import parse_history
    from ctxengine.messages import Message

    from ._turns import USER_TEXT

    msgs = []
    for turn in range(1, 19):
        msgs.append(Message.user(USER_TEXT.get(turn, "嗯")))
        if turn < 18:
            msgs.append(Message.assistant("好的，已记录。"))
    s = run(parse_history(msgs, ontology=load_builtin("ecommerce")), "e2e")
    block = s.render(18, "zh")
    lines = block.split("\n")
    for key, v in s.state.slots.items():
        assert v.value in block
        assert sum(ln.startswith(f"{key}=") for ln in lines) == 1
    evidence = section(block, "[证据]") if "[证据]" in lines else []
    for a in s.state.archive:
        cur = s.state.slots.get(a.key)
        if cur is None or cur.value != a.value:
            assert not any(ln.startswith(f"{a.key}={a.value}") for ln in lines)
            assert not any(f": {a.value} " in ln for ln in evidence)
    assert "- 不要显示价格 [13轮前]" in lines
    assert any(c.later.text == "不用顺丰" for c in s.ledger.conflicts)
    assert "张伟" in block and "138****1234" in block
