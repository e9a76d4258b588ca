"""Compaction policies: plain functions from a session's state to decisions.

A policy is ``(state, ctx) -> list[PolicyDecision]``. It only *reads* the state; the session
applies the decisions it understands (``pin``, ``fold``, ``reset``, ``reinstate_earlier``) and
records every decision in the audit log, understood or not. Keeping policies pure makes each
one testable on its own and lets a user add one with `register_policy` without touching the
session code (and enable it by name in the `policies` setting). A policy that raises, or
returns a decision the session cannot apply, costs only its own decisions for that message:
the message is applied, the other policies run, and a ``policy_error`` audit event names the
policy and the error (a user's policy must not break the session or lose a message).

Built in (the three modes of the seed article plus its periodic reset):

- ``min_context``: the user asks about the same subject N turns in a row -> pin that subject's
  turns so the pipeline keeps them verbatim.
- ``lean_context``: a confirmation ("好的", "继续", "ok") -> fold the turns before it into one
  state line the pipeline may use in place of those turns.
- ``fuse_context``: a contradiction was detected while the turn was applied -> record how it was
  resolved (the ledger resolves it at once so the state is never inconsistent in between).
- ``periodic_reset``: past `reset_after_turns` since the last reset -> drop temporary state
  (intents, focus, pins, folds, tool-only slots and stale tool-only evidence); keep core slots,
  the values the user or assistant stated, active constraints and the evidence they use. On a
  "restart" intent the user discards the task: only core slots and active constraints stay.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from ctxengine.compaction.audit import AuditEvent
from ctxengine.compaction.schema import ParsedTurn

if TYPE_CHECKING:
    from ctxengine.compaction.state import SessionState


class PolicyError(ValueError):
    """A policy name is unknown or registered twice."""


class PolicyContext(BaseModel):
    """What a policy sees besides the state: the turn just applied and what it changed."""

    turn: int
    parsed: ParsedTurn
    events: list[AuditEvent] = Field(default_factory=list)


class PolicyDecision(BaseModel):
    policy: str
    action: str  # pin, fold, reset, resolve_conflict, reinstate_earlier, or a custom action
    turn: int
    reason: str = ""
    detail: dict[str, Any] = Field(default_factory=dict)


PolicyFn = Callable[["SessionState", PolicyContext], list[PolicyDecision]]


def min_context(state: SessionState, ctx: PolicyContext) -> list[PolicyDecision]:
    """Pin a subject asked about in each of the last `min_context_repeat_turns` user turns."""
    if ctx.parsed.role != "user":
        return []
    n = state.config.min_context_repeat_turns
    by_turn = {f.turn: set(f.subjects) for f in state.focus}
    if n > len(by_turn):
        # Fewer turns in focus than the window holds: none repeats n times. Checked first, so
        # a huge setting (a request's "config") never builds a window of that many turns.
        return []
    window = [ctx.turn - i for i in range(n)]
    if any(t not in by_turn for t in window):
        return []
    common = set.intersection(*(by_turn[t] for t in window))
    out = []
    for subject in sorted(common):
        turns = sorted(t for t, subs in by_turn.items() if subject in subs)
        out.append(
            PolicyDecision(
                policy="min_context",
                action="pin",
                turn=ctx.turn,
                reason=f"{subject!r} asked about {n} turns in a row",
                detail={"subject": subject, "turns": turns},
            )
        )
    return out


def lean_context(state: SessionState, ctx: PolicyContext) -> list[PolicyDecision]:
    """Fold the turns before a user confirmation into one line of state."""
    if ctx.parsed.role != "user" or not ctx.parsed.is_confirmation:
        return []
    start, end = state.last_fold_end + 1, ctx.turn - 1
    if end < start:
        return []
    return [
        PolicyDecision(
            policy="lean_context",
            action="fold",
            turn=ctx.turn,
            reason="user confirmed",
            detail={"start": start, "end": end, "summary": state.summary_line(start, end)},
        )
    ]


def fuse_context(state: SessionState, ctx: PolicyContext) -> list[PolicyDecision]:
    """Record each conflict detected or re-resolved in this turn, and how it was resolved."""
    return [
        PolicyDecision(
            policy="fuse_context",
            action="resolve_conflict",
            turn=ctx.turn,
            reason=str(e.data.get("resolution", "")),
            detail={"conflict": e.data.get("id"), "subject": e.data.get("subject")},
        )
        for e in ctx.events
        if e.kind == "conflict"
    ]


def periodic_reset(state: SessionState, ctx: PolicyContext) -> list[PolicyDecision]:
    """Forget temporary state every `reset_after_turns` turns, and when the user restarts."""
    if ctx.parsed.role != "user":
        return []
    restart = any(i.name == "restart" for i in ctx.parsed.intents)
    due = ctx.turn > state.last_reset_turn + state.config.reset_after_turns
    if not (restart or due):
        return []
    return [
        PolicyDecision(
            policy="periodic_reset",
            action="reset",
            turn=ctx.turn,
            reason="restart" if restart else f"more than {state.config.reset_after_turns} turns",
            # A restart discards the task's values too; a periodic reset only temporary state.
            detail={"scope": "restart" if restart else "periodic"},
        )
    ]


POLICIES: dict[str, PolicyFn] = {
    "min_context": min_context,
    "lean_context": lean_context,
    "fuse_context": fuse_context,
    "periodic_reset": periodic_reset,
}


def register_policy(name: str, fn: PolicyFn, *, replace: bool = False) -> None:
    """Add a policy to the default registry (enable it by name in `CompactionConfig.policies`).

    Raises:
        PolicyError: `name` is taken and `replace` is False.
    """
    if name in POLICIES and not replace:
        raise PolicyError(f"policy {name!r} is already registered (pass replace=True)")
    POLICIES[name] = fn


def resolve(names: list[str], registry: dict[str, PolicyFn] | None = None) -> list[PolicyFn]:
    """The functions for `names`, in order; unknown names are an error, not a silent skip."""
    return [fn for _, fn in resolve_named(names, registry)]


def resolve_named(
    names: list[str], registry: dict[str, PolicyFn] | None = None
) -> list[tuple[str, PolicyFn]]:
    """(name, function) for `names`, in order: the name says which policy failed, if one does.

    Raises:
        PolicyError: a name is not registered.
    """
    reg = POLICIES if registry is None else registry
    missing = [n for n in names if n not in reg]
    if missing:
        raise PolicyError(f"unknown policy {missing[0]!r}; registered: {sorted(reg)}")
    return [(n, reg[n]) for n in names]
