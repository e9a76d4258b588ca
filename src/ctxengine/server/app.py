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

Work that grows with a body or a session (JSON parsing, converting, counting tokens, folding
messages into the layers, building a context and its JSON, a whole /v1/compact) runs in worker
threads, so one large request never stops /health or other sessions from answering. A
session's requests pass a FIFO gate: they apply in the order their bodies arrived, even when
a later small one is parsed first. The engine's store calls and summary tasks stay on the
event loop: the stores' connections belong to it (psycopg's async connection; the SQLite
store's futures); the engine hands its plain CPU work to `_offload`.

A thread cannot be stopped. So once a request's work has begun (it holds its session's gate,
or a compaction slot) it runs to its end even when its client goes away, and the gate or the
slot is released only then: the next request sees the session whole, never half-applied, and
abandoned compactions still count against `server_compact_workers`. A request still waiting
for its gate or a slot when its client goes away is dropped.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any, TypeVar
from urllib.parse import unquote_to_bytes

import anyio
import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from ctxengine.cli.compact import compact, split_input
from ctxengine.commands import handle_command
from ctxengine.compaction.distiller import BUILTIN_ONTOLOGIES
from ctxengine.convert import InputError, PairingState, from_openai, parse_json_input
from ctxengine.engine import Context, ContextEngine, Session, TurnLock
from ctxengine.messages import Message
from ctxengine.retention import RetentionRun, RetentionTask
from ctxengine.settings import Settings, SettingsError, load_settings
from ctxengine.store.base import SessionKey
from ctxengine.store.memory import MemoryStore
from ctxengine.tokens import TokenCounter

log = logging.getLogger("ctxengine.server")

T = TypeVar("T")

# Stored messages read back (at least) to check the tool results of an appended batch.
PAIRING_TAIL = 16
# Settings a client may not choose in a body's "config": those naming an endpoint, a key, a
# model, a file path or a database. The service's own values (its API keys above all) must
# never be sent where a caller says, nor its files and database be a caller's to pick.
# `ontology` may name a file too: over HTTP only a built-in name is taken (below).
SERVER_ONLY_SETTINGS = frozenset(
    {
        # endpoints, keys and models of the model calls (summaries, parsing)
        "summarizer_base_url",
        "summarizer_api_key",
        "summarizer_model",
        "llm_base_url",
        "llm_api_key",
        "llm_model",
        # the memory index's embedding model (e5 loads one)
        "memory_embedder",
        # where the service keeps its data
        "db",
        "workspace",
        "sqlite_synchronous",
        # the service's own limits
        "server_max_body_bytes",
        "server_compact_workers",
    }
)
# The keys each body read as an object may hold; any other is refused, never ignored.
COMPACT_KEYS = frozenset({"messages", "config"})
APPEND_KEYS = frozenset({"messages"})
COMMAND_KEYS = frozenset({"text"})


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


async def _off_loop(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`fn(*args, **kwargs)` in a worker thread: CPU work that grows with a body must not hold
    the event loop."""
    return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kwargs))


async def _offload(fn: Callable[[], T]) -> T:
    """The engine's `offload`: `fn()` in a worker thread, returning only once it has ended,
    even when the caller is cancelled (the session's lock is released after this returns, and
    the thread may still be changing the session)."""
    return await _to_the_end(asyncio.ensure_future(anyio.to_thread.run_sync(fn)))


async def _to_the_end(task: asyncio.Future[T]) -> T:
    """`await task`, waiting for it to end even when cancelled; the cancellation is passed on
    once it has."""
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        while not task.done():
            try:
                await asyncio.shield(task)
            except asyncio.CancelledError:
                continue
            except Exception:
                break
        raise


def _log_unanswered(task: asyncio.Future[Any]) -> None:
    exc = None if task.cancelled() else task.exception()
    if exc is not None and not isinstance(exc, BadRequest | InputError | SettingsError):
        log.error("error in a request its client left", exc_info=exc)


async def _raw_body(request: Request, limit: int) -> bytes:
    """The body, read no further than `limit`: a client must not make the service hold
    gigabytes in memory only to be told 413 at the end."""
    too_large = BadRequest(f"request body over {limit} bytes", 413)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


async def _parse(raw: bytes) -> object:
    try:
        return await _off_loop(parse_json_input, raw)
    except InputError as exc:
        raise BadRequest(str(exc)) from None


def _session_key(request: Request, user_id: str, session_id: str) -> SessionKey:
    """The ids of a session path, refused when one holds a NUL (`%00`): PostgreSQL's text
    cannot store it (a 500 there, while SQLite took it), so no store is asked to. Refused too
    when the path's percent-encoded bytes are not UTF-8: the ASGI server decodes each invalid
    byte to U+FFFD, so "Jos%E9" and "Jos%F1" (Latin-1) would be one user, reading the
    other's conversations."""
    for name, value in (("user id", user_id), ("session id", session_id)):
        if "\x00" in value:
            raise BadRequest(f"{name} holds a NUL character (%00), which cannot be stored")
    raw = request.scope.get("raw_path")
    if "\ufffd" in user_id + session_id and isinstance(raw, bytes):
        try:
            unquote_to_bytes(raw.split(b"?", 1)[0]).decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest(
                "the path's user or session id is not valid UTF-8 once percent-decoded"
                " (encode ids as UTF-8)"
            ) from None
    return SessionKey(user_id, session_id)


def _refuse_unknown(data: object, allowed: frozenset[str], reads: str) -> None:
    """Every body read as an object refuses a key it does not read (a typo, a "config" meant
    for /v1/compact): silently dropped, the caller would think it took effect."""
    if isinstance(data, dict):
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise BadRequest(f"body has unknown key {unknown[0]!r}; {reads}")


def _convert(data: object, pairing: PairingState | None, counter: TokenCounter) -> list[Message]:
    messages = from_openai(data, pairing=pairing, strict=True)
    # Counted here, off the loop: the counts are cached on each message, so the session's
    # window reads them instead of tokenizing the batch on the loop.
    for m in messages:
        counter.message(m)
    return messages


def _compact_run(messages: list[Message], settings: Settings) -> dict[str, Any]:
    """A stateless replay, in a worker thread with its own event loop: its own in-memory store
    and a scratch workspace, nothing shared with the service's loop, database or users'
    memory."""
    with tempfile.TemporaryDirectory(prefix="ctxengine-compact-") as scratch:
        run_settings = settings.updated(workspace=scratch, db=None)
        return asyncio.run(compact(messages, run_settings, store=MemoryStore()))


def _context_json(ctx: Context) -> dict[str, Any]:
    return {
        "messages": ctx.to_openai(),
        "compacted_context": ctx.compacted_context,
        "tokens": ctx.tokens,
        "budget": ctx.budget,
        "notice": ctx.notice,
    }


def _context_response(ctx: Context) -> JSONResponse:
    """The context as a response, rendered here (in a worker thread: every message of a huge
    session is converted and dumped)."""
    return JSONResponse(_context_json(ctx))


def _one_line(text: str) -> str:
    return " ".join(text.split())


async def _pairing_before(session: Session, data: object) -> PairingState | None:
    """Where the session's stored history leaves tool-call pairing, when the appended batch
    holds a tool result (else None: nothing to check against).

    The calls a result may answer are those of the latest assistant message that called
    tools, while only results have followed it: the stored tail is read back to the latest
    message that is not a tool result (and `PAIRING_TAIL` messages at least, so that a late or
    duplicated result is named as such)."""
    if not any(isinstance(d, dict) and d.get("role") == "tool" for d in _as_list(data)):
        return None
    store, limit = session.engine.store, PAIRING_TAIL
    while True:
        rows = await store.load_messages(session.key, limit=limit)
        if len(rows) < limit or not all(_results_only(r.message) for r in rows):
            return PairingState.after(r.message for r in rows)
        limit *= 4


def _results_only(m: Message) -> bool:
    return m.role == "tool" or bool(m.tool_results and not m.has_user_text)


def _as_list(data: object) -> list[object]:
    return data if isinstance(data, list) else []


async def _drop_session(engine: ContextEngine, key: SessionKey) -> None:
    """Forget a session's live object: its summaries stop (their jobs go with the session) and
    nothing of it is written back at shutdown, which would bring a deleted session back."""
    sess = engine._sessions.pop(key, None)
    if sess is None:
        return
    await sess.book.cancel()
    if sess.distiller is not None:
        await sess.distiller.aclose()


def create_app(settings: Settings | None = None, engine: ContextEngine | None = None) -> FastAPI:
    """The FastAPI app. Pass an `engine` to share one (tests do), else one is built.

    Args:
        settings: The service's settings; the engine's when only `engine` is given.
        engine: The engine to serve; opened and closed by the app's lifespan.
    """
    eng = engine or ContextEngine(settings or load_settings())
    settings = settings or eng.settings
    if eng.offload is None:
        eng.offload = _offload
    purged: list[SessionKey] = []
    body_limit = settings.server_max_body_bytes
    # Each /v1/compact holds a thread for as long as it runs (minutes, for a huge body): a cap
    # of its own, so they cannot take every thread the sessions' parsing needs.
    compact_slots = anyio.CapacityLimiter(settings.server_compact_workers)
    # Per session: the gate and how many requests hold or wait for it (dropped at zero).
    gates: dict[SessionKey, tuple[TurnLock, list[int]]] = {}
    # Work whose client went away, running to its end (waited for at shutdown).
    running: set[asyncio.Future[Any]] = set()

    def on_retention(run: RetentionRun) -> None:
        purged.extend(run.removed)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await eng.open()
        retention = RetentionTask.from_settings(eng.store, eng.settings, on_retention)
        app.state.retention = retention
        retention.start()
        try:
            yield
        finally:
            await asyncio.gather(*running, return_exceptions=True)
            await retention.stop()
            await forget_purged()
            await eng.close()

    app = FastAPI(title="ctxengine", version="0.1.0", lifespan=lifespan)
    app.state.engine = eng
    app.state.compact_slots = compact_slots

    async def forget_purged() -> None:
        # Sessions the retention job removed must not live on in the engine's cache (nor be
        # written back at shutdown).
        while purged:
            await _drop_session(eng, purged.pop())

    async def session_for(key: SessionKey) -> Session:
        await forget_purged()
        return await eng.session(key.user_id, key.session_id)

    def detach(work: Awaitable[T]) -> asyncio.Future[T]:
        """`work` as a task of its own, which a client going away does not cancel."""
        task = asyncio.ensure_future(work)
        running.add(task)
        task.add_done_callback(running.discard)
        return task

    async def in_turn(key: SessionKey, work: Callable[[], Coroutine[Any, Any, T]]) -> T:
        """`work()` when the session's earlier requests are done: one at a time, in arrival
        order (FIFO). Parsing in a thread would otherwise let a small append overtake a large
        one sent before it, and a pairing check would read the history while another append
        is writing it. Once begun, the work runs to its end (see the module's docstring)."""
        gate = gates.get(key)
        if gate is None:
            gate = gates[key] = (TurnLock(), [0])
        lock, holders = gate
        holders[0] += 1

        def leave() -> None:
            holders[0] -= 1
            if holders[0] == 0:
                del gates[key]

        try:
            await lock.acquire()  # a request whose client left while waiting never runs
        except BaseException:
            leave()
            raise

        def done(_: object) -> None:
            lock.release()
            leave()

        task = detach(work())
        task.add_done_callback(done)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            # The caller returns at once; the gate passes on when the work ends, and an
            # error nobody is left to answer is logged.
            task.add_done_callback(_log_unanswered)
            raise

    @app.exception_handler(BadRequest)
    async def _bad(request: Request, exc: BadRequest) -> JSONResponse:
        return JSONResponse({"error": _one_line(str(exc))}, status_code=exc.status)

    @app.exception_handler(InputError)
    async def _input(request: Request, exc: InputError) -> JSONResponse:
        return JSONResponse({"error": _one_line(str(exc))}, status_code=400)

    @app.exception_handler(SettingsError)
    async def _settings(request: Request, exc: SettingsError) -> JSONResponse:
        return JSONResponse({"error": _one_line(str(exc))}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # 404 and 405 in the same {"error": ...} shape as every other error.
        return JSONResponse({"error": _one_line(str(exc.detail))}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        message = _one_line(f"internal error: {type(exc).__name__}: {exc}")
        return JSONResponse({"error": message}, status_code=500)

    @app.get("/health")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "version": "0.1.0", "api": ["v1"]}

    @app.post("/v1/compact")
    async def compact_endpoint(request: Request) -> dict[str, Any]:
        data = await _parse(await _raw_body(request, body_limit))
        _refuse_unknown(data, COMPACT_KEYS, '/v1/compact reads only "messages" and "config"')
        data, config = split_input(data)
        messages = await _off_loop(from_openai, data, strict=True)
        blocked = sorted(SERVER_ONLY_SETTINGS & set(config or {}))
        if blocked:
            raise BadRequest(f'body "config": {blocked[0]!r} cannot be set over HTTP')
        onto = (config or {}).get("ontology")
        if onto is not None and onto not in BUILTIN_ONTOLOGIES:
            # A path would read the server's files: over HTTP only a built-in one is named.
            raise BadRequest(
                'body "config": "ontology" over HTTP must be one of '
                + ", ".join(BUILTIN_ONTOLOGIES)
            )
        try:
            run_settings = settings.updated(**config) if config else settings
        except SettingsError as exc:
            raise BadRequest(f'body "config": {exc}') from None
        slot = object()  # the borrower: the slot is released when the thread ends
        await compact_slots.acquire_on_behalf_of(slot)
        try:
            task = detach(anyio.to_thread.run_sync(_compact_run, messages, run_settings))
        except BaseException:
            compact_slots.release_on_behalf_of(slot)
            raise
        task.add_done_callback(lambda _: compact_slots.release_on_behalf_of(slot))
        return await asyncio.shield(task)

    @app.post("/v1/sessions/{user_id}/{session_id}/messages")
    async def append(user_id: str, session_id: str, request: Request) -> dict[str, Any]:
        key = _session_key(request, user_id, session_id)
        raw = await _raw_body(request, body_limit)

        async def work() -> dict[str, Any]:
            data = await _parse(raw)
            if isinstance(data, dict):
                # A message sent bare, a stray "config", an empty object: named, not "got object".
                _refuse_unknown(data, APPEND_KEYS, 'an append reads only "messages"')
                if "messages" not in data:
                    raise BadRequest(
                        'body has no "messages" key; an append is a list of '
                        'messages or {"messages": [...]}'
                    )
                data = data["messages"]
            session = await session_for(key)
            # A result may answer a call appended earlier while that call is pending; one that
            # answers no pending call (none at all, already answered, or after the turn moved
            # on) is refused, as the model's provider would refuse it (400) on every later
            # request.
            pairing = await _pairing_before(session, data)
            messages = await _off_loop(_convert, data, pairing, session.counter)
            await session.add(*messages)
            return {"appended": len(messages), "last_seq": session.last_seq}

        return await in_turn(key, work)

    @app.get("/v1/sessions/{user_id}/{session_id}/context")
    async def context(user_id: str, session_id: str, request: Request) -> JSONResponse:
        key = _session_key(request, user_id, session_id)

        async def work() -> Context:
            session = await session_for(key)
            return await session.context()

        ctx = await in_turn(key, work)
        return await _off_loop(_context_response, ctx)

    @app.post("/v1/sessions/{user_id}/{session_id}/overflow")
    async def overflow(user_id: str, session_id: str, request: Request) -> JSONResponse:
        key = _session_key(request, user_id, session_id)
        raw = await _raw_body(request, body_limit)
        if raw.strip():
            # No body is read here: `{}` (what some HTTP clients send) is fine, a key is not.
            data = await _parse(raw)
            if not isinstance(data, dict):
                raise BadRequest("body must be empty or {}: overflow reads no body")
            _refuse_unknown(data, frozenset(), "overflow reads no body")

        async def work() -> Context:
            session = await session_for(key)
            return await session.recover_overflow()

        ctx = await in_turn(key, work)
        return await _off_loop(_context_response, ctx)

    @app.post("/v1/sessions/{user_id}/{session_id}/command")
    async def command(user_id: str, session_id: str, request: Request) -> dict[str, Any]:
        key = _session_key(request, user_id, session_id)
        data = await _parse(await _raw_body(request, body_limit))
        _refuse_unknown(data, COMMAND_KEYS, 'a command reads only "text"')
        text = data.get("text") if isinstance(data, dict) else None
        if not isinstance(text, str):
            raise BadRequest('body must be {"text": "/context ..."}')
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            # A lone surrogate ("\ud800" in JSON) could be neither stored nor echoed.
            raise BadRequest('body "text" is not valid Unicode (lone surrogate)') from None

        async def work() -> str | None:
            session = await session_for(key)
            return await handle_command(session, text)

        reply = await in_turn(key, work)
        if reply is None:
            raise BadRequest(f"not a command: {text[:40]!r}")
        return {"reply": reply}

    @app.delete("/v1/sessions/{user_id}/{session_id}")
    async def delete(user_id: str, session_id: str, request: Request) -> dict[str, Any]:
        key = _session_key(request, user_id, session_id)

        async def work() -> None:
            await _drop_session(eng, key)
            await eng.store.delete_session(key)

        await in_turn(key, work)
        return {"deleted": True}

    return app
