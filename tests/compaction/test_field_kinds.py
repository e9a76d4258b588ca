"""A tool-result field's kind comes from the words of its key: "hotel" and "hostel" hold the
letters "tel" and were labelled phone numbers (``phone.hotel: Hotel Teatro``)."""

from __future__ import annotations

import json

import pytest

from ctxengine.compaction.patterns import json_evidence


def kind_of(key: str, value: str) -> str:
    found = json_evidence(json.dumps({key: value}), "tool:t")
    assert found, key
    return found[0].kind


@pytest.mark.parametrize(
    ("key", "value", "kind"),
    [
        ("tel", "617-555-0142", "phone"),
        ("mobile", "13812345678", "phone"),
        ("contact_phone", "617-555-0142", "phone"),
        ("联系电话", "13812345678", "phone"),
        ("e-mail", "a@b.com", "email"),
        ("emailAddress", "a@b.com", "email"),
        ("checkInDate", "2026-03-14", "date"),
        ("checkin_date", "2026-03-14", "date"),
        ("created_time", "10:30", "time"),
        ("下单时间", "10:30", "time"),
        ("file_path", "src/app.py", "path"),
        ("website", "https://x.example", "url"),
    ],
)
def test_a_key_word_names_the_kind(key: str, value: str, kind: str) -> None:
    assert kind_of(key, value) == kind


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("hotel", "Hotel Teatro"),
        ("hostel", "HI Denver"),
        ("hotelName", "Hotel Teatro"),
        ("intel", "cpu"),
        ("profile", "default"),
        ("holiday", "Christmas"),
        ("curl", "enabled"),
        ("linkedin", "jdoe"),
        ("mailing_list", "weekly"),
        ("timeout", "slow"),
    ],
)
def test_letters_inside_another_word_name_no_kind(key: str, value: str) -> None:
    assert kind_of(key, value) == "field"
