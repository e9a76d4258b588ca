"""Whether a slot word or a slot's value, read where it stands, is really that slot's.

A word the ontology knows is not always said of the task's slot: "the field name should be
reason_code" is a field's name, no recipient; "Green again: 38 passed" is a test run's status,
no colour; "待支付 3598 元" is an amount due, no way to pay; "超预算 480" is how far a price goes
over the budget, no budget; "201 英语一" is an exam subject, no language; "信用卡别动" keeps a
card as it is, no card chosen. The slot readers (`slots.extract_updates`) ask these checks
before they set a value.
"""

from __future__ import annotations

import re

from ctxengine.compaction.ontology import SlotDef

# ---------------------------------------------------------------- a thing's name, no person's

# Words for what a name belongs to when it is no person's: "field name", "file name",
# "company name". A person's name ("your name", "the contact name") has none of them.
_EN_THING = (
    r"field|column|variable|var|function|method|class|file|folder|directory|dir|branch|table"
    r"|key|property|attribute|param|parameter|model|module|package|repo|repository|project"
    r"|host|domain|company|business|brand|product|event|team|channel|app|server|database|db"
    r"|bucket|queue|topic|service|tag|label|sheet|tab|workspace|cluster|container|image|job"
    r"|task|record|schema|index|endpoint|route|folder|account|street|hotel|restaurant|store"
    r"|shop|venue|wifi|network|device|org|organization|organisation|school|pet|dog|cat"
)
_EN_THING_NAME = re.compile(rf"(?i)\b(?P<thing>{_EN_THING})\s+$")
# The same in Chinese, right before 名字/名称: "单位名字", "文件名字", "公司名称".
_ZH_THING = (
    r"单位|公司|企业|学校|医院|银行|机构|组织|品牌|商品|产品|店铺|店|门店|项目|文件|文件夹|目录"
    r"|分支|变量|字段|函数|方法|类|表|数据库|群|账号|账户|网站|域名|小区|酒店|餐厅|宠物|狗|猫"
    r"|活动|会议|课程|专业|团队|部门|设备|网络|服务器|应用|软件|游戏|城市|学院"
)
_ZH_THING_NAME = re.compile(rf"(?P<thing>{_ZH_THING})(?:的)?$")
# A name given with an identity document or for an enrolment is the applicant's, no
# consignee's: "身份证号 510107…，姓名刘思远", "报名的姓名写张三".
_APPLICANT = re.compile(
    r"身份证|证件号|报名|报考|挂号|就诊|登记|开户|办卡|入学|学号|考生|学员|患者|投保|参保|申请人"
)
# The slot words of a bare person's name (not "收货人", which names the consignee itself).
_BARE_NAME_WORDS = frozenset({"name", "full name", "姓名", "名字"})


def thing_named(text: str, word_start: int, word: str) -> str | None:
    """For a bare name word ("name", "名字") said of something else, the slot it names
    instead ("field name", "单位名字", "姓名"); None when it is a person's name as said."""
    if word.lower() not in _BARE_NAME_WORDS:
        return None
    before = text[max(0, word_start - 16) : word_start]
    if (en := _EN_THING_NAME.search(before)) is not None:
        return f"{en.group('thing').lower()} {word.lower()}"
    if (zh := _ZH_THING_NAME.search(before)) is not None:
        return f"{zh.group('thing')}{word}"
    if word == "姓名" and _APPLICANT.search(text) is not None:
        return "姓名"
    return None


# ---------------------------------------------------------------- a value beside its slot word

# A bare amount ("3598", "3598 元", "$40"): no member of an enumerated slot (a way to pay).
_AMOUNT = re.compile(r"[$€£¥]?\s*\d[\d,.]*\s*(?:元|块|美元|刀|万|千|k|K|USD|RMB|CNY)?")


def amount_for_kind(slot: SlotDef, value: str) -> bool:
    """Whether `value` is a bare amount said after the word of a slot of named kinds
    ("待支付 3598 元": an amount due, no way to pay). A slot priced or searched by ("门票
    30元", free or not) takes amounts as well as its members."""
    if slot.enum is None or slot.criterion or slot.value_shape is not None:
        return False
    return _AMOUNT.fullmatch(value.strip()) is not None


# Over or under an amount slot by a difference: "超预算 480", "超出预算 300 元",
# "比预算多 200", "over budget by 480", "$200 under budget".
_ZH_BEYOND = re.compile(r"(?:超|超出|超过|高出|高于|低于|少于|多于|比)\s*$")
_EN_BEYOND = re.compile(
    r"(?i)\b(?:over|under|above|below|beyond|exceeds?|exceeding)\s+(?:the\s+)?$"
)


def beyond_amount(text: str, word_start: int) -> bool:
    """Whether the slot word at `word_start` is what an amount goes over or under, so the
    amount after it is the difference, no value of the slot."""
    before = text[max(0, word_start - 12) : word_start]
    return _ZH_BEYOND.search(before) is not None or _EN_BEYOND.search(before) is not None


# ---------------------------------------------------------------- an enum member, no choice

# A test run's status said in colours: "Green again: 38 passed", "CI is red", "all green".
_RUN_WORDS = re.compile(
    r"(?i)\b(?:pass(?:ed|es|ing)?|fail(?:ed|s|ing|ures?)?|tests|specs|ci|builds?|pipeline"
    r"|lint|suite)\b"
)
_STATUS_COLOURS = frozenset({"green", "red", "yellow", "amber"})
# A language as a school subject or an exam: "英语一", "英语四级", "英语成绩", "English class"
# ("用英语一句话说" is a reply's language: a count after it leads a measure word).
_ZH_SUBJECT_AFTER = re.compile(
    r"[一二三](?![\u4e00-\u9fff])|[四六八]级|课|老师|成绩|水平|考试|专业|作文|单词|听力|口语|阅读|试卷|科目|分数"
)
_EN_SUBJECT_AFTER = re.compile(
    r"(?i)\s+(?:class|classes|teacher|exam|test|grade|score|course|major|lesson)s?\b"
)
# A thing to be left as it is: "信用卡别动", "支付宝先不要动", "leave the credit card alone".
_ZH_LEFT_ALONE = re.compile(
    r"(?:先|就|千万|可|也)?(?:别|不要|不用|不必|甭)(?:去)?(?:动|碰|管)(?!身)"
)
_EN_LEFT_ALONE_BEFORE = re.compile(
    r"(?i)\b(?:leave|don't touch|do not touch|keep)\s+(?:the\s+|my\s+|our\s+)?$"
)
_EN_LEFT_ALONE_AFTER = re.compile(r"(?i)\s+(?:alone|as it is|as is|untouched)\b")
# Items of a list a reply gives: after its start, a colon, a semicolon, a 、 or a line break.
_LIST_ITEM_START = re.compile(r"[：:；;、\n][^\S\n]*(?:[-*•]|\d{1,2}[.)、])?\s*$")


def _sentence(text: str, start: int, end: int, stops: str = "。！!？?\n") -> tuple[int, int]:
    """The span of the sentence holding `start:end` (`stops` end one)."""
    lo = max(text.rfind(c, 0, start) for c in stops) + 1
    ends = [i for i in (text.find(c, end) for c in stops) if i >= 0]
    return lo, min(ends, default=len(text))


def not_chosen(
    text: str,
    start: int,
    end: int,
    slot: SlotDef,
    others: list[tuple[int, int, str]],
    reply: bool,
) -> bool:
    """Whether the member of `slot` said at `start:end` is no value chosen for it: a test run's
    status, a language as a subject, a thing left alone, or (in a `reply`) one of several
    members a list gives (`others`: the span and slot name of each member the text names).
    The user's own list is left to the readers: "顺丰、中通都不要" rules both out."""
    said = text[start:end]
    lo, hi = _sentence(text, start, end)
    if said.lower() in _STATUS_COLOURS and _RUN_WORDS.search(text, lo, hi):
        return True
    if "language" in (slot.name, (slot.enum or "").lower()) and (
        _ZH_SUBJECT_AFTER.match(text, end) or _EN_SUBJECT_AFTER.match(text, end)
    ):
        return True
    if _ZH_LEFT_ALONE.match(text, end) or (
        _EN_LEFT_ALONE_BEFORE.search(text, max(0, start - 20), start)
        and _EN_LEFT_ALONE_AFTER.match(text, end)
    ):
        return True
    # A list's items may stand on lines of their own: its span runs over line breaks.
    return reply and _listed(
        text, start, end, slot, others, *_sentence(text, start, end, "。！!？?")
    )


def _listed(
    text: str,
    start: int,
    end: int,
    slot: SlotDef,
    others: list[tuple[int, int, str]],
    lo: int,
    hi: int,
) -> bool:
    """Whether the member is a list's item beside another member of its slot in its sentence:
    "三个选择：顺丰 58 元；京东 52 元；中通 24 元" offers them, it chooses none."""
    said = text[start:end]
    beside = [
        (s, e)
        for s, e, name in others
        if name == slot.name and lo <= s < hi and text[s:e] != said and (s, e) != (start, end)
    ]
    if not beside:
        return False
    return all(_item_start(text, lo, s) for s, _ in [(start, end), *beside])


def _item_start(text: str, lo: int, at: int) -> bool:
    """Whether `at` starts a list's item: its sentence's start, or after a list's mark."""
    return not text[lo:at].strip() or _LIST_ITEM_START.search(text, lo, at) is not None


# ---------------------------------------------------------------- a tool call's edit, no setting

# An argument that edits a list ("remove": "a.kowalski", "add_members": [...]): what it adds
# or takes away, no value the task now has.
_EDIT_KEY = re.compile(
    r"(?i)(?:^|_)(?:add|adds|remove|removes|delete|del|drop|append|insert|replace|unset|clear"
    r"|grant|revoke|invite|kick|ban|unban|exclude|include|push|pop)(?:_|$)"
)


def edits_a_list(key: str) -> bool:
    """Whether a tool call's argument `key` names an edit (an item added or removed)."""
    return _EDIT_KEY.search(key) is not None
