"""A scripted chat model: answers requests from a list, and records every request it gets.

Responses are given as:

* a ``str``: a plain text reply;
* a `Reply`: text and/or tool calls, with an optional finish reason;
* a `Fail` or a ``(status, body)`` tuple: an error response, e.g. ``Fail.overflow("openai")``
  for the provider's real context-overflow body (see `overflow_error`).

When the script runs out, the optional ``responder(request)`` answers; without one the model
answers with an error naming the problem, so a test that sends one request too many fails
loudly instead of hanging.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ctxengine.messages import Message, TextPart, ToolCallPart, ToolResultPart
from ctxengine.tokens import TokenCounter

OVERFLOW_PROVIDERS: tuple[str, ...] = (
    "openai",
    "anthropic",
    "anthropic-413",
    "deepseek",
    "qwen",
    "qwen-native",
    "gemini",
    "vllm",
    "llamacpp",
)


def overflow_error(
    provider: str, *, limit: int | None = None, requested: int | None = None
) -> tuple[int, object]:
    """The (status, body) a provider answers when a request exceeds its context window.

    The bodies reproduce the providers' real wording and shape; `limit` and `requested` fill in
    the token counts (defaults are the provider's usual window and a request just over it).

    Args:
        provider: One of `OVERFLOW_PROVIDERS`.
        limit: The context window to state.
        requested: The request's token count to state.

    Raises:
        ValueError: For an unknown provider.
    """
    lim = limit or {"deepseek": 65536, "gemini": 1048576, "vllm": 4096, "llamacpp": 8192}.get(
        provider, 128000
    )
    req = requested or lim + 1234
    if provider == "openai":
        return 400, {
            "error": {
                "message": f"This model's maximum context length is {lim} tokens. However, your "
                f"messages resulted in {req} tokens. Please reduce the length of the messages.",
                "type": "invalid_request_error",
                "param": "messages",
                "code": "context_length_exceeded",
            }
        }
    if provider == "anthropic":
        return 400, {
            "type": "error",
            "error": {
                "type": "invalid_request_error",
                "message": f"prompt is too long: {req} tokens > {lim} maximum",
            },
        }
    if provider == "anthropic-413":
        return 413, {
            "type": "error",
            "error": {"type": "request_too_large", "message": "Request exceeds the maximum size"},
        }
    if provider == "deepseek":
        return 400, {
            "error": {
                "message": f"This model's maximum context length is {lim} tokens. However, you "
                f"requested {req} tokens ({req - 1} in the messages, 1 in the completion). "
                "Please reduce the length of the messages or completion.",
                "type": "invalid_request_error",
                "param": None,
                "code": "invalid_request_error",
            }
        }
    if provider == "qwen":  # DashScope, OpenAI-compatible mode
        return 400, {
            "error": {
                "message": "<400> InternalError.Algo.InvalidParameter: "
                f"Range of input length should be [1, {lim}]",
                "type": "invalid_request_error",
                "param": None,
                "code": "invalid_parameter_error",
            },
            "id": "chatcmpl-scripted",
            "request_id": "scripted",
        }
    if provider == "qwen-native":  # DashScope native API
        return 400, {
            "code": "InvalidParameter",
            "message": f"Range of input length should be [1, {lim}]",
            "request_id": "scripted",
        }
    if provider == "gemini":  # the OpenAI-compatible endpoint wraps the error in a list
        message = (
            f"The input token count ({req}) exceeds the maximum number of tokens allowed ({lim})."
        )
        return 400, [{"error": {"code": 400, "message": message, "status": "INVALID_ARGUMENT"}}]
    if provider == "vllm":
        return 400, {
            "object": "error",
            "message": f"This model's maximum context length is {lim} tokens. However, you "
            f"requested {req} tokens ({req - 1} in the messages, 1 in the completion). "
            "Please reduce the length of the messages or completion.",
            "type": "BadRequestError",
            "param": None,
            "code": 400,
        }
    if provider == "llamacpp":
        return 400, {
            "error": {
                "code": 400,
                "message": "the request exceeds the available context size. try increasing "
                "the context size or enable context shift",
                "type": "exceed_context_size_error",
                "n_prompt_tokens": req,
                "n_ctx": lim,
            }
        }
    raise ValueError(f"unknown provider {provider!r}; choose one of {list(OVERFLOW_PROVIDERS)}")


def rate_limit_error(model: str = "gpt-4o") -> tuple[int, object]:
    """OpenAI's 429 for a request over the tokens-per-minute quota (not a window overflow)."""
    return 429, {
        "error": {
            "message": f"Request too large for {model} in organization org-scripted on tokens "
            "per min (TPM): Limit 30000, Requested 50000. The input or output tokens must be "
            "reduced in order to run successfully.",
            "type": "tokens",
            "param": None,
            "code": "rate_limit_exceeded",
        }
    }


@dataclass(frozen=True)
class ToolCall:
    """A tool call the scripted model makes; `arguments` is a JSON string or a mapping."""

    name: str
    arguments: str | dict[str, Any] = "{}"
    id: str | None = None

    def arguments_json(self) -> str:
        if isinstance(self.arguments, str):
            return self.arguments
        return json.dumps(self.arguments, ensure_ascii=False)


@dataclass(frozen=True)
class Reply:
    """A successful reply: text, tool calls, or both."""

    text: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str | None = None


@dataclass(frozen=True)
class Fail:
    """An error response."""

    status: int
    body: object

    @classmethod
    def overflow(cls, provider: str, **numbers: int) -> Fail:
        """The provider's real context-overflow error (see `overflow_error`)."""
        status, body = overflow_error(provider, **numbers)
        return cls(status, body)


ScriptedResponse = str | Reply | Fail | tuple[int, object]


@dataclass
class ScriptedRequest:
    """One request the model received."""

    body: dict[str, Any]
    prompt_tokens: int
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def messages(self) -> list[dict[str, Any]]:
        messages = self.body.get("messages")
        return messages if isinstance(messages, list) else []

    @property
    def stream(self) -> bool:
        return bool(self.body.get("stream"))

    @property
    def max_tokens(self) -> int | None:
        value = self.body.get("max_tokens", self.body.get("max_completion_tokens"))
        return value if isinstance(value, int) else None


def _content_text(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            str(p.get("text", "")) for p in content if isinstance(p, dict) and "text" in p
        )
    return ""


def wire_to_message(data: dict[str, Any]) -> Message:
    """A minimal OpenAI-format message -> `Message`, enough to count its tokens."""
    role = data.get("role", "user")
    if role not in ("system", "developer", "user", "assistant", "tool"):
        role = "user"
    text = _content_text(data.get("content"))
    if role == "tool":
        return Message(
            role="tool",
            parts=[ToolResultPart(call_id=str(data.get("tool_call_id", "")), content=text)],
        )
    parts: list[Any] = [TextPart(text=text)] if text else []
    for call in data.get("tool_calls") or []:
        fn = call.get("function") or {}
        parts.append(
            ToolCallPart(
                id=str(call.get("id", "")),
                name=str(fn.get("name", "")),
                arguments=str(fn.get("arguments", "{}")),
            )
        )
    return Message(role=role, parts=parts)


def count_request_tokens(counter: TokenCounter, messages: list[dict[str, Any]]) -> int:
    """Prompt tokens of an OpenAI-format message list, counted like `TokenCounter.messages`."""
    return counter.messages(wire_to_message(m) for m in messages if isinstance(m, dict))


Responder = Callable[[ScriptedRequest], ScriptedResponse]


@dataclass
class ScriptedModel:
    """A chat model that answers from a script.

    Args:
        responses: Answers in order, one per request.
        context_limit: When set, a request whose prompt tokens plus ``max_tokens`` exceed it is
            answered with `overflow_provider`'s real overflow error (the script is not consumed).
        overflow_provider: Whose error wording an automatic overflow uses.
        responder: Answers once the script is used up.
        counter: Counts prompt tokens (reported as ``usage.prompt_tokens``).
        model: The model name ``GET /v1/models`` lists.
    """

    responses: list[ScriptedResponse] = field(default_factory=list)
    context_limit: int | None = None
    overflow_provider: str = "openai"
    responder: Responder | None = None
    counter: TokenCounter = field(default_factory=TokenCounter)
    model: str = "scripted-model"
    requests: list[ScriptedRequest] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        if self.overflow_provider not in OVERFLOW_PROVIDERS:
            raise ValueError(
                f"overflow_provider {self.overflow_provider!r} is unknown; "
                f"choose one of {list(OVERFLOW_PROVIDERS)}"
            )
        self.responses = list(self.responses)

    def respond(
        self, body: dict[str, Any], headers: dict[str, str] | None = None
    ) -> tuple[ScriptedRequest, Reply | Fail]:
        """Record a request (body, lower-cased headers) and decide the answer (thread-safe)."""
        messages = body.get("messages")
        tokens = count_request_tokens(self.counter, messages if isinstance(messages, list) else [])
        request = ScriptedRequest(body=body, prompt_tokens=tokens, headers=dict(headers or {}))
        with self._lock:
            self.requests.append(request)
            needed = tokens + (request.max_tokens or 0)
            if self.context_limit is not None and needed > self.context_limit:
                return request, Fail.overflow(
                    self.overflow_provider, limit=self.context_limit, requested=needed
                )
            if self.responses:
                answer = self.responses.pop(0)
            elif self.responder is not None:
                answer = self.responder(request)
            else:
                answer = Fail(
                    500,
                    {
                        "error": {
                            "message": f"ScriptedModel: no scripted response left for request "
                            f"{len(self.requests)}",
                            "type": "server_error",
                        }
                    },
                )
        return request, _normalise(answer)


def _normalise(answer: ScriptedResponse) -> Reply | Fail:
    if isinstance(answer, str):
        return Reply(text=answer)
    if isinstance(answer, tuple):
        return Fail(answer[0], answer[1])
    return answer
