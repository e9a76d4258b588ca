"""Chinese food groups an allergy or a diet is said of, and the foods each holds.

"我搞错了，老人是对花生过敏，不是海鲜" takes back a ban said for seafood in its foods' names
("菜里不能有虾蟹"): the ban named no group, so only the group's members tell that it was one.
The table is small and closed on purpose: a food not listed is of no group, and a ban on it is
never lifted by a group's name.
"""

from __future__ import annotations

import re

# Each group by its names, then its foods (longer names first where one holds another).
_GROUPS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("海鲜", "海产", "海产品", "水产", "水产品"),
        (
            *("龙虾", "小龙虾", "虾仁", "虾皮", "虾米", "虾", "螃蟹", "大闸蟹", "蟹黄", "蟹"),
            *("扇贝", "贝类", "贝", "生蚝", "牡蛎", "蚝", "海螺", "螺", "蛤蜊", "蛤", "蚌"),
            *("鱿鱼", "墨鱼", "章鱼", "八爪鱼", "海参", "鲍鱼", "三文鱼", "带鱼", "鱼虾", "鱼"),
        ),
    ),
    (
        ("坚果",),
        (
            *("花生", "核桃", "杏仁", "腰果", "榛子", "开心果", "松子", "碧根果", "夏威夷果"),
            *("栗子", "板栗"),
        ),
    ),
    (("奶制品", "乳制品", "奶类"), ("牛奶", "奶酪", "芝士", "黄油", "奶油", "酸奶", "奶")),
    (("蛋类", "禽蛋"), ("鸡蛋", "鸭蛋", "鹌鹑蛋", "蛋黄", "蛋清", "蛋")),
)
_JOIN = re.compile(r"[和与及、跟或,，]|以及")


def group_of(name: str) -> tuple[str, ...] | None:
    """The foods of the group `name` names ("海鲜"), or None if it names none."""
    return next((foods for names, foods in _GROUPS if name in names), None)


def all_of_group(thing: str, foods: tuple[str, ...]) -> bool:
    """Whether `thing` ("虾蟹", "虾和蟹", "海鲜") is foods of one group only, each listed."""
    rest = _JOIN.sub("", thing)
    if not rest:
        return False
    while rest:
        food = next((f for f in foods if rest.startswith(f)), None)
        if food is None:
            return False
        rest = rest[len(food) :]
    return True
