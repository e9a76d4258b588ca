"""English rules kept whole past what is no clause's end (round 7): the dot of a title ("Dr.",
"Mrs.") or of "e.g."/"i.e.", a name set off by commas after the noun it names ("the PI, Dr.
Osei, on …"), more values of one setting after a comma ("48 kHz, 24-bit"), a leading "And"
before "only", and a reason before "so X only". Near-misses keep their old cut: a real
sentence end after the name, a remark after a comma, a pronoun after the name.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints


def _texts(text: str) -> list[str]:
    return [c.text for c in extract_constraints(text)]


def _one(text: str) -> str:
    """The text of the only rule read in `text`."""
    texts = _texts(text)
    assert len(texts) == 1, texts
    return texts[0]


# --- a title's dot or "e.g." ends no sentence ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Always cc Mr. Patel on invoices.",
        "Never schedule Mrs. Okafor before 10am.",
        "Only book Ms. Rivera for the morning shifts.",
        "Always loop in Prof. Adams on protocol changes.",
        "Never route deliveries via St. Mary's gate.",
        "Only use open formats e.g. CSV for exports.",
        "Never share identifiers i.e. names or MRNs with sponsors.",
        "Always copy Dr. Osei on changes.",
    ],
)
def test_title_or_eg_dot_kept_inside_rule(text: str) -> None:
    assert _one(text) == text


def test_scope_led_rule_kept_past_title() -> None:
    assert "Osei's assistant" in _one("Going forward, cc Dr. Osei's assistant instead.")


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Always cc Dr. Osei. He runs the study.", "Always cc Dr. Osei."),
        ("Never page Prof. Adams. Nights are hers.", "Never page Prof. Adams."),
        ("Always copy Mrs. Lee. Then book the room.", "Always copy Mrs. Lee."),
    ],
)
def test_sentence_after_the_name_still_ends(text: str, rule: str) -> None:
    assert _one(text) == rule


def test_street_abbreviation_at_end_is_no_rule() -> None:
    assert _texts("I live on Main St.") == []


# --- an appositive name ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Always cc the PI, Dr. Osei, on schedule changes.",
        "Always cc the study nurse, Maria, on changes.",
        "Always cc the sponsor contact, Mr. Patel, on invoices.",
        "Never call my manager, Priya, after 6pm.",
        "Always loop in our counsel, Ms. Rivera, on redactions.",
        "Always cc the PI, Dr. Osei.",
    ],
)
def test_appositive_name_kept_in_rule(text: str) -> None:
    assert _one(text) == text


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Always cc the PI, thanks.", "Always cc the PI"),
        ("Never call my boss, Tom, he hates it.", "Never call my boss"),
        ("Always cc Maria, she tracks changes.", "Always cc Maria"),
    ],
)
def test_no_appositive_keeps_the_cut(text: str, rule: str) -> None:
    assert _texts(text)[0] == rule


def test_second_rule_after_comma_stays_apart() -> None:
    texts = _texts("Always cc the PI, and never the nurse.")
    assert texts[0] == "Always cc the PI"
    assert len(texts) == 2


# --- more values of one setting after a comma --------------------------------------------


@pytest.mark.parametrize(
    ("text", "tail"),
    [
        ("Always export at 48 kHz, 24-bit.", "24-bit"),
        ("Always record at 1080p, 30 fps.", "30 fps"),
        ("Always deliver stems at 96 kHz, 32-bit float.", "32-bit float"),
        ("Always encode at 1080p, 30 fps, 8 Mbps.", "8 Mbps"),
    ],
)
def test_value_list_kept(text: str, tail: str) -> None:
    assert tail in _one(text)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Never book before 9, 10 is fine.", "Never book before 9"),
        ("Keep the deck under 10 slides, 12 makes it drag.", "Keep the deck under 10 slides"),
        ("Always export at 48 kHz, the client insists.", "Always export at 48 kHz"),
        ("Always export in WAV, 24-bit.", "Always export in WAV"),
    ],
)
def test_not_a_value_list_keeps_the_cut(text: str, rule: str) -> None:
    assert _texts(text)[0] == rule


# --- a leading "And" before "only"; a reason before "so X only" ---------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "And only use participant IDs in messages, never names.",
        "Also only use participant IDs.",
        "And also only use metric units.",
        "So only morning slots.",
    ],
)
def test_only_after_sentence_opener_is_rule(text: str) -> None:
    assert any(t == text for t in _texts(text))


@pytest.mark.parametrize(
    "text",
    ["I read them, and only the abstracts.", "We met, and only Tom came.", "I only have $50."],
)
def test_only_mid_sentence_is_no_rule(text: str) -> None:
    assert _texts(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "All bloods have to be drawn fasting, so morning slots only.",
        "He is tired, so short walks only.",
        "The venue is small, so vegetarian options only.",
    ],
)
def test_reason_kept_with_so_only(text: str) -> None:
    assert _one(text) == text


def test_so_only_after_a_rule_keeps_both_apart() -> None:
    texts = _texts("Always reply in English, so French only.")
    assert texts[0] == "Always reply in English"
