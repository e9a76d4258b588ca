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
import unicodedata
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
    # Tokens of `text` + "\n\n" (followed by another summary) and of `text` + "\n" (the last
    # one before the note's end), counted once each, on first use (see `note_tokens`).
    sep_tokens: int = -1
    end_tokens: int = -1

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
    _picked: list[SummaryRecord] = field(default_factory=list)  # what that text joins
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
            title = _title(turns, lang)
            path = await asyncio.to_thread(
                self.files.append_daily, text or "(no content)", title=title
            )
            # Counted here once, for the event and for `injected_text` (which would otherwise
            # count it again inside the next context() call).
            tokens = self.counter.count(text)
            # An empty summary is noted in the memory file but injects nothing: a placeholder
            # would reach the model (and a Dify prompt) as if it were the conversation's.
            injected = generation == self.generation and bool(text)
            if injected:
                record = SummaryRecord(job_id, stage, turns, text, str(path), tokens)
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
                    "tokens": tokens,
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
        picked: list[SummaryRecord] = []
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
            picked.append(r)
            used += n
        picked.reverse()
        text = "\n\n".join([r.text for r in picked])
        self._injected = (self._version, max_tokens, text)
        self._picked = picked
        return text

    def note_tokens(self, head: str, tail: str, text: str) -> int | None:
        """Tokens of `head + text + tail`, where `text` is what `injected_text` last returned,
        added up from counts kept per summary; None when that cannot be exact.

        Counting the whole note again each time a summary lands would re-tokenize every
        injected summary. BPE never merges across a pre-token boundary, and with every
        tokenizer here one falls right after a newline that is followed by a character that
        is neither whitespace nor "/" (o200k lets "/" join a punctuation run ending in
        newlines). So when `head` ends in a newline, `tail` is a newline and such a text, and
        each summary starts with such a character and ends in a non-space, the note splits
        into `head`, each summary with its "\n\n" separator, the last with the newline, and
        the rest of `tail`, each counted on its own.
        """
        cached = self._injected
        picked = self._picked
        if cached is None or cached[2] is not text or not picked:
            return None
        if not (head.endswith("\n") and tail[:1] == "\n" and _starts_a_piece(tail[1:])):
            return None
        count = self.counter.count
        n = count(head) + count(tail[1:])
        last = picked[-1]
        for r in picked:
            if not _starts_a_piece(r.text) or r.text[-1].isspace():
                return None
            if r is last:
                if r.end_tokens < 0:
                    r.end_tokens = self._with_newlines(r, "\n")
                n += r.end_tokens
            else:
                if r.sep_tokens < 0:
                    r.sep_tokens = self._with_newlines(r, "\n\n")
                n += r.sep_tokens
        return n

    def _with_newlines(self, r: SummaryRecord, newlines: str) -> int:
        """Tokens of `r.text + newlines`, from `r.tokens` where the text's end allows.

        Newlines after a letter or a digit are a pre-token of their own; after a run of
        punctuation that follows a letter or a digit, they join that run and nothing before
        it. Either way only that end is counted again, not the summary.
        """
        count = self.counter.count
        if r.tokens < 0:
            r.tokens = count(r.text)
        run = _trailing_punctuation(r.text)
        if run is None:
            return count(r.text + newlines)
        return r.tokens - count(run) + count(run + newlines)


def _trailing_punctuation(text: str) -> str | None:
    """The punctuation/symbol run `text` ends with ("" after a letter or digit), when the
    character before it is a letter or a digit; None otherwise (a mark, a space, ...)."""
    i = len(text)
    while i > 0 and unicodedata.category(text[i - 1])[0] in "PS":
        i -= 1
    if i == 0 or unicodedata.category(text[i - 1])[0] not in "LN":
        return None
    return text[i:]


def _starts_a_piece(text: str) -> bool:
    """Whether a pre-token boundary falls right before `text` when a newline precedes it."""
    return bool(text) and not text[0].isspace() and text[0] != "/"


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
