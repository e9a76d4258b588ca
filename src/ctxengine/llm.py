"""An async client for OpenAI-compatible chat completions, over httpx.

Errors come back as `ProviderError` (a `ContextOverflowError` when the request did not fit),
classified by `ctxengine.errors`. Rate limits, server errors, timeouts and dropped connections
are retried with bounded exponential backoff; a stream is retried only before its first event,
so no text is ever delivered twice.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

import httpx

from ctxengine.errors import ErrorKind, ProviderError, provider_error

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how patiently transient failures are retried.

    Attributes:
        max_retries: Extra attempts after the first one (0 disables retries).
        backoff_seconds: The first pause; it doubles with each retry.
        max_backoff_seconds: Cap on one pause, also on a provider's Retry-After.
    """

    max_retries: int = 2
    backoff_seconds: float = 0.5
    max_backoff_seconds: float = 8.0

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """Seconds to wait before retry number `attempt` (0-based)."""
        base = self.backoff_seconds * 2.0**attempt
        if retry_after is not None:
            base = max(base, retry_after)
        return min(base, self.max_backoff_seconds)


@dataclass(frozen=True)
class Usage:
    """Token usage a provider reported for one request."""

    prompt_tokens: int
    completion_tokens: int


@dataclass(frozen=True)
class ChatResult:
    """One assistant reply.

    Attributes:
        message: The assistant message in OpenAI format (role, content, tool_calls).
        finish_reason: Why the model stopped ("stop", "length", "tool_calls", ...).
        usage: The provider's token report, None when it sent none.
    """

    message: dict[str, Any]
    finish_reason: str | None
    usage: Usage | None = None

    @property
    def text(self) -> str:
        """The reply's text content ("" when there is none)."""
        content = self.message.get("content")
        return content if isinstance(content, str) else ""

    @property
    def tool_calls(self) -> list[dict[str, Any]]:
        """The reply's tool calls in OpenAI format."""
        calls = self.message.get("tool_calls")
        return list(calls) if isinstance(calls, list) else []


StreamEvent = str | ChatResult


def _usage(data: object) -> Usage | None:
    if not isinstance(data, dict):
        return None
    prompt, completion = data.get("prompt_tokens"), data.get("completion_tokens")
    if isinstance(prompt, int) and isinstance(completion, int):
        return Usage(prompt, completion)
    return None


def _retry_after(response: httpx.Response) -> float | None:
    raw = response.headers.get("retry-after")
    if raw is None:
        return None
    try:
        return max(0.0, float(raw))
    except ValueError:
        return None  # an HTTP date: fall back to our own backoff


def _decode(raw: bytes) -> object:
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return raw.decode("utf-8", "replace")


@dataclass
class _ToolCallBuffer:
    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


class _StreamAssembler:
    """Folds chat.completion.chunk deltas into one ChatResult."""

    def __init__(self) -> None:
        self.text: list[str] = []
        self.calls: dict[int, _ToolCallBuffer] = {}
        self.finish_reason: str | None = None
        self.usage: Usage | None = None
        self.role = "assistant"

    def feed(self, chunk: dict[str, Any]) -> str:
        """Absorb one chunk; return its text delta ("" when none)."""
        usage = _usage(chunk.get("usage"))
        if usage is not None:
            self.usage = usage
        choices = chunk.get("choices") or []
        if not choices or not isinstance(choices[0], dict):
            return ""
        choice = choices[0]
        if choice.get("finish_reason"):
            self.finish_reason = str(choice["finish_reason"])
        delta = choice.get("delta") or {}
        for call in delta.get("tool_calls") or []:
            buf = self.calls.setdefault(int(call.get("index", len(self.calls))), _ToolCallBuffer())
            if call.get("id"):
                buf.id = str(call["id"])
            fn = call.get("function") or {}
            if fn.get("name"):
                buf.name += str(fn["name"])
            if fn.get("arguments"):
                buf.arguments.append(str(fn["arguments"]))
        content = delta.get("content")
        if isinstance(content, str) and content:
            self.text.append(content)
            return content
        return ""

    def result(self) -> ChatResult:
        message: dict[str, Any] = {"role": self.role, "content": "".join(self.text) or None}
        if self.calls:
            message["tool_calls"] = [
                {
                    "id": buf.id,
                    "type": "function",
                    "function": {"name": buf.name, "arguments": "".join(buf.arguments) or "{}"},
                }
                for _, buf in sorted(self.calls.items())
            ]
        return ChatResult(message=message, finish_reason=self.finish_reason, usage=self.usage)


class ChatClient:
    """Async client for one model behind an OpenAI-compatible `/chat/completions` endpoint.

    Args:
        base_url: The API root, e.g. ``https://api.openai.com/v1`` or ``http://host:8000/v1``.
        api_key: Sent as a Bearer token when given.
        model: The model name sent with every request.
        timeout: Seconds for one HTTP request.
        transport: An httpx transport (tests, proxies); the default opens real connections.
        retry: Retry policy for transient failures.
        provider: The provider's name, carried into errors.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str | None = None,
        *,
        model: str,
        timeout: float = 60.0,
        transport: httpx.AsyncBaseTransport | None = None,
        retry: RetryPolicy | None = None,
        provider: str | None = None,
    ) -> None:
        if not model:
            raise ValueError("ChatClient: model must be a non-empty model name")
        self.model = model
        self.provider = provider
        self.retry = retry or RetryPolicy()
        self.url = base_url.rstrip("/") + "/chat/completions"
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = httpx.AsyncClient(timeout=timeout, transport=transport, headers=headers)

    async def __aenter__(self) -> ChatClient:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def close(self) -> None:
        """Close the connection pool."""
        await self._http.aclose()

    def _payload(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None,
        max_tokens: int | None,
        response_format: dict[str, Any] | None,
        stream: bool,
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {"model": self.model, "messages": messages}
        if tools:
            payload["tools"] = tools
        if max_tokens is not None:
            payload["max_tokens"] = max_tokens
        if response_format is not None:
            payload["response_format"] = response_format
        if stream:
            payload["stream"] = True
            payload["stream_options"] = {"include_usage": True}
        return payload

    def _transport_error(self, exc: httpx.TransportError) -> ProviderError:
        kind: ErrorKind = "timeout" if isinstance(exc, httpx.TimeoutException) else "server"
        return ProviderError(
            kind, 0, None, provider=self.provider, message=f"{type(exc).__name__}: {exc}"
        )

    async def _pause(self, attempt: int, error: ProviderError, retry_after: float | None) -> None:
        delay = self.retry.delay(attempt, retry_after)
        log.warning(
            "chat request failed (%s), retry %d/%d in %.2fs",
            error,
            attempt + 1,
            self.retry.max_retries,
            delay,
        )
        await asyncio.sleep(delay)

    async def complete(
        self,
        messages: list[dict[str, Any]],
        *,
        tools: list[dict[str, Any]] | None = None,
        max_tokens: int | None = None,
        response_format: dict[str, Any] | None = None,
    ) -> ChatResult:
        """Send one chat completion request and return the reply.

        Raises:
            ContextOverflowError: The request did not fit the model's window.
            ProviderError: Any other error, after retries for transient ones.
        """
        payload = self._payload(messages, tools, max_tokens, response_format, stream=False)
        attempt = 0
        while True:
            retry_after: float | None = None
            try:
                response = await self._http.post(self.url, json=payload)
                body = _decode(response.content)
                if response.status_code < 400:
                    return self._parse(response.status_code, body)
                error = provider_error(response.status_code, body, provider=self.provider)
                retry_after = _retry_after(response)
            except httpx.TransportError as exc:
                error = self._transport_error(exc)
            if not error.retryable or attempt >= self.retry.max_retries:
                raise error
            await self._pause(attempt, error, retry_after)
            attempt += 1

    def _parse(self, status: int, body: object) -> ChatResult:
        if isinstance(body, dict) and "error" in body and not body.get("choices"):
            raise provider_error(status, body, provider=self.provider)
        choices = body.get("choices") if isinstance(body, dict) else None
        if not isinstance(body, dict) or not choices or not isinstance(choices[0], dict):
            raise ProviderError(
                "other",
                status,
                body,
                provider=self.provider,
                message="response has no choices[0] (not a chat completion)",
            )
        choice = choices[0]
        message = choice.get("message")
        if not isinstance(message, dict):
            raise ProviderError(
                "other", status, body, provider=self.provider, message="choices[0] has no message"
            )
        return ChatResult(
            message=message,
            finish_reason=choice.get("finish_reason"),
            usage=_usage(body.get("usage")),
        )

    async def stream(
        self,
        messages: list[dict[str, Any]],
        *,
        tools: list[dict[str, Any]] | None = None,
        max_tokens: int | None = None,
        response_format: dict[str, Any] | None = None,
    ) -> AsyncIterator[StreamEvent]:
        """Stream a reply: yields text deltas (str), then one final `ChatResult`.

        Tool call deltas are assembled into the final result's ``tool_calls``.

        Raises:
            ContextOverflowError: The request did not fit the model's window.
            ProviderError: Any other error; retried only before the first event arrived.
        """
        payload = self._payload(messages, tools, max_tokens, response_format, stream=True)
        attempt = 0
        while True:
            retry_after: float | None = None
            started = False
            try:
                async with self._http.stream("POST", self.url, json=payload) as response:
                    if response.status_code >= 400:
                        body = _decode(await response.aread())
                        error = provider_error(response.status_code, body, provider=self.provider)
                        retry_after = _retry_after(response)
                    else:
                        assembler = _StreamAssembler()
                        async for chunk in self._events(response):
                            started = True
                            delta = assembler.feed(chunk)
                            if delta:
                                yield delta
                        yield assembler.result()
                        return
            except httpx.TransportError as exc:
                if started:
                    raise self._transport_error(exc) from exc
                error = self._transport_error(exc)
            if not error.retryable or attempt >= self.retry.max_retries:
                raise error
            await self._pause(attempt, error, retry_after)
            attempt += 1

    async def _events(self, response: httpx.Response) -> AsyncIterator[dict[str, Any]]:
        """The JSON chunks of an SSE body, up to ``[DONE]``."""
        async for line in response.aiter_lines():
            if not line.startswith("data:"):
                continue  # comments, event names, blank separators
            data = line[5:].strip()
            if data == "[DONE]":
                return
            chunk = _decode(data.encode())
            if not isinstance(chunk, dict):
                raise ProviderError(
                    "other",
                    response.status_code,
                    data,
                    provider=self.provider,
                    message=f"stream event is not a JSON object: {data[:80]!r}",
                )
            if "error" in chunk:
                # An error after the headers were sent: no HTTP status; a numeric code may say.
                err = chunk["error"]
                code = err.get("code") if isinstance(err, dict) else None
                status = code if isinstance(code, int) else 0
                raise provider_error(status, chunk, provider=self.provider)
            yield chunk
