"""Round 19's review of slot values that over-reach: a judgement read as the value ("The
address is fine.", "优惠券用上了"), a bare hour after "push it to" read as a party's size, a past
trip's dates read as the booking's, a team's size read as a party's, a colour judged badly read
as chosen, and a colour alone read as the product ("买一件黑色的羽绒服")."""

from __future__ import annotations

import pytest

from ._turns import alternating, slot_values

ECOM = "ecommerce"


def values(*texts: str, ontology: str | None = None) -> dict[str, str]:
    return slot_values(alternating(*texts, ontology=ontology))


# --- 1. a judgement of the value is no value -------------------------------------------------


@pytest.mark.parametrize(
    ("said", "reply", "judged", "slot", "kept"),
    [
        (
            "Ship to 12 Oak St, Springfield.",
            "I'll ship to 12 Oak St, Springfield. Please confirm.",
            "The address is fine.",
            "address",
            "12 Oak St, Springfield",
        ),
        (
            "Apply coupon SAVE10.",
            "Coupon SAVE10 applied.",
            "The coupon is fine.",
            "coupon",
            "SAVE10",
        ),
        ("Buy the laptop for $999.", "The price is $999.", "The price is fine.", "price", "$999"),
        (
            "My email is a@b.com.",
            "Your email is a@b.com.",
            "That email is correct.",
            "email",
            "a@b.com",
        ),
        (
            "My email is a@b.com.",
            "Your email is a@b.com.",
            "The email is right.",
            "email",
            "a@b.com",
        ),
        (
            "Apply coupon SAVE10.",
            "Coupon SAVE10 applied.",
            "The coupon is perfect!",
            "coupon",
            "SAVE10",
        ),
        (
            "Buy the laptop for $999.",
            "The price is $999.",
            "The price is too high.",
            "price",
            "$999",
        ),
        ("Buy the laptop for $999.", "The price is $999.", "The price is OK.", "price", "$999"),
        (
            "用优惠券 NEW50 下单。",
            "已使用优惠券 NEW50，订单已提交。",
            "优惠券用上了，太好了。",
            "coupon",
            "NEW50",
        ),
        (
            "用优惠券 NEW50 下单。",
            "已使用优惠券 NEW50，订单已提交。",
            "优惠券没问题。",
            "coupon",
            "NEW50",
        ),
    ],
)
def test_a_judgement_keeps_the_value(
    said: str, reply: str, judged: str, slot: str, kept: str
) -> None:
    assert values(said, reply, judged, ontology=ECOM).get(slot) == kept


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("The date is fine, thanks.", "date"),
        ("The time is fine, but can we sit outside?", "time"),
        ("The date is correct.", "date"),
        ("The time is good.", "time"),
        ("The date is wrong.", "date"),
    ],
)
def test_a_judgement_sets_no_value(text: str, slot: str) -> None:
    assert slot not in values(text)


@pytest.mark.parametrize(
    ("text", "slot", "value", "ontology"),
    [
        ("The address is 5 Main St.", "address", "5 Main St", None),
        ("The date is Friday.", "date", "Friday", None),
        ("The coupon is SAVE20.", "coupon", "SAVE20", ECOM),
        ("That email is b@c.org.", "email", "b@c.org", ECOM),
        ("The price is $50.", "price", "$50", ECOM),
        ("优惠码是NEW50。", "coupon", "NEW50", ECOM),
    ],
)
def test_a_value_after_is_still_set(text: str, slot: str, value: str, ontology: str | None) -> None:
    assert values(text, ontology=ontology)[slot] == value


def test_a_judging_answer_is_no_value() -> None:
    got = values("Is it true to size?", "Yes, mostly.", ontology=ECOM)
    assert "size" not in got


# --- 2. "push it to 8": an hour, never a party's size ----------------------------------------


@pytest.mark.parametrize(
    "moved",
    ["Can we push it to 8?", "Move it to 8.", "Push it to 9, please.", "Can you bump it to 8?"],
)
def test_a_bare_number_moved_to_is_no_party(moved: str) -> None:
    got = values("Book a table for 6 at Nopa at 7pm.", "Done.", moved)
    assert got.get("people") == "table for 6"


@pytest.mark.parametrize(
    ("changed", "slot", "value"),
    [
        ("Make it 8 people.", "people", "8 people"),
        ("Push it to 8pm.", "time", "8pm"),
        ("Move it to 8:30pm.", "time", "8:30pm"),
        ("Make it for 8.", "people", "8"),
    ],
)
def test_a_shaped_value_moved_to_is_still_set(changed: str, slot: str, value: str) -> None:
    assert values("Book a table for 6 at 7pm.", "Done.", changed)[slot] == value


# --- 3. a past trip's dates are not the booking's; "book ... on DATE" is ----------------------


def test_a_past_trip_keeps_the_booking_date() -> None:
    got = values(
        "Book me a hotel in Paris on October 20.",
        "Sure.",
        "I was in Paris from October 3 to October 8 last year and loved it.",
    )
    assert got["date"] == "October 20"


@pytest.mark.parametrize(
    "text",
    [
        "I was in Paris from October 3 to October 8 last year.",
        "On my last trip I went from May 2 to May 5.",
        "We stayed there from June 1 to June 4.",
        "Two years ago I visited from March 3 to March 9.",
    ],
)
def test_a_past_range_sets_no_date(text: str) -> None:
    assert "date" not in values(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Book me a hotel in Paris on October 20.", "October 20"),
        ("Book a table on Friday.", "Friday"),
        ("Reserve a room on March 3rd, please.", "March 3rd"),
        ("I want to book a table for 4 people on March 10th.", "March 10th"),
        ("I need a hotel from October 3 to October 8.", "October 3 to October 8"),
        ("I was hoping to book from October 3 to October 8.", "October 3 to October 8"),
        ("Book a hotel from May 2 to May 5; I stayed there last year.", "May 2 to May 5"),
    ],
)
def test_a_booking_date_is_set(text: str, value: str) -> None:
    assert values(text)["date"] == value


# --- 4. a team's size, a colour judged badly, a colour alone as the product ------------------


@pytest.mark.parametrize(
    "text",
    [
        "We're 6 people on the team now, so we need something that scales.",
        "We are 12 people in the company.",
        "We're 5 people on our team.",
        "We're 40 people in the office.",
    ],
)
def test_a_team_size_is_no_party(text: str) -> None:
    assert "people" not in values(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("We're 6 people now.", "6 people"),
        ("We're 6 now.", "6"),
        ("Book a table for 6 people in the evening.", "6 people"),
        ("Table for 4 people at the window.", "4 people"),
        ("We're 4 people in the group.", "4 people"),
    ],
)
def test_a_party_size_is_set(text: str, value: str) -> None:
    assert values(text)["people"] == value


@pytest.mark.parametrize(
    "judged", ["Black is too plain anyway.", "Black looks ugly.", "黑色太丑了。", "黑色有点土。"]
)
def test_a_colour_judged_badly_is_not_chosen(judged: str) -> None:
    assert values("I want the phone in green.", "OK.", judged, ontology=ECOM)["color"] == "green"


@pytest.mark.parametrize(
    ("text", "value"),
    [("Black is great.", "Black"), ("I want it in black.", "black"), ("要黑色的。", "黑色")],
)
def test_a_colour_liked_is_chosen(text: str, value: str) -> None:
    assert values(text, ontology=ECOM)["color"] == value


@pytest.mark.parametrize(
    ("text", "product"),
    [
        ("我想买一件黑色的羽绒服", "羽绒服"),
        ("我想买一双白色的运动鞋", "运动鞋"),
        ("我想买一件羽绒服", "羽绒服"),
        ("我想买一件红色羽绒服", "红色羽绒服"),
    ],
)
def test_a_colour_alone_is_no_product(text: str, product: str) -> None:
    assert values(text, ontology=ECOM)["product"] == product


def test_a_booking_date_leaves_the_party_size() -> None:
    got = values("I want to book a table for 4 people on March 10th in Petaluma.")
    assert (got["people"], got["date"]) == ("4 people", "March 10th")


def test_a_booking_date_proposed_by_the_assistant_is_not_the_users() -> None:
    got = values("Book a table for 2.", "Please confirm: I will book a table on March 7th.")
    assert "date" not in got
