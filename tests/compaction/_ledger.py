"""A session's rules through the distiller, for the constraint-ledger tests."""

from __future__ import annotations

from typing import Any

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.ledger import ConstraintEntry
from ctxengine.messages import Message
from ctxengine.settings import Settings


class LedgerSession:
    """User and assistant messages through a distiller, the audit events kept: a bare string
    is the user's and is answered "OK."; a pair is a user message and the assistant's reply."""

    def __init__(self, *turns: str | tuple[str, str]) -> None:
        self.d = CompactionDistiller(Settings())
        self.events: list[dict[str, Any]] = []
        for turn, t in enumerate(turns, 1):
            user, reply = (t, "OK.") if isinstance(t, str) else t
            self.events += self.d.observe(Message.user(user), turn)
            self.events += self.d.observe(Message.assistant(reply), turn)
        self.turns = len(turns)

    @property
    def entries(self) -> list[ConstraintEntry]:
        return self.d.state.ledger.entries

    def status(self, text: str) -> str:
        return next(e.status for e in self.entries if e.text == text)

    def active(self) -> list[str]:
        return [e.text for e in self.d.state.ledger.active()]

    def conflicts(self, kind: str | None = None) -> list[tuple[str, str, str]]:
        """(earlier, later, resolution) of the conflicts, of `kind` only when given."""
        return [
            (c.earlier.text, c.later.text, c.resolution)
            for c in self.d.state.ledger.conflicts
            if kind is None or c.kind == kind
        ]

    def changes(self) -> list[tuple[str, str]]:
        return [
            (e["data"]["entry"], e["data"]["new"])
            for e in self.events
            if e.get("kind") == "constraint_status"
        ]

    def block(self) -> str:
        return self.d.render(self.turns + 1, "en")
