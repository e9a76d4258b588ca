"""A user instruction that chooses a thing ("Ship it with FedEx.", "用顺丰发吧"), read so the
state can hold it against an earlier rule that forbids that thing (`SessionState`).

Such a sentence states no rule of its own (`constraints` reads none), so without this reading
"Never ship with FedEx." stayed in force beside shipping=FedEx and nothing said which held.
Only an instruction counts: a choosing verb at the start of a clause, after no more than words
that lead an instruction ("OK,", "let's", "那就", "还是"). A question ("用顺丰可以吗？"), a
negation ("不用顺丰"), a condition ("If we use FedEx"), a report ("客服说用顺丰更快") or a
statement about others ("They use FedEx") chooses nothing. Whether the choice is for one
occasion ("for this one", "这次") or says the rule still holds ("keep the no-FedEx rule for
the rest", "其他照旧") is read from the whole sentence: the state keeps such a choice as an
exception beside the rule instead of letting it supersede the rule.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from ctxengine.compaction.constraints import EN_OCCASION
from ctxengine.compaction.ledger import ConstraintEntry, contains_words, normalize_subject
from ctxengine.compaction.schema import Choice

# Sentences: English ones end on a stop followed by a space (a dot inside "src/app.py" does
# not end one); Chinese ones on 。！？ or a line break.
_SENTENCE = re.compile(r"[^。！？!?\n]+?(?:[。！？!?]+|\.(?=\s|$)|$)")
_CLAUSE = re.compile(r"[^，,；;]+")

# Words that may lead an English instruction before its verb: "OK, switch to FedEx", "Fine,
# we'll use FedEx", "Let's go with FedEx", "Please ship the order with DHL".
_EN_LEAD = (
    r"(?:(?:ok(?:ay)?|fine|alright|all right|actually|then|so|yes|yeah|sure|well|hmm|wait"
    r"|now|instead|just|please|and|but)\s+)*"
    r"(?:(?:let's|let us|we'll|we will|we should|i'd like to|i want to|go ahead and)\s+)?"
    r"(?:please\s+)?"
)
# The verbs that choose: use / go with / switch to / pick / book, and ship or send a thing
# with / via a carrier.
_EN_VERB = (
    r"(?:use|go with|switch to|switch over to|change to|pick|choose|book"
    r"|(?:ship|send|mail|deliver|post)(?:\s+(?:it|them|this|that|this one|everything"
    r"|(?:the|this) (?:order|package|parcel|shipment|box)))?\s+(?:with|via|by|through|using))"
)
_EN_CHOICE = re.compile(
    rf"(?i)^\s*{_EN_LEAD}(?P<verb>{_EN_VERB})\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<thing>[^\s,;.!?][^,;!?]*?)"
    r"(?=\s+(?:for|in|on|this|just|instead|again|then|now|please|today|after all|from now on"
    r"|anyway|but|and|only|once)\b|\s*[,;.!?]|\s*$)"
)
# A scope after the thing ("for the notebook", "on the return", "today"): the choice is for
# part of what the rule covers, not a change of the rule ("for now on", "for good" are none).
_EN_SCOPE = re.compile(
    r"(?i)\s+(?:(?:for|in|on|only|just)\s+(?!now on\b|good\b|everything\b|all\b)\S|today\b)"
)
# A sentence that asks, in English: it ends on a question mark (checked apart) or opens with
# a word that asks.
_EN_ASKS = re.compile(
    r"(?i)^\s*(?:can|could|should|shall|would|will|do|does|did|is|are|why|how|what|may|must)\b"
)
# The thing a pronoun or a word of no kind stands for is no thing a rule names.
_EN_NO_THING = frozenset({"it", "this", "that", "them", "one", "same", "default", "other"})

# Words that may lead a Chinese instruction before its verb ("那就", "好吧，", "这次"): the
# whole run before the verb must be of them, so "不用", "客服说用", "如果用" are no lead.
_ZH_LEAD = re.compile(
    r"(?:好吧|好的|好|嗯|行|那么|那就|那|算了|还是|就|我们|咱们|麻烦|请|帮我|给我|这次|这一次"
    r"|这回|这一回|这一单|这单|这票|这批|这个|这件|仅此一次)*"
)
_ZH_CHOICE = re.compile(
    r"(?P<verb>还是用|就用|改用|换用|换成|改成|改走|还是走|就走|还是发|就发|用|走|发|选|订)"
    r"(?P<thing>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)"
    r"(?=发货|发|寄|吧|了|啊|呀|快递|物流|就行|就好|即可|\s*$)"
)
_ZH_ASKS = re.compile(r"[吗呢么]\s*$|可以吗|行吗|好吗|怎么样|如何|是否|要不要|能不能|可不可以")

# For one occasion: an exception beside the rule, not its end.
_ONCE = re.compile(
    r"(?i)\b(?:(?:just |only )?this once|just once|this one time|this time|for this one"
    r"|for now|today only|only today)\b|\b" + EN_OCCASION + r"\b"
    r"|这一次|这次|这一回|这回|这一单|这单|这票|仅此一次|下不为例|破例|就这一次"
)
# The user says the rule still holds beside the choice.
_KEEPS = re.compile(
    r"(?i)\bkeep (?:the|my|that) [\w\s-]*?rule\b|\b(?:the )?rule still (?:stands|holds|applies)\b"
    r"|\bfor the rest\b|\botherwise (?:keep|stick|no)\b"
    r"|其他照旧|其余照旧|以后照旧|其他的?还是老规矩|老规矩不变|规则不变|规矩不变"
)


def read_choices(text: str) -> list[Choice]:
    """The instructions in a user message that choose a thing, each with its sentence."""
    out: list[Choice] = []
    for m in _SENTENCE.finditer(text):
        sentence = m.group().strip()
        if not sentence or _asks(sentence):
            continue
        once = _ONCE.search(sentence) is not None
        keeps = _KEEPS.search(sentence) is not None
        words = sentence if sentence.isascii() else sentence.rstrip("。！!")
        body = unicodedata.normalize("NFKC", sentence).rstrip("。.!? ")
        for clause in _CLAUSE.finditer(body):
            thing, scoped = _chosen(clause.group())
            if thing:
                out.append(Choice(text=words, thing=thing, once=once or scoped, keeps=keeps))
    return out


def _asks(sentence: str) -> bool:
    s = sentence.rstrip("。.！! ")
    if s.endswith(("?", "？")):
        return True
    if s.isascii():
        return _EN_ASKS.match(s) is not None
    return _ZH_ASKS.search(s) is not None


def _chosen(clause: str) -> tuple[str, bool]:
    """The thing a clause's instruction chooses, verbatim, or "", and whether the clause
    limits the choice to a scope after it ("Use pandas for the notebook")."""
    if clause.isascii():
        m = _EN_CHOICE.match(clause)
        if m is None or m.group("thing").strip().lower() in _EN_NO_THING:
            return "", False
        return m.group("thing").strip(), _EN_SCOPE.match(clause[m.end() :]) is not None
    text = clause.strip()
    for m in _ZH_CHOICE.finditer(text):
        lead = text[: m.start()]
        if _ZH_LEAD.fullmatch(lead):
            return m.group("thing"), False
    return "", False


def names_thing(rule: ConstraintEntry, thing: str, aliases: Mapping[str, str] | None) -> bool:
    """Whether `thing`, chosen, is what the forbid rule `rule` names in its words.

    A Chinese thing is looked for in the rule's own words, not its normalized subject: an
    alias applies to a whole subject only ("顺丰" -> "sf express"), so "顺丰发货" never met
    the value 顺丰 that way. An English thing must be words of the rule's subject ("FedEx" in
    "ship with FedEx"); "the FedEx box" names another thing."""
    words = rule.text.replace(rule.cue, "", 1) if rule.cue else rule.text
    said = unicodedata.normalize("NFKC", words)
    whole = normalize_subject(thing, aliases)
    if whole and whole == rule.norm_subject:
        return True
    if not thing.isascii():
        return len(thing) >= 2 and unicodedata.normalize("NFKC", thing) in said
    t = normalize_subject(thing)
    return bool(t) and t not in _EN_NO_THING and contains_words(normalize_subject(said), t)
