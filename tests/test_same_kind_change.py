"""A bare "改成X" with no slot named changes the held value X is the same kind of thing as: the
one ending in the same word ("三年多次往返签证" for "日本单次旅游签证", "卧铺票" for "硬座票").
With no such value held, or a kind the ontology knows, the other readings stand."""

from __future__ import annotations

import pytest
from _review_harness import block, current_lines


def _current(*user: str) -> str:
    texts: list[str] = []
    for said in user:
        texts += [said, "好的。"]
    texts.append("继续。")
    return "\n".join(current_lines(block(*texts)))


@pytest.mark.parametrize(
    "first, change, now, old",
    [
        (
            "我要办日本单次旅游签证。",
            "改成三年多次往返签证吧。",
            "三年多次往返签证",
            "单次旅游签证",
        ),
        ("我要办日本单次旅游签证。", "还是换成五年多次签证吧。", "五年多次签证", "单次旅游签证"),
        ("我要买一张硬座票。", "换成卧铺票吧。", "卧铺票", "硬座票"),
        ("我想订一个双人套餐。", "改成四人套餐吧。", "四人套餐", "双人套餐"),
        ("我要买一张单程机票。", "换成往返机票吧。", "往返机票", "单程机票"),
    ],
)
def test_bare_change_to_same_kind(first: str, change: str, now: str, old: str) -> None:
    current = _current(first, change)
    assert now in current
    assert old not in current


@pytest.mark.parametrize(
    "first, change, kept, absent",
    [
        # No held value ends in the same word: too vague to assign.
        ("我想订标准间。", "改成大床房吧。", "标准间", "大床房"),
        # A kind the ontology knows names its own slot.
        ("我要办日本单次旅游签证。", "改成明天吧。", "日本单次旅游签证", "商品=明天"),
        ("我要买一张硬座票。", "换成顺丰吧。", "硬座票", "商品=顺丰"),
        # A description or a pointer names no thing.
        ("我要买一张硬座票。", "换成便宜一点的吧。", "硬座票", "便宜"),
        ("我要买一张硬座票。", "帮我换成大一号的。", "硬座票", "大一号"),
        # A change refused or told of is none.
        ("我要买一张硬座票。", "别换成卧铺票。", "硬座票", "卧铺票"),
        # A named slot is changed by its name.
        (
            "我要办日本单次旅游签证。",
            "签证类型改成三年多次往返签证吧。",
            "签证类型=三年多次往返签证",
            "xx",
        ),
    ],
)
def test_no_same_kind_change(first: str, change: str, kept: str, absent: str) -> None:
    current = _current(first, change)
    assert kept in current
    assert absent not in current


@pytest.mark.parametrize("said", ["我要申请退款。", "我要办一下手续。", "我想申请售后。"])
def test_service_applied_for_is_no_thing(said: str) -> None:
    assert "商品" not in _current(said)
