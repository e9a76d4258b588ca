"""A later user instruction that chooses what an earlier rule forbids ("Never ship with FedEx."
then "Ship it with FedEx."; "不要用顺丰发货" then "用顺丰发吧") contradicts the rule: a conflict
the later side wins, the rule superseded, the block saying which holds. A one-off ("for this
one", "这次") or an instruction that says the rule still holds is an exception beside the rule;
a question, another thing, a negation, a report or the assistant's proposal is nothing."""

from __future__ import annotations

import pytest

from ._ledger import LedgerSession


def _words(text: str) -> str:
    """The words the ledger keeps: a Chinese sentence without its closing stop."""
    return text.removesuffix("。").removesuffix("！") if not text.isascii() else text


# ---------------------------------------------------------------- chosen: the later wins

_EN_CHOSEN = [
    ("Never ship with FedEx.", "Ship it with FedEx."),
    ("Never ship with FedEx.", "Use FedEx."),
    ("Never ship with FedEx.", "Let's go with FedEx."),
    ("Never ship with FedEx.", "OK, switch to FedEx."),
    ("Don't ship it with FedEx.", "Send it via FedEx."),
    ("Never use PayPal.", "Let's use PayPal."),
    ("Don't book the Hilton.", "Book the Hilton."),
    ("Never ship with FedEx.", "Fine, we'll use FedEx."),
    ("Never ship with DHL.", "Please ship the order with DHL."),
    ("Never ship with FedEx.", "Use FedEx from now on."),
    ("Never ship with FedEx.", "Use FedEx instead."),
]
_ZH_CHOSEN = [
    ("不要用顺丰发货。", "还是用顺丰吧。"),  # the rule's subject 顺丰发货 holds the alias 顺丰
    ("不要用顺丰发货。", "用顺丰发吧。"),
    ("不要用顺丰发货。", "就用顺丰吧。"),
    ("不要用顺丰发货。", "改用顺丰。"),
    ("别走顺丰。", "走顺丰吧。"),
    ("不要发顺丰。", "那就发顺丰吧。"),
    ("不要用圆通发货。", "换成圆通吧。"),
    ("不要用中通发货。", "好吧，用中通发。"),
]


@pytest.mark.parametrize(("rule", "later"), _EN_CHOSEN + _ZH_CHOSEN)
def test_choosing_the_forbidden_thing_supersedes_the_rule(rule: str, later: str) -> None:
    s = LedgerSession(rule, later)
    first, then = _words(rule), _words(later)
    assert s.status(first) == "superseded"
    assert s.conflicts() == [(first, then, "later_wins")]
    assert s.active() == [then]


@pytest.mark.parametrize(
    ("rule", "later"), [_EN_CHOSEN[0], _ZH_CHOSEN[0], _ZH_CHOSEN[1]], ids=["en", "zh", "zh2"]
)
def test_the_block_says_which_holds(rule: str, later: str) -> None:
    s = LedgerSession(rule, later)
    en = rule.isascii()
    block = s.d.render(s.turns + 1, "en" if en else "zh")
    header = "[Conflicts]" if en else "[冲突]"
    conflicts = block.split(header, 1)[1]
    first, then = _words(rule), _words(later)
    assert first in conflicts and then in conflicts
    rules = block.split(header, 1)[0].split("[Constraints]" if en else "[约束]", 1)[1]
    assert then in rules  # the choice is the instruction in force
    assert f"- {first} " not in rules  # the rule is no longer listed as in force


def test_saying_the_earlier_stands_reinstates_the_rule() -> None:
    s = LedgerSession("Never ship with FedEx.", "Ship it with FedEx.", "还是按原来的吧。")
    assert s.status("Never ship with FedEx.") == "active"
    assert s.conflicts() == [("Never ship with FedEx.", "Ship it with FedEx.", "earlier_stands")]


@pytest.mark.parametrize(
    ("rule", "later", "again"),
    [
        ("Never ship with FedEx.", "Ship it with FedEx.", "Never ship with FedEx."),
        ("不要用顺丰发货。", "用顺丰发吧。", "算了，还是不要用顺丰发货。"),
    ],
)
def test_the_rule_said_again_wins_over_the_choice(rule: str, later: str, again: str) -> None:
    s = LedgerSession(rule, later, again)
    assert s.status(_words(later)) == "superseded"
    assert (_words(later), s.active()[-1], "later_wins") in s.conflicts()


# ---------------------------------------------------------------- one-off: an exception beside

_EN_ONCE = [
    ("Never ship with FedEx.", "Use FedEx for this one."),
    ("Never ship with FedEx.", "Ship it with FedEx just this once."),
    ("Never ship with FedEx.", "Use FedEx this time."),
    ("Never ship with FedEx.", "Just this once, use FedEx."),
    ("Never ship with FedEx.", "Use FedEx, but keep the no-FedEx rule for the rest."),
    ("Never ship with FedEx.", "Ship this order with FedEx, the rule still stands."),
    ("Don't use pandas.", "Use pandas for the notebook."),
    ("Never ship with FedEx.", "Use FedEx on the return label."),
    ("Never ship with FedEx.", "Use FedEx today."),
]
_ZH_ONCE = [
    ("不要用顺丰发货。", "这次用顺丰吧。"),
    ("不要用顺丰发货。", "这一次就用顺丰发吧。"),
    ("不要用顺丰发货。", "这一单用顺丰，下不为例。"),
    ("不要用顺丰发货。", "用顺丰发吧，其他照旧。"),
]


@pytest.mark.parametrize(("rule", "later"), _EN_ONCE + _ZH_ONCE)
def test_a_one_off_choice_is_an_exception_beside_the_rule(rule: str, later: str) -> None:
    s = LedgerSession(rule, later)
    first, then = _words(rule), _words(later)
    assert s.status(first) == "active"
    assert s.active() == [first, then]
    assert s.conflicts() == []


def test_a_single_occasion_leaves_the_block_on_the_next_turn() -> None:
    s = LedgerSession("不要用顺丰发货。", "这次用顺丰吧。", "地址是杭州。")
    assert "这次用顺丰吧" not in s.block()
    assert "不要用顺丰发货" in s.block()


# ---------------------------------------------------------------- nothing: the rule holds

_EN_NOTHING = [
    ("Never ship with FedEx.", "Use UPS."),
    ("Never ship with FedEx.", "Should we use FedEx?"),
    ("Never ship with FedEx.", "Can you ship it with FedEx?"),
    ("Never ship with FedEx.", "FedEx is fine."),
    ("Never ship with FedEx.", "If we use FedEx, it arrives Monday."),
    ("Never ship with FedEx.", "I used FedEx last year."),
    ("Never ship with FedEx.", "Use the FedEx box."),
    ("Never ship with FedEx.", "They use FedEx for everything."),
    ("Never ship with FedEx.", "Switch to UPS."),
    ("Never use PayPal.", "Use the card."),
]
_ZH_NOTHING = [
    ("不要用顺丰发货。", "用顺丰可以吗？"),
    ("不要用顺丰发货。", "用圆通发吧。"),
    ("不要用顺丰发货。", "顺丰发货太慢了。"),
    ("不要用顺丰发货。", "如果用顺丰的话，会快一点。"),
    ("不要用顺丰发货。", "不用顺丰，用圆通。"),
    ("不要用顺丰发货。", "客服说用顺丰更快。"),
    ("不要用顺丰发货。", "用顺丰要多少钱？"),
    ("不要用顺丰发货。", "为什么不能用顺丰"),
    ("不要用顺丰发货。", "用顺丰吗"),
]


@pytest.mark.parametrize(("rule", "later"), _EN_NOTHING + _ZH_NOTHING)
def test_no_choice_of_the_thing_keeps_the_rule(rule: str, later: str) -> None:
    s = LedgerSession(rule, later)
    first = _words(rule)
    assert s.status(first) == "active"
    assert s.conflicts() == []
    assert [e.status for e in s.entries if e.text != first and e.status == "superseded"] == []


@pytest.mark.parametrize(
    ("rule", "reply"),
    [
        ("Never ship with FedEx.", "I'd use FedEx, it's faster."),
        ("Never ship with FedEx.", "Ship it with FedEx? It is cheaper."),
        ("不要用顺丰发货。", "建议用顺丰发，比较快。"),
        ("不要用顺丰发货。", "用顺丰发吧，比较快。"),
    ],
)
def test_the_assistant_proposing_it_is_nothing(rule: str, reply: str) -> None:
    s = LedgerSession(("Where is my order?", "Checking."), (rule, "OK."), ("Any news?", reply))
    assert s.status(_words(rule)) == "active"
    assert s.conflicts() == []


def test_the_choice_said_with_the_rule_is_no_conflict() -> None:
    # The rule and the words that name its thing in one message: the rule, no change of mind.
    s = LedgerSession("Never ship with FedEx, use UPS.")
    assert s.conflicts() == []


# ---------------------------------------------------------------- a required thing refused


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("必须用顺丰发货。", "不用顺丰了。"),
        ("必须用顺丰发货。", "不要用顺丰。"),
        ("一定要用顺丰发货。", "别用顺丰了。"),
    ],
)
def test_refusing_a_required_aliased_thing_supersedes_the_rule(rule: str, later: str) -> None:
    s = LedgerSession(rule, later)
    first, then = _words(rule), _words(later)
    assert s.status(first) == "superseded"
    assert (first, then, "later_wins") in s.conflicts()


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        ("必须用顺丰发货。", "不用圆通了。"),
        ("必须用顺丰发货。", "不要显示价格。"),
    ],
)
def test_refusing_another_thing_keeps_the_required_one(rule: str, later: str) -> None:
    s = LedgerSession(rule, later)
    assert s.status(_words(rule)) == "active"
