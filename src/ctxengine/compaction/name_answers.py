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

from ctxengine.compaction.gates import chars_in
from ctxengine.compaction.nearness import NEAR_WORD
from ctxengine.compaction.ontology import Ontology, answers_of
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
    r"\s*(?:好的|嗯|当然|不过|但是|但|相对比下|相比之下|相比下|(?:对比|比较)下来|综合来看)?\s*(?:"
    # "有两个景点符合：A和B", "为您查到以下餐馆：A": a colon after the kind or the match.
    r"[^，,。；;！!？?：:]{0,16}?(?:景点|景区|餐馆|餐厅|饭店|饭馆|酒店|宾馆|地方|符合|满足|以下|如下)"
    r"[^，,。；;！!？?：:]{0,6}?[:：]"
    r"|那?我?(?:给|为)?(?:您|你)们?推荐(?:一个|一家|一下)?"
    r"(?:[^，,。；;！!？?]{0,20}?的(?=[^，,。；;！!？?]{2}))?"
    # "换一家X怎么样", "要不试试X？": another place offered instead ("试试他家的烤鸭": a
    # dish of the place, no place).
    r"|(?:要不|要不然|不如|(?:您|你)?们?(?:可以|不妨))?(?:换|试试|试一试|尝试一下|尝试)(?:一)?(?:家|个)?"
    r"(?=..)(?![^，,。；;！!？?]{0,4}的)"
    # "推荐您去评分3分的X": a fact of the place, said before it.
    r"|那?我?(?:推荐|建议)(?:您|你)们?(?:去)?(?:[^，,。；;！!？?\d]{0,8}\d[^，,。；;！!？?]{0,8}?的)?"
    r"|(?:您|你)们?(?:可以|不妨)(?:选择|去(?:看看|看一看|逛逛|逛一逛|玩玩|走走|转转|尝尝)?)|可以选择|(?:您|你)们?看(?:看)?(?:你们|您)?去?"
    r"|(?:那)?(?:你们|您|你)?(?:就)?(?:只能)?去(?!过)|去(?!过)|有(?:两|几|一|三)?(?:家|个)?是?"
    r"|(?:如果)?(?:你|您)?没去过|[^，,。；;！!？?说]{0,4}说"
    # "符合您这个游玩时间的景点是X", "评分在4.5分以上的有：X、Y": what is found, then its names.
    # ("周边的酒店有A, B" lists what is near, not the place asked for.)
    r"|[^，,。；;！!？?]{0,24}?的(?:景点|景区|餐馆|餐厅|饭店|饭馆|酒店|宾馆|地方)?(?:就|也|只)?(?:是|叫)[:：]?"
    r"|(?:(?!周边|附近|周围|旁边)[^，,。；;！!？?]){0,24}?的(?:景点|景区|餐馆|餐厅|饭店|饭馆|酒店|宾馆|地方)?"
    r"(?:就|也|只)?有[:：]?"
    r"|我?推荐(?![给您你])|比如|例如|我?知道"
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
    r"\s*(?:[，,。；;！!？?]|$|都(?=[是不很挺可在符还能有喜适行值])|也|还|是|不错|挺|很|蛮|真|更|最|感觉|怎么样|咋样|怎样"
    r"|位于|坐落|给(?:您|你)"
    r"|如何|可以|可供|推荐给|值得|这(?:两|几|些)?(?:个|家)|有|里面|去过|的话|符合|比较|非常|特别|就"
    r"|吧(?![\u4e00-\u9fff])|呢|啊|了(?=[，,。！!？?]|$)|聚餐|用餐|吃饭|吃|住宿|入住|住(?![\u4e00-\u9fff])|游玩|走走|转转|看看|逛逛"
    r"|尝尝|尝一尝|品尝"
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
    r"|环境|服务|味道|口味|价格|位置|交通|条件|设施|风景|景色|口碑|菜品"
    # "时间比较合适", "距离也合适": what suits, not which place
    r"|时间|地点|距离|天气|人数|预算|档次|氛围|装修|性价比)"
    r"|^[一两三四五六七八九十几多每各][个家处座间]|[了吗呢吧啊呀哦的]$"
    # a measure word, a question on it, a way to get there, a time: "订个座位", "怎么样",
    # "步行", "那就明天吧"
    r"|^[个位份张间桌]|^(?:怎么样|怎样|咋样|如何)|^(?:步行|走路|打车|坐车|开车|骑车|自驾|乘坐|公交)"
    r"|^(?:今天|明天|后天|今晚|明晚|上午|下午|晚上|中午|早上|白天|周末|下次|以后|之前|之后|以前)"
    # a remark's modal or a verb said twice: "应该没问题", "最好预约", "问问工作人员"
    r"|^(?:应该|可能|也许|最好|一定|问问|看看|想想|试试)|说得|小时$"
    # an adverb begins a remark, not a name: "也没有哦", "还不错"
    r"|^[也还都就又再才只没不]"
)


# A clause that says nothing was found, or apologizes for it.
_NOTHING = re.compile(r"没有|没(?:找|查)到|(?:找|查)不到|抱歉|报歉|不好意思|对不起|遗憾")


def answered_names(text: str, onto: Ontology) -> list[tuple[int, str]]:
    """(position, name) of the names a reply gives to a request for a place: the first
    clause that starts with a name or a list of names says them."""
    found_before = False
    for c in _CLAUSE.finditer(text):
        if _NOTHING.search(c.group(0)):
            continue  # "也没有哦": nothing is named
        lead = _LEAD.match(text, c.start(), c.end())
        pos = lead.end() if lead is not None else c.start()
        led = found_before or _CUED.search(text, c.start(), pos) is not None
        # "找到了，X。": a clause saying a place was found leads the next one's name.
        found_before = _FOUND.fullmatch(c.group(0)) is not None
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


# A clause that says the search found something, the name to follow: "找到了", "帮您查到了".
_FOUND = re.compile(
    r"\s*(?:好的|嗯|有的|有)?\s*(?:我?(?:为|给|帮)?(?:您|你)?们?(?:找到|查到|搜到)了?(?:一(?:家|个|处))?)"
    r"[啊呀呢哦的]*"
)
# A lead that offers what follows (not mere assent): "推荐您去", "的景点是", "有两家是",
# "换一家", "为您查到以下餐馆：".
_CUED = re.compile(r"[推建选去有是叫说换试查找:：]")
# What a name no kind suffix vouches for is followed by, said with no lead: a verdict or a
# joiner, not any word ("既然是…", "孩子都喜欢", "别说，").
_VERDICT = re.compile(
    r"\s*(?:和|、|与|或|及|跟|(?:还是|也|都|还|就|真|挺|很|蛮|非常|特别){0,2}(?:不错|挺好|很好|蛮好|还行)"
    r"|怎么样|如何|推荐给|可以吗|可以么|去过|的话|(?:都|也|就|刚好|正好|正)?(?:很|最|完全)?符合|这(?:两|几)?(?:个|家)"
    # "X比较合适", "有啊，X就是。", "嗯，X吧。": a verdict, the yes, the pick.
    r"|(?:就|也|都)?(?:比较|更|最|很|挺|非常|特别)?(?:合适|适合)|(?:就|便)是(?=[，,。！!]|$)"
    r"|吧(?=[，,。！!]|$)"
    # "X评分4.8分", "X有4.8分": the place, then a figure of it.
    r"|(?:的)?(?:评分|人均消费|人均|价格|门票)(?:是|为|有|只有|高达|达到)?(?=\d)"
    r"|(?:有|只有|高达|达到)(?=\d)"
    # "X，评分4.6分": a clause of the name alone, then its facts.
    r"|[，,]\s*(?:它|他|她)?(?:家|的)?(?:评分|人均|价格|门票|地址|电话|营业时间|推荐菜)"
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
    # Tried for each end of each start: the answer depends on the span and the ontology alone.
    memo = answers_of(onto, "name_answers.is_name")
    found: bool | None = memo.get(value)
    if found is None:
        found = memo[value] = _reads_as_name(value, onto)
    return found


def _reads_as_name(value: str, onto: Ontology) -> bool:
    return (
        _NOT_A_NAME.search(value) is None
        and not _holds_member(value, onto)
        and plausible_name(value, onto)
    )


def _holds_member(value: str, onto: Ontology) -> bool:
    """Whether `value` is an option of a slot more than a name: "温泉", "有健身房"; a name
    holding an option among more of its own words is one ("三里屯酒吧街", "温都水城温泉").
    What an option's own phrase adds to it is a verb, a particle or a measure word of one
    or two characters ("有健身房", "的温泉"); three or more are words of a name's own."""
    return any(len(value) - len(m.group(0)) < 3 for m, _, _ in onto.find_members(value))


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


# A lead that offers or chooses a place anywhere in a clause, asked for or not: "推荐您去尝一尝X",
# "为您推荐X、Y", "您可以考虑一下X", "您可以和朋友去X", "我觉得X就挺不错", "还真有一家叫X",
# "我查了一家X的", "只能去X了". What the lead says of the place before its name ("评分3分的",
# "评分4.2分", "别的地方的餐馆") is no part of it.
_OFFER = re.compile(
    r"(?:(?:为|给)(?:您|你)们?推荐(?:一下|了)?|(?:推荐|建议)(?:您|你)们?|推荐(?=去))"
    # "建议您尝尝X" offers a dish, "推荐您去尝一尝X" a place.
    r"(?:去(?:尝一?尝|试一?试|看看)?|选择|入住|住)?(?![尝吃品点])"
    r"(?:[^，,。；;！!？?\d]{0,6}\d+(?:\.\d)?分的?|[^，,。；;！!？?]{0,6}的(?:餐馆|餐厅|景点|酒店))?"
    r"|(?:您|你)们?(?:还|也)?(?:可以|不妨)?(?:考虑|选择)(?:一下)?去?"
    r"|(?:您|你)们?(?:还|也)?(?:可以|不妨)(?:和[^，,。；;！!？?]{1,4})?去(?!过)"
    # "您可以去看看X": the visit said before the place.
    r"(?:看看|看一看|逛逛|逛一逛|玩玩|走走|转转|尝尝)?"
    r"|(?:只能|就)去"
    r"|(?:^|(?<=[，,。！!？?]))\s*去(?![过吃玩])"
    # "我觉得X就挺不错" at a clause's start ("X我觉得更合适" says it after the name).
    r"|(?:^|(?<=[，,。！!？?]))\s*我(?:觉得|个人比较喜欢|比较喜欢)"
    r"|(?:我?(?:查|找)(?:了|到了?)|还真有|真有|正好有|刚好有|恰好有)一(?:家|个|处)(?:叫)?"
    # "为您找到了X", "我帮您查到了X": what the search found.
    r"|(?:为|给|帮)(?:您|你)们?(?:找到|查到|搜到)了?(?:一(?:家|个|处))?(?:叫)?"
    # "可以去X用餐", "可以考虑X": the subject left out, at a clause's start.
    r"|(?:^|(?<=[，,。！!？?]))\s*(?:还|也)?(?:可以|不妨)(?:考虑(?:一下)?|选择|去(?![过吃玩看逛住]))"
)
# A character one of which every lead of `_OFFER` holds (推荐/建议, 您/你, 去, 我, the 一 of
# "一家", 可以/不妨) and `_CALLED` too (有一): a text with none offers no name.
_OFFER_CHARS = frozenset("荐议您你去我一以妨")
# After an offered name: a clause end, a joiner, the words said of it, or what it is there.
_OFFER_END = re.compile(r"\s*(?:的(?=[，,。！!？?]|$)|了(?=[，,。！!？?]|$)|这家|这个)")


def offered_names(text: str, onto: Ontology) -> list[tuple[int, str]]:
    """(position, name) of the places a reply offers or picks with a lead that says so,
    whether or not a place was asked for, with the names listed along with them."""
    out: list[tuple[int, str]] = []
    if _OFFER_CHARS.isdisjoint(chars_in(text)):
        return out
    read_to = 0  # the end of what was read: a lead inside a name read is no lead
    for m in _OFFER.finditer(text):
        if m.end() < read_to or _NOTHING_BEFORE.search(
            text, _clause_start(text, m.start()), m.start()
        ):
            continue
        pos = m.end()
        end = _offered_end(text, pos, onto)
        if end is None:
            continue
        more = _following(text, end, onto)
        if not more and _JOIN.match(text, end) is not None:
            # "北京" of "北京和平宾馆": a joiner no next name follows is the name's own.
            whole = _whole_name(text, pos, onto)
            if whole is None:
                continue
            end = whole
        out += [(pos, text[pos:end]), *more]
        read_to = max(a + len(v) for a, v in out)
    for m in _CALLED.finditer(text):
        if m.start("n") >= read_to and _is_name(m.group("n"), onto):
            out.append((m.start("n"), m.group("n")))
    return out


# "有一家叫X的餐馆": a place named by what it is called, then its kind.
_CALLED = re.compile(
    r"(?<!没)有一(?:家|个|处|座)(?:名)?叫(?:做)?(?P<n>[^，,。；;！!？?的\s]{2,30})"
    r"的(?:景点|景区|餐馆|餐厅|饭店|饭馆|酒店|宾馆|地方)"
)


# "没有满足您的要求的" before a lead still lets it offer ("…，您考虑一下X吧"); only a negation
# right before it in its clause takes it back ("没有推荐您去X").
_NOTHING_BEFORE = re.compile(r"没有?$|不$")


# How far a clause's start or end is looked for: a name is a run of 40 characters at most
# (`_RUN`), so a farther bound changes nothing read, and a bounded look keeps each read of a
# long text linear.
_REACH = 80


def _clause_start(text: str, pos: int) -> int:
    low = max(0, pos - _REACH)
    found = max(text.rfind(c, low, pos) for c in "，,。；;！!？?\n")
    return found + 1 if found >= 0 else low


def _whole_name(text: str, pos: int, onto: Ontology) -> int | None:
    """The end of the longest name at `pos` that ends in a kind suffix: "北京和平宾馆"."""
    run = _RUN.match(text, pos, _clause_end(text, pos))
    if run is None:
        return None
    return next(
        (e for e in range(run.end(), pos + 1, -1) if _offer_shaped(text[pos:e], onto)), None
    )


def _offered_end(text: str, pos: int, onto: Ontology) -> int | None:
    end = _name_end(text, pos, _clause_end(text, pos), onto, led=True)
    if end is not None:
        return end
    # "我查了一家X(Y店)的，", "只能去X(Y店)了": a name with its branch, then a particle.
    run = _RUN.match(text, pos)
    if run is None:
        return None
    for e in range(run.end(), pos + 1, -1):
        if _OFFER_END.match(text, e) and _offer_shaped(text[pos:e], onto):
            return e
    if (branch := _BRANCH.match(text, run.end())) is not None and _OFFER_END.match(
        text, branch.end()
    ):
        return branch.end() if _offer_shaped(text[pos : branch.end()], onto) else None
    return None


def _offer_shaped(value: str, onto: Ontology) -> bool:
    return _verified(value, onto) and _is_name(value, onto)


_CLAUSE_MARK = re.compile(r"[，,。；;！!？?\n]")


def _clause_end(text: str, pos: int) -> int:
    high = min(len(text), pos + _REACH)
    m = _CLAUSE_MARK.search(text, pos, high)
    return m.start() if m is not None else high


# A list member after a comma: "推荐你去A，B和C", "A，B，C都很不错", "A，B你都可以去看看".
_COMMA = re.compile(r"\s*[，,]\s*(?:和\s*)?")
# What ends a list whose members a comma joins: a joiner, "都", the choice left to the user.
_LIST_GOES_ON = re.compile(
    r"\s*(?:和|、|与|或者|或|及|以及|跟|都|(?:[，,]\s*)?(?:你们?|您)(?:都|自[已己]?选))"
)


def _following(
    text: str, end: int, onto: Ontology, *, commas: bool = True
) -> list[tuple[int, str]]:
    """The names listed after the name ending at `end`: joined by "和", "、", "或者", or by a
    comma when the list goes on after the member ("A，B和C", "A，B，C都不错") or the member
    ends as names do."""
    out: list[tuple[int, str]] = []
    while (got := _next_member(text, end, onto, commas=commas)) is not None:
        out.append(got)
        end = got[0] + len(got[1])
    return out


def _next_member(
    text: str, end: int, onto: Ontology, *, commas: bool, depth: int = 0
) -> tuple[int, str] | None:
    join = _JOIN.match(text, end)
    comma = join is None and commas and (join := _COMMA.match(text, end)) is not None
    if join is None or join.end() == end:
        return None
    pos = join.end()
    # "或者是X", "或者去X": the verb of the choice is no part of the name.
    if (verb := _CHOICE_VERB.match(text, pos)) is not None:
        pos = verb.end()
    nxt = _name_end(text, pos, _clause_end(text, pos), onto, led=True)
    if nxt is None:
        return None
    name = text[pos:nxt]
    if comma and not (
        _LIST_GOES_ON.match(text, nxt)
        or _verified(name, onto)
        # "A，B，C都不错": the list goes on after the next member.
        or (depth < 4 and _next_member(text, nxt, onto, commas=True, depth=depth + 1))
    ):
        return None
    return pos, name


_CHOICE_VERB = re.compile(r"是|去")


def listed_mates(
    text: str, names: list[str], onto: Ontology, *, commas: bool = True
) -> list[tuple[int, str]]:
    """(position, name) of the places listed with a name already read: "A，B和C都不错" read
    as "B" and "C" lists "A" too; "为您推荐A、B、C" read as "A" lists "B" and "C". Without
    `commas` (a user's words), only joiners make a list."""
    out: list[tuple[int, str]] = []
    walked: set[int] = set()  # each list is walked once, whichever of its names led to it
    for name in names:
        at = text.find(name)
        if at < 0 or at + len(name) in walked:
            continue
        end = at + len(name)
        walked.add(end)
        more = _following(text, end, onto, commas=commas)
        walked.update(p + len(v) for p, v in more)
        out += more
        if commas and (
            _LIST_GOES_ON.match(text, end) or _next_member(text, end, onto, commas=True)
        ):
            out += _preceding(text, at, onto)
    return out


_COMMA_BEFORE = re.compile(r"[，,]\s*和?\s*$")


def _preceding(text: str, at: int, onto: Ontology) -> list[tuple[int, str]]:
    """The name a whole clause says right before a list that goes on at `at`: "A，B和C都
    不错", "天坛，恭王府都是这样的景点" (after an offering lead at most: "推荐你去A，B和C")."""
    join = _COMMA_BEFORE.search(text, max(0, at - 3), at)
    if join is None:
        return []
    stop = join.start()
    start = _clause_start(text, stop)
    lead = _OFFER.match(text, start, stop)
    pos = lead.end() if lead is not None else start
    value = text[pos:stop].strip()
    if len(value) < 2 or (_RUN.fullmatch(value) is None and _BRANCH.search(value) is None):
        return []
    return [(pos, value)] if _is_name(value, onto) else []


# A user's lead to a place they ask about, mean to book or to go to: "你知道X吗", "我想预定X",
# "我想去X的餐馆吃饭", "我想到X景点去", "尝尝X家的饭菜", "那我去X看一看吧".
_MENTION = re.compile(
    r"(?:你|您)们?(?:知道|听说过|听过)"
    # "把X的地址告诉我": a place whose facts are asked for.
    r"|(?:把|将|(?:告诉|给)我(?:一下)?)(?=[^，,。！!？?]{2,40}?的)"
    # "那就X吧": the user's pick among what was offered.
    r"|(?:^|(?<=[，,。！!\s]))(?:那|那么)?就(?:选|定|去)?(?=[^，,。！!？?]{2,20}?吧)"
    r"|(?:我|我们)(?:也|先)?(?:想|要|打算|准备|就|还)?(?:预定|预订|订|入住|住|去(?![过吃玩逛看])|到(?=[^，,。！!？?]{2,20}?(?:景点|景区|餐馆|餐厅|酒店)去))"
    r"|(?:尝一?尝|试一?试)(?=[^，,。！!？?]{2,20}?家的)"
)
# A character one of which every lead of `_MENTION` holds: 你/您, 把/将/告/给, 就, 我, 尝/试.
_MENTION_CHARS = frozenset("你您把将告给就我尝试")
# After a name a user mentions: the question on it, its kind, or what is done there.
_MENTION_END = re.compile(
    r"\s*(?:吗|么|呢|吧|[，,。！!？?]|$|尝一?尝|的?(?:餐馆|餐厅|酒店|宾馆|景点|景区)|家的|看一?看|吃饭|用餐|游玩|玩|逛逛|住宿|入住|去)"
)


def _slot_of_it(text: str, end: int, onto: Ontology) -> bool:
    """ "X的地址": a slot word of the place follows its name."""
    return text.startswith("的", end) and onto.slot_word_pattern().match(text, end + 1) is not None


def mentioned_names(text: str, onto: Ontology) -> list[tuple[int, str]]:
    """(position, name) of the places a user's lead names: the shortest name-shaped span
    after it that the question on it, its kind or what is done there follows."""
    out: list[tuple[int, str]] = []
    if _MENTION_CHARS.isdisjoint(chars_in(text)):
        return out
    for m in _MENTION.finditer(text):
        pos = m.end()
        run = _RUN.match(text, pos)
        if run is None:
            continue
        ends = list(range(pos + 2, run.end() + 1))
        if (branch := _BRANCH.match(text, run.end())) is not None:
            ends.append(branch.end())
        # "我想预定X酒店(Y店)": the longest that ends as names do, else the shortest.
        ok = [
            e
            for e in ends
            if (_MENTION_END.match(text, e) or _slot_of_it(text, e, onto))
            and _is_name(text[pos:e], onto)
        ]
        verified = [e for e in ok if _verified(text[pos:e], onto)]
        end = verified[-1] if verified else (ok[0] if ok else None)
        if end is not None:
            out.append((pos, text[pos:end]))
    return out


_KIND_WORD = re.compile(r"\s*的?(?:这家|这个)?(?P<k>餐馆|餐厅|饭店|饭馆|酒店|宾馆|景点|景区)")


def kind_said_after(text: str, end: int, onto: Ontology) -> str | None:
    """The entity a kind word right after a name says it is: "X的酒店", "X景点"."""
    m = _KIND_WORD.match(text, end)
    if m is None:
        return None
    return next((e.name for e in onto.entities if m.group("k") in e.zh), None)
