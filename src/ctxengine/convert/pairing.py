"""Tool-call pairing: every tool result must answer a call that is still waiting for it.

What providers accept (OpenAI Chat Completions, and Anthropic Messages alike): the results of
an assistant message's tool calls come right after that message, in any order, before the
next message of any other kind (user, assistant, system; a message of results only, such as an
Anthropic user message of ``tool_result`` blocks, which that API merges with the next one, is
not another kind). So a result is valid only while its call is *pending*: issued by the latest
assistant message that called tools, not answered yet, and no other message in between. A
result that comes

* after the call was already answered (a retried or duplicated tool message), or
* after a user (or assistant, or system) message closed the calls' turn (a late result),

makes every later request fail, as much as one answering no call at all. A call without a
result is fine: the agent may be in the middle of its turn (and the engine gives a result that
never came a placeholder). Call ids must be unique within one assistant message; a later
assistant message may use an id again (some servers number calls per message).

`PairingState` is where a message list leaves the check, so that a batch appended later (the
service's append endpoint) continues it: a result may answer a call appended in an earlier
request while that call is pending.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ctxengine.convert.errors import at
from ctxengine.messages import Message


@dataclass
class PairingState:
    """The tool-call pairing a message list leaves behind.

    Attributes:
        pending: Calls of the latest assistant message that called tools, not answered yet,
            while only results have followed it (empty once any other message came).
        answered: Calls answered so far (to name a duplicate result as such).
        issued: Every call id seen so far (to tell a late result from one answering nothing).
    """

    pending: set[str] = field(default_factory=set)
    answered: set[str] = field(default_factory=set)
    issued: set[str] = field(default_factory=set)

    @classmethod
    def after(cls, messages: Iterable[Message]) -> PairingState:
        """The state after `messages`, taken as they are (nothing is checked): a stored
        history's tail, from which a later batch continues."""
        state = cls()
        for m in messages:
            state.feed(m)
        return state

    @classmethod
    def starting(cls, state: PairingState | None, pending: Iterable[str] = ()) -> PairingState:
        """A copy of `state` (or a fresh state) with `pending` call ids waiting as well."""
        out = cls() if state is None else state.copy()
        ids = set(pending)
        if ids:
            out.pending |= ids
            out.issued |= ids
            out.answered -= ids
        return out

    def copy(self) -> PairingState:
        return PairingState(set(self.pending), set(self.answered), set(self.issued))

    def check(self, index: int, message: Message) -> None:
        """Raise when `message` (at `index` of the caller's list) breaks the pairing; the
        state is not changed (`feed` does that).

        Raises:
            InputError: ``message N: tool result for call 'X' that was already answered``,
                ``... whose call is not in this turn``, ``... has no matching tool call``, or
                ``message N: tool call id 'X' appears twice in this message``.
        """
        if message.role == "assistant":
            seen: set[str] = set()
            for call in message.tool_calls:
                if call.id in seen:
                    raise at(index, f"tool call id {call.id!r} appears twice in this message")
                seen.add(call.id)
        results = message.tool_results
        if not results:
            return
        answered_here: set[str] = set()
        for result in results:
            cid = result.call_id
            if cid in self.pending and cid not in answered_here:
                answered_here.add(cid)
                continue
            if cid in answered_here or cid in self.answered:
                problem = "that was already answered"
            elif cid in self.issued:
                problem = "whose call is not in this turn"
            else:
                problem = "has no matching tool call"
            raise at(index, f"tool result for call {cid!r} {problem}")

    def feed(self, message: Message) -> None:
        """Take `message` in (whether or not `check` passed it)."""
        for result in message.tool_results:
            self.pending.discard(result.call_id)
            self.answered.add(result.call_id)
        if message.role == "tool" or (message.tool_results and not message.has_user_text):
            # Results only (a ``tool`` message; an Anthropic user message of ``tool_result``
            # blocks, which the API merges with the next one): the calls' turn goes on.
            return
        # Any other message closes the latest calls; an assistant message may open new ones.
        self.pending = set()
        if message.role == "assistant":
            calls = message.tool_calls
            if calls:
                ids = {c.id for c in calls}
                self.pending = ids
                self.issued |= ids
                # An id used again names a new call, not yet answered.
                self.answered -= ids


def validate_pairing(messages: list[Message], state: PairingState | None = None) -> PairingState:
    """Check that each tool result answers a pending call (see the module docstring).

    Args:
        messages: The messages, in order.
        state: Where an earlier part of the conversation left the pairing (it is not changed);
            by default nothing came before.

    Returns:
        The state after `messages`, for a batch that follows them.

    Raises:
        InputError: the first message that breaks the pairing, named with its index in
            `messages` (see `PairingState.check`).
    """
    state = PairingState.starting(state)
    for i, msg in enumerate(messages):
        state.check(i, msg)
        state.feed(msg)
    return state
