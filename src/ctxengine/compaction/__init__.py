"""The compaction engine: parsed turns folded into layers, a ledger, policies and a CONTEXT block.

Parsing (`parse`, `ontology`, ...) lives in sibling modules; this package's public face is the
per-session `SessionState` and what it is built from. Import submodules directly for details.
"""

from ctxengine.compaction.audit import AuditEvent, AuditLog, find_divergence
from ctxengine.compaction.layers import (
    ArchivedValue,
    EvidenceItem,
    IntentRecord,
    SlotValue,
    Transition,
)
from ctxengine.compaction.ledger import ConflictRecord, ConstraintEntry
from ctxengine.compaction.policies import (
    POLICIES,
    PolicyContext,
    PolicyDecision,
    PolicyFn,
    register_policy,
)
from ctxengine.compaction.shards import Shard, SubTaskSpace, shard_state
from ctxengine.compaction.state import CompactionConfig, CompactionInputError, SessionState

__all__ = [
    "POLICIES",
    "ArchivedValue",
    "AuditEvent",
    "AuditLog",
    "CompactionConfig",
    "CompactionInputError",
    "ConflictRecord",
    "ConstraintEntry",
    "EvidenceItem",
    "IntentRecord",
    "PolicyContext",
    "PolicyDecision",
    "PolicyFn",
    "SessionState",
    "Shard",
    "SlotValue",
    "SubTaskSpace",
    "Transition",
    "find_divergence",
    "register_policy",
    "shard_state",
]
