"""Chinese standing rules said whole, in shapes no classic cue word ("不要", "只", "必须")
starts or reads right: "医生我只要女医生", "桌数控制在30桌以内", "不接受套餐价", "饮料一律不要",
"材料全部要中英文对照", "所有的金额都按含税价报", "凡是要花钱的事都得先问我", "甭给我订红眼航班",
"下单之前先把明细发我过目", "抬头统一写“…”", "不管多贵都要直飞", "经济舱以外的免谈",
"打死我也不坐…", "餐费按一百标准", "下午我去不了".

Each shape opens a clause (after a lead-in that adds nothing: "另外，", "以后", "记住，") and
ends it; the clause is the rule, verbatim. None is read where the clause is asked ("饮料要不要？"),
told of the past ("上次一律没要饮料", "…了"), of someone else ("他说不接受套餐价": the clause
opens on its speaker, not on the shape), or supposed ("…的话"). `constraints` turns each
`ClauseRule` into a rule unless a cue read the same words already.

Also here: the words a rule's clause leaves out that belong to it (`condition_before`,
`exception_after`: "要是超出预算，…", "…，除非是加班到十点以后") and the wanted half of "do X,
not Y" (`positive_half`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Polarity = Literal["forbid", "require", "only", "prefer"]


@dataclass(frozen=True)
class ClauseRule:
    start: int
    end: int
    polarity: Polarity
    subject: str
    cue: str


# A clause's start, then lead-ins that add nothing to the rule.
_LEAD = (
    r"(?:^|(?<=[，,。；;！!\n：:]))\s*"
    r"(?:(?:另外|还有|而且|对了|请|记得|记住|以后|今后|从今以后|从现在起|从现在开始)[，,]?\s*)*"
)
# A clause's end: not a question mark (asked, no rule).
_END = r"\s*(?P<end>[，,。；;！!\n]|$)"
# A thing named first: not a pronoun, a pointer or someone else ("他饮料一律不要": of him;
# "这些都不要": a pick among things shown), nor a time of the past.
_TOPIC = (
    r"(?:(?!我|你|您|他|她|它|这|那|咱|谁|哪|大家|别人|有人|上次|上回|以前|之前|过去|当时|昨天"
    # ("除非他来，否则免谈": what follows a condition not met, no thing named.)
    r"|去年|那次|否则|不然|要不)[\u4e00-\u9fffA-Za-z0-9])"
)
_NUM = r"(?:\d[\d,.]*|[一二两三四五六七八九十百千万]+)"
# Said of the past, asked, or supposed: no rule, wherever in the clause.
_NOT_SAID = re.compile(r"[吗呢么]|什么|多少|怎么|的话|已经|曾经|(?<![不了])了$|过$|没(?!空|时间)")
_WHEN = (
    r"(?:周末|工作日|节假日|白天|晚上|早上|上午|中午|下午|傍晚|夜里|明天|后天"
    r"|(?:周|星期|礼拜)[一二三四五六日天]|\d{1,2}点(?:以|之)?[前后]|\d{1,2}[号日])"
)

_SHAPES: tuple[tuple[re.Pattern[str], Polarity, str], ...] = (
    # "医生我只要女医生", "房间我们只要朝南的": a topic, then only what the speaker wants. (Not
    # "只要能到就行": as long as; nor "我只要…" with no topic, an order of the moment.)
    (
        re.compile(
            _LEAD + rf"(?P<rule>{_TOPIC}{{1,6}}?(?:我|我们)(?:就|也)?只要"
            r"(?P<x>(?![了过])(?:(?![就才便能有是你])[^，,。；;！!？?\n]){1,12}?))" + _END
        ),
        "only",
        "只要",
    ),
    # "宴会桌数控制在30桌以内", "把预算控制在5万以内": a limit.
    (
        re.compile(
            _LEAD + rf"(?P<rule>(?:把)?(?P<x>{_TOPIC}{{0,10}}?)(?:都|一律|务必|必须|要|得)?"
            rf"控制在\s*{_NUM}\s*[\u4e00-\u9fff%％]{{0,2}}?(?:以内|之内|以下|内))" + _END
        ),
        "require",
        "控制在",
    ),
    # "不接受套餐价", "我们一律不接受现金": a thing refused. (Not "酒店不接受刷卡": of another.)
    (
        re.compile(
            _LEAD + r"(?P<rule>(?:我|我们)?(?:也|都|一律|一概|坚决|绝对)?不接受"
            r"(?P<x>[^，,。；;！!？?\n]{1,14}?))" + _END
        ),
        "forbid",
        "不接受",
    ),
    # "饮料一律不要", "转机的航班一概不考虑", "经济舱以外的免谈": a kind refused outright.
    (
        re.compile(
            _LEAD + rf"(?P<rule>(?P<x>{_TOPIC}{{1,10}}?)的?(?:一律|一概|统统|通通|全都|概)"
            r"(?:都)?(?:不要|不考虑|不接受|不用|不订|不买|不点|不报|不收)|"
            rf"(?P<y>{_TOPIC}{{1,10}}?)的?(?:一律|一概)?免谈)" + _END
        ),
        "forbid",
        "一律",
    ),
    # "签证材料全部要中英文对照", "发票都要写公司抬头": what every one of a kind must be.
    (
        re.compile(
            _LEAD + rf"(?P<rule>(?P<x>{_TOPIC}{{1,10}}?)(?:(?:全部|所有|一律|统一|全都)(?:都)?"
            r"(?:要|得|必须)(?!不)|都(?:要|得|必须)(?=是|用|按|写|附|带|标|注明|盖))"
            r"[^，,。；;！!？?\n]{2,16}?)" + _END
        ),
        "require",
        "全部要",
    ),
    # "所有的金额都按含税价报给我", "凡是报价一律以人民币为准": how every one is counted.
    (
        re.compile(
            _LEAD + r"(?P<rule>(?:所有|全部|凡是)的?(?P<x>[^，,。；;！!？?\n]{1,8}?)"
            r"(?:都|一律|统一|全部)(?:要|得)?(?:按照?|以)[^，,。；;！!？?\n]{1,16}?)" + _END
        ),
        "require",
        "所有",
    ),
    # "凡是要花钱的事都得先问我一声": ask first, before every one of a kind.
    (
        re.compile(
            _LEAD + r"(?P<rule>(?:凡是|只要是|所有)(?P<x>[^，,。；;！!？?\n]{1,12}?)都?"
            r"(?:得|要|必须|请)?先(?:问(?:一下|一声)?我|跟我(?:说|确认|商量)|和我(?:确认|商量)"
            r"|告诉我|通知我|让我(?:确认|过目|看)|给我看|经过我)(?:一下|一声)?)" + _END
        ),
        "require",
        "凡是",
    ),
    # "甭给我订红眼航班": the colloquial "don't" (not "甭管", "甭提了", "甭客气").
    (
        re.compile(
            r"(?:^|(?<=[，,。；;！!\n]))\s*(?P<rule>(?:你|您)?(?:可|就|千万)?甭(?:给我|帮我|替我|再)?"
            r"(?P<x>(?:订|买|选|安排|用|找|坐|住|点|放|加|发|打|开|约|排|推荐|预订|报)"
            r"[^，,。；;！!？?\n]{1,12}?)了?)" + _END
        ),
        "forbid",
        "甭",
    ),
    # "下单之前先把明细发我过目": show first, before every one of an action (not before a time:
    # "明天之前先把明细发我").
    (
        re.compile(
            _LEAD + rf"(?P<rule>(?P<x>{_TOPIC}{{1,10}}?)(?:之前|以前|前)[，,]?\s*"
            r"(?:都|也|一律|请|务必)*(?:要|得|必须|记得)?先(?:把[^，,。；;！!？?\n]{1,10}?)?"
            r"(?:发给|发|拿给|交给|传给|给)(?:我|我们)(?:过目|看看|看一下|看|确认|审核|核对)(?:一下|一眼)?)"
            + _END
        ),
        "require",
        "先",
    ),
    # "发票抬头统一写“北京云帆科技有限公司”": what a field is always written as.
    (
        re.compile(
            _LEAD + rf"(?P<rule>(?P<x>{_TOPIC}{{1,8}}?)(?:统一|一律|固定|全部)都?"
            r"(?:写成|写作|填写|填成|开成|写|填|开)\s*"
            r"(?:[“\"「][^”\"」\n]{1,30}[”\"」]|[^，,。；;！!？?\n“\"「]{1,20}?))" + _END
        ),
        "require",
        "统一",
    ),
    # "不管多贵都要直飞": wanted whatever it costs. (Not "不管怎样谢谢你": no "都要".)
    (
        re.compile(
            # (Not "不管多贵他都要买": of him.)
            _LEAD + r"(?P<rule>(?:不管|无论|不论)[^他她你您它，,。；;！!？?\n]{1,10}?[，,]?\s*"
            r"(?:我们?)?(?:都|也)(?:要|得|必须|只)(?P<x>[^，,。；;！!？?\n]{1,12}?))" + _END
        ),
        "require",
        "不管",
    ),
    # "打死我也不坐早上六点前的航班": never, emphatic.
    (
        re.compile(
            _LEAD + r"(?P<rule>(?:打死我也|打死也|死也|说什么也|说什么都|死活)(?:都)?不"
            r"(?P<x>(?:坐|乘|搭|住|吃|订|去|用|买|选|要|飞|考虑|接受)[^，,。；;！!？?\n]{0,14}?))"
            + _END
        ),
        "forbid",
        "打死也不",
    ),
    # "餐费每人每天按一百标准": a spending standard.
    (
        re.compile(
            _LEAD + rf"(?P<rule>(?P<x>{_TOPIC}{{1,14}}?)(?:都|一律|统一)?(?:要|得)?按照?"
            r"[^，,。；;！!？?\n]{1,10}?的?标准(?:来|算|报|执行|走)?(?:报销|报|算)?)" + _END
        ),
        "require",
        "标准",
    ),
    # "下午我去不了", "周三我们都来不了": a time the speaker cannot make, said bare (not
    # "我今天下午去不了健身房了": the speaker's own errand, named, news of the day).
    (
        re.compile(
            _LEAD + rf"(?P<rule>(?:我们?)?(?P<x>(?:今天)?{_WHEN}{{1,2}})(?:我们?)?"
            r"(?:都|也|肯定|实在)?(?:去不了|来不了|去不成|来不成|赶不上|没空|没时间|不方便)了?)"
            + _END
        ),
        "forbid",
        "去不了",
    ),
)
_SAID_FIRMLY = re.compile(r"^说什么[也都]")
_REPORTED = re.compile(r"(?:说|听说|据说|觉得|以为|问)[，,：:]?\s*$")


def zh_clause_rules(text: str) -> list[ClauseRule]:
    """The `_SHAPES` rules in `text`, in the order of the shapes."""
    out: list[ClauseRule] = []
    for rx, polarity, cue in _SHAPES:
        for m in rx.finditer(text):
            # (An order may end on 了: "甭帮我选靠窗的了"; "说什么也不…" asks nothing.)
            rule = _SAID_FIRMLY.sub("", m["rule"].removesuffix("了") if cue == "甭" else m["rule"])
            if _NOT_SAID.search(rule) or _REPORTED.search(text[: m.start("rule")]):
                continue
            subject = next((m[g] for g in ("x", "y") if g in rx.groupindex and m[g]), rule)
            out.append(ClauseRule(m.start("rule"), m.end("rule"), polarity, subject.strip(), cue))
    return out


# The words of the gate these shapes need (`constraints._GATE_ZH`). (A condition or an
# exception, 要是/除非, only joins a rule read by its own words.)
GATE = (
    r"只要|控制在|不接受|一概|统统|通通|免谈|全部|所有|凡是|甭|之前先|前先|统一|不管|无论|不论"
    r"|打死|死也|说什么|死活|标准(?!间)|去不了|来不了|去不成|来不成|赶不上|没空|没时间|不方便"
)

# "…，除非是加班到十点以后": the exception that follows a rule's clause, part of it.
_UNLESS = re.compile(r"[，,]\s*(?:但是?|不过)?除非[^，,。；;！!？?\n]{1,24}")
# "要是超出预算，…": the condition the clause of a rule follows, part of it.
_IF = re.compile(
    r"(?:^|(?<=[。；;！!\n]))\s*(?P<c>(?:如果|要是|假如|万一|一旦|若是)[^，,。；;！!？?\n]{1,20}?"
    r"(?:的话)?)\s*[，,]\s*$"
)


def exception_after(text: str, end: int) -> int:
    """Where a rule whose clause ends at `end` ends, with a 除非 exception after it."""
    m = _UNLESS.match(text, end)
    return m.end() if m else end


def condition_before(text: str, start: int) -> int:
    """Where a rule whose clause starts at `start` starts, with an 如果/要是 condition before it
    in the same sentence."""
    m = _IF.search(text[:start])
    return m.start("c") if m else start


# "座位要靠过道的，靠窗的不要": the wanted half before a refused one, said of a topic.
_WANT_THEN_NOT = re.compile(
    _LEAD + rf"(?P<rule>{_TOPIC}{{1,6}}?(?:要|只要|得)(?!不)[^，,。；;！!？?\n]{{1,12}}?)"
    r"\s*[，,]\s*[^要得，,。；;！!？?\n]{1,10}?(?:的)?(?:不要|别要)"
    r"(?=[，,。；;！!\n]|$)"
)
# "赔款打到我招行那张卡上，别打到工资卡": the same action, once wanted, once refused.
_DO_THEN_NOT = re.compile(
    _LEAD + rf"(?P<rule>{_TOPIC}{{0,6}}?(?P<v>[\u4e00-\u9fff]到|[\u4e00-\u9fff]{{2}})"
    r"[^，,。；;！!？?\n]{1,14}?)\s*[，,]\s*(?:别|不要|不能)(?:再)?(?P=v)"
)


def positive_half(text: str) -> list[tuple[int, int]]:
    """The spans of the wanted halves of "do X, not Y" in `text`."""
    out: list[tuple[int, int]] = []
    for rx in (_WANT_THEN_NOT, _DO_THEN_NOT):
        for m in rx.finditer(text):
            if not _NOT_SAID.search(m["rule"]) and not _REPORTED.search(text[: m.start("rule")]):
                out.append(m.span("rule"))
    return out


# A limit's value, "30桌以内", "2分30秒以内": the unit after its number, before the bound.
_LIMIT = re.compile(
    rf"{_NUM}\s*(?P<unit>[^\d\s以之内下]{{0,2}}?)"
    r"(?:[\d一二两三四五六七八九十]+\s*[^\d\s以之内下]{1,2})?(?:以内|之内|以下|内)$"
)
_UNIT_KIND = (("time", "分秒钟时天周"), ("money", "元块万千百"))


def _limit_kind(value: str) -> str | None:
    m = _LIMIT.search(value.strip())
    if m is None:
        return None
    unit = m["unit"]
    return next((k for k, chars in _UNIT_KIND if unit[:1] and unit[0] in chars), unit or None)


def same_limit(rule: str, value: str) -> bool:
    """Whether the slot value `value` ("2分30秒以内") is a new value of the limit the
    控制在-rule `rule` sets ("成片控制在3分钟以内"): both bounds of one kind of unit."""
    kind = _limit_kind(value)
    return kind is not None and kind == _limit_kind(rule)
