"""Review round 19: a general approval does not lift a scoped rule, and ordinary sentences
(quoted messages, error reports, remarks) state no rule."""

from __future__ import annotations

import pytest

from ctxengine.compaction.constraints import extract_constraints

from ._ledger import LedgerSession

# "X is fine now" lifts a rule only when X is what it forbids, not its place or scope.
_NOT_LIFTED = [
    ("Don't use tabs for indentation.", "The indentation is fine now, thanks."),
    ("Don't modify the existing tests.", "The tests are fine now, all passing."),
    ("Don't use red in the logo.", "The logo is fine now."),
    ("Don't deploy on Fridays.", "Everything looks good. Go ahead and deploy."),
    ("Don't deploy on Fridays.", "Go ahead and deploy."),
    ("Never push during the freeze.", "Go ahead and push."),
    ("Don't use emojis in the commit messages.", "The commit messages are fine now."),
    ("Don't put ads on the homepage.", "The homepage is fine now."),
]
_LIFTED = [
    ("Don't use tabs.", "Tabs are fine now."),
    ("Don't use tabs for indentation.", "Tabs are fine now."),
    ("Don't use red in the logo.", "Red is fine now."),
    ("Don't deploy.", "Go ahead and deploy."),
    ("Don't ship it with FedEx.", "Actually, FedEx is fine."),
    ("Don't use pandas.", "You can use pandas now."),
    ("Don't use emojis.", "Emojis are OK again."),
    ("Don't deploy on Fridays.", "Go ahead and deploy on Fridays."),
]


@pytest.mark.parametrize(("rule", "later"), _NOT_LIFTED)
def test_approval_of_a_scope_lifts_no_rule(rule: str, later: str) -> None:
    s = LedgerSession(rule, later)
    assert s.status(rule) == "active"
    assert s.active() == [rule]  # the approval is not stored as a rule either


@pytest.mark.parametrize(("rule", "later"), _LIFTED)
def test_permission_of_the_thing_lifts_the_rule(rule: str, later: str) -> None:
    s = LedgerSession(rule, later)
    assert s.status(rule) == "revoked"


_NO_RULE = [
    'I got "ValueError: time data does not match format" — don\'t know why.',
    "报错信息是：无法连接到数据库，不能建立连接。",
    '下单时提示"该优惠券不能使用"，怎么回事？',
    'My boss said "never email the client directly".',
    "Don't worry about the drinks.",
    "I don't know why, the build keeps failing.",
    "系统提示：不能重复提交。",
    "页面报错了，说不能上传文件。",
    "他说“不要用红色”，我觉得还好。",
    "可以发货了",
    "可以提交了",
    "现在可以发消息了",
]
_RULES = [
    "Never email the client directly.",
    "Don't use tabs.",
    "不能用优惠券",
    "不要用红色。",
    'Don\'t use the word "synergy".',
    "Don't know-it-all me, just don't use pandas.",
    "错误信息不能显示给用户。",
    "不要提示用户登录。",
]


@pytest.mark.parametrize("text", _NO_RULE)
def test_ordinary_sentences_state_no_rule(text: str) -> None:
    assert LedgerSession(text).active() == []


@pytest.mark.parametrize("text", _RULES)
def test_rules_still_read(text: str) -> None:
    assert extract_constraints(text)
    assert LedgerSession(text).active()


def test_zh_may_now_lifts_a_rule_in_force() -> None:
    s = LedgerSession("不要显示价格。", "可以显示价格了")
    assert s.status("不要显示价格") == "revoked"


@pytest.mark.parametrize(
    ("rule", "later", "status"),
    [
        ("Don't modify the existing tests.", "Modifying the tests is fine now.", "revoked"),
        ("Don't use tabs.", "Using tabs is fine now.", "revoked"),
        ("Don't commit to main.", "Committing to main is fine now.", "revoked"),
        ("Don't deploy on Fridays.", "Deploying is fine now.", "active"),
        ("Don't modify the existing tests.", "Testing is fine now.", "active"),
        ("Don't modify the existing tests.", "Modifying the docs is fine now.", "active"),
        ("Don't push during the freeze.", "Pushing is fine now.", "active"),
        ("Don't deploy on Fridays.", "Deploying on Fridays is fine now.", "revoked"),
    ],
)
def test_the_action_named_lifts_the_rule(rule: str, later: str, status: str) -> None:
    assert LedgerSession(rule, later).status(rule) == status
