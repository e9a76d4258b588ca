"""ContextEngine: one engine behind the library, the CLI and the service.

Per session, a turn flows like this::

    add(message) --> store (append-only history) --> window (+ compaction layers)
    context()    --> stages 1-3 on the window --> removed messages become summary jobs
                 --> summaries and the CONTEXT block are injected --> pairing repaired
    overflow     --> recover_overflow(): flush to memory, stage 4, retry; then clear

History is the record and never changes; the window is what the model sees.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ctxengine.convert import from_anthropic, from_openai, to_anthropic, to_openai
from ctxengine.language import Language, LanguageVote
from ctxengine.memory.files import MemoryFiles
from ctxengine.memory.search import MemoryHit
from ctxengine.messages import (
    Message,
    Part,
    TextPart,
    copy_with,
    dump_messages,
    load_messages,
)
from ctxengine.pipeline.notes import note, note_parts
from ctxengine.pipeline.pairing import repair
from ctxengine.pipeline.stages import compress_turn, with_parts
from ctxengine.pipeline.turns import Turn, split_turns
from ctxengine.pipeline.window import StageStep, Window, WindowResult
from ctxengine.settings import Settings, load_settings
from ctxengine.store.base import SessionKey, Store, StoredMessage
from ctxengine.summaries import SummaryBook
from ctxengine.summarize import Summarizer, summarizer_from_settings
from ctxengine.tokens import Calibration, TokenCounter

if TYPE_CHECKING:
    from ctxengine.compaction.audit import AuditLog
    from ctxengine.compaction.ontology import Ontology

log = logging.getLogger("ctxengine")

T = TypeVar("T")


class Distiller(Protocol):
    """The compaction engine as the session sees it (see ctxengine.compaction.distiller)."""

    observed_seq: int  # store seq of the last message observed
    audit: AuditLog  # the session's audit chain (one per session, across clear and restore)

    @property
    def last_turn(self) -> int: ...

    def observe(self, message: Message, turn: int) -> list[dict[str, Any]]: ...

    async def observe_async(self, message: Message, turn: int) -> list[dict[str, Any]]: ...

    def render(
        self,
        turn: int,
        language: Language,
        *,
        max_tokens: int | None = None,
        count: Callable[[str], int] | None = None,
        strict: bool = False,
        shown: str = "",
    ) -> str: ...

    def pinned_turns(self, turn: int) -> set[int]: ...

    def to_dict(self) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> None: ...

    def reconfigure(self, settings: Settings) -> None: ...

    async def aclose(self) -> None: ...


class Offload(Protocol):
    """Runs a plain function (no await inside) and hands back its result: where a session's
    CPU work goes (`ContextEngine.offload`).

    It must not return, nor raise, before `fn` has ended, even when its caller is cancelled:
    the session's lock is released right after, and `fn` changes the session's state."""

    def __call__(self, fn: Callable[[], T]) -> Awaitable[T]: ...


def make_distiller(
    settings: Settings, session_id: str, ontology: Ontology | None = None
) -> Distiller | None:
    """The compaction engine of one session (None with compaction off); `ontology`, when
    given, is used instead of the one `settings.ontology` names."""
    if not settings.compaction:
        return None
    from ctxengine.compaction.distiller import CompactionDistiller

    return CompactionDistiller(settings, session_id=session_id, ontology=ontology)


@dataclass
class Context:
    """What the model would be sent next, and how it came to be."""

    messages: list[Message]
    tokens: int
    budget: int
    compacted_context: str
    steps: list[StageStep] = field(default_factory=list)
    notice: str | None = None  # said to the user (e.g. the context was cleared)

    def to_openai(self) -> list[dict[str, Any]]:
        return to_openai(self.messages)

    def to_anthropic(self) -> tuple[Any, list[dict[str, Any]]]:
        return to_anthropic(self.messages)


class ContextOverflowUnrecoverable(RuntimeError):
    """Even the latest user message alone does not fit the model's window."""


def _set_seq(m: Message, seq: int) -> None:
    # Straight into pydantic's private-attribute dict: its __setattr__ costs ~10x.
    private = m.__pydantic_private__
    if private is None:
        m._seq = seq
    else:
        private["_seq"] = seq


class TurnLock:
    """A FIFO asyncio lock whose uncontended acquire is a plain call, not a coroutine.

    Every add() and context() takes the session's lock, almost always free: `asyncio.Lock`
    builds and runs a coroutine just to find that out. Here the caller asks `try_acquire` and
    awaits `acquire` only when the lock is held. A release hands the lock straight to the
    longest waiter (it stays locked meanwhile), so a caller arriving later cannot barge in.
    Use `async with lock:` or::

        if not lock.try_acquire():
            await lock.acquire()
        try: ...
        finally: lock.release()
    """

    __slots__ = ("_locked", "_waiters")

    def __init__(self) -> None:
        self._locked = False
        self._waiters: deque[asyncio.Future[None]] = deque()

    def locked(self) -> bool:
        return self._locked

    def try_acquire(self) -> bool:
        """Take the lock if it is free (no waiter can be queued then); never waits."""
        if self._locked:
            return False
        self._locked = True
        return True

    async def acquire(self) -> None:
        """Wait for the lock, after those already waiting."""
        if self.try_acquire():
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                # Handed the lock just as we were cancelled: pass it on, or it stays held.
                self.release()
            elif waiter in self._waiters:
                self._waiters.remove(waiter)
            raise

    def release(self) -> None:
        if not self._locked:
            raise RuntimeError("TurnLock is not acquired")
        waiters = self._waiters
        while waiters:
            waiter = waiters.popleft()
            if not waiter.done():  # a cancelled waiter is skipped (it cleans up after itself)
                waiter.set_result(None)
                return
        self._locked = False

    async def __aenter__(self) -> None:
        if not self.try_acquire():
            await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.release()


class Session:
    """One conversation's context. Create through `ContextEngine.session`."""

    def __init__(self, engine: ContextEngine, key: SessionKey, settings: Settings) -> None:
        self.engine = engine
        self.key = key
        self.settings = settings
        self.counter = engine.counter
        self.window = Window(settings, engine.counter)
        self.calibration = Calibration(settings.calibration_smoothing)
        self.language: Language = "en"
        # The conversation's language (the block's, the notes'): the user's, a vote over
        # their messages (`LanguageVote`), not the latest message's alone.
        self._languages = LanguageVote()
        self.distiller: Distiller | None = make_distiller(settings, key.session_id, engine.ontology)
        self._layer_events: list[dict[str, Any]] = []
        self.last_seq = 0
        self.book = SummaryBook(
            key,
            engine.store,
            engine.summarizer,
            MemoryFiles(engine.workspace, key.user_id),
            settings,
            engine.counter,
            self._emit,
        )
        self.audit: list[dict[str, Any]] = []
        self._inject_cache: dict[tuple[str, int], Message] = {}
        self._quick: _Quick | None = None
        # (summary text, language, tokens of its note) for `_summary_tokens`.
        self._summary_count: tuple[str | None, Language | None, int] = (None, None, 0)
        self._lock = TurnLock()
        # The turn count `meta` was last written with (at first, due at the first turn).
        self._meta_turns = -_META_EVERY_TURNS
        self._layers_turn = 0  # the turn the stored layers are of (`_persist_interval`)
        # (ids of the prefix messages, their dumped form) for `_save_meta`.
        self._prefix_dump: tuple[tuple[str, ...], list[dict[str, Any]]] = ((), [])
        self._daily_path: tuple[MemoryFiles | None, date | None, str] = (None, None, "")

    # --- events -------------------------------------------------------------------------
    async def _emit(self, kind: str, data: dict[str, Any]) -> None:
        self.audit.append({"event": kind, **data})
        await self.engine.store.add_events(self.key, [(kind, data)])

    # --- feeding ------------------------------------------------------------------------
    async def add(self, *messages: Message | dict[str, Any]) -> None:
        """Append messages (internal or OpenAI dicts) to history, then to the context."""
        # Dicts are converted one by one; pairing is the window's concern (repair), and a tool
        # result arriving alone is normal here.
        if len(messages) == 1 and isinstance(messages[0], Message):
            msgs = [messages[0]]  # the usual call: no comprehension (a frame of its own)
        else:
            msgs = [
                m if isinstance(m, Message) else from_openai([m], check_pairing=False)[0]
                for m in messages
            ]
        lock = self._lock
        if not lock.try_acquire():
            await lock.acquire()
        try:
            seqs = await self.engine.store.append_messages(self.key, msgs)
            if seqs:
                self.last_seq = seqs[-1]
            window = self.window
            turns, prefix = window.next_index, len(window.prefix)
            offload = self.engine.offload
            if offload is not None and not self._parses_on_loop(msgs):
                # In one go: the lock stays held, so this session's order is kept meanwhile.
                await offload(functools.partial(self._feed_all, msgs, seqs))
            elif self.distiller is None:
                # No compaction engine: nothing to await per message (one coroutine less each),
                # and `_to_window` inline, in the same pass as the seq (this runs for every
                # message).
                for m, seq in zip(msgs, seqs, strict=True):
                    _set_seq(m, seq)
                    starts = m.starts_turn  # never true of an injected note
                    if starts:
                        self.language = self._languages.add(m.text)
                    window.add(m, starts)
            else:
                for m, seq in zip(msgs, seqs, strict=True):
                    _set_seq(m, seq)
                for i, m in enumerate(msgs, 1):
                    await self._feed_async(m)
                    if i % _FEED_YIELD_EVERY == 0:
                        # A large batch (a service append of thousands of messages) is parsed
                        # here for seconds: let the loop serve others between slices. The
                        # lock stays held, so this session's order is kept.
                        await asyncio.sleep(0)
                if seqs:
                    self.distiller.observed_seq = seqs[-1]
            if self._layer_events:
                await self._flush_layer_events()
            if window.next_index != turns or len(window.prefix) != prefix:
                n = window.next_index - 1
                # The count in `meta` may lag: restore adds the turns stored after its seq.
                if len(window.prefix) != prefix or n - self._meta_turns >= _META_EVERY_TURNS:
                    await self._save_meta()
                since = n - self._layers_turn  # negative after a clear restarted the count
                if self.distiller and (since < 0 or since >= self._persist_interval(n)):
                    await self.save_layers()
                    self._layers_turn = n
        finally:
            lock.release()

    def _parses_on_loop(self, msgs: list[Message]) -> bool:
        """Whether the batch needs the compaction engine's model path (an awaited model call
        for a user message), which runs on the loop."""
        has_model = getattr(self.distiller, "model_parser", None) is not None
        return has_model and any(m.role == "user" and not m.injected for m in msgs)

    def _feed_all(self, msgs: list[Message], seqs: list[int]) -> None:
        """`add`'s feeding of a stored batch (rule path), as plain work for `offload`."""
        for m, seq in zip(msgs, seqs, strict=True):
            _set_seq(m, seq)
            self._feed(m)
        if seqs and self.distiller is not None:
            self.distiller.observed_seq = seqs[-1]

    async def _flush_layer_events(self) -> None:
        if self._layer_events:
            events, self._layer_events = self._layer_events, []
            # "layers.<kind>": the compaction engine's events, apart from pipeline steps.
            await self.engine.store.add_events(
                self.key, [(f"layers.{e.get('kind', 'event')}", e) for e in events]
            )

    def _persist_interval(self, turns: int) -> int:
        """Turns between two saves of the layers: a save writes the whole state, which grows
        with the session, so saves are spaced in proportion (amortized, a turn's share of the
        saving stays flat); a restore re-parses what came after the last one."""
        s = self.settings
        return max(s.compaction_persist_every_turns, int(turns * s.compaction_persist_share))

    async def save_layers(self) -> None:
        """Store the compaction layers (also done every few turns and at close)."""
        if self.distiller is not None:
            data = await self._work(self.distiller.to_dict)  # the whole state: grows
            await self.engine.store.set_state(self.key, "compaction", data)

    async def _work(self, fn: Callable[[], T]) -> T:
        """`fn()` where the engine runs sessions' CPU work (`ContextEngine.offload`)."""
        offload = self.engine.offload
        return fn() if offload is None else await offload(fn)

    async def _restore_layers(self) -> None:
        """Load the stored layers and re-parse what came after them (parsing is deterministic,
        so layers lost in a crash are rebuilt from the append-only history)."""
        if self.distiller is None:
            return
        self.distiller = make_distiller(self.settings, self.key.session_id, self.engine.ontology)
        assert self.distiller is not None
        data = await self.engine.store.get_state(self.key, "compaction")
        if data:
            self.distiller.load(data)
            # The stored layers hold the tunables they were made with; the session's own
            # settings (a `/config` change, a new default) are the ones that hold now.
            self.distiller.reconfigure(self.settings)
        boundary = int(
            (await self.engine.store.get_state(self.key, "boundary") or {}).get("seq", 0)
        )
        after = max(self.distiller.observed_seq, boundary)
        rows = await self.engine.store.load_messages(self.key, after_seq=after)
        turn = self.distiller.last_turn if data else 0
        self._layers_turn = turn
        rebuilt = await self._work(functools.partial(self._reparse, rows, turn))
        self._layer_events = []  # in the store from the first time round (`_resume_audit`)
        await self._resume_audit(rebuilt)

    def _reparse(self, rows: list[StoredMessage], turn: int) -> list[dict[str, Any]]:
        """Fold stored messages into the layers (restore); their audit events."""
        assert self.distiller is not None
        rebuilt: list[dict[str, Any]] = []
        for r in rows:
            if r.message.starts_turn:
                turn += 1
            rebuilt.extend(self.distiller.observe(r.message, turn))
            self.distiller.observed_seq = r.seq
        return rebuilt

    async def _resume_audit(self, rebuilt: list[dict[str, Any]]) -> None:
        """Check the stored audit chain and go on from its head (restore).

        The stored ``layers.*`` events are verified link by link from where the last restore
        left off (the ``audit`` state: the first restore of a session checks its whole log,
        later ones what came since). A broken link is reported as an ``audit_chain_broken``
        event and a warning, once; the session goes on regardless. The restored layers then
        continue the stored chain: when the events `rebuilt` by re-parsing the history after
        the last save of the layers run past the stored head (a crash before they were
        stored), the missing ones are stored; when they disagree with the record (a parse
        that is not the same as the first time: the model path, another version), the chain
        goes on from the stored head, so the record stays one chain.
        """
        from ctxengine.compaction.audit import GENESIS, AuditLog, check_stored

        assert self.distiller is not None
        store = self.engine.store
        mark = await store.get_state(self.key, "audit") or {}
        after = int(mark.get("event_seq", 0))
        seq, head = int(mark.get("seq", 0)), str(mark.get("hash", GENESIS))
        events = await store.list_events(self.key, after_seq=after)
        chain = [e.data for e in events if e.kind.startswith("layers.")]
        found = check_stored(chain, offset=seq, base_hash=head)
        problems = [found.problem] if found.problem else []
        current = self.distiller.audit
        if (current.offset + len(current.events), current.chain_head) != (
            found.next_seq,
            found.head,
        ):
            missing = [e for e in rebuilt if int(e["seq"]) >= found.next_seq]
            if (
                missing
                and missing[0]["seq"] == found.next_seq
                and (missing[0]["prev_hash"] == found.head)
            ):
                await store.add_events(self.key, [(f"layers.{e['kind']}", e) for e in missing])
            else:
                problems.append(
                    f"the layers rebuilt from history do not match the stored audit record"
                    f" (its head is event {found.next_seq - 1}): going on from the record"
                )
                self.distiller.audit = AuditLog(offset=found.next_seq, base_hash=found.head)
        for problem in problems:
            log.warning("session %s/%s: %s", self.key.user_id, self.key.session_id, problem)
            await self._emit("audit_chain_broken", {"problem": problem})
        if events:
            await store.set_state(
                self.key,
                "audit",
                {"event_seq": events[-1].seq, "seq": found.next_seq, "hash": found.head},
            )

    async def _feed_async(self, m: Message) -> None:
        """`_feed` with the compaction engine's model path, when one is configured."""
        self._to_window(m)
        if self.distiller is not None:
            events = await self.distiller.observe_async(m, self.window.current_index)
            self._layer_events.extend(events)

    def _feed(self, m: Message) -> None:
        """Feed the window and the layers (rule path only: used by restore)."""
        self._to_window(m)
        if self.distiller is not None:
            events = self.distiller.observe(m, self.window.current_index)
            self._layer_events.extend(events)

    def _to_window(self, m: Message) -> None:
        starts = m.starts_turn  # never true of an injected note
        if starts:
            self.language = self._languages.add(m.text)
        self.window.add(m, starts)

    # --- the pipeline -------------------------------------------------------------------
    def _summary_cap(self) -> int:
        # The latest turn outranks any summary: never let injections eat the budget (and
        # the block outranks it too: the summary yields its room, see `_context`).
        s = self.settings
        return min(s.summary_max_tokens, int(s.agent_max_context_tokens * s.summary_max_share))

    async def context(self) -> Context:
        """Run the pipeline and return what the model would be sent next."""
        lock = self._lock
        if not lock.try_acquire():
            await lock.acquire()
        try:
            return await self._context()
        finally:
            lock.release()

    async def _context(self) -> Context:
        # The summaries and the calibration are read here, on the loop where summaries land;
        # the rest is plain work over the session's own state (no await), which the engine's
        # `offload` may run in a worker thread: the session's lock is held meanwhile.
        q = self._quick_injections()
        if q is not None:
            version, samples, summary = q.version, q.samples, q.summary
        else:
            version, samples = self.book.version, self.calibration.samples
            summary = self.book.injected_text(self._summary_cap())
        offload = self.engine.offload
        if offload is None:
            built = self._build(q, version, samples, summary)
        else:
            built = await offload(functools.partial(self._build, q, version, samples, summary))
        if isinstance(built, Context):
            return built
        for step in built.steps:
            await self._record_step(step, built.lang)
        if offload is None:
            return self._finish(built)
        return await offload(functools.partial(self._finish, built))

    def _build(
        self, q: _Quick | None, version: int, samples: int, summary: str
    ) -> Context | _Built:
        """The stages and the injections of `_context`: a Context when nothing changed since
        the last call (`q`), else what `_finish` completes once the steps are recorded."""
        s = self.settings
        lang = self.language
        window = self.window
        distiller = self.distiller
        # The latest turns the block yields its room to (`_block_cap`) are the last turns a
        # budget compaction drops.
        keep = 1
        if q is not None:
            # What goes around the turns is as last time: only the stages may have work.
            scale, budget, reserved = q.scale, q.budget, q.reserved
            turn, block_cap, block, protected, shown = 0, 0, "", _NO_TURNS, ""
            result = window.prepare(reserved=reserved, language=lang, budget_scale=scale)
            if not result.steps and result.tokens <= budget and window.is_paired():
                messages = result.messages
                if q.injected is not None:
                    messages[q.first] = q.injected
                return Context(
                    messages=messages,
                    tokens=result.tokens,
                    budget=s.agent_max_context_tokens,
                    compacted_context=summary,
                    steps=[],
                )
            # The stages changed the turns (or a repair is due): on as the full run would,
            # from this result.
        else:
            scale = 1.0 / self.calibration.ratio if samples else 1.0
            budget = int(s.agent_max_context_tokens * scale)
            if distiller is None:
                turn, block_cap, block, protected, shown = 0, 0, "", _NO_TURNS, ""
            else:
                keep = max(s.block_keeps_turns, 1)
                turn = window.current_index
                block_cap = self._block_cap(budget)
                shown = self._shown_tail(budget, block_cap)
                block = self._block(turn, lang, block_cap, shown=shown)
                if summary and (
                    self.counter.count(block) + self._summary_tokens(summary, lang) > block_cap
                ):
                    # The injections share one allowance, the block first: the summary
                    # yields (the block holds the same turns distilled, every value and
                    # rule verbatim).
                    summary = ""
                protected = frozenset(distiller.pinned_turns(turn))

            def prepare(reserved: int, *, floored: bool = True) -> WindowResult:
                """Stages 1-3 for this call's turns, `reserved` tokens outside them; with a
                block, `floored` keeps the turns it cannot spare (`_floor`)."""
                return window.prepare(
                    reserved=reserved,
                    language=lang,
                    protected=protected,
                    budget_scale=scale,
                    keep_latest=keep,
                    floor=self._floor(turn, lang) if floored and block else None,
                )

            reserved = self._reserved(summary, block, lang)
            result = prepare(reserved)
            if shown and not _sends(result.messages, shown):
                # The turns the block left cells to are not all sent as they are: the block
                # writes those cells after all (what the first try did to the window stays
                # done, its steps recorded).
                first_steps = result.steps
                shown = ""
                block = self._block(turn, lang, block_cap)
                reserved = self._reserved(summary, block, lang)
                result = prepare(reserved)
                result.steps = [*first_steps, *result.steps]

        steps: list[StageStep] = list(result.steps)
        if block and any(st.stage in _BUDGET_STAGES for st in result.steps):
            # A budget compaction leaves `min_free_ratio` of the budget free, the block
            # included (else it would run again on the next turn): when the turns alone
            # cannot make that room, the block sheds its lowest ranks too.
            target = int(budget * (1.0 - s.min_free_ratio))
            block_tokens = self.counter.count(block) + self.counter.message_overhead
            room = target - (result.tokens - block_tokens) - self.counter.message_overhead
            short = result.tokens > target and room < block_tokens
            if short and summary:
                # The summary goes before the block sheds anything: the block holds the
                # same turns distilled, with every value and rule verbatim.
                room += self._summary_tokens(summary, lang)
                summary = ""
            cap = block_cap
            if short and room < block_tokens:
                # Never below what it never sheds (values, constraints, identifiers).
                cap = max(room, 1)
                block = self._block(turn, lang, cap, shown=shown)
            for tail in dict.fromkeys((shown, "")) if short else ():
                if tail != shown:
                    # The turns the block left cells to did not all go out as they are.
                    block = self._block(turn, lang, cap)
                reserved = self._reserved(summary, block, lang)
                result = prepare(reserved, floored=False)
                steps.extend(result.steps)
                if not tail or _sends(result.messages, tail):
                    break
        inj_summary, inj_block = summary, block
        if result.tokens > budget:
            # Injections go first to go: when the latest turn alone nearly fills the budget,
            # drop the summary, then shrink the block by what is still over (its lowest
            # ranks go first), then to a quarter of its cap; then `_fit_latest` (the rules
            # first, the latest results cut for them), never cutting the user's message.
            inj_summary = ""
            if shown:
                # The turns the block left cells to may be dropped or cut from here on.
                inj_block = self._block(turn, lang, block_cap)

            def fit(text: str) -> WindowResult:
                r = window.prepare(
                    reserved=self._reserved("", text, lang),
                    language=lang,
                    protected=protected,
                    budget_scale=scale,
                )
                steps.extend(r.steps)
                return r

            result = fit(inj_block)
            for cap in (-1, block_cap // 4) if block else ():
                if result.tokens <= budget:
                    break
                if cap < 0:  # by the overflow of the previous try
                    over = result.tokens - budget
                    cap = self.counter.count(inj_block) - over - _BLOCK_SLACK_TOKENS
                if cap <= 0:  # the overflow is more than the block: to its last resort
                    break
                inj_block = self._block(turn, lang, cap)
                result = fit(inj_block)
            if result.tokens > budget:
                result, inj_block = self._fit_latest(result, inj_block, budget, turn, fit, steps)
        return _Built(
            steps=steps,
            result=result,
            summary=summary,
            inj_summary=inj_summary,
            inj_block=inj_block,
            lang=lang,
            version=version,
            samples=samples,
            reserved=reserved,
            scale=scale,
            budget=budget,
        )

    def _finish(self, b: _Built) -> Context:
        """The injections put around the turns `_build` prepared (its steps recorded)."""
        s = self.settings
        lang, inj_summary, tokens = b.lang, b.inj_summary, b.result.tokens
        messages = self._inject(b.result.messages, inj_summary, b.inj_block, lang)
        if self.window.is_paired():
            # The window's running total plus what was reserved for the injections: no
            # recount of the whole context on every call (the estimate errs on the high side).
            # Only injections this call did not have to drop are worth reusing.
            if self.distiller is None and tokens <= b.budget and inj_summary is b.summary:
                key = (b.version, s, b.samples, lang)
                self._remember_injections(key, messages, b.reserved, b.scale, b.budget, b.summary)
        else:
            messages = repair(messages, lang)
            tokens = self.counter.messages(messages)
            self._quick = None
        return Context(
            messages=messages,
            tokens=tokens,
            budget=s.agent_max_context_tokens,
            compacted_context=_compacted_text(inj_summary, b.inj_block),
            steps=b.steps,
        )

    def _remember_injections(
        self,
        key: tuple[int, Settings, int, Language],
        messages: list[Message],
        reserved: int,
        scale: float,
        budget: int,
        summary: str,
    ) -> None:
        """Keep what this call put around the turns, for the calls after it (no compaction
        engine): it holds until the window's layout, the summaries, the settings, the
        calibration or the language change, all as `key` (version, settings, calibration
        samples, language) had them when this call began (see `_quick_injections`)."""
        first, injected = 0, None
        if summary:
            for i, m in enumerate(messages):
                if m.starts_turn:  # the first user message, prefixed by `_inject`
                    first, injected = i, m
                    break
            else:
                # Nothing to prefix yet: the next user message will be, so work it out again.
                self._quick = None
                return
        version, settings, samples, lang = key
        self._quick = _Quick(
            self.window.layout,
            version,
            settings,
            samples,
            lang,
            reserved,
            scale,
            budget,
            first,
            injected,
            summary,
        )

    def _quick_injections(self) -> _Quick | None:
        """The injections of the last call, if they still hold (no compaction engine).

        Between two calls the window mostly just grows: messages and turns appended. The
        summary then is the same text, so is what it reserves, and the first user message it
        prefixes is the same message at the same place (the prefixed copy is cached by id).
        Anything else (turns replaced or dropped, a summary landed, new settings, calibration
        or language) works them out again. The stages still run on every call.
        """
        q = self._quick
        if (
            q is None
            or self.distiller is not None
            or q.layout != self.window.layout
            or q.version != self.book.version
            or q.settings is not self.settings
            or q.samples != self.calibration.samples
            or q.language != self.language
        ):
            return None
        return q

    def _floor(self, turn: int, lang: Language) -> Callable[[], int]:
        """What the injections reserve once the block is down to what it never sheds (the
        summary gone): worked out only when stage 3 asks, once."""
        memo: list[int] = []

        def floor() -> int:
            if not memo:
                memo.append(self._reserved("", self._block(turn, lang, 1), lang))
            return memo[0]

        return floor

    def _fit_latest(
        self,
        result: WindowResult,
        block: str,
        budget: int,
        turn: int,
        fit: Callable[[str], WindowResult],
        steps: list[StageStep],
    ) -> tuple[WindowResult, str]:
        """The last resort of `_context` for a latest turn that leaves less room than the
        block's floor (or, with no block, is over the budget itself), in this order:

        1. the block keeps the user's rules alone (a strict render);
        2. the latest turn's tool results are cut (head + tail) to make room for them;
        3. without the block, whole;
        4. without the block, the results cut to fit;
        5. nothing fits: the rules stay (dropping them would gain nothing) and the results
           stay whole.

        A cut stays only when it makes the context fit (else the whole turn is put back), so
        no step loses a result's text for a context still over its budget. `fit` prepares
        the window around a block (recording its steps); a cut is recorded in `steps`."""
        lang = self.language
        c = self.counter
        if block:
            turns = result.tokens - self._reserved("", block, lang)
            room = budget - turns - c.reply_overhead - c.message_overhead
            block = self._block(turn, lang, max(room, 1), strict=True)
            result = fit(block)
        whole = self.window.turns[-1] if self.window.turns else None
        for text in dict.fromkeys((block, "")):
            if text != block:
                result = fit(text)
            if result.tokens <= budget:
                return result, text
            cuts: list[StageStep] = []
            for _ in range(_CUT_ROUNDS):
                over = result.tokens - budget + _BLOCK_SLACK_TOKENS
                step = self.window.cut_current(over, lang)
                if step is None:
                    break
                cuts.append(step)
                result = fit(text)
                if result.tokens <= budget:
                    steps.extend(cuts)
                    return result, text
            if cuts and whole is not None:
                self.window.put_current(whole)
        return fit(block), block

    def _block_cap(self, budget: int) -> int:
        """The allowance of the block and the summary: `block_max_share` of the budget, or
        more when the latest `block_keeps_turns` turns leave more. Older turns are already
        distilled into the block, every value and rule verbatim, so under a tight budget
        they are worth less than the block's values; the latest turns stay verbatim (the
        previous reply is what a "好的" / "go on" confirms).

        What the latest turns leave is the block's to the token: the block is rendered to
        its real count, and should the joined context still come out over, the overflow
        step of `_context` shrinks it (a slack here cost every capped block ~1% of a
        1,000-token budget, and values with it)."""
        s = self.settings
        cap = int(budget * s.block_max_share)
        if s.block_keeps_turns:
            c = self.counter
            kept = self.window.tail_tokens(s.block_keeps_turns)
            rest = budget - kept - c.reply_overhead - c.message_overhead
            cap = max(cap, rest)
        return cap

    def _shown_tail(self, budget: int, cap: int) -> str:
        """The text of the latest `block_keeps_turns` turns' user and assistant messages
        when a block within `cap` leaves them room (`_block_cap` gave the block what they
        leave), else "": what the block need not write again (`render_view`'s `shown`).
        Tool results are left out: the last resort cuts them (`_fit_latest`)."""
        s = self.settings
        if not s.block_keeps_turns or not self.window.turns:
            return ""
        c = self.counter
        rest = budget - self.window.tail_tokens(s.block_keeps_turns)
        if cap > rest - c.reply_overhead - c.message_overhead:
            return ""
        texts = [
            m.text
            for t in self.window.turns[-s.block_keeps_turns :]
            for m in t.messages
            if m.role in ("user", "assistant") and m.text
        ]
        return "\n".join(texts)

    def _block(
        self, turn: int, lang: Language, cap: int, *, strict: bool = False, shown: str = ""
    ) -> str:
        if self.distiller is None:
            return ""
        return self.distiller.render(
            turn, lang, max_tokens=cap, count=self.counter.count, strict=strict, shown=shown
        )

    def _reserved(self, summary: str, block: str, lang: Language) -> int:
        n = self.counter.reply_overhead
        if summary:
            n += self._summary_tokens(summary, lang)
        if block:
            n += self.counter.count(block) + self.counter.message_overhead
        return n

    async def _record_step(self, step: StageStep, lang: Language) -> None:
        entry: dict[str, Any] = {
            "stage": step.stage,
            "turns_before": step.turns_before,
            "turns_after": step.turns_after,
            "tokens_before": step.tokens_before,
            "tokens_after": step.tokens_after,
            **step.detail,
        }
        if step.removed:
            job_id = await self.book.submit(step.stage, step.removed, step.removed_turns, lang)
            entry["summarized"] = {
                "messages": len(step.removed),
                "turns": step.removed_turns,
                "job_id": job_id,
            }
            entry["written_to"] = self._daily_path_text()
        await self._emit("compaction", entry)

    def _daily_path_text(self) -> str:
        """`str(self.book.files.daily_path())`, built once a day (pathlib is slow to join)."""
        day = datetime.now(UTC).date()
        files = self.book.files
        if self._daily_path[:2] != (files, day):
            self._daily_path = (files, day, str(files.daily_path(day)))
        return self._daily_path[2]

    def _inject(
        self, messages: list[Message], summary: str, block: str, lang: Language
    ) -> list[Message]:
        # `messages` is the fresh list Window.prepare handed out: changed in place, since
        # copying the whole context again on every call costs O(window) for nothing.
        out = messages
        if not summary and not block:
            return out
        first_user = None
        for i, m in enumerate(out):  # a loop, not next(genexpr): this runs on every call
            if m.starts_turn:
                first_user = i
                break
        if summary and first_user is not None:
            out[first_user] = self._with_prefix(out[first_user], summary, lang)
        if block:
            if self.settings.inject_position == "first_user" and first_user is not None:
                m = out[first_user]
                out[first_user] = m.replace(parts=_prepend_text(block + "\n\n", m))
            else:
                pos = 0
                while pos < len(out) and out[pos].role in ("system", "developer"):
                    pos += 1
                out.insert(pos, Message.system(block, injected=True))
        return out

    def _summary_tokens(self, summary: str, lang: Language) -> int:
        """Tokens of the injected summary note: they change only when a summary lands, and
        then come from counts kept per summary (`SummaryBook.note_tokens`) where exact."""
        # Keyed by the text itself (the same object on every call until a summary lands).
        text, language, tokens = self._summary_count
        if language == lang and (text is summary or text == summary):
            return tokens
        head, tail = note_parts("summary_header", lang, "summary")
        counted = self.book.note_tokens(head, tail, summary)
        if counted is None:
            counted = self.counter.count(note("summary_header", lang, summary=summary))
        self._summary_count = (summary, lang, counted)
        return counted

    def _with_prefix(self, m: Message, summary: str, lang: Language) -> Message:
        key = (m.id, self.book.version)
        cached = self._inject_cache.get(key)
        if cached is None:
            prefix = note("summary_header", lang, summary=summary)
            cached = with_parts(m, _prepend_text(prefix, m))
            # Count without re-tokenizing the summary each turn: parts add up (the prefix ends
            # in a blank line, so no BPE merge crosses the seam). The private dict directly:
            # `._tokens` goes through pydantic's __getattr__.
            private = cached.__pydantic_private__
            tokens: dict[str, int] = private["_tokens"] if private else cached._tokens
            tokens[self.counter.encoding] = self.counter.message(m) + self._summary_tokens(
                summary, lang
            )
            self._inject_cache = {key: cached}
        return cached

    # --- overflow (stage 4) -------------------------------------------------------------
    async def recover_overflow(self) -> Context:
        """After a provider's context-overflow error: flush to memory, trim hard, rebuild."""
        async with self._lock:
            lang = self.language
            all_msgs = self.window.messages()
            turns = [t.index for t in self.window.turns]
            # Nothing to flush: a summary of nothing would be injected as a placeholder text.
            job_id = (
                await self.book.submit("overflow_flush", all_msgs, turns, lang)
                if all_msgs
                else None
            )
            step = await self._work(functools.partial(self.window.overflow, lang))
            entry = {
                "stage": "overflow",
                "turns_before": step.turns_before,
                "turns_after": step.turns_after,
                "tokens_before": step.tokens_before,
                "tokens_after": step.tokens_after,
                "summarized": {"messages": len(all_msgs), "turns": turns, "job_id": job_id},
                "written_to": str(self.book.files.daily_path()),
            }
            await self._emit("compaction", entry)
            ctx = await self._context()
            ctx.steps.insert(0, step)
            return ctx

    async def clear_after_overflow(self) -> Context:
        """Second overflow in a row: clear the context (history stays) and say so."""
        async with self._lock:
            lang = self.language
            step = self.window.clear()
            await self._emit(
                "compaction",
                {
                    "stage": "clear",
                    "turns_before": step.turns_before,
                    "turns_after": 1,
                    "tokens_before": step.tokens_before,
                    "tokens_after": step.tokens_after,
                },
            )
            await self.book.forget()
            ctx = await self._context()
            notice = note("context_cleared", lang)
            ctx.messages.insert(
                len([m for m in ctx.messages if m.role in ("system", "developer")]),
                Message.system(notice, injected=True),
            )
            ctx.notice = notice
            ctx.tokens = self.counter.messages(ctx.messages)
            return ctx

    # --- calibration --------------------------------------------------------------------
    def observe_usage(self, context: Context, prompt_tokens: int | None) -> None:
        """Feed a provider's reported prompt tokens for `context` into calibration."""
        if prompt_tokens:
            self.calibration.observe(context.tokens, prompt_tokens)

    # --- clear & lifecycle --------------------------------------------------------------
    async def clear(self) -> None:
        """`/context clear`: a durable boundary; older messages never come back."""
        async with self._lock:
            msgs = self.window.messages()
            removed = [m for m in msgs if m.role not in ("system", "developer")]
            if removed:
                turns = [t.index for t in self.window.turns]
                await self.book.submit("clear", removed, turns, self.language)
            # Summaries in flight (this clear's own included) still reach the memory files, but
            # belong to the old generation and are never injected after the boundary.
            await self.engine.store.set_state(self.key, "boundary", {"seq": self.last_seq})
            self.window.reset()
            await self.book.forget()
            if self.distiller is not None:
                # The structured layers hold facts of the cleared turns: start them afresh.
                # The audit chain goes on (one per session): it records the clear, and its
                # head still names the whole history.
                chain = self.distiller.audit.continued()
                cleared = chain.append(
                    "clear", self.distiller.last_turn, {"boundary_seq": self.last_seq}
                )
                chain.drain()
                await self.distiller.aclose()
                self.distiller = make_distiller(
                    self.settings, self.key.session_id, self.engine.ontology
                )
                await self.engine.store.add_events(
                    self.key, [("layers.clear", cleared.model_dump(mode="json"))]
                )
                if self.distiller is not None:
                    self.distiller.observed_seq = self.last_seq
                    self.distiller.audit = chain
                await self.save_layers()
            await self._emit("context_cleared", {"boundary_seq": self.last_seq})

    async def memory_search(
        self, query: str, *, max_results: int | None = None, min_score: float | None = None
    ) -> list[MemoryHit]:
        """Search this user's long-term memory (daily files and MEMORY.md)."""
        return await self.engine.memory.search(
            self.key.user_id, query, max_results=max_results, min_score=min_score
        )

    async def settled_context(self, *, rounds: int = 3) -> Context:
        """The next context after waiting for summaries (they take effect from the next
        turn): what `ctxengine compact` reports. Repeats while building it trims again."""
        ctx = await self.context()
        for _ in range(rounds):
            await self.flush()
            ctx = await self.context()
            if not any(step.removed for step in ctx.steps):
                break
        await self.flush()
        return ctx

    async def flush(self) -> None:
        """Wait for this session's background summaries."""
        await self.book.wait()

    async def set_config(self, **changes: Any) -> Settings:
        """Change this session's settings (validated) and keep them across restarts."""
        new = self.settings.updated(**changes)
        self.settings = new
        self.window.settings = new
        self.book.settings = new
        if self.distiller is not None:
            self.distiller.reconfigure(new)  # reset_after_turns, policies, ... from now on
        overrides = {k: v for k, v in new.model_dump(mode="json").items() if k in changes}
        old = await self.engine.store.get_state(self.key, "config") or {}
        await self.engine.store.set_state(self.key, "config", {**old, **overrides})
        return new

    def stats(self, sent: Context | None = None) -> dict[str, Any]:
        """`/context` figures: messages, roles, turns, characters, tokens against the budget.

        `tokens` counts the conversation messages the window keeps. With `sent` (the context
        the model is sent next), `context_tokens` counts all of it, the CONTEXT block and the
        summary note included, and `budget_used` is measured on that: the block can be most
        of what is sent, so the window alone understates how full the budget is."""
        msgs = self.window.messages()
        roles: dict[str, int] = {}
        tool_calls = 0
        for m in msgs:
            roles[m.role] = roles.get(m.role, 0) + 1
            tool_calls += len(m.tool_calls)
        tokens = self.counter.messages(msgs)
        used = sent.tokens if sent is not None else tokens
        out: dict[str, Any] = {
            "messages": len(msgs),
            "roles": roles,
            "tool_calls": tool_calls,
            "turns": len(self.window.turns),
            "chars": sum(m.char_count() for m in msgs),
            "tokens": tokens,
            "budget": self.settings.agent_max_context_tokens,
            "budget_used": round(used / self.settings.agent_max_context_tokens, 4),
            "max_turns": self.settings.agent_max_context_turns,
            "summaries": len(self.book.records),
            "language": self.language,
        }
        if sent is not None:
            out["context_tokens"] = sent.tokens
        return out

    async def _restore(self) -> None:
        """Rebuild the context after a restart from the last max(3, turns/6) turns.

        Each restored turn keeps its user text and final reply (the seed's rule), but for the
        latest one when it is unfinished (no final reply yet: tool calls pending, results in
        and not yet answered): that one comes back whole, or the model would lose the calls
        it made and make them again, and the results still to come would answer nothing. The
        system prefix and the session's turn count come from the `meta` state.
        """
        store = self.engine.store
        cfg = await store.get_state(self.key, "config")
        if cfg:
            self.settings = self.settings.updated(**cfg)
            self.window.settings = self.book.settings = self.settings
        meta = await store.get_state(self.key, "meta") or {}
        boundary = int((await store.get_state(self.key, "boundary") or {}).get("seq", 0))
        self.book.restore(await store.get_state(self.key, "summaries"))
        for m in load_messages(meta.get("prefix", [])):
            self.window.add(m)
        want = self.settings.restore_turns
        limit = max(want * 8, 32)
        while True:
            rows = await store.load_messages(self.key, after_seq=boundary, limit=limit)
            full = len(rows) < limit
            if full or sum(1 for r in rows if r.message.starts_turn) > want:
                break
            limit *= 4
        if rows:
            self.last_seq = rows[-1].seq
        _, turns = split_turns([r.message for r in rows], self.counter)
        # A partial load starts mid-turn: that fragment (index 0) is not a turn.
        keep = [t for t in turns if t.index != 0 or full][-want:]
        total_turns = int(meta.get("turns", len(turns)))
        if "seq" in meta:
            # `meta` is written every few turns with the seq it counts up to (an older `meta`
            # without one was written every turn): count the turns stored after it.
            later = await store.load_messages(self.key, after_seq=int(meta["seq"]))
            total_turns += sum(1 for r in later if r.message.starts_turn)
        self.window.next_index = max(total_turns - len(keep), 0) + 1
        await self._work(functools.partial(self._feed_turns, keep))
        self.window.next_index = max(self.window.next_index, total_turns + 1)
        await self._emit("restored", {"turns": len(keep), "boundary_seq": boundary})

    def _feed_turns(self, keep: list[Turn]) -> None:
        """Restore's turns into the window and the layers, each but an unfinished latest one
        compressed to its user text and final reply."""
        for t in keep:
            if t is not keep[-1] or _finished(t):
                t, _ = compress_turn(t, self.counter)
            for m in t.messages:
                self._feed(m)

    async def _save_meta(self) -> None:
        """Store the prefix and the turn count up to `last_seq` (see `_restore`).

        Written when the prefix changes and every `_META_EVERY_TURNS` turns rather than on
        every turn: the count of the turns after `seq` is in the history itself, so a restore
        after a crash recounts them (a few turns of messages) instead of every turn paying a
        state write.
        """
        # The prefix (system prompts) almost never changes: dump it again only when its
        # messages did.
        prefix = self.window.prefix
        ids = tuple([m.id for m in prefix]) if prefix else ()
        if self._prefix_dump[0] != ids:
            self._prefix_dump = (ids, dump_messages(prefix))
        turns = self.window.next_index - 1
        await self.engine.store.set_state(
            self.key,
            "meta",
            {"turns": turns, "seq": self.last_seq, "prefix": self._prefix_dump[1]},
        )
        self._meta_turns = turns


def _finished(turn: Turn) -> bool:
    """The turn ends in a final reply: an assistant message that calls no tool."""
    last = turn.messages[-1] if turn.messages else None
    return last is not None and last.role == "assistant" and not last.tool_calls


def _prepend_text(prefix: str, m: Message) -> list[Part]:
    """Parts of `m` with `prefix` before its text (merged, so a string content stays one)."""
    if m.parts and isinstance(m.parts[0], TextPart):
        first = m.parts[0]
        return [copy_with(first, {"text": prefix + first.text}), *m.parts[1:]]
    return [TextPart(text=prefix), *m.parts]


_NO_TURNS: frozenset[int] = frozenset()
# Rounds of cutting the latest turn's tool results for the rules (each recounts them).
_CUT_ROUNDS = 3
_BUDGET_STAGES = frozenset({"budget_trim", "budget_compress"})
# Below what a shrunk block must save: line breaks and markers shift a few tokens.
_BLOCK_SLACK_TOKENS = 8
# How often (in turns) the `meta` state is written when only the turn count changed.
_META_EVERY_TURNS = 16
# Messages the compaction engine reads in one go before `add` yields to the event loop.
_FEED_YIELD_EVERY = 16


@dataclass(slots=True)
class _Built:
    """What `Session._build` hands `_finish`: the stages' result and the injections."""

    steps: list[StageStep]
    result: WindowResult
    summary: str  # the summary before the overflow dropped it (what `_quick` remembers)
    inj_summary: str
    inj_block: str
    lang: Language
    version: int
    samples: int
    reserved: int
    scale: float
    budget: int


@dataclass(slots=True)
class _Quick:
    """What `Session._quick_injections` reuses, and the state it holds for."""

    layout: int
    version: int
    settings: Settings
    samples: int
    language: Language
    reserved: int
    scale: float
    budget: int
    first: int  # where the first user message (prefixed with the summary) is
    injected: Message | None  # that prefixed message (None without a summary)
    summary: str


def _sends(messages: list[Message], shown: str) -> bool:
    """Whether every line of `shown` is in the text of `messages` as it is."""
    sent = "\n".join(m.text for m in messages)
    return all(line in sent for line in shown.split("\n") if line)


def _compacted_text(summary: str, block: str) -> str:
    # `"\n\n".join(x for x in (block, summary) if x)`, built on every context() call.
    if block and summary:
        return block + "\n\n" + summary
    return block or summary


class ContextEngine:
    """Sessions over one store, one summarizer and one workspace.

    Use as an async context manager::

        async with ContextEngine(settings) as engine:
            session = await engine.session("user-1", "chat-1")
            await session.add(Message.user("hello"))
            ctx = await session.context()
    """

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        store: Store | None = None,
        summarizer: Summarizer | None = None,
        counter: TokenCounter | None = None,
        workspace: str | Path | None = None,
        ontology: Ontology | None = None,
        offload: Offload | None = None,
    ) -> None:
        self.settings = settings or load_settings()
        # Where sessions run the work that grows with a message or a session: folding
        # messages into the layers, building the context. None runs it inline, on the
        # caller's loop; the service passes worker threads, so one huge message or session
        # does not hold up the others. Store calls and summaries stay on the loop.
        self.offload = offload
        # A domain ontology built in Python (a Pydantic model): every session's compaction
        # engine anchors to it, whatever `settings.ontology` names.
        self.ontology = ontology
        if workspace is not None:
            self.settings = self.settings.updated(workspace=Path(workspace))
        self.workspace = Path(self.settings.workspace)
        self.counter = counter or TokenCounter.from_settings(self.settings)
        if store is None:
            from ctxengine.store import open_store

            store = open_store(
                self.settings.db,
                self.workspace,
                sqlite_synchronous=self.settings.sqlite_synchronous,
            )
        self.store = store
        from ctxengine.memory.service import MemoryService

        # Long-term memory search over every user's MEMORY.md and daily files.
        self.memory = MemoryService(self.workspace, db=self.settings.db, settings=self.settings)
        self._owns_summarizer = summarizer is None
        self.summarizer = summarizer or summarizer_from_settings(self.settings, self.counter)
        self._sessions: dict[SessionKey, Session] = {}
        self._opened = False

    async def open(self) -> None:
        if not self._opened:
            self.workspace.mkdir(parents=True, exist_ok=True)
            await self.store.open()
            self._opened = True

    async def close(self, *, wait: bool = True) -> None:
        """Close the store; first wait for running summaries (or cancel them: their jobs are
        stored and resume at the next start)."""
        if wait:
            await self.wait_idle()
        else:
            for sess in list(self._sessions.values()):
                await sess.book.cancel()
        for sess in list(self._sessions.values()):
            if self._opened:
                await sess.save_layers()
            if sess.distiller is not None:
                await sess.distiller.aclose()
        closer = getattr(self.summarizer, "aclose", None)
        if closer is not None and self._owns_summarizer:
            await closer()
        await self.memory.close()
        if self._opened:
            await self.store.close()
            self._opened = False

    async def __aenter__(self) -> ContextEngine:
        await self.open()
        return self

    async def __aexit__(self, exc_type: object, *exc: object) -> None:
        # On an error, do not hang on a summary that may never finish: cancel it.
        await self.close(wait=exc_type is None)

    async def session(self, user_id: str, session_id: str, *, restore: bool = True) -> Session:
        """The session's live object, restored from the store the first time it is asked for."""
        await self.open()
        key = SessionKey(user_id, session_id)
        sess = self._sessions.get(key)
        if sess is None:
            sess = Session(self, key, self.settings)
            await self.store.touch_session(key)
            if restore:
                await sess._restore()
                await sess._restore_layers()
            # Only a fully restored session is shared: a request arriving meanwhile for the same
            # session restores its own copy, and the first to finish wins (one live object).
            existing = self._sessions.get(key)
            if existing is not None:
                if sess.distiller is not None:
                    await sess.distiller.aclose()
                return existing
            self._sessions[key] = sess
            for job in await self.store.pending_jobs(key):
                await sess.book.resume(job)
        return sess

    async def wait_idle(self) -> None:
        """Wait for every background summary of every session."""
        for sess in list(self._sessions.values()):
            await sess.flush()

    def sessions(self) -> Iterable[Session]:
        return self._sessions.values()


__all__ = [
    "Context",
    "ContextEngine",
    "ContextOverflowUnrecoverable",
    "Distiller",
    "Session",
    "from_anthropic",
    "from_openai",
]
