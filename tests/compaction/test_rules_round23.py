"""Rules lifted or replaced in the words of the third review round: "电车其实也行" after
"别给我订电车", the hedge between the thing and the cue, the thing a rule's verb takes."""

from __future__ import annotations

import pytest

from ._ledger import LedgerSession


def _active(*turns: str) -> list[str]:
    return LedgerSession(*turns).active()


# ---------------------------------------------------------------- "X其实也行" lifts "别订X"


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("别给我订电车。", "电车其实也行，小区刚装了充电桩。"),
        ("不要给我买油车。", "油车其实也可以。"),
        ("别给我订高铁。", "高铁现在也行了。"),
        ("不要朝北的。", "朝北的其实也可以接受。"),
    ],
)
def test_zh_thing_also_ok_lifts_rule(rule: str, later: str) -> None:
    assert rule.rstrip("。") not in _active(rule, later)


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("别给我订电车。", "地铁其实也行。"),  # another thing: the rule stays
        ("别给我订电车。", "电车其实也行吗？"),  # asked, not granted
    ],
)
def test_zh_thing_also_ok_near_miss_keeps_rule(rule: str, later: str) -> None:
    assert rule.rstrip("。") in _active(rule, later)
