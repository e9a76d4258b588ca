"""A preference that stated one search's criterion ("最好评分在4.5分以上" for the hotel being
looked for) is met once that search is over: the place found keeps the criterion, the
constraints section no longer repeats it. A polite request ("最好把电话告诉我一下") is no rule."""

from __future__ import annotations

from ctxengine.compaction.constraints import extract_constraints
from ctxengine.compaction.state import SessionState

from ._crosswoz import replay as replay_crosswoz

EVENTS: list[str] = []  # the audit event kinds of the last replay


def replay(turns: list[tuple[str, str]]) -> SessionState:
    EVENTS.clear()
    return replay_crosswoz(turns, EVENTS)


def status(s: SessionState, text: str) -> str:
    return next(e.status for e in s.ledger.entries if e.text == text)


HOTEL = [
    ("user", "帮我找一家酒店，最好评分在4.5分以上。"),
    ("assistant", "为您推荐松风酒店，它很符合您的要求。"),
    ("user", "它的电话是多少？"),
    ("assistant", "电话是010-55556666。"),
]


def test_a_preference_stays_active_while_its_search_is_open() -> None:
    s = replay(HOTEL)
    assert status(s, "最好评分在4.5分以上") == "active"


def test_the_next_search_of_the_kind_ends_the_preference_the_place_keeps_the_criterion() -> None:
    s = replay([*HOTEL, ("user", "再帮我找一家价格在300元以下的酒店。")])
    assert status(s, "最好评分在4.5分以上") == "met"
    assert "met" in EVENTS
    block = s.render()
    assert "最好评分在4.5分以上" not in block
    assert "4.5分以上" in block  # kept as the hotel's criterion


def test_a_preference_said_to_last_stays_active() -> None:
    s = replay(
        [
            ("user", "帮我找一家酒店，以后最好评分都在4.5分以上。"),
            *HOTEL[1:],
            ("user", "再帮我找一家价格在300元以下的酒店。"),
        ]
    )
    assert all(e.status == "active" for e in s.ledger.entries if "4.5分以上" in e.text)


def test_a_polite_request_is_no_rule() -> None:
    assert extract_constraints("最好把它的电话和地址告诉我一下。") == []
    assert extract_constraints("最好把周边的酒店也查一下") == []
    assert [c.text for c in extract_constraints("最好不要太吵")] == ["最好不要太吵"]


def test_a_fact_within_the_request_is_no_alternative_the_preference_stays() -> None:
    # "4.6分" meets "4.5分以上": going on with the place accepts no relaxed rule.
    s = replay(
        [
            ("user", "帮我找一家酒店，最好评分在4.5分以上。"),
            ("assistant", "为您推荐松风酒店，评分是4.6分。"),
            ("user", "好的，它的电话是多少？"),
            ("assistant", "电话是010-55556666。"),
        ]
    )
    assert status(s, "最好评分在4.5分以上") == "active"
    assert "relaxed" not in EVENTS


def test_a_fact_outside_the_request_taken_relaxes_the_preference() -> None:
    s = replay(
        [
            ("user", "帮我找一家酒店，最好评分在4.5分以上。"),
            ("assistant", "没有找到符合条件的，为您推荐松风酒店，评分是4.2分。"),
            ("user", "好的，它的电话是多少？"),
            ("assistant", "电话是010-55556666。"),
        ]
    )
    assert status(s, "最好评分在4.5分以上") == "relaxed"
