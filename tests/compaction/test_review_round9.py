"""Fixes after reviewing this round: who said an implied value, labels that never collide,
joined requests without repeats, 去 before a time or a verb names no place, 不 before a
comma only before an approximate amount, lists of facilities are answers, and negation
characters inside ordinary words negate nothing."""

from __future__ import annotations

from ctxengine.compaction.answers import answer_updates
from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.ontology import generic_ontology, load_builtin
from ctxengine.compaction.state import _names

from ._crosswoz import ONTO, asks, distill, replay, slots
from ._crosswoz import slot_values as said


def _distill(turns: list[tuple[str, str]], ontology: str | None = None) -> CompactionDistiller:
    return distill(turns, ontology=ontology)


def test_a_date_only_the_assistant_said_is_corrected_not_contradicted() -> None:
    d = _distill(
        [
            ("user", "I'd like to book a table for four."),
            ("assistant", "Sure, the earliest we have is the 12th of July."),
            ("user", "Change the date to Monday."),
        ]
    )
    archived = [(a.value, a.source) for a in d.state.state.archive if a.key == "task.date"]
    assert archived == [("the 12th of July", "assistant")]
    assert not d.state.ledger.conflicts  # correcting the assistant is no conflict


def test_two_slots_never_share_a_label() -> None:
    for name in ("crosswoz", "ecommerce", "generic"):
        for lang in ("zh", "en"):
            labels = load_builtin(name).labels(lang)
            written = [labels.slot(s.name) for s in load_builtin(name).slots]
            assert len(written) == len(set(written)), (name, lang)
    # CrossWOZ has its own 电话: the generic phone is written by its next word.
    assert load_builtin("crosswoz").labels("zh").slot("phone") == "联系电话"


def test_a_chinese_block_keeps_two_address_slots_apart() -> None:
    d = _distill(
        [
            ("user", "我的收货地址是北京市朝阳区青松路88号"),
            ("assistant", "好的"),
            ("user", "地址改成上海市浦东新区白杨大道1号"),
        ],
        "crosswoz",
    )
    block = d.render(2, "zh")
    keys = [line.split("=")[0] for line in block.splitlines() if "=" in line]
    assert len(keys) == len(set(keys)), block


def test_joined_requests_do_not_repeat() -> None:
    s = replay(
        [
            ("user", "帮我找一个门票20-50元的景点。"),
            ("assistant", "推荐您去青松公园。"),
            ("user", "再帮我找一个门票不免费的景点。"),
            ("assistant", "推荐您去青松公园。"),
            ("user", "再帮我找一个门票20-50元的景点。"),
            ("assistant", "推荐您去青松公园。"),
            ("user", "它的地址在哪？"),
        ]
    )
    value = slots(s).get("景点[青松公园].门票") or ""
    assert sorted(value.split("、")) == sorted(set(value.split("、")))


def test_qu_before_a_time_or_a_verb_names_no_place() -> None:
    for text in ("我们去掉这个条件吧", "我们去的时候人很多", "我们去年去过那里", "我们去过白杨湖"):
        assert "名称" not in said(text), text


def test_bu_before_a_comma_only_before_an_approximate_amount() -> None:
    assert said("价格不限，是4人一起去").get("价格") is None
    assert said("游玩的时间不太长，大概1小时").get("游玩时间") == "1小时"


def test_a_list_of_facilities_still_answers() -> None:
    got = answer_updates(
        "有24小时热水，免费WiFi，停车场，早餐服务",
        ["酒店设施"],
        ONTO,
        covered=set(),
        confidence=0.6,
    )
    assert [u.value for _, u in got] == ["24小时热水，免费WiFi，停车场，早餐服务"]


def test_details_and_situation_still_ask_the_slot() -> None:
    assert asks("能告诉我收货地址详情吗", generic_ontology()) == ["address"]
    assert asks("酒店设施情况怎么样？") == ["酒店设施"]


def test_negation_characters_inside_ordinary_words_negate_nothing() -> None:
    assert _names("推荐您去青松小馆，这家非常有名的椒盐排条很好吃", "椒盐排条")
    assert _names("推荐青松小馆，不仅有椒盐排条还有烤鸭", "烤鸭")
    assert not _names("推荐青松小馆，可惜没有椒盐排条", "椒盐排条")
