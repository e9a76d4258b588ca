"""The gates of the rule path find what the scans they skip would find.

Each gate (characters a phrase needs, words every naming cue holds, the ends a name may have,
a digit a value pattern needs) is checked against the plain scan on sentences built to reach
it and on texts made of its pieces; the parses that anchor and weigh in place are checked
against the copies they replace.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.compaction import intents, patterns, slot_phrases, slots
from ctxengine.compaction.ontology import ONTOLOGY_DIR, Ontology, anchor, load_builtin
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.parse_rules import _weighed, parse_rules
from ctxengine.compaction.schema import SlotUpdate
from ctxengine.compaction.slots import _DIGIT, _needs_digit
from ctxengine.messages import Message

_CROSSWOZ = load_builtin("crosswoz")

# --- phrases: skipped only in a text without a character every match holds ----------------

# One sentence per gated phrase (each is checked to reach one), and a few that reach none.
_PHRASE_SENTENCES = [
    "我想买一台小米平板",
    "麻烦10月12日前送到",
    "我推荐您去颐和园走走",
    "我想吃麻婆豆腐",
    "有地三鲜这个菜吗",
    "最好有锅包肉",
    "有能做水煮鱼的餐馆吗",
    "哪家餐馆有酸菜鱼",
    "谁家的烤鸭好吃",
    "糖醋里脊做得好的餐馆",
    "有煎饼可以吃吗",
    "想吃的菜有：卤煮火烧",
    "好馋羊肉串了",
    "它家的炸酱面味道不错",
    "招牌菜很多，有红烧肉、糖醋鱼等",
    "听说这里的豆汁很地道",
    "帮我找一家有麻辣烫，人均50元的餐馆",
    "它家有红烧肉吗，我就想吃这道菜",
    "可以玩3小时的景点",
    "每晚350元",
    "他家的招牌是烤鸭",
    "烤鸭是他家的特色菜",
    "推荐您去四季民福，他家有招牌烤鸭。",
    "350元一晚",
    "我们现在6个人了",
    "把合同翻译成德语",
    "我要办日本旅游签证",
    "Send it home after all — 14 Elm Rd, Newton, MA 02458.",
    "寄到家里吧，福田区景田北路 88 号",
    "今天天气不错",
    "地址是什么",
]
_GATED = [p for p in slot_phrases._PHRASES if p.needs]


def test_every_gated_phrase_is_reached_and_its_match_holds_what_it_needs() -> None:
    for p in _GATED:
        reached = [t for t in _PHRASE_SENTENCES if p.rx.search(t)]
        assert reached, p.rx.pattern
        assert all(not p.needs.isdisjoint(t) for t in reached), p.rx.pattern


_PHRASE_PIECES = [
    *("想", "要", "买", "订", "吃", "喝", "尝", "做", "有", "去", "推荐", "您", "找", "一家"),
    *("这个菜", "的餐馆", "哪家", "谁家", "馋", "了", "它家的", "这里的", "很好吃", "玩"),
    *("3小时", "10月2日", "前", "送到", "和", "，", "红烧肉", "豆腐", "故宫", "餐馆", "可以"),
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PHRASE_PIECES), max_size=12))
def test_no_phrase_matches_a_text_without_what_it_needs(pieces: list[str]) -> None:
    text = "".join(pieces)
    for p in _GATED:
        assert p.rx.search(text) is None or not p.needs.isdisjoint(text), (p.rx.pattern, text)


def test_phrase_updates_equal_the_ungated_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = {t: slot_phrases.phrase_updates(t, _CROSSWOZ) for t in _PHRASE_SENTENCES}
    plain = tuple(
        slot_phrases.Phrase(p.rx, p.slot, p.confidence, p.in_question, p.english)
        for p in slot_phrases._PHRASES
    )
    monkeypatch.setattr(slot_phrases, "_PHRASES", plain)
    onto = Ontology.from_yaml(ONTOLOGY_DIR / "crosswoz.yaml")  # fresh: no phrases cached
    for text, hits in fast.items():
        assert slot_phrases.phrase_updates(text, onto) == hits, text


# --- names said with a cue, names before "这家+kind", strong cues --------------------------

_SAID_SENTENCES = [
    "有一家名叫老北京炸酱面的馆子",
    "您看百花深处胡同怎么样",
    "，静心斋是一个非常好的地方",
    "，红螺寺还不错",
    "找到一家是金鼎轩(地坛店)",
    "只有鸿宾楼最符合您的要求",
    "符合你的要求：新侨饭店",
    "推荐您入住和平宾馆吧",
    "有一家餐厅叫小肠陈",
    "只找到一个人均消费是60元的四季民福，您看行吗",
    "您可以看看景山公园这个景点",
]
_SAID_PIECES = [
    *("叫", "名叫", "您看", "怎么样", "，", "是", "一个", "非常", "好", "的", "不错", "找到"),
    *("一家", "只有", "符合", "您", "要求", "：", "推荐", "入住", "这家", "酒店", "故宫"),
    *("地方", "满足", "贴近", "美味", "可以考虑", "行吗", "看看", "这个景点", "去", "选"),
]


def test_the_naming_gates_pass_every_sentence_the_patterns_read() -> None:
    for text in _SAID_SENTENCES:
        if slot_phrases._NAME_SAID.search(text):
            assert slot_phrases._NAME_SAID_GATE.search(text), text
        if slot_phrases._NAME_THIS_KIND.search(text):
            assert slot_phrases._THIS_KIND.search(text), text
    assert sum(bool(slot_phrases._NAME_SAID.search(t)) for t in _SAID_SENTENCES) >= 10


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_SAID_PIECES), max_size=12))
def test_no_naming_cue_matches_a_text_its_gate_turns_away(pieces: list[str]) -> None:
    text = "".join(pieces)
    if slot_phrases._NAME_SAID.search(text):
        assert slot_phrases._NAME_SAID_GATE.search(text)
    if slot_phrases._NAME_THIS_KIND.search(text):
        assert slot_phrases._THIS_KIND.search(text)
    if slot_phrases._STRONG_CUE.search(text):
        assert "去" in text or "选" in text or "推荐" in text


# --- names at a clause start: only the ends after a whole suffix are tried -----------------

_NAME_PIECES = [
    *("北京", "西山", "大", "酒店", "店", "公园", "园", "人家", "家", "小吃", "街小吃", "餐厅"),
    *("(", "（", "王府井店", ")", "）", "和", "、", "，", "推荐", "去", "的", "门票", "都不错"),
    *("这家", "吃", " ", "A"),
]


def _ends_agree(text: str) -> None:
    ends = slot_phrases._suffix_ends(text, _CROSSWOZ)
    for pos in range(len(text) + 1):
        plain = slot_phrases._shortest_name(text, pos, _CROSSWOZ, verified=True)
        fast = slot_phrases._shortest_name(text, pos, _CROSSWOZ, verified=True, suffix_ends=ends)
        assert fast == plain, (text, pos)
        if not slot_phrases._may_end(text, pos, ends):
            assert plain is None, (text, pos)


def test_name_ends_from_the_suffixes_are_the_scanned_ends() -> None:
    for text in [
        "推荐您去西山大酒店，门票都不错",
        "北京小吃街小吃和西山人家都不错",
        "去王府井(金鱼胡同店)吃吧",
        "这家酒店的门票",
        "没有一个名字",
    ]:
        _ends_agree(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_NAME_PIECES), max_size=10))
def test_name_ends_agree_on_any_text_of_name_pieces(pieces: list[str]) -> None:
    _ends_agree("".join(pieces))


# --- value patterns: one that needs a digit is skipped in a text without one ---------------


def test_needs_digit_reads_only_what_it_is_sure_of() -> None:
    sure = [r"\d", r"\d{1,2}点", r"(?:a|b)\d+", r"[^]]\d", r"(?i)x\d"]
    unsure = [r"\d?", r"a|\d", r"(\d)", r"[\d]", r"\d{0,2}", r"\d{,2}", r"\d*", r"(?x)\d"]
    unsure += [r"x\\d", r"[]\d]", r"(?<=\d)x"]
    assert all(_needs_digit(p) for p in sure)
    assert not any(_needs_digit(p) for p in unsure)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="分周一至日午餐:：-–~ .GBTabc以上下非营业时段全天放假", max_size=40))
def test_a_pattern_said_to_need_a_digit_finds_nothing_without_one(text: str) -> None:
    assert _DIGIT.search(text) is None
    for name in ("crosswoz", "ecommerce", "generic"):
        for _slot, rx in load_builtin(name).value_patterns:
            if _needs_digit(rx.pattern):
                assert rx.search(text) is None, rx.pattern


# --- in place instead of copies --------------------------------------------------------------

_TURNS = [
    Message.user("帮我找一家评分4.5分以上、人均消费100元以内的餐馆"),
    Message.assistant("推荐您去西山大酒店，评分4.6分，电话是010-62345678"),
    Message.user("这家酒店有叫醒服务吗？地址在哪"),
]


def test_anchoring_in_place_gives_the_anchored_copy() -> None:
    for msg in _TURNS:
        copied = anchor(parse_rules(msg, turn=1, ontology=_CROSSWOZ), _CROSSWOZ)
        fast = parse_message(msg, turn=1, ontology=_CROSSWOZ)
        assert fast == copied
        assert fast.model_fields_set == copied.model_fields_set


def test_an_update_listed_twice_is_weighed_once_per_listing() -> None:
    u = SlotUpdate(entity="餐馆", slot="评分", value="4.5分", raw="评分4.5分", confidence=0.5)
    twice = _weighed([u, u], _CROSSWOZ)
    assert [w.confidence for w in twice] == [0.4, 0.4]
    assert u.confidence == 0.5  # copied, not changed
    once = _weighed([u], _CROSSWOZ)
    assert once[0].confidence == 0.4 and once[0].criterion


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="中文字abc 12，。\u3400\u4dbf\u9fff\uf900\n😀", max_size=30))
def test_cjk_count_without_a_list_is_the_count_of_the_list(text: str) -> None:
    cjk = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
    assert len(intents._NOT_CJK.sub("", text)) == len(cjk.findall(text))


_CUE_PIECES = [
    *("没有", "没", "无", "不带", "不含", "不提供", "不包括", "有", "久", "都", "的", "和", "、"),
    *("从", "坐地铁", "打车", "到", "去", "至", "西单", "国贸大厦", "，", "停车场", "健身房"),
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_CUE_PIECES), max_size=10))
def test_absences_and_trips_hold_the_words_their_gates_look_for(pieces: list[str]) -> None:
    text = "".join(pieces)
    if slots._ABSENT_ZH.search(text):
        assert "没" in text or "无" in text or "不" in text
    if slot_phrases._FROM_TO.search(text):
        assert "从" in text


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="周星期礼拜明天后下个月 1@/_($ nextJanMayıİſ\u212a", max_size=16))
def test_the_evidence_gate_without_letters_passes_the_same_texts(text: str) -> None:
    gate = patterns._GATE if intents.LATIN_LETTER.search(text) else patterns._GATE_NO_LATIN
    assert bool(gate.search(text)) == bool(patterns._GATE.search(text))


_RULE_PIECES = [
    *("地址", "评分", "价格", "颜色", "改成", "换", "推迟到", "提前到", "设为", "是", "要"),
    *(":", "=", "：", " is ", "蓝色", "4.5分", "北京", "，", " ", "the color", "ſ", "İ"),
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_RULE_PIECES), max_size=8))
def test_the_change_and_english_rules_hold_what_their_gates_look_for(pieces: list[str]) -> None:
    text = "".join(pieces)
    rx = _CROSSWOZ.derived("slots", slots._compile)
    if rx.zh_change.search(text):
        assert not slots._CHANGE_CHARS.isdisjoint(text)
    if rx.en_set.search(text):
        assert intents.LATIN_LETTER.search(text) or "=" in text or ":" in text


_REF_PIECES = [
    *("全聚德", "(前门店)", "的", "地址", "电话", "是", "多少", "周边", "附近", "有", "在哪"),
    *("怎么样", "具体", "，", "请问", "把", "告诉我", "北京", "饭店", "好的", "那么"),
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_REF_PIECES), max_size=8))
def test_a_name_asked_about_is_read_only_where_its_gate_lets_it(pieces: list[str]) -> None:
    text = "".join(pieces)
    rx = _CROSSWOZ.derived("slots", slots._compile)
    no_slot_word = rx.slot_at.search(text) is None
    if no_slot_word and slot_phrases._NAME_REF_CUE.search(text) is None:
        assert slot_phrases._name_references(text, _CROSSWOZ) == []
    fast = slot_phrases.phrase_updates(text, _CROSSWOZ, slot_words=not no_slot_word)
    assert fast == slot_phrases.phrase_updates(text, _CROSSWOZ)
