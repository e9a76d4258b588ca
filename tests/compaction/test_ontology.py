"""Ontology loading, validation errors, lookups and anchoring."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.compaction.ontology import (
    Ontology,
    OntologyError,
    _word_rx,
    anchor,
    generic_ontology,
    load_builtin,
    words_regex,
)
from ctxengine.compaction.schema import Evidence, ParsedTurn, SlotUpdate

YAML = """
name: shop
entities:
  - {name: order, id_pattern: 'ORD\\d{6}', slots: [color]}
slots:
  - {name: color, entity: order, zh: [颜色], en: [colour], enum: Color}
enums:
  - name: Color
    members:
      - {name: DARK_PURPLE, synonyms: [暗紫色, 深紫色, dark purple]}
intents:
  - {name: track, keywords: [物流, track]}
"""


def test_from_yaml_text_and_file_agree(tmp_path: Path) -> None:
    f = tmp_path / "shop.yaml"
    f.write_text(YAML, encoding="utf-8")
    a, b = Ontology.from_yaml(YAML), Ontology.from_yaml(f)
    assert a == b
    assert Ontology.from_yaml(str(f)) == a
    assert a.slot_for_word("颜色") is a.slot("color")
    # Generic slots come along underneath: 收件人 -> recipient.
    rec = a.slot_for_word("收件人")
    assert rec is not None and rec.name == "recipient"


@pytest.mark.parametrize("value", ["暗紫色", "深紫色", "Dark Purple", "暗紫色的"])
def test_enum_synonyms_in_both_languages(value: str) -> None:
    assert Ontology.from_yaml(YAML).enum_member("Color", value) == "DARK_PURPLE"


def test_enum_miss_is_none() -> None:
    assert Ontology.from_yaml(YAML).enum_member("Color", "chartreuse") is None


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ("a: b: c", "mapping values are not allowed here at line 1, column 5"),
        ("- just a list", "expected a mapping"),
        ("slots: [{name: a, enum: Nope}]", "slots[0] 'a': unknown enum 'Nope'"),
        ("identifiers: [{kind: x, regex: 'a(b'}]", "identifiers[0]: bad regex at position 1"),
        ("entities: [{name: e, slots: [zzz]}]", "unknown slot 'zzz'"),
        ("slots: [{name: a, colour: red}]", "slots.0.colour"),
    ],
)
def test_bad_documents_name_the_problem(doc: str, message: str) -> None:
    with pytest.raises(OntologyError, match=message.replace("[", r"\[").replace("(", r"\(")):
        Ontology.from_yaml(doc + "\n")


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(OntologyError, match="cannot read"):
        Ontology.from_yaml(tmp_path / "nope.yaml")
    with pytest.raises(OntologyError, match="no built-in ontology named 'nope'"):
        load_builtin("nope")


def test_builtins_load() -> None:
    for name in ("generic", "ecommerce", "crosswoz"):
        assert load_builtin(name).slots
    assert generic_ontology() is generic_ontology()  # built once


def test_anchor_binds_enum_entity_and_id() -> None:
    onto = Ontology.from_yaml(YAML)
    parsed = ParsedTurn(
        turn=2,
        role="user",
        updates=[SlotUpdate(slot="color", value="深紫色", raw="颜色要深紫色")],
        evidence=[Evidence(kind="order_id", value="ORD123456", source="user")],
    )
    out = anchor(parsed, onto)
    (u,) = out.updates
    assert (u.entity, u.enum) == ("order", "DARK_PURPLE")
    assert out.entities == ["order:ORD123456"]
    assert parsed.updates[0].enum is None  # input untouched


def test_domain_intent_keywords_match() -> None:
    onto = Ontology.from_yaml(YAML)
    names = [
        it.name for it, rxs in onto.intent_matchers if any(rx.search("帮我查物流") for rx in rxs)
    ]
    assert names == ["track"]


_WORD = st.text(alphabet="abAB1 地址址-.", min_size=1, max_size=5)


@settings(max_examples=300, deadline=None)
@given(
    words=st.lists(_WORD, min_size=1, max_size=12),
    text=st.text(alphabet="abAB1 地址址-.x", max_size=40),
)
def test_words_regex_matches_what_the_flat_alternation_matches(words: list[str], text: str) -> None:
    """The trie regex is only faster: the same spans as "longest word first" alternatives."""
    words = list(dict.fromkeys(w.lower() for w in words))
    flat = re.compile(
        "|".join(_word_rx(w) for w in sorted(words, key=len, reverse=True)), re.IGNORECASE
    )
    trie = re.compile(words_regex(words), re.IGNORECASE)
    assert [m.span() for m in trie.finditer(text)] == [m.span() for m in flat.finditer(text)]
