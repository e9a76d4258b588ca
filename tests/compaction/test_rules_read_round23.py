"""Rules the clause readers cut short or missed in review round 3, read whole: a kept form
before a refused one ("Use X, never Y"), a form kept as is ("Keep X untranslated"), a cap
joined to another clause ("…, and no HOA fees over $150"), an exception to a named rule
("The 1990 rule doesn't apply to …"), what to do past a limit ("超过先问我") and a fixed
rendering ("固定译为 X"). Each family with look-alikes and a near-miss that states no rule."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints


def _texts(text: str) -> list[str]:
    return [c.text for c in extract_constraints(text)]


def _has(text: str, part: str) -> bool:
    return any(part in t for t in _texts(text))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Use the formal 'Sie', never 'du'.", "Use the formal 'Sie'"),
        ("Use metric units, never imperial.", "Use metric units"),
        ("Please use tabs, not spaces.", "use tabs"),
        ("Write dates as YYYY-MM-DD, never as DD/MM.", "Write dates as YYYY-MM-DD"),
    ],
)
def test_use_x_never_y_keeps_the_kept_form(text: str, kept: str) -> None:
    assert _has(text, kept)
    # The refused half stays a prohibition, under the same whole sentence.
    forbids = [c for c in extract_constraints(text) if c.polarity == "forbid"]
    assert forbids and all(kept in c.text for c in forbids)


@pytest.mark.parametrize(
    "text", ["Did you use the formal 'Sie', not 'du'?", "I used tabs, never spaces, back then."]
)
def test_use_x_never_y_near_miss(text: str) -> None:
    assert not any(c.cue == "use" for c in extract_constraints(text))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "Keep product names like CloudSync Pro and the API term 'webhook' untranslated.",
            "CloudSync Pro",
        ),
        ("Keep brand names untranslated.", "brand names"),
        ("Leave the code samples as is.", "code samples"),
        ("Please keep the legal disclaimer unchanged.", "legal disclaimer"),
    ],
)
def test_keep_x_as_is_is_a_rule(text: str, kept: str) -> None:
    assert _has(text, kept)


@pytest.mark.parametrize(
    "text", ["The brand names were left untranslated in v1?", "I kept the old logo unchanged."]
)
def test_keep_x_as_is_near_miss(text: str) -> None:
    assert not any(c.cue == "keep" for c in extract_constraints(text))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Max price $620,000, and no HOA fees over $150 a month.", "no HOA fees over $150 a month"),
        ("Three bedrooms, no commute over 40 minutes.", "no commute over 40 minutes"),
        ("Budget is $900; no hotels above $200 per night.", "no hotels above $200 per night"),
        ("Two stops at most, and no layovers longer than 3 hours.", "no layovers"),
    ],
)
def test_no_x_over_amount_after_another_clause(text: str, kept: str) -> None:
    assert _has(text, kept)


@pytest.mark.parametrize("text", ["There were no HOA fees over there.", "No problem, over to you."])
def test_no_x_over_amount_near_miss(text: str) -> None:
    assert not any(c.cue == "no" and "over" in c.text for c in extract_constraints(text))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "The 1990 rule doesn't apply to historic homes in Travis Heights, those are fine.",
            "Travis Heights",
        ),
        ("The budget limit does not apply to the wedding venue.", "wedding venue"),
        ("The no-pets rule doesn't apply to service dogs.", "service dogs"),
    ],
)
def test_exception_to_a_named_rule_is_kept(text: str, kept: str) -> None:
    assert _has(text, kept)


@pytest.mark.parametrize(
    "text", ["Does the 1990 rule apply to historic homes?", "The rule applies to all homes."]
)
def test_exception_to_a_named_rule_near_miss(text: str) -> None:
    assert not any(c.cue == "exception" for c in extract_constraints(text))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("维修预算最多5000，超过先问我。", "超过先问我"),
        ("预算3000以内，超出的话先跟我商量。", "超出的话先跟我商量"),
        ("单次报销不超过800，超过了要先告诉我。", "超过了要先告诉我"),
        ("酒店每晚最多600，高于就提前通知我。", "高于就提前通知我"),
    ],
)
def test_zh_past_a_limit_ask_first_kept(text: str, kept: str) -> None:
    assert _has(text, kept)


@pytest.mark.parametrize("text", ["超过先问我吗？", "上次费用超过了，我先问问他。"])
def test_zh_past_a_limit_near_miss(text: str) -> None:
    assert not any(c.cue == "先" for c in extract_constraints(text))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("公司名“星河智能”固定译为 Galaxy Intelligence，不要音译。", "Galaxy Intelligence"),
        ("“云同步”统一译成 CloudSync。", "CloudSync"),
        ("产品名一律翻译成 Nova Desk，别用拼音。", "Nova Desk"),
        ("“小星”始终叫 Little Star。", "Little Star"),
    ],
)
def test_zh_fixed_rendering_is_a_rule(text: str, kept: str) -> None:
    assert _has(text, kept)


@pytest.mark.parametrize("text", ["这个词以前译为 Galaxy。", "“星河”固定译为什么比较好？"])
def test_zh_fixed_rendering_near_miss(text: str) -> None:
    fixed = ("固定", "统一", "一律", "一直", "始终")
    assert not any(c.cue in fixed for c in extract_constraints(text))
