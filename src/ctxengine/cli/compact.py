"""`ctxengine compact INPUT`: replay a history and print what the model would be sent next.

A contract (users' scripts depend on it). Output, one JSON object on standard output::

    {"messages": [...], "compacted_context": "...",
     "stats": {"tokens_before": N, "tokens_after": N, "turns_before": N, "turns_after": N},
     "audit_log": [...]}

Bad input exits with code 2 and one line on standard error naming the problem and its position.
With a database (`db`), each run replays into a session of its own (user "cli", session
"compact-<random hex>"), so a run's audit log and history are its own; nothing is removed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

from ctxengine.cli._common import CommandError, check_storage, read_input
from ctxengine.compaction.distiller import load_ontology
from ctxengine.compaction.ontology import OntologyError
from ctxengine.convert import InputError, from_openai, parse_json_input, to_openai
from ctxengine.engine import ContextEngine, Session
from ctxengine.messages import Message
from ctxengine.pipeline.turns import split_turns
from ctxengine.settings import Settings, SettingsError, load_settings, read_config_file
from ctxengine.store.base import Store
from ctxengine.store.memory import MemoryStore


def register(sub: Any) -> None:
    p = sub.add_parser(
        "compact",
        help="replay a history and print the compacted context as JSON",
        description=(
            "Replay a JSON history turn by turn as a live session would have received it, "
            "wait for background summaries, and print the context the model would be sent "
            "next with stats and the audit log."
        ),
    )
    p.add_argument(
        "input",
        metavar="INPUT",
        help='JSON file, or - for stdin: a list of OpenAI messages or {"messages": [...], '
        '"config": {...}}',
    )
    p.add_argument("--max-context-tokens", type=int, default=None, metavar="N")
    p.add_argument("--max-context-turns", type=int, default=None, metavar="N")
    p.add_argument("--config", default=None, metavar="FILE", help="a config.json")
    p.add_argument(
        "--workspace", default=None, metavar="DIR", help="where memory files are written"
    )
    p.set_defaults(run=run)


def split_input(data: object) -> tuple[object, dict[str, Any] | None]:
    """A `compact` input -> (messages, inline config or None).

    Raises:
        InputError: neither a list nor an object with "messages" (and at most "config").
    """
    if isinstance(data, list):
        return data, None
    if isinstance(data, dict):
        if "messages" not in data:
            raise InputError('input object has no "messages" key')
        unknown = sorted(set(data) - {"messages", "config"})
        if unknown:
            raise InputError(f"input object has unknown key {unknown[0]!r}")
        config = data.get("config")
        if config is not None and not isinstance(config, dict):
            raise InputError('"config" must be an object')
        return data["messages"], config
    raise InputError('input must be a list of messages or an object with "messages"')


def _load_settings(args: argparse.Namespace, config: dict[str, Any] | None) -> Settings:
    """Settings for this run; an error names the layer it came from (file, input, flag)."""
    file_data: dict[str, Any] = {}
    try:
        if args.config is not None:
            file_data = read_config_file(Path(args.config))
            _validate(file_data, f"config file {args.config}")
        if config:
            _validate(config, 'input "config"')
        settings = load_settings(
            config={**file_data, **(config or {})},
            agent_max_context_tokens=args.max_context_tokens,
            agent_max_context_turns=args.max_context_turns,
            workspace=args.workspace,
        )
        if settings.compaction:
            # A malformed ontology file is bad input, reported before anything runs.
            load_ontology(settings.ontology)
        return settings
    except (SettingsError, OntologyError) as exc:
        raise CommandError(str(exc)) from None


def _validate(layer: dict[str, Any], where: str) -> None:
    try:
        load_settings(config=layer, env={})
    except SettingsError as exc:
        raise SettingsError(f"{where}: {exc}") from None


def run(args: argparse.Namespace) -> int:
    raw = read_input(args.input)
    try:
        data = parse_json_input(raw)
        messages_data, config = split_input(data)
        # Strict: what the model's provider would refuse is refused here, with its position.
        messages = from_openai(messages_data, strict=True)
    except InputError as exc:
        raise CommandError(str(exc)) from None
    settings = _load_settings(args, config)
    if args.workspace is None and "workspace" not in (config or {}):
        # No workspace asked for: write memory files somewhere that does not litter the cwd.
        settings = settings.updated(workspace=tempfile.mkdtemp(prefix="ctxengine-"))
    check_storage(settings, db=settings.db is not None)
    out = asyncio.run(compact(messages, settings))
    # Bytes, not text: the output is UTF-8 JSON whatever the locale (Chinese included).
    sys.stdout.buffer.write(json.dumps(out, ensure_ascii=False).encode("utf-8") + b"\n")
    sys.stdout.flush()
    return 0


async def replay(session: Session, messages: list[Message]) -> None:
    """Feed messages as a live agent would: the context is built before every model call."""
    for m in messages:
        if m.role == "assistant":
            await session.context()
        await session.add(m)


async def audit_log(session: Session) -> list[dict[str, Any]]:
    """Every event of the session in order: pipeline compactions, summaries, and the
    compaction engine's transitions, constraints, conflicts and policy decisions."""
    events = await session.engine.store.list_events(session.key)
    return [{"event": e.kind, **e.data} for e in events]


async def compact(
    messages: list[Message], settings: Settings, *, store: Store | None = None
) -> dict[str, Any]:
    """The `compact` command as a function: replay, settle the summaries, report.

    Args:
        messages: The history to replay.
        settings: Budgets and workspace; `settings.db` is used only when `store` is None.
        store: Where the replayed session lives; by default an in-memory store (or `settings.db`
            when one is set).
    """
    if store is None and settings.db is None:
        store = MemoryStore()
    async with ContextEngine(settings, store=store) as engine:
        # A session of its own for each run: on a database (`db`), one shared id made a run's
        # audit log and history hold every earlier run's too. Nothing stored is removed.
        session = await engine.session("cli", f"compact-{uuid.uuid4().hex}", restore=False)
        await replay(session, messages)
        ctx = await session.settled_context()
        counter = engine.counter
        _, turns_in = split_turns(messages, counter)
        _, turns_out = split_turns(ctx.messages, counter)
        return {
            "messages": to_openai(ctx.messages),
            "compacted_context": ctx.compacted_context,
            "stats": {
                "tokens_before": counter.messages(messages),
                "tokens_after": ctx.tokens,
                "turns_before": len([t for t in turns_in if t.index > 0]),
                "turns_after": len([t for t in turns_out if t.index > 0]),
            },
            "audit_log": await audit_log(session),
        }
