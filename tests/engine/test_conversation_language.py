"""The conversation's language (the block's, the notes') is the user's over their messages,
not the latest message's alone: a Chinese user who pastes an English traceback or names an
English product is still answered in Chinese; a user who switches for good is followed."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ctxengine.engine import ContextEngine
from ctxengine.language import LanguageVote
from ctxengine.messages import Message

TRACEBACK = (
    '报错了：\nTraceback (most recent call last):\n  File "app.py", line 12, in <module>\n'
    "    resp = requests.post(url, json=payload, timeout=5)\n"
    "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.example.com', "
    "port=443): Max retries exceeded with url: /v1/orders"
)
ZH = [
    "帮我查一下订单DD20240315001",
    "收货人改成张伟",
    "不要显示价格",
    "地址是北京市朝阳区建国路88号",
]
EN = [
    "Please look up order A5555 for me.",
    "Change the delivery address to 12 Oak Street, Springfield.",
    "Never show prices in your answers.",
    "The recipient should be Mary Ann Smith from now on.",
]


def votes(texts: list[str]) -> str:
    v = LanguageVote()
    for t in texts:
        v.add(t)
    return v.language


@pytest.mark.parametrize(
    "latest",
    [
        TRACEBACK,
        "Apple iPhone 15 Pro Max 256GB Natural Titanium 有货吗",
        "ok",
        "好的",
        "DD20240315001",
        "thanks!",
        "用 pandas 的 read_csv(path, encoding='utf-8') 读不出来",
        "https://example.com/orders/DD20240315001",
    ],
)
def test_a_chinese_conversation_stays_chinese(latest: str) -> None:
    assert votes([*ZH, latest]) == "zh"


@pytest.mark.parametrize(
    "latest",
    [
        "Book 北京饭店 for two nights, please.",
        "好的",
        "Is 张伟 the recipient?",
        "谢谢",
        "ok",
        "The address is 北京市朝阳区建国路88号.",
    ],
)
def test_an_english_conversation_stays_english(latest: str) -> None:
    assert votes([*EN, latest]) == "en"


def test_a_switch_for_good_is_followed() -> None:
    assert votes([*ZH, *EN[:2]]) == "en"
    assert votes([*EN, *ZH[:2]]) == "zh"
    # A first message decides alone.
    assert votes(["查一下订单"]) == "zh" and votes(["where is my order?"]) == "en"


async def test_the_block_stays_chinese_after_a_pasted_traceback(
    make_engine: Callable[..., ContextEngine],
) -> None:
    eng = make_engine()
    async with eng:
        s = await eng.session("u", "s")
        for text in [*ZH, TRACEBACK]:
            await s.add(Message.user(text))
            await s.context()
            await s.add(Message.assistant("好的，我看一下。"))
        ctx = await s.context()
        assert s.language == "zh"
        assert "[约束]" in ctx.compacted_context and "[Constraints]" not in ctx.compacted_context


TB_ONLY = (
    'Traceback (most recent call last):\n  File "app.py", line 12, in <module>\n'
    "    resp = requests.post(url, json=payload)\n"
    "requests.exceptions.ConnectionError: Max retries exceeded"
)


@pytest.mark.parametrize(
    "later",
    [
        [TB_ONLY, "OK"],
        [TB_ONLY, TB_ONLY, "怎么办"],
        ["这个报错 Error: ECONNRESET at https://api.example.com/v1", "OK"],
        ["```\nimport os\nprint(os.getcwd())\n```", "ok"],
        ["$ pip install requests\nERROR: Could not find a version", "好的"],
        ["KeyError: 'user_id'", "thanks"],
        ["https://example.com/orders/DD20240315001", "ok"],
        ["def total(items):\n    return sum(items)", "ok"],
        [
            "日志如下：\n```\nworker failed to connect to the database server at startup\n"
            "connection refused by the remote host, retrying in five seconds\n```",
            "ok",
        ],
    ],
)
def test_pasted_code_or_a_log_does_not_vote(later: list[str]) -> None:
    assert votes(["我的脚本报错了，帮我看看，只用标准库", *later]) == "zh"


@pytest.mark.parametrize(
    "later",
    [
        ["Can you explain what this error means in plain words?", "And how do I fix it?"],
        ["Please answer in English from now on, my colleague reads this.", "Thanks a lot."],
    ],
)
def test_english_prose_still_switches(later: list[str]) -> None:
    assert votes(["我的脚本报错了", *later]) == "en"


def test_an_english_user_pasting_code_stays_english() -> None:
    assert votes(["Please fix my script", TB_ONLY, "OK"]) == "en"


def test_an_english_user_pasting_a_fenced_chinese_log_stays_english() -> None:
    log = "Here is the log:\n```\n连接数据库失败，请检查网络配置和防火墙设置，然后重试\n```"
    assert votes(["Please look at my deployment problem", log, "ok"]) == "en"
