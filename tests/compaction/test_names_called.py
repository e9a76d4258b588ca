"""A name said with "叫" / "is called" as with "是" / "is": "收货人叫张伟", "The recipient is
called Tom Baker" give the name itself; "叫" telling someone to do something gives none."""

from __future__ import annotations

import pytest
from _review_harness import block, current_text

from ctxengine.compaction.ontology import generic_ontology
from ctxengine.compaction.slots import extract_updates


def _values(text: str) -> dict[str, str]:
    return {u.slot: u.value or "" for u in extract_updates(text, generic_ontology())}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("收货人叫张伟，电话13812345678。", "张伟"),
        ("收货人名叫李娜。", "李娜"),
        ("收货人叫做王强", "王强"),
        ("收货人叫欧阳娜娜。", "欧阳娜娜"),
        ("收货人叫张三丰。", "张三丰"),
        ("The recipient is called Tom Baker.", "Tom Baker"),
        ("The recipient is named Ann Lee, phone 415-555-0100.", "Ann Lee"),
        ("My recipient is called Li Wei.", "Li Wei"),
    ],
)
def test_name_said_with_called(text: str, name: str) -> None:
    assert _values(text).get("recipient") == name


@pytest.mark.parametrize(
    "text",
    [
        # 叫 as "tell (someone) to": no name follows.
        "收货人叫快递放门口",
        "收货人叫他明天再送",
        "收货人叫我帮忙签收一下",
        "收货人叫你别打电话",
        "收货人叫快递员送到楼下",
        # Asked: no value.
        "收货人叫什么？",
        "收货人叫什么名字",
        "收货人叫啥来着？",
    ],
)
def test_called_without_a_name_sets_nothing(text: str) -> None:
    assert "recipient" not in _values(text)


def test_called_name_is_current_in_the_block() -> None:
    text = block("收货人叫张伟，电话13812345678。", "好的。", "收货人改成李娜。", "好的。", "继续")
    current = current_text(text)
    assert "收货人=李娜" in current
    assert "收货人=张伟" not in current


def test_is_called_value_has_no_verb() -> None:
    text = block("The recipient is called Tom Baker.", "OK.", "Go.")
    current = current_text(text)
    assert "recipient=Tom Baker" in current
    assert "called" not in current
