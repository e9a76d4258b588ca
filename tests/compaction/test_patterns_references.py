"""References kept whole as evidence: IBANs (spaced or not, of several countries), DOIs (whose
dotted date is no date), dotted identifiers (an entity id, a test's Class.method) and seat
numbers said as seats; and their near-misses, which must read as before."""

from __future__ import annotations

import pytest

from ctxengine.compaction.patterns import find_spans, json_evidence


def _kinds(text: str) -> list[tuple[str, str]]:
    return [(s.kind, s.value) for s in find_spans(text)]


def _values(text: str, kind: str) -> list[str]:
    return [s.value for s in find_spans(text) if s.kind == kind]


# ---------------------------------------------------------------- IBAN


@pytest.mark.parametrize(
    ("text", "iban"),
    [
        (
            "The correct one is DE44 5001 0517 5407 3249 13.",
            "DE44 5001 0517 5407 3249 13",
        ),
        ("Unspaced: DE89370400440532013000, please.", "DE89370400440532013000"),
        ("Hale & Co banks at GB33 BUKB 2020 1555 5555 55 now.", "GB33 BUKB 2020 1555 5555 55"),
        # A currency after it is no part of it: the country's length says where it ends.
        ("Pay to SE35 5000 0000 0549 1000 0003 SEK 88,250.", "SE35 5000 0000 0549 1000 0003"),
        ("Use FR14 2004 1010 0505 0001 3M02 606 for rent.", "FR14 2004 1010 0505 0001 3M02 606"),
        ("NL91ABNA0417164300 is the Dutch account.", "NL91ABNA0417164300"),
        ("Swiss one: CH93 0076 2011 6238 5295 7", "CH93 0076 2011 6238 5295 7"),
        ("收款账号改成 DE89 3704 0044 0532 0130 00，之前那个错了。", "DE89 3704 0044 0532 0130 00"),
        ("对方账户ES9121000418450200051332要核对一下", "ES9121000418450200051332"),
    ],
)
def test_iban_kept_whole(text: str, iban: str) -> None:
    assert _values(text, "iban") == [iban]


@pytest.mark.parametrize(
    "text",
    [
        "The first digits are DE44 5001, I'll send the rest.",  # too short for Germany
        "DE44 5001 0517 5407 3249 1300 12 is what the form shows.",  # too long for Germany
        "XX12 3456 7890 1234 5678 90 is a made-up code.",  # no country
        "Q3 2025 revenue was up 4 percent.",
        "Flight LH 4400 leaves at 10:00.",
    ],
)
def test_not_an_iban(text: str) -> None:
    assert _values(text, "iban") == []


def test_tool_field_read_by_its_shape() -> None:
    content = (
        '{"account": "NL91ABNA0417164300", "meeting": "https://acme.zoom.us/j/918273",'
        ' "contact": "ap@kettler.de", "ccy": "EUR", "note": "old DE44 5001 0517 5407 3249 13"}'
    )
    found = {e.field: e.kind for e in json_evidence(content, "tool:read_sheet") or []}
    assert found["account"] == "iban"
    assert found["meeting"] == "url"
    assert found["contact"] == "email"
    assert found["ccy"] == "field"
    assert found["note"] == "field"  # a note holding an IBAN is not one


# ---------------------------------------------------------------- DOI


@pytest.mark.parametrize(
    ("text", "doi"),
    [
        ("The bioRxiv one (10.1101/2023.04.11.536402) is a preprint.", "10.1101/2023.04.11.536402"),
        ("See doi:10.1038/nature12373 for the method.", "10.1038/nature12373"),
        ("Cite 10.1016/S0140-6736(20)30183-5.", "10.1016/S0140-6736(20)30183-5"),
        ("这篇的DOI是10.1145/3368089.3409741，请引用。", "10.1145/3368089.3409741"),
        ("DOI 10.48550/arXiv.2303.08774; skip it, it's a preprint.", "10.48550/arXiv.2303.08774"),
    ],
)
def test_doi_kept_whole(text: str, doi: str) -> None:
    spans = _kinds(text)
    assert ("doi", doi) in spans
    assert not any(kind == "date" for kind, _ in spans)


def test_doi_link_is_one_url() -> None:
    text = "Open https://doi.org/10.1145/3368089.3409741 please."
    assert _kinds(text) == [("url", "https://doi.org/10.1145/3368089.3409741")]


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("Published 2023.04.11 in Nature.", "date", "2023.04.11"),  # a date still
        ("2023.04.11 的版本", "date", "2023.04.11"),
    ],
)
def test_dotted_date_outside_a_doi(text: str, kind: str, value: str) -> None:
    assert (kind, value) in _kinds(text)


@pytest.mark.parametrize("text", ["I'd rate it 10.5/10 overall.", "Use v10.1234/beta builds."])
def test_not_a_doi(text: str) -> None:
    assert _values(text, "doi") == []


# ---------------------------------------------------------------- dotted identifiers


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Disable automation.motion_hall_3b please.", "automation.motion_hall_3b"),
        ("Is sensor.living_room_temperature still stale?", "sensor.living_room_temperature"),
        (
            "PaymentClientTest.shouldLogRetryCount 失败了，看一下。",
            "PaymentClientTest.shouldLogRetryCount",
        ),
        ("Make OrderService.placeOrder idempotent.", "OrderService.placeOrder"),
        ("Rename self.retry_count to self.max_retries.", "self.retry_count"),
        ("把 light.kitchen_ceiling 关掉", "light.kitchen_ceiling"),
        ("Run com.acme.payments.PaymentClientTest only.", "com.acme.payments.PaymentClientTest"),
        ("window.localStorage is empty", "window.localStorage"),
    ],
)
def test_dotted_identifier_whole(text: str, code: str) -> None:
    assert code in _values(text, "code")


@pytest.mark.parametrize(
    "text",
    [
        "Use a short one, e.g. this one.",
        "It runs on Node.js now.",
        "Import os.path first.",
        "Find her on LinkedIn.com today.",
        "We fly to St.Louis tomorrow.",
        "Done.Then we ship.",
    ],
)
def test_not_a_dotted_identifier(text: str) -> None:
    assert not any("." in v for v in _values(text, "code"))


def test_dotted_file_and_email_keep_their_kind() -> None:
    assert _kinds("Edit config_loader.py now.") == [("path", "config_loader.py")]
    assert _kinds("Mail first_name.last@acme.com.") == [("email", "first_name.last@acme.com")]


# ---------------------------------------------------------------- seats


@pytest.mark.parametrize(
    ("text", "seats"),
    [
        ("Held as PNR QX7T2M until May 3, aisle seats 23C and 24C.", ["23C", "24C"]),
        ("Seat: 14F.", ["14F"]),
        ("Seats 23C, 24C and 25C are together.", ["23C", "24C", "25C"]),
        ("I got the window seat 7A again.", ["7A"]),
        ("The seat numbers are 3A/3B.", ["3A", "3B"]),
        ("座位号是12A。", ["12A"]),
        ("选了23C和24C两个座位。", ["23C", "24C"]),
        ("座位 31K、31J 都是靠窗的", ["31K", "31J"]),
    ],
)
def test_seats_kept(text: str, seats: list[str]) -> None:
    assert _values(text, "seat") == seats


@pytest.mark.parametrize(
    "text",
    [
        "It's 23C outside, bring a jacket.",
        "She lives in Apartment 23C.",
        "The table seats 4 people.",
        "Keep the seat belt fastened until 10A.",
        "明天最高气温23C和24C之间。",
    ],
)
def test_not_a_seat(text: str) -> None:
    assert _values(text, "seat") == []
