"""Summaries of older messages: an offline extractive one and one written by a model.

Both read the same plain-text transcript (`render_transcript`). The extractive summarizer only
ever copies sentences; the model summarizer is told to keep identifiers, numbers, decisions and
user constraints verbatim, and never sends a request larger than its model's window: long input
is cut into chunks that fit, each chunk is summarized, and the partial summaries are merged
(recursively when even they do not fit one request). A failure raises `SummaryError` after it
was logged, so the caller keeps the original messages and can try again later.
"""

from __future__ import annotations

from ctxengine.llm import ChatClient, RetryPolicy
from ctxengine.settings import Settings
from ctxengine.summarize.extractive import ExtractiveSummarizer, split_sentences
from ctxengine.summarize.model import LLMSummarizer, summary_prompt
from ctxengine.summarize.transcript import (
    Summarizer,
    SummaryError,
    render_message,
    render_transcript,
)
from ctxengine.tokens import TokenCounter

__all__ = [
    "ExtractiveSummarizer",
    "LLMSummarizer",
    "Summarizer",
    "SummaryError",
    "render_message",
    "render_transcript",
    "split_sentences",
    "summarizer_from_settings",
    "summary_prompt",
]


def summarizer_from_settings(settings: Settings, counter: TokenCounter) -> Summarizer:
    """The model summarizer when `summarizer_base_url` and `summarizer_model` are set, else the
    extractive one."""
    if settings.summarizer_base_url and settings.summarizer_model:
        client = ChatClient(
            settings.summarizer_base_url,
            settings.summarizer_api_key,
            model=settings.summarizer_model,
            timeout=settings.summarizer_timeout_seconds,
            retry=RetryPolicy(max_retries=0),  # the summarizer does its own retries
        )
        return LLMSummarizer(
            client,
            counter,
            settings.summarizer_context_tokens,
            settings.summarizer_output_tokens,
            settings.summarizer_max_retries,
            retry_backoff_seconds=settings.summarizer_retry_backoff_seconds,
            tool_result_chars=settings.summarizer_tool_result_chars,
            safety_ratio=settings.summarizer_safety_ratio,
        )
    return ExtractiveSummarizer(
        counter,
        max_sentences=settings.extractive_sentences,
        max_tokens=settings.summarizer_output_tokens,
    )
