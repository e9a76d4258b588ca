"""Look-alikes of the review round's identifier, reference and render fixes
(`test_review_round.py`): the same shapes in other words and both languages, and the
near-misses each must leave alone."""

from __future__ import annotations

import pytest
from _review_harness import Step, block, block_of, build, section

from ctxengine.compaction.parse import parse_history
from ctxengine.compaction.patterns import find_spans


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.kind, s.value) for s in find_spans(text)]


def _values(text: str, kind: str) -> list[str]:
    return [value for k, value in _spans(text) if k == kind]


# ---------------------------------------------------------------- identifiers kept whole


@pytest.mark.parametrize(
    "said, kind, value",
    [
        ("The last commit was 9fceb02d.", "id", "9fceb02d"),
        ("Revert commit a71d0e4, please.", "id", "a71d0e4"),
        ("回滚到提交 3f9c2ab 之前的版本。", "id", "3f9c2ab"),
        ("Open a PR from hotfix/login-500.", "branch", "hotfix/login-500"),
        ("Tag it on release/2.3.0.", "branch", "release/2.3.0"),
        ("切到分支 fix_payment_bug 再跑一遍。", "branch", "fix_payment_bug"),
        ("Rebase the branch named wip-search onto main.", "branch", "wip-search"),
        ("Create feature/invoice-pdf-export, then push.", "branch", "feature/invoice-pdf-export"),
        ("It crashes with ENOENT on Windows: 报错 ENOENT。", "code", "ENOENT"),
        ("Set MAX_RETRIES to 5.", "code", "MAX_RETRIES"),
        ("Reach me at (617) ***-9921 after six.", "phone", "(617) ***-9921"),
        ("回访电话 ***-***-9921。", "phone", "***-***-9921"),
        ("The card holder's phone is 617-xxx-9921.", "phone", "617-xxx-9921"),
        ("Attach requirements.txt too.", "path", "requirements.txt"),
        ("把 q3_销售.xlsx 之外的 reports/月报_2026.csv 发我。", "path", "reports/月报_2026.csv"),
        ("打开/data/员工考勤.xlsx看看。", "path", "/data/员工考勤.xlsx"),
    ],
)
def test_identifier_look_alikes_kept_whole(said: str, kind: str, value: str) -> None:
    assert value in _values(said, kind)


@pytest.mark.parametrize(
    "said, value",
    [
        ("Revert commit a71d0e4, please.", "a71d0e4"),
        ("切到分支 fix_payment_bug 再跑一遍。", "fix_payment_bug"),
        ("Reach me at (617) ***-9921 after six.", "(617) ***-9921"),
    ],
)
def test_identifier_look_alikes_reach_the_block(said: str, value: str) -> None:
    assert value in block(said, "OK.", "Go on.")


@pytest.mark.parametrize(
    "said, whole",
    [
        # Chinese glued on either side of a path stays out of it.
        ("保存到output/报表.csv和output/b.csv", ["output/报表.csv", "output/b.csv"]),
        ("读一下data/x.csv。", ["data/x.csv"]),
        # A sentence's stop or comma is no part of an identifier.
        ("See docs/readme.md.", ["docs/readme.md"]),
        ("Work on branch release-2.3.", ["release-2.3"]),
        ("Push to chore/node-20-upgrade, then rebase.", ["chore/node-20-upgrade"]),
        ("帮我看看 TypeError: x is not a function，怎么办", ["TypeError: x is not a function"]),
    ],
)
def test_identifier_swallows_no_neighbour(said: str, whole: list[str]) -> None:
    found = [value for _, value in _spans(said)]
    assert found == whole


@pytest.mark.parametrize(
    "said",
    [
        "I got an error.",  # the word alone is no identifier
        "There was an error, sorry.",
        "Commit 1234567 items to the list.",  # a plain number is no commit hash
        "Keep the branch and the tag.",
        "Which branch main uses?",
        "I use Node.js and Vue.js.",  # libraries, no files
        "the docs/api folder",  # a folder, no branch
    ],
)
def test_identifier_near_misses_kept_out(said: str) -> None:
    kinds = {k for k, _ in _spans(said)}
    assert kinds.isdisjoint({"id", "branch", "error", "path", "code"})


@pytest.mark.parametrize(
    "said, kind",
    [
        ("My flight is AB1234, it leaves at noon.", "flight"),
        ("There was an error on flight AB1234.", "flight"),
        ("航班 AB1234 延误了。", "flight"),
        ("Flight TS2339 to Montreal is delayed.", "flight"),
        ("Fix TS2339 please.", "code"),
        ("tsc 报错 TS2322，类型不对。", "code"),
    ],
)
def test_flight_shape_read_by_context(said: str, kind: str) -> None:
    (code,) = [(k, v) for k, v in _spans(said) if v.startswith(("AB", "TS"))]
    assert code[0] == kind


@pytest.mark.parametrize(
    "said, line",
    [
        ("Traceback …\nKeyError: 'user_id'", "KeyError: 'user_id'"),
        (
            "It fails: requests.exceptions.ConnectionError: Max retries exceeded",
            "requests.exceptions.ConnectionError: Max retries exceeded",
        ),
        ("编译失败\nerror[E0425]: cannot find value `x` in this scope", "error[E0425]"),
        ("npm start 之后\nError: Cannot find module 'express'", "Error: Cannot find module"),
    ],
)
def test_pasted_error_lines_kept(said: str, line: str) -> None:
    assert any(line in value for value in _values(said, "error"))


# ---------------------------------------------------------------- times keep their zone


@pytest.mark.parametrize(
    "said, kept",
    [
        ("Call me at 9am PST.", "9am PST"),
        ("The cutoff is 3:30 PM Eastern Time.", "3:30 PM Eastern Time"),
        ("开会时间 10:00 UTC+8。", "10:00 UTC+8"),
        ("Ship by 18:00 GMT tomorrow.", "18:00 GMT"),
    ],
)
def test_time_zone_look_alikes(said: str, kept: str) -> None:
    assert kept in _values(said, "time")


@pytest.mark.parametrize(
    "said, kept", [("Meet at 10:00 IT support.", "10:00"), ("See you at 5 PM. Then", "5 PM")]
)
def test_time_zone_near_misses(said: str, kept: str) -> None:
    assert _values(said, "time") == [kept]


# ---------------------------------------------------------------- input file vs output format


def _formats(*texts: str) -> list[str | None]:
    steps: list[Step] = [("u" if i % 2 == 0 else "a", t) for i, t in enumerate(texts)]
    return [u.value for t in parse_history(build(steps)) for u in t.updates if u.slot == "format"]


@pytest.mark.parametrize(
    "said, formats",
    [
        ("读一下 data/报表_2026.xlsx，看看总数。", []),
        ("打开 input/名单.csv 数一下人数。", []),
        ("把结果保存为 output/汇总.xlsx。", ["xlsx"]),
        ("读 a/x.csv，然后导出到 b/汇总.xlsx。", ["xlsx"]),
        ("导出成 Excel 吧。", ["Excel"]),
        ("用 xlsx 格式，数据在 data/a.xlsx。", ["xlsx"]),
    ],
)
def test_input_file_type_look_alikes(said: str, formats: list[str]) -> None:
    assert _formats(said) == formats


def test_output_format_change_still_a_conflict() -> None:
    text = block("结果导出成 Excel。", "好的。", "还是导出成 CSV 吧。", "好。", "谢谢")
    assert section(text, "conflicts") != []


# ---------------------------------------------------------------- a result's tools


def test_shared_result_value_names_each_tool_zh() -> None:
    text = block_of(
        [
            ("u", "帮我订 MU5101。"),
            ("call", "book_flight", {"flight": "MU5101"}, {"status": "成功", "pnr": "QX7M2L"}),
            ("a", "已订好，QX7M2L。"),
            ("u", "再订汉庭酒店。"),
            ("call", "book_hotel", {"name": "汉庭酒店"}, {"status": "成功", "id": "HB-1"}),
            ("a", "已订好，HB-1。"),
            ("u", "谢谢。"),
        ]
    )
    (line,) = [line for line in text.splitlines() if "字段.status" in line]
    assert "工具:book_flight" in line and "book_hotel" in line


def test_shared_value_of_a_thing_names_its_first_tool() -> None:
    # A city a search and a booking both return reads the same under either tool: its
    # line does not grow by each tool's name.
    text = block_of(
        [
            ("u", "Find a hotel in Lisbon."),
            ("call", "find_hotels", {"q": "hotel"}, {"district": "Baixa", "name": "Casa Baixa"}),
            ("a", "Casa Baixa."),
            ("u", "Book it."),
            ("call", "book_hotel", {"name": "Casa Baixa"}, {"district": "Baixa", "ref": "HB-1"}),
            ("a", "Booked, HB-1."),
            ("u", "Thanks."),
        ]
    )
    (line,) = [line for line in text.splitlines() if "field.district" in line]
    assert "(tool:find_hotels)" in line


def test_one_tool_value_names_one_tool() -> None:
    text = block_of(
        [
            ("u", "Book TP218."),
            ("call", "book_flight", {"flight": "TP218"}, {"status": "confirmed"}),
            ("a", "Booked."),
            ("u", "Thanks."),
        ]
    )
    (line,) = [line for line in text.splitlines() if "field.status" in line]
    assert "(tool:book_flight)" in line


# ---------------------------------------------------------------- references


def _refs(steps: list[Step]) -> list[tuple[str, str | None]]:
    return [(r.text, r.resolved_to) for r in parse_history(build(steps))[-1].references]


_PRICED_OFFER = "推荐：成都春熙路亚朵酒店 ¥468/晚，全季酒店(春熙路店) ¥359/晚。"


@pytest.mark.parametrize(
    "offer, pick, name",
    [
        (_PRICED_OFFER, "订第二个。", "全季酒店(春熙路店)"),
        (_PRICED_OFFER, "那就第一个吧", "成都春熙路亚朵酒店"),
        ("为您找到两家：海底捞 人均120元，大龙燚 人均95元。", "就第二家吧。", "大龙燚"),
        ("推荐：A座会议室 ¥200/小时，B座会议室 ¥150/小时。", "最后一个", "B座会议室"),
    ],
)
def test_zh_pick_from_priced_offer(offer: str, pick: str, name: str) -> None:
    refs = _refs([("u", "帮我找找。"), ("a", offer), ("u", pick)])
    assert any(to is not None and to.endswith(f"[{name}]") for _, to in refs)


@pytest.mark.parametrize(
    "offer, said",
    [
        (_PRICED_OFFER, "第一个问题是含不含早餐？"),  # a question of one's own, no pick
        ("推荐：早上出发，下午返回。", "订第一个。"),  # no items offered
        ("预算：¥500以内，¥300以上。", "第一个吧"),  # prices without names
    ],
)
def test_zh_priced_offer_near_misses(offer: str, said: str) -> None:
    refs = _refs([("u", "帮我找找。"), ("a", offer), ("u", said)])
    assert all(to is None for _, to in refs)


@pytest.mark.parametrize(
    "steps, said",
    [
        (
            [("u", "画个折线图存成 charts/trend.svg。"), ("a", "已保存 charts/trend.svg。")],
            "刚才的图再加一条 2025 年的线。",
        ),
        (
            [
                ("u", "Chart revenue by month."),
                ("call", "make_chart", {"kind": "line"}, {"ok": True, "id": "c1"}),
                ("a", "Done."),
            ],
            "Make the last chart a bar chart.",
        ),
    ],
)
def test_previous_chart_look_alikes(steps: list[Step], said: str) -> None:
    ((_, to),) = _refs([*steps, ("u", said)])
    assert to is not None and to.startswith("chart:")


def test_previous_chart_with_none_drawn_stays_unresolved() -> None:
    ((_, to),) = _refs([("u", "Load sales.csv."), ("a", "Loaded."), ("u", "Redo the last chart.")])
    assert to is None


@pytest.mark.parametrize(
    "first, said, kept",
    [
        ("Show revenue by region, two decimal places.", "Same for costs, same format.", "two"),
        ("把销售额按千分位显示，用万元为单位。", "利润也按上次的格式。", "千分位"),
        ("List them as a markdown table.", "Do the Q2 ones in the previous format.", "table"),
    ],
)
def test_last_format_look_alikes(first: str, said: str, kept: str) -> None:
    refs = _refs([("u", first), ("a", "OK."), ("u", said)])
    assert any(to is not None and kept in to for _, to in refs)


def test_last_format_with_none_set_stays_unresolved() -> None:
    ((_, to),) = _refs([("u", "统计一下 GMV。"), ("a", "好的。"), ("u", "按上次的格式。")])
    assert to is None
