"""English rules named by what they are about, for the ledger to find the rule a later message
lifts, narrows or excepts: "Scratch that rule about paging" names "Never page the on-call after
midnight", "Weekend visits are allowed again" names "Never schedule a visit on a weekend".

Words are compared by a crude stem ("paging" and "page", "visits" and "visit", "cc'ing" and
"cc"), so the user's other word form still names the rule; a word the rule does not hold means
another rule (or none), and nothing is lifted: a lift must name its rule.

Also read here, for `constraints`, the few English shapes of review round 7 that change a rule
without a cue word the other readers know: "Quit copying Priya", "tickets only for prod DAGs",
"The sign-off rule only applies to regular runs".
"""

from __future__ import annotations

import re
from typing import NamedTuple


def _words(text: str) -> frozenset[str]:
    """The words of `text`, split at white space (a word list kept as a paragraph)."""
    return frozenset(text.split())


# Words that say nothing of what a rule is about.
_STOP = _words(
    """a an the this that these those it its them they their there here i me my we us our you
    your he him his she her is are was were be been being am do does did can could may might
    will would shall should must to of and or but so as at by with from into onto about
    any all some each every one ones thing things stuff rule rules now again too also anymore
    any more ok okay fine allowed alright good whenever please just then still even very bit
    little lot really actually instead already yet in on for at to from with into of never
    don't dont not no always only"""
)
# Words that name the same thing another way: a copy is a cc; a weekend day is the weekend.
_SAME = {"copy": "cc", "bcc": "cc", "saturday": "weekend", "sunday": "weekend"}
_WORD = re.compile(r"[a-z0-9][\w'/-]*")


def stem(word: str) -> str:
    """A crude English stem: "paging"/"page" -> "pag", "cc'ing" -> "cc", "visits" -> "visit",
    "scheduling"/"schedule" -> "schedul", "copying" -> "cc" (`_SAME`)."""
    w = word.lower().removesuffix("'s").strip("'")
    if len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 4 and w.endswith("ing"):
        w = w[:-3].rstrip("'")
        if len(w) > 3 and w[-1] == w[-2]:
            w = w[:-1]  # "stopping" -> "stop" (not "cc'ing" -> "c")
    elif len(w) > 3 and w.endswith("ed"):
        w = w[:-2]
        if len(w) > 3 and w[-1] == w[-2]:
            w = w[:-1]
    elif len(w) > 2 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return _SAME.get(w, w)


def stems(text: str) -> set[str]:
    """The stems of the words of `text` that say what it is about (`_STOP` aside)."""
    return {stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP}


def names_all(rule: str, words: str) -> bool:
    """Whether every word of `words` that says something is one of `rule`'s (by stem)."""
    said = stems(words)
    return bool(said) and said <= stems(rule)


# The verb a rule's cue governs: "touch" in "Don't touch the intro music".
_RULE_VERB = re.compile(
    r"(?i)\b(?:don't|do not|dont|never|always|must not|mustn't|must|can't|cannot|only|avoid)"
    r"\s+(?:ever\s+)?(?P<v>[a-z][\w'-]*)"
)
# The verb a permission allows: "trim" in "You can trim the intro music a bit".
_PERMITTED_VERB = re.compile(
    r"(?i)\b(?:to|can|may|and)\s+(?:now\s+|also\s+|just\s+)?(?P<v>[a-z][\w'-]*)"
)
# Verbs that forbid any change to their thing: a permission to change it some way excepts it.
_ANY_CHANGE = frozenset(stem(w) for w in ("touch", "change", "modify", "edit", "alter"))
# Said of a thing's state, an approval ("The logo is fine now"), not a permission; of a time
# ("Weekends are OK now") it allows what a rule kept from it.
_APPROVAL = re.compile(
    r"(?i)\b(?:is|are|looks?|seems?)\s+(?:fine|ok|okay|good|alright|all right)\b"
)
_TIMES = frozenset(
    stem(w)
    for w in _words(
        """weekend weekday evening night morning afternoon holiday midnight monday tuesday
        wednesday thursday friday"""
    )
)
# A scope a permission ends on: "… in internal notes", "… with the site coordinator".
_SCOPE_TAIL = re.compile(
    r"(?i)\s+(?:in|with|for|on|at|during|inside|within)\s+(?:the\s+|my\s+|our\s+|your\s+)?"
    r"[\w'/-]+(?:\s+[\w'/-]+){0,3}\s*[.!]?\s*$"
)


# Words that say a thing may be done (a bare lift "Forget paging" is read elsewhere).
_PERMISSION = re.compile(
    r"(?i)\b(?:can|may|allowed|permitted|fine|ok|okay|alright|all right|go ahead)\b"
)


def rule_verb(rule: str) -> str:
    """The stem of the verb a rule's cue governs ("" if none is read)."""
    m = _RULE_VERB.search(rule)
    return stem(m.group("v")) if m else ""


def lifts_named(rule: str, text: str, subject: str) -> bool:
    """Whether a permission (`text`, about `subject`) names a prohibition (`rule`) whole: every
    word it says is the rule's and one is more than the rule's verb ("Go ahead and page for
    P3s too" for "Never page the on-call after midnight for a P3", not "Go ahead and deploy"
    for "Don't deploy on Fridays"); said as an approval, of a time ("Weekends are OK now", not
    "The logo is fine now")."""
    said = stems(subject)
    if _PERMISSION.search(text) is None or not said or not said <= stems(rule):
        return False
    if not said - {rule_verb(rule)}:
        return False
    return _APPROVAL.search(text) is None or bool(said & _TIMES)


def excepts(rule: str, text: str, subject: str) -> bool:
    """Whether a permission (`text`, about `subject`) is an exception to a prohibition (`rule`)
    said with other words: a change of the whole thing the rule keeps unchanged ("You can trim
    the intro music a bit" beside "Don't touch the intro music"), or the rule's own verb and
    thing in another scope ("You may name participants in internal notes" beside "Never put
    participant names in emails")."""
    m = _PERMITTED_VERB.search(text)
    if m is None:
        return False
    verb, ruled = stem(m.group("v")), stems(rule)
    rv = rule_verb(rule)
    thing = ruled - {rv}
    if thing and rv in _ANY_CHANGE and verb != rv and _object_of(text[m.end("v") :], thing):
        return True
    scope = _SCOPE_TAIL.search(text, m.start("v"))
    if scope is None or verb not in ruled:
        return False
    return len(stems(text[m.start("v") : scope.start()]) & ruled) >= 2


def _object_of(after: str, thing: set[str]) -> bool:
    """Whether the words right after a verb (`after`) are `thing`: "the intro music a bit"
    for {"intro", "music"}, not "me if the intro music is too long"."""
    words = [stem(w) for w in _WORD.findall(after.lower()) if w not in _ARTICLES]
    return set(words[: len(thing)]) == thing


_ARTICLES = frozenset(["the", "a", "an", "my", "our", "your", "that", "this", "those", "these"])


def overlaps(rule: str, words: str, *, least: int = 2) -> bool:
    """Whether `rule` holds `least` of the words of `words` that say something (by stem), or
    all of them if fewer: "trim the intro music a bit" and "Don't touch the intro music"."""
    said = stems(words)
    return bool(said) and len(said & stems(rule)) >= min(least, len(said))


# ---------------------------------------------------------------- a rule named by its topic

_TOPIC = r"(?P<t>[a-z0-9][\w'/-]*(?: [a-z0-9][\w'/-]*){0,3}?)"
_LIFT_VERB = (
    r"(?:drop|scratch|forget(?: about)?|ignore|disregard|lift|remove|cancel|never mind"
    r"|get rid of|ditch)"
)
_RULE_NOUN = r"(?:rule|instruction|request|restriction|constraint|requirement|policy)s?"
_POINTER = r"(?:that|the|my|your|our|this)"
_NOT_BEFORE = re.compile(r"(?i)\b(?:don't|do not|dont|never|didn't|did not|won't|can't)\s+$")
_NAMED_LIFTS: tuple[re.Pattern[str], ...] = (
    # "Scratch that rule about paging", "Ignore my earlier instruction about metadata".
    re.compile(
        rf"(?i)\b{_LIFT_VERB} {_POINTER} (?:earlier |previous |old |last |whole )?{_RULE_NOUN} "
        rf"(?:about|on|regarding|for|against) (?:the |my |our )?{_TOPIC}(?=\s*(?:[,.;!]|$))"
    ),
    # "You can drop the paging rule", "Forget the sign-off requirement".
    re.compile(rf"(?i)\b{_LIFT_VERB} {_POINTER} {_TOPIC} {_RULE_NOUN}(?=\s*(?:[,.;!]|$))"),
    # "Disregard what I said about paging".
    re.compile(
        rf"(?i)\b{_LIFT_VERB} what (?:i|we) (?:said|told you|asked for|wrote|mentioned)"
        rf"(?: earlier| before)? (?:about|regarding|on) (?:the |my |our )?{_TOPIC}"
        r"(?=\s*(?:[,.;!]|$))"
    ),
    # "The paging rule no longer applies", "That paging rule is off now".
    re.compile(
        rf"(?i)(?:^|(?<=[,.;!:]))\s*(?:(?:ok|okay|actually|so|and|also),?\s+)*{_POINTER} "
        rf"{_TOPIC} {_RULE_NOUN} (?:no longer applies|(?:doesn't|does not) apply(?: anymore| any"
        r" more)|is (?:off|gone|lifted|cancell?ed|dropped|dead)|can go|is no longer (?:needed"
        r"|in force|in effect))(?: now| anymore)?(?=\s*(?:[,.;!]|$))"
    ),
)


# The cue suffix of a lift read by `named_lift_shapes` alone: naming no rule in force, it is
# dropped (the ledger's other readings are for words other readers took).
NAMES_RULE = " [names a rule]"


def named_lift_shapes(text: str) -> list[Shape]:
    """`_NAMED_LIFTS` clauses the other readers left ("Drop the paging rule, we have a new
    rota", "That paging rule is off now"), each a lift of the rule it names."""
    out: list[Shape] = []
    if text.rstrip().endswith("?"):
        return out
    for rx in _NAMED_LIFTS:
        for m in rx.finditer(text):
            if _NOT_BEFORE.search(text, 0, m.start()) is not None:
                continue
            start = len(text[: m.start()]) + len(m.group()) - len(m.group().lstrip())
            clause = text[start : _stop_after(text, m.end())].strip()
            out.append(Shape(start, m.end(), clause, "forbid", m.group("t"), NAMES_RULE, True))
    return out


def named_topic(text: str) -> str | None:
    """What the rule a lift names is about ("paging" in "Scratch that rule about paging"), if
    the words lift a rule named by its topic; None for a question or a negated lift ("Don't
    drop the paging rule")."""
    if text.rstrip().endswith("?"):
        return None
    for rx in _NAMED_LIFTS:
        for m in rx.finditer(text):
            if _NOT_BEFORE.search(text, 0, m.start()) is None:
                return m.group("t")
    return None


# ---------------------------------------------------------------- shapes read for `constraints`


class Shape(NamedTuple):
    """One clause read: where its words start, the clause, its polarity, what it is about,
    its cue, and whether it revokes (an exception, a narrowing) or states a rule."""

    start: int
    end: int
    clause: str
    polarity: str
    subject: str
    cue: str
    revokes: bool


# A narrowing, said of a rule in force: "(From now on,) tickets only for prod DAGs", "Strip
# metadata only from emails", "The sign-off rule only applies to regular runs". The ledger
# keeps it beside the rule it names (`NARROWED_TO`); naming none, it is dropped.
NARROWED_TO = " [narrowed to]"
_EN_LEAD = (
    r"(?:^|(?<=[.;!?\n]))\s*(?:(?:ok|okay|actually|so|and|also|but|then|from now on|going forward"
    r"|hmm+|well),?\s+)*"
)
_NARROW_ONLY = re.compile(
    rf"(?i){_EN_LEAD}(?!(?:i|we|you|he|she|they|it|that|this|there|which|what)\b)"
    r"(?P<obj>[a-z][\w'-]*(?: [a-z][\w'-]*)?) only (?P<prep>for|from|on|in|with|to) "
    r"(?P<scope>[\w'/-]+(?: [\w'/-]+){0,4}?)(?: from now on| going forward| now)?(?=\s*(?:[.;!]|$))"
)
_RULE_ONLY_APPLIES = re.compile(
    rf"(?i){_EN_LEAD}(?:the|that|my|our) (?P<obj>[a-z0-9][\w'/-]*(?: [a-z0-9][\w'/-]*){{0,2}}) "
    r"(?:rule|restriction|requirement|policy) (?:now )?only applies (?:to|for|on) "
    r"(?P<scope>[\w'/-]+(?: [\w'/-]+){0,4}?)(?: from now on| now)?(?=\s*(?:[.;!]|$))"
)
# "Quit copying Priya on those": as "Stop cc'ing Priya" (`constraints._EN_CUES`) an order to
# stop doing a thing, which the ledger reads as lifting a requirement to do it, if one holds.
_QUIT_DOING = re.compile(
    rf"(?i){_EN_LEAD}(?:please\s+)?(?P<cue>quit)\s+(?P<obj>[a-z][\w']*ing\b[^,.;!?\n]{{0,40}}?)"
    r"(?=\s*(?:[,.;!]|$))"
)
# (Not the speaker's own: "I only work on Mondays", nor a verb that merely reports.)
_NOT_NARROWING = re.compile(r"(?i)^(?:is|are|was|were|has|have|had|do|does|did|can|will)\b")


def _stop_after(text: str, end: int) -> int:
    """`end`, past the full stop or "!" that ends the clause there (kept with its words)."""
    return end + 1 if text[end : end + 1] in (".", "!") else end


def rule_change_shapes(text: str) -> list[Shape]:
    """The `_NARROW_ONLY`, `_RULE_ONLY_APPLIES` and `_QUIT_DOING` clauses of `text`."""
    out: list[Shape] = []
    if " only " in text.lower():
        for rx in (_RULE_ONLY_APPLIES, _NARROW_ONLY):
            for m in rx.finditer(text):
                if text[m.end() : m.end() + 1] == "?" or _NOT_NARROWING.match(m.group("obj")):
                    continue
                clause = text[m.start() : _stop_after(text, m.end())].strip()
                out.append(
                    Shape(
                        m.start("obj"),
                        m.end(),
                        clause,
                        "require",
                        m.group("obj"),
                        "only" + NARROWED_TO,
                        True,
                    )
                )
    if "quit" in text.lower():
        for m in _QUIT_DOING.finditer(text):
            if text[m.end() : m.end() + 1] == "?":
                continue
            clause = text[m.start("cue") : _stop_after(text, m.end())].strip()
            out.append(
                Shape(m.start("cue"), m.end(), clause, "forbid", m.group("obj"), "Quit", False)
            )
    return out


def stops_doing(rule: str, subject: str) -> bool:
    """Whether an order to stop ("cc'ing priya", "copying priya on those") names what a
    requirement (`rule`, "Always cc Priya on incident updates.") asks to do: the verb and
    a word of what it is done to."""
    words = _WORD.findall(subject.lower())
    if len(words) < 2 or not words[0].endswith("ing"):
        return False
    ruled = stems(rule)
    rest = stems(" ".join(words[1:]))
    return stem(words[0]) in ruled and bool(rest & ruled)


# "Episode 212 can run to 55 minutes", "The bonus episode can run to 55 minutes": a new limit
# said of one item (an id or a word naming which), an exception kept beside the rule.
_ONE_ITEM = re.compile(
    r"(?i)^\s*(?:(?:ok|okay|actually|but|so|and),?\s+)*(?:"
    r"(?:the|this|that|next|last) (?!(?:each|every|all|other)\b)[a-z][\w'-]*"
    r" [a-z][\w-]*"
    r"|[a-z][\w-]* #?\d[\w-]*)\s+(?:can|may)\b"
)


def one_item(text: str) -> bool:
    """Whether a limit moved is said of one item only (`_ONE_ITEM`)."""
    return _ONE_ITEM.match(text) is not None
