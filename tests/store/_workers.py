"""Code run in child processes by the store tests (importable, so `spawn` can pickle it)."""

from __future__ import annotations

import asyncio

from ctxengine.messages import Message
from ctxengine.store import SessionKey, SQLiteStore


def append_worker(path: str, user_id: str, session_id: str, tag: str, rounds: int) -> None:
    """Append `rounds` batches of two messages, each in its own transaction."""

    async def run() -> None:
        store = SQLiteStore(path)
        await store.open()
        key = SessionKey(user_id, session_id)
        try:
            for i in range(rounds):
                await store.append_messages(
                    key, [Message.user(f"{tag} {i} a"), Message.assistant(f"{tag} {i} b")]
                )
        finally:
            await store.close()

    asyncio.run(run())
