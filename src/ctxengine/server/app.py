"""`ctxengine serve`: the engine over HTTP (JSON, v1).

Endpoints (all JSON)::

    GET  /health
    POST /v1/compact                                   same contract as `ctxengine compact`
    POST /v1/sessions/{user}/{session}/messages        append OpenAI messages
    GET  /v1/sessions/{user}/{session}/context         what the model would be sent next
    POST /v1/sessions/{user}/{session}/overflow        stage 4 after a provider overflow
    POST /v1/sessions/{user}/{session}/command         {"text": "/context"} and friends
    DELETE /v1/sessions/{user}/{session}               delete a session and its history

Bad input is a 4xx with {"error": "<one line>"}; nothing here answers a 5xx for a client's
mistake. The retention job runs in the background for as long as the service does.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from ctxengine.cli.compact import compact
from ctxengine.commands import handle_command
from ctxengine.convert import InputError, from_openai, parse_json_input
from ctxengine.engine import Context, ContextEngine
from ctxengine.retention import RetentionTask
from ctxengine.settings import Settings, SettingsError, load_settings
from ctxengine.store.base import SessionKey

MAX_BODY_BYTES = 64 * 1024 * 1024


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


async def _body(request: Request) -> object:
    raw = await request.body()
    if len(raw) > MAX_BODY_BYTES:
        raise BadRequest(f"request body over {MAX_BODY_BYTES} bytes", 413)
    try:
        return parse_json_input(raw)
    except InputError as exc:
        raise BadRequest(str(exc)) from None


def _context_json(ctx: Context, engine: ContextEngine) -> dict[str, Any]:
    return {
        "messages": ctx.to_openai(),
        "compacted_context": ctx.compacted_context,
        "tokens": ctx.tokens,
        "budget": ctx.budget,
        "notice": ctx.notice,
    }


def create_app(settings: Settings | None = None, engine: ContextEngine | None = None) -> FastAPI:
    """The FastAPI app. Pass an `engine` to share one (tests do), else one is built."""
    settings = settings or load_settings()
    eng = engine or ContextEngine(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await eng.open()
        retention = RetentionTask.from_settings(eng.store, eng.settings)
        retention.start()
        try:
            yield
        finally:
            await retention.stop()
            await eng.close()

    app = FastAPI(title="ctxengine", version="0.1.0", lifespan=lifespan)
    app.state.engine = eng

    @app.exception_handler(BadRequest)
    async def _bad(request: Request, exc: BadRequest) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    @app.exception_handler(InputError)
    async def _input(request: Request, exc: InputError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(SettingsError)
    async def _settings(request: Request, exc: SettingsError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.get("/health")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "version": "0.1.0", "api": ["v1"]}

    @app.post("/v1/compact")
    async def compact_endpoint(request: Request) -> dict[str, Any]:
        data = await _body(request)
        config: dict[str, Any] | None = None
        if isinstance(data, dict):
            if "messages" not in data:
                raise BadRequest('body has no "messages" key')
            cfg = data.get("config")
            if cfg is not None and not isinstance(cfg, dict):
                raise BadRequest('"config" must be an object')
            config, data = cfg, data["messages"]
        messages = from_openai(data)
        run_settings = settings.updated(**config) if config else settings
        return await compact(messages, run_settings)

    @app.post("/v1/sessions/{user_id}/{session_id}/messages")
    async def append(user_id: str, session_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        if isinstance(data, dict) and "messages" in data:
            data = data["messages"]
        messages = from_openai(data)
        session = await eng.session(user_id, session_id)
        await session.add(*messages)
        return {"appended": len(messages), "last_seq": session.last_seq}

    @app.get("/v1/sessions/{user_id}/{session_id}/context")
    async def context(user_id: str, session_id: str) -> dict[str, Any]:
        session = await eng.session(user_id, session_id)
        return _context_json(await session.context(), eng)

    @app.post("/v1/sessions/{user_id}/{session_id}/overflow")
    async def overflow(user_id: str, session_id: str) -> dict[str, Any]:
        session = await eng.session(user_id, session_id)
        return _context_json(await session.recover_overflow(), eng)

    @app.post("/v1/sessions/{user_id}/{session_id}/command")
    async def command(user_id: str, session_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        text = data.get("text") if isinstance(data, dict) else None
        if not isinstance(text, str):
            raise BadRequest('body must be {"text": "/context ..."}')
        session = await eng.session(user_id, session_id)
        reply = await handle_command(session, text)
        if reply is None:
            raise BadRequest(f"not a command: {text[:40]!r}")
        return {"reply": reply}

    @app.delete("/v1/sessions/{user_id}/{session_id}")
    async def delete(user_id: str, session_id: str) -> dict[str, Any]:
        await eng.store.delete_session(SessionKey(user_id, session_id))
        return {"deleted": True}

    return app


def dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False)
