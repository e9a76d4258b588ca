"""A reply that lists what is near a place names neighbours, not the place it is about."""

from __future__ import annotations

from ctxengine.compaction.ontology import load_builtin
from ctxengine.compaction.parse import parse_message
from ctxengine.compaction.references import ParseContext
from ctxengine.messages import Message

CROSSWOZ = load_builtin("crosswoz")


def names_of(text: str, asked: tuple[str, ...]) -> list[str]:
    ctx = ParseContext(asked=asked, focus="景点")
    parsed = parse_message(Message.assistant(text), turn=2, ontology=CROSSWOZ, context=ctx)
    return [u.value or "" for u in parsed.updates if u.slot == "名称"]


def test_names_listed_as_the_neighbours_asked_for_are_not_the_place() -> None:
    # Asked what is nearby: the listed restaurant is a neighbour; only the one the reply
    # recommends by name is a place of its own.
    assert names_of("推荐您去松鹤楼饭庄和老街烤鸭店。", ("周边餐馆",)) == ["松鹤楼饭庄"]
    # Not asked about the neighbourhood: both names are candidates.
    assert names_of("推荐您去松鹤楼饭庄和老街烤鸭店。", ()) == ["松鹤楼饭庄", "老街烤鸭店"]


def test_a_recommended_neighbour_is_still_the_place() -> None:
    text = "附近有松鹤楼饭庄、老街烤鸭店。我推荐您去松鹤楼饭庄。"
    assert names_of(text, ("周边餐馆",)) == ["松鹤楼饭庄"]
