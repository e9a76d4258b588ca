"""The constraint ledger: every user rule verbatim, its status, and the conflicts between rules.

A constraint is never paraphrased: the ledger keeps the user's own words ("不要显示价格") with
the turn they were given and a status:

- ``active``: in force; rendered into every CONTEXT block.
- ``revoked``: the user lifted it ("可以显示价格了").
- ``superseded``: a later rule on the same subject with the opposite polarity replaced it, or
  a later only-rule naming another thing in its place (or, when the user said the earlier one
  stands, the later rule never took effect).
- ``relaxed``: a preference or requirement the assistant said it could not meet ("没有找到
  推荐菜符合您要求的餐馆，推荐您去X") and the user accepted the alternative ("好的"). A
  prohibition is never relaxed this way.
- ``met``: a preference that stated a criterion of one search ("最好评分在4.5分以上" for the
  hotel being looked for) once that search is over: the place found keeps the criterion
  verbatim (``酒店[A].评分=4.5分以上``), and the next search has its own.

Opposite polarity on the same subject is a conflict ("用顺丰" then "不用顺丰"); each one is a
`ConflictRecord` with both sides verbatim and the resolution: ``later_wins`` unless the user said
the earlier rule stands ("还是按原来的"). Subjects match loosely (case, width, particles,
aliases, substring) because the same subject is spelled many ways across turns; a dot inside a
word is part of it, so "src/app.py" and "src/app.json", or "v1.2" and "v1.2.3", are two subjects.

Two only-rules contradict each other when they name different single things in the same
place ("Only touch src/app.py." then "Only touch src/credits.py."; "只用简体中文回复" then
"只用英文回复"): that is a conflict too, and the later one wins. Only-rules that describe (two
words or more differ: "Only use Python." and "Only use metric units.") or share no word both
hold. A later rule that widens the earlier one ("Only touch src/credits.py too.", "You may also
touch src/credits.py.", "也可以改src/credits.py") supersedes nothing and records no conflict:
both stay active and are rendered together, so the reader sees the earlier only-rule and what
the user added to it. A widening said as a permission is kept as an only-rule; with no
only-rule in force it is no rule at all. Another kind of the rule's thing said to be fine too
("只订商务舱" then "经济舱也可以", "Only business class." then "Economy is fine too.", "It must be
a five-star hotel." then "Four-star is fine too.") supersedes the rule, since its words alone
name only the new kind: a conflict the later side wins records both, so the block shows what
was asked for and what is fine besides it.

A revocation said in plain words ("you can use pandas now", "add travel insurance after all",
`constraints.IF_RULED`) lifts only a prohibition in force on the same subject or the subject's
head ("pandas" and "pandas for parsing", not "numpy instead of pandas"): the rule is ``revoked``
as by any revocation, and the words are kept as the active instruction. Lifting nothing (and
widening nothing), they are dropped: they were a request or a remark, not a rule. Any English
permission lifts a rule only when what it permits is the rule's subject or its head: "Feel free
to ask me before you push to main" lifts no "Never push to main".

A permission for part of what a rule covers (`constraints.NARROWS`, `IN_PART`) is kept whole:
with a limit of its own ("You can use pandas in the notebook, but not in src/.") it supersedes
the rule on its subject's head, a conflict the later side wins; otherwise it is an exception
kept active beside the rule ("You can modify tests/conftest.py, but only that file.", "You
don't need to run black on the generated files."). A later only-rule that restates the earlier
with more things of its kind ("Only touch src/app.py and src/rounding.py.") supersedes it. An
exception for a single occasion ("这次可以显示价格", "You can push to main this once") is in force
on its turn only: the block leaves it out once the user's next turn has come (`in_force`). So is
a lift that says no more than the rule's absence: a requirement skipped or no longer needed
("You can skip the dry-run from now on", "不用卡25万了") and a thing refused said to be
acceptable too ("朝北的其实也可以接受"); shown on, those words would read as rules of their own.
An exception for the occasion at hand ("For this rental only, go ahead and add the CDW") is kept
beside the rule for as long as the rule is.

Later words change a rule without a revocation's words too (`constraints.mind_change`): a
preference let go ("Forget the high floor, it doesn't matter.", "高楼层无所谓了") is revoked, the
words kept for their turn only; 算了 and a request for what a prohibition forbade ("不要放门口"
then "算了，还是送到家门口吧") revoke it; another thing counted in ("只看正式员工" then "实习生也
算进去吧") revokes the only-rule that excluded it or says what is counted; a rule's value said
again with another ("Only use data after 2026-01-01." then "Change the cutoff to 2026-04-01.")
supersedes it, a conflict the later side wins. Changing no rule in force, those words are
dropped. (A rule that put one value in another's place, "Use orange instead of blue.", is
superseded by the state when its slot takes a third value: `SessionState._outlive_replacement`.)

An instruction that chooses what a prohibition forbids, with no revocation's words ("Never ship
with FedEx." then "Ship it with FedEx."; "不要用顺丰发货" then "用顺丰发吧", read by
`later_choice`), supersedes it: the choice is kept verbatim and the conflict, the later side
winning, tells the block which holds (`chosen_over`). Chosen for one occasion ("Use FedEx for
this one", "这次用顺丰吧") or with the rule said to hold still ("其他照旧"), it is an exception
kept beside the rule.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Literal

import jieba
import jieba.posseg
from pydantic import BaseModel, Field, PrivateAttr

from ctxengine.compaction.constraints import (
    ALL_FINE,
    ALSO_FINE,
    CHANGES_MIND,
    DOES_NOW,
    DROPS,
    EN_OCCASION,
    EN_VERB,
    EXCEPTED,
    EXCEPTED_PART,
    IF_RULED,
    IN_PART,
    INCLUDES,
    LESS,
    NARROWS,
    NOT_THAT,
    PART_ALLOWED,
    STRUCK,
    TAKEN_BACK,
    WEAK_REVOCATION,
    WORD_BAR,
    ZH_LOOSE_DOWN,
    ZH_LOOSE_UP,
    Polarity,
    counted_value,
    for_one_thing,
    lifts_only_a_rule,
    mind_change,
    names_alternative,
    other_day,
    same_kind,
    scope_led,
    scoped_permission,
    value_shape,
    weekday,
)
from ctxengine.compaction.memo import Memo
from ctxengine.compaction.rule_topics_en import (
    NAMES_RULE,
    NARROWED_TO,
    excepts,
    lifts_named,
    named_topic,
    names_all,
    one_item,
    overlaps,
    stops_doing,
)
from ctxengine.compaction.schema import Choice, Constraint
from ctxengine.compaction.zh_food_groups import all_of_group, group_of

Status = Literal["active", "revoked", "superseded", "relaxed", "met"]
Resolution = Literal["later_wins", "earlier_stands"]

# Phrases by which a user says the earlier decision stands. Matched after normalization.
KEEP_EARLIER_CUES: tuple[str, ...] = (
    "还是按原来",
    "按原来的",
    "还是原来",
    "还是用原来",
    "保持原来",
    "照旧",
    "维持原",
    "keep the original",
    "stick with the original",
    "as originally",
    "go back to the original",
    "the earlier one stands",
    "keep it as before",
    "as before",
)

_ZH_PARTICLES = "的了吧呢啊吗呀哦嘛么"
_EN_STOP = {"the", "a", "an", "any", "my", "your", "this", "that", "to", "of", "please"}
# A dot inside a word stays: "src/app.py", "v1.2.3" and "example.com" are one subject each.
_PUNCT = re.compile(r"(?:[\s\"'`“”‘’,;:!?，。；：！？、()（）\[\]【】<>《》-]|(?<!\w)\.|\.(?!\w))+")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def normalize_subject(subject: str, aliases: Mapping[str, str] | None = None) -> str:
    """Fold a subject to a comparable form.

    NFKC (full-width to half-width), lower case, punctuation and Chinese particles stripped,
    English stop words and plural ``s`` dropped, then mapped through `aliases`.
    """
    s = unicodedata.normalize("NFKC", subject).lower()
    words = [w for w in _PUNCT.split(s) if w and w not in _EN_STOP]
    words = [
        w[:-1]
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss") and w.isascii() and "." not in w
        else w
        for w in words
    ]
    s = " ".join(words).strip(" ")
    # Particles off, but a 吧 that ends a word ("酒吧") is the subject itself.
    s = s.strip(_ZH_PARTICLES.replace("吧", "") + " ")
    if s.endswith("吧") and not WORD_BAR.search(s):
        s = s.rstrip(_ZH_PARTICLES + " ")
    s = s.lstrip(_ZH_PARTICLES + " ")
    if aliases:
        for alias, canon in aliases.items():
            if _normalized(alias) == s:
                return _normalized(canon)
    return s


@functools.lru_cache(maxsize=1024)
def _normalized(subject: str) -> str:
    # Aliases are normalized on every lookup; they are few and fixed, so remember them.
    return normalize_subject(subject)


def _contains(hay: str, needle: str) -> bool:
    if needle not in hay:
        return False  # both tests below imply a plain substring; most pairs fail here, cheaply
    if _CJK.search(needle):
        return True
    # Latin subjects match on word boundaries, so "ship" does not match "relationship".
    # A dot and more of a name after it go on with the word: "v1.2" is not in "v1.2.3".
    return (
        re.search(rf"(?<![a-z0-9])(?<![a-z0-9]\.){re.escape(needle)}(?![a-z0-9]|\.[a-z0-9])", hay)
        is not None
    )


def contains_words(hay: str, needle: str) -> bool:
    """Whether the normalized `needle` is in `hay` (on word boundaries for Latin words)."""
    return _contains(hay, needle)


def subjects_match(a: str, b: str) -> bool:
    """Two normalized subjects name the same thing (equal, or one contains the other)."""
    if not a or not b:
        return False
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    # A one-character subject inside a longer one is too weak a signal ("价" in "代价").
    return len(short) >= 2 and _contains(long_, short)


# Words that say what a plain-words revocation lifts is not the rule's subject: "you can use
# numpy instead of pandas" lifts no rule against pandas.
_NOT_THE_SUBJECT = re.compile(r"\b(?:instead|rather|than|not|without|except|over|but)\b")


# Adverbs that do not change what a rule is about: "Never push directly to main" and "You can
# push to main this once" are about pushing to main.
_ADVERBS = re.compile(
    r"(?<![\w/.-])(?:directly|ever|again|anymore|at all|now|still|just)(?![\w/.-])"
)
# A permission for one occasion ("this once", "this time", "for now") makes an exception
# beside the rule, not its end.
_ONE_OFF = re.compile(r"(?<![\w/.-])(?:once|one time|time|for now|today)(?![\w/.-])")
# The same said in the permission's words, before it or in Chinese ("Just this once, …",
# "这次可以用eval"; not "现在可以用eval了", which lifts the rule).
_ONCE = re.compile(
    r"(?i)\b(?:this once|this one time|this time)\b|\b" + EN_OCCASION + r"\b"
    r"|这一次|这次|这一回|这回|仅此一次|破例|下不为例|今天"
)
# Of those, the words for a single occasion, used up when it has passed (`Ledger.in_force`):
# not "today" or "for now", which hold over several turns.
_SINGLE_OCCASION = re.compile(
    r"(?i)\b(?:(?:just |only )?this once|this one time|this time|just once)\b"
    r"|这一次|这次|这一回|这回|仅此一次|破例一次"
)
# Verbs that only say the thing is chosen: "Go ahead and use FedEx" permits what "Don't ship
# it with FedEx" forbade.
_CHOOSE = re.compile(r"(?:use|using|go with|pick|choose|take|go back|switch back)\s+")


# "skip make test for doc only commit": the thing skipped, before its scope.
_SKIP = re.compile(
    r"(?:skip|omit|leave out|drop)\s+(?P<thing>.+?)(?=\s+(?:for|on|in|under|when|during|if"
    r"|unless|with|once|time|today)\b|$)"
)


def _bare(s: str) -> str:
    """A normalized subject without its adverbs."""
    return " ".join(_ADVERBS.sub(" ", s).split())


def _thing_of(rule: str, permitted: str) -> bool:
    """A permission that names (or only chooses) the very thing a rule ends on: "fedex" and
    "use fedex" for "ship it with fedex". Not a rule that names it as the alternative
    ("use ups instead of fedex")."""
    thing = permitted[m.end() :] if (m := _CHOOSE.match(permitted)) else permitted
    if not thing or not rule.endswith(" " + thing) or rule.startswith(thing + " "):
        return False
    before = rule[: -len(thing)]
    if _NOT_THE_SUBJECT.search(before):
        return False
    # The thing chosen ("ship it with fedex"), not the place or scope the rule names ("red in
    # logo", "tab for indentation": "The logo is fine now" lifts no rule against red) nor the
    # object of an action other than choosing ("modify existing test": "The tests are fine
    # now" says they pass).
    return _CHOSEN_BY.search(before) is not None


# What a rule ends on is the thing chosen after these: "ship it with fedex", "pay by card".
_CHOSEN_BY = re.compile(r"(?:^|\s)(?:with|via|by|through|using|use)\s+$")
# Where a rule holds: "deploy on friday", "push during the freeze". A bare action allowed ("Go
# ahead and deploy") does not lift a rule held to such a scope.
_SCOPE_WORDS = frozenset(
    [
        *("on", "during", "before", "after", "when", "while", "until", "at"),
        *("in", "outside", "without", "unless", "if", "for", "from"),
    ]
)
_SCOPE_WORD = re.compile(rf"\s(?:{'|'.join(sorted(_SCOPE_WORDS))})\s")


def _scoped_beyond(rule: str, permitted: str) -> bool:
    """A permission of a bare verb ("deploy") against a rule of that verb in a scope ("deploy
    on friday"): the scope is not covered."""
    p, r = _bare(permitted), _bare(rule)
    return (
        " " not in p
        and r.startswith(p + " ")
        and EN_VERB.match(p) is not None
        and _SCOPE_WORD.search(r[len(p) :] + " ") is not None
    )


# Verbs whose object is the thing chosen: "Never book basic economy fares" is about basic economy
# fares, where "Never modify existing tests" is no rule against the tests.
_CHOOSING_VERBS = frozenset(
    [
        *("book", "buy", "order", "reserve", "get", "take", "pick", "choose", "select", "eat"),
        *("drink", "fly", "install", "import", "add", "include", "recommend", "suggest"),
    ]
)


def _object_of(rule: str, permitted: str) -> bool:
    """A permission that names what a rule's choosing verb takes, or that with its last noun
    left off: "basic economy fare" and "basic economy" for "book basic economy fare" (not
    "flight" for "book flight with layover")."""
    verb, _, obj = rule.partition(" ")
    if verb not in _CHOOSING_VERBS or not permitted or obj == "":
        return False
    rest = obj.removeprefix(permitted)
    return rest == "" or (
        rest.startswith(" ") and " " not in rest[1:] and rest[1:] not in _SCOPE_WORDS
    )


def _lifted_by(rule: str, permitted: str) -> bool:
    """A permission names the prohibited action, adverbs aside, or its very thing (in full or
    by its initials)."""
    if _scoped_beyond(rule, permitted):
        return False
    return (
        _heads(rule, permitted)
        or _thing_of(_bare(rule), _bare(permitted))
        or _object_of(_bare(rule), _bare(permitted))
        or _action_named(_bare(rule), _bare(permitted))
        or _abbreviates(_bare(rule), _bare(permitted))
    )


def _abbreviates(rule: str, permitted: str) -> bool:
    """A permission naming the rule's thing by its initials: "cdw" (or "get cdw") for "add
    collision damage waiver", "pto" for "take paid time off"."""
    words = _OCCASION_TAIL.sub("", permitted).split()
    if len(words) == 2 and words[0] in _CHOOSING_VERBS:
        words = words[1:]
    if len(words) != 1 or not 2 <= len(token := words[0]) <= 6 or not token.isalpha():
        return False
    ruled = rule.split()
    return len(ruled) >= len(token) and "".join(w[0] for w in ruled[-len(token) :]) == token


# An occasion said after what is permitted, normalized ("add cdw for rental only"): not part
# of the thing.
_OCCASION_TAIL = re.compile(r"\s+(?:(?:just|only) for [\w-]+|for [\w-]+ only)$")


def _action_named(rule: str, permitted: str) -> bool:
    """The rule's action named as a gerund: "modifying test" for "modify existing test" (not
    "deploying" for "deploy on friday": the scope is not covered)."""
    pw, rw = permitted.split(), rule.split()
    if not pw or len(rw) < 2 or not pw[0].endswith("ing") or len(pw[0]) < 6:
        return False
    stem, verb = pw[0][:-3], rw[0]
    if verb not in (stem, stem + "e") and not (stem[-1:] == stem[-2:-1] and verb == stem[:-1]):
        return False
    rest, left = set(pw[1:]), set(rw[1:]) - set(pw[1:])
    return rest <= set(rw[1:]) and not (left & _SCOPE_WORDS)


# A revocation that names the rule it calls off ("Forget the basic economy rule", "Drop the rule
# about basic economy") lifts a rule whose subject holds those words, not only one they head.
_NAMES_A_RULE = re.compile(r"(?i)\b(?:rule|restriction|constraint)s?\b")
# A Chinese rule named as one ("预算那条", "取消预算的限制").
_ZH_RULE_NAMED = re.compile(r"(?:那条|这条|那个|这个)(?:规则|要求|限制)?|规则|要求|限制|规定")
# A rule called off by name ("Forget the mornings-only rule", "Ignore my rule about emojis",
# "Forget what I said about pork"):
# once it has lifted the rule it says nothing that holds, and shown it would read as a rule of
# its own (`Ledger.in_force`). (The Chinese "之前说不要显示价格，取消这个要求" stays shown, as
# its tests ask: its words quote the rule lifted.)
_CALLS_OFF = re.compile(
    r"(?i)(?:^|(?<=[.;!?,，。；！]))\s*(?:(?:please|ok|okay|actually|and|so)\b,?\s+)*"
    r"(?:forget|ignore|disregard|never mind|scratch|drop)\b(?:[^.;!?\n]*?"
    r"\b(?:rule|restriction|constraint|instruction)s?\b(?!\s+for\b)"
    # "Forget what I said about pork": what was said, called off; nothing of it holds.
    r"|\s+what i (?:said|told you) (?:about|regarding)\b)"
)

# A Chinese rule named by its topic and a pointer, then called off ("打车费那条取消吧", "转机
# 那条作废", "层高那个要求不用管了"): like `_CALLS_OFF`, it says nothing once the rule is lifted.
# (Not a rule quoted with its cue, "之前说不要显示价格，取消这个要求", shown as its tests ask.)
_ZH_CALLS_OFF = re.compile(
    r"^(?:那|那么|其实|好吧|好的|嗯)?[，,]?\s*"
    r"(?P<topic>(?:(?!不|别|只|必须|一定)[\u4e00-\u9fffA-Za-z0-9.]){1,10}?)的?"
    r"(?:(?:那条|这条|那个|这个)(?:规则|要求|限制|规定)?|规则|要求|限制|规定)[，,]?\s*(?:就|也|先)?"
    r"(?:取消|作废|算了|不用了|不算了|撤销|撤掉|去掉|不作数了?|不用管了?|不管了)(?:吧|了|掉|啦)*$"
)


# A limit dropped by what it limits: "Scratch the budget cap", "Forget the Go requirement",
# "The 17:30 cutoff doesn't apply anymore".
_LIMIT_WORD = re.compile(
    r"(?i)^(?P<what>[\w' -]+?) (?:cap|limit|ceiling|requirement|minimum|maximum|cutoff|cut off"
    r"|deadline)$"
)


def _drops_limit(rule: str, dropped: str) -> bool:
    """Whether `dropped` names a limit on a thing ("budget cap") that `rule` sets with a value
    ("Always keep the total budget under $38,000.")."""
    m = _LIMIT_WORD.match(dropped)
    if m is None or value_shape(rule) is None:
        return False
    words = re.findall(r"[\w']+", m.group("what").lower())
    return all(re.search(rf"(?i)\b{re.escape(w)}\b", rule) for w in words)


def _drops(rule: str, dropped: str) -> bool:
    """What a preference is about, let go: its subject or head ("high floor"), or in Chinese
    the subject inside the other ("有海景" and "海景")."""
    if _CJK.search(dropped):
        return subjects_match(rule, dropped)
    return _heads(rule, dropped)


# A thing named as the matter of a rule: "the work number thing", "单位电话那个事".
_MATTER = re.compile(
    r"(?:\s+(?:thing|stuff|business|part|issue|rule|restriction|bit)"
    r"|(?:那个|这个|那件|这件|的)?(?:事情|事)|那个|这个|那条|这条|的问题"
    r"|(?:那条|这条|那个|这个|的)?(?:规则|要求|限制))$"
)


_ZH_RULE_POINTER = re.compile(r"那条|这条|规则|要求|限制")


def _drops_matter(rule: ConstraintEntry, dropped: str) -> bool:
    """A prohibition whose matter a drop names ("the work number thing doesn't matter
    anymore" for "Never call my work number", "单位电话那个事无所谓了" for "别打我单位电话"):
    a bare thing let go ("The price doesn't matter") says nothing of what is forbidden."""
    m = _MATTER.search(dropped)
    # Named as a rule ("挂号费那条", "层高那个要求"), the drop lets go a rule of any kind.
    if m is None or (rule.polarity != "forbid" and _ZH_RULE_POINTER.search(m.group()) is None):
        return False
    thing = dropped[: m.start()].strip()
    if len(thing) < 2:
        return False
    # A Chinese rule said with its topic first ("转机超过3小时的航班不要订", its subject "订")
    # names its matter before the cue: "转机那条规则不重要了" lets it go.
    return _contains(rule.norm_subject, thing) or (
        _CJK.search(thing) is not None and thing in rule.text
    )


def _asks_for(rule: str, request: str) -> bool:
    """A Chinese request for the thing a prohibition is about: "送到家门口" for "放门口" (the
    rule's thing "门口", its verb aside), not "送到公司"."""
    if not _CJK.search(rule + request):
        return False
    words = list(jieba.posseg.cut(rule))
    # Only the verb that leads it: in "重启生产数据库" the thing is "生产数据库", not "数据库".
    if len(words) > 1 and words[0].flag.startswith("v"):
        words = words[1:]
    thing = "".join(w.word for w in words)
    return len(thing) >= 2 and thing in request


# The rules a widening counts something into: those saying what is counted, looked at or shown.
_COUNTING_ONLY = re.compile(
    r"(?i)只(?:看|算|统计|计算|包括|包含)"
    r"|\bonly (?:count|include|look at|consider)\b"
)


def _widened_only(active: list[ConstraintEntry], thing: str) -> list[ConstraintEntry]:
    """The only-rules a thing counted in too ("实习生也算进去吧") no longer holds for: those
    that name it (excluded: "只看正式员工，实习生不算"), or else the latest that says what is
    counted ("只看正式员工")."""
    only = [e for e in active if e.polarity == "only"]
    named = [e for e in only if thing in e.text]
    if named:
        return named
    counting = [e for e in only if _COUNTING_ONLY.search(e.text)]
    return counting[-1:]


# What a change of a rule's value may name: the limit itself, or a word of the rule.
_LIMIT_NOUNS = re.compile(
    r"(?i)\b(?:cut-?off|limit|cap|threshold|minimum|maximum|min|max|budget|range|window"
    r"|start date|end date|cutoff date)\b|截止|上限|下限|门槛|范围|预算|最低|最高|起始|开始日期"
    r"|限制"
)


# What a number measures, by the unit after it (or the sign before it) or, with none, by
# the noun a change names: "10分钟" is a time, "预算…9500" money, "55 characters" a length.
_UNIT_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("money", re.compile(r"(?i)^[$¥€£]|^\s*(?:万元|万|千元|元|块|美元|刀|k\b|usd|rmb|dollars?)")),
    (
        "time",
        re.compile(
            r"(?i)^\s*(?:分钟|小时|天|周|个月|年|min(?:ute)?s?\b|hours?\b|days?\b|weeks?\b"
            r"|months?\b|years?\b)"
        ),
    ),
    ("length", re.compile(r"(?i)^\s*(?:个?(?:字符?|单词|词)|characters?\b|words?\b|chars?\b)")),
    ("distance", re.compile(r"(?i)^\s*(?:公里|千米|米|km\b|miles?\b|meters?\b)")),
)
_MONEY_NOUN = re.compile(
    r"(?i)\b(?:budget|price|cost|rent|fee|salary|spend)s?\b|预算|价格|价钱|总价|租金|费用|月薪|工资"
)


def _unit_kind(text: str, value: str) -> str | None:
    """What the first `value` in `text` measures, by its unit (`_UNIT_KINDS`); None if unsaid."""
    at = text.find(value)
    if at < 0:
        return None
    after = text[at + len(value) :] if value[:1] not in "$¥€£" else value
    return next((kind for kind, rx in _UNIT_KINDS if rx.match(after)), None)


def _names_other_value(rule: str, new: tuple[str, str] | None, noun: str, said: str = "") -> bool:
    """A rule naming a value of the new value's shape (another one), that the change's noun
    names: by a word of the rule or as its limit ("cutoff"); not one that measures another
    thing ("只看步行10分钟以内的" is no budget for "预算可以放宽到9500了")."""
    # (A count in words, "No more than two merges per batch", if no value in digits.)
    old = value_shape(rule) or counted_value(rule)
    if new is None or old is None or old[0] != new[0] or old[1] == new[1]:
        return False
    was = _unit_kind(rule, old[1])
    now = _unit_kind(said, new[1]) or ("money" if _MONEY_NOUN.search(noun) else None)
    if was is not None and now is not None and was != now:
        return False
    words = [_singular_stem(w) for w in noun.lower().split() if len(w) > 2 or _CJK.match(w)]
    if (limit := _LIMIT_NOUNS.search(noun)) is not None and noun.isascii():
        # "the backfill limit" is no limit of "Never page the on-call … for a P3": a limit
        # named by what it bounds, or by its old value ("the 48-minute cap"), is that one's.
        qualifiers = noun[: limit.start()].lower().split()
        # (A rule whose numbers all name things, "P3", "v2", sets no limit at all.)
        return _BARE_NUMBER.search(rule) is not None and all(
            _qualifies(w, rule, old[1]) for w in qualifiers
        )
    return _LIMIT_NOUNS.search(noun) is not None or any(w in rule.lower() for w in words)


def _qualifies(word: str, rule: str, old: str) -> bool:
    """Whether a word before a limit's noun ("backfill", "48-minute", "daily") names `rule`'s
    limit: its old value, or a word of the rule (by stem)."""
    if (n := re.match(r"\d+(?:\.\d+)?", word)) is not None:
        return n.group() == old
    return word in _ARTICLES or overlaps(rule, word, least=1)


# An order said first in its clause: "Stop cc'ing Priya", "OK, please quit copying Priya".
_ORDERED = re.compile(r"(?i)\s*(?:(?:ok|okay|and|also|so|actually|please),?\s+)*(?:stop|quit)\b")
_BARE_NUMBER = re.compile(r"(?<![A-Za-z\d])\d")
_ARTICLES = frozenset(["the", "a", "an", "my", "our", "that", "this", "each", "every"])


def _singular_stem(word: str) -> str:
    """A plural in "-ies" as its singular: "summaries" (or "summarie", its "s" read off) is
    "summary"; other words as they are."""
    for plural in ("ies", "ie"):
        if word.endswith(plural) and len(word) > len(plural) + 2:
            return word[: -len(plural)] + "y"
    return word


# A rule held until later: "Don't page the DB team yet.", "Don't deploy until I say so.",
# "别通知业务方，等我确认", "先别发". What releases it is a go-ahead for its occasion: once its
# turn has passed it says nothing the revoked rule's absence does not.
_HELD = re.compile(
    r"(?i)\b(?:yet|for now|for the moment|until|till)\b"
    r"|先别|先不要|先不|暂时|暂不|等我|等.{1,8}(?:之后|以后|再)"
)
_HELD_TAIL = re.compile(r"(?i)\s+(?:yet|for now|for the moment|(?:until|till)\b.*)$")
_NOW_WORD = re.compile(r"(?i)\bnow\b|现在")


def held_until_later(rule: ConstraintEntry) -> bool:
    """Whether a rule holds only until later (`_HELD`)."""
    return rule.polarity == "forbid" and _HELD.search(rule.text) is not None


def _released(rule: ConstraintEntry, c: Constraint, norm: str) -> bool:
    """A held rule whose action, without how long it is held, a go-ahead "now" names ("deploy
    until i say so" and "You can deploy now")."""
    if not held_until_later(rule) or _NOW_WORD.search(c.text) is None:
        return False
    action = _HELD_TAIL.sub("", rule.norm_subject)
    return bool(action) and _heads(action, norm)


def _share_a_word(a: str, b: str) -> bool:
    """Two subjects naming things of one kind by a word in common: "主任医师" and "副主任"
    (two characters or more), "business class" and "economy class"."""
    if _CJK.search(a) and _CJK.search(b):
        return any(a[i : i + 2] in b for i in range(len(a) - 1) if _CJK.match(a[i : i + 2]))
    return bool({w for w in a.split() if len(w) > 2} & set(b.split()))


def _paired_only(
    active: Iterable[ConstraintEntry], lifted: list[ConstraintEntry]
) -> list[ConstraintEntry]:
    """ "只要主任医师，不要副主任" then "副主任也可以了": the only-rule said with a prohibition
    that another thing of its kind now allowed lifts no longer holds either (the one said in
    the prohibition's turn, naming its thing by a word in common)."""
    return [
        e
        for e in active
        if e.polarity == "only"
        and not e.revokes
        and e not in lifted
        and any(
            f.polarity == "forbid"
            and f.turn == e.turn
            # (Not by `same_kind` alone: "只用Python，不要用eval" names no two of a kind.)
            and _share_a_word(e.norm_subject, f.norm_subject)
            for f in lifted
        )
    ]


# Verbs that say only that a thing is done: "No need to do the dry-run anymore" is about the
# dry-run that "Always use --dry-run first" requires.
_LIGHT_VERB = re.compile(r"^(?:do|doing|perform|performing|use|using|make|making)\s+")
_ZH_SKIPPED = re.compile(r"跳过|省掉|省略|略过")
# What a limit lift holds the value to ("不用卡25万了", "不用控制在预算以内了").
_ZH_LIMIT_CUE = re.compile(r"(?:卡在?|限制在?|控制在?|压在?|守住?)")


# Words of a cap and of a floor in a Chinese limit.
_ZH_CAP = re.compile(r"超过|超出|高于|多于|最多|至多|顶多|以内|以下|之内|上限|封顶")
_ZH_FLOOR = re.compile(r"低于|少于|至少|最少|最低|以上|下限")


def _does_the_thing(rule: str, thing: str) -> bool:
    """A requirement (normalized, adverbs aside) that starts on `thing` or whose verb takes
    it: "dry run first before kubectl apply" and "use dry run" for "dry run"."""
    b = _bare(rule)
    return b.startswith(thing) or b.partition(" ")[2].startswith(thing)


def _no_longer_required(rule: ConstraintEntry, c: Constraint, norm: str) -> bool:
    """A requirement whose verb and thing a lift of what is no longer needed names ("cc priya"
    for "cc my manager priya raman on every request", "抄送王建国" for "抄送我的主管王建国"), the
    thing a light verb does ("do dry run" for "use --dry-run first"), or a limit held to the
    value or topic it names ("不用卡25万了" for "总预算不能超过25万元")."""
    if rule.polarity != "require" or c.polarity != "require" or not norm:
        return False
    if (limit := _ZH_LIMIT_CUE.match(c.subject)) is not None and (
        value_shape(rule.text) or counted_value(rule.text)
    ):
        held = c.subject[limit.end() :].removesuffix("以内").removesuffix("以下")
        if len(held) < 2 or held not in rule.text:
            return False
        # "贵点也没关系" lets go a cap ("不能超过100块"), "低一点也行" a floor ("不能低于2.6米").
        if (way := c.cue[:1]) and (way in ZH_LOOSE_UP or way in ZH_LOOSE_DOWN):
            up = way in ZH_LOOSE_UP and not c.cue.startswith("便宜")
            return (_ZH_CAP if up else _ZH_FLOOR).search(rule.text) is not None
        return True
    if (light := _LIGHT_VERB.match(norm)) is not None and norm[light.end() :]:
        return _does_the_thing(rule.norm_subject, norm[light.end() :])
    if _ZH_SKIPPED.search(c.cue):
        # "以后可以跳过dry-run了" for "kubectl apply之前必须先跑dry-run": the thing skipped.
        return len(norm) > 1 and _contains(rule.norm_subject, norm)
    if _CJK.search(norm):
        words = [w for w in jieba.cut(norm) if w.strip()]
        if len(words) == 1:
            # "不用问我了" (its subject "我") for "必须先问我": the verb with it in the words.
            held = rule.norm_subject
            return held.endswith(norm) and held[-len(norm) - 1 :] in c.text
        return len(words) > 1 and all(w in rule.norm_subject for w in words)
    words, ruled = norm.split(), rule.norm_subject.split()
    return len(words) > 1 and words[0] == ruled[0] and set(words) <= set(ruled)


def _refused_chosen(rule: ConstraintEntry, c: Constraint, norm: str) -> bool:
    """A thing refused beside another ("Refund to my gift card balance, not the Visa.": the
    rule's subject is the bare thing) that a change of mind chooses after all ("Actually
    refund to the Visa after all"): the permission ends on it."""
    return (
        rule.polarity == "forbid"
        and rule.cue.lower() == "not"
        and " " not in rule.norm_subject
        and norm.endswith(" " + rule.norm_subject)
        and _AFTER_ALL.search(c.text) is not None
    )


_AFTER_ALL = re.compile(r"(?i)\bafter all\b")


def _contrast_twins(
    active: Iterable[ConstraintEntry], lifted: list[ConstraintEntry]
) -> list[ConstraintEntry]:
    """The other half of a rule that put one thing in another's place ("Refund to my gift
    card balance, not the Visa.": a require and a forbid of one text and turn): with the
    refused thing chosen after all, the choice no longer holds either."""
    halves = {(e.text, e.turn) for e in lifted if e.polarity == "forbid"}
    return [
        e
        for e in active
        if e.polarity == "require"
        and not e.revokes
        and e not in lifted
        and (e.text, e.turn) in halves
    ]


def _alternative_twins(
    active: Iterable[ConstraintEntry], lifted: list[ConstraintEntry]
) -> list[ConstraintEntry]:
    """The alternative read from a lifted prohibition's own cue ("千万别给我打电话，发微信就
    行": a forbid and a require of one text, turn and cue): offered in its place, it goes
    with it, and kept its text would show the lifted rule."""
    halves = {(e.text, e.turn, e.cue) for e in lifted if e.polarity == "forbid" and not e.revokes}
    return [
        e
        for e in active
        if e.polarity == "require"
        and not e.revokes
        and e not in lifted
        and (e.text, e.turn, e.cue) in halves
    ]


# Words a rule said again as a permission may leave out: "在职证明上不要写我的月薪" is lifted by
# "在职证明上写月薪也可以".
_ZH_LEFT_OUT = re.compile(r"给我|我们的|我的|你的|也|再|还|都")


def _said_without_cue(rule: ConstraintEntry, c: Constraint) -> bool:
    """A Chinese permission that says a prohibition's words again without its cue (and the
    words `_ZH_LEFT_OUT`): it names the very thing forbidden, whatever its words' kind."""
    if rule.polarity != "forbid" or not rule.cue or not _CJK.search(c.subject):
        return False
    said = _ZH_LEFT_OUT.sub("", rule.text.replace(rule.cue, "", 1)).strip(_ZH_PARTICLES + "。，, ")
    return len(said) > 1 and said == _ZH_LEFT_OUT.sub("", c.subject).strip(_ZH_PARTICLES + " ")


# What a Chinese prohibition does to its thing: a verb, and where it puts it ("打到工资卡").
_ZH_VERB_ON_THING = re.compile(
    r"(?:找|请|选|订|买|用|打|发|寄|放|加|坐|开|住|带|穿|戴|换|排|安排)(?:到|给|进|在|成)?"
    r"(?P<thing>[\u4e00-\u9fffA-Za-z0-9]{1,8}?)的?"
)


def _zh_thing_allowed(rule: ConstraintEntry, c: Constraint) -> bool:
    """A Chinese permission naming what a prohibition's verb does to ("别打到工资卡" and
    "工资卡也行"), or that thing before the topic said first ("司仪不要找男的" and "男司仪也没
    问题"): the thing two characters or more said bare, or with the rule's topic after it."""
    if rule.polarity != "forbid" or not rule.cue or not _CJK.match(c.subject):
        return False
    at = rule.text.find(rule.cue)
    if at < 0:
        return False
    topic = rule.text[:at].strip(_ZH_PARTICLES + "。，, ").removesuffix("的")
    after = _ZH_LEFT_OUT.sub("", rule.text[at + len(rule.cue) :]).strip(_ZH_PARTICLES + "。，, ")
    m = _ZH_VERB_ON_THING.fullmatch(
        after + ("的" if rule.text.rstrip("。 ").endswith("的") else "")
    )
    if m is None:
        return False
    thing, permitted = m.group("thing"), _ZH_LEFT_OUT.sub("", c.subject)
    if len(thing) >= 2 and permitted == thing:
        return True
    return len(topic) >= 2 and permitted in (thing + topic, f"{thing}的{topic}")


# What a ban on an ingredient puts before it: "有虾蟹", "放花生", "加坚果".
_ZH_HAS = re.compile(r"^(?:含有|含|带有|带|有|放|加|用|吃)")


# Characters that say how a rule or a widening is put, not what it is about.
_ZH_FRAME_CHARS = frozenset("的了吧也都就还是要必须一定得只能可以行好没关系问题成订用选挂")


def _share_a_char(a: str, b: str) -> bool:
    """Two Chinese texts naming a thing of one kind: a character in common beyond how they
    are put ("五星级" and "四星": "星")."""
    return bool({ch for ch in a if _CJK.match(ch)} & set(b) - _ZH_FRAME_CHARS)


def _with_rules_words(c: Constraint, widened: list[ConstraintEntry]) -> Constraint:
    """A Chinese widening ("德芙也可以") that shares no word with the rule it widens ("喜糖必须
    是费列罗的"), with the rule's words before it: alone it names neither what was fine nor
    what it is for. One that does ("四星级的也可以" for "必须是五星级酒店") reads alone, the
    earlier rule shown as the conflict's earlier side."""
    if not _CJK.search(c.text) or any(_share_a_char(e.text, c.text) for e in widened):
        return c
    return c.model_copy(update={"text": "，".join([*(e.text for e in widened), c.text])})


def _zh_verb_kind(rule: ConstraintEntry, verb: str, thing: str) -> bool:
    """A Chinese only-rule whose cue and `verb` take a thing of `thing`'s kind ("只挂专家号"
    for "普通号" and "挂")."""
    at = rule.text.find(rule.cue + verb) if rule.cue else -1
    if at < 0:
        return False
    ruled = rule.text[at + len(rule.cue) + len(verb) :].strip(_ZH_PARTICLES + "。，, ")
    return same_kind(ruled, thing)


def one_off(permitted: str) -> bool:
    """Whether a normalized permission is for one occasion ("push main once")."""
    return _ONE_OFF.search(permitted) is not None


# "我订电车" ends on the thing "电车" a verb of choosing takes ("我换成仿制药": or of putting
# it in another's place), the one asking aside.
_ZH_VERB_TAKES = re.compile(
    r"(?:给?我)?(?:换成|换用|改成|改用|订|买|坐|乘|用|选|租|要|开)(?P<thing>[\u4e00-\u9fff]{2,6})"
)


def _zh_verb_takes(rule: str, thing: str) -> bool:
    """Whether the Chinese rule subject `rule` is a verb of choosing taking `thing`."""
    m = _ZH_VERB_TAKES.fullmatch(rule)
    return m is not None and m.group("thing") == thing


# One-character verbs that only say what is done with a thing: "打电话" is about "电话", and
# "葱其实可以放" (its subject "放葱") about "葱".
_ZH_THING_VERBS = frozenset("打发寄放加坐用吃喝点叫带开订买走住搭乘穿戴")


def _zh_verb_and_thing(rule: str, permitted: str) -> bool:
    """A Chinese permission of a prohibition's thing, one side with a verb of `_ZH_THING_VERBS`
    before it and the other without: "电话也可以" for "不要打电话", "葱其实可以放" for "不要葱".
    The thing said bare is two characters or more ("车" names no "打车"), unless the rule
    itself is that bare thing."""
    if not (_CJK.match(rule) and _CJK.match(permitted)):
        return False
    if permitted[:1] in _ZH_THING_VERBS and permitted[1:] == rule:
        return True
    return rule[:1] in _ZH_THING_VERBS and rule[1:] == permitted and len(permitted) >= 2


# Verbs of changing a place's files: "legacy 目录下的先别动", "Don't touch anything in legacy/".
_ZH_CHANGE_VERB = re.compile(r"动|改|碰|修改|重构")


def _keeps_place(rule: str, place: str) -> bool:
    """A prohibition of changing what is in `place` ("legacy 目录下的先别动" for "legacy")."""
    at = rule.lower().find(place.lower())
    if len(place) < 2 or at < 0:
        return False
    if place.isascii() and re.search(rf"(?i)(?<![\w.-]){re.escape(place)}(?![\w.-])", rule) is None:
        return False
    verbs = {w.lower() for w in re.findall(r"[A-Za-z]+", rule)} & _EDIT_VERBS
    return bool(verbs) or _ZH_CHANGE_VERB.search(rule) is not None


# A time of day as a bound, said as enough: "8点以后" (就行), "10点之前".
_ZH_CLOCK = r"\d{1,2}点(?:半|\d{1,2}分?)?"
_ZH_TIME_BOUND = re.compile(rf"(?P<t>{_ZH_CLOCK})(?P<dir>以后|之后|后|以前|之前|前)")
_ZH_LATER = ("以后", "之后", "后")


def _bounds_time(rule: str, bound: re.Match[str]) -> bool:
    """A prohibition of what is too early that a lower bound ("8点以后") moves ("也别太早",
    "不要订9点前的航班": another time, the other way), or of what is too late that an
    upper bound moves ("别订太晚的航班", "10点以后的不要")."""
    later = bound.group("dir") in _ZH_LATER
    if re.search(r"太早|早于" if later else r"太晚|晚于", rule):
        return True
    other = r"以前|之前|前" if later else r"以后|之后|后"
    return any(
        m.group("t") != bound.group("t")
        for m in re.finditer(rf"(?P<t>{_ZH_CLOCK})(?:{other})", rule)
    )


# An English clock time: "9am", "8:30", "5.30 pm", "17:30".
_EN_CLOCK = r"\d{1,2}(?:[:.]\d{2})?\s?(?:[ap]\.?m\.?)?"
_EN_TIME_BOUND = re.compile(
    rf"(?i)\b(?P<dir>before|earlier than|after|later than|past)\s+(?P<t>{_EN_CLOCK})(?![\w:.])"
)
_EN_CLOCK_SAID = re.compile(
    r"(?i)(?<![\w:.])(?P<t>\d{1,2}(?:[:.]\d{2}|\s?[ap]\.?m\.?)"
    r"(?:\s?[ap]\.?m\.?)?)(?![\w:.])"
)


def _minutes(t: str, like: str = "") -> int | None:
    """Minutes after midnight of a clock time; with no am/pm, the half of `like`'s."""
    m = re.fullmatch(r"(?i)(\d{1,2})(?:[:.](\d{2}))?\s?(?:([ap])\.?m\.?)?", t.strip())
    if m is None:
        return None
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    half = (m.group(3) or "").lower()
    if not half and (h := re.search(r"(?i)([ap])\.?m\.?$", like.strip())) is not None:
        half = h.group(1).lower()
    if half == "p" and hour < 12:
        hour += 12
    elif half == "a" and hour == 12:
        hour = 0
    return hour * 60 + minute if hour < 24 and minute < 60 else None


def _time_loosened(rule: ConstraintEntry, said: str) -> bool:
    """A prohibition bounded by a clock time ("Don't schedule anything before 9am") that a
    permission of another time on its forbidden side loosens ("8:30 starts are okay after
    all"): the time said is earlier than a "before" bound, or later than an "after" one."""
    if rule.polarity != "forbid" or rule.revokes or _EN_TIME_BOUND.search(said):
        return False
    bound = _EN_TIME_BOUND.search(rule.text)
    times = [m.group("t") for m in _EN_CLOCK_SAID.finditer(said)]
    if bound is None or len(times) != 1:
        return False
    limit, when = _minutes(bound.group("t")), _minutes(times[0], bound.group("t"))
    if limit is None or when is None or when == limit:
        return False
    return (when < limit) == (bound.group("dir").lower() in ("before", "earlier than"))


# What joins the things of a list: "青霉素和头孢", "peanuts, shellfish and eggs".
_LIST_JOIN_WORDS = r"(?:以及|和|、|与|及|跟|,|，|\band\b|\bor\b)"
_LIST_JOIN = re.compile(rf"(?i)\s*{_LIST_JOIN_WORDS}\s*")


def _list_item_named(item: str, permitted: str) -> bool:
    """Whether a permission's subject names one thing of a rule's list: the thing itself
    ("scallion"; "no scallions" in "No cilantro and no scallions"), or in Chinese the thing
    after a verb of doing ("放葱" for "葱")."""
    thing = normalize_subject(re.sub(r"(?i)^\s*no\s+", "", item))
    if not thing:
        return False
    return thing == permitted or (
        _CJK.match(thing) is not None
        and permitted[:1] in _ZH_THING_VERBS
        and permitted[1:] == thing
    )


def _without_item(text: str, item: str) -> str:
    """`text` without one thing of a list it names and the word that joined it: "她对青霉素和
    头孢过敏" without "头孢" is "她对青霉素过敏"; "peanuts, shellfish and eggs" without
    "peanuts" is "shellfish and eggs"."""
    i = re.escape(item)
    for rx in (
        rf"(?i)\s*{_LIST_JOIN_WORDS}\s*{i}(?![A-Za-z0-9])",
        rf"(?i)(?<![A-Za-z0-9]){i}\s*{_LIST_JOIN_WORDS}\s*",
    ):
        if (m := re.search(rx, text)) is not None:
            return text[: m.start()] + text[m.end() :]
    return text


# A switch to another thing: "switch to pytest -x -q", "以后都改用 pytest -x -q".
_SWITCH_TO = re.compile(
    r"(?i)\b(?:switch(?:\s+over)?|move|change|go\s+over)\s+to\s+(?:the\s+|a\s+)?"
    r"|(?:改用|换成|换用|改成|改为)\s*"
)
# A tool or thing named with its variant: options ("pytest -x", "ruff --fix") or a version
# ("Python 3.11", "node v20").
_VARIANT = re.compile(
    r"(?i)(?<![\w-])(?P<head>[a-z][\w.+#]*)(?P<opts>(?:\s+(?:-{1,2}[\w=-]+|v?\d[\w.]*))+)"
)


def _variant_switched(rule: ConstraintEntry, said: str) -> bool:
    """A requirement naming a thing in one variant ("Always use pytest -x") that words
    switching to another variant of it replace ("switch to pytest -x -q from now on"). Not a
    rule naming the thing bare ("Always run pytest before committing": the flags add to it),
    nor another thing."""
    if rule.polarity not in ("require", "only") or rule.revokes:
        return False
    switch = _SWITCH_TO.search(said)
    new = _VARIANT.match(said, switch.end()) if switch is not None else None
    if new is None:
        return False
    head, opts = new.group("head").lower(), " ".join(new.group("opts").split())
    return any(
        m.group("head").lower() == head and " ".join(m.group("opts").split()) != opts
        for m in _VARIANT.finditer(rule.text)
    )


# The thing a new requirement names itself in place of: "instead of legal", "rather than
# the PDF" (up to the words that say when or where).
_IN_PLACE_OF = re.compile(
    r"(?i)\b(?:instead of|rather than|in place of)\s+(?:the\s+|my\s+|our\s+)?"
    r"(?P<old>[\w@.+-]+?(?:\s+(?!(?:from|going|for|on|in|at|to|when|if|now|please)\b)"
    r"[\w@.+-]+?)?)(?=[.,;!?]?(?:\s|$))"
)
# Said for one occasion or scope ("for this report", "this time"): an exception, no new rule.
_FOR_THIS = re.compile(r"(?i)\bfor (?:this|that|the next|today'?s?)\b")


def _put_in_place(rule: ConstraintEntry, c: Constraint) -> bool:
    """A requirement said with the thing it replaces ("Cc compliance@northwind.io instead of
    legal from now on") replacing the requirement of that thing by the same verb ("Always cc
    legal@northwind.io on merge reports"). Not for one occasion, not another verb's rule."""
    if rule.polarity not in ("require", "only") or rule.revokes:
        return False
    m = _IN_PLACE_OF.search(c.subject)
    if m is None or _ONCE.search(c.text) or _FOR_THIS.search(c.text):
        return False
    verb, _, new = normalize_subject(c.subject[: m.start()]).partition(" ")
    old = normalize_subject(m.group("old").rstrip("."))
    said = rule.norm_subject
    return (
        bool(old and new)
        and said.partition(" ")[0] == verb
        and _contains(said, old)
        and not _contains(said, new)
    )


# What a weak request's lead says besides the thing named: "寄件人就" -> "寄件人".
_ZH_TOPIC = re.compile(r"(?:那么|那就|那|好吧|好的|嗯|现在|算了)?[，,\s]*(?P<t>.*?)(?:就|还是)")


def _zh_shortened(rule: ConstraintEntry, asked: str) -> bool:
    """A Chinese request ("写真名") of the verb a prohibition puts before its thing ("不要写真
    实姓名") and that thing shortened: its first and last characters kept, the rest a part
    of it in order ("真名" for "真实姓名")."""
    thing = rule.norm_subject
    if rule.polarity != "forbid" or not re.fullmatch(r"[\u4e00-\u9fff]{3,8}", thing):
        return False
    # The verb is a character or two (jieba reads "写真名" as "写真" and "名").
    verb = next((asked[:n] for n in (1, 2) if f"{asked[:n]}{thing}" in rule.text), "")
    short = asked[len(verb) :] if verb else ""
    if not 2 <= len(short) < len(thing) or (short[0], short[-1]) != (thing[0], thing[-1]):
        return False
    rest = iter(thing)
    return all(ch in rest for ch in short)


def _other_de(active: Iterable[ConstraintEntry], c: Constraint) -> bool:
    """A Chinese only-rule on one "X的" ("只打进口的") and a permission of another "Y的"
    ("国产的也行"): two to four characters each, not the same."""
    thing = c.subject.removesuffix("的")
    if not re.fullmatch(r"[\u4e00-\u9fff]{2,4}", thing) or f"{thing}的" not in c.text:
        return False
    return any(
        e.polarity == "only"
        and not e.revokes
        and re.fullmatch(r"[\u4e00-\u9fff]{2,4}的", e.subject) is not None
        and e.subject != f"{thing}的"
        for e in active
    )


# A rule said for all of its kind ("所有费用一律…", "Always …", "every invoice"), which one
# thing can be excepted from.
_FOR_ALL = re.compile(r"(?i)一律|所有|全部|任何|统统|都|每|\b(?:always|all|every|any|never)\b")


# The speaker as a possessor before what a rule's verb takes: "我现在的公司" is about "公司".
_ZH_OWNER = re.compile(r"^(?:给?我们|给?我|咱们)")


def _zh_object_named(rule: str, permitted: str) -> bool:
    """A Chinese permission of a prohibition's verb on its thing or a part of it: "联系公司hr"
    for "联系我现在的公司" (the thing after its last modifier). Not another thing so modified
    ("联系我之前的公司") nor another verb."""
    if not (_CJK.match(rule) and _CJK.match(permitted)):
        return False
    # The verb is the first word of both (jieba tags some verbs, "联系", as nouns).
    verb = next(iter(jieba.cut(rule)), "")
    if len(verb) < 2 or next(iter(jieba.cut(permitted)), "") != verb or rule == permitted:
        return False
    obj = _ZH_OWNER.sub("", rule[len(verb) :])
    head = obj.rpartition("的")[2]
    return len(head) >= 2 and permitted[len(verb) :].startswith(head)


# When a Chinese rule holds: "周五下午不要排课", "周末不要搬家".
_ZH_TIME = re.compile(
    r"(?:周|星期|礼拜)[一二三四五六日天]|周末|工作日|上午|下午|中午|晚上|早上|夜里|凌晨"
)
_ZH_WEEKEND_DAYS = frozenset(["周六", "周日", "周天", "星期六", "星期日", "星期天"])
_ZH_NOT_ACTION = frozenset("的了我你您他她它们不要别也可以就吧那")


def _zh_time_lifted(rule: ConstraintEntry, said: str) -> bool:
    """A Chinese prohibition held to a time ("周五下午不要排课", "周末不要搬家") that a
    permission for that time, or a day of it, lifts: the permission names the time and what
    is done then ("周五下午的课也可以选了", "周六也可以进车了，那就周六搬吧"), not only the
    time ("周六也可以去看房了" is about another thing)."""
    at = rule.text.find(rule.cue) if rule.cue else -1
    ruled = set(_ZH_TIME.findall(rule.text[:at])) if at > 0 else set()
    if not ruled or rule.polarity != "forbid":
        return False
    named = set(_ZH_TIME.findall(said))
    if not named or not all(
        t in named or (t == "周末" and named & _ZH_WEEKEND_DAYS) for t in ruled
    ):
        return False
    rest = _ZH_TIME.sub("", said)
    action = [ch for ch in rule.norm_subject if _CJK.match(ch) and ch not in _ZH_NOT_ACTION]
    return any(ch in rest for ch in action)


# Words before a Chinese permission's 可以 that name no part it is limited to.
_ZH_NO_SCOPE = re.compile(r"^(?:你们|你|您|现在|其实|那么|那|也|又|还|好的|好吧|嗯|[，,\s])*$")


def _zh_part_allowed(c: Constraint, norm: str, active: Iterable[ConstraintEntry]) -> bool:
    """A Chinese permission for a part of what a prohibition covers, said first ("片尾那15秒"
    before "可以加一点轻音乐" after "不要加背景音乐"), of a thing of the rule's kind (a word in
    common: "音乐")."""
    at = c.text.find("可以")
    if c.polarity != "forbid" or not _CJK.search(norm) or at < 2:
        return False
    scope, allowed = c.text[:at], c.text[at + 2 :]
    if _ZH_NO_SCOPE.match(scope) or _ZH_OWNER.match(scope):
        return False
    # The thing of the rule's kind is what is allowed, not the topic said first: "测试数据库
    # 可以重启了" is about another database, no part of "不要重启生产数据库".
    return any(
        e.polarity == "forbid"
        and not e.revokes
        and _share_a_word(e.norm_subject, allowed)
        and not _share_a_word(e.norm_subject, scope)
        for e in active
    )


def _heads(a: str, b: str) -> bool:
    """`a` and `b` (normalized) are the same subject or one is the other's head ("panda" and
    "panda for parsing"), as a plain-words revocation must be to lift a rule."""
    a, b = _bare(a), _bare(b)
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if not short or not long_.startswith(short):
        return False
    rest = long_[len(short) :]
    if _CJK.match(rest):
        return _CJK.search(short[-1:]) is not None
    if (domain := _EMAIL_DOMAIN.match(rest)) is not None and "@" not in short:
        # "No need to cc legal anymore" for "Always cc legal@northwind.io on merge reports":
        # an address named by its local part (not one named whole, another address).
        rest = rest[domain.end() :]
        if not rest:
            return True
    return rest.startswith(" ") and not _NOT_THE_SUBJECT.search(rest)


_EMAIL_DOMAIN = re.compile(r"@[a-z0-9-]+(?:\.[a-z0-9-]+)+(?![\w.-])")


# What an only-rule says, for comparing two of them: its words without the cue, courtesy and
# the words that widen a rule.
_FRAME_TOKEN = re.compile(r"[\u3400-\u9fff]+|[^\s\u3400-\u9fff,;:!?，。；：！？、\"“”()（）]+")
_EN_FILLER = frozenset(
    [
        *("please", "kindly", "just", "the", "a", "an", "my", "your", "our", "this", "that"),
        *("also", "too", "as", "well", "now", "again", "only", "you", "can", "may", "i", "we"),
        *("want", "and", "then", "actually", "ok", "okay", "so"),
    ]
)
_ZH_FILLER = frozenset(
    ["也", "还", "都", "就", "了", "吧", "呢", "啊", "请", "你", "您", "可以", "再"]
)
# "… too", "also …", "也可以…": a later only-rule that adds to the earlier one.
_WIDENS = re.compile(
    r"(?i)\b(?:also|too|as well|additionally|in addition|not (?:just|only))\b|也|另外|此外"
    r"|还(?!是|有)"
)


# Verbs of changing a file: "Don't touch anything in addons/" covers patching a file there.
_EDIT_VERBS = frozenset(
    ["touch", "modify", "edit", "change", "patch", "update", "fix", "alter", "rewrite"]
)


def _same_verb(a: str, b: str) -> bool:
    return a == b or (a in _EDIT_VERBS and b in _EDIT_VERBS)


def _related(a: str, b: str) -> bool:
    """Two normalized Latin subjects of one action, each with a scope of its own: the same
    first word (the verb) and another word in common, or a word of one that starts a word of
    the other ("run black before committing" and "run black on generated file", "modify file
    under tests/" and "modify tests/conftest.py")."""
    wa, wb = _bare(a).split(), _bare(b).split()
    if len(wa) < 2 or len(wb) < 2 or not _same_verb(wa[0], wb[0]) or not (a + b).isascii():
        return False
    return any(
        x == y or (len(x) >= 3 and y.startswith(x)) or (len(y) >= 3 and x.startswith(y))
        for x in wa[1:]
        for y in wb[1:]
    )


# What a restated only-rule joins its things with: "Only touch src/app.py and src/rounding.py".
_JOINS = re.compile(r"(?i)\b(?:and|or|plus)\b|[,、和及与]")


def restates_wider(earlier: tuple[str, ...], later: tuple[str, ...], text: str) -> bool:
    """A later only-rule that says the earlier again with more things of the same kind joined
    to it ("Only touch src/app.py." then "Only touch src/app.py and src/rounding.py."): every
    word of the earlier, in order, and an added word shaped like one the earlier named."""
    la, lb = [w.lower() for w in earlier], [w.lower() for w in later]
    if not la or len(lb) <= len(la) or not _JOINS.search(text):
        return False
    it = iter(lb)
    if not all(w in it for w in la):
        return False
    added = [w for w in later if w.lower() not in la]
    named = {_shape(w) for w in earlier[1:]}
    return any(_shape(w) in named for w in added)


def only_frame(text: str, cue: str) -> tuple[str, ...]:
    """The words of a rule's text without its cue: "Only touch src/app.py." -> (touch,
    src/app.py); "只用简体中文回复" -> (用, 简体中文, 回复)."""
    t = unicodedata.normalize("NFKC", text)
    cue = unicodedata.normalize("NFKC", cue.removesuffix(IF_RULED)).strip()
    if cue and (i := t.lower().find(cue.lower())) >= 0:
        t = t[:i] + " " + t[i + len(cue) :]
    words: list[str] = []
    for m in _FRAME_TOKEN.finditer(t):
        w = m.group()
        if _CJK.match(w):
            words.extend(x for x in jieba.lcut(w) if x not in _ZH_FILLER)
        elif (w := w.strip(".'")) and w.lower() not in _EN_FILLER:
            words.append(w)
    return tuple(words)


def _shape(word: str) -> str:
    """What kind of word names the thing: a path or number, a name, a Chinese word, a word."""
    if re.search(r"[/._\d]", word):
        return "path"
    if _CJK.match(word):
        return "zh"
    return "name" if word[:1].isupper() else "word"


def other_only(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two only-rules name different single things of one kind in the same place: "touch
    src/app.py" and "touch src/credits.py", "用简体中文回复" and "用英文回复". Not "use Python"
    and "use metric units" (two words are a description, not one thing named instead of
    another), "reply in English" and "reply in markdown" (a language and a format), nor rules
    that share no word."""
    la, lb = tuple(w.lower() for w in a), tuple(w.lower() for w in b)
    if not la or not lb or la == lb:
        return False
    p = 0
    while p < min(len(la), len(lb)) and la[p] == lb[p]:
        p += 1
    s = 0
    while s < min(len(la), len(lb)) - p and la[-1 - s] == lb[-1 - s]:
        s += 1
    if p + s < 1 or len(la) - s - p != 1 or len(lb) - s - p != 1:
        return False
    return "的" not in a[p] + b[p] and _shape(a[p]) == _shape(b[p])


def _names_alike(earlier: tuple[str, ...], later: tuple[str, ...]) -> bool:
    """A widening permission names a thing of a kind the only-rule named ("Also you may edit
    src/credits.py now, not just the two files." after "Only touch src/app.py and
    src/rounding.py."): a path or a name beside a path or a name."""
    named = {_shape(w) for w in earlier[1:]} & {"path", "name"}
    return any(_shape(w) in named for w in later)


def widens(text: str) -> bool:
    """A later only-rule that adds to an earlier one ("Only touch src/credits.py too")."""
    return _WIDENS.search(text) is not None


def says_earlier_stands(texts: Iterable[str]) -> bool:
    """Whether any text carries a keep-the-earlier cue ("还是按原来的", "as before")."""
    for t in texts:
        n = unicodedata.normalize("NFKC", t).lower()
        if any(c in n for c in KEEP_EARLIER_CUES):
            return True
    return False


def opposite(p: str, q: str) -> bool:
    """forbid against anything that asks for the subject (require, only, prefer)."""
    return (p == "forbid") != (q == "forbid")


class ConstraintEntry(BaseModel):
    id: str
    text: str  # verbatim
    polarity: Literal["forbid", "require", "only", "prefer"]
    subject: str  # as given by the parser
    norm_subject: str
    cue: str = ""
    revokes: bool = False
    turn: int
    last_turn: int  # the latest turn the user restated it
    status: Status = "active"
    status_turn: int | None = None
    status_by: str | None = None  # id of the entry that revoked/superseded it
    # A permission for one occasion ("这次可以显示价格"): in force on its turn only
    # (`Ledger.in_force`).
    once: bool = False


class ConflictSide(BaseModel):
    text: str  # verbatim: the constraint text or the slot value
    turn: int
    ref: str  # constraint id or slot key


class ConflictRecord(BaseModel):
    id: str
    # constraint: two rules; slot: two values of a slot; slot_rule: a new forbid rule against a
    # value the user had set ("用顺丰" read as shipping=顺丰, then "不用顺丰").
    kind: Literal["constraint", "slot", "slot_rule"]
    subject: str
    earlier: ConflictSide
    later: ConflictSide
    resolution: Resolution
    turn: int  # when the conflict was detected or last resolved
    explicit: bool = False  # slot conflicts: the user asked for the change ("改成")


class StatusChange(BaseModel):
    entry: str
    old: Status
    new: Status
    turn: int
    by: str | None


class LedgerResult(BaseModel):
    """What one `Ledger.add` did, for the audit log."""

    entry: ConstraintEntry | None = None  # None when it restated an active rule
    restated: str | None = None
    changes: list[StatusChange] = Field(default_factory=list)
    conflicts: list[ConflictRecord] = Field(default_factory=list)


class Ledger(BaseModel):
    """Entries and conflicts. Statuses change through the ledger's methods only: the active
    entries are cached until an entry is added or a status changes (or `entries` is replaced)."""

    entries: list[ConstraintEntry] = Field(default_factory=list)
    conflicts: list[ConflictRecord] = Field(default_factory=list)
    # Active entries, rebuilt only when the ledger changes: every message asks for them.
    _memo: Memo = PrivateAttr(default_factory=Memo)

    def active(self) -> list[ConstraintEntry]:
        return list(self._active()[0])

    def active_texts(self) -> tuple[str, ...]:
        """Texts of the active entries; the same tuple object for as long as they stay the same."""
        return self._active()[1]

    def _active(self) -> tuple[tuple[ConstraintEntry, ...], tuple[str, ...]]:
        m = self._memo.values
        key = (len(self.entries), m.get("version", 0))
        if m.get("list") is not self.entries or m.get("key") != key:
            active = tuple(e for e in self.entries if e.status == "active")
            m["active"] = (active, tuple(e.text for e in active))
            m["once"] = any(e.once for e in active)
            m["list"], m["key"] = self.entries, key
        result: tuple[tuple[ConstraintEntry, ...], tuple[str, ...]] = m["active"]
        return result

    def in_force(self, last_user_turn: int) -> list[ConstraintEntry]:
        """The active entries the block shows once the user's turn `last_user_turn` has come:
        all but a permission for one occasion ("这次可以显示价格", "You can push to main this
        once") said before it and not said again since. That permission was used on its turn;
        the rule it excepted is in force again.

        It leaves the block rather than staying marked as used: the block says what holds
        now, and a spent exception written there, however marked, invites applying it again
        (and costs its tokens every turn). Its entry stays in the ledger, with its turn."""
        active, _ = self._active()
        shown = [
            e
            for e in active
            if not (
                e.revokes
                and (
                    _CALLS_OFF.search(e.text)
                    or TAKEN_BACK.match(e.text)
                    or _ZH_CALLS_OFF.match(e.text)
                )
            )
        ]
        if not self._memo.values.get("once"):
            return shown
        return [e for e in shown if not (e.once and e.last_turn < last_user_turn)]

    def carry_one_offs(self, before: int, turn: int) -> None:
        """A bare go-ahead on `turn` ("Go.", "继续。") after the user's turn `before`: the
        one-off permissions given then ("You can patch <file> this one time.") are for the
        occasion it starts, so they stay in force through it (`in_force`)."""
        # (Only a permission for an occasion: a lift kept for its turn, "不用问我了", says
        # nothing more on the next.)
        carried = [
            e
            for e in self._active()[0]
            if e.once and e.last_turn == before and _SINGLE_OCCASION.search(e.text)
        ]
        for e in carried:
            e.last_turn = turn
        if carried:
            m = self._memo.values
            m["version"] = m.get("version", 0) + 1  # what the block shows changed

    def get(self, entry_id: str) -> ConstraintEntry:
        # Ids are "c<position>" as `add` assigns them: try that slot before scanning.
        pos = entry_id[1:]
        if pos.isdigit() and 0 < int(pos) <= len(self.entries):
            e = self.entries[int(pos) - 1]
            if e.id == entry_id:
                return e
        for e in self.entries:
            if e.id == entry_id:
                return e
        raise KeyError(entry_id)

    def set_status(self, entry_id: str, status: Status, turn: int, by: str | None) -> StatusChange:
        """Change one entry's status (used when a slot-vs-rule conflict is flipped)."""
        return self._set(self.get(entry_id), status, turn, by)

    def _append(
        self,
        c: Constraint,
        norm: str,
        turn: int,
        *,
        polarity: Polarity,
        revokes: bool,
        once: bool = False,
    ) -> ConstraintEntry:
        """A new entry for `c` (its text, subject and cue verbatim), appended."""
        entry = ConstraintEntry(
            id=f"c{len(self.entries) + 1}",
            text=c.text,
            polarity=polarity,
            subject=c.subject,
            norm_subject=norm,
            cue=c.cue,
            revokes=revokes,
            turn=turn,
            last_turn=turn,
            once=once,
        )
        self.entries.append(entry)
        return entry

    def _set(self, e: ConstraintEntry, status: Status, turn: int, by: str | None) -> StatusChange:
        ch = StatusChange(entry=e.id, old=e.status, new=status, turn=turn, by=by)
        e.status, e.status_turn, e.status_by = status, turn, by
        m = self._memo.values
        m["version"] = m.get("version", 0) + 1
        return ch

    def new_conflict_id(self) -> str:
        return f"x{len(self.conflicts) + 1}"

    def add(
        self,
        c: Constraint,
        turn: int,
        *,
        earlier_stands: bool = False,
        aliases: Mapping[str, str] | None = None,
    ) -> LedgerResult:
        """Record one user constraint and resolve it against the active ones."""
        norm = normalize_subject(c.subject or c.text, aliases)
        # Subjects that match are equal or one holds the other: a substring test (in C) first
        # leaves the full match for the few rules it passes, since the active rules grow
        # with a long session and every new rule is compared with each of them.
        same = [
            e
            for e in self._active()[0]
            if ((s := e.norm_subject) in norm or norm in s) and subjects_match(s, norm)
        ]
        if not c.revokes and (raw := _normalized(c.subject or c.text)) != norm and _CJK.search(raw):
            # "不用顺丰了" after "必须用顺丰发货": an alias maps a whole subject only ("顺丰" to
            # "sf express"), so the rule's "顺丰发货" holds the subject in its own words.
            same += [
                e
                for e in self._active()[0]
                if e not in same and subjects_match(_normalized(e.subject), raw)
            ]
        out = LedgerResult()
        if c.cue.endswith(STRUCK):
            return self._strike(c, norm, turn)
        if c.cue.endswith(PART_ALLOWED):
            return self._part_allowed(c, norm, turn)
        if c.cue.endswith(EXCEPTED) or c.cue.endswith(EXCEPTED_PART):
            return self._excepted(c, norm, turn)
        if c.cue.endswith(LESS):
            return self._less(c, norm, turn)
        if c.cue.endswith(NOT_THAT):
            return self._not_that(c, norm, turn)
        if c.cue.endswith(ALL_FINE):
            return self._all_fine(c, norm, turn)
        if c.cue.endswith(ALSO_FINE) or names_alternative(c):
            if self._also_widened(c):
                return self._kind_widened(c, norm, turn)
            if c.cue.endswith(ALSO_FINE) or (c.subject.isascii() and weekday(c.subject)):
                return out  # widening no only-rule, a remark ("Friday is fine too")
        if norm.isascii() and (by_name := self._named_in_english(c, norm, turn)) is not None:
            return by_name
        if (
            c.revokes
            and (c.confidence <= WEAK_REVOCATION or lifts_only_a_rule(c))
            and _CJK.search(norm)
            and _SINGLE_OCCASION.search(c.text)
        ):
            # "那就用副厂的吧，这次算了" after "维修配件必须用原厂的": another of the kind a
            # rule requires, asked for this once, is an exception beside the rule.
            kept = [
                e
                for e in self._active()[0]
                if e.polarity in ("require", "only")
                and not e.revokes
                and same_kind(e.subject, c.subject)
            ]
            if kept:
                out.entry = self._append(c, norm, turn, polarity="forbid", revokes=True, once=True)
                return out
        if lifts_only_a_rule(c) and (bound := _ZH_TIME_BOUND.fullmatch(norm)) is not None:
            moved = self._time_bound_moved(c, norm, bound, turn)
            if moved.entry is not None:
                return moved
        if (kind := mind_change(c)) is not None:
            return self._mind_changed(c, norm, kind, turn)
        if lifts_only_a_rule(c) and c.polarity == "forbid" and for_one_thing(c.text):
            # "For IMG_2305.jpg you can crop it" after "Don't crop anything": an exception for
            # the one thing named, kept beside the rule (which still holds for the rest).
            scoped = self._add_scoped(c, norm, IN_PART, turn)
            if scoped.entry is not None:
                return scoped
        if (scope := scoped_permission(c)) is not None:
            return self._add_scoped(c, norm, scope, turn)
        if (skip := _SKIP.match(norm)) is not None and self._skips_a_rule(c, skip.group("thing")):
            # "Feel free to skip the dry-run", "Skip the dry-run from now on" after "Always use
            # --dry-run first": what the requirement asks for, skipped.
            return self._skip(c, norm, skip.group("thing"), turn)
        if not c.revokes and c.polarity == "forbid" and norm.isascii():
            # "Never restart the prod database." again after "The prod database can be
            # restarted now.": the permission named the action another way ("restarting …"),
            # and the rule said again replaces it as it would one in the rule's words.
            same += [
                e
                for e in self._active()[0]
                if e.revokes
                and e.polarity == "forbid"
                and e not in same
                and _lifted_by(norm, e.norm_subject)
            ]
        if c.revokes and not lifts_only_a_rule(c) and norm.isascii():
            # "Feel free to ask me before you push to main" permits asking, not pushing: a
            # permission lifts a rule only when what it permits is the rule's subject (or the
            # subject's head), not an action that merely names it.
            named = _NAMES_A_RULE.search(c.text) is not None
            same = [e for e in same if named or _heads(e.norm_subject, norm)]
            if c.polarity == "forbid":
                # "You can schedule weekend visits again" after "Never schedule a visit on a
                # weekend": what it allows, every word the rule's (`lifts_named`).
                same += [
                    e
                    for e in self._active()[0]
                    if e not in same
                    and e.polarity == "forbid"
                    and not e.revokes
                    and lifts_named(e.text, c.text, c.subject)
                ]
        if (
            c.revokes
            and c.polarity == "require"
            and not lifts_only_a_rule(c)
            and (light := _LIGHT_VERB.match(norm)) is not None
        ):
            # "No need to do the dry-run anymore" after "Always use --dry-run first": the
            # thing the requirement does, named with another verb.
            same += [
                e
                for e in self._active()[0]
                if e not in same
                and e.polarity == "require"
                and not e.revokes
                and _does_the_thing(e.norm_subject, norm[light.end() :])
            ]
        if c.revokes and not lifts_only_a_rule(c) and _ZH_RULE_NAMED.search(c.text):
            # "预算那条取消吧" after "总预算不能超过25万元": the rule named by a word of it.
            same += [
                e
                for e in self._active()[0]
                if e not in same and not e.revokes and len(norm) > 1 and norm in e.text
            ]
        if c.revokes and TAKEN_BACK.match(c.text):
            # "刚才说信用卡别动，现在想想还是…": the rule quoted word for word, whatever its
            # subject was read as.
            same += [
                e
                for e in self._active()[0]
                if e not in same and not e.revokes and len(e.text) > 2 and e.text in c.text
            ]
        if c.revokes and c.confidence <= WEAK_REVOCATION:
            # "写真名吧" for "不要写真实姓名": the rule's thing, shortened.
            same += [
                e
                for e in self._active()[0]
                if e not in same and not e.revokes and _zh_shortened(e, norm)
            ]
            # "显示价格吧" lifts a rule against just that ("不要显示价格"); with none, it is a
            # request, no rule.
            # ("别给我打电话" / "直接打电话吧": the speaker as the one called aside.)
            # ("收件人就写真名吧" is not about "寄件人信息不要写真实姓名": the place it names.)
            topic = t.group("t") if (t := _ZH_TOPIC.fullmatch(c.cue)) is not None else ""
            same = [
                e
                for e in same
                if e.polarity == c.polarity
                and (
                    norm in (e.norm_subject, _ZH_OWNER.sub("", e.norm_subject))
                    or _zh_shortened(e, norm)
                )
                and (len(topic) < 2 or not _CJK.match(topic) or topic in e.text)
            ]
            if not same:
                return out
        for e in same:
            if not c.revokes and not e.revokes and e.polarity == c.polarity and e.text == c.text:
                e.last_turn = turn  # restated verbatim: one entry, refreshed
                out.restated = e.id
                return out
        polarity, revokes = c.polarity, c.revokes
        rivals: list[ConstraintEntry] = []
        relaxed: list[ConstraintEntry] = []
        if lifts_only_a_rule(c):
            # "You can use pandas now": a rule in force on the same subject is lifted; none
            # lifted, it widens an only-rule it names another thing of ("You may also touch
            # src/credits.py"), and is dropped otherwise (a request or a remark, no rule).
            # ("不一定要五星级" lifts a rule asking for 五星级, whichever way it asked.)
            # Adverbs aside ("Never push directly to main" / "You can push to main now"), or
            # the thing the rule ends on ("Don't ship it with FedEx" / "FedEx is fine").
            if c.polarity == "forbid" and (narrowed := self._narrow_list(norm, turn)).entry:
                # "Scallions are fine after all" after "Don't add cilantro or scallions",
                # "葱其实可以放" after "不要放葱和蒜": the rule holds for the rest of its list.
                return narrowed
            same = [
                e
                for e in self._active()[0]
                if not e.revokes
                and (e.polarity == c.polarity or "forbid" not in (e.polarity, c.polarity))
                and (
                    (
                        e in same
                        and _heads(e.norm_subject, norm)
                        and not _scoped_beyond(e.norm_subject, norm)
                    )
                    or (
                        norm.isascii()
                        and e.polarity == "forbid"
                        and _lifted_by(e.norm_subject, norm)
                    )
                    # "Never schedule a visit on a weekend" / "Weekend visits are allowed
                    # again": every word of what is allowed is one of the rule's.
                    or (
                        norm.isascii()
                        and e.polarity == c.polarity == "forbid"
                        and lifts_named(e.text, c.text, c.subject)
                    )
                    # "别给我订电车" / "电车其实也行": the thing the rule's verb takes.
                    or (
                        e.polarity == c.polarity == "forbid"
                        and names_alternative(c)
                        and _zh_verb_takes(e.norm_subject, norm)
                    )
                    or (c.polarity == "forbid" and _said_without_cue(e, c))
                    # "周五下午不要排课" / "周五下午的课也可以选了": its time allowed.
                    or (
                        e.polarity == c.polarity == "forbid"
                        and _CJK.search(norm) is not None
                        and _zh_time_lifted(e, c.text)
                    )
                    # "别打到工资卡" / "工资卡也行"; "司仪不要找男的" / "男司仪也没问题".
                    or (e.polarity == c.polarity == "forbid" and _zh_thing_allowed(e, c))
                    # "不要打电话" / "电话也可以"; "不要葱" / "葱其实可以放".
                    or (
                        e.polarity == c.polarity == "forbid"
                        and _zh_verb_and_thing(e.norm_subject, norm)
                    )
                    # "不要联系我现在的公司" / "你们可以联系公司HR了": its verb on its thing.
                    or (
                        e.polarity == c.polarity == "forbid"
                        and _zh_object_named(e.norm_subject, norm)
                    )
                    # "不要订靠窗的座位" / "还是订靠窗的座位吧": chosen again, its verb aside
                    # (not "生产数据库可以访问了", another action on its thing).
                    or (
                        e.polarity == c.polarity == "forbid"
                        and c.cue.startswith("还是")
                        and _asks_for(e.norm_subject, norm)
                    )
                )
            ]
            same += [
                e
                for e in self._active()[0]
                if e not in same
                and not e.revokes
                and (
                    _released(e, c, norm)
                    or _no_longer_required(e, c, norm)
                    or _refused_chosen(e, c, norm)
                    or (norm.isascii() and _time_loosened(e, c.text))
                )
            ]
            if c.cue.removesuffix(IF_RULED).endswith(DOES_NOW):
                # "OK, page the DB team now." releases a rule held until later, nothing else.
                same = [e for e in same if held_until_later(e)]
                if not same:
                    return out
            if c.polarity == "forbid" and (skip := _SKIP.match(norm)) is not None:
                return self._skip(c, norm, skip.group("thing"), turn)
            once = one_off(norm) or _ONCE.search(c.text) is not None
            if c.polarity == "forbid" and (norm.isascii() or once):
                # "You can push to main this once", "You can touch infra/terraform/staging/
                # now": a permission for one occasion or a part of what a prohibition covers
                # is an exception kept beside it, the rule still in force. (Said before the
                # permission, "Just this once, go ahead and use eval()", "这次可以用eval", the
                # occasion is in the text, not the subject.)
                part = [
                    e
                    for e in self._active()[0]
                    if e.polarity == "forbid"
                    and not e.revokes
                    and (
                        (e in same and once and not one_off(e.norm_subject))
                        or (
                            norm.isascii()
                            and e not in same
                            and (
                                _related(e.norm_subject, norm) or excepts(e.text, c.text, c.subject)
                            )
                        )
                    )
                ]
                single = _SINGLE_OCCASION.search(c.text) is not None
                if part and once and not one_off(norm):
                    out.entry = self._append(
                        c, norm, turn, polarity="forbid", revokes=True, once=single
                    )
                    return out
                if part:
                    return self._add_scoped(c, norm, IN_PART, turn, once=single)
            if not same and _zh_part_allowed(c, norm, self._active()[0]):
                # "片尾那15秒可以加一点轻音乐" beside "不要加背景音乐": allowed in a part only,
                # an exception kept beside the rule.
                out.entry = self._append(c, norm, turn, polarity="forbid", revokes=True)
                return out
            if not same:
                frame = only_frame(c.text, c.cue)
                # "只要五星级的" then "四星级的也可以": another of its kind is fine, so the
                # only-rule no longer holds (superseded below, no conflict); nor does one that
                # required it ("必须是五星级酒店", "It must be a five-star hotel.").
                relaxed = [
                    e
                    for e in self._active()[0]
                    if e.polarity in ("only", "require")
                    and not e.revokes
                    and names_alternative(c)
                    and same_kind(e.subject, c.subject)
                ]
                if not relaxed and names_alternative(c) and _other_de(self._active()[0], c):
                    # "国产的也行" beside "疫苗只打进口的": another such thing allowed too, of
                    # a kind the words do not tell apart (origin, size, colour): an exception
                    # kept beside the rule, which still says what comes first.
                    out.entry = self._append(c, norm, turn, polarity="forbid", revokes=True)
                    return out
                if c.polarity != "forbid" or not (
                    relaxed
                    or any(
                        e.polarity == "only"
                        and (
                            other_only(only_frame(e.text, e.cue), frame)
                            or (widens(c.text) and _names_alike(only_frame(e.text, e.cue), frame))
                        )
                        for e in self._active()[0]
                    )
                ):
                    return out
                polarity, revokes = "only", False
        elif c.polarity == "only" and not c.revokes:
            # "Only touch src/app.py." then "Only touch src/credits.py.": the later only-rule
            # names another thing in the same place, so the earlier one no longer holds;
            # "… too", "also …" widen it instead, and both stay.
            frame = only_frame(c.text, c.cue)
            if not widens(c.text):
                rivals = [
                    e
                    for e in self._active()[0]
                    if e.polarity == "only"
                    and not e.revokes
                    and (
                        (e not in same and other_only(only_frame(e.text, e.cue), frame))
                        # "Only touch src/app.py." then "Only touch src/app.py and
                        # src/rounding.py.": the wider restatement replaces it.
                        or restates_wider(only_frame(e.text, e.cue), frame, c.text)
                    )
                ]
        if not c.revokes and c.polarity == "require":
            # "Switch to pytest -x -q from now on" after "Always use pytest -x": the same
            # tool in another variant replaces the requirement that named the old one.
            # So does "Cc compliance@… instead of legal from now on" for "Always cc legal@…":
            # the same verb on another thing, named in place of the rule's.
            rivals += [
                e
                for e in self._active()[0]
                if e not in rivals and (_variant_switched(e, c.text) or _put_in_place(e, c))
            ]
        # A go-ahead that releases only rules held until later is for its occasion.
        # So is one that says a requirement is no longer needed, or a thing refused is
        # acceptable too ("朝北的其实也可以接受"): after its turn the rule's absence says as
        # much, and shown on, the words would read as a rule of their own.
        if revokes and names_alternative(c):
            relaxed += _paired_only(self._active()[0], same)
        released = bool(same) and (
            (lifts_only_a_rule(c) and (c.polarity == "require" or all(map(held_until_later, same))))
            or (
                c.revokes
                and c.polarity == "require"
                and all(e.polarity == "require" for e in same if not e.revokes)
                and any(not e.revokes for e in same)
            )
            or (names_alternative(c) and not relaxed and all(e.polarity == "forbid" for e in same))
        )
        if relaxed and not revokes and all(e.polarity == "require" for e in relaxed):
            c = _with_rules_words(c, relaxed)
        entry = self._append(c, norm, turn, polarity=polarity, revokes=revokes, once=released)
        out.entry = entry
        if entry.revokes and any(_refused_chosen(e, c, norm) for e in same):
            same += _contrast_twins(self._active()[0], same)
        elif entry.revokes:
            same += _alternative_twins(self._active()[0], same)
        for e in relaxed:
            # "只订商务舱" then "经济舱也可以": the widening's words alone ("Economy is fine
            # too.") do not say what else is fine, so a conflict record keeps both sides (the
            # block shows them while the conflict is recent), as when a rule is replaced.
            out.changes.append(self._set(e, "superseded", turn, entry.id))
            out.conflicts.append(self._conflict(e, entry, c.subject or e.subject, turn))
        for e in [*same, *(r for r in rivals if not any(r is x for x in same))]:
            if entry.revokes:
                # Lifting a rule is not a conflict: the user changed their mind explicitly.
                if not e.revokes:
                    out.changes.append(self._set(e, "revoked", turn, entry.id))
                continue
            if not (e.revokes or opposite(e.polarity, entry.polarity) or e in rivals):
                continue
            loser, winner = (entry, e) if earlier_stands else (e, entry)
            out.changes.append(self._set(loser, "superseded", turn, winner.id))
            if e.revokes:
                continue  # re-imposing a lifted rule replaces the permission, no contradiction
            subject = c.subject or e.subject
            resolution: Resolution = "earlier_stands" if earlier_stands else "later_wins"
            out.conflicts.append(self._conflict(e, entry, subject, turn, resolution))
            if earlier_stands:
                break  # the new rule lost; it cannot supersede anything else
        return out

    def _named_in_english(self, c: Constraint, norm: str, turn: int) -> LedgerResult | None:
        """English words that name the rule they change (`rule_topics_en`), read before the
        other shapes; None when the words are none of these or name no rule in force (the
        other readings then decide).

        - A lift naming its rule by topic ("Scratch that rule about paging", "The paging
          rule no longer applies"): the rules about that, every word of it, are revoked;
          the words say nothing after their turn.
        - An order to stop doing what a requirement asks ("Stop cc'ing Priya" after "Always
          cc Priya on incident updates"): the requirement is lifted, the order shown on.
        - A narrowing ("tickets only for prod DAGs"): kept beside the rule it narrows, which
          the block shows with it."""
        out = LedgerResult()
        active = [e for e in self._active()[0] if not e.revokes]
        if c.revokes and c.cue.endswith(NARROWED_TO):
            if not any(overlaps(e.text, c.subject, least=1) for e in active):
                return out  # narrowing no rule in force: a remark
            out.entry = self._append(c, norm, turn, polarity=c.polarity, revokes=True)
            return out
        kind = mind_change(c)
        if c.revokes and kind in (None, DROPS) and (topic := named_topic(c.text)) is not None:
            rules = [e for e in active if names_all(e.text, topic)]
            if not rules:
                # Read by `rule_topics_en` alone, the words name no rule in force: a remark.
                return out if c.cue.endswith(NAMES_RULE) else None
            entry = self._append(c, norm, turn, polarity=c.polarity, revokes=True, once=True)
            out.entry = entry
            out.changes.extend(self._set(e, "revoked", turn, entry.id) for e in rules)
            return out
        if (
            not c.revokes
            and c.polarity == "forbid"
            and c.cue.lower().removeprefix("please ") in ("stop", "quit")
            and _ORDERED.match(c.text) is not None  # not "Can you stop …?"
        ):
            rules = [
                e for e in active if e.polarity == "require" and stops_doing(e.text, c.subject)
            ]
            if not rules:
                return None
            entry = self._append(c, norm, turn, polarity="require", revokes=True)
            out.entry = entry
            out.changes.extend(self._set(e, "revoked", turn, entry.id) for e in rules)
            return out
        return None

    def _mind_changed(self, c: Constraint, norm: str, kind: str, turn: int) -> LedgerResult:
        """A rule changed by later words (`constraints.mind_change`): the rules in force it
        changes are revoked, or superseded by a new value; changing none, the words are a
        request or a remark and are dropped.

        A dropped preference ("Forget the high floor") says nothing after its turn, so it is
        kept for one occasion (`in_force`); the other kinds say what holds now and stay."""
        out = LedgerResult()
        active = [e for e in self._active()[0] if not e.revokes]
        if kind == DROPS:
            changed = [
                e
                for e in active
                if (e.polarity != "forbid" and _drops(e.norm_subject, norm))
                or _drops_limit(e.text, norm)
                or _drops_matter(e, norm)
                # "换航司也无所谓了" for "别给我换航司": the very thing forbidden let go.
                or _said_without_cue(e, c)
            ]
        elif kind == CHANGES_MIND:
            changed = [
                e for e in active if e.polarity == "forbid" and _asks_for(e.norm_subject, norm)
            ]
        elif kind == INCLUDES:
            changed = _widened_only(active, c.subject)
        else:
            return self._new_value(c, norm, active, turn)
        if not changed:
            return out
        entry = self._append(c, norm, turn, polarity=c.polarity, revokes=True, once=kind == DROPS)
        out.entry = entry
        out.changes.extend(self._set(e, "revoked", turn, entry.id) for e in changed)
        return out

    def _time_bound_moved(
        self, c: Constraint, norm: str, bound: re.Match[str], turn: int
    ) -> LedgerResult:
        """ "8点以后就行" after "也别太早" (or "不要订9点前的航班"): the time said is the new
        bound of the rules against what is too early (`_bounds_time`), superseded by the
        words, a conflict the later side wins. Bounding none, it is left to the other
        readings."""
        out = LedgerResult()
        rules = [
            e
            for e in self._active()[0]
            if e.polarity == "forbid" and not e.revokes and _bounds_time(e.text, bound)
        ]
        if not rules:
            return out
        return self._only_over(c, norm, turn, rules)

    def _only_over(
        self, c: Constraint, norm: str, turn: int, rules: list[ConstraintEntry]
    ) -> LedgerResult:
        """`c` entered as an only-rule that supersedes each of `rules`, a conflict the later
        side wins for each (shared by a time rule loosened and things all fine)."""
        out = LedgerResult()
        entry = self._append(c, norm, turn, polarity="only", revokes=False)
        out.entry = entry
        for e in rules:
            out.changes.append(self._set(e, "superseded", turn, entry.id))
            out.conflicts.append(self._conflict(e, entry, e.subject, turn))
        return out

    def _also_widened(self, c: Constraint) -> list[ConstraintEntry]:
        """ "其实周六也可以排", "Saturday works too" after "以后只能排周日", "Only schedule on
        Sundays": another day fine too, for what an only-rule on a day does (its verb, if
        said). The rules they widen (none: `Ledger.add` reads them as it would otherwise)."""
        thing, _, verb = c.subject.partition(" ")
        return [
            e
            for e in self._active()[0]
            if e.polarity == "only"
            and not e.revokes
            and (not verb or verb in e.text)
            and (
                any(other_day(w, thing) for w in only_frame(e.text, e.cue))
                or (bool(verb) and _CJK.match(thing) is not None and _zh_verb_kind(e, verb, thing))
            )
        ]

    def _kind_widened(self, c: Constraint, norm: str, turn: int) -> LedgerResult:
        """ "普通号也可以挂" after "只挂专家号": another thing of the kind an only-rule's verb
        takes is fine too; the rule no longer holds alone. The entry keeps the rule's words
        first (the widening's alone do not say what was fine before), a conflict the later
        side wins."""
        widened = self._also_widened(c)
        thing, _, verb = c.subject.partition(" ")
        if any(_zh_verb_kind(e, verb, thing) for e in widened):
            c = _with_rules_words(c, widened)
        return self._only_over(c, norm, turn, widened)

    def _all_fine(self, c: Constraint, norm: str, turn: int) -> LedgerResult:
        """ "还是周六周日都可以排" after "以后只能排周日": things all fine, one of them what an
        only-rule named and another not, said of what it does (its verb, if said): the rule
        no longer holds, superseded by the words (a conflict the later side wins). Widening
        no only-rule, they are a remark."""
        out = LedgerResult()
        named, _, verb = c.subject.partition(" ")
        things = [w for w in jieba.lcut(named) if len(w) > 1]
        rules = [
            e
            for e in self._active()[0]
            if e.polarity == "only"
            and not e.revokes
            and len(things) > 1
            and any(w in e.text for w in things)
            and not all(w in e.text for w in things)
            and (not verb or verb in e.text)
        ]
        if not rules:
            return out
        return self._only_over(c, norm, turn, rules)

    def _excepted(self, c: Constraint, norm: str, turn: int) -> LedgerResult:
        """ "押金那笔例外，走我个人账户" beside "所有费用一律走对公账户": one thing excepted from a
        rule said for all of its kind, kept beside it. Beside no such rule, a remark."""
        out = LedgerResult()
        # A part allowed something ("卫生间的瓷砖可以用东鹏的") is excepted from a rule that
        # shares a word with it ("瓷砖一律用马可波罗的"), not from any rule for all.
        part = c.cue.endswith(EXCEPTED_PART)
        if any(
            not e.revokes
            and _FOR_ALL.search(e.text)
            and not subjects_match(e.norm_subject, norm)
            and (not part or _share_a_word(_FOR_ALL.sub("", e.text), c.text))
            for e in self._active()[0]
        ):
            out.entry = self._append(c, norm, turn, polarity=c.polarity, revokes=True)
        return out

    def _not_that(self, c: Constraint, norm: str, turn: int) -> LedgerResult:
        """ "我搞错了，…，不是海鲜" after "菜里不能有虾蟹": the bans on the thing said not to be
        what was meant, or only on foods of the group it names, are revoked (the rule kept for
        its turn only). Naming none in force, the words are a remark."""
        out = LedgerResult()
        foods = group_of(c.subject)
        lifted = []
        for e in self._active()[0]:
            if e.polarity != "forbid" or e.revokes or not _CJK.search(e.norm_subject):
                continue
            thing = _ZH_HAS.sub("", e.norm_subject)
            if thing == c.subject or (foods is not None and all_of_group(thing, foods)):
                lifted.append(e)
        if not lifted:
            return out
        entry = self._append(c, norm, turn, polarity="forbid", revokes=True, once=True)
        out.entry = entry
        out.changes.extend(self._set(e, "revoked", turn, entry.id) for e in lifted)
        return out

    def _less(self, c: Constraint, norm: str, turn: int) -> LedgerResult:
        """ "葱可以少放点" after "也不要葱": the prohibition on that thing narrowed to less of
        it, superseded by the words (a conflict the later side wins). Narrowing none, they are
        a request or a remark."""
        out = LedgerResult()
        rules = [
            e
            for e in self._active()[0]
            if e.polarity == "forbid"
            and not e.revokes
            and len(norm) >= 1
            and (e.norm_subject == norm or _zh_verb_and_thing(e.norm_subject, norm))
        ]
        if not rules:
            return out
        entry = self._append(c, norm, turn, polarity="prefer", revokes=False)
        out.entry = entry
        for e in rules:
            out.changes.append(self._set(e, "superseded", turn, entry.id))
            out.conflicts.append(self._conflict(e, entry, e.subject, turn))
        return out

    def _part_allowed(self, c: Constraint, norm: str, turn: int) -> LedgerResult:
        """ "legacy 那个 XmlExporter 也改了吧" beside "legacy 目录下的先别动": one thing in the
        place a rule keeps unchanged, to be changed, is an exception kept beside the rule (the
        rest of the place stays as ruled). Beside no rule against changing that place, the
        words are a request."""
        out = LedgerResult()
        place = c.subject.partition(" ")[0]
        if not any(
            e.polarity == "forbid" and not e.revokes and _keeps_place(e.text, place)
            for e in self._active()[0]
        ):
            return out
        out.entry = self._append(c, norm, turn, polarity="forbid", revokes=True)
        return out

    def _narrow_list(self, norm: str, turn: int) -> LedgerResult:
        """A prohibition of a list of things ("Don't add cilantro or scallions", "不要放葱和
        蒜") of which a permission allows one (`_list_item_named`): superseded by its words
        without that thing, a conflict the later side wins."""
        out = LedgerResult()
        for e in self._active()[0]:
            if e.polarity != "forbid" or e.revokes:
                continue
            items = [i for i in _LIST_JOIN.split(e.subject) if i.strip()]
            named = [i for i in items if _list_item_named(i, norm)]
            if len(items) < 2 or len(named) != 1:
                continue
            item = named[0].strip()
            if item == items[0].strip():
                # The first thing carries the verb of all ("放葱和蒜"): only the thing goes.
                if _CJK.match(item) and item[:1] in _ZH_THING_VERBS and len(item) > 1:
                    item = item[1:]
                elif " " in item:
                    continue  # "push to main and release branches": no telling the verb apart
            text = _without_item(e.text, item)
            rest = _without_item(e.subject, item)
            if text == e.text or rest == e.subject:
                continue
            self._narrow_to(e, text, rest, turn, out)
        return out

    def _narrow_to(
        self, e: ConstraintEntry, text: str, rest: str, turn: int, out: LedgerResult
    ) -> None:
        """`e` superseded by its own words with one listed thing taken out, a conflict the
        later side wins (shared by a permission for one thing and an allergy struck)."""
        kept = Constraint(text=text, polarity="forbid", subject=rest, cue=e.cue)
        entry = self._append(kept, normalize_subject(rest), turn, polarity="forbid", revokes=False)
        out.entry = entry
        out.changes.append(self._set(e, "superseded", turn, entry.id))
        out.conflicts.append(self._conflict(e, entry, e.subject, turn))

    def _strike(self, c: Constraint, norm: str, turn: int) -> LedgerResult:
        """A thing struck from the list an allergy rule names ("她对青霉素和头孢过敏" then
        "她头孢不过敏"): the rule is superseded by its words without that thing, a conflict the
        later side wins; naming its one thing, the rule is revoked. Naming nothing a rule lists,
        the words are a remark."""
        out = LedgerResult()
        for e in [x for x in self._active()[0] if x.polarity == "forbid" and x.cue == "过敏"]:
            items = [i for i in _LIST_JOIN.split(e.subject) if i.strip()]
            struck = [i for i in items if normalize_subject(i) == norm]
            if e.revokes or not struck:
                continue
            if len(items) == len(struck):
                entry = self._append(c, norm, turn, polarity="forbid", revokes=True, once=True)
                out.entry = entry
                out.changes.append(self._set(e, "revoked", turn, entry.id))
                continue
            text = _without_item(e.text, struck[0].strip())
            rest = _without_item(e.subject, struck[0].strip())
            if text == e.text:
                continue
            self._narrow_to(e, text, rest, turn, out)
        return out

    def _new_value(
        self, c: Constraint, norm: str, active: list[ConstraintEntry], turn: int
    ) -> LedgerResult:
        """ "Change the cutoff to 2026-04-01" after "Only use data after 2026-01-01.": the latest
        rule naming another value of that shape, on what the change names, is superseded by
        the change, kept verbatim with the rule's polarity (a conflict the later side wins)."""
        out = LedgerResult()
        noun, _, value = c.subject.rpartition(" ")  # as `constraints` reads it: "cutoff 2026-04-01"
        new = value_shape(value) or counted_value(c.text)
        rules = [e for e in active if _names_other_value(e.text, new, noun, c.text)]
        if new is None or not rules:
            return out
        old = rules[-1]
        if scope_led(c.text) or one_item(c.text):
            # "On Saturdays you can go up to 60 minutes" beside "Keep every workout under 45
            # minutes": the new value holds for its scope, an exception kept beside the rule.
            out.entry = self._append(c, norm, turn, polarity=old.polarity, revokes=True)
            return out
        entry = self._append(c, norm, turn, polarity=old.polarity, revokes=False)
        out.entry = entry
        out.changes.append(self._set(old, "superseded", turn, entry.id))
        out.conflicts.append(self._conflict(old, entry, old.subject, turn))
        return out

    def _skips_a_rule(self, c: Constraint, thing: str) -> bool:
        """Whether `c`, a skip said as a permission or as a standing instruction, skips what a
        requirement in force does (a plain-words permission is read in its own branch). With
        none, "Skip the small talk from now on" is a rule of its own."""
        said = (c.revokes and c.polarity == "forbid" and not lifts_only_a_rule(c)) or (
            not c.revokes and c.polarity == "require"
        )
        return said and any(
            e.polarity == "require" and not e.revokes and _does_the_thing(e.norm_subject, thing)
            for e in self._active()[0]
        )

    def _skip(self, c: Constraint, norm: str, thing: str, turn: int) -> LedgerResult:
        """ "You can skip make test now" lifts "Always run make test before you commit";
        "You can skip make test for docs-only commits" (or "this once") is an exception kept
        beside it. Skipping what no rule requires is no rule."""
        out = LedgerResult()
        rules = [
            e
            for e in self._active()[0]
            if e.polarity == "require" and not e.revokes and _does_the_thing(e.norm_subject, thing)
        ]
        if not rules:
            return out
        # Skipped whole, the requirement is lifted and the words say no more than its absence
        # after their turn (shown on, "You can skip the dry-run" would read as a rule).
        whole = _bare(norm) == "skip " + thing
        single = whole or _SINGLE_OCCASION.search(c.text) is not None  # "… this once"
        entry = self._append(c, norm, turn, polarity="require", revokes=True, once=single)
        out.entry = entry
        if whole:
            out.changes.extend(self._set(e, "revoked", turn, entry.id) for e in rules)
        return out

    def _add_scoped(
        self, c: Constraint, norm: str, scope: str, turn: int, *, once: bool = False
    ) -> LedgerResult:
        """A permission for part of what rules cover (`constraints.NARROWS`, `IN_PART`).

        Of the rule's whole subject ("Don't use pandas." then "You don't need to use pandas.")
        it lifts the rule. With a limit of its own it restates a rule on its subject's head
        ("You can use pandas in the notebook, but not in src/."): the rule is superseded by the
        whole sentence, a conflict the later side wins. Otherwise it is an exception kept
        beside the rule it relaxes for its scope ("You can modify tests/conftest.py, but only
        that file." beside "Never modify files under tests/."; "You don't need to run black on
        the generated files." beside "Always run black before committing."). Relaxing no rule
        in force, it is kept only with a limit of its own (which is a rule by itself)."""
        out = LedgerResult()
        lifted: list[ConstraintEntry] = []
        narrowed: list[ConstraintEntry] = []
        beside = False
        one = scope == IN_PART and for_one_thing(c.text)
        led = scope_led(c.text) or one
        for e in self._active()[0]:
            if e.revokes or e.polarity != c.polarity:
                continue
            heads = _heads(e.norm_subject, norm)
            if scope == NARROWS and heads and len(e.norm_subject) <= len(norm):
                narrowed.append(e)
            elif scope != NARROWS and e.norm_subject == norm and not led:
                lifted.append(e)
            elif heads or _related(e.norm_subject, norm):
                beside = True
            elif norm.isascii() and (
                excepts(e.text, c.text, c.subject) or (one and names_all(e.text, c.subject))
            ):
                # "You may name participants in internal notes" beside "Never put participant
                # names in emails"; "Sundays are fine for site 104" beside "Never schedule a
                # visit on a weekend": the rule's things, with other words around them.
                beside = True
            elif one and norm.isascii() and " " in norm:
                # "crop it" for one file beside "crop anything": the rule's own verb.
                beside = beside or _same_verb(e.norm_subject.split()[0], norm.split()[0])
            else:
                beside = beside or (
                    _CJK.search(norm) is not None and subjects_match(e.norm_subject, norm)
                )
        if not (lifted or narrowed or beside or scope == NARROWS):
            return out  # a remark ("You don't need to book a table"), no rule relaxed
        entry = self._append(c, norm, turn, polarity=c.polarity, revokes=True, once=once)
        out.entry = entry
        for e in lifted:
            out.changes.append(self._set(e, "revoked", turn, entry.id))
        for e in narrowed:
            out.changes.append(self._set(e, "superseded", turn, entry.id))
            out.conflicts.append(self._conflict(e, entry, c.subject or e.subject, turn))
        return out

    def chosen_over(self, rule: ConstraintEntry, choice: Choice, turn: int) -> LedgerResult:
        """ "Ship it with FedEx." after "Never ship with FedEx." (`later_choice`): the user
        chose what the rule forbids. The choice is kept verbatim as the instruction in force
        and the rule superseded by it, a conflict the later side wins, so the block says which
        holds. Chosen for one occasion ("Use FedEx for this one", "这次用顺丰吧") or with the
        rule said to hold still, it is an exception kept beside the rule instead (in force on
        its turn only when said for a single occasion, as a permission for one is)."""
        out = LedgerResult()
        # On the rule's subject, not the thing's: said again ("还是不要用顺丰发货"), the rule
        # meets the choice as it met the rule (an alias maps "顺丰" alone, not "顺丰发货").
        c = Constraint(text=choice.text, polarity="require", subject=rule.subject, revokes=False)
        norm = rule.norm_subject
        if choice.once or choice.keeps:
            once = choice.once and _SINGLE_OCCASION.search(choice.text) is not None
            out.entry = self._append(c, norm, turn, polarity="forbid", revokes=True, once=once)
            return out
        entry = out.entry = self._append(c, norm, turn, polarity="require", revokes=False)
        out.changes.append(self._set(rule, "superseded", turn, entry.id))
        out.conflicts.append(self._conflict(rule, entry, rule.subject, turn))
        return out

    def _conflict(
        self,
        earlier: ConstraintEntry,
        later: ConstraintEntry,
        subject: str,
        turn: int,
        resolution: Resolution = "later_wins",
    ) -> ConflictRecord:
        """A conflict between two rules, recorded."""
        rec = ConflictRecord(
            id=self.new_conflict_id(),
            kind="constraint",
            subject=subject,
            earlier=ConflictSide(text=earlier.text, turn=earlier.turn, ref=earlier.id),
            later=ConflictSide(text=later.text, turn=turn, ref=later.id),
            resolution=resolution,
            turn=turn,
        )
        self.conflicts.append(rec)
        return rec

    def reinstate_earlier(self, conflict: ConflictRecord, turn: int) -> list[StatusChange]:
        """The user said the earlier rule stands after a later-wins resolution: flip it."""
        changes: list[StatusChange] = []
        earlier, later = self.get(conflict.earlier.ref), self.get(conflict.later.ref)
        if later.status == "active":
            changes.append(self._set(later, "superseded", turn, earlier.id))
        if earlier.status != "active":
            changes.append(self._set(earlier, "active", turn, None))
        conflict.resolution = "earlier_stands"
        conflict.turn = turn
        return changes
