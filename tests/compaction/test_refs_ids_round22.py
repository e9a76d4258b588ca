"""Second review round, look-alikes of the defects fixed in references, identifiers and the
block's lines: each family read right, and the near-misses that must not be taken."""

from __future__ import annotations

import pytest

from ctxengine.compaction.parse import parse_history
from ctxengine.messages import Message

_OFFER = (
    "Options: 1) Dr. Helen Okafor, Tue May 6; 2) Dr. Mei Tanaka, Thu May 8; "
    "3) Dr. Sara Lindqvist, Mon May 12."
)


def _names(said: str, offer: str = _OFFER) -> list[str]:
    """The `name` values the user's reply to `offer` sets."""
    msgs = [Message.user("Find me a dermatologist."), Message.assistant(offer), Message.user(said)]
    turn = parse_history(msgs)[-1]
    return [u.value or "" for u in turn.updates if u.slot == "name"]


# ---------------------------------------------------------------- a move to an item picks it


@pytest.mark.parametrize(
    "said, name",
    [
        ("Can you move it to the first one instead?", "Dr. Helen Okafor"),
        ("Please move the appointment to the third one.", "Dr. Sara Lindqvist"),
        ("Switch it to the second one.", "Dr. Mei Tanaka"),
        ("Change my booking to the last one.", "Dr. Sara Lindqvist"),
        ("Could you reschedule it to the first option?", "Dr. Helen Okafor"),
        ("Let's move it over to the second one then.", "Dr. Mei Tanaka"),
    ],
)
def test_move_to_item_picks_it(said: str, name: str) -> None:
    assert _names(said) == [name]


@pytest.mark.parametrize(
    "said",
    [
        "Don't move it to the first one.",
        "Can you tell me about the first one?",
        "Move the first one up a week.",
        "Is the second one closer?",
        "Delete the third one.",
        "Should I move it to the first one or the second one?",
    ],
)
def test_move_near_misses_pick_nothing(said: str) -> None:
    assert _names(said) == []


# ---------------------------------------------------------------- two items picked together

_ORDER = (
    "The order has: 1. Anker 737 Power Bank ($89.99), 2. Logitech MX Keys S ($109.99), "
    "3. USB-C Cable 2-pack ($12.99). Which ones?"
)


@pytest.mark.parametrize(
    "said, want",
    [
        ("The first and the third.", ["Anker 737 Power Bank", "USB-C Cable 2-pack"]),
        ("The first and third.", ["Anker 737 Power Bank", "USB-C Cable 2-pack"]),
        ("Return the second and the third one.", ["Logitech MX Keys S", "USB-C Cable 2-pack"]),
        ("I want the first and the last.", ["Anker 737 Power Bank", "USB-C Cable 2-pack"]),
        ("The second & third, please.", ["Logitech MX Keys S", "USB-C Cable 2-pack"]),
        ("Take the first one and the second one.", ["Anker 737 Power Bank", "Logitech MX Keys S"]),
    ],
)
def test_two_ordinals_pick_both(said: str, want: list[str]) -> None:
    (value,) = _names(said, _ORDER)
    assert all(w in value for w in want)
    assert "Logitech" in value or "Logitech" not in " ".join(want)


@pytest.mark.parametrize(
    "said",
    [
        "The first or the third?",
        "Is the first or third cheaper?",
        "Not the first and not the third.",
        "What's the difference between the first and the third?",
        "The first and only time I ordered.",
    ],
)
def test_two_ordinals_near_misses_pick_nothing(said: str) -> None:
    assert _names(said, _ORDER) == []


# ---------------------------------------------------------------- identifiers a user names


def _spans(text: str) -> list[tuple[str, str]]:
    from ctxengine.compaction.patterns import find_spans

    return [(s.kind, s.value) for s in find_spans(text)]


@pytest.mark.parametrize(
    "said, kind, value",
    [
        ("Logs on ip-10-42-5-201.ec2.internal then.", "host", "ip-10-42-5-201.ec2.internal"),
        ("Restart pgbouncer on db-proxy-2.", "host", "db-proxy-2"),
        ("Drain web-3 first.", "host", "web-3"),
        ("ssh into api-gw-12 and check.", "host", "api-gw-12"),
        ("Look at kafka-broker-1.svc.cluster.local.", "host", "kafka-broker-1.svc.cluster.local"),
        ("登录 redis-2 看一下内存。", "host", "redis-2"),
        ("Quote FXQ-9f3a21 looks fine.", "code", "FXQ-9f3a21"),
        ("Incident INC-20931 is closed.", "code", "INC-20931"),
        ("报价单 QT-7a2b9 可以。", "code", "QT-7a2b9"),
        ("In clause 7.2, cap liability at 1x fees.", "clause", "clause 7.2"),
        ("Section 12.3(b) needs a carve-out.", "clause", "Section 12.3(b)"),
        ("Strike Article 9 entirely.", "clause", "Article 9"),
        ("第5.3条违约金写成一个月租金。", "clause", "第5.3条"),
        ("Draft an agreement between Halden Analytics LLC and us.", "org", "Halden Analytics LLC"),
        ("The vendor is Brightline Data Inc.", "org", "Brightline Data Inc."),
        ("Send it to Nordvik Holdings GmbH today.", "org", "Nordvik Holdings GmbH"),
        ("出租方是上海恒远置业有限公司。", "org", "上海恒远置业有限公司"),
        ("合同由北京星河科技股份有限公司签署。", "org", "北京星河科技股份有限公司"),
        ("现在发到 #trade-oncall 频道。", "channel", "#trade-oncall"),
        ("Post it in #release-notes.", "channel", "#release-notes"),
        ("Ping #sre_pager now.", "channel", "#sre_pager"),
        ("房屋在浦东新区锦绣路1888弄12号1502室。", "address", "浦东新区锦绣路1888弄12号1502室"),
        ("送到南京西路288号3楼。", "address", "南京西路288号3楼"),
        ("地址：朝阳区建国路88号2号楼1201室", "address", "朝阳区建国路88号2号楼1201室"),
    ],
)
def test_user_identifier_shapes(said: str, kind: str, value: str) -> None:
    assert (kind, value) in _spans(said)


@pytest.mark.parametrize(
    "said, kind",
    [
        ("The covid-19 rules changed.", "host"),
        ("A top-10 list.", "host"),
        ("It runs on GPT-4 now.", "code"),
        ("Read the section about fees.", "clause"),
        ("#include <stdio.h>", "channel"),
        ("See issue #123.", "channel"),
        ("# Heading", "channel"),
        ("我知道这家公司不错。", "org"),
        ("他说路上堵车了。", "address"),
        ("我知道5号要交。", "address"),
        ("逛街3号那天去。", "address"),
        ("The inc. total was fine.", "org"),
    ],
)
def test_identifier_near_misses(said: str, kind: str) -> None:
    assert all(k != kind for k, _ in _spans(said))


@pytest.mark.parametrize(
    "said, value",
    [
        ("at com.acme.OrderCache.load(OrderCache.java:212)", "OrderCache.java:212"),
        ('File "app/main.py", line 3', "app/main.py"),
        ("see src/server.ts:48:7 for the throw", "src/server.ts:48:7"),
        ("错误在 utils.go:91 这一行", "utils.go:91"),
        ("handler.rb:17:in `call'", "handler.rb:17"),
        ("config.yaml: key missing", "config.yaml"),
    ],
)
def test_file_keeps_its_line(said: str, value: str) -> None:
    assert ("path", value) in _spans(said)


# ---------------------------------------------------------------- a thousands comma ends nothing


def _rules(said: str) -> list[tuple[str, str]]:
    return [(c.text, c.subject) for c in parse_history([Message.user(said)])[-1].constraints]


@pytest.mark.parametrize(
    "said, amount",
    [
        ("Keep the total under $45,000.", "$45,000"),
        ("Keep it under 1,500 words, please.", "1,500"),
        ("Keep the budget below €12,500 for the kitchen.", "€12,500"),
        ("Never spend more than $3,000, ok?", "$3,000"),
        ("Keep the loan under $1,250,000.", "$1,250,000"),
        ("Keep the rent below £2,400 a month.", "£2,400"),
    ],
)
def test_rule_keeps_thousands(said: str, amount: str) -> None:
    rules = _rules(said)
    assert rules and all(amount in text and amount in subject for text, subject in rules)


@pytest.mark.parametrize(
    "said, cut",
    [
        # a comma and a space, or a comma before other than three digits, still ends a clause
        ("Keep the total under $45, not more.", "not more"),
        ("Keep it under 45,00 words, ok.", "ok"),
    ],
)
def test_rule_comma_still_ends_clause(said: str, cut: str) -> None:
    assert all(cut not in subject for _, subject in _rules(said)[:1])


# ---------------------------------------------------------------- Chinese keys of a block


def _zh_block(*said: str) -> str:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1]))
    from _review_harness import block

    return block(*said)


def _state_of(text: str) -> list[str]:
    from _review_harness import current_lines

    return current_lines(text)


@pytest.mark.parametrize(
    "first, then, key, value",
    [
        ("把 JVM 堆从 2g 调到 3g。", "不，改成 4g 吧，3g 不够。", "JVM 堆", "4g"),
        ("帮我把 Pod 内存从 512Mi 调到 1Gi。", "不，改成 2Gi。", "Pod 内存", "2Gi"),
        ("把 nginx 的 worker 数从 4 调成 8。", "好的就这样。", "worker 数", "8"),
        ("把 Kafka 分区从 6 调到 12。", "好的就这样。", "Kafka 分区", "12"),
        ("把副本数从 2 改为 3。", "好的就这样。", "副本数", "3"),
        ("把 Nginx 超时从 30s 调成 60s。", "好的就这样。", "Nginx 超时", "60s"),
    ],
)
def test_zh_thing_from_a_to_b_names_key(first: str, then: str, key: str, value: str) -> None:
    text = _zh_block(first, "好的。", then, "好的。", "继续。")
    assert "unspecified" not in text
    assert any(f"{key}={value}" in line for line in _state_of(text))


@pytest.mark.parametrize(
    "said",
    ["别把 JVM 堆从 2g 调到 3g。", "我从北京调到上海工作了。", "他从 2019 年调到研发部。"],
)
def test_zh_from_a_to_b_near_misses(said: str) -> None:
    text = _zh_block(said, "好的。", "继续。")
    assert not any("JVM 堆" in line or "北京" in line for line in _state_of(text))


def test_zh_unspecified_key_written_in_chinese() -> None:
    text = _zh_block("把超时时间从 30s 改成 60s。", "好的。", "不，改成 90s。", "好的。", "继续。")
    assert "unspecified" not in text


@pytest.mark.parametrize(
    "said, part, thing",
    [
        ("第5.3条违约金改成两个月租金。", "第5.3条", "违约金"),
        ("第7条付款期限改成30天。", "第7条", "付款期限"),
        ("第12.1条保证金改为三个月租金。", "第12.1条", "保证金"),
        ("3.2款赔偿上限调到50万元。", "3.2款", "赔偿上限"),
        ("第8条租金递增改成每年3%。", "第8条", "租金递增"),
        ("第2.4.1条通知方式改成邮件。", "第2.4.1条", "通知方式"),
    ],
)
def test_zh_clause_number_names_the_part(said: str, part: str, thing: str) -> None:
    lines = _state_of(_zh_block(said, "好的。", "继续。"))
    assert any(line.startswith(f"{part}.{thing}=") for line in lines), lines


@pytest.mark.parametrize(
    "said",
    ["3个房间改成单人间。", "两条裤子换成黑色。", "第二个方案改成A。"],
)
def test_zh_counted_things_are_no_clause(said: str) -> None:
    lines = _state_of(_zh_block(said, "好的。", "继续。"))
    assert not any(line.startswith(("3个", "两条", "第二个.")) for line in lines)


@pytest.mark.parametrize(
    "said",
    [
        "好的，所有金额大小写并列。",
        "金额大小写要统一。",
        "注意大小写要一致。",
        "英文名大小写写对。",
        "大小姐要来了。",
        "密码大小写敏感，填的时候注意。",
    ],
)
def test_zh_letter_case_is_no_size(said: str) -> None:
    text = _zh_block("合同里所有金额都要同时写。", said, "继续。")
    assert "尺寸=" not in text


@pytest.mark.parametrize(
    "said, value",
    [
        ("大小要XL。", "XL"),
        ("尺寸写42码。", "42码"),
        ("尺码选L。", "L"),
        ("大小选中号。", "中号"),
        ("衣服大小要XL的。", "XL"),
        ("一家大小要XL。", "XL"),
    ],
)
def test_zh_size_still_read(said: str, value: str) -> None:
    from ctxengine.compaction.ontology import generic_ontology
    from ctxengine.compaction.slots import extract_updates

    got = [(u.slot, u.value) for u in extract_updates(said, generic_ontology())]
    assert ("size", value) in got


def test_zh_slot_word_after_a_longer_word_still_read() -> None:
    """ "家人均消费": jieba reads 家人 then 均消费, yet 人均消费 is the slot word."""
    from ctxengine.compaction.ontology import load_builtin
    from ctxengine.compaction.slots import extract_updates

    said = "找一家人均消费是150-500元的餐馆吧。"
    got = [(u.slot, u.value) for u in extract_updates(said, load_builtin("crosswoz"))]
    assert ("人均消费", "150-500元") in got
