"""The domain ontology the parser anchors to: entities, slots, enumerations, id patterns, intents.

An ontology is data (YAML or a dict). Loading validates it whole: every regex compiles, every
slot's enum exists, every entity's slots exist; a problem raises `OntologyError` naming the
item and, for YAML syntax, the line and column. Lookup tables are built once per ontology.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

from ctxengine.compaction.patterns import kind_regex
from ctxengine.compaction.schema import ParsedTurn
from ctxengine.language import detect_language

GENERIC = "generic"
T = TypeVar("T")
# Shipped as package data ("compaction/ontologies/*.yaml").
ONTOLOGY_DIR = Path(__file__).parent / "ontologies"


class OntologyError(ValueError):
    """An ontology document is malformed; the message names the item and position."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EnumMember(_Strict):
    name: str  # e.g. "DARK_PURPLE"
    synonyms: list[str] = Field(default_factory=list)  # 暗紫色, 深紫色, dark purple


class Enumeration(_Strict):
    name: str
    members: list[EnumMember]


class SlotDef(_Strict):
    name: str  # canonical name, e.g. "recipient"
    entity: str = "task"
    zh: list[str] = Field(default_factory=list)  # 收货人, 收件人
    en: list[str] = Field(default_factory=list)  # recipient, consignee
    enum: str | None = None
    # A regex whose match is this slot's value even with no slot word ("512GB" -> memory).
    value_pattern: str | None = None
    # An evidence kind of `ctxengine.compaction.patterns` ("phone", "date", "amount"): an
    # English answer to this slot is read for a value of that shape only ("It does, and the
    # number is 510-782-8753" -> the number). Unlike `value_pattern`, the shape names no value
    # by itself: a date said anywhere is no `date` slot without the question.
    value_shape: str | None = None
    # A search criterion (a rating, a price range): the user's value says what to look for,
    # and a differing value the assistant gives is a fact about the candidate it found, shown
    # beside the request (see `ctxengine.compaction.outcomes`). Otherwise (a recipient, an
    # address) the user's value is a decision and the assistant's word never replaces it.
    criterion: bool = False


class EntityDef(_Strict):
    name: str
    id_pattern: str | None = None
    slots: list[str] = Field(default_factory=list)
    zh: list[str] = Field(default_factory=list)
    en: list[str] = Field(default_factory=list)
    # How its instances' names end ("酒店", "公园"): a name says what it is even when the
    # sentence names another entity ("在鑫亮亮海鲜酒楼的周边景点里" is about a restaurant).
    name_suffixes: list[str] = Field(default_factory=list)


class IdentifierPattern(_Strict):
    kind: str
    regex: str


class DomainIntent(_Strict):
    name: str
    domain: str | None = None
    keywords: list[str] = Field(default_factory=list)
    patterns: list[str] = Field(default_factory=list)
    target: str | None = None


class Ontology(_Strict):
    """A domain model. `include_generic` adds the generic slots/enums under the domain's own."""

    name: str = "custom"
    include_generic: bool = True
    entities: list[EntityDef] = Field(default_factory=list)
    slots: list[SlotDef] = Field(default_factory=list)
    enums: list[Enumeration] = Field(default_factory=list)
    identifiers: list[IdentifierPattern] = Field(default_factory=list)
    intents: list[DomainIntent] = Field(default_factory=list)

    _slot_by_name: dict[str, SlotDef] = PrivateAttr(default_factory=dict)
    _slot_by_word: dict[str, SlotDef] = PrivateAttr(default_factory=dict)
    _slot_words_rx: str = PrivateAttr("")
    _enum_index: dict[str, dict[str, str]] = PrivateAttr(default_factory=dict)
    _member_rx: re.Pattern[str] | None = PrivateAttr(None)
    _member_slot: dict[str, tuple[SlotDef, str]] = PrivateAttr(default_factory=dict)
    _id_patterns: list[tuple[str, re.Pattern[str]]] = PrivateAttr(default_factory=list)
    _entity_ids: list[tuple[EntityDef, re.Pattern[str]]] = PrivateAttr(default_factory=list)
    _value_patterns: list[tuple[SlotDef, re.Pattern[str]]] = PrivateAttr(default_factory=list)
    _value_shapes: list[tuple[SlotDef, re.Pattern[str]]] = PrivateAttr(default_factory=list)
    _intent_rx: list[tuple[DomainIntent, tuple[re.Pattern[str], ...]]] = PrivateAttr(
        default_factory=list
    )

    _entity_rx: re.Pattern[str] | None = PrivateAttr(None)
    _entity_by_word: dict[str, EntityDef] = PrivateAttr(default_factory=dict)
    _derived: dict[str, Any] = PrivateAttr(default_factory=dict)

    # --- loading ---------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any) -> Ontology:
        """Validate `data` into an ontology; raises OntologyError with the failing item."""
        if not isinstance(data, dict):
            raise OntologyError(
                f"ontology: expected a mapping at top level, got {type(data).__name__}"
            )
        try:
            onto = cls.model_validate(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise OntologyError(f"ontology: {where}: {err['msg']}") from None
        if onto.include_generic and onto.name != GENERIC:
            onto = _merge(onto, generic_ontology())
        onto._compile()
        return onto

    @classmethod
    def from_yaml(cls, source: str | Path) -> Ontology:
        """Load from a YAML file (a Path, or a one-line str ending in .yaml/.yml) or YAML text."""
        is_path = isinstance(source, Path) or (
            "\n" not in source and source.strip().endswith((".yaml", ".yml"))
        )
        if is_path:
            path = Path(source)
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as exc:
                raise OntologyError(f"ontology: cannot read {path}: {exc.strerror}") from None
        else:
            text = str(source)
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            pos = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
            problem = getattr(exc, "problem", None) or "invalid YAML"
            raise OntologyError(f"ontology: {problem}{pos}") from None
        return cls.from_dict(data)

    # --- compiled lookups ------------------------------------------------------------------
    def _compile(self) -> None:
        enums = {e.name: e for e in self.enums}
        for i, s in enumerate(self.slots):
            if s.enum is not None and s.enum not in enums:
                raise OntologyError(f"ontology: slots[{i}] '{s.name}': unknown enum '{s.enum}'")
        names = {s.name for s in self.slots}
        for i, ent in enumerate(self.entities):
            for sl in ent.slots:
                if sl not in names:
                    raise OntologyError(
                        f"ontology: entities[{i}] '{ent.name}': unknown slot '{sl}'"
                    )
        self._slot_by_name = {}
        self._slot_by_word = {}
        for s in self.slots:
            self._slot_by_name.setdefault(s.name, s)
            for w in (s.name, *s.zh, *s.en):
                self._slot_by_word.setdefault(w.lower(), s)
        # "maximum-pool-size: 20" is a config key, not a size: a hyphen joins a slot word into
        # a longer name.
        self._slot_words_rx = words_regex(list(self._slot_by_word), hyphen_joins=True)
        self._enum_index = {
            e.name: {syn.lower(): m.name for m in e.members for syn in (m.name, *m.synonyms)}
            for e in self.enums
        }
        self._member_slot = {}
        for s in self.slots:
            if s.enum is None:
                continue
            for syn, member in self._enum_index[s.enum].items():
                self._member_slot.setdefault(syn, (s, member))
        member_words = list(self._member_slot)
        self._member_rx = (
            re.compile(words_regex(member_words), re.IGNORECASE) if member_words else None
        )
        self._id_patterns = [
            (p.kind, _compile(p.regex, f"identifiers[{i}]")) for i, p in enumerate(self.identifiers)
        ]
        self._entity_ids = [
            (e, _compile(e.id_pattern, f"entities[{i}].id_pattern"))
            for i, e in enumerate(self.entities)
            if e.id_pattern
        ]
        self._value_patterns = [
            (s, _compile(s.value_pattern, f"slots[{i}].value_pattern"))
            for i, s in enumerate(self.slots)
            if s.value_pattern
        ]
        self._value_shapes = [
            (s, _shape(s.value_shape, f"slots[{i}].value_shape"))
            for i, s in enumerate(self.slots)
            if s.value_shape
        ]
        self._entity_by_word = {
            w.lower(): e for e in self.entities for w in (e.name, *e.zh, *e.en) if w
        }
        ent_words = list(self._entity_by_word)
        self._entity_rx = re.compile(words_regex(ent_words), re.IGNORECASE) if ent_words else None
        self._derived = {}
        self._intent_rx = []
        for i, it in enumerate(self.intents):
            rxs = [_compile(p, f"intents[{i}].patterns") for p in it.patterns]
            if it.keywords:
                words = list(dict.fromkeys(k.lower() for k in it.keywords))
                rxs.append(re.compile(words_regex(words), re.IGNORECASE))
            if rxs:
                self._intent_rx.append((it, tuple(rxs)))

    # The lookups below run thousands of times per message: they read the private attributes'
    # dict once (`_pv`), since each `self._x` goes through pydantic's __getattr__ (~2-5 us).

    @property
    def slot_words_regex(self) -> str:
        """An alternation of every slot word (names and synonyms), longest first."""
        rx: str = _pv(self)["_slot_words_rx"]
        return rx

    def slot_word_pattern(self) -> re.Pattern[str]:
        """`slot_words_regex` compiled case-insensitively, once (a never-matching pattern
        when there are no slot words)."""
        return self.derived(
            "slot_words", lambda o: re.compile(o.slot_words_regex or r"(?!x)x", re.IGNORECASE)
        )

    def slot_for_word(self, word: str) -> SlotDef | None:
        """The slot a word names: "收件人" -> recipient."""
        pv = self.__pydantic_private__  # as `_pv`, one call less on the hottest lookups
        index: dict[str, SlotDef] = (pv if pv is not None else _pv(self))["_slot_by_word"]
        return index.get(word.lower())

    def slot(self, name: str) -> SlotDef | None:
        pv = self.__pydantic_private__
        index: dict[str, SlotDef] = (pv if pv is not None else _pv(self))["_slot_by_name"]
        return index.get(name)

    def enum_member(self, enum: str, value: str) -> str | None:
        """The member of `enum` that `value` names (exact synonym, else the longest contained)."""
        enums: dict[str, dict[str, str]] = _pv(self)["_enum_index"]
        index = enums.get(enum)
        if not index:
            return None
        # Every update of an enum slot asks, and the contained-synonym scan runs a regex per
        # synonym: the answer depends on the enum and the value alone.
        memo = answers_of(self, "ontology.enum_member")
        key = (enum, value)
        # One lookup, not a test then a read: another thread may empty the cache between.
        found: str | None = memo.get(key, UNKNOWN)
        if found is UNKNOWN:
            found = memo[key] = self._enum_member(index, value)
        return found

    @staticmethod
    def _enum_member(index: dict[str, str], value: str) -> str | None:
        low = value.strip().lower()
        if low in index:
            return index[low]
        best = max((s for s in index if len(s) > 1 and _contains_word(low, s)), key=len, default="")
        return index[best] if best else None

    def find_members(self, text: str) -> list[tuple[re.Match[str], SlotDef, str]]:
        """Enum values named anywhere in `text`, with the slot they belong to."""
        pv = _pv(self)
        rx: re.Pattern[str] | None = pv["_member_rx"]
        if rx is None:
            return []
        slots: dict[str, tuple[SlotDef, str]] = pv["_member_slot"]
        out = []
        for m in rx.finditer(text):
            if m.group(0)[:1].isupper() and _NAME_GOES_ON.match(text, m.end()):
                continue  # "Let's go with Blue Ginger": a restaurant's name, not a colour
            if _IN_CODE_BEFORE.search(text, 0, m.start()) or _IN_CODE_AFTER.match(text, m.end()):
                continue  # "src/app.json", "json=payload", "to_pdf()": a name in code
            if _COMMAND_BEFORE.search(text, max(0, m.start() - 24), m.start()) or _quoted_code(
                text, m
            ):
                continue  # "run black", "pip install black", "`black`": a tool, not a colour
            if _TOOL_USE_BEFORE.search(text, max(0, m.start() - 12), m.start()) and _code_talk(
                text, m
            ):
                continue  # "use black before committing": a tool in a message about code
            slot, member = slots[m.group(0).lower()]
            if _not_a_colour(text, m, slot):
                continue  # "CI is green", "white borders", "black beans": no colour chosen
            out.append((m, slot, member))
        return out

    @property
    def id_patterns(self) -> list[tuple[str, re.Pattern[str]]]:
        """(kind, regex) of the declared identifiers and entity ids, for evidence extraction."""
        pv = _pv(self)
        declared: list[tuple[str, re.Pattern[str]]] = pv["_id_patterns"]
        ids: list[tuple[EntityDef, re.Pattern[str]]] = pv["_entity_ids"]
        return declared + [(e.name + "_id", rx) for e, rx in ids]

    @property
    def value_patterns(self) -> list[tuple[SlotDef, re.Pattern[str]]]:
        patterns: list[tuple[SlotDef, re.Pattern[str]]] = _pv(self)["_value_patterns"]
        return patterns

    @property
    def value_shapes(self) -> list[tuple[SlotDef, re.Pattern[str]]]:
        """(slot, regex) of the slots with a `value_shape`."""
        shapes: list[tuple[SlotDef, re.Pattern[str]]] = _pv(self)["_value_shapes"]
        return shapes

    @property
    def intent_matchers(self) -> list[tuple[DomainIntent, tuple[re.Pattern[str], ...]]]:
        matchers: list[tuple[DomainIntent, tuple[re.Pattern[str], ...]]] = _pv(self)["_intent_rx"]
        return matchers

    def entity_mentions(self, text: str) -> list[tuple[int, EntityDef]]:
        """(position, entity) for every entity word in `text`: "这家酒店" -> 酒店."""
        pv = _pv(self)
        rx: re.Pattern[str] | None = pv["_entity_rx"]
        if rx is None:
            return []
        by_word: dict[str, EntityDef] = pv["_entity_by_word"]
        return [(m.start(), by_word[m.group(0).lower()]) for m in rx.finditer(text)]

    def entity_words(self, text: str) -> list[re.Match[str]]:
        """Matches of entity words in `text`."""
        rx: re.Pattern[str] | None = _pv(self)["_entity_rx"]
        return list(rx.finditer(text)) if rx is not None else []

    def entity_of_name(self, name: str) -> EntityDef | None:
        """The entity whose `name_suffixes` end `name` (a bracketed branch aside:
        "7天连锁酒店(北京首都机场店)" is a 酒店); the longest suffix wins; None if none."""
        # The parser asks this of the same spans again and again: answers are kept per name
        # (the cache is dropped when it grows).
        memo: dict[str, EntityDef | None] = answers_of(self, "ontology.entity_of_name")
        found: EntityDef | None = memo.get(name, UNKNOWN)
        if found is UNKNOWN:
            found = memo[name] = self._entity_of_name(name)
        return found

    def _entity_of_name(self, name: str) -> EntityDef | None:
        lengths, table = self.derived("ontology.name_suffixes", _suffix_table)
        if not table:
            return None
        base = _BRANCH.sub("", name.strip())
        # One dict lookup per suffix length, longest first (the parser asks this of every
        # span it weighs as a name).
        for n in lengths:
            entity = table.get(base[-n:]) if len(base) >= n else None
            if entity is not None:
                # "酒店" alone is the entity word, not a name ending in "店".
                return entity if len(base) > n else None
        return None

    def derived(self, key: str, build: Callable[[Ontology], T]) -> T:
        """A value computed once per ontology by another module (its compiled regexes)."""
        pv = self.__pydantic_private__
        cache: dict[str, Any] = (pv if pv is not None else _pv(self))["_derived"]
        try:
            value: T = cache[key]
        except KeyError:
            value = cache[key] = build(self)
        return value

    def labels(self, language: str) -> BlockLabels:
        """What a block in `language` calls each entity and slot (see `display_labels`)."""
        return self.derived(f"labels:{language}", lambda o: display_labels(o, language))

    def entity_for_id(self, value: str) -> EntityDef | None:
        """The entity whose id pattern matches all of `value`."""
        ids: list[tuple[EntityDef, re.Pattern[str]]] = _pv(self)["_entity_ids"]
        for ent, rx in ids:
            if rx.fullmatch(value):
                return ent
        return None


# English colour words that also tell a state ("the build is green", "a red light").
_STATE_COLOURS = frozenset({"green", "red", "amber", "yellow", "orange", "gray", "grey"})
# What such a colour describes as a state, not as a product's colour: a build, a check, a
# light, a status. Before the colour ("CI is green", "tests are all red", "the pipeline went
# green again") or after it ("a green light", "red status", "green checks").
_STATE_NOUN = (
    r"(?:ci|build|builds|test|tests|suite|pipeline|pipelines|check|checks|status|dashboard"
    r"|dashboards|light|lights|job|jobs|run|runs|badge|badges|monitor|alert|alerts|signal)"
)
_STATE_BEFORE = re.compile(
    rf"(?i)\b{_STATE_NOUN}(?:\s+(?:is|are|was|were|went|turned|turns|goes|stays|stayed"
    r"|looks|look|shows|show|showing|back|now|all|still|not|n't|again|to)){0,3}\s+$"
)
_STATE_AFTER = re.compile(rf"(?i)\s+{_STATE_NOUN}\b")


# A colour word that starts the name of a food ("black bean quesadillas", "white wine",
# "green tea") or tells the colour of what surrounds the item, not of the item ("white borders",
# "a black background"), or starts a fixed phrase ("white noise", "red tape"): no colour chosen.
# ("blue bars", "the red shoes", "the black iPhone" stay colours: the noun is the item.)
_FOOD_NOUN = (
    r"beans?|peppers?|peppercorns?|tea|coffee|olives?|rice|wine|bread|chocolate|fish|sauce"
    r"|meat|onions?|curry|lentils?|velvet|snapper|salad|sugar|cabbage|grapes?|chil(?:l)?is?"
    r"|chilies|cod|tuna|truffles?|quinoa|pesto|mole|sesame|miso|garlic|asparagus|radish(?:es)?"
    r"|cheese|juice"
)
_SURROUND_NOUN = r"borders?|margins?|edges?|outlines?|padding|backgrounds?|backdrops?|bleed"
_FIXED_PHRASE_NOUN = r"noise|friday|market|tape|flags?|paper|carpet|collar|list|lists|hole"
_NOT_THE_ITEM_AFTER = re.compile(
    rf"(?i)\s+(?:{_FOOD_NOUN}|{_SURROUND_NOUN}|{_FIXED_PHRASE_NOUN})\b"
)


def _not_a_colour(text: str, m: re.Match[str], slot: SlotDef) -> bool:
    """Whether the colour word at `m` tells the state of a build, check or light, names a
    food or a surround, or starts a fixed phrase (see `_NOT_THE_ITEM_AFTER`)."""
    if (slot.enum or "").lower() == "color" and _NOT_THE_ITEM_AFTER.match(text, m.end()):
        return True
    if m.group(0).lower() not in _STATE_COLOURS:
        return False
    return bool(
        _STATE_BEFORE.search(text, max(0, m.start() - 40), m.start())
        or _STATE_AFTER.match(text, m.end())
    )


# A capitalised word right after a capitalised enum synonym: the synonym starts a name.
_NAME_GOES_ON = re.compile(r" (?!(?:Please|Thanks|Thank|Pls)\b)[A-Z][a-z]")

# An enum synonym inside a file name, a path, a keyword argument or a call is part of code, not
# a value the user chose: "src/app.json", "report.pdf", "json=payload", "to_pdf()", "--format".
_IN_CODE_BEFORE = re.compile(r"[A-Za-z0-9_]\.$|[/\\_-]$")
_IN_CODE_AFTER = re.compile(r"=(?!=)|\(|_|\.[A-Za-z0-9]|/")
# An enum synonym right after a verb whose object is a program or a command is that program:
# "run black", "pip install black", "npm run json", "invoke pdf". (A value is chosen with other
# verbs: "I want black", "make it black", "use FedEx".)
_COMMAND_BEFORE = re.compile(
    r"(?i)\b(?:run|runs|running|ran|re-?run|install|installs|installed|installing|uninstall"
    r"|invoke|invokes|invoking|execute|executes|executing|exec|import|imports|pip3?\s+install"
    r"|npm\s+(?:install|i|run|exec)|npx|yarn(?:\s+add)?|pnpm(?:\s+add)?|brew\s+install"
    r"|apt(?:-get)?\s+install|conda\s+install|cargo\s+install|go\s+install|pipx(?:\s+run)?)"
    r"\s+$"
)
# "use black before committing", "format it with black": after these a synonym is a tool
# only in a message about code (`_CODE_TALK`); "use black for the case" is a colour.
_TOOL_USE_BEFORE = re.compile(r"(?i)\b(?:use|uses|using|used|with|via|through)\s+$")
_CODE_TALK = re.compile(
    r"(?i)\b(?:commit\w*|pre-commit|formatter|lint\w*|repo(?:sitory)?|codebase"
    r"|code|files?|scripts?|modules?|packages?|tests?|CI|PRs?|pull requests?|branch"
    r"|python|javascript|typescript)\b"
)


def _quoted_code(text: str, m: re.Match[str]) -> bool:
    """Whether the match is inside backticks on its line ("`black`", "`npm run pdf`")."""
    line_start = text.rfind("\n", 0, m.start()) + 1
    return text.count("`", line_start, m.start()) % 2 == 1


def _code_talk(text: str, m: re.Match[str]) -> bool:
    """Whether the sentence around the match talks about code (see `_TOOL_USE_BEFORE`)."""
    start = max(text.rfind(". ", 0, m.start()), text.rfind("\n", 0, m.start())) + 1
    ends = [e for e in (text.find(". ", m.end()), text.find("\n", m.end())) if e >= 0]
    return _CODE_TALK.search(text, start, min(ends, default=len(text))) is not None


# Slots without an entity belong to the task (`SlotDef.entity`); a block names it too.
_TASK_LABELS = {"zh": "任务", "en": "task"}
# The task slots a phrase may fill with no slot declared (`slot_phrases.FALLBACK_SLOTS`) have
# no words of their own; a Chinese block still writes them in Chinese ("任务.人数=6个人").
_FALLBACK_ZH = {
    "product": "商品",
    "people": "人数",
    "duration": "时长",
    "flight": "航班",
    "frequency": "频率",
    "amount": "金额",
    "weight": "重量",
    # A value no rule could give a slot (`slots.UNSPECIFIED`): no English word in a Chinese block.
    "unspecified": "未指明",
}


@dataclass(frozen=True)
class BlockLabels:
    """Entity and slot names as a block in one language writes them (`display_labels`);
    a name without a label is written as it is."""

    entities: Mapping[str, str] = field(default_factory=dict)
    slots: Mapping[str, str] = field(default_factory=dict)

    def entity(self, name: str) -> str:
        """``order`` -> ``订单``; an instance keeps its name: ``餐馆[鼎泰丰]``."""
        kind, bracket, rest = name.partition("[")
        return self.entities.get(kind, kind) + bracket + rest

    def slot(self, name: str) -> str:
        if name not in self.slots and "（" in name:
            # "time（周五）", a slot for some days only (`slots._scoped_to_days`): its own
            # slot's label, then the days.
            base, days = name.split("（", 1)
            return f"{self.slots.get(base, base)}（{days}"
        return self.slots.get(name, name)

    def key(self, key: str) -> str:
        """``order.recipient`` -> ``订单.收货人``: a slot key (`slot_key`) as written."""
        entity, dot, slot = key.rpartition(".")
        return self.entity(entity) + dot + self.slot(slot) if dot else self.slot(key)


NO_LABELS = BlockLabels()


def display_labels(onto: Ontology, language: str) -> BlockLabels:
    """Entity and slot names as a block in `language` writes them: a name already in that
    language's script (``餐馆`` in Chinese, ``recipient`` in English) as it is, otherwise the
    first word the ontology gives in that language (``recipient`` -> ``收货人``), otherwise
    the name. Labels are only written: the state keeps canonical names."""

    zh = language == "zh"

    def labelled(names: list[tuple[str, list[str]]]) -> dict[str, str]:
        # Two names never share a label, nor a label another's name ("电话" is a CrossWOZ
        # slot; the generic `phone` is written by its next word, 联系电话): a block with
        # both would show one value as the other's.
        taken = {name for name, _ in names}
        out: dict[str, str] = {}
        for name, words in names:
            native = detect_language(name) == language
            free = [w for w in words if w not in taken]
            out[name] = name if native or not free else free[0]
            taken.add(out[name])
        return out

    entities = labelled([(e.name, e.zh if zh else e.en) for e in onto.entities])
    if "task" not in entities:
        entities["task"] = _TASK_LABELS.get(language, "task")
    slots = labelled([(s.name, s.zh if zh else s.en) for s in onto.slots])
    if zh:
        used = set(slots.values())
        for name, word in _FALLBACK_ZH.items():
            if name not in slots and word not in used:
                slots[name] = word
    if "名称" not in slots and not zh and "name" not in slots.values():
        # The state names instances by 名称 whatever the ontology (`StateLayer.instance_slots`):
        # an English block heads that column in English.
        slots["名称"] = "name"
    return BlockLabels(
        {k: v for k, v in entities.items() if k != v}, {k: v for k, v in slots.items() if k != v}
    )


_BRANCH = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")


def _suffix_table(onto: Ontology) -> tuple[list[int], dict[str, EntityDef]]:
    """(suffix lengths, longest first; suffix -> entity, the first entity declaring it)."""
    table: dict[str, EntityDef] = {}
    for e in onto.entities:
        for suffix in e.name_suffixes:
            if suffix:
                table.setdefault(suffix, e)
    return sorted({len(s) for s in table}, reverse=True), table


# How many answers a per-ontology cache (`answers_of`) keeps before it starts afresh.
ANSWERS_KEPT = 4096


# A cache's "no answer yet" (None is an answer): see `answers_of`.
UNKNOWN: Any = object()


def _new_answers(_: Ontology) -> dict[Any, Any]:
    return {}


def answers_of(onto: Ontology, key: str) -> dict[Any, Any]:
    """The ontology's cache `key` of answers to a question about a span of text that depends
    on the span and the ontology alone ("is X shaped like a name?"): the parser asks the same
    of the same spans again and again, within a message and across its turns. Emptied when it
    has grown past `ANSWERS_KEPT`, so it stays small whatever the dialogue."""
    memo: dict[Any, Any] = onto.derived(key, _new_answers)
    if len(memo) > ANSWERS_KEPT:
        memo.clear()
    return memo


def _pv(o: Ontology) -> dict[str, Any]:
    """`o`'s private attributes (set in `model_post_init`, so never None after it)."""
    pv = o.__pydantic_private__
    if pv is None:
        raise OntologyError("ontology: used before it was built")
    return pv


def _compile(rx: str, where: str) -> re.Pattern[str]:
    try:
        return re.compile(rx)
    except re.error as exc:
        raise OntologyError(
            f"ontology: {where}: bad regex at position {exc.pos}: {exc.msg}"
        ) from None


def _shape(kind: str, where: str) -> re.Pattern[str]:
    try:
        return re.compile(kind_regex(kind))
    except KeyError:
        raise OntologyError(f"ontology: {where}: unknown value shape '{kind}'") from None


def words_regex(words: list[str], *, hyphen_joins: bool = False) -> str:
    """A regex matching any of `words` (longest first at a position, Latin words on word
    boundaries, as `_word_rx` alternatives would), built as a trie behind a first-character
    check. With `hyphen_joins`, a hyphen joins a Latin word into a longer one as an underscore
    does ("pool-size" holds no "size").

    A flat alternation of a few hundred words makes `re` try every word at every position
    (~400 us for an average message); sharing prefixes and failing fast on characters that
    start no word makes the same matches ~6x cheaper. Words are matched as given (callers
    pass lower-case words and compile with IGNORECASE).
    """
    words = [w for w in words if w]
    if not words:
        return ""
    trie: dict[str, Any] = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}  # a word ends here

    before = r"(?<![A-Za-z0-9_-])" if hyphen_joins else r"(?<![A-Za-z0-9_])"
    after = r"(?![A-Za-z0-9_]|-[A-Za-z0-9])" if hyphen_joins else r"(?![A-Za-z0-9_])"

    def emit(node: dict[str, Any], last: str | None) -> str:
        alts = [re.escape(ch) + emit(node[ch], ch) for ch in sorted(k for k in node if k)]
        if "" in node:  # ending here comes last: a longer word is tried first
            latin = last is not None and last.isascii() and last.isalnum()
            alts.append(after if latin else "")
        return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"

    # Latin words need word boundaries ("red" must not match "shred", "apply_coupon" no
    # coupon); CJK has none. One look-behind before all Latin first characters, not one per
    # branch: `re` skips a branch that starts with a literal not under the cursor only when
    # nothing precedes that literal.
    latin = {k: v for k, v in trie.items() if k.isascii() and k.isalnum()}
    other = {k: v for k, v in trie.items() if k not in latin}
    parts = ([before + emit(latin, None)] if latin else []) + ([emit(other, None)] if other else [])
    firsts = sorted({w[0] for w in words} | {w[0].upper() for w in words})
    body = parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"
    return "(?=[" + "".join(re.escape(c) for c in firsts) + "])" + body


def _word_rx(word: str) -> str:
    # Latin words need word boundaries ("red" must not match "shred"); CJK has none. An
    # underscore joins words into one identifier: "apply_coupon" names no coupon.
    esc = re.escape(word)
    if word[:1].isascii() and word[:1].isalnum():
        esc = r"(?<![A-Za-z0-9_])" + esc
    if word[-1:].isascii() and word[-1:].isalnum():
        esc += r"(?![A-Za-z0-9_])"
    return esc


def _contains_word(text: str, word: str) -> bool:
    return re.search(_word_rx(word), text) is not None


def _merge(own: Ontology, base: Ontology) -> Ontology:
    """`own` first (its names win lookups), then whatever of `base` it does not redefine."""
    own_slots = {s.name for s in own.slots}
    own_enums = {e.name for e in own.enums}
    return own.model_copy(
        update={
            "slots": own.slots + [s for s in base.slots if s.name not in own_slots],
            "enums": own.enums + [e for e in base.enums if e.name not in own_enums],
            "identifiers": own.identifiers + base.identifiers,
            "intents": own.intents + base.intents,
        }
    )


@cache
def generic_ontology() -> Ontology:
    """The built-in slot inventory (zh + en) used when no domain ontology is given."""
    return load_builtin(GENERIC)


@cache
def load_builtin(name: str) -> Ontology:
    """A shipped ontology: "generic", "ecommerce" or "crosswoz"."""
    path = ONTOLOGY_DIR / f"{name}.yaml"
    if not path.is_file():
        raise OntologyError(f"ontology: no built-in ontology named '{name}'")
    return Ontology.from_yaml(path)


def anchor(parsed: ParsedTurn, ontology: Ontology, *, own: bool = False) -> ParsedTurn:
    """Bind slot values to enum members and entity ids; add the entity keys the turn names.

    Returns a new ParsedTurn; `parsed` is not changed. An update that already carries an
    enum or entity id keeps it. With `own` (the caller built `parsed` and hands it over),
    `parsed` itself gets the anchored updates and entities and is returned: no copy.
    """
    updates = []
    entities = list(parsed.entities)
    for up in parsed.updates:
        slot = ontology.slot(up.slot)
        changes: dict[str, Any] = {}
        if slot is not None:
            if up.entity == "task" and slot.entity != "task":
                changes["entity"] = slot.entity
            if up.enum is None and slot.enum is not None and up.value is not None:
                member = ontology.enum_member(slot.enum, up.value)
                if member is not None:
                    changes["enum"] = member
        if up.entity_id is None and up.value is not None:
            ent = ontology.entity_for_id(up.value)
            if ent is not None:
                changes["entity_id"] = up.value
                key = f"{ent.name}:{up.value}"
                if key not in entities:
                    entities.append(key)
        updates.append(up.model_copy(update=changes) if changes else up)
    for ev in parsed.evidence:
        ent = ontology.entity_for_id(ev.value)
        if ent is not None:
            key = f"{ent.name}:{ev.value}"
            if key not in entities:
                entities.append(key)
    if own:
        parsed.updates = updates
        parsed.entities = entities
        return parsed
    return parsed.model_copy(update={"updates": updates, "entities": entities})
