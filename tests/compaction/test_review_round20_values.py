"""Round 20's review of values misread: a trip's new day said with "fly on" or "move the
flight to" (the old day stayed current), "keep the red" beside a return read as choosing red,
a code setting ("make pool_recycle 300") and a git commit read as nothing, a file read's
content taken as facts, a switch to a host or a priority ("切到 db-prod-04.internal",
"优先级改成P1") lost, and CrossWOZ's price said before the kind ("200-300元的酒店")."""

from __future__ import annotations

import json

import pytest

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.messages import Message, ToolCallPart
from ctxengine.settings import Settings

from ._turns import alternating, slot_values

OK = "OK."
FLIGHT = "I need a flight from Chicago to Denver on March 14 for 2 adults."


def values(*texts: str, ontology: str | None = None) -> dict[str, str]:
    return slot_values(alternating(*texts, ontology=ontology))


def archived(d: CompactionDistiller) -> list[tuple[str, str]]:
    return [(a.key, a.value) for a in d.state.state.archive]


def evidence(d: CompactionDistiller) -> dict[str, str]:
    """value -> kind of the session's evidence."""
    return {i.value: i.kind for i in d.state.evidence.items.values()}


def call(d: CompactionDistiller, turn: int, name: str, args: object, result: str) -> None:
    part = ToolCallPart(id=f"c{turn}", name=name, arguments=json.dumps(args))
    d.observe(Message.assistant(None, tool_calls=[part]), turn)
    d.observe(Message.tool(f"c{turn}", result), turn)


# --- 1. a new day for the flight -------------------------------------------------------------


def test_each_new_day_said_with_fly_on_replaces_the_last() -> None:
    d = alternating(
        FLIGHT,
        OK,
        "we need to fly on March 15 instead of the 14th",
        OK,
        "We need to fly March 16 now, sorry",
        OK,
    )
    assert slot_values(d)["date"] == "March 16"
    assert archived(d) == [("task.date", "March 14"), ("task.date", "March 15")]


@pytest.mark.parametrize(
    "change",
    [
        "Let's fly on March 16 instead.",
        "Can we move the flight to March 16?",
        "Change the date to March 16.",
        "Actually, make it March 16.",
    ],
)
def test_a_new_day_for_the_flight_replaces_the_old(change: str) -> None:
    assert values(FLIGHT, OK, change, OK)["date"] == "March 16"


@pytest.mark.parametrize(
    "said",
    [
        "Can we move on?",
        "I flew on March 16 last year.",
        "Flights that leave on March 16 are full.",
        "Do we fly on March 16?",
        "Can we move the meeting notes to the wiki?",
        "My brother wanted to fly on March 16.",
        "Did they fly on March 16?",
        "You could fly on March 16, but it costs more.",
        "Please move on to the hotel.",
    ],
)
def test_no_new_day_for_the_flight(said: str) -> None:
    assert values(FLIGHT, OK, said, OK)["date"] == "March 14"


# --- 2. what is kept beside a return is not chosen ------------------------------------------


def test_keep_the_red_beside_returning_the_blue_chooses_blue() -> None:
    got = values(
        "I want to return a jacket.",
        "Which one, the blue or the red?",
        "No, I said the blue one! I want to return the blue jacket, keep the red.",
        OK,
    )
    assert got["color"] == "blue"


@pytest.mark.parametrize(
    ("said", "color"),
    [
        ("I'd like to keep the red one.", "red"),
        ("Keep the red, it's nice.", "red"),
        ("I'll keep the red one and return the blue one.", "blue"),
        ("Return the blue jacket, not the red one.", "blue"),
        ("Return the blue jacket and keep the receipt.", "blue"),
        ("I want the red one, please.", "red"),
        ("Keep the red jacket in my cart.", "red"),
        ("Let's keep the blue.", "blue"),
    ],
)
def test_keep_alone_or_beside_another_return_still_reads(said: str, color: str) -> None:
    assert values(said, OK)["color"] == color


def test_keep_the_receipt_sets_no_colour() -> None:
    assert "color" not in values("I'll return it but keep the receipt.", OK)


# --- 3. code settings, commits, file reads ---------------------------------------------------


@pytest.mark.parametrize(
    "change",
    [
        "Actually make pool_recycle 300, not 1800.",
        "pool_recycle 300, not 1800.",
        "Change pool_recycle to 300.",
        "set pool_recycle to 300",
    ],
)
def test_a_code_setting_changed_replaces_the_last(change: str) -> None:
    d = alternating("set pool_recycle to 1800", OK, change, OK)
    assert slot_values(d)["pool_recycle"] == "300"
    assert archived(d) == [("task.pool_recycle", "1800")]


@pytest.mark.parametrize(
    "said",
    [
        "make sure pool_recycle is set",
        "make pool_recycle configurable",
        "Should we set pool_recycle to 300?",
        "Don't set pool_recycle to 300.",
        "The default pool_recycle is 3600.",
        "increase pool_recycle by 300",
        "I read that pool_recycle 3600, not 300, is the default",
        "Why is pool_recycle 300 not enough?",
        "make pool_recycle smaller",
    ],
)
def test_no_code_setting(said: str) -> None:
    assert values("set pool_recycle to 1800", OK, said, OK)["pool_recycle"] == "1800"


@pytest.mark.parametrize(
    "said",
    ["Done, committed as a71d0e4.", "commit a71d0e4 has the fix", "Revert commit a71d0e4."],
)
def test_a_commit_hash_is_kept_exactly(said: str) -> None:
    d = alternating("Fix the pool.", said)
    assert evidence(d).get("a71d0e4") == "id"


def test_a_commit_in_git_output_is_kept_exactly() -> None:
    d = alternating("Commit it.")
    call(d, 1, "bash", {"command": "git commit -am fix"}, "[main a71d0e4] fix pool\n 1 file")
    assert evidence(d).get("a71d0e4") == "id"


@pytest.mark.parametrize(
    "said",
    [
        "The commit message is bad.",
        "commit 1234567",
        "commit deadbeef",
        "I committed the fix to main",
        "the colour code is a71d0e4",
        "a71d0e4",
        "commit abcdefg",
        "commitment 1a2b3c4d",
    ],
)
def test_no_commit_hash(said: str) -> None:
    assert "id" not in evidence(alternating(said)).values()


def test_a_file_read_gives_no_facts_but_the_path_the_call_named() -> None:
    d = alternating("Look at src/db.py.")
    content = "def connect_24():\n    value_24 = 1  # see tests/test_module_12.py\n"
    call(d, 1, "read_file", {"path": "src/db.py"}, content)
    lines = {"path": "src/db.py", "lines": [{"line": 12, "text": "    value_24 = connect()"}]}
    call(d, 1, "read_file", {"path": "src/db.py"}, json.dumps(lines))
    found = evidence(d)
    assert "src/db.py" in found
    assert not {"value_24", "connect_24()", "tests/test_module_12.py", "12"} & set(found)


def test_a_test_run_keeps_what_its_output_names() -> None:
    d = alternating("Run the tests.")
    call(d, 1, "run_tests", {}, "FAILED tests/test_module_12.py::test_pool - value_24")
    assert "tests/test_module_12.py" in evidence(d)


# --- 4. switching to a value of the same shape -----------------------------------------------


def _ticket() -> CompactionDistiller:
    d = CompactionDistiller(Settings())
    d.observe(Message.user("帮我建个工单，登录超时"), 1)
    call(d, 1, "create_ticket", {"title": "登录超时", "priority": "P2"}, '{"ticket_id": "T-1001"}')
    d.observe(Message.assistant("已创建工单 T-1001，优先级 P2。"), 1)
    return d


def test_a_priority_changed_after_the_call_replaces_its_argument() -> None:
    d = _ticket()
    d.observe(Message.user("优先级改成P1"), 2)
    assert slot_values(d)["priority"] == "P1"
    assert archived(d) == [("task.priority", "P2")]


def _host() -> CompactionDistiller:
    d = CompactionDistiller(Settings())
    d.observe(Message.user("查询一直超时"), 1)
    call(d, 1, "connect_db", {"host": "db-prod-03.internal"}, "timeout after 30s")
    d.observe(
        Message.assistant("db-prod-03.internal 连接超时，建议切换到 db-prod-04.internal。"), 1
    )
    return d


def test_switching_to_another_host_replaces_the_host() -> None:
    d = _host()
    d.observe(Message.user("好的，那就切到 db-prod-04.internal 吧"), 2)
    assert slot_values(d)["host"] == "db-prod-04.internal"
    assert archived(d) == [("task.host", "db-prod-03.internal")]


def test_a_host_switched_to_with_none_before_is_the_host() -> None:
    d = alternating(
        "db-prod-03.internal 查询一直超时",
        "建议从 db-prod-03.internal 切换到 db-prod-04.internal。",
        "好的，那就切到 db-prod-04.internal 吧",
    )
    assert slot_values(d)["host"] == "db-prod-04.internal"


@pytest.mark.parametrize(
    "said",
    [
        "切到下一个话题",
        "要不要切到 db-prod-04.internal？",
        "别切到 db-prod-04.internal",
        "先别改，P2就行",
        "改成3个人",
        "Can we move on?",
        "换个话题吧",
        "db-prod-04.internal 是什么？",
        "切换到中文回答",
    ],
)
def test_no_switch(said: str) -> None:
    d = _host()
    d.observe(Message.user(said), 2)
    assert slot_values(d).get("host") == "db-prod-03.internal"


def test_a_read_call_sets_no_value() -> None:
    d = CompactionDistiller(Settings())
    d.observe(Message.user("看看配置"), 1)
    call(d, 1, "read_config", {"host": "db-prod-03.internal"}, "ok")
    call(d, 1, "book_hotel", {"city": "Napa"}, "ok")
    assert "host" not in slot_values(d)
    assert "city" not in slot_values(d)


# --- 5. CrossWOZ: a price said before the kind -----------------------------------------------

CW = "crosswoz"


@pytest.mark.parametrize(
    ("said", "slot", "value"),
    [
        ("我还想预约个200-300元的酒店", "价格", "200-300元"),
        ("帮我找一家人均100元左右的餐馆", "人均消费", "100元左右"),
        ("我想去一个门票50元以下的景点", "门票", "50元以下"),
        ("找个100元以内的景点", "门票", "100元以内"),
        # A question is how a CrossWOZ user asks for places in a range: still a request.
        ("200-300元的酒店有哪些？", "价格", "200-300元"),
    ],
)
def test_a_price_before_the_kind_is_that_kinds_price(said: str, slot: str, value: str) -> None:
    assert values(said, "好的。", ontology=CW).get(slot) == value


@pytest.mark.parametrize(
    "said",
    [
        "不要200-300元的酒店",
        "没有200-300元的酒店",
        "比200元的酒店贵一点也行",
        "从酒店打车要30元",
        "我去过一个500元的酒店",
        "我住过200元的酒店，很差",
        "酒店到景点的打车费大概30元",
        "那家酒店旁边有个50元的停车场",
    ],
)
def test_no_price_of_the_kind(said: str) -> None:
    assert "价格" not in values(said, "好的。", ontology=CW)
    assert "门票" not in values(said, "好的。", ontology=CW)
