"""User rules: "不要显示价格", "只用简体中文", "export as Excel, not PDF", "show prices again".

A cue word starts a constraint; the rest of its clause is what it applies to. Chinese cues
are checked against jieba's word boundaries, because the same characters are often part of
another word: "别" in "别的景点" (other attractions), "不要" in "不要紧" (never mind), and A-not-A
questions ("要不要门票") are not rules. "不要迟到的方案" is a noun phrase (a plan that is not
late), not the rule "不要迟到": a cue whose object ends in "的 + noun" is a modifier unless the
speaker is its subject ("我不要辣的菜").

A rule's text is its clause, verbatim: a comma parts two rules ("不要显示价格，用顺丰" is two), so a
comma clause that holds another rule or says something of its own is not part of it. English
openers that state nothing before the comma stay with the rule ("No, I don't want travel
insurance.", "Actually, you can use pandas now."); Chinese ones do not ("好的，不要显示价格" keeps
"不要显示价格"). A dot inside a word is no stop: "src/app.py", "v1.2.3" and "example.com" stay
whole in the text and the subject.

English rules with no cue word: "No travel insurance, please." (a sentence of "no" and a
thing, not "No problem" or "No flights were found"), "Please use Python 3.12 syntax only." (an
instruction ending in "only"), "Use Decimal with ROUND_HALF_UP, not float." (how to work, then
what not to do instead). A rule lifted in plain words ("Actually, you can use pandas now",
"Add travel insurance after all", "还是加上旅行保险吧") lifts only a rule in force: see
`IF_RULED`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import jieba
import jieba.posseg

from ctxengine.compaction.en_stated_rules import stated_rules
from ctxengine.compaction.gates import Gate, lacks, lowered, needed_chars
from ctxengine.compaction.intents import LATIN_LETTER
from ctxengine.compaction.outcomes import BARE_NO, UNMET_ZH
from ctxengine.compaction.rule_topics_en import Shape, named_lift_shapes, rule_change_shapes
from ctxengine.compaction.schema import Constraint, SlotUpdate
from ctxengine.compaction.zh_clause_rules import GATE as ZH_CLAUSE_GATE
from ctxengine.compaction.zh_clause_rules import (
    condition_before,
    exception_after,
    positive_half,
    zh_clause_rules,
)

jieba.setLogLevel(logging.WARNING)

Polarity = Literal["forbid", "require", "only", "prefer"]

_ZH_CUES: tuple[tuple[str, Polarity], ...] = (
    ("别忘了", "require"),
    ("别忘记", "require"),
    ("不要忘记", "require"),
    ("不要忘了", "require"),
    ("一定要", "require"),
    ("一定得", "require"),
    ("必须", "require"),
    ("务必", "require"),
    ("始终", "require"),
    ("总是", "require"),
    ("记得", "require"),
    # Standing instructions: "价格一律用人民币显示", "每次都把订单号放在最前面", "以后都用英文回复".
    ("一律", "require"),
    ("每次都", "require"),
    ("以后都", "require"),
    ("今后都", "require"),
    # Limits are rules too: "每次回复不超过三句话", "最多推荐两个", "至少提前一天通知我".
    ("不超过", "require"),
    # A bound not to cross is a limit too ("门票不要超过50元", "评分不能低于4分"), not a
    # prohibition of "超过50元": read before the plain 不要, 不能, 别.
    *(
        (neg + bound, "require")
        for neg in ("不要", "不能", "不得", "别")
        for bound in ("超过", "高于", "低于", "少于")
    ),
    ("不多于", "require"),
    ("不少于", "require"),
    ("最多", "require"),
    ("至多", "require"),
    ("至少", "require"),
    ("不想要", "forbid"),
    ("不想", "forbid"),
    ("不要", "forbid"),
    ("不用", "forbid"),
    ("禁止", "forbid"),
    ("请勿", "forbid"),
    ("切勿", "forbid"),
    ("不能", "forbid"),
    ("不许", "forbid"),
    ("不准", "forbid"),
    ("不得", "forbid"),
    ("避免", "forbid"),
    ("而不是", "forbid"),
    ("别", "forbid"),
    ("勿", "forbid"),
    ("只能", "only"),
    ("仅限", "only"),
    ("只", "only"),
    ("仅", "only"),
    ("最好", "prefer"),
    ("尽量", "prefer"),
    ("优先", "prefer"),
    ("宁可", "prefer"),
)
_ZH_CUE_RX = re.compile("|".join(re.escape(c) for c, _ in _ZH_CUES))
# Words jieba makes of a stress and a cue together ("千万别显示价格"); the cue still states
# the rule. (It splits "千万/不要", "请/不要": those are read as they are.)
_ZH_STRESSED = frozenset({"千万别", "可别", "请别", "绝不能", "决不能", "再也不能", "万万不能"})
_ZH_POLARITY = dict(_ZH_CUES)
# Words jieba makes of the cue "别" and the word before it, a noun, the one addressed, a
# place or time in the clause, or an adverb ("推荐菜别太辣", "你别代付", "办理过程中别让我跑线
# 下", "开车时别打电话", "就别订了"): the cue still states the rule. ("我别…" is the speaker's
# own plan, not a rule for the assistant.)
_ZH_JOINED_BIE = frozenset(
    {"菜别", "你别", "中别", "里别", "上别", "时别", "后别", "前别", "就别", "还别", "先别"}
)
# Words that start with a cue but are something else.
_ZH_NOT_CUE = frozenset(
    [
        "别的",
        "别人",
        "别处",
        "别墅",
        "别名",
        "别针",
        "别致",
        "别克",
        "不要紧",
        "不用谢",
        "不用客气",
        "只是",
        "只有",
        "只要",
        "只好",
        "只怕",
        "仅仅是",
        "仅此一次",  # an occasion ("仅此一次，用英文回复"), not an only-rule
        "不得不",
        "不得了",
        "不能不",
        "总是不",
        "最好的",
        "勿忘我",
        "不想去",
        "优先级",
    ]
)
# "别" meaning "other" before a measure word or noun jieba does not join to it: "去别家尝尝",
# "换别处", "别样的风景" (not "别处理": a verb); "别是…吧" is a worry ("别是在郊区吧": I hope
# it is not), where "只要别是周末就行" states a condition.
_ZH_OTHER = re.compile(
    r"别(?:[家样种个位款具致]|有(?:一番|风味|洞天|特色)|出心裁|处(?!理)|是(?=[^，,。；;！!？?]*[吧啊呀][。！!]?$))"
)
# "不用愁了", "终于不用为住宿担心了", "一动不想动": relief and idiom, said of the speaker's
# state, not a rule for the assistant.
_ZH_NOT_RULE = re.compile(
    r"(?:为[^，,。；;！!？?]{1,8})?(?:再)?(?:发?愁|担心|操心|着急|急|费心|犯愁|烦恼)(?:了|我|啊|呢|哦|啦)*$"
)
# "不用券的话多少钱", "如果不要发票，能便宜吗": a case weighed, not a rule.
_ZH_SUPPOSED = re.compile(r"的话")
_ZH_IF_BEFORE = re.compile(r"(?:如果|要是|假如|假设|万一|若是)")
# Courtesy and comfort, no rule, when nothing but stress or the one addressed comes before the
# cue: "请不要客气", "千万别这么说", "可别提了", "一定不要错过". With a topic or a scope
# before it, the same words are a rule ("价格以后不要再提了", "以后回复不要这样了").
_ZH_COURTESY = re.compile(
    r"(?:再|太)?(?:客气|这么说|那么说|这样|误会|介意|见怪|提|后悔|人云亦云|谢|难过|伤心|生气|错过"
    # "随便问问，别当真", "别往心里去", "别见笑", "别嫌我烦": said of the talk, no rule.
    r"|当真|较真|往心里去|见笑|嫌弃|嫌我烦|笑话我|笑我)"
    r"(?:了|啊|呢|哦|啦|吧|嘛|哈|我)*$"
    # "你可别小看这家店", "千万别放在心上": a remark whatever follows.
    r"|小看|放在心上"
)
_ZH_COURTESY_LEAD = re.compile(r"(?:你|您|你们)?(?:可|就|千万|一定|请|也|还|再|万万)*")
# "这样我还不用坐地铁了呢", "就不用排队了呢": a state of things, not a rule ("回复里不要用表情呢"
# still is one).
_ZH_STATED = re.compile(r"(?:还|就|都)[^，,。；;！!？?]*了呢\s*$")
_ZH_IDIOM = re.compile(r"一(?P<v>[\u4e00-\u9fff])不想(?P=v)")
_ZH_SUBJECT_PRONOUN = ("我", "我们", "咱们", "俺")
# A time of day or week, or a degree ("太贵"), before 的 names a kind of the noun, not an
# action: "不要早上的航班" rules morning flights out, where "不要迟到的方案" is a plan that is not
# late (the second seed's example of one cue with opposite meanings).
_ZH_QUALITY = re.compile(
    r"(?:太|过于|特别|很)[\u4e00-\u9fff]{1,3}"
    r"|(?:今天|明天|后天|周末|工作日|节假日|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|夜间|半夜|凌晨"
    r"|清晨|深夜|红眼)"
)
_POSSESSORS = ("我", "你", "您", "他", "她", "它", "我们", "你们", "他们", "她们", "咱们")
# Leading verbs stripped from a subject: "不要显示价格" applies to 价格.
_ZH_VERBS = frozenset(
    [
        "显示",
        "展示",
        # "我不想看到价格" is a rule about showing prices.
        "看到",
        "看见",
        "列出",
        "提",
        "提到",
        "提及",
        "给",
        "给我",
        "用",
        "使用",
        "采用",
        "选",
        "选择",
        "包含",
        "包括",
        "出现",
        "输出",
        "返回",
        "发",
        "发送",
        "推荐",
        "要",
        "再",
        "把",
        "按",
        "按照",
        "带",
        "带上",
        "保留",
        "加",
        "添加",
        "写",
        "说",
        "回复",
        "回答",
        "透露",
        "泄露",
        "告诉",
        "问",
        "打",
        "是",
        "在",
        "太",
    ]
)
_PARTICLES = "了吧啊呀哦呢嘛哈啦噢。，,.!！?？ "

_EN_CUES = re.compile(
    r"(?i)\b(?P<cue>no more than|no longer than"
    r"|(?:please )?(?:don't|do not|dont|never|avoid|no more|stop|must not|mustn't"
    r"|should not|shouldn't|i don't want|i do not want)|always|must|make sure(?: to| that| you)?"
    r"|be sure to|remember to|you have to|only|prefer(?:ably)?|ideally|i'd rather|rather"
    r"|at most|at least|keep|from now on|going forward)\b"
)
# "Keep every reply under three sentences" is a rule; "keep going" is not: "keep" binds only
# when what follows states a limit.
_EN_LIMIT = re.compile(
    r"(?i)\b(?:under|below|within|short|shorter|brief|concise|less than|fewer than|at most"
    r"|no more than|to (?:one|two|three|four|five|\d+))\b"
)
_EN_LIMIT_CUES = frozenset(["at most", "no more than", "no longer than", "at least", "keep"])
# "Keep everything in USD", "Keep replies in English": "keep" binds also when what follows
# names the currency, language, unit or format to keep to (not "Keep me posted", "Keep in
# mind …", "keep it in the fridge").
_EN_KEEP_FORM = re.compile(
    r"(?i)^(?!in\b|me\b|up\b|on\b|going\b|posted\b)\S.*?\b(?:in|as|to)\s+(?:all\s+)?"
    r"(?:usd|eur|gbp|cny|rmb|jpy|dollars|euros|pounds|yuan|english|chinese|french|german"
    r"|spanish|japanese|metric|imperial|celsius|fahrenheit|bullet points|markdown|json|plain text"
    r"|utc|24-hour|one currency|one language|your (?:replies|summaries|answers|responses))\b"
)
# "Keep loudness at -16 LUFS", "Keep the bitrate at 192 kbps": a setting held at a value (not
# "Keep me posted at 5", "Keep going at 3", "Keep an eye on it at 9").
_EN_KEEP_AT = re.compile(
    r"(?i)(?!(?:me|us|him|her|them|going|in mind|an eye|track|tabs|quiet|it)\b)"
    r"(?:the\s+|all\s+|every\s+|our\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?\s+at\s+[-+−]?[$€£¥]?\d"
    r"[\d,.]*(?:\s*(?!(?:and|but|or|for|in|on|per|when|to|of|with|every|each|all|from|if"
    r"|unless)\b)[a-z%]+\b){0,2}"
)
# Cues that say how long a rule holds, before or after it: "from now on, reply in French".
_EN_SCOPE_CUES = frozenset(["from now on", "going forward"])
# "From now on, I will be working from home": said of the speaker or others, no rule.
_EN_SPEAKER = re.compile(r"(?i)(?:i|i'm|i'll|we|we're|we'll|my|our|he|she|they|it)\b")
_EN_POLARITY: tuple[tuple[str, Polarity], ...] = (
    ("no more than", "require"),  # before "no more", which it starts with
    ("no longer than", "require"),
    ("don't", "forbid"),
    ("do not", "forbid"),
    ("dont", "forbid"),
    ("never", "forbid"),
    ("avoid", "forbid"),
    ("no more", "forbid"),
    ("stop", "forbid"),
    ("must not", "forbid"),
    ("mustn't", "forbid"),
    ("should not", "forbid"),
    ("shouldn't", "forbid"),
    ("always", "require"),
    ("from now on", "require"),
    ("going forward", "require"),
    ("must", "require"),
    ("make sure", "require"),
    ("be sure", "require"),
    ("remember", "require"),
    ("you have to", "require"),
    ("only", "only"),
    ("at most", "require"),
    ("at least", "require"),
    ("keep", "require"),
    ("prefer", "prefer"),
    ("ideally", "prefer"),
    ("i'd rather", "prefer"),
    ("rather", "prefer"),
)
_EN_STRIP = frozenset(
    [
        "again",  # "never again use X"
        "use",
        "using",
        "show",
        "display",
        "include",
        "mention",
        "add",
        "put",
        "give",
        "send",
        "reply",
        "respond",
        "answer",
        "write",
        "talk",
        "speak",
        "in",
        "to",
        "the",
        "a",
        "an",
        "any",
        "more",
        "me",
        "it",
        "be",
        "with",
        "of",
        "that",
        "you",
    ]
)
_EN_TAIL = frozenset(["please", "anymore", "instead", "again", "now", "too"])
# "I don't know" is not a rule; "I don't want X" is.
# "I don't", "never mind": the cue is no rule there (the latter calls one off, if anything).
_EN_NOT_RULE = re.compile(
    r"(?i)\b(?:i|we|they|he|she|it)\s+(?:(?:just|really|simply|also|still|even|actually)\s+)?"
    r"(?:don't|do not|dont)\s+(?!want\b)|\bnever(?=\s+mind\b)"
    # "— don't know why.", "Don't worry about the drinks.": a remark, nothing forbidden.
    r"|\b(?:don't|do not|dont)\s+(?=(?:know|worry|understand|care|get why|see why)\b)"
    # "I've never heard of GlobalTech", "we had never been there", "Never used it": what one
    # has done or not, told in the perfect or past, forbids nothing ("Never use X" does).
    r"|\b(?:i|we|they|he|she|it|you)(?:'ve|\s+have|\s+has|\s+had)\s+"
    r"(?:(?:just|really|actually|honestly|literally|also|still|even|truly|certainly)\s+)?never\b"
    r"|\bnever(?=\s+(?:heard|seen|been|met|gotten|known|gone|done|given|eaten|written|spoken"
    r"|received|ordered|used|tried|signed|authori[sz]ed|made|bought|had|got|visited|asked"
    r"|agreed|requested|approved|said|told|saw|knew|went|did|gave|paid|booked|subscribed"
    r"|registered|opened|owned|lived|worked|played|installed|changed|noticed|thought)\b)"
    # "I'm never there", "he is never on time": how often something is so, nothing forbidden.
    r"|(?:(?<=\bi'm )|(?<=\bi am )|(?<=\bwe're )|(?<=\bwe are )|(?<=\bhe's )|(?<=\bshe's )"
    r"|(?<=\bit's )|(?<=\bthey're )|(?<=\bis )|(?<=\bare ))never\b(?!\s+to\b)"
    # "I never liked the old intro", "you never replied": a past tense tells, it asks nothing.
    r"|\b(?:i|we|they|he|she|you)\s+(?:(?:just|really|honestly|actually|also|even)\s+)?"
    r"never(?=\s+[a-z]+ed\b)"
    # "My manager always forgets …", "The DAG always fails …", "They always ask": what someone
    # or something does, told of them; "You always rerun too much": a complaint.
    r"|\b(?:(?:he|she|it|(?:my|our|the|his|her|their|this|that)\s+[\w-]+(?:\s+[\w-]+)?)"
    r"\s+(?:(?:still|also|nearly|almost|just)\s+)?always(?=\s+[a-z][a-z-]*(?:s|ed)\b)"
    r"|they\s+always(?=\s+[a-z]+\b)(?!\s+(?:have|need|must|should)\b)"
    r"|you\s+always(?=\s+(?:forget|miss|mess|break|ignore|skip|overdo|get\s+\w+\s+wrong)\b"
    r"|[^.;!?\n]*\btoo\s+(?:much|many|often|long|early|late|slow|fast)\b))"
)
# Most texts hold none of its words, which its gate (`Gate`) finds cheaper than its scan.
_EN_NOT_RULE_GATE = Gate(_EN_NOT_RULE)

_CLAUSE = re.compile(r"[^，,。；;！!？?\n]+[，,。；;！!？?]?")
_QUESTION_END = ("？", "?", "吗", "么")

# "导出成Excel不要PDF", "用Excel而不是PDF": the part before the forbid is required.
_ZH_CONTRAST = re.compile(r"(?:成|为|用)\s*(?P<x>[A-Za-z0-9.+#-]+|[\u4e00-\u9fff]{1,4})[，,\s]*$")
_EN_CONTRAST = re.compile(
    r"(?i)\b(?:as|in|to|into|use|using)\s+(?P<x>[\w.+#-]+),?\s+(?:not|instead of|rather than)\s+"
    r"(?:as |in )?(?!(?:only|just|even|yet|now|necessarily|always|exactly|quite|too|so|very)\b)"
    r"(?P<y>[\w.+#-]+)"
)

# The clause after a forbid that names what to do instead: "，用Excel", ", export as Excel".
# A plain "用X" after "不要显示价格" is a second instruction, not the alternative, so the weak
# markers count only after a rule against *using* something ("不要用PDF", "don't use PDF");
# the strong ones ("改用", "instead") say "instead" by themselves.
_ZH_ALTERNATIVE = re.compile(r"\s*(?:而是|改用|换成|换用|改成|改为|换为)")
_ZH_ALTERNATIVE_WEAK = re.compile(r"\s*(?:就用|请用|要用|导出成|导出为|用|要|换)")
_EN_ALTERNATIVE = re.compile(
    r"(?i)\s*(?:and |but )?(?:please )?(?:use|go with|switch to)\s+(?=[^,;!?\n]*\binstead\b)"
)
_EN_ALTERNATIVE_WEAK = re.compile(
    r"(?i)\s*(?:and |but )?(?:please )?(?:use|go with|switch to|export(?: it)? (?:as|to|in)"
    r"|send(?: it)? (?:as|in)|save(?: it)? as|make it)\s+"
)
# After a forbid, where or how to put it instead, as an instruction of its own verb: "不要覆盖
# 原始账本，写到副本里", "别发邮件给我，发短信到…" (not said of the speaker: "…，我写到副本里了").
_ZH_INSTEAD_DO = re.compile(
    r"\s*(?=(?:写|存|保存|放|记|传|导出|发|寄)(?:到|进|在|成|给)|发(?:短信|微信|消息|邮件)"
    r"|打电话给|复制一份|另存|抄送)"
)
_ZH_USE = re.compile(r"(?:用|使用|采用|选|选择)")
_EN_USE = re.compile(r"(?i)(?:use|using|choose|pick|go with)\b")

# What a rule is quoted by when it is called off ("取消不显示价格的要求", "之前说不要显示价格，
# 取消这个要求"), what calls it off, and the nouns that name it.
_ZH_QUOTED_CUE = r"(?:不要|不用|不能|不许|不准|禁止|只能|只用|只|必须|一定要|务必|别|不)"
_ZH_RULE_NOUN = r"(?:规则|要求|限制|约束|规定)"
_ZH_POINTER = r"(?:那个|这个|那条|这条)"
# Called off at the clause's end ("…，取消这个要求", "…那条取消吧"), not "取消订单".
_ZH_CALL_OFF = (
    rf"(?:取消|作废|算了|不用了|不算了|不算数了?|撤销|撤掉|去掉|不作数了?)(?:{_ZH_POINTER}?{_ZH_RULE_NOUN})?"
    r"(?:吧|了|掉|啦)*(?=$|[，,。！!；;\s])"
)
# Verbs a rule is about, said to allow them again ("可以告诉我价格了", "显示价格吧").
_ZH_ALLOW_VERB = (
    r"(?:显示|展示|使用|用|提|说|给|发|列出|推荐|包含|输出|加|写|告诉|告知|透露|报|标出|标注|附上"
    r"|带上)"
)
# "显示价格吧", "把价格显示出来吧", "告诉我价格吧": a request to do what a rule forbade lifts the
# rule, but only when one forbade it (see `WEAK_REVOCATION`): said first, it is a request.
# Its object holds no cue ("显示价格不要带小数" is a rule about decimals).
_ZH_NO_CUE = r"(?:(?!不|别|只|勿|禁止|必须|务必|一定|最好|尽量|避免)[^，,。！!？?；;吧了呢])"
_ZH_ASK_LEAD = (
    r"(?<![^，,。！!；;\s])(?:那|那就|好吧|好的|嗯|现在|还是|那还是|算了)?[，,]?\s*"
    r"(?:请|麻烦)?(?:你|您)?(?:帮我)?(?:还是|再|就)?"
)
_ZH_ASK_TAIL = r"(?:出来|上)?(?:一下)?(?:(?<=出来)|吧)(?=$|[，,。！!；;])"
# (Fewer verbs than for "可以…了": "推荐一家吧", "发给我吧" are how a search is asked for.)
_ZH_WEAK_VERB = (
    r"(?:显示|展示|列出|(?:告诉|告知)(?:我们|我)?|透露|标出|标注|提(?![供出前交醒高])|说|用|使用|写"
    r"|附上|带上|加上)"
)
_ZH_COUNT = r"(?:[一几两这那]?[个家间位种份]|一?下)(?:出来|上)?(?:一下)?"
_REVOKE_ZH_WEAK: tuple[re.Pattern[str], ...] = (
    # (Not of a person or a count alone: "推荐给我吧", "给我推荐一家吧".)
    re.compile(
        rf"{_ZH_ASK_LEAD}(?:给我|给)?(?P<obj>{_ZH_WEAK_VERB}(?!给?[我你您]|{_ZH_COUNT}吧)"
        rf"{_ZH_NO_CUE}{{1,12}}?){_ZH_ASK_TAIL}"
    ),
    re.compile(
        rf"{_ZH_ASK_LEAD}把(?P<obj>{_ZH_NO_CUE}{{1,12}}?)(?:{_ZH_WEAK_VERB}|列)(?:给我)?"
        rf"{_ZH_ASK_TAIL}"
    ),
    # "有事直接打电话吧", "直接发邮件吧": what a rule forbade, asked for plainly ("直接").
    re.compile(
        r"(?<![^，,。！!；;\s])(?:那|那就|好吧|好的|嗯|现在|以后|有事|有什么事|有急事)*(?:的话)?"
        r"[，,]?\s*(?:就|你|您)*直接"
        rf"(?P<obj>(?![我你您他她它这那咱]){_ZH_NO_CUE}{{2,8}}?)(?:就行|就好)?吧(?=$|[，,。！!；;])"
    ),
    # "价格显示出来吧": the rule's subject first.
    re.compile(
        rf"{_ZH_ASK_LEAD}(?![我你您他她它这那咱])(?P<obj>(?:(?=[\u4e00-\u9fffA-Za-z]){_ZH_NO_CUE}){{2,8}}?)"
        rf"(?:也|就|还是)?(?:{_ZH_WEAK_VERB}|列)(?:给我)?{_ZH_ASK_TAIL}"
    ),
    # "寄件人就写真名吧": where first, then what a rule forbade put there.
    re.compile(
        rf"{_ZH_ASK_LEAD}(?![我你您他她它这那咱])[\u4e00-\u9fff]{{1,6}}?(?:就|还是)"
        rf"(?P<obj>{_ZH_WEAK_VERB}{_ZH_NO_CUE}{{1,8}}?){_ZH_ASK_TAIL}"
    ),
)
_ZH_COMMA = re.compile(r"，|(?<=[\u4e00-\u9fff]),")
# The confidence of those weak readings; the ledger records one only when it lifts a rule.
WEAK_REVOCATION = 0.5
# A rule quoted whole, then taken back: "刚才说信用卡别动，现在想想还是一起冻结吧". Its words
# say nothing that holds once the rule is lifted (`Ledger.in_force`).
TAKEN_BACK = re.compile(
    r"(?:之前|刚才|前面|先前|上次|早先)我?(?:说|提)(?:过|了)?的?"
    r"(?P<obj>(?=[^，,。！!？?；;]*(?:别|不要|不用|不能|不许|不准|只能|只|必须|一定要))"
    r"[^，,。！!？?；;]{2,16}?)[，,]\s*(?:但是?|不过|可是)?(?:现在|后来)?"
    r"(?:想想|想了想|想了一下|考虑了一下|再想想|仔细想想)?[，,]?\s*(?:还是|算了[，,]?)"
    r"(?![^，,。！!？?；;]*(?:别|不要|不用|不能|不许|不准|不|只))"
)
_REVOKE_ZH: tuple[tuple[re.Pattern[str], Polarity], ...] = (
    # "其实价格可以显示了": what the rule was about said first, then that it may be done now.
    (
        re.compile(
            r"(?:^|(?<=[，,。！!？?\s]))(?:其实|那|好吧|好的|嗯|算了|现在)?[，,]?\s*"
            # (Not a pointer or the speaker: "我现在可以用了", "这个可以用了吗？".)
            r"(?:那个|这个|那些|这些)?"
            r"(?![我你您他她它这那咱])(?P<obj>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:现在|又|也|就|还是)?"
            r"可以(?:再)?(?:显示|展示|使用|用|提|说|给|发|列出|推荐|包含|输出|加|写)(?:出来)?了"
            r"(?![吗么]|[^。！!，,]*[？?])"
        ),
        "forbid",
    ),
    # "之前说的不要表情，那个取消吧": a rule quoted, then called off.
    (
        re.compile(
            r"(?:之前|刚才|前面|先前|上次)?我?(?:说|提)的(?:那个|那条)?"
            # ("之前说的不放烟花不算数了": a bare 不 quotes a rule too, not "不算", "不作数".)
            r"(?:不要|别|不能|禁止|只能|只|必须|一定要|务必|不(?![算作要]))(?!紧)"
            r"(?P<obj>[^，,。！!？?]{2,12}?)"
            r"(?:的(?:规则|要求|限制))?[，,]?\s*(?:那个|这个|那条|这条)?(?:就|也)?"
            # (Not "我说的不要香菜，取消订单".)
            rf"{_ZH_CALL_OFF}"
        ),
        "forbid",
    ),
    # "之前说不要显示价格，取消这个要求", "刚才说别用表情，那个作废吧": said before, then called off
    # in the next clause (not "刚才说不要香菜，取消订单吧").
    (
        re.compile(
            rf"(?:之前|刚才|前面|先前|上次|早先)我?(?:说|提)(?:过|了)?{_ZH_POINTER}?"
            rf"{_ZH_QUOTED_CUE}(?!紧|的)(?P<obj>[^，,。！!？?；;]{{1,12}}?)(?:的{_ZH_RULE_NOUN})?"
            rf"[，,]\s*(?:{_ZH_POINTER}{_ZH_RULE_NOUN}?(?:就|也)?|现在|那就)?"
            rf"(?:{_ZH_CALL_OFF}|(?:又|也)?可以(?:再)?{_ZH_ALLOW_VERB}?(?:出来)?了(?![吗么]))"
        ),
        "forbid",
    ),
    # "刚才说信用卡别动，现在想想还是一起冻结吧": a rule quoted whole (its cue inside it), then
    # the mind changed on it (not "…，还是别动了", the rule said again).
    (
        TAKEN_BACK,
        "forbid",
    ),
    # "那个不要显示价格的要求取消吧", "不显示价格那条作废": the rule named as a rule, called off.
    (
        re.compile(
            rf"{_ZH_POINTER}?{_ZH_QUOTED_CUE}(?!紧|的|把|将)(?P<obj>[^，,。！!？?；;]{{1,12}}?)"
            rf"(?:的{_ZH_RULE_NOUN}|的?{_ZH_POINTER}{_ZH_RULE_NOUN}?)[，,]?\s*(?:就|也|先)?"
            rf"{_ZH_CALL_OFF}"
        ),
        "forbid",
    ),
    # "预算那条取消吧", "一楼那个要求去掉": the rule named by its topic, then called off.
    (
        re.compile(
            r"(?:^|(?<=[，,。！!；;\s]))(?:那|那么|其实|好吧|好的|嗯)?[，,]?\s*"
            # (Not "别把这个要求取消", which keeps the rule.)
            rf"(?![我你您他她它这那咱别不把将])(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{{1,8}}?)"
            # ("两节数学的限制去掉吧": the rule named by its noun alone.)
            rf"(?:的?{_ZH_POINTER}{_ZH_RULE_NOUN}?|的{_ZH_RULE_NOUN})[，,]?\s*(?:就|也|先)?{_ZH_CALL_OFF}"
        ),
        "forbid",
    ),
    # "可以显示价格了": only with a verb a rule is about, so "我可以好好溜达了" is no revocation.
    # It lifts only a rule in force (`IF_RULED`): "可以发货了", "可以提交了" are no rule.
    (
        _ZH_MAY_NOW := re.compile(
            rf"(?:现在)?(?:又|也)?可以(?:再)?(?P<obj>{_ZH_ALLOW_VERB}[^，,。！!？?了]{{1,18}})了(?![吗么])"
        ),
        "forbid",
    ),
    (re.compile(r"恢复(?P<obj>[^，,。！!？?]{1,20})"), "forbid"),
    # (A limit no longer held, "不用再卡25万了", is read as one: `_ZH_NO_LIMIT`.)
    (
        re.compile(r"(?:不用|不必|不需要)再(?!卡|限制|控制|压|守)(?P<obj>[^，,。！!？?]{1,20})"),
        "require",
    ),
    (
        re.compile(
            # (Not "不要取消订单的要求".)
            r"(?<!不要)(?<!不能)(?<!不用)(?<!别)"
            r"(?:忽略|取消|撤销|去掉|不用管)(?:我)?(?:之前|刚才|前面|上面|先前)?(?:说的|提的)?"
            # (Not a pointer alone: "取消这个要求" says which rule only with what came before.)
            rf"(?:关于)?(?!{_ZH_POINTER}{_ZH_RULE_NOUN})(?P<obj>[^，,。！!？?]{{1,20}}?)"
            rf"(?:的|{_ZH_POINTER})?{_ZH_RULE_NOUN}"
        ),
        "forbid",
    ),
    *((rx, "forbid") for rx in _REVOKE_ZH_WEAK),
)


# A character of an English rule's object: a dot counts only inside a word, so "src/app.py",
# "v1.2.3", "example.com" and "foo.bar()" stay whole where "Use pandas. Thanks" ends at the dot.
_EN_OBJ = r"(?:[^,.;!?]|\.(?=\w))"
# Where such an object ends: a stop, or a dash before an aside ("you can use pandas now — we
# already depend on it").
_EN_END = r"(?=[,;!?]|\.(?!\w)|$|\s+(?:[—–]|--)\s)"


def _unquote_zh(obj: str) -> str:
    """What a quoted rule is about: "不显示价格" -> "显示价格", "遵守不要用表情的要求了" ->
    "用表情", "告诉我价格" -> "价格"; English text unchanged."""
    if not re.search(r"[\u4e00-\u9fff]", obj):
        return obj
    s = re.sub(
        rf"(?:(?:的|{_ZH_POINTER})?{_ZH_RULE_NOUN}|{_ZH_POINTER})?[了吧啊]*$", "", obj.strip()
    )
    s = re.sub(rf"^(?:遵守|遵循|执行|管|按照?|照)?{_ZH_POINTER}?", "", s)
    # The cue as a word of its own: "不显示价格", not "只读模式" or "别墅".
    first = next(iter(jieba.tokenize(s)), ("", 0, 0))[0]
    if re.fullmatch(_ZH_QUOTED_CUE, first):
        s = s[len(first) :]
    s = re.sub(r"^(?:告诉|告知|发给|报给)(?:我们|我|咱们)", "", s)
    s = re.sub(r"^(?:[\u4e00-\u9fff]{1,2}?)?一下|也$", "", s)
    return s or obj


_REVOKE_EN: tuple[tuple[re.Pattern[str], Polarity], ...] = (
    (re.compile(rf"(?i)\byou (?:can|may) (?P<obj>{_EN_OBJ}{{1,40}}?) again\b"), "forbid"),
    (
        re.compile(
            rf"(?i)\b(?:it's|it is) (?:ok|okay|fine) to (?P<obj>{_EN_OBJ}{{1,60}}?)"
            rf"(?: again| now)?{_EN_END}"
        ),
        "forbid",
    ),
    (re.compile(rf"(?i)\bfeel free to (?P<obj>{_EN_OBJ}{{1,40}})"), "forbid"),
    (
        re.compile(
            r"(?i)\b(?:ignore|forget|drop|disregard) (?:about )?(?:my|the|your) "
            r"(?:earlier |previous |old |last )?(?:rule|instruction|constraint|request|"
            rf"restriction) (?:about|on|regarding|against) (?P<obj>{_EN_OBJ}{{1,40}})"
        ),
        "forbid",
    ),
    (
        re.compile(rf"(?i)\bno need to (?P<obj>{_EN_OBJ}{{1,40}}?) (?:anymore|any more)\b"),
        "require",
    ),
    (
        re.compile(
            rf"(?i)\byou (?:don't|do not) (?:have|need) to (?P<obj>{_EN_OBJ}{{1,40}}?) "
            r"(?:anymore|any more)\b"
        ),
        "require",
    ),
    # "Forget what I said about emojis", "Never mind the word limit".
    (
        re.compile(
            # Said as a request at a clause's start ("I can't forget about the trip" is none),
            # of a thing, not "it" or "that".
            # Only with words that point at what was said ("Ignore the emojis in my last
            # message" or "Forget the hotel, let's book a restaurant" lift no rule).
            r"(?i)(?:^|(?<=[,.;!?:])\s*|(?<=[,.;!?:]))(?:please |ok,? |okay,? |actually,? |and )?"
            r"(?:forget|ignore|disregard|never mind|scratch) (?:what i (?:said|told you) "
            r"(?:about|regarding)|my (?:rule|request|instruction) (?:about|on|regarding)"
            r"|the rule (?:about|on|regarding)) (?:the |my )?"
            rf"(?!(?:it|that|this|them|everything|me)\b)(?P<obj>{_EN_OBJ}{{2,40}}){_EN_END}"
        ),
        "forbid",
    ),
    # "Forget the basic economy rule", "Scratch the no-basic-economy rule": the rule named by what
    # it is about, called off whole (not "Don't forget the … rule", not asked, not "… rule for
    # my colleague's trip").
    (
        re.compile(
            r"(?i)(?:^|(?<=[,.;!?:])\s*|(?<=[,.;!?:]))(?:please )?"
            r"(?:forget|ignore|disregard|never mind|scratch|drop) (?:the|my|that|your) (?:no[- ])?"
            r"(?!(?:rule|earlier|previous|old|last|whole|entire|new|same|other|first|this|that)\b)"
            r"(?P<obj>[\w'/+#-]+(?:\.\w+)*(?: [\w'/+#-]+(?:\.\w+)*){0,3}) "
            r"(?:rule|restriction|constraint)s?(?=[.;!\n]|$)"
        ),
        "forbid",
    ),
    # "You no longer need to cc my manager".
    (
        re.compile(
            rf"(?i)\byou (?:no longer|don't any longer) (?:need|have) to (?P<obj>{_EN_OBJ}{{1,40}})"
        ),
        "require",
    ),
)
# The revocations read first and those read last (`extract_constraints`): the weak readings
# last, as a plain-words lift ("还是加上旅行保险吧", `_lifts`) says more than a bare request
# ending in 吧. Each with the gate (`Gate`) that skips it in a text holding nothing every match
# of it needs: most are in no message, and scanning each cost more than the rest of the
# revocations did.
_REVOKE_STRONG: tuple[tuple[re.Pattern[str], Polarity, Gate], ...] = tuple(
    (rx, pol, Gate(rx)) for rx, pol in (*_REVOKE_ZH, *_REVOKE_EN) if rx not in _REVOKE_ZH_WEAK
)
_REVOKE_WEAK: tuple[tuple[re.Pattern[str], Polarity, Gate], ...] = tuple(
    (rx, pol, Gate(rx)) for rx, pol in _REVOKE_ZH if rx in _REVOKE_ZH_WEAK
)
# Revocations said in plain words lift a rule only when one is in force: "Actually, you can use
# pandas now" lifts "Don't use pandas", "Actually, add travel insurance after all" lifts "No, I
# don't want travel insurance", "现在可以用pandas"/"还是加上旅行保险吧" their Chinese rules.
# With no such rule the same words are a request or a remark ("You can also use numpy", "还是用
# 顺丰吧"), so the ledger lets them lift only a rule in force on the same subject (equal, or one
# the other's head: "use pandas for parsing") and drops them otherwise (`Ledger.add`). Their
# cue ends with `IF_RULED`, which is how the ledger knows them.
IF_RULED = " [if ruled]"


def lifts_only_a_rule(c: Constraint) -> bool:
    """Whether `c` is a plain-words revocation that stands only if it lifts a rule in force."""
    return c.revokes and c.cue.endswith(IF_RULED)


# A permission for part of what a rule covers. With a limit of its own ("You can use pandas in
# the notebook, but not in src/.", "You can modify tests/conftest.py, but only that file.") it
# restates the rule it narrows (`NARROWS`); without one ("You don't need to run black on the
# generated files.") it makes an exception beside the rule for that scope (`IN_PART`). The whole
# sentence is the rule's text; the ledger says what it does to the rules in force.
NARROWS = " [narrows]"
IN_PART = " [in part]"


# A permission for one thing named, said before it ("For IMG_2305.jpg you can crop it", "For
# this pair you can merge anyway") or after it ("A little chili is fine for Friday"): an
# exception beside the rule it relaxes, not its end. The thing is one: "this"/"that" and a
# noun, or a name with a digit, dot or dash in it (not "For now", "For this reason").
_ONE_THING = (
    r"(?:(?:this|that)\s+(?!(?:reason|case|purpose|matter|time|once)\b)[a-z][\w-]*"
    r"|[a-z]*[\w]*[\d._-][\w.-]*\w"
    # "site 104", "episode 212": a thing of a kind, by its number.
    r"|(?!(?:the|a|an|every|each|all|any)\b)[a-z]+ #?\d[\w-]*"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
)
# "But just for IMG_2305.jpg", "on Friday only": the one thing a permission is said for.
_ONE_THING_FOR = (
    r"(?:(?:but|and|ok|okay|actually|oh|well),?\s+)*(?:just\s+)?(?:for|on)\s+"
    rf"{_ONE_THING}(?:\s+only)?"
)
_FOR_ONE_THING = re.compile(
    rf"(?i)^\s*{_ONE_THING_FOR},?\s+(?:you\s+(?:can|may)|it's\s+(?:ok|okay|fine)\s+to)\b"
    r"|(?:is|are)\s+(?:fine|ok|okay|allowed|alright)\s+(?:for|on)\s+(?:the\s+)?"
    rf"{_ONE_THING}(?:\s+(?:dinner|lunch|breakfast|meal|night|evening|morning|one))?"
    r"(?=[.!;,\n]|\s*$)"
)


# The same lead said before a comma: "For IMG_2305.jpg, you may crop it."
_ONE_THING_LEAD = re.compile(rf"(?i)\s*{_ONE_THING_FOR},?\s*")


def for_one_thing(text: str) -> bool:
    """Whether a permission is said for one thing or day only (`_FOR_ONE_THING`)."""
    return _FOR_ONE_THING.search(text) is not None


def scoped_permission(c: Constraint) -> str | None:
    """`NARROWS`, `IN_PART` or None: what kind of partial permission `c` is."""
    if not c.revokes:
        return None
    return next((m for m in (NARROWS, IN_PART) if c.cue.endswith(m)), None)


# Verbs an instruction starts with: "Actually, add travel insurance", "Use Decimal, not float",
# "Please use Python 3.12 syntax only".
_EN_VERBS = (
    r"(?:use|using|add|include|show|display|mention|list|book|get|buy|take|touch|modify|edit"
    r"|change|update|delete|remove|send|give|put|go with|switch to|stick to|stick with|try|run"
    r"|call|email|contact|print|write|reply|respond|answer|speak|talk|recommend|suggest|pick"
    r"|choose|order|share|tell|bring|keep|cc|install|import|enable|reserve|upgrade|pay|charge"
    r"|refactor|rename|commit|push|deploy|return|output|format|export|save|target|support|test"
    r"|fix|stay|search|look|work|serve|accept|make)\b"
)
_EN_VERB = re.compile(r"(?i)" + _EN_VERBS)
EN_VERB = _EN_VERB  # for the ledger: a permission that is a bare verb ("go ahead and deploy")
_EN_WANT = r"(?:i|we)(?:'d|'ll| do| really| would| will| still)* (?:want|like|need|take)(?: to)?"
# Words that say the speaker changed their mind before an instruction (not "OK, book it").
_EN_CHANGE = r"(?:actually|on second thoughts?|wait|hmm+|in that case)"
_EN_FILL = r"(?:(?:no|ok|okay|oh|well|alright|so|and|but|yes|yeah)\b,?\s+)*"
_EN_LIFT_TAIL = (
    r"(?: now| again| after all| too| as well| anyway| then| instead| from now on| going forward)?"
)
# For one occasion: "this once", "just this time".
_EN_ONCE = r"(?:just |only )?(?:this once|this one time|this time)"
# "For this rental only, …", "Just for this trip, …": for the occasion at hand, however long
# it lasts (not one turn: `ledger._SINGLE_OCCASION` does not hold it).
EN_OCCASION = r"(?:(?:just|only) for this [a-z][\w-]*|for this [a-z][\w-]* only)"
# A permission for one occasion said before it, in its sentence: "Just this once, go ahead and
# use eval().", "就这一次，可以用eval", "这次例外，…". The sentence is the permission's text.
_ONCE_LEAD = re.compile(
    rf"(?i)\s*(?:(?:ok|okay|fine|alright|well|but)\b,?\s+)*(?:{_EN_ONCE}|{EN_OCCASION}),?\s*$"
    r"|\s*(?:那|好吧|好的)?[，,]?\s*(?:就|只)?(?:这一次|这次|这一回|这回)(?:的话)?(?:例外|破例)?(?:就|先)?"
    r"[，,]?\s*$|\s*(?:仅此一次|下不为例|破例一次)[，,]?\s*$"
)
# A message that only tells the agent to go ahead ("Go.", "Go ahead", "Proceed", "继续。",
# "开始吧"): the occasion a one-off permission was given for has not passed yet (`Ledger.
# carry_one_offs`). An acknowledgement ("OK", "好的", "Thanks") or a new task moves on.
_GO_AHEAD = re.compile(
    r"(?i)\s*(?:(?:ok|okay|alright|sure)[,.!]?\s+)?(?:go|go ahead|go on|proceed|do it|carry on"
    r"|go for it|please proceed|please go ahead)[.!。！]*\s*"
    r"|\s*(?:好的?[，,]?\s*)?(?:继续|开始吧?|开始做吧?|动手吧|去做吧|做吧)[。！!]*\s*"
)


def goes_ahead(text: str) -> bool:
    """Whether a user message only tells the agent to go ahead (`_GO_AHEAD`)."""
    return _GO_AHEAD.fullmatch(text) is not None


# A setting for one reply only ("这条用中文回答我就行", "这次回答用表格", "Answer this one in
# Chinese", "Just for this reply, use Spanish"): an exception for that turn, no standing value.
_ONE_REPLY = re.compile(
    r"这一?条(?:消息|回复|回答)?(?:就|先|你|请)?(?=用|以|按)|这次的?(?:回答|回复)|这个问题(?:就|先)?(?=用)"
    r"|(?i:\b(?:answer|reply to|respond to) this one\b"
    r"|\bfor this (?:reply|answer|message|response|one)\b|\bthis (?:reply|answer|response)\b)"
)


# An exception for one occasion ("这次例外，用英文回复", "Just this once, answer in English"): of
# how to reply, it sets something for that reply only, the standing setting kept. (Of anything
# else, "这次例外，订商务舱", the value is the one now wanted.)
_ONE_OCCASION = re.compile(
    r"(?:这一?次|这回|就这一次)(?:例外|破例)|仅此一次|下不为例|破例一次"
    r"|(?i:\b(?:just |only )?this once\b|\bjust this (?:one )?time\b)"
)
_REPLY_WORD = re.compile(r"回复|回答|答复|(?i:\b(?:reply|answer|respond|write back)\b)")


def for_one_reply(text: str, updates: list[SlotUpdate]) -> list[SlotUpdate]:
    """The `updates` read in a clause that sets something for one reply only."""
    clauses = [_clause_span(text, m.start(), through_comma=True) for m in _ONE_REPLY.finditer(text)]
    clauses += [
        (a, b)
        for m in _ONE_OCCASION.finditer(text)
        for a, b in [_clause_span(text, m.start(), through_comma=True)]
        if _REPLY_WORD.search(text, a, b)
    ]
    return [u for u in updates if any((u.raw or u.value or "\0") in text[a:b] for a, b in clauses)]


_LIFT_EN: tuple[re.Pattern[str], ...] = (
    # "You can use pandas now", "You may also touch src/credits.py", "you're allowed to cc Bob".
    re.compile(
        r"(?i)\byou (?:can|may|are allowed to|'re allowed to|are free to|'re free to)"
        r"(?: now| also| still| actually| go ahead and| just)* (?!not\b|never\b|no\b|only\b)"
        # (Room for a long path: "patch addons/dialogic/Core/DialogicGameHandler.gd".)
        rf"(?P<obj>{_EN_OBJ}{{1,80}}?){_EN_LIFT_TAIL}{_EN_END}"
    ),
    # "Actually, add travel insurance", "On second thought, I want the window seat".
    re.compile(
        rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}{_EN_CHANGE}\b,?\s+(?:{_EN_CHANGE}\b,?\s+)*"
        rf"(?:(?P<want>{_EN_WANT})\s+)?(?:please |just |go ahead and |do )*"
        rf"(?P<obj>{_EN_OBJ}{{1,40}}?){_EN_LIFT_TAIL}{_EN_END}"
    ),
    # "Add travel insurance after all", "I do want the upgrade after all".
    re.compile(
        rf"(?i)(?:^|(?<=[,.;!?:\n]))\s*(?:(?P<want>{_EN_WANT})\s+)?"
        rf"(?:please |just |go ahead and |do )*"
        # "Let's go back to the exchange after all": what was turned down is chosen again.
        r"(?:(?P<back>(?:let's |let us |we'll |i'll )?(?:go|switch|get) back to|return to)\s+)?"
        rf"(?P<obj>{_EN_OBJ}{{1,40}}?)\s+after all" + _EN_END
    ),
    re.compile(rf"(?i)\bgo ahead and (?P<obj>{_EN_OBJ}{{1,40}}?){_EN_LIFT_TAIL}{_EN_END}"),
    # "Fine, use eval() this once.": a bare instruction for one occasion (with no rule in force
    # it is a request, dropped).
    re.compile(
        rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}(?:(?:fine|sure|alright|all right)\b,?\s+)?"
        rf"(?:please |just )?(?P<obj>(?={_EN_VERBS}){_EN_OBJ}{{1,40}}?\s+{_EN_ONCE}){_EN_END}"
    ),
    # "Just this once, add the CDW.", "For this rental only, book the SUV.": an instruction
    # for one occasion, said after it (with no rule in force it is a request, dropped).
    re.compile(
        rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}(?:{_EN_ONCE}|{EN_OCCASION}),\s*"
        rf"(?:please |just )?(?P<obj>(?={_EN_VERBS}){_EN_OBJ}{{1,40}}?){_EN_END}"
    ),
    # "Pandas is fine now", "Emojis are OK again", "8:30 is fine after all".
    re.compile(
        rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}(?:{_EN_CHANGE}\b,?\s+)*"
        r"(?!(?:it|that|this|everything|all|which|what|there|here|i|we|you|he|she|they)\b)"
        r"(?P<obj>(?:\d{1,2}:\d{2}|[\w'/+#-]+(?:\.\w+)*)(?: [\w'/+#-]+(?:\.\w+)*){0,3}) (?:is|are) "
        r"(?:fine|ok|okay|allowed|alright|all right) (?:now|again|after all)" + _EN_END
    ),
    # "Actually, FedEx is fine": a change of mind says so without "now".
    re.compile(
        rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}(?:{_EN_CHANGE}\b,?\s+)+"
        r"(?!(?:it|that|this|everything|all|which|what|there|here|i|we|you|he|she|they)\b)"
        r"(?P<obj>[\w'/+#-]+(?:\.\w+)*(?: [\w'/+#-]+(?:\.\w+)*){0,3}) (?:is|are) "
        r"(?:fine|ok|okay|allowed|alright|all right)(?: with me)?(?=[,.;!\n]|$)"
    ),
    # "Newark is ok actually if it gets me there earlier", "Newark is actually fine": the
    # change of mind said after the thing; a condition or reason after it stays in the
    # permission's words (the rule is lifted, the words kept as the instruction).
    re.compile(
        rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}"
        r"(?!(?:it|that|this|everything|all|which|what|there|here|i|we|you|he|she|they)\b)"
        r"(?P<obj>[\w'/+#-]+(?:\.\w+)*(?: [\w'/+#-]+(?:\.\w+)*){0,3})(?:'s| is| are)"
        r"(?: actually (?:fine|ok|okay|alright|all right)"
        r"| (?:fine|ok|okay|alright|all right) actually)(?: with me)?"
        r"(?=[,.;!\n]|$|\s+(?:if|as long as|so long as|provided|since|because|when)\b)"
    ),
)
# Before "you can …": a condition, a purpose or a question word, not a permission. ("This
# once you may …" says for how long: `_ONCE_LEAD`.)
_EN_LIFT_NOT = re.compile(
    r"(?i)\b(?:if|whether|unless|so that|when|(?<!this )(?<!one )once|how|what|where|why|until"
    r"|before|after)\s+$"
)
_LIFT_ZH: tuple[re.Pattern[str], ...] = (
    # "可以用pandas", "你也可以改src/credits.py" (not the speaker: "我们可以用支付宝付款").
    re.compile(
        r"(?<![我他她它们])(?:你|您)?(?:现在|其实|那)?(?:也|又|还)?可以(?:再)?"
        r"(?P<obj>(?:显示|展示|使用|用|提|说|给|发|列出|推荐|包含|输出|加|写|改|修改|动|碰)"
        r"[^，,。；;！!？?了吧吗呢]{1,18})(?![^，,。！!]*[？?吗么])"
    ),
    # "可以重启生产数据库了": any verb with its object, said as now allowed (not asked, not of the
    # speaker, not a bare verb: "可以重启了", "可以出发了" say go ahead).
    re.compile(
        r"(?:^|(?<=[，,。！!；;\s]))(?:好的|好吧|嗯|那么|那|其实|现在|你们|你|您|也|又|还|[，,])*可以(?:再)?"
        r"(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{3,18}?)了(?=$|[。！!，,；;\s])"
    ),
    # "还是加上旅行保险吧", "还是用pandas吧" (not "还是按原来的", which keeps an earlier rule).
    re.compile(
        r"还是(?:要|加上?|用|买|订|选择|选|带上?)(?!原来|之前|以前|老样子|按)"
        r"(?P<obj>[^，,。；;！!？?吧了吗呢]{1,18})(?![^，,。！!]*[？?吗么])"
    ),
)
# `_LIFT_ZH` (for any text) and both (for a text with a letter), each with the gate (`Gate`)
# that skips it in a text holding nothing every match of it needs.
_LIFT_SCANS_ZH: tuple[tuple[re.Pattern[str], Gate], ...] = tuple((rx, Gate(rx)) for rx in _LIFT_ZH)
_LIFT_SCANS: tuple[tuple[re.Pattern[str], Gate], ...] = (
    *_LIFT_SCANS_ZH,
    *((rx, Gate(rx)) for rx in _LIFT_EN),
)
# Who an allergy is said of, before the thing with no "对" ("她青霉素过敏").
_ALLERGY_PERSON = (
    r"(?:她|他|我|孩子|宝宝|小孩|老人|我妈|我爸|妈妈|爸爸|女儿|儿子|老婆|老公|太太|先生"
    r"|家人)(?:们)?"
)
# Not a thing one is allergic to: a part of the body, a season, how often or how easily.
_ALLERGY_NOT_THING = (
    r"皮肤|身上|脸|眼睛|鼻子|嗓子|季节|春天|体质|容易|经常|有|好像|可能|一直|又|也|都|还|会"
)
# An allergy is a rule for everything offered after it: "我对海鲜过敏", "孩子吃花生会过敏",
# "I'm allergic to peanuts".
# Not said of the speaker's party ("我对花生不过敏", "I'm not allergic to X", "很多人对花生过敏",
# "对花粉过敏的人", "您对什么过敏吗？"): no rule.
_ALLERGY = re.compile(
    r"(?:对|吃)(?!了)(?P<zh>[^，,。；;！!？?\s对吃不没]{1,12}?)(?:会|有点|有些|很|特别)?过敏(?!的人|性)"
    # Without "对": "她青霉素过敏", "还有头孢也过敏", a clause of its own (not "皮肤过敏了", "容
    # 易过敏", "过敏反应").
    rf"|(?:^|(?<=[，,。；;！!\s]))(?:还有|而且|另外|并且|对了)?(?:{_ALLERGY_PERSON})?"
    rf"(?!{_ALLERGY_NOT_THING})(?P<zh2>[^，,。；;！!？?\s对吃不没我你您他她也都还]{{1,8}}?)"
    r"(?:也|都|还)?(?:会|有点|有些|很|特别)?过敏(?=\s*(?:$|[，,。；;！!\n]))"
    r"|(?i:\ballergic to (?P<en>[a-z][a-z ,-]{1,40}?))(?=[.;!?\n]|$|,? so\b|,? but\b)"
)
# "她头孢不过敏", "其实她对头孢不过敏", "She isn't allergic to cephalosporins": one thing said
# not to be what an allergy rule names (`STRUCK`). Not asked ("她头孢不过敏吗？").
_NOT_ALLERGIC = re.compile(
    r"(?:(?<=[对吃她他我])|^|(?<=[，,。！!；;\s]))(?P<zh>[^，,。；;！!？?\s对吃她他我不没]{1,12}?)"
    r"(?:其实|倒是|并|也)?(?:不|没有?)过敏(?![吗么])"
    r"|(?i:(?:\b(?:is|am|are)|'s|'m|'re)\s*(?:not|n't)\s+(?:actually\s+|really\s+)?allergic to"
    r"\s+(?P<en>[a-z][a-z -]{1,40}?))(?=[.;,!?\n]|$)"
)
# "legacy 那个 XmlExporter 也改了吧", "legacy 目录下的 XmlExporter 可以改了", "Also change the
# XmlExporter in legacy/": one thing in a place named, to be changed. Beside a rule against
# changing that place it is an exception (`PART_ALLOWED`, `ledger.Ledger.add`); the rest of the
# place stays as ruled. With no such rule it is a request, no rule.
_ZH_PART_CHANGED = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:那|那就|其实|另外|还有)?[，,]?\s*"
    # (No cue of a rule in the words: "首页的标题别改了吧" forbids.)
    r"(?P<place>[A-Za-z0-9_./-]+|(?:(?![不别没勿])[\u4e00-\u9fff]){2,6}?)\s*(?:目录|文件夹|模块)?"
    r"(?:下的|下面的|里的|里面的|中的|那个|这个|的)\s*"
    r"(?P<obj>[A-Za-z_][\w./-]{1,60}|(?:(?![不别没勿])[\u4e00-\u9fff]){2,8}?)\s*(?:其实|现在)?"
    r"(?:也|就)?(?:可以|要|得)?"
    r"(?P<cue>改|动|修改|重构|更新)(?:一下|掉)?(?:了|吧|啊)+(?=$|[，,。！!；;\s])"
)
_EN_PART_CHANGED = re.compile(
    r"(?i)(?:^|(?<=[.;!\n]))\s*(?:(?:ok|okay|actually|and|but|oh)\b,?\s+)*"
    r"(?:(?:also|please|go ahead and|you can(?: also)?)\s+)+"
    r"(?P<cue>change|modify|edit|update|fix|touch|refactor)\s+(?:the\s+)?"
    r"(?P<obj>[A-Za-z_][\w.-]{1,60})(?:\s+(?:class|file|module))?\s+(?:in|under)\s+"
    r"(?P<place>[\w./-]+?)/?(?:\s+(?:too|as well))?(?=[,.;!\n]|$)"
)
PART_ALLOWED = " [part allowed]"


# "押金那笔例外，走我个人账户": one thing named as the exception to a rule for all of its kind
# ("所有费用一律走对公账户"), what it does instead after it. Kept beside such a rule only
# (`ledger.Ledger.add`); beside none it is a remark.
EXCEPTED = " [excepted]"
_ZH_EXCEPTED = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:但是?|不过|只有|只是|就)?[，,]?\s*"
    # "…，没有例外", "概不例外": no exception at all, the rule made firm (`_ZH_FIRM`).
    r"(?!(?:没有任何|没有|没|不能有|不允许|不许|不接受|不得|绝无|概不|一律不|毫无|无)(?:例外|除外))"
    r"(?![我你您他她它这那咱])(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{1,8}?)"
    r"(?:那笔|这笔|那个|这个|那次|这次|那件|这件|那单|这单|那项|这项|的话)?"
    r"(?:算|是|可以|要)?(?P<cue>例外|除外)(?:吧|了|啊)*(?=$|[，,。！!；;])"
)


# "这次的定金先用我个人卡付，下不为例", "这周五的团建可以破例一次，每份40元": an exception for one
# occasion, said as one; the rule still holds (kept beside a rule for all of its kind, like
# `_ZH_EXCEPTED`). Not "不能破例", "这次也不破例" (the rule made firm), not asked, not a past
# report ("上次破例了").
_ZH_ONE_OFF = re.compile(r"下不为例|破(?:个|一次|一回|回)?例(?:一次|一回)?")
_ZH_ONE_OFF_NOT = re.compile(
    r"(?:不|别|没|不能|不可以|不会|不要|不许|不准|不再|没有)[^，,。！!；;？?]{0,3}破"
    r"|上次|上回|以前|之前|去年|那次|吗|么|？|\?"
)
# "卫生间的瓷砖可以用东鹏的，其他还是马可波罗", "初三的班可以一天排三节数学": a part of what a rule
# covers, named "X的Y", allowed something else, as it stands (not "…可以重启了", a lift now).
# Kept beside a rule for all of its kind that shares a word with it (`ledger._excepted`).
_ZH_PART_MAY = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:但是?|不过|其实|那)?[，,]?\s*"
    r"(?![我你您他她它这那咱])(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{1,6}?的[\u4e00-\u9fffA-Za-z0-9]{1,4}?)"
    r"(?<![也都还又])(?P<cue>可以)(?!不)(?P<what>[^，,。！!；;？?\n了吗么]{2,16})(?:的|吧)?(?=$|[，,。！!；;])"
)
EXCEPTED_PART = " [excepted part]"


def _zh_exceptions(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_ONE_OFF` sentences and `_ZH_PART_MAY` clauses, each an exception beside a rule."""
    out: list[_Hit] = []
    for m in _ZH_ONE_OFF.finditer(text):
        start, end = _sentence_start(text, m.start()), _sentence_end(text, m.end())
        said = text[start:end]
        if _inside(m.start(), spans) or _ZH_ONE_OFF_NOT.search(said):
            continue
        spans.append((start, end))
        words = said.strip().rstrip("。！!；;")
        out.append(_lifting(start, words, "require", normalize_subject(words), "例外" + EXCEPTED))
    for m in _ZH_PART_MAY.finditer(text):
        at = m.start("obj")
        start, end = _clause_span(text, at)
        if _inside(at, spans) or text[end : end + 1] in ("?", "？"):
            continue
        # "…，其他还是马可波罗": what the rest keeps goes with it.
        if (rest := _ZH_REST_KEPT.match(text, end)) is not None:
            end = rest.end()
        spans.append((at, end))
        subject = normalize_subject(m.group("obj"))
        cue = m["cue"] + EXCEPTED_PART
        out.append(_lifting(at, text[start:end].strip().rstrip("，,"), "require", subject, cue))
    return out


_ZH_REST_KEPT = re.compile(
    r"[，,]\s*(?:其他|其余|别的|剩下)的?[\u4e00-\u9fff]{0,4}?(?:还是|照旧|仍然|依然|都)[^，,。！!；;？?\n]{0,12}"
)


# "葱可以少放点", "辣椒少放一点就行": a prohibition on a thing narrowed to less of it. It stands
# only if it narrows a prohibition in force on that thing (`ledger.Ledger.add`), which it
# replaces.
LESS = " [less]"
_ZH_LESS = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:那|其实|算了|好吧|嗯)?[，,]?\s*"
    r"(?![我你您他她它这那咱])(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{1,6}?)(?:其实|还是|就)?(?:可以)?"
    r"(?P<cue>少(?P<verb>[放加搁来用])(?:一)?点儿?)(?:就行|就好|也行|也可以)?(?:吧|了|啊|哦)*"
    r"(?=$|[，,。！!；;])"
)


def _zh_less(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_LESS` clauses, not asked."""
    out: list[_Hit] = []
    for m in _ZH_LESS.finditer(text):
        at = m.start("obj")
        start, end = _clause_span(text, at)
        if _inside(at, spans) or _clause_asked(text, end):
            continue
        spans.append((at, end))
        subject = normalize_subject(m.group("obj"))
        out.append(_lifting(at, text[start:end].strip(), "prefer", subject, m["cue"] + LESS))
    return out


# "经房东书面同意的可以转租": what a rule forbids, allowed once someone agrees. It narrows the
# rule on that thing (`NARROWS`: the rule now holds without the consent); the sentence, with
# any words that name the rule loosened ("转租那条可以放宽一点，…"), is its text.
_ZH_WITH_CONSENT = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:但是?|不过|只要|如果)?"
    r"(?P<cond>(?:经过?|征得|得到|取得|有)[^，,。！!？?；;]{1,16}?(?:同意|批准|许可|允许|签字|确认))"
    r"(?:的话|的|后|之后|以后)[，,]?\s*(?:就|也|才|还是)?可以"
    r"(?P<obj>[^，,。！!？?；;了吧吗]{1,10})(?:了|吧|的)*(?=$|[，,。！!；;])"
)


def _zh_with_consent(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_WITH_CONSENT` clauses, each narrowing a rule against what it allows."""
    out: list[_Hit] = []
    for m in _ZH_WITH_CONSENT.finditer(text):
        at = m.start("cond")
        if _inside(at, spans) or _inside(m.end() - 1, spans):
            continue
        start, end = _clause_span(text, at, through_comma=True)
        if _clause_asked(text, end):
            continue
        spans.append((start, end))
        subject = normalize_subject(m.group("obj"))
        out.append(_lifting(at, text[start:end].strip(), "forbid", subject, "可以" + NARROWS))
    return out


# "还是周六周日都可以排": more than one thing, each fine, said after an only-rule that named
# one of them ("以后只能排周日"): that rule no longer holds (`ledger.Ledger.add`); with none,
# the words are a remark.
ALL_FINE = " [all fine]"
_ZH_ALL_FINE = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:那|那么|其实|还是|那还是|不过|所以)*[，,]?\s*"
    # (Named things, not "别的", "哪家", "其他的": "除了早餐，别的都可以" is no widening.)
    r"(?![我你您他她它这那咱])(?![^，,。！!；;]*?(?:别的|其他|其它|哪|什么|任何|怎么|谁))"
    r"(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{2,6}?"
    r"(?:和|、|跟|与|及|或者?)?[\u4e00-\u9fffA-Za-z0-9]{2,6}?)(?:的话)?"
    r"(?:其实|现在|也)?都(?P<cue>可以|行|能|没问题)(?P<verb>[\u4e00-\u9fff]{0,3}?)"
    r"(?:了|吧|的|啊)*(?=$|[，,。！!；;])"
)


# "其实周六也可以排" after "以后只能排周日": another thing, fine too for what an only-rule
# allows (its verb said after): the rule widened (`ledger.Ledger.add`); with none, a remark.
# (Without the verb, "周六也可以" is read by `_ZH_ALSO_OK`.)
ALSO_FINE = " [also fine]"
_ZH_ALSO_FINE = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:那|那么|其实|还是|不过|所以|嗯)*[，,]?\s*"
    r"(?![我你您他她它这那咱])(?![^，,。！!；;]*?(?:别的|其他|其它|哪|什么|任何|怎么|谁))"
    r"(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{2,6}?)(?:的话)?(?:其实|现在)?也(?P<cue>可以|行|能)"
    r"(?P<verb>[\u4e00-\u9fff]{1,3}?)(?:了|吧|的|啊)*(?=$|[，,。！!；;])"
)
# Days of the week: things of one kind, as an only-rule on days allows one and not another.
_ZH_WEEKDAY = re.compile(r"(?:周|星期|礼拜)[一二三四五六日天]")
_EN_WEEKDAYS = frozenset(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
)


def weekday(word: str) -> str | None:
    """The day of the week `word` names ("Sundays" -> "sunday", "星期天" -> "日"), if one."""
    w = word.strip().lower().removesuffix("s")
    if w in _EN_WEEKDAYS:
        return w
    if _ZH_WEEKDAY.fullmatch(w):
        return w[-1].replace("天", "日")
    return None


def other_day(a: str, b: str) -> bool:
    """Whether `a` and `b` name two different days of the week ("周日", "周六"; "Sundays",
    "Saturday")."""
    da, db = weekday(a), weekday(b)
    return da is not None and db is not None and da != db


def _zh_also_fine(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_ALSO_FINE` clauses, not asked."""
    out: list[_Hit] = []
    for m in _ZH_ALSO_FINE.finditer(text):
        at = m.start("obj")
        if _inside(at, spans) or text[m.end() : m.end() + 1] in ("?", "？", "吗"):
            continue
        start, end = _clause_span(text, at)
        spans.append((at, m.end()))
        subject = f"{m.group('obj')} {m.group('verb')}"
        cue = "也" + m["cue"] + ALSO_FINE
        out.append(_Hit(at, _make(text[start:end].strip(), "only", subject, cue, 0.7)))
    return out


def _zh_all_fine(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_ALL_FINE` clauses, not asked."""
    out: list[_Hit] = []
    for m in _ZH_ALL_FINE.finditer(text):
        at = m.start("obj")
        if _inside(at, spans) or text[m.end() : m.end() + 1] in ("?", "？", "吗"):
            continue
        start, end = _clause_span(text, at)
        spans.append((at, m.end()))
        subject = f"{m.group('obj')} {m.group('verb')}".strip()
        cue = "都" + m["cue"] + ALL_FINE
        out.append(_Hit(at, _make(text[start:end].strip(), "only", subject, cue, 0.7)))
    return out


def _zh_excepted(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_EXCEPTED` clauses, with the clause after that says what it does instead."""
    out: list[_Hit] = []
    for m in _ZH_EXCEPTED.finditer(text):
        at = m.start("obj")
        if _inside(at, spans):
            continue
        start, end = _clause_span(text, at, through_comma=True)
        if _clause_asked(text, end):
            continue
        spans.append((at, end))
        subject = normalize_subject(m.group("obj"))
        out.append(_lifting(at, text[start:end].strip(), "require", subject, m["cue"] + EXCEPTED))
    return out


def _parts_changed(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_PART_CHANGED` and `_EN_PART_CHANGED` clauses: the thing with its place as subject
    ("legacy xmlexporter"), kept only beside a rule against changing that place."""
    out: list[_Hit] = []
    for m in (*_ZH_PART_CHANGED.finditer(text), *_EN_PART_CHANGED.finditer(text)):
        at = m.start("place") if m.re is _ZH_PART_CHANGED else m.start()
        start, end = _clause_span(text, at)
        if (
            _inside(at, spans)
            or text[end - 1 : end] in ("?", "？", "吗")
            or text[end : end + 1] in ("?", "？")
        ):
            continue
        if m.re is _ZH_PART_CHANGED and m.group("place") in _ZH_POINTER_WORDS:
            continue
        spans.append((at, m.end()))
        subject = f"{m.group('place')} {m.group('obj')}"
        out.append(
            _lifting(at, text[start:end].strip(), "forbid", subject, m.group("cue") + PART_ALLOWED)
        )
    return out


_ZH_POINTER_WORDS = frozenset(["那个", "这个", "那些", "这些", "我们", "你们", "他们"])


# Words that say an earlier statement is corrected: only then does "not allergic to" strike
# a thing the user named before.
_CORRECTED = re.compile(
    r"其实|记错|搞错|说错|弄错|更正|不对|是真的"
    r"|(?i:\b(?:actually|sorry|correction|i was wrong|misremembered|my mistake|mixed up"
    r"|i meant|scratch that)\b)"
)
# A thing struck from the list a rule names ("她对青霉素和头孢过敏" then "她头孢不过敏"): the
# rule holds for the rest (`ledger.Ledger.add`); naming nothing it lists, it is no rule.
STRUCK = " [struck]"
_ALLERGY_NOT_ZH = re.compile(r"什么|哪些|啥|(?:很多|有的|有些|不少|一些)人")
_ALLERGY_NOT_EN = re.compile(
    r"(?i)(?:\bnot|n't|\bno longer|\bused to|\bthought|\bif|\bwhether|\bany)\b[^.;!?\n]{0,20}$"
)
# Cues that say how long a rule holds ("价格一律用人民币显示"): a cue after them in the
# clause states the rule instead.
_ZH_SCOPE_CUES = frozenset({"一律", "每次都", "以后都", "今后都"})
# Said of the speaker or someone else, not asked of the assistant: "我每次都点宫保鸡丁",
# "今后，我们公司会搬到海淀区", "从现在起，我预算有限".
_ZH_SPEAKER = r"(?:我|我们|咱们|咱|他|她|他们|她们|公司|我家|我们家)"
_ZH_SPEAKER_BEFORE = re.compile(rf"{_ZH_SPEAKER}(?:也|就|还|都)?$")
_ZH_SPEAKER_START = re.compile(_ZH_SPEAKER)
# "以前每次都用 pytest": what was done each time then, no rule now.
_ZH_PAST_BEFORE = re.compile(r"(?:以前|之前|过去|上次|上回|那时候?|当时|小时候)(?:也|就|还)?$")
# "从现在开始，所有金额保留两位小数": a sentence that opens on how long it holds is a rule
# (the clause it leads has no cue of its own; one that has is read by its cue).
_ZH_SCOPE = re.compile(
    # (Without a comma after it "今后" is a time: "今后三天我们去颐和园".)
    r"(?:^|(?<=[。！!；;\n]))\s*(?P<lead>从现在开始|从现在起|从今以后|从今往后|今后)"
    r"(?:[，,]|(?<!^今后)(?<![。！!；;\n\s]今后))\s*"
    r"(?P<rule>[^，,。；;！!？?\n]+)(?P<end>[，,。；;！!？?\n]|$)"
)
# Verbs of a habit the speaker keeps: "我不坐早上9点前的航班", "我晚上9点以后不开会", "我不吃辣".
_ZH_HABIT_VERB = r"(?:坐|乘坐|乘|搭|吃|喝|住(?!在)|开会|飞|订|抽烟|加班|接受|碰|参加)"
_GATE_ZH = (
    _ZH_CUE_RX.pattern
    + rf"|不{_ZH_HABIT_VERB}|都(?:用|按|以)"
    + r"|可以|应该|还是(?:要|加|用|买|订|选|带)|恢复|忽略|取消|撤销|去掉|不用管|不必|不需要"
    r"|从现在|从今|今后|过敏|吧|例外|除外|出来|也(?:行|成|好|没|OK|ok)|就(?:行|好|可以|成)|不一定|不必非|不用非"
    # Changes of a rule in other words (`mind_change`).
    r"|算了|不算数|不作数|下不为例|破.{0,2}例|少[放加搁来用]|也(?:要)?(?:算|包括|包含|统计|加进)|无所谓|不重要|不用管|别管|不用考虑|不考虑|不用在意"
    r"|改成|改为|换成|调到|调成|改到|调整|提前到|推迟到|延后到|(?:放宽|提高|增加|降低|减少|收紧|[放宽提加涨降减收压])(?:到|至)"
    r"|(?:是|为|变成|变为|定为|定在)\s*\d"
    r"|(?:改|动|修改|重构|更新)(?:一下|掉)?(?:了|吧)"
    r"|按照|都要|都得"  # `_zh_standing`
    r"|(?:固定|统一|一律|一直|始终)都?(?:译|翻|写成|写作|叫)|(?:先|提前)(?:问|告诉|通知|找|跟|和)"
    # `_zh_standing_shapes`
    r"|都(?:保留|写成|显示)|所有|全部|超过|超出|以上的|每次|每回|每一次|每当|(?:末|天|上|午|日|点)不"
    r"|[前后]先|[要得]有|格式"
    # `_zh_plain_rules`
    r"|统一(?:用|按|以)|一直|永远|排序|排列|排(?=[，,。；;！!\n]|$)|分组|[\d两三四五六七八九十]列|列[：:用为]|表头|字段"
    r"|例外|商量|最长|顶多|上限|封顶|标出|标红|标黄|标记|标注|单独列|挑出来|提醒我|高亮"
    # `zh_clause_rules`
     + r"|" + ZH_CLAUSE_GATE
)
# The gate's English words, all lower-case: read case-blind in `_GATE`, and as they are in a
# lowered text (`_may_hold_rule`). Every English shape starts at a word's start: "\b" first
# lets most places fail at once.
_GATE_EN = (
    r"\b(?:don|do not|never|avoid|no more|stop|must|should|always|make sure|be sure|"
    r"remember|have to|only|prefer|ideally|rather|again|ok to|okay to|fine to|feel free|ignore|"
    r"forget|drop|disregard|no need|not |at most|at least|keep|from now on|going forward|allergic"
    r"|no longer|never mind|scratch|relax|loosen|lift|you can|you may|you're allowed"
    r"|you are allowed|you're free"
    r"|you are free|after all|actually|go ahead|second thought|wait|hmm|in that case|instead of"
    r"|(?:is|are) (?:fine|ok|okay|allowed|alright|all right) (?:now|again|after all|for|on)"
    r"|this once|this one time|has to|can be|may be|can go|can run|quit|extend|tighten|now"
    r"|(?:fine|ok|okay|good|acceptable|alright|all right) (?:too|as well|also)"
    r"|also (?:fine|ok|okay|good|acceptable|alright|all right)|works? (?:too|as well)"
    r"|no\s|apply to|untranslated|as[- ]is\b|unchanged"
    # `_en_plain_rules`
    r"|nothing (?:with|containing|made|that|cooked)|needs? to be|exceptions?\b|no matter what"
    r"|strictly|non-negotiable|[a-z]+,? (?:max|maximum|minimum|tops)\b"
    r"|(?:me|us|know|ok|okay|approval|sign-off|go-ahead|permission|consent)(?: first)? before "
    r"|(?:first|beforehand|in advance|up front)\s*(?:[.!;\n]|$)"
    r"|(?:needs?|requires?) [^.;!?\n]+ before "
    r"|(?:doesn't|does not|don't|do not) (?:matter|apply)"
    r"|(?:is|are)(?: not|n't) (?:important|needed|nece)"
    r"|also (?:change|modify|edit|update|fix|touch|refactor) "
    r"|(?:too|as well)\b"
    r"|(?:change|move|set|update|push|shift|bump|raise|lower|make) (?:the|that|my|our) |make it "
    # `_en_standing_shapes` and the threshold value changes
    r"|(?:over|above|under|below|exceeding|more than|less than|greater than|larger than) "
    r"[$€£¥]?\d|(?:each|every|any) "
    # `_en_output_shapes` and `_EN_FOR_EVERY`
    r"|columns?\b|headers\b|headings\b|needs? to be|everything |all |for this "
    # `en_stated_rules` (the cues of its shapes not listed above) and `_EN_KEEP_AS_IS`
    r"|can(?:'t|not| not| never)|nobody|(?:allowed|permitted|limited|restricted|entitled) to "
    r"|(?:aren|isn)'t to |capped at|hold|as (?:a (?:rule|policy)|it is|they are)|untouched|alone"
    r"|(?:cut|remove|trim|mute|strip|bleep|skip|omit|exclude|redact|leave out|filter out)"
    r" (?:out )?(?:everything|anything|all|every|each|any)\b"
    r"|prefix|suffix|naming|numbering|convention|format|pattern|template"
    r"|(?:important|essential|crucial|critical|vital|mandatory|imperative) t"
    r"|(?:policy|rule|requirement|standard|protocol|guideline) is)"
)
# Whether a message may hold a rule at all (most hold none): `extract_constraints` reads no
# shape where it finds nothing. The authority: `_may_hold_rule` asks it in cheaper parts.
_GATE = re.compile(_GATE_ZH + "|(?i:" + _GATE_EN + ")")
# `_GATE` without its English words, for a text with no letter they could match: trying them
# at every character of a Chinese message was most of the gate's cost.
_GATE_NO_LATIN = re.compile(_GATE_ZH)
# The English words as written, for a lowered text: a case-blind scan cost three times as much.
_GATE_EN_LOWERED = re.compile(_GATE_EN)
# Every Chinese word of the gate holds one of these characters (`needed_chars`): an English
# text with none of them skips the Chinese words, which cost as much as the English ones there.
_GATE_ZH_NEEDS = needed_chars(_GATE_NO_LATIN)


def _may_hold_rule(text: str) -> bool:
    """Whether `_GATE` matches in `text`, asked in parts: its English words on the lowered
    text (the same places as case-blind on `text`, `lowered`); its Chinese words, in a text
    with a letter, only where it holds a character they need (a Chinese text holds one almost
    always, and the set of its characters would cost more than it saves)."""
    if LATIN_LETTER.search(text) is not None:
        low = lowered(text)
        if low is None:  # a letter lowering could hide a match in ("İ", "ſ"): the whole scan
            return _GATE.search(text) is not None
        if _GATE_EN_LOWERED.search(low) is not None:
            return True
        if lacks(_GATE_ZH_NEEDS, text):
            return False
    return _GATE_NO_LATIN.search(text) is not None


@dataclass(frozen=True)
class _Hit:
    start: int
    constraint: Constraint


# A 吧 that ends a word ("酒吧", "网吧"), not a particle ("别去了吧"); the ledger's matching
# keeps it too.
WORD_BAR = re.compile(r"[串酒网水书氧茶迪贴]吧$")


# "Assign FO-5512 to PR-0603-006 instead of FO-5519": one record put in another's place, done
# once, where "Use pnpm instead of npm" holds from now on. A record is a code with digits.
_EN_RECORD_ID = re.compile(r"[A-Za-z]{1,8}(?:-[A-Za-z0-9]+)*-\d[\w-]*")
_EN_ONE_OFF_VERB = re.compile(
    r"(?i)\s*(?:(?:please|just|ok|okay|and|so|then|actually),?\s+)*(?:assign|reassign|move|put"
    r"|book|rebook|schedule|reschedule|swap|attach|link|file|route|send|give|allocate|roster"
    r"|pair|transfer|refund|ship|charge|pay|cancel)\b"
)


def _one_off_swap(text: str, at: int, instead_of: str) -> bool:
    """Whether the "X instead of Y" at `at` acts on records once: its sentence opens on a verb
    done to a record and what it replaces is a record's code."""
    return bool(
        _EN_RECORD_ID.fullmatch(instead_of.strip().rstrip("."))
        and _EN_ONE_OFF_VERB.match(text, _sentence_start(text, at))
    )


def _trim(s: str) -> str:
    """`s` without the particles around it; a 吧 that ends a word stays ("别推荐酒吧"; not
    "别点奶茶吧", "别推荐啤酒吧": jieba says which)."""
    t = s.strip(_PARTICLES)
    tail = s[len(s) - len(s.lstrip(_PARTICLES)) + len(t) :]
    if not (tail.startswith("吧") and WORD_BAR.search(t + "吧")):
        return t
    last = [w for w, _, _ in jieba.tokenize(t + "吧")][-1]
    return t + "吧" if len(last) > 1 and last.endswith("吧") else t


def normalize_subject(text: str) -> str:
    """What a rule applies to, for matching: leading verbs and particles off, Latin lower-cased.

    "显示价格" -> "价格", "use PDF" -> "pdf", "show prices" -> "prices".
    """
    s = _trim(text)
    if not s:
        return ""
    if re.search(r"[\u4e00-\u9fff]", s):
        words = [w for w, _, _ in jieba.tokenize(s)]
        i = 0
        while i < len(words) - 1 and words[i] in _ZH_VERBS:
            i += 1
        s = _trim("".join(words[i:]))
    else:
        ws = s.split()
        i = 0
        while i < len(ws) - 1 and ws[i].lower() in _EN_STRIP:
            i += 1
        # "use FedEx anymore", "use UPS instead": the tail words say when, not what.
        while len(ws) > i + 1 and ws[-1].lower().strip(".!") in _EN_TAIL:
            ws.pop()
        s = " ".join(ws[i:])
    return s.lower() if s.isascii() else s


# Rules the clause-by-clause readers cut short or miss (review round 3), each read whole.
# "Use the formal 'Sie', never 'du'": the kept form said first, the refused one after a comma.
_EN_USE_NEVER = re.compile(
    r"(?i)(?:^|(?<=[.!?;\n])\s*)(?P<lead>(?:please\s+)?(?:use|write|say|address \w+ with|call \w+))"
    r"\s+(?P<x>[^,.;!?\n]{1,50}?)\s*,\s*(?:but\s+)?(?P<neg>never|not)\s+(?P<y>[^,.;!?\n]{1,40})"
    r"(?=[.;!\n]|$)"
)
# "Keep product names like CloudSync Pro … untranslated": what stays in its own form; "Leave the
# outro as it is" (not "Leave it alone", "Leave me alone": no thing named).
_EN_KEEP_AS_IS = re.compile(
    r"(?i)(?:^|(?<=[.!;\n])\s*)(?:(?:please|also|and|so|oh|just)\s+)*(?:keep|leave)\s+"
    r"(?!(?:it|me|us|him|her|them|that|this)\s)(?P<x>[^.;!?\n]{2,120}?)\s+"
    r"(?:untranslated|as[- ]is|as (?:it|they) (?:is|are)|unchanged|untouched|alone|in the original"
    r"|in (?:its|their) original (?:form|language))"
    r"(?=[.;!,\n]|$)"
)
# "…, and no HOA fees over $150 a month": a cap on one cost, joined to another clause.
_EN_NO_OVER = re.compile(
    r"(?i)(?:^|[,;]\s*(?:and|but|plus|also)?\s*|(?<=[.!\n])\s*)(?P<rule>no\s+"
    r"(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+(?:over|above|more than|higher than|under|below)"
    r"\s+\$?\d[\d,.]*\s*(?:k|%|dollars|usd|minutes|hours|miles|km)?"
    r"(?:\s+(?:a|per)\s+(?:month|year|week|day|night|person))?)(?=[.;!,\n]|$)"
)
# "The 1990 rule doesn't apply to historic homes in Travis Heights": an exception kept beside
# the rule it narrows.
_EN_NOT_APPLY = re.compile(
    r"(?i)\bthe\s+(?P<rule>[\w$'-]+(?:\s+[\w$'-]+){0,2}?)\s+(?:rule|limit|requirement|restriction)"
    r"\s+(?:doesn't|does not|won't|will not|shouldn't|should not)\s+apply\s+to\s+"
    r"(?P<x>[^,.;!?\n]{2,80})"
)
# "维修预算最多5000，超过先问我": what to do past a limit, said after it.
_ZH_PAST_LIMIT_ASK = re.compile(
    r"(?<=[，,])\s*(?P<rule>(?:超过|超出|高于|多于|超了)(?:的话|了)?(?:就|要|得|请|务必)?"
    r"(?:先|提前)(?:问|告诉|通知|找|跟|和)(?:一下)?我(?:确认|商量|一下)?)(?=$|[，,。！!；;])"
)
# "公司名“星河智能”固定译为 Galaxy Intelligence": a fixed rendering, not a past one.
_ZH_FIXED_RENDER = re.compile(
    r"(?P<lead>[^，,。！!；;？?\n]*?)(?P<cue>固定|统一|一律|一直|始终)(?:都)?"
    r"(?:译为|译成|翻译成|翻译为|翻成|写成|写作|叫)\s*(?P<x>[^，,。！!；;？?\n]{1,40}?)\s*(?=$|[，,。！!；;])"
)
# Its lazy lead is tried from every place of a text: skipped where no cue could be.
_ZH_FIXED_RENDER_GATE = Gate(_ZH_FIXED_RENDER)


# "And for this loop only, 30 minute interviews are fine, Priya needs to leave by 12.": an
# exception for the occasion at hand, kept whole as a rule of its own beside the one it bends
# (not a bare rule "for this loop only"; not asked, not said of a pronoun or of the past).
_EN_OCCASION_OK = re.compile(
    rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}(?P<when>{_EN_ONCE}|{EN_OCCASION}),\s*"
    r"(?!(?:it|that|this|everything|all|which|what|there|here|i|we|you|he|she|they|is|are)\b)"
    r"(?P<x>[\w'/+#-]+(?: [\w'/+#-]+){0,4}?) (?:is|are) "
    r"(?:fine|ok|okay|allowed|acceptable|alright|all right)\b(?=[,.;!\n]|$)"
)


def _whole_rule_shapes(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """Rules read whole from the `_EN_USE_NEVER` … `_ZH_FIXED_RENDER` shapes."""
    out: list[_Hit] = []
    for m in _EN_OCCASION_OK.finditer(text):
        stop = _sentence_end(text, m.end())
        if _inside(m.start("x"), spans) or text[stop : stop + 1] in ("?", "？"):
            continue
        # From the occasion on: "And, " or "OK, " before it joins it to nothing of the rule.
        clause = text[m.start("when") : stop].strip()
        out.append(_Hit(m.start("x"), _make(clause, "require", m["x"], "exception", 0.75)))
        spans.append((m.start(), stop))
    for m in _EN_USE_NEVER.finditer(text):
        clause = _clause_at(text, m.start("x"), through_comma=True)
        if not _inside(m.start("x"), spans):
            # Both halves under the one sentence, so the block shows it once.
            out.append(_Hit(m.start("x"), _make(clause, "require", m.group("x"), "use", 0.8)))
            out.append(
                _Hit(m.start("y"), _make(clause, "forbid", m.group("y"), m.group("neg"), 0.8))
            )
            spans.append((m.start("lead"), m.end()))
    for m in _EN_KEEP_AS_IS.finditer(text):
        if not _inside(m.start("x"), spans):
            out.append(
                _Hit(m.start("x"), _make(m.group().strip(), "require", m.group("x"), "keep", 0.8))
            )
    for m in _EN_NO_OVER.finditer(text):
        if not _inside(m.start("rule"), spans):
            out.append(
                _Hit(m.start("rule"), _make(m.group("rule"), "forbid", m.group("x"), "no", 0.8))
            )
    for m in _EN_NOT_APPLY.finditer(text):
        # Kept as a rule of its own, not a lift: its words ("1990", "historic homes") need
        # not share the verb the ledger relates a rule's exceptions by.
        subject = normalize_subject(m.group("rule") + " " + m.group("x"))
        if subject and not _inside(m.start(), spans):
            clause = _clause_at(text, m.start(), through_comma=True)
            out.append(_Hit(m.start("x"), _make(clause, "require", subject, "exception", 0.75)))
    if _CJK_CHAR.search(text):
        out.extend(_zh_whole_rule_shapes(text, spans))
    return out


# "commit message 用英文，格式 chore(logging): xxx", "日期格式：YYYY-MM-DD", "输出格式用 JSON":
# the form to write in, a clause opening on "格式". Not a remark on one ("格式不对", "这个格式
# 挺好"), asked ("格式是什么"), nor a form with nothing written out (no letter, digit or
# quote, and no verb that names it).
_ZH_FORMAT_IS = re.compile(
    r"(?:^|(?<=[，,。；;！!\n]))\s*(?P<topic>(?:(?![我你您他她这那])[\u4e00-\u9fffA-Za-z ]){0,8}?)"
    r"格式(?P<verb>(?:统一|一律|都)?(?:是|为|用|按照?|写成|要求是))?\s*[:：]?\s*"
    r"(?P<x>(?![不没有错对还也就挺很太怎如呢吗])[^，,。；;！!？?\n]{1,40}?)\s*(?P<end>[，,。；;！!？?\n]|$)"
)
_ZH_FORMAT_SHOWN = re.compile(r"[A-Za-z0-9]|[\"“”「」'‘’]")


def _zh_format_rules(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_FORMAT_IS` clauses, each a rule; with the clauses before it in its sentence when they
    hold no rule of their own ("提交的时候 commit message 用英文，格式 …": what it is for)."""
    out: list[_Hit] = []
    for m in _ZH_FORMAT_IS.finditer(text):
        x = m["x"]
        if (
            _inside(m.start("x"), spans)
            or m["end"] in ("？", "?")
            or re.search(r"什么|哪|吗|呢|么|怎么", x)
            or not (_ZH_FORMAT_SHOWN.search(x) or (m["verb"] and _zh_ends_on_noun(x)))
        ):
            continue
        start = m.start("topic")
        sentence = _sentence_start(text, start)
        before = text[sentence:start]
        if before.strip() and len(before) <= 40 and not _ZH_CUE_RX.search(before):
            start = sentence
        clause = text[start : m.start("end")].strip()
        # (At the clause's start, not inside a quote it names: "格式统一为“标题-日期”".)
        out.append(_Hit(start, _make(clause, "require", x, "格式", 0.75)))
        spans.append((start, m.start("end")))
    return out


def _zh_ends_on_noun(s: str) -> bool:
    """Whether the last word of `s` is a noun ("公司模板"), not a state ("正确的")."""
    words = [w for w in jieba.posseg.cut(s.rstrip("的了")) if w.word.strip()]
    return bool(words) and (str(words[-1].flag).startswith("n") or words[-1].flag == "eng")


def _zh_whole_rule_shapes(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_PAST_LIMIT_ASK`, `_ZH_FIXED_RENDER` and `_ZH_FORMAT_IS` rules, each kept with its
    whole clause."""
    out: list[_Hit] = []
    if "格式" in text:
        out.extend(_zh_format_rules(text, spans))
    for m in _ZH_PAST_LIMIT_ASK.finditer(text):
        if not _inside(m.start("rule"), spans):
            out.append(
                _Hit(m.start("rule"), _make(m.group("rule"), "require", "先问我", "先", 0.8))
            )
    for m in () if _ZH_FIXED_RENDER_GATE.shut(text) else _ZH_FIXED_RENDER.finditer(text):
        if not _inside(m.start("x"), spans):
            clause = m.group().strip()
            out.append(
                _Hit(m.start("x"), _make(clause, "require", m.group("x"), m.group("cue"), 0.8))
            )
    return out


# Words that cannot open an imperative: what follows them is said of someone or something.
_EN_NOT_IMPERATIVE = (
    r"(?:i|we|you|he|she|it|they|the|a|an|this|that|these|those|my|our|your|his|her|their|its"
    r"|every|each|all|any|there|then|so|if|when|whenever|also|is|are|was|were|do|does|did|can"
    r"|could|will|would|should|may|might|must|not|no|in|on|at|for|with|to|of|by|from|after"
    r"|before|maybe|perhaps|what|which|who|how|why|where|here|both|some|most|many|nothing"
    r"|everything|anything|one|two|just|only|never|always|please|[a-z]+ed|[a-z]+ly)"
)
# "Never run a DELETE without a WHERE clause. And wrap every write in a transaction.": an
# instruction joined to a rule, for every one of a kind, is a rule of its own (not "And show me
# the table sizes", a request for now).
_EN_AND_EVERY = re.compile(
    r"(?i)(?:(?<=[.;!\n])|^|(?<=,))\s*(?:and|also|plus|and also)\s+(?:please\s+)?"
    # (Not a request for now: "and send me every option", "and check each file".)
    rf"(?P<rule>(?!{_EN_NOT_IMPERATIVE}\b|(?:show|list|find|give|tell|send|get|bring|check|search"
    r"|look|compare)\b|[a-z]+\s+(?:me|us)\b)[a-z]+\b[^.;!?\n]*?\b(?:every|each)\s+"
    r"[^.;!?\n]+?)\s*(?=[.;!\n]|$)"
)
# "超过5000的都要CFO签字", "金额超过一万的要经理批准", "5000元以上的需要财务审批": the same in
# Chinese; not asked ("…吗？") nor said of what happened ("…都要签字了").
_ZH_NUMBER = r"(?:\d[\d,.]*|[一二两三四五六七八九十百千万]+)\s*(?:万元|万|千|元|块|美元|刀)?"
# ("以后凡是超过 500 的项目都先跟我确认": what to do first, for whatever is over it.)
_ZH_OVER_NEEDS = re.compile(
    r"(?:^|(?<=[，,。；;！!\n]))\s*(?:(?:另外|还有|而且)[，,]?\s*)?(?P<rule>"
    r"(?:(?:以后|今后)[，,]?\s*)?(?:凡是|只要是)?"
    r"(?:金额|总价|价格|费用|单价|订单|采购|报销|花费|支出)?"
    rf"(?:(?:超过|超出|高于|大于|多于)\s*{_ZH_NUMBER}(?:以上)?|{_ZH_NUMBER}以上)的"
    r"(?:(?![我你您他她不别没都先要])[\u4e00-\u9fff]){0,4}(?:都|一律|全部)?(?:要|需要|得|必须|须|先)"
    r"(?P<need>[^，,。；;！!？?\n吗呢]{2,20}?))(?:了)?(?P<end>[，,。；;！!？?\n]|$)"
)
# "每次 UPDATE 之前先 count 一下", "每次改完代码之后都要跑测试", "以后发邮件之前先给我看一下":
# what to do around every one of an action. Not the speaker's own habit ("我每次出门前先喝咖
# 啡"), asked, or said of what was done ("…先 count 了").
_ZH_EACH_TIME = re.compile(
    r"(?:^|(?<=[，,。；;！!\n]))\s*(?:(?:另外|还有|而且|请|记得|记住)[，,]?\s*)*(?P<rule>"
    r"(?:(?:以后|今后)(?:每次|每回)?|每次|每回|每一次|每当)\s*[^，,。；;！!？?\n]{1,20}?\s*"
    r"(?:之前|以前|前|之后|以后|后)[，,]?\s*(?:都|也|一律|请|你)*\s*"
    r"(?:(?:要|得|必须|务必|记得)\s*先?|先)\s*[^，,。；;！!？?\n]{1,30}?)\s*(?P<end>[，,。；;！!？?\n]|$)"
)
# "Before every UPDATE, count the affected rows.", "Run the tests before each deploy.": the same
# in English, around an imperative.
_EN_EACH_TIME = re.compile(
    r"(?i)(?:^|(?<=[.;!\n]))\s*(?:(?:and|also|please)\s+)*(?P<rule>"
    r"(?:(?:before|after)\s+(?:each|every|any)\s+[^,.;!?\n]{1,40},\s*(?:please\s+|always\s+)?"
    rf"(?!{_EN_NOT_IMPERATIVE}\b)[a-z]+\b[^.;!?\n]{{2,80}}?"
    rf"|(?!{_EN_NOT_IMPERATIVE}\b)[a-z]+\b[^.;!?\n,]{{2,60}}?\s+(?:before|after)\s+(?:each|every)"
    r"\s+[^,.;!?\n]{1,40}?))\s*(?=[.;!\n]|$)"
)
# "周末不搬", "晚上不送货", "我们工作日白天不装修": a time, then "不" and a verb, opening its
# clause, is a rule of when not to. Not of another subject ("小区周末不让大车进"), a state
# ("周末不堵车", "周末不开门"), asked, or supposed ("周末不搬的话…").
_ZH_WHEN = (
    r"(?:每个?)?(?:周末|工作日|节假日|假期|平时|白天|晚上|夜里|夜间|半夜|凌晨|早上|上午|中午|下午"
    r"|傍晚|周[一二三四五六日天]|星期[一二三四五六日天]|礼拜[一二三四五六日天]|\d{1,2}点(?:以|之)?[前后])"
)
_ZH_WHEN_NOT = re.compile(
    r"(?:^|(?<=[，,。；;！!\n]))\s*(?:(?:另外|还有|而且|但是|但|对了)[，,]?\s*)?(?:我们?|咱们?)?"
    # The task the rule is for may come first: "排课的时候周五下午不排课" (not of the past).
    r"(?:(?!上次|上回|那次|之前|以前|昨天|当时)(?:(?![了过着我你您他她咱])[\u4e00-\u9fff]){2,8}?"
    r"(?:的时候|时)[，,]?\s*)?"
    rf"(?P<when>{_ZH_WHEN}(?:{_ZH_WHEN})?)(?:都|也|就|一律|一概)?不(?P<do>[^，,。；;！!？?\n]{{1,8}}?)"
    r"(?:了|啊|哦)?(?P<end>[，,。；;！!？?\n]|$)"
)
# (With going or coming: "我晚上不回来吃饭" says where the speaker will be, once.)
_ZH_STATE_VERBS = frozenset(
    [
        "回",
        "回来",
        "回去",
        "回家",
        "来",
        "去",
        "到",
        "开门",
        "营业",
        "关门",
        "上课",
        "放假",
        "堵车",
        "下雨",
        "忙",
        "行",
        "是",
        "会",
        "能",
        "在",
        "好",
    ]
)
# "所有金额保留两位小数", "全部日期写成YYYY-MM-DD": a format for every item of a kind, said
# without "都" (`_ZH_ALL_USE` reads it with).
_ZH_ALL_FORMAT = re.compile(
    r"(?:^|(?<=[。；;！!\n]))\s*(?P<topic>(?:所有|全部|一切)的?"
    r"(?:(?!都|要|得|必须|也)[\u4e00-\u9fffA-Za-z0-9]){1,8}?)"
    r"(?:都|全都|一律|统一)?(?P<verb>保留|精确到|四舍五入到?|写成|显示为|用|按照?|以)"
    r"(?P<rule>[^，,。；;！!？?\n]{1,20})(?P<end>[，,。；;！!？?\n]|$)"
)


# Verbs of how to work or report, opening a standing instruction (`_EN_FOR_EVERY`); not the
# verbs of a request for now ("Show me the price for each room", "Find all flights under $300",
# "Check every file for TODOs").
_EN_HOW_TO_VERB = (
    r"(?:use|cite|report|quote|round|format|write|reply|respond|answer|express|state|flag|mark"
    r"|label|highlight|log|sort|rank|run|cc|bcc|double-check|notify|sign|credit|measure|calculate"
    r"|compute|stick to|apply|treat|count|assume|exclude|mention|tag|reject|escalate|lint|price"
    r"|denominate|date|time|number|name)\b"
)
# "Use pytest -x for every test run.", "Cite everything in APA 7th edition.", "Quote all prices
# in USD.", "Flag any difference above 10 euros.": an instruction of how to work for every
# occasion of a kind, for everything, or for every item past a threshold.
_EN_FOR_EVERY = re.compile(
    r"(?i)(?:^|(?<=[.;!?\n]))\s*(?:(?:oh|and|also|so|ok|okay|please|then|just)\b,?\s+)*"
    rf"(?:always\s+)?(?P<rule>{_EN_HOW_TO_VERB}(?:\s+(?:[^,.;!?\n]|\.(?=\w))*?)?\s+"
    r"(?:for\s+(?:every|each|all|any)\s+[^,;!?\n]+?"
    r"|(?:everything|(?:every|each|all|any)\s+[^,.;!?\n]+?)\s+"
    r"(?:(?:in|as|using)\s+[^,;!?\n]+?|to\s+(?:\d|the nearest|one|two|three|whole)[^,;!?\n]*?"
    r"|(?:above|over|under|below|exceeding|(?:more|less|greater|larger|smaller|older|newer)"
    r"\s+than)\s+[$€£¥]?\d[^,;!?\n]*?)))\s*(?=[,;!\n]|\.(?!\w)|$)"
)


_EN_INSTRUCTION_FIRST = re.compile(
    rf"(?i)\s*(?:(?:oh|and|also|so|ok|okay|please|then|just)\b,?\s+)*(?:{_EN_VERBS}|{_EN_HOW_TO_VERB})"
)


def _for_every_rules(text: str, spans: list[tuple[int, int]], ruled: list[int]) -> list[_Hit]:
    """`_EN_FOR_EVERY` rules, each with the instructions joined after it by commas that have no
    cue of their own ("Report everything in EUR, round to 2 decimals.")."""
    out: list[_Hit] = []
    for m in _EN_FOR_EVERY.finditer(text):
        if _read(m.span("rule"), spans, ruled) or _EN_CUES.search(m["rule"]):
            continue
        stop = m.end()
        while text[stop : stop + 1] == "," and (then := _EN_THEN_DO.match(text, stop + 1)):
            end = e.start() if (e := _EN_OBJ_END.search(text, then.end())) else len(text)
            if _EN_CUES.search(text, then.end(), end):
                break
            stop = end
        if text[stop : stop + 1] in ("?", "？"):
            continue
        stop += text[stop : stop + 1] == "."
        clause = text[_sentence_start(text, m.start()) : stop].strip()
        out.append(_Hit(m.start("rule"), _make(clause, "require", m["rule"], "every", 0.7)))
        spans.append((m.start("rule"), stop))
    return out


def _en_standing_shapes(text: str, spans: list[tuple[int, int]], ruled: list[int]) -> list[_Hit]:
    """`_EN_AND_EVERY` (after a rule at one of `ruled`), `_EN_EACH_TIME` and `_EN_FOR_EVERY`
    rules, none where a rule at one of `ruled` was read already (thresholds: `_threshold_rules`)."""
    out: list[_Hit] = []
    for m in _EN_AND_EVERY.finditer(text):
        before = _sentence_start(text, max(0, m.start() - 1))
        if _read(m.span("rule"), spans, ruled) or not any(before <= r < m.start() for r in ruled):
            continue
        clause = m.group("rule").strip()
        out.append(_Hit(m.start("rule"), _make(clause, "require", clause, "every", 0.7)))
        spans.append(m.span("rule"))
    for m in _EN_EACH_TIME.finditer(text):
        if _read(m.span("rule"), spans, ruled) or text[m.end() : m.end() + 1] == "?":
            continue
        clause = text[m.start("rule") : _sentence_end(text, m.end())].strip()
        out.append(_Hit(m.start("rule"), _make(clause, "require", m["rule"], "each", 0.7)))
        spans.append(m.span("rule"))
    return out + _for_every_rules(text, spans, ruled)


def _read(span: tuple[int, int], spans: list[tuple[int, int]], ruled: list[int]) -> bool:
    """Whether the words at `span` were read already: inside `spans`, or a rule starts in them."""
    return _inside(span[0], spans) or any(span[0] <= r < span[1] for r in ruled)


# "酒店找春熙路附近的，要有无障碍设施", "房间得有窗户": what the thing sought must have, a
# clause of its own. Not of someone ("你要有耐心", "我要有个地方住"), nor a case ("要有问题，随
# 时找我": if there is one), asked, or a thing that is no feature (`_zh_must_have`). Nor a
# search's criteria: one of a kind described ("价格在800-900元的，得有免费市内电话的": "one
# that has …", beside the other "…的" of the search) or what a list holds ("推荐菜里要有回锅肉"):
# the values of the search, which the slots read.
_ZH_MUST_HAVE = re.compile(
    r"(?:^|(?<=[，,。；;！!\n]))\s*(?:(?:另外|还有|而且|并且)[，,]?\s*)?"
    r"(?P<topic>(?:(?![我你您他她它这那谁哪])[\u4e00-\u9fff]){0,6}?)(?<![里中内])(?:也|还|都)?"
    r"(?:要|得|需要)有(?P<x>[^，,。；;！!？?\n]{2,12}?)(?<!的)(?P<end>[，,。；;！!？?\n]|$)"
)
_ZH_NO_FEATURE = re.compile(
    r"问题|事|空|时间|机会|需要|疑问|什么|哪|多少|变化|变动|情况|消息|意外|的话|吗|呢|么|了$"
)


def _zh_must_have(text: str, m: re.Match[str]) -> bool:
    """Whether the `_ZH_MUST_HAVE` match `m` names a feature required (a noun, said)."""
    x = m["x"]
    if m["end"] in ("？", "?") or _ZH_NO_FEATURE.search(x) or _ZH_CUE_RX.search(m.group()):
        return False
    if x.rstrip("哈啊呀吧哦呢啦嘛").endswith("的"):
        return False  # "要有暖气的哈": one of a kind described, as "…的" above
    if re.match(r"\s*(?:就|随时|再|直接)", text[m.end() :]):
        return False  # "要有空，就来": a case, with what to do then
    flag: str = list(jieba.posseg.cut(x))[-1].flag
    return flag.startswith("n") or flag == "eng"


def _zh_standing_shapes(text: str, spans: list[tuple[int, int]], ruled: list[int]) -> list[_Hit]:
    """`_ZH_OVER_NEEDS`, `_ZH_EACH_TIME`, `_ZH_WHEN_NOT`, `_ZH_ALL_FORMAT` and `_ZH_MUST_HAVE`
    rules, none where a rule at one of `ruled` was read already."""
    out: list[_Hit] = []
    for m in _ZH_MUST_HAVE.finditer(text):
        if not _read((m.start("topic"), m.start("end")), spans, ruled) and _zh_must_have(text, m):
            clause = text[m.start("topic") : m.start("end")].strip()
            out.append(_Hit(m.start("topic"), _make(clause, "require", m["x"], "要有", 0.7)))
            spans.append((m.start("topic"), m.start("end")))
    for rx, cue in ((_ZH_OVER_NEEDS, "超过"), (_ZH_EACH_TIME, "每次")):
        for m in rx.finditer(text):
            rule = m["rule"]
            if (
                _read(m.span("rule"), spans, ruled)
                or m["end"] in ("？", "?")
                or re.search(r"[了过吗呢]$|了(?!解)|什么|多少|怎么", rule)
                # "超过500的项目都先做完了": what was done first, not what to do.
                or ("先" in rule and text[m.end("rule") : m.end("rule") + 1] == "了")
            ):
                continue
            out.append(_Hit(m.start("rule"), _make(rule.strip(), "require", rule, cue, 0.7)))
            spans.append(m.span("rule"))
    for m in _ZH_WHEN_NOT.finditer(text):
        do = m["do"]
        if (
            _read((m.start(), m.end("do")), spans, ruled)
            or m["end"] in ("？", "?")
            or _ZH_CUE_RX.match("不" + do)
            or _ZH_SUPPOSED.search(do)
            or not _zh_verb_first(do)
        ):
            continue
        clause = text[m.start() : m.start("end")].strip().rstrip("了啊哦")
        out.append(_Hit(m.start("when"), _make(clause, "forbid", m["when"] + do, "不", 0.7)))
        spans.append((m.start("when"), m.start("end")))
    for m in _ZH_ALL_FORMAT.finditer(text):
        if (
            _read((m.start("topic"), m.end("rule")), spans, ruled)
            or m["end"] in ("？", "?")
            or re.search(r"什么|哪|吗|么|多少|了$", m["rule"])
            or _ZH_CUE_RX.search(m.group())
        ):
            continue
        clause = text[m.start("topic") : m.start("end")].strip()
        out.append(_Hit(m.start("topic"), _make(clause, "require", m["topic"], "所有", 0.7)))
    return out + _zh_plain_rules(text, spans, ruled)


def _zh_clause_hits(text: str, spans: list[tuple[int, int]], ruled: list[int]) -> list[_Hit]:
    """`zh_clause_rules` and the wanted halves of "do X, not Y" (`positive_half`), none where a
    rule was read already."""
    out: list[_Hit] = []
    for r in zh_clause_rules(text):
        if _read((r.start, r.end), spans, ruled):
            continue
        clause = text[r.start : r.end].strip()
        out.append(_Hit(r.start, _make(clause, r.polarity, r.subject, r.cue, 0.7)))
        spans.append((r.start, r.end))
    for start, end in positive_half(text):
        if not _read((start, end), spans, ruled):
            clause = text[start:end].strip()
            out.append(_Hit(start, _make(clause, "require", clause, "要", 0.7)))
            spans.append((start, end))
    return out


def _zh_whole_clauses(text: str, hits: list[_Hit]) -> list[_Hit]:
    """`hits` each with the 要是 condition before its clause and the 除非 exception after it,
    which belong to the rule (`condition_before`, `exception_after`)."""
    out: list[_Hit] = []
    excepted: list[tuple[int, int]] = []
    for h in hits:
        said = h.constraint.text
        at = text.find(said, max(0, h.start - len(said)))
        if _inside(h.start, excepted):
            continue  # "…，除非对方只收现金": the exception's words are no rule of their own
        if not said or at < 0:
            out.append(h)
            continue
        start, end = condition_before(text, at), exception_after(text, at + len(said))
        if (start, end) != (at, at + len(said)):
            h = _Hit(h.start, h.constraint.model_copy(update={"text": text[start:end].strip()}))
            excepted.append((at + len(said), end))
        out.append(h)
    return out


def _zh_verb_first(do: str) -> bool:
    """Whether `do` (after a time and "不") opens on an action, not a state (`_ZH_STATE_VERBS`)."""
    words = list(jieba.posseg.cut(do))
    if (
        not words
        or words[0].word in _ZH_STATE_VERBS
        or do.startswith(("让", "许", "给", "回", "来", "去"))
    ):
        return False
    flag: str = words[0].flag
    return flag.startswith("v") and flag != "vn"


# Chinese standing instructions no classic cue word starts, the counterparts of `_EN_FOR_EVERY`,
# `_EN_SHOULD_BE`, `_EN_COLUMNS`, `_EN_ASK_BEFORE` and `_EN_FIRMLY`; each kept whole. Opening a
# clause, after a lead-in that adds nothing ("另外，", "以后").
_ZH_PLAIN_LEAD = (
    r"(?:^|(?<=[，,。；;！!\n]))\s*(?:(?:另外|还有|而且|对了|请|记得|以后|今后)[，,]?\s*)*"
)
_ZH_PLAIN_END = r"(?P<end>[，,。；;！!？?\n]|$)"
# Not said of someone else, of the speaker, of one occasion or of the past ("我每次都用…",
# "上次都用的…", "这次…").
_ZH_NOT_TOPIC = (
    r"(?!我|咱|俺|你们|他|她|它|大家|别人|有人|这|那|上次|上回|以前|之前|过去|平时|一般|通常)"
)
# "每次跑测试都用 pytest -x", "每回导出都按 UTF-8": how every occasion of an action is done.
_ZH_EACH_USE = re.compile(
    _ZH_PLAIN_LEAD + rf"(?P<rule>{_ZH_NOT_TOPIC}(?:[^，,。；;！!？?\n]{{0,10}}?)"
    r"(?:每次|每回|每一次)\s*[^，,。；;！!？?\n]{0,16}?\s*(?:都|一律|统一|全都)\s*(?:要|得)?\s*"
    r"(?:用|使用|采用|按照?|以)(?![了过着的得])\s*[^，,。；;！!？?\n]{1,30}?)\s*" + _ZH_PLAIN_END
)
# "超过500的报销都标出来", "金额高于1000的都标红": every item past a threshold, marked.
_ZH_MEASURE = r"(?:分|个|次|天|小时|分钟|公斤|斤|件|人|%|％)?"
_ZH_OVER_MARK = re.compile(
    _ZH_PLAIN_LEAD
    + r"(?P<rule>(?:凡是|只要是|所有)?(?:(?![我你您他她这那把])[\u4e00-\u9fff]){0,8}?"
    rf"(?:(?:超过|超出|高于|大于|多于|低于|少于)\s*{_ZH_NUMBER}{_ZH_MEASURE}(?:以上|以下)?"
    rf"|{_ZH_NUMBER}{_ZH_MEASURE}(?:以上|以下))"
    r"的(?:(?![我你您他她都把])[\u4e00-\u9fff]){0,4}(?:都|一律|全部|统一)?(?:要|得|请|给我)?"
    r"(?:标出来|标出|标红|标黄|标记出来|标记|标注出来|标注|单独列出来|单独列出|单独列|挑出来"
    r"|提醒我|高亮)(?:一下)?)" + _ZH_PLAIN_END
)
# "座位一直要靠过道的", "房间永远要朝南的": a thing wanted always, said of its topic.
_ZH_ALWAYS_WANT = re.compile(
    _ZH_PLAIN_LEAD + rf"(?P<rule>{_ZH_NOT_TOPIC}(?:(?![你您他她它谁哪])[\u4e00-\u9fff]){{1,6}}?"
    r"(?:一直|永远|每次)都?(?:要|得)(?![不是了])(?P<x>[^，,。；;！!？?\n]{1,12}?))" + _ZH_PLAIN_END
)
# (What a thing wanted opens on: "靠过道的", "订全季", "用公制"; not "涨", "走很久".)
_ZH_WANT_VERB = re.compile(r"(?:靠|坐|选|订|用|住|朝|买|带|直飞|走(?!很|了))")
# "表格按日期排序", "列表按时间先后排列": how a list produced is ordered; with how, after a comma
# ("，最新的在前").
_ZH_SORTED = re.compile(
    _ZH_PLAIN_LEAD + rf"(?P<rule>{_ZH_NOT_TOPIC}(?:(?![你您他她它谁哪把帮能可是已没])"
    r"[\u4e00-\u9fffA-Za-z]){1,8}?(?:都|一律|统一|全部|也)?(?:要|得|需要)?(?:按照?|以)"
    r"[^，,。；;！!？?\n]{1,12}?(?:的顺序|顺序)?来?(?:排序|排列|排|分组|归类|降序排列?|升序排列?"
    r"|倒序排列?))" + _ZH_PLAIN_END
)
_ZH_ORDER_MORE = re.compile(
    r"[，,]\s*(?:(?:最新|最近|最早|最旧|最晚|最大|最小|最高|最低|最贵|最便宜)的?(?:在|放|排)"
    r"(?:最)?(?:前|后)(?:面|边)?|(?:从|由)[^，,。；;！!？?\n]{1,6}到[^，,。；;！!？?\n]{1,6}"
    r"|降序|升序|倒序)(?=[，,。；;！!\n]|$)"
)
# "输出的时候列出 日期、金额、备注 三列", "表头：日期、金额、备注": the columns wanted.
_ZH_COLUMN_ITEM = r"[^，,。；;！!？?\n、]{1,10}"
_ZH_COLUMN_ITEMS = rf"{_ZH_COLUMN_ITEM}(?:、{_ZH_COLUMN_ITEM})+?(?:和{_ZH_COLUMN_ITEM})?"
_ZH_COLUMNS = re.compile(
    _ZH_PLAIN_LEAD
    + rf"(?P<rule>{_ZH_NOT_TOPIC}(?:(?![你您他她它谁哪把帮能可有是])[^，,。；;！!？?\n]){{0,12}}?"
    rf"(?:(?:列出|列|分成|分为|包含|包括|显示|用|按)\s*(?!了)(?P<x>{_ZH_COLUMN_ITEMS})\s*"
    r"(?:这|共|一共)?(?:[两三四五六七八九十]|\d+)列(?:来?(?:输出|展示|显示|做))?"
    rf"|(?:列|表头|字段|列名)(?:用|为|[：:])\s*(?P<y>{_ZH_COLUMN_ITEMS})))" + _ZH_PLAIN_END
)
# "动之前先问我", "发邮件前先给我看一下": what to do before every one of an action (not before a
# time: "明天之前先问我").
_ZH_ASK_FIRST = re.compile(
    _ZH_PLAIN_LEAD + r"(?P<rule>(?:(?:你|您)\s*)?(?P<act>(?!我|咱|他|她|这|那|上次|上回)"
    r"[^，,。；;！!？?\n]{1,14}?)(?:之前|以前|前)[，,]?\s*(?:都|也|一律|请|务必)*\s*"
    r"(?:要|得|必须|记得)?\s*先\s*(?:问(?:一下|一声)?我|跟我(?:确认|商量|说)(?:一下|一声)?"
    r"|和我(?:确认|商量)(?:一下)?|告诉我(?:一声)?|通知我|经过我的?同意|征得我的?同意"
    r"|给我看(?:一下|一眼)?|让我(?:看|确认|过目)(?:一下|一眼)?))" + _ZH_PLAIN_END
)
# "最长40分钟", "顶多两页", "每场40分钟封顶": a limit said without "最多" (the cue reads that).
# Not a guess ("顶多也就半小时吧", "最长就40分钟"), a fact of a thing pointed at ("那部电影最长两
# 小时"), a way's length ("路上顶多30分钟": how long it takes), asked or past.
_ZH_UNIT = r"(?:分钟|小时|天|页|句话?|个字|字|条|次|杯|晚|段|张|轮)"
_ZH_AT_MOST = re.compile(
    _ZH_PLAIN_LEAD
    + rf"(?P<rule>{_ZH_NOT_TOPIC}(?!路上|车程|路程|步行|走路|开车|坐车|打车|大概|估计)"
    r"(?:(?![你您他她它谁哪])[\u4e00-\u9fff]){0,8}?"
    rf"(?:(?:最长|顶多|上限)\s*{_ZH_NUMBER}\s*{_ZH_UNIT}|{_ZH_NUMBER}\s*{_ZH_UNIT}封顶))"
    + _ZH_PLAIN_END
)
_ZH_TIME_WORD = re.compile(
    r"\d|点钟?$|[号日天周月年]$|[上中下]午|晚上|早上|今天|明天|后天|会|之后$"
)
# "素食，没有例外", "回复用英文，绝无例外": how firmly a rule holds, nothing ruled out.
_ZH_FIRM = (
    r"(?:没有例外|没有任何例外|不能有例外|不允许例外|不许例外|绝无例外|概不例外|一律不例外"
    r"|不接受例外|不得例外|没得商量|没商量|不容商量)"
)
_ZH_FIRM_TAIL_AT = re.compile(rf"[，,]\s*{_ZH_FIRM}\s*(?=[。！!；;\n]|$)")
_ZH_FIRMLY = re.compile(
    r"(?:^|(?<=[。；;！!\n]))\s*(?:(?:另外|还有|而且|对了)[，,]?\s*)?"
    rf"(?P<s>{_ZH_NOT_TOPIC}[^，,。；;！!？?\n]{{2,30}}?)\s*[，,]\s*(?P<tail>{_ZH_FIRM})"
    r"\s*(?=[。！!；;\n]|$)"
)
_ZH_FIRM_NOT = re.compile(r"是|了|过|一样|吗|呢|么|谢|好的|没")
_ZH_ALL_LEAD = re.compile(r"(?:全部|所有|一律|统一|都)+(?:的)?")
_ZH_NOT_SAID = re.compile(r"吗|呢|么|什么|哪|多少|的话|了$|过$|^了")


def _zh_plain_rules(text: str, spans: list[tuple[int, int]], ruled: list[int]) -> list[_Hit]:
    """`_ZH_EACH_USE` … `_ZH_ASK_FIRST` rules, each its whole clause, and `_ZH_FIRMLY`."""
    out: list[_Hit] = []
    for rx, cue in (
        (_ZH_EACH_USE, "每次"),
        (_ZH_OVER_MARK, "超过"),
        (_ZH_ALWAYS_WANT, "一直"),
        (_ZH_SORTED, "按"),
        (_ZH_COLUMNS, "列"),
        (_ZH_ASK_FIRST, "先"),
        (_ZH_AT_MOST, "最多"),
    ):
        for m in rx.finditer(text):
            rule = m["rule"].strip()
            if _read(m.span("rule"), spans, ruled) or m["end"] in ("？", "?"):
                continue
            if _ZH_NOT_SAID.search(rule) or not _zh_plain_fits(rx, m):
                continue
            end = m.end("rule")
            while rx is _ZH_SORTED and (more := _ZH_ORDER_MORE.match(text, end)):
                end = more.end()
            clause = text[m.start("rule") : end].strip()
            out.append(_Hit(m.start("rule"), _make(clause, "require", rule, cue, 0.7)))
            spans.append((m.start("rule"), end))
    if "例外" in text or "商量" in text:
        out.extend(_zh_firmly(text, spans, ruled))
    return out


def _zh_plain_fits(rx: re.Pattern[str], m: re.Match[str]) -> bool:
    """Whether the `_zh_plain_rules` match `m` of `rx` is a rule: a thing wanted always
    (`_ZH_WANT_VERB` or a noun), before an action, not a time."""
    if rx is _ZH_ALWAYS_WANT:
        x = m["x"].rstrip("的")
        words = [w for w in jieba.posseg.cut(x) if w.word.strip()]
        noun = bool(words) and str(words[-1].flag).startswith(("n", "eng"))
        return bool(x) and (bool(_ZH_WANT_VERB.match(x)) or noun)
    if rx is _ZH_ASK_FIRST:
        return not _ZH_TIME_WORD.search(m["act"].strip())
    return True


def _zh_firmly(text: str, spans: list[tuple[int, int]], ruled: list[int]) -> list[_Hit]:
    """`_ZH_FIRMLY` rules: a thing or an instruction made firm by its tail, with no rule read
    in it already (the tail is kept with that one: `_with_firm_tails`)."""
    out: list[_Hit] = []
    for m in _ZH_FIRMLY.finditer(text):
        said = m["s"].strip()
        if _read((m.start("s"), m.end("tail")), spans, ruled) or _ZH_FIRM_NOT.search(said):
            continue
        subject = said[lead.end() :] if (lead := _ZH_ALL_LEAD.match(said)) else said
        words = [w for w in jieba.posseg.cut(subject) if w.word.strip()]
        noun = bool(words) and str(words[-1].flag).startswith(("n", "eng"))
        if not noun and not re.search(r"要|用|按|走|以", subject):
            continue  # "大家都到齐，…": no thing or way named
        clause = text[m.start("s") : m.end("tail")].strip()
        out.append(_Hit(m.start("s"), _make(clause, "require", subject, m["tail"], 0.7)))
        spans.append((m.start("s"), m.end("tail")))
    return out


# "Don't forget what I said about pork", "Remember my rule about emojis", "别忘了我说的不要香菜":
# a reminder that points at a rule said before, which it keeps as it is; its words are no new
# rule (nor, with "forget" in them, a calling off). Not "Don't forget to …", "记得说谢谢".
_EN_REMINDER = re.compile(
    r"(?i)(?:^|(?<=[,.;!?:])\s*|(?<=[,.;!?:]))(?:(?:please|ok|okay|and|also|oh|so|but|just)\b,?\s+)*"
    r"(?:(?:don't|do not|never) forget (?:about )?|(?:remember|keep in mind|bear in mind|mind) )"
    r"(?=(?:what (?:i|we) (?:said|told you|mentioned|asked)|my (?:rule|request|instruction|note)"
    r"|the rule|our rule) (?:about|regarding|on)\b)[^,.;:!?\n]*"
)
_ZH_REMINDER = re.compile(
    r"(?:千万|一定|请|可)?(?:别忘了|别忘记|不要忘了|不要忘记|记住|记得|牢记)"
    r"(?:(?:我|我们)(?:之前|刚才|前面|上次|先前|早先)?|之前|刚才|前面|上次|先前|早先)"
    r"(?:说|提|讲|交代)(?:过|了)?的?[^，,。！!？?；;：:\n]*"
)


def _reminder_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` reminds of a rule said before (`_EN_REMINDER`, `_ZH_REMINDER`): read as none."""
    return [m.span() for rx in (_EN_REMINDER, _ZH_REMINDER) for m in rx.finditer(text)]


def extract_constraints(text: str) -> list[Constraint]:
    """Every rule stated in `text`, in reading order, each with its verbatim clause."""
    if not _may_hold_rule(text):
        return []
    hits: list[_Hit] = []
    revoked_spans = _reminder_spans(text)
    if "例" in text or ("可以" in text and "的" in text):
        hits.extend(_zh_exceptions(text, revoked_spans))
    if "少" in text:
        hits.extend(_zh_less(text, revoked_spans))
    if LATIN_LETTER.search(text):
        hits.extend(_en_rule_changes(text, revoked_spans))
    _revocations(text, _REVOKE_STRONG, hits, revoked_spans)
    if LATIN_LETTER.search(text) and "you" in text.lower():
        hits.extend(_conditional_permissions(text, revoked_spans))
    if _NO_LONGER_GATE.search(text):
        hits.extend(_no_longer_needed(text, revoked_spans))
    hits.extend(_lifts(text, revoked_spans))
    if LATIN_LETTER.search(text) and "now" in text.lower():
        hits.extend(_done_now(text, revoked_spans))
    if "可以" in text or "be " in text:
        hits.extend(_topic_first_lifts(text, revoked_spans))
    if "，" in text or "," in text:
        hits.extend(_zh_scoped_exemptions(text, revoked_spans))
    if LATIN_LETTER.search(text):
        hits.extend(_relaxations(text, revoked_spans))
        hits.extend(_en_fine_for_one(text, revoked_spans))
        hits.extend(_en_also_ok(text, revoked_spans))
    if "也" in text or "就" in text or "不一定" in text:
        hits.extend(_zh_relaxations(text, revoked_spans))
    hits.extend(_mind_changes(text, revoked_spans))
    if "过敏" in text or "allergic" in text.lower():
        hits.extend(_struck_items(text, revoked_spans))
    if "不是" in text:
        hits.extend(_corrected_not_that(text, revoked_spans))
    hits.extend(_parts_changed(text, revoked_spans))
    if "外" in text:
        hits.extend(_zh_excepted(text, revoked_spans))
    if "都" in text:
        hits.extend(_zh_all_fine(text, revoked_spans))
    if "也" in text:
        hits.extend(_zh_also_fine(text, revoked_spans))
    if "可以" in text:
        hits.extend(_zh_with_consent(text, revoked_spans))
    _revocations(text, _REVOKE_WEAK, hits, revoked_spans)
    for m in _EN_CONTRAST.finditer(text):
        if _one_off_swap(text, m.start(), m["y"]):
            continue
        clause = _clause_at(text, m.start(), through_comma=True)
        hits.append(_Hit(m.start(), _make(clause, "require", m.group("x"), "instead", 0.8)))
        hits.append(_Hit(m.start("y"), _make(clause, "forbid", m.group("y"), "not", 0.8)))
        revoked_spans.append(m.span())
    if _DIGIT.search(text):
        hits.extend(_threshold_rules(text, revoked_spans))
    hits.extend(_whole_rule_shapes(text, revoked_spans))
    if LATIN_LETTER.search(text):
        hits.extend(_en_plain_rules(text, revoked_spans))
        hits.extend(_en_shapes(text, revoked_spans))
        hits.extend(_en_stated(text, revoked_spans, [h.start for h in hits]))
    if _ZH_CUE_RX.search(text):
        hits.extend(_zh_constraints(text, revoked_spans))
    if "应该" in text:
        hits.extend(_zh_should(text, revoked_spans))
    for m in _ALLERGY.finditer(text):
        zh = m.group("zh") or m.group("zh2")
        obj = zh or m.group("en") or ""
        clause = _clause_at(text, m.start())
        if (
            clause.rstrip().endswith(("？", "?"))
            or text[m.end() :].lstrip()[:1] in ("？", "?")
            or (zh and _ALLERGY_NOT_ZH.search(text, max(0, m.start() - 8), m.end()))
            or (m.group("en") and _ALLERGY_NOT_EN.search(text, 0, m.start()))
        ):
            continue
        subject = normalize_subject(obj)
        if subject and not _inside(m.start(), revoked_spans):
            clause = _clause_at(text, m.start())
            hits.append(_Hit(m.start(), _make(clause, "forbid", obj, "过敏", 0.8)))
    for m in _ZH_SCOPE.finditer(text):
        rule = _trim(m.group("rule"))
        if (
            rule
            and m.group("end") not in ("？", "?")
            and not _ZH_CUE_RX.search(rule)
            and not _ZH_SPEAKER_START.match(rule)
        ):
            clause = text[m.start() : m.end("rule")].strip()
            hits.append(
                _Hit(m.start("rule"), _make(clause, "require", rule, m.group("lead"), 0.75))
            )
    if _CJK_CHAR.search(text):
        hits.extend(_zh_habits(text, revoked_spans))
        hits.extend(_zh_all_use(text, revoked_spans))
        if "按" in text or "都要" in text or "都得" in text:
            hits.extend(_zh_standing(text, revoked_spans))
    if LATIN_LETTER.search(text):
        hits.extend(_en_rule_changes(text, revoked_spans, named_lift_shapes))
    hits.extend(_en_constraints(text, revoked_spans))
    # Last, so a rule read by its cue is not read again: "Before each deploy, always run …".
    if LATIN_LETTER.search(text):
        hits.extend(_en_standing_shapes(text, revoked_spans, [h.start for h in hits]))
    if _CJK_CHAR.search(text):
        hits.extend(_zh_standing_shapes(text, revoked_spans, [h.start for h in hits]))
        hits.extend(_zh_clause_hits(text, revoked_spans, [h.start for h in hits]))
        hits = _zh_whole_clauses(text, hits)
    hits.sort(key=lambda h: h.start)
    hits = _without_alternatives_lifted(hits)
    if ("," in text and LATIN_LETTER.search(text)) or "例外" in text or "商量" in text:
        hits = _with_firm_tails(text, hits)
    if _CJK_CHAR.search(text) and ("，" in text or "," in text):
        hits = _with_format_tails(text, hits)
    if "等" in text:
        hits = [_held_until(text, h) for h in hits]
    quoted = _quoted_spans(text)
    if "了" in text:
        hits = [h for h in hits if h.constraint.revokes or not _swapped(text, h.constraint.text)]
    return [
        _unlabelled(_unquoted_subject(h.constraint))
        for h in hits
        if not _inside(h.start, quoted) and not _ZH_ERROR_REPORT.search(_zh_before(text, h.start))
    ]


def _en_rule_changes(
    text: str,
    spans: list[tuple[int, int]],
    shapes: Callable[[str], list[Shape]] = rule_change_shapes,
) -> list[_Hit]:
    """`rule_topics_en` clauses: a narrowing or a "Quit …ing" (`rule_change_shapes`), read
    first (the other readers would take "tickets only for prod DAGs" for an only-rule of its
    own); a rule named and lifted (`named_lift_shapes`), read last, where no other reader
    did."""
    out: list[_Hit] = []
    for shape in shapes(text):
        if _inside(shape.start, spans) or not (subject := normalize_subject(shape.subject)):
            continue
        if shape.revokes and _EN_VERB.fullmatch(shape.subject):
            continue  # "Reply only in French": an only-rule (`_en_constraints`), no narrowing
        spans.append((shape.start, shape.end))
        pol: Polarity = "forbid" if shape.polarity == "forbid" else "require"
        if shape.revokes:
            out.append(_lifting(shape.start, shape.clause, pol, subject, shape.cue))
        else:
            out.append(_Hit(shape.start, _make(shape.clause, pol, shape.subject, shape.cue, 0.8)))
    return out


def _struck_items(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_NOT_ALLERGIC` clauses, each striking a thing from an allergy rule in force."""
    out: list[_Hit] = []
    if _CORRECTED.search(text) is None:
        return out  # said of the speaker's party, no rule of theirs corrected ("我对花生不过敏")
    for m in _NOT_ALLERGIC.finditer(text):
        obj = m.group("zh") or m.group("en") or ""
        at = m.start("zh") if m.group("zh") else m.start("en")
        start, end = _clause_span(text, at)
        if _inside(at, spans) or _clause_asked(text, end):
            continue
        if not (subject := normalize_subject(obj)):
            continue
        spans.append((at, m.end()))
        out.append(_lifting(at, text[start:end].strip(), "forbid", subject, "过敏" + STRUCK))
    return out


# "我搞错了，老人是对花生过敏，不是海鲜": a correction that says what a rule was about was not
# it, in a clause of its own after the right thing. It lifts the bans on that thing, or on
# foods of the group it names (`ledger.Ledger.add`, `zh_food_groups`); naming none, a remark.
NOT_THAT = " [not that]"
_ZH_NOT_THAT = re.compile(
    r"(?<=[，,])\s*(?:而)?不是(?!很|太|特别|所有|每|都|全)"
    r"(?P<obj>[\u4e00-\u9fff]{1,6}?)(?:过敏)?(?:了|啊|哦|呢)?(?=$|[。！!；;\n])"
)


def _corrected_not_that(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_NOT_THAT` clauses in a message that says it corrects itself (`_CORRECTED`)."""
    out: list[_Hit] = []
    if _CORRECTED.search(text) is None:
        return out
    for m in _ZH_NOT_THAT.finditer(text):
        at = m.start("obj")
        start, end = _sentence_start(text, at), _sentence_end(text, m.end())
        if _inside(at, spans) or text[end : end + 1] in ("?", "？") or "吗" in text[at:end]:
            continue
        spans.append((m.start(), m.end()))
        words = text[start:end].strip().rstrip("。！!；;")
        out.append(_lifting(at, words, "forbid", m.group("obj"), "不是" + NOT_THAT))
    return out


def _without_alternatives_lifted(hits: list[_Hit]) -> list[_Hit]:
    """Without the weak lifts (`IF_RULED`) read in what a forbid names to do instead: in "有事别
    打电话，发短信就行" the "发短信就行" is the rule's alternative, not a permission."""
    required = {h.constraint.text for h in hits if h.constraint.polarity == "require"}
    with_alt = {
        h.constraint.text
        for h in hits
        if h.constraint.polarity == "forbid" and h.constraint.text in required
    }
    return [
        h
        for h in hits
        if not (
            h.constraint.revokes
            and h.constraint.cue.endswith(IF_RULED)
            and any(h.constraint.text in t and h.constraint.text != t for t in with_alt)
        )
    ]


_QUOTE_MARKS = '"“”「」『』'
# "别通知业务方，等我确认": how long a prohibition holds, said in the clause after it.
_ZH_HELD_AFTER = re.compile(
    r"\s*[，,]\s*(?:先|请)?等(?!位|车|候)[^，,。；;！!？?\n]{0,8}?"
    r"(?:确认|回复|通知|同意|批准|答复|消息|回来|决定|看完|核实|审批|说|定|好)"
    r"(?:了|之后|以后|后|再说|再)?(?=[。！!；;\n]|$)"
)


def _held_until(text: str, h: _Hit) -> _Hit:
    """A prohibition with the wait after it that says how long it holds (`_ZH_HELD_AFTER`)."""
    c = h.constraint
    forbids = c.polarity == "forbid" and not c.revokes
    at = text.find(c.text, max(0, h.start - len(c.text))) if forbids else -1
    m = _ZH_HELD_AFTER.match(text, at + len(c.text)) if at >= 0 else None
    if m is None:
        return h
    return _Hit(h.start, c.model_copy(update={"text": text[at : m.end()].strip()}))


# A label before a rule's clause that says a rule follows ("规矩是这样：", "记住：", "提醒一下：",
# "要求如下："): the rule is what follows it, kept verbatim without the label.
_ZH_RULE_LABEL = re.compile(
    r"\s*(?:(?:另外|还有|最后|对了)[，,]?\s*)?(?:我的|我们的|咱们的|我们家的|公司的|这边的)?"
    r"(?:规矩|规则|要求|原则|约定|提醒|记住|记得|注意|备注|补充|重点|一句话)"
    r"(?:一下|一点|一句|如下|是这样的?|就一条|只有一条|有一条|有几条)?\s*[：:]\s*(?=\S)"
)


# "出发地不要上海了，换成杭州", "手机号别用X了，改成Y": a thing's value given up for the one
# after it, a change of the value (`replacements`), no standing rule against the old one.
# Without the thing ("不用京东快递了，改用EMS") the user rules the old one out as well.
_ZH_SWAPPED = re.compile(
    r"(?!以后|今后|往后|从今|从现在|永远|一直)[\u4e00-\u9fff]{2,6}(?:不要|别用|不用|不再用)[^，,。；;！!？?\n]{1,16}了[，,]\s*"
    r"(?:那就|就|还是|干脆)?(?:换成|改成|改用|换用|换为|改为)"
)


def _swapped(text: str, rule: str) -> bool:
    """Whether the rule's clause gives a value up for the one after it (`_ZH_SWAPPED`)."""
    at = text.find(rule)
    return at >= 0 and _ZH_SWAPPED.match(text, at) is not None


def _unlabelled(c: Constraint) -> Constraint:
    """A rule without the label that announced it (`_ZH_RULE_LABEL`)."""
    if (m := _ZH_RULE_LABEL.match(c.text)) is None or m.end() >= len(c.text):
        return c
    return c.model_copy(update={"text": c.text[m.end() :]})


def _unquoted_subject(c: Constraint) -> Constraint:
    """A rule said in quotes ('Remember: "never push to main".') is about what is inside them."""
    if c.subject[:1] not in _QUOTE_MARKS and c.subject[-1:] not in _QUOTE_MARKS:
        return c
    return c.model_copy(update={"subject": c.subject.strip(_QUOTE_MARKS).strip() or c.subject})


# Text quoted inside a sentence: an error message ('I got "time data does not match format"',
# '提示"该优惠券不能使用"') or someone else's words ('My boss said "never email the client"'),
# not the user's rule. (A message that is all quote is read as it stands.)
_QUOTE = re.compile(r'"[^"\n]{2,200}"|“[^”\n]{2,200}”|「[^」\n]{2,200}」|『[^』\n]{2,200}』')


# The user's own framing that makes a quote their rule: 'Remember: "never push to main".',
# '记住："不要显示价格"'. Only the label, so "He said: …" or "The error says …" stay quotes,
# and only a quote that ends its sentence ('Remember: "X" was the old rule' says something of it).
_OWN_RULE_LABEL = re.compile(
    r"(?i)\s*(?:(?:ok|okay|so|and|also|please|one more thing)\s*[,:]?\s*)*"
    r"(?:(?:always\s+)?remember(?: this)?|keep in mind|don't forget|do not forget|never forget"
    r"|(?:(?:my|the|new|house|one)\s+)?rule|follow (?:this|my|the)(?: rule)?|note"
    r"|(?:请|一定要|务必)?(?:记住|记得|牢记|别忘了|遵守|遵循|注意)(?:这条|这个|以下)?"
    r"(?:规则|要求)?|(?:新)?规则)"
    r"\s*[:：]\s*$"
)
_QUOTE_ENDS_SENTENCE = re.compile(r"\s*[.!。！]?\s*$|\s*[.!。！]?\s*\n")


def _quoted_spans(text: str) -> list[tuple[int, int]]:
    out = []
    for m in _QUOTE.finditer(text):
        before = text[_sentence_start(text, m.start()) : m.start()]
        if not before.strip():
            continue
        if _OWN_RULE_LABEL.fullmatch(before) and _QUOTE_ENDS_SENTENCE.match(text, m.end()):
            continue
        out.append(m.span())
    return out


# "报错信息是：无法连接到数据库，不能建立连接。", "系统提示：不能重复提交": a message reported, not
# a rule (said before the cue in its sentence).
_ZH_ERROR_REPORT = re.compile(
    r"报错|出错了|(?:错误|异常)(?:信息|提示)(?:是|为)?[:：]|提示(?:信息|说)?(?:是|为)?[:：“\"]"
    r"|提示说"
)


# The speaker's habit, said as a fact of themselves, is a rule for what is offered: the clause
# opens on "我"/"我们" and a time or frequency, then "不" and a habit verb. Not a one-off or an
# experience ("我不吃了", "我不坐过飞机"), not asked, not "忍不住" or "吃不吃", and not "要不/
# 能不/会不" (a suggestion or a question of ability).
_ZH_HABIT = re.compile(
    r"(?:^|(?<=[，,。；;！!\n]))\s*(?:(?:另外|而且|其实|但是|但|还有|对了|因为)[，,]?\s*)?"
    r"(?:我|我们)(?P<when>[^，,。；;！!？?\n不我你他她]{0,12}?)"
    rf"(?<![要能会敢得忍禁靠记挡站守抓顶保止撑憋])不(?P<verb>{_ZH_HABIT_VERB})"
    r"(?![过了着])(?P<obj>[^，,。；;！!？?\n]{0,16})(?P<end>[，,。；;！!？?\n]|$)"
)


def _zh_habits(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_HABIT` clauses, each a forbid of what the habit rules out."""
    out: list[_Hit] = []
    for m in _ZH_HABIT.finditer(text):
        verb, obj = m.group("verb"), _trim(m.group("obj"))
        if (
            m.group("end") in ("？", "?")
            or m.group("obj").rstrip(_PARTICLES).endswith(("了", "过", "吗", "么", "呢"))
            or m.group("when").endswith(verb[:1])  # "我吃不吃都行"
            or _inside(m.start("verb"), spans)
            or _ZH_CUE_RX.search(m.group())
        ):
            continue
        clause = text[m.start() : m.start("end")].strip()
        out.append(
            _Hit(m.start("verb") - 1, _make(clause, "forbid", obj or verb, "不" + verb, 0.7))
        )
    return out


# "金额都用万元为单位", "日期都按YYYY-MM-DD写": a standing format for a topic, said at a
# sentence's start. Not of people ("我们都用微信", "大家都用…吗"), a time ("平时都用…": what
# the speaker does), a pair ("这两个都用得上") or after "从现在开始" (`_ZH_SCOPE` reads that).
_ZH_ALL_USE = re.compile(
    r"(?:^|(?<=[。；;！!\n]))\s*(?P<topic>(?!我|咱|大家|他|她|你|您|别人|很多人|有人|这|那|平时|一般"
    # (Nor one occasion, past or this one: "上次都用的 pytest", "这次都用…".)
    r"|通常|以前|之前|过去|现在|每|以后|今后|从现在|从今|上次|上回|那次|刚才|昨天|[一两二三四五六七八九十几]个)"
    r"[\u4e00-\u9fffA-Za-z0-9]{1,10}?)(?:都|全部|统一|全都)(?P<verb>用|按照?|以|保留|写成|显示为?)"
    # ("都用的 X": what was used.)
    r"(?![得过了着的])(?P<rule>[^，,。；;！!？?\n]{1,20})(?P<end>[，,。；;！!？?\n]|$)"
)
# The same format's next clauses: "，保留两位小数".
_ZH_FORMAT_MORE = re.compile(
    r"[，,]\s*(?:(?:并且|而且|并|再)\s*)?(?:保留|精确到|四舍五入|显示|标注|注明|加上|带上|用|按)"
    r"[^，,。；;！!？?\n]{1,16}"
)


def _zh_all_use(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_ALL_USE` sentences, each a rule with the format clauses after it."""
    out: list[_Hit] = []
    for m in _ZH_ALL_USE.finditer(text):
        rule = m.group("rule")
        if (
            m.group("end") in ("？", "?")
            # ("所有的金额都按含税价算过了", "所有的人都按时到了": what was done.)
            or re.search(r"什么|哪|吗|么|多少|(?<![不行好])了$", rule)
            or _ZH_CUE_RX.search(m.group())
            or _inside(m.start("verb"), spans)
        ):
            continue
        end = m.start("end")
        while (more := _ZH_FORMAT_MORE.match(text, end)) and not _ZH_CUE_RX.search(more.group()):
            if text[more.end() : more.end() + 1] in ("？", "?"):
                break
            end = more.end()
        clause = text[m.start("topic") : end].strip()
        out.append(_Hit(m.start("topic"), _make(clause, "require", m.group("topic"), "都", 0.7)))
    return out


# "按照运行手册 RB-TRADE-07 来处理": a procedure to work by, said at a sentence's start. Not
# "按照你的理解" (left to the assistant), nor "按照计划，我们明天出发" (no way of working).
_ZH_FOLLOW = re.compile(
    r"(?:^|(?<=[。；;！!\n]))\s*(?:(?:请|麻烦|一律|都|统一|以后|今后)\s*)*(?:按照|按(?!照))\s*"
    r"(?P<x>(?!你|您|我的理解|自己)[^，,。；;！!？?\n]{2,30}?)\s*(?:来|去)?"
    r"(?:处理|办理?|做|执行|操作|走|写|安排|计算|算|报销|结算)(?:吧|就行|即可)?(?P<end>[，,。；;！!\n]|$)"
)
# "合同里所有金额都要同时写大写和小写": what every item of a kind must be. Not of people
# ("所有人都要到场了吗", "所有人都到了"), nor a statement ("…都要过期了").
_ZH_ALL_MUST = re.compile(
    r"(?:^|(?<=[。；;！!\n]))\s*(?P<topic>[^，,。；;！!？?\n]{0,10}?(?:(?:所有|全部)"
    r"(?!人|的人|同事|同学|成员|员工)[\u4e00-\u9fffA-Za-z0-9]{1,8}?|每一?[个份张条笔项页]"
    r"(?!人)[\u4e00-\u9fffA-Za-z0-9]{0,8}?))(?:都|全都|一律)(?:要|得|必须)"
    r"(?![不是了])(?P<rule>[^，,。；;！!？?\n]{2,24}?)(?P<end>[。；;！!\n]|$)"
)


# "金额都要大写小写一起写", "日期一律要写成YYYY-MM-DD": how a kind of thing is written, a
# format rule, said of a topic at a sentence's start. Not of people ("我们都要写报告"), of
# things pointed at ("这些都要写进去"), a task ("酒店和机票都要订好": no way of writing),
# asked or said of what was done (`_zh_standing`).
_ZH_TOPIC_MUST = re.compile(
    r"(?:^|(?<=[。；;！!\n]))\s*(?:(?:另外|还有|而且|以后|今后)[，,]?\s*)*"
    r"(?P<topic>(?!我|咱|大家|他|她|你|您|别人|这|那|[一两二三四五六七八九十几]个)"
    # (One of every kind, "所有金额", "每个文件", is `_ZH_ALL_MUST`'s.)
    r"(?:(?!所有|全部|每)[\u4e00-\u9fffA-Za-z0-9]){1,8}?)(?:都|全都|一律)(?:要|得|必须)(?![不是了])"
    r"(?P<rule>[^，,。；;！!？?\n]{0,12}?(?:写|显示|标注|注明|保留|精确|大写|小写|格式)"
    r"[^，,。；;！!？?\n]{0,12}?)(?P<end>[，,。；;！!\n]|$)"
)


def _zh_standing(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_FOLLOW`, `_ZH_ALL_MUST` and `_ZH_TOPIC_MUST` sentences, each a rule."""
    out: list[_Hit] = []
    for m in _ZH_FOLLOW.finditer(text):
        # "一律按照…": the cue reads it.
        if not _inside(m.start("x"), spans) and not _ZH_CUE_RX.search(m.group()):
            clause = text[m.start() : m.start("end")].strip()
            out.append(_Hit(m.start("x"), _make(clause, "require", m["x"], "按照", 0.7)))
    for m in (*_ZH_ALL_MUST.finditer(text), *_ZH_TOPIC_MUST.finditer(text)):
        rule = m["rule"]
        if (
            _inside(m.start("rule"), spans)
            or re.search(r"了$|吗|呢|么|什么|多少", rule)
            or _ZH_CUE_RX.search(m.group())
        ):
            continue
        clause = text[m.start() : m.start("end")].strip()
        out.append(_Hit(m.start("rule"), _make(clause, "require", rule, "都要", 0.7)))
    return out


def _zh_before(text: str, pos: int) -> str:
    """The text of `pos`'s sentence before it (empty for text without Chinese)."""
    if not _CJK_CHAR.search(text):
        return ""
    return text[_sentence_start(text, pos) : pos]


_CJK_CHAR = re.compile(r"[\u4e00-\u9fff]")


# "You can unblock online payments again", "you can restart the sync again": leave to do a
# thing that undoes or redoes one, no rule lifted unless one forbade it (`IF_RULED`).
_UNDO_VERB = re.compile(
    r"(?i)(?:un(?:block|freeze|lock|ban|suspend|mute|pause|hide|archive|flag|blacklist"
    r"|restrict|delete)|re-?(?:enable|activate|instate|open|start|run|send|try|store|sume"
    r"|connect|boot|submit|schedule|order|book)|enable|activate|turn\s+(?:\S+\s+){1,3}back\s+on)"
    r"\b"
)


def _acts_again(rx: re.Pattern[str], m: re.Match[str]) -> bool:
    """Whether `m`, read by "you can X again", gives leave to undo or redo an action."""
    return rx is _REVOKE_EN[0][0] and _UNDO_VERB.match(m.group("obj")) is not None


# "…，这次算了", "…，就这一次", "…，下不为例": the request before it is for this once.
_ZH_ONCE_TAIL = re.compile(
    r"[，,]\s*(?:(?:就|只|仅)?(?:这一次|这次|这一回|这回)(?:算了|例外|破例|就这样)?|仅此一次|下不为例"
    r"|破例一次)(?=$|[，,。！!；;])"
)


def _revocations(
    text: str,
    rules: tuple[tuple[re.Pattern[str], Polarity, Gate], ...],
    hits: list[_Hit],
    revoked_spans: list[tuple[int, int]],
) -> None:
    """The revocations `rules` read in `text`, each once (a span read stays read)."""
    for rx, pol, gate in rules:
        if gate.shut(text):
            continue
        for m in rx.finditer(text):
            if _inside(m.start(), revoked_spans) or _inside(m.end() - 1, revoked_spans):
                continue  # read by an earlier, more telling shape
            subject = normalize_subject(_unquote_zh(m.group("obj")))
            if subject and pol == "require" and _sentence_asked(text, m.start()):
                # "Is there no need to cc legal anymore?", "是不是不用再抄送法务了？": asked
                # whether the need has gone, which lifts nothing (nor states a rule).
                revoked_spans.append((m.start(), _sentence_end(text, m.start())))
                continue
            if subject:
                # "之前说不要显示价格，取消这个要求": the rule quoted and its calling off, whole.
                through = bool(_ZH_COMMA.search(m[0]))
                start, end = _clause_span(text, m.start(), through_comma=through)
                cue = text[m.start() : m.start("obj")].strip()
                if rx is _ZH_MAY_NOW or _acts_again(rx, m):
                    cue += IF_RULED
                elif pol == "require" and (lead := _scope_lead(text, m.start())) is not None:
                    # "For docs-only commits you don't need to run pytest anymore": lifted
                    # only for that scope, an exception beside the rule.
                    start, cue = min(start, lead), cue + IN_PART
                elif pol == "forbid" and not through:
                    # "Feel free to use pandas in the notebook, but not in src/."
                    end, limited = _permission_end(text, end)
                    cue += NARROWS if limited else ""
                if (tail := _ZH_ONCE_TAIL.match(text, end)) is not None:
                    end = tail.end()  # "那就用副厂的吧，这次算了": for this once, said after it
                revoked_spans.append((m.start(), max(m.end(), end)))
                hits.append(
                    _Hit(
                        m.start(),
                        Constraint(
                            text=text[start:end].strip(),
                            polarity=pol,
                            subject=subject,
                            cue=cue,
                            revokes=True,
                            confidence=WEAK_REVOCATION if rx in _REVOKE_ZH_WEAK else 0.75,
                        ),
                    )
                )


# After a permission, a limit of its own ("…, but not in src/", "…, but only that file",
# "…, except on Fridays") or what it adds to ("…, not just the two files"): the sentence is one
# rule, cut at the comma it loses what the user said of it.
_EN_PERMIT_LIMIT = re.compile(
    r"(?i)\s*,?\s*(?:(?P<wider>not (?:just|only)|as well as|in addition to)"
    r"|(?:but |and |though |just )?"
    r"(?:not|never|only|except|don't|do not|no|nowhere|nothing|none)\b)"
)


# "You don't need to run black on the generated files": a rule relaxed, not "forbid running
# black". (With "anymore" it lifts the rule whole: `_REVOKE_EN`.) Not said of the speaker or
# others ("I don't need to …") and not asked ("Don't I need to …?").
_RELAX_EN = re.compile(
    r"(?i)(?<![\w'])(?:you (?:don't|do not|dont|won't|will not) (?:need|have) to|you needn't"
    r"|(?:there's |there is )?no need to|you (?:no longer|don't any longer) (?:need|have) to)"
    rf"\s+(?P<obj>{_EN_OBJ}{{2,60}}?){_EN_END}"
)


# A scope before an exemption, in its sentence: "For docs-only commits(,) you don't need to …",
# "On weekends, …", "When the commit only touches docs, …" (something must follow the word:
# "If you don't need to …, tell me" is a condition on the exemption itself).
# (Not an opener that says a mind changed or how long: "In that case, …", "For now, …".)
_EN_SCOPE_WORD = (
    r"(?:(?:and|but|so|also|actually),?\s+)?(?:for|when|whenever|on|during|in|if|while|after"
    r"|before|outside|with|at|under)\s+(?!(?:that case|this case|any case|fact|short|general"
    r"|particular|so|now|sure|real|that|this|then|this point|second thoughts?|the record|all"
    r"|what it's worth|example|instance|the meantime)\b)"
)
_EN_SCOPE_LEAD = re.compile(r"(?i)\s*" + _EN_SCOPE_WORD + r"[^.;!?\n]+?,?\s*")
_ZH_SCOPE_WORD = r"(?:对于|关于|如果是|如果|要是|遇到|碰到|像)"
_SCOPE_LED = re.compile(rf"(?i)\s*(?:{_EN_SCOPE_WORD}\S|{_ZH_SCOPE_WORD})")


def scope_led(text: str) -> bool:
    """Whether an exemption's text opens on the scope it holds for ("For docs-only commits, …",
    "对于文档类的提交，…"): it never lifts the whole rule, even one on the very same subject."""
    return _SCOPE_LED.match(text) is not None


def _scope_lead(text: str, pos: int) -> int | None:
    """Where a scope phrase that opens `pos`'s sentence starts, if the text before `pos` is one."""
    sentence = _sentence_start(text, pos)
    if sentence == pos or _EN_SCOPE_LEAD.fullmatch(text, sentence, pos) is None:
        return None
    return sentence


# "对于文档类的提交，不用跑pytest了": an exemption for a scope said first, an exception beside the
# rule it relaxes; not asked ("…了吗？") and not of the speaker ("…，我不用…").
_ZH_SCOPED_EXEMPT = re.compile(
    rf"(?:^|(?<=[。！!；;\n]))\s*{_ZH_SCOPE_WORD}"
    r"[^，,。；;！!？?\n]{1,16}?[，,]\s*(?:就|都|也|可以)?(?P<cue>不用|不必|不需要|无需|没必要|可以不)"
    r"(?:再)?(?P<obj>[^，,。；;！!？?\n吗么]{1,20}?)(?:了|吧|啦|啊)*(?=[。！!；;\n]|$)"
)


def _lifting(at: int, text: str, polarity: Polarity, subject: str, cue: str) -> _Hit:
    """A permission, exemption or widening read at `at`: a revoking constraint whose cue's
    suffix (`IN_PART`, `IF_RULED`, `NARROWS`) says how much of the rule it lifts."""
    return _Hit(
        at,
        Constraint(
            text=text, polarity=polarity, subject=subject, cue=cue, revokes=True, confidence=0.7
        ),
    )


def _zh_scoped_exemptions(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_SCOPED_EXEMPT` sentences, each `IN_PART` of the rule it relaxes."""
    out: list[_Hit] = []
    for m in _ZH_SCOPED_EXEMPT.finditer(text):
        if _inside(m.start("cue"), spans) or not (subject := normalize_subject(m.group("obj"))):
            continue
        spans.append((m.start(), m.end()))
        out.append(
            _lifting(
                m.start("obj"),
                m.group().strip().rstrip("。！!；;"),
                "require",
                subject,
                m.group("cue") + IN_PART,
            )
        )
    return out


# "You can book basic economy if it saves more than $50", "you can send me marketing emails
# about rain gear only": a permission under a condition or limit of its own, an exception beside
# the rule (`IN_PART`), its condition part of what it is about. Not "if you want" (no condition).
_EN_PERMIT_IF = re.compile(
    r"(?i)(?<![\w'])you (?:can|may|are allowed to|'re allowed to)(?: now| also| still)? "
    rf"(?!not\b|never\b|no\b|only\b)(?P<obj>{_EN_OBJ}{{1,40}}?) "
    r"(?P<cond>(?:(?:but )?only )?(?:if|when|whenever|as long as|so long as|provided(?: that)?)"
    r" (?!(?:you|u) (?:want|like|wish|prefer|need|would|'d)\b|(?:needed|necessary|possible)\b)"
    rf"{_EN_OBJ}{{1,60}}?|only){_EN_END}"
)
# "… about rain gear only": a limit on a thing qualified, not "You can reply in English only".
_EN_QUALIFIED = re.compile(r"(?i)\S \b(?:about|for|from|regarding|on|of)\b \S")


def _conditional_permissions(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_EN_PERMIT_IF` permissions, each `IN_PART`: read before the plain lifts, which would
    take "you can book basic economy if …" for the rule's end."""
    out: list[_Hit] = []
    for m in _EN_PERMIT_IF.finditer(text):
        if _inside(m.start(), spans) or _EN_LIFT_NOT.search(text, 0, m.start()):
            continue
        start, end = _clause_span(text, m.start("obj"))
        if _clause_asked(text, end):
            continue
        cond = m.group("cond")
        if cond.lower() == "only" and not _EN_QUALIFIED.search(m.group("obj")):
            continue
        subject = normalize_subject(m.group("obj") + ("" if cond.lower() == "only" else " " + cond))
        if not subject:
            continue
        spans.append((m.start(), max(m.end(), end)))
        out.append(
            _lifting(
                m.start("obj"),
                text[min(start, m.start()) : end].strip(),
                "forbid",
                subject,
                text[m.start() : m.start("obj")].strip() + IN_PART,
            )
        )
    return out


def _relaxations(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """Rules relaxed for a scope or in part (`_RELAX_EN`), each `IN_PART`."""
    out: list[_Hit] = []
    for m in _RELAX_EN.finditer(text):
        if _inside(m.start(), spans) or _inside(m.start("obj"), spans):
            continue
        start, end = _clause_span(text, m.start())
        if _clause_asked(text, end):
            continue
        subject = normalize_subject(m.group("obj"))
        if not subject:
            continue
        if (lead := _scope_lead(text, m.start())) is not None:
            start = min(start, lead)  # "On weekends, you don't need to run black."
        end, _ = _permission_end(text, end)
        spans.append((m.start(), max(m.end(), end)))
        out.append(
            _lifting(
                m.start("obj"),
                text[start:end].strip(),
                "require",
                subject,
                text[m.start() : m.start("obj")].strip() + IN_PART,
            )
        )
    return out


def _permission_end(text: str, end: int) -> tuple[int, bool]:
    """Where a permission's clause ending at `end` ends with what follows it in its sentence,
    and whether that is a limit of its own (`_EN_PERMIT_LIMIT`)."""
    m = _EN_PERMIT_LIMIT.match(text, end)
    if m is None or (
        text[end : end + 1] != "," and not text[end:].lstrip().lower().startswith("but")
    ):
        return end, False
    stop = _STOPS.search(text, m.end())
    if stop is None:
        return len(text), m.group("wider") is None
    if stop.group() in ("?", "？"):
        return end, False
    return (stop.end() if stop.group() == "." else stop.start()), m.group("wider") is None


# "…, not 8", "…, not 3 of them": the number the user's new number replaces.
_NOT_NUMBER = re.compile(
    r"(?i)\s*,?\s*(?:but |and )?not\s+"
    r"(?:\d[\d.,:]*|one|two|three|four|five|six|seven|eight|nine|ten)\b"
)
_DIGIT = re.compile(r"\d")
_EN_REASON = re.compile(r"(?i),\s*(?:since|because|as|given that)\b")


# "Actually refund to the Visa after all": an instruction of any verb, "after all" saying the
# mind changed; not a thing described ("The hotel was fine after all", "I liked it after all").
_EN_AFTER_ALL = re.compile(r"(?i)\bafter all\s*$")
_EN_NOT_ORDER = re.compile(
    r"(?i)(?:it|that|this|i|i'm|we|you|he|she|they|there|here|the|a|an|my|our|your|his|her"
    r"|their|what|which|all|everything|nothing)\b|[^ ]+ (?:is|are|was|were|looks?|seems?)\b"
    # (A return to what was turned down is read with what it returns to: "let's go back to".)
    r"|(?:let's|let us|we'll|i'll)\b|(?:go|switch|get) back\b|return to\b"
)


_EN_CHANGE_LEAD = re.compile(rf"(?i)^{_EN_FILL}(?:{_EN_CHANGE}\b,?\s+)*")


def _chosen_after_all(said: str, obj: str) -> bool:
    """Whether `obj`, said before "after all", is an instruction (`_EN_AFTER_ALL`)."""
    bare = _EN_CHANGE_LEAD.sub("", obj)
    return _EN_AFTER_ALL.search(said) is not None and _EN_NOT_ORDER.match(bare) is None


def _lifts(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """Plain-words revocations ("you can use pandas now", "还是加上旅行保险吧"): each lifts a
    rule only if one is in force (`IF_RULED`)."""
    out: list[_Hit] = []
    latin = LATIN_LETTER.search(text) is not None
    for rx, gate in _LIFT_SCANS if latin else _LIFT_SCANS_ZH:
        if gate.shut(text):
            continue
        for m in rx.finditer(text):
            at = m.start("obj")
            if _inside(at, spans) or _inside(m.end() - 1, spans):
                continue
            obj = m.group("obj")
            if "want" in rx.groupindex and not (
                m.group("want")
                or _EN_VERB.match(obj)
                or ("back" in rx.groupindex and m.group("back"))
                or _chosen_after_all(m.group(), obj)
            ):
                continue  # "Actually, the budget is $50": no instruction
            if rx is _LIFT_EN[0] and _EN_LIFT_NOT.search(text, 0, m.start()):
                continue  # "if you can use pandas", "so that you can ..."
            start, end = _clause_span(text, at)
            if _clause_asked(text, end):
                continue  # asked, not granted
            subject = normalize_subject(obj)
            if not subject:
                continue
            sentence = _sentence_start(text, first := m.start())
            led = (
                _ONCE_LEAD.fullmatch(text, sentence, first) is not None
                or _ONE_THING_LEAD.fullmatch(text, sentence, first) is not None
            )
            if led:
                # "Just this once, go ahead and use eval().", "For IMG_2305.jpg, you may …".
                start = min(start, sentence)
            first = m.start() + len(m.group()) - len(m.group().lstrip())
            if at > first:
                cue, start = text[first:at].strip(), min(start, first)
            else:
                cue = text[m.end("obj") : m.end()].strip()
            if _DIGIT.search(obj) and (_NOT_NUMBER.match(text, end) or _EN_VALUE_SET.match(obj)):
                continue  # "Actually use 10 retries, not 8": a value changed, no rule
            end, limited = _permission_end(text, end)
            if (tail := _ZH_ONCE_TAIL.match(text, end)) is not None:
                end = tail.end()  # "还是用副厂的吧，仅此一次": for this once, said after it
            if _EN_REASON.match(text, end):
                end = _sentence_end(text, end)  # "…, since CI is green.": the reason kept
            # (The occasion is read with it: "Only for this booking, …" is no only-rule.)
            spans.append((min(first, sentence) if led else first, max(m.end(), end)))
            out.append(
                _lifting(
                    at,
                    text[start:end].strip(),
                    "forbid",
                    subject,
                    cue + (NARROWS if limited else IF_RULED),
                )
            )
    return _one_lift_a_sentence(text, out)


# "OK, page the DB team now.": a bare instruction for now. It releases only a rule held until
# later ("Don't page the DB team yet.", `ledger.held_until_later`); with none it is a request.
DOES_NOW = " [does now]"
_EN_DO_NOW = re.compile(
    rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}(?:(?:fine|sure|alright|all right|good|great)\b,?\s+)?"
    r"(?:please |just |go ahead and )?"
    r"(?!(?:it|that|this|i|we|you|he|she|they|there|here|the|a|an|my|our|your|what|which|let's"
    r"|let|is|are|not|now|right)\b)"
    r"(?P<obj>[a-z][\w'-]*(?: [\w'/.#+-]+){0,6}?) (?:right )?now(?: please)?(?=[.!;\n]|$)"
)


def _done_now(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_EN_DO_NOW` instructions, each releasing a rule held until later (`DOES_NOW`)."""
    out: list[_Hit] = []
    for m in _EN_DO_NOW.finditer(text):
        at = m.start("obj")
        if _inside(at, spans) or not (subject := normalize_subject(m.group("obj"))):
            continue
        if _EN_RAISED.fullmatch(m.group("obj")):
            continue  # "Headings can go up to 55 characters now": a limit's new value
        start, end = _clause_span(text, at)
        spans.append((at, m.end()))
        out.append(
            _lifting(at, text[start:end].strip(), "forbid", subject, "now" + DOES_NOW + IF_RULED)
        )
    return out


# "以后不用抄送王建国了", "You can stop CCing Priya altogether": what a rule required is no
# longer needed. It lifts only a requirement in force (`IF_RULED`); with none it is a remark.
# Not asked ("不用抄送了吗？"), not of the speaker ("我以后不用加班了"), not an order to stop
# ("Stop asking me for confirmation" forbids asking).
_ZH_NO_LONGER = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:那|好的|好吧|嗯|其实)?[，,]?\s*"
    # "删除命令以后不用问我了": what it is about may come first.
    r"(?:(?![我你您他她它这那])[\u4e00-\u9fff]{2,6}?)?(?P<lead>以后|今后|从现在起|从今以后|现在)"
    r"(?:就|都|也)?(?P<cue>不用|不必|不需要|无需)(?:再)?"
    r"(?P<obj>(?![我你您他她它这那])[^，,。；;！!？?\n了吗么]{2,16}?)了(?:吧|啊|哦)?(?=$|[，,。！!；;\n])"
)
# "不用卡25万了", "预算不用再控制在25万以内了": a limit no longer held to (what the value is
# held by named, so never a prohibition of its own).
_ZH_NO_LIMIT = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:那|好的|好吧|嗯|其实|以后|今后|现在)?[，,]?\s*"
    r"(?:(?![我你您他她它这那])[\u4e00-\u9fff]{2,6}?)?(?P<cue>不用|不必|不需要|无需)(?:再)?"
    r"(?P<obj>(?:卡|限制|控制|压|守)(?:在|住)?(?![我你您他她它这那])[^，,。；;！!？?\n了吗么]{1,12}?)"
    r"(?:以内|以下|之内)?了(?:吧|啊|哦)?(?=$|[，,。！!；;\n])"
)
# "以后可以跳过dry-run了", "测试这步可以省掉了": what a requirement asks for, skipped.
_ZH_SKIP = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:那|好的|好吧|嗯|其实)?[，,]?\s*(?:以后|今后|现在|从现在起)?"
    r"(?:你|您)?(?:就|都|也)?可以(?:直接)?(?P<cue>跳过|省掉|省略|略过)"
    r"(?P<obj>(?![我你您他她它这那])[^，,。；;！!？?\n了吗么]{2,16}?)了?(?:吧|啊|哦)?(?=$|[，,。！!；;\n])"
)
_EN_STOP_DOING = re.compile(
    r"(?i)(?<![\w'])(?:you (?:can|may|could) (?:now |just |also )?(?:stop|quit)"
    r"|(?:there's |there is )?no need to (?:keep|continue)|you (?:can|may) skip)\s+"
    r"(?P<obj>[a-z][\w'-]*ing\b[^,.;!?\n]{0,40}?)"
    r"(?: (?:altogether|anymore|any more|now|from now on|entirely|completely))*(?=[,.;!\n]|$)"
)
# "…，改成抄送李敏", "CC Marco Bellini instead from now on": what replaces a requirement no
# longer needed, said after it in the same message; a rule by itself.
_ZH_REPLACED_BY = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:以后|今后)?(?:就|都)?(?P<cue>改成|改为|换成)"
    # ("改成32万": a limit's new value.)
    r"(?P<obj>[\u4e00-\u9fff0-9][^，,。；;！!？?\n吗么]{1,16}?)(?:吧|了)?(?=$|[，,。！!；;\n])"
)
_EN_FROM_NOW_ON = re.compile(
    rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}(?:please |just )?"
    r"(?!(?:it|that|this|i|we|you|he|she|they|there|here|the|a|an|my|our|your|what|which|is|are"
    r"|not|now)\b)"
    # (Not a statement: "Things will be different from now on", "Prices go up from now on".)
    r"(?![\w'-]+ (?:will|would|is|are|was|were|gets?|go|goes|has|have|can|may|might|should"
    r"|must|seems?|looks?)\b)"
    r"(?P<obj>[a-z][\w'-]*(?: [\w'/.#+@-]+){0,6}?)(?: instead)?,? "
    r"(?P<cue>from now on|going forward)"
    # (A reason may follow: "…from now on, the output is too noisy"; not more of the rule.)
    r"(?=[.!;\n]|$|,\s+(?!(?:and|but|except|unless|only|or|not|if|when)\b))"
)


# "挂号费贵点也没关系", "层高低一点也行": a limit on the thing named let go, above (贵, 多, …)
# or below (便宜, 少, …) it. The subject is the limit on the thing ("限制挂号费"), which lifts a
# limit in force whose words name it (`ledger._no_longer_required`); the cue says which way.
ZH_LOOSE_UP = "贵多高超晚长大远"
ZH_LOOSE_DOWN = "便宜少低早短小近"
_ZH_LIMIT_LOOSENED = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:算了|好吧|好的|嗯|那|其实)?[，,]?\s*"
    r"(?![我你您他她它这那咱])(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?:稍微|稍|再)?"
    rf"(?P<cue>(?:[{ZH_LOOSE_UP}]|便宜|[{ZH_LOOSE_DOWN}])(?:一)?点儿?|超(?:出)?(?:一)?点儿?)"
    r"(?:也|都)(?:没关系|没事|无所谓|行|可以|没问题)(?:的|了|吧|啊|哦)*(?=$|[，,。！!；;])"
)
ZH_LIMIT_SUBJECT = "限制"


# The words every `_no_longer_needed` shape holds: most messages have none.
_NO_LONGER_GATE = re.compile(
    r"点儿?[也都]|不用|不必|不需要|无需|跳过|省掉|省略|略过"
    r"|(?i:stop|quit|no need|skip|from now on|going forward)"
)


def _gerund_base(word: str) -> str:
    """ "ccing" -> "cc", "sending" -> "send", "copying" -> "copy": the verb a rule names."""
    w = word.lower()[:-3]
    if len(w) > 2 and w[-1] == w[-2] and w[-1] not in "lsc":
        w = w[:-1]  # "stopping" -> "stop"
    return w


def _no_longer_needed(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_NO_LONGER` and `_EN_STOP_DOING` lifts (require, `IF_RULED`), after one in the same
    message the rule that replaces it (`_ZH_REPLACED_BY`), and `_EN_FROM_NOW_ON` rules."""
    out: list[_Hit] = []
    limits, skips = _ZH_NO_LIMIT.finditer(text), _ZH_SKIP.finditer(text)
    loosened = _ZH_LIMIT_LOOSENED.finditer(text)
    for m in (
        *_ZH_NO_LONGER.finditer(text),
        *_EN_STOP_DOING.finditer(text),
        *limits,
        *skips,
        *loosened,
    ):
        at = m.start("obj")
        start, end = _clause_span(text, at)
        if _inside(at, spans) or _clause_asked(text, end):
            continue
        if _ZH_SPEAKER_BEFORE.search(text, 0, m.start()):
            continue  # "我以后不用加班了"
        obj = m.group("obj")
        if m.re is _EN_STOP_DOING:
            first, _, rest = obj.partition(" ")
            obj = f"{_gerund_base(first)} {rest}".strip()
        # A limit's subject keeps the verb that says it is one (`ledger._no_longer_required`).
        subject = _trim(obj) if m.re is _ZH_NO_LIMIT else normalize_subject(obj)
        if m.re is _ZH_LIMIT_LOOSENED:
            subject = ZH_LIMIT_SUBJECT + _trim(obj)
        if not subject:
            continue
        spans.append((m.start(), max(m.end(), end)))
        cue = m.group("cue") if m.re is _ZH_LIMIT_LOOSENED else text[m.start() : at].strip()
        cue += IF_RULED
        out.append(_lifting(at, text[min(start, m.start()) : end].strip(), "require", subject, cue))
    # (A trailing "from now on" states a rule by itself, as a leading one does.)
    replaced = _ZH_REPLACED_BY.finditer(text, out[0].start) if out else ()
    for m in (*replaced, *_EN_FROM_NOW_ON.finditer(text)):
        at = m.start("obj")
        if _inside(at, spans) or not (subject := normalize_subject(m.group("obj"))):
            continue
        start, end = _clause_span(text, at)
        spans.append((m.start(), max(m.end(), end)))
        out.append(
            _Hit(at, _make(text[start:end].strip(), "require", m.group("obj"), m.group("cue"), 0.8))
        )
    return out


# "生产数据库可以重启了", "测试数据现在可以删除了": what a rule was about said first, then that
# it may be done now, with any verb (`_REVOKE_ZH` reads the few verbs of showing and using,
# "价格可以显示了", as a revocation of its own). Not asked ("…可以重启了吗？"), not of the
# speaker ("我可以重启了").
_ZH_TOPIC_MAY = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:好的|好吧|嗯|那么|那|其实|算了|现在|所以|因此)?[，,]?\s*"
    # (Who said so is no part of the topic: "物业说周六也可以进车了".)
    r"(?:[\u4e00-\u9fff]{1,4}(?:说|通知))?"
    r"(?:那个|这个|那些|这些)?(?![我你您他她它这那咱])(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)"
    r"(?:现在|又|也|就|还是|已经)*可以(?:再)?(?P<verb>[\u4e00-\u9fff]{1,2}?)(?:一下)?"
    r"了(?:吧|哦|啊|啦|呀)*(?=$|[。！!，,；;\s])"
)
# "葱其实可以放", "香菜其实也可以加": the thing first, then 其实 and that it may be done. 其实
# says the earlier words are corrected, so no 了 is needed to read it as allowed now; a thing of
# one character ("葱") is enough. (Not the speaker: "我其实可以吃".)
_ZH_TOPIC_ACTUALLY_MAY = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:好的|好吧|嗯|那么|那|算了|对了)?[，,]?\s*"
    r"(?:那个|这个)?(?![我你您他她它这那咱])(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{1,10}?)"
    # (Accepting or considering it, "朝北的其实也可以接受", says the thing is fine too:
    # `_ZH_ALSO_OK`.)
    r"(?:其实|倒是)(?:也|还是)?可以(?!接受|考虑)(?P<verb>[\u4e00-\u9fff]{1,2}?)(?:的|了)?(?:吧|哦|啊|啦|呀)*"
    r"(?=$|[。！!，,；;\s])"
)
# "烟花可以放", "发票可以开": the thing, then that it may be done, with no 了; a sentence by
# itself (not "…可以放吗", not a past report "上次也可以放", not "也可以", `_ZH_ALSO_FINE`).
_ZH_TOPIC_MAY_BARE = re.compile(
    r"(?:^|(?<=[。！!；;\n]))\s*(?:好的|好吧|嗯|那么|那|现在|所以)?[，,]?\s*"
    r"(?![我你您他她它这那咱])(?!(?:[^，,。！!；;]*?)(?:上次|上回|以前|之前|那时|当时|去年|过去))"
    r"(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?<![也都还又不])(?:现在|就|已经)*可以"
    r"(?P<verb>[\u4e00-\u9fff])(?:吧|哦|啊|啦|呀)*(?=$|[。！!；;\n])"
)
# "烟花的事我跟酒店谈好了，可以放了": the matter named first ("X的事"), then in the next clause
# that it may be done now.
_ZH_MATTER_MAY = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:好的|好吧|嗯|那么|那|其实)?[，,]?\s*"
    r"(?![我你您他她它这那咱])(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)的事(?:情|儿)?"
    r"[^，,。！!；;？?\n]{0,16}[，,]\s*(?:现在|那|所以)?(?:也|就|都)?可以(?P<verb>[\u4e00-\u9fff]{1,2}?)"
    r"了(?:吧|哦|啊|啦|呀)*(?=$|[。！!，,；;\s])"
)
# "The prod database can be restarted now.": the thing first, the action in the passive.
_EN_TOPIC_MAY = re.compile(
    rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}(?:{_EN_CHANGE}\b,?\s+)*"
    r"(?!(?:it|that|this|everything|all|which|what|there|here|i|we|you|he|she|they)\b)"
    r"(?P<obj>[\w'/+#-]+(?:\.\w+)*(?: [\w'/+#-]+(?:\.\w+)*){0,3}) (?:can|may) "
    r"(?:now |also |safely )?be (?P<verb>[a-z]+)(?: now| again| after all| from now on)?"
    r"(?=[.!;\n]|$)"
)
# Participles that do not end in "-ed", by their gerund.
_EN_PARTICIPLES = {
    *(("shown", "showing"), ("given", "giving"), ("sent", "sending"), ("written", "writing")),
    *(("told", "telling"), ("made", "making"), ("taken", "taking"), ("run", "running")),
    *(("done", "doing"), ("put", "putting"), ("bought", "buying"), ("sold", "selling")),
}
_EN_GERUND = dict(_EN_PARTICIPLES)


def _gerund(participle: str) -> str | None:
    """ "restarted" -> "restarting", "modified" -> "modifying", "shown" -> "showing": the
    form the ledger matches against a rule's verb (`ledger._action_named`); None for a word
    that is no participle."""
    p = participle.lower()
    if p in _EN_GERUND:
        return _EN_GERUND[p]
    if p.endswith("ied") and len(p) > 4:
        return p[:-3] + "ying"
    if p.endswith("ed") and len(p) > 4:
        return p[:-2] + "ing"
    return None


def _topic_first_lifts(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_TOPIC_MAY` and `_EN_TOPIC_MAY` permissions, about the action on the thing ("重启生产
    数据库", "restarting the prod database"), each lifting a rule only if one is in force."""
    out: list[_Hit] = []
    for m in (
        *_ZH_TOPIC_MAY.finditer(text),
        *_ZH_TOPIC_ACTUALLY_MAY.finditer(text),
        *_ZH_TOPIC_MAY_BARE.finditer(text),
        *_ZH_MATTER_MAY.finditer(text),
    ):
        at, verb = m.start("obj"), m.group("verb")
        words = list(jieba.posseg.cut(verb))
        if (
            _inside(at, spans)
            or len(words) != 1
            or not (words[0].flag.startswith("v") or verb in _ZH_VERBS)
            or _ZH_CUE_RX.search(m.group("obj"))
            or any(h.start == at for h in out)
        ):
            continue
        out.append(_topic_lift(text, m, normalize_subject(verb + m.group("obj"))))
    if LATIN_LETTER.search(text):
        for m in _EN_TOPIC_MAY.finditer(text):
            gerund = _gerund(m.group("verb"))
            if _inside(m.start("obj"), spans) or gerund is None:
                continue
            out.append(_topic_lift(text, m, normalize_subject(f"{gerund} {m.group('obj')}")))
    for h in out:
        spans.append((h.start, h.start + len(h.constraint.text)))
    return out


# After a permission, what the speaker will do with it: "…，那就周六搬吧".
_ZH_THEN_DO = re.compile(r"[，,]\s*(?:那就|那|就)[^，,。；;！!？?\n]{1,12}?吧")


def _topic_lift(text: str, m: re.Match[str], subject: str) -> _Hit:
    start, end = _clause_span(text, m.start("obj"))
    if m.re is _ZH_MATTER_MAY:
        end = _clause_span(text, m.end() - 1)[1]  # the matter's clause through the permission
    if (then := _ZH_THEN_DO.match(text, end)) is not None:
        end = then.end()  # the permission with what it lets the speaker do
    cue = text[m.end("obj") : m.end()].strip()
    return _lifting(m.start("obj"), text[start:end].strip(), "forbid", subject, cue + IF_RULED)


def _one_lift_a_sentence(text: str, hits: list[_Hit]) -> list[_Hit]:
    """ "Actually, FedEx is fine, go ahead and use FedEx.": one permission, said twice in a
    sentence, kept once with the whole sentence."""
    out: list[_Hit] = []
    for h in sorted(hits, key=lambda h: h.start):
        sentence = _sentence_start(text, h.start)
        i = next(
            (
                i
                for i, p in enumerate(out)
                if _sentence_start(text, p.start) == sentence
                and normalize_subject(p.constraint.subject)
                == normalize_subject(h.constraint.subject)
            ),
            None,
        )
        if i is None:
            out.append(h)
            continue
        whole = text[sentence : _sentence_end(text, h.start)].strip()
        prev = out[i]
        if len(whole) > len(prev.constraint.text):
            out[i] = _Hit(prev.start, prev.constraint.model_copy(update={"text": whole}))
    return out


# "四星级的也可以", "中通也行", "四星就行": another thing of the kind an only-rule names is fine
# too, so that rule no longer holds (`same_kind`); "不一定要五星级": a rule asking for it is
# lifted. Both stand only if a rule in force is lifted or widened (`IF_RULED`).
_ZH_ALSO_OK = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:那|那么|其实|嗯|好吧|好的|那就)?[，,]?\s*"
    r"(?![我你您他她它这那咱])(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{1,8}?)的?"
    # "电车其实也行", "朝北的其实也可以接受": the hedge and the verb of accepting say no more.
    r"(?:其实|现在|倒是)?"
    r"(?P<cue>(?:也|就)(?:可以(?:接受)?|行|没关系|没问题|成|好)|也OK|也ok)(?:的|了|吧|啊|呀|哦|啦)*"
    r"(?=$|[，,。！!；;])"
)
_ZH_NOT_NEEDED = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:其实|那|嗯|好吧|好的)?[，,]?\s*(?:也)?"
    r"(?P<cue>不一定(?:要|得|非要|是)|不(?:必|用)非(?:要|得))(?P<obj>[^，,。；;！!？?]{1,12})"
    r"(?=$|[，,。！!；;])"
)
# "在职证明上写月薪也可以", "邮件里提我的名字也行": what a rule forbade, said again without its
# cue, is fine too. Lifts only the rule it restates (`ledger._said_without_cue`).
_ZH_DOING_ALSO_OK = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))(?:那|那么|其实|嗯|好吧|好的|那就)?[，,]?\s*"
    r"(?![我你您他她它这那咱])(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{2,16}?)(?:其实|现在|倒是)?"
    r"(?P<cue>也(?:可以|行|没关系|没问题|成))(?:的|了|吧|啊|呀|哦|啦)*(?=$|[，,。！!；;])"
)
# The widening a `_ZH_ALSO_OK` clause says, by its cue.
_ZH_ALSO_CUES = ("也可以", "也行", "也没关系", "也没问题", "也成", "也好", "也OK", "也ok")


_NUMERAL = re.compile(r"^(?:[一二两三四五六七八九十百千]+|\d+)")
_EN_NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
# A kind counted in a unit: "five-star", "4-star hotel", "two-bedroom flat".
_EN_COUNTED = rf"(?:\d+|{'|'.join(_EN_NUMBERS)})[- ](?:star|bedroom|bed|seater|door)s?"
_EN_COUNTED_AT = re.compile(
    rf"(?i)(?:an?\s+)?(?P<n>\d+|{'|'.join(_EN_NUMBERS)})[- ]"
    r"(?P<unit>star|bedroom|bed|seater|door)(?![a-z])"
)


def _count(n: str) -> str:
    n = n.lower()
    return str(_EN_NUMBERS.index(n) + 1) if n in _EN_NUMBERS else n.lstrip("0")


_NAME_TAGS = frozenset(["nz", "nt", "nr", "ns", "nrt", "j", "eng"])


def names_alternative(c: Constraint) -> bool:
    """Whether `c` says another thing of an only-rule's kind is fine ("中通也可以", "Four-star
    is fine too.")."""
    if not lifts_only_a_rule(c):
        return False
    cue = c.cue.removesuffix(IF_RULED)
    return cue.startswith((*_ZH_ALSO_CUES, "就")) or _EN_ALSO_CUE.fullmatch(cue) is not None


# "Four-star is fine too", "A four-star one is OK as well", "3-star hotels are also fine":
# another count of a counted kind a rule asked for is fine too. Only a counted kind: "Breakfast
# is fine too" or "That is fine too" widen no rule.
_EN_ALSO_CUE = re.compile(
    r"(?i)(?:is|are|would be|will be)\s+(?:also\s+(?:fine|ok|okay|good|acceptable|alright"
    r"|all right)|(?:fine|ok|okay|good|acceptable|alright|all right)\s+(?:too|as well|also))"
    r"|(?:works?|would work|will work)\s+(?:too|as well)"
)
_EN_ALSO_OK = re.compile(
    rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}(?:(?:then|actually|but|in that case)\b,?\s+)?"
    rf"(?:an?\s+)?(?P<obj>{_EN_COUNTED}"
    r"(?:\s+(?!(?:ones?|is|are|would|will|works?)\b)[a-z]+){0,2})(?:\s+ones?)?\s+"
    rf"(?P<cue>{_EN_ALSO_CUE.pattern.removeprefix('(?i)')})(?:,?\s+(?:with me|for me|then))?"
    r"(?=[.!;,\n]|$)"
)


# "Economy is fine too", "Aisle seats are OK as well", "Premium economy works too": another
# kind of a thing, named by more than one word or by a kind whose head English leaves off
# (`_EN_ELIDED_KINDS`). "Breakfast is fine too" or "Friday is fine too" name no kind of a rule's
# thing: they are not read.
_EN_ALSO_OK_THING = re.compile(
    rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}(?:(?:then|actually|but|in that case)\b,?\s+)?"
    r"(?:an?\s+|the\s+)?(?!(?:it|that|this|everything|all|which|what|there|here|i|we|you|he|she"
    r"|they|those|these|both|either|any|anything|one|mine|yours|is|are)\b)"
    r"(?P<obj>[a-z][\w'-]*(?:\s+(?!(?:ones?|is|are|would|will|works?|was|were)\b)[a-z][\w'-]*)"
    r"{0,2})(?:\s+ones?)?\s+"
    rf"(?P<cue>{_EN_ALSO_CUE.pattern.removeprefix('(?i)')})(?:,?\s+(?:with me|for me|then))?"
    r"(?=[.!;,\n]|$)"
)
# Heads English leaves off when it names another kind ("Only business class." then "Economy is
# fine too."), with the kinds each takes: a word alone names a kind only when it is one of them.
_EN_ELIDED_KINDS: dict[str, frozenset[str]] = {
    "class": frozenset(["economy", "premium economy", "business", "first"]),
    "seat": frozenset(["window", "aisle", "middle"]),
}
_EN_KINDS = frozenset(k for kinds in _EN_ELIDED_KINDS.values() for k in kinds)


def _en_also_ok(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_EN_ALSO_OK` and `_EN_ALSO_OK_THING` sentences, each widening a rule only if one is in
    force (`IF_RULED`)."""
    out: list[_Hit] = []
    things = (
        m
        for m in _EN_ALSO_OK_THING.finditer(text)
        if " " in m.group("obj").strip()
        or _en_words(m.group("obj"))[0] in _EN_KINDS
        or weekday(m.group("obj")) is not None  # "Saturday works too": widens a days rule
    )
    for m in (*_EN_ALSO_OK.finditer(text), *things):
        at = m.start("obj")
        if _inside(at, spans):
            continue
        start, end = _clause_span(text, at, through_comma=True)
        spans.append((at, m.end()))
        out.append(
            _lifting(
                at,
                text[start:end].strip(),
                "forbid",
                normalize_subject(m.group("obj")),
                m.group("cue") + IF_RULED,
            )
        )
    return out


# "A little chili is fine for Friday": a thing a rule forbids, allowed for one day or thing
# (`_ONE_THING`), an exception kept beside the rule (`IN_PART`); beside none it is dropped.
_EN_FINE_FOR = re.compile(
    rf"(?i)(?:^|(?<=[.;!?\n]))\s*{_EN_FILL}(?:(?:then|actually|but)\b,?\s+)?"
    r"(?:(?:a little|a bit of|a bit|some|a few|the)\s+)?"
    r"(?!(?:it|that|this|everything|all|which|what|there|here|i|we|you|he|she|they)\b)"
    r"(?P<obj>[a-z][\w'-]*(?:\s+(?!(?:is|are)\b)[a-z][\w'-]*){0,2}?)\s+"
    r"(?P<cue>(?:is|are)\s+(?:fine|ok|okay|allowed|alright))\s+(?:for|on)\s+(?:the\s+)?"
    rf"{_ONE_THING}(?:\s+(?:dinner|lunch|breakfast|meal|night|evening|morning|one))?"
    r"(?=[.!;,\n]|\s*$)"
)


def _en_fine_for_one(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_EN_FINE_FOR` clauses, each an exception beside a rule in force."""
    out: list[_Hit] = []
    for m in _EN_FINE_FOR.finditer(text):
        at = m.start("obj")
        if _inside(at, spans) or text[m.end() : m.end() + 1] == "?":
            continue
        start, end = _clause_span(text, at)
        spans.append((at, m.end()))
        subject = normalize_subject(m.group("obj"))
        out.append(_lifting(at, text[start:end].strip(), "forbid", subject, m["cue"] + IN_PART))
    return out


# "It must be a five-star hotel.", "The hotel has to be 4-star": a counted kind required. Other
# things a "must be" says are guesses or remarks ("You must be tired", "It must be a mistake"),
# and so is one with more after it ("It must be a five-star hotel, judging by the lobby").
# "It should be a five-star hotel" says what the speaker expects, not what they require.
_EN_MUST_BE = re.compile(
    r"(?i)(?:^|(?<=[.;!?\n]))\s*(?:(?:and|also|but|so|ok|okay|actually|please),?\s+)*"
    r"(?:it|they|the (?:hotel|room|place|one|car|flat|apartment|house|rental|cabin)s?)\s+"
    r"(?P<cue>must|has to|have to)\s+be\s+(?:an?\s+)?"
    rf"(?P<obj>{_EN_COUNTED}(?:\s+[a-z]+){{0,2}}?)(?:,?\s+please)?\s*(?=[.!;\n]|$)"
)


def _zh_thing(s: str) -> str:
    """A Chinese subject without the verbs before its thing: "订商务舱" -> "商务舱", "住五星级
    酒店" -> "五星级酒店" (a rule says what is done with it; another of its kind is a thing)."""
    if not _CJK_CHAR.search(s):
        return s
    words = list(jieba.posseg.cut(s))
    i = 0
    while i < len(words) - 1 and (
        words[i].flag.startswith("v")
        or words[i].word in _ZH_VERBS
        or words[i].word in _ZH_OBJ_VERBS
    ):
        i += 1
    return "".join(w.word for w in words[i:])


# Verbs before an English thing a rule names: "book business class" is about business class.
_EN_KIND_LEAD = _EN_STRIP | {"book", "fly", "get", "take", "reserve", "pick", "choose", "buy"}


def _en_words(s: str) -> list[str]:
    """The words of an English thing, singular, without the verbs before it."""
    ws = s.lower().split()
    while len(ws) > 1 and ws[0] in _EN_KIND_LEAD:
        ws.pop(0)
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in ws]


def _en_same_kind(a: str, b: str) -> bool:
    """Two English things of one kind: one head, another word before it ("window seat", "aisle
    seat"), or that head left off one of them ("business class", "economy")."""
    wa, wb = _en_words(a), _en_words(b)
    if not wa or not wb or wa == wb:
        return False
    if len(wa) > 1 and len(wb) > 1 and wa[-1] == wb[-1]:
        return True
    for head, kinds in _EN_ELIDED_KINDS.items():
        ka = " ".join(wa[:-1] if len(wa) > 1 and wa[-1] == head else wa)
        kb = " ".join(wb[:-1] if len(wb) > 1 and wb[-1] == head else wb)
        if ka != kb and ka in kinds and kb in kinds:
            return True
    return False


def same_kind(a: str, b: str) -> bool:
    """Whether two subjects name different things of one kind: "五星级" and "四星级" or "四星"
    (a number of the same unit), "川菜" and "粤菜" (one ending), "顺丰" and "中通" (two names).
    Not a time, a pointer or a count against a thing ("明天", "这个")."""
    a, b = _zh_thing(_trim(a).strip("的")), _zh_thing(_trim(b).strip("的"))
    if (ca := _EN_COUNTED_AT.match(a)) and (cb := _EN_COUNTED_AT.match(b)):
        # "five-star hotel" and "4-star": another count of the same unit.
        return (
            _count(ca.group("n")) != _count(cb.group("n"))
            and ca.group("unit").lower() == cb.group("unit").lower()
        )
    if a.isascii() and b.isascii() and (" " in a or " " in b or {a, b} & _EN_KINDS):
        return _en_same_kind(a, b)
    if not a or not b or a == b or len(a) > 6 or len(b) > 6:
        return False
    na, nb = _NUMERAL.match(a), _NUMERAL.match(b)
    if na and nb:
        # "五星级酒店" and "五星级" are one thing, not two of a kind.
        ra, rb = a[na.end() :], b[nb.end() :]
        return (
            na.group() != nb.group()
            and bool(ra and rb)
            and (ra.startswith(rb) or rb.startswith(ra))
        )
    if na or nb:
        return False
    if (
        re.fullmatch(r"[\u4e00-\u9fff]{2,4}", a)
        and re.fullmatch(r"[\u4e00-\u9fff]{2,4}", b)
        and a[-1] == b[-1]
        and len(a) == len(b)
    ):
        return True  # "川菜" and "粤菜", "经济舱" and "商务舱"
    tags = []
    for s in (a, b):
        words = list(jieba.posseg.cut(s))
        if len(words) != 1:
            return False
        tags.append(words[0].flag)
    return all(t in _NAME_TAGS for t in tags)


def _zh_thing_named(obj: str) -> bool:
    """Whether a Chinese clause's topic names a thing, not what is done or how ("去看看",
    "有", "这样"). A verb that makes a noun of the noun after it ("仿制药", "进口车") names a
    thing: the words end on a noun, and nothing else in them is a verb or a function word."""
    words = [w for w in jieba.posseg.cut(obj) if w.flag != "vn"]
    if not any(w.flag[:1] in "vdcpru" for w in words):
        return True
    return (
        len(obj) <= 4
        and words[-1].flag.startswith("n")
        and not any(w.flag[:1] in "dcpru" for w in words)
        and sum(w.flag.startswith("v") for w in words) == 1
        and words[0].flag.startswith("v")
    )


def _zh_relaxations(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_ALSO_OK` and `_ZH_NOT_NEEDED` clauses, each lifting a rule only if one is in force."""
    out: list[_Hit] = []
    kinds: tuple[tuple[re.Pattern[str], Polarity], ...] = (
        (_ZH_ALSO_OK, "forbid"),
        (_ZH_NOT_NEEDED, "require"),
        (_ZH_DOING_ALSO_OK, "forbid"),
    )
    for rx, polarity in kinds:
        for m in rx.finditer(text):
            at = m.start("obj")
            if _inside(at, spans) or _inside(m.end() - 1, spans):
                continue
            obj = _trim(m.group("obj"))
            if "的话" in obj and rx is not _ZH_NOT_NEEDED:
                # "专家号挂不上的话普通号也行": a fallback, the thing fine after its condition.
                obj = obj.rpartition("的话")[2]
            if not obj or _ZH_CUE_RX.search(obj):
                continue
            if rx is _ZH_ALSO_OK and (len(obj) > 6 or not _zh_thing_named(obj)):
                continue  # a thing, not what is done or how: "去看看也行", "有就好", "这样也行"
            if rx is _ZH_DOING_ALSO_OK and re.search(r"改成|改为|调到|调成|改到|放宽到", obj):
                continue  # "押金改成两个月也可以": a value changed (`_NEW_VALUE_RX`)
            start, end = _clause_span(text, at)
            if text[end : end + 1] in ("?", "？") or text[end - 1 : end] in ("?", "？", "吗"):
                continue
            spans.append((m.start("cue") if rx is _ZH_NOT_NEEDED else m.start("obj"), m.end()))
            # What is done keeps its verb: the rule it lifts is the same words with a cue.
            subject = obj if rx is _ZH_DOING_ALSO_OK else normalize_subject(obj) or obj
            out.append(
                _lifting(at, text[start:end].strip(), polarity, subject, m.group("cue") + IF_RULED)
            )
    return out


# "No travel insurance, please.", "No onions.": a sentence of "no" and what is not wanted. Not
# the set phrases ("No problem.", "No worries", "No one called") nor a report ("No flights
# were found", "No luck"); "No, thanks." and "No, it's Friday." answer with "No," and state none.
_EN_NO_IDIOM = (
    r"(?:problems?|prob|worries|worry|way|idea|need|rush|hurry|luck|thanks|thank|one|body|doubt"
    r"|kidding|matter|big|clue|pressure|offen[cs]e|harm|hard|comment|chance|wonder|joke|surprise"
    r"|choice|longer|more|less|sir|ma'am|madam|what|it|that|this|i|we|you|they|he|she|not|never"
    r"|no|fair|dice|biggie|bother|reason|questions?|further|other|results?|responses?|reply"
    r"|replies|answers?|change|changes|difference|signal|errors?|success|sweat|stress|rest|time"
    r"|money|sense|mercy|excuse|pun|shit|cap|drama|news|go|can|preferences?|particular"
    r"|specific|plans?|the|an?|my|your|his|her|its|our|their|just|all|any|some|actually|sorry"
    r"|wait|thats?|i'm|im|it's"
    # "…, no exceptions": how firmly a rule holds, nothing ruled out (`_EN_FIRM`).
    r"|exceptions?)"
)
# How firmly a rule holds, said after it: "Everything vegetarian, no exceptions", "No shellfish,
# ever", "Speakers get 20 minutes max, strictly" (not "strictly speaking").
_EN_FIRM = (
    r"(?:no exceptions?|without (?:any )?exceptions?|no matter what|strictly(?! speaking)"
    r"|ever(?: again)?|period|full stop|non-negotiable)"
)
_EN_FIRM_TAIL = rf",\s*{_EN_FIRM}\s*(?=[.!;\n]|$)"
# Why the speaker rules a thing out, said after it: "No shellfish places, my wife is allergic",
# "No onions, I hate them", "No stairs, since my knee is bad". (Not "No seats, they're sold
# out", "No flights, I checked": what was found, not why.)
_EN_NO_REASON = (
    r",\s*(?:because|since|as|cause|'cause|my|our|his|her|the kids?|i'm|i am|we're|we are"
    r"|i (?:hate|can't|cannot|don't|do not|never|get|have|am)|we (?:hate|can't|cannot|don't"
    r"|do not|never|get|have)|(?:he|she)(?:'s| is| hates?| can't| doesn't| gets?)"
    # What went wrong before: "No transshipment through Colombo, we had a six-week delay there
    # last year" (not "No flights, we had to drive", "No rooms, we had a look").
    r"|(?:i|we) (?:had|got|lost|missed)(?! to\b| a (?:look|check|search|quick look)\b)"
    r"|(?:the )?last time)\b"
)
_EN_NO = re.compile(
    # A sentence's start, or a second rule joined to the one before ("Never book before 9 AM,
    # and no meetings on Fridays"), or after a request ("Rebook me, no red-eyes please": see
    # `_EN_REQUEST`), or after its reason ("I'm vegetarian so no meat or fish").
    r"(?i)(?:^|(?<=[.;!?\n])|(?<=,)(?=\s*(?:(?:and|but|also|plus)\s|no\s))|(?<=\bso\s))\s*"
    r"(?:(?:no|oh|ok|okay|and|also|but|actually|so|please|and please|and also|plus"
    r"|then|again),?\s+)?(?P<cue>no)\s+"
    rf"(?!{_EN_NO_IDIOM}\b)(?P<obj>[a-z][\w'/+#-]*(?:\.\w+)*(?:\s+(?!please\b|thanks?\b)"
    r"[\w'/+#-]+(?:\.\w+)*){0,7})(?:,?\s+(?:please|thanks|thank you))?\s*"
    rf"(?=[.!\n]|$|{_EN_NO_REASON}|{_EN_FIRM_TAIL})"
)
# A sentence told of the past: "I was tired so no dinner for me yesterday".
_EN_PAST = re.compile(
    r"(?i)\b(?:was|were|had|did|went|got|yesterday|last (?:night|week|time|month|year))\b"
)
# A request a "no X" may follow after a comma: an imperative ("Book a table", "Rebook me"), or a
# need said ("Need a flight", "I'd like a room"). Not a report ("I called them, no answer").
_EN_REQUEST = re.compile(
    rf"(?i)\s*(?:(?:please|ok|okay|and|so|also|then),?\s+)*(?:{_EN_VERBS}|[a-z]+\s+(?:me|us)\b"
    r"|(?:can|could|would|will) you\b|(?:i|we)(?:'d| would)? (?:need|want|like)\b|need\b"
    r"|looking for\b|find\b|reserve\b|rebook\b|arrange\b|plan\b)"
)
# A verb in the words after "no" makes them a statement: "No flights were found", "No one is
# coming", "No rooms left".
_EN_NO_STATED = re.compile(
    r"(?i)\b(?:is|are|was|were|be|been|being|has|have|had|do|does|did|can|could|will|would"
    r"|should|shall|may|might|must|left|found|available|yet|here|there|at all|came|went|got"
    r"|seems?|looks?)\b|'(?:s|re|ve|ll|d)\b"
)
# "Please use Python 3.12 syntax only.", "Reply in English only, please.": "only" that ends an
# instruction (one that starts with a verb, or says "please"). Not "I have one question only",
# "This is for internal use only", "not only", "if only".
_EN_TRAILING_ONLY_LEAD = re.compile(r"(?i)(?:(?:please|kindly|just|and|so)\s+)*")
_EN_PLEASE_AFTER = re.compile(r"(?i),?\s*please\b[.!]?")
# Instruction verbs of how to put things, before a trailing "only": "Explain things using metric
# units only.", "Quote prices in euros only."
_EN_PUT_VERB = re.compile(
    r"(?i)(?:explain|describe|summari[sz]e|quote|measure|express|state|convert|calculate"
    r"|translate|communicate|discuss|present|report|label|note|give me|message|text)\b"
)
# "Use Decimal with ROUND_HALF_UP, not float.": an instruction of how to work, then what not
# to do instead. ("not only X but Y", "not yet", "not now" name nothing ruled out; "Book it for
# 2 people, not 3" corrects one request, and a bare number is no rule's subject.)
_EN_HOW_VERBS = (
    r"(?:use|using|reply|respond|answer|write|speak|talk|format|return|output|export|save"
    r"|stick to|stick with|keep|show|display|print|list|sort|round|store|send|indent|quote"
    r"|target|support|import|install|run|test|deploy|touch|modify|edit|refactor|rename|commit"
    r"|push|switch to|include|mention|add|give|recommend|suggest|cc|email|contact|call"
    # Where money or goods go: "Refund to the original card, not store credit."
    r"|refund|ship|deliver|pay|charge|bill|transfer|forward)\b"
)
_EN_INSTEAD = re.compile(
    # At a sentence's start or after a comma: "In the etl-jobs repo, use poetry …, not pip."
    r"(?i)(?:^|(?<=[.;!?:,\n]))\s*(?:(?:please|just|and|so|also|then),?\s+)*"
    rf"(?P<x>{_EN_HOW_VERBS}\s+{_EN_OBJ}+?)(?:,?\s+(?:not|instead of|rather than)"
    # "Use quartz countertops, no granite." (not "Send it today, no rush")
    rf"|,\s+(?P<no>no)(?!\s+{_EN_NO_IDIOM}\b))\s+"
    r"(?!only\b|just\b|even\b|sure\b|really\b|yet\b|until\b|now\b|necessarily\b|because\b"
    r"|to\b|that\b|the same\b|always\b|exactly\b|quite\b|too\b|so\b|very\b|all\b)"
    rf"(?=[^,.;!?\n]*[a-z])(?P<y>{_EN_OBJ}+?)\s*(?=[,.;!?\n]|$)"
)
_EN_AND_NOT = re.compile(r"(?i)\s+(?:but|and|or)$")


# "You should reply in English.", "Replies should be in Chinese.": "should" said of the
# assistant's replies is an instruction, where said of anything else it is an expectation
# ("It should be near the station"). A cue in it reads it instead ("… should always …").
_EN_SHOULD = re.compile(
    r"(?i)(?:^|(?<=[.;!?\n]))\s*(?:(?:and|also|but|so|ok|okay|actually|please|from now on"
    r"|going forward),?\s+)*(?:you\s+should\s+(?=(?:reply|respond|answer|write|speak|talk|use"
    r"|format|show|display|include|mention|address|sign)\b)|(?:your |the |all |all your )?"
    r"(?:replies|answers|responses|reply|answer|response|output)\s+should\s+)"
    rf"(?!not\b|never\b|probably\b|maybe\b|always\b|only\b)(?P<obj>{_EN_OBJ}{{2,60}}?)"
    r"(?:,?\s+please)?\s*(?=[!;\n]|\.(?!\w)|$)"
)


# "Oh and the table should be sorted by year, newest first.", "All amounts should be rounded to
# whole euros.": how something produced for the user is to be; the whole sentence is the rule.
# Not a state expected ("The table should be ready by noon", "The report should be in my inbox"),
# a thing other than output ("The hotel should be near the station"), nor a past one ("… should
# have been sorted").
_EN_OUTPUT_NOUN = (
    r"(?:tables?|lists?|reports?|summar(?:y|ies)|results|outputs?|spreadsheets?|sheets?|charts?"
    r"|csvs?|columns?|rows|entries|dates|numbers|amounts|prices|figures|totals|bibliography"
    r"|references|citations|sources|slides?|notes|timestamps|times)"
)
_EN_SHOULD_BE = re.compile(
    r"(?i)(?:^|(?<=[.;!?\n]))\s*(?:(?:oh|and|also|but|so|ok|okay|actually|please)\b,?\s+)*"
    r"(?P<rule>(?:the\s+|all\s+(?:the\s+|your\s+)?|every\s+|each\s+|your\s+)?"
    rf"(?:[a-z][\w-]*\s+){{0,2}}?{_EN_OUTPUT_NOUN}\s+"
    r"(?P<cue>should|must|needs? to|has to|have to)\s+(?:always\s+)?be\s+"
    r"(?:(?:sorted|ordered|grouped|ranked|listed|arranged|formatted|written|rounded|shown"
    r"|displayed|labell?ed|numbered|capitali[sz]ed|aligned|split|broken down)\b"
    r"|in\s+(?:alphabetical|chronological|reverse|ascending|descending|plain|bullet|markdown|json"
    r"|csv|table|english|chinese|french|german|spanish|japanese|usd|eur|gbp|utc|iso|one|a single"
    r"|the same|title|upper|lower|\d)\b"
    r"|(?:under|below|within|at most|no more than|less than|fewer than)\s+\S)"
    r"[^;!?\n]*?)\s*(?=[;!\n]|\.(?!\w)|$)"
)
# "Output as a markdown table with columns Citation, Finding, N.": the columns asked for are the
# rule's words too (the list's commas do not end it). Not a table described ("The table has
# columns …"), asked for ("Can you …?") or made ("I made a table with columns …").
_EN_COLUMNS = re.compile(
    r"(?i)(?:^|(?<=[.;!?\n]))\s*(?:(?:oh|and|also|so|ok|okay|please|then)\b,?\s+)*"
    r"(?P<rule>(?:please\s+)?(?:output|format|return|present|give me|show me|make|put|lay out"
    r"|export|write|display|deliver|send|produce|render|build|create|organi[sz]e|summari[sz]e"
    r"|tabulate)\b[^.;!?\n]{0,80}?\b(?:with|using|having)\s+(?:the\s+|these\s+|\w+\s+)?"
    r"(?:columns?|headers?|headings?|fields)\b:?\s*[^;!?\n]+?)\s*(?=[;!\n]|\.(?!\w)|$)"
)


def _en_output_shapes(text: str, skip: list[tuple[int, int]]) -> list[_Hit]:
    """`_EN_SHOULD_BE` and `_EN_COLUMNS` rules, each its whole sentence."""
    out: list[_Hit] = []
    for rx, cue in ((_EN_SHOULD_BE, "should"), (_EN_COLUMNS, "columns")):
        for m in rx.finditer(text):
            if _inside(m.start("rule"), skip) or text[m.end() : m.end() + 1] in ("?", "？"):
                continue
            clause = text[_sentence_start(text, m.start()) : _sentence_end(text, m.end())].strip()
            out.append(_Hit(m.start("rule"), _make(clause, "require", m["rule"], cue, 0.75)))
            skip.append(m.span("rule"))
    return out


def _en_shapes(text: str, skip: list[tuple[int, int]]) -> list[_Hit]:
    """English rules no cue word starts: "No X, please", "X, not Y"; and "It must be a
    five-star hotel", which the cue "must" leaves (`_EN_MUST_BE`)."""
    out: list[_Hit] = []
    for m in _EN_SHOULD.finditer(text):
        if _inside(m.start("obj"), skip) or _EN_CUES.search(m.group("obj")):
            continue
        clause = _clause_at(text, m.start("obj"), through_comma=True)
        out.append(_Hit(m.start("obj"), _make(clause, "require", m.group("obj"), "should", 0.75)))
        skip.append((m.start(), m.end()))
    out.extend(_en_output_shapes(text, skip))
    for m in _EN_MUST_BE.finditer(text):
        if _inside(m.start("obj"), skip):
            continue
        clause = _clause_at(text, m.start("obj"), through_comma=True)
        out.append(_Hit(m.start("cue"), _make(clause, "require", m.group("obj"), m["cue"], 0.75)))
        skip.append((m.start("cue"), m.end()))
    for m in _EN_NO.finditer(text):
        obj = m.group("obj")
        if _inside(m.start("cue"), skip) or _EN_NO_STATED.search(obj):
            continue
        sentence = _sentence_start(text, m.start())
        after_request = text[m.start() - 1 : m.start()] == "," and not _EN_JOINED.search(
            text, sentence, m.start("cue")
        )
        if after_request and (
            not _EN_REQUEST.match(text, sentence)
            # "Use quartz countertops, no granite.": both read by `_EN_INSTEAD`.
            or any(i["no"] and i.start("no") == m.start("cue") for i in _EN_INSTEAD.finditer(text))
        ):
            continue  # "I called them, no answer": a report, not a request's limit
        if text[m.start() - 3 : m.start()].lower() == "so " and _EN_PAST.search(
            text, sentence, _sentence_end(text, m.end())
        ):
            continue  # "I was tired so no dinner yesterday": what happened, not a rule
        clause = _clause_at(text, m.start("cue"), through_comma=True)
        if after_request or _EN_JOINED.search(text, sentence, m.start("cue")):
            clause = text[m.start("cue") : _sentence_end(text, m.end())].strip()
        out.append(_Hit(m.start("cue"), _make(clause, "forbid", obj, m.group("cue"), 0.75)))
        skip.append((m.start("cue"), m.end()))
    for m in _EN_INSTEAD.finditer(text):
        if _inside(m.start("x"), skip) or _inside(m.start("y"), skip):
            continue
        if _one_off_swap(text, m.start("x"), m["y"]):
            continue
        clause = _clause_at(text, m.start("x"), through_comma=True)
        if clause.endswith("?") or text[m.end() :].lstrip().startswith("?"):
            continue
        x = _EN_AND_NOT.sub("", m.group("x"))
        if m["no"] and _EN_NO_STATED.search(m["y"]):
            continue  # "Use the old key, no one has rotated it": a statement after "no"
        kept, x = _only_or_require(x)
        how = "only" if kept == "only" else "instead"
        out.append(_Hit(m.start("x"), _make(clause, kept, x, how, 0.75)))
        cue = m["no"] or "not"
        out.append(_Hit(m.start("y"), _make(clause, "forbid", m.group("y"), cue, 0.75)))
        skip.append((m.start("x"), m.end()))
    return out


# "but this one time don't CC Priya", "don't CC her this time": an exception for one
# occasion, no standing rule.
_EN_ONCE_BEFORE = re.compile(rf"(?i)\b{_EN_ONCE}\b,?\s*(?:please\s+|just\s+)?$")
_EN_ONCE_AFTER = re.compile(rf"(?i)\s{_EN_ONCE}(?:\s+(?:round|around))?$")


_ZH_ONCE = re.compile(
    r"(?:就|只有?|仅)?(?:这一次|这次|这一回|这回|这单|这一单)(?:的话)?(?:就|先|你|请|也|可以)?[，,]?\s*$"
)


def _for_one_occasion(before: str, obj: str) -> bool:
    return bool(_EN_ONCE_BEFORE.search(before) or _EN_ONCE_AFTER.search(" " + obj))


def _only_or_require(x: str) -> tuple[Polarity, str]:
    """ "send all mail by email only" as an only-rule of what precedes "only"."""
    body = re.sub(r"(?i)\s+only$", "", x)
    return ("only", body) if body != x else ("require", x)


def _trailing_only(text: str, cue_start: int, cue_end: int, start: int) -> _Hit | None:
    """ "Please use Python 3.12 syntax only." as a rule, or None."""
    before = text[start:cue_start].strip()
    if (opener := _EN_OPENERS.match(before)) is not None:
        before = before[opener.end() :].strip()  # "OK, vegetarian restaurants only."
    lead = _EN_TRAILING_ONLY_LEAD.match(before)
    body = before[lead.end() if lead else 0 :]
    after = text[cue_end:]
    please = _EN_PLEASE_AFTER.match(after) is not None or bool(lead and lead.group())
    if not body or not (
        _EN_VERB.match(body)
        or _EN_PUT_VERB.match(body)
        or (please and re.search(r"\s", body))
        or _noun_phrase_only(text, start, body)
    ):
        return None
    if re.search(r"(?i)\b(?:not|if)$", body) or re.fullmatch(rf"(?i){EN_OCCASION}", body + " only"):
        return None  # "And for this loop only, …": for how long, the rule after it
    end = _EN_OBJ_END.search(text, cue_end)
    stop = end.start() if end else len(text)
    if please and text[stop : stop + 1] == ",":
        m = _EN_PLEASE_AFTER.match(text, stop)
        stop = m.end() if m else stop
    elif end is not None and end.group() == ".":
        stop += 1
    if _EN_SO.match(text, start) and not _EN_CUES.search(
        text, sentence := _sentence_start(text, start), start
    ):
        # "All bloods have to be drawn fasting, so morning slots only.": the reason is the rule.
        start = sentence
    clause = text[start:stop].strip()
    return _Hit(cue_start, _make(clause, "only", body, text[cue_start:cue_end], 0.75))


_EN_REASON_AFTER = re.compile(r"(?i)" + _EN_NO_REASON)
_EN_ALWAYS_LEAD = re.compile(r"(?i)(?:(?:oh|and|also|so|please|just|but|ok|okay)\b,?\s+)*")
# What ends a thing said before "always" that is no thing wanted: "Same as always", "Almost
# always", "Forever and always", "Love you always".
_EN_NOT_ALWAYS_THING = re.compile(
    r"(?i)\b(?:as|like|than|and|or|almost|nearly|not|usually)$|\b(?:you|me|us|him|her|them)\b"
)


def _trailing_always(text: str, cue_start: int, cue_end: int, start: int) -> _Hit | None:
    """ "Aisle seats always." as a rule of the thing wanted, or None; a reason after it is kept
    ("…, my husband is tall")."""
    before = text[start:cue_start]
    lead = _EN_ALWAYS_LEAD.match(before)
    body = before[lead.end() if lead else 0 :].strip()
    if (
        _EN_NP_ONLY.fullmatch(body) is None
        or _EN_NO_STATED.search(body)
        or _EN_NOT_ALWAYS_THING.search(body)
    ):
        return None
    end = _EN_OBJ_END.search(text, cue_end)
    stop = end.start() if end else len(text)
    if _EN_REASON_AFTER.match(text, stop):
        stop = _sentence_end(text, stop)
    elif end is not None and end.group() == ".":
        stop += 1
    clause = text[start:stop].strip()
    return _Hit(cue_start, _make(clause, "require", body, text[cue_start:cue_end], 0.75))


# "Non-smoking rooms only.", "Direct flights only.": a sentence of a thing and "only" is a rule.
# Not of a pronoun, a count or a purpose ("It was cash only", "One question only", "For
# internal use only"), nor a statement ("Rooms are available only").
_EN_NP_ONLY = re.compile(
    r"(?i)(?!(?:i|we|you|he|she|it|they|this|that|these|those|there|here|for|to|by|in|on|at"
    r"|one|two|three|four|five|six|seven|eight|nine|ten|a|an|the|my|our|just|not|if)\b)"
    r"[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}"
)


def _noun_phrase_only(text: str, start: int, body: str) -> bool:
    """Whether `body` before a trailing "only" is a thing said as its own sentence."""
    sentence = _sentence_start(text, start)
    opener = _EN_OPENERS.match(text, sentence)
    if text[sentence:start].strip() and (opener is None or opener.end() < start):
        return False
    return _EN_NP_ONLY.fullmatch(body) is not None and not _EN_NO_STATED.search(body)


def _make(clause: str, polarity: Polarity, obj: str, cue: str, conf: float) -> Constraint:
    return Constraint(
        text=clause,
        polarity=polarity,
        subject=normalize_subject(obj) or obj.strip(),
        cue=cue,
        confidence=conf,
    )


# The dot of a title before a name ("Dr. Osei", "Mrs. Lee") or of "e.g."/"i.e." mid-sentence
# ends no sentence: "Always copy Dr. Osei on changes." is one rule, not "Always copy Dr.".
# (After the name, "Dr. Osei. Then …" ends as usual.) Put right after an escaped dot.
_NOT_ABBREVIATION = (
    r"(?-i:(?!(?:(?<=\bDr\.)|(?<=\bMr\.)|(?<=\bMrs\.)|(?<=\bMs\.)|(?<=\bProf\.)|(?<=\bSt\.))"
    r"[ \t]+[A-Z])(?!(?:(?<=\be\.g\.)|(?<=\bi\.e\.))[ \t]+\S))"
)
# Where a clause ends: CJK and ASCII stops, and a full stop before a space or the end (not
# the dots of "cache.ts", "2.10.4" or "3.5").
_STOPS = re.compile(r"[。；;！!？?\n]|\.(?=\s|$)" + _NOT_ABBREVIATION)
# A comma of thousands ("under $45,000") is no clause's end.
_EN_COMMA = r"(?<!\d),|,(?!\d{3}(?!\d))"
_STOPS_COMMA = re.compile(r"[，。；;！!？?\n]|" + _EN_COMMA + r"|\.(?=\s|$)" + _NOT_ABBREVIATION)
# Where an English rule's object ends: as its clause does, but a dot inside a name or a
# number ("src/app.py", "3.12") is no stop; "Only touch src/app.py." reads "touch src/app.py".
_EN_OBJ_END = re.compile(r"[;!?\n]|" + _EN_COMMA + r"|\.(?!\w)" + _NOT_ABBREVIATION)


# Words that open an English sentence before a comma and state nothing of their own: the rule
# after them keeps them, as the user wrote it ("No, I don't want travel insurance.",
# "Actually, you can use pandas now.").
_EN_OPENERS = re.compile(
    r"(?i)(?:\s*(?:no|nope|yes|yeah|yep|ok|okay|alright|all right|actually|well|oh|hmm+|um+|uh"
    r"|also|and|but|so|please|sorry|wait|hey|right|fine|great|cool|sure|thanks|thank you|then"
    r"|btw|by the way|on second thoughts?|in that case|one more thing|again|oh and|and also)"
    r"\s*,)+"
)


def _clause_span(text: str, pos: int, *, through_comma: bool = False) -> tuple[int, int]:
    """(start, end) of the clause around `pos`, after any "Note:"/"提醒一下：" lead-in, with
    the English openers before it ("No, ", "Actually, ")."""
    stops = _STOPS if through_comma else _STOPS_COMMA
    start = 0
    for m in stops.finditer(text, 0, pos):
        start = m.end()
    if not through_comma and text[start - 1 : start] == ",":
        sentence = 0
        for m in _STOPS.finditer(text, 0, start):
            sentence = m.end()
        if (o := _EN_OPENERS.match(text, sentence)) is not None and o.end() == start:
            start = sentence
    end = stops.search(text, pos)
    if end is None:
        return _after_lead_in(text, start, pos), len(text)
    # A full stop stays with its sentence, as the user wrote it ("Keep it short.").
    return _after_lead_in(text, start, pos), end.end() if end.group() == "." else end.start()


def _clause_at(text: str, pos: int, *, through_comma: bool = False) -> str:
    start, end = _clause_span(text, pos, through_comma=through_comma)
    return text[start:end].strip()


def _after_lead_in(text: str, start: int, pos: int) -> int:
    """Skip a label before a colon ("提醒一下：", "One more thing:"): it is framing, not the
    rule. A colon between digits (10:30) is part of a time, not a label's end."""
    for i in range(pos - 1, start - 1, -1):
        ch = text[i]
        if ch == "：" or (
            ch == ":" and not (text[i - 1 : i].isdigit() and text[i + 1 : i + 2].isdigit())
        ):
            return i + 1
    return start


def _with_alternative(
    text: str, end: int, rx: re.Pattern[str], weak: re.Pattern[str] | None
) -> tuple[int, str | None]:
    """Extend a forbid clause ending at `end` through a next clause naming the alternative.

    "导出不要用PDF，用Excel", "Don't use PDF, export as Excel": cut at the comma, the rule loses
    what the user wants instead. Returns the new end and the alternative (None: no extension).
    """
    if text[end : end + 1] not in ("，", ","):
        return end, None
    m = rx.match(text, end + 1) or (weak.match(text, end + 1) if weak else None)
    if m is None:
        return end, None
    stops = "，,。；;！!？?\n"
    ends = [i for i in (text.find(c, m.end()) for c in stops) if i != -1]
    stop = min(ends) if ends else len(text)
    if text[stop : stop + 1] in ("？", "?"):
        return end, None  # "不要PDF，用Excel可以吗？" asks
    alt = text[m.end() : stop].strip(_PARTICLES)
    return (stop, alt) if alt else (end, None)


# After a forbid clause, what will do instead: "有事别打电话，发短信就行", "别订酒店了，住我家就
# 好", "Don't call me, a text is fine". (Not of the speaker: "别来接我，我自己打车就行" is
# theirs to do.)
_ZH_ENOUGH = re.compile(
    r"[，,]\s*(?:(?:就|直接|只)\s*)?(?P<alt>(?![我你您他她它这那])[^，,。；;！!？?\n]{1,16}?)\s*"
    r"(?:就行|就好|就可以|即可|就成|就够了|就够)(?:了|吧|啊|哈)*\s*(?=[，,。；;！!\n]|$)"
)
_EN_ENOUGH = re.compile(
    r"(?i),\s*(?:just\s+)?(?P<alt>(?!(?:i|we|it|that|this|they|he|she)\b)"
    r"(?:an?\s+)?[a-z][\w-]*(?:\s+[\w-]+){0,3}?)\s+(?:is|are|would be|will be|works)"
    r"(?:\s+(?:fine|enough|ok|okay|better|best))?\s*(?=[.;!\n]|$)"
)


def _with_enough(text: str, end: int, rx: re.Pattern[str]) -> tuple[int, str | None]:
    """A forbid clause ending at `end` extended through an `_ZH_ENOUGH`/`_EN_ENOUGH` clause:
    the new end and what will do instead (None: no such clause)."""
    if (m := rx.match(text, end)) is None:
        return end, None
    # A full stop stays with its sentence, as the user wrote it.
    return m.end() + (text[m.end() : m.end() + 1] == "."), m["alt"].strip()


# An outcome to avoid, said bare after a request or a fact in its sentence, gives the reason
# for it, no rule: "导出还是用4K吧，原片是4K的别浪费", "订直飞吧，别折腾了", "Book it now, don't
# miss it". (Said alone, "别浪费" may still be one.)
_ZH_OUTCOME = re.compile(
    r"(?:浪费|白费|折腾|迟到|耽误|白跑(?:一趟)?|吃亏|着凉|感冒|饿着|累着|冻着|误机|误车|赶不上|来不及)"
    r"(?:了|啊|呀|哦)*"
)
_EN_OUTCOME = re.compile(
    r"(?i)(?:waste|lose|miss|spoil|ruin)\s+(?:it|them|that|this)(?:\s+(?:again|please))?"
    r"|be late|get lost|get stuck"
)


def _after_words(text: str, at: int, rx: re.Pattern[str], obj: str) -> bool:
    """Whether `obj`, after the cue at `at`, is all an `rx` outcome, with words before the cue
    in its sentence."""
    before = text[_sentence_start(text, at) : at]
    return rx.fullmatch(obj.strip(" .!。！")) is not None and bool(before.strip(" ，,、"))


# A rule pointed at, as the subject of a cue: "这条一定要写明", "这一点千万别忘", "那条规定必须
# 遵守". After a rule, it stresses that rule; what it asks (to write it down) is no rule itself.
_ZH_RULE_POINTER = re.compile(
    r"(?:这|那)(?:一)?(?:条|点|项)(?:规则|要求|规定|限制)?(?:你|您)?(?:也|就|都|可|请|千万|务必)*"
    r"|(?:这|那)(?:个|些)(?:规则|要求|规定|限制)(?:你|您)?(?:也|就|都|可|请|千万|务必)*"
)
# A slip warned against, with no thing named: "不要选错了", "别搞错哦", "千万别填反了". It asks
# to do the request before it right; "不要写错名字" still names what to get right.
_ZH_SLIP = re.compile(
    r"(?:再|又)?(?:选|弄|搞|写|填|记|看|算|拼|打|输|发|寄|报|买|订|点|走|念|读|听|放|装|接)"
    r"(?:错|混|反)(?:了|哦|啊|呀|哈|喔|啦)*"
)

# What a polite request ends with: "最好把X告诉我一下", "最好也查一下".
_ZH_ASK_END = re.compile(r"(?:告诉我?|说|发给?我?|查|问)(?:一下|一声|下)$")


def _inside(pos: int, spans: list[tuple[int, int]]) -> bool:
    return any(s <= pos < e for s, e in spans)


def _clause_asked(text: str, end: int) -> bool:
    """Whether the clause ending at `end` is a question: a question mark ends it or follows."""
    return text[end - 1 : end] in ("?", "？") or text[end : end + 1] in ("?", "？")


def _zh_constraints(text: str, skip: list[tuple[int, int]]) -> list[_Hit]:
    out: list[_Hit] = []
    for cm in _CLAUSE.finditer(text):
        clause_raw = cm.group(0)
        if clause_raw.endswith(("？", "?")):
            continue  # a question states no rule
        base = cm.start()
        body = clause_raw.rstrip("，,。；;！!？? ")
        if not _ZH_CUE_RX.search(body):
            continue
        tokens = list(jieba.tokenize(body))
        starts = {s: w for w, s, _ in tokens}
        # "千万别", "请别", "一定不要": jieba keeps the stress and the cue in one word.
        stressed = {e: w for w, _, e in tokens if w in _ZH_STRESSED}
        pos = 0
        while (m := _ZH_CUE_RX.search(body, pos)) is not None:
            pos = m.end()
            cue, at = m.group(0), m.start()
            word = starts.get(at) or (cue if m.end() in stressed else None)
            if (
                word is None
                and cue == "别"
                and body[at - 1 : at + 1] in _ZH_JOINED_BIE
                and not any(body.startswith(w, at) for w in _ZH_NOT_CUE)
            ):
                word = cue  # "推荐菜别太辣": jieba joins "菜别", the rule is still "别太辣"
            if word == "只要" and _wants_only(text, base, at):
                pass  # "只要发票": only that, not "只要…就…" (as long as)
            elif word is None or word in _ZH_NOT_CUE or _inside(base + at, skip):
                continue
            if cue == "别" and _ZH_OTHER.match(body, at):
                continue
            if _ZH_POLARITY[cue] == "forbid" and (
                _ZH_NOT_RULE.match(body, m.end())
                or _ZH_IDIOM.search(body, max(0, at - 2))
                or (
                    _ZH_COURTESY.match(body, m.end()) is not None
                    and _ZH_COURTESY_LEAD.fullmatch(body, 0, at) is not None
                )
            ):
                continue
            if at > 0 and len(cue) >= 2 and cue[0] == "不" and body[at - 1] == cue[1]:
                continue  # A-not-A question: 要不要, 能不能, 用不用
            if cue in _ZH_SCOPE_CUES and (
                _ZH_CUE_RX.search(body, m.end())
                or _ZH_SPEAKER_BEFORE.search(body, 0, at)
                or _ZH_PAST_BEFORE.search(body, 0, at)
            ):
                # "以后都不要用英文": the cue after the scope states the rule; "我每次都点宫保鸡
                # 丁": what the speaker does each time, no rule for the assistant.
                continue
            obj = body[m.end() :]
            stripped = _trim(obj)
            if (
                _ZH_POLARITY[cue] == "forbid"
                and _ZH_EXCEPT_USE.fullmatch(stripped)
                and (ex := _except_only(text, base + at)) is not None
            ):
                # "除了支付宝，别的都不要用", "除了顺丰，别的快递都不要": only X, the whole
                # sentence its text.
                pos = len(body)
                clause = text[ex.start() : base + len(body)].strip()
                out.append(_Hit(ex.start(), _make(clause, "only", ex.group("x"), "除了", 0.8)))
                continue
            # (Not "五星级的不要了": one dropped, a change of mind read by `_mind_changes`.)
            kind_before = not stripped and _ZH_POLARITY[cue] == "forbid" and "了" not in obj
            if kind_before:
                stripped = _zh_kind_before(body[:at])  # "超过40分钟的不要": that kind is out
            if not stripped or stripped.endswith(_QUESTION_END):
                continue
            if (
                cue == "只"
                and _ZH_COUNT_CHANGED.search(body, 0, at)
                and _ZH_COUNT_TAKEN.fullmatch(stripped)
            ):
                continue  # "改成只买一台": how many, a value of the task changed, not a rule
            if _zh_asked(text, body, at, cm.end()) or _zh_guess(body, at):
                continue
            if _zh_estimate(cue, body, at, m.end()):
                continue
            if _ZH_SUPPOSED.search(obj) or _ZH_IF_BEFORE.search(body, 0, at):
                continue
            if _ZH_STATED.search(body):
                continue  # "这样我还不用坐地铁了呢": said of how things are, not asked of anyone
            if cue == "不用" and _zh_consequence(text, base, body, at):
                continue  # "标准是 500 一晚，那就不用自付了": what follows, not a rule
            if _ZH_ONCE.search(text, _sentence_start(text, base + at), base + at):
                continue  # "这次别抄送王芳": an exception for one occasion, no standing rule
            polarity = _ZH_POLARITY[cue]
            if polarity == "forbid" and _after_words(text, base + at, _ZH_OUTCOME, stripped):
                continue  # "用4K吧，原片是4K的别浪费": why the request, not a rule
            if polarity == "prefer" and _ZH_ASK_END.search(stripped):
                continue  # "最好把电话告诉我一下": a polite request, answered once
            before = body[:at]
            if polarity == "forbid" and not kind_before and _is_modifier(stripped, before):
                continue
            if out and _ZH_RULE_POINTER.fullmatch(before.strip()):
                # "不许转租，这条一定要写明": a stress on the rule said before it, none of its
                # own. (Alone, "这条不要删" may be a rule on a clause pointed at earlier.)
                continue
            if polarity == "forbid" and _ZH_SLIP.fullmatch(stripped):
                # "数学要考数学一，不要选错了": a reminder to get the request before it right,
                # no rule of what to avoid; the request said first is still the rule.
                if p := _positive_before(text, base + _after_lead_in(body, 0, at)):
                    said_first = text[p[0] : p[1]]
                    out.append(_Hit(p[0], _make(said_first, "require", said_first, cue, 0.7)))
                continue
            pos = len(body)  # one rule per clause: the rest is its object
            conf = 0.85 if len(cue) > 1 else 0.7
            start = _after_lead_in(body, 0, at)
            end, alt, uses = base + len(body), None, False
            if polarity == "forbid":
                uses = cue.endswith("用") or _ZH_USE.match(stripped) is not None
                weak = _ZH_ALTERNATIVE_WEAK if uses else None
                end, alt = _with_alternative(text, end, _ZH_ALTERNATIVE, weak)
                if alt is None:
                    end, alt = _with_enough(text, end, _ZH_ENOUGH)
                if alt is None:
                    end, alt = _with_alternative(text, end, _ZH_INSTEAD_DO, None)
            clause = text[base + start : end].strip()
            if _restates(text, out, polarity, stripped, base + start, end):
                continue  # "不要显示价格，以后都别显示": the same rule, said again
            said = stripped
            if polarity == "forbid" and uses and (u := _use_before(text, base + start, skip)):
                # "请用 pnpm，不要用 npm": what to use instead, said first.
                clause = text[u.start() : end].strip()
                out.append(_Hit(u.start("x"), _make(clause, "require", u.group("x"), cue, 0.75)))
            elif polarity == "forbid" and (p := _positive_before(text, base + start)):
                # "退款原路返回，不要退到余额", "上门取件，别让我自己寄": the way wanted, said
                # first as a bare instruction, is a rule beside the prohibition: a line of its
                # own, which stays if the prohibition is lifted ("算了，还是送到家门口吧").
                said_first = text[p[0] : p[1]]
                out.append(_Hit(p[0], _make(said_first, "require", said_first, cue, 0.7)))
            elif polarity == "forbid" and (t := _topic_before(text, base + start, stripped)):
                # "原来的邮箱是 X，不要再用了": the rule is about the thing named before it.
                clause, said = text[t[0] : end].strip(), t[1]
            out.append(_Hit(base + at, _make(clause, polarity, said, cue, conf)))
            if alt is not None:
                out.append(_Hit(base + len(body) + 1, _make(clause, "require", alt, cue, 0.75)))
            if polarity == "forbid" and (c := _ZH_CONTRAST.search(before)) is not None:
                out.append(
                    _Hit(base + c.start(), _make(clause, "require", c.group("x"), cue, 0.75))
                )
    return out


# "标准是 500 一晚，那就不用自付了", "酒店含早，这样就不用另外买早餐了": "(那)就不用…了" after
# a fact in its sentence says what follows from it, no rule. Not what the assistant would do
# ("我有车，那就不用推荐地铁了", "那就不用帮我订了": still asked of it).
_ZH_SO_LEAD = re.compile(r"(?:那|那么|这样|所以|这么一来)?[，,]?(?:我们?|咱们)?(?:也)?就$")
_ZH_FOR_ME = re.compile(
    r"你|您|帮我|给我|替我|帮忙|推荐|显示|展示|列出|发|查|搜|找|订|安排|提醒|告诉|写|考虑|提供|通知"
    r"|联系|问|回复|包含|包括|加上?|算上?|用"
)


def _zh_consequence(text: str, base: int, body: str, at: int) -> bool:
    """Whether the "不用" at `at` of the clause `body` (at `base` in `text`) says what follows
    from a fact said before it in its sentence (`_ZH_SO_LEAD`)."""
    return (
        _ZH_SO_LEAD.search(body, 0, at) is not None
        and re.search(r"了[吧呢啊呀哦]?$", body) is not None
        and _ZH_FOR_ME.search(body, at + len("不用")) is None
        and bool(text[_sentence_start(text, base) : base].strip(" ，,"))
    )


# "改成只买一台", "换成只订一间": how many to buy or book changed, the task's quantity moved
# (the slots read it), not a rule of what to offer. (Said first, "我只要一间大床房" is one; and
# "改成只推荐两个" still is.)
_ZH_COUNT_CHANGED = re.compile(r"(?:改成|改为|换成|换为|变成|改)(?:了|就)?\s*$")
_ZH_COUNT_TAKEN = re.compile(
    r"(?:买|购买|订|预订|要|点|拿|开|租)\s*(?:[一二两三四五六七八九十几]|\d+)\s*"
    r"[个台件份张间位辆只杯瓶盒套本双条把部碗盘]"
    r"(?:[\u4e00-\u9fff]{1,4})?(?:就行|就好|就够了|就够)?"
)


# "超过40分钟的不要", "9点以前的都不要", "太贵的一律不要", "经停的航班都不要": a kind named
# before a bare "不要" is what is ruled out (a noun after its 的 only with a word of "all").
# Not of someone ("我的不要", "别人的不要"), a thing pointed at ("这个的不要"), nor the rest
# ("我别的都不要": all but what was named, not a kind).
_ZH_ALL_WORD = r"(?:都|一律|统统|全都|全部)"
_ZH_KIND_BEFORE = re.compile(
    r"(?P<kind>(?!(?:我|你|您|他|她|它|别人|人家|大家|这|那)[个些]?(?:们)?的)"
    r"(?![^，,。；;！!？?\s]*?(?:别的|其他|其它|其余|剩下))"
    rf"[^，,。；;！!？?\s]{{1,16}}的(?:(?:(?![我咱])[\u4e00-\u9fff]){{1,4}}(?=(?:我们?|咱们)?{_ZH_ALL_WORD}))?)"
    rf"(?:我们?|咱们)?(?:{_ZH_ALL_WORD}|也|就)?\s*$"
)


def _zh_kind_before(before: str) -> str:
    """The kind ("超过40分钟的") that a bare "不要" after `before` rules out, or ""."""
    m = _ZH_KIND_BEFORE.search(before.strip())
    return m["kind"] if m and m.start() == 0 else ""


# "是不是只能订商务舱", "是否一定要今天", "必须今天吗 明天行不行", "一定要今天去是不是",
# "必须是五星级的，对吗？": asked whether a rule holds, no rule. ("不要显示价格，好吗？" asks
# for one: a tag that checks a fact is not one that asks a favour.)
_ZH_ASK_BEFORE = re.compile(r"是不是|是否|难道")
_ZH_ASK_MID = re.compile(r"吗\s")
_ZH_CHECKS = r"(?:是不是|是吗|对吗|对吧|对不对|没错吧|是这样吗)"
_ZH_CHECK_END = re.compile(rf"{_ZH_CHECKS}$")
_ZH_CHECK_TAG = re.compile(rf"\s*{_ZH_CHECKS}[？?。！!]*\s*(?:$|[。！!；;\n])")


def _zh_asked(text: str, body: str, at: int, clause_end: int) -> bool:
    """Whether the clause `body` (ending at `clause_end` in `text`) asks about the rule its cue
    at `at` would state (`_ZH_ASK_BEFORE`, `_ZH_ASK_MID`, `_ZH_CHECK_END`, `_ZH_CHECK_TAG`)."""
    return (
        _ZH_ASK_BEFORE.search(body, 0, at) is not None
        or _ZH_ASK_MID.search(body, at) is not None
        or _ZH_CHECK_END.search(body) is not None
        or (
            text[clause_end - 1 : clause_end] in ("，", ",")
            and _ZH_CHECK_TAG.match(text, clause_end) is not None
        )
    )


# "可能必须是五星级的吧", "估计必须今天去吧", "我觉得应该…吧": a guess of how things are, not a
# rule. (Not "尽可能", "不可能", nor "可能的话": if possible, a rule.)
_ZH_GUESS = re.compile(r"我猜|估计|大概|也许|或许|(?<![尽不])可能(?!的话)|说不定")
_ZH_GUESS_IF_BA = re.compile(r"我觉得|我认为|应该")


def _zh_guess(body: str, at: int) -> bool:
    """Whether the cue at `at` in the clause `body` is hedged as a guess (`_ZH_GUESS`)."""
    return _ZH_GUESS.search(body, 0, at) is not None or (
        body.endswith("吧") and _ZH_GUESS_IF_BA.search(body, 0, at) is not None
    )


# "路上最多40分钟", "开车最多半小时就到了": how long a way takes, a fact; "最多也就40分钟吧":
# a guess. Neither limits anything (as `_ZH_AT_MOST` reads "最长", "顶多"); "单程最多40分钟",
# "通勤时间最多40分钟", "会议最多40分钟" still do.
_ZH_AT_MOST_CUES = frozenset({"最多", "至多"})
_ZH_WAY_BEFORE = re.compile(
    r"(?:路上|车程|路程|步行|走路|开车|坐车|打车|骑车|过去)(?:大概|也|就|估计|的话)?$"
)
# How long, after the cue: not "路上最多停一次" (a limit on the way).
_ZH_SPAN_AFTER = re.compile(
    r"\s*(?:也就|就|也)?\s*(?:[\d一二两三四五六七八九十半百几]+\s*(?:个)?\s*半?"
    r"(?:分钟|小时|钟头|刻钟)|半(?:个)?(?:小时|钟头))"
)
_ZH_AT_MOST_GUESS = re.compile(r"\s*也就")


def _zh_estimate(cue: str, body: str, at: int, end: int) -> bool:
    """Whether the cue `cue` ("最多") at `at` of the clause `body`, ending at `end`, tells how
    long a way takes (`_ZH_WAY_BEFORE`) or a guess (`_ZH_AT_MOST_GUESS`), not a limit."""
    if cue not in _ZH_AT_MOST_CUES:
        return False
    return (
        _ZH_WAY_BEFORE.search(body, 0, at) is not None
        and _ZH_SPAN_AFTER.match(body, end) is not None
    ) or _ZH_AT_MOST_GUESS.match(body, end) is not None


# "回复应该用中文", "你应该用中文回复我", "以后回答应该用英文": "应该" said of the assistant or
# its replies is an instruction; said of anything else it is an expectation ("酒店应该是五星级
# 的", "应该在车站附近"), and hedged ("…吧", "我觉得应该…") or asked, no rule.
_ZH_REPLY = r"(?:回复|回答|答复|输出)"
_ZH_SHOULD = re.compile(
    r"(?:^|(?<=[，,。！!；;\n]))\s*(?:好的|另外|还有|那|请)?[，,]?\s*"
    rf"(?P<lead>(?:以后|今后|之后|接下来)?(?:你|您|你们)?的?(?:所有|每次)?(?:的)?{_ZH_REPLY}?"
    r"(?:都|也|一律|还是)?)应该(?P<obj>[^，,。；;！!？?\n吗吧]{1,20}?)(?P<tail>[了吧啊呀哦呢嘛吗]*)"
    r"(?=$|[，,。；;！!？?\n])"
)


_ZH_REPLY_RX = re.compile(_ZH_REPLY)
# What "你应该…" asks of the assistant's replies, when it names no reply: "你应该用中文", not "你
# 应该很忙".
_ZH_SHOULD_DO = re.compile(r"用|使用|按照?|先|把|给我|告诉我|提醒我|显示|列出|写|说|注明|标注|附上")


def _zh_should(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_ZH_SHOULD` instructions, each a require-rule."""
    out: list[_Hit] = []
    for m in _ZH_SHOULD.finditer(text):
        obj = m.group("obj")
        if (
            _inside(m.start("obj"), spans)
            or not (_ZH_REPLY_RX.search(m.group("lead") + obj) or _ZH_SHOULD_DO.match(obj))
            or re.search("[吧吗]", m.group("tail"))
            or text[m.end() : m.end() + 1] in ("？", "?")
            or _ZH_GUESS.search(obj)
            or _ZH_CUE_RX.search(obj)
        ):
            continue
        clause = _clause_at(text, m.start("obj"))
        out.append(_Hit(m.start("obj"), _make(clause, "require", obj, "应该", 0.75)))
    return out


# "请用 pnpm，", "装依赖用yarn，", "就用支付宝，": the clause before a rule against using
# something, naming what to use (not of a person: "你用哪个，", "我用的是npm，"). ("就用支付宝吧，"
# is read first as a request that may lift a rule: `_REVOKE_ZH_WEAK`.)
_ZH_USE_BEFORE = re.compile(
    r"\s*(?:请|就|要|那就|那|还是)?(?![我你您他她])[\u4e00-\u9fff]{0,6}?(?:用|使用|改用|换用|选)\s*"
    r"(?P<x>[A-Za-z0-9.+#-]+|[\u4e00-\u9fff]{1,6}?)\s*(?:吧|啊)?[，,]\s*"
)


def _use_before(text: str, at: int, skip: list[tuple[int, int]]) -> re.Match[str] | None:
    """The `_ZH_USE_BEFORE` clause that opens the sentence of the clause at `at`, if any."""
    m = _ZH_USE_BEFORE.fullmatch(text, _sentence_start(text, at), at)
    if m is None or _ZH_CUE_RX.search(m.group()) or _inside(m.start("x"), skip):
        return None
    return None if re.search(r"哪|什么|啥", m.group("x")) else m


# A bare instruction opening a sentence before a prohibition: short, of no one named, no
# state ("天气很冷", "这个太贵了"), no condition or time ("如果下雨", "周五以后", "晚上"), no
# acknowledgement ("好的").
_ZH_BARE_DO = re.compile(r"[\u4e00-\u9fffA-Za-z0-9-]{3,12}")
_ZH_NOT_BARE_DO = re.compile(
    r"[我你您他她它这那咱谁哪什么很太了吗呢吧是有在没过着]|的话|如果|要是|假如|万一|以后|之前|以前|之后"
    # "药材怕压，别用中通": what a thing is like, the reason for the rule, no instruction.
    r"|怕|容易|易[碎坏损]|经不起|禁不起|受不了|不耐|因为|由于|担心"
    r"|时候|[前后时里上中边]$|^(?:今天|明天|后天|晚上|早上|上午|下午|中午|周.|星期.|每天|平时)"
    r"|不好意思|抱歉|对不起|辛苦|麻烦你|打扰|收到|明白|知道|顺利"
    # "回程也一样，别订红眼": the same rule for another thing, no instruction of its own.
    r"|一样|同样|相同|照旧|照样|一致"
)


def _positive_before(text: str, at: int) -> tuple[int, int] | None:
    """The span of a bare instruction (`_ZH_BARE_DO`) that opens the sentence of the clause at
    `at`, its one clause before it, if any."""
    start = _sentence_start(text, at)
    head = text[start:at]
    lead = len(head) - len(head.lstrip())
    body = head.strip().rstrip("，,").strip()
    if not head.rstrip().endswith(("，", ",")):
        return None
    # "写合同的时候用正式书面语，不要出现口语": the instruction after a task it is for.
    when = _ZH_TASK_WHEN.match(body)
    do = body[when.end() :] if when else body
    if not _ZH_BARE_DO.fullmatch(do) or _ZH_CUE_RX.search(body) or _ZH_ACK.fullmatch(body):
        return None
    if _ZH_NOT_BARE_DO.search(do):
        return None
    return start + lead, start + lead + len(body)


# A task a rule is for, opening its clause: "写合同的时候", "提交代码时". Not of someone or of
# what happened ("我去的时候", "上次订的时候").
_ZH_TASK_WHEN = re.compile(
    r"(?![^，,]*?(?:上次|那次|之前|以前|昨天|刚才|当时))"
    r"(?:(?![了过着我你您他她咱])[\u4e00-\u9fffA-Za-z ]){2,10}?(?:的时候|时)[，,]?\s*"
)


# A clause that says nothing but "yes": no topic for the rule after it ("好的，不要再发了").
_ZH_ACK = re.compile(
    r"(?:好的?|嗯+|行|可以|对|是的?|没问题|谢谢|OK|ok|算了|那|那就|哦)[啊吧呀的了]*"
)
_ZH_NAMED_AS = re.compile(r"(?:是|为)\s*(?P<v>[^，,\s][^，,]*)$")


def _topic_before(text: str, at: int, obj: str) -> tuple[int, str] | None:
    """For a rule whose object is a bare verb ("不要再用了"), the start of its sentence and
    the thing the clause before it names ("原来的邮箱是 X" -> X, "那个优惠码"), or None."""
    words = [w for w, _, _ in jieba.tokenize(obj.lstrip("再也都还")) if w not in _ZH_BARE]
    if not words or not all(w in _ZH_VERBS or w in _ZH_OBJ_VERBS for w in words):
        return None
    sentence = _sentence_start(text, at)
    prev = text[sentence:at].strip().rstrip("，,").strip()
    if not prev or _ZH_ACK.fullmatch(prev) or _ZH_CUE_RX.search(prev) or "，" in prev:
        return None
    if (named := _ZH_NAMED_AS.search(prev)) is not None:
        return sentence, named.group("v").strip()
    last = list(jieba.posseg.cut(prev))[-1]
    return (sentence, prev) if last.flag[:1] == "n" or last.flag == "eng" else None


# "除了支付宝，别的都不要用", "除了顺丰以外其他的一律别用": all but X ruled out is X only.
# The kind may be named between them when a word of "all" follows ("除了顺丰，别的快递都不要",
# "除了支付宝，其他支付方式一律别用"); not a person ("别的快递我都不了解").
_ZH_EXCEPT = re.compile(
    r"除了(?P<x>[^，,。；;！!？?\s]{1,12}?)(?:以外|之外)?[，,]?\s*"
    r"(?:别的|其他的?|其它的?|其余的?|剩下的)"
    r"(?:(?:(?![我你您他她它们都也])[\u4e00-\u9fff]){1,6}?(?=(?:我们?)?(?:都|一律|全都|全|统统)))?"
    r"(?:我们?)?(?:都|也|一律|全都|全|统统)?$"
)
# What the cue may rule out for the rest to be an only-rule: nothing more, or their use. "除了顺
# 丰，别的快递都不要钱" says the others are free, "…都不能送到" that they cannot deliver.
_ZH_EXCEPT_USE = re.compile(
    r"(?:用|使用|选|选择|考虑|推荐|找|走|寄|发|显示|展示|列出|提)?(?:了|吧|啊|哦)*"
)


def _except_only(text: str, at: int) -> re.Match[str] | None:
    """The "除了X，别的都" before the cue at `at`, in its sentence (None: none)."""
    start = max((m.end() for m in _STOPS.finditer(text, 0, at)), default=0)
    return _ZH_EXCEPT.search(text, start, at)


# "只要" is "only" before what is wanted ("我只要发票"), "as long as" before a condition: one
# said of someone ("只要你喜欢"), of being able or there being ("只要能到", "只要有空"), or
# followed by its consequence ("只要…就行", "只要价格合适，哪家都行").
_ZH_ONLY_LEAD = re.compile(r"(?:那|那么|好的|嗯|其实)?[，,]?(?:我|我们|咱们)?(?:就|也|还是|现在)?")
_ZH_AS_LONG_AS = re.compile(
    r"只要(?:你|您|我|他|她|它|大家|咱|能|可以|会|肯|愿意|敢|是|在|有|没|不|别|稍微|再|多"
    r"|一(?![份间个张杯碗瓶盒台件位双条只家种套本]))"
)
_ZH_CONSEQUENCE = re.compile(r"就|即可|都行|都可以|都好|都成|也行|也可以|无所谓")


def _wants_only(text: str, base: int, at: int) -> bool:
    """Whether "只要" at `base + at` says "only this" (see `_ZH_ONLY_LEAD`)."""
    if not _ZH_ONLY_LEAD.fullmatch(text, base, base + at) or _ZH_AS_LONG_AS.match(text, base + at):
        return False
    # This clause and the next of the sentence say no consequence.
    rest = re.split(r"[。；;！!？?\n]", text[base + at :], maxsplit=1)[0]
    return not _ZH_CONSEQUENCE.search("，".join(re.split(r"[，,]", rest)[:2]))


# Words that leave a verb bare: "以后都别再显示出来了".
_ZH_BARE = frozenset(["再", "也", "都", "出来", "了", "啊", "吧", "呢"])


def _restates(
    text: str, out: list[_Hit], polarity: Polarity, obj: str, start: int, end: int
) -> bool:
    """Whether a clause whose object is a bare verb ("以后都别显示") restates the rule of the
    clause just before it in the same sentence ("不要显示价格，"): the earlier rule's text is
    extended through it (one sentence, one rule), and True."""
    words = [w for w, _, _ in jieba.tokenize(obj) if w not in _ZH_BARE]
    if not out or not words or not all(w in _ZH_VERBS for w in words):
        return False
    prev = out[-1].constraint
    at = text.rfind(prev.text, 0, start)
    if (
        prev.polarity != polarity
        or at < 0
        or text[at + len(prev.text) : start].strip() not in ",，"
    ):
        return False
    out[-1] = _Hit(out[-1].start, prev.model_copy(update={"text": text[at:end].strip()}))
    return True


# What may come before a cue that opens its clause: courtesy, the one addressed, a link word
# ("请不要推荐…", "你别选…", "另外不要…").
_ZH_RULE_LEAD = re.compile(
    r"(?:请|麻烦|你|您|你们|我们|咱们|也|还|就|都|千万|可|一定|再|以后|今后|另外|而且|并且|但是|但"
    r"|那就|那|所以|还有|记住|注意)*"
)
# Before a cue inside a noun phrase: a measure word or a verb that takes the phrase ("给我一个不要
# 迟到的方案", "找家不用排队的").
_ZH_NP_BEFORE = re.compile(
    r"(?:[一两几这那哪每某]?[个家种些位款条间张份台辆部件]|找|要|想|有|是|选|推荐|给我|需要)$"
)
# Heads a "不要X的" names a way to or a plan for: "不要迟到的方案" is a plan for not being late.
_ZH_PURPOSE_HEAD = re.compile(
    r"(?:方案|办法|方法|计划|攻略|路线|安排|建议|技巧|窍门|秘诀|理由|借口|原因)$"
)
# What "不要X的" says is not needed: "不要钱的景点", "不要门票的公园" are free ones.
_ZH_NEEDLESS = frozenset(
    ["钱", "门票", "票", "预约", "押金", "小费", "服务费", "手续费", "排队", "签证", "报名"]
)
# Words that make what follows 的 a statement, not a noun: "别是郊区到时连吃饭的地方都没有".
_ZH_NOT_NOUN = re.compile(r"[都也没不是有会能就还在了要得]")
# Verbs that take the "X的Y" after a cue as their object ("不要修改数据库的表结构"), beside
# `_ZH_VERBS`.
_ZH_OBJ_VERBS = frozenset(
    [
        "修改",
        "改动",
        "改",
        "动",
        "更改",
        "删除",
        "删",
        "订",
        "预订",
        "买",
        "购买",
        "坐",
        "乘坐",
        "碰",
    ]
)


def _is_modifier(obj: str, before: str) -> bool:
    """True when "cue + obj" modifies a noun ("不要迟到的方案") rather than stating a rule.

    A cue that opens its clause (after courtesy: `_ZH_RULE_LEAD`) states a rule about an "X的
    Y" ("不要经停的航班", "别选靠窗的座位") unless Y is a plan for not doing X ("不要迟到的方案")
    or X is what is not needed ("不要钱的景点"); after a topic ("回复里不要出现客户的手机号"),
    a verb before the 的 phrase makes it the rule's object."""
    i = obj.rfind("的")
    if i <= 0 or i == len(obj) - 1:
        return False
    head = obj[i + 1 :].strip(_PARTICLES)
    if not head or not re.fullmatch(r"[\u4e00-\u9fff]+", head):
        return False
    if obj[:i].endswith(_POSSESSORS):
        return False  # "不要出现我的全名": a possessive, not a relative clause
    if _ZH_QUALITY.fullmatch(obj[:i]):
        return False  # "不要早上的航班", "不要太辣的菜": a kind of the noun is not wanted
    if before.rstrip().endswith(_ZH_SUBJECT_PRONOUN):
        return False
    if _ZH_NOT_NOUN.search(head) or (
        # "还有别选…的课": "还有" opening the clause is "and also", not "there is".
        _ZH_NP_BEFORE.search(before.rstrip()) and not _ZH_RULE_LEAD.fullmatch(before.strip())
    ):
        return True
    first = next(iter(jieba.tokenize(obj)), ("", 0, 0))[0]
    if (first in _ZH_VERBS or first in _ZH_OBJ_VERBS) and obj[len(first) : i].strip():
        return False  # "不要推荐1000元以上的手机", "价格不要显示小数点后的数字"
    if not _ZH_RULE_LEAD.fullmatch(before.strip()):
        return True
    return _ZH_PURPOSE_HEAD.search(head) is not None or obj[:i].strip() in _ZH_NEEDLESS


_EN_FORGET = re.compile(r"(?i)forget(?:\s+(?:to|about))?\s+")


def _en_constraints(text: str, skip: list[tuple[int, int]]) -> list[_Hit]:
    out: list[_Hit] = []
    not_rule = (
        set() if _EN_NOT_RULE_GATE.shut(text) else {m.end() for m in _EN_NOT_RULE.finditer(text)}
    )
    joined: list[tuple[int, int]] = []
    # Contrasts kept in the rule before them ("Only contact me by email, never call my work
    # number."): a rule read at their own cue shares its text, so the block shows it once.
    shared: list[tuple[int, int, str]] = []
    for m in _EN_CUES.finditer(text):
        if _inside(m.start(), skip) or _inside(m.start(), joined):
            continue
        if m.end() + 1 in not_rule or m.end() in not_rule:
            continue
        cue = m.group("cue")
        if _in_compound(text, m.start(), m.end()) or _title_mid_sentence(text, m.start(), m.end()):
            continue
        low = cue.lower().removeprefix("please ")
        polarity: Polarity = next((p for k, p in _EN_POLARITY if low.startswith(k)), "forbid")
        start, stop = _clause_span(text, m.start())
        stop = _through_asides(text, start, stop)
        clause = text[start:stop].strip()
        if _en_asked(text, m.start(), stop) or _en_guess(text, m.start()):
            continue
        end = e.start() if (e := _EN_OBJ_END.search(text, m.end())) else len(text)
        obj = text[m.end() : end].strip()
        if _for_one_occasion(text[_sentence_start(text, m.start()) : m.start()], obj):
            continue
        if low == "only" and (want := _speaker_only(text, start, m.start(), obj)) is not None:
            # "I only want nonstop flights.": the speaker's wish, about what they want.
            if _EN_SO.match(text, start):  # "I'm tired, so I only want a short walk."
                clause = text[_sentence_start(text, start) : stop].strip()
            out.append(_Hit(m.start(), _make(clause, "only", obj[want:], cue, 0.75)))
            continue
        if low == "only" and re.fullmatch(r"(?i)(?:please)?", obj):
            # "Please use Python 3.12 syntax only.", "Reply in English only, please."
            if (hit := _trailing_only(text, m.start(), m.end(), start)) is not None:
                out.append(hit)
            continue
        if low == "always" and re.fullmatch(r"(?i)(?:please)?", obj):
            # "Also aisle seats always, my husband is tall."
            if (hit := _trailing_always(text, m.start(), m.end(), start)) is not None:
                out.append(hit)
            continue
        if not obj and low in _EN_SCOPE_CUES and text[end : end + 1] == ",":
            # "From now on, reply in French": the rule is the clause the scope leads.
            nxt = n.start() if (n := _STOPS.search(text, end + 1)) else len(text)
            obj, stop = text[end + 1 : nxt].strip(), max(stop, nxt)
            clause = text[start:stop].strip()
        if polarity == "forbid" and _after_words(text, m.start(), _EN_OUTCOME, obj):
            continue  # "Export in 4K, the source is 4K, don't waste it": why, not a rule
        if polarity == "forbid" and (r := _EN_FORGET.match(obj)) is not None:
            # "Don't forget the high floor": a reminder of what is wanted, not a prohibition
            # of forgetting it (which would overrule "I prefer a high floor").
            polarity, obj = "require", obj[r.end() :]
        if not obj:
            continue
        if low in _EN_SCOPE_CUES and (
            _EN_CUES.search(obj)
            or re.split(r"[.;!?\n]", text[: m.start()])[-1].strip()
            or _EN_SPEAKER.match(obj)
        ):
            # "from now on, always cc X": the rule's own cue reads it; "we are open from now
            # on until 9": mid-sentence, a time, not the start of a rule.
            continue
        if (
            low == "only"
            and not (
                _only_is_rule(text[: m.start()])
                # "Always run make test before you commit, and only use the feature branch": a
                # second rule joined to the first, when an instruction follows "only".
                or (
                    _EN_JOINED.search(text, 0, m.start())
                    and _EN_VERB.match(obj)
                    # "I like it, and only use it on weekends": said of the speaker.
                    and not _EN_SPEAKER.match(text[_sentence_start(text, start) :].lstrip())
                )
                # "Cite everything in APA, and only peer-reviewed sources": what the instruction
                # that opens the sentence is limited to (not "I read them, and only the abstracts").
                or (
                    _EN_JOINED.search(text, 0, m.start())
                    and _EN_INSTRUCTION_FIRST.match(text, _sentence_start(text, start))
                )
            )
        ):
            continue
        if low in ("must", "rather") and re.match(r"(?i)(?:be|have|not)\b", obj):
            continue
        if low.endswith("rather") and re.match(r"(?i)(?:you\s+)?never\b", obj):
            continue  # "I'd rather you never email me": one rule, read at its "never"
        if low in _EN_LIMIT_CUES:
            if low == "keep" and not _only_is_rule(text[: m.start()]):
                continue
            if low == "keep" and not (_EN_LIMIT.search(obj) or _EN_KEEP_FORM.search(obj)):
                if (at := _EN_KEEP_AT.match(obj)) is None:
                    continue
                # "Keep line length at 100 and don't reformat …": the setting and its value
                # only, so the rule joined after it is not read into this one.
                obj = at.group()
            if any(h.constraint.text == clause for h in out):
                continue  # "Always reply in at most ...": one rule per clause
        sentence = _sentence_start(text, start)
        if _EN_CONDITION.match(text, start):
            # "If you can't avoid pandas, tell me first.": a cue inside a condition states no
            # rule; the sentence is one, of what its main clause asks.
            if (hit := _conditional_rule(text, sentence, stop, cue)) is not None:
                out.append(hit)
            continue
        if _EN_CONDITION_BEFORE.fullmatch(text, sentence, start):
            start = sentence  # "If you must use pandas, don't import it at module level."
        elif (
            normalize_subject(_EN_WHEN_TAIL.sub("", obj)).lower() in _EN_PRONOUNS
            and text[sentence:start].strip()
        ):
            # "You can tell me what it would cost, just don't add it.", "The old address is
            # a@b.com, don't use it anymore."
            start = sentence
        elif (
            sentence
            and not text[sentence:start].strip()
            and _EN_ENDS_ON_PRONOUN.search(obj)
            # (A short object: in a longer one the pronoun may stand for a word of its own
            # clause, "Keep every interview to 45 minutes and add a buffer between them".)
            and len(obj.split()) <= _REFERENT_WORDS
            and sentence - _sentence_start(text, sentence - 1) <= _REFERENT_SPAN
        ):
            # "Was there a restocking fee? I don't want to pay one": the sentence before names
            # what the pronoun stands for; without it the rule says nothing.
            start = _sentence_start(text, sentence - 1)
        elif _EN_SO.match(text, start) and not _EN_CUES.search(text, sentence, start):
            start = sentence  # "Tom is in London, so make sure …": the reason kept
        if (
            polarity == "forbid"
            and (c := _EN_ONLY_AFTER.match(text, stop))
            # "…, but only deploy from CI": a second instruction, its own rule.
            and not _EN_VERB.match(text, c.end())
        ):
            # "Don't contact the driver directly, only through their insurer.": one rule, the
            # way still allowed kept with it (not a line "only through their insurer.").
            stop = _sentence_end(text, c.end())
            joined.append((c.start(), stop))
        elif (polarity in ("only", "forbid") and (c := _EN_NOT_AFTER.match(text, stop))) or (
            polarity == "only" and (c := _EN_ONLY_NO_AFTER.match(text, stop))
        ):
            # "Only run the unit tests, not the integration suite.": one rule, its contrast kept.
            stop = _sentence_end(text, c.end())
            shared.append((c.start(), stop, text[start:stop].strip()))
        clause = text[start:stop].strip()
        alt = None
        if polarity == "forbid":
            weak = _EN_ALTERNATIVE_WEAK if _EN_USE.match(obj) else None
            stop, alt = _with_alternative(text, stop, _EN_ALTERNATIVE, weak)
            if alt is None:
                stop, alt = _with_then_do(text, stop)
            if alt is None:
                stop, alt = _with_enough(text, stop, _EN_ENOUGH)
            if weak is not None and (u := _EN_USE_BEFORE.fullmatch(text, sentence, start)):
                # "Use pnpm, don't use npm.": what to use instead, said first.
                start = sentence
                out.append(
                    _Hit(
                        u.start("x"),
                        _make(text[start:stop].strip(), "require", u["x"], "instead", 0.75),
                    )
                )
            clause = text[start:stop].strip()
        out.append(_Hit(m.start(), _make(clause, polarity, obj, cue, 0.8)))
        if alt is not None:
            out.append(_Hit(m.end() + len(obj), _make(clause, "require", alt, "instead", 0.75)))
    return [_with_shared_text(h, shared) for h in out]


# A name set off by commas after the noun phrase it names ("cc the PI, Dr. Osei, on changes",
# "the study nurse, Maria, on changes"): the rule goes on after it, in lower case.
_EN_NAMED_BEFORE = re.compile(r"(?i)\b(?:the|my|our|your|his|her|their)\s+[\w-]+(?:\s+[\w-]+)?$")
_EN_APPOSITIVE = re.compile(
    r"(?-i:,\s+(?:(?:Dr|Mr|Mrs|Ms|Prof|St)\.\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}"
    r"(?:,\s+(?!(?:and|but|or|so|then|please|thanks|thank|not|no|never|don't|only|always|ok"
    r"|okay|i|we|you|he|she|it|they|that|this|there)\b)(?=[a-z])|(?=\s*(?:[.!;\n]|$))))"
)
# More values after a comma, to the sentence's end: "export at 48 kHz, 24-bit", "1080p, 30
# fps" (not "under 3 minutes, 2 is better", a remark with a verb of its own).
_EN_MORE_VALUES = re.compile(
    r"(?:,[ \t]*\d[\w.%/-]*(?:[ \t]+[A-Za-z%][\w-]*)?)+(?=[ \t]*(?:[.;!\n]|$))"
)


def _through_asides(text: str, start: int, stop: int) -> int:
    """The end of a rule's clause (ending at `stop`) carried past a comma that does not end it:
    an appositive name, or further values of the one setting."""
    if text[stop : stop + 1] != ",":
        return stop
    if _EN_NAMED_BEFORE.search(text, start, stop) and (a := _EN_APPOSITIVE.match(text, stop)):
        return _clause_span(text, a.end())[1]
    if _DIGIT.search(text, start, stop) and (v := _EN_MORE_VALUES.match(text, stop)):
        return v.end() + 1 if text[v.end() : v.end() + 1] == "." else v.end()
    return stop


def _with_shared_text(h: _Hit, shared: list[tuple[int, int, str]]) -> _Hit:
    """`h` with the text of the rule whose contrast (`shared`) it was read in, if any."""
    for start, stop, text in shared:
        if start <= h.start < stop:
            return _Hit(h.start, h.constraint.model_copy(update={"text": text}))
    return h


# A question opens on an auxiliary before its subject: "Must it be a five-star hotel?", "Do you
# always reply in English?", "Is it a must to book today?". Asked of the assistant with "can
# you"/"would you", it asks for the rule politely ("Could you please never show prices?").
_EN_AUX_FIRST = re.compile(
    r"(?i)\s*(?:(?:and|but|so|also|ok|okay|then|actually|wait|hmm+),?\s+)*"
    r"(?:must|should|shall|do|does|did|is|are|was|were|has|have|had|need|may|might|can|could"
    r"|will|would|don't|doesn't|isn't|aren't)\s+(?:i|we|you|it|they|he|she|this|that|there|the"
    r"|my|our|your|an?)\b"
)
_EN_POLITE_ASK = re.compile(r"(?i)\s*(?:please\s+)?(?:can|could|would|will)\s+you\b")
# A tag that asks whether what was said is so ("…, right?"), where "…, ok?" asks for it.
_EN_CHECK_TAG = re.compile(
    r"(?i),\s*(?:right|correct|is that (?:right|correct|so|true)|isn't it|doesn't it|no)\s*\?"
)


def _en_asked(text: str, cue: int, stop: int) -> bool:
    """Whether the clause of the cue at `cue` (ending at `stop`) asks rather than rules: it
    ends a question itself ("Only business class?"), its sentence is a question that opens
    on an auxiliary, or a tag after it checks that it is so."""
    end = _STOPS.search(text, cue)
    if end is None or end.group() not in ("?", "？"):
        return False
    sentence = _sentence_start(text, cue)
    if _EN_POLITE_ASK.match(text, sentence):
        return False
    return (
        text[stop : stop + 1] in ("?", "？")
        or _EN_AUX_FIRST.match(text, sentence) is not None
        or _EN_CHECK_TAG.match(text, stop) is not None
    )


# A guess of how things are, not a rule: "I guess it should always be in English", "It should
# probably be a five-star hotel", "It has to be a five-star hotel, I think". Said of the
# assistant ("I think you should always reply in English") it stays an instruction.
_EN_THIRD = r"(?:it|they|that|this|there|the [\w-]+(?: [\w-]+)?)"
_EN_MODAL = r"(?:should|must|has to|have to|ought to|will|would|needs? to)"
_EN_HEDGE = (
    r"(?:(?:i|we) (?:guess|suppose|think|expect|imagine|assume|bet|reckon|believe)(?: that)?"
    r"|probably|presumably|maybe|perhaps|i'd say|surely)"
)
_EN_GUESS = re.compile(
    rf"(?i)\s*(?:(?:and|but|so|ok|okay|well|hmm+),?\s+)*(?:{_EN_HEDGE},?\s+{_EN_THIRD}\s+{_EN_MODAL}"
    rf"|{_EN_THIRD}\s+{_EN_MODAL}\s+(?:probably|presumably|surely|likely)\b"
    rf"|[^.;!?\n]*,\s*{_EN_HEDGE}\s*[.!]?\s*$)"
)


def _en_guess(text: str, cue: int) -> bool:
    """Whether the sentence of the cue at `cue` is a guess (`_EN_GUESS`)."""
    sentence = _sentence_start(text, cue)
    return _EN_GUESS.match(text[sentence : _sentence_end(text, cue)]) is not None


# "I only want nonstop flights", "We'd only accept a refund": what the speaker wants is a rule;
# not what they did or ask ("I only had coffee", "I only want to know the price").
_EN_SPEAKER_ONLY = re.compile(
    r"(?i)\s*(?:(?:ok|okay|and|also|but|so|actually|honestly|yes|no|please)\b,?\s+)*"
    r"(?:i|we)(?:'d|\s+would|\s+really|\s+just|\s+honestly)*\s+"
)
_EN_ONLY_WANT = re.compile(
    r"(?i)(?:want|accept|fly)\s+(?!to\s+(?:know|ask|check|see|say|confirm|tell|mention|clarify"
    r"|understand|make sure|hear|add)\b)"
)


def _speaker_only(text: str, start: int, cue: int, obj: str) -> int | None:
    """Where the wanted thing starts in `obj` after "I only want", or None."""
    if not _EN_SPEAKER_ONLY.fullmatch(text, start, cue):
        return None
    m = _EN_ONLY_WANT.match(obj)
    return m.end() if m and obj[m.end() :].strip() else None


# A clause that states a condition, not a rule: "If you can't avoid pandas, …".
_EN_CONDITION = re.compile(
    r"(?i)\s*(?:(?:and|but|so|also|then|just),?\s+)?(?:if|unless|whenever|when|in case"
    r"|as long as|only if)\b"
)
_EN_CONDITION_BEFORE = re.compile(_EN_CONDITION.pattern + r"[^.;!?\n]*,\s*")
_EN_PRONOUNS = frozenset(["it", "that", "this", "them", "those", "these", "one"])
# How long a sentence before a rule may be to be kept as what its pronoun stands for.
_REFERENT_SPAN = 200
_REFERENT_WORDS = 4
_EN_ENDS_ON_PRONOUN = re.compile(
    r"(?i)\b(?:it|that|this|them|those|these|one|ones)"
    r"(?:\s+(?:anymore|any more|again|please|now|too|instead|either|ever))*\s*[.!]?$"
)
# ", not the integration suite", ", but not in src/", ", never on Fridays".
_EN_ONLY_AFTER = re.compile(r"(?i),\s*(?:but |and )?(?:only|just)\s+(?=[a-z])")
_EN_NOT_AFTER = re.compile(
    r"(?i),\s*(?:but |and )?(?:not|never)\s+(?!(?:only|just|yet|now|sure|really|that|to)\b)"
    r"(?=[a-z0-9./_-])"
)
# After an only-rule, what is left out: "Only peer-reviewed sources, no preprints." (not a set
# phrase, ", no problem"; after any other rule ", and no meetings on Fridays" is a rule of its own).
_EN_ONLY_NO_AFTER = re.compile(rf"(?i),\s*no\s+(?!{_EN_NO_IDIOM}\b)(?=[a-z0-9./_-])")
# What the main clause of a conditional rule asks: "…, tell me first", "…, ask me".
_EN_ASK = re.compile(
    r"(?i)\s*(?:please |just |then |do |always )*(?:(?:let me know|tell|ask|check with|warn|ping"
    r"|flag|notify|stop|wait|confirm|explain|mention)\b|" + _EN_VERBS + ")"
)


# Words at an object's end that say when, not what: "use it anymore".
_EN_WHEN_TAIL = re.compile(r"(?i)(?:\s+(?:anymore|any more|again|please|now|too|instead))+\s*$")
# "Use pnpm, " before "don't use npm": the clause naming what to use.
_EN_USE_BEFORE = re.compile(
    r"(?i)\s*(?:(?:please|just|ok|okay|so|and),?\s+)*(?:use|go with|stick with|stick to|switch to)"
    r"\s+(?P<x>[^,.;!?\n]{1,30}?),\s*"
)
# A clause that gives the reason first: "Tom is in London, so make sure …".
_EN_SO = re.compile(r"(?i)\s*(?:and\s+)?(?:so|therefore|which means)\b,?\s+(?!that\b)")
# After a rule and a semicolon or a comma, what to do instead: "Don't round the numbers; show
# two decimals.", "Never overwrite the original ledger, write to a copy.", "Don't email me the
# label, text it to 415-555-0182." (Not a remark: "Never book the red-eye, it's awful".)
_EN_THEN_DO = re.compile(
    rf"(?i)\s*(?:(?:and|but|instead|just|please|rather)\b,?\s+)*(?={_EN_VERBS}|{_EN_HOW_VERBS}"
    r"|(?:open|create|ask|text|message|ping|mark|regenerate|copy|move|archive|leave|notify"
    r"|let me know|flag|log|note|post|mail|file|submit|route|redirect|wait)\b)"
)


_EN_AND_NEXT = re.compile(r"(?i)\s*and\b")
_EN_USE_FAMILY = re.compile(r"(?i)(?:use|using|go with|switch to|stick to|stick with)\b")


def _with_then_do(text: str, stop: int) -> tuple[int, str | None]:
    """A forbid clause ending at `stop` extended through "; <instruction>" or ", <instruction>"
    with no cue of its own (a rule of its own stays apart): the new end and what to do."""
    if text[stop : stop + 1] not in (";", ",") or (m := _EN_THEN_DO.match(text, stop + 1)) is None:
        return stop, None
    if text[stop] == "," and (
        _EN_USE_FAMILY.match(text, m.end()) or _EN_AND_NEXT.match(text, stop + 1)
    ):
        # "Don't show prices, use bullet points.", "Don't book it yet, and send me every
        # option.": a second instruction; "use X" after a comma is the alternative only to a
        # rule against using something (`_with_alternative`).
        return stop, None
    end = _sentence_end(text, m.end())
    then = text[m.end() : end].strip().rstrip(".!")
    if not then or text[end : end + 1] in ("?", "？") or _EN_CUES.search(then):
        return stop, None
    return end, then


def _sentence_start(text: str, pos: int) -> int:
    start = 0
    for m in _STOPS.finditer(text, 0, pos):
        start = m.end()
    return start


def _sentence_asked(text: str, pos: int) -> bool:
    """Whether the sentence around `pos` is a question: it ends on a question mark, or (no mark
    said) on "吗"/"么"."""
    stop = _STOPS.search(text, pos)
    if stop is not None and stop.group() in ("?", "？"):
        return True
    end = stop.start() if stop is not None else len(text)
    return text[pos:end].rstrip().endswith(("吗", "么"))


def _sentence_end(text: str, pos: int) -> int:
    stop = _STOPS.search(text, pos)
    if stop is None:
        return len(text)
    return stop.end() if stop.group() == "." else stop.start()


def _conditional_rule(text: str, sentence: int, stop: int, cue: str) -> _Hit | None:
    """The rule a conditional sentence states ("If you can't avoid pandas, tell me first."):
    the whole sentence, asking what its main clause says, when that clause is an instruction
    with no cue of its own (one with a cue is read by it, the condition kept in its text)."""
    if text[stop : stop + 1] != ",":
        return None
    end = _sentence_end(text, stop + 1)
    main = text[stop + 1 : end].strip().rstrip(".!")
    if (
        text[end : end + 1] in ("?", "？")
        or text[end - 1 : end] == "?"
        or not _EN_ASK.match(main)
        or _EN_CUES.search(main)
    ):
        return None
    clause = text[sentence:end].strip()
    return _Hit(stop + 1, _make(clause, "require", main, cue, 0.7))


def _in_compound(text: str, start: int, end: int) -> bool:
    """A cue inside a hyphenated word is not one: "a one-stop bus", "a must-attend show"."""
    return text[start - 1 : start] == "-" or text[end : end + 1] == "-"


_BULLET = re.compile(r"(?:[-*•>]|\d{1,2}[.)])+")


def _title_mid_sentence(text: str, start: int, end: int) -> bool:
    """A cue in title case after the start of a sentence, with a capitalized word after it
    when it is one word, is part of a name ("I hear No More Toys is good", "try Never Again
    Diner"), where "No more emojis." starts a rule."""
    words = text[start:end].split()
    if not all(w[:1].isupper() for w in words):
        return False
    if len(words) < 2 and not text[end:].lstrip()[:1].isupper():
        return False
    before = text[:start].rstrip(" \t")
    line = before.rsplit("\n", 1)[-1].strip()
    # A line's start after a bullet ("- Never Mention My Salary", "2) …") starts a sentence.
    if not line or _BULLET.fullmatch(line):
        return False
    return line[-1] not in ".!?:;\"'"


# ", and ", "; but ", ", then ": a clause joined to the one before, which may be a rule of its own.
_EN_JOINED = re.compile(r"(?i)[,;]\s*(?:and|but|then|also|and also|and then)\s+$")


_EN_SENTENCE_OPENER = re.compile(
    r"(?:^|(?<=[.;!?:\n]))\s*(?:(?:and|also|plus|oh|but|so|then|and also),?\s*)+$"
)


def _only_is_rule(before: str) -> bool:
    # "only" is a rule at the start of a clause or after an imperative verb, not in
    # "I only have $50".
    tail = before.rstrip().lower()
    # "And only use IDs, never names.": a sentence opened on "and"/"also" starts a clause too.
    tail = _EN_SENTENCE_OPENER.sub("", tail).rstrip()
    return (
        not tail
        or tail[-1] in ",.;!:"
        or tail.endswith(
            ("please", "use", "show", "reply", "answer", "respond", "write", "list", "include")
        )
    )


# --- a reply that says a rule cannot be met ----------------------------------------------------

# "没有符合您要求的五星级酒店", "找不到", "不能", "无法": a Chinese failure word, the words that
# say a request went unmet (`outcomes.UNMET_ZH`) and a bare "can't". Chinese replies that
# decline name the request as a whole ("符合您要求的") more often than its subject.
_FAIL_ZH = re.compile(UNMET_ZH.pattern + r"|无法|不能")
# "I can't", "unable to", "sold out", "no window seats are available", "nothing matches": an
# English failure. A bare "no" is not one ("There is no linter config yet, but I'll use the
# defaults", "Understood, no production, only staging" acknowledge the rule).
_FAIL_EN = re.compile(
    r"(?i)\b(?:can't|cannot|can not|couldn't|could not|unable to|not able to|not possible|"
    r"impossible|unavailable|not available|sold out|fully booked|no longer|"
    r"(?:don't|do not|doesn't|does not|didn't|did not) have|"
    r"(?:no|none|nothing)\b[^.,;!?]{0,40}?\b(?:available|found|left|open|in stock|"
    r"match(?:es|ing)?|meets?|fits?|suits?|offers?|has|have)\b|"
    r"(?:couldn't|could not|can't|cannot|didn't|did not) find)"
)
# The reply names the request as a whole: a failure of every rule of the turn.
_FAIL_WHOLE_EN = re.compile(
    r"(?i)\b(?:requirements?|criteria|criterion|request(?:ed)?|preferences?|asked)\b"
)
_FAIL_CLAUSE = re.compile(r"[，,。；;！!？?\n]|\.(?=\s|$)")
_EN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_/.-]*[A-Za-z0-9]")
_EN_FUNCTION = frozenset(
    [
        *("the", "a", "an", "and", "or", "but", "for", "with", "from", "into", "onto", "this"),
        *("that", "these", "those", "there", "here", "it", "its", "you", "your", "i", "me"),
        *("my", "we", "our", "they", "them", "their", "is", "are", "was", "were", "be"),
        *("been", "being", "have", "has", "had", "do", "does", "did", "not", "no", "always"),
        *("never", "only", "just", "please", "prefer", "would", "like", "want", "use"),
        *("using", "run", "make", "sure", "before", "after", "when", "while", "any", "all"),
        *("some", "one", "ones", "of", "to", "in", "on", "at", "by", "as"),
    ]
)


def _stem(w: str) -> str:
    w = w.lower()
    return w[:-1] if len(w) > 4 and w.endswith("s") else w


# "CA4113已满，CA1519还有座", "王主任的已满，李主任的还有4个": one option of several is full and
# another is still open. The reply lists what is left, all of which may meet the rule, so the
# user picking one of them drops no rule; only a full option of the rule's own kind ("五星级的
# 都已满") or every option full says the rule cannot be met.
_ZH_OPTION_FULL = re.compile(r"已满|约满|满了|已售罄|售罄|卖完|没票了|没座了|没号了")
_ZH_STILL_OPEN = re.compile(
    r"还有(?:座|票|号|房|位|空|余|名额|\d|[一二两三四五六七八九十几]|[^，,。；;！!？?\n]{0,4}(?:座|票|号|房|位|名额))"
    r"|有余票|有空位|有空房|可以?(?:预约|约|订|选|挂)|能(?:约|订|挂)"
)
_ZH_ALL_FULL = re.compile(r"都|全部|所有|全都|均")
_ZH_PAIR = re.compile(r"[\u4e00-\u9fff]{2}")


def _zh_one_option_full(clause: str, reply: str, rule: str) -> bool:
    """Whether a failure clause only says one listed option is full while another clause of
    the reply offers one still open: not of the rule's kind only the full one is."""
    said = _ZH_OPTION_FULL.sub("，", clause)
    if said == clause or _FAIL_ZH.search(said) or _ZH_ALL_FULL.search(clause):
        return False  # no option full, or another failure ("没有符合", "找不到"), or all full
    still_open = [c for c in _FAIL_CLAUSE.split(reply) if c != clause and _ZH_STILL_OPEN.search(c)]
    if not still_open:
        return False
    # "五星级的那家已满，四星级的还有房": the full one is of the rule's kind, the open one not.
    named = {p for i in range(len(rule) - 1) if _ZH_PAIR.fullmatch(p := rule[i : i + 2])}
    named = {p for p in named if p in said}
    return not named or any(all(p in c for p in named) for c in still_open)


def reply_fails_rule(reply: str, rule: str) -> bool:
    """Whether an assistant reply says the user's rule cannot be met: a clause with a failure
    word ("没有符合您要求的五星级酒店", "no window seats are available", "I can't book an aisle
    seat") about the rule's subject (a word of the rule) or about the request as a whole ("no
    hotel meets your requirements"). An acknowledgement that repeats the rule ("Sure, I'll
    always run it. There is no linter config yet, but I'll use the defaults.", "Understood,
    no production, only staging.") says no such thing: it does not relax the rule."""
    subject = {_stem(w) for w in _EN_WORD.findall(rule) if w.lower() not in _EN_FUNCTION}
    for clause in _FAIL_CLAUSE.split(reply):
        if _FAIL_ZH.search(clause) and _zh_one_option_full(clause, reply, rule):
            continue
        if _FAIL_ZH.search(clause) or BARE_NO.match(clause):
            return True
        if not _FAIL_EN.search(clause):
            continue
        words = {_stem(w) for w in _EN_WORD.findall(clause)}
        if words & subject or _FAIL_WHOLE_EN.search(clause):
            return True
    return False


# ---------------------------------------------------------------- a rule changed by later words
# Four ways a later message changes a rule without the words of a revocation. Each is kept with
# a cue suffix that says what it does (`mind_change`); the ledger keeps it only when it changes
# a rule in force (`Ledger.add`), since the same words with no rule are a request or a remark.
#
# - `DROPS`: a preference let go ("Forget the high floor, it doesn't matter.", "高楼层无所谓了").
# - `CHANGES_MIND`: 算了 (or 还是 … 吧) and a request for what a rule forbade ("不要放门口" then
#   "算了，还是送到家门口吧").
# - `INCLUDES`: another thing counted in beside an only-rule ("只看正式员工" then "实习生也算进去
#   吧", "Include interns too").
# - `NEW_VALUE`: the value a rule names said again with another ("Only use data after
#   2026-01-01." then "Change the cutoff to 2026-04-01.").
DROPS = " [drops]"
CHANGES_MIND = " [changes mind]"
INCLUDES = " [includes]"
NEW_VALUE = " [new value]"
_MIND_CHANGES = (DROPS, CHANGES_MIND, INCLUDES, NEW_VALUE)


def mind_change(c: Constraint) -> str | None:
    """Which of `DROPS`, `CHANGES_MIND`, `INCLUDES`, `NEW_VALUE` `c` is, if any."""
    return next((k for k in _MIND_CHANGES if c.cue.endswith(k)), None)


_CLAUSE_START = r"(?:^|(?<=[,.;!?:，。！；：\n]))\s*"
_ZH_LEAD = r"(?:那|那就|那么|其实|嗯|好吧|好的|算了)?[，,]?\s*"
# A thing named first in Chinese: not a pronoun or the speaker ("这也算", "我也要").
_ZH_THING = r"(?![我你您他她它这那咱])[\u4e00-\u9fffA-Za-z0-9]{1,10}?"
_EN_THING = (
    r"(?!(?:it|that|this|them|those|these|everything|me|all)\b)[\w'/+#-]+(?: [\w'/+#-]+){0,3}"
)
_EN_OPEN = r"(?:(?:ok|okay|actually|oh|well|and|so|hmm|alright|fine)\b,?\s+)*"
_CLAUSE_END_EN = r"(?=\s*(?:[,.;!]|$))"
_CLAUSE_END_ZH = r"(?=$|[，,。！!；;])"
# The clause ends, or a reason follows it with no comma: "The layover rule doesn't matter
# anymore since we're nonstop" lets the rule go as plainly as with the reason left out.
_CLAUSE_END_OR_REASON_EN = r"(?=\s*(?:[,.;!]|$)|\s+(?:since|because|now that|given that)\b)"

_DROP_RX: tuple[re.Pattern[str], ...] = (
    # "Forget the high floor", "Never mind the sea view": said first in its clause (not "Don't
    # forget the high floor", not "Did you forget …?").
    re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?P<cue>forget(?: about)?|never mind(?: about)?"
        r"|don't worry about|do not worry about|scratch)\s+(?:the\s+|my\s+|that\s+)?"
        rf"(?P<obj>{_EN_THING}){_CLAUSE_END_EN}"
    ),
    # "We can relax the Go requirement: 3 years is enough": a limit relaxed is let go (what
    # replaces it, if anything, is said as a value).
    re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?:(?:we|you) can\s+|let's\s+)?"
        r"(?P<cue>relax|loosen|lift)\s+(?:the\s+|my\s+|that\s+)?"
        # ("Loosen the 48-minute cap to 50" moves the limit: `_NEW_VALUE_RX`.)
        r"(?![^,.;:!]*\bto\s+[$€£¥]?\d)"
        rf"(?P<obj>{_EN_THING})(?=\s*(?:[,.;:!]|$))"
    ),
    # "The high floor doesn't matter anymore", "A sea view isn't important".
    re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?:the\s+|a\s+|an\s+|my\s+)?(?P<obj>{_EN_THING})\s+"
        r"(?P<cue>(?:doesn't|does not|don't|do not) matter|(?:is|are)(?: not|n't) "
        r"(?:important|needed|necessary))(?: (?:anymore|any more|after all|to me))?"
        + _CLAUSE_END_OR_REASON_EN
    ),
    # "The 17:30 cutoff doesn't apply anymore", "The budget cap no longer applies": a rule
    # named by its thing, let go for good (not "doesn't apply to the workshop", a scope).
    re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?:the\s+|that\s+|my\s+|our\s+)?"
        r"(?P<obj>(?!(?:it|that|this|them|those|these|everything|me|all)\b)[\w'/+#:-]+"
        r"(?: [\w'/+#:-]+){0,3})\s+(?P<cue>(?:doesn't|does not|don't|do not) apply"
        r"(?= (?:anymore|any more|now))|no longer appl(?:y|ies))(?: (?:anymore|any more|now))?"
        + _CLAUSE_END_OR_REASON_EN
    ),
    # "I changed jobs so the work number thing doesn't matter anymore": the same after a
    # reason, a thing named with its article (not "so it doesn't matter").
    re.compile(
        r"(?i)\b(?:so|since|because|as|and|now that)\s+(?:the|that|my|this)\s+"
        rf"(?P<obj>{_EN_THING})\s+"
        r"(?P<cue>(?:doesn't|does not|don't|do not) matter|(?:is|are)(?: not|n't) "
        r"(?:important|needed|necessary|an issue|a problem))(?: (?:anymore|any more|now))"
        + _CLAUSE_END_EN
    ),
    # "高楼层无所谓了", "海景也不重要了".
    re.compile(
        rf"{_CLAUSE_START}{_ZH_LEAD}(?P<obj>{_ZH_THING})(?:就|也|都)?"
        # ("转机的航班一概不考虑": ruled out outright, a rule, `zh_clause_rules`.)
        r"(?P<cue>无所谓|不重要|不用管|不用考虑|(?<!一概|一律|统统|通通)不考虑)了?(?:吧|啊)?"
        + _CLAUSE_END_ZH
    ),
    # "不用管高楼层了", "别管海景了".
    re.compile(
        rf"{_CLAUSE_START}{_ZH_LEAD}(?P<cue>不用管|别管|不用考虑|不用在意)(?P<obj>{_ZH_THING})了"
        + _CLAUSE_END_ZH
    ),
)
# "算了，还是送到家门口吧": a request after 算了 (or 还是 … 吧), not a refusal ("算了，不说了")
# nor of the speaker ("算了，我自己来").
_ZH_NEVER_MIND = re.compile(
    rf"{_CLAUSE_START}(?:(?P<cue>算了)[，,]?\s*(?:那|那就|就)?(?:还是)?|(?:那|那就)?(?P<cue2>还是)"
    r"(?=[^，,。！!；;]*吧))(?:请|麻烦)?(?:你|您)?(?:帮我)?"
    r"(?P<obj>(?![我你您他她它这那咱])[^，,。；;！!？?吧了吗呢么不别没]{2,16}?)(?:吧|了吧|好了)?"
    + _CLAUSE_END_ZH
)
# "实习生也算进去吧", "把实习生也算上", "也包括实习生吧", "Include interns too". Not asked
# ("…也算进去了吗？") nor said of what was done ("实习生也算进去了").
_INCLUDE_RX: tuple[re.Pattern[str], ...] = (
    re.compile(
        rf"{_CLAUSE_START}{_ZH_LEAD}把?(?P<obj>{_ZH_THING})(?:也|都)(?:要)?"
        r"(?P<cue>算进去|算进来|算上|算在内|包括进去|包括进来|包含进去|包含进来|统计进去|统计进来"
        r"|加进去|加进来|计算在内|算)(?:吧|啊|呀)?" + _CLAUSE_END_ZH
    ),
    re.compile(
        rf"{_CLAUSE_START}{_ZH_LEAD}(?P<cue>也(?:要)?(?:包括|包含|算上))(?P<obj>{_ZH_THING})(?:吧|啊)?"
        + _CLAUSE_END_ZH
    ),
    re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?:please\s+)?(?P<cue>include|count|add)\s+(?:the\s+)?"
        rf"(?P<obj>{_EN_THING}?)\s+(?:too|as well){_CLAUSE_END_EN}"
    ),
    re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?:the\s+)?(?P<obj>{_EN_THING}?)\s+"
        r"(?P<cue>counts?|should count|should be (?:counted|included))\s+(?:too|as well)"
        + _CLAUSE_END_EN
    ),
)
# A value a rule names: a date, a time, or a number (with its unit).
_EN_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DATE = (
    r"\d{4}-\d{1,2}-\d{1,2}|\d{4}/\d{1,2}/\d{1,2}|(?:\d{4}年)?\d{1,2}月\d{1,2}[日号]?"
    rf"|(?i:{_EN_MONTH} \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?)"
)
_TIME = r"\d{1,2}:\d{2}|(?i:\d{1,2}(?::\d{2})?\s?[ap]\.?m\.?)|\d{1,2}点(?:半|\d{1,2}分?)?"
_NUMBER = r"[$¥€£]?\d+(?:[.,]\d+)?"
VALUE_SHAPES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("date", re.compile(_DATE)),
    ("time", re.compile(_TIME)),
    ("number", re.compile(_NUMBER)),
)
VALUE_SHAPES_ORDER = {shape: i for i, (shape, _) in enumerate(VALUE_SHAPES)}
_VALUE = rf"(?:{_DATE}|{_TIME}|{_NUMBER})"
# Verbs that move a limit: "放宽到", "放到", "提高到", "降到".
_ZH_LIMIT_MOVED = r"(?:放宽|放|提高|提|加|增加|涨|降低|降|减|减少|收紧|压)(?:到|至)"
# Counts said in words: "two", "five"; "两个月", "三天" (a numeral before its unit).
_EN_COUNT_WORDS = (
    *("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve"),
)
_EN_COUNT_WORD = rf"(?:{'|'.join(_EN_COUNT_WORDS)})\b"
_ZH_COUNT_WORD = (
    r"(?:[一二两三四五六七八九]?十[一二三四五六七八九]?|[一二两三四五六七八九])"
    r"(?=个?(?:月|天|周|星期|人|小时|分钟|年|次|晚|间|份|条|笔))"
)
_COUNTED_WORD = re.compile(rf"(?i)\b{_EN_COUNT_WORD}|{_ZH_COUNT_WORD}")
# An amount said in Chinese numerals with 百 or 千: "两百", "三百五", "一千二" (no unit needed).
_ZH_HUNDREDS = (
    r"(?:[一二两三四五六七八九]千(?:[一二两三四五六七八九]百?)?"
    r"|[一二两三四五六七八九]百[一二三四五六七八九]?)"
)
_ZH_HUNDREDS_AT = re.compile(rf"(?<![一二两三四五六七八九十]){_ZH_HUNDREDS}")
_NEW_VALUE_RX: tuple[re.Pattern[str], ...] = (
    # "Change the cutoff to 2026-04-01", "Move the limit to 300".
    re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?:(?:actually|wait|sorry)\b,?\s+)*(?:please\s+)?"
        r"(?P<cue>change|move|set|update|push|shift|bump|raise|lower|relax|loosen|tighten"
        r"|extend|increase|reduce)\s+"
        # ("the 48-minute cap": the limit named by its old value.)
        r"(?:the\s+|that\s+|my\s+|our\s+)?(?P<noun>[a-z0-9][\w-]*(?: [a-z][\w-]*){0,2}?)\s+to\s+"
        rf"(?P<v>{_VALUE})(?:\s?(?:%|[a-z]+))?(?:\s+instead)?{_CLAUSE_END_EN}"
    ),
    # "The 9-hour cap is now 10 hours (under the new agreement)": a limit named, said again
    # with another value (a reason may follow it).
    re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?:the|that|our|my)\s+"
        r"(?P<noun>(?:[a-z0-9][\w-]*\s+){0,2}(?:cap|limit|maximum|minimum|max|min|ceiling"
        r"|threshold|cutoff|cut-off|budget))\s+(?P<cue>is|are)\s+now\s+"
        rf"(?P<v>{_VALUE})(?:\s?(?:%|[a-z]+))?"
        r"(?:\s+(?:under|per|with|after|from|because|since|as of)\b[^,.;!?\n]*)?" + _CLAUSE_END_EN
    ),
    # "Hmm, make the cutoff 2025-07-01 instead", "Let's make the limit 300".
    re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?:(?:actually|wait|sorry)\b,?\s+)*(?:please\s+|let's\s+)?"
        r"(?P<cue>make)\s+(?:the\s+|that\s+|my\s+|our\s+)"
        r"(?P<noun>[a-z][\w-]*(?: [a-z][\w-]*){0,2}?)"
        rf"\s+(?:be\s+)?(?P<v>{_VALUE})(?:\s?(?:%|[a-z]+))?(?:\s+instead)?{_CLAUSE_END_EN}"
    ),
    # "You can go up to 60 minutes now", "On Saturdays you can go up to 60 minutes": a limit
    # raised, named by its unit (with a scope before it, an exception beside the rule).
    re.compile(
        r"(?i)(?<![\w'])you\s+(?:can|may)\s+(?:now\s+|also\s+)?(?P<cue>go|stretch|run)\s+"
        rf"(?:up\s+to|to|as\s+(?:high|long|much)\s+as)\s+(?P<v>{_VALUE})\s?"
        r"(?P<noun>%|[a-z]+)(?:\s+(?:now|instead))?" + _CLAUSE_END_EN
    ),
    # "CFO sign-off is only needed above $10,000 now": a threshold moved, named by what it
    # asks for (`_THRESHOLD_RULE`).
    re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?:the\s+|a\s+)?"
        r"(?P<noun>[a-z][\w'-]*(?: [a-z][\w'-]*){0,3}?)\s+(?:is|are)\s+(?:now\s+)?only\s+"
        r"(?P<cue>needed|required)\s+(?:for\s+(?:anything|everything)\s+)?"
        rf"(?:above|over|below|under|beyond)\s+(?P<v>{_VALUE})(?:\s?(?!now\b)[a-z]+)?(?:\s+now)?"
        + _CLAUSE_END_EN
    ),
    # "Headings can go up to 55 characters now", "The budget can go to $9,500".
    _EN_RAISED := re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?:the\s+|each\s+|every\s+|my\s+|our\s+)?"
        r"(?P<noun>[a-z][\w-]*?)s?\s+(?:can|may)\s+(?P<cue>go|be|run|stretch)\s+"
        rf"(?:up\s+to|to|as\s+(?:high|long|much)\s+as)\s+(?P<v>{_VALUE})"
        rf"(?:\s?(?:%|[a-z]+))?(?:\s+now)?{_CLAUSE_END_EN}"
    ),
    # "截止日期改成4月1日", "把上限改为300", "押金改成两个月也可以".
    re.compile(
        rf"{_CLAUSE_START}{_ZH_LEAD}把?(?P<noun>[\u4e00-\u9fff]{{2,6}}?)(?:可以|就|也)?"
        # "汇率上限放宽到 7.30", "预算可以放到 13 万": a limit moved is a value changed too.
        rf"(?P<cue>改成|改为|换成|调到|调成|改到|调整为|调整到|提前到|推迟到|延后到|{_ZH_LIMIT_MOVED})"
        # (A value per unit: "预算放宽到每份30元".)
        r"\s*(?:每[份人天晚间个次位桌])?"
        rf"\s*(?P<v>{_VALUE}|{_ZH_COUNT_WORD}|{_ZH_HUNDREDS})\s*"
        r"(?:万元|万|千|元|块|天|个月|个(?:单词|字符|字)?|单词|词|人|小时|分钟|字符?|页|%)?"
        r"(?:之后|以后|之前|以前|以内|以上|以下)?"
        rf"的?(?:吧|了|也可以|也行|就行|也没问题)?{_CLAUSE_END_ZH}"
    ),
    # "Episode 212 can run to 55 minutes", "The bonus episode can run to 55 minutes": a limit
    # moved for one item (`rule_topics_en.one_item`), an exception beside the rule.
    re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?:(?:the|this|that|next|last)\s+[a-z][\w'-]*\s+"
        r"(?P<noun>[a-z][\w-]*?)s?|(?P<noun2>[a-z][\w-]*?)s?\s+#?\d[\w-]*)\s+(?:can|may)\s+"
        r"(?P<cue>go|be|run|stretch)\s+"
        rf"(?:up\s+to|to|as\s+(?:high|long|much)\s+as)\s+(?P<v>{_VALUE})"
        rf"(?:\s?(?:%|[a-z]+))?{_CLAUSE_END_EN}"
    ),
    # "Make it five per batch", "Make it 3 a day": a count per unit said again.
    re.compile(
        rf"(?i){_CLAUSE_START}{_EN_OPEN}(?:(?:actually|wait|sorry)\b,?\s+)*(?:please\s+|let's\s+)?"
        rf"(?P<cue>make)\s+it\s+(?P<v>\d+|{_EN_COUNT_WORD})\s+"
        r"(?:per|a|an|each|every)\s+(?P<noun>[a-z]+)(?:\s+instead)?" + _CLAUSE_END_EN
    ),
    # "标准是 500 一晚", "预算现在是 9500": what a limit is said again, with another value
    # (the ledger keeps it only if a rule naming the noun, or a limit, has one of its shape).
    re.compile(
        rf"{_CLAUSE_START}{_ZH_LEAD}(?P<noun>(?![我你您他她它这那咱])[\u4e00-\u9fff]{{2,6}}?)"
        r"(?:现在|其实|就|也|已经)*(?P<cue>是|为|变成|变为|定为|定在)\s*"
        rf"(?P<v>{_VALUE})\s*(?:万元|万|千|元|块|美元|刀|个?(?:字符?|单词|词)|页|分钟|小时|天|人)?"
        r"\s*(?:[一每](?:晚|天|人|间|月|年|次)|一个月|每个月)?(?:以内|以下|以上)?"
        rf"(?:吧|了|啊)?{_CLAUSE_END_ZH}"
    ),
)


# A change of a value at the start of an instruction ("change the cutoff to 2026-04-01", "make
# the cutoff 2025-07-01"): after "Actually," or "Hmm," it is a value changed (`_NEW_VALUE_RX`),
# not a plain-words lift of a rule about changing things.
_EN_VALUE_SET = re.compile(
    r"(?i)(?:change|move|set|update|push|shift|bump|raise|lower|make)\s+"
    r"(?:the\s+|that\s+|my\s+|our\s+)?[a-z][\w-]*(?: [a-z][\w-]*){0,2}?\s+"
    rf"(?:to\s+|be\s+)?{_VALUE}"
    rf"|(?:go|stretch|run)\s+(?:up\s+to|to|as\s+(?:high|long|much)\s+as)\s+{_VALUE}"
)


# "Anything over $5,000 needs CFO sign-off", "Orders above 200 units require a PO", "…, and
# purchases above $1,000 should go to procurement": what a threshold asks for. Of anything, or
# of a kind named in the plural; not one thing ("The invoice over $5,000 needs a stamp" reports
# on it).
_THRESHOLD_RULE = re.compile(
    r"(?i)(?:^|(?<=[.;!?\n])\s*|(?<=,)\s*(?:and\s+|but\s+|also\s+|plus\s+)?)(?P<rule>"
    r"(?:anything|everything|any\s+[a-z]+(?:\s+[a-z]+)?|all\s+[a-z]+|[a-z]+s)\s+"
    r"(?:over|above|exceeding|under|below|more\s+than|less\s+than|greater\s+than"
    rf"|larger\s+than)\s+(?P<v>{_VALUE})(?:\s?(?:%|[a-z]+))?\s+"
    r"(?P<cue>needs?|requires?|must\s+(?:get|have|go|be)|ha(?:s|ve)\s+to(?:\s+get)?"
    r"|should\s+(?:get|go|be)|goes\s+to|go\s+to)\s+(?P<x>[^.;!?\n]{2,60}?))\s*(?=[.;!\n]|$)"
)


def _threshold_rules(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_THRESHOLD_RULE` rules: what the threshold asks for, the whole clause kept (the value
    in it is what a later change moves, `_NEW_VALUE_RX`)."""
    out: list[_Hit] = []
    for m in _THRESHOLD_RULE.finditer(text):
        if _inside(m.start("rule"), spans) or not (subject := normalize_subject(m.group("x"))):
            continue
        spans.append((m.start("rule"), m.end()))
        rule = _make(m.group("rule"), "require", subject, m.group("cue"), 0.75)
        out.append(_Hit(m.start("rule"), rule))
    return out


def counted_value(s: str) -> tuple[str, str] | None:
    """A count said in words, as a number value: "two merges" ("number", "2"), "两个月"
    ("number", "2"). For a rule or a change naming no value in digits (`value_shape`)."""
    m = _COUNTED_WORD.search(s)
    if m is None:
        h = _ZH_HUNDREDS_AT.search(s)
        n = _zh_hundreds(h.group()) if h is not None else None
        return ("number", str(n)) if n is not None else None
    word = m.group().lower()
    if word in _EN_COUNT_WORDS:
        return "number", str(_EN_COUNT_WORDS.index(word) + 1)
    n = _zh_count(word)
    return ("number", str(n)) if n is not None else None


def _zh_hundreds(word: str) -> int | None:
    """两百 = 200, 三百五 = 350, 一千二 = 1200, 一千二百 = 1200."""
    digits = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"两": 2}
    total, unit = 0, 0
    for big, size in (("千", 1000), ("百", 100)):
        if big in word:
            head, _, word = word.partition(big)
            if head not in digits:
                return None
            total, unit = total + digits[head] * size, size // 10
    word = word.rstrip("百")
    if word:
        if word not in digits:
            return None
        total += digits[word] * unit
    return total or None


def _zh_count(word: str) -> int | None:
    """一..九十九 as a number."""
    digits = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"两": 2}
    if "十" in word:
        tens, _, ones = word.partition("十")
        t = digits.get(tens, 0) if tens else 1
        o = digits.get(ones, 0) if ones else 0
        return t * 10 + o if (not tens or tens in digits) and (not ones or ones in digits) else None
    return digits.get(word) if len(word) == 1 else None


def value_shape(s: str) -> tuple[str, str] | None:
    """The first value in `s` and its shape ("date", "time", "number")."""
    found = [(m.start(), shape, m.group()) for shape, rx in VALUE_SHAPES if (m := rx.search(s))]
    if not found:
        return None
    _, shape, value = min(found, key=lambda f: (f[0], VALUE_SHAPES_ORDER[f[1]]))
    return shape, value


def _mind_changes(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """The four kinds of change (`mind_change`) read in `text`."""
    out: list[_Hit] = []
    for rx, gate, kind, polarity in _MIND_CHANGE_SCANS:
        if gate.shut(text):
            continue
        for m in rx.finditer(text):
            if (hit := _mind_change_hit(text, m, kind, polarity, spans)) is not None:
                out.append(hit)
    return out


# Each shape of `_mind_changes` with its kind and the gate (`Gate`) that skips it in a text
# that holds nothing every match of it needs: most of the shapes are in no message, and
# scanning each was most of the time the rule path spent on a message that passed `_GATE`.
_MIND_CHANGE_KINDS: tuple[tuple[tuple[re.Pattern[str], ...], str, Polarity], ...] = (
    (_DROP_RX, DROPS, "prefer"),
    ((_ZH_NEVER_MIND,), CHANGES_MIND, "forbid"),
    (_INCLUDE_RX, INCLUDES, "only"),
    (_NEW_VALUE_RX, NEW_VALUE, "require"),
)
_MIND_CHANGE_SCANS: tuple[tuple[re.Pattern[str], Gate, str, Polarity], ...] = tuple(
    (rx, Gate(rx), kind, polarity) for rxs, kind, polarity in _MIND_CHANGE_KINDS for rx in rxs
)


def _mind_change_hit(
    text: str, m: re.Match[str], kind: str, polarity: Polarity, spans: list[tuple[int, int]]
) -> _Hit | None:
    at = m.start("obj") if "obj" in m.groupdict() else m.start("cue")
    if _inside(at, spans) or _inside(m.end() - 1, spans):
        return None
    start = _sentence_start(text, m.start())
    end = _sentence_end(text, m.end())
    if _clause_asked(text, end):
        return None  # asked, not said
    if kind == NEW_VALUE:
        if _EN_LIFT_NOT.search(text, 0, m.start()):
            return None  # "If you can go up to 60 minutes, …": a condition, not a change
        if _NOT_NUMBER.match(text, m.end()):
            return None  # "set the timeout to 30 seconds, not 60": a value corrected, no rule
        subject = f"{m.group('noun') or m.groupdict().get('noun2')} {m.group('v')}"
    else:
        subject = normalize_subject(m.group("obj"))
    if not subject:
        return None
    cue = next(g for g in (m.groupdict().get("cue"), m.groupdict().get("cue2")) if g)
    spans.append((m.start(), m.end()))
    if kind in (NEW_VALUE, CHANGES_MIND):
        # Read as the rule now in force, their words are the change alone.
        start, end = _change_words(text, m, start, end)
    return _lifting(at, text[start:end].strip(), polarity, subject, cue + kind)


# Before a change, in its sentence: words that only say the mind changed ("算了，", "好吧，");
# after it, a clause of why ("…, my partner agreed", "…，招行卡要注销了").
_CHANGE_FILLER = re.compile(r"\s*(?:(?:算了|好吧|唉|哎|嗯|那)\s*[，,]\s*)+")
_CHANGE_CLAUSE_END = re.compile(r"[，；;。！!？?\n]|,(?!\d)|\.(?=\s|$)")


def _change_words(text: str, m: re.Match[str], start: int, end: int) -> tuple[int, int]:
    """The words of a change of mind in its sentence `start`..`end`: from the change, without
    the filler before it, to the end of its clause, without the reason after it."""
    if (f := _CHANGE_FILLER.match(text, start)) is not None and f.end() <= m.end():
        start = f.end()
    if text[start : m.start()].strip() and not scope_led(text[start:]):
        # "我朋友也要去，改成3张吧，预算加到3500": the clauses before it say why, or change
        # something else; a scope ("国内航班，预算加到3500") is kept.
        start = m.start() + len(text[m.start() : m.end()]) - len(text[m.start() : m.end()].lstrip())
    if (e := _CHANGE_CLAUSE_END.search(text, max(m.end() - 1, start), end)) is not None:
        end = e.start() if e.start() >= m.end() - 1 and e.group() not in ".。！!" else e.end()
    return start, end


# English rules of review round 6 that no cue word starts (`_en_plain_rules`), each read whole.
# A sentence's start, after the openers that state nothing ("Also, …", "And …").
_EN_PLAIN_START = (
    r"(?i)(?:^|(?<=[.;!?\n]))\s*"
    r"(?:(?:and|also|but|so|ok|okay|actually|oh|please|plus|then|yes|yeah|yep|sure|right|great"
    r"|fine|alright|thanks|thank you)\b,?\s+)*"
)
# Words a rule's subject cannot start with: what follows them is said of someone, or points.
_EN_NOT_SUBJECT = (
    r"(?:i|we|you|he|she|it|they|this|that|these|those|there|here|one|everyone|everybody"
    r"|someone|somebody|anyone|anybody|nobody|my|your|his|her|its|our|their|what|which|who"
    r"|how|why|where|when|if|do|does|did|is|are|was|were|must|can|could|will|would|should"
    r"|yes|yeah|yep|no|thanks|perhaps|maybe|always|sometimes|as|unless|lets|let's|i'm|we're)"
)
# A word of a rule's subject after its first (not a pronoun: "Yes I need a car first").
_EN_SUBJECT_WORD = (
    rf"(?!{_EN_NOT_SUBJECT}\b|must\b|ha(?:s|ve)\b|needs?\b|requires?\b|get\b|gets\b|can\b"
    r"|may\b)[a-z][\w'-]*"
)
# After a rule: its end, "please", or a firm tail (`_EN_FIRM`).
_EN_PLAIN_END = rf"(?:,?\s+please)?\s*(?=[.!;\n]|$|{_EN_FIRM_TAIL})"
# "…, so nothing with nuts, ever", "Nothing containing gluten.": what may not be in it.
_EN_NOTHING_WITH = re.compile(
    r"(?i)(?:(?:^|(?<=[.;!?\n]))\s*(?:(?:and|also|but|so|please|plus|then),?\s+)*|(?<=\bso\s))"
    r"(?P<cue>nothing)\s+(?P<prep>with|containing|made (?:with|from)|that (?:contains|has)"
    r"|cooked (?:with|in))\s+(?!(?:it|that|this|them|those|these|me|you)\b)"
    r"(?P<x>[a-z][\w'/+#-]*(?:\s+[\w'/+#-]+){0,5}?)" + _EN_PLAIN_END
)
# "Transit time must be under 34 days", "Prints must be on acid-free paper", "All contracts
# must be signed by a director": a bound, a form or a step required of a kind of thing. Of one
# thing ("The keys must be in the car") "must be" is mostly a deduction: with "the" it is a rule
# only of a bound with a number, or said with "has to"/"needs to".
_EN_BE_BOUND = (
    r"(?:under|below|over|above|within|at least|at most|no more than|no less than|less than"
    r"|more than|fewer than|no later than|no earlier than|before|after|by)"
)
_EN_BE_REQUIRED = re.compile(
    _EN_PLAIN_START
    + r"(?P<subj>(?:(?P<the>the)\s+|(?:all|every|each|any)\s+(?:the\s+|of\s+the\s+)?)?"
    rf"(?!{_EN_NOT_SUBJECT}\b)[a-z][\w'-]*(?:\s+{_EN_SUBJECT_WORD}){{0,3}})"
    r"\s+(?P<cue>must|has to|have to|needs? to)\s+be\s+"
    rf"(?P<obj>(?:{_EN_BE_BOUND}|on|in|printed on|shipped (?:by|via)|sent (?:by|via))\s+"
    r"(?!(?:the|a|an)\s+(?:way|moment|mood|middle|process|end)\b)[^,.;!?\n]{1,60}?"
    r"|(?![a-z]+ed\s+(?:up|out)\b)[a-z]+ed\s+(?:by|with|in|on|before)\s+[^,.;!?\n]{1,50}?)"
    r"(?:\s+(?:too|as well|also))?" + _EN_PLAIN_END
)
# "Any contact in Germany needs GDPR consent checked first", "Every PR needs to be approved
# before merging": a step owed first, for every one of a kind (not "Every plant needs water",
# a fact, nor "The contact needs …", one thing).
_EN_NEEDS_FIRST = re.compile(
    _EN_PLAIN_START + r"(?P<rule>(?:(?:any|every|each|all)\s+(?!one\b|body\b)[a-z][\w'-]*|"
    rf"(?!{_EN_NOT_SUBJECT}\b)[a-z][\w'-]*s)(?:\s+{_EN_SUBJECT_WORD}){{0,5}}?"
    r"\s+(?P<cue>needs?|requires?|must (?:have|get)|ha(?:s|ve) to (?:have|get))\s+"
    r"(?P<x>[^,.;!?\n]{2,60}?)\s+(?:first|beforehand|in advance|up front"
    r"|before\s+(?:[a-z]+ing|you|we|they|it|any|anything|each|every)\b[^,.;!?\n]{0,40}?))"
    + _EN_PLAIN_END
)
# "Speakers get 20 minutes max", "Two pages max", "Every speaker gets 15 minutes minimum": a
# limit on what each is given. Not what something is or took ("The walk is 20 minutes max",
# "It took 20 minutes max").
_EN_NUMBER_WORD = (
    r"(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen"
    r"|twenty|thirty|forty|fifty|sixty|ninety|a hundred)"
)
_EN_N_MAX = re.compile(
    _EN_PLAIN_START
    + r"(?:[a-z][\w -]{0,20}:\s*)?(?P<rule>(?:(?:(?:each|every|all|any)\s+[a-z][\w'-]*|"
    rf"(?!{_EN_NOT_SUBJECT}\b)[a-z][\w'-]*s)\s+(?:get|gets|have|has|can (?:have|get|take|use)"
    r"|may (?:have|take|use)|are allowed|is allowed)\s+)?"
    rf"(?P<n>{_EN_NUMBER_WORD})\s+(?P<unit>[a-z]+)(?:\s+(?:each|apiece))?,?\s+"
    r"(?P<cue>max|maximum|minimum|tops|at the most)\b(?:\s+(?:each|per\s+[a-z]+))?)" + _EN_PLAIN_END
)
# "Ask me before withdrawing any dispute", "Check with me before booking anything": what to do
# before every one of an action (not before a time: "Ask me before 5 pm").
_EN_ASK_BEFORE = re.compile(
    _EN_PLAIN_START
    + r"(?P<rule>(?P<ask>(?:ask|check with|confirm with|consult|ping|warn|notify)\s+(?:me|us)"
    r"|let\s+(?:me|us)\s+know|run\s+(?:it|that|things|them)\s+by\s+(?:me|us)"
    r"|get\s+(?:my|our)\s+(?:ok|okay|approval|sign-off|go-ahead|permission|consent))"
    r"(?:\s+first)?\s+before\s+(?P<x>(?:[a-z]+ing|you|we|any|anything|each|every)\b"
    r"[^,.;!?\n]{0,60}?))" + _EN_PLAIN_END
)
# "Everything vegetarian, no exceptions", "Reply in English, no exceptions": a thing or an
# instruction made firm by its tail (a sentence with a cue of its own is read by it, and the
# tail kept with it: `_with_firm_tails`). "ever", "period" and "full stop" say as much of any
# statement ("It's the best pizza, ever"), so they make no rule alone.
_EN_FIRMLY = re.compile(
    _EN_PLAIN_START
    + rf"(?P<s>(?!{_EN_NOT_SUBJECT}\b|no\b|nothing\b|never\b)[a-z]{_EN_OBJ}{{1,80}}?)\s*,\s*"
    r"(?P<tail>no exceptions?|without (?:any )?exceptions?|no matter what|strictly(?! speaking)"
    r"|non-negotiable)\s*(?=[.!;\n]|$)"
)
_EN_ALL_LEAD = re.compile(r"(?i)(?:everything|all|every|each|any)\s+(?:of\s+)?(?:the\s+)?")


def _en_plain_rules(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """English rules of the `_EN_NOTHING_WITH` … `_EN_FIRMLY` shapes, each with its sentence."""
    out: list[_Hit] = []
    for m in _EN_NOTHING_WITH.finditer(text):
        if (
            _inside(m.start("cue"), spans)
            or _EN_NO_STATED.search(m["x"])
            or _EN_PAST.search(m["x"])
        ):
            continue
        clause = _clause_at(text, m.start("cue"), through_comma=True)
        out.append(_Hit(m.start("cue"), _make(clause, "forbid", m["x"], m["cue"], 0.75)))
        spans.append((m.start("cue"), m.end()))
    out.extend(_en_required(text, spans))
    for rx, cue in ((_EN_NEEDS_FIRST, "first"), (_EN_N_MAX, ""), (_EN_ASK_BEFORE, "before")):
        for m in rx.finditer(text):
            if _inside(m.start("rule"), spans) or _en_guess(text, m.start("rule")):
                continue
            clause = text[_sentence_start(text, m.start()) : _sentence_end(text, m.end())].strip()
            rule = _make(clause, "require", m["rule"], cue or m["cue"], 0.75)
            out.append(_Hit(m.start("rule"), rule))
            spans.append((m.start("rule"), m.end()))
    for m in _EN_FIRMLY.finditer(text):
        said = m["s"]
        cues = [c.group("cue").lower() for c in _EN_CUES.finditer(said)]
        # ("Economy class only for the interns, strictly": "only" mid-sentence, no rule of its
        # own there, read with the tail.)
        if _inside(m.start("s"), spans) or cues not in ([], ["only"]) or _EN_PAST.search(said):
            continue
        if not _EN_VERB.match(said) and (_EN_NO_STATED.search(said) or " " not in said.strip()):
            continue  # "Everything was vegetarian, …" reports; "Thanks, no exceptions" names none
        clause = text[m.start("s") : _sentence_end(text, m.end())].strip()
        subject = said[lead.end() :] if (lead := _EN_ALL_LEAD.match(said)) else said
        polarity: Polarity = "only" if cues else "require"
        subject = re.sub(r"(?i)\s+only\b", "", subject)
        out.append(_Hit(m.start("s"), _make(clause, polarity, subject, m["tail"], 0.75)))
        spans.append((m.start("s"), m.end()))
    return out


def _en_stated(text: str, spans: list[tuple[int, int]], ruled: list[int]) -> list[_Hit]:
    """`stated_rules` (a kind's rules, framed rules, holds) not read already (inside `spans`, or
    holding a rule read at one of `ruled`) nor guessed, each with its whole sentence."""
    out: list[_Hit] = []
    read: list[tuple[int, int]] = []
    for r in stated_rules(text):
        if (
            _inside(r.start, spans)
            or any(r.start <= at < r.end for at in ruled)
            or _en_guess(text, r.start)
        ):
            continue
        clause = text[_sentence_start(text, r.start) : r.end].strip()
        out.append(_Hit(r.start, _make(clause, r.polarity, r.subject, r.cue, 0.75)))
        read.append((r.start, r.end))
    spans.extend(read)
    return out


def _en_required(text: str, spans: list[tuple[int, int]]) -> list[_Hit]:
    """`_EN_BE_REQUIRED` rules; of "the" thing only with a number bound or "has to"/"needs to"."""
    out: list[_Hit] = []
    for m in _EN_BE_REQUIRED.finditer(text):
        if _inside(m.start("subj"), spans) or _en_guess(text, m.start("subj")):
            continue
        if m["the"] and m["cue"].lower() == "must" and not _DIGIT.search(m["obj"]):
            continue  # "The keys must be in the car": a deduction
        clause = text[m.start("subj") : _sentence_end(text, m.end())].strip()
        subj = m["subj"]
        subject = subj[lead.end() :] if (lead := _EN_ALL_LEAD.match(subj)) else subj
        rule = _make(clause, "require", f"{subject} {m['obj']}", m["cue"], 0.75)
        out.append(_Hit(m.start("subj"), rule))
        spans.append((m.start("subj"), m.end()))
    return out


def _with_firm_tails(text: str, hits: list[_Hit]) -> list[_Hit]:
    """Each rule cut at a comma before a firm tail (`_EN_FIRM_TAIL`) with the tail kept: "Never
    book red-eyes, no exceptions." is one rule, said firmly."""
    out: list[_Hit] = []
    for h in hits:
        said = h.constraint.text
        at = text.rfind(said, 0, h.start + len(said))
        tail = (
            _EN_FIRM_TAIL_AT.match(text, at + len(said))
            or _ZH_FIRM_TAIL_AT.match(text, at + len(said))
            if said and at != -1
            else None
        )
        if tail is None:
            out.append(h)
            continue
        whole = said + text[at + len(said) : _sentence_end(text, tail.end())]
        out.append(_Hit(h.start, h.constraint.model_copy(update={"text": whole.strip()})))
    return out


_EN_FIRM_TAIL_AT = re.compile(rf"(?i){_EN_FIRM_TAIL}")


# A standing rule for every item of a kind ("所有金额一律按人民币报"): the format clauses after
# it with no rule of their own ("，保留两位小数") are the same rule's.
_ZH_EVERY_WORD = re.compile(r"一律|统一|所有|全部|都|每次|每回")


def _with_format_tails(text: str, hits: list[_Hit]) -> list[_Hit]:
    """Each Chinese standing rule with the `_ZH_FORMAT_MORE` clauses after it kept whole."""
    starts = [h.start for h in hits]
    out: list[_Hit] = []
    for h in hits:
        said = h.constraint.text
        at = text.rfind(said, 0, h.start + len(said)) if said else -1
        if at == -1 or h.constraint.polarity != "require" or not _ZH_EVERY_WORD.search(said):
            out.append(h)
            continue
        end = at + len(said)
        while (more := _ZH_FORMAT_MORE.match(text, end)) and not (
            _ZH_CUE_RX.search(more.group())
            or any(end <= s < more.end() for s in starts)
            or text[more.end() : more.end() + 1] in ("？", "?")
            or _ZH_NOT_SAID.search(more.group())
        ):
            end = more.end()
        whole = text[at:end].strip()
        out.append(_Hit(h.start, h.constraint.model_copy(update={"text": whole})))
    return out
