"""Segmentation: jieba words for Chinese, lowercase words for English, both in mixed text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.memory.segment import index_tokens, query_terms, tokens


def test_two_character_chinese_word_is_a_token() -> None:
    assert "价格" in tokens("这款耳机的价格上涨了百分之十")


def test_english_is_lowercased_words_without_punctuation() -> None:
    assert tokens("Dark-Mode, please! v1.2") == ["dark", "mode", "please", "v1", "2"]


def test_mixed_text_keeps_both_languages() -> None:
    toks = tokens("周五和Alice讨论API价格")
    assert "alice" in toks
    assert "api" in toks
    assert "价格" in toks


def test_index_adds_single_han_characters_for_one_character_queries() -> None:
    toks = index_tokens("我家的橘猫很可爱")
    assert "猫" in toks
    assert set(query_terms("猫")) <= set(toks)


def test_query_drops_stopwords_but_not_everything() -> None:
    assert "的" not in query_terms("产品的价格")
    assert query_terms("the") == ["the"]


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=80))
def test_tokens_are_nonempty_alphanumeric_runs(text: str) -> None:
    for tok in index_tokens(text):
        assert tok
        assert all(ch.isalnum() for ch in tok)
        assert tok == tok.lower()
