"""The CONTEXT block: sections, languages, relative time, verbatim values, leanness, and the
invariants that no archived value is ever shown as current and no active rule is ever lost."""

from __future__ import annotations

import json
from typing import Literal

from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.compaction.render import HEADERS, ago, build_view, fmt, slot_display
from ctxengine.compaction.schema import Evidence, ParsedTurn
from ctxengine.compaction.state import SessionState
from ctxengine.tokens import TokenCounter

from ._turns import USER_TEXT, Polarity, assistant, ecommerce_turns, rule, upd, user


def test_empty_state_renders_nothing() -> None:
    assert SessionState().render(1, "zh") == ""


def test_headers_follow_the_language() -> None:
    s = SessionState()
    for p in ecommerce_turns():
        s.apply(p)
    zh, en = s.render(18, "zh"), s.render(18, "en")
    for key in ("intent", "state", "pending", "constraints", "conflicts"):
        assert HEADERS["zh"][key] in zh and HEADERS["en"][key] in en
        assert HEADERS["en"][key] not in zh
    assert "[Evidence]" not in en  # every evidence value is already a slot value
    assert "was: 李娜" in en and "later wins" in en


def test_relative_markers() -> None:
    assert ago(18, 18, "zh") == "[本轮]" and ago(15, 18, "zh") == "[3轮前]"
    assert ago(18, 18, "en") == "[this turn]"
    assert ago(17, 18, "en") == "[1 turn ago]" and ago(15, 18, "en") == "[3 turns ago]"


def test_values_that_would_break_a_line_are_json_literals() -> None:
    for value in ["a\nb", " padded", ""]:
        assert json.loads(fmt(value)) == value
    assert fmt("北京市 朝阳区") == "北京市 朝阳区"


def test_evidence_section_lists_tool_fields_with_source() -> None:
    s = SessionState()
    s.apply(user(1, lang="en", intent="query"))
    s.apply(
        ParsedTurn(
            turn=1,
            role="tool",
            evidence=[
                {"kind": "flight", "value": "CA1501", "field": "flight_no", "source": "tool:search"}
            ],
        )
    )
    assert "- flight.flight_no: CA1501 (tool:search) [this turn]" in s.render(1).split("\n")


def test_evidence_inside_a_value_the_block_shows_is_not_repeated() -> None:
    s = SessionState()
    s.apply(
        user(
            1,
            updates=[upd("营业时间", "周一至周五 09:00-18:00", entity="店铺")],
            evidence=[
                Evidence(kind="time", value="09:00-18:00", source="assistant"),
                Evidence(kind="time", value="19:30", source="assistant"),
            ],
        )
    )
    block = s.render(1, "zh")
    assert "店铺.营业时间=周一至周五 09:00-18:00" in block
    assert "- time: 09:00-18:00" not in block  # a piece of the value above
    assert "- 时间: 19:30 (助手) [本轮]" in block.split("\n")  # said nowhere else


def test_block_is_leaner_than_json_state() -> None:
    s = SessionState()
    for p in ecommerce_turns():
        s.apply(p)
    counter = TokenCounter()
    block = counter.count(s.render(18, "zh"))
    as_json = counter.count(json.dumps(s.snapshot(), ensure_ascii=False))
    # The block carries more than the raw user text (structure, anchors, history) but is
    # well under a plain JSON dump of the same state.
    assert block < as_json
    assert counter.count("\n".join(USER_TEXT.values())) < block


POLARITIES: list[Polarity] = ["forbid", "require", "only", "prefer"]
KEYS = ["order.color", "order.city", "order.memory", "user.name"]
values = st.text(min_size=0, max_size=8)


@st.composite
def sessions(draw: st.DrawFn) -> list[ParsedTurn]:
    out: list[ParsedTurn] = []
    for turn in range(1, draw(st.integers(1, 12)) + 1):
        kind = draw(st.sampled_from(["set", "change", "remove", "rule", "revoke", "reply"]))
        key = draw(st.sampled_from(KEYS))
        entity, _, slot = key.partition(".")
        subject = draw(st.sampled_from(["价格", "顺丰", "pdf"]))
        text = draw(st.text(min_size=1, max_size=10).filter(lambda t: "\n" not in t))
        if kind in ("set", "change"):
            enum = draw(st.none() | st.sampled_from(["DARK_PURPLE", "BLUE"]))
            op: Literal["set", "change"] = "set" if kind == "set" else "change"
            u = upd(slot, draw(values), entity=entity, op=op, enum=enum)
            # The same string often arrives as evidence too; it must not resurface once stale.
            ev = [Evidence(kind=slot, value=u.value or "")] if draw(st.booleans()) else []
            out.append(user(turn, updates=[u], evidence=ev))
        elif kind == "remove":
            out.append(user(turn, updates=[upd(slot, None, entity=entity, op="remove")]))
        elif kind in ("rule", "revoke"):
            polarity = draw(st.sampled_from(POLARITIES))
            c = rule(text, polarity, subject, revokes=kind == "revoke")
            out.append(user(turn, constraints=[c], keeps_earlier=draw(st.booleans())))
        else:
            out.append(user(turn, confirm=draw(st.booleans())))
            out.append(assistant(turn))
    return out


@settings(max_examples=150, deadline=None)
@given(sessions(), st.sampled_from(["zh", "en"]))
def test_no_archived_value_shown_as_current_and_no_active_rule_lost(
    turns: list[ParsedTurn], language: str
) -> None:
    s = SessionState()
    for p in turns:
        s.apply(p)
    block = s.render(s.last_turn, "zh" if language == "zh" else "en")
    lines = block.split("\n")
    for key in KEYS:
        shown = [ln[len(key) + 1 :] for ln in lines if ln.startswith(key + "=")]
        current = s.state.slots.get(key)
        if current is None:
            assert shown == []
            continue
        # Exactly one current line, and it shows the current value, so no archived one.
        [line] = shown
        display = slot_display(current)
        assert line.startswith(display)
        assert line[len(display) :] == "" or line[len(display) :].startswith(" [")
        for old in s.state.history(key):
            if old.value != current.value:
                assert slot_display(old) != line[: len(display)]
    for c in s.ledger.active():
        # (A lift for its turn only, "No need to do X anymore", is used up once it has passed.)
        assert c.text in block or (c.once and c.last_turn < s.last_turn)
    view = build_view(
        intents=s.intents,
        state=s.state,
        evidence=s.evidence,
        ledger=s.ledger,
        current_turn=s.last_turn,
        language="en",
        last_user_turn=s.last_user_turn,
        options=s.config.render_options(),
    )
    now = {v.value for v in s.state.slots.values()}
    stale = {a.value for a in s.state.archive} - now
    assert not stale & {e.value for e in view.evidence}
