"""What a provider's error response means: the classifier and the exceptions built on it.

Each provider words a context-window overflow its own way; the recovery stage needs to know it
is one, whatever the wording. The patterns below come from the real error bodies:

==========  ======  ==========================================================================
provider    status  body
==========  ======  ==========================================================================
OpenAI      400     error.code ``context_length_exceeded``, "This model's maximum context
                    length is N tokens. However, your messages resulted in M tokens..."
                    (Responses API: "Your input exceeds the context window of this model")
Anthropic   400     invalid_request_error "prompt is too long: N tokens > M maximum"
Anthropic   413     ``request_too_large`` "Request exceeds the maximum size" (32 MB of bytes)
DeepSeek    400     "This model's maximum context length is 65536 tokens. However, you
                    requested N tokens (... in the messages, ... in the completion)..."
Qwen        400     native: code ``InvalidParameter`` "Range of input length should be
                    [1, 30720]"; compatible mode: "<400> InternalError.Algo.InvalidParameter:
                    Range of input length should be [1, 129024]"
Gemini      400     INVALID_ARGUMENT "The input token count (N) exceeds the maximum number of
                    tokens allowed (M)." (the OpenAI-compatible endpoint wraps it in a list)
vLLM        400     "This model's maximum context length is N tokens. However, you requested
                    M tokens ...", "The prompt (total length N) is too long to fit into the
                    model (context length M)", "Prompt length of N is longer than the maximum
                    model length of M", "Input prompt (N tokens) is too long and exceeds limit"
llama.cpp   400/500 type ``exceed_context_size_error`` "the request exceeds the available
                    context size...", "Context size has been exceeded."; 500 "input is too
                    large to process. increase the physical batch size"
Ollama      500     "input exceeds context length" (older runners)
==========  ======  ==========================================================================

Decisions:

* A 429 is always ``rate_limit``, even "Request too large for gpt-4o in organization ... on
  tokens per min (TPM)": that is a per-minute quota, not the window, and trimming the context
  is the wrong cure.
* Any 413, Anthropic's ``request_too_large`` included, is ``context_overflow``: the request has
  too many bytes (usually images or huge tool results) and the only thing the client can do is
  send less, which is exactly what overflow recovery does. Classifying it as a plain bad
  request would leave the session stuck sending the same request forever.
* llama.cpp's "input is too large to process. increase the physical batch size" is
  ``context_overflow`` for the same reason: the input is larger than the server will take in
  one go, and a smaller input is the client-side fix.
* Overflow wording wins over the status code, because servers disagree about the code (llama.cpp
  has sent both 400 and 500 for the same overflow, and errors inside a stream have none).
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal, get_args

ErrorKind = Literal[
    "context_overflow", "rate_limit", "auth", "bad_request", "server", "timeout", "other"
]
ERROR_KINDS: tuple[str, ...] = get_args(ErrorKind)

# Kinds worth sending again unchanged after a pause.
RETRYABLE_KINDS: frozenset[str] = frozenset({"rate_limit", "server", "timeout"})

_OVERFLOW = re.compile(
    "|".join(
        [
            r"context_length_exceeded",  # OpenAI, Groq, Azure (error.code)
            r"maximum context length",  # OpenAI, DeepSeek, vLLM, OpenRouter, Mistral
            r"exceeds? the context window",  # OpenAI Responses API
            r"prompt is too long",  # Anthropic
            r"request size exceeds model context window",  # Anthropic (413 variant)
            r"request_too_large",  # Anthropic 413 (the machine type, not the TPM wording)
            r"range of input length should be",  # Qwen / DashScope
            r"input length \d* ?exceeds the maximum length",  # Volcano Ark and others
            r"input token count.{0,40}exceeds the maximum",  # Gemini
            r"exceed_context_size_error",  # llama.cpp (error.type)
            r"exceeds the available context size",  # llama.cpp
            r"context size (?:has been )?exceeded",  # llama.cpp
            r"input is too large to process",  # llama.cpp physical batch (see module doc)
            r"longer than the (?:model's context length|maximum model length)",  # vLLM
            r"too long to fit into the model",  # vLLM
            r"is too long and exceeds limit",  # vLLM (scheduler)
            r"input exceeds (?:the )?context length",  # Ollama
            r"maximum prompt length",  # xAI
            r"exceeded model token limit",  # Moonshot
            r"reduce the length of the messages",  # OpenAI-style advice, any provider
            r"上下文长度超|超出(?:最大)?上下文|超过(?:模型)?最大(?:上下文|长度)|输入长度超",
        ]
    ),
    re.IGNORECASE,
)

_RATE_LIMIT = re.compile(
    r"rate.?limit|too many requests|throttl|resource_exhausted|tokens per min|"
    r"requests per min|quota|限流|请求过于频繁",
    re.IGNORECASE,
)

_AUTH = re.compile(
    r"invalid_api_key|incorrect api key|invalid api key|authentication_error|"
    r"permission_error|unauthorized|invalidapikey",
    re.IGNORECASE,
)


def _error_object(body: object) -> dict[str, Any]:
    """The innermost error mapping of a body: {"error": {...}}, [{"error": {...}}] or {...}."""
    if isinstance(body, list) and body:
        body = body[0]
    if not isinstance(body, dict):
        return {}
    inner = body.get("error")
    if isinstance(inner, dict):
        return inner
    return body


def error_message(body: object) -> str:
    """The human-readable message of an error body, or its text when it has no message field."""
    if isinstance(body, str | bytes):
        return body.decode("utf-8", "replace") if isinstance(body, bytes) else body
    err = _error_object(body)
    for key in ("message", "detail", "msg"):
        value = err.get(key)
        if isinstance(value, str) and value:
            return value
    if isinstance(body, dict) and isinstance(body.get("error"), str):
        return str(body["error"])
    if body is None:
        return ""
    return json.dumps(body, ensure_ascii=False, default=str)[:500]


def error_code(body: object) -> str | None:
    """The machine code of an error body: error.code, else error.type, else error.status."""
    err = _error_object(body)
    for key in ("code", "type", "status"):
        value = err.get(key)
        if isinstance(value, str) and value and value != "error":
            return value
    return None


def _haystack(body: object) -> str:
    """Everything in a body that may name the error: the message and every code-like field."""
    parts = [error_message(body)]
    err = _error_object(body)
    for key in ("code", "type", "status", "param"):
        value = err.get(key)
        if isinstance(value, str):
            parts.append(value)
    return "\n".join(parts)


def is_overflow_message(text: str) -> bool:
    """True when `text` is one of the known context-overflow wordings."""
    return _OVERFLOW.search(text) is not None


def classify_error(status: int, body: object, *, provider: str | None = None) -> ErrorKind:
    """What an error response means.

    Args:
        status: The HTTP status (0 when there was none, e.g. an error event inside a stream).
        body: The decoded JSON body, or its text when it was not JSON.
        provider: The provider's name when known. The patterns recognise every provider's
            wording without it; it is accepted so callers can pass it through and for future
            provider-only rules.

    Returns:
        One of "context_overflow", "rate_limit", "auth", "bad_request", "server", "timeout",
        "other".
    """
    del provider  # every provider's wording is recognised without it (see module doc)
    text = _haystack(body)
    if status == 429:
        return "rate_limit"
    if status == 413 or is_overflow_message(text):
        return "context_overflow"
    if _RATE_LIMIT.search(text) and status not in (401, 403):
        return "rate_limit"
    if status in (401, 403) or _AUTH.search(text):
        return "auth"
    if status in (408, 504, 524):
        return "timeout"
    if status >= 500:
        return "server"
    if 400 <= status < 500:
        return "bad_request"
    return "other"


_NUMBERS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"maximum context length is (\d+).*?(?:requested|resulted in) (\d+)", re.I | re.S
        ),
        "limit,requested",
    ),
    (re.compile(r"prompt is too long: (\d+) tokens > (\d+)", re.I), "requested,limit"),
    (re.compile(r"input token count \((\d+)\) exceeds .*?\((\d+)\)", re.I), "requested,limit"),
    (
        re.compile(r"request \((\d+) tokens\) exceeds the available context size \((\d+)", re.I),
        "requested,limit",
    ),
    (
        re.compile(r"total length (\d+)\) is too long .*?context length (\d+)", re.I),
        "requested,limit",
    ),
    (
        re.compile(
            r"prompt length of (\d+) is longer than the maximum model length of (\d+)", re.I
        ),
        "requested,limit",
    ),
    (re.compile(r"range of input length should be \[1, (\d+)\]", re.I), "limit"),
)


def overflow_numbers(status: int, body: object) -> tuple[int | None, int | None]:
    """(limit, requested) token counts an overflow error states, each None when not stated."""
    del status
    text = error_message(body)
    err = _error_object(body)
    n_ctx, n_prompt = err.get("n_ctx"), err.get("n_prompt_tokens")
    if isinstance(n_ctx, int) and isinstance(n_prompt, int):
        return n_ctx, n_prompt
    for pattern, order in _NUMBERS:
        match = pattern.search(text)
        if match:
            found = dict(zip(order.split(","), (int(g) for g in match.groups()), strict=True))
            return found.get("limit"), found.get("requested")
    return None, None


class ProviderError(Exception):
    """A provider answered with an error.

    Attributes:
        kind: What the error means (see `classify_error`).
        status: The HTTP status, 0 when there was none.
        body: The decoded body (JSON value or text).
        provider: The provider's name when known.
    """

    def __init__(
        self,
        kind: ErrorKind,
        status: int,
        body: object,
        *,
        provider: str | None = None,
        message: str | None = None,
    ) -> None:
        self.kind: ErrorKind = kind
        self.status = status
        self.body = body
        self.provider = provider
        self.message = message if message is not None else error_message(body)
        who = provider or "provider"
        super().__init__(f"{who} error {status} ({kind}): {self.message[:300]}")

    @property
    def retryable(self) -> bool:
        """True for rate limits, server errors and timeouts."""
        return self.kind in RETRYABLE_KINDS


class ContextOverflowError(ProviderError):
    """The request did not fit the model's context window (or the provider's size limit).

    Attributes:
        limit: The window the provider stated, when it did.
        requested: The tokens the provider counted, when it said.
    """

    def __init__(
        self, status: int, body: object, *, provider: str | None = None, message: str | None = None
    ) -> None:
        super().__init__("context_overflow", status, body, provider=provider, message=message)
        self.limit, self.requested = overflow_numbers(status, body)


def provider_error(status: int, body: object, *, provider: str | None = None) -> ProviderError:
    """The exception for an error response: a ContextOverflowError for overflows."""
    kind = classify_error(status, body, provider=provider)
    if kind == "context_overflow":
        return ContextOverflowError(status, body, provider=provider)
    return ProviderError(kind, status, body, provider=provider)
