"""English words review round 6 read as slot values, rules or intents that are none: a colour
word naming a dish or a border ("black bean quesadillas", "white borders"), a pointer as a
thing's name ("update the empty one to 1.21.3"), a value's state told ("the contact email is
old"), a move to a place no slot holds ("move it to the Eindhoven"), a third person's name as the
recipient ("ban the griefer, his name is X"), what one never did as a rule ("I've never heard of
GlobalTech"), leave to undo an action as a rule ("you can unblock online payments again"), and
two questions read as other intents. Each with look-alikes that must still be read, and the
Chinese wordings where the same defect could be.
"""

from __future__ import annotations

import pytest
from _review_harness import block, current_text, section

from ctxengine.compaction.constraints import extract_constraints
from ctxengine.compaction.intents import classify_intents
from ctxengine.compaction.ontology import generic_ontology
from ctxengine.compaction.slots import extract_updates

from ._ledger import LedgerSession
from ._turns import alternating, slot_values

ECOM = "ecommerce"


def values(*texts: str, ontology: str | None = None) -> dict[str, str]:
    return slot_values(alternating(*texts, ontology=ontology))


def updates(text: str) -> list[tuple[str, str | None]]:
    return [(u.slot, u.value) for u in extract_updates(text, generic_ontology())]


def rules(text: str) -> list[tuple[str, str, bool]]:
    return [(c.polarity, c.subject, c.revokes) for c in extract_constraints(text)]


def top_intent(text: str) -> str:
    return classify_intents(text, None)[0].name


# ---------------------------------------------------------------- a colour word, no colour


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    "text",
    [
        "Thursday: black bean quesadillas.",
        "I'd rather have white borders.",
        "A glass of red wine with dinner.",
        "Green tea for me, no sugar.",
        "Add black pepper and red onions.",
        "Use a white background for the photos.",
        "Plain white rice on the side.",
        "Print them with black margins.",
        "Grey edges look odd on prints.",
        "Don't add blue cheese.",
        "That's a lot of red tape.",
        "We got white noise on the call.",
    ],
)
def test_a_colour_word_naming_a_dish_or_a_border_is_no_colour(
    ontology: str | None, text: str
) -> None:
    assert "color" not in values(text, "OK.", ontology=ontology)


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    ("text", "color"),
    [
        ("I want the black one.", "black"),
        ("Make it white please.", "white"),
        ("Order the red shoes in size 9.", "red"),
        ("I'd like the black iPhone.", "black"),
        ("Make a bar chart, blue bars.", "blue"),
        ("The white jacket, please.", "white"),
        ("Use black for the case.", "black"),
        ("Change the color to green.", "green"),
    ],
)
def test_a_colour_of_the_item_is_still_read(ontology: str | None, text: str, color: str) -> None:
    assert values(text, "OK.", ontology=ontology).get("color") == color


def test_dish_from_the_assistant_sets_no_colour_in_the_block() -> None:
    text = block("Tacos Monday.", "Monday: red snapper tacos with green beans.", "Go.")
    assert "color" not in current_text(text)


# ---------------------------------------------------------------- a pointer names no thing


@pytest.mark.parametrize(
    "text",
    [
        "Update the empty one to 1.21.3 and restart it.",
        "Set the second one to 8080.",
        "Change the other one to v2.4.",
        "Move the big one to 3pm.",
        "Update the old thing to 2.0.",
        "Set the last ones to 40.",
        "Change the staging one to 1.21.4.",
        "Upgrade the first one to 17.2.",
    ],
)
def test_a_pointer_is_no_slot_name(text: str) -> None:
    assert not [s for s, _ in updates(text) if s.endswith(("one", "ones", "thing"))]


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Update the server version to 1.21.3.", "server version", "1.21.3"),
        ("Set the port to 8080.", "port", "8080"),
        ("Change the deadline to Friday.", "deadline", "Friday"),
        ("Lower the calories to 2,050.", "calories", "2,050"),
    ],
)
def test_a_thing_named_is_still_its_slot(text: str, slot: str, value: str) -> None:
    assert (slot, value) in updates(text)


# ---------------------------------------------------------------- a value's state, no value


@pytest.mark.parametrize(
    "text",
    [
        "The contact email is old.",
        "The email is outdated.",
        "My phone number is out of date.",
        "The shipping address is no longer valid.",
        "That email is dead.",
        "The delivery address is wrong now.",
        "The phone number is invalid.",
        "The email address is bouncing.",
        "The coupon is expired.",
        "联系邮箱是旧的。",
        "电话已经停用了。",
        "邮箱已经失效了。",
    ],
)
def test_a_value_said_stale_is_no_value(text: str) -> None:
    assert updates(text) == []


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("The email is jo@lumenlabs.io.", "email", "jo@lumenlabs.io"),
        ("The contact email is j.pike@proton.me.", "email", "j.pike@proton.me"),
        ("My phone number is 617-555-0142.", "phone", "617-555-0142"),
        ("The address is 5 Main St, Springfield.", "address", "5 Main St"),
        ("邮箱是 liu@example.com。", "email", "liu@example.com"),
        ("收货人是老王。", "recipient", "老王"),
    ],
)
def test_a_value_after_is_still_read(text: str, slot: str, value: str) -> None:
    assert any(s == slot and v is not None and value in v for s, v in updates(text))


def test_stale_email_in_the_block() -> None:
    text = block("The contact email is old, I'll send the new one.", "OK.", "Go.")
    assert "email" not in current_text(text)


# ---------------------------------------------------------------- moved to a place no slot holds


@pytest.mark.parametrize(
    "text",
    [
        "Move it to the Eindhoven then.",
        "Move it to the Rotterdam site.",
        "Move it to Room 4B.",
        "Move it to Hall 3, please.",
        "Move it to the other warehouse.",
        "Move it to the north wing.",
        "Move it to the big room.",
        "Move it to the Lisbon office.",
    ],
)
def test_moved_to_a_place_is_no_unspecified_slot(text: str) -> None:
    assert not [s for s, _ in updates(text) if s in ("unspecified", "date")]


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("Move it to Friday.", "date"),
        ("Move it to Wednesday at 2pm.", "date"),
        ("Move it to March 3.", "date"),
        ("Move it to the afternoon.", "date"),
    ],
)
def test_moved_to_a_when_is_still_read(text: str, slot: str) -> None:
    assert slot in [s for s, _ in updates(text)]


def test_moved_to_a_place_in_the_block() -> None:
    text = block("Move it to the Rotterdam site then.", "OK.", "Go.")
    assert "unspecified" not in current_text(text)


# ---------------------------------------------------------------- a third person's name


@pytest.mark.parametrize(
    "text",
    [
        "Ban the griefer, his name is xX_Shad0w_Xx.",
        "Kick the spammer, her name is Lila_22.",
        "The player's name is Zed_Runner.",
        "Mute him, his name is Bob Stone.",
        "The manager's name is Karen Holt.",
        "Their name is Orion Labs.",
        "Block that user, his name is TrollKing.",
        "The landlord's name is Mr. Peters.",
        "The griefer’s name is Zed.",
    ],
)
def test_a_third_persons_name_is_no_recipient(text: str) -> None:
    found = updates(text)
    assert "recipient" not in [s for s, _ in found]
    assert "name" in [s for s, _ in found]


@pytest.mark.parametrize(
    "text",
    [
        "Send it to my brother, his name is Tom Baker.",
        "Her name is Anna Li, ship it to her office.",
        "The recipient's name is Tom Baker.",
        "Deliver it to my neighbour, her name is Ruth Cole.",
        "The recipient is Tom Baker.",
        "The recipient’s name is Tom Baker.",
    ],
)
def test_a_recipients_name_is_still_the_recipient(text: str) -> None:
    assert "recipient" in [s for s, _ in updates(text)]


def test_banned_player_named_in_the_block() -> None:
    current = current_text(block("Kick the spammer, her name is Lila_22.", "OK.", "Go."))
    assert "recipient" not in current
    assert "Lila_22" in current


# ---------------------------------------------------------------- what one never did


@pytest.mark.parametrize(
    "text",
    [
        "I've never heard of GlobalTech.",
        "Never heard of them.",
        "We have never ordered from them.",
        "I never ordered that.",
        "It's never been this slow.",
        "I'd never heard of it before.",
        "I have never used that card online.",
        "We've honestly never been there.",
        "She has never booked with you.",
    ],
)
def test_what_one_never_did_is_no_rule(text: str) -> None:
    assert rules(text) == []


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("Never use PayPal.", "paypal"),
        ("Never exceed the budget.", "exceed the budget"),
        ("Never share my email.", "share my email"),
        ("Please never call my work number.", "call my work number"),
    ],
)
def test_a_never_rule_is_still_read(text: str, subject: str) -> None:
    assert ("forbid", subject, False) in rules(text)


@pytest.mark.parametrize("text", ["我从来没听说过这家公司。", "我从没用过这张卡网购。"])
def test_zh_what_one_never_did_is_no_rule(text: str) -> None:
    assert rules(text) == []


def test_never_heard_of_in_the_block() -> None:
    text = block("We have never ordered from GlobalTech.", "OK.", "Go.")
    assert not section(text, "constraints")


# ---------------------------------------------------------------- leave to undo an action


@pytest.mark.parametrize(
    "text",
    [
        "You can unblock online payments again.",
        "You can unfreeze the card again.",
        "You can unlock my account again.",
        "You can re-enable contactless payments again.",
        "You can reactivate the card again.",
        "You can unban him again.",
        "You can turn notifications back on again.",
        "You can restart the sync again.",
    ],
)
def test_leave_to_undo_is_no_rule_with_none_in_force(text: str) -> None:
    assert LedgerSession(text).active() == []


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        ("Don't use emojis.", "You can use emojis again."),
        ("Don't show prices.", "You can show prices again."),
        ("Never unblock online payments.", "You can unblock online payments again."),
        ("Never restart the sync.", "You can restart the sync again."),
    ],
)
def test_a_lift_of_a_rule_in_force_still_lifts(rule: str, lift: str) -> None:
    s = LedgerSession(rule, lift)
    assert rule not in s.active()


@pytest.mark.parametrize("text", ["你可以重新开通网上支付了。", "你可以解冻这张卡了。"])
def test_zh_leave_to_undo_is_no_rule_with_none_in_force(text: str) -> None:
    assert LedgerSession(text).active() == []


def test_plain_lift_with_no_rule_is_kept_as_before() -> None:
    assert rules("You can show prices again") == [("forbid", "prices", True)]


# ---------------------------------------------------------------- questions and asks again


@pytest.mark.parametrize(
    "text",
    [
        "Is it too late to change anything?",
        "Is there time to switch the venue?",
        "Are we still able to update the order?",
        "Did you change the date?",
        "Has it been modified yet?",
        "Order prints. Is it too late to change anything?",
        "Good. Send me the hold and agenda ids again with the headcount.",
        "Send me the booking reference again.",
        "Tell me the total again.",
        "Remind me what the hold id was.",
        "Give me the tracking numbers again, please.",
        "把预留号和议程号再发我一遍。",
        "重新发我一下报价。",
        "现在改还来得及吗？",
    ],
)
def test_a_question_or_an_ask_again_is_a_query(text: str) -> None:
    assert top_intent(text) == "query"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Change the date to Friday.", "modify"),
        ("Is it possible to change the date to Friday?", "modify"),
        ("Is it OK to switch the venue to the Grand Hall?", "modify"),
        ("Switch it to store credit.", "modify"),
        ("Send me a confirmation email.", "inform"),
        ("Cancel my order.", "cancel"),
        ("Did I say Friday? Make it Saturday.", "modify"),
        ("把地址改成上海。", "modify"),
        ("再发一次货。", "inform"),
    ],
)
def test_a_request_is_still_its_intent(text: str, intent: str) -> None:
    assert top_intent(text) == intent
