"""The model summarizer: chunks that fit the window, partial summaries, recursive merges."""

from __future__ import annotations

import asyncio
import logging

from ctxengine.errors import ContextOverflowError, ProviderError
from ctxengine.language import Language
from ctxengine.llm import ChatClient
from ctxengine.messages import Message
from ctxengine.summarize.transcript import SummaryError, render_message
from ctxengine.tokens import TokenCounter

log = logging.getLogger(__name__)

_RULES = {
    "en": (
        "Write in English. Keep every identifier (file names, paths, IDs, names, URLs, "
        "commands), number, date and decision exactly as written. Copy the user's instructions "
        "and constraints verbatim. Do not add anything that is not in the input. Use these "
        "sections:\n## Goal\n## Decisions and progress\n## User constraints (verbatim)\n"
        "## Key data\n## Next steps\nLeave a section out only when nothing belongs in it. "
        "Stay under {n} tokens."
    ),
    "zh": (
        "请用中文撰写。所有标识符（文件名、路径、编号、人名、网址、命令）、数字、日期和决定必须按原文保留，"
        "不得改写；用户的指令和约束条件请逐字照抄。不得添加输入中没有的内容。请按以下小节组织：\n"
        "## 目标\n## 决定与进展\n## 用户约束（原文）\n## 关键数据\n## 下一步\n"
        "某一小节确实没有内容时才可省略。摘要不超过 {n} 个 token。"
    ),
}
_TASK = {
    ("en", "chunk"): "You summarize part of a conversation between a user and an AI assistant "
    "so that the assistant can continue the work without the original messages. ",
    ("zh", "chunk"): "你负责为用户与 AI 助手之间的一段对话写摘要，"
    "使助手在看不到原始消息的情况下也能继续工作。",
    ("en", "merge"): "You merge summaries of consecutive parts of one conversation, given in "
    "order, into one summary. When parts conflict, the later part wins; drop nothing the user "
    "asked for. ",
    ("zh", "merge"): "你负责把同一段对话按时间顺序排列的分段摘要合并成一份摘要。"
    "各部分冲突时以后面的为准；"
    "用户提出的任何要求都不得遗漏。",
}  # fmt: skip
_HEADER = {
    ("en", "chunk"): "Transcript (part {i} of {n}):",
    ("zh", "chunk"): "对话记录（第 {i}/{n} 部分）：",
    ("en", "merge"): "Partial summaries, in order (merge {i} of {n}):",
    ("zh", "merge"): "按时间顺序排列的分段摘要（合并 {i}/{n}）：",
}
_PART = {"en": "[Part {i}]", "zh": "[第 {i} 部分]"}


def summary_prompt(language: Language, kind: str, output_tokens: int) -> str:
    """The system prompt for summarizing a chunk ("chunk") or merging summaries ("merge")."""
    return _TASK[(language, kind)] + _RULES[language].format(n=output_tokens)


class LLMSummarizer:
    """Summaries written by a model behind an OpenAI-compatible endpoint.

    Args:
        client: The chat client of the summarizing model.
        counter: Counts request tokens (the model's encoding, ideally).
        context_tokens: The model's window; prompt plus `output_tokens` never exceed it.
        output_tokens: ``max_tokens`` of each summary request.
        max_retries: Extra attempts for rate limits, server errors, timeouts, empty replies.
        retry_backoff_seconds: First pause between attempts; doubles each time.
        tool_result_chars: Tool results are clipped to this many characters in the transcript.
        safety_ratio: Share of the window left unused, for tokenizer differences.
        max_merge_rounds: Merge levels tried before giving up.

    Raises:
        ValueError: When the window leaves no room for at least two partial summaries.
    """

    def __init__(
        self,
        client: ChatClient,
        counter: TokenCounter,
        context_tokens: int,
        output_tokens: int,
        max_retries: int,
        *,
        retry_backoff_seconds: float = 1.0,
        tool_result_chars: int = 2000,
        safety_ratio: float = 0.05,
        max_merge_rounds: int = 6,
    ) -> None:
        self.client = client
        self.counter = counter
        self.context_tokens = context_tokens
        self.output_tokens = output_tokens
        self.max_retries = max_retries
        self.retry_backoff_seconds = retry_backoff_seconds
        self.tool_result_chars = tool_result_chars
        self.max_merge_rounds = max_merge_rounds
        # The most a request's prompt may count.
        self.prompt_limit = int(context_tokens * (1.0 - safety_ratio)) - output_tokens
        languages: tuple[Language, ...] = ("en", "zh")
        frame = max(
            self._request_tokens(lang, kind, "")
            for lang in languages
            for kind in ("chunk", "merge")
        )
        self._sep = counter.count("\n\n")
        self.body_budget = self.prompt_limit - frame
        if self.body_budget < 2 * output_tokens + 32:
            raise ValueError(
                f"summarizer context_tokens={context_tokens} leaves {self.body_budget} tokens for "
                f"input after the prompt and output_tokens={output_tokens}; need at least "
                f"{2 * output_tokens + 32} to merge two partial summaries"
            )

    async def aclose(self) -> None:
        """Close the underlying client."""
        await self.client.close()

    def _request(
        self, language: Language, kind: str, body: str, i: int = 9999, n: int = 9999
    ) -> list[dict[str, str]]:
        header = _HEADER[(language, kind)].format(i=i, n=n)
        return [
            {"role": "system", "content": summary_prompt(language, kind, self.output_tokens)},
            {"role": "user", "content": f"{header}\n\n{body}"},
        ]

    def _request_tokens(self, language: Language, kind: str, body: str) -> int:
        msgs = self._request(language, kind, body)
        return self.counter.messages([Message.system(msgs[0]["content"]), Message.user(
            msgs[1]["content"])])  # fmt: skip

    def _split_text(self, text: str, budget: int) -> list[str]:
        """Cut one over-long text into slices of at most `budget` tokens, at line/sentence ends
        when one is near."""
        out: list[str] = []
        rest = text
        chars_per_token = len(text) / max(1, self.counter.count(text))
        # Counting the whole remainder each round would be quadratic on a huge message; only
        # count it once it is within a few budgets of the end.
        near_end = int(budget * chars_per_token * 3) + 64
        while rest:
            if len(rest) <= near_end and self.counter.count(rest) <= budget:
                out.append(rest)
                break
            size = max(1, int(budget * chars_per_token * 0.9))
            while True:
                cut = rest[:size]
                soft = max(cut.rfind("\n"), cut.rfind("。"), cut.rfind(". "))
                if soft > size * 0.7:
                    cut = cut[: soft + 1]
                if self.counter.count(cut) <= budget or size == 1:
                    break
                size = max(1, int(size * 0.8))
            out.append(cut)
            rest = rest[len(cut) :]
        return out

    def _pack(self, pieces: list[str], budget: int) -> list[str]:
        """Group pieces, in order, into bodies of at most `budget` tokens each."""
        units: list[tuple[str, int]] = []
        for piece in pieces:
            n = self.counter.count(piece)
            if n <= budget:
                units.append((piece, n))
            else:
                units.extend((s, self.counter.count(s)) for s in self._split_text(piece, budget))
        bodies: list[str] = []
        group: list[str] = []
        used = 0
        for piece, n in units:
            if group and used + self._sep + n > budget:
                bodies.append("\n\n".join(group))
                group, used = [], 0
            used += n + (self._sep if group else 0)
            group.append(piece)
        if group:
            bodies.append("\n\n".join(group))
        return bodies

    def _fit(self, language: Language, kind: str, pieces: list[str]) -> list[str]:
        """Bodies whose whole request (prompt, header, body) is within the prompt limit."""
        budget = self.body_budget
        while True:
            bodies = self._pack(pieces, budget)
            if all(self._request_tokens(language, kind, b) <= self.prompt_limit for b in bodies):
                return bodies
            budget = int(budget * 0.9)  # joins tokenized differently than the parts: tighten
            if budget < 16:
                raise SummaryError("cannot fit any input into a summary request")

    async def _call(self, language: Language, kind: str, body: str, i: int, n: int) -> str:
        messages = self._request(language, kind, body, i, n)
        for attempt in range(self.max_retries + 1):
            try:
                result = await self.client.complete(messages, max_tokens=self.output_tokens)
            except ContextOverflowError as exc:
                log.error("summary request %d/%d overflowed the summarizer model: %s", i, n, exc)
                raise SummaryError(f"summary request {i}/{n} did not fit the model: {exc}") from exc
            except ProviderError as exc:
                if exc.retryable and attempt < self.max_retries:
                    log.warning("summary request %d/%d failed (%s); retrying", i, n, exc)
                    await asyncio.sleep(self.retry_backoff_seconds * 2**attempt)
                    continue
                log.error("summary request %d/%d failed: %s", i, n, exc)
                raise SummaryError(f"summary request {i}/{n} failed: {exc}") from exc
            text = result.text.strip()
            if text:
                return text
            log.warning("summary request %d/%d returned no text (attempt %d)", i, n, attempt + 1)
        log.error("summary request %d/%d returned no text after %d attempts", i, n, attempt + 1)
        raise SummaryError(f"summary request {i}/{n} returned no text")

    async def summarize(self, messages: list[Message], *, language: Language) -> str:
        """Summarize `messages` in `language` ("" when they hold nothing to summarize).

        Raises:
            SummaryError: The model failed (logged first); keep the messages and retry later.
        """
        names = {c.id: c.name for m in messages for c in m.tool_calls}
        pieces = [
            r
            for m in messages
            if (r := render_message(m, language, tool_names=names,
                                    tool_result_chars=self.tool_result_chars))
        ]  # fmt: skip
        if not pieces:
            return ""
        bodies = self._fit(language, "chunk", pieces)
        summaries = [
            await self._call(language, "chunk", body, i + 1, len(bodies))
            for i, body in enumerate(bodies)
        ]
        for _ in range(self.max_merge_rounds):
            if len(summaries) == 1:
                return summaries[0]
            parts = [f"{_PART[language].format(i=i + 1)}\n{s}" for i, s in enumerate(summaries)]
            bodies = self._fit(language, "merge", parts)
            if len(bodies) >= len(summaries):
                break  # no progress: the partial summaries are each too long to pair up
            summaries = [
                await self._call(language, "merge", body, i + 1, len(bodies))
                for i, body in enumerate(bodies)
            ]
        if len(summaries) == 1:
            return summaries[0]
        log.error("could not merge %d partial summaries into one", len(summaries))
        raise SummaryError(f"could not merge {len(summaries)} partial summaries into one")
