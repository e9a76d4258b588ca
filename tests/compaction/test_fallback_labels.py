"""The task slots a phrase fills with no slot declared (a party's size, a stay's length) are
written in the block's language: a Chinese block showed ``任务.people=6个人``."""

from __future__ import annotations

import pytest

from ctxengine.compaction.ontology import load_builtin


@pytest.mark.parametrize(
    ("key", "zh"),
    [
        ("task.people", "任务.人数"),
        ("task.duration", "任务.时长"),
        ("task.flight", "任务.航班"),
        ("task.product", "任务.商品"),
    ],
)
def test_a_fallback_slot_is_written_in_chinese(key: str, zh: str) -> None:
    assert load_builtin("generic").labels("zh").key(key) == zh


@pytest.mark.parametrize("key", ["task.people", "task.duration", "task.flight", "task.product"])
def test_an_english_block_keeps_the_name(key: str) -> None:
    assert load_builtin("generic").labels("en").key(key) == key


def test_a_declared_slot_keeps_its_own_label() -> None:
    # The e-commerce ontology declares `product` with words of its own (or none): the
    # fallback label never replaces a declared slot's.
    onto = load_builtin("ecommerce")
    declared = onto.slot("product")
    label = onto.labels("zh").slot("product")
    if declared is not None and declared.zh:
        assert label == declared.zh[0] or label in declared.zh
