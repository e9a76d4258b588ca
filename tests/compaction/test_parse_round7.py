"""Values the rule parser used to miss (round 7): opening hours given as the days open
all day, ..."""

from __future__ import annotations

from ._crosswoz import asks, reply


def test_hours_open_all_day_answer_the_question_without_their_slot_word() -> None:
    got = reply("它的营业时间呢？", "周一至周日 全天都营业，所以什么时候去都行。")
    assert got.get("营业时间") == "周一至周日 全天"


def test_recommended_dishes_asked_with_a_particle_inside_the_slot_word() -> None:
    assert asks("那家店有什么推荐的菜品吗？") == ["推荐菜"]
    got = reply("那家店有什么特色的菜吗？", "挺多的，像香酥鸭、拔丝山药都不错。")
    assert got.get("推荐菜") == "香酥鸭、拔丝山药"
