"""Chinese rules a review found dropped or left in force: a rule whose object is "X的Y"
("不要经停的航班") read as a noun phrase, an exception ("除了支付宝，别的都不要用") cut off its
rule, and an only-rule relaxed ("只要五星级的" then "四星级的也可以", "不一定要五星级")."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints
from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.ledger import ConstraintEntry
from ctxengine.messages import Message
from ctxengine.settings import Settings


def rules(text: str) -> list[tuple[str, str, str]]:
    return [(c.text, c.polarity, c.subject) for c in extract_constraints(text) if not c.revokes]


class Session:
    """User messages, each answered "好的。", through a distiller."""

    def __init__(self, *texts: str) -> None:
        self.d = CompactionDistiller(Settings())
        self.changes: list[tuple[str, str]] = []
        for turn, text in enumerate(texts, 1):
            for e in self.d.observe(Message.user(text), turn):
                if e.get("kind") == "constraint_status":
                    self.changes.append((e["data"]["entry"], e["data"]["new"]))
            self.d.observe(Message.assistant("好的。"), turn)

    @property
    def entries(self) -> list[ConstraintEntry]:
        return self.d.state.ledger.entries

    def active(self) -> list[str]:
        return [e.text for e in self.d.state.ledger.active()]

    def status(self, text: str) -> str:
        return next(e.status for e in self.entries if e.text == text)


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("不要经停的航班", "经停的航班"),
        ("别选靠窗的座位", "靠窗的座位"),
        ("请不要推荐1000元以上的手机", "1000元以上的手机"),
        ("不要推荐东航以外的航空公司", "东航以外的航空公司"),
        ("不要修改数据库的表结构", "修改数据库的表结构"),
        ("不要改动 client.py 的接口签名", "改动 client.py 的接口签名"),
        ("你别订靠近机场的酒店", "订靠近机场的酒店"),
        ("回复里不要出现客户的手机号", "客户的手机号"),
        ("价格不要显示小数点后的数字", "小数点后的数字"),
    ],
)
def test_a_rule_on_an_x_de_y_object_is_kept(text: str, subject: str) -> None:
    assert rules(text) == [(text, "forbid", subject)]


def test_every_rule_of_a_sentence_is_kept() -> None:
    assert [r[0] for r in rules("不要显示价格，别用顺丰，禁止使用优惠券以外的折扣")] == [
        "不要显示价格",
        "别用顺丰",
        "禁止使用优惠券以外的折扣",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "不要迟到的方案",  # a plan for not being late
        "给我一个不要迟到的方案",
        "我想找一家不要排队的餐馆",
        "帮我找个不用排队的餐厅",
        "不要钱的景点",  # free ones
        "不要门票的公园有哪些",
        "别是郊区到时连吃饭的地方都没有",  # a worry
        "推荐一家不要预约的餐厅",
    ],
)
def test_noun_phrases_with_a_cue_inside_are_no_rule(text: str) -> None:
    assert rules(text) == []


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("除了支付宝，别的都不要用", "支付宝"),
        ("除了支付宝别的都不要用", "支付宝"),
        ("除了顺丰以外，其他的一律别用", "顺丰"),
        ("除了微信支付，其他都不能用", "微信支付"),
    ],
)
def test_all_but_one_ruled_out_is_an_only_rule(text: str, subject: str) -> None:
    assert rules(text) == [(text, "only", subject)]


@pytest.mark.parametrize(
    "text",
    ["除了支付宝，别的都不要用吗？", "除了支付宝，还有别的支付方式吗", "除了早餐，别的都可以"],
)
def test_look_alikes_of_the_exception_are_no_only_rule(text: str) -> None:
    assert all(r[1] != "only" for r in rules(text))


@pytest.mark.parametrize(
    ("rule", "relax"),
    [
        ("只要五星级的", "四星级的也可以"),
        ("只要五星级的", "四星也行"),
        ("只要五星级的", "五星级的不要了，四星就行"),
        ("只用顺丰", "中通也可以"),
        ("只用顺丰", "EMS也行"),
        ("只要川菜", "粤菜也行"),
        ("只要五星级的", "三星级的也没关系"),
        ("只要5星级的", "4星级的也OK"),
    ],
)
def test_another_of_the_kind_relaxes_an_only_rule(rule: str, relax: str) -> None:
    s = Session(rule, relax)
    assert s.status(rule) == "superseded"
    assert ("c1", "superseded") in s.changes
    assert len(s.active()) == 1 and s.active()[0] in relax


@pytest.mark.parametrize(
    ("rule", "other"),
    [
        ("只用顺丰", "明天也可以"),
        ("只用顺丰", "这样也行"),
        ("只要五星级的", "早餐也可以"),
        ("只要五星级的", "一个就行"),
        ("只要五星级的", "我也可以"),
        ("只要五星级的", "去看看也行"),
        ("只要五星级的", "四星级的也可以吗？"),
        ("只要五星级的", "三星也不行"),
        ("不要显示价格", "中通也可以"),
    ],
)
def test_look_alikes_relax_no_rule(rule: str, other: str) -> None:
    s = Session(rule, other)
    assert s.active() == [rule]
    assert s.changes == []


@pytest.mark.parametrize("rule", ["只要五星级的", "一定要五星级", "必须是五星级", "只要五星级酒店"])
def test_not_necessarily_lifts_a_rule_asking_for_it(rule: str) -> None:
    s = Session(rule, "不一定要五星级")
    assert s.status(rule) == "revoked"
    assert s.active() == ["不一定要五星级"]


@pytest.mark.parametrize(
    ("rule", "other"),
    [("不要显示价格", "不一定要五星级"), ("只要五星级的", "不一定要早上出发")],
)
def test_not_necessarily_of_something_else_is_no_rule(rule: str, other: str) -> None:
    s = Session(rule, other)
    assert s.active() == [rule]


def test_a_forbidden_thing_said_fine_is_lifted() -> None:
    s = Session("不要四星级的", "四星级的也可以")
    assert s.status("不要四星级的") == "revoked"
