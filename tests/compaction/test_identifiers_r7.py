"""Identifiers kept whole (review round 7, English): a letter suffix ("RND-212-a"), an Airflow
run id, an object-store path, a name and its version after "@", a sub-number after a slash;
and, under a budget, a listing's failed row before its successful ones (`render.failed_rows`).

Each shape has near-misses: a full stop after the id ends the sentence, a word after a hyphen
is no suffix, a bare timestamp stays a date and a time, an e-mail stays an e-mail, a fraction
is no sub-number.
"""

from __future__ import annotations

import pytest

from ctxengine.compaction.layers import EvidenceItem
from ctxengine.compaction.patterns import find_spans
from ctxengine.compaction.render import failed_rows


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.kind, s.value) for s in find_spans(text)]


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("Use the render RND-212-a for the master.", "code", "RND-212-a"),
        ("Use RND-212-a.", "code", "RND-212-a"),
        ("Take RND-212-b2 now.", "code", "RND-212-b2"),
        ("Reopen INC-20931-2, it regressed.", "code", "INC-20931-2"),
        (
            "Rerun manual__2027-04-05T02:00:00 once the fix is in.",
            "code",
            "manual__2027-04-05T02:00:00",
        ),
        ("Rerun manual__2027-04-05T02:00:00.", "code", "manual__2027-04-05T02:00:00"),
        (
            "Clear scheduled__2027-04-05T00:00:00+00:00 too.",
            "code",
            "scheduled__2027-04-05T00:00:00+00:00",
        ),
        (
            "The files are in s3://hb-lake/orders/dt=2027-04-01/part-0001.parquet.",
            "path",
            "s3://hb-lake/orders/dt=2027-04-01/part-0001.parquet",
        ),
        ("Copy gs://bkt/raw/2027-04-01/ now.", "path", "gs://bkt/raw/2027-04-01/"),
        ("Deploy dbt model fct_orders@v2.3.1-rc.2 to prod.", "code", "fct_orders@v2.3.1-rc.2"),
        ("Deploy fct_orders@v2.3.1-rc.2.", "code", "fct_orders@v2.3.1-rc.2"),
        ("Pin lodash@4.17.21, please.", "code", "lodash@4.17.21"),
        ("Bill it to matter MTR-2027-0188/02.", "code", "MTR-2027-0188/02"),
        ("PO-4471/3 is the second delivery.", "code", "PO-4471/3"),
    ],
)
def test_identifier_kept_whole(text: str, kind: str, value: str) -> None:
    assert (kind, value) in _spans(text)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # A full stop, a comma, a word after a hyphen: none is part of the id.
        ("Render RND-212. Then stop.", [("code", "RND-212")]),
        ("See INC-20931-related notes.", [("code", "INC-20931")]),
        ("Bill MTR-2027-0188, not the sub-matter.", [("code", "MTR-2027-0188")]),
        # A timestamp alone is a date and a time, no run id.
        ("It failed at 2027-04-05T02:00:00.", [("date", "2027-04-05"), ("time", "02:00:00")]),
        (
            "Backfill from 2027-04-01 to 2027-04-02.",
            [("date", "2027-04-01"), ("date", "2027-04-02")],
        ),
        # An e-mail after "@" stays an e-mail; a bucket said in words is no path.
        ("Mail bob@v2.io about it.", [("email", "bob@v2.io")]),
        ("The s3 bucket is full.", []),
        # A fraction or a date with slashes is no sub-number.
        ("About 3/4 of runs failed.", []),
        ("On 2027/04/05 it broke.", [("date", "2027/04/05")]),
        ("the dedupe__step ran", []),
    ],
)
def test_identifier_near_misses(text: str, want: list[tuple[str, str]]) -> None:
    assert _spans(text) == want


# ---------------------------------------------------------------- a failed row under budget


def _item(eid: str, field: str, value: str, kind: str = "id", tool: str = "runs") -> EvidenceItem:
    return EvidenceItem(
        id=eid,
        kind=kind,
        value=value,
        field=field,
        sources=[f"tool:{tool}"],
        first_seen=1,
        last_seen=1,
    )


def _listing(*extra: EvidenceItem) -> list[EvidenceItem]:
    return [
        _item("a", "runs[0].run_id", "manual__2027-04-01T02:00:00", kind="code"),
        _item("b", "runs[1].run_id", "manual__2027-04-02T02:00:00", kind="code"),
        _item("c", "runs[2].run_id", "manual__2027-04-03T02:00:00", kind="code"),
        *extra,
    ]


@pytest.mark.parametrize(
    ("extra", "want"),
    [
        ([_item("s", "runs[1].state", "failed", kind="field")], {"b"}),
        ([_item("s", "runs[2].status", "FAILED", kind="field")], {"c"}),
        ([_item("e", "runs[0].error", "UniqueViolation", kind="field")], {"a"}),
        ([_item("s", "runs[0].state", "timed_out", kind="field")], {"a"}),
        ([_item("s", "runs[1].state", "upstream_failed", kind="field")], {"b"}),
        # A successful row, an empty error, another tool's row: no failure of these rows.
        ([_item("s", "runs[1].state", "success", kind="field")], set()),
        ([_item("e", "runs[1].error", "null", kind="field")], set()),
        ([_item("s", "runs[1].state", "failed", kind="field", tool="other")], set()),
        ([_item("s", "runs[1].note", "failed once, then passed", kind="field")], set()),
    ],
)
def test_failed_rows(extra: list[EvidenceItem], want: set[str]) -> None:
    evidence = _listing(*extra)
    rows = frozenset({"a", "b", "c"})
    assert failed_rows(evidence, rows) == want
