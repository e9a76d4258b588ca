"""Context sharding and sub-task isolation (seed article §4.2).

Sharding: a long state is split by domain (the slot's entity: product, address, payment, ...)
into CONTEXT blocks each under a token cap, so separate model calls can each work on one
domain. The intent, the active constraints and the conflicts a rule is part of go into *every*
shard: a shard that drops a user rule would undo what the ledger is for.

Isolation: `SubTaskSpace` runs a sub-task (one hop of "find a flight, then a hotel") in its own
`SessionState`. Nothing the sub-task does touches the parent until `finish`, which hands back
only result values and evidence (verbatim, with their source), never the sub-task's slots,
intents or turns.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from pydantic import BaseModel

from ctxengine.compaction.audit import AuditEvent
from ctxengine.compaction.layers import EvidenceItem, SlotValue, split_key
from ctxengine.compaction.ontology import NO_LABELS, BlockLabels
from ctxengine.compaction.render import ContextView, build_view, render_view
from ctxengine.compaction.schema import Evidence, Language, ParsedTurn
from ctxengine.compaction.state import SessionState
from ctxengine.tokens import TokenCounter


class ShardError(ValueError):
    """The token cap is too small for what every shard must carry."""


class Shard(BaseModel):
    domain: str
    part: int  # 1-based within the domain
    text: str
    tokens: int


def _domain_views(view: ContextView) -> dict[str, ContextView]:
    """One view per entity; shared parts (intent, constraints) copied into each."""
    shared = replace(
        view,
        slots=[],
        pending=[],
        removed=[],
        previous={},
        # A conflict with a rule on either side (two rules, a value against a rule) is about
        # the rule, which every shard carries; only two values of one slot belong to a domain.
        conflicts=[c for c in view.conflicts if c.kind != "slot"],
        evidence=[],
    )
    out: dict[str, ContextView] = {}

    def dom(key: str) -> ContextView:
        entity = split_key(key)[0]
        if entity not in out:
            out[entity] = replace(shared, slots=[], pending=[], removed=[], previous={})
            out[entity].conflicts = list(shared.conflicts)
        return out[entity]

    for v in view.slots:
        dom(v.key).slots.append(v)
    for v in view.pending:
        dom(v.key).pending.append(v)
    for k in view.removed:
        dom(k).removed.append(k)
    for k, a in view.previous.items():
        dom(k).previous[k] = a
    for c in view.conflicts:
        if c.kind == "slot":
            dom(c.subject).conflicts.append(c)
    for ev in view.evidence:
        owner = next(
            (v.key for v in view.slots + view.pending if ev.value in (v.raw or "")),
            "evidence.",
        )
        dom(owner).evidence.append(ev)
    if not out:
        out["context"] = shared
    return out


def _with(view: ContextView, kind: str, item: SlotValue | str | EvidenceItem) -> ContextView:
    """A copy of `view` with one more item in the named list."""
    if isinstance(item, SlotValue):
        if kind == "pending":
            return replace(view, pending=[*view.pending, item])
        return replace(view, slots=[*view.slots, item])
    if isinstance(item, EvidenceItem):
        return replace(view, evidence=[*view.evidence, item])
    return replace(view, removed=[*view.removed, item])


def _split(view: ContextView, counter: TokenCounter, cap: int, domain: str) -> list[ContextView]:
    """Greedy: add slots one by one, starting a new part when the next would pass the cap."""
    base = replace(view, slots=[], pending=[], removed=[], evidence=[])
    base_tokens = counter.count(render_view(base))
    if base_tokens > cap:
        raise ShardError(
            f"shard cap {cap} tokens is below the {base_tokens} tokens of intent and "
            f"constraints every shard must carry (domain {domain!r})"
        )
    items: list[tuple[str, SlotValue | str | EvidenceItem]] = [("slots", v) for v in view.slots]
    items += [("pending", v) for v in view.pending]
    items += [("removed", k) for k in view.removed]
    items += [("evidence", e) for e in view.evidence]
    parts: list[ContextView] = []
    cur = base
    for kind, item in items:
        trial = _with(cur, kind, item)
        if counter.count(render_view(trial)) <= cap:
            cur = trial
            continue
        alone = _with(base, kind, item)
        if counter.count(render_view(alone)) > cap:
            raise ShardError(f"one {kind} item of domain {domain!r} alone exceeds {cap} tokens")
        parts.append(cur)
        cur = alone
    parts.append(cur)
    return parts


def shard_state(
    state: SessionState,
    counter: TokenCounter,
    max_tokens: int | None = None,
    *,
    current_turn: int | None = None,
    language: Language | None = None,
    labels: BlockLabels = NO_LABELS,
) -> list[Shard]:
    """Split a session's CONTEXT block into per-domain shards of at most `max_tokens` each
    (default: the session's `shard_max_tokens` setting); `labels` name entities and slots in
    the shards' language (`Ontology.labels`).

    Raises:
        ShardError: the cap cannot hold the intent and constraints, or one item.
    """
    view = build_view(
        intents=state.intents,
        state=state.state,
        evidence=state.evidence,
        ledger=state.ledger,
        current_turn=state.last_turn if current_turn is None else current_turn,
        language=language or state.language,
        last_user_turn=state.last_user_turn,
        options=state.config.render_options(),
        labels=labels,
    )
    cap = state.config.shard_max_tokens if max_tokens is None else max_tokens
    shards: list[Shard] = []
    for domain, dview in _domain_views(view).items():
        for i, part in enumerate(_split(dview, counter, cap, domain), start=1):
            text = render_view(part)
            shards.append(Shard(domain=domain, part=i, text=text, tokens=counter.count(text)))
    return shards


class SubTaskResult(BaseModel):
    name: str
    values: dict[str, str]
    evidence: list[EvidenceItem]
    chain_head: str  # the sub-task's own audit head, to find its record later


class SubTaskSpace:
    """A sub-task with its own isolated `SessionState`.

    Args:
        parent: the session the sub-task reports back to (read only until `finish`).
        name: a short name, used as the evidence source ``subtask:<name>``.
        inherit_constraints: copy the parent's active constraints in, so the sub-task obeys
            the user's rules. They are copies: revoking one inside the sub-task does not touch
            the parent.
    """

    def __init__(self, parent: SessionState, name: str, *, inherit_constraints: bool = True):
        self.name = name
        self._parent = parent
        self.state = SessionState(
            session_id=f"{parent.session_id}/{name}",
            config=parent.config.model_copy(deep=True),
            language=parent.language,
        )
        if inherit_constraints:
            self.state.ledger.entries = [c.model_copy(deep=True) for c in parent.ledger.active()]
        self.finished = False

    def apply(self, parsed: ParsedTurn) -> list[AuditEvent]:
        return self.state.apply(parsed)

    def finish(
        self,
        *,
        keys: Sequence[str] = (),
        evidence_kinds: Collection[str] | None = None,
        turn: int | None = None,
    ) -> SubTaskResult:
        """Hand results back to the parent: chosen slot values and evidence, nothing else.

        Args:
            keys: slot keys of the sub-task whose current values are its result.
            evidence_kinds: evidence kinds to hand back (all when None).
            turn: the parent turn to record them at (default: the parent's latest).

        Raises:
            KeyError: a requested key has no current value in the sub-task.
            RuntimeError: the sub-task was already finished.
        """
        if self.finished:
            raise RuntimeError(f"sub-task {self.name!r} already finished")
        missing = [k for k in keys if k not in self.state.state.slots]
        if missing:
            raise KeyError(f"sub-task {self.name!r} has no value for slot {missing[0]!r}")
        at = self._parent.last_turn if turn is None else turn
        source = f"subtask:{self.name}"
        values = {k: self.state.state.slots[k].value for k in keys}
        items = [
            i
            for i in self.state.evidence.recent()
            if evidence_kinds is None or i.kind in evidence_kinds
        ]
        ids = [
            self._parent.add_evidence(
                Evidence(kind=i.kind, value=i.value, field=i.field, source=source), at, source
            ).id
            for i in items
        ]
        ids += [
            self._parent.add_evidence(
                Evidence(kind="result", value=v, field=k, source=source), at, source
            ).id
            for k, v in values.items()
        ]
        head = self.state.audit.chain_head
        self._parent.record("subtask", at, {"name": self.name, "evidence": ids, "head": head})
        self.finished = True
        return SubTaskResult(
            name=self.name,
            values=values,
            evidence=[i.model_copy(deep=True) for i in items],
            chain_head=head,
        )
