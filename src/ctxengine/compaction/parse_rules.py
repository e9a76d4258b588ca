"""The rule path: one message -> ParsedTurn, offline, in well under a millisecond.

It combines the single-purpose extractors (`patterns`, `constraints`, `slots`, `intents`,
`references`). What is read depends on the role: user text yields everything; system text
yields rules and values; assistant text yields values, references and slot values at a lower
confidence (what it informs is state, but never outranks the user); tool results yield the
fields of their JSON.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Literal

from ctxengine.compaction.answers import (
    answer_updates,
    asked_slots,
    nearby_updates,
    stops_for_ends,
)
from ctxengine.compaction.constraints import extract_constraints, for_one_reply, goes_ahead
from ctxengine.compaction.en_names import name_evidence
from ctxengine.compaction.intents import (
    classify_intents,
    detect_language,
    is_confirmation,
    takes_change,
)
from ctxengine.compaction.later_choice import read_choices
from ctxengine.compaction.long_text import join_readings, pieces
from ctxengine.compaction.name_answers import (
    kind_said_after,
    listed_mates,
    mentioned_names,
    name_answers,
    offered_names,
    requests_place,
)
from ctxengine.compaction.nearness import NEAR_WORD, requested_nearby
from ctxengine.compaction.ontology import EntityDef, Ontology
from ctxengine.compaction.outcomes import (
    denied_spans,
    opens_with_rejection,
    says_contrast,
    says_unmet,
    turns_down,
    unmet_slots,
)
from ctxengine.compaction.patterns import extract_evidence, json_evidence
from ctxengine.compaction.references import (
    ParseContext,
    extract_references,
    named_places,
    place_choices,
    without_pointer_names,
)
from ctxengine.compaction.revisions import ignores_last, read_revisions, without_old_values
from ctxengine.compaction.schema import Evidence, ParsedTurn, SlotUpdate
from ctxengine.compaction.slot_phrases import KIND_WORD, KIND_WORDS
from ctxengine.compaction.slots import (
    entity_for,
    extract_updates,
    focus_of,
    known_kind,
    name_owner,
    own_mentions,
)
from ctxengine.messages import Message, TextPart, ToolResultPart
from ctxengine.settings import Settings

SchemaRole = Literal["user", "assistant", "tool", "system"]
# The longest text read as one piece (see `ctxengine.compaction.long_text`): the setting's
# default, for callers that parse without a session's settings.
PARSE_CHUNK_CHARS: int = Settings.model_fields["parse_chunk_chars"].default
# An assistant's slot value counts for this share of the same words from the user.
ASSISTANT_WEIGHT = 0.8


def message_text(message: Message) -> str:
    """The text the parser reads: text parts, or the tool results' content for tool output."""
    parts = message.parts
    if len(parts) == 1 and isinstance(parts[0], TextPart):
        return parts[0].text  # the usual single text part: no result, no join
    results = message.tool_results
    if results and message.role in ("tool", "user"):
        return "\n".join(r.content for r in results)
    return "\n".join(p.text for p in message.parts if isinstance(p, TextPart))


def _schema_role(message: Message) -> SchemaRole:
    if message.tool_results:
        return "tool"
    if message.role == "developer":
        return "system"
    return message.role


def parse_rules(
    message: Message,
    *,
    turn: int,
    ontology: Ontology,
    context: ParseContext | None = None,
    chunk_chars: int = PARSE_CHUNK_CHARS,
) -> ParsedTurn:
    """Parse `message` with rules only (no anchoring; see `ctxengine.compaction.parse`).

    Args:
        message: any message; tool results are read as JSON when they are JSON.
        turn: the 1-based user-turn index the message belongs to.
        ontology: slot words, enum values, id patterns and domain intents to recognize.
        context: earlier entities/evidence for references, and the tool name of a result.
        chunk_chars: a longer text is read in pieces of at most this many characters
            (`ctxengine.compaction.long_text`), so its parse costs time linear in its length.
    """
    role = _schema_role(message)
    text = message_text(message)
    extra = ontology.id_patterns
    evidence: list[Evidence] = []
    if role == "tool":
        name = context.tool_name if context and context.tool_name else "tool"
        source = f"tool:{name}"
        for part in message.parts:
            if isinstance(part, ToolResultPart):
                found = json_evidence(part.content, source)
                if found is None:
                    found = [
                        e
                        for piece in pieces(part.content, chunk_chars)
                        for e in extract_evidence(piece, source, extra)
                    ]
                evidence.extend(found)
        if len(text) > chunk_chars:
            evidence = _without_repeats(evidence)
        return ParsedTurn(turn=turn, role=role, language=detect_language(text), evidence=evidence)
    if len(text) > chunk_chars:
        return _parse_long(message, text, role, turn, ontology, context, chunk_chars)

    evidence = extract_evidence(text, role, extra)
    for call in message.tool_calls:
        found = json_evidence(call.arguments, f"call:{call.name}")
        evidence.extend(found or [])
    # The turn is built once, with every field it reads (a copy with updates costs as much).
    language = detect_language(text)
    references = extract_references(text, context)
    if role == "assistant":
        # What the assistant informs in a task dialogue ("地址在X", "order number Y") is state
        # too, but its word is weaker than the user's: the state applies it only where the user
        # has not set the slot (see `SessionState.apply`).
        focus = context.focus if context else None
        informed = extract_updates(
            text,
            ontology,
            last_slot=context.last_slot if context else None,
            focus=focus,
            recent_names=context.named if context else None,
            requests=False,
        )
        # "第一家餐厅的电话是X": a pointer to a place the user was offered, no place's name.
        informed = without_pointer_names(references, informed)
        if context is not None and context.asked:
            stops_for_ends(informed, context.asked, ontology)
            informed += _answers(text, context.asked, ontology, informed, focus, language)
        informed += _nearby(text, ontology, informed, focus)
        informed += _more_names(
            text,
            ontology,
            informed,
            focus,
            offered_names(text, ontology),
            commas=True,
            requested=context is not None and "名称" in context.asked,
            known=context.named if context else None,
        )
        informed = _without_neighbour_names(text, informed)
        informed = _without_input_formats(text, informed)
        if context is not None and _YES_FIRST.match(text) and _asks_nearby(context.asked):
            # "附近有酒店吗？" / "有的，北京饭店，每晚800元": yes, a neighbour, no place offered.
            informed = [u for u in informed if u.slot != "名称"]
        weaker = _weighed(informed, ontology)
        denied = denied_spans(text)
        unmet = [n for n in unmet_slots(text, ontology) if _is_criterion(ontology, n)]
        unmet += [n for n in _denied_slots(denied, ontology) if n not in unmet]
        return ParsedTurn(
            turn=turn,
            role=role,
            language=language,
            evidence=_with_names(text, role, language, evidence),
            references=references,
            denied=denied,
            said=text,
            unmet=unmet,
            contrast=says_contrast(text),
            declines=bool(unmet) or says_unmet(text),
            focus=focus_of(text, ontology, weaker),
            # Only a reply with updates says so (the fields a turn was given are kept).
            **({"updates": weaker} if weaker else {}),
        )
    constraints = extract_constraints(text)
    if role == "system":
        return ParsedTurn(
            turn=turn,
            role=role,
            language=language,
            evidence=evidence,
            references=references,
            constraints=constraints,
        )
    updates = extract_updates(
        text,
        ontology,
        last_slot=context.last_slot if context else None,
        focus=context.focus if context else None,
        recent_names=context.named if context else None,
        recent_kinds=(item.kind for item in context.recent) if context else (),
    )
    updates += _more_names(
        text,
        ontology,
        updates,
        context.focus if context else None,
        mentioned_names(text, ontology),
        known=context.named if context else None,
    )
    updates = _without_input_formats(text, updates)
    # "第一家的电话是多少", "那就第二家吧": the place pointed to, as if named; "就订大董吧":
    # a listed place picked by part of its name (a reply's own mention of it picks nothing).
    references += named_places(text, context)
    updates = place_choices(references, updates, text)
    if context is not None and context.mentions:
        updates += _kind_ends(text, updates, context.mentions)
    # "原来的邮箱是X，不要再用了": the value given up, said to name it, is no new value.
    updates = without_old_values(text, updates)
    if one_off := for_one_reply(text, updates):
        updates = [u for u in updates if u not in one_off]  # "这条用中文回答": this reply only
    for u in updates:
        if _is_criterion(ontology, u.slot):
            u.criterion = True  # this parse's own update: marked in place, not copied
    revisions = read_revisions(text, ontology)
    confirmation = is_confirmation(text)
    intents = classify_intents(
        text,
        ontology,
        has_updates=bool(updates),
        has_evidence=bool(evidence),
        confirmation=confirmation,
    )
    return ParsedTurn(
        turn=turn,
        role=role,
        language=language,
        evidence=_with_names(text, role, language, evidence),
        references=references,
        constraints=constraints,
        updates=updates,
        intents=intents,
        is_confirmation=confirmation,
        goes_ahead=role == "user" and goes_ahead(text),
        focus=focus_of(text, ontology, updates),
        rejects=opens_with_rejection(text),
        turns_down=turns_down(text),
        # A slot the message gives a value for is requested, not asked about:
        # "找一个票价是20-50元的景点吗" asks for a place, not for its price.
        asks=_asks(text, ontology, updates),
        revisions=revisions,
        choices=read_choices(text) if role == "user" else [],
        # "Scratch that." with nothing new: the latest change taken back.
        keeps_earlier=not updates and not revisions and ignores_last(text),
        takes_change=role == "user" and not updates and takes_change(text),
    )


def _evidence_key(e: Evidence) -> tuple[str, ...]:
    return (e.kind, e.value, e.field or "", e.source)


def _without_repeats(evidence: list[Evidence]) -> list[Evidence]:
    seen: set[tuple[str, ...]] = set()
    out: list[Evidence] = []
    for e in evidence:
        if (key := _evidence_key(e)) not in seen:
            seen.add(key)
            out.append(e)
    return out


def _parse_long(
    message: Message,
    text: str,
    role: SchemaRole,
    turn: int,
    ontology: Ontology,
    context: ParseContext | None,
    chunk_chars: int,
) -> ParsedTurn:
    """A user, assistant or system message longer than `chunk_chars`, read piece by piece."""
    readings = [
        parse_rules(
            Message(role=message.role, parts=[TextPart(text=piece)]),
            turn=turn,
            ontology=ontology,
            context=context,
            chunk_chars=chunk_chars,
        )
        for piece in pieces(text, chunk_chars)
    ]
    joined = join_readings(text, readings, _evidence_key)
    calls = [
        e
        for call in message.tool_calls
        for e in json_evidence(call.arguments, f"call:{call.name}") or []
    ]
    return joined.model_copy(
        update={
            "language": detect_language(text),
            "evidence": _without_repeats(joined.evidence + calls),
        }
    )


# A file's extension after its name ("data/员工考勤_11月.xlsx"), and the words of a clause
# that make the file an output ("导出到 output/加班统计.csv", "save it as report.xlsx").
_EXTENSION = re.compile(r"[\w\u4e00-\u9fff)）-]\.([A-Za-z]{2,5})(?![A-Za-z])")
_WRITES = re.compile(
    r"导出|输出|保存|存为|存成|另存|生成|转成|转为|转换|写入|写到|写成|下载"
    r"|(?i:\b(?:export|save|output|write|convert|download|generate|produce)\w*)"
)
_CLAUSE = re.compile(r"[^，,；;。！!？?\n]+")


def _without_input_formats(text: str, updates: list[SlotUpdate]) -> list[SlotUpdate]:
    """`updates` without a format read only from the extension of a file a clause reads
    ("读一下 data/x.xlsx"): the input's type is no choice of output format; one a clause
    writes to ("结果导出到 output/y.csv") or names by itself ("导出成 Excel") stays."""
    if not any(u.slot == "format" for u in updates) or "." not in text:
        return updates
    read_only: set[str] = set()
    written: set[str] = set()
    for clause in _CLAUSE.finditer(text):
        exts = {m.group(1).lower() for m in _EXTENSION.finditer(clause.group(0))}
        (written if _WRITES.search(clause.group(0)) else read_only).update(exts)
    return [
        u
        for u in updates
        if not (
            u.slot == "format"
            and u.raw.lower() in read_only - written
            and not _said_alone(text, u.raw)
        )
    ]


def _said_alone(text: str, word: str) -> bool:
    """Whether `word` occurs other than as a file's extension ("xlsx 格式", not "a.xlsx")."""
    return any(
        m.start() == 0 or text[m.start() - 1] != "."
        for m in re.finditer(re.escape(word), text, re.IGNORECASE)
    )


def _with_names(
    text: str, role: SchemaRole, language: str, evidence: list[Evidence]
) -> list[Evidence]:
    """The message's evidence and the names an English one offers or picks (see `en_names`):
    with no ontology, nothing else keeps the name of what was offered once its turn is gone.
    A Chinese dialogue's names are read with its ontology (`name_answers`)."""
    if language != "en":
        return evidence
    names = name_evidence(text, role)
    return evidence + names if names else evidence


# A trip's end said by its kind alone, the other end named: "从故宫回酒店", "从酒店打车到故宫".
_KIND_END = re.compile(
    rf"从(?P<a>{KIND_WORD})(?=出发|打车|坐|乘|搭|到|去|回)"
    rf"|(?:回|到|去)(?P<b>{KIND_WORD})(?=$|[，,。！!？?]|怎么|吧|要|需要|多)"
)


def _kind_ends(
    text: str, updates: list[SlotUpdate], mentions: Sequence[tuple[str, str, int]]
) -> list[SlotUpdate]:
    """The place of its kind the dialogue named last, for a trip's end said by the kind
    alone when the message names its other end ("从故宫回酒店": back to the hotel the user
    chose). Nothing when no place of that kind was named in the recent turns."""
    out: list[SlotUpdate] = []
    ends = {u.slot: u for u in updates if u.slot in ("出发地", "目的地") and u.value}
    for m in _KIND_END.finditer(text):
        slot, other = ("出发地", "目的地") if m.group("a") else ("目的地", "出发地")
        if slot in ends or other not in ends:
            continue
        kind = KIND_WORDS[m.group("a") or m.group("b")]
        place = next((name for name, k, _ in reversed(mentions) if k == kind), None)
        if place is None or place == ends[other].value:
            continue
        out.append(
            SlotUpdate(
                entity=ends[other].entity,
                slot=slot,
                value=place,
                raw=m.group(0),
                confidence=0.5,
            )
        )
    return out


def _more_names(
    text: str,
    onto: Ontology,
    updates: list[SlotUpdate],
    focus: str | None,
    led: list[tuple[int, str]],
    *,
    commas: bool = False,
    requested: bool = False,
    known: Mapping[str, str] | None = None,
) -> list[SlotUpdate]:
    """Names the phrase rules missed: those a lead offers or mentions (`led`) and those
    listed with a name read ("A，B和C都不错"), each of the kind a recent turn read it as
    (`known`), else the kind its ending says, else of the kind of the names it is listed
    with, else of the one its sentence names."""
    slot = onto.slot("名称")
    if slot is None:
        return []
    have = [u.value for u in updates if u.slot == "名称" and u.value]
    if not have and not led:
        return []
    found = led + listed_mates(text, have + [v for _, v in led], onto, commas=commas)
    # "附近吃饭的地方挺多，您可以去A、B": what is listed as near is no place offered.
    near = [u.value for u in updates if u.slot.startswith("周边") and u.value]
    # The kinds of the names listed together: one kind is the list's.
    kinds = {u.entity for u in updates if u.slot == "名称" and u.value}
    kinds |= {e.name for _, v in found if (e := onto.entity_of_name(v)) is not None}
    out: list[SlotUpdate] = []
    taken = _spans_of(text, have)
    for pos, name in sorted(found):
        if any(name in h or h in name for h in have) or any(name in v for v in near):
            continue
        if any(taken[pos : pos + len(name)]):
            continue  # "颐和园" of a span read as "天坛与颐": one of the two is wrong
        if not requested and not _reads_as_place(text, pos, name, onto):
            continue
        have.append(name)
        kind = onto.entity_of_name(name)
        said = kind_said_after(text, pos + len(name), onto)
        was = known_kind(text, name, onto, known)
        if said is not None:
            entity = said
        elif was is not None and "名称" in was.slots:
            entity = was.name  # a place a recent turn named: the same place again
        elif kind is not None:
            entity = kind.name
        elif len(kinds) == 1:
            entity = next(iter(kinds))
        else:
            entity = _owner(text, pos, name, onto, focus)
        out.append(SlotUpdate(entity=entity, slot="名称", value=name, confidence=0.5))
    return out


def _spans_of(text: str, values: list[str]) -> bytearray:
    """A mark on each character of the text that a value read covers (its first place)."""
    taken = bytearray(len(text))
    for v in set(values):
        if (at := text.find(v)) >= 0:
            taken[at : at + len(v)] = b"\x01" * len(v)
    return taken


def _reads_as_place(text: str, pos: int, name: str, onto: Ontology) -> bool:
    """Whether a span a lead or a list gave says itself that it is a place: it ends in a kind
    suffix or a branch ("X宾馆", "X(Y店)") or a kind word follows it ("X的酒店", "X景点").
    With no place asked for, a lead is followed by remarks as often as by names ("我们入住
    两天", "我觉得应该没问题", "去之前最好预约"), and a list by dishes, cities or times."""
    return (
        _verified_place(name, onto)
        or kind_said_after(text, pos + len(name), onto) is not None
        # "我推荐您别的地方的餐馆X": the lead says the kind right before the name.
        or _KIND_BEFORE.search(text, max(0, pos - 3), pos) is not None
    )


_KIND_BEFORE = re.compile(r"(?:餐馆|餐厅|饭店|饭馆|酒店|宾馆|景点|景区)$")


def _verified_place(name: str, onto: Ontology) -> bool:
    return name.endswith((")", "）")) or onto.entity_of_name(name) is not None


def _owner(text: str, pos: int, name: str, onto: Ontology, focus: str | None) -> str:
    """The kind of a name with no kind ending: the one the text's entity words or slot words
    say ("它家人均消费" names a restaurant's), else the focus."""
    slot = onto.slot("名称")
    assert slot is not None
    mentions = own_mentions(text, onto, sought=False)
    entity = name_owner(text, pos, pos + len(name), slot, onto, focus, mentions)
    if entity != slot.entity:
        return entity
    told = {
        e.name
        for m in onto.slot_word_pattern().finditer(text)
        if (s := onto.slot_for_word(m.group(0))) is not None
        for e in onto.entities
        if "名称" in e.slots
        and s.name in e.slots
        and sum("名称" in o.slots and s.name in o.slots for o in onto.entities) == 1
    }
    return told.pop() if len(told) == 1 else entity


def _weighed(informed: list[SlotUpdate], onto: Ontology) -> list[SlotUpdate]:
    """The assistant's updates at their weight, marked as criteria or not. They are this
    parse's own (built for it, never cached), so they are changed in place, not copied; one
    listed twice would be weighed twice, so then each is copied."""
    if len({id(u) for u in informed}) < len(informed):
        return [
            u.model_copy(
                update={
                    "confidence": u.confidence * ASSISTANT_WEIGHT,
                    "criterion": _is_criterion(onto, u.slot),
                }
            )
            for u in informed
        ]
    for u in informed:
        u.confidence = u.confidence * ASSISTANT_WEIGHT
        u.criterion = _is_criterion(onto, u.slot)
    return informed


def _asks(text: str, onto: Ontology, updates: list[SlotUpdate]) -> list[str]:
    """The slots a user message asks about, and the nearby lists it requests ("周边餐馆推荐
    一下"), but not those it gives a value for."""
    asked = asked_slots(text, onto)
    asked += [n for n in requested_nearby(text, onto) if n not in asked]
    given = {u.slot for u in updates}
    asked = [a for a in asked if a not in given]
    # "帮我找个免费的景点": a place of a kind asked for, by its name (see `name_answers`);
    # "在X周边给我推荐一家餐馆" names X, and asks for another place.
    if (
        onto.slot("名称") is not None
        and requests_place(text)
        and ("名称" not in given or NEAR_WORD.search(text) is not None)
    ):
        asked.append("名称")
    return asked


def _answers(
    text: str,
    asked: tuple[str, ...],
    onto: Ontology,
    informed: list[SlotUpdate],
    focus: str | None,
    language: str,
) -> list[SlotUpdate]:
    """The reply's values for slots the user asked about and the reply does not name,
    bound to the entity in focus (see `ctxengine.compaction.answers`)."""
    out: list[SlotUpdate] = []
    covered = {u.slot for u in informed}
    mentions: list[tuple[int, EntityDef]] | None = None
    # A piece holding another slot's value ("是免费的" for the ticket) answers no other slot;
    # names are no such value, as a nearby list is made of them.
    taken = [u.value for u in informed if u.value and u.slot != "名称"]
    if "名称" in asked:
        # The name asked for is read in its own shapes, never as the reply's first piece.
        asked = tuple(a for a in asked if a != "名称")
        if "名称" not in covered:
            out += [u for _, u in name_answers(text, onto, focus)]
    for pos, u in answer_updates(
        text, list(asked), onto, covered=covered, confidence=0.6, taken=taken, language=language
    ):
        slot = onto.slot(u.slot)
        if slot is None:
            entity = u.entity
        elif u.slot.startswith("周边") and focus is not None:
            # "周边餐馆有A, B": the entity word names what is nearby, the owner is in focus.
            entity = focus
        else:
            if mentions is None:
                mentions = own_mentions(text, onto)
            entity = entity_for(text, pos, slot, onto, focus, mentions)
        out.append(u.model_copy(update={"entity": entity}))
    return out


# "推荐您去A": a name the reply recommends, even when it is also listed as a neighbour.
# "可以去吃A" recommends A as where to eat, a neighbour, when A is listed as one.
_RECOMMENDS = "(?:推荐|建议|可以去|就去|不如去)(?!吃|尝)[^，,。；;！!？?]{0,4}"


# A reply that opens on yes: "有的，X", "有的啊，X".
_YES_FIRST = re.compile(r"\s*有的[啊呀呢哦]*[，,]")


def _asks_nearby(asked: Sequence[str]) -> bool:
    """Whether the user's latest message asked what is near (a 周边 slot)."""
    return any(a.startswith("周边") for a in asked)


def _without_neighbour_names(text: str, informed: list[SlotUpdate]) -> list[SlotUpdate]:
    """Names the reply lists as what is nearby ("周边餐馆有A、B") are neighbours of the place
    in focus, not the place itself: no name update for them unless the reply recommends one."""
    listed = [u.value for u in informed if u.slot.startswith("周边") and u.value]
    if not listed:
        return informed
    # "只有一家餐馆就是A": a name read with the words before it ends on a listed member.
    members = [m for v in listed for m in _MEMBER_SPLIT.split(v) if len(m) >= 2]
    return [
        u
        for u in informed
        if u.slot != "名称"
        or not u.value
        or not (any(u.value in v for v in listed) or any(u.value.endswith(m) for m in members))
        or re.search(_RECOMMENDS + re.escape(u.value), text) is not None
    ]


_MEMBER_SPLIT = re.compile(r"\s*[、,，]\s*|和|或")


# "都没有这个菜": what is denied is named by a demonstrative and a noun that ends a slot's
# word (菜: 推荐菜, 招牌菜), so the user's value of that slot is what is absent.
_DENIED_REF = re.compile(r"^(?:这|那)(?:个|道|种|样|款|家)?(?P<noun>[\u4e00-\u9fff]{1,3})$")


def _denied_slots(denied: list[str], onto: Ontology) -> list[str]:
    out: list[str] = []
    for span in denied:
        m = _DENIED_REF.match(span.strip())
        if m is None:
            continue
        noun = m.group("noun")
        out += [
            s.name
            for s in onto.slots
            if s.criterion and s.name not in out and any(w.endswith(noun) for w in s.zh)
        ]
    return out


def _is_criterion(onto: Ontology, name: str) -> bool:
    slot = onto.slot(name)
    return slot is not None and slot.criterion


def _nearby(
    text: str, onto: Ontology, informed: list[SlotUpdate], focus: str | None
) -> list[SlotUpdate]:
    """ "附近的餐馆有A、B" in a reply, asked about or not, for the entity in focus."""
    covered = {u.slot for u in informed}
    return [
        u.model_copy(update={"entity": focus or u.entity})
        for _, u in nearby_updates(text, onto, confidence=0.6)
        if u.slot not in covered
    ]
