"""What the service now runs in several worker threads at once (sessions' parsing and contexts,
compactions) against its shared state: one token counter and its memo, the tokenizer tables
loaded lazily, jieba's dictionary and part-of-speech tables, and the rule parser's module-level
caches. Each is hammered from several threads and must give exactly what one thread gives,
with no error."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import jieba
import jieba.posseg
import pytest

from ctxengine import tokens
from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.language import Language, LanguageVote, detect_language
from ctxengine.messages import Message
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter

T = TypeVar("T")
THREADS = 8


@pytest.fixture(autouse=True)
def busy_switching() -> Iterator[None]:
    """Threads switch every microsecond (5 ms by default): a race shows up in a few runs."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def in_threads(work: Callable[[int], T], n: int = THREADS) -> list[T]:
    """`work(i)` in `n` threads started together; their results, or the first error raised."""
    start = threading.Barrier(n)
    results: list[Any] = [None] * n
    errors: list[BaseException] = []

    def run(i: int) -> None:
        start.wait()
        try:
            results[i] = work(i)
        except BaseException as exc:  # re-raised below, in the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return results


def long_texts() -> list[str]:
    # Long enough to be memoized (256 characters and up), and more of them than the memo
    # holds, so that threads evict what others are reading.
    out = []
    for i in range(3 * tokens._MEMO_SIZE):
        en = f"Order A{i:04d} left the warehouse on day {i}; tracking says 'in transit'. "
        zh = f"订单{i}号已经从仓库发出，预计{i % 7 + 1}天内送达，请注意查收。"
        out.append((en + zh) * (2 + i % 5))
    return out


def test_one_counter_counts_the_same_from_many_threads() -> None:
    texts = long_texts()
    expected = [TokenCounter().count(t) for t in texts]
    shared = TokenCounter()

    def work(i: int) -> list[int]:
        # Each thread in its own order, twice over: hits, misses and evictions interleave.
        order = texts[i::2] + texts[::-1] + texts
        got = {t: shared.count(t) for t in order}
        return [got[t] for t in texts]

    for got in in_threads(work):
        assert got == expected
    assert len(shared._memo) <= tokens._MEMO_SIZE


def test_message_counts_from_many_threads_match_one_thread() -> None:
    texts = long_texts()
    expected = [TokenCounter().message(Message.user(t)) for t in texts]
    shared = TokenCounter()

    def work(i: int) -> list[int]:
        return [shared.message(Message.user(t)) for t in texts]

    for got in in_threads(work):
        assert got == expected


def test_a_tokenizer_table_is_loaded_once_whoever_asks_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import quicktok

    loads: list[str] = []
    real = quicktok.get_encoding

    def counted(name: str, *args: Any) -> Any:
        loads.append(name)
        return real(name, *args)

    monkeypatch.setattr(tokens, "_TOKENIZERS", {})
    monkeypatch.setattr(quicktok, "get_encoding", counted)
    got = in_threads(lambda i: tokens._tokenizer("cl100k_base"))
    assert loads == ["cl100k_base"]
    assert all(t is got[0] for t in got)


ZH_TEXTS = [
    "我想订一家北京的川菜馆，人均100元以内，最好评分4.5分以上",
    "别点奶茶吧，换成柠檬水，不要太甜",
    "帮我查一下订单DD20240315001的物流，收货人改成张三",
    "这家不太合适，换一家离地铁站近一点的酒店",
    "明天下午三点从上海虹桥出发去杭州，二等座两张",
    "以后都不要推荐辣的菜了，我不吃辣",
]


def jieba_views(tk: jieba.Tokenizer, text: str) -> tuple[Any, ...]:
    return (
        tk.lcut(text),
        list(tk.tokenize(text)),
        tk.lcut_for_search(text),
    )


def test_jieba_from_many_threads_matches_one_thread() -> None:
    expected = [jieba_views(jieba.dt, t) for t in ZH_TEXTS]
    pos_expected = [[(w.word, w.flag) for w in jieba.posseg.cut(t)] for t in ZH_TEXTS]

    def work(i: int) -> tuple[list[Any], list[Any]]:
        views = [jieba_views(jieba.dt, t) for t in ZH_TEXTS * 3][: len(ZH_TEXTS)]
        pos = [[(w.word, w.flag) for w in jieba.posseg.cut(t)] for t in ZH_TEXTS]
        return views, pos

    for views, pos in in_threads(work):
        assert views == expected
        assert pos == pos_expected


def test_jiebas_lazy_dictionary_load_is_safe_from_many_threads() -> None:
    # A fresh tokenizer loads its dictionary on first use: every thread asks at once.
    expected = [jieba.lcut(t) for t in ZH_TEXTS]
    fresh = jieba.Tokenizer()
    assert not fresh.initialized
    for got in in_threads(lambda i: [fresh.lcut(t) for t in ZH_TEXTS]):
        assert got == expected


def test_language_detection_from_many_threads_matches_one_thread() -> None:
    texts = [*ZH_TEXTS, *long_texts()[:20], "ok", "把 user_id 改成 account_id"]

    def votes() -> list[Language]:
        vote = LanguageVote()
        return [vote.add(t) for t in texts] + [detect_language(t) for t in texts]

    expected = votes()
    for got in in_threads(lambda i: votes()):
        assert got == expected


CONVERSATION = [
    Message.user("我想订一家北京的川菜馆，人均100元以内，最好评分4.5分以上"),
    Message.assistant("推荐：1）蜀香园，人均88元，评分4.6分；2）川味坊，人均95元，评分4.7分"),
    Message.user("就订第二个吧，明晚7点，4个人，别点太辣的"),
    Message.assistant("已为您预订川味坊，明晚19:00，4位，订单号DD20240315001。"),
    Message.user("I need a hotel in Phoenix, AZ for five days, under $150 a night"),
    Message.assistant("We have the Crawford, the Desert Inn, or the Palms."),
    Message.user("book the Crawford"),
    Message.user("以后都不要推荐辣的菜了，收货人改成张三"),
]


def distill() -> tuple[list[list[str]], str]:
    """A session's layers over `CONVERSATION`: the audit events' kinds per message, and the
    block rendered after it."""
    d = CompactionDistiller(Settings())
    kinds = [[e["kind"] for e in d.observe(m, i + 1)] for i, m in enumerate(CONVERSATION)]
    return kinds, d.render(len(CONVERSATION), "zh")


def test_the_rule_parser_from_many_threads_matches_one_thread() -> None:
    # Sessions share the ontology's and the parser's module-level caches, never their state.
    expected = distill()
    for got in in_threads(lambda i: distill()):
        assert got == expected
