"""Tool call / tool result pairing: every provider answers 400 when one is orphaned.

Stages keep whole turns, so pairing holds by construction for valid histories. This module
checks it (for tests and for input the library did not validate) and repairs what a history
may hold anyway: a call whose result never arrived (a crashed tool) gets a placeholder result,
a result whose call is gone, was already answered (a retried tool message) or belongs to a turn
that moved on (a late one) is left out of the model's view. The record is not touched. The
service and the CLI refuse the last two on input (`ctxengine.convert.pairing`); a library
caller's `Session.add` does not check, and this repair keeps what the model is sent valid.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ctxengine.messages import Message, ToolCallPart, ToolResultPart
from ctxengine.pipeline.notes import Language, note


def unpaired(messages: list[Message], *, allow_pending: bool = True) -> tuple[set[str], set[str]]:
    """Return (call ids without a result, result ids without an earlier call).

    With `allow_pending`, calls in the last assistant message that nothing follows are pending
    (the tools are running) and not counted as unpaired.
    """
    return PairingScan().unpaired(messages, allow_pending=allow_pending)


@dataclass(slots=True)
class PairingScan:
    """`unpaired` over a message list that only grows: each call reads the new messages only.

    The current turn is checked on every context() call while it grows; rescanning it whole
    each time would make a long agent turn cost quadratic time.
    """

    issued: set[str] = field(default_factory=set)
    answered: set[str] = field(default_factory=set)
    orphans: set[str] = field(default_factory=set)
    # Ids called again while their earlier call still waited (a retried assistant message):
    # that earlier call is never answered (a result answers the latest), whatever the counts.
    lost: set[str] = field(default_factory=set)
    scanned: int = 0  # messages[:scanned] are in the sets above
    # The longest tool result content in messages[:scanned] (characters): stage 1 skips a turn
    # whose results are all under its limit without looking at its messages again.
    longest_result: int = 0

    def unpaired(
        self, messages: list[Message], *, allow_pending: bool = True
    ) -> tuple[set[str], set[str]]:
        """`unpaired(messages)`, given that `messages` extends the list seen last time."""
        self.advance(messages)
        missing = self.issued - self.answered
        if allow_pending and missing:
            missing -= _pending_calls(messages)
        return missing | self.lost, set(self.orphans)

    def paired(self, messages: list[Message], *, allow_pending: bool = True) -> bool:
        """`unpaired(messages)` finds nothing: the same answer without building the sets.

        Asked on every context() call; almost always every call is answered, which the sizes
        of the sets tell (`answered` only ever holds issued ids).
        """
        self.advance(messages)
        if self.orphans or self.lost:
            return False
        if len(self.answered) == len(self.issued):
            return True
        return allow_pending and self.issued - self.answered <= _pending_calls(messages)

    def advance(self, messages: list[Message]) -> None:
        """Take in `messages[scanned:]` (or start over when `messages` is shorter)."""
        if len(messages) < self.scanned:  # not the list seen last time: start over
            self.issued, self.answered, self.orphans, self.scanned = set(), set(), set(), 0
            self.lost, self.longest_result = set(), 0
        issued, answered, orphans = self.issued, self.answered, self.orphans
        # One pass over the parts, no per-message lists (`m.tool_results` / `m.tool_calls`
        # would build two per message). A message's results are checked against calls issued
        # before that message.
        for i in range(self.scanned, len(messages)):
            calls: list[str] | None = None
            for p in messages[i].parts:
                if isinstance(p, ToolResultPart):
                    if len(p.content) > self.longest_result:
                        self.longest_result = len(p.content)
                    # A second result for one call (a retried tool message) answers nothing.
                    if p.call_id in issued and p.call_id not in answered:
                        answered.add(p.call_id)
                    else:
                        orphans.add(p.call_id)
                elif isinstance(p, ToolCallPart):
                    if calls is None:
                        calls = [p.id]
                    else:
                        calls.append(p.id)
            if calls:
                self.lost.update(c for c in calls if c in issued and c not in answered)
                issued.update(calls)
                answered.difference_update(calls)  # an id used again: a new call
        self.scanned = len(messages)


def _pending_calls(messages: list[Message]) -> set[str]:
    """Calls of the last assistant message with tool calls, if only its results follow it."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if m.role == "assistant" and m.tool_calls:
            tail = messages[i + 1 :]
            if all(t.role == "tool" or (t.tool_results and not t.has_user_text) for t in tail):
                return {c.id for c in m.tool_calls}
            return set()
        if not m.tool_results:
            return set()
    return set()


def repair(messages: list[Message], language: Language) -> list[Message]:
    """A copy of `messages` in which every call has a result and every result answers a call
    still waiting for it (`ctxengine.convert.pairing`: right after the calling message, before
    any other): a result that answers nothing, a call already answered, or a call whose turn
    moved on (a late or retried tool message) is left out; a call that got no result before
    the next message gets a placeholder. The last calls, followed by results only, may still
    be pending (the tools are running)."""
    drop: dict[int, set[int]] = {}  # message index -> indices of the results left out there
    missing: dict[int, list[str]] = {}  # calling message index -> calls without a result
    pending: dict[str, None] = {}  # calls waiting, in order
    caller = -1
    for i, m in enumerate(messages):
        for j, p in enumerate(m.parts):
            if isinstance(p, ToolResultPart):
                if p.call_id in pending:
                    del pending[p.call_id]
                else:
                    drop.setdefault(i, set()).add(j)
        if m.role == "tool" or (m.tool_results and not m.has_user_text):
            continue  # results only: the calls' turn goes on
        if pending:
            missing[caller] = list(pending)
        pending = {}
        if m.role == "assistant":
            calls = m.tool_calls
            if calls:
                caller = i
                pending = dict.fromkeys(c.id for c in calls)
    if not drop and not missing:
        return messages
    out: list[Message] = []
    for i, m in enumerate(messages):
        left_out = drop.get(i)
        if left_out is not None:
            parts = [p for j, p in enumerate(m.parts) if j not in left_out]
            if not parts:
                continue
            m = m.replace(parts=parts)
        out.append(m)
        # Placeholders go right after the calling message: providers accept tool results in
        # any order as long as they all come before the next assistant or user message.
        for cid in missing.get(i, ()):
            out.append(Message.tool(cid, note("missing_result", language), injected=True))
    return out
