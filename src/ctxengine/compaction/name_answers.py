"""Names given in answer to a request for a place: "帮我找个免费的景点" -> "好的，角楼不错".

A user who asks for a place of some kind ("推荐一个…的景点", "哪家餐馆能做X") is answered with
its name, often with no cue word the phrase rules know: "A和B还是不错的", "符合条件的景点是A",
"有两家是A和B", "A推荐给您", "没去过A的话…". `requests_place` reads the request; `answered_names`
reads the names in the reply's typical shapes: a list at a clause's start, after a lead-in that
offers it, up to the words said of it. Knowing that a name was asked for, a name need not end
in a kind suffix ("湘爱", "角楼"); it must still read as a name (no pronoun, particle, amount,
slot word or option of a slot).
"""

from __future__ import annotations

import re

from ctxengine.compaction.nearness import NEAR_WORD
from ctxengine.compaction.ontology import Ontology
from ctxengine.compaction.schema import SlotUpdate
from ctxengine.compaction.slot_phrases import plausible_name

# "帮我找个…的景点", "推荐一家餐馆", "哪个景点是免费的", "有没有…的酒店": a place of a kind asked
# for, in one sentence (a request among a place's neighbours names its kind after 周边 and is
# read as such elsewhere).
_REQUEST = re.compile(
    r"(?:找|推荐|介绍|有没有|有什么|有哪些|哪个|哪家|哪些|哪一?[个家])[^。！!？?；;]*?"
    r"(?:景点|景区|餐馆|餐厅|饭店|饭馆|馆子|酒店|宾馆|旅馆|地方)"
)


# "在X周边的餐馆里给我推荐一个…的餐馆": one place asked for, even among a place's neighbours.
_ONE = re.compile(r"(?:推荐|找)(?:一)?[个家]")


def requests_place(text: str) -> bool:
    """Whether a user message asks for a place of some kind (not for the list of what is
    near one)."""
    return _REQUEST.search(text) is not None and (
        NEAR_WORD.search(text) is None or _ONE.search(text) is not None
    )


_CLAUSE = re.compile(r"[^，,。；;！!？?\n]+")
# What offers the names at a clause's start: "推荐您去", "给你推荐一个评分4分的", "有两家是",
# "您看你们去", "没去过", "可以选择", "我朋友说".
_LEAD = re.compile(
    r"\s*(?:好的|嗯|当然|不过|但是|但|相对比下|相比之下|相比下|(?:对比|比较)下来|综合来看)?\s*(?:那?我?(?:给|为)?(?:您|你)们?推荐(?:一个|一家|一下)?"
    r"(?:[^，,。；;！!？?]{0,20}?的(?=[^，,。；;！!？?]{2}))?"
    # "推荐您去评分3分的X": a fact of the place, said before it.
    r"|那?我?(?:推荐|建议)(?:您|你)们?(?:去)?(?:[^，,。；;！!？?\d]{0,8}\d[^，,。；;！!？?]{0,8}?的)?"
    r"|(?:您|你)们?(?:可以|不妨)(?:选择|去)|可以选择|(?:您|你)们?看(?:看)?(?:你们|您)?去?"
    r"|(?:那)?(?:你们|您|你)?(?:就)?(?:只能)?去(?!过)|去(?!过)|有(?:两|几|一|三)?(?:家|个)?是?"
    r"|(?:如果)?(?:你|您)?没去过|[^，,。；;！!？?说]{0,4}说"
    # "符合您这个游玩时间的景点是X", "评分在4.5分以上的有：X、Y": what is found, then its names.
    # ("周边的酒店有A, B" lists what is near, not the place asked for.)
    r"|[^，,。；;！!？?]{0,24}?的(?:景点|景区|餐馆|餐厅|饭店|饭馆|酒店|宾馆|地方)?(?:就|也|只)?(?:是|叫)[:：]?"
    r"|(?:(?!周边|附近|周围|旁边)[^，,。；;！!？?]){0,24}?的(?:景点|景区|餐馆|餐厅|饭店|饭馆|酒店|宾馆|地方)?"
    r"(?:就|也|只)?有[:：]?"
    r"|推荐(?![给您你])|比如|例如|我?知道"
    r")?\s*"
    # "建议您去周边故宫餐厅这家餐馆": the neighbour recommended.
    r"(?:(?:周边|附近)的?)?"
)
# A name's own characters; a space only between Latin words ("China Grill").
_RUN = re.compile(r"(?:[A-Za-z0-9\u4e00-\u9fff\u3040-\u30ff·'&]| (?=[A-Za-z])(?<=[A-Za-z] )){1,40}")
_BRANCH = re.compile(r"[(（][^()（），,。]{1,20}[)）]")
# What follows a name in such a reply: another name, or the words said of the names.
_JOIN = re.compile(r"\s*(?:和|、|与|或者|或|及|以及|跟)\s*")
_SAID_OF = re.compile(
    r"\s*(?:[，,。；;！!？?]|$|都(?=[是不很挺可在符还能有喜适])|也|还|是|不错|挺|很|蛮|真|感觉|怎么样"
    r"|如何|可以|可供|推荐给|值得|这(?:两|几|些)?(?:个|家)|有|里面|去过|的话|符合|比较|非常|特别|就"
    r"|吧(?![\u4e00-\u9fff])|呢|啊|了(?=[，,。！!？?]|$)|聚餐|用餐|吃饭|吃|住宿|入住|住(?![\u4e00-\u9fff])|游玩|走走|转转|看看|逛逛"
    # "我知道物科宾馆餐厅推荐菜有X": its facts follow.
    r"|推荐菜|人均|评分|价格|门票|地址|电话|营业时间"
    r")"
)
# "推荐您去798艺术区、前门大街景点": the kind said after the last name (its own kind: "杏园"
# is no 景点 in "杏园餐馆").
_KIND_AFTER = re.compile(r"(?:景点|景区|餐馆|餐厅|酒店|宾馆)(?=[，,。；;！!？?]|$)")
# Clause-start words that are no names: assent, remarks, numbers of places.
_NOT_A_NAME = re.compile(
    r"^(?:当然|好的|可以|没有|不过|但是|这样|那样|其实|因为|所以|如果|还有|另外|而且|然后|这里|那里"
    r"|我们|你们|他们|大家|所有|全部|以上|以下|目前|现在|暂时|其中|太多|很多|不少|有的|没问题"
    r"|抱歉|报歉|对不起|不好意思|不客气|谢谢|您好|你好|完全|据说|听说|评价|感觉|个人"
    # what is said of a place: "据说环境都很不错"
    r"|环境|服务|味道|口味|价格|位置|交通|条件|设施|风景|景色|口碑|菜品)"
    r"|^[一两三四五六七八九十几多每各][个家处座间]|[了吗呢吧啊呀哦的]$"
    # an adverb begins a remark, not a name: "也没有哦", "还不错"
    r"|^[也还都就又再才只没不]"
)


# A clause that says nothing was found, or apologizes for it.
_NOTHING = re.compile(r"没有|没(?:找|查)到|(?:找|查)不到|抱歉|报歉|不好意思|对不起|遗憾")


def answered_names(text: str, onto: Ontology) -> list[tuple[int, str]]:
    """(position, name) of the names a reply gives to a request for a place: the first
    clause that starts with a name or a list of names says them."""
    for c in _CLAUSE.finditer(text):
        if _NOTHING.search(c.group(0)):
            continue  # "也没有哦": nothing is named
        lead = _LEAD.match(text, c.start(), c.end())
        pos = lead.end() if lead is not None else c.start()
        led = _CUED.search(text, c.start(), pos) is not None
        found: list[tuple[int, str]] = []
        while (end := _name_end(text, pos, c.end(), onto, led=led)) is not None:
            found.append((pos, text[pos:end]))
            join = _JOIN.match(text, end)
            if join is None or join.end() == end:
                break
            pos, led = join.end(), True
        # "有A和B的餐馆是X": a list cut short by what is not a name names nothing.
        if found and (
            _SAID_OF.match(text, found[-1][0] + len(found[-1][1])) or _verified(found[-1][1], onto)
        ):
            return found
    return []


# A lead that offers what follows (not mere assent): "推荐您去", "的景点是", "有两家是".
_CUED = re.compile(r"[推建选去有是叫说]")
# What a name no kind suffix vouches for is followed by, said with no lead: a verdict or a
# joiner, not any word ("既然是…", "孩子都喜欢", "别说，").
_VERDICT = re.compile(
    r"\s*(?:和|、|与|或|及|跟|(?:还是|也|都|还|真|挺|很|蛮|非常|特别)?(?:不错|挺好|很好|蛮好|还行)"
    r"|怎么样|如何|推荐给|可以吗|可以么|去过|的话|(?:都|也|就|刚好|正好|正)?(?:很|最|完全)?符合|这(?:两|几)?(?:个|家)"
    r"|都是)"
)


def _name_end(text: str, start: int, stop: int, onto: Ontology, *, led: bool) -> int | None:
    """The end of a name at `start` (within its clause): the longest that ends in a kind
    suffix or a branch and is followed by the words said of a name ("北京玉华宫宾馆，", not
    "北京玉华宫"); else the shortest that a verdict follows (after a lead: any of those
    words); else the longest with a suffix of two characters or more, whatever follows."""
    run = _RUN.match(text, start, stop)
    if run is None:
        return None
    ends = list(range(start + 2, run.end() + 1))
    if (branch := _BRANCH.match(text, run.end())) is not None:
        ends.append(branch.end())  # "花家怡园(四合院总店)"
    verified = [e for e in ends if _verified(text[start:e], onto)]
    for end in reversed(verified):
        if (
            _SAID_OF.match(text, end)
            or _JOIN.match(text, end)
            or _kind_after(text, start, end, onto)
        ) and _is_name(text[start:end], onto):
            return end
    after = _SAID_OF if led else _VERDICT
    for end in ends:
        if (after.match(text, end) or _JOIN.match(text, end)) and _is_name(text[start:end], onto):
            return end
    # "我朋友说北京中意鹏奥酒店蛮好的": a remark of its own after a name with a kind suffix
    # that is a word of its own ("…酒店", not "小汤山" in "小汤山镇").
    for end in reversed(verified):
        if _suffix_len(text[start:end], onto) > 1 and _is_name(text[start:end], onto):
            return end
    return None


def _kind_after(text: str, start: int, end: int, onto: Ontology) -> bool:
    kind = _KIND_AFTER.match(text, end)
    entity = onto.entity_of_name(text[start:end]) if kind is not None else None
    return entity is not None and kind is not None and kind.group(0) in entity.zh


def _suffix_len(value: str, onto: Ontology) -> int:
    if value.endswith((")", "）")):
        return 2  # a bracketed branch ends a name as surely as "酒店" does
    kind = onto.entity_of_name(value)
    return max((len(s) for s in kind.name_suffixes if value.endswith(s)), default=0) if kind else 0


def _verified(value: str, onto: Ontology) -> bool:
    return value.endswith((")", "）")) or onto.entity_of_name(value) is not None


def _is_name(value: str, onto: Ontology) -> bool:
    return (
        _NOT_A_NAME.search(value) is None
        and not onto.find_members(value)
        and plausible_name(value, onto)
    )


def name_answers(text: str, onto: Ontology, focus: str | None) -> list[tuple[int, SlotUpdate]]:
    """The reply's names as 名称 updates of the kind their suffix says, else of `focus`."""
    out: list[tuple[int, SlotUpdate]] = []
    for pos, name in answered_names(text, onto):
        kind = onto.entity_of_name(name)
        entity = kind.name if kind is not None else focus
        out.append(
            (pos, SlotUpdate(entity=entity or "task", slot="名称", value=name, confidence=0.5))
        )
    return out
