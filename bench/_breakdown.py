"""Where a turn's pipeline time goes: wall-clock timers around named functions, and cProfile.

cProfile inflates pure-Python code many times over (every `isinstance` becomes an event), which
misstates the share of C-heavy work such as BPE. These timers only wrap a handful of functions,
so the figures are close to an unprofiled run. Timers nest: a wrapped function called inside
another counts in both (the labels say which ones nest).
"""

from __future__ import annotations

import cProfile
import functools
import importlib
import inspect
import io
import pstats
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ctxengine.engine as engine_module
from ctxengine.engine import Session
from ctxengine.pipeline.window import Window
from ctxengine.store.memory import MemoryStore
from ctxengine.summaries import SummaryBook
from ctxengine.tokens import TokenCounter

# (label, owner, attribute). Owners whose attribute is missing in this version are skipped.
TARGETS: list[tuple[str, object, str]] = [
    ("add: store.append_messages (JSON encode)", MemoryStore, "append_messages"),
    ("add: window.add (tokenize new message)", Window, "add"),
    ("add: language detection", engine_module, "_lang_weight"),
    ("add: save meta (store.set_state)", Session, "_save_meta"),
    ("add: layer events (store)", Session, "_flush_layer_events"),
    ("add: save layers (store)", Session, "save_layers"),
    ("ctx: summaries.injected_text", SummaryBook, "injected_text"),
    ("ctx: reserved (counts injections)", Session, "_reserved"),
    ("ctx: window.prepare (stages 1-3)", Window, "prepare"),
    ("ctx: record step (audit + submit)", Session, "_record_step"),
    ("ctx: inject summary/block", Session, "_inject"),
    ("ctx: pairing repair (whole context)", engine_module, "repair"),
    ("ctx: counter.messages (whole context)", TokenCounter, "messages"),
]
# The compaction distiller, when this version has one (another team's module).
_DISTILLER = ("ctxengine.compaction.distiller", "CompactionDistiller")
DISTILLER_METHODS = ("observe_async", "observe", "render", "pinned_turns")


def _targets() -> list[tuple[str, object, str]]:
    out = list(TARGETS)
    try:
        cls = getattr(importlib.import_module(_DISTILLER[0]), _DISTILLER[1])
    except (ImportError, AttributeError):
        return out
    return out + [(f"distiller.{name}", cls, name) for name in DISTILLER_METHODS]


@dataclass
class Timers:
    """Accumulated seconds and calls per label, counted only while enabled."""

    seconds: dict[str, float] = field(default_factory=dict)
    calls: dict[str, int] = field(default_factory=dict)
    active: bool = False
    _restore: list[tuple[object, str, Any]] = field(default_factory=list)

    def enable(self) -> None:
        self.active = True

    def disable(self) -> None:
        self.active = False

    def _record(self, label: str, seconds: float) -> None:
        if self.active:
            self.seconds[label] = self.seconds.get(label, 0.0) + seconds
            self.calls[label] = self.calls.get(label, 0) + 1

    def wrap(self, label: str, owner: object, name: str) -> None:
        """Replace `owner.name` by a timed version (restored by `undo`)."""
        fn = getattr(owner, name, None)
        if fn is None or getattr(fn, "_bench_timed", False):
            return
        # None: inherited, so undo deletes the override instead of copying it down.
        self._restore.append((owner, name, vars(owner).get(name)))
        setattr(owner, name, self._timed(label, fn))

    def _timed(self, label: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def timed_async(*args: Any, **kw: Any) -> Any:
                start = time.perf_counter()
                try:
                    return await fn(*args, **kw)
                finally:
                    self._record(label, time.perf_counter() - start)

            timed_async._bench_timed = True  # type: ignore[attr-defined]
            return timed_async

        @functools.wraps(fn)
        def timed(*args: Any, **kw: Any) -> Any:
            start = time.perf_counter()
            try:
                return fn(*args, **kw)
            finally:
                self._record(label, time.perf_counter() - start)

        timed._bench_timed = True  # type: ignore[attr-defined]
        return timed

    def undo(self) -> None:
        for owner, name, original in reversed(self._restore):
            if original is None:
                delattr(owner, name)
            else:
                setattr(owner, name, original)
        self._restore.clear()


@contextmanager
def timers() -> Iterator[Timers]:
    """Timers around `TARGETS` for the duration of the block (then the originals are back)."""
    t = Timers()
    for label, owner, name in _targets():
        t.wrap(label, owner, name)
    try:
        yield t
    finally:
        t.undo()


def breakdown_text(t: Timers, turns: int, tokenize_s: float, pipeline_s: float) -> str:
    """Microseconds per turn per label, and each as a multiple of the tokenization baseline."""
    lines = [
        f"pipeline {pipeline_s / turns * 1e6:.0f} us/turn, tokenize baseline "
        f"{tokenize_s / turns * 1e6:.0f} us/turn (means); timers nest, see labels:",
        f"{'us/turn':>9} {'x tok':>6} {'calls/turn':>10}  where",
    ]
    for label, sec in sorted(t.seconds.items(), key=lambda kv: -kv[1]):
        lines.append(
            f"{sec / turns * 1e6:>9.1f} {sec / tokenize_s if tokenize_s else 0:>6.2f} "
            f"{t.calls[label] / turns:>10.1f}  {label}"
        )
    return "\n".join(lines)


def profile_text(profiler: cProfile.Profile, turns: int, top: int = 30) -> str:
    """The profiler's top functions by own time, in microseconds per turn."""
    stats = pstats.Stats(profiler, stream=io.StringIO())
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    rows = []
    for (filename, line, name), (_, ncalls, tottime, cumtime, _) in raw.items():
        short = "/".join(Path(filename).parts[-2:]) if filename != "~" else "~"
        rows.append((tottime, cumtime, ncalls, f"{short}:{line}({name})"))
    rows.sort(reverse=True)
    total = sum(r[0] for r in rows)
    out = [f"pipeline total {total / turns * 1e6:.0f} us/turn (profiled); top by own time:"]
    out.append(f"{'own us/turn':>11} {'cum us/turn':>11} {'calls/turn':>10}  function")
    for tottime, cumtime, ncalls, where in rows[:top]:
        out.append(
            f"{tottime / turns * 1e6:>11.1f} {cumtime / turns * 1e6:>11.1f} "
            f"{ncalls / turns:>10.1f}  {where}"
        )
    return "\n".join(out)
