"""A real local OpenAI-compatible HTTP server backed by a `ScriptedModel`.

It runs uvicorn in a background thread, so the same object works from sync tests
(``with OpenAICompatibleServer(model) as srv``) and async ones (``async with ...``): the event
loop of the test never has to drive the server.

Served: ``POST /v1/chat/completions`` (JSON, or SSE with ``stream: true`` — text and tool-call
deltas, usage in the final chunk) and ``GET /v1/models``.
"""

from __future__ import annotations

import json
import socket
import threading
import time
import uuid
from collections.abc import AsyncIterator
from types import TracebackType
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ctxengine.testing.scripted import Fail, Reply, ScriptedModel

# Streamed text is cut into pieces this long, so clients see several deltas.
STREAM_PIECE_CHARS = 8


def _bad_request(message: str) -> JSONResponse:
    return JSONResponse(
        {"error": {"message": message, "type": "invalid_request_error", "code": None}},
        status_code=400,
    )


def _tool_calls(reply: Reply) -> list[dict[str, Any]]:
    return [
        {
            "id": call.id or f"call_{i}_{uuid.uuid4().hex[:8]}",
            "type": "function",
            "function": {"name": call.name, "arguments": call.arguments_json()},
        }
        for i, call in enumerate(reply.tool_calls)
    ]


def _finish_reason(reply: Reply) -> str:
    if reply.finish_reason:
        return reply.finish_reason
    return "tool_calls" if reply.tool_calls else "stop"


def _pieces(text: str) -> list[str]:
    return [text[i : i + STREAM_PIECE_CHARS] for i in range(0, len(text), STREAM_PIECE_CHARS)]


class _App:
    def __init__(self, model: ScriptedModel) -> None:
        self.model = model

    async def models(self, request: Request) -> Response:
        del request
        return JSONResponse(
            {"object": "list", "data": [{"id": self.model.model, "object": "model"}]}
        )

    async def chat(self, request: Request) -> Response:
        raw = await request.body()
        try:
            body = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            return _bad_request(f"request body is not JSON: {exc}")
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            return _bad_request("request body must be an object with a 'messages' list")
        scripted, answer = self.model.respond(body, dict(request.headers))
        if isinstance(answer, Fail):
            content = json.dumps(answer.body, ensure_ascii=False)
            return Response(content, status_code=answer.status, media_type="application/json")
        completion = self.model.counter.count(answer.text or "") + sum(
            self.model.counter.count(c.name) + self.model.counter.count(c.arguments_json())
            for c in answer.tool_calls
        )
        usage = {
            "prompt_tokens": scripted.prompt_tokens,
            "completion_tokens": completion,
            "total_tokens": scripted.prompt_tokens + completion,
        }
        model_name = str(body.get("model") or self.model.model)
        if scripted.stream:
            return StreamingResponse(
                self._sse(answer, usage, model_name), media_type="text/event-stream"
            )
        message: dict[str, Any] = {"role": "assistant", "content": answer.text}
        if answer.tool_calls:
            message["tool_calls"] = _tool_calls(answer)
        return JSONResponse(
            {
                "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": model_name,
                "choices": [
                    {"index": 0, "message": message, "finish_reason": _finish_reason(answer)}
                ],
                "usage": usage,
            }
        )

    async def _sse(
        self, reply: Reply, usage: dict[str, int], model_name: str
    ) -> AsyncIterator[str]:
        cid = f"chatcmpl-{uuid.uuid4().hex[:12]}"
        created = int(time.time())

        def chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> str:
            data = {
                "id": cid,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model_name,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
                **extra,
            }
            return f"data: {json.dumps(data, ensure_ascii=False)}\n\n"

        yield chunk({"role": "assistant", "content": ""})
        for piece in _pieces(reply.text or ""):
            yield chunk({"content": piece})
        for index, call in enumerate(_tool_calls(reply)):
            # As OpenAI does: the first delta names the call, the arguments follow in pieces.
            first = {"index": index, "id": call["id"], "type": "function"}
            first["function"] = {"name": call["function"]["name"], "arguments": ""}
            yield chunk({"tool_calls": [first]})
            for piece in _pieces(call["function"]["arguments"]):
                yield chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]})
        yield chunk({}, _finish_reason(reply))
        final = {"id": cid, "object": "chat.completion.chunk", "created": created}
        final.update({"model": model_name, "choices": [], "usage": usage})
        yield f"data: {json.dumps(final)}\n\n"
        yield "data: [DONE]\n\n"


class ServerStartError(RuntimeError):
    """The local server did not come up."""


class OpenAICompatibleServer:
    """A local OpenAI-compatible server answering from a `ScriptedModel`.

    Args:
        model: The scripted model that answers (and records) every request.
        host: Interface to bind; loopback by default.
        port: Port to bind; 0 picks a free one.

    Example::

        with OpenAICompatibleServer(ScriptedModel(["hi"])) as srv:
            client = ChatClient(srv.base_url, model="m")
    """

    def __init__(self, model: ScriptedModel, host: str = "127.0.0.1", port: int = 0) -> None:
        self.model = model
        self.host = host
        self.port = port
        app = _App(model)
        self.app = Starlette(
            routes=[
                Route("/v1/chat/completions", app.chat, methods=["POST"]),
                Route("/v1/models", app.models, methods=["GET"]),
            ]
        )
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._socket: socket.socket | None = None

    @property
    def base_url(self) -> str:
        """The API root to give a client, e.g. ``http://127.0.0.1:PORT/v1``."""
        return f"http://{self.host}:{self.port}/v1"

    def start(self, timeout: float = 10.0) -> None:
        """Bind, start serving in a background thread, and wait until it accepts requests."""
        if self._thread is not None:
            raise ServerStartError("server already started")
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            self.app, log_level="warning", lifespan="off", http="h11", ws="none", loop="asyncio"
        )
        server = uvicorn.Server(config)
        thread = threading.Thread(
            target=server.run, kwargs={"sockets": [sock]}, name="ctxengine-test-server", daemon=True
        )
        self._server, self._thread, self._socket = server, thread, sock
        thread.start()
        deadline = time.monotonic() + timeout
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise ServerStartError(f"server on {self.host}:{self.port} did not start")
            time.sleep(0.01)

    def stop(self) -> None:
        """Stop serving and release the port."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._socket is not None:
            self._socket.close()
        self._server = self._thread = self._socket = None

    def __enter__(self) -> OpenAICompatibleServer:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    async def __aenter__(self) -> OpenAICompatibleServer:
        # Starting takes a few milliseconds and happens on another thread; blocking here keeps
        # the sync and async paths one code path.
        self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
