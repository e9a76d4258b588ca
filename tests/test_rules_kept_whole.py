"""Rules kept whole, not cut at a comma, and their near-misses (review 5).

A rule's words go on past its first clause when what follows belongs to it: "no Y" after "only
X"; what to do instead after "never X" / "don't X" ("…, write to a copy", "…, text it to …");
the thing a pronoun stands for, said in the sentence before ("Was there a restocking fee? I
don't want to pay one"); the columns of an output table; a one-off exception for the occasion
("for this loop only, 30 minute interviews are fine"), which is no bare rule "for this loop
only".
"""

from __future__ import annotations

import pytest
from _review_harness import block, rule_texts, ruled, rules_text

# ---------------------------------------------------------------- "only X, no Y"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Only peer-reviewed sources, no preprints.", "Only peer-reviewed sources, no preprints"),
        ("Only direct flights, no layovers.", "Only direct flights, no layovers"),
        ("Only use Postgres, no SQLite.", "Only use Postgres, no SQLite"),
        ("Only vegetarian places, no steakhouses.", "Only vegetarian places, no steakhouses"),
        ("Only carry-on bags, no checked luggage.", "Only carry-on bags, no checked luggage"),
    ],
)
def test_only_x_no_y_kept_whole(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize(
    ("text", "cut"),
    [
        ("Only direct flights, no problem if it costs more.", "no problem"),
        ("Only direct flights, no worries about the price.", "no worries"),
    ],
)
def test_only_x_then_a_set_phrase_not_joined(text: str, cut: str) -> None:
    assert not any(cut in t for t in rule_texts(text))


def test_a_second_no_rule_is_not_joined_to_a_forbid() -> None:
    texts = rule_texts("Never book anything before 9 AM my time, and no meetings on Fridays.")
    assert "Never book anything before 9 AM my time" in texts
    assert "no meetings on Fridays." in texts


# ---------------------------------------------------------------- "never X, do Y"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Never overwrite the original ledger, write to a copy.", "write to a copy"),
        ("Please don't email me the label, text it to 415-555-0182.", "text it to 415-555-0182"),
        ("Don't call my office, message me on Signal.", "message me on Signal"),
        ("Never push to main, open a pull request.", "open a pull request"),
        ("Don't delete old rows, mark them archived.", "mark them archived"),
        (
            "Never edit the CSV by hand, regenerate it with the script.",
            "regenerate it with the script",
        ),
        ("Don't print the invoice, save it as PDF.", "save it as PDF"),
    ],
)
def test_forbid_then_what_to_do_kept_whole(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize(
    ("text", "cut"),
    [
        ("Don't call my office, I'm never there.", "I'm never there"),
        ("Never book the red-eye, it's awful.", "it's awful"),
        ("Don't email me, we can talk tomorrow.", "we can talk tomorrow"),
        ("Don't use the old key, is that clear?", "is that clear"),
        ("Don't show prices, use a table.", "use a table"),
        ("Don't book it yet, and send me the options.", "send me the options"),
    ],
)
def test_forbid_then_a_remark_not_joined(text: str, cut: str) -> None:
    assert not any(cut in t for t in rule_texts(text))


# ---------------------------------------------------------------- a pronoun's referent


@pytest.mark.parametrize(
    ("text", "rule", "referent"),
    [
        (
            "Was there a restocking fee? I don't want to pay one, if there is, cancel the return.",
            "pay one",
            "restocking fee",
        ),
        ("Is there a resort fee? Never pay it.", "pay it", "resort fee"),
        ("They offered a travel insurance add-on. Don't buy it.", "buy it", "travel insurance"),
        ("The hotel has a minibar. Never touch it.", "touch it", "minibar"),
    ],
)
def test_pronoun_rule_keeps_the_sentence_naming_it(text: str, rule: str, referent: str) -> None:
    lines = [t for t in rule_texts(text) if rule in t]
    assert lines and all(referent in t for t in lines)


@pytest.mark.parametrize(
    ("text", "rule", "kept_out"),
    [
        ("Thanks for checking. Don't book the Hilton.", "Hilton", "Thanks"),
        ("The minibar is pricey. Never touch the minibar.", "touch the minibar", "pricey"),
    ],
)
def test_rule_naming_its_thing_keeps_its_own_sentence(text: str, rule: str, kept_out: str) -> None:
    lines = [t for t in rule_texts(text) if rule in t]
    assert lines and not any(kept_out in t for t in lines)


def test_pronoun_in_a_long_rule_stands_for_its_own_words() -> None:
    text = (
        "Take Wednesday. "
        "Keep every interview to 45 minutes and add a 15 minute buffer between them."
    )
    lines = [t for t in rule_texts(text) if "45 minutes" in t]
    assert lines and not any("Wednesday" in t for t in lines)


# ---------------------------------------------------------------- output columns


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Output as a markdown table with columns Citation, Finding, N.", "Citation, Finding, N"),
        ("Format it as a table with the columns Date, Amount, Payee.", "Date, Amount, Payee"),
        ("Give me a CSV with columns name, email, phone.", "name, email, phone"),
        ("Return a table with three columns: Ticker, Price, Change.", "Ticker, Price, Change"),
        ("Present the results as a table with headers Model, Score, Cost.", "Model, Score, Cost"),
    ],
)
def test_table_columns_kept_in_the_rule(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize(
    "text",
    [
        "The table has columns Citation, Finding, N.",
        "Can you output a table with columns A, B?",
        "I made a table with columns Date, Amount.",
        "The old sheet had columns name, email, phone.",
    ],
)
def test_table_columns_near_misses(text: str) -> None:
    assert rule_texts(text) == []


# ---------------------------------------------------------------- a one-off exception


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "And for this loop only, 30 minute interviews are fine, Priya needs to leave by 12.",
            "30 minute interviews are fine",
        ),
        ("Just for this trip, two layovers are fine.", "two layovers are fine"),
        ("For this order only, ground shipping is OK.", "ground shipping is OK"),
        ("Only for this report, rough estimates are acceptable.", "rough estimates are acceptable"),
    ],
)
def test_one_off_exception_kept_whole(text: str, words: str) -> None:
    texts = rule_texts(text)
    assert any(words in t for t in texts)
    assert not any(t.rstrip(" ,.").lower().endswith(("only", "trip")) for t in texts)


def test_one_off_exception_through_the_block_keeps_the_rule_beside_it() -> None:
    text = block(
        "Keep every interview to 45 minutes.",
        "OK.",
        "And for this loop only, 30 minute interviews are fine.",
        "OK.",
        "Go.",
    )
    rules = rules_text(text)
    assert "30 minute" in rules
    assert "- And for this loop only\n" not in text + "\n"


@pytest.mark.parametrize(
    "text",
    [
        "For this trip, the hotels were fine.",
        "For this loop only two people are free.",
        "For this trip only, is ground shipping OK?",
    ],
)
def test_one_off_near_misses_state_no_rule(text: str) -> None:
    assert rule_texts(text) == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("不要覆盖原始账本，写到副本里。", "不要覆盖原始账本，写到副本里"),
        ("别发邮件给我，发短信到415-555-0182。", "发短信到415-555-0182"),
        ("不要改生产库，复制一份再改。", "复制一份再改"),
        ("别直接发给客户，抄送我一份。", "抄送我一份"),
    ],
)
def test_zh_forbid_then_what_to_do_kept_whole(text: str, words: str) -> None:
    assert ruled(text, words)


@pytest.mark.parametrize(
    ("text", "cut"),
    [
        ("不要覆盖原始账本，我写到副本里了。", "写到副本"),
        ("别发邮件给我，发到我同事那边吗？", "同事"),
        ("别发邮件给我，发了我也不看。", "发了"),
        ("不要显示价格，用顺丰。", "顺丰"),
    ],
)
def test_zh_forbid_then_a_remark_or_question_not_joined(text: str, cut: str) -> None:
    assert not any(cut in t for t in rule_texts(text))


# ---------------------------------------------------------------- "never" of how often


@pytest.mark.parametrize(
    "text", ["He is never on time.", "I'm never there on Fridays.", "The trains are never late."]
)
def test_never_of_how_often_is_no_rule(text: str) -> None:
    assert rule_texts(text) == []


def test_never_to_be_stays_a_rule() -> None:
    assert ruled("Emails are never to be sent to clients directly.", "never to be sent")
