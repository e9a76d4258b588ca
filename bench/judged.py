"""Judged mode: ask a real model questions about early turns, once with each method's context.

Given an OpenAI-compatible endpoint, for every scenario with `early_questions` and every method,
the method builds its context of the scenario at one budget (default 25% of the raw tokens),
then each question is asked once as a final user message after that context. An answer is
correct when it contains the expected substring (case and whitespace folded). Accuracy per
method is the share of correct answers over all questions.

This measures whether what a method kept is enough for a model to answer, which retention
counts cannot show; it costs one request per question per method.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from ctxengine.convert import to_openai
from ctxengine.llm import ChatClient
from ctxengine.messages import Message
from ctxengine.tokens import TokenCounter

# Appended to every question so short answers are the norm (fewer tokens, easier to score).
ASK = {
    "zh": "\n\n请根据以上对话简短回答。",
    "en": "\n\nAnswer briefly from the conversation above.",
}


class JudgedScenario(Protocol):
    """What judged mode reads from `bench.scenarios.Scenario`."""

    @property
    def name(self) -> str: ...

    @property
    def language(self) -> str: ...

    @property
    def messages(self) -> list[Message]: ...

    @property
    def early_questions(self) -> list[tuple[str, str]]: ...


class OutputLike(Protocol):
    messages: list[Message]
    extra_text: str


class JudgedMethod(Protocol):
    @property
    def name(self) -> str: ...

    async def run(self, history: list[Message], budget: int) -> Any: ...


@dataclass(frozen=True)
class JudgeConfig:
    """The judge endpoint.

    Attributes:
        base_url: API root, e.g. ``http://127.0.0.1:8000/v1``.
        model: Model name sent with each request.
        api_key: Bearer token, if the endpoint needs one (never written to the report).
        budget_ratio: Each method's budget as a share of the scenario's raw tokens.
        max_tokens: Reply length cap per question.
        min_budget: Lowest budget in tokens (as the fidelity suite's).
    """

    base_url: str
    model: str
    api_key: str | None = None
    budget_ratio: float = 0.25
    max_tokens: int = 64
    min_budget: int = 1000


@dataclass
class JudgedAnswer:
    """One question asked with one method's context."""

    method: str
    scenario: str
    question: str
    expected: str
    answer: str
    correct: bool


def fold(text: str) -> str:
    """Case-, width- and whitespace-insensitive form for substring scoring."""
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def is_correct(answer: str, expected: str) -> bool:
    """Whether `answer` contains `expected`, folded."""
    return fold(expected) in fold(answer)


def request_messages(
    context: list[Message], extra_text: str, question: str, lang: str
) -> list[dict[str, Any]]:
    """The wire messages of one question: the method's context, then the question."""
    wire = to_openai(context)
    if extra_text:
        # Text a method injects outside its messages is shown as a system message first.
        wire.insert(0, {"role": "system", "content": extra_text})
    wire.append({"role": "user", "content": question + ASK.get(lang, ASK["en"])})
    return wire


async def ask_all(
    methods: Sequence[JudgedMethod],
    scenarios: Sequence[JudgedScenario],
    config: JudgeConfig,
    *,
    client: ChatClient | None = None,
    tick: Callable[[str], None] = lambda _: None,
) -> list[JudgedAnswer]:
    """Every early question of every scenario, once per method (see the module docstring)."""
    counter = TokenCounter()
    own = client is None
    chat = client or ChatClient(config.base_url, config.api_key, model=config.model)
    answers: list[JudgedAnswer] = []
    try:
        for scenario in scenarios:
            if not scenario.early_questions:
                continue
            raw = counter.messages(scenario.messages)
            budget = max(config.min_budget, int(raw * config.budget_ratio))
            for method in methods:
                tick(f"judged {method.name} {scenario.name}")
                out: OutputLike = await method.run(list(scenario.messages), budget)
                for question, expected in scenario.early_questions:
                    wire = request_messages(
                        out.messages, out.extra_text, question, scenario.language
                    )
                    reply = await chat.complete(wire, max_tokens=config.max_tokens)
                    text = reply.text
                    answers.append(
                        JudgedAnswer(
                            method.name,
                            scenario.name,
                            question,
                            expected,
                            text,
                            is_correct(text, expected),
                        )
                    )
    finally:
        if own:
            await chat.close()
    return answers


def accuracy(answers: Sequence[JudgedAnswer]) -> list[dict[str, Any]]:
    """Per method, in order of first appearance: questions, correct answers, accuracy."""
    per: dict[str, list[JudgedAnswer]] = {}
    for a in answers:
        per.setdefault(a.method, []).append(a)
    return [
        {
            "method": m,
            "questions": len(xs),
            "correct": sum(x.correct for x in xs),
            "accuracy": sum(x.correct for x in xs) / len(xs),
        }
        for m, xs in per.items()
    ]


async def run_judged(
    methods: Sequence[JudgedMethod],
    scenarios: Sequence[JudgedScenario],
    config: JudgeConfig,
    tick: Callable[[str], None] = lambda _: None,
) -> dict[str, Any]:
    """The judged suite's JSON: settings (no key), accuracy per method, every answer."""
    answers = await ask_all(methods, scenarios, config, tick=tick)
    return {
        "model": config.model,
        "base_url": config.base_url,
        "budget_ratio": config.budget_ratio,
        "summary": accuracy(answers),
        "answers": [asdict(a) for a in answers],
    }
