"""Audit events and the state hash chain.

Every change the compaction engine makes to a session (a slot transition, a constraint and its
status changes, a conflict, a policy decision, a compaction) is one `AuditEvent`. Events are
linked into a chain::

    GENESIS ──► e0.hash = sha256(GENESIS + json(e0)) ──► e1.hash = sha256(e0.hash + json(e1)) ─► …

so the head hash names the whole history. Two replicas that were fed the same turns hold the
same chain; comparing their hash lists finds the first event where they differ
(`find_divergence`) without shipping the state itself. Nothing in an event depends on the wall
clock or on randomness, which is what makes replicas comparable.

A session has one chain: `/context clear` starts the layers afresh but the chain goes on
(`AuditLog.continued`), and a restore checks the stored events (`check_stored`) and goes on
from the last of them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

GENESIS = "0" * 64


class AuditChainError(ValueError):
    """A stored audit chain does not verify."""


# Built once: `json.dumps` with non-default options builds a new encoder on every call, which
# was a measurable share of a turn (a tool result yields dozens of events).
_CANONICAL = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def canonical_json(value: Any) -> str:
    """One JSON spelling per value: sorted keys, no spaces, UTF-8 kept as is."""
    return _CANONICAL.encode(value)


def event_hash(prev_hash: str, seq: int, kind: str, turn: int, data: dict[str, Any]) -> str:
    """sha256 of the previous hash followed by the canonical JSON of the event."""
    return _hash_body(prev_hash, seq, kind, turn, canonical_json(data))


def _int_json(n: int) -> str:
    # A plain int is spelled by str(); anything else (a bool, an int subclass) by the encoder.
    return str(n) if type(n) is int else canonical_json(n)


def _hash_body(prev_hash: str, seq: int, kind: str, turn: int, data_json: str) -> str:
    # The canonical JSON of {"seq", "kind", "turn", "data"} spelled out with its keys in sorted
    # order (data, kind, seq, turn), so the data's JSON computed once serves the hash too.
    body = (
        f'{{"data":{data_json},"kind":{canonical_json(kind)},"seq":{_int_json(seq)},'
        f'"turn":{_int_json(turn)}}}'
    )
    return hashlib.sha256((prev_hash + body).encode("utf-8")).hexdigest()


class AuditEvent(BaseModel):
    """One change, with enough detail to draw a timeline entry."""

    seq: int
    kind: str  # transition, confirm, intent, constraint, constraint_status, conflict, policy, ...
    turn: int
    data: dict[str, Any] = Field(default_factory=dict)
    prev_hash: str = GENESIS
    hash: str = ""


class AuditLog(BaseModel):
    """The events of one session, in order, hash-chained.

    A long session need not keep every event in memory: `drain` hands the events over (to the
    store's append-only event table) and keeps only the chain's head, so the state stays small
    while the chain continues unbroken.
    """

    events: list[AuditEvent] = Field(default_factory=list)
    offset: int = 0  # events drained before events[0]
    base_hash: str = GENESIS  # hash of the last drained event

    @property
    def chain_head(self) -> str:
        """Hash of the latest event (GENESIS when there is none)."""
        return self.events[-1].hash if self.events else self.base_hash

    def drain(self) -> list[AuditEvent]:
        """Hand over the events kept so far; the chain goes on from the last one."""
        out = self.events
        if out:
            self.offset += len(out)
            self.base_hash = out[-1].hash
            self.events = []
        return out

    def append(self, kind: str, turn: int, data: dict[str, Any]) -> AuditEvent:
        """Record one event and link it to the chain.

        `data` is stored as its canonical-JSON round trip, so what is hashed is exactly what a
        replica reading the persisted state would hash.
        """
        text = canonical_json(data)
        # The round trip is idempotent, so `text` is also the canonical JSON of `clean`.
        clean: dict[str, Any] = json.loads(text)
        seq = self.offset + len(self.events)
        prev = self.chain_head
        # Every field is built here with its declared type: validation would only cost time.
        ev = AuditEvent.model_construct(
            seq=seq,
            kind=kind,
            turn=turn,
            data=clean,
            prev_hash=prev,
            hash=_hash_body(prev, seq, kind, turn, text),
        )
        self.events.append(ev)
        return ev

    def continued(self) -> AuditLog:
        """An empty log that goes on from this one's head: the same chain, none of its events
        (a `/context clear` starts the layers afresh, not the session's record)."""
        return AuditLog(offset=self.offset + len(self.events), base_hash=self.chain_head)

    @classmethod
    def of_stored(
        cls, events: Iterable[dict[str, Any]], *, offset: int = 0, base_hash: str = GENESIS
    ) -> AuditLog:
        """The log of stored events (`AuditEvent` dicts, as the store's ``layers.*`` events
        hold them) following `offset` / `base_hash`; `verify` then checks them."""
        return cls(
            events=[AuditEvent.model_validate(e) for e in events],
            offset=offset,
            base_hash=base_hash,
        )

    def hashes(self) -> list[str]:
        return [e.hash for e in self.events]

    def verify(self) -> None:
        """Recompute every link; raise `AuditChainError` naming the first bad event."""
        prev = self.base_hash
        for i, e in enumerate(self.events, start=self.offset):
            want = event_hash(prev, i, e.kind, e.turn, e.data)
            if e.seq != i or e.prev_hash != prev or e.hash != want:
                raise AuditChainError(f"audit chain broken at event {i} (kind {e.kind!r})")
            prev = e.hash

    def timeline(self) -> list[tuple[int, str, dict[str, Any]]]:
        """(turn, kind, data) rows in order: what a front end draws as a history view."""
        return [(e.turn, e.kind, e.data) for e in self.events]


@dataclass(frozen=True)
class ChainCheck:
    """What `check_stored` found: where the stored chain ends, and its first break."""

    next_seq: int  # the seq the next event takes
    head: str  # the hash of the last stored event (what the next one links to)
    checked: int  # events looked at
    problem: str | None  # the first break, in one line; None when every link holds


def check_stored(
    events: Iterable[dict[str, Any]], *, offset: int = 0, base_hash: str = GENESIS
) -> ChainCheck:
    """Check stored events that should continue the chain at `offset` / `base_hash`.

    Unlike `AuditLog.verify` this never raises: it reports the first broken link (or
    malformed event) and follows the chain on from each stored event, so that the head it
    returns is the last stored event's, whatever came before it (a session restored after a
    break goes on from its record, and the break is reported once).
    """
    seq, head, checked, problem = offset, base_hash, 0, None
    for e in events:
        checked += 1
        # Read as plain JSON (a model per event costs as much again as the hash).
        ev_seq, kind, turn = e.get("seq"), e.get("kind"), e.get("turn")
        prev, ev_hash, data = e.get("prev_hash"), e.get("hash"), e.get("data")
        if not (
            type(ev_seq) is int
            and type(turn) is int
            and isinstance(kind, str)
            and isinstance(prev, str)
            and isinstance(ev_hash, str)
            and isinstance(data, dict)
        ):
            problem = problem or f"audit event {seq} is malformed"
            continue
        if problem is None and (
            ev_seq != seq or prev != head or ev_hash != event_hash(prev, ev_seq, kind, turn, data)
        ):
            problem = f"audit chain broken at event {seq} (kind {kind!r})"
        seq, head = ev_seq + 1, ev_hash
    return ChainCheck(seq, head, checked, problem)


def find_divergence(a_hashes: Sequence[str], b_hashes: Sequence[str]) -> int | None:
    """Index of the first event where two replicas' chains differ.

    Returns None when the chains are identical. When one chain is a strict prefix of the other
    the shorter replica is merely behind, and the answer is its length (the first event it lacks).
    Because each hash covers everything before it, the chains agree on a prefix and disagree
    everywhere after the first difference, so a binary search suffices.
    """
    n = min(len(a_hashes), len(b_hashes))
    if n and a_hashes[n - 1] == b_hashes[n - 1]:
        return None if len(a_hashes) == len(b_hashes) else n
    lo, hi = 0, n  # invariant: all before lo agree; the first difference is < hi
    while lo < hi:
        mid = (lo + hi) // 2
        if a_hashes[mid] == b_hashes[mid]:
            lo = mid + 1
        else:
            hi = mid
    if lo == n and len(a_hashes) == len(b_hashes):
        return None
    return lo
