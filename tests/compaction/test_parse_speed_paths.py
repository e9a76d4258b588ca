"""The parser's fast paths and caches give what the plain scans give.

Each shortcut (a pattern skipped when the text lacks what it needs, a rule tried only where a
slot word starts, a reply kept per text or name) is checked against the scan it replaces, on
texts built to reach it, and each cache against its key.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.compaction import constraints, intents, patterns, references
from ctxengine.compaction.intents import classify_intents, is_confirmation
from ctxengine.compaction.ontology import Ontology, load_builtin
from ctxengine.compaction.patterns import PATTERNS, Span, find_spans
from ctxengine.compaction.slots import _compile, _matches, extract_updates, own_mentions

# --- evidence: a pattern is skipped only when the text cannot match it ---------------------


def _every_pattern(text: str) -> list[Span]:
    """`find_spans` as it was: every pattern scans every text that passes the first gate."""
    found: list[Span] = []
    if patterns._GATE.search(text):
        for kind, prio, rx, group in PATTERNS:
            for m in rx.finditer(text):
                start, end = m.span(group)
                if end > start:
                    found.append(Span(kind, start, end, m.group(group), prio))
    return patterns._settle(found)


_SHAPES = [
    "发到 lin.wei@mail.example.org 就好",
    "链接 https://shop.example.net/a/b?x=1 和 www.example.cn",
    "配置在 /opt/app/conf.yaml 和 C:\\Users\\me\\a.txt 还有 src/app/main.py",
    "优惠码 SPRING2025 订单号是 A1234567，工单 T-99812",
    "手机 139****5678 或者 13912345678，座机 010-62754070，+44 20 7946 0958",
    "call (555) 123-4567 on Jan 5, 2025 or 5th March 2024, next Friday at 9am",
    "航班 CA1234 于 2025-03-04 起飞，3月5日到，周六或者下个月，明天也行",
    "11:00-14:00 营业，下午3点半见，￥120 或 80-120元，$5 and 20 dollars",
    "`make build` 调用 parse_message(m) 和 _private_name 还有 camelCase",
    "编号 AB12CD34 和 1234567890123",
    "人均消费 50-100元, 评分 4.5分以上, 电话 62754070",
    "没有数字也没有符号的一句话",
]


def test_find_spans_skips_nothing_it_would_have_found() -> None:
    for text in _SHAPES:
        assert find_spans(text) == _every_pattern(text), text


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="0123456789-:.+*@/xXmM月日点元块$￥周 abc()_`", max_size=30))
def test_find_spans_matches_every_pattern_on_any_text(text: str) -> None:
    assert find_spans(text) == _every_pattern(text)


# --- slot rules: tried only where a slot word starts ----------------------------------------

_CROSSWOZ = load_builtin("crosswoz")
_RX = _CROSSWOZ.derived("slots", _compile)
_PIECES = ["地址", "地址是", "评分", "分数", "价格", "门票价格", "门票", "票价", "推荐菜", "是"]
_PIECES += ["为", "有", "也", "在", "改成", "：", "4.5分", "50-100元", "北京", "，", "的", " "]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=10))
def test_zh_rules_tried_at_slot_words_find_what_a_scan_finds(pieces: list[str]) -> None:
    text = "".join(pieces)
    starts = [m.start() for m in _RX.slot_at.finditer(text)]
    for pat in (_RX.zh_change, _RX.zh_set, _RX.zh_has, _RX.zh_gap):
        fast = _matches(pat, text, _RX.slot_word, starts)
        scan = _matches(pat, text, _RX.slot_word)
        assert [m.span() for m in fast] == [m.span() for m in scan]


def test_overlapping_slot_words_are_all_tried() -> None:
    # "门票价格" holds "票价" and "价格": each start is a place a rule may begin.
    starts = [m.start() for m in _RX.slot_at.finditer("门票价格是30元")]
    assert starts == [0, 1, 2]
    updates = extract_updates("门票价格是30元", _CROSSWOZ)
    assert [(u.slot, u.value) for u in updates] == [("门票", "30元")]


def test_a_text_without_slot_words_still_gets_its_values() -> None:
    # No slot word: the rules are skipped, a value shaped like a rating is still read.
    updates = extract_updates("想找个4.5分以上的地方", _CROSSWOZ)
    assert [(u.slot, u.value) for u in updates] == [("评分", "4.5分以上")]


# --- intents: the English cues are skipped only where no letter could match them ------------


def _every_cue(text: str) -> dict[str, tuple[int, int]]:
    return {
        name: (len(strong.findall(text)) if strong else 0, len(weak.findall(text)) if weak else 0)
        for name, strong, weak in intents._COMPILED
    }


def _cues_used(text: str) -> dict[str, tuple[int, int]]:
    rules = intents._COMPILED if intents.LATIN_LETTER.search(text) else intents._COMPILED_ZH
    return {
        name: (len(strong.findall(text)) if strong else 0, len(weak.findall(text)) if weak else 0)
        for name, strong, weak in rules
    }


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="改成好的可以吗？?是我想 okyesıİſK\u212a", max_size=20))
def test_intent_cues_without_english_count_the_same(text: str) -> None:
    assert _cues_used(text) == _every_cue(text)


def test_letters_that_fold_to_english_still_reach_the_english_cues() -> None:
    # "ſure" is "sure" to a case-insensitive match: the English cues must still run.
    names = [i.name for i in classify_intents("好的，ſure", None)]
    assert "confirm" in names
    assert _cues_used("ſure") == _every_cue("ſure")


def test_confirmation_peeling_by_first_character_keeps_the_order() -> None:
    for first, words in intents._PEEL_BY_FIRST.items():
        assert list(words) == [w for w in intents._PEEL if w.startswith(first)]
    assert is_confirmation("好的谢谢")
    assert is_confirmation("ok, sure")
    assert not is_confirmation("好的，改成蓝色")
    assert not is_confirmation("okay then change it")


# --- caches ---------------------------------------------------------------------------------


def test_own_mentions_are_kept_per_text_and_reading_and_handed_out_as_copies() -> None:
    text = "这家酒店周边有什么景点"
    first = own_mentions(text, _CROSSWOZ)
    first.append((99, _CROSSWOZ.entities[0]))  # the caller's copy, not the cache's
    assert own_mentions(text, _CROSSWOZ) == [(2, _CROSSWOZ.entities[1])]
    # The same text read both ways: what is looked for nearby counts only when sought.
    sought = "在这家酒店周边的景点里找一个"
    hotel, sight = _CROSSWOZ.entities[1], _CROSSWOZ.entities[2]
    assert own_mentions(sought, _CROSSWOZ) == [(3, hotel), (8, sight)]
    assert own_mentions(sought, _CROSSWOZ, sought=False) == [(3, hotel)]
    assert own_mentions(sought, _CROSSWOZ) == [(3, hotel), (8, sight)]
    for i in range(20):  # many texts: the cache stays small and answers stay right
        assert own_mentions(f"第{i}家酒店", _CROSSWOZ) == [
            (3 + len(str(i)) - 1, _CROSSWOZ.entities[1])
        ]


_SUFFIXES = """
name: {name}
include_generic: false
entities:
  - {{name: shop, zh: [商店], name_suffixes: [{suffix}]}}
"""


def test_entity_of_name_is_kept_per_ontology() -> None:
    a = Ontology.from_yaml(_SUFFIXES.format(name="a", suffix="商行"))
    b = Ontology.from_yaml(_SUFFIXES.format(name="b", suffix="铺子"))
    assert a.entity_of_name("老王商行") is not None
    assert b.entity_of_name("老王商行") is None
    assert b.entity_of_name("老王铺子") is not None
    assert a.entity_of_name("老王铺子") is None
    assert a.entity_of_name("商行") is None  # the ending alone is no name
    # A bracketed branch aside, asked again: the same answer.
    assert a.entity_of_name("老王商行(东门店)") is a.entity_of_name("老王商行(东门店)")


def test_derived_values_are_built_once_per_ontology() -> None:
    onto = Ontology.from_yaml(_SUFFIXES.format(name="c", suffix="商行"))
    built: list[int] = []

    def build(o: Ontology) -> re.Pattern[str]:
        built.append(1)
        return re.compile("x")

    assert onto.derived("test.key", build) is onto.derived("test.key", build)
    assert built == [1]


# --- gates: the English words are skipped only where no letter could match them -------------


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="不要别可以那这刚它 donevrkasthiıİſK\u212a'", max_size=16))
def test_constraint_and_reference_gates_pass_the_same_texts(text: str) -> None:
    for module in (constraints, references):
        gate = module._GATE if intents.LATIN_LETTER.search(text) else module._GATE_NO_LATIN
        assert bool(gate.search(text)) == bool(module._GATE.search(text))
