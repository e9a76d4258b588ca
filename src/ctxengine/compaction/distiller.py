"""The compaction engine as a session uses it: parse every message, fold it into the layers.

The session calls `observe` for every message as it arrives (so a turn is distilled long
before any stage can drop it) and `render` before every model call. Parsing is the offline
rule path; it is deterministic, so a state lost in a crash is rebuilt by parsing the stored
history again.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ctxengine.compaction.ontology import Ontology, generic_ontology, load_builtin
from ctxengine.compaction.parse import CONTEXT_WINDOW, parse_message
from ctxengine.compaction.references import ParseContext
from ctxengine.compaction.schema import Language, ParsedTurn
from ctxengine.compaction.state import CompactionConfig, SessionState
from ctxengine.messages import Message
from ctxengine.settings import Settings

# Tool call ids remembered to name the tool of a later result (a turn has at most a few).
_TOOL_NAMES_KEPT = 256


def load_ontology(spec: str | None) -> Ontology:
    """An ontology from a built-in name ("generic", "ecommerce", "crosswoz") or a YAML path."""
    if not spec:
        return generic_ontology()
    if spec in ("generic", "ecommerce", "crosswoz"):
        return load_builtin(spec)
    return Ontology.from_yaml(spec)


class CompactionDistiller:
    """Parse -> anchor -> layers, for one session."""

    def __init__(
        self, settings: Settings, *, session_id: str = "", ontology: Ontology | None = None
    ) -> None:
        self.ontology = ontology or load_ontology(settings.ontology)
        self.state = SessionState(
            session_id=session_id, config=CompactionConfig.from_settings(settings)
        )
        self._recent: deque[ParsedTurn] = deque(maxlen=CONTEXT_WINDOW)
        self._tool_names: dict[str, str] = {}
        self.observed_seq = 0  # store seq of the last message observed (for rebuilds)

    def observe(self, message: Message, turn: int) -> list[dict[str, Any]]:
        """Fold one message into the layers; return the audit events it produced."""
        if message.injected or message.role in ("system", "developer"):
            return []
        for call in message.tool_calls:
            self._tool_names[call.id] = call.name
            if len(self._tool_names) > _TOOL_NAMES_KEPT:
                self._tool_names.pop(next(iter(self._tool_names)))
        results = message.tool_results
        tool_name = self._tool_names.get(results[0].call_id) if results else None
        ctx = ParseContext.from_turns(self._recent, tool_name=tool_name)
        turn = max(turn, 1, self.state.last_turn)
        parsed = parse_message(message, turn=turn, ontology=self.ontology, context=ctx)
        self._recent.append(parsed)
        self.state.apply(parsed)
        # The store keeps the durable audit record; the state only keeps the chain's head.
        return [e.model_dump(mode="json") for e in self.state.audit.drain()]

    @property
    def last_turn(self) -> int:
        return self.state.last_turn

    def render(self, turn: int, language: Language) -> str:
        return self.state.render(turn, language)

    def pinned_turns(self, turn: int) -> set[int]:
        return self.state.pinned_turns(turn)

    def to_dict(self) -> dict[str, Any]:
        return {"state": self.state.to_dict(), "observed_seq": self.observed_seq}

    def load(self, data: dict[str, Any]) -> None:
        self.state = SessionState.from_dict(data["state"])
        self.observed_seq = int(data.get("observed_seq", 0))
