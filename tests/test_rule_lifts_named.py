"""Later words that lift, narrow or replace one earlier rule, and only the one they name:
a rule let go with a reason after it, a thing allowed again, a limit given a new value, a
rule replaced "from now on", one item of a list corrected."""

from __future__ import annotations

import pytest
from _review_harness import rules_after

# ---------------------------------------------------------------- a rule let go, with a reason

_LAYOVER = "Never book anything with a layover over 3 hours."
_RED_EYE_ZH = "转机超过3小时的航班不要订。"


@pytest.mark.parametrize(
    "said",
    [
        "The layover rule doesn't matter anymore since we're nonstop anyway.",
        "The layover rule doesn't matter because we fly nonstop now.",
        "The layover rule isn't needed anymore now that we fly nonstop.",
        "The layover thing doesn't matter anymore, since we're nonstop.",
    ],
)
def test_rule_let_go_with_a_reason(said: str) -> None:
    assert "layover over 3 hours" not in rules_after(_LAYOVER, said)


@pytest.mark.parametrize(
    "said",
    [
        # Not let go: it matters less, a question, another thing named.
        "The layover rule doesn't matter as much since we're nonstop anyway.",
        "Does the layover rule matter since we're nonstop?",
        "The price doesn't matter anymore since work pays.",
        "The baggage rule doesn't matter anymore since we fly light.",
    ],
)
def test_rule_not_let_go(said: str) -> None:
    assert "layover over 3 hours" in rules_after(_LAYOVER, said)


def test_only_the_rule_named_is_let_go() -> None:
    rules = rules_after(
        _LAYOVER,
        "Never book red-eyes.",
        "The red-eye rule isn't needed anymore since we fly in the day.",
    )
    assert "layover over 3 hours" in rules
    assert "Never book red-eyes" not in rules


@pytest.mark.parametrize(
    "said", ["转机那个事无所谓了，反正我们直飞。", "转机那条规则不重要了，反正我们直飞。"]
)
def test_zh_topic_first_rule_let_go(said: str) -> None:
    assert "转机超过3小时" not in rules_after(_RED_EYE_ZH, said)


@pytest.mark.parametrize(
    "said",
    ["价格无所谓了，反正公司报销。", "红眼航班那条规则不重要了。", "转机那条规则重要吗？"],
)
def test_zh_topic_first_rule_not_let_go(said: str) -> None:
    assert "转机超过3小时" in rules_after(_RED_EYE_ZH, said)


# ---------------------------------------------------------------- a limit given a new value

_SUMMARY = "Keep each summary under 150 words."


@pytest.mark.parametrize(
    "said",
    [
        "Summaries can be up to 200 words now, 150 is too tight.",
        "Summaries can go up to 200 words now.",
        "Summaries can be as long as 200 words now.",
        "Each summary can be up to 200 words now.",
    ],
)
def test_plural_noun_limit_raised(said: str) -> None:
    rules = rules_after(_SUMMARY, said)
    assert "150 words" not in rules
    assert "200 words" in rules


@pytest.mark.parametrize(
    "said",
    [
        # Another thing's limit, a question, a story that is no summary.
        "Entries can be up to 200 words now.",
        "Replies can be up to 200 words now.",
        "Can summaries be up to 200 words?",
        "Stories can be up to 200 words now.",
    ],
)
def test_plural_noun_limit_not_raised(said: str) -> None:
    assert "150 words" in rules_after(_SUMMARY, said)


def test_zh_limit_moved_keeps_working() -> None:
    rules = rules_after("每条摘要不超过150字。", "摘要可以放宽到200字了。")
    assert "150" not in rules and "200" in rules


_LODGING = "住宿标准是每晚不超过 450 元，超了的部分我自己出。"


@pytest.mark.parametrize(
    "said",
    [
        "住宿标准我问了行政，深圳是一线城市，标准是 500 一晚。",
        "住宿标准现在是 500 一晚。",
        "问过了，标准是500元一晚。",
        "那住宿标准就是 500 吧。",
    ],
)
def test_zh_limit_said_again_with_a_value(said: str) -> None:
    rules = rules_after(_LODGING, said)
    assert "450" not in rules and "500" in rules


@pytest.mark.parametrize(
    "said",
    [
        # Another thing's value, a question, a price that is no limit.
        "餐补标准是 100 一天。",
        "房间号是 1203。",
        "标准是 500 一晚吗？",
        "酒店价格是 500 一晚。",
    ],
)
def test_zh_other_value_changes_no_limit(said: str) -> None:
    assert "450" in rules_after(_LODGING, said)


def test_zh_limit_said_again_by_its_noun() -> None:
    rules = rules_after("每条摘要不超过150字。", "摘要上限是200字。")
    assert "150" not in rules and "200" in rules


def test_zh_value_with_no_limit_is_no_rule() -> None:
    assert "9000" not in rules_after("预算是 9000 元。")


# ---------------------------------------------------------------- a thing allowed again

_NO_CILANTRO_SCALLION = "我不吃香菜，也不要葱。"
_NO_PHONE = "以后有进度通知用短信，不要打电话，我上班接不了。"


@pytest.mark.parametrize(
    "said", ["葱其实可以放，我就是不吃香菜。", "葱其实也可以放。", "嗯，葱其实可以加。"]
)
def test_zh_thing_allowed_lifts_only_its_rule(said: str) -> None:
    rules = rules_after(_NO_CILANTRO_SCALLION, said)
    assert "香菜" in rules
    assert "不要葱" not in rules


@pytest.mark.parametrize(
    "said", ["蒜其实可以放。", "葱其实可以放吗？", "香菜其实可以放在旁边吗？", "我其实可以吃。"]
)
def test_zh_other_thing_allowed_lifts_nothing(said: str) -> None:
    assert "不要葱" in rules_after(_NO_CILANTRO_SCALLION, said)


def test_zh_the_other_thing_allowed_lifts_its_rule() -> None:
    rules = rules_after(_NO_CILANTRO_SCALLION, "香菜其实可以放，葱还是不要。")
    assert "我不吃香菜" not in rules


@pytest.mark.parametrize(
    "said",
    [
        "通知方式算了，电话也可以，中午12点到1点之间打就行。",
        "电话也可以。",
        "其实电话也行。",
        "电话其实可以打。",
    ],
)
def test_zh_phone_allowed_again(said: str) -> None:
    assert "不要打电话" not in rules_after(_NO_PHONE, said)


@pytest.mark.parametrize("said", ["微信也可以。", "邮件也行。", "电话也可以吗？"])
def test_zh_other_channel_allowed_keeps_the_phone_rule(said: str) -> None:
    assert "不要打电话" in rules_after(_NO_PHONE, said)


def test_zh_bare_thing_of_one_character_names_no_action() -> None:
    assert "别打车" in rules_after("别打车。", "车也可以。")


def test_zh_phone_allowed_lifts_no_email_rule() -> None:
    assert "不要发邮件" in rules_after("不要发邮件。", "电话也可以。")


def test_phone_allowed_lifts_no_other_rule() -> None:
    assert "Don't call me" in rules_after(
        "Don't call me, I can't pick up at work.", "Email is fine too."
    )


def test_phone_allowed_lifts_the_call_rule() -> None:
    rules = rules_after("Don't call me, I can't pick up at work.", "Actually you can call me now.")
    assert "Don't call me" not in rules


# ---------------------------------------------------------------- a rule replaced by a switch


@pytest.mark.parametrize(
    ("rule", "said", "old", "new"),
    [
        (
            "Always use pytest -x.",
            "And switch to pytest -x -q from now on, the output is too noisy.",
            "Always use pytest -x",
            "pytest -x -q",
        ),
        (
            "Always use Python 3.11.",
            "Switch to Python 3.12 from now on.",
            "3.11",
            "Python 3.12",
        ),
        (
            "跑测试一律用 pytest -x。",
            "以后都改用 pytest -x -q，输出太吵了。",
            "一律用 pytest -x",
            "pytest -x -q",
        ),
        (
            "Always use ruff --fix.",
            "Switch to ruff --fix --unsafe-fixes going forward.",
            "Always use ruff",
            "unsafe",
        ),
    ],
)
def test_switch_to_another_variant_replaces_rule(rule: str, said: str, old: str, new: str) -> None:
    rules = rules_after(rule, said)
    assert old not in rules
    assert new in rules


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        # The bare tool named: the flags add to the rule. Another thing; a question; a scope.
        ("Always run pytest before committing.", "Switch to pytest -x -q from now on."),
        ("Always use pytest -x.", "Switch to the staging branch from now on."),
        ("Always use pytest -x.", "Switch to pytest -x -q from now on?"),
        ("Always use pytest -x.", "Use pytest -q for the smoke tests from now on."),
        ("Always use pytest -x.", "Also use ruff --fix from now on."),
    ],
)
def test_switch_keeps_rule_it_does_not_replace(rule: str, said: str) -> None:
    assert rule.rstrip(".") in rules_after(rule, said)


def test_from_now_on_with_a_reason_is_a_rule() -> None:
    rules = rules_after("Use spaces from now on, the tabs break the linter.")
    assert "Use spaces from now on" in rules


def test_from_now_on_with_more_of_the_rule_is_not_cut() -> None:
    assert "Use tabs from now on" not in rules_after("Use tabs from now on, except in YAML.")


# ---------------------------------------------------------------- one thing struck from a list


@pytest.mark.parametrize(
    ("rule", "said", "kept", "gone"),
    [
        (
            "她对青霉素和头孢过敏，开药要避开。",
            "其实头孢那个是我记错了，她头孢不过敏。青霉素是真的。",
            "青霉素",
            "头孢",
        ),
        ("我对花生和虾过敏。", "我对虾不过敏，花生是真的。", "花生", "虾"),
        ("我对花生、虾和芒果过敏。", "我说错了，我对花生不过敏。", "虾和芒果", "花生"),
        (
            "She's allergic to penicillin and cephalosporins.",
            "Sorry, she isn't allergic to cephalosporins.",
            "penicillin",
            "cephalosporin",
        ),
        (
            "He is allergic to penicillin and sulfa.",
            "Actually he's not allergic to penicillin.",
            "sulfa",
            "penicillin",
        ),
    ],
)
def test_thing_struck_from_allergy_rule(rule: str, said: str, kept: str, gone: str) -> None:
    rules = rules_after(rule, said)
    assert kept in rules
    assert gone not in rules


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("她对头孢过敏。", "其实她头孢不过敏，是我记错了。"),
        (
            "She's allergic to penicillin.",
            "Actually she's not allergic to penicillin, I misremembered.",
        ),
    ],
)
def test_only_thing_struck_lifts_the_rule(rule: str, said: str) -> None:
    assert "过敏" not in rules_after(rule, said) and "allergic" not in rules_after(rule, said)


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        # A question; a thing the rule does not name.
        ("她对青霉素和头孢过敏。", "她对头孢不过敏吗？"),
        ("我对花生和虾过敏。", "我对芒果不过敏。"),
        (
            "She's allergic to penicillin and cephalosporins.",
            "Is she not allergic to cephalosporins?",
        ),
        ("She's allergic to penicillin and cephalosporins.", "She isn't allergic to latex."),
    ],
)
def test_struck_words_that_strike_nothing(rule: str, said: str) -> None:
    assert rule.rstrip("。.") in rules_after(rule, said)


def test_not_allergic_alone_is_no_rule() -> None:
    assert "花生" not in rules_after("我对花生不过敏。")


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        # Said with no correction, of the speaker's party: the rule stands as said.
        ("我对花生和虾过敏。", "我对虾不过敏。"),
        ("I'm allergic to peanuts and shellfish.", "My brother isn't allergic to shellfish."),
    ],
)
def test_not_allergic_without_a_correction_strikes_nothing(rule: str, said: str) -> None:
    assert rule.rstrip("。.") in rules_after(rule, said)


# ---------------------------------------------------------------- a time bound moved


@pytest.mark.parametrize(
    ("rule", "said", "gone"),
    [
        (
            "不要坐红眼航班，也别太早，9点以前的都不要。",
            "早上的其实可以，8点以后就行，我们早起惯了。",
            "也别太早",
        ),
        ("不要订早上9点前的航班。", "8点以后就行。", "9点前"),
        ("别订太晚的航班。", "10点以前就行。", "太晚"),
        ("会议别排太早。", "其实9点半以后就行。", "太早"),
    ],
)
def test_zh_time_bound_moved(rule: str, said: str, gone: str) -> None:
    rules = rules_after(rule, said)
    assert gone not in rules
    assert "点" in rules


def test_zh_time_bound_moved_keeps_other_rules() -> None:
    rules = rules_after("不要坐红眼航班，也别太早。", "早上的其实可以，8点以后就行。")
    assert "不要坐红眼航班" in rules and "8点以后" in rules


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        # The other way, a question, the same time, a rule about no time.
        ("别订太晚的航班。", "8点以后就行。"),
        ("不要坐红眼航班，也别太早。", "8点以后就行吗？"),
        ("不要订早上9点前的航班。", "9点以后就行。"),
        ("不要喝咖啡。", "8点以后就行。"),
    ],
)
def test_zh_time_bound_not_moved(rule: str, said: str) -> None:
    assert rule.rstrip("。").split("，")[-1] in rules_after(rule, said)


# ---------------------------------------------------------------- one thing in a kept place

_LEGACY_ZH = "legacy 目录下的先别动，那是要下线的代码。"
_LEGACY_EN = "Don't touch anything under legacy/, it's being retired."


@pytest.mark.parametrize(
    ("rule", "said", "kept"),
    [
        (
            _LEGACY_ZH,
            "legacy 那个 XmlExporter 也改了吧，产品说还要用半年。",
            "legacy 目录下的先别动",
        ),
        (_LEGACY_ZH, "legacy 目录下的 XmlExporter 可以改了。", "legacy 目录下的先别动"),
        (_LEGACY_ZH, "legacy 里的 CsvWriter 也改一下吧。", "legacy 目录下的先别动"),
        (
            _LEGACY_EN,
            "Also change the XmlExporter in legacy/, product still needs it.",
            "Don't touch anything under legacy/",
        ),
        (
            _LEGACY_EN,
            "You can also edit the CsvWriter under legacy/.",
            "Don't touch anything under legacy/",
        ),
    ],
)
def test_one_thing_in_a_kept_place_is_an_exception(rule: str, said: str, kept: str) -> None:
    rules = rules_after(rule, said)
    assert kept in rules  # the rest of the place stays as ruled
    assert ("XmlExporter" in said) == ("XmlExporter" in rules)
    assert ("CsvWriter" in said) == ("CsvWriter" in rules)


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        # Another place, a question, no change, a rule that is not about changing.
        (_LEGACY_ZH, "src 那个 XmlExporter 也改了吧。"),
        (_LEGACY_ZH, "legacy 那个 XmlExporter 也改了吗？"),
        (_LEGACY_ZH, "legacy 那个 XmlExporter 也看一下吧。"),
        ("不要删 legacy 目录下的文件。", "legacy 那个 XmlExporter 也改了吧。"),
        (_LEGACY_EN, "Also change the XmlExporter in src/."),
    ],
)
def test_change_elsewhere_is_no_exception(rule: str, said: str) -> None:
    assert "XmlExporter" not in rules_after(rule, said)


def test_zh_change_forbidden_is_still_a_rule() -> None:
    assert "首页的标题别改了吧" in rules_after("首页的标题别改了吧。")


# ---------------------------------------------------------------- one thing of a list allowed


@pytest.mark.parametrize(
    ("rule", "said", "kept", "gone"),
    [
        (
            "Don't add cilantro or scallions.",
            "Scallions are fine after all.",
            "cilantro",
            "scallion",
        ),
        (
            "Don't add cilantro or scallions.",
            "Cilantro is fine after all.",
            "scallions",
            "cilantro",
        ),
        ("No cilantro and no scallions.", "Scallions are fine after all.", "cilantro", "scallion"),
        ("不要放葱和蒜。", "葱其实可以放。", "不要放蒜", "葱"),
        ("不要放葱和蒜。", "蒜其实可以放。", "不要放葱", "蒜"),
    ],
)
def test_one_thing_of_a_list_allowed_narrows_it(rule: str, said: str, kept: str, gone: str) -> None:
    rules = rules_after(rule, said)
    assert kept in rules
    assert gone not in rules


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("不要放葱和蒜。", "姜其实可以放。"),
        ("Don't add cilantro or scallions.", "Garlic is fine after all."),
        ("Don't add cilantro or scallions.", "Are scallions fine after all?"),
    ],
)
def test_other_thing_allowed_keeps_the_list(rule: str, said: str) -> None:
    assert rule.rstrip("。.") in rules_after(rule, said)
