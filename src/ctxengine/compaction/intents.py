"""Intent cues, confirmations and language: what the user is doing with this message.

Scores are cue-based: each generic intent has strong and weak cue patterns; the confidence
grows with the cues found and is capped below 1.0, because keywords are evidence, not proof.
Domain intents come from the ontology's keyword and pattern lists.
"""

from __future__ import annotations

import re

from ctxengine.compaction.gates import Gate, lowered
from ctxengine.compaction.ontology import Ontology
from ctxengine.compaction.schema import Intent, Language

# What is not CJK: removing it leaves the CJK characters, counted without a list of them.
_NOT_CJK = re.compile(r"[^\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_LATIN_WORD = re.compile(r"[A-Za-z]+")

# (intent, strong cues, their English part, weak cues, their English part). The English part
# joins the cues as a last, case-insensitive alternative: "strong|(?i:english)".
_RULES: tuple[tuple[str, str, str, str, str], ...] = (
    (
        "restart",
        # Of the conversation, not a thing: "重置密码", "reset my password", "restart the
        # router" ask for help; a restart discards the task's values.
        r"重新开始|重来|从头开始|从头来|重置(?:对话|聊天|会话|一切|所有|全部)|清空(?:对话|记录|聊天)"
        r"|^\s*(?:请|帮我)?(?:重置|清空)(?:一下)?(?:吧|一下吧)?\s*[。！!]?\s*$",
        r"\bstart (?:over|again)\b|\bfrom scratch\b|\bbegin again\b"
        r"|\b(?:restart|reset)(?: (?:the|this|our|my))? (?:conversation|chat|session|context|"
        r"everything|all)\b|\blet'?s (?:restart|reset)\b|^\s*(?:please )?(?:restart|reset)"
        r"(?: please)?\s*[.!]?\s*$",
        "",
        "",
    ),
    (
        "cancel",
        # "算了" gives up when it leads its clause ("算了，不买了", "那就算了"); after what it
        # qualifies it concedes ("那就用副厂的吧，这次算了", "用副厂的算了": this once, fine).
        r"取消|(?:^|(?<=[，,。！!？?；;\s]))(?:那|那就|唉|哎|嗯|好吧|要不|还是|那还是|就)?算了"
        r"|(?:这次|这回)就?算了(?=[，,]\s*(?:下次|改天|以后|回头))|不买了|退订|撤销"
        # "MU5101不要了，还是改国航": dropped for another, a change; "不要了" alone gives up.
        r"|不要了(?![，,。\s]*(?:还是|改|换|要|用|就|那就))"
        # "这个号帮我退了吧", "票退掉": given back, booking and all.
        r"|帮我退|退掉|退了吧|退票|退号|退房",
        # "Never mind, keep 48 kHz like before": what follows is what to do instead.
        r"\bcancel\b|\bnever ?mind\b(?![,.;:!\s-]*(?:keep|use|make|go|let'?s|just|stick|do|"
        r"send|put|set|change|switch|book|i'?ll|we'?ll|leave|it'?s|that'?s))|\bforget it\b"
        r"|\bcall (?:it )?off\b|\babort\b|\bundo\b|\bscrap (?:it|that|this|the)\b"
        r"|\blet'?s not (?:do (?:it|that|this)|re-?run|run|book|send|go ahead|proceed|ship|deploy"
        r"|export|publish|order|buy|bother)\b",
        r"不用了",
        r"\bno thanks\b",
    ),
    (
        "modify",
        r"改成|改为|换成|换为|更改|修改|改用|换用|变成|调整为|还是(?:改|换|用)",
        r"\bchange\b|\bupdate\b|\bmodify\b|\bswitch\b|\binstead\b|\breplace\b|\bmake it\b|"
        r"\breschedule\b",
        r"改|换",
        "",
    ),
    (
        "confirm",
        r"确认|就这样|就这个|就它了|就要这个|就去那|就订|下单吧|提交吧|没问题",
        r"\bconfirm(?:ed)?\b|\bgo ahead\b|\bplace the order\b|\bthat'?s right\b|\bbook it\b|"
        r"\bsounds good\b|\blooks good\b",
        r"好的|可以|行",
        r"\bok(?:ay)?\b|\byes\b|\bsure\b",
    ),
    (
        "query",
        r"查询|查一下|帮我查|多少|什么|哪|几点|几个|有没有|是否|吗[？?]?$|推荐|帮我找|找一个|"
        r"找个|告诉我"
        # "把预留号再发我一遍", "再说一遍": what was said, asked for again.
        r"|(?:再|重新)(?:发|说|告诉|给)(?:我|我们)|(?:发|告诉)(?:我|我们)[^，,。；;！!？?\n]{0,20}?一遍"
        r"|再说一遍"
        # "帮我总结一下进度", "跟我核对一下", "把要点给我列一下", "帮我看看下周的号": asked for
        # what is known, a look-up.
        r"|总结一下|汇总一下|核对一下|列一下|列出来|帮我看看|帮我看一下|给我看看",
        r"^(?:what(?!\s+(?:i|you|we)\s+(?:said|meant|wanted|asked)\b)|which|where|when|how|who"
        r"|is there|are there|can you|could you|do you)\b"
        r"|\bfind\b|\bsearch\b|\blook up\b|\bshow me\b|\brecommend\b|\blist\b"
        # "Is it too late to change anything?": a yes/no question ending the message asks,
        # whatever verb is in it ("Is it possible to change …?", "Is it OK to …?" ask for the
        # change itself; "Did I say Friday? Make it Saturday." ends on the change).
        r"|(?:^|(?<=[.!?]\s))(?:is|are|was|were|am|does|did|has|have)\s+(?:it|there|this|that"
        r"|we|i|you|they|he|she|the|my|our)\b(?!\s+(?:possible|ok|okay|alright|fine|all right)\b)"
        r"[^.!?\n]*\?\s*$"
        # "Send me the ids again", "remind me of the total": what was said, asked for again.
        r"|\b(?:send|give|tell|show|read|list|text|email)\s+(?:me|us)\b[^.!?\n]{0,60}"
        r"\b(?:again|once more)\b|\bremind (?:me|us)\b",
        r"[？?]|吗|呢",
        # "Disregard what I said about paging": what was said, no question.
        r"\bwhat\b(?!\s+(?:i|you|we|he|she|they)\s+(?:said|told|asked|mentioned|wrote|meant"
        r"|wanted|did|had|was|were)\b)|\bhow\b",
    ),
    (
        "chitchat",
        r"^(?:你好|您好|嗨|哈喽|谢谢|多谢|感谢|再见|拜拜)|谢谢|再见|拜拜|哈哈",
        r"^(?:hi|hello|hey|thanks|thank you|bye|good (?:morning|evening|night))\b",
        "",
        "",
    ),
    (
        "inform",
        r"我想|我要|我需要|我的|是",
        r"\bi(?:'d| would)? (?:want|need|like)\b|\bmy\b|\bi'm\b|\bi am\b",
        "",
        "",
    ),
)


def _cues(own: str, english: str) -> re.Pattern[str] | None:
    rx = "|".join([own] * bool(own) + [f"(?i:{english})"] * bool(english))
    return re.compile(rx) if rx else None


# Each rule twice: with its English part, and without it for a text with no letter the
# English part could match (most Chinese messages), where it only costs time.
_COMPILED = tuple(
    (name, _cues(strong, en), _cues(weak, weak_en)) for name, strong, en, weak, weak_en in _RULES
)
_COMPILED_ZH = tuple(
    (name, _cues(strong, ""), _cues(weak, "")) for name, strong, _, weak, _ in _RULES
)


# What every cue of a rule's strong or weak pattern holds (`gates.Gate`): a text without it
# finds no cue of that pattern, so it is not scanned (most messages hold the cues of two or
# three of the seven rules).
_GATES = {
    id(rx): Gate(rx) for _, strong, weak in _COMPILED + _COMPILED_ZH for rx in (strong, weak) if rx
}
# What a case-insensitive ASCII letter can match: the letters and four others (ı, İ, ſ, K).
# A text with none of these cannot match an English cue, however spelled.
LATIN_LETTER = re.compile("[A-Za-z\u0130\u0131\u017f\u212a]")

_CONFIRM_WORDS = frozenset(
    [
        "好的", "好", "行", "可以", "继续", "嗯", "对", "没问题", "是的", "是", "好滴", "好嘞",
        "好吧", "行吧", "可以的", "对的", "确认", "同意", "收到", "明白", "ok", "okay", "k",
        "sure", "yes", "yep", "yeah", "yup", "continue", "go on", "go ahead", "proceed",
        "sounds good", "fine", "alright", "all right", "right", "correct", "agreed", "got it",
    ]
)  # fmt: skip
_COURTESY = frozenset(
    [
        "谢谢",
        "谢谢你",
        "多谢",
        "请",
        "please",
        "thanks",
        "thank you",
        "那",
        "就",
        "那就",
        "啦",
    ]
)
_SPLIT = re.compile(r"[\s,，。.!！~～、;；…]+")
_TRAIL = "啊吧呀了哈哦呢嘛啦噢的 "
_PEEL = tuple(sorted(_CONFIRM_WORDS | _COURTESY, key=len, reverse=True))
# `_PEEL` by first character, in the same order: only those words can start the rest.
_PEEL_BY_FIRST: dict[str, tuple[str, ...]] = {
    c: tuple(w for w in _PEEL if w[0] == c) for c in {w[0] for w in _PEEL}
}


def detect_language(text: str) -> Language:
    """'zh' when CJK characters make up at least 30% of CJK chars + Latin words, else 'en'.

    Latin is counted in words, not letters, so "我想买iPhone 15 Pro" is Chinese.
    """
    cjk = len(_NOT_CJK.sub("", text))
    if cjk == 0:
        return "en"
    words = len(_LATIN_WORD.findall(text))
    return "zh" if cjk / (cjk + words) >= 0.3 else "en"


def is_confirmation(text: str) -> bool:
    """True when the message is only a confirmation ("好的，继续", "ok sure", "嗯嗯", "go on").

    The text is peeled word by word from the front (longest known word first); it is a
    confirmation when nothing else is left and at least one word was a confirmation, so
    courtesy words may come along ("好的谢谢") but any content ("好的，改成蓝色") may not.
    """
    rest = _SPLIT.sub(" ", text.strip().lower()).strip()
    if not rest or len(rest) > 40:
        return False
    saw = False
    while rest:
        for w in _PEEL_BY_FIRST.get(rest[0], ()):
            if rest.startswith(w) and not (w.isascii() and rest[len(w) : len(w) + 1].isalpha()):
                saw = saw or w in _CONFIRM_WORDS
                rest = rest[len(w) :].lstrip(_TRAIL)
                break
        else:
            return False
    return saw


# "yes, switch", "OK, swap it", "换吧": the proposal taken by pointing at it, no value said.
_TAKES_IT = re.compile(
    r"(?i)^\s*(?:(?:yes|yeah|yep|ok(?:ay)?|sure|please)\s*[,!.]?\s*)*(?:switch|swap|change)"
    r"(?:\s+(?:it|that|them))?(?:\s+(?:over|then))?(?:,?\s+please)?\s*[.!]*\s*$"
    r"|^\s*(?:好的?|行|可以)?[，,]?\s*(?:那就)?(?:换|改)(?:吧|一下吧?)?[。！!]*\s*$"
)


def takes_change(text: str) -> bool:
    """Whether the message only takes a change someone proposed, pointing at it ("yes,
    switch", "换吧"): a confirmation of that change, though "switch" is no bare "OK"."""
    return _TAKES_IT.match(text) is not None


# Action intents whose cue a negation right before it turns around: "Do not cancel
# anything" asks for no cancel, "不要取消" / "别改了" / "不行" neither cancel, modify nor confirm.
_NEGATABLE = frozenset({"restart", "cancel", "modify", "confirm"})
# A negation ending the text before a cue: up to two words (English: "don't ever change",
# "do not actually cancel") or two characters (Chinese: "不要再改", "别再换") between them.
# 不如 / 不妨 / 不然 / 不过 and 要不 propose or go on ("要不换成黑色吧"): no negation. What the
# user was going to do and did not ("I was going to cancel", "本来想取消") is no intent either.
_NEGATED_BEFORE = re.compile(
    r"(?:\b(?:do not|don'?t|doesn'?t|never|(?<!why )not|no need to|without"
    r"|(?:was|were) (?:going|about) to|meant to|thought about|almost)(?:\s+[a-z]+){0,2}\s+"
    r"|(?:不要|不用|不必|无需|不需要|别|勿|(?<!要)不(?![如妨然过])|本来|原本|本想|差点)"
    r"[\u4e00-\u9fff]{0,2})$",
    re.IGNORECASE,
)
# How far back a negation is looked for (the longest form above and a little more).
_NEGATION_REACH = 32


def _affirmed(rx: re.Pattern[str] | None, text: str) -> int:
    """How many matches of `rx` in `text` no negation right before turns around."""
    if rx is None:
        return 0
    n = 0
    for m in rx.finditer(text):
        before = text[max(0, m.start() - _NEGATION_REACH) : m.start()]
        if not _NEGATED_BEFORE.search(before):
            n += 1
    return n


def classify_intents(
    text: str,
    onto: Ontology | None,
    *,
    has_updates: bool = False,
    has_evidence: bool = False,
    confirmation: bool = False,
) -> list[Intent]:
    """Intents of a user message, most confident first.

    Args:
        text: message text.
        onto: ontology whose domain intents are matched as well.
        has_updates: slot updates were found (evidence for modify/inform).
        has_evidence: exact values were found (evidence for inform).
        confirmation: the message is a bare confirmation.
    """
    scores: dict[str, float] = {}
    rules = _COMPILED if LATIN_LETTER.search(text) else _COMPILED_ZH
    low = lowered(text)
    for name, strong, weak in rules:
        if strong is not None and _GATES[id(strong)].shut(text, low):
            strong = None
        if weak is not None and _GATES[id(weak)].shut(text, low):
            weak = None
        if name in _NEGATABLE:
            n, w = _affirmed(strong, text), _affirmed(weak, text)
        else:
            n = len(strong.findall(text)) if strong is not None else 0
            w = len(weak.findall(text)) if weak is not None else 0
        if n or w:
            scores[name] = min(0.95, 0.55 + 0.2 * n + 0.1 * w) if n else min(0.5, 0.3 + 0.1 * w)
    if confirmation:
        scores["confirm"] = 0.95
        scores.pop("inform", None)
        scores.pop("query", None)
    if has_updates:
        scores["inform"] = max(scores.get("inform", 0.0), 0.7)
    elif has_evidence:
        scores["inform"] = max(scores.get("inform", 0.0), 0.6)
    if not scores:
        scores["inform"] = 0.3
    out = [Intent(name=k, confidence=round(v, 3)) for k, v in scores.items()]
    if onto is not None:
        for it, rxs in onto.intent_matchers:
            n = sum(len(rx.findall(text)) for rx in rxs)
            if n:
                out.append(
                    Intent(
                        name=it.name,
                        confidence=round(min(0.95, 0.6 + 0.15 * n), 3),
                        domain=it.domain,
                        target=it.target,
                    )
                )
    out.sort(key=lambda i: -i.confidence)
    return out
