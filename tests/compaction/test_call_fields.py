"""The agent's own tool-call arguments are its task state: shown above tool-result fields.

Where no ontology knows a domain (an English booking agent under the generic one), what the
agent passed to its tools (the city searched, the date booked) is the task state the block
keeps; a result's dozens of fields are capped and leave first under the token cap.
"""

from __future__ import annotations

import json
import tempfile

from ctxengine.engine import ContextEngine, make_distiller
from ctxengine.messages import Message, ToolCallPart
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore
from ctxengine.tokens import TokenCounter

COUNTER = TokenCounter()
CITIES = [
    "Santa Rosa",
    "Castro Valley",
    "Bodega Bay",
    "Pinole",
    "San Bruno",
    "Half Moon Bay",
    "Walnut Creek",
    "Mill Valley",
    "Los Gatos",
    "Morgan Hill",
    "Union City",
    "Daly City",
    "Sausalito",
    "Menlo Park",
    "Foster City",
]


def task(i: int, city: str) -> list[Message]:
    """One task: the user asks, the agent searches (a call with the city and a cuisine), the
    tool returns eight places with four fields each, the agent answers."""
    cid = f"call_{i}"
    args = {"city": city, "cuisine": f"cuisine-{i}"}
    rows = [
        {
            "restaurant_name": f"Place {i}-{j}",
            "phone_number": f"408-555-{i:02d}{j:02d}",
            "street_address": f"{100 + j} Main Street",
            "price_range": "moderate",
        }
        for j in range(8)
    ]
    return [
        Message.user(f"Find me somewhere to eat, task number {i}."),
        Message.assistant(
            None,
            tool_calls=[ToolCallPart(id=cid, name="FindRestaurants", arguments=json.dumps(args))],
        ),
        Message.tool(cid, json.dumps(rows)),
        Message.assistant(f"I found 8 places for task number {i}."),
    ]


def history() -> list[Message]:
    return [m for i, city in enumerate(CITIES) for m in task(i, city)]


def observed(settings: Settings, cap: int = 400) -> tuple[str, str]:
    """(the uncapped block, the block under a `cap`-token cap) after the whole history."""
    d = make_distiller(settings, "calls")
    assert d is not None
    turn = 0
    for m in history():
        turn += m.role == "user"
        d.observe(m, turn)
    full = d.render(turn, "en")
    capped = d.render(turn, "en", max_tokens=cap, count=COUNTER.count)
    return full, capped


def test_every_call_argument_shows_beyond_the_tool_field_cap() -> None:
    # 15 calls x 2 arguments = 30 fields: more than the 12 tool fields a block shows.
    full, _ = observed(Settings(compaction=True))
    for i, city in enumerate(CITIES):
        assert f": {city} (call:FindRestaurants)" in full, city
        assert f"cuisine-{i} (call:FindRestaurants)" in full
    # Result fields keep their own cap.
    assert full.count("(tool:FindRestaurants)") <= Settings().render_max_evidence


def test_call_fields_have_a_cap_of_their_own() -> None:
    full, _ = observed(Settings(compaction=True, render_max_call_fields=4))
    assert full.count("(call:FindRestaurants)") == 4
    # The newest calls are the ones kept.
    assert "Foster City" in full and "Santa Rosa" not in full


def test_result_fields_leave_before_call_arguments_under_the_cap() -> None:
    full, capped = observed(Settings(compaction=True), cap=300)
    assert "(tool:FindRestaurants)" in full
    assert COUNTER.count(capped) <= 300
    # Over the cap, one call's arguments share a line, newest call first; every call stays
    # while a result field leaves.
    assert "- call FindRestaurants: city=Foster City; cuisine=cuisine-14" in capped
    for city in CITIES:
        assert f"city={city};" in capped
    assert full.count("(tool:FindRestaurants)") > capped.count("(tool:FindRestaurants)")


def test_said_values_outlast_forty_items() -> None:
    # Fifty dates the user said, one per turn: the session keeps them all (a long booking
    # session states more than forty), and the token cap, not an item count, bounds them.
    d = make_distiller(Settings(compaction=True), "dates")
    assert d is not None
    for day in range(1, 51):
        d.observe(Message.user(f"Also book the hall for March {day}, {2000 + day}."), day)
    block = d.render(50, "en")
    for day in range(1, 51):
        assert f"March {day}, {2000 + day}" in block


async def test_a_compacted_session_still_shows_every_city_searched() -> None:
    # End to end: a budget that forces the early tasks out of the window.
    with tempfile.TemporaryDirectory() as ws:
        settings = Settings(compaction=True, workspace=ws, agent_max_context_tokens=2500)
        async with ContextEngine(settings, store=MemoryStore()) as engine:
            session = await engine.session("u", "calls", restore=False)
            for m in history():
                await session.add(m)
            await session.add(Message.user("Which cities did we search today?"))
            ctx = await session.context()
    seen = "\n".join(m.text for m in ctx.messages)
    assert ctx.tokens <= 2500
    assert "Find me somewhere to eat, task number 0." not in seen  # compaction happened
    for city in CITIES:
        assert city in seen, city
