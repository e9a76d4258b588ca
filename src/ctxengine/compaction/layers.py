"""The three layers a session's turns fold into.

- L1 `IntentLayer`: what the user wants now, and the few intents before it.
- L2 `StateLayer`: the current value of every slot (keyed ``entity.slot``). Each change is a
  `Transition`; the value it replaced moves to the archive with the turn it was superseded, so
  a superseded value is history and can never be mistaken for the current one. Naming a
  different instance of an entity (a second restaurant's 名称) keeps the first one's slots
  current under ``entity[name].slot`` instead of superseding them.
- L3 `EvidenceLayer`: exact strings (ids, codes, tool-result fields) kept verbatim and
  deduplicated, with where and when they were seen. Bounded, but evidence that a current slot
  or an active constraint refers to is never evicted.

The layers are plain data (pydantic models) so a whole session serializes to JSON and back
exactly; they hold no references to anything outside themselves.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, Field, PrivateAttr

from ctxengine.compaction.memo import Memo
from ctxengine.compaction.outcomes import within
from ctxengine.compaction.schema import Evidence, Intent, SlotUpdate


def slot_key(entity: str, slot: str) -> str:
    """The one key a slot is stored under: ``entity.slot``."""
    return f"{entity.strip()}.{slot.strip()}"


def memo_values(model: BaseModel) -> dict[str, Any]:
    """`model._memo.values`, read from pydantic's private-attribute dict directly: `._memo`
    goes through pydantic's __getattr__ (~2 us), and the evidence change log is written for
    every item a turn touches."""
    private = model.__pydantic_private__
    memo = private.get("_memo") if private else None
    if not isinstance(memo, Memo):
        memo = model._memo  # type: ignore[attr-defined]  # the dict does not hold it
    assert isinstance(memo, Memo)
    return memo.values


def split_key(key: str) -> tuple[str, str]:
    """(entity, slot) of a slot key; an instance's name may hold dots: ``餐馆[M.Y].地址``."""
    if key.find("[") != -1 and "]." in key:
        i = key.rindex("].")
        return key[: i + 1], key[i + 2 :]
    entity, _, slot = key.partition(".")
    return entity, slot


# --- L1 --------------------------------------------------------------------------------------


class IntentRecord(BaseModel):
    name: str
    turn: int
    confidence: float
    target: str | None = None
    domain: str | None = None


class IntentLayer(BaseModel):
    """The current intent and the `keep` intents before it (most recent first)."""

    current: IntentRecord | None = None
    recent: list[IntentRecord] = Field(default_factory=list)

    def observe(self, intents: Iterable[Intent], turn: int, keep: int) -> IntentRecord | None:
        """Take the most confident intent of a user turn as the current one."""
        best = max(intents, key=lambda i: i.confidence, default=None)
        if best is None:
            return None
        rec = IntentRecord(
            name=best.name,
            turn=turn,
            confidence=best.confidence,
            target=best.target,
            domain=best.domain,
        )
        if self.current is not None:
            self.recent.insert(0, self.current)
            del self.recent[keep:]
        self.current = rec
        return rec

    def clear(self) -> None:
        self.current = None
        self.recent = []


# --- L2 --------------------------------------------------------------------------------------


class SlotValue(BaseModel):
    key: str
    entity: str
    slot: str
    value: str
    raw: str = ""
    enum: str | None = None
    entity_id: str | None = None
    turn: int  # when this value was set
    source: str = "user"
    confirmed: bool = False  # an assistant message came after it
    # The user's request for this slot when the value is a differing fact the assistant gave
    # about the current candidate ("评分5分" asked, "评分4.8分" found): both stay visible.
    requested: str | None = None
    criterion: bool = False  # a search criterion (`SlotDef.criterion`), not a description
    # The reply to the turn that set it said the request could not be met as asked; which
    # part failed it did not say (see `StateLayer.close_search`).
    declined: bool = False
    # A reply since named it as what the offered candidate has ("有您喜欢的炸河虾") or
    # offered the candidate again for it ("X这一家刚好合适"): a criterion met, never unmet.
    met: bool = False


class Transition(BaseModel):
    slot: str  # the slot key
    old: str | None
    new: str | None
    turn: int
    raw: str = ""
    op: Literal["set", "change", "remove"] = "set"
    source: str = "user"


ArchiveReason = Literal["superseded", "removed", "reset", "reverted", "unmet"]


class ArchivedValue(BaseModel):
    key: str
    value: str
    raw: str = ""
    enum: str | None = None
    entity_id: str | None = None
    set_turn: int
    superseded_turn: int
    replaced_by: str | None  # None when removed or dropped
    reason: ArchiveReason = "superseded"
    source: str = "user"  # who had set the value


def _two_searches(there: SlotValue, moved: SlotValue) -> bool:
    """Whether two values of a place's slot are the user's criteria of different searches."""
    return (
        there.source == moved.source == "user"
        and there.criterion
        and moved.criterion
        and there.turn != moved.turn
    )


class AskOrigin(BaseModel):
    """Where an ask of the open search was found unmet: the turn of the reply that said so,
    and the candidate current then, once another candidate replaced it (`_shelve`)."""

    turn: int
    candidate: str | None = None  # the instance key: ``餐馆[A]``


# How many of an entity's latest criterion turns `StateLayer.criterion_turns` keeps: enough to
# span one search, bounded so the state does not grow with the session.
_CRITERION_TURNS_KEPT = 8


def is_instance(entity: str) -> bool:
    """An earlier named instance (``餐馆[A]``), shelved by `StateLayer`."""
    return entity.endswith("]") and "[" in entity


def instance_entity(entity: str, name: str) -> str:
    """The entity key of one named instance: ``餐馆[鼎泰丰]``."""
    return f"{entity}[{name}]"


class StateLayer(BaseModel):
    slots: dict[str, SlotValue] = Field(default_factory=dict)
    # Slots that name an instance of their entity (CrossWOZ's 名称): naming a different
    # instance starts a new one instead of superseding the old one's values, see `_shelve`.
    instance_slots: list[str] = Field(default_factory=lambda: ["名称"])
    transitions: list[Transition] = Field(default_factory=list)
    archive: list[ArchivedValue] = Field(default_factory=list)
    removed: dict[str, int] = Field(default_factory=dict)  # key -> turn, until confirmed
    # What the user asked of a search that no place met and the user did not ask again
    # (slot key -> the value asked): "人均50-100元" when the restaurant taken costs 143元.
    # It belongs to the search, and with it to the place the search ends on (`close_search`),
    # where the block shows it beside that place's facts as asked and not met: the user's
    # wish, not the place's fact, and not a current request either.
    unmet_asks: dict[str, str] = Field(default_factory=dict)
    # Of the open search's asks (entity keys of `unmet_asks`), which candidate each was found
    # unmet against (`close_search`): an ask the user went on from before any place was
    # offered was never checked against the place the search ends on. A state saved without
    # it loads with none, and its asks go with that place, as they did.
    ask_origins: dict[str, AskOrigin] = Field(default_factory=dict)
    # The turns of the user's latest criteria, by entity (a few each): whether the user went
    # on to another request between an ask found unmet and the place offered next, even
    # when that request was itself declined and archived (`_ask_home`).
    criterion_turns: dict[str, list[int]] = Field(default_factory=dict)
    # The archive only grows; its latest value per slot and its set of values are indexed as
    # it grows, so reading them is not a scan of the whole history (see `_archive_index`).
    _memo: Memo = PrivateAttr(default_factory=Memo)

    def apply(self, update: SlotUpdate, turn: int, source: str) -> Transition | None:
        """Apply one update; return its transition, or None when nothing changed."""
        key = slot_key(update.entity, update.slot)
        if update.op != "remove" and update.value and update.slot.strip() in self.instance_slots:
            self._shelve(update.entity.strip(), update.slot.strip(), update.value, turn)
        old = self.slots.get(key)
        if source == "user":
            self._forget_ask(key)  # asked again (or changed): no longer the unmet one
            if update.criterion:
                turns = self.criterion_turns.setdefault(update.entity.strip(), [])
                if not turns or turns[-1] != turn:
                    turns.append(turn)
                    del turns[:-_CRITERION_TURNS_KEPT]
        elif update.value:
            self._ask_met(key, update.value)
        if update.op == "remove" or update.value is None:
            if old is None:
                return None
            self._archive(old, turn, None, "removed")
            del self.slots[key]
            self.removed[key] = turn
            self._place_gone(old.entity)
            t = Transition(
                slot=key,
                old=old.value,
                new=None,
                turn=turn,
                raw=update.raw,
                op="remove",
                source=source,
            )
            self.transitions.append(t)
            return t
        if old is not None and old.value == update.value:
            # Same value again: keep its original turn, but take a newly anchored enum/id.
            old.enum = update.enum or old.enum
            old.entity_id = update.entity_id or old.entity_id
            return None
        if old is not None:
            self._archive(old, turn, update.value, "superseded")
        self.slots[key] = SlotValue(
            key=key,
            entity=update.entity.strip(),
            slot=update.slot.strip(),
            value=update.value,
            raw=update.raw,
            enum=update.enum,
            entity_id=update.entity_id,
            turn=turn,
            source=source,
            # Tool results are facts from the system, not requests awaiting the assistant.
            confirmed=source != "user",
            criterion=update.criterion,
        )
        self.removed.pop(key, None)
        t = Transition(
            slot=key,
            old=old.value if old else None,
            new=update.value,
            turn=turn,
            raw=update.raw,
            op=update.op,
            source=source,
        )
        self.transitions.append(t)
        return t

    def answer(self, update: SlotUpdate, turn: int) -> Transition | None:
        """A fact for a slot the user asked a value for: the fact becomes current and the
        request stays beside it (`SlotValue.requested`), neither archived."""
        key = slot_key(update.entity, update.slot)
        req = self.slots.get(key)
        if req is None or update.value is None or req.value == update.value:
            return None
        asked = req.requested if req.source != "user" else req.value
        if req.source != "user":
            # A fact about the previous candidate: kept as an earlier fact, not lost.
            self._archive(req, turn, update.value, "superseded")
        self._ask_met(key, update.value)
        self.slots[key] = req.model_copy(
            update={
                "value": update.value,
                "raw": update.raw,
                "enum": update.enum,
                "entity_id": update.entity_id,
                "turn": turn,
                "source": "assistant",
                "confirmed": True,
                "requested": asked,
                # The fact is what the candidate offers, not a request a reply declined.
                "declined": False,
            }
        )
        t = Transition(
            slot=key, old=req.value, new=update.value, turn=turn, raw=update.raw, source="assistant"
        )
        self.transitions.append(t)
        return t

    def _shelve(self, entity: str, name_slot: str, name: str, turn: int) -> None:
        """A different instance is named: the current one's slots move under its name.

        Two restaurants in one session are two things, not one restaurant changing: the
        earlier one's address stays current for it (``餐馆[A].地址``) and only a change to the
        same instance's slot supersedes. Naming an earlier instance again brings its slots
        back as the current ones.
        """
        cur = self.slots.get(slot_key(entity, name_slot))
        if cur is None or cur.value == name:
            return
        # Who named the instance decides what the user's values are: a user who names it
        # describes it ("鼎泰丰, 地址A路1号"); a name the assistant recommended answered the
        # user's search. Either way the user's criteria ("人均100-150元", "在它周边找评分
        # 4.5分以上的") belong to the search and carry over to the next candidate; a search
        # the user went on from moves whole (`close_search`).
        facts_only = cur.source != "user"
        shelved = instance_entity(entity, cur.value)
        # An ask found unmet while it was the candidate (since it was named, before this
        # turn: a reply that names the next one and says what failed is about the next one)
        # was unmet against it. The ask stays with the search (a later candidate may meet
        # it, `_ask_met`); `close_search` brings it to this place if none does.
        for key, origin in self.ask_origins.items():
            if (
                origin.candidate is None
                and split_key(key)[0] == entity
                and cur.turn <= origin.turn < turn
            ):
                origin.candidate = shelved
        self._move(entity, shelved, facts_only=facts_only, keep=True)
        self._move(instance_entity(entity, name), entity)

    def found(self, entity: str) -> SlotValue | None:
        """The name of the instance `entity`'s current slots describe, if one is named."""
        for name_slot in self.instance_slots:
            v = self.slots.get(slot_key(entity, name_slot))
            if v is not None:
                return v
        return None

    def close_search(
        self, entity: str, turn: int, offered: int = 0
    ) -> tuple[str, list[tuple[str, str]]] | None:
        """The search for the named current instance is over: all its slots, the user's
        criteria it was found by included, move under its name (``餐馆[A].评分=4分以上``)
        and the entity starts empty for the next search.

        A criterion whose turn the reply declined may be the part that failed: it is
        archived as unmet instead of being shown as what the place offers.

        A criterion the user asked of the candidate after it was offered (turn `offered`:
        "这家有红烧肉吗？") that no fact replaced is archived as unmet too: a reply that
        offers something else ("它家的小炒肉很好吃") says no without saying so.

        A candidate whose name was never captured ("这家店很不错" with no name the parser
        knew) is still another place: its slots move under a numbered stand-in name
        (``餐馆[#1]``, see `unnamed_instance`) rather than being superseded by the next one's.

        What the search asked that no place met goes with the place it ends on if it was
        found unmet once that place was offered; else with the earlier candidate of the
        search it was found unmet against (`AskOrigin`), if that is still held; else with
        the place it ends on unless the user gave another criterion since: a request the
        user went on from before any place was offered ("抱歉，没有找到人均消费符合的餐馆" /
        "那帮我找评分4.5分以上的") was never checked against the place offered for the next.

        Returns (the instance key, the (slot key, value) pairs archived as unmet), or None
        when the entity holds nothing.
        """
        if is_instance(entity) or not any(v.entity == entity for v in self.slots.values()):
            return None
        name = self.found(entity)
        # When the candidate was offered: a fact about it may come before its name ("找到一个
        # 评分4分的" / "是哪家啊？" / "某某乐园"), or stand in for a name the parser missed.
        since = min(
            (v.turn for v in self.slots.values() if v.entity == entity and v.source != "user"),
            default=offered,
        )
        since = min(since, offered) if offered else 0
        unmet: list[tuple[str, str]] = []
        asked_after = [
            k
            for k, v in self.slots.items()
            if v.entity == entity
            and v.source == "user"
            and v.criterion
            and not v.met
            and offered
            and v.turn > offered
        ]
        for key in [k for k, v in self.slots.items() if v.entity == entity and v.declined]:
            unmet.append((key, self.unmet(key, turn, None).value))
        for key in [k for k in asked_after if k in self.slots]:
            unmet.append((key, self.unmet(key, turn, None).value))
        dst = (
            instance_entity(entity, name.value)
            if name is not None
            else self.unnamed_instance(entity)
        )
        self._move(entity, dst)
        for key in [k for k in self.unmet_asks if split_key(k)[0] == entity]:
            asked = self.unmet_asks.pop(key)
            origin = self.ask_origins.pop(key, None)
            offer = since if name is None else min(since, name.turn) if since else name.turn
            home = self._ask_home(origin, entity, dst, offer)
            if home is not None:
                self.unmet_asks[slot_key(home, split_key(key)[1])] = asked
        return dst, unmet

    def _ask_home(
        self, origin: AskOrigin | None, entity: str, dst: str, offered: int
    ) -> str | None:
        """The place an ask of `entity`'s search, which ended on `dst` (offered at turn
        `offered`: its name's, else its first fact's), was found unmet against, or None (see
        `close_search`)."""
        if origin is None:
            return dst  # a state saved before origins were kept: as it was then
        if origin.candidate is not None:
            # Unmet against an earlier candidate: it goes with that place or, gone, nowhere.
            held = any(v.entity == origin.candidate for v in self.slots.values())
            return origin.candidate if held else None
        # A request the user gave after the ask failed and up to the offer means the place
        # was offered for that request, not checked against the ask. (A fact the failing
        # reply gives counts as the offer, as "但找到一个评分4分的" is one; a fact about no
        # candidate in that reply, "有烤鸭的都是150元以上", is read the same way.) Without
        # one, the reply that found the ask unmet may have offered the place itself
        # ("推荐您去评分4.2分的X", X a name the parser did not catch).
        turns = self.criterion_turns.get(entity, ())
        return None if any(origin.turn < t <= offered for t in turns) else dst

    def _forget_ask(self, key: str) -> None:
        self.unmet_asks.pop(key, None)
        self.ask_origins.pop(key, None)

    def forget_asks(self) -> None:
        """Every ask, the open search's and the places' (the task discarded)."""
        self.unmet_asks.clear()
        self.ask_origins.clear()
        self.criterion_turns.clear()

    def _place_gone(self, entity: str) -> None:
        """An instance left with no slot (a reset dropped its tool-only values) is gone from
        the state: what its search asked of it goes with it, or a later stand-in of the same
        name (``餐馆[#1]``, `unnamed_instance`) would inherit it."""
        if not is_instance(entity):
            return
        keys = [k for k in self.unmet_asks if split_key(k)[0] == entity]
        if keys and not any(v.entity == entity for v in self.slots.values()):
            for key in keys:
                del self.unmet_asks[key]

    def _ask_met(self, key: str, fact: str) -> None:
        """A fact for `key` that meets its unmet ask ("有烤肠" after "没有烤肠的", a later
        candidate's 80元 for 50-100元) leaves the ask no longer unmet."""
        asked = self.unmet_asks.get(key)
        if asked is not None and (asked in fact or within(fact, asked)):
            self._forget_ask(key)

    def unnamed_instance(self, entity: str) -> str:
        """A fresh stand-in key for an unnamed earlier candidate: ``餐馆[#n]``. A key that
        holds asks is taken too: a new place must not inherit another's."""
        taken = {v.entity for v in self.slots.values()}
        taken |= {split_key(k)[0] for k in self.unmet_asks}
        n = 1
        while instance_entity(entity, f"#{n}") in taken:
            n += 1
        return instance_entity(entity, f"#{n}")

    def mark_declined(self, turn: int) -> None:
        """The reply declined the request of user turn `turn`: its criteria are marked, but
        for those the reply said the offer meets (`SlotValue.met`)."""
        for v in self.slots.values():
            if v.source == "user" and v.criterion and v.turn == turn and not v.met:
                v.declined = True

    def _move(self, src: str, dst: str, *, facts_only: bool = False, keep: bool = False) -> None:
        """Move `src`'s slots under `dst`; with `keep`, the user's criteria (with
        `facts_only`, all the user's values) stay where they are."""

        def stays(v: SlotValue) -> bool:
            return keep and v.source == "user" and (facts_only or v.criterion)

        if is_instance(src) and not is_instance(dst):
            # A place taken up again by a new search: what its old search failed to meet is
            # no longer the question (the new search asks its own).
            for key in [k for k in self.unmet_asks if split_key(k)[0] == src]:
                del self.unmet_asks[key]
        for key in [k for k, v in self.slots.items() if v.entity == src and not stays(v)]:
            v = self.slots.pop(key)
            new_key = slot_key(dst, v.slot)
            # A fact found against a request keeps it beside it ("3小时 - 4小时 (用户要求:
            # 3小时 - 5小时)") unless the request stays behind for the next candidate.
            back = facts_only and v.requested is not None
            moved = v.model_copy(
                update={
                    "key": new_key,
                    "entity": dst,
                    "requested": None if back else v.requested,
                }
            )
            there = self.slots.get(new_key)
            if there is not None and there.value != moved.value:
                # Never overwritten unseen. A fact and the user's request for the same slot
                # stand side by side (the fact, the request beside it); else what was
                # there is superseded and archived, as any change of a slot is.
                fact, ask = (there, moved) if moved.source == "user" else (moved, there)
                if fact.source != "user" and ask.source == "user" and ask.criterion:
                    if fact.requested is None:
                        fact = fact.model_copy(update={"requested": ask.value})
                    moved = fact
                elif is_instance(dst) and _two_searches(there, moved):
                    # Two searches found the same place: the later one's request does not
                    # undo what the earlier one asked of it; the place keeps both.
                    parts = there.value.split("、") if there.value else []
                    parts += [p for p in (moved.value or "").split("、") if p and p not in parts]
                    moved = moved.model_copy(update={"value": "、".join(parts)})
                else:
                    self._archive(there, moved.turn, moved.value, "superseded")
            self.slots[new_key] = moved
            if back:
                # The fact belongs to the candidate; the request stays for the next one.
                self.slots[key] = v.model_copy(
                    update={
                        "value": v.requested,
                        "raw": "",
                        "enum": None,
                        "entity_id": None,
                        "source": "user",
                        "requested": None,
                    }
                )

    def _archive(self, old: SlotValue, turn: int, by: str | None, reason: ArchiveReason) -> None:
        self.archive.append(
            ArchivedValue(
                key=old.key,
                value=old.value,
                raw=old.raw,
                enum=old.enum,
                entity_id=old.entity_id,
                set_turn=old.turn,
                superseded_turn=turn,
                replaced_by=by,
                reason=reason,
                source=old.source,
            )
        )

    def unmet(self, key: str, turn: int, by: str | None) -> SlotValue:
        """The user's request for `key` could not be met: archived as `unmet`, slot freed."""
        old = self.slots.pop(key)
        self._archive(old, turn, by, "unmet")
        if old.source == "user":
            self.unmet_asks[key] = old.value
            if not is_instance(old.entity):
                self.ask_origins[key] = AskOrigin(turn=turn)
        return old

    def drop(self, key: str, turn: int) -> SlotValue:
        """Remove a slot without a user request (periodic reset); archived as `reset`."""
        old = self.slots.pop(key)
        self._archive(old, turn, None, "reset")
        self._place_gone(old.entity)
        return old

    def confirm_through(self, turn: int) -> list[str]:
        """Mark every change made up to `turn` as confirmed by the assistant."""
        done = [k for k, v in self.slots.items() if not v.confirmed and v.turn <= turn]
        for k in done:
            self.slots[k].confirmed = True
        gone = [k for k, t in self.removed.items() if t <= turn]
        for k in gone:
            del self.removed[k]
        return done + gone

    def history(self, key: str) -> list[ArchivedValue]:
        """Archived values of one slot, oldest first."""
        return [a for a in self.archive if a.key == key]

    def previous(self, key: str) -> ArchivedValue | None:
        """The latest archived value of one slot (`history(key)[-1]`), or None."""
        return self._archive_index()[0].get(key)

    def earlier_facts(self, key: str) -> list[ArchivedValue]:
        """Facts (values the assistant or a tool gave) a newer fact of `key` replaced, oldest
        first: about earlier candidates, not superseded wishes of the user."""
        return self._archive_index()[2].get(key, [])

    def archived_values(self) -> set[str]:
        """Every value ever archived (a copy)."""
        return set(self._archive_index()[1])

    def _archive_index(
        self,
    ) -> tuple[dict[str, ArchivedValue], set[str], dict[str, list[ArchivedValue]]]:
        m = memo_values(self)
        if m.get("archive") is not self.archive or m.get("indexed", 0) > len(self.archive):
            m["archive"], m["indexed"], m["last"], m["values"] = self.archive, 0, {}, set()
            m["facts"] = {}
        last: dict[str, ArchivedValue] = m["last"]
        values: set[str] = m["values"]
        facts: dict[str, list[ArchivedValue]] = m["facts"]
        for a in self.archive[m["indexed"] :]:  # only what was appended since the last read
            last[a.key] = a
            values.add(a.value)
            if a.reason == "superseded" and a.source != "user":
                facts.setdefault(a.key, []).append(a)
        m["indexed"] = len(self.archive)
        return last, values, facts


# --- L3 --------------------------------------------------------------------------------------


def evidence_id(kind: str, value: str) -> str:
    """A stable id from content, so replicas name the same evidence the same way."""
    return "ev_" + hashlib.sha256(f"{kind}\x00{value}".encode()).hexdigest()[:10]


class EvidenceItem(BaseModel):
    id: str
    kind: str
    value: str  # verbatim, never rewritten
    field: str | None = None
    sources: list[str] = Field(default_factory=list)
    first_seen: int
    last_seen: int
    count: int = 1


class EvidenceLayer(BaseModel):
    """Items by id. They change through the methods below (`add`, `touch`, `evict`,
    `remove`), which note each changed id in a change log (`changes`): a reader that keeps
    a derived order (the block's evidence selection) updates what changed instead of
    re-reading every item, and evidence that an active rule names is never evicted, so the
    items grow with a session."""

    items: dict[str, EvidenceItem] = Field(default_factory=dict)
    # The change log: {"log": ids changed, in order; "epoch": bumped when the log is cut}.
    _memo: Memo = PrivateAttr(default_factory=Memo)

    def changes(self, since: tuple[int, int]) -> tuple[list[str] | None, tuple[int, int]]:
        """The ids changed (added, updated, removed) since the mark `since`, and the mark to
        pass next time; None when the log no longer reaches back that far (read everything).

        A reader that starts out passes ``(-1, 0)``, which never matches.
        """
        m = memo_values(self)
        epoch, log = m.get("epoch", 0), m.get("log", [])
        mark = (epoch, len(log))
        if since[0] != epoch or since[1] > len(log):
            return None, mark
        return log[since[1] :], mark

    def _changed(self, *ids: str) -> None:
        m = memo_values(self)
        log: list[str] = m.setdefault("log", [])
        log.extend(ids)
        # Bounded: past a few times the items (and a margin for the many changes of a few
        # turns' tool results, most of them evicted again), the log starts over and its
        # readers re-read every item, costing no more than the log they missed.
        if len(log) > 4 * len(self.items) + 4096:
            m["log"], m["epoch"] = [], m.get("epoch", 0) + 1

    def add(self, ev: Evidence, turn: int, source: str) -> tuple[EvidenceItem, bool]:
        """Record evidence; return the item and whether it is new.

        An identifier keeps the most telling kind it was read as (`ID_KINDS`): "订单
        DD20240501007" then a bare "DD20240501007 什么时候到？" is one order number, not an
        order number and a code; a bare code later named an order becomes the order number.
        """
        src = ev.source or source
        earlier: EvidenceItem | None = None
        rank = ID_KINDS.get(ev.kind)
        if rank is not None:
            other = self._same_id(ev.value)
            if other is not None and other.kind != ev.kind:
                if ID_KINDS[other.kind] >= rank:
                    ev = ev.model_copy(update={"kind": other.kind})
                else:
                    earlier = self.items.pop(other.id)
                    self._changed(other.id)
        eid = evidence_id(ev.kind, ev.value)
        item = self.items.get(eid)
        if item is None:
            item = EvidenceItem(
                id=eid,
                kind=ev.kind,
                value=ev.value,
                field=ev.field,
                sources=[src],
                first_seen=turn,
                last_seen=turn,
            )
            if earlier is not None:
                item.first_seen = earlier.first_seen
                item.count += earlier.count
                item.sources = [*earlier.sources, *([src] if src not in earlier.sources else [])]
                item.field = ev.field or earlier.field
            self.items[eid] = item
            if rank is not None:
                memo_values(self).setdefault("ids", {})[ev.value] = eid
            self._changed(eid)
            return item, True
        item.last_seen = max(item.last_seen, turn)
        item.count += 1
        if src.startswith("call:") and ev.field:
            # A call passing the value names it in its own words: a block writes the value
            # as the latest call's argument (`hold_flight`'s "flight", not the "flights[1].flight"
            # of the search result that offered it), so the name goes with the source shown.
            item.field = ev.field
        else:
            item.field = item.field or ev.field
        if src not in item.sources:
            item.sources.append(src)
        elif src.startswith("call:") and item.sources[-1] != src:
            # The latest call to pass the value goes last: a compact block writes the value
            # with that call's other arguments (`render.view_lines`).
            item.sources.remove(src)
            item.sources.append(src)
        self._changed(eid)
        return item, False

    def _same_id(self, value: str) -> EvidenceItem | None:
        """The identifier item (`ID_KINDS`) holding `value`, if any (a derived index)."""
        m = memo_values(self)
        index: dict[str, str] | None = m.get("ids")
        if index is None:
            index = m["ids"] = {i.value: i.id for i in self.items.values() if i.kind in ID_KINDS}
        eid = index.get(value)
        item = self.items.get(eid) if eid is not None else None
        if item is None or item.value != value:
            return None
        return item

    def touch(self, eid: str, turn: int) -> bool:
        """A reference to evidence refreshes it (keeps it from eviction)."""
        item = self.items.get(eid)
        if item is None:
            return False
        if turn > item.last_seen:
            item.last_seen = turn
            self._changed(eid)
        return True

    def evict(
        self,
        max_items: int,
        protected: set[str],
        *,
        candidates: Iterable[EvidenceItem] | None = None,
        down_to: int | None = None,
    ) -> list[EvidenceItem]:
        """Drop least recently referenced unprotected items until at most `max_items` remain
        (`down_to` when given: over the cap, a batch leaves at once, so that a full layer is
        not sorted again for every new item).

        Protected items are never dropped, even if that leaves more than `max_items`.
        `candidates`, when given, are the only items considered (a caller that tracks which
        items are unprotected passes those, instead of every item being filtered per call).
        """
        if len(self.items) <= max_items:
            return []
        over = len(self.items) - (max_items if down_to is None else min(down_to, max_items))
        if over <= 0:
            return []
        pool = self.items.values() if candidates is None else candidates
        # Fields only a tool returned go first: one JSON result yields dozens of them, and they
        # would otherwise push out what was said (what the user or the assistant wrote goes
        # last, the agent's call arguments before it). The latest turn's result is the one the
        # agent is working with: it counts as said, or call arguments piling up over a long
        # session would evict every new result on arrival.
        candidates = [i for i in pool if i.id not in protected]
        latest = max((i.last_seen for i in candidates), default=0)
        victims = sorted(
            candidates,
            key=lambda i: (
                written(i),
                said_in_conversation(i) or i.last_seen >= latest,
                i.last_seen,
                i.first_seen,
                i.id,
            ),
        )[:over]
        for v in victims:
            del self.items[v.id]
        self._changed(*(v.id for v in victims))
        return victims

    def remove(self, ids: Iterable[str]) -> None:
        """Drop the items `ids` (a reset's stale evidence)."""
        self._changed(*(eid for eid in ids if self.items.pop(eid, None) is not None))

    def recent(self) -> list[EvidenceItem]:
        """Items, most recently referenced first."""
        return sorted(self.items.values(), key=lambda i: (-i.last_seen, -i.first_seen, i.id))


# Identifier kinds one value may be read as, by how much the reading says: a keyword named
# it (an order, a tracking number, a ticket, a coupon), its shape did (a flight number), or
# nothing did (a bare code or number).
ID_KINDS: dict[str, int] = {
    "order_id": 2,
    "tracking": 2,
    "ticket": 2,
    "coupon": 2,
    "flight": 1,
    "code": 0,
    "id": 0,
    "number": 0,
}


def written(item: EvidenceItem) -> bool:
    """Whether the user or the assistant wrote this value in a message."""
    sources = item.sources
    return "user" in sources or "assistant" in sources


def said_in_conversation(item: EvidenceItem) -> bool:
    """Whether the user or the assistant wrote this value (not only a tool result)."""
    return any(not s.startswith("tool") for s in item.sources)


def refers_to(item: EvidenceItem, texts: Iterable[str]) -> bool:
    """Whether any of `texts` contains the evidence value verbatim."""
    return any(item.value and item.value in t for t in texts)
