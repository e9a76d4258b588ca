"""Background summaries of what left the context.

When a stage removes messages, a summary job is stored first (so a crash loses nothing),
then summarized in an asyncio task that never blocks the reply. The summary is appended to the
user's daily memory file and injected from the next turn on. A failed summary keeps its job
pending and is retried with backoff; every failure is logged and recorded as an event.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ctxengine.language import Language
from ctxengine.memory.files import MemoryFiles
from ctxengine.messages import Message, dump_messages, load_messages
from ctxengine.settings import Settings
from ctxengine.store.base import Job, SessionKey, Store
from ctxengine.summarize import Summarizer
from ctxengine.tokens import TokenCounter

log = logging.getLogger("ctxengine.summaries")

EventSink = Callable[[str, dict[str, Any]], Awaitable[None]]


@dataclass
class SummaryRecord:
    job_id: int
    stage: str
    turns: list[int]
    text: str
    path: str
    tokens: int = -1  # counted once, on first use

    def to_dict(self) -> dict[str, Any]:
        return {
            "job_id": self.job_id,
            "stage": self.stage,
            "turns": self.turns,
            "text": self.text,
            "path": self.path,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SummaryRecord:
        return cls(
            int(d["job_id"]), str(d["stage"]), list(d["turns"]), str(d["text"]), str(d["path"])
        )


@dataclass
class SummaryBook:
    """The summaries of one session and the jobs that produce them."""

    key: SessionKey
    store: Store
    summarizer: Summarizer
    files: MemoryFiles
    settings: Settings
    counter: TokenCounter
    emit: EventSink
    records: list[SummaryRecord] = field(default_factory=list)
    failures: int = 0
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _version: int = 0
    _injected: tuple[int, int, str] | None = None  # (version, max_tokens, text)
    # `records` in conversation order (see `injected_text`).
    _ordered: list[SummaryRecord] = field(default_factory=list)
    # Bumped by `/context clear`: a summary of an earlier generation still reaches the memory
    # files when it finishes, but is never injected after the boundary.
    generation: int = 0
    _save_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def version(self) -> int:
        """Changes whenever the injected text may change (used to cache injected messages)."""
        return self._version

    async def submit(
        self, stage: str, messages: list[Message], turns: list[int], language: Language
    ) -> int:
        payload: dict[str, Any] = {
            "stage": stage,
            "turns": turns,
            "language": language,
            "generation": self.generation,
        }
        seqs = [_seq_of(m) for m in messages]
        if all(q is not None for q in seqs):
            # Every message is already in the append-only history: the job names them by seq
            # (cheap to store on the hot path) and a resumed job reads them back from there.
            payload["seqs"] = seqs
        else:
            payload["messages"] = dump_messages(messages)
        job_id = await self.store.add_job(self.key, "summary", payload)
        self._spawn(job_id, stage, messages, turns, language, self.generation)
        return job_id

    async def job_messages(self, job: Job) -> list[Message]:
        return await job_messages(self.store, self.key, job)

    async def resume(self, job: Job) -> None:
        """Run a job left pending by an earlier process (crash or failed retries)."""
        p = job.payload
        language: Language = "zh" if p.get("language") == "zh" else "en"
        msgs = await self.job_messages(job)
        stage = str(p.get("stage", "resumed"))
        gen = int(p.get("generation", 0))
        self._spawn(job.id, stage, msgs, list(p.get("turns", [])), language, gen)

    def _spawn(
        self,
        job_id: int,
        stage: str,
        messages: list[Message],
        turns: list[int],
        lang: Language,
        generation: int,
    ) -> None:
        task = asyncio.create_task(self._run(job_id, stage, messages, turns, lang, generation))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(
        self,
        job_id: int,
        stage: str,
        messages: list[Message],
        turns: list[int],
        lang: Language,
        generation: int,
    ) -> None:
        attempts = self.settings.summarizer_max_retries + 1
        for attempt in range(1, attempts + 1):
            try:
                text = (await self.summarizer.summarize(messages, language=lang)).strip()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # any summarizer failure: keep the job, retry, tell
                self.failures += 1
                log.warning(
                    "summary job %s of %s failed (attempt %d/%d): %s",
                    job_id,
                    self.key,
                    attempt,
                    attempts,
                    exc,
                )
                await self.store.fail_job(job_id, f"{type(exc).__name__}: {exc}")
                await self.emit(
                    "summary_failed", {"job_id": job_id, "attempt": attempt, "error": str(exc)}
                )
                if attempt < attempts:
                    await asyncio.sleep(min(0.05 * 2**attempt, 5.0))
                continue
            if not text:
                text = "(no content)"
            title = _title(turns, lang)
            path = await asyncio.to_thread(self.files.append_daily, text, title=title)
            injected = generation == self.generation
            if injected:
                record = SummaryRecord(job_id, stage, turns, text, str(path))
                self.records.append(record)
                bisect.insort(self._ordered, record, key=_conversation_order)
                self._version += 1
                await self.save()
            await self.store.complete_job(job_id)
            await self.emit(
                "summary_written",
                {
                    "job_id": job_id,
                    "stage": stage,
                    "turns": turns,
                    "path": str(path),
                    "tokens": self.counter.count(text),
                    "messages": len(messages),
                    "injected": injected,
                },
            )
            return
        log.error(
            "summary job %s of %s stays pending after %d attempts", job_id, self.key, attempts
        )

    async def wait(self) -> None:
        """Wait for every running summary (used by `ctxengine compact` and at shutdown)."""
        while pending := [t for t in self._tasks if not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def cancel(self) -> None:
        """Stop running summaries; their jobs stay pending in the store."""
        tasks = list(self._tasks)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def save(self) -> None:
        # One save at a time, each writing the state as it is when its turn comes: two saves
        # racing on different connections must not leave an older snapshot last.
        async with self._save_lock:
            await self.store.set_state(
                self.key,
                "summaries",
                {"records": [r.to_dict() for r in self.records], "generation": self.generation},
            )

    def restore(self, state: dict[str, Any] | None) -> None:
        if state:
            self.records = [SummaryRecord.from_dict(d) for d in state.get("records", [])]
            self._ordered = sorted(self.records, key=_conversation_order)
            self.generation = int(state.get("generation", 0))
            self._version += 1

    async def forget(self) -> None:
        """After `/context clear`: nothing written before comes back into the context, not
        even a summary still running (it reaches the memory file only)."""
        self.records = []
        self._ordered = []
        self.generation += 1
        self._version += 1
        await self.save()

    def injected_text(self, max_tokens: int) -> str:
        """The newest summaries that fit `max_tokens`, oldest first.

        Older ones stay in the daily memory files and in memory search; the compaction layers
        hold the facts that must stay in view whatever their age.
        """
        cached = self._injected  # asked on every context() call: no tuples built to compare
        if cached is not None and cached[0] == self._version and cached[1] == max_tokens:
            return cached[2]
        picked: list[str] = []
        used = 0
        # Summaries finish in any order; present them in conversation order. Kept sorted as
        # they land: sorting every record again on each landing grew with the session.
        if len(self._ordered) != len(self.records):
            self._ordered = sorted(self.records, key=_conversation_order)
        for r in reversed(self._ordered):
            if r.tokens < 0:
                r.tokens = self.counter.count(r.text)
            n = r.tokens
            if used + n > max_tokens:
                break
            picked.append(r.text)
            used += n
        text = "\n\n".join(reversed(picked))
        self._injected = (self._version, max_tokens, text)
        return text


def _conversation_order(r: SummaryRecord) -> tuple[int, int]:
    return (min(r.turns) if r.turns else 0, r.job_id)


def _seq_of(message: Message) -> int | None:
    """`message.seq`, read from pydantic's private-attribute dict directly.

    `.seq` goes through pydantic's __getattr__ (~2 us); a trim submits every dropped message.
    """
    private = message.__pydantic_private__
    if private is None:
        return message.seq
    seq: int | None = private.get("_seq")
    return seq


async def job_messages(store: Store, key: SessionKey, job: Job) -> list[Message]:
    """The messages a stored summary job covers: inline, or read back from history by seq."""
    p = job.payload
    if "messages" in p:
        return load_messages(p["messages"])
    want = [int(q) for q in p.get("seqs", [])]
    if not want:
        return []
    rows = await store.load_messages(key, after_seq=min(want) - 1)
    wanted = set(want)
    return [r.message for r in rows if r.seq in wanted]


def _title(turns: list[int], lang: Language) -> str:
    if not turns:
        return "对话摘要" if lang == "zh" else "conversation summary"
    lo, hi = min(turns), max(turns)
    span = f"{lo}" if lo == hi else f"{lo}-{hi}"
    return f"第 {span} 轮摘要" if lang == "zh" else f"summary of turns {span}"
