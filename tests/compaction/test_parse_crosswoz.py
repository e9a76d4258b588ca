"""Real CrossWOZ turns: parsed slot values agree with the dataset's own dialog acts."""

from __future__ import annotations

import json
import re
import zipfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from ctxengine.compaction.ontology import load_builtin
from ctxengine.compaction.parse import parse_message
from ctxengine.messages import Message

ZIP = Path(__file__).resolve().parents[3] / "shared" / "data" / "crosswoz_test.json.zip"
pytestmark = pytest.mark.skipif(not ZIP.exists(), reason=f"CrossWOZ data not found at {ZIP}")
ONTO = load_builtin("crosswoz")


@cache
def dialogues() -> dict[str, Any]:
    with zipfile.ZipFile(ZIP) as z:
        data: dict[str, Any] = json.loads(z.read("test.json"))
    return dict(list(data.items())[:120])  # a fixed slice keeps the test fast


def turns(role: str) -> list[tuple[str, list[list[str]]]]:
    return [
        (m["content"], m.get("dialog_act", []))
        for d in dialogues().values()
        for m in d["messages"]
        if m["role"] == role
    ]


def test_user_slot_values_match_dialog_acts() -> None:
    agree = total = 0
    for text, acts in turns("usr"):
        informed = {(a[2], a[3]) for a in acts if a[0] == "Inform"}
        # CrossWOZ writes a facility as the slot "酒店设施-租车" with the value "是".
        informed |= {
            ("酒店设施", a[2].split("-", 1)[1]) for a in acts if a[2].startswith("酒店设施-")
        }
        # The annotation normalizes ranges ("150元到500元之间" -> "150-500元"); the parser keeps
        # the words said, so a value counts when the annotated one is spelt inside it.
        for u in parse_message(Message.user(text), turn=1, ontology=ONTO).updates:
            if u.value is None:
                continue
            total += 1
            agree += any(s == u.slot and (v == u.value or v in u.value) for s, v in informed)
    assert total >= 100
    # Precision of the rule path against the annotation (measured ≈ see report); a drop below
    # this means the slot rules started inventing values.
    assert agree / total >= 0.85


def test_system_phone_numbers_are_evidence() -> None:
    found = expected = 0
    for text, acts in turns("sys"):
        # Several numbers arrive as one annotated value ("010-62754070\xa0010-62756110").
        phones = {
            p
            for a in acts
            if a[2] == "电话"
            for p in re.split(r"[\s,、]+", a[3])
            if p[:1].isdigit()
        }
        if not phones:
            continue
        ev = {
            e.value for e in parse_message(Message.assistant(text), turn=1, ontology=ONTO).evidence
        }
        expected += len(phones)
        found += len(phones & ev)
    assert expected >= 20
    assert found == expected


LOOK_ALIKES = ("别的", "要不要", "不用谢", "不要紧", "用不用", "能不能", "只是", "只有")


def test_user_rules_never_come_from_look_alike_words() -> None:
    # CrossWOZ users do state preferences ("最好是评分4.5分以上", "别太贵了"); words that only
    # look like cues (别的景点, 要不要门票) must never become rules.
    found = [
        c
        for t, _ in turns("usr")
        for c in parse_message(Message.user(t), turn=1, ontology=ONTO).constraints
    ]
    assert found, "the slice has real preferences; none found means the cues broke"
    for c in found:
        at = c.text.find(c.cue)
        assert not any(w in c.text[max(0, at - 2) : at + len(c.cue) + 2] for w in LOOK_ALIKES), c


def test_domain_intents_follow_the_domain_named() -> None:
    p = parse_message(
        Message.user("你好，帮我找一个评分在4分以上的餐馆，谢谢。"), turn=1, ontology=ONTO
    )
    assert "find_restaurant" in [i.name for i in p.intents]
    (u,) = p.updates
    assert (u.entity, u.slot, u.value) == ("餐馆", "评分", "4分以上")


def test_absent_facility_is_never_set() -> None:
    """A system turn saying a hotel lacks a facility ("没有健身房", act value 否) never sets that
    facility as the hotel's value; one saying it has it ("是") still does, so the check bites."""
    absent = present = present_set = 0
    for text, acts in turns("sys"):
        facilities = {
            slot.split("-", 1)[1]: value
            for _intent, domain, slot, value in acts
            if domain == "酒店" and slot.startswith("酒店设施-")
        }
        if not facilities:
            continue
        values = {
            u.value or ""
            for u in parse_message(Message.assistant(text), turn=1, ontology=ONTO).updates
            if u.slot == "酒店设施"
        }
        for name, value in facilities.items():
            if name not in text:
                continue
            if value == "否":
                absent += 1
                assert not any(name in v for v in values), (text, values)
            elif value == "是":
                present += 1
                present_set += any(name in v for v in values)
    assert absent > 0 and present > 0
    assert present_set / present >= 0.5


@pytest.mark.parametrize("text", ["没有健身房。", "这家酒店无健身房。", "不提供健身房。"])
def test_negated_facility_mention_sets_nothing(text: str) -> None:
    updates = parse_message(Message.assistant(text), turn=1, ontology=ONTO).updates
    assert [u for u in updates if u.slot == "酒店设施"] == []
    positive = parse_message(Message.assistant("有健身房。"), turn=1, ontology=ONTO).updates
    assert any(u.slot == "酒店设施" and u.value == "健身房" for u in positive)


@pytest.mark.parametrize("slot", ["营业时间", "电话"])
def test_system_hours_and_phones_match_dialog_acts_whole(slot: str) -> None:
    """Opening hours with all their ranges and closing days, phone numbers without lead-ins
    ("您可以拨打…") or a colon: the annotated value, verbatim (≈97% on the slice)."""
    hit = total = 0
    for text, acts in turns("sys"):
        values = {a[3] for a in acts if a[0] == "Inform" and a[2] == slot and a[3] in text}
        if not values:
            continue
        parsed = parse_message(Message.assistant(text), turn=1, ontology=ONTO)
        total += len(values)
        hit += len(values & {u.value for u in parsed.updates if u.slot == slot})
    assert total >= 20
    assert hit / total >= 0.9


def test_names_are_typed_as_the_dialog_acts_type_them() -> None:
    """A name the annotation informs (名称 of 餐馆/酒店/景点) is parsed as that domain's, with no
    context: from its ending, a branch's stem, the kind word after it or the words around it
    (≈87% on the slice; ≈75% when every name ending in "店" was a restaurant's)."""
    agree = total = 0
    for role in ("usr", "sys"):
        for text, acts in turns(role):
            names = {a[3]: a[1] for a in acts if a[2] == "名称" and a[0] in ("Inform", "Recommend")}
            if not names:
                continue
            msg = Message.user(text) if role == "usr" else Message.assistant(text)
            for u in parse_message(msg, turn=1, ontology=ONTO).updates:
                if u.slot == "名称" and u.value in names:
                    total += 1
                    agree += u.entity == names[u.value]
    assert total >= 300
    assert agree / total >= 0.83
