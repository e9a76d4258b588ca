"""Round 18's review of English slot values: an ordinal counting past a listed name with
lower-case particles ("Taberna da Rua das Flores") and a cuisine glued to a name, a party's
size said again ("dinner is 4 people again"), a value the assistant refuses ("coupon SPRING20
can't be applied"), a colour word telling a build's state ("CI is green"), words ending a
message read into a value ("... instead", "8pm too", "1234."), and dates: a range, "Saturday
the 14th", a Chinese address after a recipient's "at"."""

from __future__ import annotations

import pytest

from ._turns import alternating, slot_values

ECOM = "ecommerce"


def values(*texts: str, ontology: str | None = None) -> dict[str, str]:
    return slot_values(alternating(*texts, ontology=ontology))


# --- 1. an ordinal counts the numbered lines; a bracket after a name is its detail ----------

LISBON = (
    "Here are some options:\n"
    "1. Taberna da Rua das Flores (Portuguese)\n"
    "2. Cervejaria Ramiro (Seafood)\n"
    "3. Belcanto (Fine dining)\n"
    "4. O Velho Eurico (Portuguese)"
)


@pytest.mark.parametrize(
    ("listing", "pick", "name"),
    [
        (LISBON, "The third one sounds great.", "Belcanto"),
        (LISBON, "The first one sounds great.", "Taberna da Rua das Flores"),
        (LISBON, "Let's go with the second one.", "Cervejaria Ramiro"),
        (LISBON, "The fourth one, please.", "O Velho Eurico"),
        (LISBON, "The last one sounds good.", "O Velho Eurico"),
        (
            "Here are some options:\n1. Casa de la Playa (Spanish)\n2. Haus von Stein (German)\n"
            "3. Riverside (Grill)",
            "The second one sounds great.",
            "Haus von Stein",
        ),
        (
            "Here are some options:\n1. Café van Gogh (Dutch)\n2. Bar of the Sea (Seafood)\n"
            "3. Luna (Italian)",
            "The third one sounds great.",
            "Luna",
        ),
        (
            "Here are some options:\n1. Rua da Rosa (Portuguese)\n2. Ramiro - $$\n3. Solar dos"
            " Presuntos (Portuguese)",
            "The third one sounds great.",
            "Solar dos Presuntos",
        ),
    ],
)
def test_an_ordinal_picks_the_line_numbered_so(listing: str, pick: str, name: str) -> None:
    got = values("Find me a place to eat.", listing, pick)
    assert got["name"] == name


@pytest.mark.parametrize(
    "listing",
    [
        LISBON,
        "Here are some options:\n1. Cervejaria Ramiro (Seafood)\n2. Belcanto (Fine dining)",
        "Here are some options:\n1. Belcanto (Fine dining)\n2. Ramiro (Seafood)",
    ],
)
def test_no_name_keeps_its_bracket(listing: str) -> None:
    got = values("Find me a place to eat.", listing, "The first one sounds great.")
    assert "(" not in got["name"]


def test_a_numbered_line_with_no_name_still_counts() -> None:
    listing = (
        "Here are some options:\n1. a quiet bistro by the river (French)\n"
        "2. Cervejaria Ramiro (Seafood)\n3. Belcanto (Fine dining)"
    )
    assert values("Find me a place to eat.", listing, "The third one sounds great.")["name"] == (
        "Belcanto"
    )


# --- 2. a party's size said again is current -----------------------------------------------

PARTY = (
    "Book dinner for 4 people on Friday at 7:30pm.",
    "Sure.",
    "Actually we're going to be 6 people, not 4.",
    "OK.",
)


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("Oh wait, one couple dropped out, so dinner is 4 people again.", "4 people"),
        ("So it's 4 people now.", "4 people"),
        ("The reservation is now 3 guests.", "3 guests"),
        ("The table is 5 people.", "5 people"),
        ("We're 5 now.", "5"),
        ("we'll be 3 again.", "3"),
        ("So we are 8 in total.", "8"),
        # Not the party's size: the earlier value stays.
        ("We're 2 minutes away.", "6 people"),
        ("We're 6 hours late.", "6 people"),
        ("The restaurant is 4 people deep, wow.", "6 people"),
        ("Is 4 people ok for a table?", "6 people"),
        ("We're 10 minutes out, see you soon.", "6 people"),
    ],
)
def test_a_party_size_said_again(text: str, people: str) -> None:
    assert values(*PARTY, text)["people"] == people


# --- 3. a value the assistant refuses is not current ---------------------------------------


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    ("reply", "kept"),
    [
        ("I'm sorry, coupon SPRING20 can't be applied to exchanges.", False),
        ("Unfortunately, SPRING20 is not valid for this order.", False),
        ("Sorry, the code SPRING20 has expired.", False),
        ("The coupon SPRING20 was declined.", False),
        ("I'm afraid I can't apply SPRING20 to an exchange.", False),
        ("Sorry, coupon SPRING20 cannot be combined with other offers.", False),
        # Accepted: it stays.
        ("Done, coupon SPRING20 has been applied to ORD-60044-ZR.", True),
        ("Sure, SPRING20 can be applied. Anything else?", True),
        ("OK.", True),
        ("I applied SPRING20; the total is now $40.", True),
        ("Coupon SPRING20 is valid until May.", True),
    ],
)
def test_a_refused_coupon_is_not_current(ontology: str | None, reply: str, kept: bool) -> None:
    got = values(
        "Please use coupon code SPRING20 for order ORD-60044-ZR.",
        reply,
        "thanks",
        ontology=ontology,
    )
    assert (got.get("coupon") == "SPRING20") is kept
    if not kept:
        # Asked as a question, then refused: no coupon either.
        asked = "Can you apply the coupon SPRING20 to order ORD-60044-ZR?"
        assert "coupon" not in values(asked, reply, "thanks", ontology=ontology)


# --- 4. a colour word telling a state is no colour chosen -----------------------------------


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    ("text", "color"),
    [
        ("Please merge the PR since CI is green.", None),
        ("The build is red again, can you look?", None),
        ("Tests are all green now, ship it.", None),
        ("We got the green light from legal.", None),
        ("The dashboard shows red for the API.", None),
        ("The pipeline went green.", None),
        ("A green check mark appears when done.", None),
        ("I want the green one.", "green"),
        ("Make it green please.", "green"),
        ("Order the red shoes in size 9.", "red"),
        ("Change the color to green.", "green"),
        ("I'd like the grey hoodie, the build quality looks great.", "grey"),
    ],
)
def test_a_state_colour_is_no_choice(ontology: str | None, text: str, color: str | None) -> None:
    assert values(text, "OK.", ontology=ontology).get("color") == color


# --- 5. words ending the message are no part of a value -------------------------------------


@pytest.mark.parametrize(
    ("texts", "slot", "value", "ontology"),
    [
        (
            (
                "Ship order ORD-1 to 1 Main St, Boston.",
                "OK.",
                "Actually ship to 14 Elm Street, Portland, OR 97205 instead.",
            ),
            "address",
            "14 Elm Street, Portland, OR 97205",
            None,
        ),
        (
            (
                "Ship order ORD-1 to 1 Main St, Boston.",
                "OK.",
                "Ship to 14 Elm Street, Portland instead of that.",
            ),
            "address",
            "14 Elm Street, Portland",
            None,
        ),
        (
            (
                "Ship order ORD-1 to 1 Main St, Boston.",
                "OK.",
                "Ship to 14 Elm Street, Portland as well.",
            ),
            "address",
            "14 Elm Street, Portland",
            None,
        ),
        (("Ship it to 9 Oak Ave, Dover please.",), "address", "9 Oak Ave, Dover", None),
        (("Please ship order ORD778210, phone 138****1234.",), "phone", "138****1234", ECOM),
        (("Order the red shoes in size 9.",), "size", "9", ECOM),
        (("Book a table on June 13 at 7pm.", "OK.", "Move it to 8pm too."), None, "8pm", None),
        (("Ship it to 9 Oak Ave, Dover again, thanks.",), "address", "9 Oak Ave, Dover", None),
    ],
)
def test_trailing_words_are_cut(
    texts: tuple[str, ...], slot: str | None, value: str, ontology: str | None
) -> None:
    got = values(*texts, "OK.", ontology=ontology)
    if slot is None:
        assert value in got.values()
    else:
        assert got[slot] == value


# --- 6. dates: a range, a weekday with its day; an address after a recipient ----------------


def test_a_date_range_changed_replaces_the_old_range() -> None:
    d = alternating(
        "Book a hotel in Kyoto from October 3 to October 8.",
        "OK.",
        "Change the dates to October 5 to October 10.",
        "OK.",
    )
    assert slot_values(d)["date"] == "October 5 to October 10"
    assert [a.value for a in d.state.state.archive] == ["October 3 to October 8"]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Book a hotel in Kyoto from October 3 to October 8.", "October 3 to October 8"),
        ("Book a car from June 2nd until June 5th.", "June 2nd until June 5th"),
        ("I'm away from Monday to Friday.", "Monday to Friday"),
        ("We travel from 3 May through 9 May.", "3 May through 9 May"),
        ("We'll travel from Paris to Rome.", None),
        ("Open from 9am to 5pm.", None),
        ("From Paris, to October's end.", None),
        ("I moved from Boston to Denver in May.", None),
    ],
)
def test_a_date_range(text: str, date: str | None) -> None:
    assert values(text, "OK.").get("date") == date


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Can we do Saturday the 14th instead, same time?", "Saturday the 14th"),
        ("Make it Friday the 13th.", "Friday the 13th"),
        ("Can we do Sunday 15th instead?", "Sunday 15th"),
        ("Can we do Saturday instead?", "Saturday"),
        ("Can we do June 14 instead?", "June 14"),
        ("Move it to the 14th.", "the 14th"),
        # No date: the one set stays.
        ("Can we do the patio instead?", "June 13"),
        ("Saturday the 14th works for my sister too, but keep ours.", "June 13"),
    ],
)
def test_a_weekday_with_its_day_is_one_date(text: str, date: str) -> None:
    assert values("The date is June 13.", "OK.", text, "OK.")["date"] == date


@pytest.mark.parametrize("ontology", [None, ECOM])
@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("ship it to recipient 张伟 at 北京市朝阳区建国路88号", "北京市朝阳区建国路88号"),
        ("ship it to 北京市朝阳区建国路88号3栋201室, thanks", "北京市朝阳区建国路88号3栋201室"),
        ("Send it to Li Lei at 14 Elm Street, Portland.", "14 Elm Street, Portland"),
        ("Deliver it to the receiver 李雷 at 上海市徐汇区漕溪北路88号", "上海市徐汇区漕溪北路88号"),
        ("Ship it to my mom at the office.", None),
        ("Deliver it to the front desk at noon.", None),
        ("Send it to 张伟 at work.", None),
        ("Ship it to the team at 5pm.", None),
    ],
)
def test_an_address_after_a_recipient(ontology: str | None, text: str, address: str | None) -> None:
    assert values(text, "OK.", ontology=ontology).get("address") == address
