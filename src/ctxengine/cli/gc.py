"""`ctxengine gc`: purge sessions idle longer than the retention period, now."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from ctxengine.cli._common import CommandError, check_storage
from ctxengine.retention import purge_idle_sessions
from ctxengine.settings import SettingsError, load_settings
from ctxengine.store import open_store


def register(sub: Any) -> None:
    p = sub.add_parser(
        "gc",
        help="delete sessions idle longer than the retention period",
        description="Delete every session (history, state, jobs, files) idle longer than "
        "retention_days (30 by default), and nothing else. Prints what was removed as JSON.",
    )
    p.add_argument("--db", default=None, help="sqlite:///path or postgresql://...")
    p.add_argument("--workspace", default=None, metavar="DIR")
    p.add_argument("--config", default=None, metavar="FILE")
    p.add_argument("--retention-days", type=float, default=None, metavar="DAYS")
    p.set_defaults(run=run)


async def _gc(db: str | None, workspace: Path, days: float) -> list[dict[str, str]]:
    store = open_store(db, workspace)
    await store.open()
    try:
        removed = await purge_idle_sessions(store, workspace, days)
    finally:
        await store.close()
    return [{"user_id": k.user_id, "session_id": k.session_id} for k in removed]


def run(args: argparse.Namespace) -> int:
    try:
        settings = load_settings(
            args.config, db=args.db, workspace=args.workspace, retention_days=args.retention_days
        )
    except SettingsError as exc:
        raise CommandError(str(exc)) from None
    check_storage(settings)
    removed = asyncio.run(_gc(settings.db, Path(settings.workspace), settings.retention_days))
    json.dump({"removed": removed, "count": len(removed)}, sys.stdout)
    sys.stdout.write("\n")
    return 0
