"""Synthetic agent sessions in English and Chinese, for benchmarks.

A session is a list of turns; a turn is the list of messages an agent adds in order: the user
request, then zero or more tool steps (an assistant message calling one or two tools, then one
tool message per call), then the final assistant reply. Everything is generated from a seeded
`random.Random`, so a (turns, language, seed) triple always yields the same text.

Sizes follow what real agents see: user requests of 20-200 characters, 0-4 tool calls per
turn, JSON tool results of 200-8000 characters (order records, file reads, log lines, database
rows, search hits) and replies of 100-1000 characters. The text is varied (ids, numbers, dates,
names drawn at random) rather than repeated characters, so BPE sees realistic merges.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from ctxengine.messages import Message, ToolCallPart

Language = Literal["zh", "en"]


@dataclass(frozen=True)
class SessionShape:
    """Size ranges (inclusive) of the generated messages.

    Attributes:
        user_chars: Characters of a user request.
        tool_calls: Tool calls per turn.
        result_chars: Characters of one JSON tool result.
        reply_chars: Characters of the final assistant reply.
        parallel_share: Chance that a step calls two tools at once (when two are left).
    """

    user_chars: tuple[int, int] = (20, 200)
    tool_calls: tuple[int, int] = (0, 4)
    result_chars: tuple[int, int] = (200, 8000)
    reply_chars: tuple[int, int] = (100, 1000)
    parallel_share: float = 0.25


# --- vocabulary -----------------------------------------------------------------------------
_EN_REQUESTS = [
    "Can you check the status of order {oid} and tell me when it will arrive?",
    "Find the failing test in {file} and explain why it breaks.",
    "Please look up customer {name} and list their last orders.",
    "Why is the {svc} service returning 502 since {date}?",
    "Compare the prices of {prod} across our warehouses.",
    "Refactor {func} in {file} so it no longer blocks the event loop.",
    "Summarize yesterday's error logs for {svc}.",
    "Book a meeting with {name} next {day} about the {prod} launch.",
    "What changed in release {ver}? Keep it short.",
    "Make sure the refund for {oid} goes to the original card, never store credit.",
]
_EN_SENTENCES = [
    "I checked {file} and the problem is in {func}, which retries without a delay.",
    "Order {oid} left the {city} warehouse on {date} and is now with the carrier.",
    "The {svc} service has {n} errors in the last hour, mostly timeouts to the database.",
    "{name} placed {n} orders this month; the largest was {price} USD for {prod}.",
    "I will use the cached price list because the live API is rate limited.",
    "The test fails because the fixture closes the connection before the query returns.",
    "Release {ver} switched the default encoding and dropped support for the old token format.",
    "Next step: deploy the fix to staging and watch the error rate for {n} minutes.",
    "The refund of {price} USD for {oid} was confirmed and will settle in 3 to 5 days.",
    "Stock of {prod} is {n} units in {city}, enough for about two weeks of sales.",
    "We decided to keep the retry limit at {n} and add jitter to the backoff.",
    "Note that {func} is also called from the nightly job, so the change affects reports.",
]
_ZH_REQUESTS = [
    "帮我查一下订单 {oid} 的物流状态，什么时候能到？",
    "看看 {file} 里哪个测试失败了，解释一下原因。",
    "请查询客户{name}最近的订单，列出金额和日期。",
    "{svc} 服务从 {date} 开始一直报 502，帮我排查一下。",
    "对比一下{prod}在各个仓库的价格和库存。",
    "把 {file} 里的 {func} 改成异步的，不要阻塞事件循环。",
    "总结一下 {svc} 昨天的错误日志。",
    "下{day}约{name}开会，讨论{prod}上线的事情。",
    "版本 {ver} 改了什么？简单说一下就行。",
    "订单 {oid} 的退款必须退回原卡，不要退成余额。",
]
_ZH_SENTENCES = [
    "我看了 {file}，问题出在 {func}，它重试的时候没有等待。",
    "订单 {oid} 已于 {date} 从{city}仓发出，目前在承运商手中。",
    "{svc} 服务最近一小时有 {n} 个错误，大部分是数据库超时。",
    "{name}本月下了 {n} 个订单，最大的一笔是{prod}，金额 {price} 元。",
    "因为实时接口有限流，我决定先用缓存的价格表。",
    "测试失败是因为夹具在查询返回之前就关闭了连接。",
    "版本 {ver} 修改了默认编码，并且不再支持旧的令牌格式。",
    "下一步：把修复部署到预发环境，观察错误率 {n} 分钟。",
    "{oid} 的退款 {price} 元已确认，预计 3 到 5 个工作日到账。",
    "{prod}在{city}仓还有 {n} 件库存，大约够卖两周。",
    "我们确定把重试上限保持在 {n} 次，并给退避时间加上随机抖动。",
    "注意 {func} 也被夜间任务调用，所以这个改动会影响报表。",
]
_PREAMBLE = {
    "en": ["Let me check that.", "I'll look it up.", "Checking the logs first.", ""],
    "zh": ["我先查一下。", "稍等，我看看。", "先看一下日志。", ""],
}
_NAMES = {
    "en": ["Alice Chen", "Bob Miller", "Carol Singh", "David Okafor", "Eva Novak", "Frank Li"],
    "zh": ["王芳", "李伟", "张敏", "刘洋", "陈静", "杨磊", "赵强", "黄丽"],
}
_CITIES = {
    "en": ["Shanghai", "Berlin", "Austin", "Osaka", "Lyon", "Toronto"],
    "zh": ["上海", "北京", "广州", "深圳", "杭州", "成都", "武汉"],
}
_PRODUCTS = {
    "en": ["wireless earbuds", "standing desk", "espresso machine", "trail shoes", "4K monitor"],
    "zh": ["无线耳机", "升降桌", "咖啡机", "登山鞋", "显示器", "空气净化器", "电饭煲"],
}
_DAYS = {"en": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], "zh": ["周一", "周三"]}
_SERVICES = ["checkout", "billing-api", "search", "auth-gw", "inventory", "notifier"]
_FILES = ["src/app/orders.py", "lib/cache.ts", "api/handlers.go", "core/retry.rs", "web/cart.py"]
_FUNCS = ["fetch_orders", "retryWithBackoff", "parse_invoice", "syncStock", "apply_coupon"]
_LOG_EVENTS = {
    "en": [
        "connection reset by peer",
        "upstream timed out after 30s",
        "retrying request",
        "cache miss for key",
        "slow query detected",
        "payment authorized",
        "user session expired",
    ],
    "zh": [
        "连接被对端重置",
        "上游服务 30 秒超时",
        "正在重试请求",
        "缓存未命中",
        "检测到慢查询",
        "支付授权成功",
        "用户会话已过期",
    ],
}
_STATUSES = {
    "en": ["shipped", "in transit", "delivered", "pending", "refunded", "cancelled"],
    "zh": ["已发货", "运输中", "已签收", "待处理", "已退款", "已取消"],
}


def _fill(rng: random.Random, template: str, lang: Language) -> str:
    return template.format(
        oid=f"A{rng.randint(10000, 99999)}",
        file=rng.choice(_FILES),
        func=rng.choice(_FUNCS),
        name=rng.choice(_NAMES[lang]),
        svc=rng.choice(_SERVICES),
        date=_date(rng),
        prod=rng.choice(_PRODUCTS[lang]),
        day=rng.choice(_DAYS[lang]),
        ver=f"{rng.randint(1, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}",
        city=rng.choice(_CITIES[lang]),
        n=rng.randint(2, 480),
        price=f"{rng.randint(5, 4000)}.{rng.randint(0, 99):02d}",
    )


def _date(rng: random.Random) -> str:
    return f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def _text(rng: random.Random, lang: Language, pool: list[str], lo: int, hi: int) -> str:
    """Sentences from `pool` until the length lands in [lo, hi] (cut at hi)."""
    target = rng.randint(lo, hi)
    sep = "" if lang == "zh" else " "
    out = ""
    while len(out) < target:
        out += (sep if out else "") + _fill(rng, rng.choice(pool), lang)
    if len(out) > hi:
        out = out[:hi]
    return out if len(out) >= lo else (out + sep + "OK" * lo)[:lo]


# --- tool results ---------------------------------------------------------------------------
def _order(rng: random.Random, lang: Language) -> dict[str, Any]:
    return {
        "order_id": f"A{rng.randint(10000, 99999)}",
        "customer": rng.choice(_NAMES[lang]),
        "item": rng.choice(_PRODUCTS[lang]),
        "qty": rng.randint(1, 5),
        "price": round(rng.uniform(5, 4000), 2),
        "status": rng.choice(_STATUSES[lang]),
        "warehouse": rng.choice(_CITIES[lang]),
        "updated_at": f"{_date(rng)}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z",
    }


def _log(rng: random.Random, lang: Language) -> dict[str, Any]:
    return {
        "ts": f"{_date(rng)} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:"
        f"{rng.randint(0, 59):02d}.{rng.randint(0, 999):03d}",
        "level": rng.choice(["INFO", "WARN", "ERROR", "DEBUG"]),
        "service": rng.choice(_SERVICES),
        "msg": f"{rng.choice(_LOG_EVENTS[lang])} req={rng.getrandbits(48):012x}",
        "latency_ms": rng.randint(1, 30000),
    }


def _code_line(rng: random.Random, lang: Language) -> dict[str, Any]:
    comment = rng.choice(_ZH_SENTENCES if lang == "zh" else _EN_SENTENCES)
    body = rng.choice(
        [
            f"    result = await {rng.choice(_FUNCS)}(session, limit={rng.randint(1, 500)})",
            f"    if retries > {rng.randint(1, 9)}: raise TimeoutError(key)",
            f"    # {_fill(rng, comment, lang)}",
            f"    cache[{rng.randint(0, 9999)}] = row.get('{rng.choice(_FUNCS)}')",
            f"def {rng.choice(_FUNCS)}_{rng.randint(0, 99)}(ctx, items):",
        ]
    )
    return {"line": rng.randint(1, 2000), "text": body}


def _hit(rng: random.Random, lang: Language) -> dict[str, Any]:
    pool = _ZH_SENTENCES if lang == "zh" else _EN_SENTENCES
    return {
        "title": _fill(rng, rng.choice(pool), lang)[:60],
        "url": f"https://docs.example.com/{rng.choice(_SERVICES)}/{rng.getrandbits(32):08x}",
        "snippet": _fill(rng, rng.choice(pool), lang) + " " + _fill(rng, rng.choice(pool), lang),
        "score": round(rng.random(), 3),
    }


_TOOLS: dict[str, tuple[str, Callable[[random.Random, Language], dict[str, Any]]]] = {
    "search_orders": ("orders", _order),
    "fetch_logs": ("entries", _log),
    "read_file": ("lines", _code_line),
    "web_search": ("results", _hit),
}


def tool_result(rng: random.Random, tool: str, lang: Language, lo: int, hi: int) -> str:
    """A JSON tool result of `tool` with a length in [lo, hi] characters."""
    key, make = _TOOLS[tool]
    target = rng.randint(lo, hi)
    head: dict[str, Any] = {"ok": True, "tool": tool, "request_id": f"{rng.getrandbits(64):016x}"}
    # Built by hand, item by item, so the length is known without re-dumping: the result is
    # exactly what json.dumps of the whole object gives.
    shell = json.dumps({**head, key: []}, ensure_ascii=False)
    items: list[str] = []
    size = len(shell)
    while size < target:
        item = json.dumps(make(rng, lang), ensure_ascii=False)
        extra = len(item) + (2 if items else 0)
        if size + extra > hi:
            break
        items.append(item)
        size += extra
    if size < lo:  # one item overshoots `hi`: pad with a note of the missing length
        head["note"] = "-" * max(lo - size - 12, 0)
        shell = json.dumps({**head, key: []}, ensure_ascii=False)
    return shell[:-2] + ", ".join(items) + shell[-2:]


def _arguments(rng: random.Random, tool: str, lang: Language) -> str:
    args: dict[str, dict[str, Any]] = {
        "search_orders": {"customer": rng.choice(_NAMES[lang]), "limit": rng.randint(5, 50)},
        "fetch_logs": {"service": rng.choice(_SERVICES), "since": _date(rng)},
        "read_file": {"path": rng.choice(_FILES), "start": rng.randint(1, 400)},
        "web_search": {"query": rng.choice(_PRODUCTS[lang]) + " " + rng.choice(_SERVICES)},
    }
    return json.dumps(args[tool], ensure_ascii=False)


# --- turns and sessions ---------------------------------------------------------------------
def agent_turn(
    rng: random.Random, index: int, lang: Language, shape: SessionShape = SessionShape()
) -> list[Message]:
    """The messages of one agent turn, in the order the agent adds them."""
    requests = _ZH_REQUESTS if lang == "zh" else _EN_REQUESTS
    sentences = _ZH_SENTENCES if lang == "zh" else _EN_SENTENCES
    out = [Message.user(_text(rng, lang, requests, *shape.user_chars))]
    left = rng.randint(*shape.tool_calls)
    step = 0
    while left > 0:
        width = 2 if left >= 2 and rng.random() < shape.parallel_share else 1
        calls = []
        for k in range(width):
            tool = rng.choice(list(_TOOLS))
            call_id = f"call_{index}_{step}_{k}"
            calls.append(ToolCallPart(id=call_id, name=tool, arguments=_arguments(rng, tool, lang)))
        preamble = rng.choice(_PREAMBLE[lang]) or None
        out.append(Message.assistant(preamble, tool_calls=calls))
        for c in calls:
            out.append(Message.tool(c.id, tool_result(rng, c.name, lang, *shape.result_chars)))
        left -= width
        step += 1
    out.append(Message.assistant(_text(rng, lang, sentences, *shape.reply_chars)))
    return out


def agent_session(
    turns: int, lang: Language, *, seed: int = 0, shape: SessionShape = SessionShape()
) -> list[list[Message]]:
    """`turns` agent turns in `lang`; the same arguments always give the same text."""
    rng = random.Random(f"{lang}-{seed}")
    return [agent_turn(rng, i + 1, lang, shape) for i in range(turns)]
