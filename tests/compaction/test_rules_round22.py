"""Rules the second review round found unread or misread, each with look-alikes.

Each family: phrasings that state the rule (read, with its words kept) and near-misses that
must read as no rule.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints


def _texts(said: str) -> list[str]:
    return [c.text for c in extract_constraints(said)]


def _subjects(said: str) -> list[tuple[str, str]]:
    return [(c.polarity, c.subject) for c in extract_constraints(said)]


# ---------------------------------------------------------------- "Keep X in Y"


@pytest.mark.parametrize(
    "said",
    [
        "Keep everything in USD in your summaries.",
        "Keep all prices in euros.",
        "Keep replies in English.",
        "Keep the totals in dollars, please.",
        "Keep measurements in metric.",
        "Keep the notes in markdown.",
    ],
)
def test_keep_x_in_form_is_rule(said: str) -> None:
    assert [p for p, _ in _subjects(said)] == ["require"]
    assert said.split(",")[0].rstrip(".") in _texts(said)[0]


@pytest.mark.parametrize(
    "said",
    ["Keep me posted.", "Keep in mind I'm busy in English class.", "Keep going.", "Keep it up."],
)
def test_keep_near_miss_not_rule(said: str) -> None:
    assert extract_constraints(said) == []


# ---------------------------------------------------------------- "Use X, no Y"


@pytest.mark.parametrize(
    ("said", "x", "y"),
    [
        ("Use quartz countertops, no granite.", "quartz countertops", "granite"),
        ("Pay by card, no cash.", "card", "cash"),
        ("Reply in English, no Chinese please.", "english", "chinese"),
        ("Use Postgres, no MySQL.", "postgres", "mysql"),
        ("Ship it by courier, no post.", "courier", "post"),
        ("Please send all correspondence by email only, no phone calls.", "email", "phone calls"),
    ],
)
def test_x_comma_no_y_reads_both(said: str, x: str, y: str) -> None:
    got = _subjects(said)
    assert any(p in ("require", "only") and x in s for p, s in got)
    assert ("forbid", y) in got
    assert all(said.rstrip(".") in t for t in _texts(said))


@pytest.mark.parametrize(
    "said",
    ["Send it today, no rush.", "Use the old key, no one has rotated it.", "Call me, no worries."],
)
def test_x_comma_no_idiom_not_forbid(said: str) -> None:
    assert all(p != "forbid" for p, _ in _subjects(said))


# ---------------------------------------------------------------- trailing "only" after a verb


@pytest.mark.parametrize(
    "said",
    [
        "Explain things using metric units only.",
        "Quote prices in euros only.",
        "Describe the options in plain English only.",
        "Summarize in bullet points only.",
        "Translate the titles only.",
        "Report totals in USD only.",
    ],
)
def test_instruction_then_only_is_rule(said: str) -> None:
    assert _texts(said) == [said]
    assert [p for p, _ in _subjects(said)] == ["only"]


@pytest.mark.parametrize(
    "said",
    [
        "I have one question only.",
        "This is for internal use only.",
        "Explain it to me if only you could.",
        "Book it only if needed.",
    ],
)
def test_only_near_miss_not_rule(said: str) -> None:
    assert extract_constraints(said) == []


# ---------------------------------------------------------------- "don't X, only Y": one rule


@pytest.mark.parametrize(
    "said",
    [
        "Don't contact the other driver directly, only through their insurer.",
        "Never call me, only text.",
        "Don't pay in cash, only by card.",
        "Don't page anyone, just post in the channel.",
        "Do not email the client, only through the portal.",
        "Never deploy on Fridays, only Monday to Thursday.",
    ],
)
def test_forbid_then_only_is_one_line(said: str) -> None:
    texts = _texts(said)
    assert texts and all(t == said for t in texts)
    assert not any(t.lower().startswith(("only", "just")) for t in texts)


# ---------------------------------------------------------------- a reason is no rule


@pytest.mark.parametrize(
    "said",
    [
        "Power bank is defective. Cable I just don't need.",
        "We really don't need the box.",
        "The case I simply don't use.",
        "They still don't know.",
        "It also doesn't matter.",
        "I actually don't mind.",
    ],
)
def test_speaker_dont_with_adverb_not_rule(said: str) -> None:
    assert extract_constraints(said) == []


def test_i_dont_want_still_rule() -> None:
    assert _subjects("I don't want onions.") == [("forbid", "onions")]


# ---------------------------------------------------------------- one occasion is no rule


@pytest.mark.parametrize(
    "said",
    [
        "File a sick day for Monday, but this one time don't CC Priya.",
        "Just this once, don't run the linter.",
        "Don't CC Priya this time.",
        "This time don't add the surcharge.",
        "这次不要抄送王芳。",
        "这一次别抄送王芳。",
        "帮我请周一的病假，但这次别抄送王芳。",
        "就这一回，别加急。",
    ],
)
def test_one_occasion_not_standing_rule(said: str) -> None:
    assert all(c.polarity != "forbid" for c in extract_constraints(said))


@pytest.mark.parametrize("said", ["Don't CC Priya.", "以后都别抄送王芳。", "不要抄送王芳。"])
def test_standing_forbid_still_read(said: str) -> None:
    assert [c.polarity for c in extract_constraints(said)] == ["forbid"]


# ---------------------------------------------------------------- zh: 按照…来处理, 所有…都要


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("按照运行手册 RB-TRADE-07 来处理。", "RB-TRADE-07"),
        ("请按照公司差旅标准来报销。", "公司差旅标准"),
        ("按照SOP-12执行。", "SOP-12"),
        ("一律按照新版流程来办。", "新版流程"),
        ("合同里所有金额都要同时写大写和小写。", "同时写大写和小写"),
        ("每一页都要加页码。", "加页码"),
        ("每笔报销都得附发票。", "附发票"),
        ("所有文件都要用PDF格式。", "PDF格式"),
    ],
)
def test_zh_standing_rule_read(said: str, kept: str) -> None:
    got = extract_constraints(said)
    assert [c.polarity for c in got] == ["require"]
    assert kept in got[0].text


@pytest.mark.parametrize(
    "said",
    [
        "按照你的理解来写。",
        "按照你的理解。",
        "按照计划，我们明天出发。",
        "所有人都到了。",
        "所有人都要签字。",
        "所有人都要到场吗？",
        "所有优惠券都要过期了。",
        "每个人都得了奖。",
    ],
)
def test_zh_standing_near_miss_not_rule(said: str) -> None:
    assert extract_constraints(said) == []


# ---------------------------------------------------------------- changes of mind: the words


@pytest.mark.parametrize(
    ("said", "gone", "kept"),
    [
        ("Actually raise the cap to $50,000, my partner agreed.", "partner", "$50,000"),
        ("Change the cutoff to 2026-04-01, the board moved it.", "board", "2026-04-01"),
        ("Set the limit to 20 GB, we bought more storage.", "storage", "20 GB"),
        ("算了，还是打到支付宝吧，招行卡要注销了。", "算了", "支付宝"),
        ("算了，还是寄到公司吧，家里没人。", "没人", "寄到公司"),
        ("好吧，还是用顺丰吧，京东太慢了。", "太慢", "顺丰"),
    ],
)
def test_change_words_without_filler_or_reason(said: str, gone: str, kept: str) -> None:
    texts = _texts(said)
    assert texts and all(gone not in t for t in texts)
    assert any(kept in t for t in texts)


# ---------------------------------------------------------------- a rule called off by name


def _rules_after(*said: str) -> list[str]:
    from ctxengine.compaction.ledger import Ledger

    ledger = Ledger()
    for turn, text in enumerate(said):
        for c in extract_constraints(text):
            ledger.add(c, turn)
    return [e.text for e in ledger.in_force(len(said))]


@pytest.mark.parametrize(
    ("rule", "off"),
    [
        ("Mornings only, I work afternoons.", "Forget the mornings-only rule."),
        ("Never use emojis.", "Ignore my rule about emojis."),
        ("Don't book basic economy.", "Scratch the basic economy rule."),
        ("Don't use pandas.", "Forget my rule about pandas."),
        ("Never use tabs.", "Please ignore the rule about tabs."),
        ("Only use Python.", "OK, disregard the Python-only rule."),
    ],
)
def test_rule_called_off_by_name_shows_nothing(rule: str, off: str) -> None:
    # The rule is lifted, and its calling-off is no line of its own.
    assert _rules_after(rule, off) == []
    assert len(_rules_after(rule)) == 1


# ---------------------------------------------------------------- zh: "X，不要 Y" keeps X


@pytest.mark.parametrize(
    ("said", "wanted"),
    [
        ("退款原路返回，不要退到余额。", "退款原路返回"),
        ("上门取件，别让我自己寄。", "上门取件"),
        ("发票寄到公司，不要寄到家里。", "发票寄到公司"),
        ("电话联系，不要发短信。", "电话联系"),
        ("走高速，别走国道。", "走高速"),
        ("直接退款，不要换货。", "直接退款"),
    ],
)
def test_zh_positive_half_is_a_rule(said: str, wanted: str) -> None:
    got = extract_constraints(said)
    assert ("require", wanted) in [(c.polarity, c.subject) for c in got]
    assert "forbid" in [c.polarity for c in got]
    assert wanted in [c.text for c in got]


@pytest.mark.parametrize(
    "said",
    [
        "天气很冷，别订户外的。",
        "我明天到，别订早上的。",
        "周五以后，不要安排会议。",
        "好的，不要辣。",
        "如果下雨，别订户外的。",
        "晚上十点后，别打电话。",
        "谢谢你，不要再发了。",
        "按照你的理解，不要太长。",
        "不好意思，别催了。",
        "收到收到，不要放门口。",
    ],
)
def test_zh_lead_clause_not_a_rule(said: str) -> None:
    assert [c.polarity for c in extract_constraints(said)] == ["forbid"]
