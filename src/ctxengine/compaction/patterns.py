"""Exact values kept verbatim as Evidence: ids, codes, phones, e-mails, URLs, amounts, dates...

Every regex is compiled once at import. Each match yields a span of the input, so every
`Evidence.value` is a substring of the text it was read from: nothing is normalized. Overlaps
are settled by priority (a path inside a URL is part of the URL, not a second value), then by
length.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ctxengine.compaction.schema import Evidence


@dataclass(frozen=True)
class Span:
    """One match: a kind and the verbatim value at [start, end)."""

    kind: str
    start: int
    end: int
    value: str
    priority: int


_MONTHS = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_MONTHS_LOWER = (
    r"(?:january|february|march|april|june|july|august|september|october|november|december)"
)
_WEEKDAYS = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day"
_COUNT_WORDS = (
    r"\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen"
    r"|a couple of|a few"
)
_NOT_PLACE = (
    r"(?!(?:" + _MONTHS + r"|" + _WEEKDAYS + r"|English|Spanish|French|Chinese|German|Japanese"
    r"|Italian|Korean|I|The|A|An|My|Our|Your|Their|His|Her|It|This|That"
    # Where an app sends you ("go to Settings"): screens, not places.
    r"|Settings|Preferences|Options|Dashboard|Home|Profile|Account|Billing|Menu|Tools|File"
    r"|Edit|View|Help|Admin|Console)\b)"
)
# A capitalised word, or an acronym ending its clause ("in LA.", not "in IT support").
# ("St. Louis": an abbreviation's dot before the next word is part of the name.)
_PLACE_WORD = (
    _NOT_PLACE
    + r"(?:[A-Z][a-z]{1,2}\.(?= [A-Z])|[A-Z][a-z](?:[\w'’.-]*[\w'’])?|[A-Z]{2,3}(?=[.,;:!?]|$))"
)
_PLACE = (
    _PLACE_WORD + r"(?: (?:(?:of|de|del|la|le) )*" + _PLACE_WORD + r")*"
    r"(?: \d+[A-Za-z]?(?![\w'’-]))?"  # "Room 4B", "Building 7"
    r"(?:, (?:[A-Z]{2}(?![\w'’-])|[A-Z][a-z]+(?=[.?!]|$)))?"
    r"(?=[\s.,;:!?)]|$)"
)
# "to" leads a place after a word of going ("fly to Paris"), not "talk to Mary".
_GOING = (
    r"(?:go|going|goes|went|travel\w*|fly|flying|flew|flown|flights?|drive|driving|drove|trips?"
    r"|tickets?|bus|train|ride|head\w*|get|getting|return\w*|back|move[ds]?|moving"
    r"|taxi|cab|shuttle|ferry|plane|cruise|journey|commute|relocat\w*)"
)
_FILE_EXT = (
    r"(?:py|pyi|js|ts|tsx|jsx|json|ya?ml|toml|ini|cfg|conf|csv|tsv|xlsx?|docx?|pptx?|pdf|txt"
    r"|md|log|sql|html?|css|sh|go|rs|java|kt|c|cc|cpp|h|hpp|rb|php|xml|zip|gz|tar|png|jpe?g"
    r"|svg|gif|webp|gd|gdshader|tscn|tres|cs|swift|vue|svelte|lua|dart|scala|kts|gradle|proto"
    r"|graphql|tf|ipynb|rst|tex|lock|bat|ps1|mp4|mp3|wav|mov)"
)
# A file's line (and column) after its name, as a trace writes it ("OrderCache.java:212"):
# the name without it points nowhere in the file.
_AT_LINE = r"(?::\d{1,6}(?::\d{1,4})?(?!\d|[.:]\d))?"
# What a server is called by its role, numbered ("web-1", "redis-3"); "covid-19" is no host.
_HOST_WORD = (
    r"(?:web|db|app|api|node|worker|redis|kafka|pg|mysql|postgres|cache|proxy|lb|ingress|host"
    r"|srv|server|vm|pod|broker|etcd|mongo|es|nginx|gw|gateway|bastion|runner|ci|k8s)"
)
# Words of a function (a verb, a particle) that end a Chinese name read leftwards: "出租方是
# 上海恒远置业有限公司" names the company after 是.
_ZH_NAME_CHAR = r"(?:(?![是为与跟由向给的在把被将请和及同对从到于叫称])[\u4e00-\u9fff])"
# Letters/digits that must not touch an id on either side; CJK may (中文里 id 常紧贴汉字).
_NB = r"(?<![A-Za-z0-9_])"
_NA = r"(?![A-Za-z0-9_])"
# "pm", "PM", "p.m.": the full stop after a bare "pm" ends the sentence ("at 8 pm.").
_AM_PM = r"[AaPp](?:\.[Mm]\.|[Mm])"
# CJK letters, CJK punctuation and full-width forms (inside a character class).
_CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
# CJK letters only (a file may be named in Chinese; its punctuation ends the name).
_HAN = "\u3400-\u4dbf\u4e00-\u9fff"
# A time's zone after it ("17:00 CET", "10:00 AM Pacific", "9am UTC+8"): the same clock
# time is another moment without it.
_ZONE = (
    r"(?:\s?(?:UTC|GMT)(?:\s?[+-]\d{1,2}(?::?\d{2})?)?(?![\w+-])"
    r"|\s(?:[ECMP][SD]?T|AK[SD]T|HST|CES?T|EES?T|WES?T|BST|IST|JST|KST|HKT|SGT|AE[SD]T"
    r"|NZ[SD]T)(?![\w+-])"
    r"|\s(?:Pacific|Eastern|Central|Mountain)(?: (?:Standard |Daylight )?[Tt]ime)?(?![\w-]))?"
)
# The end of a pasted error's message: the line's end, or Chinese punctuation after it
# ("TypeError: x is not a function，怎么办"); trailing blanks are no part of it.
_ERROR_MESSAGE = r"(?:[ \t]*:[ \t]*[^\n，。！？；]{0,200}[^\s，。！？；])"
# What names a JavaScript library, not a file ("Node.js", "Vue.js"): looked behind once a
# name ends in ".js", by names of one length at a time (a look-behind has a fixed width).
_JS_LIBRARIES = (
    *("node", "vue", "next", "nuxt", "react", "express", "three", "chart", "d3", "ember"),
    *("backbone", "angular", "nest", "deno", "solid", "svelte", "alpine", "p5", "moment"),
    *("day", "ext", "knockout"),
)
_NOT_JS_LIBRARY = "".join(
    r"(?<!\b(?i:" + "|".join(n for n in _JS_LIBRARIES if len(n) == k) + r")\.js)"
    for k in sorted({len(n) for n in _JS_LIBRARIES})
)
_ZH_DIGIT = r"[一二两三四五六\d]"
_ZH_UNIT = r"(?:万元|千元|亿元|百万元?|万|千|亿|元|美元|百分比)"
_ZH_FORMAT = (
    r"保留" + _ZH_DIGIT + r"位小数|小数点后" + _ZH_DIGIT + r"位"
    r"|(?:以|用|按)"
    + _ZH_UNIT
    + r"(?:为|作为)?单位|单位(?:用|为|是|改成|换成)"
    + _ZH_UNIT
    + r"|千分位(?:分隔符?)?|(?:用|以)(?:百分比|百分数)(?:表示|显示|形式)"
    r"|(?:用|以)(?:[Mm]arkdown ?)?表格(?:形式|格式)?(?:展示|输出|列出|显示)"
)
_EN_FORMAT = (
    r"(?i:\b(?:[1-6]|one|two|three|four) decimal(?: places?|s)\b"
    r"|\b(?:as|in) (?:a )?(?:markdown )?table\b(?! (?:called|named))"
    r"|\b(?:with )?(?:a )?thousands? separators?\b|\b(?:as|in) percent(?:ages?)?\b)"
)
# Branch prefixes of the usual git flows: "feature/invoice-pdf-export", "chore/node-20".
_BRANCH_PREFIX = r"(?:feature|feat|fix|bugfix|hotfix|chore|release|refactor|perf|wip|topic)"

# After a flight number, what makes it part of a longer number or code: a decimal's point, a
# thousands comma, a dash and more digits ("CS2031-02" is a course's section, "HR 010-6278"
# a phone number).
_NOT_LONGER = r"(?![.,‐–-]\d)"
# An airline's code: two letters, or a letter and a digit either way round ("UA", "B6", "9W").
_AIRLINE = r"(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])"
# A flight number written with a space ("UA 1542", "B6 917") by its shape alone: 3 or 4 digits,
# not a year ("FY 2024", "Q3 2025", "SE 2020"), not after a code that names something else
# (a time of day, a fiscal year, a highway, a school, a quarter or half of a year, a graphics
# card).
_SPACED_FLIGHT = (
    _NB
    + r"(?!(?:AM|PM|FY|US|ID|NO|OK|PO|PR|PS|AD|BC|CE|RX|GT|HD|MX|SR|Q\d|H\d) )"
    + _AIRLINE
    + r" (?!(?:19|20)\d\d(?!\d))\d{3,4}"
    + _NA
    + _NOT_LONGER
)
# After a word for a flight, any flight number of 1 to 4 digits ("flight UA 15", "航班CA 1234").
_FLIGHT_WORD = r"(?i:\bflights?(?: (?:number|no\.?|#))?|航班号?)(?: (?:is|was)|\s*[:：是])?\s*"

# Words naming a document's number (a policy, an expense claim, an invoice, a contract, a
# case, a medical record): "保单号", "报销单号", "发票号码", "合同编号".
_DOC_WORD = (
    r"(?:保单号|报销单号|发票号码?|票据号码?|单据号|合同编?号|案件?号|报案号|理赔单?号|病历号"
    r"|就诊卡号|流水号|凭证号|批文号|文号)"
)
# A year in brackets, ASCII or Chinese: "(2026)", "（2026）", "〔2026〕", "[2026]".
_DOC_YEAR = r"[(（〔\[](?:19|20)\d{2}[)）〕\]]"
# The number: four ASCII letters or digits at least, or a short prefix with a bracketed year
# ("ZX(2026)第0315号"). A Chinese prefix ("沪医票") is no word of a sentence ("合同号在第2页").
_DOC_NUMBER = (
    r"(?:(?![在是为我你他她的了第要和跟])[" + _HAN + r"]{1,4}(?=[A-Za-z0-9]))?"
    r"(?:[A-Za-z0-9][A-Za-z0-9-]*" + _DOC_YEAR + r"第?\d{1,6}号"
    r"|(?=[A-Za-z0-9-]*\d)[A-Za-z0-9][A-Za-z0-9-]{3,}(?![A-Za-z0-9_-]))"
)
# The last digits of a number, said as such ("尾号4417", "后四位是1234", "the card ending in
# 4417", "last four digits are 9921"). In English a card, an account or a phone says whose
# ("the fiscal year ending in 2025" is none).
_LAST_DIGITS = (
    r"(?:(?:尾号|[后末][四4六6三3]位(?:数字|数)?)\s*(?:是|为|:|：)?"
    r"|(?i:\b(?:card|account|acct|number|phone|mobile|cell|visa|mastercard|amex|debit|credit"
    r"|one|policy|ssn|license|licence|plate)(?: \w+){0,2}? (?:that )?end(?:ing|s)(?: in| with)?:?"
    r"|\blast (?:four|4|three|3|six|6) digits?(?: of (?:the|my|his|her|your|their) \w+)?"
    r"(?: (?:are|is))?:?))\s*(\d{3,6})(?!\d)"
)

# (kind, priority, regex, group). Lower priority number wins an overlap.
_RAW: list[tuple[str, int, str, int]] = [
    (
        "url",
        0,
        # Chinese text right after a link ("…/t/SF48816查看") is not part of it: a link with
        # Chinese in its path is written percent-encoded when it is copied.
        r"(?:https?://|www\.)[^\s<>\"'，。；！？、）)\]" + _CJK + r"]*"
        r"[^\s<>\"'，。；！？、）)\].,;:!?" + _CJK + r"]",
        0,
    ),
    (
        "email",
        1,
        _NB + r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}" + _NA,
        0,
    ),
    # A full stop after a path ends the sentence, not the file name ("…/orders_35.xlsx.").
    ("path", 2, r"(?<![\w:/.])(?:~|\.{1,2})?(?:/[\w.@+-]+)+/[\w.@+-]*[\w@+-]/?", 0),
    ("path", 2, r"(?<![\w])[A-Za-z]:\\(?:[\w .@+-]+\\)*[\w.@+-]+", 0),
    # A relative path to a file; its folders and name may be Chinese after an ASCII first
    # folder ("data/员工考勤_11月.xlsx"), so Chinese glued before it stays out ("读一下data/…").
    # A Chinese folder holds no dot, or "a/统计.csv和b/c.csv" would be one path.
    (
        "path",
        2,
        _NB + r"(?:~/|/)?[\w.-]+(?:/(?:[\w.-]+|[\w-]*[" + _HAN + r"][\w" + _HAN + r"-]*))*"
        r"/[\w." + _HAN + r"-]*[\w" + _HAN + r"-]\." + _FILE_EXT + _NA + _AT_LINE,
        0,
    ),
    # A file two folders deep or more, whatever its extension ("addons/dialogic/Core/
    # DialogicGameHandler.gd", "src/engine/Thing.hx"): folders say it is a path. A name of
    # one letter, or an extension opening with a digit, is none ("A/B/C.D", "1/2/3.5").
    (
        "path",
        2,
        _NB
        + r"(?:~/|/)?(?:[\w.-]+/){2,}[\w-]*\w[A-Za-z0-9]\.[A-Za-z][A-Za-z0-9]{0,7}"
        + _NA
        + _AT_LINE,
        0,
    ),
    # A file by its name alone ("sales_2026_q3.csv", "requirements.txt"), not a library's.
    (
        "path",
        2,
        # (Possessive: a word not followed by a dot fails without giving back its letters.)
        _NB + r"\w[\w-]*+(?:\.[\w-]+)*\." + _FILE_EXT + _NA + _NOT_JS_LIBRARY + _AT_LINE,
        0,
    ),
    # A pasted error's line, whole: "ModuleNotFoundError: No module named 'pandas'",
    # "error TS2339: Property 'x' does not exist", rustc's "error[E0425]: cannot find value",
    # and a line opening "Error:". The word "error" by itself is none.
    (
        "error",
        1,
        _NB + r"(?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)" + _ERROR_MESSAGE + "?" + _NA,
        0,
    ),
    ("error", 1, r"(?i:\berror)\s*(?:\[[A-Z]{1,4}\d{3,5}\]|[A-Z]{1,4}\d{3,5})" + _ERROR_MESSAGE, 0),
    ("error", 1, r"(?m:^)[ \t]*(?:[Ee]rror|ERROR|[Ff]atal|FATAL)" + _ERROR_MESSAGE, 0),
    # Keyword-led ids: the keyword says what the id is, the group keeps only the id.
    # An error's code said as one ("error TS2339", "报错 ENOENT", "错误码 ERR_OSSL_X").
    (
        "code",
        3,
        r"(?:报错|错误码?|(?i:\berror(?: code)?))\s*(?:是|为|:|：|is|=)?\s*"
        r"([A-Z]{1,4}\d{3,5}|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|E[A-Z]{3,})" + _NA,
        1,
    ),
    # A git branch: by its flow's prefix, or named as one with a mark of a name in it (a
    # slash, a dash, an underscore, a digit), so "the branch and the tag" names none.
    ("branch", 3, _NB + _BRANCH_PREFIX + r"/[\w.-]*\w(?:/[\w.-]*\w)*(?![\w/-])", 0),
    (
        "branch",
        3,
        r"(?:分支(?:名称?)?(?:是|为|叫|:|：)?|(?i:\bbranch)(?: (?:called|named|is|was))?\s*[:=]?)"
        r"\s*([A-Za-z][\w.]*(?:[/_-]|\d)[\w./-]*\w)(?![\w/-])",
        1,
    ),
    (
        "coupon",
        3,
        r"(?:优惠券码?|优惠码|券码|兑换码|折扣码|(?i:coupon(?: code)?|promo(?: code)?"
        r"|voucher(?: code)?))"
        r"\s*(?:是|为|:|：|is|=)?\s*([A-Za-z0-9][A-Za-z0-9-]{3,})" + _NA,
        1,
    ),
    (
        "tracking",
        3,
        r"(?:物流单号?|快递单号?|运单号?|(?i:tracking(?: number| no\.?| id| #| code)?))\s*"
        r"(?:是|为|:|：|is|=|#)?\s*(?=[A-Za-z0-9-]*\d)([A-Za-z0-9][A-Za-z0-9-]{5,})" + _NA,
        1,
    ),
    (
        "order_id",
        3,
        r"(?:订单号?|(?<![工运保])(?<!物流|快递|报销|理赔|报案|结算)单号"
        r"|(?i:order(?: number| no\.?| id| #)?))"
        r"\s*(?:是|为|:|：|is|=|#)?\s*"
        r"(?=[A-Za-z0-9-]*\d)([A-Za-z0-9][A-Za-z0-9-]{3,})" + _NA,
        1,
    ),
    # A git commit said as one: "committed as a71d0e4", "commit a71d0e4", git's own
    # "[main a71d0e4] message". Hex with a letter and a digit, so "commit 1234567" (a
    # number) and "commit message" are none; kept whole, as a hash is only ever copied.
    (
        "id",
        3,
        r"(?:(?i:\bcommit(?:ted)?(?:\s+(?:as|to|hash|id|sha))?|\bsha(?:-1)?)\s*(?:is|was|:|=|#)?\s*"
        r"|提交(?:号|哈希|记录)?\s*(?:是|为|:|：)?\s*"
        r"|(?m:^)\[[\w./-]+ (?:\(root-commit\) )?)"
        r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)([0-9a-f]{7,40})(?![\w-])",
        1,
    ),
    (
        "ticket",
        3,
        r"(?:工单号?|票号|(?i:ticket(?: number| no\.?| id| #)?|case(?: number| #)))\s*"
        r"(?:是|为|:|：|is|=|#)?\s*(?=[A-Za-z0-9-]*\d)([A-Za-z0-9][A-Za-z0-9-]{3,})" + _NA,
        1,
    ),
    # A document's number said as one: "保单号PICC2026110300457", "发票号沪医票2026-0451178",
    # "合同编号ZX(2026)第0315号". The word says it is an id; a few Chinese characters may open
    # it ("沪医票…") only when an ASCII letter or digit follows, so "编号是12345的那个" ends at
    # the digits.
    ("id", 3, _DOC_WORD + r"\s*(?:是|为|:|：)?\s*(" + _DOC_NUMBER + r")", 1),
    # A document number by its shape: letters, the year in brackets, the number ("ZX(2026)第
    # 0315号", "GF（2025）12号"). A Chinese prefix is left out: where it starts is not
    # knowable from the characters alone ("根据京政发〔2026〕12号").
    ("id", 3, _NB + r"[A-Z]{1,8}" + _DOC_YEAR + r"第?\d{1,6}号", 0),
    # The last digits of a number, said as such: "身份证尾号4417", "手机后四位5678", "the card
    # ending in 4417". Not the number itself: "尾号5678" is no phone.
    ("last_digits", 4, _LAST_DIGITS, 1),
    ("phone", 4, r"(?<![\d*])(?:\+?86[ -]?)?1[3-9]\d[*xX]{4}\d{4}(?![\d*])", 0),
    # A masked North American number: "617-***-9921", "(617) xxx-9921", "***-***-9921".
    (
        "phone",
        4,
        r"(?<![\w*-])(?:\(?\d{3}\)?[ -]|[*xX]{3}-)[*xX]{3}-\d{4}(?![\d-])",
        0,
    ),
    ("phone", 4, r"(?<![\d+])(?:\+?86[ -]?)?1[3-9]\d{9}(?!\d)", 0),
    # A mobile read out in groups of 3-4-4, by spaces or dashes ("138 1234 5678"): one number,
    # not 138 and two others. The same separator both times, so "139 2024-05-01" is none.
    (
        "phone",
        4,
        r"(?<![\w+$¥￥€£.,-])(?:\+?86[ -]?)?1[3-9]\d(?: \d{4} |-\d{4}-)\d{4}(?!\d|[.,-]\d)",
        0,
    ),
    ("phone", 4, r"(?<![\d-])0\d{2,3}-\d{7,8}(?![\d-])", 0),
    # A landline whose number is grouped after its area code ("010-6278 3301", "(021) 5555
    # 1234", "0755 8888 6666"): an area code opens with 0, so a sum or a year is none.
    (
        "phone",
        4,
        r"(?<![\w+$¥￥€£.,-])(?:\(0\d{2,3}\) ?|0\d{2,3}[ -])(?:\d{3,4}[ -]\d{4}|\d{7,8})"
        r"(?!\d|[.,-]\d)",
        0,
    ),
    (
        "phone",
        4,
        r"(?<![\w+])\+\d{1,3}[ -]?(?:\(\d{1,4}\)[ -]?)?\d{2,4}[ -]\d{3,4}(?:[ -]\d{3,4})?(?!\d)",
        0,
    ),
    ("phone", 4, r"(?<![\w-])\(?\d{3}\)?[ -]\d{3}-\d{4}(?![\d-])", 0),
    # The same North American number grouped by spaces or dots ("(415) 555 0134", "415 555
    # 0134", "415.555.0134"); an area code opens with 2-9, so "100 200 3000" is none.
    (
        "phone",
        4,
        r"(?<![\w$¥￥€£.,+-])(?:\([2-9]\d{2}\) ?|[2-9]\d{2} )\d{3} \d{4}(?!\d|[.,-]\d)"
        r"|(?<![\w.])[2-9]\d{2}\.\d{3}\.\d{4}(?!\w|\.\d)",
        0,
    ),
    # A Chinese licence plate: a province's character, the city's letter, then five or six
    # letters and digits (no I or O), a dot or a space between ("沪A·7K392", "粤B·D12345").
    # Its tail may have a flight number's shape ("7K392"): the plate wins.
    (
        "plate",
        4,
        r"[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z][·• ]?"
        r"(?=[A-Z]*\d)[A-HJ-NP-Z0-9]{5,6}(?![A-Za-z0-9])",
        0,
    ),
    ("flight", 5, _NB + _AIRLINE + r"\d{3,4}" + _NA + _NOT_LONGER, 0),
    ("flight", 5, _SPACED_FLIGHT, 0),
    ("flight", 5, _FLIGHT_WORD + r"(" + _AIRLINE + r" \d{1,4})" + _NA + _NOT_LONGER, 1),
    ("flight", 5, _NB + r"(" + _AIRLINE + r" \d{1,4})(?:次)?航班", 1),
    ("date", 6, r"(?<!\d)\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?!\d)", 0),
    ("date", 6, r"(?:\d{4}年)?\d{1,2}月\d{1,2}[日号]", 0),
    ("date", 6, r"\b" + _MONTHS + r"\.? \d{1,2}(?:st|nd|rd|th)?(?:, \d{4})?\b", 0),
    ("date", 6, r"\b\d{1,2}(?:st|nd|rd|th)? " + _MONTHS + r"(?: \d{4})?\b", 0),
    # Chat writes months in lower case too ("march 3rd"): a full month name (not "may", a
    # verb) with an ordinal day or a year, so "troops march 15 miles" stays no date, and not
    # after a subject or an auxiliary ("we march 1st", "will march 2nd in line").
    (
        "date",
        6,
        r"\b(?<!\bwe )(?<!\bi )(?<!\byou )(?<!\bthey )(?<!\bwill )(?<!\bcan )"
        + _MONTHS_LOWER
        + r" (?:[12]\d|3[01]|0?[1-9])(?:(?:st|nd|rd|th)(?:, \d{4})?|, \d{4})\b",
        0,
    ),
    ("date", 6, r"(?i:\b(?:next|this|last) (?:" + _WEEKDAYS + r"|week|month|year)\b)", 0),
    # "the 6th of March", "the 1st of this month"; "tomorrow", "the day after tomorrow";
    # a weekday by itself ("leave on Friday").
    (
        "date",
        6,
        r"(?i:\b(?:the )?\d{1,2}(?:st|nd|rd|th) of (?:" + _MONTHS + r"|(?:this|next) month)\b)",
        0,
    ),
    ("date", 6, r"(?i:\b(?:(?:the )?day after tomorrow|tomorrow|today|tonight)\b)", 0),
    ("date", 6, r"(?i:\b" + _WEEKDAYS + r"\b)", 0),
    ("date", 6, r"(?:下|上|这|本)?(?:周|星期|礼拜)[一二三四五六日天]", 0),
    ("date", 6, r"(?:明天|后天|大后天|下周|下个月)", 0),
    (
        "time",
        7,
        r"(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?:\s?-\s?\d{1,2}:\d{2})?"
        r"(?:\s?" + _AM_PM + r")?(?![\d:])" + _ZONE,
        0,
    ),
    ("time", 7, r"(?<![\d:])\d{1,2}\s?" + _AM_PM + _NA + _ZONE, 0),
    ("time", 7, r"(?:上午|下午|晚上|早上|中午)?\d{1,2}点(?:\d{1,2}分|半|一刻)?", 0),
    # A suffix of thousands or millions is part of the sum ("$185k-$210k", "$2.5M"), not a
    # unit glued on ("$5kits" stays "$5").
    (
        "amount",
        8,
        r"[¥￥$€£]\s?(?:\d{1,3}(?:,\d{3})*(?:\.\d+)?(?!\d)|\d+(?:\.\d+)?)"
        r"(?:[kKmMbB](?![A-Za-z0-9]))?",
        0,
    ),
    (
        "amount",
        8,
        r"(?<![\d.])\d+(?:,\d{3})*(?:\.\d+)?(?:\s?-\s?\d+(?:\.\d+)?)?\s?"
        # A multiplier before a Chinese unit is part of the sum ("26.8万元", "3千块").
        r"(?:(?:百万|千万|[万亿千])?(?:元|块钱|块|美元|美金|欧元|英镑|日元)"
        r"|USD|CNY|RMB|EUR|GBP|JPY|dollars?|euros?)"
        r"(?![A-Za-z])",
        0,
    ),
    # A weight: "182 lbs", "82.5 kg", "75公斤" (a body's, a parcel's), which a later one
    # replaces ("179 lbs now").
    (
        "weight",
        8,
        r"(?i:(?<![\d.,])\d{1,4}(?:\.\d{1,2})?\s?(?:lbs?|pounds?|kgs?|kilos?|kilograms?)(?![A-Za-z]))"
        r"|(?<![\d.,])\d{1,4}(?:\.\d{1,2})?\s?(?:公斤|千克)",
        0,
    ),
    # How numbers are to be written: "保留两位小数", "用万元为单位", "two decimal places",
    # "as a markdown table" (what "按上次的格式" / "same format as before" repeats).
    ("format", 8, _ZH_FORMAT, 0),
    ("format", 8, _EN_FORMAT, 0),
    # How long: "for five days", "3 nights", "a five day stay" (a stay, a rental, a visit).
    (
        "duration",
        8,
        r"(?i:\b(?:" + _COUNT_WORDS + r")[ -](?:days?|nights?|weeks?|months?|hours?)"
        r"(?: stay)?\b)",
        0,
    ),
    # Where, in English: a capitalised place name after "in", "to", "from", "near" ("in
    # Phoenix, AZ", "from Washington", "to New York City", "in LA"); a month, a weekday or a
    # language after the word is no place.
    ("place", 9, r"\b(?:in|from|near|around|" + _GOING + r" to) (" + _PLACE + r")", 1),
    # "from Boston to Chicago": the journey's end as well as its start.
    ("place", 9, r"\bfrom " + _PLACE + r" to (" + _PLACE + r")", 1),
    ("code", 9, r"`([^`\n]{1,80})`", 1),
    # A call: "Kitchen(欧陆广场店)" is a restaurant's branch, not code (its "argument" opens
    # with Chinese text; a call's Chinese argument is quoted).
    ("code", 9, _NB + r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*\((?![" + _CJK + r"])[^()\n]{0,40}\)", 0),
    ("code", 9, _NB + r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+" + _NA, 0),
    ("code", 9, _NB + r"_[a-z0-9_]{2,}" + _NA, 0),
    # A constant or an error's name in capitals: "ERR_OSSL_EVP_UNSUPPORTED", "MAX_RETRIES".
    ("code", 9, _NB + r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+" + _NA, 0),
    ("code", 9, _NB + r"[a-z]{2,}[a-z0-9]*(?:[A-Z][a-z0-9]+)+" + _NA, 0),
    # An upper-case token mixing letters and digits, 6+ long: a code even without a keyword.
    ("code", 10, _NB + r"(?=[A-Z0-9-]*[A-Z])(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{5,}" + _NA, 0),
    # A prefix in capitals and a mixed-case code with a digit ("FXQ-9f3a21", "INC-20931"):
    # an id even in lower case; "COVID-19", "GPT-4" (two digits or fewer) are names.
    ("code", 10, _NB + r"[A-Z]{2,6}-(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{3,}" + _NA + r"(?!-\w)", 0),
    # A host: dashed words with a digit ("db-proxy-2", "ip-10-42-5-201.ec2.internal"), or
    # dotted ones under an internal or cloud domain.
    (
        "host",
        10,
        r"(?<![\w.@/-])(?=[a-z0-9-]*\d)[a-z][a-z0-9]*(?:-[a-z0-9]+)+"
        r"(?:\.[a-z0-9-]+)*\.(?:internal|local|lan|corp|svc|cluster\.local|compute|intra)"
        r"(?![\w-]|\.\w)|(?<![\w.@/-])(?:[a-z]{2,}(?:-[a-z]+)+|" + _HOST_WORD + r")-\d{1,3}"
        r"(?![\w-]|\.\w)",
        0,
    ),
    # A Kubernetes pod: its workload's name, the pod template's hash and its own suffix
    # ("payments-api-7c9f8d6b5-x2kqp"). Both are drawn from Kubernetes' alphabet without
    # vowels or 0, 1, 3, so dashed words ("release-candidate-build2-final") are none.
    (
        "pod",
        9,
        r"(?<![\w.@-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*-(?=[b-df-hj-np-tv-xz]*\d)"
        r"[b-df-hj-np-tv-xz2456-9]{6,10}-[b-df-hj-np-tv-xz2456-9]{5}(?![\w-])",
        0,
    ),
    # A clause of a contract, a section of a text: "clause 7.2", "section 3(b)", "第5.3条".
    (
        "clause",
        9,
        r"(?i:\b(?:clause|section|article|art\.|sec\.|§)\s?)(\d{1,3}(?:\.\d{1,3}){0,3}(?:\([a-z0-9]\))?)"
        r"(?![\d.]\d)|(第\d{1,3}(?:\.\d{1,3}){1,3}条)",
        0,
    ),
    # A company by its legal form: "Halden Analytics LLC", "上海恒远置业有限公司".
    (
        "org",
        9,
        r"\b[A-Z][\w&'’-]*(?: (?:[A-Z][\w&'’-]*|&|of|and))*"
        r" (?:LLC|L\.L\.C\.|Inc\.?|Ltd\.?|Corp\.?|Corporation|GmbH|PLC|LLP|Co\., Ltd\."
        r"|S\.A\.|AG|Pty Ltd)"
        r"(?![\w])|" + _ZH_NAME_CHAR + r"{2,14}?(?:股份)?有限(?:责任)?公司",
        0,
    ),
    # A chat channel: "#trade-oncall" (a C directive or an issue number is none).
    (
        "channel",
        9,
        r"(?<![\w#&])#(?!(?:include|define|if|ifdef|ifndef|endif|pragma|else|undef)\b)"
        r"[a-z][a-z0-9_]*(?:[-_.][a-z0-9]+)+(?![\w-])",
        0,
    ),
    # A Chinese street address down to its number: "锦绣路1888弄12号1502室".
    (
        "address",
        9,
        _ZH_NAME_CHAR + r"{2,10}?(?:路|街|大道|大街|巷|胡同)\d{1,5}(?:弄|号|巷)"
        r"(?:\d{1,5}(?:号楼?|弄|栋|幢|单元|楼|层|室))*",
        0,
    ),
    # Long digit strings that are not phones: ids of some kind.
    # Commas may separate several numbers ("66174063,66174043"); a decimal point may not.
    ("number", 11, r"(?<![\d.*-])\d{8,}(?![\d*]|\.\d)", 0),
]

# --- references: bank accounts, DOIs, dotted identifiers, seats ---------------------------
# (Kept apart from `_RAW` above, with their needs in `_REFERENCE_NEEDS`: appended to both.)

# An IBAN's length by its country (the IBAN registry's): "DE44 5001 0517 5407 3249 13" is
# 22 characters without its spaces. Written in groups of four or run together; the length
# decides where it ends, so a currency or a word after it ("… 0003 SEK") is no part of it.
# The check digits are not verified: a user correcting a typo writes a wrong one too.
_IBAN_LENGTHS: dict[int, tuple[str, ...]] = {
    15: ("NO",),
    16: ("BE",),
    18: ("DK", "FI", "FO", "GL", "NL"),
    19: ("MK", "SI"),
    20: ("AT", "BA", "EE", "KZ", "LT", "LU", "XK"),
    21: ("CH", "HR", "LI", "LV"),
    22: ("BG", "BH", "CR", "DE", "GB", "GE", "IE", "ME", "RS"),
    23: ("AE", "GI", "IL"),
    24: ("AD", "CZ", "ES", "MD", "PK", "RO", "SA", "SE", "SK", "TN", "VG"),
    25: ("PT",),
    26: ("IS", "TR"),
    27: ("FR", "GR", "IT", "MC", "MR", "SM"),
    28: ("AL", "AZ", "CY", "DO", "GT", "HU", "LB", "PL"),
    29: ("BR", "EG", "PS", "QA", "UA"),
    30: ("JO", "KW", "MU"),
    31: ("MT",),
}


def _iban_of_length(length: int, countries: tuple[str, ...]) -> str:
    groups, tail = divmod(length - 4, 4)
    rx = "(?:" + "|".join(countries) + r")\d{2}" + rf"(?: ?[A-Z0-9]{{4}}){{{groups}}}"
    return rx + (rf" ?[A-Z0-9]{{{tail}}}" if tail else "")


_IBAN = (
    _NB
    + r"(?=[A-Z]{2}\d\d)(?:"
    + "|".join(_iban_of_length(n, cs) for n, cs in _IBAN_LENGTHS.items())
    + ")"
    + _NA
)
# A DOI ("10.1101/2023.04.11.536402", "10.1016/S0140-6736(20)30183-5"): its dotted date
# is no date. A bracket closes inside it only if it opened there ("(10.1101/x)" ends at x).
_DOI_CHAR = r"[-.;:/\w]"
_DOI = (
    r"(?<![\w./])10\.\d{4,9}/(?:" + _DOI_CHAR + r"|\(" + _DOI_CHAR + r"*\))*"
    r"(?:\w|\(" + _DOI_CHAR + r"*\))"
)
# A dotted identifier ("automation.motion_hall_3b", "PaymentClientTest.shouldLogRetryCount",
# "self.retry_count"): one of its parts is snake_case or camelCase, so "e.g.", "Node.js",
# "St.Louis" and "os.path" are none; nor is a domain ("LinkedIn.com").
_SEGMENT = r"[A-Za-z_]\w*"
_CODE_SEGMENT = r"(?=\w*?(?:[a-z0-9]_[A-Za-z0-9]|[a-z][A-Z]))" + _SEGMENT
_NOT_DOMAIN = "".join(
    rf"(?<!\.{tld})" for tld in ("com", "org", "net", "io", "dev", "app", "ai", "cn", "co")
)
_DOTTED = (
    r"(?<![\w.@/-])(?:(?:" + _SEGMENT + r"\.)+" + _CODE_SEGMENT + r"(?:\." + _SEGMENT + r")*"
    r"|" + _CODE_SEGMENT + r"(?:\." + _SEGMENT + r")+)(?![\w-]|\.\w)" + _NOT_DOMAIN
)
# A seat ("23C", "7A"), only where the text speaks of seats: "seats 23C and 24C", "座位号
# 12A", "23C和24C两个座位". "It's 23C outside" and "Apartment 23C" are none. A list of seats
# is one match, each seat a value of its own (`_LISTED`).
_SEAT = r"\d{1,3}[A-K](?![\w-])"
_SEATS = _SEAT + r"(?:\s*(?:,\s*(?:and\s+)?|and|&|/|-|、|和|及|跟|与|以及)\s*" + _SEAT + r")*"
_SEATS_NAMED = (
    r"(?:(?i:\bseats?(?: (?:numbers?|nos?\.?|#))?)(?: (?:are|is|were|was))?\s*[:=#]?\s*"
    r"|(?:座位号?|座号)\s*(?:是|为|:|：)?\s*)(" + _SEATS + r")"
)
_SEATS_BEFORE_WORD = r"(?<![\w])(" + _SEATS + r")\s*(?:两个|俩|这两个|的)?\s*(?:座位|座)"
_REFERENCE_RAW: list[tuple[str, int, str, int]] = [
    ("iban", 3, _IBAN, 0),
    ("doi", 1, _DOI, 0),
    ("code", 9, _DOTTED, 0),
    ("seat", 4, _SEATS_NAMED, 1),
    ("seat", 4, _SEATS_BEFORE_WORD, 1),
]
_RAW.extend(_REFERENCE_RAW)
# Kinds whose one match is a list of values, each kept on its own.
_LISTED = {"seat": re.compile(r"\d{1,3}[A-K]")}


def kind_regex(kind: str) -> str:
    """One regex for the values of an evidence kind ("phone", "date", "amount"...): its
    whole-match patterns of `_RAW` joined, ASCII as `PATTERNS` compiles them. An ontology
    gives a slot this shape by naming the kind (`SlotDef.value_shape`).

    Raises:
        KeyError: no pattern of that kind matches a whole value.
    """
    parts = [rx for k, _, rx, group in _RAW if k == kind and group == 0]
    if not parts:
        raise KeyError(kind)
    return "(?a:" + "|".join(f"(?:{rx})" for rx in parts) + ")"


PATTERNS: tuple[tuple[str, int, re.Pattern[str], int], ...] = tuple(
    # ASCII: \w, \d and \b must not take CJK for letters, or "打开/etc/x" would be one path.
    (kind, prio, re.compile(rx, re.ASCII), group)
    for kind, prio, rx, group in _RAW
)

# What each pattern of `_RAW` needs, in order: (words, one of which the lower-cased text must
# hold, or () for none; the length of the longest run of ASCII digits it needs, 0 for none;
# whether it needs an ASCII capital letter, as flight numbers and code-like tokens do).
# Most messages hold a number or two but no '@', "://" or 11 digits in a row: skipping the
# patterns they cannot match is most of `find_spans`' cost.
_DOC_NEEDS = (
    *("保单号", "报销单号", "发票号", "票据号", "单据号", "合同", "案号", "案件号", "报案号"),
    *("理赔", "病历号", "就诊卡号", "流水号", "凭证号", "文号"),
)
_TAIL_NEEDS = (
    *("尾号", "后四位", "后4位", "后六位", "后6位", "后三位", "后3位", "末四位", "末4位"),
    *("末六位", "末6位", "末三位", "末3位", "end", "last "),
)
_MONTH_WORDS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_NEEDS: tuple[tuple[tuple[str, ...], int, bool], ...] = (
    (("://", "www."), 0, False),
    (("@",), 0, False),
    (("/",), 0, False),
    ((":\\",), 0, False),
    (("/",), 0, False),
    (("/",), 0, False),  # src/engine/Thing.hx
    ((".",), 0, False),  # sales_2026_q3.csv
    (("error", "exception"), 0, True),  # ModuleNotFoundError: …
    (("error",), 3, True),  # error TS2339: …
    (("error", "fatal"), 0, False),  # Error: … (a line's start)
    (("报错", "错误", "error"), 0, True),  # error code
    (("/",), 0, False),  # feature/x
    (("分支", "branch"), 0, False),
    (("优惠", "券码", "兑换码", "折扣码", "coupon", "promo", "voucher"), 0, False),
    (("物流单", "快递单", "运单", "tracking"), 1, False),
    (("订单", "单号", "order"), 1, False),
    (("commit", "sha", "[", "提交"), 1, False),
    (("工单", "票号", "ticket", "case"), 1, False),
    (_DOC_NEEDS, 1, False),  # 保单号PICC…
    (("(", "（", "〔", "["), 4, True),  # ZX(2026)第0315号
    (_TAIL_NEEDS, 3, False),  # 尾号4417
    (("*", "x"), 4, False),  # masked mobile
    (("*", "x"), 4, False),  # masked US phone
    ((), 11, False),  # mobile
    ((), 4, False),  # 138 1234 5678
    (("-",), 7, False),  # landline
    ((), 4, False),  # 010-6278 3301
    (("+",), 1, False),  # international
    (("-",), 4, False),  # (555) 123-4567
    ((), 4, False),  # (415) 555 0134
    ((), 1, True),  # 沪A·7K392
    ((), 3, True),  # flight
    ((), 3, True),  # UA 1542
    (("flight", "航班"), 1, True),  # flight UA 15
    (("航班",), 1, True),  # CA 1234航班
    ((), 4, False),  # 2024-05-01
    (("月",), 1, False),
    (_MONTH_WORDS, 1, False),
    (_MONTH_WORDS, 1, False),
    (_MONTH_WORDS, 1, False),  # march 3rd
    (("next ", "this ", "last "), 0, False),
    ((" of ",), 1, False),  # the 6th of March
    (("tomorrow", "today", "tonight"), 0, False),
    (("day",), 0, False),  # Friday
    (("周", "星期", "礼拜"), 0, False),
    (("明天", "后天", "下周", "下个月"), 0, False),
    ((":",), 2, False),  # 11:30
    (("m",), 1, False),  # 9am
    (("点",), 1, False),
    (("¥", "￥", "$", "€", "£"), 1, False),
    (("元", "块", "usd", "cny", "rmb", "eur", "gbp", "jpy", "dollar", "euro"), 1, False),
    (("lb", "pound", "kg", "kilo", "公斤", "千克"), 1, False),  # 182 lbs
    (("小数", "单位", "千分位", "百分", "表格"), 0, False),  # 保留两位小数
    (("decimal", "separator", "percent", "table"), 0, False),  # two decimal places
    (("day", "night", "week", "month", "hour"), 0, False),  # for five days
    (("in ", "to ", "from ", "near ", "around "), 0, True),  # in Phoenix, AZ
    (("from ",), 0, True),  # from Boston to Chicago
    (("`",), 0, False),
    (("(",), 0, False),
    (("_",), 0, False),
    (("_",), 0, False),
    (("_",), 0, True),  # MAX_RETRIES
    ((), 0, True),  # camelCase
    ((), 1, True),  # upper-case code
    (("-",), 1, True),  # FXQ-9f3a21
    (("-",), 1, False),  # host
    (("-",), 1, False),  # pod
    (("clause", "section", "article", "art.", "sec.", "§", "条"), 1, False),
    (("llc", "l.l.c.", "inc", "ltd", "corp", "gmbh", "plc", "llp", "s.a.", "ag", "公司"), 0, False),
    (("#",), 0, False),  # #trade-oncall
    (("路", "街", "巷", "胡同"), 1, False),  # 锦绣路1888弄
    ((), 8, False),  # long number
)
_REFERENCE_NEEDS: tuple[tuple[tuple[str, ...], int, bool], ...] = (
    ((), 2, True),  # IBAN
    (("10.",), 4, False),  # DOI
    ((".",), 0, False),  # automation.motion_hall_3b
    (("seat", "座"), 1, True),  # seats 23C and 24C
    (("座",), 1, True),  # 23C和24C两个座位
)
_NEEDS += _REFERENCE_NEEDS
_WORDS = frozenset(w for words, _, _ in _NEEDS for w in words)
# Half the words are spelled in ASCII letters: looked for only when the text has one.
_LETTER = re.compile(r"[a-z]")
_LETTER_WORDS = frozenset(w for w in _WORDS if _LETTER.search(w))
_OTHER_WORDS = _WORDS - _LETTER_WORDS
_DIGITS = re.compile(r"[0-9]+")
_CAPITAL = re.compile(r"[A-Z]")

_GATED = tuple(zip(PATTERNS, _NEEDS, strict=True))

# Cheap gate: a text without a digit, '@', '/', '\\', '`', '_', a currency sign, a capital
# followed by lower case (camelCase), a date or duration word, a capital after a place's
# preposition, a file's extension or an error's word cannot match anything above.
_GATE_ZH = r"[\d@/\\`_¥￥$€£(#§]|周|星期|礼拜|明天|后天|下个月|小数|单位|千分位|百分|表格|公司"
_GATE = re.compile(
    _GATE_ZH + r"|[a-z][A-Z]|(?i:next |this |last |tomorrow|tonight|days?\b|\b" + _MONTHS + r"\b"
    r"|nights?\b|weeks?\b|months?\b|hours?\b)|\b(?:in|to|from|near|around) [A-Z]"
    # (Case-sensitive literals: a case-insensitive word is tried at every letter.)
    # ("ranch": branch or Branch.) 报错 and 分支 lead a code or a branch with no digit in it.
    r"|\." + _FILE_EXT + r"\b|rror|RROR|ranch|ecimal|eparator|ercent|s a table|n a table"
    r"|markdown table|报错|分支"
    # A company's legal form ("Halden Analytics LLC") holds no digit.
    r"|LLC|L\.L\.C|Inc\b|Ltd|Corp|GmbH|PLC|LLP|S\.A\.|\bAG\b"
)
# The gate without its Latin words, for a text with no letter they could match (the ASCII
# letters and the four others a case-insensitive one matches: İ, ı, ſ, K): 3x cheaper.
_GATE_NO_LATIN = re.compile(_GATE_ZH)
_LATIN = re.compile("[A-Za-z\u0130\u0131\u017f\u212a]")


# The patterns of `_GATED` by the words they need (a pattern is listed under each of its
# words), and those that need none: a message holding two of the words looks at the few
# patterns listed under them instead of testing all forty-five.
def _by_word() -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for i, need in enumerate(_NEEDS):
        for w in need[0]:
            out.setdefault(w, []).append(i)
    return out


_BY_WORD = _by_word()
_WORDLESS = [i for i, need in enumerate(_NEEDS) if not need[0]]


def _open_patterns(
    held: set[str], run: int, capital: bool
) -> list[tuple[str, int, re.Pattern[str], int]]:
    """The patterns of `_GATED` whose needs the text meets, in `_GATED`'s order (overlaps
    are settled by a stable sort, so the order must not change): one of their words is
    `held`, the digits they need are within the longest `run`, and a `capital` if needed."""
    found = set(_WORDLESS)
    for w in held:
        found.update(_BY_WORD[w])
    out = []
    for i in sorted(found):
        pattern, (_, digits, caps) = _GATED[i]
        if digits <= run and (capital or not caps):
            out.append(pattern)
    return out


def find_spans(text: str, extra: Sequence[tuple[str, re.Pattern[str]]] = ()) -> list[Span]:
    """All non-overlapping evidence spans of `text`, in reading order.

    Args:
        text: the text to scan.
        extra: (kind, compiled regex) pairs from an ontology; they win overlaps over the
            built-in patterns because a domain knows its own identifiers best.
    """
    candidates: list[Span] = []
    for kind, rx in extra:
        for m in rx.finditer(text):
            if m.end() > m.start():
                candidates.append(Span(kind, m.start(), m.end(), m.group(0), -1))
    if (_GATE if _LATIN.search(text) else _GATE_NO_LATIN).search(text):
        low = text.lower()
        held = {w for w in _OTHER_WORDS if w in low}
        if _LETTER.search(low):
            held.update(w for w in _LETTER_WORDS if w in low)
        run = max(map(len, _DIGITS.findall(text)), default=0)
        capital = _CAPITAL.search(text) is not None
        for kind, prio, rx, group in _open_patterns(held, run, capital):
            for m in rx.finditer(text):
                start, end = m.span(group)
                value = m.group(group)
                if kind in _LISTED:
                    candidates += _listed(kind, start, value, prio)
                    continue
                if kind == "flight" and not _a_flight(text, value):
                    if " " in value:
                        continue  # "HR 010-…", "CS 101": a word's abbreviation and a number
                    kind = "code"  # "CS2031", "TS2339": still an identifier, kept whole
                elif kind == "duration" and _VAGUE_COUNT.match(value):
                    continue  # "a few hours earlier": no exact value (a slot may still read it)
                elif kind == "place":
                    if not _NUMBERED_PART.search(value) and (n := _TRAILING_NUMBER.search(value)):
                        value, end = value[: n.start()], start + n.start()
                    if not _about_a_place(text, start, end):
                        continue
                if end > start:
                    candidates.append(Span(kind, start, end, value, prio))
    return _settle(candidates)


def _listed(kind: str, start: int, value: str, prio: int) -> list[Span]:
    """Each value of a listed match ("23C and 24C"): a span of its own."""
    return [
        Span(kind, start + m.start(), start + m.end(), m.group(0), prio)
        for m in _LISTED[kind].finditer(value)
    ]


# Codes with a flight number's shape that name something else as often: TypeScript's
# diagnostics ("TS2339"), a department and a course ("CS2031", "EE 301"), human resources
# ("HR 010"); and a number written with a leading zero after a space ("AB 012"), which no
# timetable prints. One is a flight only where the text speaks of flying.
_OTHER_CODE = re.compile(r"(?:TS|HR|IT|CS|EE|ME|CE|MA|EC|PE) ?\d+|[A-Z\d]{2} 0\d*")
_FLIGHT_CONTEXT = re.compile(
    r"(?i)\b(?:flights?|fly|flying|flew|airlines?|airport|depart\w*|arriv\w*|boarding|gate)\b"
    r"|航班|机票|起飞|登机|落地|到达"
)


# A count that names no number ("a few hours", "a couple of days"): evidence keeps exact
# values, and a vague one would stand beside them as if it were said exactly.
_VAGUE_COUNT = re.compile(r"(?i)a (?:few|couple)\b")


def _a_flight(text: str, value: str) -> bool:
    """Whether a flight number's shape found in `text` is a flight (see `_OTHER_CODE`)."""
    return _OTHER_CODE.fullmatch(value) is None or _FLIGHT_CONTEXT.search(text) is not None


# What a sentence about a place speaks of: travel, lodging, a visit, an event, a location.
# "It fails in Python", "I pulled it from GitHub", "go to Settings" name no place.
_PLACE_CONTEXT = re.compile(
    r"(?i)\b(?:hotels?|motels?|hostels?|flights?|bus(?:es)?|trains?|trips?|stay(?:ing)?"
    r"|restaurants?|caf[eé]s?|weather|visit(?:ing)?|apartments?|concerts?|theat(?:er|re)s?"
    r"|cars?|rentals?|pick(?:ing)? ?up|drop ?off|depart\w*|arriv\w*|leav(?:e|ing)|travel\w*"
    r"|vacation|holiday|tickets?|reservations?|salon|doctor|dentist|appointment|city|town"
    r"|located|live[ds]?|living|downtown|airport|museum|beach|tour|dinner|lunch|breakfast"
    r"|fly|flew|flying|drive|drove|driving|ride|riding|go|going|heading|moving"
    r"|taxi|cab|shuttle|ferry|plane|cruise|journey|commute)\b"
)
# "Room 4B", "Gate 12": a number ends a place only after a word for a part of a building or
# a stop; "Denver 3 nights", "Paris 4 times" are a place and a count.
_NUMBERED_PART = re.compile(
    r"\b(?:Room|Building|Suite|Gate|Terminal|Exit|Hall|Floor|Pier|Platform|Unit|Level|Wing)"
    r" \d+[A-Za-z]?$"
)
_TRAILING_NUMBER = re.compile(r" \d+[A-Za-z]?$")
_SENTENCE_END = re.compile(r"[.!?\n](?:\s|$)")


def _about_a_place(text: str, start: int, end: int) -> bool:
    """Whether the sentence around text[start:end] speaks of a place (`_PLACE_CONTEXT`)."""
    left = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    right = _SENTENCE_END.search(text, end)
    # The place's own words say nothing of context ("in Room 4B" needs more than "Room").
    around = text[left:start] + " " + text[end : right.start() if right is not None else len(text)]
    return _PLACE_CONTEXT.search(around) is not None


def _settle(candidates: Iterable[Span]) -> list[Span]:
    chosen: list[Span] = []
    for span in sorted(candidates, key=lambda s: (s.priority, s.start - s.end, s.start)):
        if all(span.end <= c.start or span.start >= c.end for c in chosen):
            chosen.append(span)
    chosen.sort(key=lambda s: s.start)
    return chosen


def extract_evidence(
    text: str, source: str, extra: Sequence[tuple[str, re.Pattern[str]]] = ()
) -> list[Evidence]:
    """Evidence for every exact value in `text`; each value is a verbatim substring."""
    if reads_a_file(source):
        return []  # a file's content: its names and numbers are the file's, no facts said
    return [Evidence(kind=s.kind, value=s.value, source=source) for s in find_spans(text, extra)]


# A tool that returns a file's content ("read_file", "view_file", "cat"): what the content
# holds (identifiers, line numbers, paths it mentions) is the file's text, not facts the
# conversation relies on; the path the call named is kept from the call itself.
_FILE_READ = re.compile(
    r"(?i)tool:(?:(?:read|view|open|cat|get|show)[_-]?(?:file|files|file[_-]?contents?)"
    r"|file[_-]?read|readfile|read|cat|view|head|tail)"
)


def reads_a_file(source: str) -> bool:
    """Whether `source` is the result of a tool that reads a file."""
    return _FILE_READ.fullmatch(source) is not None


# --- tool-result JSON --------------------------------------------------------------------


class _RawNumber(str):
    """A JSON number kept as its source text, so "299.00" stays "299.00" (not 299.0)."""


_ID_KEY = re.compile(r"(?i)(?:^|_|(?<=[a-z]))(?:id|no|num|number|code|sku|ref|key)$")
_AMOUNT_KEY = re.compile(r"(?i)price|amount|total|cost|fee|balance|discount|价格|金额|费用")
# A key's kind by its words ("phoneNumber", "checkin_date", "e-mail"), not by any run of
# letters in it: "hotel" and "hostel" hold "tel" and are no phones, "profile" is no file.
_KIND_WORDS: tuple[tuple[frozenset[str], str, str], ...] = (
    (frozenset({"email", "mail"}), "邮箱", "email"),
    (frozenset({"phone", "mobile", "tel", "telephone", "cell", "cellphone"}), "电话|手机", "phone"),
    (frozenset({"url", "uri", "link", "href", "website"}), "网址|链接", "url"),
    (frozenset({"date", "day", "dob", "birthday", "birthdate", "datetime"}), "日期", "date"),
    (frozenset({"time", "timestamp"}), "时间", "time"),
    (
        frozenset({"path", "file", "filename", "filepath", "dir", "directory", "folder"}),
        "文件|路径",
        "path",
    ),
)
_KIND_ZH = tuple((re.compile(zh), kind) for _, zh, kind in _KIND_WORDS)
# The words of a key: camelCase humps, runs of capitals, and whatever _ - . or digits part.
_KEY_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _key_kind(key: str) -> str | None:
    words = {w.lower() for w in _KEY_WORD.findall(key)}
    for vocab, _, kind in _KIND_WORDS:
        if not words.isdisjoint(vocab):
            return kind
    if not key.isascii():
        for rx, kind in _KIND_ZH:
            if rx.search(key):
                return kind
    return None


def _kind_for(key: str, value: str | _RawNumber) -> str:
    if isinstance(value, _RawNumber):
        return "amount" if _AMOUNT_KEY.search(key) else ("id" if _ID_KEY.search(key) else "number")
    if _ID_KEY.search(key):
        return "id"
    if (kind := _key_kind(key)) is not None:
        return kind
    if _AMOUNT_KEY.search(key):
        return "amount"
    return _shape_kind(value)


# A field's value read by its shape when its key says nothing of it ("iban", "zoom"): an
# account number or a meeting's link is an identifier, not one of a row's plain fields.
_FIELD_SHAPES = tuple((re.compile(kind_regex(kind)), kind) for kind in ("url", "email", "iban"))


# A record's code by its shape, as a message's text reads one without a keyword (the two
# code patterns of `_RAW` that need no context): an upper-case token mixing letters and
# digits ("MSKU7214539", "T20270902-01233"), or a capital prefix and a code with a digit
# ("CNT-004417", "INSP-SG-448120"), with three digits at least. A field keyed "a" or
# "container" still holds the record the agent acts on; a timestamp (its colons), a plain word
# or a name with a number ("COVID-19") is no code.
_CODE_BODY = (
    r"(?=(?:[A-Za-z-]*\d){3})"  # three digits at least: "COVID-19", "GPT-4" are names
    r"(?:(?=[A-Z0-9-]*[A-Z])(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{5,}"
    r"|[A-Z]{2,6}-(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{3,}(?:-[A-Za-z0-9]+)*)"
)
_CODE_SHAPE = re.compile(_CODE_BODY, re.ASCII)
# The same within a string of words ("Inspection note INSP-SG-448120"): a whole token, not
# a piece of a timestamp ("2027-08-10T00:15"), a path, a link or an address.
_CODE_IN_TEXT = re.compile(r"(?<![\w\-:./@])" + _CODE_BODY + r"(?![\w\-:/@]|\.\w)", re.ASCII)


def _shape_kind(value: str) -> str:
    for rx, kind in _FIELD_SHAPES:
        if rx.fullmatch(value):
            return kind
    if _CODE_SHAPE.fullmatch(value) and not value.endswith("-"):
        return "code"
    return "field"


def _codes_within(text: str) -> list[str]:
    """The codes (`_CODE_IN_TEXT`) a string of words holds, when it is more than one."""
    if _CODE_SHAPE.fullmatch(text):
        return []  # the whole value is the code: read as a field of its own
    return [m.group(0) for m in _CODE_IN_TEXT.finditer(text) if not m.group(0).endswith("-")]


# A string of words that ends as a sentence ("Show me my recent orders.", "查一下日志。") is
# prose, however short: a search query or a note, not an exact value.
_SENTENCE = re.compile(r"\s\S.*[.!?]$|[。！？]$")


def json_evidence(
    content: str, source: str, *, max_items: int = 64, max_len: int = 80
) -> list[Evidence] | None:
    """Evidence for the id-like, numeric and short string fields of a JSON document.

    Args:
        content: the tool result text.
        source: e.g. "tool:get_order".
        max_items: cap on the fields reported, so a large listing cannot flood the layer.
        max_len: longer strings are prose, not exact values; so is a sentence (words that
            end with a full stop or a question or exclamation mark).

    Returns:
        The evidence with `field` set to the JSON path ("order.items[0].sku"), or None when
        `content` is not a JSON object or array. A string whose decoded form does not occur
        verbatim in `content` (it had escapes) is skipped: evidence is always verbatim.
    """
    stripped = content.lstrip()
    if not stripped or stripped[0] not in "[{":
        return None
    import json

    try:
        data = json.loads(content, parse_float=_RawNumber, parse_int=_RawNumber)
    except ValueError:
        return None
    out: list[Evidence] = []
    # Of a result's prose, the codes it holds; a call's arguments are the agent's own, each
    # shown whole under its name (`render.view_lines`), so none is read twice.
    codes = not source.startswith("call:")

    def walk(node: object, path: str, key: str) -> None:
        if len(out) >= max_items:
            return
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, f"{path}.{k}" if path else str(k), str(k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}[{i}]", key)
        elif isinstance(node, str) and node.strip():
            is_num = isinstance(node, _RawNumber)
            within = codes and not is_num
            exact = len(node) <= max_len and "\n" not in node and not _SENTENCE.search(node)
            if (is_num or exact) and node in content:
                out.append(
                    Evidence(kind=_kind_for(key, node), value=str(node), field=path, source=source)
                )
            if within:
                # A code inside a note or a sentence ("Inspection note INSP-SG-448120") is an
                # exact value of its own: the one a reply copies out of the prose.
                out.extend(
                    Evidence(kind="code", value=code, field=path, source=source)
                    for code in _codes_within(node)
                    if code in content
                )

    walk(data, "", "")
    if reads_a_file(source):
        # Of a file read's result, only the path it names: the rest is the file's content.
        return [e for e in out if e.kind == "path"]
    return out
