"""What a search asked that no place met: kept with the place the search ended on and shown
beside its facts as asked and not met, never as the place's fact or a current wish."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ctxengine.compaction.distiller import CompactionDistiller
from ctxengine.compaction.schema import ParsedTurn, SlotUpdate
from ctxengine.compaction.state import CompactionConfig, SessionState
from ctxengine.messages import Message
from ctxengine.tokens import TokenCounter

from ._crosswoz import alternating
from ._turns import rule, upd, user

COUNTER = TokenCounter()

# The user asks for a price, takes a dearer place, then starts another search.
TAKEN_DEARER = [
    "帮我找一家人均消费50-100元的餐馆",
    "推荐您去某某烤鸭店，不过价格有点高，人均消费是143元，您能接受吗？",
    "可以，他家电话是多少？",
    "电话是010-12345678。",
    "再帮我找一家评分4.5分以上、有烤肠的餐馆",
    "抱歉，没有找到推荐菜符合的餐馆，推荐您去某某食府。",
]


replay = alternating  # user, assistant, user, ... through the CrossWOZ distiller


def capped(d: CompactionDistiller, tokens: int | None = None) -> str:
    """The block one token under its full size (the compact form), or under `tokens`."""
    full = d.render(d.last_turn, "zh")
    cap = COUNTER.count(full) - 1 if tokens is None else tokens
    return d.render(d.last_turn, "zh", max_tokens=cap, count=COUNTER.count)


def test_the_ask_goes_with_the_place_the_search_ended_on() -> None:
    d = replay(*TAKEN_DEARER)
    asks = d.state.state.unmet_asks
    assert asks["餐馆[某某烤鸭店].人均消费"] == "50-100元"
    # The place's fact is what it costs; the ask is not a value of any slot.
    slots = {k: v.value for k, v in d.state.state.slots.items()}
    assert slots["餐馆[某某烤鸭店].人均消费"] == "143元"
    assert "50-100元" not in slots.values()
    # The open search's own unmet ask stays with the search until it ends.
    assert asks["餐馆.推荐菜"] == "烤肠"


def test_the_block_writes_the_ask_beside_the_fact_labelled_as_not_met() -> None:
    d = replay(*TAKEN_DEARER)
    full = d.render(d.last_turn, "zh")
    assert "餐馆[某某烤鸭店]: 人均消费=143元 (未满足的要求: 50-100元)" in full
    table = capped(d)
    assert "某某烤鸭店||143元 (未满足的要求: 50-100元)|010-12345678" in table.split("\n")
    # The current search's row carries none (a reply just said so; that row is never shed).
    assert "烤肠" not in full and "烤肠" not in table


def test_an_ask_with_no_fact_beside_it_fills_the_cell_alone() -> None:
    d = replay(
        *TAKEN_DEARER,
        "好的，谢谢。",
        "不客气。",
        "再帮我找一家人均消费100元以内的餐馆",  # a new search ends the 某某食府 one
    )
    assert d.state.state.unmet_asks["餐馆[某某食府].推荐菜"] == "烤肠"
    assert "餐馆.推荐菜" not in d.state.state.unmet_asks
    assert "餐馆[某某食府]: 评分=4.5分以上; 推荐菜=(未满足的要求: 烤肠)" in d.render(
        d.last_turn, "zh"
    )


def test_under_a_cap_the_ask_leaves_before_any_fact() -> None:
    d = replay(*TAKEN_DEARER)
    table = capped(d)
    without = table.replace(" (未满足的要求: 50-100元)", "")
    # A cap that holds everything but the ask: the facts stay, the ask alone is gone.
    block = capped(d, COUNTER.count(without))
    assert "某某烤鸭店||143元|010-12345678" in block.split("\n")
    assert "50-100元" not in block
    assert COUNTER.count(block) <= COUNTER.count(without)


def test_asking_again_clears_the_unmet_ask() -> None:
    d = replay(*TAKEN_DEARER[:2], "那人均消费50-100元的还有别的吗？")
    # The user asked it again: a current request, no longer the one a place failed.
    assert "餐馆.人均消费" not in d.state.state.unmet_asks
    assert d.state.state.slots["餐馆.人均消费"].value == "50-100元"


def test_a_restart_drops_the_asks_and_a_save_keeps_them() -> None:
    d = replay(*TAKEN_DEARER)
    saved = SessionState.from_dict(d.state.to_dict())
    assert saved.state.unmet_asks == d.state.state.unmet_asks
    d.observe(Message.user("重新开始吧"), d.last_turn + 1)
    assert d.state.state.unmet_asks == {}


def test_english_blocks_say_it_in_english() -> None:
    d = replay(*TAKEN_DEARER)
    assert "(asked, not met: 50-100元)" in d.render(d.last_turn, "en")


def test_a_later_fact_that_meets_the_ask_clears_it() -> None:
    d = replay(
        "帮我找一家有烤肠的餐馆",
        "抱歉，没有找到推荐菜符合的餐馆，推荐您去某某食府。",
        "还有别的吗？",
        "某某餐厅也不错，推荐菜有烤肠。",
        "好的，谢谢。",
        "不客气。",
        "再帮我找一家人均消费100元以内的餐馆",
    )
    assert not any(v == "烤肠" for v in d.state.state.unmet_asks.values())
    assert "(未满足的要求: 烤肠)" not in d.render(d.last_turn, "zh")


def test_a_place_taken_up_again_by_a_new_search_drops_its_old_asks() -> None:
    state = replay(*TAKEN_DEARER[:4]).state.state
    state.close_search("餐馆", 3)
    assert state.unmet_asks == {"餐馆[某某烤鸭店].人均消费": "50-100元"}
    state._move("餐馆[某某烤鸭店]", "餐馆")  # as `_shelve` brings a place named again back
    assert state.unmet_asks == {}


def test_a_cell_with_a_separator_is_quoted_whole_with_its_note() -> None:
    d = replay(*TAKEN_DEARER)
    asks = d.state.state.unmet_asks
    asks["餐馆[某某烤鸭店].电话"] = "010|1"
    table = capped(d)
    row = next(line for line in table.split("\n") if line.startswith("某某烤鸭店|"))
    assert row.endswith('|"010-12345678 (未满足的要求: 010|1)"')


# The user asks for a price no place meets, goes on with another criterion, and takes the
# place the reply then offers: that place was never checked against the price.
GONE_ON_FROM = [
    "帮我找人均50-100元的餐馆",
    "抱歉，没有找到人均消费符合的餐馆。",
    "那帮我找评分4.5分以上的",
    "推荐您去某某烤鸭店。",
    "好的，谢谢。",
    "不客气。",
    "再帮我找一家评分4分以上的餐馆",
    "推荐您去某某食府。",
]


def test_an_ask_no_place_was_offered_against_goes_with_no_place() -> None:
    d = replay(*GONE_ON_FROM)
    state = d.state.state
    assert state.slots["餐馆[某某烤鸭店].评分"].value == "4.5分以上"
    assert "50-100元" not in state.unmet_asks.values()
    assert state.ask_origins == {}
    assert "(未满足的要求: 50-100元)" not in d.render(d.last_turn, "zh")
    assert "50-100元 (" not in capped(d)


def test_an_ask_goes_with_the_earlier_candidate_it_was_unmet_against() -> None:
    d = replay(
        *TAKEN_DEARER[:2],  # 某某烤鸭店 offered at 143元 against 50-100元
        "还有别的吗？",
        "某某食府也不错。",
        "好的，谢谢。",
        "不客气。",
        "再帮我找一家评分4.5分以上的餐馆",
    )
    # The search ended on 某某食府, offered after the reply found the price unmet.
    assert d.state.state.unmet_asks == {"餐馆[某某烤鸭店].人均消费": "50-100元"}
    assert "餐馆[某某烤鸭店]: 人均消费=143元 (未满足的要求: 50-100元)" in d.render(
        d.last_turn, "zh"
    )


def test_an_ask_goes_with_a_candidate_offered_by_its_facts_before_its_name() -> None:
    d = replay(
        "帮我找评分4.5分以上的景点",
        "没有查到完全符合条件的景点，但找到一个评分4分的。",  # offered, not yet named
        "是哪家啊？",
        "给你找到的是某某乐园。",
        "好的，谢谢。",
        "不客气。",
        "再帮我找一个门票100元以内的景点",
    )
    assert d.state.state.unmet_asks == {"景点[某某乐园].评分": "4.5分以上"}


def test_an_ask_goes_with_an_unnamed_candidate_the_same_reply_offered() -> None:
    d = replay(
        "帮我找评分4.5分以上的餐馆",
        "抱歉，评分没有符合您要求的，推荐您去评分4.2分的某某香山。",  # a name not caught
        "这家餐馆的营业时间是？",
        "营业时间是周一至周日 10:30-22:00。",
        "好的，谢谢。",
        "不客气。",
        "再帮我找一家人均消费100元以内的餐馆",
    )
    assert d.state.state.unmet_asks == {"餐馆[#1].评分": "4.5分以上"}


def test_a_state_saved_before_ask_origins_loads_and_its_asks_go_as_before() -> None:
    d = replay(*TAKEN_DEARER)
    data = d.state.to_dict()
    assert data["state"]["ask_origins"] == {"餐馆.推荐菜": {"turn": 3, "candidate": None}}
    del data["state"]["ask_origins"]
    saved = SessionState.from_dict(data)
    assert saved.state.unmet_asks == d.state.state.unmet_asks
    assert saved.state.ask_origins == {}
    saved.state.close_search("餐馆", 5, saved.state.slots["餐馆.名称"].turn)
    assert saved.state.unmet_asks["餐馆[某某食府].推荐菜"] == "烤肠"


# 某某食府 was offered with nothing but its name, against a price it did not meet.
NAME_ONLY = [
    "帮我找人均50-100元的餐馆",
    "抱歉，没有找到人均消费符合的餐馆，推荐您去某某食府。",
    "好的，谢谢。",
    "不客气。",
    "再帮我找一家评分4.5分以上的餐馆",
    "推荐您去某某烤鸭店。",
]


def test_a_place_with_nothing_but_its_name_sheds_its_ask_before_itself() -> None:
    d = replay(*NAME_ONLY)
    assert d.state.state.unmet_asks == {"餐馆[某某食府].人均消费": "50-100元"}
    table = capped(d)
    assert "某某食府||(未满足的要求: 50-100元)" in table.split("\n")
    without = table.replace("||(未满足的要求: 50-100元)", "")
    block = capped(d, COUNTER.count(without))
    # The ask alone left: the intents (which rank above it) and the place's row stay.
    assert "某某食府" in block.split("\n") and "查询 [本轮]" in block.split("\n")
    assert "50-100元)" not in block
    assert COUNTER.count(block) <= COUNTER.count(without)


def _dropped_place() -> SessionState:
    """A place a tool named, closed with the price it did not meet, then a periodic reset
    (which drops values only a tool gave)."""
    s = SessionState(config=CompactionConfig(reset_after_turns=10))
    price = SlotUpdate(entity="餐馆", slot="人均消费", value="50-100元", criterion=True)
    s.apply(ParsedTurn(turn=1, role="user", updates=[price]))
    s.apply(ParsedTurn(turn=1, role="tool", updates=[name_update("某某食府")]))
    s.apply(ParsedTurn(turn=1, role="assistant", unmet=["人均消费"]))
    rating = SlotUpdate(entity="餐馆", slot="评分", value="4.5分以上", criterion=True)
    s.apply(ParsedTurn(turn=3, role="user", updates=[rating]))
    assert s.state.unmet_asks == {"餐馆[某某食府].人均消费": "50-100元"}
    s.apply(ParsedTurn(turn=11, role="user"))
    assert s.last_reset_turn == 11
    return s


def name_update(name: str) -> SlotUpdate:
    return SlotUpdate(entity="餐馆", slot="名称", value=name)


def test_an_ask_leaves_with_the_last_slot_of_its_place() -> None:
    s = _dropped_place()
    assert not any(v.entity == "餐馆[某某食府]" for v in s.state.slots.values())
    assert s.state.unmet_asks == {}


def test_a_stand_in_name_that_holds_asks_is_taken() -> None:
    s = _dropped_place()
    # As a state saved before asks left with their place holds them.
    s.state.unmet_asks["餐馆[#1].人均消费"] = "50-100元"
    assert s.state.unnamed_instance("餐馆") == "餐馆[#2]"


def noted_state(instances: int) -> SessionState:
    """`instances` places named one after another, each with the price its search asked
    and no place met; every third has nothing but its name beside it."""
    s = SessionState(session_id="notes")
    s.apply(
        user(
            1,
            updates=[upd("order_id", "A-778812", entity="order")],
            constraints=[rule("不要显示价格", "forbid", "价格")],
        )
    )
    for i in range(instances):
        ups = [upd("名称", f"某某食府{i}号", entity="餐馆")]
        if i % 3:
            ups.append(upd("人均消费", f"{140 + i}元", entity="餐馆"))
        s.apply(user(i + 2, updates=ups))
        s.state.unmet_asks[f"餐馆[某某食府{i}号].人均消费"] = f"{50 + i}-100元"
    return s


@settings(max_examples=60, deadline=None)
@given(cap=st.integers(min_value=0, max_value=600), instances=st.integers(0, 12))
def test_under_any_cap_the_notes_fit_or_are_gone(cap: int, instances: int) -> None:
    s = noted_state(instances)
    full = s.render(20, "zh")
    assert full.count("(未满足的要求:") == max(instances - 1, 0)  # the current place: none
    block = s.render(20, "zh", max_tokens=cap, count=COUNTER.count)
    assert "order_id=A-778812" in block and "不要显示价格" in block
    if COUNTER.count(block) > cap:
        # Over the cap only what may never leave is left: no table, no note.
        assert "未满足的要求" not in block and "餐馆(" not in block
    for line in block.split("\n"):
        # A note is never left without its place.
        if "(未满足的要求:" in line:
            assert line.startswith("某某食府") or line.startswith("餐馆[某某食府")


def test_an_ask_the_user_went_on_from_goes_to_no_later_place_even_when_that_failed_too() -> None:
    # The price failed, the user asked for a rating instead, which failed as well (declined,
    # archived): the place offered then was never checked against the price.
    for offer in (
        "没有找到完全符合的，推荐您去某某烤鸭店。",
        "抱歉，评分没有符合您要求的，推荐您去某某烤鸭店，评分4.2分。",
    ):
        d = replay(
            "帮我找人均50-100元的餐馆",
            "抱歉，没有找到人均消费符合的餐馆。",
            "那帮我找评分4.5分以上的",
            offer,
            "好的，谢谢。",
            "不客气。",
            "再帮我找一家评分4分以上的餐馆",
            "推荐您去某某食府。",
        )
        assert "50-100元" not in d.state.state.unmet_asks.values(), offer
        assert "(未满足的要求: 50-100元)" not in d.render(d.last_turn, "zh")


def test_an_ask_stays_with_a_candidate_offered_by_a_fact_before_a_criterion_and_its_name() -> None:
    # The failing reply offers a candidate by a fact; the user adds a criterion, then the
    # name comes: the candidate was offered before that criterion, the ask goes with it.
    d = replay(
        "帮我找评分4.5分以上的景点",
        "没有查到完全符合条件的景点，但找到一个评分4分的。",
        "是哪家啊？门票要免费的",
        "给你找到的是某某乐园，门票免费。",
        "好的，谢谢。",
        "不客气。",
        "再帮我找一个门票100元以内的景点",
    )
    assert d.state.state.unmet_asks == {"景点[某某乐园].评分": "4.5分以上"}


def test_an_ask_of_a_candidate_that_is_gone_goes_nowhere() -> None:
    s = SessionState(config=CompactionConfig(reset_after_turns=10))
    price = SlotUpdate(entity="餐馆", slot="人均消费", value="50-100元", criterion=True)
    s.apply(ParsedTurn(turn=1, role="user", updates=[price]))
    s.apply(ParsedTurn(turn=1, role="tool", updates=[name_update("A食府")]))
    s.apply(ParsedTurn(turn=1, role="assistant", unmet=["人均消费"]))
    s.apply(ParsedTurn(turn=2, role="user"))
    s.apply(ParsedTurn(turn=2, role="assistant", updates=[name_update("B餐厅")]))
    assert s.state.ask_origins["餐馆.人均消费"].candidate == "餐馆[A食府]"
    s.apply(ParsedTurn(turn=11, role="user"))  # the periodic reset drops A's tool-only name
    assert not any(v.entity == "餐馆[A食府]" for v in s.state.slots.values())
    rating = SlotUpdate(entity="餐馆", slot="评分", value="4.5分以上", criterion=True)
    s.apply(ParsedTurn(turn=13, role="user", updates=[rating]))
    assert s.state.unmet_asks == {}  # not on B, which was offered after the price failed
