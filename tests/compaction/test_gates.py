"""`needed_chars`: the characters every match of a regex holds, for output-preserving gates."""

from __future__ import annotations

import random
import re

import pytest

from ctxengine.compaction.gates import Gate, lacks, lowered, needed_chars, needed_words


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"没有|没|无", set("没无")),
        (r"(?:推荐|建议)您", set("您")),  # the fewest of a sequence's needs
        (r"[你您]们?(?:知道|听过)", set("你您")),
        (r"(?:几点|什么时候)(?:营业|开门)", set("几什")),  # the first of the fewest
        (r"x(?=好)", set("x")),
        (r"(?<=去)\d+", set("去")),  # a lookbehind's characters are in the text too
        (r"(?i:k)", {"k", "K", "\u212a"}),  # the Kelvin sign matches k case-insensitively
        (r"(?i)s", {"s", "S", "\u017f"}),
        (r"(?i)啊", {"啊"}),
        (r"(?:a|b)+c?", set("ab")),
    ],
)
def test_needed_chars_lists_what_every_match_holds(pattern: str, expected: set[str]) -> None:
    assert needed_chars(re.compile(pattern)) == frozenset(expected)


@pytest.mark.parametrize(
    "pattern",
    [
        r"a?",  # may match nothing
        r"a|",  # a branch that needs nothing
        r"[^a]",  # any of too many characters
        r"\d+",
        r".好?",
        r"(?!a)b*",
        r"(?i)é",  # a non-ASCII cased letter: its partners are not listed
        r"a|\w",
    ],
)
def test_needed_chars_says_nothing_when_it_cannot_tell(pattern: str) -> None:
    assert needed_chars(re.compile(pattern)) is None


_SAMPLE_PATTERNS = [
    r"(?:不要|不用|别)(?:再)?(?:用|选)?$",
    r"(?<!久)(?:(?<!有)没有|没|无|不带)(?:[^，,。]{0,6}的)?",
    r"(?:(?:为|给)(?:您|你)们?推荐|(?:推荐|建议)(?:您|你))|(?:只能|就)去|[你您]们?可以",
    r"(?i:\bcancel\b|\bnever ?mind\b)|取消|算了",
    r"(?:(?i:k)|s)+x",
    r"第[一二三1-3]家",
]
_ALPHABET = (
    "没有无不要用别再选的久带推荐为给您你们建议只能就去可以取消算了第一二三123家"
    "abcdeknmrsvxKSX \u212a\u017f，,。"
)


@pytest.mark.parametrize("pattern", _SAMPLE_PATTERNS)
def test_a_text_lacking_the_needed_chars_never_matches(pattern: str) -> None:
    rx = re.compile(pattern)
    needs = needed_chars(rx)
    assert needs is not None
    rng = random.Random(pattern)
    for _ in range(3000):
        text = "".join(rng.choice(_ALPHABET) for _ in range(rng.randint(0, 12)))
        if lacks(needs, text):
            assert rx.search(text) is None, text


def test_lacks_is_false_without_a_gate() -> None:
    assert not lacks(None, "anything")
    assert lacks(frozenset("没"), "有的")
    assert not lacks(frozenset("没"), "没有")


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (
            r"(?i)\b(?:ship|deliver|send|mail)(?: it)? to (?P<v>\d+)",
            {"ship", "deliver", "send", "mail"},
        ),
        (r"(?i)\bpay(?:ing)? (?:with|by)", {"pay"}),
        (r"没有|无", {"没有", "无"}),
        (r"Jan(?:uary)?|May", {"jan", "may"}),  # a capital's lower case: the text is lowered
        (r"[ab]c", {"c"}),
    ],
)
def test_needed_words_lists_lowered_words_every_match_holds(
    pattern: str, expected: set[str]
) -> None:
    assert needed_words(re.compile(pattern)) == frozenset(expected)


@pytest.mark.parametrize("pattern", [r"a?", r"\w+", r"(?i)é", r"x|.", r"(?!ab)"])
def test_needed_words_says_nothing_when_it_cannot_tell(pattern: str) -> None:
    assert needed_words(re.compile(pattern)) is None


_WORD_PATTERNS = [
    r"(?i)\b(?:ship|send)(?: it)? to \w+",
    r"(?i:\bcancel\b|\bnever ?mind\b)|取消|算了",
    r"(?i)\b(?:is|are) (?:fine|ok)\b",
    r"Sat(?:urday)?|(?i:kit)",
    r"没有(?=找到)|找不到",
]
_WORD_ALPHABET = "shipendtocaclvrmiaufkoSHIPCNKTUR 取消算了没有找到不 \u212a\u017f\u0130\u0131"


@pytest.mark.parametrize("pattern", _WORD_PATTERNS)
def test_a_text_lacking_the_needed_words_never_matches(pattern: str) -> None:
    rx = re.compile(pattern)
    gate = Gate(rx)
    assert gate.words is not None
    rng = random.Random(pattern)
    words = sorted(gate.words)
    for _ in range(4000):
        # Texts built from the needed words' own pieces, so near-misses are common.
        parts = [rng.choice(_WORD_ALPHABET) for _ in range(rng.randint(0, 8))]
        if rng.random() < 0.5:
            w = rng.choice(words)
            parts.insert(rng.randint(0, len(parts)), w.upper() if rng.random() < 0.3 else w)
        text = "".join(parts)
        if gate.shut(text):
            assert rx.search(text) is None, text


def test_lowered_refuses_texts_whose_lower_case_hides_a_letter() -> None:
    # (?i)s matches the long s, which lowers to itself: no word gate may read such a text.
    assert lowered("ſhip it") is None
    assert lowered("Ship IT") == "ship it"
    assert not Gate(re.compile(r"(?i)ship")).shut("ſhip")
    assert Gate(re.compile(r"(?i)ship")).shut("send")
