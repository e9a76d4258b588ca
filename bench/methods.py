"""The context methods the fidelity benchmark compares, run in one process on the same inputs.

Every method gets the whole history and a token budget and returns what the model would be
sent next. All count tokens with the same `TokenCounter` (o200k) and, where they summarize, use
the same offline `ExtractiveSummarizer` with ctxengine's default settings (no LLM).

- ``recency``: the naive truncation. Leading system messages stay; then the newest messages
  that fit, as one contiguous tail (the first one that does not fit stops the walk); then tool
  results at the head of that tail whose call was cut off are dropped, so a provider accepts it.
- ``langchain_trim``: ``langchain_core.messages.trim_messages`` with ``strategy="last"``,
  ``token_counter`` = our o200k counter (converted back to our messages), ``include_system=True``,
  ``start_on="human"``, ``allow_partial=False``, no ``end_on``. Our messages are converted to
  LangChain's (tool calls with parsed arguments, tool messages with their call ids) and mapped
  back by message id, so the output is our original message objects.
- ``summary_buffer``: a summary buffer. The newest messages that fit the budget less the
  summary's cap are kept as ``recency`` keeps them; everything older becomes one extractive
  summary, injected as a system message after the system prompt. The cap is ctxengine's own
  rule for injected summaries: ``min(summary_max_tokens, budget // 8)``.
- ``ctxengine_pipeline``: a ctxengine session with ``Settings(compaction=False,
  agent_max_context_tokens=budget)``: the short-term pipeline alone.
- ``ctxengine``: the same with the compaction engine on (every other setting at its default),
  with the ontology the scenario names (`Scenario.ontology`: the built-in ``crosswoz`` one for
  CrossWOZ, as a user of that domain would declare it; the generic one for the own scenarios).
  The other methods take no ontology and ignore it.

Both ctxengine methods replay the history with `ctxengine.cli.compact.replay` (the context is
built before every assistant message, as a live agent would) on an in-memory store, then settle
the background summaries the way `compact()` does and take the final context.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ctxengine.cli.compact import replay
from ctxengine.engine import Context, ContextEngine
from ctxengine.language import detect_language
from ctxengine.messages import Message, TextPart
from ctxengine.pipeline.notes import note
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore
from ctxengine.summarize import ExtractiveSummarizer
from ctxengine.tokens import TokenCounter

_COUNTER: TokenCounter | None = None


def shared_counter() -> TokenCounter:
    """One o200k counter for every method (its per-message cache is shared too)."""
    global _COUNTER
    if _COUNTER is None:
        _COUNTER = TokenCounter()
    return _COUNTER


@dataclass
class MethodOutput:
    """What a method would send the model at the end of the session."""

    messages: list[Message]
    tokens: int  # TokenCounter (o200k) count of `messages`
    extra_text: str = ""  # injected text not inside `messages` (normally "")


@runtime_checkable
class Method(Protocol):
    """A context method: history + budget in, the model's view out."""

    name: str

    async def run(
        self, history: list[Message], budget: int, *, ontology: str | None = None
    ) -> MethodOutput: ...


# --- shared helpers -------------------------------------------------------------------------
def split_prefix(history: list[Message]) -> tuple[list[Message], list[Message]]:
    """(leading system/developer messages, the rest)."""
    n = 0
    while n < len(history) and history[n].role in ("system", "developer"):
        n += 1
    return history[:n], history[n:]


def newest_that_fit(messages: list[Message], room: int, counter: TokenCounter) -> list[Message]:
    """The longest tail of `messages` whose tokens (with reply priming) fit `room`."""
    used = counter.reply_overhead
    start = len(messages)
    while start > 0:
        cost = counter.message(messages[start - 1])
        if used + cost > room:
            break
        used += cost
        start -= 1
    return messages[start:]


def drop_leading_orphans(messages: list[Message]) -> list[Message]:
    """Drop tool results at the head whose calls are not in `messages` (a provider would
    reject them); stops at the first message that is not such a result."""
    start = 0
    while start < len(messages) and messages[start].tool_results:
        start += 1
    return messages[start:]


def conversation_language(history: list[Message]) -> Any:
    """The language of the last user message ("en" when there is none)."""
    last = next((m for m in reversed(history) if m.starts_turn), None)
    return detect_language(last.text) if last is not None else "en"


def _output(messages: list[Message], counter: TokenCounter, extra: str = "") -> MethodOutput:
    return MethodOutput(messages=messages, tokens=counter.messages(messages), extra_text=extra)


# --- the methods ----------------------------------------------------------------------------
@dataclass
class Recency:
    """Keep the newest messages that fit (see the module docstring)."""

    counter: TokenCounter
    name: str = "recency"

    async def run(
        self, history: list[Message], budget: int, *, ontology: str | None = None
    ) -> MethodOutput:
        prefix, rest = split_prefix(history)
        room = budget - sum(self.counter.message(m) for m in prefix)
        kept = drop_leading_orphans(newest_that_fit(rest, room, self.counter))
        return _output([*prefix, *kept], self.counter)


@dataclass
class SummaryBuffer:
    """Older messages replaced by one extractive summary (see the module docstring)."""

    counter: TokenCounter
    settings: Settings
    name: str = "summary_buffer"

    async def run(
        self, history: list[Message], budget: int, *, ontology: str | None = None
    ) -> MethodOutput:
        s = self.settings
        cap = max(32, min(s.summary_max_tokens, s.summarizer_output_tokens, budget // 8))
        summarizer = ExtractiveSummarizer(
            self.counter, max_sentences=s.extractive_sentences, max_tokens=cap
        )
        prefix, rest = split_prefix(history)
        lang = conversation_language(history)
        framing = self.counter.count(note("summary_header", lang, summary="")) + (
            self.counter.message_overhead
        )
        room = budget - sum(self.counter.message(m) for m in prefix) - cap - framing
        tail = newest_that_fit(rest, room, self.counter)
        older = rest[: len(rest) - len(tail)]
        kept = drop_leading_orphans(tail)
        summary = await summarizer.summarize(older, language=lang) if older else ""
        injected = (
            [Message.system(note("summary_header", lang, summary=summary), injected=True)]
            if summary
            else []
        )
        return _output([*prefix, *injected, *kept], self.counter)


def _to_langchain(messages: list[Message]) -> list[Any]:
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

    out: list[Any] = []
    for m in messages:
        if m.role in ("system", "developer"):
            out.append(SystemMessage(content=m.text, id=m.id))
        elif m.role == "user":
            out.append(HumanMessage(content=m.text, id=m.id))
        elif m.role == "assistant":
            calls = [
                {"name": c.name, "args": _args(c.arguments), "id": c.id, "type": "tool_call"}
                for c in m.tool_calls
            ]
            out.append(AIMessage(content=m.text, tool_calls=calls, id=m.id))
        else:
            # Our tool message holds one result (Message.tool); LangChain's holds exactly one.
            r = m.tool_results[0]
            out.append(ToolMessage(content=r.content, tool_call_id=r.call_id, id=m.id))
    return out


def _args(arguments: str) -> dict[str, Any]:
    try:
        value = json.loads(arguments)
    except json.JSONDecodeError:
        return {"_raw": arguments}
    return value if isinstance(value, dict) else {"_value": value}


@dataclass
class LangChainTrim:
    """`langchain_core.messages.trim_messages`, settings in the module docstring."""

    counter: TokenCounter
    name: str = "langchain_trim"

    async def run(
        self, history: list[Message], budget: int, *, ontology: str | None = None
    ) -> MethodOutput:
        from langchain_core.messages import trim_messages

        by_id = {m.id: m for m in history}
        if len(by_id) != len(history):
            raise ValueError("langchain_trim: message ids must be unique to map messages back")

        def count(lc_messages: list[Any]) -> int:
            return self.counter.messages(by_id[str(m.id)] for m in lc_messages)

        trimmed = trim_messages(
            _to_langchain(history),
            max_tokens=budget,
            token_counter=count,
            strategy="last",
            include_system=True,
            start_on="human",
            allow_partial=False,
        )
        return _output([by_id[str(m.id)] for m in trimmed], self.counter)


async def replay_context(
    history: list[Message], settings: Settings, counter: TokenCounter
) -> Context:
    """Replay `history` through a fresh ctxengine session; the settled final context."""
    with tempfile.TemporaryDirectory(prefix="ctxengine-bench-") as workspace:
        settings = settings.updated(workspace=workspace)
        async with ContextEngine(settings, store=MemoryStore(), counter=counter) as engine:
            session = await engine.session("bench", "fidelity", restore=False)
            await replay(session, history)
            return await session.settled_context()  # as `ctxengine compact` does


def visible_text(messages: list[Message]) -> str:
    """Everything the model reads in `messages`: text, tool calls and tool results."""
    out: list[str] = []
    for m in messages:
        for p in m.parts:
            if isinstance(p, TextPart):
                out.append(p.text)
        out.extend(f"{c.name}({c.arguments})" for c in m.tool_calls)
        out.extend(r.content for r in m.tool_results)
    return "\n".join(out)


@dataclass
class CtxEngine:
    """A ctxengine session, with or without the compaction engine."""

    counter: TokenCounter
    compaction: bool
    name: str
    # Diagnostic variants only (e.g. the periodic reset switched off); empty in the benchmark.
    overrides: dict[str, Any] = field(default_factory=dict)

    async def run(
        self, history: list[Message], budget: int, *, ontology: str | None = None
    ) -> MethodOutput:
        settings = Settings(
            compaction=self.compaction,
            agent_max_context_tokens=budget,
            ontology=ontology,
            **self.overrides,
        )
        ctx = await replay_context(history, settings, self.counter)
        # The block and the summary are injected into the messages; anything that is not
        # (a setting could leave it out) still reaches the model and is reported as extra.
        seen = visible_text(ctx.messages)
        extra = [p for p in ctx.compacted_context.split("\n\n") if p and p not in seen]
        return _output(ctx.messages, self.counter, "\n\n".join(extra))


def all_methods(counter: TokenCounter | None = None) -> list[Method]:
    """Every method, in report order; `langchain_trim` is left out (with a printed reason)
    when `langchain_core` is not installed."""
    counter = counter or shared_counter()
    methods: list[Method] = [Recency(counter)]
    try:
        import langchain_core  # noqa: F401
    except ImportError:
        print(
            "langchain_trim skipped: langchain_core is not installed (pip install langchain-core)"
        )
    else:
        methods.append(LangChainTrim(counter))
    methods += [
        SummaryBuffer(counter, Settings()),
        CtxEngine(counter, compaction=False, name="ctxengine_pipeline"),
        CtxEngine(counter, compaction=True, name="ctxengine"),
    ]
    return methods
