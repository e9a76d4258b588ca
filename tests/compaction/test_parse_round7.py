"""Values the rule parser used to miss (round 7): opening hours given as the days open
all day, ..."""

from __future__ import annotations

from ._crosswoz import reply


def test_hours_open_all_day_answer_the_question_without_their_slot_word() -> None:
    got = reply("它的营业时间呢？", "周一至周日 全天都营业，所以什么时候去都行。")
    assert got.get("营业时间") == "周一至周日 全天"
