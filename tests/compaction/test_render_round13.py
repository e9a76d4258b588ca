"""The block over its cap drops evidence markers before any evidence line; an English block
heads the instance name column in English."""

from __future__ import annotations

import re

from ctxengine.compaction.ontology import generic_ontology, load_builtin
from ctxengine.compaction.render import TableRow, table_text
from ctxengine.compaction.schema import Evidence, ParsedTurn
from ctxengine.compaction.state import SessionState
from ctxengine.tokens import TokenCounter

COUNTER = TokenCounter()
_MARKER = re.compile(r"\[\d+ turns? ago\]|\[this turn\]")


def dated_state(n: int = 30) -> SessionState:
    s = SessionState(session_id="dates")
    for i in range(1, n + 1):
        s.apply(
            ParsedTurn(
                turn=i,
                role="user",
                language="en",
                evidence=[
                    Evidence(kind="date", value=f"March {i % 28 + 1}, {2000 + i}", source="user")
                ],
            )
        )
    return s


def evidence_lines(block: str) -> list[str]:
    return [line for line in block.splitlines() if line.startswith("- date:")]


def test_uncapped_evidence_lines_carry_their_marker() -> None:
    lines = evidence_lines(dated_state().render(30, "en"))
    assert len(lines) == 30
    assert all(_MARKER.search(line) for line in lines)


def test_over_the_cap_markers_go_before_any_evidence_line() -> None:
    s = dated_state()
    full = s.render(30, "en")
    # A cap the marked lines exceed and the unmarked ones meet.
    unmarked = _MARKER.sub("", full).replace(" \n", "\n")
    cap = COUNTER.count(unmarked) + 5
    assert COUNTER.count(full) > cap
    capped = s.render(30, "en", max_tokens=cap, count=COUNTER.count)
    assert COUNTER.count(capped) <= cap
    lines = evidence_lines(capped)
    assert len(lines) == 30  # every date kept
    assert not any(_MARKER.search(line) for line in lines)
    # Newest first: the order still says which is recent.
    assert lines[0].startswith("- date: March 3, 2030")


def test_an_english_block_heads_the_name_column_in_english() -> None:
    # The state names instances by 名称 whatever the ontology.
    rows = [TableRow(table="task", name="#1", cells=(("date", "march 3rd"),))]
    en = table_text(rows, "名称", generic_ontology().labels("en"))
    zh = table_text(rows, "名称", generic_ontology().labels("zh"))
    assert en[0] == "task(name|date):"
    assert zh[0].startswith("任务(名称|")
    # An ontology that names its instances keeps its own word.
    crosswoz = load_builtin("crosswoz").labels("en")
    assert table_text(rows, "名称", crosswoz)[0].split("(")[1].split("|")[0] == crosswoz.slot(
        "名称"
    )
