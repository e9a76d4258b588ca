"""Identifier shapes from the third review round: an amount with a thousands or millions
suffix ("$185k") kept whole, a Kubernetes pod's name ("payments-api-7c9f8d6b5-x2kqp") read as
one identifier, a Chinese licence plate ("沪A·7K392") read as a plate and never a flight."""

from __future__ import annotations

import pytest

from ctxengine.compaction.patterns import find_spans


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.kind, s.value) for s in find_spans(text)]


def _values(text: str, kind: str) -> list[str]:
    return [v for k, v in _spans(text) if k == kind]


# ---------------------------------------------------------------- amounts with a suffix


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("The salary band is $185k-$210k.", ["$185k", "$210k"]),
        ("Budget is $2.5M for the year.", ["$2.5M"]),
        ("We raised €40K last round.", ["€40K"]),
        ("Offer: £95k base plus bonus", ["£95k"]),
        # near-misses: no suffix, or a unit word glued after the number
        ("Between $185 and $210 a night.", ["$185", "$210"]),
        ("It costs $12 per kg.", ["$12"]),
        ("Ship $5kits", ["$5"]),
    ],
)
def test_amount_suffix_kept_whole(text: str, amounts: list[str]) -> None:
    assert _values(text, "amount") == amounts


# ---------------------------------------------------------------- Kubernetes pod names


@pytest.mark.parametrize(
    ("text", "pod"),
    [
        ("payments-api-7c9f8d6b5-x2kqp   0/1   CrashLoopBackOff", "payments-api-7c9f8d6b5-x2kqp"),
        ("order-svc-5d7b9c8f4-qm2zt   0/1   ImagePullBackOff", "order-svc-5d7b9c8f4-qm2zt"),
        ("pod/web-6b474476c4-ndx9p restarted", "web-6b474476c4-ndx9p"),
        ("重启了 checkout-worker-84c5f7d9b-7wzrt 这个 pod", "checkout-worker-84c5f7d9b-7wzrt"),
    ],
)
def test_pod_name_is_one_identifier(text: str, pod: str) -> None:
    assert ("pod", pod) in _spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "the release-candidate-build2-final branch",  # vowels: words, not hashes
        "check-in-2024-05-01",
        "a well-known-feature-flag",
        "payments-api is down",
    ],
)
def test_pod_near_misses(text: str) -> None:
    assert _values(text, "pod") == []


# ---------------------------------------------------------------- Chinese licence plates


@pytest.mark.parametrize(
    ("text", "plate"),
    [
        ("我的车（车牌 沪A·7K392）在修。", "沪A·7K392"),
        ("车牌号是京B12345", "京B12345"),
        ("粤B·D12345 是新能源车", "粤B·D12345"),
        ("停在车库的浙A 8K3M2", "浙A 8K3M2"),
    ],
)
def test_zh_plate_whole_not_flight(text: str, plate: str) -> None:
    spans = _spans(text)
    assert ("plate", plate) in spans
    assert not any(k == "flight" for k, _ in spans)


@pytest.mark.parametrize(
    ("text", "flight"),
    [
        ("航班 7K392 几点起飞？", "7K392"),
        ("I fly 7K392 to Tbilisi.", "7K392"),
        ("改签到CA1234", "CA1234"),
    ],
)
def test_flight_stays_a_flight(text: str, flight: str) -> None:
    spans = _spans(text)
    assert ("flight", flight) in spans
    assert not any(k == "plate" for k, _ in spans)


def test_plate_near_misses() -> None:
    assert _values("沪A级的景区", "plate") == []
    assert _values("我在沪工作 AB12345", "plate") == []
