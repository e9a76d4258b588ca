"""Intents of round 7: a change said with 不要了 then 还是改, a give-back (退了吧), asking for a
summary or a check (总结一下, 核对一下), "never mind" followed by what to do instead, "undo" and
"scrap", and "what I said" that asks nothing. Look-alikes must keep their own intent.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.intents import classify_intents


def _top(text: str) -> str:
    return classify_intents(text, None)[0].name


@pytest.mark.parametrize(
    "text",
    [
        "MU5101不要了，还是改国航CA1519。",
        "这家不要了，还是换成希尔顿吧。",
        "红色不要了，还是用蓝色。",
        "还是用原来的吧。",
    ],
)
def test_dropped_for_another_is_modify(text: str) -> None:
    assert _top(text) == "modify"


@pytest.mark.parametrize("text", ["这个不要了。", "不要了，谢谢。", "那就算了。", "订单取消吧。"])
def test_dropped_alone_is_cancel(text: str) -> None:
    assert _top(text) == "cancel"


@pytest.mark.parametrize(
    "text", ["这个号帮我退了吧。", "票帮我退掉。", "帮我退票。", "明天的房帮我退了吧。"]
)
def test_give_back_is_cancel(text: str) -> None:
    assert _top(text) == "cancel"


@pytest.mark.parametrize("text", ["我已经退了。", "不要退票。"])
def test_give_back_reported_or_refused_is_no_cancel(text: str) -> None:
    assert _top(text) != "cancel"


@pytest.mark.parametrize(
    "text",
    [
        "帮我总结一下现在理赔的进度。",
        "最后跟我核对一下新票的信息。",
        "把最新报价的要点给我列一下。",
        "帮我看看下周的号。",
        "汇总一下这周的报销。",
    ],
)
def test_summary_or_check_request_is_query(text: str) -> None:
    assert _top(text) == "query"


@pytest.mark.parametrize(
    "text",
    [
        "Never mind, keep 48 kHz like before.",
        "Never mind, just use the old one.",
        "Nevermind - let's stick with Friday.",
        "Never mind, I'll do it myself.",
    ],
)
def test_never_mind_then_instead_is_no_cancel(text: str) -> None:
    assert _top(text) != "cancel"


@pytest.mark.parametrize(
    "text",
    ["Never mind.", "Oh never mind, forget the whole thing.", "Cancel the rerun.", "Forget it."],
)
def test_never_mind_alone_is_cancel(text: str) -> None:
    assert _top(text) == "cancel"


@pytest.mark.parametrize(
    "text",
    [
        "Undo the last export.",
        "Scrap the export.",
        "Scrap that idea.",
        "Actually, let's not rerun today.",
        "Let's not do that.",
    ],
)
def test_undo_scrap_lets_not_is_cancel(text: str) -> None:
    assert _top(text) == "cancel"


@pytest.mark.parametrize(
    "text", ["Let's not use red.", "Let's not forget the invoice.", "Scrap metal prices are up."]
)
def test_lets_not_with_a_preference_is_no_cancel(text: str) -> None:
    assert _top(text) != "cancel"


@pytest.mark.parametrize(
    "text",
    ["Disregard what I said about paging.", "What I said was Friday.", "What I meant is the 4th."],
)
def test_what_i_said_asks_nothing(text: str) -> None:
    assert _top(text) != "query"


@pytest.mark.parametrize(
    "text", ["What did I say about paging?", "How about Friday?", "what time is it"]
)
def test_real_questions_still_query(text: str) -> None:
    assert _top(text) == "query"
