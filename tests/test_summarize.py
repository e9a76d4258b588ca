"""The extractive and the model summarizers, and the transcript both read."""

from __future__ import annotations

import logging
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ctxengine.language import Language
from ctxengine.llm import ChatClient, RetryPolicy
from ctxengine.messages import Message, ToolCallPart
from ctxengine.settings import Settings
from ctxengine.summarize import (
    ExtractiveSummarizer,
    LLMSummarizer,
    SummaryError,
    render_transcript,
    split_sentences,
    summarizer_from_settings,
    summary_prompt,
)
from ctxengine.testing import (
    Fail,
    OpenAICompatibleServer,
    ScriptedModel,
    ScriptedRequest,
    count_request_tokens,
)
from ctxengine.tokens import TokenCounter

COUNTER = TokenCounter()
NO_RETRY = RetryPolicy(max_retries=0)

EN_CONVERSATION = [
    Message.user(
        "Please refactor src/app/config.py so loading is lazy. You must keep the public API "
        "of load_config unchanged. Never touch the tests directory."
    ),
    Message.assistant(
        "I will read the file first.",
        tool_calls=[
            ToolCallPart(id="c1", name="read_file", arguments='{"path": "src/app/config.py"}')
        ],
    ),
    Message.tool("c1", "def load_config(path):\n    return parse(open(path).read())\n" * 40),
    Message.assistant(
        "We decided to cache the parsed config in _CACHE keyed by path. The weather is nice."
    ),
    Message.user("Also set the timeout to 45 seconds. Thanks, that sounds good."),
]  # fmt: skip

ZH_CONVERSATION = [
    Message.user(
        "帮我把订单 ORD-20240611 的收货地址改成上海市浦东新区世纪大道 100 号。不要修改收件人姓名。"
    ),
    Message.assistant(
        "好的，我先查询订单。",
        tool_calls=[ToolCallPart(id="c1", name="get_order", arguments='{"id": "ORD-20240611"}')],
    ),
    Message.tool("c1", '{"status": "paid", "recipient": "王小明"}'),
    Message.assistant("订单已支付，决定直接修改地址。今天天气不错。"),
    Message.user("另外，配送时间必须在周六上午 9 点之前。"),
]  # fmt: skip


def _source_text(messages: list[Message]) -> str:
    parts = [m.text for m in messages] + [r.content for m in messages for r in m.tool_results]
    return "\n".join(parts)


def _content_lines(summary: str) -> list[str]:
    """The copied sentences of an extractive summary, without header, labels and tool line."""
    lines = summary.splitlines()[1:]
    return [re.sub(r"^- [^:：]+[:：] ?", "", line) for line in lines if line.startswith("- ")]


# --- transcript ---------------------------------------------------------------------------


def test_transcript_labels_roles_and_shows_tool_calls_as_calls() -> None:
    text = render_transcript(EN_CONVERSATION, "en", tool_result_chars=100)
    assert text.startswith("User: Please refactor src/app/config.py")
    assert 'Assistant called: read_file({"path": "src/app/config.py"})' in text
    assert "Tool result (read_file): def load_config(path):" in text


def test_transcript_clips_tool_results_and_says_how_much() -> None:
    content = EN_CONVERSATION[2].tool_results[0].content
    text = render_transcript(EN_CONVERSATION, "en", tool_result_chars=100)
    assert f"[{len(content) - 100} more characters clipped]" in text
    assert content not in text
    zh = render_transcript(EN_CONVERSATION, "zh", tool_result_chars=100)
    assert f"[已截断 {len(content) - 100} 个字符]" in zh and "工具结果（read_file）：" in zh


def test_sentence_splitting_handles_chinese_and_keeps_file_names_whole() -> None:
    assert split_sentences("先读 main.py 文件。然后运行测试！好吗？分号；换行\n结束") == [
        "先读 main.py 文件。",
        "然后运行测试！",
        "好吗？",
        "分号；",
        "换行",
        "结束",
    ]
    assert split_sentences("Version 3.14 is out. Use it.") == ["Version 3.14 is out.", "Use it."]


# --- extractive ---------------------------------------------------------------------------


async def test_extractive_keeps_constraints_and_identifiers_verbatim() -> None:
    summary = await ExtractiveSummarizer(COUNTER).summarize(EN_CONVERSATION, language="en")
    assert summary.splitlines()[0] == "Earlier in this conversation:"
    for sentence in [
        "You must keep the public API of load_config unchanged.",
        "Never touch the tests directory.",
        "We decided to cache the parsed config in _CACHE keyed by path.",
        "Also set the timeout to 45 seconds.",
    ]:
        assert sentence in summary
    assert "The weather is nice." not in summary
    assert summary.splitlines()[-1] == "Tools used: read_file"


async def test_extractive_chinese_conversation_gets_chinese_header_and_verbatim_data() -> None:
    summary = await ExtractiveSummarizer(COUNTER).summarize(ZH_CONVERSATION, language="zh")
    assert summary.splitlines()[0] == "此前对话摘要："
    assert "帮我把订单 ORD-20240611 的收货地址改成上海市浦东新区世纪大道 100 号。" in summary
    assert "不要修改收件人姓名。" in summary
    assert "另外，配送时间必须在周六上午 9 点之前。" in summary
    assert "今天天气不错。" not in summary
    assert summary.splitlines()[-1] == "调用过的工具：get_order"


async def test_extractive_keeps_first_and_last_user_request_when_space_is_short() -> None:
    messages = [Message.user("Start the migration of the billing service")]
    messages += [Message.assistant(f"Progress note number {i} with id JOB-{i}.") for i in range(30)]
    messages.append(Message.user("Now roll it out to production"))
    summary = ExtractiveSummarizer(COUNTER, max_sentences=3).summarize_now(messages, language="en")
    assert "Start the migration of the billing service" in summary
    assert "Now roll it out to production" in summary


async def test_extractive_skips_courtesy_even_when_it_opens_a_request() -> None:
    messages = [
        Message.user("好的。"),
        Message.assistant("不客气！"),
        Message.user("嗯呢。北京观唐假日酒店的电话告诉我一下。"),
        Message.assistant("电话是010-64921818。"),
        Message.user("Thanks!"),
    ]
    summary = ExtractiveSummarizer(COUNTER).summarize_now(messages, language="zh")
    lines = summary.splitlines()[1:]
    assert "- 用户：北京观唐假日酒店的电话告诉我一下。" in lines
    assert "- 助手：电话是010-64921818。" in lines
    assert not any(x in summary for x in ("好的", "不客气", "嗯呢", "Thanks"))
    only = ExtractiveSummarizer(COUNTER).summarize_now(
        [Message.user("好的，谢谢！")], language="zh"
    )
    assert only == ""


async def test_extractive_of_nothing_is_empty() -> None:
    assert await ExtractiveSummarizer(COUNTER).summarize([], language="en") == ""


def test_extractive_rejects_settings_that_cannot_hold_a_summary() -> None:
    with pytest.raises(ValueError, match="max_tokens must be at least 32"):
        ExtractiveSummarizer(COUNTER, max_tokens=5)


SENTENCE = st.text(
    alphabet=st.sampled_from(list("abcXYZ_./0123 must never 订单必须不要修改。！？；\n.")),
    max_size=80,
)
ROLE = st.sampled_from(["user", "assistant"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(ROLE, SENTENCE), min_size=1, max_size=12),
    st.integers(min_value=1, max_value=8),
    st.integers(min_value=32, max_value=200),
    st.sampled_from(["en", "zh"]),
)
def test_extractive_only_copies_and_respects_limits(
    items: list[tuple[str, str]], max_sentences: int, max_tokens: int, language: str
) -> None:
    messages = [Message.user(t) if r == "user" else Message.assistant(t) for r, t in items]
    lang: Language = "zh" if language == "zh" else "en"
    summarizer = ExtractiveSummarizer(COUNTER, max_sentences=max_sentences, max_tokens=max_tokens)
    summary = summarizer.summarize_now(messages, language=lang)
    source = _source_text(messages)
    lines = _content_lines(summary)
    assert all(line and line in source for line in lines)
    assert len(lines) <= max_sentences
    assert COUNTER.count(summary) <= max_tokens
    assert summary == summarizer.summarize_now(messages, language=lang)  # deterministic


# --- model-written ------------------------------------------------------------------------


def _summarizer(
    srv: OpenAICompatibleServer, context: int, output: int, retries: int = 0
) -> LLMSummarizer:
    client = ChatClient(srv.base_url, model="summarizer", retry=NO_RETRY)
    return LLMSummarizer(client, COUNTER, context, output, retries, retry_backoff_seconds=0.0)


def _fits(request: ScriptedRequest, context_tokens: int) -> bool:
    tokens = count_request_tokens(COUNTER, request.messages)
    return tokens == request.prompt_tokens and tokens + (request.max_tokens or 0) <= context_tokens


async def test_chinese_conversation_gets_a_chinese_prompt() -> None:
    model = ScriptedModel(["## 目标\n修改订单 ORD-20240611 的地址"])
    async with OpenAICompatibleServer(model) as srv:
        summarizer = _summarizer(srv, 4000, 300)
        summary = await summarizer.summarize(ZH_CONVERSATION, language="zh")
        await summarizer.aclose()
    assert summary == "## 目标\n修改订单 ORD-20240611 的地址"
    system, user = model.requests[0].messages
    assert system["content"] == summary_prompt("zh", "chunk", 300)
    for section in ("## 目标", "## 决定与进展", "## 用户约束（原文）", "## 关键数据", "## 下一步"):
        assert section in system["content"]
    assert "逐字照抄" in system["content"]
    assert user["content"].startswith("对话记录（第 1/1 部分）：")
    assert "不要修改收件人姓名。" in user["content"]


async def test_english_prompt_asks_for_sections_and_verbatim_constraints() -> None:
    prompt = summary_prompt("en", "chunk", 500)
    for section in ("## Goal", "## Decisions and progress", "## User constraints (verbatim)",
                    "## Key data", "## Next steps"):  # fmt: skip
        assert section in prompt
    assert "verbatim" in prompt and "500 tokens" in prompt


async def test_input_ten_times_the_window_is_chunked_and_no_request_exceeds_it() -> None:
    context, output = 1500, 150
    model = ScriptedModel(responder=lambda r: f"partial summary {len(r.messages)} of ORD-1")
    huge_single = Message.user("The order ORD-1 must ship by Friday. " * 1500)
    messages = [huge_single] + [
        Message.assistant(f"Step {i}: processed batch B-{i} with 250 rows. " * 20)
        for i in range(12)
    ]
    assert COUNTER.messages(messages) > 10 * context
    async with OpenAICompatibleServer(model) as srv:
        summarizer = _summarizer(srv, context, output)
        summary = await summarizer.summarize(messages, language="en")
        await summarizer.aclose()
    assert summary.startswith("partial summary")
    assert len(model.requests) > 10
    assert all(_fits(r, context) for r in model.requests)
    assert all(r.max_tokens == output for r in model.requests)


async def test_partial_summaries_are_merged_into_the_final_summary() -> None:
    context, output = 1200, 100
    chunk_prompt = summary_prompt("en", "chunk", output)

    def answer(request: ScriptedRequest) -> str:
        if request.messages[0]["content"] == chunk_prompt:
            return f"Part summary {sum(1 for _ in model.requests)}: kept ID-7."
        return f"MERGED: {request.messages[1]['content'].count('Part summary')}"

    model = ScriptedModel(responder=answer)
    messages = [Message.user(f"Paragraph {i}. " + "Keep ID-7 in mind. " * 60) for i in range(8)]
    async with OpenAICompatibleServer(model) as srv:
        summarizer = _summarizer(srv, context, output)
        summary = await summarizer.summarize(messages, language="en")
        await summarizer.aclose()
    chunks = [r for r in model.requests if r.messages[0]["content"] == chunk_prompt]
    merges = [r for r in model.requests if r.messages[0]["content"] != chunk_prompt]
    assert len(chunks) > 1 and len(merges) >= 1
    final_input = merges[-1].messages[1]["content"]
    assert summary == f"MERGED: {final_input.count('Part summary')}"
    assert final_input.count("Part summary") == len(chunks)
    assert "[Part 1]" in final_input
    assert all(_fits(r, context) for r in model.requests)


async def test_merge_is_recursive_when_the_partial_summaries_do_not_fit_together() -> None:
    context, output = 900, 150
    chunk_prompt = summary_prompt("en", "chunk", output)
    long_partial = "Decision D-1 was kept and the user said never delete data. " * 9

    def answer(request: ScriptedRequest) -> str:
        if request.messages[0]["content"] == chunk_prompt:
            return long_partial
        return "merged " + long_partial[:200]

    model = ScriptedModel(responder=answer)
    messages = [Message.user("Block of text about D-1. " * 100) for _ in range(10)]
    async with OpenAICompatibleServer(model) as srv:
        summarizer = _summarizer(srv, context, output)
        summary = await summarizer.summarize(messages, language="en")
        await summarizer.aclose()
    merges = [r for r in model.requests if r.messages[0]["content"] != chunk_prompt]
    assert summary.startswith("merged ")
    assert len(merges) > 1  # one merge request could not hold every partial summary
    first_round = [r for r in merges if "(merge 1 of 1)" not in r.messages[1]["content"]]
    assert len(first_round) > 1  # the first merge round itself needed several requests
    assert all(_fits(r, context) for r in model.requests)


async def test_transient_errors_are_retried(caplog: pytest.LogCaptureFixture) -> None:
    model = ScriptedModel([(503, {"error": {"message": "busy"}}), "", "## Goal\nship it"])
    async with OpenAICompatibleServer(model) as srv:
        summarizer = _summarizer(srv, 4000, 200, retries=2)
        with caplog.at_level(logging.WARNING, logger="ctxengine.summarize"):
            summary = await summarizer.summarize(EN_CONVERSATION, language="en")
        await summarizer.aclose()
    assert summary == "## Goal\nship it" and len(model.requests) == 3
    assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 2


@pytest.mark.parametrize(
    ("script", "match"),
    [
        ([(500, {"error": {"message": "boom"}})] * 2, "failed: .*boom"),
        ([Fail.overflow("deepseek")], "did not fit the model"),
        ([(401, {"error": {"message": "Invalid API key"}})], "failed: .*auth"),
        (["", ""], "returned no text"),
    ],
)
async def test_failure_raises_summary_error_and_logs_it(
    script: list[object], match: str, caplog: pytest.LogCaptureFixture
) -> None:
    model = ScriptedModel(script)  # type: ignore[arg-type]
    async with OpenAICompatibleServer(model) as srv:
        summarizer = _summarizer(srv, 4000, 200, retries=1)
        with (
            caplog.at_level(logging.ERROR, logger="ctxengine.summarize"),
            pytest.raises(SummaryError, match=match),
        ):
            await summarizer.summarize(EN_CONVERSATION, language="en")
        await summarizer.aclose()
    assert any(r.levelno == logging.ERROR for r in caplog.records)


async def test_window_too_small_for_two_summaries_is_refused() -> None:
    client = ChatClient("http://127.0.0.1:1/v1", model="m")
    with pytest.raises(ValueError, match="context_tokens=600 leaves"):
        LLMSummarizer(client, COUNTER, 600, 300, 0)
    await client.close()


async def test_summarizer_from_settings_picks_model_only_when_configured() -> None:
    assert isinstance(summarizer_from_settings(Settings(), COUNTER), ExtractiveSummarizer)
    only_url = Settings(summarizer_base_url="http://127.0.0.1:1/v1")
    assert isinstance(summarizer_from_settings(only_url, COUNTER), ExtractiveSummarizer)
    both = only_url.updated(summarizer_model="qwen-plus", summarizer_context_tokens=8000)
    chosen = summarizer_from_settings(both, COUNTER)
    assert isinstance(chosen, LLMSummarizer)
    assert chosen.context_tokens == 8000 and chosen.client.model == "qwen-plus"
    await chosen.aclose()


async def test_extractive_reads_a_json_tool_result_by_its_string_values() -> None:
    result = (
        '{"ok": true, "results": [{"title": "Billing errors", "url": "https://docs.example.com/b/1",'
        ' "snippet": "The billing service has 350 errors in the last hour. Most are timeouts."},'
        ' {"order_id": "ORD-20240901-7", "note": "Refund of 42.50 USD was confirmed."}]}'
    )
    messages = [
        Message.user("Check the billing errors."),
        Message.assistant(tool_calls=[ToolCallPart(id="c1", name="search", arguments="{}")]),
        Message.tool("c1", result),
        Message.assistant("Done."),
    ]
    summary = ExtractiveSummarizer(COUNTER).summarize_now(messages, language="en")
    assert "The billing service has 350 errors in the last hour." in summary
    assert "order_id: ORD-20240901-7" in summary
    assert "Refund of 42.50 USD was confirmed." in summary
    # No fragment of the JSON's own syntax is quoted.
    assert '{"' not in summary and '", "' not in summary and '"ok"' not in summary


async def test_extractive_reads_a_tool_result_that_is_not_json_as_text() -> None:
    messages = [
        Message.user("Look at the logs."),
        Message.assistant(tool_calls=[ToolCallPart(id="c1", name="logs", arguments="{}")]),
        Message.tool("c1", "{broken json. The auth-gw service restarted at 04:12."),
    ]
    summary = ExtractiveSummarizer(COUNTER).summarize_now(messages, language="en")
    assert "The auth-gw service restarted at 04:12." in summary


async def test_a_decision_a_tool_returned_is_not_the_conversations() -> None:
    hits = " ".join(f"We decided to keep the retry limit at {n} and add jitter." for n in range(9))
    messages = [
        Message.user("Look into the checkout timeouts please."),
        Message.assistant(tool_calls=[ToolCallPart(id="c1", name="search", arguments="{}")]),
        Message.tool("c1", hits),
        Message.assistant("We decided to raise the pool size."),
        Message.user("Also look at the payments dashboard."),
        Message.assistant("Done."),
        Message.user("Now check the refund queue."),
    ]
    summary = ExtractiveSummarizer(COUNTER, max_sentences=4).summarize_now(messages, language="en")
    # The requests and the assistant's decision, before any of the tool's "decisions".
    assert "We decided to raise the pool size." in summary
    assert "Also look at the payments dashboard." in summary
    assert "Look into the checkout timeouts please." in summary
    assert "Now check the refund queue." in summary
    assert "retry limit" not in summary
