"""The compaction engine as a session uses it: parse every message, fold it into the layers.

The session calls `observe` for every message as it arrives (so a turn is distilled long
before any stage can drop it) and `render` before every model call. Parsing is the offline
rule path; it is deterministic, so a state lost in a crash is rebuilt by parsing the stored
history again.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ctxengine.compaction.audit import AuditEvent, AuditLog
from ctxengine.compaction.ontology import (
    Ontology,
    OntologyError,
    generic_ontology,
    load_builtin,
)
from ctxengine.compaction.parse import CONTEXT_WINDOW, parse_message, parse_message_dual
from ctxengine.compaction.parse_model import ModelParser
from ctxengine.compaction.references import ParseContext, RecentWindow
from ctxengine.compaction.schema import Language, ParsedTurn
from ctxengine.compaction.state import CompactionConfig, SessionState
from ctxengine.messages import Message
from ctxengine.settings import Settings

# Tool call ids remembered to name the tool of a later result (a turn has at most a few).
_TOOL_NAMES_KEPT = 256


def event_dict(e: AuditEvent) -> dict[str, Any]:
    """`e.model_dump(mode="json")` without the deep copy.

    The data is already plain JSON (the audit log stores its canonical round trip) and a
    drained event is no longer referenced by the state, so sharing it is safe.
    """
    if not _finite(e.data):
        return e.model_dump(mode="json")  # pydantic writes inf/nan as null: keep its spelling
    return {
        "seq": e.seq,
        "kind": e.kind,
        "turn": e.turn,
        "data": e.data,
        "prev_hash": e.prev_hash,
        "hash": e.hash,
    }


def _finite(value: object) -> bool:
    """No infinite or NaN float anywhere in a JSON value."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True


BUILTIN_ONTOLOGIES = ("generic", "ecommerce", "crosswoz")


def load_ontology(spec: str | None) -> Ontology:
    """An ontology from a built-in name ("generic", "ecommerce", "crosswoz") or a YAML path."""
    if not spec:
        return generic_ontology()
    if spec in BUILTIN_ONTOLOGIES:
        return load_builtin(spec)
    return _load_yaml(Path(spec))


# path -> ((mtime_ns, size), ontology): every session's compaction engine (and the CLI's check
# before it) asks for the same file; it is read and compiled again only when it changed.
_YAML_ONTOLOGIES: dict[Path, tuple[tuple[int, int], Ontology]] = {}


def _load_yaml(path: Path) -> Ontology:
    try:
        st = path.stat()
    except FileNotFoundError:
        # Most often a built-in's name mistyped ("ecomerce"): say which names there are.
        builtins = ", ".join(BUILTIN_ONTOLOGIES)
        raise OntologyError(
            f"ontology: cannot read {path}: no such file, and {str(path)!r} is no built-in"
            f" ontology ({builtins})"
        ) from None
    except OSError:
        return Ontology.from_yaml(path)  # names the problem (unreadable)
    stamp = (st.st_mtime_ns, st.st_size)
    cached = _YAML_ONTOLOGIES.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    onto = Ontology.from_yaml(path)
    _YAML_ONTOLOGIES[path] = (stamp, onto)
    return onto


class CompactionDistiller:
    """Parse -> anchor -> layers, for one session."""

    def __init__(
        self, settings: Settings, *, session_id: str = "", ontology: Ontology | None = None
    ) -> None:
        self.ontology = ontology or load_ontology(settings.ontology)
        self.state = SessionState(
            session_id=session_id, config=CompactionConfig.from_settings(settings)
        )
        self.model_parser: ModelParser | None = None
        self._client: Any = None
        if settings.parse_with_model and settings.llm_base_url and settings.llm_model:
            from ctxengine.compaction.model_adapter import ChatJSONModel
            from ctxengine.llm import ChatClient

            client = ChatClient(
                settings.llm_base_url,
                settings.llm_api_key,
                model=settings.llm_model,
                timeout=settings.llm_timeout_seconds,
            )
            self.model_parser = ModelParser(ChatJSONModel(client), ontology=self.ontology)
            self._client = client
        # Each parsed turn is summarized once on arrival; rebuilding the context from the
        # last turns' items on every message cost O(window items) per message.
        self._recent = RecentWindow(CONTEXT_WINDOW)
        self._tool_names: dict[str, str] = {}
        self.observed_seq = 0  # store seq of the last message observed (for rebuilds)
        self._chunk = settings.parse_chunk_chars

    def observe(self, message: Message, turn: int) -> list[dict[str, Any]]:
        """Fold one message into the layers (rule path); return the audit events."""
        if message.injected or message.role in ("system", "developer"):
            return []
        ctx, turn = self._prepare(message, turn)
        parsed = parse_message(
            message, turn=turn, ontology=self.ontology, context=ctx, chunk_chars=self._chunk
        )
        return self._apply(parsed)

    async def observe_async(self, message: Message, turn: int) -> list[dict[str, Any]]:
        """Like `observe`, adding the model path for user messages when one is configured."""
        if self.model_parser is None or message.role != "user" or message.injected:
            return self.observe(message, turn)
        ctx, turn = self._prepare(message, turn)
        parsed = await parse_message_dual(
            message,
            turn=turn,
            model=self.model_parser,
            ontology=self.ontology,
            context=ctx,
            chunk_chars=self._chunk,
        )
        return self._apply(parsed)

    def _prepare(self, message: Message, turn: int) -> tuple[ParseContext, int]:
        for call in message.tool_calls:
            self._tool_names[call.id] = call.name
            if len(self._tool_names) > _TOOL_NAMES_KEPT:
                self._tool_names.pop(next(iter(self._tool_names)))
        results = message.tool_results
        tool_name = self._tool_names.get(results[0].call_id) if results else None
        ctx = self._recent.context(tool_name=tool_name)
        return ctx, max(turn, 1, self.state.last_turn)

    def _apply(self, parsed: ParsedTurn) -> list[dict[str, Any]]:
        self._recent.append(parsed)
        self.state.apply(parsed)
        # The store keeps the durable audit record; the state only keeps the chain's head.
        return [event_dict(e) for e in self.state.audit.drain()]

    async def aclose(self) -> None:
        """Close the model path's HTTP client, if any."""
        if self._client is not None:
            await self._client.close()
            self._client = None

    @property
    def last_turn(self) -> int:
        return self.state.last_turn

    @property
    def audit(self) -> AuditLog:
        """The session's audit chain (its head: events are drained to the store)."""
        return self.state.audit

    @audit.setter
    def audit(self, log: AuditLog) -> None:
        self.state.audit = log

    def render(
        self,
        turn: int,
        language: Language,
        *,
        max_tokens: int | None = None,
        count: Callable[[str], int] | None = None,
        strict: bool = False,
    ) -> str:
        labels = self.ontology.labels(language)
        return self.state.render(
            turn, language, max_tokens=max_tokens, count=count, labels=labels, strict=strict
        )

    def pinned_turns(self, turn: int) -> set[int]:
        return self.state.pinned_turns(turn)

    def to_dict(self) -> dict[str, Any]:
        # The tool names go too: a result arriving after a restart still names its tool.
        return {
            "state": self.state.to_dict(),
            "observed_seq": self.observed_seq,
            "tool_names": dict(self._tool_names),
        }

    def reconfigure(self, settings: Settings) -> None:
        """Take the compaction tunables of `settings` from the next message on (a session's
        `/config` change, or its settings after a restore: the stored state holds the ones
        it was made with)."""
        self.state.config = CompactionConfig.from_settings(settings)
        self._chunk = settings.parse_chunk_chars

    def load(self, data: dict[str, Any]) -> None:
        self.state = SessionState.from_dict(data["state"])
        self.observed_seq = int(data.get("observed_seq", 0))
        names = data.get("tool_names")
        if isinstance(names, dict):
            self._tool_names = {str(k): str(v) for k, v in names.items()}
