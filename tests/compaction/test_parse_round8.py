"""Values the rule parser used to miss (round 8): dish names that start with 美食, stations
with a line number, a long remark before an amount, a name after a negated modifier, a kind
word inside a name, ..."""

from __future__ import annotations

from ctxengine.compaction.outcomes import denied_spans
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.references import ParseContext
from ctxengine.messages import Message

from ._crosswoz import ONTO, START, asks, dishes, names, reply, said, slot_values


def test_a_dish_whose_name_starts_with_the_word_for_food() -> None:
    assert dishes("哪家店有美食城招牌鸭这个菜？") == ["美食城招牌鸭"]
    # "美食" alone is still no dish.
    assert dishes("有美食这个菜吗？") == []


def test_a_station_with_its_line_number_before_the_exit() -> None:
    got = reply(
        "我想从王府井坐地铁到颐和园，在哪个站上车？",
        "在西四地铁站4号线B口上车，在北宫门地铁站C口下车。",
    )
    assert got.get(START) == "西四地铁站4号线B口"


def test_a_long_remark_ended_by_de_before_the_amount() -> None:
    got = reply("那里的人均消费是100元以下吗？", "人均消费倒是比您预计的要贵上一点的是168元。")
    assert got.get("人均消费") == "168元"


def test_a_name_after_a_negated_modifier_is_still_offered() -> None:
    text = "只找到一个门票免费的，但没有电话的北京石刻艺术博物馆，您看行吗？"
    assert "北京石刻艺术博物馆" in names(text, "assistant")


def test_a_kind_word_inside_a_name_is_no_focus() -> None:
    # "…饭店" ends a hotel's name here: the message is about that hotel, not a restaurant.
    text = "北京国际饭店的附近有什么景点？"
    assert parse_message(Message.user(text), turn=1, ontology=ONTO).focus == "酒店"


def _reply_names(question: str, answer: str) -> list[str | None]:
    """The names an assistant's `answer` gives, said right after the user asked `question`."""
    asked = parse_message(Message.user(question), turn=1, ontology=ONTO)
    ctx = ParseContext(asked=tuple(asked.asks), focus=asked.focus)
    parsed = parse_message(Message.assistant(answer), turn=1, ontology=ONTO, context=ctx)
    return [u.value for u in parsed.updates if u.slot == "名称"]


def test_a_request_for_a_place_asks_for_its_name() -> None:
    assert "名称" in asks("能帮我找一家人均消费100元左右的餐馆吗？")
    assert "名称" in asks("哪个景点的门票是免费的？")
    # What is near a place is a list, read as such.
    assert "名称" not in asks("故宫附近有什么好吃的餐馆吗？")


def test_names_listed_with_a_verdict_answer_the_request() -> None:
    got = _reply_names(
        "能帮我找一家人均消费100元左右的餐馆吗？", "云栖和松风阁(望京店)都不错，你可以去看看。"
    )
    assert got == ["云栖", "松风阁(望京店)"]


def test_a_short_name_after_assent_with_a_verdict() -> None:
    got = _reply_names("给我推荐一个免费的景点吧。", "好的，鹤鸣亭不错，评分4.6分。")
    assert got == ["鹤鸣亭"]


def test_the_name_after_what_was_found() -> None:
    got = _reply_names("帮我找个游玩1小时的景点呗。", "符合您要求的景点是琴台，门票免费。")
    assert got == ["琴台"]


def test_a_name_with_a_kind_suffix_before_any_remark() -> None:
    got = _reply_names("再推荐一家评分4.5分以上的酒店吧？", "我同事说北京云锦大酒店蛮好的。")
    assert got == ["北京云锦大酒店"]


def test_no_name_in_a_reply_that_found_nothing_or_only_remarks() -> None:
    assert _reply_names("帮我找个免费的景点好吗？", "不好意思，也没有哦。") == []
    assert _reply_names("帮我找个免费的景点好吗？", "当然可以，稍等一下。") == []
    # Without a request, a clause-start word before a verdict is no name.
    assert _reply_names("它的电话是多少？", "鹤鸣亭不错，电话是010-12345678。") == []


def test_a_trip_end_with_latin_words_keeps_its_spaces() -> None:
    got = slot_values("明天我要从王府井饭店到老舍Blue Frog Bar去，坐地铁怎么走？")
    assert got.get("目的地") == "老舍Blue Frog Bar"


def test_a_latin_name_asked_about_after_a_request_verb() -> None:
    assert names("请帮我找一下Joe's Kitchen Club(国贸店)餐馆的电话。") == [
        "Joe's Kitchen Club(国贸店)"
    ]


def test_a_name_after_a_request_to_look_it_up() -> None:
    assert names("嗯，那帮我查下松云观的评分。") == ["松云观"]


def test_a_name_followed_by_the_pronoun_for_it() -> None:
    assert names("好的，Green Lantern他家都有什么推荐菜？") == ["Green Lantern"]


def test_dishes_parted_by_full_width_commas_up_to_a_remark() -> None:
    got = dishes("推荐菜有萝卜丝饼，蟹粉小笼，桂花糖藕，味道都很地道。", "assistant")
    assert got == ["萝卜丝饼，蟹粉小笼，桂花糖藕"]
    # A remark after a single dish is no second dish.
    assert dishes("推荐菜有萝卜丝饼，口碑很好。", "assistant") == ["萝卜丝饼"]


def test_dishes_parted_by_a_space() -> None:
    assert dishes("想找一家推荐菜有葱油饼 酱牛肉的餐馆。") == ["葱油饼 酱牛肉"]


def test_a_place_not_yet_visited_is_not_denied() -> None:
    assert denied_spans("没去过鹤鸣亭的话，我推荐你去看看。") == []
    assert denied_spans("附近没有鹤鸣亭这样的景点。") == ["鹤鸣亭这样"]


def test_what_a_named_place_lacks_is_denied_not_the_place() -> None:
    assert denied_spans("只有一个没有评分的鹤鸣亭，您看行吗？") == ["评分"]
    # What the user wants, said before 的, is missing itself.
    assert denied_spans("这里没有您要吃的桂花糖藕。") == ["您要吃的桂花糖藕"]


def test_one_place_asked_for_among_a_places_neighbours() -> None:
    question = "请在松云观周边的餐馆里给我推荐一家评分4.5分以上的餐馆。"
    assert "名称" in asks(question)
    got = _reply_names(question, "抱歉，没有这么高的，建议您去周边清泉小馆这家餐馆尝尝。")
    assert got == ["清泉小馆"]


def test_the_name_after_then_i_recommend() -> None:
    got = _reply_names("帮我找个免费的景点吧。", "那我推荐您鹤鸣亭，它的评分是4.6分。")
    assert got == ["鹤鸣亭"]


def test_a_feature_between_a_verb_and_de_describes_the_place() -> None:
    got = said("没有经济型的，推荐您去豪华型的北京云锦大酒店。", "assistant")
    assert ("酒店", "酒店类型", "豪华型") in got
    # Not a wish turned down: "不想去免费的景点".
    assert slot_values("我不想去免费的景点，要收费的那种。").get("门票") is None


def test_a_name_the_reply_knows_with_its_facts_after_it() -> None:
    got = _reply_names(
        "有没有人均50元左右能做糖醋排骨的餐馆？",
        "没有完全符合的，我知道清泉小馆推荐菜有糖醋排骨，人均消费42元。",
    )
    assert got == ["清泉小馆"]


def test_a_name_ended_by_its_branch_before_any_remark() -> None:
    question = "帮我推荐一家人均消费50元以下的餐馆吧。"
    got = _reply_names(question, "没有完全符合的，相对比下清泉小馆（西单店）我觉得更合适。")
    assert got == ["清泉小馆（西单店）"]
    got = _reply_names(question, "有一家是清泉小馆（西单店）吃这个菜最地道。")
    assert got == ["清泉小馆（西单店）"]
