"""Round-21: rules that were never read, or read as fragments.

"Non-smoking rooms only.", "I only want nonstop flights.", "use poetry for dependencies, not
pip" after a scope, "Refund to the original card, not store credit.", "…, and no meetings on
Fridays", "Don't round…; show two decimals.", "我不坐早上9点前的航班", "金额都用万元为单位",
"请用 pnpm，不要用 npm", "从现在开始提交信息用英文写", "…, so make sure …" (its reason kept) and
"原来的邮箱是 X，不要再用了" (its subject kept). Each with look-alikes that must stay no rule.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints


def read(text: str) -> list[tuple[str, str, str]]:
    return [(c.polarity, c.subject, c.text) for c in extract_constraints(text) if not c.revokes]


def texts(text: str) -> list[str]:
    return [t for _, _, t in read(text)]


# 1. A noun phrase and "only", said as the whole sentence.


@pytest.mark.parametrize(
    ("said", "subject"),
    [
        ("Non-smoking rooms only.", "non-smoking rooms"),
        ("Window seats only, please.", "window seats"),
        ("Direct flights only.", "direct flights"),
        ("OK, vegetarian restaurants only.", "vegetarian restaurants"),
        ("Weekdays only please.", "weekdays"),
    ],
)
def test_noun_phrase_only_is_a_rule(said: str, subject: str) -> None:
    assert [(p, s) for p, s, _ in read(said)] == [("only", subject)]
    assert texts(said) == [said]


@pytest.mark.parametrize(
    "said",
    [
        "I only had coffee.",
        "Only 3 left?",
        "For internal use only.",
        "This is for reference only.",
        "One question only.",
        "Non-smoking rooms only?",
        "It was cash only.",
    ],
)
def test_only_said_of_things_is_no_rule(said: str) -> None:
    assert read(said) == []


# 2. "I only want X": the speaker's wish is a rule.


@pytest.mark.parametrize(
    ("said", "subject"),
    [
        ("I only want nonstop flights.", "nonstop flights"),
        ("We only want ground-floor rooms.", "ground-floor rooms"),
        ("I really only want aisle seats.", "aisle seats"),
        ("I'd only accept a refund to my card.", "refund to my card"),
    ],
)
def test_i_only_want_is_a_rule(said: str, subject: str) -> None:
    assert [(p, s) for p, s, _ in read(said)] == [("only", subject)]


def test_i_only_want_after_another_rule() -> None:
    got = read("No layovers please. I only want nonstop flights.")
    assert [(p, s) for p, s, _ in got] == [("forbid", "layovers"), ("only", "nonstop flights")]
    assert got[1][2] == "I only want nonstop flights."


@pytest.mark.parametrize(
    "said",
    [
        "I only had coffee.",
        "I only want to know the price.",
        "I only wanted to ask about parking.",
        "We only need two tickets?",
        "I only want nonstop flights?",
        "If I only want nonstop flights, what does it cost?",
    ],
)
def test_only_of_the_speaker_is_no_rule(said: str) -> None:
    assert read(said) == []


# 3. "use X for Y, not Z" after a scope; "Refund to X, not Y".


@pytest.mark.parametrize(
    ("said", "x", "y"),
    [
        ("In the etl-jobs repo, use poetry for dependencies, not pip.", "poetry", "pip"),
        ("For the API, use httpx for requests, not urllib.", "httpx", "urllib"),
        ("On this project, write tests with pytest, not unittest.", "pytest", "unittest"),
        ("Refund to the original card, not store credit.", "original card", "store credit"),
        ("Ship it to my office, not my home.", "my office", "my home"),
        ("Pay with the company card, not my personal one.", "company card", "my personal one"),
    ],
)
def test_x_not_y_is_read(said: str, x: str, y: str) -> None:
    got = read(said)
    assert [p for p, _, _ in got] == ["require", "forbid"]
    assert x in got[0][1] and y in got[1][1]
    assert all(t == said for t in texts(said))


@pytest.mark.parametrize(
    "said",
    [
        "In the etl-jobs repo, use poetry for dependencies, not pip?",
        "Refund to the original card, not yet.",
        "Book it for 2 people, not 3.",
        "Use the one you like.",
        "Ship it to my office, not sure when.",
        "Pay attention to the dates, not only the prices.",
    ],
)
def test_x_not_y_look_alikes_are_no_rule(said: str) -> None:
    assert read(said) == []


# 4. A second rule after ", and".


@pytest.mark.parametrize(
    ("said", "second"),
    [
        (
            "Never book anything before 9 AM my time, and no meetings on Fridays.",
            "no meetings on Fridays.",
        ),
        ("Don't use tabs, and no trailing whitespace.", "no trailing whitespace."),
        ("Always cc my manager, but no attachments over 5 MB.", "no attachments over 5 MB."),
        ("Keep replies short, and also no emojis.", "no emojis."),
    ],
)
def test_second_rule_after_and(said: str, second: str) -> None:
    assert second in texts(said)
    assert len(read(said)) >= 2


@pytest.mark.parametrize(
    "said",
    [
        "Thanks for the help, and no worries about the delay.",
        "I called them, and no one answered.",
        "It was late, and no flights were found.",
        "Sure, and no problem.",
    ],
)
def test_and_no_look_alikes_are_no_rule(said: str) -> None:
    assert read(said) == []


# 5. A positive half after a semicolon stays with its rule.


@pytest.mark.parametrize(
    ("said", "also"),
    [
        ("Don't round the numbers in tables; show two decimals.", "two decimals"),
        ("Don't use tabs; indent with four spaces.", "four spaces"),
        ("Never push to main; open a pull request.", "pull request"),
    ],
)
def test_semicolon_half_kept(said: str, also: str) -> None:
    got = read(said)
    assert got and all(t == said for _, _, t in got)
    assert any(p == "require" and also in s for p, s, _ in got)


@pytest.mark.parametrize(
    "said",
    [
        "Don't round the numbers; I think that's fine.",
        "Don't round the numbers; what do you think?",
    ],
)
def test_semicolon_remark_not_joined(said: str) -> None:
    assert texts(said) == [said.split(";")[0]]


def test_semicolon_rule_of_its_own_stays_apart() -> None:
    assert texts("Don't use tabs; always use spaces.") == ["Don't use tabs", "always use spaces."]


# 6. A first-person habit in Chinese.


@pytest.mark.parametrize(
    ("said", "subject"),
    [
        ("我不坐早上9点前的航班", "早上9点前的航班"),
        ("我晚上9点以后不开会", "开会"),
        ("我不吃辣", "辣"),
        ("我们不住青旅", "青旅"),
        ("另外我周末不加班", "加班"),
        ("我不喝酒，帮我订个安静的餐厅", "酒"),
    ],
)
def test_zh_personal_habit_is_a_rule(said: str, subject: str) -> None:
    got = read(said)
    assert [(p, s) for p, s, _ in got][:1] == [("forbid", subject)]
    assert got[0][2] == said.split("，")[0]


@pytest.mark.parametrize(
    "said",
    [
        "我不知道",
        "我不太懂",
        "不要紧",
        "我不坐过飞机",
        "我不吃了",
        "我不住这附近吗？",
        "你不坐地铁吗",
        "他不吃辣",
        "我今天不开会了",
        "我不确定要不要住这里",
        "我不住在北京",
        "我不考虑价格",
    ],
)
def test_zh_personal_look_alikes_are_no_rule(said: str) -> None:
    assert read(said) == []


# 7. "X都用Y" and the clauses of the same format after it.


@pytest.mark.parametrize(
    ("said", "text"),
    [
        ("金额都用万元为单位，保留两位小数。", "金额都用万元为单位，保留两位小数"),
        ("日期都用YYYY-MM-DD格式", "日期都用YYYY-MM-DD格式"),
        ("表格里的价格都按人民币算", "表格里的价格都按人民币算"),
        ("回复都用中文，谢谢", "回复都用中文"),
    ],
)
def test_zh_standing_format_is_a_rule(said: str, text: str) -> None:
    assert [(p, t) for p, _, t in read(said)] == [("require", text)]


@pytest.mark.parametrize(
    "said",
    [
        "我们都用微信",
        "大家都用支付宝吗？",
        "这两个都用得上",
        "他们都用过这个软件",
        "我不太懂",
        "你们都用什么付款？",
    ],
)
def test_zh_standing_format_look_alikes(said: str) -> None:
    assert read(said) == []


# 8. The positive half before "不要用Y".


@pytest.mark.parametrize(
    ("said", "x", "y"),
    [
        ("请用 pnpm，不要用 npm。", "pnpm", "npm"),
        ("用顺丰，别用中通", "顺丰", "中通"),
        ("装依赖用yarn，不要用npm", "yarn", "npm"),
        ("就用支付宝，不要用微信", "支付宝", "微信"),
    ],
)
def test_zh_positive_half_kept(said: str, x: str, y: str) -> None:
    got = read(said)
    assert ("require", x) in [(p, s) for p, s, _ in got]
    assert ("forbid", y) in [(p, s) for p, s, _ in got]
    assert all(t == said.rstrip("。") for t in texts(said))


@pytest.mark.parametrize(
    "said",
    ["你用哪个，不要用npm", "我用的是npm，不要改", "好的，不要用npm"],
)
def test_zh_positive_half_look_alikes(said: str) -> None:
    assert not any(p == "require" for p, _, _ in read(said))


# 9. "从现在开始…" without a comma.


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("从现在开始提交信息用英文写。", "从现在开始提交信息用英文写"),
        ("从现在起所有金额保留两位小数", "从现在起所有金额保留两位小数"),
        ("从今以后回复简短一点", "从今以后回复简短一点"),
    ],
)
def test_zh_from_now_on_without_comma(said: str, rule: str) -> None:
    assert [(p, t) for p, _, t in read(said)] == [("require", rule)]


@pytest.mark.parametrize(
    "said",
    [
        "从现在开始吧",
        "从现在开始我要减肥",
        "从现在起我们预算有限",
        "今后三天我们去颐和园",
        "从现在开始要多久？",
    ],
)
def test_zh_from_now_on_look_alikes(said: str) -> None:
    assert read(said) == []


# 10. "…, so make sure …": the reason kept with the rule.


@pytest.mark.parametrize(
    "said",
    [
        "Tom is in London, so make sure the invite shows his time zone too.",
        "The client is strict, so always cc my manager.",
        "We are over budget, so don't book business class.",
        "I'm tired, so I only want a short walk.",
    ],
)
def test_so_rule_keeps_its_reason(said: str) -> None:
    assert texts(said) == [said]


# 11. A Chinese rule with no object of its own names the thing of the clause before.


@pytest.mark.parametrize(
    ("said", "subject"),
    [
        ("原来的邮箱是 li.wei@example.cn，不要再用了。", "li.wei@example.cn"),
        ("旧地址是朝阳区建国路8号，别再用了", "朝阳区建国路8号"),
        ("那个优惠码，不要再用了", "那个优惠码"),
    ],
)
def test_zh_bare_rule_names_its_subject(said: str, subject: str) -> None:
    assert [(p, s, t) for p, s, t in read(said)] == [("forbid", subject, said.rstrip("。"))]


def test_zh_rule_with_object_is_not_extended() -> None:
    assert texts("原来的邮箱是 a@b.cn，不要再用这个邮箱了") == ["不要再用这个邮箱了"]


# 12. The same in English: the positive half before "don't use Y", a rule about "it".


@pytest.mark.parametrize(
    ("said", "x", "y"),
    [
        ("Use pnpm, don't use npm.", "pnpm", "npm"),
        ("Please stick with Postgres, never use MySQL.", "postgres", "mysql"),
    ],
)
def test_en_positive_half_kept(said: str, x: str, y: str) -> None:
    assert [(p, s, t) for p, s, t in read(said)] == [("require", x, said), ("forbid", y, said)]


@pytest.mark.parametrize(
    "said", ["I use vim, don't use emacs on my box.", "Use whatever you like, don't worry."]
)
def test_en_positive_half_look_alikes(said: str) -> None:
    assert not any(p == "require" for p, _, _ in read(said))


def test_en_rule_about_it_keeps_what_it_is() -> None:
    said = "The old address is a@b.com, don't use it anymore."
    assert texts(said) == [said]
