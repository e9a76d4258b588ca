"""Slot values set, changed or removed: "把收货人改成张伟", "颜色要暗紫色", "change the date to X".

Slot words come from the ontology (synonyms included: 收件人 -> recipient). Values are cut
from the text, so `SlotUpdate.value` is always a verbatim substring; a value that is a
question ("地址是在哪") is no value. Enum values also count without a slot word ("不要顺丰了"
removes the shipping value SF_EXPRESS, "make it blue" sets the color).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

import jieba

from ctxengine.compaction.gates import Gate, chars_in, lowered
from ctxengine.compaction.intents import LATIN_LETTER
from ctxengine.compaction.kinds import bare_kind_choices, kind_choices, zh_kind_choices
from ctxengine.compaction.nearness import NEAR, NEAR_WORD
from ctxengine.compaction.ontology import EntityDef, Ontology, SlotDef
from ctxengine.compaction.patterns import kind_regex
from ctxengine.compaction.schema import SlotUpdate
from ctxengine.compaction.slot_context import (
    amount_for_kind,
    beyond_amount,
    not_chosen,
    thing_named,
)
from ctxengine.compaction.slot_phrases import (
    ADDRESS_RX,
    DURATION,
    EN_COUNT_WORDS,
    FLIGHT,
    FREQUENCY,
    JUDGEMENT,
    PEOPLE,
    PEOPLE_COUNT,
    ZH_INSTEAD,
    fallback_slot,
    phrase_updates,
)

Op = Literal["set", "change", "remove"]

_ZH_STOP = r"，,。；;！!？?\s、"
# "¥8,999", "12,999元": a comma between digit groups (after at most three digits, before
# exactly three) is part of the amount; "010-62754070,010-62756110" parts two numbers.
_ZH_NUM_COMMA = r"(?<=\d)(?<!\d{4})(?<!\.\d)(?<!\.\d\d)(?<!\.\d{3}),(?=\d{3}(?!\d))"
_ZH_RUN = rf"[^{_ZH_STOP}]+(?:{_ZH_NUM_COMMA}[^{_ZH_STOP}]+)*"
# CrossWOZ-style ranges keep their spaces: "1小时 - 2小时"; so do times after a space:
# "周一至周日 11:00-14:00 17:00-21:00".
_ZH_VALUE = rf"(?P<value>{_ZH_RUN}(?:\s+-\s+{_ZH_RUN}|[ \t](?=\d{{1,2}}:\d\d){_ZH_RUN})*)"
_NEARBY = re.compile(NEAR + r"[^，,。；;！!？?\n]*$")
# "周边酒店有北京天伦王朝酒店、…, 布丁酒店(…)": the names listed after "有" are nearby too.
_NEARBY_LIST = re.compile(NEAR + r"[^，,。；;！!？?\n]{0,8}?有(?:[^，,。；;！!？?\n]|, )*$")
# A value ends where the next requirement is joined on: "150-500元并且有牛头这个菜".
_ZH_JOIN = re.compile(r"(?:并且|而且|并有|同时|以及|还要|还有|另外)")
# A thousands separator is part of a number ("1,000 dollars", "$4,300"); any other comma
# parts an English value or clause.
THOUSANDS_COMMA = r"(?<=\d),(?=\d{3}(?!\d))"
EN_CLAUSE_COMMA = r"(?:(?<!\d),|,(?!\d{3}(?!\d)))"
# A dash that opens an aside ends an English value: "3 people — my sister is joining",
# "Friday - if that works" (a range keeps its dash: "5pm - 7pm", "Monday - Friday").
EN_ASIDE_DASH = r"\s*—|\s+[-–]\s+(?=[a-z])"
# "Make it 23:30 on Fridays": the days a value is for end it (see `_scoped_to_days`), and so
# does "from now on".
_EN_SOME_DAYS = (
    r"\s+(?:from\s+now\s+on|on\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|weekdays)"
    r"|every\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend))\b"
)
_EN_VALUE = (
    rf"(?P<value>(?:[^,;!?\n.]|\.(?=\S)|{THOUSANDS_COMMA})+?)"
    rf"(?=\s+(?:and|please|instead|for|but|because|so|if)\b|[;!?\n]|{EN_CLAUSE_COMMA}"
    rf"|{_EN_SOME_DAYS}"
    rf"|{EN_ASIDE_DASH}|\.(?:\s|$)|$)"
)
# "now" before a value tells it changed; it is no part of the value.
_NOW_LEAD = re.compile(r"(?i)now\s+(?=\S)")
_ZH_CHANGE = (
    r"改到|改在|推迟到|提前到|延期到|延到|挪到|"
    r"改成|改为|换成|换为|更改为|修改为|变成|变为|改用|换用|设为|设置为|设成|换|改"
    # "日志级别调成 DEBUG", "音量调到 30": a setting turned to a value.
    r"|调成|调为|调整为|调整成|调到"
)
# A slot said wrong ("写错了", "不对", "改一下"), and the verbs of its right value after.
_ZH_WRONG = r"(?:错误|错|不对|有误|改一下|改下|换一下)"
_ZH_RIGHT = r"应该是|应当是|应是|应为|正确的是|是|改成|改为|换成|写成|填成|为"
# What a remark on the slot leaves where a value would be ("收货人写错了", "改一下"): no value.
_NO_VALUE_REMARK = re.compile(r"(?:错误|错|不对|有误|一下|下)")
# "快递单号", "快递运单号", "快递的单号": after a slot word, an identifier's word makes the
# slot word its modifier; what follows is the identifier (evidence), not the slot's value.
_ID_AFTER = re.compile(r"的?(?:运|物流|快递|订)?单(?:号码|号|编号)|的?运单")
# "手机尾号是5678", "电话后四位1234": the number's last digits (evidence of their own), no number.
_TAIL_AFTER = re.compile(r"(?:号码?)?的?(?:尾号|[后末][四4六6三3]位)")


def _in_longer_word(text: str, start: int, end: int, groups: Mapping[str, str | None]) -> bool:
    """Whether the Chinese slot word at text[start:end] and its one-character verb right
    after it are one longer word ("大小写"): jieba's words of the text from the slot word on
    cross its end. (Only its end: "家人均消费" is jieba's 家人 before 均, yet 人均消费.)"""
    verb = groups.get("verb") or ""
    if verb not in _WORD_MAKING_VERBS or groups.get("adv"):
        return False
    at = start
    for word in jieba.lcut(text[start : end + 4], HMM=False):
        at += len(word)
        if at >= end:
            return at > end
    return False


# The one-character verbs that make a longer word with a slot word before them ("大小写");
# "是", "为" never do, and most values follow those: jieba is not asked then.
_WORD_MAKING_VERBS = frozenset("写填用要选留")
# "另一款价格为12,999元": a value of another thing than the one just said.
_ANOTHER = re.compile(
    r"(?:另一|另外一|还有一|其他|其它)(?:款|个|台|部|件|种|套|型号)?[^，,。；;！!？?\n]{0,4}$"
)
# A reply's sentence offering options ("有黑色、白色和金色可选，您要哪个？", "您需要黑色还是
# 白色？"): a choice asked for, or options listed.
_SENTENCE_AT = re.compile(r"[^。！!？?\n]*[。！!？?\n]?")
_OFFER = re.compile(r"可选|可供选择|供您选择|任选|(?:哪|还是|您|你)[^。！!\n]*[？?]$")
# A character every verb of `_ZH_CHANGE` holds.
_CHANGE_CHARS = frozenset("改推提延挪换变设调")
# Adverbs between a slot word and its value ("评分也是4.5分", "人均消费只需23元", "门票也就
# 30元"), longest first; a topic's "的话" ("人均的话100元"), a reach ("评分达到了4.6"), a
# share ("人均消费每人100元").
_ADVERB = (
    r"达到了|达到|的话|每人|每位|也就|也才|也只|还只|就只|只需|只要|仅需|仅仅|差不多|大概|大约|将近|建议|一般|通常|约"
    r"|也|还|都|就|仅|才|只"
)
# 叫 names only a name: two to four Han characters, or a Latin name of a few words.
_CALLED = frozenset({"叫做", "名叫", "叫"})
_CALLED_NAME = re.compile(
    r"(?![我你他她它您咱])[\u4e00-\u9fff·]{2,4}|[A-Z][A-Za-z'.-]*(?: [A-Z][A-Za-z'.-]*){0,3}"
)
# "收货人叫张伟": a name said with 叫 as with 是.
# "从" leads only opening hours said in words ("营业时间从早上9点到下午5点", `_HOURS`).
_ZH_SET = (
    r"选择|选用|定为|写成|填写|应该是|应当是|应是|应为|是|为|叫做|名叫|叫|要|选|用|在[:：]?|写|填|留"
    r"|从|:|：|=|"
)
# Slots whose value follows "在" ("地址在北京市…"); for others "在" needs a value-like start.
_PLACE_SLOTS = frozenset({"地址", "address", "出发地", "目的地"})
_EN_CHANGE = r"change|switch|update|modify|set|make|move|reschedule"
# A wh-word right before an English slot word asks for the slot ("Which day is the event?").
# The wh-word opens the clause ("Here's what my address is: …" states it) and at most two
# words stand between ("What exact date", "What time and date").
_WH_BEFORE = re.compile(
    r"(?i)(?:^|[.!?;,:]\s*|\b(?:and|so|but|then|also|ok|okay)\s+)(?:what|which|whose)(?:['’]s)?"
    r"\s+(?:[a-z]+\s+){0,2}$"
)
_QUESTION = re.compile(
    r"什么|多少|多钱|多久|多长|多远|哪|几|吗|谁|怎么|怎样|如何|啥|咋|是否|么|\?|？|(?i:^(?:it|this|that|what|which|how|too|not|"
    r"very|so|a bit)\b)"
)
_TRAIL = "了吧啊呀哦呢嘛哈啦噢的"
_NEG_ZH = re.compile(r"(?:不要|不用|别用|别|取消|去掉|不想要|不想用|不需要)(?:再)?(?:用|选)?$")
# "没有健身房" states the value is absent: it is not set (nor a request to remove one). The
# negation reaches across a modifier and a list: "没有你要的免费市内电话和棋牌室".
# "好久都没吃到X了" longs for X: a negation after "久" tells no absence; "有没有", "有无" ask.
_ABSENT_ZH = re.compile(
    r"(?<!久)(?<!久都)(?<!久也)(?:(?<!有)没有|没|(?<!有)无|不带|不提供|不含|不包括|不包含)"
    r"(?:[^，,。；;！!？?\n]{0,6}的)?"
    r"(?:[^，,。；;！!？?\n]*?(?:和|、|或|及|与|以及|跟))?$"
)
_POS_ZH = re.compile(r"(?:换成|改成|改为|改用|换用|换|用|选|要)$")
_CHANGE_LEAD = re.compile(r"(?:换成|改成|改为|换为|改用|换用|变成|换)$")
_NEG_EN = re.compile(r"(?i)\b(?:no more|no|not|don't use|do not use|without|remove|drop)\s+$")
_POS_EN = re.compile(r"(?i)\b(?:use|switch to|change to|go with|make it|pick|choose)\s+$")
# "Ship it with FedEx instead of UPS", "用顺丰而不是中通": the value given up names no value of
# the slot (the one chosen replaces it, if it was set), and makes no conflict with the choice.
_GIVEN_UP = re.compile(
    r"(?i)(?:\b(?:instead\s+of|rather\s+than|in\s+place\s+of|as\s+opposed\s+to)"
    r"\s+(?:(?:the|my|a|an|using|with|by|via)\s+)?|(?:而不是|而非|代替|取代|替代|替换掉?)\s*)$"
)
# What every match of each holds (`gates.Gate`): checked before the text is scanned.
_GIVEN_UP_GATE = Gate(_GIVEN_UP)
_ZH_INSTEAD_GATE = Gate(ZH_INSTEAD)
_USE_INSTEAD = re.compile(r"(?i)\b(?:use|go with|pick|choose)\s+(?P<value>[^,;!?\n]+?)\s+instead\b")
# "Pick up at Oakland airport instead of SFO": the pickup place changed. Only with "instead"
# or "rather": a plain "I'd like to pick it up at Fresno Station" is a booking's detail, which
# the booking's call keeps; read as the one pickup, each rental's replaced the last one's and
# the value ran on ("… at 10:45 in the morning and use till the 7th").
_PICK_UP_AT = re.compile(
    r"(?i)\bpick\s+(?:(?:me|us|it|them)\s+)?up\s+(?:at|from)\s+"
    r"(?P<value>(?:the\s+)?(?-i:[A-Z])[^,;!?\n.]*?)(?=\s+(?:instead|rather)\b)"
)
# "Come back June 20 instead", "fly back on the 3rd, not the 5th": the day a trip returns.
_COME_BACK = re.compile(
    r"(?i)\b(?:(?:come|coming|fly|flying|head|heading|get|getting|drive|driving)\s+back"
    r"|return(?:ing)?)(?:\s+home)?\s+(?:on\s+)?" + _EN_VALUE
)
# "We're not coming back June 22", "we can't fly back on the 3rd": no return day set.
_NOT_BACK = re.compile(r"(?i)\b(?:not|never|don'?t|won'?t|can'?t|cannot)\s+$")
# What tells the return day changed, not said for the first time ("back June 22").
_BACK_CHANGED = re.compile(r"(?i)\b(?:instead|actually|rather|now|not|change|move)\b")
# "Book the 7pm one instead", "take Friday instead": read only when the value's shape or an
# option word names its slot ("take a taxi instead", "I'll do that instead" name none).
_TAKE_INSTEAD = re.compile(
    r"(?i)\b(?:take|book|get|do|try|want|prefer|reserve)\s+(?P<value>[^,;!?\n]+?)\s+instead\b"
)
# "Make it 3 people", "make that Friday", "change it to 7pm", "move it to the 5th": a new value
# with no slot word; the value's shape says which slot (`_shaped_slot`).
_MAKE_IT = re.compile(
    r"(?i)\b(?:make (?:it|that)|(?:change|switch|move|update|set|push|bump|reschedule) it"
    r" (?:to|for|until))\s+" + _EN_VALUE
)
# "Actually, Friday instead.", "7pm instead, please": a value alone before "instead", read
# only when its shape names its slot ("I'll walk instead" names none).
_BARE_INSTEAD = re.compile(
    r"(?i)(?:^|(?<=[.!?;,:]))\s*(?:(?:actually|no|oh|hmm+|ok(?:ay)?|sorry|wait|then|so|rather"
    r"|let'?s (?:do|say)|how about|what about|maybe)\b[,\s]*)*"
    r"(?P<value>[^,;!?\n.]+?)\s+instead\b"
)
# "Book the 1:30pm one", "I'll take the Friday option": a pick among what was offered by a
# value of a shape, which is then that shape's slot's value.
_PICK_ONE = re.compile(
    r"(?i)\b(?:book|take|use|choose|pick|go with|select|reserve|get|want|prefer|switch to|try"
    r"|hold|grab|do|give me|i'?ll have)\s+(?:me\s+|us\s+)?(?P<value>the\s+[^,;!?\n.]{1,24}?"
    r"\s+(?:one|option|choice|flight|train|bus|slot|showing|time))\b"
)
# "Take 7:30.", "OK, let's do Friday then.": a value picked alone, the clause's whole.
_TAKE_VALUE = re.compile(
    r"(?i)(?:^|(?<=[.!?;,:]))\s*(?:(?:ok(?:ay)?|fine|then|alright|great|yes|yeah|sure|perfect"
    r"|hmm+|oh)\W+)*(?:let'?s\s+)?(?:take|book|grab|go with|do|i'?ll take)\s+"
    r"(?P<value>[^\s,;!?]+?(?:\s+[^\s,;!?]+?){0,2}?)"
    r"(?:\s+then|,?\s+please|\s+instead)?(?=\s*(?:[.!;]\s|[.!;]?$|[,;]))"
)
# "Thursday fell through. Can we do Monday the 17th?": a value proposed alone, the question's
# whole; read only when its shape names its slot ("Can we do better?" names none).
_CAN_WE_DO = re.compile(
    r"(?i)(?:^|(?<=[.!?;,:]))\s*(?:(?:ok(?:ay)?|so|then|hmm+|oh|and)\W+)*(?:can|could)\s+"
    r"(?:we|you)\s+(?:please\s+)?(?:do|take|book|go with|try|make\s+it)\s+"
    r"(?P<value>[^\s,;!?]+?(?:\s+[^\s,;!?]+?){0,3}?)(?:\s+then|\s+instead)?(?=\s*\?)"
)
# "Take B6 919", "book flight UA1542": a flight picked by its number.
_FLIGHT_NUMBER = r"(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?\d{1,4}"
_FLIGHT_RX = re.compile(_FLIGHT_NUMBER)
_PICK_CODE = re.compile(
    r"\b(?i:book|take|choose|pick|go with|select|reserve|hold|switch to|want|prefer|get)"
    r"\s+(?i:me\s+|us\s+)?"
    # "Switch to the nonstop TAP one then, TP218": the one described, then its number.
    r"(?i:the\s+[^,;!?\n.]{1,30}?\s+(?:one|option|flight)(?:\s+then)?\s*(?:,|:|\(|\s[-–—])\s*)?"
    rf"(?i:flight\s+|the\s+)?(?P<value>{_FLIGHT_NUMBER})(?![\w-])"
    # "Take US 101 north", "take M4 to exit 3": a road, no flight.
    r"(?!\s+(?i:north|south|east|west|\w+bound|exit|to exit|freeway|highway|motorway))"
)
# "the 7pm one", "the Friday option": what is picked by that value.
_THE_ONE = re.compile(
    r"(?i)the\s+(?P<inner>.+?)\s+(?:one|ones|option|choice|flight|train|bus|slot|showing|time)"
)
# "the second one", "the last option", "the cheaper one": a pick by place in a list or by a
# comparison, which `references` resolves to the item; no value of its own.
# ("the 3rd" alone is a day: a numeral ordinal picks an option only with its noun.)
_ORDINAL_ONE = re.compile(
    r"(?i)(?:the\s+)?(?:(?:first|second|third|fourth|fifth|sixth|last|final|other|same|previous"
    r"|earlier|former|latter|next|cheap\w*|expensive|pricier|priciest|closest|nearest|earliest"
    r"|latest|later)(?:\s+(?:one|ones|option|choice))?"
    r"|(?:1st|2nd|3rd|4th|5th|6th)\s+(?:one|option|choice))"
)
# An ordinal day: "the 3rd", "the 21st" (a date when it names no option).
_ORDINAL_DAY = re.compile(r"(?i)(?:the\s+)?(?:[12]?\d|3[01])(?:st|nd|rd|th)")
# A weekday and its day of the month: "Saturday the 14th", "Sat, the 14th", "Friday 14th".
_WEEKDAY_DAY = re.compile(
    r"(?i)(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs?)?|Fri|Sat(?:ur)?|Sun)(?:day)?\.?,?\s+"
    r"(?:the\s+)?(?:[12]?\d|3[01])(?:st|nd|rd|th)"
)
_PICK_GATES = {
    id(rx): Gate(rx)
    for rx in (_USE_INSTEAD, _TAKE_INSTEAD, _MAKE_IT, _BARE_INSTEAD, _PICK_ONE, _PICK_CODE)
}
# The length of a stay or a rental: "two nights", "3 days".
_DURATION = re.compile(kind_regex("duration"))
_PEOPLE_RX = re.compile(rf"(?i){PEOPLE_COUNT}")
# A meeting's or a call's length: "45 minutes", "an hour and a half", "90 mins", "45分钟".
_LENGTH = re.compile(
    r"(?i)(?:(?:\d{1,3}|an?|half an?)\s?-?\s?(?:minutes?|mins?|hours?|hrs?)(?:\s+and\s+a\s+half)?"
    r"(?:\s+long)?|(?:\d{1,3}|[一二两三四五六七八九十半]{1,3})个?(?:半)?(?:分钟|小时|钟头))"
)
# How often a thing recurs: "every other week", "twice a month", "biweekly", "每两周".
_FREQUENCY = re.compile(
    r"(?i)(?:every\s+(?:other\s+|\d{1,2}\s+|two\s+|three\s+|four\s+)?(?:days?|weeks?|months?"
    r"|years?|weekdays?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)"
    r"|daily|weekly|bi-?weekly|fortnightly|monthly|bi-?monthly|quarterly|yearly|annually"
    r"|(?:once|twice|\d{1,2}\s+times|three\s+times)\s+(?:a|per|every)\s+(?:day|week|month|year)"
    r"|每隔?[一两二三四五六\d]*(?:天|日|周|星期|个?月|年)(?:一次)?|隔周|隔天|隔月)"
)


@dataclass
class _Compiled:
    zh_change: re.Pattern[str]
    zh_fix: re.Pattern[str]  # "收货人写错了，应该是李雷": a correction, the value after it
    zh_set: re.Pattern[str]
    zh_has: re.Pattern[str]
    zh_gap: re.Pattern[str]
    # "门票不超过50元", "评分高于4分": a bound before a criterion's amount (`_BOUND`).
    zh_bound: re.Pattern[str]
    # "车型和车牌分别是": several slot words said before their values (`_paired`).
    zh_pair_run: re.Pattern[str]  # the slot words of `zh_pair` alone, no verb after them
    zh_pair: re.Pattern[str]
    en_change: re.Pattern[str]
    en_set: re.Pattern[str]
    slot_word: re.Pattern[str]
    # Where any slot word starts (overlapping ones too): the only places a zh rule can match.
    slot_at: re.Pattern[str]
    own_patterns: dict[str, re.Pattern[str]]
    # The ontology's value patterns, each with whether its every match holds a digit.
    value_patterns: tuple[tuple[SlotDef, re.Pattern[str], bool], ...]
    shapes: dict[str, re.Pattern[str]]  # slot name -> its value shape (`SlotDef.value_shape`)


def _compile(onto: Ontology) -> _Compiled:
    slots = onto.slot_words_regex or r"(?!x)x"
    return _Compiled(
        # "收货地址麻烦改一下X": a polite lead before the verb, "一下" after it.
        zh_change=re.compile(
            rf"(?P<slot>{slots})\s*(?:麻烦|请|帮我|帮忙)?(?P<verb>{_ZH_CHANGE})(?:一下)?\s*{_ZH_VALUE}",
            re.I,
        ),
        # "收货人写错了，应该是李雷", "收货人改一下，改成李雷": the slot said wrong, then its
        # right value in the next clause.
        zh_fix=re.compile(
            rf"(?P<slot>{slots})\s*[^{_ZH_STOP}]{{0,4}}?{_ZH_WRONG}[了啦]?[，,]\s*"
            rf"(?P<verb>{_ZH_RIGHT})\s*{_ZH_VALUE}",
            re.I,
        ),
        # "门票还免费", "评分也是4.5分", "人均消费只需23元": an adverb may stand between the
        # slot and its value.
        zh_set=re.compile(
            # "门票也就30元", "人均差不多100元", "游玩时间建议3小时": with no verb, the adverb
            # needs a value-looking start after it.
            rf"(?P<slot>{slots})\s*(?P<adv>{_ADVERB})?"
            rf"(?P<verb>{_ZH_SET})\s*{_ZH_VALUE}",
            re.I,
        ),
        # "推荐菜有嘎鱼, 酸菜灶台鹅", "推荐菜里要有回锅肉": what the slot holds.
        zh_has=re.compile(
            rf"(?P<slot>{slots})(?:里|中)?(?:也|还|都|要|很多|主要)?(?P<verb>有)\s*{_ZH_VALUE}",
            re.I,
        ),
        # "门票也只有20元", "评分略低为3.5分": a few words between the slot and its amount;
        # "价格有点小贵的哦，是745元": or a remark on it, the amount after the comma (tried
        # first: "还是有点贵" would end the short gap at its "是").
        # "游玩的时间不太长，大概1小时", "人均大约100元": an approximate amount needs no verb.
        zh_gap=re.compile(
            rf"(?P<slot>{slots})(?P<gap>[^{_ZH_STOP}\d没不无]{{1,10}}?[，,]\s*(?:只|就|也|才|都|大概|大约)?"
            # "游玩的时间不太长，大概1小时": a remark with 不 only before an approximate amount.
            rf"|[^{_ZH_STOP}\d没无]{{1,10}}?[，,]\s*(?:大概|大约|(?=\d))"
            # "人均消费可是比你说的高一点的是137元", "价格还真是不便宜的是1063元": a remark
            # ended by "的" before an amount (`_PICKED` tells a pick among places from it).
            rf"|[^{_ZH_STOP}\d没无]{{2,14}}?的(?=是\s*\d)"
            rf"|[^{_ZH_STOP}\d没不无]{{1,4}}?"
            # "票价稍微贵一些是200元", "价格略高815元": a remark of degree before the amount.
            rf"|[^{_ZH_STOP}\d没不无]{{0,6}}?(?:[略稍偏][高低贵]|[点些]))"
            rf"(?P<verb>是|为|有|要|在|(?<=大概|大约)(?=\d)"
            rf"|(?<=[略稍偏][高低贵])(?=\d)"
            # "门票便宜点20元以下": a wish for less or more ("…点", "…些") before the amount.
            rf"|(?<=[点些])(?=\d)"
            # "玩的时间也短一些，1小时 - 2小时就可以了": the amount opens the clause after.
            rf"|(?<=[，,])(?=\d))"
            rf"\s*{_ZH_VALUE}",
            re.I,
        ),
        zh_bound=re.compile(
            rf"(?P<slot>{slots})\s*(?:也|还|都|就)?(?:要|需要|希望|最好|得|必须)?(?:是|在)?\s*"
            rf"(?P<value>(?:{_BOUND})\s*{_NUM}(?:元|分|小时|天)?(?:\s*(?:-|到|至|~)\s*{_NUM})?"
            r"(?:元|分|小时|天|块钱|块))",
            re.I,
        ),
        zh_pair_run=re.compile(rf"(?:{slots})(?:\s*(?:和|与|跟|及|以及|、)\s*(?:{slots}))+", re.I),
        zh_pair=re.compile(
            rf"(?:{slots})(?:\s*(?:和|与|跟|及|以及|、)\s*(?:{slots}))+"
            # "评分和人均消费分别要4.5分以上和100元以下": a request's verb too.
            r"\s*(?P<each>各自|各|分别|依次)?(?:(?:要|需要|最好|希望)(?:是|在)?|是|为|在|[:：])\s*",
            re.I,
        ),
        en_change=re.compile(
            # One modifier word may precede the slot word: "the delivery date".
            # An owner's possessive may too: "change my mom's phone to ...".
            rf"(?i)\b(?P<verb>{_EN_CHANGE})\s+(?:the |my |our |your )?(?:[a-z]+['’]s )?(?:[a-z]+ )?"
            rf"(?P<slot>{slots})\s+"
            rf"(?:to|into|as|=)\s+{_EN_VALUE}"
        ),
        slot_word=onto.slot_word_pattern(),
        slot_at=re.compile(rf"(?=(?:{slots}))", re.I),
        own_patterns={slot.name: vrx for slot, vrx in onto.value_patterns},
        value_patterns=tuple(
            (slot, vrx, _needs_digit(vrx.pattern) and not vrx.flags & re.VERBOSE)
            for slot, vrx in onto.value_patterns
        ),
        shapes={slot.name: vrx for slot, vrx in onto.value_shapes},
        en_set=re.compile(
            # "The recipient is called Tom Baker": the name, without the verb naming it.
            rf"(?i)(?:\b(?:my|the|our|your)\s+)?\b(?P<slot>{slots})\s*(?:is (?:called|named)"
            rf"|is|should be|will be|=|:)\s*{_EN_VALUE}"
        ),
    )


# What an option word right before it describes instead of the slot ("免费wifi"): a Latin
# word, or an amenity a place provides.
_AMENITY_NEXT = re.compile(r"[A-Za-z]{2}|停车|早餐|上网|网络|宽带|接送|接机|饮料|饮品|茶水|寄存")


# What a value is said to be when its state is told, not the value itself: "the contact
# email is old", "the phone number is out of date", "that address is no longer valid".
_STALE_STATE = re.compile(
    r"(?i)(?:(?:very|too|a bit|quite|really|now|all|still|probably|also|already|kind of"
    r"|pretty|no longer|not)\s+)*"
    r"(?:old|outdated|out of date|out-of-date|stale|invalid|valid|expired|obsolete|dead"
    r"|broken|deprecated|inactive|unverified|verified|bouncing|wrong(?:\s+now)?|unchanged"
    r"|the same|different|missing|blank|empty|fake|bogus|current|up to date|up-to-date)"
    # "联系邮箱是旧的", "电话已经停用了": the same in Chinese.
    r"|(?:已经|早就|早)?(?:旧|老|过期|失效|无效|作废|停用|注销|废弃|不能用|用不了|没用)(?:了|的|啦)*"
)


def extract_updates(
    text: str,
    onto: Ontology,
    *,
    last_slot: str | None = None,
    focus: str | None = None,
    recent_names: Mapping[str, str] | None = None,
    requests: bool = True,
    recent_kinds: Iterable[str] = (),
) -> list[SlotUpdate]:
    """Slot updates stated in `text`, in reading order.

    Args:
        text: the message text.
        onto: the ontology whose slot words and enum values are recognized.
        last_slot: the slot changed last (from context), for "use X instead" with no slot word.
        focus: the entity the conversation was last about (from context), for a slot word
            several entities share and the text names none of them ("电话是X" after
            "这家餐馆的电话是多少").
        recent_names: names recent turns read, with the kind each was read as
            (`ParseContext.named`): the same name again is the same place.
        requests: whether the text may state a request (the user's): a bound before an
            amount ("门票不超过50元") is read only then, a reply's is a remark on several.
        recent_kinds: the kinds of the recent turns' items (slots set, evidence read): a bare
            hour moved to ("push it to 8") is the time's only after a time was said. Read
            only when needed, so a lazy iterable costs nothing on most messages.
    """
    rx = onto.derived("slots", _compile)
    found: list[tuple[int, int, SlotUpdate]] = []

    mentions: list[tuple[int, EntityDef]] | None = None
    anchors: list[tuple[int, EntityDef]] | None = None  # for names: see `own_mentions`
    # Where any slot word starts (overlapping ones too): the phrases skip what needs one.
    starts = [m.start() for m in rx.slot_at.finditer(text)]
    hits = phrase_updates(text, onto, slot_words=bool(starts))
    names = [(h.start, h.end) for h in hits if h.slot.name == "名称"]

    # Spans read as something no update is made of (a reply's bound): no rule reads them.
    blocked: list[tuple[int, int]] = []

    def taken(start: int, end: int) -> bool:
        return any(start < e and s < end for s, e, _ in found) or any(
            start < e and s < end for s, e in blocked
        )

    def add(
        start: int,
        end: int,
        slot: SlotDef | None,
        slot_name: str,
        value: str | None,
        op: Op,
        conf: float,
        known: str | None = None,
    ) -> None:
        if taken(start, end):
            return
        if value and (now := _NOW_LEAD.match(value)):
            value = value[now.end() :]  # "Return date is now June 24": the date is June 24
        if value and JUDGEMENT.fullmatch(value.strip(" .,!，。！")):
            return  # "The address is fine.", "优惠券用上了": a judgement, no value
        if value and _STALE_STATE.fullmatch(value.strip(" .,!")):
            return  # "The contact email is old.": the value's state, no new value said
        if slot is not None and slot.name == "名称" and value and _TAG.fullmatch(value):
            return  # "(起点) X附近…": a bracketed label heads a line, it names no place
        nonlocal mentions, anchors
        if slot is not None and slot.name == "名称" and anchors is None and known is None:
            anchors = _outside(own_mentions(text, onto, sought=False), names)
        elif slot is not None and mentions is None and known is None:
            outside = _outside(own_mentions(text, onto), names)
            mentions = _named(text, onto, outside, names, recent_names)
        if known is not None:
            entity = known
        elif slot is not None and slot.name == "名称" and value:
            start_at = end - len(value)
            entity = name_owner(text, start_at, end, slot, onto, focus, anchors, recent_names)
        elif slot is not None and slot.name == "名称":
            entity = entity_for(text, start, slot, onto, focus, anchors)
        elif slot is not None:
            # "地址是建国门外大街2号柏悦酒店66层": a place word inside the value is no mention.
            outside = [(at, e) for at, e in mentions or [] if not start < at < end]
            entity = entity_for(text, start, slot, onto, focus, outside)
        else:
            entity = "task"
        found.append(
            (
                start,
                end,
                SlotUpdate(
                    entity=entity,
                    slot=slot_name,
                    value=value,
                    op=op,
                    raw=text[start:end],
                    confidence=conf,
                ),
            )
        )

    # "I said Thursday, not Tuesday": the user's value said again against the one a reply got
    # wrong. Both must be of one slot's shape (a bare count will do for the wrong one: "4
    # people, not 5"), else it is no value ("I said I'd call, not email"). Read before the
    # enum members: "我要的是红色，不是蓝色" must not set 蓝色 after 红色.
    said_not = _SAID_NOT if " not " in text and LATIN_LETTER.search(text) else None
    if "不是" in text:
        said_not = _ZH_SAID_NOT  # "我说的是周四，不是周二"
    for m in said_not.finditer(text) if requests and said_not is not None else ():
        vstart, value = _clean_value(m.group("value"), m.start("value"))
        slot = _said_slot(value, m.group("old"), onto, last_slot) if value else None
        if slot is None:
            continue
        # The span runs over the wrong value, so no other rule reads it as one.
        add(vstart, m.end(), slot, slot.name, value, "change", 0.85)

    # "门票不超过50元", "评分高于4分": a criterion's bound said before its amount is part of
    # the value (`outcomes.within` reads it), and the amount alone would be no request.
    if starts and not _BOUND_CHARS.isdisjoint(chars_in(text)):
        for m in rx.zh_bound.finditer(text):
            slot = onto.slot_for_word(m.group("slot"))
            if slot is None or not slot.criterion:
                continue
            if not requests:
                # "推荐故宫，评分高于4.5分": a reply's bound, no fact; its bare amount is
                # not the place's value either.
                blocked.append(m.span())
                continue
            if _ABSENT_ZH.search(text, max(0, m.start() - 24), m.start()):
                continue  # "没有评分高于4分的": a value said to be absent is not set
            add(m.start(), m.end(), slot, slot.name, m.group("value"), "set", 0.8)

    # "车型和车牌分别是#CX和#CP": several slot words, then as many values, paired in order.
    pair_end = 0
    for at in starts if len(starts) > 1 else ():
        if at < pair_end:
            continue
        if (pm := rx.zh_pair.match(text, at)) is None:
            # The run of slot words from here has no verb after it, nor has any later start
            # inside it: skipped whole, so a long run is read once, not once per word.
            if (run := rx.zh_pair_run.match(text, at)) is not None:
                pair_end = run.end()
            continue
        pairs = _paired(text, pm, onto, rx)
        for slot, (vstart, value) in pairs:
            add(vstart, vstart + len(value), slot, slot.name, value, "set", 0.75)
        # Unpaired, the first value is not the last slot's: "评分和人均消费分别是4.5分".
        pair_end = max((p + len(v) for _, (p, v) in pairs), default=pm.end())
        blocked.append((pm.start(), pair_end))

    rules: tuple[tuple[re.Pattern[str], Op, float], ...] = (
        (rx.zh_fix, "change", 0.85),
        (rx.zh_change, "change", 0.85),
        (rx.en_change, "change", 0.85),
        (rx.zh_set, "set", 0.75),
        (rx.zh_has, "set", 0.7),
        (rx.zh_gap, "set", 0.65),
        (rx.en_set, "set", 0.75),
    )
    # Every rule needs a slot word (`starts`): a text with none skips them all. A zh rule
    # starts with one, so it is tried only where one starts instead of scanning the text.
    # Every absence `_ABSENT_ZH` reads is said with one of these.
    negated = "没" in text or "无" in text or "不" in text
    zh_rules = (rx.zh_fix, rx.zh_change, rx.zh_set, rx.zh_has, rx.zh_gap)
    wrong = "错" in text or "不对" in text or "有误" in text or "一下" in text
    # The English verbs need letters: most Chinese messages have none.
    latin = LATIN_LETTER.search(text) is not None
    for pat, op, conf in rules if starts else ():
        if pat is rx.en_change and not latin:
            continue
        if pat is rx.en_set and not (latin or "=" in text or ":" in text):
            continue  # its verbs: "is", "should be", "will be", "=", ":"
        if pat is rx.zh_change and _CHANGE_CHARS.isdisjoint(chars_in(text)):
            continue
        if pat is rx.zh_fix and not wrong:
            continue
        for m in _matches(pat, text, rx.slot_word, starts if pat in zh_rules else None):
            groups = m.groupdict()  # read below up to five times
            if pat is rx.en_set and _WH_BEFORE.search(text, max(0, m.start() - 40), m.start()):
                continue  # "What date is the concert?": a question about the slot, no value
            slot = onto.slot_for_word(m.group("slot"))
            if slot is None or governed_by_other(text, m.start(), slot, onto):
                continue  # "坐地铁的时长": the ride's length, no visit's
            if _ANOTHER.search(text, max(0, m.start() - 12), m.start()):
                continue  # "这款¥8,999，另一款价格为12,999元": another thing's value
            if _ID_AFTER.match(text, m.end("slot")):
                continue  # "快递单号是SF123": an identifier the slot word names, no value
            if _TAIL_AFTER.match(text, m.end("slot")):
                continue  # "手机尾号是5678": the last digits of the number, not the number
            if (slot.value_shape == "amount" or slot.criterion) and beyond_amount(
                text, m.start("slot")
            ):
                continue  # "超预算 480": how far over the budget, no budget
            # "The field name should be X", "新单位名字…是X": a thing's name, no person's.
            renamed = thing_named(text, m.start("slot"), m.group("slot"))
            if pat in zh_rules and _in_longer_word(text, m.start("slot"), m.end("slot"), groups):
                continue  # "大小写并列": 大小写 (letter case), no size
            if groups.get("verb") == "从" and not (
                _hours_slot(rx, slot) and _HOURS.match(text, m.start("value"))
            ):
                if _hours_slot(rx, slot):
                    # "营业时间从今天起调整": no hours; "从早上开始到晚上" after the hours'
                    # word is no trip either.
                    blocked.append(m.span())
                continue  # "从" leads only opening hours
            if (
                pat is rx.zh_set
                and negated
                and _ABSENT_ZH.search(text, max(0, m.start() - 24), m.start())
            ):
                continue  # "没有票价200元以上的景点": a value said to be absent is not set
            vstart, value = _clean_value(m.group("value"), m.start("value"))
            if pat is rx.zh_change and (not value or _VALUE_NOUN.fullmatch(value)):
                # "我妈手机换号了，新号 139…": "换号" says the value changed; the value is
                # the one of the slot's shape said after it in the sentence, else none.
                after = _shaped_after(text, m.end(), rx.shapes.get(slot.name))
                if after is None:
                    continue
                vstart, value = after
            value = _balanced(text, vstart, value)
            if (
                pat is rx.zh_set
                and not groups.get("verb")
                and LATIN_LETTER.match(m.group("slot")) is not None
            ):
                # An English slot word right before its value, no verb: "phone 617-555-0142".
                # In a question it asks ("the weather on day 1?"); a value not of the slot's
                # shape is a label's number ("Day 1:", "day 3 of the trip"), no value.
                if _in_question(text, m.start()):
                    continue
                if (shape := rx.shapes.get(slot.name)) is not None:
                    if (whole := shape.match(text, vstart)) is None:
                        continue
                    value = whole.group(0)
            elif (shape := rx.shapes.get(slot.name)) is not None and (
                whole := shape.match(text, vstart)
            ) is not None:
                # "手机 138 1234 5678": a value of the slot's shape runs on over its spaces.
                value = max(value, whole.group(0), key=len)
            value = _cut_at_slot_word(value, rx.slot_word)
            own = rx.own_patterns.get(slot.name)
            head = own.match(text, vstart) if own is not None else None
            if head is not None:
                value = head.group(0)  # "4.5分以上有这两个菜": the slot's own pattern ends it
            elif (
                own is not None
                and (day := _ALL_DAY.match(text, vstart)) is not None
                and own.search("10:00-22:00") is not None
            ):
                value = day.group(0)  # "周一至周日 全天": opening hours with no digit
            elif own is not None and not _DIGIT.search(value):
                continue  # "电话留一个给我", "评分是积分啊": no number, no value of a number
            amount = (
                (_AMOUNT.match(value) or _ZH_AMOUNT_RX.match(value)) if slot.criterion else None
            )
            if amount is not None and _HAN.match(value, amount.end()):
                value = amount.group(0)  # "20-50元之间", "1元钱", "20-50元可以游玩": the amount
            if slot.name in _PLACE_SLOTS and value.startswith("在") and len(value) > 3:
                vstart, value = vstart + 1, value[1:]  # "地址是在北京市…"
            if slot.name in _PLACE_SLOTS and (lead := _LOCATED.match(value)) and len(value) > 3:
                vstart, value = vstart + lead.end(), value[lead.end() :]  # "地址位于北京市…"
            if _starts_like_value(value):
                # "1小时 - 2小时景点玩一下": a number's value ends where an entity word starts.
                words = onto.entity_words(value)
                # "T2航站楼地铁站" for 目的地附近地铁站: a slot named for a kind of place ends
                # its value with that kind's word.
                if words and words[0].start() > 0 and not slot.name.endswith(words[0].group(0)):
                    value = value[: words[0].start()]
            if slot.name == "address" and (a := ADDRESS_RX.match(text, vstart)) is not None:
                value = max(value, a.group("value"), key=len)  # runs through its commas
            if _undated(slot, m.group("slot"), value):
                continue  # "回程：国航 CA4194 早上 8:20": a label of what follows, no day
            if slot.name == "地址" and value and not _QUESTION.search(value):
                value = zh_address(text, vstart, value, onto)
            elif _zh_address_word(slot, m.group("slot")) and value and not _QUESTION.search(value):
                # "地址改成 杭州市滨江区网商路 699 号 4 号楼": the generic slot's Chinese word,
                # its value spaced out around the numbers, runs on as a Chinese address does.
                value = zh_address(text, vstart, value, onto)
            if (
                value.startswith(("我", "本人"))
                and any(_PERSON_WORD.search(w) for w in slot.zh)
                and (own_name := _SELF_THEN_NAME.match(text, vstart)) is not None
            ):
                # "联系人写我，刘洋", "收货人写我老婆（王芳）": the person, then their name.
                vstart, value = own_name.start("name"), own_name.group("name")
            if not value or _QUESTION.search(value) or onto.slot_for_word(value) is not None:
                continue
            if _NO_VALUE_REMARK.fullmatch(value):
                continue  # "收货人写错了", "收货人改一下": a remark, no value
            if amount_for_kind(slot, value):
                continue  # "待支付 3598 元": an amount due, no way to pay
            if value in _NO_VALUE and pat is not rx.zh_change and _stop_slot(slot, onto):
                continue  # "到达站无": a ride with no stop there ("改成无" clears a value)
            if groups.get("verb") == "是" and _YES_NO.match(value):
                continue  # "设施是否包含…", "评分是不是5分": a question
            if groups.get("verb") in _CALLED and not _CALLED_NAME.fullmatch(value):
                continue  # "收货人叫快递放门口": 叫 telling someone to do a thing, no name
            if criterion_clock(slot, value):
                continue  # "最好玩的时间是早上8点": a clock time, no length, price or rating
            if pat is rx.zh_gap and _bare_amount(m) and not _whole_amount(value, own):
                continue  # "价格贵了点，2个人住不划算": no amount of the slot's shape
            if (pat is rx.zh_gap or groups.get("adv")) and not (
                _starts_like_value(value) or onto.find_members(value)
            ):
                continue  # only an amount or a member bridges a gap: "价格也是不错的" is none
            gap = m.group("gap") if pat is rx.zh_gap else ""
            if not requests and gap.endswith("的") and _PICKED.search(gap) is not None:
                # "价格最低的是300元", "评分更高的是4.8分": which of several has it; no rule
                # reads the amount as the place's own.
                blocked.append((m.start(), m.end()))
                continue
            if "比" in gap and not groups.get("verb") and not _CLAUSE_MARK.search(gap):
                # "价格比它贵一些100元", "价格比那家略高100元": a difference, no price
                # ("价格比你预期高，503元" gives the price after the remark).
                blocked.append((m.start(), m.end()))
                continue
            if ("，" in gap or "," in gap) and rx.slot_word.search(gap) is not None:
                continue  # "语言大学评分很高，为5分": the remark is about another slot
            if pat is rx.zh_has and not _has_value(value, slot, own):
                continue  # "电话有两个", "人均消费有点高": no value
            listing = _list_slot(slot, own)
            if pat is rx.zh_has and not listing and _digit_name_list(text, vstart, value):
                continue  # "周边景点有808文创园、…": a list of names, read whole elsewhere
            if pat in (rx.zh_set, rx.zh_has) and listing:
                value = _with_list(text, vstart, value, rx.slot_word)
            verb0 = (groups.get("verb") or "").rstrip(":：")
            # "地址在X", "地址：X": a place follows these verbs whatever it starts with.
            place = (
                slot.name in _PLACE_SLOTS
                and (
                    verb0 == "在" or groups.get("verb") in (":", "：") or _bare_address(slot, value)
                )
            ) or (
                groups.get("verb") == "在"
                and _stop_slot(slot, onto)
                and _STATION_END.search(value) is not None
            )
            # "营业时间：上午11点--晚上9点半": after a colon, a value of a shaped slot (one with
            # its own pattern) in words of its own is still the value.
            labelled = own is not None and groups.get("verb") in (":", "：")
            if labelled and head is None:
                value = _same_shape_run(text, vstart, value)
            # "营业时间从早上9点到下午5点", "营业时间早上9点到下午5点": opening hours in words
            # after "从" or no verb, a range from one time of day to another.
            in_words = (
                _HOURS.match(value)
                if pat is rx.zh_set
                and (groups.get("verb") or "") in ("", "从")
                and head is None
                and _hours_slot(rx, slot)
                else None
            )
            hours = in_words is not None
            if in_words is not None:
                value = in_words.group(0)

            # "收货人：李娜", "快递：京东": a label and its value; "收货人李娜，…": a person's
            # slot and a name, with no verb. (A list after the label, "周边景点：A、B", is
            # read whole by the list's rules.)
            label = (
                pat is rx.zh_set
                and _HAN.search(text, m.start(), vstart) is not None  # not "Date: March 3"
                and not groups.get("adv")
                and not text.startswith("、", vstart + len(value))
                and (
                    groups.get("verb") in (":", "：")
                    or (not groups.get("verb") and _person_name(slot, value))
                )
            )
            if (
                pat is rx.zh_set
                and verb0 in ("", "在")
                and not (place or labelled or hours or label)
                and not _starts_like_value(value)
                and not _caps_word_after(text, m, vstart, value)
            ):
                continue  # "人均消费在..." needs a value-looking start; "价格贵" is no value
            verb = (groups.get("verb") or "").lower()
            real_op: Op = (
                "set" if op == "change" and verb in ("set", "设为", "设置为", "设成") else op
            )
            end = vstart + len(value)
            if not (renamed and _HAN.match(renamed)) and _someone_elses_name(
                text, m.start("slot"), m.group("slot"), slot
            ):
                # "Ban the griefer, his name is X": a person's name, nobody sent anything.
                add(m.start(), end, None, "name", value, real_op, conf)
                continue
            add(
                m.start(),
                _more_of(own, text, end) if own else end,
                None if renamed else slot,
                renamed or slot.name,
                value,
                real_op,
                conf,
            )

    # "乘机人：刘洋", "入住人：赵磊": a label for a person no slot word names, and a name,
    # set a task slot named by the label.
    for m in _PERSON_LABEL.finditer(text) if ("：" in text or ":" in text) else ():
        role, value = m.group("label"), m.group("value")
        if onto.slot_for_word(role) is None and _PERSON_NAME.fullmatch(value):
            add(m.start(), m.end(), None, role, value, "set", 0.7)

    # "找个酒店，要300-400元的", "酒店最好是1000元以上的": a clause of an amount alone, in a
    # message seeking one kind of place (and naming no other), is that kind's price.
    if requests and _MONEY_GATE.search(text) is not None:
        price = onto.derived("slots.price", _compile_price)
        kinds = {e.name for _, e in onto.entity_mentions(text)}
        kind_name = next(iter(kinds)) if len(kinds) == 1 else ""
        only = price.slots.get(kind_name)
        if only is not None and _SEEK_KIND.search(text) is not None:
            for m in price.alone.finditer(text):
                value = m.group("value")
                add(
                    m.start("value"), m.end("value"), only, only.name, value, "set", 0.55, kind_name
                )

    # "我还想预约个200-300元的酒店": an amount right before a kind of place is its price.
    if requests and _MONEY_GATE.search(text) is not None:
        for at, end, kind_slot, value, kind in _priced_kinds(text, onto):
            add(at, end, kind_slot, kind_slot.name, value, "set", 0.6, kind)

    # "We have to come back June 20 instead, not the 22nd": a trip's return day changed; its
    # words tell the state it is the range's end (`state._RANGE_END`). (Before the phrases:
    # they read the day alone, not as the return's.)
    for m in _COME_BACK.finditer(text) if requests and latin and _BACK_CHANGED.search(text) else ():
        vstart, value = _clean_value(m.group("value"), m.start("value"))
        back = _shaped_slot(value, onto, "date") if value else None
        if back is None or back.value_shape != "date" or _asked(text, m.start()):
            continue
        if not _NOT_BACK.search(text, max(0, m.start() - 16), m.start()):
            add(m.start(), vstart + len(value), back, back.name, value, "change", 0.7)
    # Whether a value may be given up anywhere ("instead of", "而不是"): most texts say none.
    giving_up = not _GIVEN_UP_GATE.shut(text)
    for hit in hits:
        if hit.user_only and not requests:
            continue
        if giving_up and _GIVEN_UP.search(text, max(0, hit.start - 24), hit.start):
            continue  # "pay with PayPal instead of my Visa": the value given up
        # "但没有评分的X": the negation is of a modifier ended by "的", not of the name after it.
        lo = max(0, hit.start - 24)
        if negated and hit.slot.name == "名称":
            lo = max(lo, text.rfind("的", lo, hit.start) + 1)
        if negated and _ABSENT_ZH.search(text, lo, hit.start):
            continue  # "周边没有能吃到酸枣汁的餐馆"
        listing = _list_slot(hit.slot, rx.own_patterns.get(hit.slot.name))
        vstart, value = _clean_value(hit.value, hit.end - len(hit.value), listing)
        hit_start = hit.start
        if hit.slot.name == "product" and value != hit.value and _member_only(value, onto):
            # "买一件黑色的羽绒服": the colour is the product's, the product the noun after it.
            cut = hit.value.find("的", len(value))
            vstart, value = _clean_value(hit.value[cut + 1 :], vstart + cut + 1, listing)
            hit_start = vstart
        # The search first: it rarely matches, and comparing slots is the dearer test.
        digit = _DIGIT.search(value) is not None
        if any(
            (digit or not needs) and vrx.search(value) and s != hit.slot
            for s, vrx, needs in rx.value_patterns
        ):
            continue  # the ontology's own pattern names it better: "买iPhone 15 Pro" -> model
        # A criterion asked as a question is still asked for: "能吃到香椿炒鸡蛋的餐馆吗".
        asked = not (hit.slot.criterion or hit.in_question) and _in_question(text, hit.start)
        # "它家的推荐菜都有啥": a slot word is no value of its own.
        named = bool(value) and onto.slot_for_word(value) is not None
        if value and not _QUESTION.search(value) and not asked and not named:
            add(
                hit_start,
                vstart + len(value),
                hit.slot,
                hit.slot.name,
                value,
                "set",
                hit.confidence,
                hit.entity,
            )

    members = onto.find_members(text)
    # Words naming an entity ("出租车") hide enum values inside them ("租车").
    entity_spans = [(m.start(), m.end()) for m in onto.entity_words(text)] if members else []
    member_spans = [m.span() for m, _, _ in members]
    listed = [(m.start(), m.end(), s.name) for m, s, _ in members]
    places: _Places | None = None  # the message's places, scanned once when first needed
    bare: list[int] = []  # where a member is mentioned bare (set, with no verb nor slot word)
    for m, slot, _member in members:
        if any(s <= m.start() and m.end() <= e and (s, e) != m.span() for s, e in entity_spans):
            continue
        if m.end() - m.start() <= 2 and _AMENITY_NEXT.match(text, m.end()):
            continue  # "免费wifi", "免费停车": what is free is that amenity, not the ticket
        # "门票免费": led by its own slot word, a value; "金龙建国温泉酒店": a name.
        word = rx.slot_word.search(text, max(0, m.start() - 6), m.start())
        led = word is not None and word.end() == m.start() and onto.slot_for_word(word[0]) is slot
        asked = _in_question(text, m.start())
        whether = not asked and _WHETHER.search(_clause_before(text, m)) is not None
        sought = False
        if slot.criterion and (asked or whether):
            places = places or _scan_places(text, onto)
            sought = _sought_kind(text, m, slot, onto, places)
        # "周边的景点有没有免费的？": a criterion of the places sought, not a neighbour's name
        # (a statement's list of neighbours keeps its names: "周边酒店有：温泉酒店").
        described = sought and asked
        # "换成黑色", "还是换成中通吧": a value changed to, no name ("成" leads none).
        changed = _CHANGE_LEAD.search(text, max(0, m.start() - 3), m.start()) is not None
        if not led and not changed and _in_name(text, m.start(), m.end(), described=described):
            continue  # "金龙建国温泉酒店", "什刹海酒吧街", "周边餐馆有白家大院, 酒吧": places
        if giving_up and _GIVEN_UP.search(text, max(0, m.start() - 24), m.start()):
            continue  # "with FedEx instead of UPS": UPS is given up, not chosen
        if not requests and offered(text, m.start()):
            continue  # "您需要黑色还是白色？", "有黑色、白色可选": options offered, none chosen
        if _JUDGED_AFTER.match(text, m.end()) is not None:
            continue  # "Black is too plain anyway", "黑色太丑了": a value judged, not chosen
        if not led and not changed and _SAYS_OF_IT.match(text, m.end()) is not None:
            continue  # "my credit card covers it": a reason beside a rule, no value chosen
        if _kept_in_language(text, m.start(), slot):
            continue  # "Product names stay in English": a thing's language, not the task's
        if _kept_beside_return(text, m.start()):
            continue  # "return the blue jacket, keep the red": the kept one is not chosen
        if not_chosen(text, m.start(), m.end(), slot, listed, reply=not requests):
            continue  # "Green again: 38 passed", "英语一", "信用卡别动", a reply's list
        before = text[max(0, m.start() - 12) : m.start()]
        if _NEG_ZH.search(before) or _NEG_EN.search(before):
            neg = _NEG_ZH.search(before) or _NEG_EN.search(before)
            assert neg is not None
            start = m.start() - (len(before) - neg.start())
            end = m.end() + (1 if text[m.end() : m.end() + 1] == "了" else 0)
            # The removed value is named in `raw`; `value` is None per the schema.
            add(start, end, slot, slot.name, None, "remove", 0.8)
        elif _POS_ZH.search(before) or _POS_EN.search(before):
            pos = _POS_ZH.search(before) or _POS_EN.search(before)
            assert pos is not None
            start = m.start() - (len(before) - pos.start())
            end = _with_slot_word(text, m.end(), slot, rx.slot_word, onto)
            add(start, end, slot, slot.name, text[m.start() : end], "change", 0.75)
        elif _absent(text, m.start(), member_spans):
            continue
        elif (not asked and not whether) or (
            slot.criterion and (sought or _seeks(text, m.start()))
        ):
            # A bare mention informs only outside a question: "有租车服务吗？", "设施是否包含
            # 健身房" ask; a search criterion in a question that looks for a place is still
            # wanted: "哪家酒店有会议室？".
            end = _with_slot_word(text, m.end(), slot, rx.slot_word, onto)
            add(m.start(), end, slot, slot.name, text[m.start() : end], "set", 0.6)
            if not slot.criterion:
                bare.append(m.start())

    # "那就不用券了", "Then forget the coupon": the coupon given up clears it (the slot word
    # alone names no value for the member rule above to remove).
    coupon = onto.slot("coupon") if requests else None
    if coupon is not None and (
        "券" in text or "优惠码" in text or (latin and _COUPON_EN.search(text))
    ):
        for m in _DROP_COUPON.finditer(text):
            g = "drop" if m.group("drop") else "drop_en"
            add(m.start(g), m.end(g), coupon, coupon.name, None, "remove", 0.8)

    # "买2张票" then "改成3张吧": a count of things, its slot named by the measure word.
    # (Before the other changes: "门票改成3张" is the count's change, not the tickets' name,
    # and "改成3张" no value of a kind the state looks for.)
    for at, end, count_slot, count, count_op in _counted(text, onto) if requests else ():
        add(at, end, None, count_slot, count, count_op, 0.6)

    # "不用顺丰了，改用京东快递": the new value belongs to the slot this message dropped.
    dropped = next((u.slot for _, _, u in found if u.op == "remove"), None)
    vague: list[tuple[int, int, str]] = []
    for m in ZH_INSTEAD.finditer(text) if not _ZH_INSTEAD_GATE.shut(text) else ():
        vstart, value = _clean_value(m.group("value"), m.start("value"))
        if not value or taken(m.start(), m.end()) or _QUESTION.search(value):
            continue
        # Else the slot X is a value of by its kind ("换成京东快递", "换成午夜色"); with no kind
        # told, a bare "换成X" is too vague to assign.
        name = dropped or _instead_slot(value, onto, rx, last_slot)
        if name is not None:
            add(m.start(), vstart + len(value), onto.slot(name), name, value, "change", 0.7)
        elif requests and _HAN_HEAD.search(value) and _bare_kind_change(text, m):
            # "改成三年多次往返签证吧": no kind the ontology knows; the state gives it the held
            # value of the same kind of thing, the one ending in the same word (`SessionState`).
            # Added last: any other rule reading the span names its slot better.
            vague.append((m.start(), vstart + len(value), value))
    # "那就切到 db-prod-04.internal 吧", "优先级改成P1": a code-like value switched to with no
    # slot word the ontology knows; the state finds its slot by the value's shape.
    # (Before the bare switch: "版本改成 v3.8.1" names its thing, a version, no host.)
    # (Before the named changes: a bare "等级" would name a slot of its own.)
    level = onto.slot("level") if requests and ("级" in text or "等" in text) else None
    for at, end, value in _bare_levels(text) if level is not None else ():
        add(at, end, level, "level", value, "change", 0.6)
    for at, end, name, value in _named_changes(text, onto) if requests else ():
        part, thing = _numbered_part(name)
        add(at, end, None, thing, value, "change", 0.6, known=part)
    for at, end, value in _switched_to(text) if requests and latin else ():
        add(at, end, None, UNSPECIFIED, value, "change", 0.4)
    stay = requests and onto.slot("check_out") is not None and "月" in text
    for at, end, name, value in _stay_ends(text) if stay else ():
        add(at, end, onto.slot(name), name, value, "set", 0.6)
    for at, end, name, value in _versions(text) if requests and _DOTTED.search(text) else ():
        add(at, end, None, name, value, "set", 0.6)
    for at, end, name, value in _governing_law(text) if requests and _LAW_GATE.search(text) else ():
        add(at, end, None, name, value, "set", 0.6)
    if bare:
        # "换成EMS吧，顺丰太贵": a member mentioned bare beside the slot's change is a remark
        # on the value given up, not the slot's value.
        new_values = {u.slot: u.value for _, _, u in found if u.op == "change"}
        found[:] = [
            f
            for f in found
            if f[0] not in bare or new_values.get(f[2].slot, f[2].value) == f[2].value
        ]

    # With no slot word, a new value goes to the slot its shape says (a date, a time, an
    # amount, a count of people), else to the slot dropped or changed last unless that slot's
    # shape does not fit it ("make it 3 people" after the date changed is no date).
    # "Pick up at Oakland airport instead of SFO": where a pickup is, not a pick of "up at …".
    for m in _PICK_UP_AT.finditer(text) if requests and latin and "up" in text else ():
        if not _in_question(text, m.start()):
            vstart, value = _clean_value(m.group("value"), m.start("value"))
            add(m.start(), vstart + len(value), onto.slot("pickup"), "pickup", value, "change", 0.7)
    instead = (
        (_USE_INSTEAD, _TAKE_INSTEAD, _MAKE_IT, _BARE_INSTEAD)
        if "instead" in text.lower()
        else (_MAKE_IT,)
    )
    picks: tuple[re.Pattern[str], ...] = (_PICK_ONE,) if requests and " the " in text else ()
    if requests and _DIGIT.search(text) is not None:
        picks += (_PICK_CODE,)
    low = lowered(text) if latin else None
    for pat in (*instead, *picks) if latin else ():
        if _PICK_GATES[id(pat)].shut(text, low):
            continue  # the verb or the "instead" every match holds is not in the text
        for m in pat.finditer(text):
            vstart, value = _clean_value(m.group("value"), m.start("value"))
            if not value or taken(m.start(), m.end()) or _ORDINAL_ONE.fullmatch(value):
                continue  # "the second one": a pick from a list (`references`)
            if pat is _PICK_CODE and _refused_or_asked(text, m.start()):
                continue  # "Don't book UA9640", "Should I take UA9640?": no pick made
            # A pick among what was offered ("the 7pm one", "B6 919") sets the value: what
            # it replaces is the earlier pick, not a value of its shape said before.
            pick = pat is not _MAKE_IT and pat is not _BARE_INSTEAD
            if (one := _THE_ONE.fullmatch(value)) is not None and not _ORDINAL_ONE.fullmatch(
                one.group("inner")
            ):
                inner = one.group("inner")
                if onto.find_members(inner) or _shaped_slot(inner, onto, None) is not None:
                    vstart, value = vstart + one.start("inner"), inner  # "the 7pm one": 7pm
            elif one is not None:
                continue  # "the second flight": a pick from a list
            pick = pick and (one is not None or pat is _PICK_CODE)
            if pat is _MAKE_IT and _MAKE_IT_IDIOM.fullmatch(value):
                continue  # "Make it quick please, I'm in a hurry": a manner, no value
            if pat is _MAKE_IT and (party := _FOR_COUNT.fullmatch(value)) is not None:
                # "Make it for 4": a count of people, whatever slot changed last.
                people = fallback_slot(onto, PEOPLE)
                if people is not None:
                    count = party.group("n")
                    add(m.start(), vstart + len(value), people, people.name, count, "change", 0.7)
                continue
            end = vstart + len(value)
            it_is = _it_named(text, m.start(), onto) if pat is _MAKE_IT else None
            if it_is is not None and not _PEOPLE_RX.search(value):
                add(m.start(), end, None, it_is, value, "change", 0.6)
                continue  # "Move the non-solicit to 11.3 and make it 18 months": its own
            members = onto.find_members(value)
            shaped = _shaped_slot(value, onto, last_slot, price=pat is _PICK_ONE)
            if members:
                slot = members[0][1]
                add(m.start(), end, slot, slot.name, value, "change", 0.75)
            elif shaped is not None:
                # "Switch to the nonstop one, TP218": a switch replaces what was picked.
                switch = m.group(0)[:6].lower() == "switch"
                pick_op: Op = "set" if pick and not switch else "change"
                add(m.start(), end, shaped, shaped.name, value, pick_op, 0.7)
            elif pat in (_BARE_INSTEAD, _TAKE_INSTEAD, _PICK_ONE, _PICK_CODE):
                continue  # "I'll walk instead": no value of any slot's shape
            else:
                name = dropped or last_slot
                if _COUNT_ONLY.fullmatch(value) and _MOVED_IN_TIME.match(m.group(0)):
                    # "Can we push it to 8?": an hour with no shape, no party's size; the
                    # time's when a time was said lately (a booking at 7pm), else nobody's.
                    hour = onto.slot("time")
                    if hour is not None and _an_hour(value) and "time" in recent_kinds:
                        add(m.start(), end, hour, hour.name, value, "change", 0.7)
                    continue
                if _PUSHED.match(m.group(0)) and not (
                    _DAY_SAID.search(value) or _CLOCK_SAID.search(value)
                ):
                    continue  # "push it to main", "push it to production": code, no value
                if name is not None and _COUNT_ONLY.fullmatch(value) and _counts(name):
                    pass  # "Make it 3." after the party's size changed: 3 people
                elif name is not None and _has_shape(name, onto):
                    # "make it spicy" after the date changed: no date; "move it to Wednesday
                    # Dec 9 at 8:30 AM" after the time changed holds a time: the time again.
                    name = name if _holds_shape(name, value, onto) else None
                elif name is not None and _names_a_thing(name) and not _NAME_LIKE.fullmatch(value):
                    name = None  # "make it refundable" after a hotel was booked: no hotel
                if (
                    name is None
                    and _MOVED_IN_TIME.match(m.group(0))
                    and _WHEN_WORD.search(value)
                    and not _NUMBERED_PLACE_VALUE.fullmatch(value)
                ):
                    name = "date"  # "move it to Wednesday at 2pm": whatever it is, its when
                elif (
                    name is None
                    and _MOVED_IN_TIME.match(m.group(0))
                    and not _DAY_PART.search(value)
                ):
                    continue  # "Move it to the Eindhoven then": a place, of no slot known
                add(
                    m.start(),
                    end,
                    onto.slot(name or "unspecified"),
                    name or "unspecified",
                    value,
                    "change",
                    0.6 if name else 0.4,
                )

    # "Take 7:30.", "OK, book Friday then": an offered value picked alone, its clause all of
    # it; read only when its shape names its slot ("Take a seat." names none).
    # "Can we do Monday the 17th?": the same pick proposed as a question.
    proposed = _CAN_WE_DO.finditer(text) if "?" in text else ()
    for m in (*_TAKE_VALUE.finditer(text), *proposed) if requests and latin else ():
        value = m.group("value")
        shaped = _shaped_slot(value, onto, last_slot)
        if shaped is not None and not taken(m.start(), m.end("value")):
            # A change: the value asked for before ("a table for 7pm") is replaced.
            add(m.start(), m.end("value"), shaped, shaped.name, value, "change", 0.7)

    for at, end, name, value, code_op in _code_settings(text) if requests and "_" in text else ():
        add(at, end, None, name, value, code_op, 0.7)
    # "Set the deadline to Dec 18", "Move the deadline to Dec 19": a thing's own value, its
    # slot the thing's name when the ontology has no word for it.
    for at, end, noun, value, noun_op in _noun_settings(text) if requests and latin else ():
        slot = onto.slot_for_word(noun)
        add(at, end, slot, slot.name if slot else noun.lower(), value, noun_op, 0.6)
    # "Sure, lustre.", "OK, window then": a known kind said alone, of a thing talked of lately.
    for at, end, noun, value, kind_op in (
        bare_kind_choices(text, recent_kinds) if requests and latin else ()
    ):
        slot = onto.slot_for_word(noun)
        add(at, end, slot, slot.name if slot else noun, value, kind_op, 0.6)
    # "哑光纸，谢谢", "不，还是用哑光": a thing's known kind chosen or kept (`kinds`).
    for at, end, noun, value, kind_op in zh_kind_choices(text) if requests else ():
        slot = onto.slot_for_word(noun)
        add(at, end, slot, slot.name if slot else noun, value, kind_op, 0.6)

    # Most messages hold no digit, and most value patterns need one (phones, ratings, hours).
    digit = _DIGIT.search(text) is not None
    for slot, vrx, needs in rx.value_patterns:
        for m in vrx.finditer(text) if digit or not needs else ():
            if m.start() > 0 and _IN_NUMBER.match(text, m.start() - 1):
                continue  # "步行15分钟": "5分" is the tail of another number, no rating
            if _DENIED.search(text, max(0, m.start() - 8), m.start()):
                continue  # "没有5分的酒店", "评分不是5分的": said not to be so
            if _COMPARED.search(text, max(0, m.start() - 12), m.start()):
                continue  # "评分比那家高0.2分": a difference, no rating
            add(m.start(), _more_of(vrx, text, m.end()), slot, slot.name, m.group(0), "set", 0.6)

    for at, end, value in vague:
        add(at, end, None, UNSPECIFIED, value, "change", 0.4)
    found.sort(key=lambda t: t[0])
    _first_count_only(found, text)
    _corrections(found, text)
    _scoped_to_days(found, text)
    _amended_in_place(found, text)
    _owned_by_kin(found, text)
    updates = _removals_first([_with_end_named(_without_en_tail(u), text) for _, _, u in found])
    if mentions == [] and not names:
        return _by_own_slots(updates, onto)
    return updates


# "我妈手机 138…", "我老婆的电话是…": a person's own contact slot, another person's than
# the speaker's. Kept apart (the person is the entity), so "发我手机 139…" next is no change
# of it and no conflict with it. Several words for one person are one person.
_KIN_WORDS: dict[str, str] = {
    **dict.fromkeys(("妈", "妈妈", "老妈", "母亲"), "妈妈"),
    **dict.fromkeys(("爸", "爸爸", "老爸", "父亲"), "爸爸"),
    **dict.fromkeys(("老婆", "媳妇", "妻子", "爱人"), "爱人"),
    **dict.fromkeys(("老公", "丈夫"), "老公"),
    **dict.fromkeys(("孩子", "儿子", "女儿", "闺女"), "孩子"),
    **{w: w for w in ("奶奶", "爷爷", "外婆", "外公", "姥姥", "姥爷", "婆婆", "公公")},
    **{w: w for w in ("岳母", "岳父", "哥哥", "姐姐", "弟弟", "妹妹", "哥", "姐", "弟", "妹")},
    **{w: w for w in ("朋友", "同事", "室友")},
}
_KIN_RX = "|".join(sorted(_KIN_WORDS, key=len, reverse=True))
# The kin word right before the slot word ("我妈手机", "我妈的手机", "她妈妈的电话"), and
# no more than one of them: "我妈" is mine, the person is 妈妈.
_KIN_BEFORE = re.compile(
    rf"(?:^|(?<=[^\u4e00-\u9fff])|(?<=[我你他她咱]))(?:的)?(?P<kin>{_KIN_RX})的?$"
)
_CONTACT_SLOTS = frozenset({"phone", "email", "电话", "邮箱"})
# "My mom's phone is …", "my husband's email": the same in English.
_EN_KIN_WORDS: dict[str, str] = {
    **dict.fromkeys(("mom", "mum", "mother", "mommy"), "mom"),
    **dict.fromkeys(("dad", "father", "daddy"), "dad"),
    **dict.fromkeys(("wife", "husband", "spouse", "partner"), "spouse"),
    **dict.fromkeys(("son", "daughter", "kid", "child"), "child"),
    **{w: w for w in ("grandma", "grandpa", "brother", "sister", "friend", "colleague")},
    **{w: w for w in ("roommate", "boss")},
}
_EN_KIN_BEFORE = re.compile(rf"(?i)\b(?:my|our)\s+(?P<kin>{'|'.join(_EN_KIN_WORDS)})['’]s\s+$")
# "Change my mom's phone to …", "update mom's email to …": the kin between a change verb
# and the slot word, inside the change's own span.
_EN_KIN_CHANGED = re.compile(
    rf"(?i)^(?:{_EN_CHANGE})\s+(?:(?:my|our)\s+)?(?P<kin>{'|'.join(_EN_KIN_WORDS)})['’]s\s"
)


def _owned_by_kin(found: list[tuple[int, int, SlotUpdate]], text: str) -> None:
    """Each contact update said of a kin ("我妈手机 138…") made that person's."""
    for i, (start, end, u) in enumerate(found):
        if u.slot not in _CONTACT_SLOTS or u.entity != "task" or not u.raw:
            continue
        at = text.find(u.raw, start)
        if at < 0:
            continue
        if (kin := _KIN_BEFORE.search(text, max(0, at - 6), at)) is not None:
            owner = _KIN_WORDS[kin["kin"]]
        elif (en := _EN_KIN_BEFORE.search(text, max(0, at - 24), at)) is not None:
            owner = _EN_KIN_WORDS[en["kin"].lower()]
        elif (changed := _EN_KIN_CHANGED.match(u.raw)) is not None:
            owner = _EN_KIN_WORDS[changed["kin"].lower()]
        else:
            continue
        found[i] = (start, end, u.model_copy(update={"entity": owner}))


# "结束日期改成5月8日": the end of a range the slot word's raw span leaves out.
_END_BEFORE = re.compile(r"(?:开始|起始|结束|截止|返回)$")


def _with_end_named(u: SlotUpdate, text: str) -> SlotUpdate:
    """`u` with its raw span run back over the word naming which end of a range it is (the
    state keeps the other end, see `SessionState._one_end`)."""
    at = text.find(u.raw) if u.raw and u.op == "change" else -1
    end = _END_BEFORE.search(text, max(0, at - 2), at) if at > 0 else None
    return u if end is None else u.model_copy(update={"raw": end.group(0) + u.raw})


# "Move the non-solicit from 9.4 to 11.3 and make it 18 months": the thing "it" is, named
# earlier in the sentence by a verb and a determiner.
_IT_NAMED = re.compile(
    r"(?i)\b(?:move|change|set|update|extend|keep|put|draft|add|rewrite|shorten|lengthen)\s+"
    r"(?:the|my|our|this|that)\s+(?P<noun>[a-z][a-z-]{2,19}"
    r"(?:\s+(?!(?:from|to|in|on|at|for|with|by|into|and|of|up|back|out)\b)[a-z][a-z-]*)?)\b"
    r"(?:[^.!?;\n]|\.(?=\d))*?\band\s+$"
)
_EN_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n")
# "The dedupe key should be email only. Wait no, make it email plus tenant_id": the thing a
# value was just said for, taken back at once; "it" is that thing.
_IT_SAID = re.compile(
    r"(?i)\b(?:the|my|our)\s+(?P<noun>[a-z][a-z-]{2,19}(?:\s+[a-z][a-z-]*)?)\s+"
    r"(?:should\s+be|will\s+be|must\s+be|is|was)\s+[^.!?\n]{1,60}?[.!?,;]?\s+"
    r"(?:(?:wait|no|nope|actually|hmm+|sorry|oh|or|scratch\s+that)\W+)+$"
)


def _it_named(text: str, at: int, onto: Ontology) -> str | None:
    """The thing "make it <value>" at `at` is, when the sentence names one the ontology has
    no slot word for (a slot word's own rules read it); else None."""
    start = max((e.end() for e in _EN_SENTENCE_END.finditer(text, 0, at)), default=0)
    m = _IT_NAMED.search(text, start, at) or _IT_SAID.search(text, max(0, at - 120), at)
    if m is None or _NOT_A_THING.fullmatch(m["noun"]) or onto.slot_for_word(m["noun"]):
        return None
    if _NOUN_SET.match(text, m.start()):
        return None  # "Move the meeting to Tuesday and make it 90 minutes": set already
    return m["noun"].lower()


# "2 people, no wait, 3 people": a count said again after one of these corrects the first.
_CORRECTED = re.compile(
    r"(?i)\b(?:actually|no|sorry|wait|oops|i mean|i meant|rather|instead|make (?:it|that)"
    r"|change|correction|scratch that)\b|不对|不是|改成|改为|其实|算了"
)


def _first_count_only(found: list[tuple[int, int, SlotUpdate]], text: str) -> None:
    """Keeps the first of two counts of people (or of nights) set in one message for
    different things ("a table for 2 people at 7pm, and a flight for 3 people"): the message
    booked two things, and neither count replaces the other (no conflict, no `was:`). A count
    said again after a correction ("2 people, sorry, 3 people") replaces the first, as before."""
    seen: dict[tuple[str, str], int] = {}
    drop: list[int] = []
    for i, (start, _end, u) in enumerate(found):
        if u.slot not in (PEOPLE, DURATION) or u.op != "set":
            continue
        key = (u.entity, u.slot)
        if key in seen:
            prev_end = found[seen[key]][1]
            if _CORRECTED.search(text, prev_end, start) is None:
                drop.append(i)
                continue
        seen[key] = i
    for i in reversed(drop):
        del found[i]


# A day named alone: what "make it Saturday" may put in place of a day said in a text.
_DAY_WORD = re.compile(
    r"(?i)\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tonight|tomorrow)\b"
)


def _amended_in_place(found: list[tuple[int, int, SlotUpdate]], text: str) -> None:
    """ "Set the MOTD to 'Season 7 starts Friday'. Wait, make it Saturday.": a day said
    alone after a correction, when a value set earlier in the message holds one day and more
    words, amends that value (the day in it swapped), no day of the task's own."""
    for i, (start, end, u) in enumerate(found):
        if u.value is None or not _DAY_WORD.fullmatch(u.value.strip(" .!")):
            continue
        for j in range(i - 1, -1, -1):
            _, prev_end, prev = found[j]
            days = _DAY_WORD.findall(prev.value or "")
            if prev.slot == u.slot or len(days) != 1 or prev.value == days[0]:
                continue
            clause = max((m.end() for m in _CLAUSE_BEFORE.finditer(text, 0, start)), default=0)
            if clause < prev_end or not _CORRECTION_LEAD.match(text[clause:start]):
                break  # "'Sale ends Monday', no emojis, and move the call to Tuesday": a call
            day = u.value.strip(" .!")
            amended = _DAY_WORD.sub(day, prev.value or "", count=1)
            found[i] = (start, end, prev.model_copy(update={"value": amended, "op": "change"}))
            break


# A clause that opens by correcting what was said: "Actually it's 5 people", "Correction,
# the deposit was $2,650", "Sorry, typo: x4417", "其实是5个人", "不对，是5个人". (A bare "No,"
# answers a question; "actually" later in a clause qualifies, "I actually need 2".)
_CORRECTION_LEAD = re.compile(
    r"(?i)^\s*(?:(?:also|oh|ah|hmm+|so|ok(?:ay)?)\W+)*(?:actually|correction|oops|my bad|my mistake"
    r"|sorry(?:\W+(?:typo|my bad|my mistake|i mean|wrong))?|typo|i mean|i meant|scratch that"
    r"|wait(?:\W+no)?|no\W+wait)\b"
    r"|^\s*(?:其实|不对|更正|纠正|说错了|写错了|抱歉)"
)
# "…12th floor, not 11th": a value said against the one it replaces, later in its clause.
_NOT_AFTER = re.compile(r"(?i),?\s+not\s+(?:the\s+)?[$€£¥]?\w|[，,]?\s*(?:而)?不是")
_CLAUSE_BEFORE = re.compile(r"(?<!\d)\.|\.(?!\d)|[!?;。！？；\n]")


def _corrections(found: list[tuple[int, int, SlotUpdate]], text: str) -> None:
    """Makes a value set in a clause that corrects what was said a change: it replaces the
    value held as the user meant it to, no contradiction of theirs."""
    for i, (start, end, u) in enumerate(found):
        if u.op != "set" or u.value is None:
            continue
        clause = max((m.end() for m in _CLAUSE_BEFORE.finditer(text, 0, start)), default=0)
        if _CORRECTION_LEAD.match(text[clause:start]) or _NOT_AFTER.match(text, end):
            found[i] = (start, end, u.model_copy(update={"op": "change"}))


# "On Fridays make it 23:30 instead, the rest stays at 22:00": a value for some days only,
# said in the value's clause; the value for the other days stands.
_SOME_DAYS = re.compile(
    r"(?i)\b(?:on|for)\s+(?P<days>(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|weekdays)\b"
    r"|\b(?P<every>every|each)\s+(?P<day>(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend)\b"
)
# "每周五改成23:30", "周末改成9点", and "周五改成23:30，其他天还是22:00" (a bare weekday is a
# day's own value unless the other days are said to keep theirs, `_REST_STAYS_ZH`).
_SOME_DAYS_ZH = re.compile(
    r"(?P<every>每个?)?(?:周|星期|礼拜)[一二三四五六日天](?:和(?:周|星期|礼拜)?[一二三四五六日天])*"
    r"|周末|工作日"
)
_CLAUSE_MARK_EN = re.compile(r"[.!?;,\n，。；！？]")
_DAYS_GATE = re.compile(r"day|weekend|周|星期|礼拜|工作日")


# "the rest stays at 22:00", "other days remain 7am": the value of the days not named.
_REST_STAYS = re.compile(
    r"(?i)\b(?:the\s+rest|the\s+others?|other\s+days|everything\s+else|the\s+remaining\s+days)"
    r"\s+(?:stays?|remains?|keeps?|(?:is|are)\s+still|can\s+stay)\s+(?:at\s+|on\s+|as\s+)?"
    r"(?P<value>[^,;!?\n]+?)(?=\s*(?:[,;!?\n]|\.(?:\s|$)|$))"
)


_REST_STAYS_ZH = re.compile(
    r"(?:其他|其余|别的|剩下的?)的?(?:天|日子|几天|时候)?(?:都|也)?(?:还是|照旧是?|不变|保持|仍然是|仍是|依旧是?)"
    r"(?:在|是)?\s*(?P<value>[^，,。；;！!？?\s]*)"
)


def _days_of(text: str, begin: int, stop: int, start: int, end: int) -> str | None:
    """The days named in the clause `text[begin:stop]` outside the value at `start:end` that
    a value is for only ("Fridays", "周末"), else None."""
    scope = _SOME_DAYS.search(text, begin, stop)
    if scope is not None and not start <= scope.start() < end:
        return scope["days"] or f"{scope['day']}s"
    zh = _SOME_DAYS_ZH.search(text, begin, start)
    if zh is None:
        return None
    if zh["every"] or zh[0] in ("周末", "工作日") or _REST_STAYS_ZH.search(text, end):
        return zh[0]
    return None  # "周五改成23:30": that Friday's time, no day's of every week


def _taken_span(found: list[tuple[int, int, SlotUpdate]], start: int, end: int) -> bool:
    return any(start < e and s < end for s, e, _ in found)


def _scoped_to_days(found: list[tuple[int, int, SlotUpdate]], text: str) -> None:
    """Makes a value changed for some days only (`_SOME_DAYS`) the value of its own slot,
    "time on Fridays": the slot's value for the other days is not replaced."""
    if not _DAYS_GATE.search(text):
        return
    for i, (start, end, u) in enumerate(found):
        if u.value is None or u.op != "change" or " on " in u.slot or "（" in u.slot:
            continue  # "周末我要请客户吃清蒸鲈鱼": no value changed, none for some days
        begin = max((m.end() for m in _CLAUSE_MARK_EN.finditer(text, 0, start)), default=0)
        stop = _CLAUSE_MARK_EN.search(text, end)
        days = _days_of(text, begin, stop.start() if stop else len(text), start, end)
        if days is None:
            continue  # "make it every Friday": the days are the value itself
        slot = f"{u.slot}（{days}）" if _HAN.match(days) else f"{u.slot} on {days}"
        found[i] = (start, end, u.model_copy(update={"slot": slot, "op": "set"}))
        kept = _REST_STAYS.search(text, end) or _REST_STAYS_ZH.search(text, end)
        if kept is None or not kept["value"].strip():
            continue
        if _taken_span(found, kept.start(), kept.end()):
            continue
        # "…, the rest stays at 22:00": the other days' value said again, still held.
        rest = u.model_copy(update={"value": kept["value"].strip(), "op": "set", "raw": kept[0]})
        found.append((kept.start(), kept.end(), rest))


# The most common Chinese family names (single, then double): a person's slot said with no
# verb ("收货人李娜") takes a value that reads as a name.
_SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程"
    "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝"
    "龚邵万钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞"
    "左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕"
    "屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧"
    "闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑迟邝"
)
_PERSON_NAME = re.compile(
    rf"(?:欧阳|司马|上官|诸葛|东方|皇甫|慕容|令狐|夏侯|尉迟|公孙|长孙|司徒|端木|[{_SURNAMES}])"
    # Not a remark on the slot ("收货人安排好了", "联系人方便的话"): no particle, verb or
    # adverb among the given name's characters.
    r"(?:(?![了好的是在有不没要会能可说想做排便过着很太都也还就再又吗呢吧啊])[\u4e00-\u9fff]){1,2}"
    r"(?:先生|女士|小姐)?"
)
# "乘机人：刘洋": a label ending in "人" (at a clause's start) and the name after it.
_PERSON_LABEL = re.compile(
    r"(?:^|(?<=[，,。；;！!？?\s、]))(?:我的|我们的|本次的?)?"
    r"(?P<label>(?![我的])[\u4e00-\u9fff]{1,3}(?<!本)人)[:：]\s*"
    rf"(?P<value>[^{_ZH_STOP}:：]{{2,6}})(?=[{_ZH_STOP}]|$)"
)
# "我，刘洋", "我老婆（王芳）": the user or someone close to them, then the name.
_SELF_THEN_NAME = re.compile(
    r"(?:我|本人)(?:自己|本人)?(?:的)?(?:老婆|老公|太太|先生|爱人|妻子|丈夫|妈妈|妈|爸爸|爸|父亲|母亲"
    r"|女朋友|男朋友|朋友|同事|儿子|女儿|家人)?\s*[，,（(]\s*"
    # ("我，谢谢": thanks, though 谢 is a family name.)
    rf"(?!谢谢|多谢|辛苦|麻烦)(?P<name>{_PERSON_NAME.pattern})(?=\s*[）)，,。；;！!？?\s]|$)"
)
# A slot for a person: its words end so ("收货人", "联系人", "姓名").
_PERSON_WORD = re.compile(r"(?:人|姓名)$")


def _person_name(slot: SlotDef, value: str) -> bool:
    """Whether `value` reads as a person's name and `slot` holds one."""
    return _PERSON_NAME.fullmatch(value) is not None and any(
        _PERSON_WORD.search(w) for w in slot.zh
    )


# A value ending in a Chinese word: the word names its kind ("…签证", "…票").
_HAN_HEAD = re.compile(r"[\u4e00-\u9fff]$")
# "改成三年多次往返签证吧", "还是换成卧铺票": a thing changed to, the verb opening its clause
# (after polite or adverb words only). Not a thing named before it ("房型换成…", read by its
# name), a change refused ("别把…换成"), or told of ("我们会换成新方案").
_BARE_KIND_VERB = re.compile(r"改成|换成|改为|换为|改用|换用")
_BARE_KIND_LEAD = re.compile(
    r"(?:^|[，,。；;！!？?\s])(?:还是|那就|就|那|帮我|给我|请|麻烦|我想|我要|想|要|再|都)*$"
)
# A description ("大一号的", "便宜一点的") or a pointer ("这样", "新的") names no thing.
_NOT_A_KIND = re.compile(r".*[的样些点]|.*(?:一点|一些|一号|一码|这个|那个).*")


def _bare_kind_change(text: str, m: re.Match[str]) -> bool:
    """Whether the "改成X" at `m` changes to a thing X with no slot named (see above)."""
    said = m.group("value").rstrip("了吧啊呀哦呢嘛哈啦噢")
    value = said.rstrip(_TRAIL)
    if not _BARE_KIND_VERB.match(m.group(0)) or len(value) < 3 or _NOT_A_KIND.fullmatch(said):
        return False
    return _BARE_KIND_LEAD.search(text, max(0, m.start() - 12), m.start()) is not None


def _instead_slot(value: str, onto: Ontology, rx: _Compiled, last_slot: str | None) -> str | None:
    """The slot "换成X" changes when the message names none: the one slot X is a value of
    by its kind (its own slot word ending it: "京东快递"; the slot's own pattern or shape:
    "512GB"; the ending every member of the slot's enum shares: "午夜色"); among several, the
    slot changed last. None when no kind is told."""
    kinds: list[str] = []
    word = next((w for w in rx.slot_word.finditer(value) if w.end() == len(value)), None)
    if word is not None and word.start() > 0 and (slot := onto.slot_for_word(word[0])):
        kinds.append(slot.name)
    for slot, vrx in (*onto.value_patterns, *_naming_shapes(onto)):
        if vrx.fullmatch(value):
            kinds.append(slot.name)
    for name, tail in onto.derived("slots.enum_tails", _enum_tails):
        if len(value) > len(tail) and value.endswith(tail):
            kinds.append(name)
    if _HAN.search(value) or _ZH_KIND_WORDS.fullmatch(value):
        kinds += _zh_kinds(value, onto)
    kinds = list(dict.fromkeys(kinds))
    if len(kinds) == 1:
        return kinds[0]
    return last_slot if last_slot in kinds else None


# A Chinese value's kind by its shape or its words, with no enum member of it: "14号", "明天"
# (a date); "上海市浦东新区世纪大道100号" (an address); a courier or a way to pay, each by
# the word of its slot ("快递", "付款").
_ZH_DAY = re.compile(
    r"(?:\d{1,2}月)?\d{1,2}[号日]|大?后天|明天|(?:下|这|本)?(?:个)?(?:周|星期|礼拜)[一二三四五六日天]"
)
_ZH_KIND_WORDS = re.compile(
    r"(?P<快递>(?:顺丰|京东|中通|圆通|申通|韵达|极兔|德邦|百世|邮政|EMS|宅急送)"
    r"(?:快递|物流|速运|速递|快运)?)"
    r"|(?P<付款>微信|支付宝|银行卡|信用卡|储蓄卡|花呗|现金|银联|云闪付|货到付款)",
    re.I,
)


def _zh_kinds(value: str, onto: Ontology) -> list[str]:
    """The slots a Chinese value fits by its shape or its words (`_ZH_DAY`, an address,
    `_ZH_KIND_WORDS`)."""
    out: list[str] = []
    if _ZH_DAY.fullmatch(value):
        out += [s.name for s in onto.slots if s.value_shape == "date"]
    out += [s.name for s in onto.slots if _bare_address(s, value)]
    if (w := _ZH_KIND_WORDS.fullmatch(value)) is not None:
        word = next(k for k, v in w.groupdict().items() if v)
        if (slot := onto.slot_for_word(word)) is not None:
            out.append(slot.name)
    return out


def offered(text: str, pos: int) -> bool:
    """Whether the sentence holding `pos` offers options rather than states a value."""
    start = max(text.rfind(c, 0, pos) for c in "。！!？?\n") + 1
    sentence = _SENTENCE_AT.match(text, start)
    return sentence is not None and _OFFER.search(sentence.group(0).rstrip()) is not None


def _enum_tails(onto: Ontology) -> list[tuple[str, str]]:
    """(slot, ending) for each enum slot whose members' Chinese words all end alike ("黑色",
    "暗紫色": "色"): a word with that ending is of the slot's kind."""
    out: list[tuple[str, str]] = []
    for enum in onto.enums:
        words = [w for m in enum.members for w in m.synonyms if _HAN.search(w)]
        if len(words) < 3:
            continue
        tail = words[0]
        for w in words[1:]:
            while tail and not w.endswith(tail):
                tail = tail[1:]
        if tail:
            out += [(s.name, tail) for s in onto.slots if s.enum == enum.name]
    return out


def _removals_first(updates: list[SlotUpdate]) -> list[SlotUpdate]:
    """ "改成京东快递，别用顺丰": a slot's removal names the value the message replaces, so it
    is applied before the message's new value of that slot, which it must not remove."""
    out: list[SlotUpdate] = []
    for u in updates:
        at = len(out)
        if u.op == "remove":
            at = next(
                (
                    i
                    for i, v in enumerate(out)
                    if v.op != "remove" and (v.entity, v.slot) == (u.entity, u.slot)
                ),
                at,
            )
        out.insert(at, u)
    return out


# "3个人", "五位": a party's size in Chinese.
_ZH_PARTY = re.compile(r"(?:\d{1,3}|[一二两三四五六七八九十]{1,3})(?:个人|位|人)")


def _said_slot(value: str, was: str, onto: Ontology, last_slot: str | None) -> SlotDef | None:
    """The slot "I said X, not Y" / "我说的是X，不是Y" sets: one X and Y are both values of,
    by shape, party size or enum member ("I said I'd call, not email" names none)."""
    slot = _shaped_slot(value, onto, last_slot)
    if slot is not None and (
        _COUNT_ONLY.fullmatch(was)
        or _shaped_slot(was, onto, slot.name) is slot
        or _wrong_digits(value, was)
    ):
        return slot
    if _ZH_PARTY.fullmatch(value) and (_ZH_PARTY.fullmatch(was) or was.isdigit()):
        return fallback_slot(onto, PEOPLE)
    mine = _whole_member_slot(value, onto)
    return mine if mine is not None and _whole_member_slot(was, onto) is mine else None


def _wrong_digits(value: str, was: str) -> bool:
    """Whether `was` is the wrong end of a number `value` corrects ("415-555-0128, not
    0182"): as many digits as end the value, and other ones."""
    tail = value[-len(was) :]
    return was.isdigit() and len(was) >= 2 and tail.isdigit() and tail != was


def _whole_member_slot(value: str, onto: Ontology) -> SlotDef | None:
    """The slot whose enum `value` names whole ("红色", "blue"), else None."""
    for m, slot, _ in onto.find_members(value):
        if m.start() == 0 and m.end() == len(value):
            return slot
    return None


def _naming_shapes(onto: Ontology) -> list[tuple[SlotDef, re.Pattern[str]]]:
    """The value shapes that name a slot by themselves: not a code's, which a flight number,
    an order id and a coupon all have ("Book flight UA1542" sets no coupon)."""
    return [(s, vrx) for s, vrx in onto.value_shapes if s.value_shape != "code"]


def _shaped_slot(
    value: str, onto: Ontology, last_slot: str | None, *, price: bool = False
) -> SlotDef | None:
    """The slot a value said with no slot word fills by its shape: one whose value shape
    (`SlotDef.value_shape`) it has whole, the slot changed last among several ("$300" after
    the budget changed; with `price`, the price of the thing picked), else a count of people
    or a stay's length (`PEOPLE`, `DURATION`, the task's when the ontology lacks them)."""
    fits = [
        slot
        for slot, vrx in _naming_shapes(onto)
        if vrx.fullmatch(value)
        or (
            slot.value_shape == "date"
            and (
                _ORDINAL_DAY.fullmatch(value) is not None
                or _WEEKDAY_DAY.fullmatch(value) is not None
            )
        )
    ]
    if not fits:
        if _PEOPLE_RX.fullmatch(value):
            return fallback_slot(onto, PEOPLE)
        if _DURATION.fullmatch(value) or _LENGTH.fullmatch(value):
            return fallback_slot(onto, DURATION)
        if _FREQUENCY.fullmatch(value):
            return fallback_slot(onto, FREQUENCY)
        if _FLIGHT_RX.fullmatch(value):
            return fallback_slot(onto, FLIGHT)
        return None
    prefer = (last_slot, "price") if price else (last_slot,)
    return next((s for name in prefer for s in fits if s.name == name), fits[0])


# "Make it quick", "make it snappy": how the user wants it done, no value of any slot.
_MAKE_IT_IDIOM = re.compile(
    r"(?i)(?:quick|quicker|quickly|fast|faster|snappy|brief|short|asap|happen|work|count|so)"
)
# A value judged badly right after it is named: "Black is too plain", "red looks ugly",
# "黑色太丑了", "白色有点素".
_JUDGED_AFTER = re.compile(
    r"(?i)\s*(?:is|are|looks?|seems?|feels?)\s+(?:(?:way|far|a bit|kind of|really|so|just"
    r"|pretty|a little)\s+)*(?:too\s+[a-z]+|ugly|boring|plain|awful|terrible|hideous|dull)\b"
    r"|(?:的话|也|还是)?(?:太|有点|有些|好)(?:丑|土|素|暗|艳|难看|单调|普通)"
)
# "my credit card covers it", "信用卡已经包含了": the value is what a clause says something
# of (a reason beside a rule, a fact), not the value chosen.
_SAYS_OF_IT = re.compile(
    r"(?i)\s+(?:already\s+|also\s+|usually\s+)?(?:covers?|includes?|has|have|gives?|offers?"
    r"|provides?|comes?\s+with|pays?\s+for|handles?|takes?\s+care\s+of)\b"
    r"|(?:已经|本身|也|都)?就?(?:包含|包括|覆盖|自带|含有|报销)"
)
# "Product names stay in English", "keep the code comments in English", "品牌名保留英文":
# a language a thing is kept in, no language of the task (the replies, "it", everything).
_KEPT_IN = re.compile(
    r"(?i)\b(?P<what>[a-z]+(?:\s+[a-z]+){0,2}?)\s+(?:stays?|remains?|(?:is|are)\s+(?:kept|left))"
    r"\s+in\s+$"
    r"|\b(?:keep|leave)\s+(?:the\s+|all\s+|any\s+)?(?P<kept>[a-z]+(?:\s+[a-z]+){0,2}?)\s+in\s+$"
    r"|(?P<zh>[\u4e00-\u9fff]{1,6}?)(?:保留|保持|维持)(?:为|成)?$"
)
_THE_TASK_ITSELF = re.compile(
    r"(?i)(?:the\s+|your\s+|all\s+)?(?:it|everything|all|replies|reply|answers?|responses?|output"
    r"|messages?|conversation|translation|text|回复|回答|全部|所有|一切|输出|译文)"
)


def _kept_in_language(text: str, at: int, slot: SlotDef) -> bool:
    """Whether the language at `at` is one a thing other than the task is kept in."""
    if slot.name != "language":
        return False
    m = _KEPT_IN.search(text, max(0, at - 48), at)
    if m is None:
        return False
    what = m["what"] or m["kept"] or m["zh"] or ""
    return not _THE_TASK_ITSELF.fullmatch(what.strip())


# The coupon given up, as a whole clause: "那就不用券了", "还是不要优惠券了吧", "Then forget
# the coupon.", "skip the coupon then". A question ("不用券也行吗？", "Can I skip the
# coupon?"), a condition ("不用券的话多少钱"), the coupon put off ("券不用急") or a reminder
# ("Don't forget the coupon") gives nothing up: the clause must start and end with it.
_COUPON_EN = re.compile(r"(?i)\b(?:coupon|promo)")
_DROP_COUPON = re.compile(
    r"(?i)(?:^|(?<=[，,。.！!；;：:\s]))(?:(?:那就|那|就|还是|算了[，,]?)\s*)*"
    r"(?P<drop>(?:不用|不要|别用|不使用)(?:优惠券|优惠码|券)(?:码)?)"
    r"(?=了?(?:吧|啊|哈)?\s*(?:[，,。.！!；;]|$))"
    r"|(?:^|(?<=[.!;,:]))\s*(?:(?:then|ok(?:ay)?|fine|alright|so|just|please|in\s+that\s+case"
    r"|never\s+mind|let'?s)[,\s]+)*"
    r"(?P<drop_en>(?:forget|skip|drop|remove|ditch|scrap)\s+(?:about\s+)?(?:the|my|that)\s+"
    r"(?:coupon|promo)(?:\s+code)?)(?=(?:\s+then)?(?:,?\s+please)?\s*(?:[.!,;]|$))"
)
# "I said Thursday, not Tuesday", "I meant 4 people, not 5": what the user had said.
# "The number is wrong, it's 415-555-0128, not 0182", "it should be Thursday, not Tuesday":
# the right value said against the wrong one.
_SAID_NOT = re.compile(
    r"(?i)\b(?:I\s+(?:said|asked\s+for|wanted|meant|requested)|it['’]s|it\s+is"
    r"|(?:it|that|this)\s+should\s+(?:be|say|read)|the\s+right\s+one\s+is)"
    r"\s+(?P<value>[^,;!?\n.]+?),?"
    r"\s+not\s+(?P<old>[^,;!?\n.]+?)\s*(?=[.!,;]|$)"
)
_ZH_SAID_NOT = re.compile(
    r"我(?:说的|要的|订的|选的|想要的|要求的)(?:是|就是)\s*(?P<value>[^，,。；;！!？?\s]{1,20}?)\s*[，,]?\s*"
    r"(?:而)?不是\s*(?P<old>[^，,。；;！!？?\s]{1,20}?)[了啊呀呢吧]?\s*(?=[，,。；;！!？?]|$)"
)

# "return the blue jacket, keep the red": in a message that sends something back, what is
# kept is the thing not returned, so it is no value chosen. Alone, "I'd like to keep the red
# one" does choose red.
_KEPT_BEFORE = re.compile(
    r"(?i)\b(?:keep|keeping|hold on to)\s+(?:the|my|this|that)\s+(?:[a-z]+\s+)?$"
)
_RETURNING = re.compile(r"(?i)\b(?:return|exchange|refund|send back|swap)")


def _kept_beside_return(text: str, at: int) -> bool:
    """Whether the value at `at` is what is kept while something else goes back."""
    return (
        _KEPT_BEFORE.search(text, max(0, at - 24), at) is not None
        and _RETURNING.search(text) is not None
    )


# "push it to 8", "move it to 9": a verb that moves a thing in time; a bare number after it
# is an hour, never a party's size.
_MOVED_IN_TIME = re.compile(r"(?i)(?:move|push|bump|reschedule)\b")
# "push it to main", "bump it to v2": pushed code or a version, when no value's shape says
# otherwise.
_PUSHED = re.compile(r"(?i)(?:push|bump)\b")
# A part of a day or a span a thing may be moved to with no clock nor date ("move it to the
# afternoon", "reschedule it for the weekend"): a when, kept for the state to place.
# A place named by its kind and number ("Room 4B", "the Hall 3", "gate 12"): moved to, no when.
_NUMBERED_PLACE_VALUE = re.compile(
    r"(?i)(?:the\s+)?(?:room|hall|gate|floor|level|bay|dock|desk|table|suite|studio|building"
    r"|unit|stage|track|platform|row|lane|rack|pier|berth|booth|ward|wing|zone|area|lab)"
    r"\s*(?:no\.?\s*|#\s*)?[A-Z]?\d+[A-Z]?"
)
_DAY_PART = re.compile(r"(?i)\b(?:morning|afternoon|evening|night|weekend|week|month|year|later)")


def _an_hour(value: str) -> bool:
    """Whether a bare count can be an hour of the clock ("8", "eight"; not "30")."""
    return not value.isdigit() or 0 < int(value) <= 24


# "Make it for 4", "make that for two": a party's size with no word for people.
_FOR_COUNT = re.compile(rf"(?i)for\s+(?P<n>\d{{1,3}}|{EN_COUNT_WORDS})")
# "Make it 3": a bare count, a value only of a slot that counts (`_counts`).
_COUNT_ONLY = re.compile(rf"(?i)\d{{1,3}}|one|{EN_COUNT_WORDS}")
# A name: capitalised words (a code's digits too), "the" before them ("the Hilton", "Hotel
# Julian", "Kinzie", "UA 1542"), small joining words inside ("Hotel de Ville", "Bar & Grill").
_NAME_LIKE = re.compile(
    r"(?=[^A-Z]*[A-Z])(?:the\s+)?[A-Z0-9][\w'&.-]*(?:\s+(?:(?:of|the|de|la|du|and|on|at|&)\s+)*"
    r"[A-Z0-9][\w'&.-]*)*"
)
# Slots whose value is the name of a thing picked (a reply's offered kind, see
# `references.ParseContext.offered_kind`, or a name slot): "make it X" changes them only to a
# name, never to a word describing it ("refundable", "for 4", "quick").
_THING_SLOTS = frozenset(
    {
        *("name", "名称", "product", "hotel", "motel", "inn", "hostel", "resort", "lodge"),
        *("restaurant", "bistro", "cafe", "diner", "bar", "pub", "train", "bus", "car", "room"),
        *("apartment", "house", "tour", "event", "show", "concert", "movie", "film", "museum"),
        *("spa", "salon"),
    }
)


def _names_a_thing(name: str) -> bool:
    return name in _THING_SLOTS


def _counts(name: str) -> bool:
    """Whether the slot `name` holds a count, so a bare number is its value ("Make it 3")."""
    return name in (PEOPLE, "quantity")


def _has_shape(name: str, onto: Ontology) -> bool:
    """Whether the slot `name` takes values of one shape only (a date, a count of people)."""
    slot = onto.slot(name)
    shaped = slot is not None and slot.value_shape is not None
    return name in (PEOPLE, DURATION, FLIGHT) or shaped


def _holds_shape(name: str, value: str, onto: Ontology) -> bool:
    """Whether `value` holds a value of the slot `name`'s shape among its other words."""
    return any(slot.name == name and vrx.search(value) for slot, vrx in onto.value_shapes)


def _hours_slot(rx: _Compiled, slot: SlotDef) -> bool:
    """Whether `slot`'s own pattern is of opening hours (it reads "10:00-22:00")."""
    own = rx.own_patterns.get(slot.name)
    return own is not None and own.search("10:00-22:00") is not None


def _paired(
    text: str, m: re.Match[str], onto: Ontology, rx: _Compiled
) -> list[tuple[SlotDef, tuple[int, str]]]:
    """The values `zh_pair` leads to, one per slot word in order: "车型和车牌各是#CX和#CP",
    "评分和人均消费分别是4.5分和100元". Nothing unless the count agrees and each value reads
    as its slot's; with no "分别" ("各", "依次") every value must look like a value."""
    slots = [onto.slot_for_word(w.group(0)) for w in rx.slot_word.finditer(m.group(0))]
    if any(s is None for s in slots) or len({s.name for s in slots if s}) != len(slots):
        return []
    out: list[tuple[SlotDef, tuple[int, str]]] = []
    pos = m.end()
    for i, slot in enumerate(slots):
        assert slot is not None
        last = i == len(slots) - 1
        piece = (_LAST_PIECE if last else _PAIR_PIECE).match(text, pos)
        if piece is None:
            return []
        vstart, value = _clean_value(piece.group("p"), piece.start("p"))
        own = rx.own_patterns.get(slot.name)
        if own is not None:
            head = own.match(value)
            if head is None or (not last and head.end() != len(value)):
                return []
            value = head.group(0)
        elif slot.criterion:
            # An amount or a member: dishes are listed with the marks that part the values.
            amount = _AMOUNT.match(value)
            if amount is not None:
                value = amount.group(0)
            elif not onto.find_members(value):
                return []
        if (
            not value
            or _QUESTION.search(value)
            or rx.slot_word.search(value)
            or not (m.group("each") or _starts_like_value(value))
        ):
            return []
        out.append((slot, (vstart, value)))
        pos = piece.end()
    return out


# A value before the next one: "#CX和", "4.5分、"; the last runs to the clause's end.
_PAIR_PIECE = re.compile(r"(?P<p>[^，,。；;！!？?\n、和与及]+?)\s*(?:和|与|及|以及|、|，|,)\s*")
_LAST_PIECE = re.compile(r"(?P<p>[^，,。；;！!？?\n]+)")


# An amount of money: "200-300元", "100块钱以内".
_MONEY = (
    r"(?<![\d.])\d+(?:\.\d+)?(?:元|块)?(?:\s*(?:-|到|至|~)\s*\d+(?:\.\d+)?)?(?:元|块钱|块)"
    r"(?:以上|以下|左右|以内|之内)?"
)
_MONEY_GATE = re.compile(r"\d\s*(?:元|块)")


def _compile_price(onto: Ontology) -> _Price:
    """Each kind's price slot: its one criterion named with "价" (价格, 门票价格, 人均消费价格),
    and the clause of an amount alone, for the kinds with one."""
    slots: dict[str, SlotDef] = {}
    for ent in onto.entities:
        own = [
            slot
            for name in ent.slots
            if (slot := onto.slot(name)) is not None
            and slot.criterion
            and any("价" in w for w in slot.zh)
        ]
        if len(own) == 1:
            slots[ent.name] = own[0]
    words = [w for ent in onto.entities if ent.name in slots for w in ent.zh]
    kinds = "|".join(sorted(map(re.escape, words), key=len, reverse=True)) or r"(?!x)x"
    # "酒店最好是1000元以上的": the kind may open the clause.
    alone = re.compile(
        rf"(?:^|(?<=[，,。；;！!？?\n]))\s*(?:{kinds})?(?:的)?"
        r"(?:要|需要|最好|希望|价位|价钱|大概|大约|控制|在|是|就|能|得)*"
        rf"(?P<value>{_MONEY})(?:之间|左右)?"
        r"(?:的|就行|就好|就可以|即可|也行|吧|了|啊|呢|哦)*\s*(?=[，,。；;！!？?\n]|$)"
    )
    return _Price(alone, slots)


@dataclass
class _Price:
    alone: re.Pattern[str]  # a clause of an amount alone: "要300-400元的"
    slots: dict[str, SlotDef]  # each kind's price slot, by the kind's name


def _compile_priced_kinds(onto: Ontology) -> tuple[re.Pattern[str], dict[str, str]]:
    """The amount said right before a kind word ("200-300元的酒店"), and each kind word's
    entity, for the kinds `_compile_price` finds a price slot of (the ontology says which
    slot that is: 价格, 人均消费, 门票)."""
    priced = onto.derived("slots.price", _compile_price).slots
    owner = {w: ent.name for ent in onto.entities if ent.name in priced for w in ent.zh}
    kinds = "|".join(sorted(map(re.escape, owner), key=len, reverse=True)) or r"(?!x)x"
    rx = re.compile(
        rf"(?P<value>{_MONEY})(?:之间|左右)?的?(?:一|这|那)?(?:家|个|间|所)?(?P<kind>{kinds})"
    )
    return rx, owner


# "不要200元的酒店", "没有200元的酒店", "比200元的酒店贵", "住过一个500元的酒店": no price
# asked for.
_NOT_PRICED = re.compile(
    r"(?:不要|不想要|别|不是|没有|除了|比|[去住吃玩]过)[^，,。；;！!？?\n\d]{0,6}$"
)


def _priced_kinds(text: str, onto: Ontology) -> list[tuple[int, int, SlotDef, str, str]]:
    """(start, end, price slot, amount, kind) of each amount said before a kind of place."""
    rx, owner = onto.derived("slots.priced_kinds", _compile_priced_kinds)
    priced = onto.derived("slots.price", _compile_price).slots
    out: list[tuple[int, int, SlotDef, str, str]] = []
    for m in rx.finditer(text):
        if _NOT_PRICED.search(text, max(0, m.start() - 12), m.start()):
            continue
        kind = owner[m.group("kind")]
        out.append((m.start("value"), m.end("value"), priced[kind], m.group("value"), kind))
    return out


# A message that looks for a place: "找个酒店", "推荐一家", "想订", "有没有".
_SEEK_KIND = re.compile(r"找|推荐|介绍|有没有|有什么|哪|想住|想订|预订|预约|订")


_DIGIT = re.compile(r"\d")
# A slot said to have no value: "到达站无", "电话暂无".
_NO_VALUE = frozenset({"无", "没有", "暂无"})
# A digit, or a decimal point after one, right before a digit: a match starting there begins
# inside a longer number.
_IN_NUMBER = re.compile(r"(?:\d|(?<=\d)\.)(?=\d)")


def _stop_slot(slot: SlotDef, onto: Ontology) -> bool:
    """Whether a slot is named for a kind of place, one place its value ("出发地附近地铁站在
    东直门地铁站E口"), not a list of what is near ("周边景点")."""
    words = onto.entity_words(slot.name)
    return bool(words) and words[-1].end() == len(slot.name) and not NEAR_WORD.match(slot.name)


def governed_by_other(text: str, start: int, slot: SlotDef, onto: Ontology) -> bool:
    """Whether the slot word at `start` is governed by a word for another kind of thing
    right before it, one without the slot: "坐地铁的时长" (a ride's length, not a visit's),
    "打车起始站" (a taxi's start, not a metro stop)."""
    rx, kinds = onto.derived("slots.governing", _governing)
    word = rx.search(text, max(0, start - 8), start) if rx is not None else None
    return word is not None and slot.name not in kinds[word.group(1).lower()].slots


def _governing(onto: Ontology) -> tuple[re.Pattern[str] | None, dict[str, EntityDef]]:
    """A word for a kind of thing ending right before a slot word (a "的" between), and the
    entity of each such word."""
    kinds = {w.lower(): e for e in onto.entities for w in (*e.zh, *e.en)}
    if not kinds:
        return None, kinds
    words = "|".join(re.escape(w) for w in sorted(kinds, key=len, reverse=True))
    return re.compile(rf"({words})的?$", re.I), kinds


def _bare_address(slot: SlotDef, value: str) -> bool:
    """Whether a Chinese address follows its slot word with no verb and reads as one: "地址
    黄村镇滨河路西里32号楼", "收货地址朝阳区建国路88号院" (starting with an area's or a road's
    name, ending as addresses end); "地址我记得是…" starts with words of the speaker. An
    English address needs its verb ("address is"), read by the other rules."""
    return (
        slot.name in ("地址", "address")
        and _AREA_OR_ROAD.match(value) is not None
        and _ADDRESS_END.search(value) is not None
    )


# A short place name and its kind of area or road, with no word of speech in the name.
_AREA_OR_ROAD = re.compile(
    r"[^是在了我你他她它的很太好像记得说改麻烦请\d]{1,6}?(?:[省市区县镇乡村路街巷道]|胡同)"
)
# "西单地铁站", "东直门地铁站E口": a stop said after "在" ("在东边" says where, names none).
_STATION_END = re.compile(r"(?:站|口)$")
# "早上8点", "10:30": a time of day.
_CLOCK = re.compile(r"^(?:早上|上午|中午|下午|晚上|凌晨|傍晚|早晨)?\d{1,2}(?:点|[:：]\d\d)")


def criterion_clock(slot: SlotDef, value: str) -> bool:
    """Whether `value` is a time of day said for a search criterion (a length, a price, a
    rating), which a time of day never is."""
    return slot.criterion and _CLOCK.match(value) is not None


def _bare_amount(m: re.Match[str]) -> bool:
    """Whether `zh_gap` matched its amount with no verb nor "大概" before it: after "…点",
    "…些" or opening the clause after a remark."""
    return not m.group("verb") and not m.group("gap").endswith(("大概", "大约"))


def _whole_amount(value: str, own: re.Pattern[str] | None) -> bool:
    """Whether `value` is one amount of the slot's shape up to the clause's end: its own
    pattern's match, or a sum or length ("30元以下的", "2小时 - 3小时就行"), and at most
    a word of assent after it."""
    head = own.match(value) if own is not None else _AMOUNT.match(value)
    return head is not None and _ASSENT.fullmatch(value, head.end()) is not None


# "…的", "…就行", "…就可以了": what may follow an amount that ends its clause.
_ASSENT = re.compile(r"(?:的|就|也|都)?(?:行|好|可以|够|成)?[了吧啊呀哦呢嘛哈啦的]*")


def _needs_digit(pattern: str) -> bool:
    """Whether every match of `pattern` holds a digit (a `\\d`, as `_DIGIT` finds), as far as a
    plain reading tells: a `\\d` outside any group or class that no quantifier makes optional,
    and no `|` outside a group. False when unsure (a verbose pattern, a digit in a group)."""
    if "(?x" in pattern:
        return False  # a comment may hold anything
    depth, i, found, in_class = 0, 0, False, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            after = pattern[i + 2 : i + 4]
            if pattern[i + 1 : i + 2] == "d" and depth == 0 and not in_class:
                found = found or not after.startswith(("?", "*", "{0", "{,"))
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            i += 1 if pattern.startswith("^", i + 1) else 0
            i += 1 if pattern.startswith("]", i + 1) else 0  # "[]…]": a literal "]"
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            return False
        i += 1
    return found


def _by_own_slots(updates: list[SlotUpdate], onto: Ontology) -> list[SlotUpdate]:
    """With no entity named, a slot only one entity has says which one the message is about:
    "有没有评分4.5分以上，能玩1小时的地方" (游玩时间) looks for an attraction."""
    owners = onto.derived("slot_owners", _slot_owners)
    single = {owners[u.slot][0] for u in updates if len(owners.get(u.slot, ())) == 1}
    if len(single) != 1:
        return updates
    (only,) = single
    return [
        u.model_copy(update={"entity": only})
        if u.slot != "名称" and only in owners.get(u.slot, ()) and u.entity != only
        else u
        for u in updates
    ]


def _outside(
    mentions: list[tuple[int, EntityDef]], names: list[tuple[int, int]]
) -> list[tuple[int, EntityDef]]:
    # "北京饭店的电话": the entity word inside a name says nothing of the name's kind.
    return [(at, e) for at, e in mentions if not any(s <= at < e_ for s, e_ in names)]


def _named(
    text: str,
    onto: Ontology,
    mentions: list[tuple[int, EntityDef]],
    names: list[tuple[int, int]],
    known: Mapping[str, str] | None = None,
) -> list[tuple[int, EntityDef]]:
    """`mentions` and the names whose ending says their kind ("去未名湖吧，评分是4.6分"), in
    order; a name whose neighbours are sought ("X周边的景点") is no mention of its own; a name
    a recent turn read (`known`) is of the kind it was read as."""
    out = list(mentions)
    for start, end in names:
        if _NEAR_NEXT.match(text, end):
            continue
        if (was := known_kind(text, text[start:end], onto, known)) is not None:
            out.append((start, was))
            continue
        kind = name_kinds(text[start:end], onto)[0]
        if kind is not None:
            out.append((start, kind))
    return sorted(out, key=lambda t: t[0])


_NEAR_NEXT = re.compile(r"的?" + NEAR)


def _clause_before(text: str, m: re.Match[str]) -> str:
    start = max((text.rfind(c, 0, m.start()) for c in "，,。；;！!？?\n"), default=-1) + 1
    return text[start : m.start()]


_WHETHER = re.compile(r"是否|是不是|有没有")


def _seeks(text: str, pos: int) -> bool:
    """Whether the sentence around `pos` looks for a place ("哪家…", "帮我找…") rather
    than asks about the one in focus ("这家酒店有会议室吗？")."""
    start = max((text.rfind(c, 0, pos) for c in "。！!？?\n"), default=-1) + 1
    ends = [i for i in (text.find(c, pos) for c in "。！!？?\n") if i != -1]
    return _SEEK.search(text, start, min(ends, default=len(text))) is not None


_SEEK = re.compile(r"哪|谁家|找|推荐|介绍|的(?:酒店|宾馆)")


@dataclass
class _Places:
    """Where one message's clauses start and what its entity words say, from one scan of the
    message: each option word then looks its clause up instead of rescanning it."""

    marks: list[int]  # the clause marks' positions
    near: list[int]  # where words for near start ("附近", "周边")
    # A singular demonstrative or pronoun naming one place ("这家", "那个景点", "它"):
    # (start, end), by start.
    focus: list[tuple[int, int]]
    # Per slot: places picked from ("景点里面有", "这些酒店有"), whose kind has the slot, as
    # (start of the place word, end of "有…"), by start.
    picks: dict[str, list[tuple[int, int]]]

    def clause_start(self, pos: int) -> int:
        i = bisect_left(self.marks, pos)
        return self.marks[i - 1] + 1 if i else 0


def _scan_places(text: str, onto: Ontology) -> _Places:
    marks = [m.start() for m in _CLAUSE_MARK.finditer(text)]
    near = [m.start() for m in NEAR_WORD.finditer(text)]
    focus = [m.span() for m in _FOCUS.finditer(text)]
    picks: dict[str, list[tuple[int, int]]] = {}
    places = _Places(marks, near, focus, picks)
    for w in onto.entity_words(text):
        lead = _DEMONSTRATIVE.search(text, max(0, w.start() - 3), w.start())
        if lead is not None:
            focus.append((lead.start(), w.end()))  # "这个酒店", "那家餐馆": one place
            continue
        if w.start() == places.clause_start(w.start()):
            continue
        pick = _AMONG.match(text, w.end())
        if pick is None and text[w.start() - 1] in _GROUP_LEAD:
            pick = _HAS_NEXT.match(text, w.end())
        if pick is None:
            continue
        # Each word's own entity: the words do not overlap, so this is one scan in all.
        for slot in onto.entity_mentions(w.group(0))[0][1].slots:
            picks.setdefault(slot, []).append((w.start(), pick.end()))
    focus.sort()
    return places


def _about_focus(m: re.Match[str], places: _Places) -> bool:
    """Whether the clause before `m` names one place (a demonstrative or a pronoun) with no
    word for near after it: "这家酒店里有健身房吗", "它有免费的吗" ask about that place;
    "这家酒店附近有免费的景点吗" asks about its neighbours."""
    i = bisect_left(places.focus, (m.start(), m.start()))
    if i == 0:
        return False
    start, end = places.focus[i - 1]
    if start < places.clause_start(m.start()) or end > m.start():
        return False
    j = bisect_left(places.near, end)
    return not (j < len(places.near) and places.near[j] < m.start())


def _picked(m: re.Match[str], slot: SlotDef, places: _Places) -> bool:
    """Whether `m` follows, in its clause, a pick among places whose kind has `slot`:
    "景点里面有不免费的么"; "餐馆里有酒吧吗" asks for no hotel's bar."""
    found = places.picks.get(slot.name, [])
    # The picks before `m` end in their order (their place words do not overlap).
    i = bisect_left(found, (m.start(), m.start()))
    while i and found[i - 1][1] > m.start():
        i -= 1
    return bool(i) and found[i - 1][0] > places.clause_start(m.start())


def _sought_kind(
    text: str, m: re.Match[str], slot: SlotDef, onto: Ontology, places: _Places
) -> bool:
    """Whether a criterion asked in a question describes the kind of place sought, not the
    place in focus: "有4.5分以上的豪华型酒店吗" (the member before a word for its kind), "有没有
    免费的呢" (a member made a noun by "的"), "这几个景点里面有不免费的么" (a pick among places);
    not "它是豪华型酒店吗" nor "这家酒店里有健身房吗", which ask about one place."""
    if _IS_BEFORE.search(text, max(0, m.start() - 3), m.start()) or _about_focus(m, places):
        return False
    end = m.end()
    if _kind_next(text, end, slot, onto):
        return True
    if _NOUN_ASKED.match(text, end) and _HAS_BEFORE.search(text, max(0, m.start() - 3), m.start()):
        return True
    return _picked(m, slot, places)


def _kind_next(text: str, end: int, slot: SlotDef, onto: Ontology) -> bool:
    """Whether a word for a kind of place that has `slot` follows `end`, after a "的" or
    none: "豪华型(的)酒店"."""
    kind = next(iter(onto.entity_mentions(text[end : end + 6])), None)
    return (
        kind is not None
        and kind[0] == (1 if text.startswith("的", end) else 0)
        and slot.name in kind[1].slots
    )


# "它是豪华型酒店吗", "是不是免费的": the place in focus asked about.
_IS_BEFORE = re.compile(r"是(?:不是)?$")
_HAS_BEFORE = re.compile(r"有(?:没有)?$")
_NOUN_ASKED = re.compile(r"的(?:呢|吗|么|嘛|啊|呀)?\s*[？?]")
# "景点里面有…", "这些酒店中有没有…": a pick among the places named before.
_AMONG = re.compile(r"(?:里面|里边|里头|当中|之中|中|里)(?:有没有|有)")
# "周边的景点有没有…", "这些酒店有…": places described or counted, a group to pick from.
_GROUP_LEAD = frozenset("的些")
# "这是…", "它…", "这家…": one place named by a demonstrative or a pronoun ("它们", "这些"
# name several; "它周边" its neighbours, told by the word for near).
_FOCUS = re.compile(r"(?:这|那|该)(?:是|家)|它(?!们)")
# "这个酒店", "那座景点", "该餐馆": the demonstrative before a place word.
_DEMONSTRATIVE = re.compile(r"(?:这|那|该)(?:一)?(?:个|家|座|间|所|处)?$")
_HAS_NEXT = re.compile(r"(?:还|也)?有(?:没有)?")


def _absent(text: str, pos: int, member_spans: list[tuple[int, int]]) -> bool:
    """ "没有你要的棋牌室" says the value is absent; the "无" of a feature's own name
    ("提供无烟房的经济型酒店") says nothing."""
    start = max(0, pos - 24)
    neg = _ABSENT_ZH.search(text[start:pos])
    return neg is not None and not any(s <= start + neg.start() < e for s, e in member_spans)


def _in_name(text: str, start: int, end: int, *, described: bool = False) -> bool:
    """Whether the word at start:end is part of a place's name or of a list of nearby places,
    not a feature: led by a character that is no verb or joint, or followed by a place word.

    `described`: the word describes a kind of place ("周边的酒店中有经济型的酒店吗"), so no
    list of nearby names holds it."""
    if _NAME_AFTER.match(text, end):
        return True
    if not described and _NEARBY_LIST.search(text, max(0, start - 80), start):
        return True
    before = text[start - 1 : start]
    if (
        before in _VERB_LEAD
        and text.startswith("的", end)
        and not _NEGATION.search(text, max(0, start - 6), start)
    ):
        # "去高档型的北京贵都大酒店", "能接待外宾的酒店": after a verb and before "的", a
        # feature describes the place ("不想去免费的景点" is read as before).
        return False
    if _WISH_LEAD.search(text, max(0, start - 2), start):
        return False  # "门票最好免费", "必须免费": a wish for the feature, no name
    return bool(_HAN.match(before)) and before not in _FEATURE_LEAD


_WISH_LEAD = re.compile(r"(?:最好|必须|务必|尽量)$")
_NEGATION = re.compile(r"[不没别]")
_VERB_LEAD = frozenset("去能备打好")
_NAME_AFTER = re.compile(r"(?:街|城|度假|公寓|会馆|山庄|中心|广场|公园)")
# The characters before a feature named as one: "有温泉", "提供wifi", "和租车", "带室内游泳池".
# "一处免费景点", "可以免费玩": a classifier or a modal before it, too.
_FEATURE_LEAD = frozenset(
    "有供带和及与是要含括在或个种些没无的用找需望家于属间为择选订住处座类款以"
)


def _has_value(value: str, slot: SlotDef, own: re.Pattern[str] | None) -> bool:
    """Whether "<slot word>有<value>" gives a value: a number-like one, or a word (a dish)
    for a slot that takes words; never an enum's ("酒店设施有…" is read member by member)."""
    if slot.enum is not None or _NOT_HELD.match(value):
        return False
    if own is not None:
        return own.match(value) is not None
    return _starts_like_value(value) or slot.criterion


_NOT_HELD = re.compile(r"点|些|一点|很|多|没|几|优惠|变化|要求|限制")


def _list_slot(slot: SlotDef, own: re.Pattern[str] | None) -> bool:
    # A criterion held in words (dishes), not a number, an enum or a patterned value.
    return slot.criterion and slot.enum is None and own is None


def _with_list(text: str, vstart: int, value: str, slot_word: re.Pattern[str]) -> str:
    """A word value followed by more of its kind: "嘎鱼, 酸菜灶台鹅", "年糕、豆腐脑、凉面"."""
    end = vstart + len(value)
    if text[end : end + 1] == "，" and _is_item(value, slot_word):
        # "推荐菜有流沙包，冰皮榴莲酥，唐宫虾饺皇，味道都不错": short words each a clause of
        # its own, up to the clause that says something of them.
        while (m := _COMMA_ITEM.match(text, end)) is not None and _is_item(m[1], slot_word):
            end = m.end()
        return text[vstart:end]
    # "全家福 老字号": a space between two Chinese words parts them.
    spaced = _SPACED.match(text, end - 1) is not None
    if (text[end : end + 1] not in (",", "、") and not spaced) or (
        # An amount is no list head; a name may start with digits: "808文创园、…".
        _starts_like_value(value) and not _digit_name_list(text, vstart, value)
    ):
        return value
    while (m := _LIST_MORE.match(text, end)) is not None and not slot_word.search(m.group(0)):
        end = m.end()
    return _LIST_END.sub("", text[vstart:end])


_COMMA_ITEM = re.compile(r"，\s*([^，,。；;！!？?\s、]{2,8})(?=[，,。；;！!？?]|$)")
_SPACED = re.compile(r"[\u4e00-\u9fff] (?=[\u4e00-\u9fff])")
# What a list item holds none of: a number, a pronoun, an adverb or particle of a remark.
_NOT_AN_ITEM = re.compile(
    r"[\d都很也还就挺是有的了吧呢啊吗我你您它他她这那]|味道|不错|好吃|特别|非常|比较|欢迎"
)


def _is_item(value: str, slot_word: re.Pattern[str]) -> bool:
    return (
        2 <= len(value) <= 8
        and _NOT_AN_ITEM.search(value) is None
        and slot_word.search(value) is None
    )


def zh_address(text: str, vstart: int, value: str, onto: Ontology) -> str:
    """A Chinese address runs on past the marks that end other values: "小椿树胡同14、16号",
    "新东路12号4号楼3层 3-17", "古城村西北的古城河口", "羊坊店路21号，近9号线…"."""
    end = vstart + len(value)
    rest = _CLAUSE_REST.match(text, end)
    more = rest.group(0) if rest is not None else ""
    if (word := onto.slot_word_pattern().search(more)) is not None:
        more = more[: word.start()]
    whole = (value + more).rstrip(_TRAIL + " ")
    # Only as far as it still reads as a place: "地址在朝阳区的酒店" ends at the area.
    if len(whole) > len(value) and _ADDRESS_END.search(whole) and not onto.entity_words(more):
        value, end = whole, vstart + len(whole)
    if (near := _NEAR_LANDMARK.match(text, end)) is not None:
        value += near.group(0).rstrip(_TRAIL + " ")  # the landmark it is near is part of it
    return value


# "日志级别 INFO", "环境 PROD": a setting's value in capitals, the clause's whole after a
# Chinese slot word with no verb.
_CAPS_WORD = re.compile(r"[A-Z][A-Z0-9_]{1,15}")
_CLAUSE_ENDS = re.compile(r"\s*(?:[，,。；;！!？?\n]|$)")


def _caps_word_after(text: str, m: re.Match[str], vstart: int, value: str) -> bool:
    """Whether `value`, right after the Chinese slot word `m` names with no verb, is a word in
    capitals that ends its clause."""
    return (
        _HAN.match(m.group("slot")) is not None
        and not m.group("verb")
        and _CAPS_WORD.fullmatch(value) is not None
        and _CLAUSE_ENDS.match(text, vstart + len(value)) is not None
    )


# What a day said in Chinese holds: a number, a numeral's month or day, a weekday, a day
# relative to today, a holiday.
_DAY_SAID = re.compile(
    r"\d|[一二三四五六七八九十]+[月日号]|周[一二三四五六日天末]|星期|礼拜|今天|明天|后天|昨天|"
    r"[今明后]晚|月[底初中]|节|元旦|除夕|假"
)


_TRIP_ENDS = frozenset({"departure_date", "return_date"})


def _undated(slot: SlotDef, word: str, value: str) -> bool:
    """Whether a value after the Chinese word of a trip's end names no day."""
    return (
        slot.name in _TRIP_ENDS
        and _HAN.match(word) is not None
        and bool(value)
        and _DAY_SAID.search(value) is None
    )


def _zh_address_word(slot: SlotDef, word: str) -> bool:
    """Whether `word` is a Chinese word for an address slot named in English ("address")."""
    return slot.name == "address" and _HAN.match(word) is not None


_CLAUSE_REST = re.compile(r"[^，,。；;！!？?\n]*")
_ADDRESS_END = re.compile(
    r"(?:[\dA-Za-z号楼层门口路街道巷村镇乡区县市院园厦场内侧处室座栋)）]|胡同|对面|附近|区域|上)$"
)
# "，近9号线…", "，旅游局旁", "，原风尚KTV": the landmark it is near or what the place was
# before, added after a comma.
_NEAR_LANDMARK = re.compile(
    r"[，,]\s*(?:(?:近|靠近|临近|原(?!来|本|因|价|则|谅))[^，,。；;！!？?\n]+"
    r"|[^，,。；;！!？?\n\s]{2,12}?(?:旁边|旁|对面|东侧|西侧|南侧|北侧)(?=$|[，,。；;！!？?\n]))"
)


def _digit_name_list(text: str, vstart: int, value: str) -> bool:
    """Whether a value led by digits is a name heading a list ("808文创园、…"), no amount."""
    return (
        text[vstart + len(value) : vstart + len(value) + 1] in (",", "、")
        and _DIGITS_WORD.match(value) is not None
        and _AMOUNT.match(value) is None
    )


_DIGITS_WORD = re.compile(r"\d+[\u4e00-\u9fff]")
_LIST_MORE = re.compile(
    r"(?:\s*、\s*|, ?|(?<=[\u4e00-\u9fff]) (?=[\u4e00-\u9fff]))[^，,。；;！!？?\s、的]{2,16}"
)
_LIST_END = re.compile(r"(?:等等|等|…+|\.+)$")


def _matches(
    pat: re.Pattern[str],
    text: str,
    slot_word: re.Pattern[str],
    starts: list[int] | None = None,
) -> list[re.Match[str]]:
    """`pat.finditer(text)`, except that a value running into the next slot word
    ("评分4.5分以上的可有游玩时间4小时") ends there and the search goes on from that word.

    `starts`, when given, are all the positions where `pat` can match (ascending)."""
    out: list[re.Match[str]] = []
    pos = 0
    while (m := _search(pat, text, pos, starts)) is not None:
        out.append(m)
        nxt = slot_word.search(m.group("value"), 1)
        pos = m.start("value") + nxt.start() if nxt is not None else m.end()
        pos = max(pos, m.start() + 1)
    return out


def _search(
    pat: re.Pattern[str], text: str, pos: int, starts: list[int] | None
) -> re.Match[str] | None:
    """`pat.search(text, pos)`, trying only `starts` when given."""
    if starts is None:
        return pat.search(text, pos)
    for at in starts[bisect_left(starts, pos) :]:
        if (m := pat.match(text, at)) is not None:
            return m
    return None


def _member_only(value: str, onto: Ontology) -> bool:
    """Whether `value` is wholly one enum member of a slot ("黑色"), no product's name."""
    return any(m.span() == (0, len(value)) for m, _, _ in onto.find_members(value))


# What "换号了", "改地址了", "换名字了" change to: the slot's own noun, no value of it.
_VALUE_NOUN = re.compile(r"(?:新的?)?(?:手机)?(?:号码?|电话(?:号码?)?|地址|名字?|邮箱|账号)")
_SENTENCE_STOP = re.compile(r"[。！!？?\n]")


def _shaped_after(text: str, at: int, shape: re.Pattern[str] | None) -> tuple[int, str] | None:
    """(start, value) of the first value of `shape` in the sentence from `at` on ("，新号
    13912345678"), or None."""
    if shape is None:
        return None
    stop = _SENTENCE_STOP.search(text, at)
    found = shape.search(text, at, stop.start() if stop else len(text))
    return (found.start(), found.group(0)) if found is not None else None


def _clean_value(value: str, start: int, listing: bool = False) -> tuple[int, str]:
    """Trim spaces, trailing particles and a trailing '的 + noun' modifier; keep the offset.

    With `listing` (a slot holding a list of words), "A还有B" is one list of two words."""
    # "电话是：010-…": the colon after the verb is no part of the value.
    lead = len(value) - len(value.lstrip(" \t:："))
    v = value[lead:].strip()
    cut = v.find("的")
    if cut > 0 and _HAN.match(v, cut + 1):
        v = v[:cut]
    join = _ZH_JOIN.search(v, 1)
    if join is not None and not (listing and _MORE_WORD.fullmatch(v, join.start())):
        v = v[: join.start()]
    v = _ASSENT_TAIL.sub("", v)
    while v and v[-1] in _TRAIL + " " and not _BAR.search(v):
        v = v[:-1]
    return start + lead, v


# Words that end an English message after its value and are no part of it: "ship to 14 Elm
# Street instead", "move it to 8pm too", "phone 138****1234." A full stop stays where a word
# of the value ends with it ("St.", "Jr.", "a.m.", "U.S."). A change of mind ("switch it to
# store credit after all") and when a change was made ("I renamed the branch to X yesterday")
# are no part of the value either.
_EN_TAIL = re.compile(
    r"(?i)(?:[\s,]+(?:instead(?:\s+of\s+(?:that|this|it))?|too|as\s+well|again|please|then"
    r"|thanks|thank\s+you|after\s+all|from\s+now\s+on|yesterday|already|just\s+now"
    r"|earlier\s+today"
    r"|(?:an?\s+(?:few\s+)?|\d+\s+|(?:two|three|few)\s+)"
    r"(?:seconds?|minutes?|hours?|days?|weeks?|while|moment|bit)\s+ago))+[\s.!?,;]*$"
    r"|[\s,;:!?]+$"
)
_KEPT_DOT = re.compile(
    r"(?i)(?:\b(?:st|jr|sr|dr|mr|mrs|ms|ave|blvd|rd|ln|inc|ltd|co|corp|no|apt|ste|etc|vs)"
    r"|\b(?:[a-z]\.){1,3}[a-z]|\.\.)\.$"
)


def _without_en_tail(u: SlotUpdate) -> SlotUpdate:
    """`u` with the words and punctuation that end an English message after its value cut
    off (see `_EN_TAIL`); a value all of such words is kept as it was."""
    v = u.value
    if not v or not v[-1:].isascii() or v[-1].isdigit():
        return u
    cut = _EN_TAIL.sub("", v)
    while cut.endswith(".") and not _KEPT_DOT.search(cut):
        cut = cut[:-1].rstrip()
    if cut == v or not cut or not cut[0].isascii():
        return u
    return u.model_copy(update={"value": cut})


# "还有炒年糕" ends a list of words with one more word (not "还有什么", "还有别的").
_MORE_WORD = re.compile(r"还有(?!什么|啥|别|其他|其它|一些|些|点|没|哪)[\u4e00-\u9fff]{2,8}")
# "冰城串吧", "什刹海酒吧": a 吧 that ends a word, not a particle.
_BAR = re.compile(r"[串酒网水]吧$")
# "没有评分为5分的", "不是5分"; not the questions "有没有…", "是不是…".
_DENIED = re.compile(
    r"(?:(?<![是有])不是|(?<!有)没有|并非|(?<!有)没(?!有))[^，,。；;！!？?\n\d]{0,4}$"
)
_YES_NO = re.compile(r"否|不是")
# "比那家高", "比它低了": a comparison right before an amount, which is then a difference.
_COMPARED = re.compile(
    r"比[^，,。；;！!？?\n\d]{1,8}?(?:高|低|多|少|贵|便宜|长|短)(?:了|出|一点|一些|约|大约|将近)?$"
)
_NUM = r"\d+(?:\.\d+)?"
# An amount with its unit, as far as it goes: "20-50元", "1小时 - 2小时", "50元以下"; a
# range said in words is one too: "150元到500元(之间)", "3至5小时".
# "100块以内", "80块钱左右": a spoken currency word is a unit too.
_AMOUNT = re.compile(
    rf"{_NUM}(?:元|分|小时|天|块)?(?:\s*(?:-|到|至|~)\s*{_NUM})?(?:元|分|小时|天|块钱|块)"
    r"(?:以上|以下|左右|以内|之内)?"
)
# A bound said before a criterion's amount: at most, at least, below, above; or a bound not
# to cross ("门票不要超过50元", "人均别超过80块", "评分不能低于4分"), which `outcomes.within`
# reads as "不超过", "不低于".
_BOUND = (
    r"(?:不要|不能|不可以|不可|不得|不想|不应该|不宜|别)(?:超过|高于|低于|少于|多于|大于|小于)"
    r"|不超过|不高于|不低于|不少于|不多于|不大于|不小于|不到|低于|高于|超过|少于|多于|至少|最多"
    r"|最少|大于|小于"
)
# A remark before "的是<amount>" that picks one of several places rather than remarks on
# the one in focus: a superlative or a comparative ("价格最低的", "评分更高的", "便宜一些的"),
# or a bare adjective ("门票贵的", "价格便宜的"); "价格还真是不便宜的" remarks on one.
# "人均消费比你说的高一点的" compares the one with the request, no place with another.
_PICKED = re.compile(
    r"[最更较]|^[^比]*(?:一些|一点)的$|^(?:[^还挺很真蛮倒算也可不确实]|便宜|实惠|划算){1,2}的$"
)
_BOUND_CHARS = frozenset("超高低少到多最至大小")
# "价格100元也行": the assent after a value is not part of it.
_ASSENT_TAIL = re.compile(r"(?:也行|也可以|就行|就可以|也好|都行|都可以)$")


def _cut_at_slot_word(value: str, slot_word: re.Pattern[str]) -> str:
    """End a value where the next slot starts: "4分以上最低价格是500元" -> "4分以上".

    A slot word that ends the value is part of a name, not a next slot: "京东快递", "微信支付".
    """
    m = slot_word.search(value, 1)
    if m is None or m.end() == len(value):
        return value
    return value[: m.start()].rstrip(_TRAIL + " ")


def _with_slot_word(
    text: str, end: int, slot: SlotDef, slot_word: re.Pattern[str], onto: Ontology
) -> int:
    """Extend an enum value through its own slot word: "中通" + "快递" -> "中通快递"."""
    m = slot_word.match(text, end)
    if m is not None and onto.slot_for_word(m.group(0)) is slot:
        return m.end()
    return end


def _more_of(own: re.Pattern[str], text: str, end: int) -> int:
    """Where a run of further values of the same shape ends: "电话是010-62754070,010-62756110"
    states one phone slot (the first number), not a change to the second."""
    while (sep := _LIST_SEP.match(text, end)) is not None and (
        more := own.match(text, sep.end())
    ) is not None:
        end = more.end()
    return end


def _same_shape_run(text: str, vstart: int, value: str) -> str:
    """A value in words of its own runs on over pieces of its shape: "10:30—14:00,16:30—20:00"
    (the digits aside, the second piece reads as the first)."""
    shape = _DIGITS.sub("0", value)
    end = vstart + len(value)
    while (more := _NEXT_PIECE.match(text, end)) is not None and (
        _DIGITS.sub("0", more.group("p")) == shape
    ):
        end = more.end()
    return text[vstart:end]


_DIGITS = re.compile(r"\d+")
_NEXT_PIECE = re.compile(r"[,，;；、]\s*(?P<p>[^，,。；;！!？?\n]+)")
# "周一至周日 全天": open all day, hours with no digit; "全天" ends the value.
_ALL_DAY = re.compile(
    r"(?:周[一二三四五六日天](?:\s*(?:至|到|-)\s*周[一二三四五六日天])?\s*)?全天(?:营业|开放)?"
)

_LIST_SEP = re.compile(r"\s*(?:[,，、;；或和及]|以及|或者)\s*")


# "Can we come back June 20 instead?", "could we do Monday the 17th?": a change asked for
# as a question, which the user means as a request.
_PROPOSED = re.compile(
    r"(?i)\b(?:can|could|would|will)\s+(?:we|i|you)\s+(?:please\s+)?(?:just\s+)?$"
)


_STOP_EN = re.compile(r"[.!?](?=\s|$)|\n")
_ASKS_EN = re.compile(
    r"(?i)\s*(?:should|shall|do|does|did|is|are|was|were|would|could|can|will|what|which|why"
    r"|how|when|where|who)\b"
)


def _asked(text: str, pos: int) -> bool:
    """Whether what starts at `pos` is asked, not requested: in a question that is no
    proposal (`_PROPOSED`)."""
    end = _STOP_EN.search(text, pos)
    begin = max((m.end() for m in _STOP_EN.finditer(text, 0, pos)), default=0)
    # "Should I take the cheaper one, UA9640?": a question the sentence opens with.
    opens = _ASKS_EN.match(text, begin) is not None and end is not None and end.group(0) == "?"
    return (_in_question(text, pos) or opens) and not _PROPOSED.search(text, max(0, pos - 24), pos)


def _refused_or_asked(text: str, pos: int) -> bool:
    """Whether what starts at `pos` is refused ("don't book …") or asked (`_asked`)."""
    return _CODE_REFUSED.search(text, max(0, pos - 16), pos) is not None or _asked(text, pos)


def _in_question(text: str, pos: int) -> bool:
    mark = _CLAUSE_MARK.search(text, pos)
    end = mark.start() if mark is not None else len(text)
    clause = text[pos : end + 1]
    return clause.endswith(("？", "?")) or "吗" in clause


def _starts_like_value(value: str) -> bool:
    # "#CP": CrossWOZ's placeholder for a plate; "京A12345" starts with a letter-digit code.
    return _VALUE_START.match(value) is not None


# Opening hours in words: "早上9点到下午5点", "每天9:00到21:00", "上午10点半至晚上9点".
_DAYTIME = r"(?:早上|上午|中午|下午|晚上|凌晨|傍晚|早晨|早|晚)?\d{1,2}(?:点半?|[:：]\d\d)"
_HOURS = re.compile(
    r"(?:每天|周[一二三四五六日天](?:至|到|-)周[一二三四五六日天])?\s*"
    rf"{_DAYTIME}\s*(?:到|至|-|~|—)\s*{_DAYTIME}"
)
_LOCATED = re.compile(r"(?:位于|坐落于|坐落在|处于)")
_CLAUSE_MARK = re.compile(r"[，,。；;！!？?\n]")
# An amount in words, ending its clause or before a word of assent or a unit's count:
# "一百元左右", "两个小时", "半天", "八百元一晚", "一天就够了"; not "一天内有效".
_ZH_AMOUNT = (
    r"(?:[一二两三四五六七八九十百千]+多?(?:个|整)?半?|半个?)(?:小时|钟头|天|元|块钱|块)"
    r"(?:以上|以下|左右|以内|之内|上下)?"
    r"(?=$|[，,。；;！!？?\s]|就|吧|的|了|啊|呢|哦|呀|一[晚张位间]|每)"
)
# "京A12345": a plate, a province's one-character name and a letter.
_VALUE_START = re.compile(
    r"[\d¥￥$€£+(#]|免费|[A-Z]+\d"
    rf"|{_ZH_AMOUNT}"
    r"|[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-Z][A-Z\d]{4,5}(?![A-Za-z\d])"
)
_HAN = re.compile(r"[\u4e00-\u9fff]")
_ZH_AMOUNT_RX = re.compile(_ZH_AMOUNT)


def entity_for(
    text: str,
    pos: int,
    slot: SlotDef,
    onto: Ontology,
    focus: str | None = None,
    mentions: list[tuple[int, EntityDef]] | None = None,
) -> str:
    """The entity a slot belongs to: the nearest entity named in the text that has this slot;
    else the only entity that has it; else the conversation's focus if it has it.

    `mentions` is `own_mentions(text, onto)` when the caller already has it: a long text
    with many values would otherwise be scanned once per value.
    """
    best: tuple[int, str] | None = None
    if mentions is None:
        mentions = own_mentions(text, onto, sought=slot.name != "名称")
    # "找个评分4.5分以上，人均50-100元的餐馆": the value modifies the entity word after it.
    for at, ent in mentions:
        if (
            at > pos
            and slot.name in ent.slots
            and slot.name != "名称"
            and _MODIFIES.fullmatch(text, pos, at)
        ):
            return ent.name
    for at, ent in mentions:
        if slot.name in ent.slots:
            dist = abs(at - pos)
            if best is None or dist < best[0]:
                best = (dist, ent.name)
    if best is not None:
        return best[1]
    owners = onto.derived("slot_owners", _slot_owners).get(slot.name, [])
    if len(owners) == 1:
        return owners[0]
    if focus is not None and focus in owners:
        return focus
    return slot.entity


_MODIFIES = re.compile(r"[^。；;！!？?\n]*的[^，,。；;！!？?\n的]{0,4}")


def name_owner(
    text: str,
    start: int,
    end: int,
    slot: SlotDef,
    onto: Ontology,
    focus: str | None,
    mentions: list[tuple[int, EntityDef]] | None,
    known: Mapping[str, str] | None = None,
) -> str:
    """The entity a name at text[start:end] names: the entity word said right after it
    ("杏园餐馆", "X这家酒店"); else the kind a recent turn read the same name as (`known`:
    "汉拿山" offered for a meal is a restaurant when the user asks about it next); else the
    kind its ending says ("…酒店", "…公园"); else the nearest entity word outside it among
    the kinds it may be, else the conversation's focus among them."""
    mentions = mentions or []
    kind, kinds = name_kinds(text[start:end], onto)
    after = end + (2 if _THIS.match(text, end) else 0)
    said = next((e for at, e in mentions if at == after and slot.name in e.slots), None)
    if said is not None:
        return said.name
    was = known_kind(text, text[start:end], onto, known)
    if was is not None and slot.name in was.slots:
        return was.name  # a place a recent turn named: the same place again
    if kind is not None and slot.name in kind.slots:
        return kind.name
    allowed = [e for e in kinds if slot.name in e.slots]
    near_next = _NEAR_NEXT.match(text, end) is not None
    if (
        1 < len(allowed) == len(kinds) < len(onto.entities)
        and not near_next
        and (told := _told_by_slots(text, start, end, allowed, onto))
    ):
        return told  # a chain whose kind the sentence's slots tell
    if near_next:
        # "在X周边的餐馆里找…的餐馆": what follows in the sentence is what is sought.
        stop = _SENTENCE_END.search(text, end)
        mentions = [
            (at, e) for at, e in mentions if not end <= at < (stop.end() if stop else len(text))
        ]
    near = [
        (abs(at - start), e.name) for at, e in mentions if not start <= at < end and e in allowed
    ]
    if near:
        return min(near)[1]
    doing = _doing_after(text, start, end, onto)
    if doing is not None and doing in allowed:
        return doing.name  # "去松风阁吃饭": what one goes there to do says what it is
    if focus is not None and any(e.name == focus for e in allowed):
        return focus
    if len(kinds) < len(onto.entities):
        return allowed[0].name if allowed else slot.entity  # a chain: its first kind
    return entity_for(text, start, slot, onto, focus, [])


_THIS = re.compile(r"这个|这家|那个|那家")
# What one does at a kind of place, said right after its name, by the kind's generic word
# (an entity counts when it goes by that word: CrossWOZ's 餐馆, 酒店, 景点).
_DOING_AFTER: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("餐馆", re.compile(r"(?:吃饭|吃顿|吃点|用餐|就餐|聚餐|品尝)")),
    ("酒店", re.compile(r"(?:住宿|入住|住(?![址了的])|过夜)")),
    ("景点", re.compile(r"(?:游玩|玩(?![具了的])|逛|参观|游览)")),
)
_GOING_BEFORE = re.compile(r"[去来到]$")


def _doing_after(text: str, start: int, end: int, onto: Ontology) -> EntityDef | None:
    """The kind of place one goes to the name at text[start:end] to do something at ("去X吃饭"
    a restaurant); None unless going is said right before it and doing right after (not a
    slot word: "X游玩时间为1小时" says no more than the slot)."""
    if not _GOING_BEFORE.search(text, max(0, start - 1), start):
        return None
    if onto.slot_word_pattern().match(text, end):
        return None
    for word, rx in _DOING_AFTER:
        if rx.match(text, end):
            return next((e for e in onto.entities if word in e.zh), None)
    return None


_TAG = re.compile(r"[(（][^()（）]*[)）]")


def _told_by_slots(
    text: str, start: int, end: int, allowed: list[EntityDef], onto: Ontology
) -> str | None:
    """The kind a chain's name ("X(Y店)") is, told by the slots said of it in its sentence:
    "X(Y店)的人均消费是多少" names a restaurant, as only restaurants have that slot."""
    stop = _SENTENCE_END.search(text, end)
    begin = max((text.rfind(c, 0, start) for c in "。！!？?；;\n"), default=-1) + 1
    told = set()
    for m in onto.slot_word_pattern().finditer(text, begin, stop.start() if stop else len(text)):
        slot = onto.slot_for_word(m.group(0))
        owners = [e.name for e in allowed if slot is not None and slot.name in e.slots]
        if len(owners) == 1 and not start <= m.start() < end:
            told.add(owners[0])
    return told.pop() if len(told) == 1 else None


_SENTENCE_END = re.compile(r"[。！!？?；;\n]")


def name_kinds(name: str, onto: Ontology) -> tuple[EntityDef | None, list[EntityDef]]:
    """(the kind a name's ending says, or None; the kinds it may be at all).

    A one-character ending is a branch's ("…首都机场第二店"): the kind of the stem before it
    wins among the kinds whose endings end that way ("…酒店北京前门店" is a hotel, "…小吃店" a
    restaurant). A branch in brackets ending so ("和合谷(良乡店)", "X旅馆连锁(Y店)") makes a
    chain: one of those kinds, whatever the stem ends in."""
    # Names recur turn after turn; each is read once (the cache is dropped when it grows).
    cache: dict[str, tuple[EntityDef | None, list[EntityDef]]] = onto.derived(
        "slots.name_kinds", lambda _: {}
    )
    got = cache.get(name)
    if got is None:
        if len(cache) > 4096:
            cache.clear()
        got = cache[name] = _name_kinds(name, onto)
    return got


def _name_kinds(name: str, onto: Ontology) -> tuple[EntityDef | None, list[EntityDef]]:
    tails = onto.derived("slots.name_tails", _name_tails)
    kind = onto.entity_of_name(name)
    base = _BRANCH_TAIL.sub("", name.strip())
    branch = name.strip()[len(base) :].rstrip(" )）")
    if branch[-1:] in tails:
        kinds = tails[branch[-1]]
        if kind in kinds and _ends_fully(base, kind):
            return kind, kinds
        stem = base
    elif kind is not None and base[-1:] in tails and not _ends_fully(base, kind):
        kinds, stem = tails[base[-1]], base[:-1]
    else:
        return kind, [kind] if kind is not None else list(onto.entities)
    inner = [
        (stem.rfind(s) + len(s), e)
        for e in kinds
        for s in e.name_suffixes
        if len(s) > 1 and s in stem
    ]
    if inner:
        return max(inner, key=lambda t: t[0])[1], kinds
    return (kind if kind in kinds else None), kinds


def known_kind(
    text: str, name: str, onto: Ontology, known: Mapping[str, str] | None
) -> EntityDef | None:
    """The kind a recent turn read `name` as (`ParseContext.named`), unless `text` names a
    slot only the kind its ending says has ("北京动物园的门票" is a place to visit, whatever a
    list once made of it): an earlier reading, often from a word said with the name ("五棵松
    饭店这家餐厅"), outweighs the ending alone, not what the message says."""
    kind = known.get(name.strip()) if known else None
    was = next((e for e in onto.entities if e.name == kind), None) if kind else None
    said = onto.entity_of_name(name) if was is not None else None
    if was is None or said is None or said is was:
        return was
    for m in onto.slot_word_pattern().finditer(text):
        slot = onto.slot_for_word(m.group(0))
        if slot is not None and slot.name in said.slots and slot.name not in was.slots:
            return None
    return was


def _ends_fully(name: str, kind: EntityDef) -> bool:
    # Ends in one of the kind's endings longer than one character ("…烤鸭店", not "…店").
    return any(len(s) > 1 and name.endswith(s) for s in kind.name_suffixes)


_BRANCH_TAIL = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")


def _name_tails(onto: Ontology) -> dict[str, list[EntityDef]]:
    """A one-character name ending ("店") -> the kinds with an ending that ends so ("酒店",
    "烤鸭店"): the kinds a branch of that ending may be."""
    singles = {s for e in onto.entities for s in e.name_suffixes if len(s) == 1}
    return {
        c: [e for e in onto.entities if any(s.endswith(c) for s in e.name_suffixes)]
        for c in singles
    }


def _slot_owners(onto: Ontology) -> dict[str, list[str]]:
    """Slot name -> the entities that declare it."""
    out: dict[str, list[str]] = {}
    for ent in onto.entities:
        for name in ent.slots:
            out.setdefault(name, []).append(ent.name)
    return out


def own_mentions(text: str, onto: Ontology, *, sought: bool = True) -> list[tuple[int, EntityDef]]:
    """Entity words that name what the text is about: "他家周边有什么景点" is about the
    restaurant in focus, its 景点 only says what is nearby. With `sought`, what is nearby
    counts when the text looks for it ("在X周边的景点里找…"); a place's name is still the
    anchor's, not the sought one's, so names are bound without it."""
    # A message asks this of itself several times (its updates, then its focus): the answers
    # for the last few (text, sought) pairs are kept, and handed out as copies.
    memo: dict[tuple[str, bool], list[tuple[int, EntityDef]]] = onto.derived(
        "slots.own_mentions", lambda _: {}
    )
    got = memo.get((text, sought))
    if got is None:
        if len(memo) >= 8:
            memo.clear()
        # Both readings at once (a message asks for both when it names a place): they share
        # the scan for entity words and all but the last test of each.
        plain: list[tuple[int, EntityDef]] = []
        wanted: list[tuple[int, EntityDef]] = []
        for at, e in onto.entity_mentions(text):
            own, own_sought = _own_mention(text, at, e, onto)
            if own:
                plain.append((at, e))
            if own_sought:
                wanted.append((at, e))
        memo[(text, False)], memo[(text, True)] = plain, wanted
        got = wanted if sought else plain
    return list(got)


# What a place provides ("提供西施餐厅") is one of its facilities, not another place.
_PROVIDED = re.compile(r"提供[^，,。；;！!？?\s]{0,4}$")


def _own_mention(text: str, at: int, ent: EntityDef, onto: Ontology) -> tuple[bool, bool]:
    """(whether the entity word at `at` is an own mention; whether it is when what is nearby
    counts as sought)."""
    opened = max(text.rfind("(", 0, at), text.rfind("（", 0, at))
    if opened > max(text.rfind(")", 0, at), text.rfind("）", 0, at)):
        return False, False  # "7天连锁酒店(北京天坛东门地铁站店)": a branch's name, not a metro
    if _PROVIDED.search(text, max(0, at - 8), at) or any(
        text.startswith(w + "服务", at) for w in ent.zh
    ):
        return False, False  # "酒店提供西施餐厅吗", "有中式餐厅服务吗": a facility of the place
    near = _NEARBY.search(text, max(0, at - 10), at)
    if near is None and _WHAT_ELSE.search(text, max(0, at - 6), at):
        # "这家餐馆周边有什么酒店？有什么景点呢？": the second question still asks what is near.
        near = NEAR_WORD.search(text, max(0, at - 30), at)
    if near is None:
        own = _NEARBY_LIST.search(text, max(0, at - 80), at) is None
        return own, own
    return False, _sought_nearby(text, at, ent, near, onto)


def _sought_nearby(text: str, at: int, ent: EntityDef, near: re.Match[str], onto: Ontology) -> bool:
    # "在X酒店周边的景点里找…", "在景点附近找个…的酒店": what is nearby is what the message
    # looks for, so its values are that entity's.
    words = sorted(ent.zh + ent.en, key=len, reverse=True)
    after = at + next((len(w) for w in words if text[at : at + len(w)].lower() == w.lower()), 0)
    if _IN_GROUP.match(text, after) or _SEARCH.search(near.group(0)):
        return True
    # "附近餐馆有没有评分4.5分以上的？": criteria asked of what is nearby.
    has = _HAS.match(text, after)
    return has is not None and onto.slot_word_pattern().match(text, has.end()) is not None


_HAS = re.compile(r"(?:还|也)?有(?:没有)?")
_WHAT_ELSE = re.compile(r"有(?:什么|哪些|啥)[^，,。；;！!？?\n]{0,3}$")
_IN_GROUP = re.compile(r"(?:里|中|当中|哪)")
_SEARCH = re.compile(r"找|推荐|这些|这几")


def focus_of(text: str, onto: Ontology, updates: list[SlotUpdate]) -> str | None:
    """The entity a message is about: the last one it names, else that of its last update
    bound to a declared entity."""
    mentions = own_mentions(text, onto)
    if mentions:
        # "北京饭店的附近…", "周边有A酒店、B饭店": a kind word inside a name or a nearby list
        # the message gives is no mention of what it is about.
        # Each value once, its occurrences marked character by character: a long reply that
        # names the same places again and again costs its length, not names x occurrences.
        covered = bytearray(len(text))
        values = {
            u.value for u in updates if u.value and (u.slot == "名称" or u.slot.startswith("周边"))
        }
        for value in values:
            for i in _occurrences(text, value):
                covered[i : i + len(value)] = b"\x01" * len(value)
        mentions = [(at, e) for at, e in mentions if not covered[at]]
    if mentions:
        return mentions[-1][1].name
    declared = {e.name for e in onto.entities}
    return next((u.entity for u in reversed(updates) if u.entity in declared), None)


def _occurrences(text: str, value: str) -> list[int]:
    out: list[int] = []
    i = text.find(value)
    while i != -1:
        out.append(i)
        i = text.find(value, i + 1)
    return out


# A setting of the code the user works on, named by its identifier: "set pool_recycle to
# 1800", "make pool_recycle 300", "pool_recycle 300, not 1800". The identifier is the slot
# (no ontology lists a program's settings), so a later value replaces the earlier one as any
# slot's does. Only a number (with its unit) or a boolean is read: "make pool_recycle
# configurable" and "make sure pool_recycle is set" set nothing.
_CODE_ID = r"(?P<slot>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)"
_CODE_VALUE = (
    r"(?P<value>-?\d+(?:\.\d+)?(?:\s?(?:ms|s|sec|seconds?|minutes?|mins?|hours?|[KMG]i?B|%))?"
    r"|true|false|True|False)(?!\w|\.\d)"
)
_CODE_SETS = (
    re.compile(
        r"(?i)\b(?P<verb>set|change|update|bump|raise|lower|increase|decrease|reduce)\s+"
        rf"(?:the\s+)?`?{_CODE_ID}`?\s+(?:to|=)\s+`?{_CODE_VALUE}"
    ),
    re.compile(rf"(?i)\bmake\s+`?{_CODE_ID}`?\s+`?{_CODE_VALUE}"),
    # "pool_recycle 300, not 1800": a value corrected, with no verb, opening its clause.
    re.compile(
        rf"(?i)(?:^|(?<=[,;:.!]\s)|(?<=\bactually\s)){_CODE_ID}\s*(?:=\s*)?{_CODE_VALUE}"
        r"(?=,?\s+(?:not|instead of|rather than)\s+\S)"
    ),
)
# "Don't set pool_recycle to 1800", "never make it 0": the setting refused, none made.
_CODE_REFUSED = re.compile(r"(?i)\b(?:don'?t|do not|never|not|no need to|shouldn'?t)\s+$")


def _code_settings(text: str) -> list[tuple[int, int, str, str, Op]]:
    """(start, end, identifier, value, op) of each setting of a code identifier in `text`."""
    out: list[tuple[int, int, str, str, Op]] = []
    for m in (m for rx in _CODE_SETS for m in rx.finditer(text)):
        if _in_question(text, m.start()):
            continue  # "Should we set pool_recycle to 1800?": asked, not decided
        if _CODE_REFUSED.search(text, max(0, m.start() - 16), m.start()):
            continue
        op: Op = "set" if (m.groupdict().get("verb") or "").lower() == "set" else "change"
        out.append((m.start(), m.end("value"), m.group("slot"), m.group("value"), op))
    return out


# "his name is X", "the griefer's name is X": the name of a third person, told by a possessor
# before the bare slot word "name" (a recipient's, a consignee's name is the recipient's).
_THIRD_PERSON_BEFORE = re.compile(
    r"(?i)\b(?:his|her|their|(?!(?:recipient|consignee|receiver|addressee|contact|sender)['’]s)"
    r"[a-z]+['’]s)\s+$"
)
# What a recipient is the recipient of: something sent, shipped, delivered or handed over.
_DELIVERY_TALK = re.compile(
    r"(?i)\b(?:send|sends|sending|sent|ship|ships|shipping|shipped|deliver\w*|mail\w*|post"
    r"|posted|parcel|package|gift|recipient|consignee|addressee|address|courier|receive\w*"
    r"|pick(?:s|ed)?\s+up|sign(?:s|ed)?\s+for|addressed|hand(?:ed)?\s+(?:it|them)"
    r"|for\s+(?:him|her))\b"
)


# The same in Chinese: "他的名字是X", "那个玩家的名字是X", "玩家名字是X": a third person
# before the word, by a pronoun, a possessive "的" or a person's role (not one's own, "我的名
# 字", "你的名字", nor the consignee's, "收货人的名字"); and what is sent or delivered ("寄给我
# 弟弟，他的名字是X" names the recipient).
_ZH_THIRD_PERSON_BEFORE = re.compile(
    r"(?:(?:他|她|它|TA|对方)们?的?|[\u4e00-\u9fff]{1,8}的"
    r"|玩家|用户|队友|对手|网友|主播|房东|经理|老板|同事|客户|员工|成员|学生|老师)\s*$"
)
_ZH_OWN_OR_CONSIGNEE = re.compile(
    r"(?:我|你|您|咱|我们|你们|咱们|自己|本人)的?\s*$|收货|收件|寄件|联系|签收"
)
_ZH_DELIVERY_TALK = re.compile(
    r"寄|送|快递|收货|收件|包裹|礼物|地址|派送|配送|发货|发给|转交|签收|代收|取件|邮|物流"
)


def _zh_third_person_before(text: str, at: int) -> bool:
    """Whether the clause before the word at `at` names a third person (`_ZH_THIRD_PERSON_BEFORE`,
    not `_ZH_OWN_OR_CONSIGNEE`)."""
    start = max(0, at - 12)
    for stop in "，,。；;！!？?\n":
        start = max(start, text.rfind(stop, 0, at) + 1)
    before = text[start:at]
    return (
        _ZH_THIRD_PERSON_BEFORE.search(before) is not None
        and _ZH_OWN_OR_CONSIGNEE.search(before) is None
    )


def _someone_elses_name(text: str, at: int, word: str, slot: SlotDef) -> bool:
    """Whether the slot word "name" at `at` tells a third person's name in a message about
    no delivery: "Ban the griefer, his name is X" names a player, no recipient ("Send it to my
    brother, his name is Tom" names one). Likewise "他的名字是X" ("寄给我弟弟，他的名字是X")."""
    if slot.name != "recipient":
        return False
    if word in ("名字", "姓名"):
        return _zh_third_person_before(text, at) and _ZH_DELIVERY_TALK.search(text) is None
    if word.lower() != "name":
        return False
    if _THIRD_PERSON_BEFORE.search(text, max(0, at - 30), at) is None:
        return False
    return _DELIVERY_TALK.search(text) is None


# "Set the deadline to X", "move the deadline to X": a thing named by one singular noun.
_NOUN_SET = re.compile(
    # A past form tells the change done ("The shop revised the estimate to $4,125.50").
    r"(?i)\b(?P<verb>set|(?:change|update|move|postpone|reschedule|upgrade|revise|raise|rename"
    r"|increase|decrease|reduce)d?|(?:push|extend|shift|switch|bump|lower)(?:ed)?)\s+"
    r"(?:the|my|our|your|this|that)\s+"
    # One to three words: "the deadline", "the meeting room", "the Python version".
    r"(?P<slot>[a-z][a-z-]{2,19}(?:\s+[a-z][a-z-]*){0,2}?)\s+(?:to|until)\s+" + _EN_VALUE
)
# "Change the fee to $16,750 and payment to net 45": a second thing the same verb sets, its
# determiner optional ("and the payment terms to net 45").
_NOUN_SET_MORE = re.compile(
    r"(?i)\s+and\s+(?:(?:the|my|our|your)\s+)?"
    r"(?P<slot>[a-z][a-z-]{2,19}(?:\s+[a-z][a-z-]*)?)\s+(?:to|until)\s+" + _EN_VALUE
)
# "The guest count is now 165", "the new cap is $45,000": a thing's value said as changed.
_NOUN_NOW = re.compile(
    r"(?i)\b(?:the|my|our)\s+(?:(?P<new>new)\s+)?"
    r"(?P<slot>[a-z][a-z-]{2,19}(?:\s+[a-z][a-z-]*){0,2}?)\s+is\s+(?(new)(?:now\s+)?|now\s+)"
    + _EN_VALUE
)
# "Make coyote time 0.15 seconds", "make the deposit $2,650": a thing given a quantity by
# "make" with no "to" ("make it 3", "make sure …", "make 3 copies" name no thing).
_MAKE_NOUN = re.compile(
    r"(?i)\bmake\s+(?:(?:the|my|our|your)\s+)?"
    r"(?!(?:it|that|this|them|sure|me|us|him|her|one|room|way|time\s+for)\b)"
    r"(?P<slot>[a-z][a-z-]{2,19}(?:\s+[a-z][a-z-]*){0,2}?)\s+"
    r"(?P<value>(?:[$€£¥]\s?)?\d+(?:,\d{3})*(?:\.\d+)?"
    r"(?:\s?(?:%|(?!(?:and|or|but|if|for|to|so|then|please|instead|times|more|less|of)\b)"
    r"[a-z]+\b))?)(?![\w,.]*\d)"
)
# "I'm on the 11th floor", "we're in row 14", "seat 14C": where one is in a building, a
# hall or a plane, a level or a place numbered; the word names the thing.
_NUMBERED_PLACE = re.compile(
    r"(?i)\b(?:on|at|to)\s+the\s+(?P<value>\d{1,3}(?:st|nd|rd|th))\s+"
    r"(?P<slot>floor|level|deck|storey|story)\b"
    r"|\b(?:in|to|on)\s+(?P<slot2>row|gate|platform|bay|aisle)\s+(?P<value2>\d{1,3}[A-Z]?)\b"
    r"|\b(?P<slot3>seat)\s+(?P<value3>\d{1,3}[A-K])\b"
)
# "Can you switch me to a window? 22A if it's free.": a seat's code alone, wished for, in a
# message about seats (no seat word before it: "22A" alone may be a flat).
_BARE_SEAT = re.compile(
    r"(?:^|(?<=[.!?;,:]\s)|(?<=[.!?;,:]))\s*(?P<value>\d{1,2}[A-K])\b(?=\s+(?:if\b|please\b"
    r"|would be\b|works\b|is fine\b)|\s*(?:please\s*)?[.!]?$)"
)
_SEAT_TALK = re.compile(r"(?i)\b(?:seats?|window|aisle|middle seat|exit row|legroom)\b")
# "My desk extension is x4471", "our account number is 4417-22": one's own thing and its
# number or code, said whole (a word value, "my concern is cost", is no such thing).
_MY_NOUN_IS = re.compile(
    r"(?i)\b(?:my|our)\s+(?P<slot>[a-z][a-z-]{2,19}(?:\s+[a-z][a-z-]*){0,2}?)\s+(?:is|was)\s+"
    r"(?P<value>#?[A-Za-z]{0,3}-?\d[\dA-Za-z-]*)(?![\w@/:-]|[.,]\d)"
)
# "Refund it to store credit", "refund the rest to my Visa": where money goes back to, the
# refund's own value (what "switch it to the Visa after all" then changes).
_REFUND_TO = re.compile(
    r"(?i)\brefund(?:ed)?\s+(?:(?:it|this|that|them|the\s+(?:money|order|item|rest|balance"
    r"|difference|charge|payment|amount))\s+)?(?:back\s+)?(?:to|as|in|into|onto|on)\s+"
    r"(?:(?:the|my|our)\s+)?" + _EN_VALUE
)
# "The refund to Visa was slow", "a full refund to my card": the noun, no refund asked for.
_REFUND_NOUN = re.compile(
    r"(?i)\b(?:the|a|an|my|your|our|their|his|her|this|that|no|full|partial|any)\s+$"
)
# "The keynote is Dr. Amara Okafor", "our speaker will be Prof. Henrik Dahl": a thing whose
# value is a person named with a title (the title says the words are a name, no remark).
_NOUN_IS_TITLED = re.compile(
    r"(?i)\b(?:the|my|our)\s+(?P<slot>[a-z][a-z-]{2,19}(?:\s+[a-z][a-z-]*){0,2}?)\s+"
    r"(?:is|will\s+be)\s+"
    r"(?-i:(?P<value>(?:Dr|Prof|Mr|Mrs|Ms|Mx)\.?\s+[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){0,2}))"
)
# "The consignee name is wrong, it's Vermeer Wonen BV, not Vermeer Home": a thing's value
# said to be wrong, then the right one (the wrong one after "not" is no value).
_NOUN_WRONG = re.compile(
    r"(?i)\b(?:the|my|our)\s+(?P<slot>[a-z][a-z-]{2,19}(?:\s+[a-z][a-z-]*){0,2}?)\s+"
    r"(?:is|was)\s+(?:wrong|incorrect|misspelled|a\s+typo)\s*[,;:—-]\s*"
    r"(?:it'?s|it\s+is|it\s+should\s+be|should\s+be|that\s+should\s+be)\s+"
    # A name, a number or a quote: "it's too high" says how it is wrong, no value.
    r"(?P<value>(?=[A-Z0-9$€£¥'\"#])[^,.;!?\n]+?)(?=,?\s+not\s|\s*[,.;!?\n]|$)"
)
# "Tag all merged contacts with q3-dedupe, not dedupe-q3", "label them as urgent": the tag
# given, one word or code (no article, no pronoun), its clause's end or "not" after it.
_TAGGED_WITH = re.compile(
    r"(?i)\b(?P<slot>tag|label)\s+(?!(?:it|them)\s+(?:as|with)\s+(?:a|an|the)\b)"
    r"[^,.;!?\n]{0,40}?\b(?:with|as)\s+"
    r"(?!(?:a|an|the|this|that|it|them|their|his|her|my|our|your)\b)"
    r"(?P<value>['\"]?[\w][\w.-]*\w['\"]?)(?=,?\s+not\s|\s*[,.;!?\n]|$)"
)


# Verbs that move a thing in time: their value is a time ("to Dec 19", "to 3pm"), else the
# thing moves in space or in code ("move the file to docs/", "push the branch to origin").
_IN_TIME = re.compile(r"(?i)(?:move|push|postpone|reschedule|extend|shift)(?:e?d)?")
_WHEN_WORD = re.compile(
    r"(?i)\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day|\b(?:jan|feb|mar|apr|may|jun|jul|aug"
    r"|sep|oct|nov|dec)[a-z]*\b|tomorrow|tonight|noon|midnight|next|end of"
)
# Nouns no value is set of: plural things, the task itself, a pronoun's stand-ins.
_NOT_A_THING = re.compile(r"(?i)(?:.*[^s]s|one|thing|stuff|way|plan|idea|rest|other)")


# "Could you switch the venue to the Grand Hall?": a request asked politely, not a question.
_POLITE_ASK = re.compile(r"(?i)\b(?:can|could|would|will)\s+you\s+(?:please\s+)?$|\bplease\s+$")


def _noun_settings(text: str) -> list[tuple[int, int, str, str, Op]]:
    """(start, end, noun, value, op) of each "set the <noun> to <value>" in `text`."""
    out: list[tuple[int, int, str, str, Op]] = []
    for m in _NOUN_SET.finditer(text):
        # (A value's thousands comma ends no clause: "… to $4,125.50?" is asked.)
        ends_asked = text[m.end("value") :].lstrip().startswith("?")
        asked = (_in_question(text, m.start()) or ends_asked) and not _POLITE_ASK.search(
            text, max(0, m.start() - 24), m.start()
        )
        if asked or _CODE_REFUSED.search(text, max(0, m.start() - 16), m.start()):
            continue  # "Should we move the deadline to Friday?", "don't set the …"
        verb = m.group("verb")
        op: Op = "set" if verb.lower() == "set" else "change"
        more = _NOUN_SET_MORE.match(text, m.end("value"))
        for one in (m, more) if more is not None else (m,):
            noun, value = one.group("slot"), one.group("value").strip()
            if _noun_value(noun, value, verb):
                out.append((one.start(), one.end("value"), noun, value, op))
    for m in _NUMBERED_PLACE.finditer(text):
        if not _in_question(text, m.start()):
            n = next(g for g in ("", "2", "3") if m["slot" + g])
            slot, value = m["slot" + n], m["value" + n]
            out.append((m.start(), m.end(), slot.lower(), value, "set"))
    if _SEAT_TALK.search(text) is not None:
        for m in _BARE_SEAT.finditer(text):
            out.append((m.start("value"), m.end("value"), "seat", m["value"], "change"))
    for m in _MY_NOUN_IS.finditer(text):
        if not _in_question(text, m.start()) and _noun_value(m["slot"], m["value"], "set"):
            out.append((m.start(), m.end(), m["slot"].lower(), m["value"], "set"))
    for m in _REFUND_TO.finditer(text) if "efund" in text else ():
        if _in_question(text, m.start()) and not _POLITE_ASK.search(
            text, max(0, m.start() - 24), m.start()
        ):
            continue  # "Should I refund it to Visa?": asked, not decided
        if _REFUND_NOUN.search(text, max(0, m.start() - 12), m.start()):
            continue
        value = m.group("value").strip()
        if not _CODE_REFUSED.search(text, max(0, m.start() - 16), m.start()) and _noun_value(
            "refund", value, "set"
        ):
            out.append((m.start(), m.end("value"), "refund", value, "set"))
    for m in _MAKE_NOUN.finditer(text):
        if _in_question(text, m.start()) or _CODE_REFUSED.search(
            text, max(0, m.start() - 16), m.start()
        ):
            continue  # "Should we make coyote time 0.15 seconds?", "don't make …"
        noun, value = m.group("slot"), m.group("value").strip()
        if _noun_value(noun, value, "make"):
            out.append((m.start(), m.end("value"), noun, value, "change"))
    for rx in (_NOUN_IS_TITLED, _NOUN_WRONG, _TAGGED_WITH):
        for m in rx.finditer(text):
            if _in_question(text, m.start()) or _CODE_REFUSED.search(
                text, max(0, m.start() - 16), m.start()
            ):
                continue  # "Is the keynote Dr. X?", "don't tag them with …"
            noun_op: Op = "change" if rx is _NOUN_WRONG else "set"
            out.append((m.start(), m.end("value"), m["slot"].lower(), m["value"], noun_op))
    return out + _event_when(text) + _nouns_now(text) + kind_choices(text)


def _nouns_now(text: str) -> list[tuple[int, int, str, str, Op]]:
    """(start, end, noun, value, "change") of each "the <noun> is now <value>" in `text`."""
    out: list[tuple[int, int, str, str, Op]] = []
    for m in _NOUN_NOW.finditer(text):
        if _in_question(text, m.start()) or text[m.end("value") :].lstrip().startswith("?"):
            continue  # "Is the guest count now 165?" is asked
        noun, value = m.group("slot"), m.group("value").strip()
        if _CAP_WORD.fullmatch(noun) and _MONEY_VALUE.match(value):
            noun = "budget"  # "the new cap is $45,000": the most money to spend
        if _noun_value(noun, value, "set"):
            out.append((m.start(), m.end("value"), noun, value, "change"))
    return out


# "The meeting is on October 2", "the call is at 3pm": an event's date or time told. Only a
# present or future "is"/"will be": "the meeting was on October 2" tells a past event, no
# value to hold; "Is the meeting on …?" asks; "on the agenda", "at the office" name no when.
_EVENT_NOUN = (
    r"meeting|call|party|interview|appointment|flight|wedding|dinner|lunch|reservation"
    r"|booking|viewing|visit|demo|presentation|session|class|event|ceremony|concert|game"
    r"|match|trip|surgery|checkup|check-up|consultation|webinar|launch|reception|tour"
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_ORD = r"\d{1,2}(?:st|nd|rd|th)?"
_EVENT_DATE = (
    rf"(?:{_WEEKDAY},?\s+)?(?:{_MONTH}\s+{_ORD}(?:,?\s+\d{{4}})?|(?:the\s+)?{_ORD}\s+(?:of\s+)?"
    rf"{_MONTH}|the\s+\d{{1,2}}(?:st|nd|rd|th)|\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?)|{_WEEKDAY}"
)
_EVENT_CLOCK = r"\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\.?)|\d{1,2}:\d\d|noon|midnight"
_EVENT_WHEN = re.compile(
    rf"(?i)\b(?:the|my|our|your)\s+(?:[a-z]+\s+)?(?P<noun>{_EVENT_NOUN})\s+"
    r"(?:is|['’]s|will\s+be)\s+(?:now\s+|still\s+|set\s+for\s+|scheduled\s+for\s+)?"
    rf"(?:on\s+(?P<date>{_EVENT_DATE})(?:\s+at\s+(?P<clock2>{_EVENT_CLOCK}))?"
    rf"|at\s+(?P<clock>{_EVENT_CLOCK})(?:\s+on\s+(?P<date2>{_EVENT_DATE}))?)"
    r"(?![\w/:])"
)


def _event_when(text: str) -> list[tuple[int, int, str, str, Op]]:
    """(start, end, "date" or "time", value, "set") of each event's date or time told in
    `text` ("The meeting is on October 2" -> date=October 2); none asked or refused."""
    out: list[tuple[int, int, str, str, Op]] = []
    for m in _EVENT_WHEN.finditer(text):
        if _in_question(text, m.start()):
            continue
        for group, slot in (("date", "date"), ("date2", "date"), ("clock", "time")):
            if m[group]:
                out.append((m.start(group), m.end(group), slot, m[group], "set"))
        if m["clock2"]:
            out.append((m.start("clock2"), m.end("clock2"), "time", m["clock2"], "set"))
    return out


_CAP_WORD = re.compile(r"(?i)(?:spending\s+|spend\s+|price\s+)?(?:cap|limit|ceiling|max)")
_MONEY_VALUE = re.compile(r"[$€£¥]\s?\d|\d[\d,.]*\s?(?:k|K|dollars|USD|EUR)\b")


# "Push the viewing to Sunday at 1pm", "把看房推迟到周日": an event moved in time. What moves
# is the event's date or time, which the state may hold already under the date or the time
# (the event was booked for it): `moved_event_kinds` tells the state which to try.
_EVENT_MOVED = re.compile(
    r"(?i)(?:(?:move|push|postpone|reschedule|shift|bump|delay|bring\s+forward)(?:e?d)?\s+"
    r"(?:the|my|our|your|this|that)\s+(?P<noun>[a-z][a-z -]*?)\s+(?:to|until)\s"
    r"|(?P<zh>[\u4e00-\u9fff]{2,8}?)(?:改到|调到|推迟到|提前到|延后到|延期到|挪到|推到))"
)
# A noun that is itself a time ("Move the deadline to Dec 19"): its own value, no event's.
_TIME_NOUN = re.compile(
    r"(?i).*(?:deadline|date|time|day|hour|due|cut-?off|eta|window|期限|日期|时间|截止|时段|期)$"
)
# What a moved-to value holds: a day ("Sunday", "May 10", "周日", "5月10日"), a clock time
# ("1pm", "10:30", "下午1点").
_DAY_SAID = re.compile(
    r"(?i)\b(?:mon|tues|wednes|thurs|fri|satur|sun)day|\b(?:jan|feb|mar|apr|may|jun|jul|aug"
    r"|sep|oct|nov|dec)[a-z]*\.?\s*\d|\d\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"|\b(?:today|tomorrow|tonight|next\s+\w+)\b|\d{1,2}/\d{1,2}"
    r"|周[一二三四五六日天末]|星期|礼拜|[今明后]天|\d{1,2}月|\d{1,2}[日号]"
)
_CLOCK_SAID = re.compile(
    r"(?i)\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d\d\b|\bnoon\b|\bmidnight\b"
    r"|\d{1,2}点|[一二两三四五六七八九十]{1,3}点|[上下中]午|晚上|早上|傍晚"
)


def moved_event_kinds(u: SlotUpdate) -> tuple[str, ...]:
    """The slots ("date", "time") a change of `u` may be the event's move in time to, in the
    order to try them: the day's first when the value names one ("Sunday at 1pm"), the
    clock's when it names one too. () when `u` moves no event in time: a noun that is a time
    itself ("the deadline"), a value with no day nor clock ("to the big room")."""
    if u.op != "change" or not u.value or _TIME_NOUN.fullmatch(u.slot):
        return ()
    m = _EVENT_MOVED.match(u.raw)
    if m is None or (m["noun"] or m["zh"] or "").lower() != u.slot.lower():
        return ()
    day = _DAY_SAID.search(u.value) is not None
    clock = _CLOCK_SAID.search(u.value) is not None
    return ("date",) * day + ("time",) * clock


# A quantity: "2,050", "$45", "0.15 seconds", "8 reps".
_QUANTITY = re.compile(r"(?:[$€£¥]\s?)?\d")
# Words no thing is, plural or not: "the rest", "the others".
_NO_THING = re.compile(r"(?i)(?:ones|things|stuff|ways|plans|ideas|rest|others|details|numbers)")


# "Switch the citations to Chicago author-date", "set the units to Celsius": a name is the
# style all of the things take, one value of them.
# A day or a time is no style: "move the flights to Monday" moves several things.
_NAMED_STYLE = re.compile(r"[A-Z]")


def _named_style(value: str) -> bool:
    return _NAMED_STYLE.match(value) is not None and _WHEN_WORD.search(value) is None


def _noun_value(noun: str, value: str, verb: str) -> bool:
    """Whether "<verb> the <noun> to <value>" sets a value of a thing. A plural noun takes
    only a quantity or a name: "lower the calories to 2,050" sets a count, "switch the
    citations to Chicago" their style, "change the colors to blue" is about several things."""
    if not value or len(value) > 40:
        return False
    # The head noun is the last word: "the empty one", "the other thing" name no thing.
    head = noun.split()[-1] if noun.split() else noun
    if (_NOT_A_THING.fullmatch(noun) or _NOT_A_THING.fullmatch(head)) and not (
        (_QUANTITY.match(value) or _named_style(value))
        and not _NO_THING.fullmatch(head)
        and noun.endswith("s")
    ):
        return False
    if _POINTER_VALUE.match(value):
        return False  # "change the font to something bigger": no value said
    return not _IN_TIME.fullmatch(verb) or _WHEN_WORD.search(value) is not None


# The slot of a value no rule could name; `SessionState` gives it the slot whose current value
# has the value's shape, if one has.
UNSPECIFIED = "unspecified"
# A change verb and a code-like value: a host, a priority, a version ("P1", "v2",
# "db-prod-04.internal"): a letter and a digit, dot or hyphen, so "改成PDF" (a format's name),
# "改成3个人" (a count) and "切到下一个话题" (no value) are left to other rules.
_SWITCHED_TO = re.compile(
    r"(?:切换到|切换成|切到|切成|换到|改到|改成|改为|换成|换为|改用|换用)\s*"
    r"(?P<value>(?=[A-Za-z0-9.-]*[A-Za-z])(?=[A-Za-z0-9.-]*[\d.-])"
    r"[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?![A-Za-z0-9.-])"
)


# "Deploy to us-east-1", "switch it to db-prod-04.internal": the English verbs of a move.
_SWITCHED_TO_EN = re.compile(
    r"(?i)\b(?:deploy|redeploy|switch|move|migrate|point|roll\s+out|fail\s+over)"
    r"(?:\s+(?:it|this|that|everything|them))?\s+(?:to|in|on)\s+"
    r"(?P<value>(?=[A-Za-z0-9.-]*[A-Za-z])(?=[A-Za-z0-9-]*(?:\d|-|\.[A-Za-z0-9]))"
    r"[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?![A-Za-z0-9-])(?!\.[A-Za-z0-9])"
)


# "还是学自动挡C2吧", "那还是用P1好了": a code-like value settled on after all, "还是" opening
# its clause and a particle ending it. ("C1还是C2？", "学C1还是C2" ask or weigh: "还是" joins
# two options there, within the clause.) The code opens with a letter: "还是用4K吧" is a
# number and its unit, a quantity of no slot's shape.
_SETTLED_ON = re.compile(
    r"(?:^|(?<=[，,。；;！!？?\s]))(?:那|那就|那我|我|我们|咱们)?还是"
    r"(?P<lead>[\u4e00-\u9fff]{0,6}?)\s*"
    r"(?P<value>(?<![A-Za-z0-9.-])(?=[A-Za-z0-9.-]*[\d.-])"
    r"[A-Za-z](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?![A-Za-z0-9.-])"
    r"\s*[\u4e00-\u9fff]{0,4}?(?:吧|好了|算了|得了)(?=[，,。；;！!？?\s]|$)"
)
# "还是别学C2吧", "还是不要用P1了吧": the value turned down, not settled on.
_REFUSED_LEAD = re.compile(r"[别不没]")


def _switched_to(text: str) -> list[tuple[int, int, str]]:
    """(start, end, value) of each code-like value the text switches to, or settles on after
    all ("还是学自动挡C2吧"): the state finds its slot by the value's shape."""
    out: list[tuple[int, int, str]] = []
    found = [*_SWITCHED_TO.finditer(text), *_SWITCHED_TO_EN.finditer(text)]
    if "还是" in text:
        found += [
            m for m in _SETTLED_ON.finditer(text) if not _REFUSED_LEAD.search(m.group("lead"))
        ]
    for m in found:
        if _NEG_ZH.search(text, max(0, m.start() - 4), m.start()) or _in_question(text, m.start()):
            continue  # "别切到 db-prod-04", "要不要换成P1？": no switch made
        out.append((m.start(), m.end("value"), m.group("value")))
    return out


# "会议室换成5楼-泰山会议室", "房型换成大床房", "Python 版本升到 3.12": a thing no slot word of the
# ontology names, changed to a value; the user's own words for the thing name the slot, as a
# label names a person's ("乘机人：刘洋").
_NAMED_CHANGE_ZH = re.compile(
    # "分支改名为 X", "项目重命名为 Atlas": a thing renamed.
    r"(?P<verb>改名为|改名成|重命名为|更名为|换成|改成|改为|改到|换为|变成|变为|升到|升级到|降到"
    r"|降级到|调到|调成|调整为|调整到"
    r"|设为|设成|设置为|更改为|修改为|推迟到|提前到|延后到|延期到|挪到)\s*"
    rf"(?P<value>{_ZH_RUN})"
)
# A character every verb of `_NAMED_CHANGE_ZH` holds: most messages skip its scan.
_NAMED_VERB_CHARS = frozenset("换改变升降调设推提延挪名")
# "别把房型换成…", "不用把座位改成靠窗": no change made.
_NOT_CHANGED = re.compile(r"(?:不要|不用|别|不想|不必|无需|不能)(?:再)?[把将]?\s*$")
# "Change the meeting room to Taishan", "switch our default branch to main": a noun phrase of
# one to three words after a determiner ("change it to" is `_MAKE_IT`'s).
# Words that end the thing named before the verb: pronouns, modal and polite words,
# particles ("帮我把房型换成…" names 房型; "还是换成中通吧", "改成这样可以吗" name nothing).
_NOT_THING_CHARS = (
    "我你您他她它们这那哪把将帮请要想再就还都也能可以吧呢吗么啊呀了的是不没别给让先得需麻烦"
    "已经刚才现在一和与跟及或并而但所因如果然后直接全统最好希望说"
    # Interjections before a thing ("哦收入写错了"): no part of its name.
    "哦噢嗯呃唉哎诶"
)
_NOT_THING = frozenset(_NOT_THING_CHARS)
# A pointer or a count in words, then a measure word ("那个", "这条", "一项"): the measure
# word is no part of the thing's name. (After a numeral, "第5.3条违约金" names a clause.)
_MEASURE_AFTER = re.compile(r"[这那哪每某一两几各][个位条项张件只份家本台部篇段处种次门]")
_THING_HAN = re.compile(r"[\u4e00-\u9fff]")
# Words that join a message to the one before and name no thing ("另外", "还有", "此外").
_JOINING_WORD = re.compile(r"另外|此外|还有|然后|同时|以及|顺便|对了")
_THING_LATIN = re.compile(r"[A-Za-z][\w.+#-]*$")
# A way of doing a thing, after a change verb: "改成用 mock", "换成通过接口导入".
_MEANS_VALUE = re.compile(r"(?:用|使用|采用|通过|改用)(?![户量])")
# A value that points at something instead of saying it: "改成这样", "change it to that".
_POINTER_VALUE = re.compile(
    r"(?i)(?:这|那|哪|什么|啥|怎么|多少)|(?:something|anything|whatever|this|that|it|what)\b"
)


def _thing_before(text: str, end: int) -> tuple[int, str] | None:
    """(start, words) of the noun phrase that ends at `end`: two to eight Chinese characters
    that are no function word, led by at most one Latin word ("Python 版本"); else None."""
    at = end
    while at > 0 and text[at - 1] == " ":
        at -= 1
    han_end = at
    while at > 0 and _THING_HAN.match(text[at - 1]) and text[at - 1] not in _NOT_THING:
        at -= 1
    if joined := _JOINING_WORD.match(text, at, han_end):
        at = joined.end()  # "另外宾客人数改成150人": the connective joins, the rest names
    if at < han_end and _MEASURE_AFTER.match(text[max(0, at - 1) : at + 1]):
        at += 1  # "那个测试改成…": the measure word after "那" counts, it names nothing
    han = text[at:han_end]
    lead_at = max(0, at - 24)
    word = _THING_LATIN.search(text[lead_at:at].rstrip(" ")) if han else None
    # One character names a thing only after a Latin word ("JVM 堆", "Redis 池").
    if not (2 <= len(han) <= 8 or (len(han) == 1 and word is not None)):
        return None
    if word is not None:
        return lead_at + word.start(), f"{word.group(0)} {han}"
    if han[0] in _NUMBERED_UNITS and (num := _NUMBER_BEFORE.search(text, lead_at, at)):
        return num.start(), text[num.start() : han_end]  # "第5.3条违约金": the clause's number
    return at, han


def _numbered_part(thing: str) -> tuple[str | None, str]:
    """("第5.3条", "违约金") of "第5.3条违约金": the part of a text the thing belongs to, as
    its entity (a clause's 违约金 is not another clause's), and the thing; else (None, thing)."""
    m = _NUMBERED_THING.match(thing)
    return (m.group(1), m.group(2)) if m else (None, thing)


# A part of a text counted by its number ("第5.3条", "3.2款", "第4章"): the number is the
# thing's name, not a value before it.
_NUMBERED_UNITS = frozenset("条款章节项")
_NUMBER_BEFORE = re.compile(r"第?\d{1,3}(?:\.\d{1,3}){0,3}$")
_NUMBERED_THING = re.compile(r"(第?\d{1,3}(?:\.\d{1,3}){0,3}[条款章节项])(.+)")


# "租期也改成两年", "押金就改为三个月": an adverb or a modal after the thing, before its verb.
_ADVERB_BEFORE_VERB = re.compile(r"(?:也|都|就|又|再|也都|也要|都要|就要|要)$")
# "把 JVM 堆从 2g 调到 3g": the value it had, said between the thing and the verb.
_FROM_VALUE = re.compile(r"从\s*[^\s，,。；;！!？?从]{1,16}\s*$")


def _named_changes(text: str, onto: Ontology) -> list[tuple[int, int, str, str]]:
    """(start, end, slot name, value) of each "<thing>换成<value>" whose thing no slot word
    of the ontology names (the ontology's rules read those)."""
    out: list[tuple[int, int, str, str]] = []
    for m in _NAMED_CHANGE_ZH.finditer(text) if not _NAMED_VERB_CHARS.isdisjoint(text) else ():
        said_from = _FROM_VALUE.search(text, max(0, m.start() - 20), m.start())
        end = said_from.start() if said_from else m.start()
        # "租期也改成两年", "押金都改为三个月": an adverb between the thing and its verb.
        adverb = _ADVERB_BEFORE_VERB.search(text, max(0, end - 3), end)
        thing = _thing_before(text, adverb.start() if adverb else end)
        if thing is None or onto.slot_for_word(thing[1]) is not None:
            continue
        if any(w.end() == len(thing[1]) for w in onto.entity_words(thing[1])):
            continue  # "酒店换成便宜一点的": a kind the ontology knows, read by its rules
        vstart, value = _clean_value(m.group("value"), m.start("value"))
        if not value or _QUESTION.search(value) or _POINTER_VALUE.match(value):
            continue  # "房型换成什么好呢？", "改成这样可以吗": no value said
        if _MEANS_VALUE.match(value):
            continue  # "那个测试改成用 ListAppender 断言": a new way of doing it, no value
        if _NOT_CHANGED.search(text, max(0, thing[0] - 6), thing[0]):
            continue
        out.append((thing[0], vstart + len(value), thing[1], value))
    for m in _NAMED_WRONG_ZH.finditer(text) if _NAMED_WRONG_GATE.search(text) else ():
        # "收入写错了，工资薪金应该是X": the thing the right value's clause names is its slot.
        again = m.group("thing")
        thing = (m.start("thing"), again) if again else _thing_before(text, m.start())
        value = m.group("value").strip().rstrip(_TRAIL)
        if thing is None or not value or onto.slot_for_word(thing[1]) is not None:
            continue
        if _NOT_A_THING_ZH.fullmatch(thing[1]):
            continue  # "方案不对，原因是预算不够": a reason given, no value corrected
        if _QUESTION.search(value) or _POINTER_VALUE.match(value):
            continue  # "页数改了，是多少？": no value said
        out.append((thing[0], m.start("value") + len(value), thing[1], value))
    out.extend(_named_revisions(text, onto))
    # (The English "change the <thing> to <value>" is read by `_noun_settings`.)
    return out


# "主卧量错了，是 3.8 米 × 3.9 米", "页数改了，是第 37 页到第 42 页": a thing said wrong or
# changed, then its right value (a value may hold spaces: "3.8 米 × 3.9 米").
# "面积我说错了，是95平": who slipped stands between the thing and the slip. "收入写错了，
# 工资薪金应该是 248,400.00", "不对，月工资是13500": the right value's clause names the thing
# (again, or for the first time).
_NAMED_WRONG_GATE = re.compile(r"错|不对|有误|改了")
_THING_CHAR = rf"(?:(?![{_NOT_THING_CHARS}])[\u4e00-\u9fff])"
_RIGHT_ADVERB = r"应该|应当|其实|实际|现在|一共|总共|合计"
_NAMED_WRONG_ZH = re.compile(
    r"(?:我|刚才|之前|前面|上次|我刚才|我之前|我前面|我上次)?"
    # "护照号有个数字错了": which part of it slipped is no part of the thing's name.
    r"(?:有(?:一?个|一位|几个|两个|一处)(?:数字|字母?|地方|位数?|数))?"
    r"(?:量|写|记|说|填|算|标|打|弄|搞|输|录|选|报|订|看|登记)?(?:错了|不对|有误|改了)[，,：:]\s*"
    rf"(?P<thing>(?!{_RIGHT_ADVERB}){_THING_CHAR}{{2,8}}?)?(?:{_RIGHT_ADVERB})?"
    rf"(?:是|为)\s*(?P<value>(?:[^，,。；;！!？?\n]|{_ZH_NUM_COMMA})+)"
)
# Words before "是" that introduce an account, not a thing's value ("原因是…", "意思是…"),
# and times that name no thing ("下次就用X", "这学期可以选到X").
_NOT_A_THING_ZH = re.compile(
    r"原因|理由|问题|意思|关键|重点|结果|情况|区别|差别|目的|主要|反正|毕竟|其实|实际上"
    r"|学期|今年|明年|去年|今天|明天|后天|昨天|现在|以后|今后|平时|每次|下次|这次|上次|目前"
    r"|暂时|之后|后来|最后|首先|其次|周末|月底|年底|到时候?|那时候?|这时候?"
)


# A count of things by its measure word: "买2张票", "订两间房", "改成3张吧". The word names
# the count's slot ("张数"), so a count changed with no thing said ("改成3张") replaces the
# count bought. (People, nights and times are other slots' counts: `PEOPLE_COUNT`.)
_MEASURE = "张间份件台瓶盒套本箱辆桌"
_COUNTED = re.compile(
    r"(?P<verb>买|购买|订|预订|预定|抢|改成|改为|换成|变成|加到|减到|增加到|减少到|调到)\s*"
    rf"(?P<value>(?:\d{{1,4}}|[两二三四五六七八九十]{{1,3}})(?P<measure>[{_MEASURE}]))"
    r"(?![\d分月日号])"
)
_COUNTED_CHARS = frozenset(_MEASURE)
# Measure words a count of things opens its unit with ("10本书", "3个人").
_MEASURE_WORDS = frozenset(_MEASURE + "个只条位双把支杯")
_COUNT_CHANGES = frozenset(
    {"改成", "改为", "换成", "变成", "加到", "减到", "增加到", "减少到", "调到"}
)


def _counted(text: str, onto: Ontology) -> list[tuple[int, int, str, str, Op]]:
    """(start, end, slot name, count, op) of each count of things bought (set) or changed to."""
    out: list[tuple[int, int, str, str, Op]] = []
    for m in _COUNTED.finditer(text) if not _COUNTED_CHARS.isdisjoint(text) else ():
        name = m.group("measure") + "数"
        if onto.slot_for_word(name) is not None or _in_question(text, m.start()):
            continue  # "改成3张吗？"
        if _NEG_ZH.search(text, max(0, m.start() - 4), m.start()):
            continue  # "不要买2张"
        op: Op = "change" if m.group("verb") in _COUNT_CHANGES else "set"
        out.append((m.start(), m.end("value"), name, m.group("value"), op))
    return out


# "导出还是用4K吧", "付款就用支付宝", "字体改用宋体": a thing's value decided on, named by
# the thing before the verb (with none named, "还是用顺丰吧" is a revision's to read).
_NAMED_USE_ZH = re.compile(rf"(?:还是用|就用|改用|换用|统一用)\s*(?P<value>{_ZH_RUN})")
# "截止日期改一下，用 2026-06-30", "格式改一下，改成表格": the thing to redo, then its value
# (said bare only when it holds a digit: "人数改一下，5个").
_NAMED_REDO_ZH = re.compile(
    r"(?:改一下|改下|换一下|换下|调一下|调整一下|更新一下|变一下)[，,：:]?\s*"
    rf"(?P<verb>用|改成|改为|换成|按|是|为|成)?\s*(?P<value>{_ZH_RUN})"
)
# "可以选到20学分", "最多能报销到3000元": the most allowed, raised or said anew; the amount's
# unit names the thing when no thing is said before ("这学期" is a time, no thing).
_ALLOWED_UP_TO = re.compile(
    r"(?<![不没])(?:可以|能够|能)(?P<verb>[\u4e00-\u9fff]{1,2}?)(?:到|至)\s*"
    r"(?P<value>\d+(?:\.\d+)?\s*(?P<unit>[\u4e00-\u9fff]{1,3}?))"
    r"(?=[了吧啊呀呢的]*(?:[，,。；;！!？?\s]|$))"
)
# "如果可以选到20学分就好了": a wish or a condition, no value.
_IF_BEFORE = re.compile(r"如果|要是|假如|假设|万一|希望|但愿|想要|要能")
# "时长再短点吧，2分30秒以内", "字数再少一些，800字以内": a thing's bound moved, then the new
# bound said.
_NAMED_MORE_ZH = re.compile(
    r"再(?:[短长少多低高快慢小大轻重]|便宜|缩短|压缩|减少|增加|提高|降低)(?:一)?(?:点|些)(?:儿)?"
    r"(?:吧|了)?[，,：:]\s*(?:控制在|压到|缩到|降到|减到|不超过|不要超过|最多)?\s*"
    r"(?P<value>[^，,。；;！!？?\n]{0,16}?\d[^，,。；;！!？?\n]{0,16}?"
    r"(?:以内|以下|以上|之内|左右|内))"
)
_NAMED_REVISION_CHARS = frozenset("用改换调更变能可短长少多低高快慢小大轻重便缩压减增提降")


def _named_revisions(text: str, onto: Ontology) -> list[tuple[int, int, str, str]]:
    """(start, end, slot name, value) of each value a thing the user names is revised to,
    in the phrasings `_named_changes` leaves: decided on ("还是用X吧"), redone ("X改一下，
    用Y"), allowed up to ("可以选到N"), a bound moved ("X再短点，N以内")."""
    out: list[tuple[int, int, str, str]] = _choices(text)
    if _NAMED_REVISION_CHARS.isdisjoint(text):
        return out
    for rx in (_NAMED_USE_ZH, _NAMED_REDO_ZH, _NAMED_MORE_ZH):
        for m in rx.finditer(text):
            vstart, value = _clean_value(m.group("value"), m.start("value"))
            if rx is _NAMED_REDO_ZH and not m.group("verb") and not _DIGIT.search(value):
                continue  # "格式改一下，谢谢": no value said
            thing = _thing_before(text, m.start())
            if thing is None or not _names_own_thing(text, thing, onto):
                continue
            if not value or _QUESTION.search(value) or _POINTER_VALUE.match(value):
                continue  # "导出还是用什么好？"
            if _in_question(text, m.start()):
                continue  # "导出还是用4K吗？"
            out.append((thing[0], vstart + len(value), thing[1], value))
    for m in _ALLOWED_UP_TO.finditer(text):
        clause = text[_clause_start(text, m.start()) : m.start()]
        if _IF_BEFORE.search(clause) or _in_question(text, m.start()):
            continue  # "如果可以选到20学分就好了", "可以选到20学分吗？"
        thing = _thing_before(text, m.start())
        if thing is None or not _names_own_thing(text, thing, onto):
            unit = m.group("unit").rstrip(_TRAIL)
            if len(unit) < 2 or unit[0] in _MEASURE_WORDS or onto.slot_for_word(unit):
                continue  # "能借到10本书": a measure word and a noun name no thing
            thing = (m.start("value"), unit)
        value = m.group("value").rstrip(_TRAIL)
        out.append((thing[0], m.start("value") + len(value), thing[1], value))
    return out


# "住房贷款利息和住房租金我选贷款利息", "顺丰和京东之间，我还是选京东吧": two options named, then
# one picked (by its whole name or a part of it).
# (Pronouns, particles and the words that join or pick options end one.)
_OPTION_STOP = "我你您他她它这那哪和与跟及或还是的了吧呢吗啊呀要选挑就"
_OPTION = rf"(?:(?![{_OPTION_STOP}])[\u4e00-\u9fffA-Za-z0-9]){{2,12}}?"
_CHOICE_ZH = re.compile(
    rf"(?P<a>{_OPTION})(?:和|跟|与|或者|或|还是)(?P<b>{_OPTION})"
    r"(?:之间|里面|里|中间|中|两个|这两个|两者)?[，,]?\s*(?:我们|我)?(?:那就|就|还是|最后|决定)?"
    r"(?:选择|选|挑|要)(?P<value>[^，,。；;！!？?\n]{2,16})"
)


def _choices(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, slot name, value) of each pick between two options named before it; the
    slot is what the options share ("住房" of 住房贷款利息 and 住房租金), else 选择."""
    out: list[tuple[int, int, str, str]] = []
    for m in _CHOICE_ZH.finditer(text) if "选" in text or "挑" in text or "要" in text else ():
        vstart, value = _clean_value(m.group("value"), m.start("value"))
        a, b = m.group("a"), m.group("b")
        if not value or _QUESTION.search(value) or _in_question(text, m.start()):
            continue  # "住房贷款利息和住房租金我选哪个？"
        if not any(value in o or o in value for o in (a, b)):
            continue  # "A和B我选C": no pick between them
        out.append((m.start(), vstart + len(value), _shared_name(a, b), value))
    return out


def _shared_name(a: str, b: str) -> str:
    """The whole words (two characters at least) two options open or end with alike ("住房"
    of 住房贷款利息 and 住房租金), else 选择 ("上午场", "下午场" share no word)."""
    head = _shared_run(a, b)
    tail = _shared_run(a[::-1], b[::-1])
    if head >= 2 and head >= tail and _word_ends(a, head) and _word_ends(b, head):
        return a[:head]
    if tail >= 2 and _word_ends(a, len(a) - tail) and _word_ends(b, len(b) - tail):
        return a[len(a) - tail :]
    return "选择"


def _shared_run(a: str, b: str) -> int:
    """How many characters `a` and `b` open with alike."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _word_ends(text: str, at: int) -> bool:
    """Whether a word of `text` ends at `at` (jieba's search mode: the words inside a
    compound too, "住房" of 住房贷款)."""
    return at == 0 or any(end == at for _, _, end in jieba.tokenize(text, mode="search"))


def _names_own_thing(text: str, thing: tuple[int, str], onto: Ontology) -> bool:
    """Whether `thing` (start, words) names a thing of the user's own: no slot word of the
    ontology (its rules read those), no time ("下次"), and not said after a negation."""
    if onto.slot_for_word(thing[1]) is not None or _NOT_A_THING_ZH.fullmatch(thing[1]):
        return False
    return _NOT_CHANGED.search(text, max(0, thing[0] - 6), thing[0]) is None


def _clause_start(text: str, at: int) -> int:
    return max((m.end() for m in _CLAUSE_MARK.finditer(text, 0, at)), default=0)


# "Target Python 3.11", "我们的服务用 Python 3.10", "upgrade to Node.js 20.11": a tool and the
# version the user works to; the tool's name names the slot, so a later version replaces it.
_VERSION_USED = re.compile(
    r"(?:\b(?i:use|using|target|targeting|run|running|on|with|upgrade to|downgrade to|pin to"
    r"|move to|switch to|install|require|requires)|用|使用|基于|升级到|降级到|安装)\s*"
    # ("on Section 3.2", "with Room 2.1": a part of something, no tool.)
    r"(?!(?:Section|Chapter|Figure|Table|Step|Page|Part|Rule|Item|Room|Floor|Gate|Level"
    r"|Version|Phase|Stage|Appendix|Clause|Article|Exhibit)\b)"
    r"(?P<thing>[A-Z][A-Za-z+#]*(?:\.js)?)\s*(?P<value>v?\d{1,3}(?:\.\d{1,3}){1,2})(?![\w%]|\.\d)"
)


_DOTTED = re.compile(r"\d\.\d")  # every version `_VERSION_USED` reads has one

# "级别改成 WARN", "等级设为 DEBUG": a level in capitals said for a bare "级别" (a log's).
_BARE_LEVEL = re.compile(
    r"(?:(?<=[把将])|(?<![\u4e00-\u9fff]))(?:级别|等级)\s*(?:改成|改为|换成|调成|调为|调到|设为|设成|设置为|用)\s*"
    r"(?P<value>[A-Z][A-Z_]{1,11})(?![\w-])"
)


def _bare_levels(text: str) -> list[tuple[int, int, str]]:
    """(start, end, level) of each level a bare "级别" is changed to."""
    return [(m.start(), m.end(), m.group("value")) for m in _BARE_LEVEL.finditer(text)]


def _versions(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, slot name, version) of each tool version the text says it uses."""
    word = "版本" if _HAN.search(text) else "version"
    return [
        (m.start("thing"), m.end(), f"{m.group('thing')} {word}", m.group("value"))
        for m in _VERSION_USED.finditer(text)
    ]


# "Use Delaware law throughout", "they insist on New York law", "合同适用香港法律": the law
# a contract is under, named by its place (a later one replaces it as any slot's value).
_LAW_GATE = re.compile(r"\blaw\b|法律")
_GOVERNING_LAW = (
    re.compile(
        r"(?i:\b(?:use|using|under|apply|applies|insist(?:s|ing)? on|governed by|go with"
        r"|switch to|choose|pick|prefer|wants?|needs?))\s+"
        r"(?P<value>(?:[A-Z][a-z]+\s+){0,2}?[A-Z][a-z]+)\s+law\b"
    ),
    re.compile(
        r"(?:适用|按照|按|依照|依据|受)(?P<value>[\u4e00-\u9fff]{2,6}?)法律(?!顾问|专业|系)"
    ),
)
_NOT_A_PLACE = re.compile(r"(?i)(?:the|this|that|our|their|any|all|case|common|local)")


def _governing_law(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, slot name, place) of each law a contract is said to be under."""
    out: list[tuple[int, int, str, str]] = []
    for zh, rx in enumerate(_GOVERNING_LAW):
        for m in rx.finditer(text):
            value = m.group("value")
            if _NOT_A_PLACE.fullmatch(value.split()[0]) or _in_question(text, m.start()):
                continue
            if _CODE_REFUSED.search(text, max(0, m.start() - 16), m.start()):
                continue  # "don't use Delaware law"
            name = "适用法律" if zh else "governing law"
            out.append((m.start("value"), m.end("value"), name, value))
    return out


# "订12月24日到26日的酒店", "入住12月3号至5号": a stay's two ends, the check-in and the
# check-out date (two slots, so a later "退房日期改成27日" leaves the check-in date current).
_STAY_RANGE = re.compile(
    r"(?P<a>(?:\d{4}年)?\d{1,2}月\d{1,2}[日号])\s*(?:到|至|~|-|—)\s*"
    r"(?P<b>(?:\d{1,2}月)?\d{1,2}[日号])"
)
_LODGING = re.compile(r"酒店|宾馆|民宿|旅馆|客栈|入住|住宿|(?<!居)住(?!址)|房间|订房")


def _stay_ends(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, slot name, date) of a stay's check-in and check-out date."""
    if _LODGING.search(text) is None:
        return []
    out: list[tuple[int, int, str, str]] = []
    for m in _STAY_RANGE.finditer(text):
        out.append((m.start("a"), m.end("a"), "check_in", m.group("a")))
        out.append((m.start("b"), m.end("b"), "check_out", m.group("b")))
    return out


# Brackets a value may hold: "08:00（纽约 12月9日 19:00）", "全聚德(清华园店)".
# Full- and half-width brackets close one another in real text: "（地铁十号线呼家楼站c1口)".
_OPEN_CLOSE = {"（": "）)", "(": ")）", "【": "】", "[": "]"}
_BRACKET_REACH = 40  # how far after a value's end its open bracket may close


def _balanced(text: str, vstart: int, value: str) -> str:
    """`value` (at `vstart` in `text`) with no bracket left open: run on to the bracket's close
    within its sentence ("08:00（纽约 12月9日 19:00）"), else cut before the bracket."""
    for opening, closing in _OPEN_CLOSE.items():
        at = value.rfind(opening)
        if at < 0 or any(c in value[at:] for c in closing):
            continue
        end = vstart + len(value)
        ends = [i for c in closing if (i := text.find(c, end, end + _BRACKET_REACH)) >= 0]
        close = min(ends, default=-1)
        if close >= 0 and _SENTENCE_END.search(text, end, close) is None:
            return text[vstart : close + 1]
        return value[:at].rstrip()
    return value
