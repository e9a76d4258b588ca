"""A link ends where the Chinese text after it begins."""

from __future__ import annotations

from ctxengine.compaction.patterns import find_spans


def urls(text: str) -> list[str]:
    return [s.value for s in find_spans(text) if s.kind == "url"]


def test_chinese_right_after_a_link_is_not_part_of_it() -> None:
    assert urls("物流链接https://track.example.com/t/SF1234567查看详情") == [
        "https://track.example.com/t/SF1234567"
    ]
    assert urls("点这里 https://shop.example.cn/p/88？") == ["https://shop.example.cn/p/88"]


def test_a_percent_encoded_path_and_a_query_stay_whole() -> None:
    link = "https://zh.example.org/wiki/%E5%8C%97%E4%BA%AC?lang=zh&x=1"
    assert urls(f"资料在 {link} 里") == [link]
