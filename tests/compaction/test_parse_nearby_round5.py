"""What is near a place, round 5: lists before their kind word, after a remark or a count
that follows the kind, after "典型的有", before "都是在它周边", kind words inside a name,
requests for the list with no question word, and the places a question names by sight."""

from __future__ import annotations

from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.references import ParseContext
from ctxengine.messages import Message

from ._crosswoz import ONTO as CW
from ._crosswoz import asks, nearby


def test_a_list_before_its_kind_word() -> None:
    got = nearby("建议您去附近的甲面馆(东店)和乙饭庄餐馆。")
    assert got == {"周边餐馆": "甲面馆(东店)和乙饭庄"}
    assert nearby("它周边有甲纪念馆这个景点。") == {"周边景点": "甲纪念馆"}
    got = nearby("它附近有甲公园、乙古寺两个景点。")
    assert got == {"周边景点": "甲公园、乙古寺"}


def test_no_list_before_a_kind_without_names() -> None:
    # A name the kind word ends, kinds joined, and how many there are list nothing.
    got = nearby("附近还有甲楼(南店), 乙大饭店。", ("周边餐馆",))
    assert got == {"周边餐馆": "甲楼(南店), 乙大饭店"}
    assert nearby("周边的酒店和餐馆。") == {}
    assert nearby("这家宾馆周边还有很多好吃和好玩的。") == {}


def test_a_list_after_a_remark_or_a_count_that_follows_the_kind() -> None:
    got = nearby("景点挺多的，有甲公园, 乙塔等。", ("周边景点",), focus="餐馆")
    assert got == {"周边景点": "甲公园, 乙塔"}
    got = nearby("有不少好的饭馆呢，像 甲饭庄, 乙面馆等等。", ("周边餐馆",), focus="景点")
    assert got == {"周边餐馆": "甲饭庄, 乙面馆"}
    got = nearby("有2个景点是甲园, 乙湖。", ("周边景点",), focus="景点")
    assert got == {"周边景点": "甲园, 乙湖"}
    got = nearby("景点也是很多的，比如有：甲园、乙湖等等。", ("周边景点",), focus="景点")
    assert got == {"周边景点": "甲园、乙湖"}


def test_a_remark_on_how_many_then_the_ones_picked_out() -> None:
    got = nearby("周边饭馆很多，比较有名的有甲酒楼，宾馆有乙宾馆。", ("周边餐馆", "周边酒店"))
    assert got == {"周边餐馆": "甲酒楼", "周边酒店": "乙宾馆"}


def test_a_list_before_a_remark_on_nearness() -> None:
    text = "当然有啦，像甲饭庄, 乙面馆(西店)都是在它周边的。"
    assert nearby(text, ("周边餐馆",), focus="景点") == {"周边餐馆": "甲饭庄, 乙面馆(西店)"}
    # "有啊": yes, there are; no cue before the list.
    text = "有啊，甲宾馆, 乙酒店这些都在它周边呢。"
    assert nearby(text, ("周边酒店",), focus="景点") == {"周边酒店": "甲宾馆, 乙酒店"}


def test_where_to_stay_answers_the_one_nearby_slot_asked() -> None:
    got = nearby("您可以入住甲酒店(南店)或乙宾馆。", ("周边酒店",), focus="餐馆")
    assert got == {"周边酒店": "甲酒店(南店)或乙宾馆"}


def test_a_kind_word_inside_a_listed_name() -> None:
    got = nearby("评分是4分，附近还有甲度假酒店餐厅, 乙山庄餐厅。", ("评分", "周边餐馆"))
    assert got == {"周边餐馆": "甲度假酒店餐厅, 乙山庄餐厅"}
    # Two kinds side by side, no name before them: the first kind's list.
    assert nearby("周边酒店餐馆包括甲餐厅、乙酒店。") == {"周边酒店": "甲餐厅、乙酒店"}


def test_a_request_for_the_list_asks_for_it() -> None:
    assert asks("好，就定它了，周边饭馆和景点推荐一下。") == ["周边餐馆", "周边景点"]
    assert asks("麻烦给我介绍下附近的酒店。") == ["周边酒店"]
    # An amount searches among the neighbours: no list is asked for.
    assert asks("推荐一下附近评分4分以上的餐馆。") == []


def test_questions_name_places_by_sight_or_the_spot_to_eat() -> None:
    assert asks("这个公园的附近有啥好看的美景吗？") == ["周边景点"]
    assert asks("那它周边有没有吃饭的地儿？") == ["周边餐馆"]
    assert asks("这个景点的周边有没有吃饭的地啊？") == ["周边餐馆"]


def test_what_is_offered_instead_is_no_neighbour() -> None:
    assert nearby("抱歉，附近没有景点，推荐您去甲公园。", ("周边景点",)) == {}
    assert nearby("它周边没有宾馆，您可以入住甲酒店。", ("周边酒店",), focus="餐馆") == {}


def test_yes_and_what_there_is() -> None:
    # Even when the name holds another slot's word ("快递").
    got = nearby("是的，有一个快递博物馆。", ("周边景点",))
    assert got == {"周边景点": "快递博物馆"}
    got = nearby("也有啊，如甲宾馆, 乙酒店。", ("周边酒店",), focus="景点")
    assert got == {"周边酒店": "甲宾馆, 乙酒店"}
    got = nearby("有的呀，比如甲饭庄, 乙面馆。", ("周边餐馆",), focus="景点")
    assert got == {"周边餐馆": "甲饭庄, 乙面馆"}


def test_counts_and_yes_before_the_list() -> None:
    got = nearby("它附近有两个景点，甲公园, 乙湖。", ("周边景点",), focus="餐馆")
    assert got == {"周边景点": "甲公园, 乙湖"}
    got = nearby("周边餐馆有的啊是甲饭庄, 乙面馆。", ("周边餐馆",), focus="景点")
    assert got == {"周边餐馆": "甲饭庄, 乙面馆"}


def test_where_to_eat_from_there_is_a_neighbour_not_the_place() -> None:
    ctx = ParseContext(asked=("评分", "周边餐馆"), focus="酒店")
    text = "评分是4.3分，您住在那里的话可以去吃甲烤鸭店(南店)。"
    parsed = parse_message(Message.assistant(text), turn=1, ontology=CW, context=ctx)
    got = {u.slot: u.value for u in parsed.updates}
    assert got.get("周边餐馆") == "甲烤鸭店(南店)"
    assert "名称" not in got


def test_the_count_before_a_list_is_no_part_of_a_name() -> None:
    ctx = ParseContext(asked=("周边餐馆",), focus="景点")
    text = "只有两家店是甲火锅, 乙烤鸭店(南店)。"
    parsed = parse_message(Message.assistant(text), turn=1, ontology=CW, context=ctx)
    got = {u.slot: u.value for u in parsed.updates}
    assert got == {"周边餐馆": "甲火锅, 乙烤鸭店(南店)"}
    assert nearby("只有一家餐馆就甲火锅(南店)。", ("周边餐馆",)) == {"周边餐馆": "甲火锅(南店)"}
