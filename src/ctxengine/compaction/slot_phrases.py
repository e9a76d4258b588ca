"""Phrases that set a slot without naming it: "我想买一台X", "ship it to X", "pay with X".

`ctxengine.compaction.slots` reads "slot word + verb + value" ("收货地址是X"); real users as
often say what they want with a verb that implies the slot. Each phrase here maps to one
generic slot name and applies only when the ontology declares that slot (the product slot
falls back to ``task.product``: the generic task entity holds it). Values are cut
from the text verbatim, like every other slot value.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass

from ctxengine.compaction.gates import Gate, chars_in, lacks_words, lowered, needed_words
from ctxengine.compaction.intents import LATIN_LETTER
from ctxengine.compaction.nearness import NEAR_WORD
from ctxengine.compaction.ontology import UNKNOWN, Ontology, SlotDef, answers_of

_ZH_STOP = "，,。；;！!？?\n、"
# Product names mix scripts and keep inner spaces: "小米14 Ultra", "MacBook Air 13".
_ZH_NAME = rf"(?P<value>[A-Za-z0-9\u4e00-\u9fff][^{_ZH_STOP}]*)"
_EN_STOP_WORDS = r"and|please|instead|for|but|because|so|if|with|by|today|tomorrow"
_EN_NAME = (
    r"(?P<value>(?:[^,;!?\n.]|\.(?=\S))+?)"
    rf"(?=\s+(?:{_EN_STOP_WORDS})\b|[,;!?\n]|\.(?:\s|$)|$)"
)
# A street address runs through its commas: "1200 Market St, Apt 5B, San Francisco, CA 94103".
_EN_ADDRESS = (
    r"(?P<value>\d+[A-Za-z]?\s+[A-Z0-9][^,;!?\n]*?(?:,\s*[A-Z0-9][^,;!?\n]*?)*)"
    r"(?=[;!?\n]|\.(?:\s|$)|$|,\s*(?![A-Z0-9]))"
)
ADDRESS_RX = re.compile(_EN_ADDRESS)
# A word that judges a value instead of giving one: "The address is fine.", "That email is
# correct.", "Yes, mostly.", "too expensive", "优惠券用上了", "地址没问题". No slot's value.
JUDGEMENT = re.compile(
    r"(?i)(?:(?:very|really|quite|pretty|just|all|totally|absolutely|perfectly|completely"
    r"|exactly|still|also|not|a bit|a little|way|much|far)\s+)*"
    r"(?:fine|correct|right|ok|okay|alright|all right|good|great|perfect|wrong|incorrect"
    r"|mostly|acceptable|plain|ugly|boring"
    r"|too\s+(?:much|little|[a-z]+)(?:\s+for\s+(?:me|us))?)"
    r"|(?:都|也|还|就)?(?:没问题|没错|对的|对|可以|不对|错了|不行|正确|不错|挺好|很好|好的|上|用上)"
    r"(?:了|的|啊|呀|吧)?"
)
# A Chinese address in an English message: Han characters that end on a house number
# ("北京市朝阳区建国路88号", "上海市徐汇区漕溪北路88号3栋201室").
_ZH_ADDRESS = (
    r"[\u4e00-\u9fff][\u4e00-\u9fff\d\-#]{1,40}?\d+(?:号|弄|栋|座|室|楼|层)"
    r"(?:[\d\-#]*[\u4e00-\u9fff]{0,4}\d+(?:号|栋|座|室|楼|层|单元))*"
)
# A Chinese address as a message writes it, spaces around its numbers too ("福田区景田北路 88
# 号", "科苑路 15 号 A 座 9 楼"): a place's word, a house number, then the rest of its clause
# (a building, a room) but for the particles that end it.
_ZH_SPACED_ADDRESS = (
    # (A place's word before its first number: "明天10号到" is a day.)
    r"(?=[^，,。；;！!？?\n\d]*?(?:[省市区县镇乡村路街道巷里弄园城厦]|胡同|广场))"
    r"[\u4e00-\u9fff][^，,。；;！!？?\n]{1,40}?\d+\s?(?:号|弄|栋|座|室|楼|层)"
    r"[^，,。；;！!？?\n]*?(?=[吧了啊呀哦呢]*\s*(?:[，,。；;！!？?\n]|$))"
)
_MONTHS = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_EN_DATE = (
    rf"(?P<value>{_MONTHS}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,\s*\d{{4}})?"
    r"|\d{1,2}(?:st|nd|rd|th)?\s+" + _MONTHS + r"(?:\s+\d{4})?"
    r"|\d{4}-\d{2}-\d{2}|(?:next\s+)?(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|tomorrow)"
)
# Capitalised words after "by" that tell when, not who carries it.
_NOT_A_CARRIER = (
    _MONTHS + r"\b|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b|(?:Today|Tomorrow|Tonight|Noon"
    r"|Midnight|Monday|Christmas|Easter|Thanksgiving|New Year|EOD|COB|End)\b|I\b"
)
_ZH_DATE = (
    r"(?P<value>\d{1,2}月\d{1,2}[日号]|\d{4}[-/年]\d{1,2}[-/月]\d{1,2}日?"
    r"|(?:下)?(?:周|星期)[一二三四五六日天]|明天|后天)"
)

# A party's size, by the count of people in it: "3 people", "two adults", "4 of us", "a party
# of 5", "a table for 2". Its slot (`PEOPLE`) is the task's when the ontology has none; a
# length of time ("2 nights", `DURATION`) likewise.
PEOPLE = "people"
DURATION = "duration"
FLIGHT = "flight"  # a flight picked by its number ("Take B6 919")
FREQUENCY = "frequency"  # how often something recurs ("every other week")
# A party's size in words, beyond one: the counts the phrases below (and `slots`) read.
EN_COUNT_WORDS = "two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_COUNT = rf"(?:\d{{1,3}}|one|{EN_COUNT_WORDS}|a couple of|a few)"
_PERSONS = (
    r"(?:people|persons|guests|passengers|adults|grown-?ups|travell?ers|riders|diners"
    r"|attendees)"
)
PEOPLE_COUNT = (
    rf"(?:{_COUNT}\s+{_PERSONS}(?:\s+(?:and|\+)\s+{_COUNT}\s+(?:kids?|child(?:ren)?|infants?"
    rf"|bab(?:y|ies)|teens?))?|{_COUNT}\s+of\s+us|(?:a\s+)?(?:party|group|table)\s+(?:of|for)\s+"
    rf"(?:\d{{1,3}}|{EN_COUNT_WORDS})(?!\s+{_PERSONS}))"
)


# One dish or a short list of them; a dish name has no particle "的", no punctuation, no
# pronoun and no bracket (a branch is a restaurant's: "全聚德烤鸭(吕营店)"). It starts with no
# verb "有" ("有机花菜" is a dish's own word), no meal ("吃顿好的") and no criterion.
_DISH = (
    r"(?!有(?!机)|点|东西|饭|什么|啥|一下|一顿|菜品|菜肴|饭菜|口味|味道|好吃|好喝|喜欢|爱吃|地道|美食(?!(?![这那])[\u4e00-\u9fff]{2})|这|那"
    # "他家的招牌是服务", "建议您点外卖": what a place is known for besides its dishes.
    r"|外卖|服务|环境|性价比|装修|氛围|位置|交通"
    # "我们有人不能吃辣", "有朋友能吃辣吗": people at the table, not a dish ("人参鸡汤" is one).
    r"|人(?!参)|朋友|小孩|孩子|老人|同事|家人|客人|宝宝|小朋友"
    r"|此|别|没|可以|能|比较|合适|不错|到|个|下一|顿|大餐|人均|评分|价格|[午晚早]饭|[午晚早]餐|夜宵|菜(?:是|有|[:：]))"
    r"[^，,。；;！!？?\s的、和与吗呢吧啊呀我你您它他她()（）]{2,12}?"
)
# What a place has besides its dishes: crowds, rooms, parking, deals, branches, transport.
_HAD_NO_DISH = (
    r"很多|好多|许多|不少|一些|[一两二三四五六七八九十几多]|人|包间|包厢|雅间|停车|车位|wifi|WiFi|无线"
    r"|网络|空调|座位|位子|优惠|活动|折扣|分店|门店|地铁|公交|卫生间|洗手间|厕所|电梯|团购|套餐|会员"
    r"|儿童|宝宝椅|表演|演出|露台|窗|景观|排队|预约|预订"
)
_DISH_LIST = rf"(?P<value>{_DISH}(?:\s*(?:、|和|与|, )\s*{_DISH})*)"
_DISHES = _DISH_LIST + (
    r"(?=\s*(?:这|那|的|味道|做得|很|都|，|,|。|？|\?|！|$|吗|呢|吧|啊|呀|并且|而且|\s"
    r"|了(?=[，,。！!？?]|$)))"
)


# "哪家餐馆有X", "谁家的X好吃", "X做得好的餐馆", "有X可以吃", "想吃的菜有：X、Y", "馋X了": a
# dish the restaurant sought is to make, asked for in a question too.
_DISH_ASKED = (
    (
        r"(?:哪家|哪个|哪些)(?:餐馆|餐厅|饭馆|饭店)?(?:有|能做|可以做|会做|能吃到)\s*" + _DISHES,
        "哪",
    ),
    (
        r"(?:谁家|哪家)(?:餐馆|餐厅|饭馆|饭店)?的\s*"
        + _DISH_LIST
        + r"(?=好吃|比较好|最好|更好|做得|味道)",
        "谁哪",
    ),
    (
        r"(?:^|(?<=[，,。；;！!？?：:]))\s*"
        + _DISH_LIST
        + r"(?=(?:做的|做得)(?:好|不错|好吃|最好)的(?:餐馆|餐厅|饭馆|饭店))",
        "做",
    ),
    # ("有X不能吃": a dish that cannot be had, or someone who cannot eat something.)
    (r"(?<![没])有\s*" + _DISH_LIST + r"(?<![不没])(?=(?:可以|能)吃)", "吃"),
    (r"(?:想|爱)吃的(?:菜|菜肴|菜品|美食)(?:有|是)[:：]?\s*" + _DISHES, "吃"),
    # "馋X了" as a verb, not the start of a dish's own name ("馋嘴…").
    (r"馋(?!嘴)\s*" + _DISH_LIST + r"(?=了)", "馋"),
)


@dataclass(frozen=True)
class Phrase:
    """One phrase rule: its regex (with a ``value`` group) and the slot it sets."""

    rx: re.Pattern[str]
    slot: str
    confidence: float
    in_question: bool = False  # read in a question too
    english: bool = False  # an English phrase: no match in a text without a Latin letter
    # Characters one of which every match holds (its verb or the word after it): a text with
    # none of them is not scanned, as most of the twenty rules find nothing in a message.
    needs: frozenset[str] = frozenset()
    user_only: bool = False  # read only in the user's own message (a request)


# A night's price, a range or a bound included: "350元", "300-400元", "500元以内".
_NIGHT_AMOUNT = r"\d+(?:\.\d+)?(?:元)?(?:\s*(?:-|到|至)\s*\d+(?:\.\d+)?)?元(?:以上|以下|以内|左右)?"
# "不", "没", "别" ("特别" aside): a dish refused.
_REFUSED = r"(?:不|没|(?<!特)别)"
_PHRASES: tuple[Phrase, ...] = (
    Phrase(
        re.compile(
            r"(?:想|要|打算|准备|需要)(?:再)?(?:买|购买|订|入手"
            # "我要办日本单次旅游签证": a document applied for is the thing wanted too; a
            # service asked for ("要办退款", "申请售后") is no thing.
            r"|(?:办理|办|申请)(?!退|换货|售后|投诉|手续|业务|理赔|一下))"
            # "要订一家舒适型的酒店", "订一间房": a place booked, no product bought.
            r"(?!(?:一|两|个|这|那)?(?:家|间))"
            r"(?:一|两|个|这|那)?(?:台|部|个|件|款|双|套|只|本|辆|份|张|瓶|盒|杯|条|把|支)?\s*"
            + _ZH_NAME
        ),
        "product",
        0.6,
        needs=frozenset("买订入办申"),
    ),
    Phrase(
        re.compile(
            r"(?i)\b(?:I|we)(?:'d like| would like| want| need|'m going| am going| plan)"
            r" to (?:buy|order|purchase) (?:a |an |the |one |two )?" + _EN_NAME
        ),
        "product",
        0.6,
        english=True,
    ),
    # "Translate into German", "翻译成德语": the language the work is to be in.
    Phrase(
        re.compile(
            r"(?i:\btranslate(?:\s+(?:it|this|that|them|everything|the\s+[a-z]+(?:\s+[a-z]+)?))?"
            r"\s+(?:in)?to\s+)(?P<value>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\b"
        ),
        "language",
        0.7,
        english=True,
    ),
    Phrase(
        re.compile(r"(?:翻译|译)(?:成|为|到)(?P<value>(?:简体|繁体)?[\u4e00-\u9fff]{1,3}?[语文])"),
        "language",
        0.7,
        needs=frozenset("译"),
    ),
    Phrase(
        re.compile(
            r"(?i)\b(?:ship|deliver|send|mail)(?: it| this| them| the order)? to " + _EN_ADDRESS
        ),
        "address",
        0.7,
        english=True,
    ),
    # "寄到福田区景田北路 88 号", "寄到家里吧，福田区景田北路 88 号", "改送到：朝阳区建国路8号":
    # where a parcel goes, its address right after the verb or after a place word's clause
    # ("寄到公司，地址是…" is the address slot's own rule: the value is no "地址是…").
    Phrase(
        re.compile(
            r"(?<![别不没])(?<!不要)(?<!不用)(?<!不能)(?<!不想)(?<!不必)(?<!无需)"
            r"(?:寄到|送到|邮寄到|快递到|发到|配送到|改寄到|改送到|改发到)"
            r"(?:[\u4e00-\u9fff]{1,4}[吧去了]?[，,：:]\s*|[：:]?\s*)"
            r"(?!地址|收货|收件)(?P<value>" + _ZH_SPACED_ADDRESS + ")"
        ),
        "address",
        0.7,
        needs=frozenset("寄送发递"),
    ),
    # "ship it to recipient 张伟 at 北京市朝阳区建国路88号", "send it to Li Lei at 14 Elm
    # Street", "deliver to 上海市徐汇区漕溪北路88号": the address after a recipient's "at", or
    # a Chinese address right after "to".
    Phrase(
        re.compile(
            r"(?i)\b(?:ship|deliver|send|mail)(?: it| this| them| the order| the package)? to"
            r"(?: (?:the )?(?:recipient|receiver|consignee)?\s*[^,;.!?\n]{1,30}? at)? "
            r"(?P<value>" + _ZH_ADDRESS + "|" + _EN_ADDRESS.replace("(?P<value>", "(?:") + ")"
        ),
        "address",
        0.7,
        english=True,
    ),
    # "send it home after all — 14 Elm Rd, Newton, MA 02458", "deliver to my office
    # instead: 500 Boylston St, …": where it goes, then its street address after a dash or colon.
    Phrase(
        re.compile(
            # (The address's words keep their case and hold a street or a ZIP code: "- 3 days
            # from now", "— 3 Pages Max" are none.)
            r"(?i:\b(?:ship|deliver|send|mail)\b[^—:;!?\n.]{0,40}?(?:\s*—\s*|:\s*|\s+[-–]\s+))"
            r"(?=[^;!?\n]*?\b(?:St|Street|Rd|Road|Ave|Avenue|Blvd|Dr|Drive|Ln|Lane|Way|Ct|Pl"
            r"|Pkwy|Hwy|Sq)\b|[^;!?\n]*\b\d{5}\b)" + _EN_ADDRESS
        ),
        "address",
        0.7,
        english=True,
        needs=frozenset(":—-–"),
    ),
    Phrase(
        re.compile(
            r"(?i)\b(?:deliver(?:ed)?|arrive|ship(?:ped)?|get it)(?: it| this| them| the order)?"
            r" (?:by|on|before) " + _EN_DATE + r"\b"
        ),
        "date",
        0.7,
        english=True,
    ),
    # "Book me a hotel in Paris on October 20", "reserve a table on Friday": the booking's
    # date after a booking verb and "on" in the same clause.
    Phrase(
        re.compile(
            r"(?i)\b(?:book|reserve)\b[^,;.!?\n]{0,40}?\bon "
            + _EN_DATE.replace("(?P<value>", "(?P<value>(?!tomorrow)")
            + r"\b"
        ),
        "date",
        0.7,
        english=True,
        user_only=True,  # "Please confirm to book ... on March 7th": a proposal, no request
    ),
    # "we need to fly on March 15 instead of the 14th", "Let's fly March 16", "I need a flight
    # from Chicago to Denver on March 14": the speaker's own trip on a day. Led by "I", "we"
    # or "let's" and a present wish, so "I flew on March 3" and "flights that leave on
    # Friday" tell no date of this booking. Only a flight: "I'll leave on Monday" in a session
    # of several bookings (a bus, then a hotel) tells one of their days, and the one date slot
    # would archive it when the next booking's day is said.
    Phrase(
        re.compile(
            r"(?i)\b(?:let'?s|let us|(?:I|we)(?:'d|'ll| would| will)?(?:\s+(?:really|still|now|"
            r"actually))?(?:\s+(?:need|want|like|have|prefer|plan|must|should|can|could))?"
            r"(?:\s+to)?)\s+(?:fly|(?:a |an )?flight)\b"
            r"(?:[^,;.!?\n]{0,40}?\bon)?\s+(?P<value>(?!tomorrow)(?:"
            + _EN_DATE.removeprefix("(?P<value>")
            # "leave on Monday next week": the week is part of the day said.
            + r"(?:\s+(?:this|next)\s+week)?)\b"
        ),
        "date",
        0.7,
        english=True,
        user_only=True,
    ),
    # "Can we move the flight to March 16?": asked of the assistant, a change of the booking's
    # day (a question here requests), so it is read in a question too.
    Phrase(
        re.compile(
            r"(?i)\b(?:move|reschedule|push|shift|change|switch)\s+(?:the|my|our)\s+"
            r"(?:flight|trip|booking|reservation|departure|travel|appointment|meeting|date)\s+"
            r"(?:to|until|for)\s+" + _EN_DATE + r"\b"
        ),
        "date",
        0.7,
        in_question=True,
        english=True,
        user_only=True,
    ),
    # "a hotel from October 3 to October 8", "from June 2nd until June 5th": the stay's
    # dates, one value (a date slot holds the range).
    Phrase(
        re.compile(
            r"(?i)\bfrom\s+(?P<value>"
            + _EN_DATE.replace("(?P<value>", "(?:")
            + r"\s+(?:to|until|till|through|thru|-|–)\s+"
            + _EN_DATE.replace("(?P<value>", "(?:")
            + r")\b"
        ),
        "date",
        0.7,
        english=True,
    ),
    Phrase(
        re.compile(_ZH_DATE + r"(?:前|之前|以前)?(?:送到|送达|到货|发货|配送|寄到)"),
        "date",
        0.7,
        needs=frozenset("送货寄"),
    ),
    # "推荐您去全聚德(清华园店)", "我想去将进酒客栈": the instance the task is about (CrossWOZ's
    # 名称; ontologies without that slot ignore it). Not "推荐您去一家/这些...".
    Phrase(
        re.compile(
            r"(?:推荐您去|推荐你去|为您推荐|为你推荐|给您推荐|给你推荐|建议您去|建议你去|"
            r"建议你们去|您可以去|你可以去|您去|你去|(?<![不没])想去|(?<![不没需])要去|我就去|那就去|还是去|决定去|打算去|"
            r"准备去|约好去|约了去|(?<=[我你他她咱]们)去|(?:^|[，,。！!])(?:那|好|好的|行)[，,]?去)"
            # "我们去过X": a visit past, no place named.
            r"(?![一两几这那哪些个家过年掉的了世除])"
            # "我想去吃饭/玩/休息": an activity, not a place's name.
            r"(?!吃|喝|玩|逛|看|休息|旅游|旅行|游玩|住|买|参观|散步|走走|转转|附近|周边|骑|带|爬|跑|听"
            r"|度假|出差|办事|上班|开会|约会|购物"
            r"|餐馆|餐厅|饭店|酒店|宾馆|景点|景区)" + _ZH_NAME
        ),
        "名称",
        0.6,
        needs=frozenset("去荐"),
    ),
    # Dishes (CrossWOZ's 推荐菜) said with a verb, not the slot word: "想吃生蚝", "能吃到香椿炒
    # 鸡蛋的餐馆", "有大螃蟹这个菜", "它们家的查干肠, 牛肉干味道都很不错".
    Phrase(
        re.compile(
            # "不想吃X", "不打算和同事吃X": a dish not wanted ("特别想吃X" is wanted, and so is
            # "好久都没吃到X了", longed for).
            r"(?<!不)(?<!(?<!久)(?<!久都)(?<!久也)没)(?<!(?<!特)别)"
            r"(?:想吃|爱吃|去吃|要吃|能不能吃到|能否吃到|可以吃到|能吃到|吃到|能吃(?![得上到])|喜欢吃"
            # "还是吃X吧", "改吃X", "换成吃X": a dish chosen again or instead.
            # ("还是吃完饭再去", "改吃素了": a meal finished, a diet; no dish.)
            r"|(?:还是吃|改吃|换成吃|换吃)(?![完饱过了好素])"
            r"|尝尝|品尝一下|品尝|想喝|要喝|去喝"
            # "想带女儿吃X", "要请合作方的领导吃X", "打算和同学一起吃X": a meal planned with
            # someone.
            r"|(?:想|要|打算|准备)(?:带|请|和|跟|同|陪)[^，,。；;！!？?\s吃]{1,10}吃"
            # "推荐您吃烤肉店家的X": the dish, not the place that makes it.
            # "想吃点X": a little of a dish ("想吃点东西" is no dish).
            r"|推荐(?:您|你)吃)(?:一?点(?!儿?[东什啥好]))?"
            # "能吃到好吃的X": a word of praise before the dish that can be had ("想吃好吃的"
            # wants no dish in particular).
            r"(?:(?<=吃到)(?:好吃|正宗|地道|美味|新鲜)的(?![就都也还得了]))?"
            r"(?:[^，,。；;！!？?\s的]{2,20}?家(?:做的|的)"
            r"|(?:它|他|她)?(?:们)?(?:家)?(?:做的|的)?)\s*" + _DISHES
        ),
        "推荐菜",
        0.6,
        needs=frozenset("吃尝喝"),
    ),
    # "有大螃蟹这个菜", "去餐馆吃X和Y这两道菜": a dish the words after it call one; "周边的
    # 餐馆里X这个菜": or the places it is sought in.
    Phrase(
        re.compile(
            r"(?<![没])(?:有|吃|喝|用餐|做|(?:它|他|她)(?:们)?家(?:的)?|(?<=[馆厅店])(?:里|中)(?:的)?)\s*"
            + _DISHES
            # "他家X, Y，这几个菜特好吃": a comma may close the list.
            + r"(?=\s*[，,]?\s*(?:这|那)(?:个|道|两个|两道|几道|些|几个)(?:菜|美食))"
        ),
        "推荐菜",
        0.6,
        in_question=True,
        needs=frozenset("菜食"),
    ),
    # "找一家5分的餐馆吃X", "哪家能做X，评分…", "最好有X": a dish as what the restaurant is for.
    Phrase(
        # "餐馆里吃X": in the restaurants sought ("餐厅里吃了X": a meal had, no wish).
        re.compile(
            r"(?:(?<=餐馆|餐厅|饭馆|饭店)(?:里|中)?(?:吃|喝)(?![了过])|能做|可以做|会做|最好有)\s*"
            + _DISHES
        ),
        "推荐菜",
        0.6,
        in_question=True,
        needs=frozenset("吃喝做最"),
    ),
    # "能做X的餐馆", "有X、Y的餐馆": a dish as what the restaurant sought can make, asked
    # for even in a question ("有没有能做X的餐馆？").
    Phrase(
        re.compile(
            # ("有一家叫X的餐馆" names the place.)
            r"(?<![没])(?:有(?!一?(?:家|个|处))(?:能做|可以做|提供)?|能做|可以做|会做|提供)\s*"
            + _DISHES
            + r"(?=的(?:餐馆|餐厅|饭馆|饭店))"
        ),
        "推荐菜",
        0.6,
        in_question=True,
        needs=frozenset("馆厅店"),
    ),
    *(
        Phrase(re.compile(rx), "推荐菜", 0.6, in_question=True, needs=frozenset(chars))
        for rx, chars in _DISH_ASKED
    ),
    Phrase(
        re.compile(
            # "它家的推荐菜X还是非常不错的": the slot word may lead the dish.
            r"(?:它|他|她)(?:们)?家的\s*(?:推荐菜|招牌菜|特色菜)?\s*"
            + _DISH_LIST
            # "它家的X还是算了吧", "…还是别点了": a dish given up ("还是非常不错" praises it).
            + r"(?=\s*[,，]?\s*(?:还是(?![^，,。；;！!？?]{0,3}(?:算了|别|不(?!错)))|也是|味道|做得"
            r"|很|都|不错|超级|非常|特别|挺|十分|好吃))"
        ),
        "推荐菜",
        0.6,
        needs=frozenset("家"),
    ),
    # "它家招牌菜不少，有X、Y等": the dishes the place is known for, given as examples.
    Phrase(
        re.compile(
            r"(?:推荐菜|招牌菜|特色菜)(?:很多|不少|挺多|蛮多|可多了)[，,]?\s*(?:有|比如|像|例如)\s*"
            + _DISH_LIST
            + r"(?=\s*(?:等|[，,。！!]|$))"
        ),
        "推荐菜",
        0.6,
        needs=frozenset("菜"),
    ),
    # "他家的招牌是X", "主打X", "必点X和Y", "最有名的是X", "建议点X": the dishes a place is
    # known for, said without the word 推荐菜.
    Phrase(
        re.compile(
            # ("他家的特色是环境好", "最有名的是故宫": a feature, a place; the dish is called one.)
            r"(?:(?:招牌(?:菜|美食)?|特色(?:菜|美食))(?:是|有|就是)|主打(?:菜是|的是)?|必点(?:菜)?(?:是|有)?"
            r"|最(?:有名|出名|受欢迎|好吃)的菜(?:是|就是|要数|当属)|(?:建议|推荐)(?:您|你)?点)\s*"
            + _DISHES
        ),
        "推荐菜",
        0.6,
        needs=frozenset("招特主必最点"),
    ),
    # "X是他家的招牌", "X是这里的特色菜": the dish first, then what it is to the place.
    Phrase(
        re.compile(
            r"(?:^|(?<=[，,。！!：:\s]))"
            + _DISH_LIST
            + r"(?=是(?:他|它|她|这|那)?(?:们)?(?:家|里|儿)?的?"
            r"(?:招牌(?:菜|美食)?|特色(?:菜|美食)))"
        ),
        "推荐菜",
        0.6,
        needs=frozenset("招特"),
    ),
    # "他家有招牌烤鸭", "那里有香辣蟹", "X(西单店)有Y": the dishes a reply says the place has,
    # the clause ending on them ("他家有点远", "那里有很多人", "他家有包间": no dish).
    Phrase(
        re.compile(
            r"(?:[他它她](?:们)?家|那里|那儿|这里|这儿|[)）])(?:也|还|就)?有\s*"
            + r"(?!"
            + _HAD_NO_DISH
            + r")"
            + _DISH_LIST
            + r"(?=\s*(?:这道菜|这个菜|等|[，,。！!；;]|$))"
        ),
        "推荐菜",
        0.6,
        needs=frozenset("有"),
    ),
    # "听说这里的X很好吃": what the place is praised for.
    Phrase(
        re.compile(
            r"(?:这里|那里|这家|那家|这儿|那儿)的\s*"
            + _DISH_LIST
            + r"(?=\s*(?:很|非常|特别|超级|挺|最|真)?(?:好吃|美味|地道))"
        ),
        "推荐菜",
        0.6,
        needs=frozenset("这那"),
    ),
    # "它家有X吗，我特别想吃这个菜": a dish asked for, called one in the clause after.
    Phrase(
        re.compile(
            r"(?<![没])有\s*"
            + _DISH_LIST
            # "…，这个菜我不爱吃": the dish called one, then refused.
            + rf"(?=\s*(?:吗|么|没有|不)?\s*[，,](?:(?!{_REFUSED})[^。！!？?]){{0,12}}?"
            r"(?:这|那)(?:个|道)(?:菜|美食)(?![^，,。；;！!？?]*" + _REFUSED + r"))"
        ),
        "推荐菜",
        0.6,
        in_question=True,
        needs=frozenset("菜食"),
    ),
    # "找一家有X，人均消费…的餐馆": the dish first among the restaurant's criteria.
    Phrase(
        re.compile(
            r"(?:找|推荐)(?:一)?(?:家|个)(?:餐馆|餐厅|饭馆|饭店)?(?:有|能吃到|提供)\s*"
            + _DISH_LIST
            + r"(?=\s*(?:[，,、]|并且|而且)[^。！!？?]*?(?:餐馆|餐厅|饭馆|饭店|人均|用餐))"
        ),
        "推荐菜",
        0.6,
        in_question=True,
        needs=frozenset("找荐"),
    ),
    # How long a visit takes (CrossWOZ's 游玩时间): "可以玩3天", "游玩1小时的景点", "能玩上
    # 1小时 - 2小时"; a wish even in a question ("有没有能玩3天的景点？").
    Phrase(
        re.compile(
            r"(?:游玩|游览|玩|逛)(?:的时长是|时长|时间)?(?:上|个)?\s*"
            # "玩半天左右大概3小时 - 5小时": a rough length said first, the hours after it.
            # "好玩的地方大概2小时车程": a ride's length, not the visit's.
            r"(?:[^，,。；;！!？?\s\d的]{0,6}?(?:大概|大约|差不多|也就))?"
            r"(?P<value>\d+(?:\.\d+)?(?:小时|天)(?:\s*-\s*\d+(?:\.\d+)?(?:小时|天))?)"
            r"(?!\s*(?:的)?(?:车程|路程))"
        ),
        "游玩时间",
        0.6,
        in_question=True,
        needs=frozenset("玩览逛"),
    ),
    # A night's price (CrossWOZ's 价格 of a hotel): "每晚350元", "350元一晚", "一晚上要350元".
    Phrase(
        re.compile(
            r"(?:每晚|一晚|每天晚上|一个晚上|一晚上|每间|一间)(?:房)?(?:大概|大约|约|只|才|仅)?"
            r"(?:要|是|为|需要|收)?\s*(?P<value>" + _NIGHT_AMOUNT + ")"
        ),
        "价格",
        0.6,
        needs=frozenset("晚间"),
    ),
    Phrase(
        re.compile(
            r"(?<![\d.\-])(?P<value>" + _NIGHT_AMOUNT + r")(?=\s*(?:/晚|/间|一晚|每晚|一间))"
        ),
        "价格",
        0.6,
        needs=frozenset("晚间"),
    ),
    # "Book a flight for 2 people", "a table for four guests", "there will be 3 of us": the
    # party's size.
    Phrase(
        re.compile(
            r"(?i)(?:\b(?:for|with|be|are|we're|total\s+of|so(?:\s+it's)?|it's(?:\s+now)?"
            r"|(?:dinner|lunch|breakfast|brunch|party|group|table|booking|reservation|it|that)"
            r"\s+(?:is|will\s+be)(?:\s+now)?)\s+"
            r"|(?=\b(?:party|group|table)\s+(?:of|for)\s))"
            rf"(?P<value>{PEOPLE_COUNT})\b"
        ),
        PEOPLE,
        0.7,
        english=True,
    ),
    # "About 220 people.", "Expecting 40 guests.": a party's size said alone as the whole
    # sentence, an estimate (a count in a longer clause tells of something else).
    Phrase(
        re.compile(
            r"(?i)(?:^|(?<=[.!?]\s))(?:about|around|roughly|approximately|approx\.?|expecting"
            rf"|we expect|maybe)\s+(?P<value>{PEOPLE_COUNT})(?=\s*(?:[.!;]|$))"
        ),
        PEOPLE,
        0.6,
        english=True,
    ),
    # "Headcount is now 250", "attendance will be about 300": the party's size by its name.
    Phrase(
        re.compile(
            r"(?i)\b(?:head\s?count|attendance|guest\s+count|number\s+of\s+(?:guests|attendees))"
            r"\s+(?:is|will\s+be|should\s+be)\s+(?:now\s+)?(?:about\s+|around\s+)?"
            # (Not in a question: "The guest count is 165, right?")
            r"(?P<value>\d{1,4})\b(?!\s*(?:%|percent|[.,]\d))(?![^.!?\n]*\?)"
        ),
        PEOPLE,
        0.7,
        english=True,
    ),
    # "40 prints at 5x7", "posters in 18x24", "sized 8x10": a size said by its two sides.
    Phrase(
        re.compile(
            r"(?i)(?:\b[a-z]+s\s+(?:at|in)|\bsized?)\s+"
            r"(?P<value>\d{1,3}(?:\.\d)?\s?[x×]\s?\d{1,3}(?:\.\d)?)(?!\w|\.\d)"
        ),
        "size",
        0.6,
        english=True,
    ),
    # "We're 6 now", "we'll be 4 again", "so we're five in total": a party's size said with
    # no word for people, by who "we" are now.
    Phrase(
        re.compile(
            r"(?i)\b(?:we're|we\s+are|we'll\s+be|we\s+will\s+be)\s+"
            rf"(?P<value>\d{{1,2}}|{EN_COUNT_WORDS})"
            r"(?=(?:\s+(?:now|again|in\s+total|total|altogether))?\s*(?:[.!,;]|$))"
        ),
        PEOPLE,
        0.7,
        english=True,
    ),
    # "我们现在6个人了", "订一桌4个人", "一共3位": a party's size, said by who "we" are now or
    # by what is booked, and ending its clause. "6个人的价格是多少" asks about a size,
    # "上次我们是4个人" tells of a past visit, "人均100" is a price per head: no party's size.
    Phrase(
        re.compile(
            r"(?<!上次)(?<!那次)(?<!以前)(?<!之前)(?<!当时)(?<!去年)"
            r"(?:(?:我们|咱们)(?:现在|这次|一共|总共|共)?(?:是|有)?|(?:一共|总共)(?:是|有)?"
            r"|订(?:一|个)?(?:桌|张桌子?|个位子?|个座位?)?[，,]?\s*)"
            r"(?P<value>(?:\d{1,2}|[两三四五六七八九十]|十[一二三四五六七八九])(?:个人|位|人))"
            r"(?=了?(?:吧|哈|啊|哦)?\s*(?:[，,。.！!；;]|$))"
        ),
        PEOPLE,
        0.7,
        # Its lead words, rarer than "人" ("人均" is in most CrossWOZ turns).
        needs=frozenset("们共订"),
    ),
    # "Deliver it by DHL", "ship it via FedEx Ground": a carrier named by its capitalised name
    # ("deliver it by Friday", "by March 3", "send it with my brother" name none).
    Phrase(
        re.compile(
            r"\b(?i:ship|deliver|send|mail)(?i: it| this| them| the order| the package| my order)?"
            r" (?i:with|by|via|using|through) (?!" + _NOT_A_CARRIER + r")"
            r"(?P<value>[A-Z][A-Za-z0-9&-]*(?: [A-Z][A-Za-z0-9&-]*)*)(?![\w-])"
        ),
        "shipping",
        0.7,
        english=True,
    ),
    Phrase(
        re.compile(r"(?i)\b(?:pay|paying|pay for it) (?:with|by|using|via) " + _EN_NAME),
        "payment",
        0.7,
        english=True,
    ),
)
_NAME_TAIL = re.compile(
    r"(?:看看|看一看|玩玩|玩一玩|玩一下|逛逛|逛一逛|转转|转一转|走走|游玩|游览|玩|逛|用餐|就餐|吃饭|"
    r"尝尝|尝一尝|(?<!小)吃|住宿|入住|住|一趟|一下|就行|就好|就可以|去|都|都能|(?<![串酒])吧|呢|啊|呀|哟|哦"
    r"|嘛|呗|好了|了|就比较|比较|刚好|正|是完全|完全|就)+$"
)
# A branch in brackets ends a name: "如家商旅酒店(北京牡丹园地铁站店)就行" -> up to ")".
_AFTER_BRANCH = re.compile(r"[)）][^()（）]+$")
# Names said with a naming verb or a suggestion: "名叫胖子小馆的餐馆", "您看金海龙泉虹鳟鱼烧烤城
# 怎么样", "蟹岛嘉年华就是非常不错的景点", "只为您找到一家是玉林串串香(怀柔店)".
_NAME_SAID = re.compile(
    r"(?:名叫|名字叫|叫做|名为|(?:一个|一家)叫)(?P<value>[^，,。；;！!？?\s、的]{2,30})(?=的)"
    r"|(?:那?(?:您看看|你看看|您看|你看)(?:一下)?|那(?![家个座间位您你])|就)(?P<v2>[A-Za-z0-9\u4e00-\u9fff（）()·]{3,30}?)(?=怎么样|如何|可以吗|行吗)"
    r"|(?:^|[，,。！!])(?P<v3>[A-Za-z0-9\u4e00-\u9fff\u3040-\u30ff（）()·]{3,30}?)"
    # "X是个挺不错的选择", "X是一家非常美味的餐馆".
    r"(?=(?:就是|是|也是)(?:一个|一家|个)?(?:非常|很|特别|挺|十分|相当)?(?:不错|好|美味)的"
    r"|挺不错|还不错|还是不错"
    r"|(?:您|你)可以考虑)"
    r"|找到(?:一家|一个)(?:是|叫)(?P<v4>[^，,。；;！!？?\s、]{2,30})"
    # ("查询后只有X": the name starts after "只有", not at the clause).
    r"|(?:只有(?:一家|一个)?(?:是)?|^|[，,。！!])(?P<v5>(?:(?!只有)[A-Za-z0-9\u4e00-\u9fff（）()·]){3,30}?)"
    # "只有X能差不多满足你的要求".
    r"(?=(?:这个|这家)?(?:景点|餐馆|酒店|餐厅|宾馆|地方)?(?:最|就|很|正好|能|可以)?"
    r"(?:差不多|基本|完全)?(?:符合|满足|贴近|接近))"
    r"|符合(?:您|你)的要求[:：]\s*(?P<v6>[^，,。；;！!？?\s、]{2,30})"
    r"|(?:推荐(?:您|你)入住|(?:您|你)可以到|只能去|只有)(?P<v7>[^，,。；;！!？?\s、]{2,30}?)"
    r"(?=了|去|吃|住|玩|[，,。；;！!？?]|$)"
    # "找到一家餐馆叫X", "有一家比较合适的，叫X": the name a place is called by.
    r"|(?:(?:一家|一个)(?:餐馆|餐厅|饭馆|饭店|酒店|宾馆|景点|地方)叫|(?:^|[，,])叫)"
    r"(?![^，,。；;！!？?]*地铁站)(?P<v8>[^，,。；;！!？?\s、的]{2,30}?)(?=[，,。；;！!？?]|$)"
    # "只找到一个人均消费是38元的X，您看行吗": the one place found, its facts before it.
    r"|找到(?:了)?(?:一个|一家)[^。！!？?]{0,40}?的(?!条件|要求|需求|标准)"
    r"(?P<v9>[^，,。；;！!？?\s、的]{2,30})"
    r"(?=[，,]\s*(?:您|你)(?:看|还|觉得))"
)
# A word every match of `_NAME_SAID` holds (its cue or the words after the name): most
# messages have none, and the gate's scan is a fraction of the whole pattern's.
_NAME_SAID_GATE = re.compile(
    r"叫|名为|怎么样|如何|可以吗|行吗|不错|是(?:一个|一家|个)?(?:非常|很|特别|挺|十分|相当)?"
    r"(?:好|美味)的|可以考虑|找到|符合|满足|贴近|接近|入住|可以到|只能去|只有"
)
# "您可以看看X这个景点", "您听过X这个餐馆吗": a name the kind word after it calls one; it
# starts at a clause or after a verb of knowing or looking.
_THIS_KIND = re.compile(r"这(?:个|家|座)(?:景点|景区|餐馆|餐厅|饭馆|饭店|酒店|宾馆)")
_NAME_THIS_KIND = re.compile(
    r"(?:(?<=^)|(?<=[，,。！!？?：:\s])|(?<=看看)|(?<=听过)|(?<=听说过)|(?<=去过)|(?<=推荐))"
    r"(?![您你我他她它这那哪有不没])(?P<value>[A-Za-z0-9\u4e00-\u9fff（）()·]{2,30}?)"
    rf"(?={_THIS_KIND.pattern})"
)
# The ride said between a trip's two ends is neither: "从X乘坐地铁到Y", "从X出发，坐出租车去Y".
# "从故宫出来到北京饭店", "从故宫步行到X": how one leaves the start is no part of it either.
_RIDE_WORDS = (
    r"(?:出发[，,]?|出来|出门|步行|走路|走|开车|骑车)?"
    r"(?:(?:乘坐|搭乘|乘|坐|搭|打)(?:地铁|出租车|出租|的士|车|的)?|打车|打的|叫车)?"
)
# "从早上八点到晚上十点", "从明天到后天", "从一楼到三楼": spans of time, order or floors.
_NOT_AN_END = (
    r"(?!周[一二三四五六日天]|星期|礼拜|早上|早晨|上午|中午|下午|晚上|傍晚|今天|明天|后天|昨天"
    r"|前天|今晚|明晚|今早|明早|下周|上周|本周|这周|下个|上个|现在|目前|一开始|开始|以前|之前|第"
    r"|入住|[一二两三四五六七八九十几]+[月号日点楼层年晚个周时分]"
    # "从故宫到10点" (a start's digits are read apart, above).
    r"|\d+[点号月日:：时分年楼层元块])"
)
# What follows a trip's destination: a ride, the way or the time it takes ("到X多远？").
_AFTER_END = (
    r"(?=乘坐|乘|坐|打车|打的|叫车|的|去|怎么|要|需要|多远|多久|多长|多少|远吗|远不远|近吗|大概"
    r"|大约|一共|步行|走路|开车|方便|吗|呢|，|,|。|？|\?|！|$|(?<![A-Za-z])\s|\s(?![A-Za-z]))"
)
# "从鬼味烤翅到北京华尔顿酒店(原鸿坤国际大酒店)": a ride's or a trip's two ends (CrossWOZ's
# 出发地 and 目的地, for the taxi or the metro the sentence names).
_FROM_TO = re.compile(
    # ("从周一至周日", "从10点到22点" are spans of time, no ride; "从100元到200元" an amount.)
    r"从(?!\d)"
    + _NOT_AN_END
    + r"(?P<a>[^，,。；;！!？?\n、从]{2,30}?)"
    + _RIDE_WORDS
    # "从X前往Y", "打车从X回Y" ("从X回来" comes back, it names no end).
    # ("从北京回民餐厅打车到X": a 回 before a later 到 is inside the name.)
    + r"(?:到|去|至|前往|返回|回(?![来去家])(?![^，,。；;！!？?\n]*(?:到|去|至|前往)))"
    + _NOT_AN_END
    + r"(?P<b>[^，,。；;！!？?\n、]{2,30}?)"
    # "到北京亮China Grill去": a space between Latin words is inside the name.
    + _AFTER_END
)
# Metro stations with their exit: "角门东地铁站A口", "崇文门地铁站A1口".
_STATION = re.compile(
    r"(?:(?![从在到是有为的])[A-Za-z0-9\u4e00-\u9fff]){1,12}?地铁站(?:(?:\d+号线)?[A-Z]\d?口)?"
)
_NAMED = re.compile(r"^(?:名叫|名字叫|叫做|名为|(?:一个|一家)叫)")
# "我其实想问的是铁木真(温都水城店)的周边": the copula before a name is not part of it.
# "那就只有X最符合": the only one left is X; "你再帮我看一下X的价格": a request about X.
_LEAD_VERB = re.compile(
    r"^(?:就是|也是|是|在|去|查询后|其中|当然是|(?:那就|那|就)?只有(?:一家|一个)?"
    r"|(?:那)?(?:请)?(?:你|您)?(?:在|再)?(?:帮我|给我)?(?:看一下|看看|查一下|查查|查下|查询一下|查询下|找一下|找找))(?=..)"
)
# "I'd like it in Midnight Blue": a variant of the product, the color unless the words say
# otherwise (an enum member or a slot word inside the value decides first).
_IT_IN = re.compile(r"(?i)\b(?:like|want|get|take|have|prefer)(?: it| one| them) in " + _EN_NAME)
# "Use DHL Express for shipping": the slot word comes after the value.
_FOR_SLOT = r"(?i)\b(?:use|go with|pick|choose|take) (?P<value>[^,;!?\n]+?) for (?:the |my )?"
# "不用顺丰了，改用京东快递": the new value of the slot the message just dropped.
# "改回上午10点", "换回顺丰": a value taken back is a change to it like any other.
ZH_INSTEAD = re.compile(
    rf"(?:改用|换用|改成|换成|改为|换为|(?:改|换|调|切|变)回(?:到|成|为)?|调到|挪到)"
    rf"\s*(?P<value>[^{_ZH_STOP}]+)"
)


@dataclass(frozen=True)
class PhraseHit:
    start: int
    end: int  # end of the value
    slot: SlotDef
    value: str
    confidence: float
    in_question: bool = False  # read even in a question ("X的地址是多少？" names X)
    entity: str | None = None  # the phrase knows whose slot it is
    user_only: bool = False  # read only in the user's own message (a request)


# Slots an English phrase may fill that the ontology need not declare: the generic task
# entity holds them (a product bought, a party's size, a stay's length).
FALLBACK_SLOTS = ("product", PEOPLE, DURATION, FLIGHT, FREQUENCY)


def fallback_slot(onto: Ontology, name: str) -> SlotDef | None:
    """The ontology's slot `name`, or a task slot of that name for the few a phrase may fill
    with no slot declared (`FALLBACK_SLOTS`)."""
    slot = onto.slot(name)
    if slot is None and name in FALLBACK_SLOTS:
        return SlotDef(name=name)
    return slot


_slot = fallback_slot


def _phrases_of(onto: Ontology) -> list[tuple[Phrase, SlotDef, frozenset[str] | None]]:
    """The phrase rules whose slot the ontology has, with that slot (looked up once) and the
    words one of which each match holds (`gates.needed_words`): most rules' verbs ("deliver",
    "入手", "招牌菜") are in few messages, and a message with none is not scanned."""
    out: list[tuple[Phrase, SlotDef, frozenset[str] | None]] = []
    for p in _PHRASES:
        slot = _slot(onto, p.slot)
        if slot is not None:
            out.append((p, slot, needed_words(p.rx)))
    return out


# A count of people that belong to something lasting, not a party booked for: "6 people on
# the team", "we're 40 in the company", "we are 12 employees".
_NOT_A_PARTY = re.compile(
    r"(?i)(?:\s+(?:on|in|at)\s+(?:the|our|my|this|a)\s+(?:team|company|department|office"
    r"|staff|project|startup|org|organi[sz]ation|class|crew|squad|payroll|board)\b"
    r"|\s+(?:employees|engineers|developers|staff|members|users|seats)\b)"
)
# A clause that tells of a past trip: "I was in Paris ... last year", "on my last trip".
_PAST_TRIP = re.compile(
    r"(?i)\b(?:last (?:year|time|month|summer|winter|spring|fall|autumn)|my last (?:trip|visit"
    r"|stay)|\d+ (?:years?|months?) ago|(?:was|were) (?:in|at|there)|went (?:to|there)"
    r"|visited|stayed)\b"
)
_CLAUSE_BREAK = re.compile(r"[;.!?\n]\s|[;!?\n]")


def _in_past_clause(text: str, at: int) -> bool:
    """Whether the sentence holding `at` tells of a past trip (`_PAST_TRIP`)."""
    start = max((m.end() for m in _CLAUSE_BREAK.finditer(text, 0, at)), default=0)
    end_m = _CLAUSE_BREAK.search(text, at)
    return _PAST_TRIP.search(text, start, end_m.start() if end_m else len(text)) is not None


@dataclass(frozen=True)
class _PhraseIndex:
    """The ontology's phrase rules (`_phrases_of`) by what lets them run: a character of
    their `needs`, or a Latin letter for an English one with none."""

    rules: list[tuple[Phrase, SlotDef, frozenset[str] | None]]
    by_char: dict[str, list[int]]  # a character -> the rules needing it
    chars: frozenset[str]  # the characters of `by_char`
    english: list[int]  # the English rules needing no character
    free: list[int]  # the other rules needing no character


def _phrase_index(onto: Ontology) -> _PhraseIndex:
    rules = _phrases_of(onto)
    by_char: dict[str, list[int]] = {}
    english: list[int] = []
    free: list[int] = []
    for i, (p, _, _) in enumerate(rules):
        for c in p.needs:
            by_char.setdefault(c, []).append(i)
        if not p.needs:
            (english if p.english else free).append(i)
    return _PhraseIndex(rules, by_char, frozenset(by_char), english, free)


def _open_phrases(
    onto: Ontology, chars: frozenset[str], latin: bool
) -> list[tuple[Phrase, SlotDef, frozenset[str] | None]]:
    """The phrase rules a text with `chars` may match, in their order (the hits' order is
    kept): those one of whose `needs` it holds, and those needing none (English ones only
    in a text with a Latin letter). The same rules as testing each, without the test."""
    index: _PhraseIndex = onto.derived("slot_phrases.phrase_index", _phrase_index)
    found = set(index.free)
    if latin:
        found.update(index.english)
    for c in index.chars & chars:
        found.update(index.by_char[c])
    rules = index.rules
    return [rules[i] for i in sorted(found) if latin or not rules[i][0].english]


def phrase_updates(text: str, onto: Ontology, *, slot_words: bool = True) -> list[PhraseHit]:
    """Slot values stated by phrases that imply the slot, in no particular order.

    `slot_words` False says the text holds no slot word (the caller has looked)."""
    out: list[PhraseHit] = []
    latin = LATIN_LETTER.search(text) is not None
    chars = chars_in(text)
    low = lowered(text)
    for p, slot, cue in _open_phrases(onto, chars, latin):
        if lacks_words(cue, low):
            continue
        for m in p.rx.finditer(text):
            value = m.group("value")
            if p.slot == "名称":
                hit = _name_hit(m, "value", onto, slot, cued=True)
                # "X附近吃饭的地方挺多，您可以去A": A is X's neighbour, not the recommendation.
                # Not after "周边没有…，推荐您去A": then A is the place instead of a neighbour.
                if hit is not None and not _nearby_before(text, m.start(), unless_none=True):
                    out.append(PhraseHit(hit.start, hit.end, slot, hit.value, p.confidence))
                continue
            if p.slot == PEOPLE and _NOT_A_PARTY.match(text, m.end()) is not None:
                continue  # "We're 6 people on the team now": a team's size, no party's
            if p.slot == "date" and p.english and _in_past_clause(text, m.start()):
                continue  # "I was in Paris from October 3 to October 8 last year": no booking
            if p.slot == "推荐菜" and (_NOT_A_DISH.search(value) or onto.find_members(value)):
                continue  # "最好有免费停车": an option of another slot
            if p.slot == "product" and _opens_with_entity_word(value, onto):
                continue  # "想订一家酒店": a kind of place the task is about, not a product
            if p.slot == "product" and not p.english:
                # "买 iPhone 15 Pro 黑色": the product ends before another slot's value.
                value = value[: _zh_product_end(value, onto)].rstrip()
                if not value:
                    continue  # "订3月15日从北京到上海的机票": a trip's date, no product
                if _TRIP_TICKET.match(value):
                    continue  # "买一张到杭州的火车票": where the ticket goes, no product
            end = m.start("value") + len(value)
            # "book a table for 4 people on March 10th": a date's hit is its value alone, the
            # words before it left to the other slots' rules.
            start = m.start("value") if p.slot == "date" and p.english else m.start()
            out.append(
                PhraseHit(
                    start, end, slot, value, p.confidence, p.in_question, user_only=p.user_only
                )
            )
    out += _names_said(text, onto)
    trip = _from_to(text, onto)
    out += trip
    out += _station_pair(text, onto)
    out += _car_and_plate(text, onto)
    for m in _IT_IN.finditer(text) if latin and not _IT_IN_GATE.shut(text, low) else ():
        value = m.group("value")
        members = onto.find_members(value)
        it = members[0][1] if members else _slot_in(value, onto) or onto.slot("color")
        if it is not None:
            out.append(PhraseHit(m.start(), m.end("value"), it, value, 0.5))
    if slot_words or _NAME_REF_CUE.search(text) is not None:
        out += _name_references(text, onto)
    out += _name_lists(text, onto)  # after the phrases: a phrase reads its span better
    # "use X for <slot>" is English, and names a slot.
    words = onto.slot_words_regex if latin and slot_words else ""
    if words:
        rx = onto.derived(
            "slot_phrases.for", lambda o: re.compile(_FOR_SLOT + rf"(?P<slot>{words})\b")
        )
        for m in rx.finditer(text):
            named = onto.slot_for_word(m.group("slot"))
            if named is not None:
                out.append(PhraseHit(m.start(), m.end("value"), named, m.group("value"), 0.7))
    if trip:
        # "从A打车到B": A and B are the ride's ends, not places the task is about.
        ends = [(h.start, h.end) for h in trip]
        out = [
            h for h in out if h.slot.name != "名称" or not any(a <= h.start < b for a, b in ends)
        ]
    return out


# What starts another slot's value inside a Chinese product's: a date, a trip's start, an
# amount ("3月15日", "从北京", "8999元", "¥8,999").
_NOT_PRODUCT = re.compile(
    r"\d{1,2}月\d{1,2}[日号]|(?<!\d)\d{1,2}[日号](?![\u4e00-\u9fff])|(?:明天|后天|下周|周[一二三四五六日])"
    r"|从[\u4e00-\u9fff]{2,}(?:到|去)|[¥￥$]\s*\d|\d+(?:\.\d+)?\s*(?:元|块)"
)


def _zh_product_end(value: str, onto: Ontology) -> int:
    """Where a Chinese product's value ends: before an enum member another slot reads
    ("iPhone 15 Pro 黑色"), a date, a place or an amount (`_NOT_PRODUCT`)."""
    end = len(value)
    # A member opening the value is the product's own word ("黑色的iPhone", "金色年华").
    starts = [m.start() for m, _, _ in onto.find_members(value) if m.start() > 0]
    end = min([end, *starts])
    if (m := _NOT_PRODUCT.search(value)) is not None:
        end = min(end, m.start())
    return end


# "买一张到杭州的火车票": a ticket's way ("到杭州") read where a product would be.
_TRIP_TICKET = re.compile(
    r"(?:从|到|去|飞往|飞|前往)[\u4e00-\u9fff]{1,12}?的?(?:往返|单程)?"
    r"(?:机票|航班|火车票|高铁票|动车票|车票|船票|飞机票)"
)


def _opens_with_entity_word(value: str, onto: Ontology) -> bool:
    """Whether `value` opens with a word the ontology names one of its entities by
    ("酒店", "酒店住两晚"): what is ordered then is a place of that kind."""
    return any(m.start() == 0 for m in onto.entity_words(value))


# "有评分4分以上的餐馆", "想吃烤肉宛饭庄家的…", "有特色的餐馆": a criterion, a restaurant
# or a quality in a dish's place.
# "有推荐的餐馆吗": a recommendation asked for, no dish.
_NOT_A_DISH = re.compile(
    r"\d|评分|人均|消费|价格|^特色(?:菜|美食)?[了啦吧啊呀呢]*$|名气|吃饭|用餐|便饭|家$|店$|性$|^推荐"
)


def _name_only(value: str) -> str:
    """ "我想去白乙化烈士纪念馆看看", "如家商旅酒店(北京牡丹园地铁站店)就行": the visit or the
    assent after a name is not part of it; nor is a modifier before it ("评分4.3分的护国寺小吃店")
    or the entity word after it ("天安门广场这个景点")."""
    value = _NAMED.sub("", _AFTER_BRANCH.sub(lambda m: m.group(0)[0], value))
    value = _REF_BEFORE.sub("", value) or value
    value = _LEAD_VERB.sub("", value) or value
    value = _KIND_BEFORE.sub("", value) or value
    value = _NAME_TAIL.sub("", value) or value
    # "天坛是一个不错的选择": the verdict on the name is no part of it.
    value = _VERDICT.sub("", value) or value
    head = value.rfind("的")
    if 0 < head < len(value) - 2 and "(" not in value[:head] and "（" not in value[:head]:
        value = _LEAD_VERB.sub("", value[head + 1 :]) or value[head + 1 :]
        value = _KIND_BEFORE.sub("", value) or value
    return _KIND_AFTER.sub("", value) or value


_VERDICT = re.compile(
    r"(?<=..)(?:就是|也是|是)(?:一个|一家|个)?(?:非常|很|特别|挺|十分|相当)?"
    r"(?:不错|好|理想|合适)的(?:选择|地方|去处|景点|餐馆|餐厅|酒店)$"
)
# "刚才那家金鼎轩", "之前说的那个故宫": a pointer back to a place said before, then its name.
_REF_BEFORE = re.compile(
    r"^(?:刚才|刚刚|之前|前面|上次|上面|先前)(?:说的|提到的|推荐的|查的)?(?:那|这)?"
    r"(?:家|个|座|间)?(?:餐馆|餐厅|酒店|宾馆|景点)?(?=..)"
)
# "景点中国国家话剧院": the kind named before it.
_KIND_BEFORE = re.compile(r"^(?:景点|餐馆|餐厅)(?=...)")
# "天安门广场这个景点", "八达岭长城景点": the kind named after the name.
_KIND_AFTER = re.compile(
    r"(?:(?:这个|这家|那个|那家)(?:酒店|宾馆|餐馆|餐厅|景点|地方)?|[他它她]家|景点|餐馆|[.．]|(?<=酒店)酒店)$"
)
# Words no name holds: negations, pronouns, plans ("评分没有", "溜达完我打算在景点"), and
# two names joined ("北京万达文华酒店和北京人卫酒店": `_name_lists` splits them), a price.
# A joiner after one character is a name's own ("嘉和一品粥"): no name is one character.
# What a reply says of the places it lists, after the last one ("A和B都不错"): no part of a
# name, and where a list member ends (`_SAID_AFTER`).
_SAID_OF_LIST = r"都(?:是|能|可以|挺|很|在|不错|符合|还)"
_NOT_IN_NAME = re.compile(
    r"没有|其他|其它|别处|别的|外面|这些|试试|尝尝|建议|打算|不过|我|你|您|详细|具体|营业|剩下|抱歉|"
    r"而且|吃完|过没|^\d+(?:\.\d+)?(?:元|分|块|小时|天)?$|(?<=..)(?:和|与|或|跟)(?=..)|以及"
    # "A和B都不错": what a reply says of the places it lists is no part of a name.
    r"|" + _SAID_OF_LIST
)


# "那家小馆(永安里店)": a name that starts like "that place", told apart by its branch.
_THAT_BRANCH = re.compile(r"^[这那]家(?=[^()（）]{1,10}[(（][^()（）]+[)）]$)")


# A bare entity word with a determiner ("这家酒店", "西餐厅", "两个酒店") is no name; "北京瑰丽
# 酒店" is. Two characters before a restaurant word name it ("故宫餐厅") unless they say what
# kind it is ("川菜餐厅"); before the other kind words they make a name only after a cue that
# says a place follows ("推荐您去友谊宾馆", not "既然酒店…"), unless they are a determiner.
_KINDS = (
    r"[中西日韩法意泰美德俄欧港台粤]式|[中日韩法意泰美德俄印越英]国|[川湘粤鲁徽浙闽苏京]菜|[川湘]味"
    r"|东北|西北|江浙|清真|素食|素菜|家常|农家|火锅|烧烤|海鲜|自助|快餐|日料|西餐|中餐|咖啡|酒店|景区"
    r"|大堂|旋转|行政|顶层"
    r"|主题|特色|高档|豪华|经济|舒适|快捷|商务|连锁|星级|[一二三四五]星|度假|温泉|网红|热门|有名|著名"
    r"|知名|人气|老牌|新开|当地|本地|大众|普通|一般|便宜|平价|精品|亲子|免费|收费|室内|室外|户外|旅游"
    r"|历史|文化|自然|人文|红色|国外|外国|附近|周边|其他|其它|别的|什么|哪些|不错|合适|理想|好吃"
    r"|安静|干净|所有|全部|任何|同类|这种|那种|这类|那类|一些|几家|几个|两家|两个|三家|三个"
)
_BARE_KIND = re.compile(
    rf"^(?:.?|{_KINDS}|[这那该此一两几哪每某本其它他她您你我好][家个些座间的])(?:餐馆|餐厅)$"
    r"|^.{0,2}(?:酒店|景点|宾馆|地方)$"
)
_BARE_KIND_CUED = re.compile(
    r"^(?:.?|[这那该此一两几哪每某本其它他她您你我好][家个些座间的])(?:酒店|餐馆|景点|餐厅|宾馆|地方)$"
)


def _plausible_name(value: str, onto: Ontology, *, cued: bool = False) -> bool:
    value = _THAT_BRANCH.sub("", value)
    # "金紫银海鲜(仁和店)": a branch's own words may hold a joiner or a slot word.
    core = _BRANCH.sub("", value)
    return (
        len(core) >= 2  # "(起点) X附近…": a name is more than a bracket
        and not (_BARE_KIND_CUED if cued else _BARE_KIND).match(value)
        and not _NOT_A_NAME_START.search(value)
        # "成宏酒家": a name suffix of the ontology ends it, whatever its last character.
        and (_NOT_A_NAME_END.search(value) is None or onto.entity_of_name(value) is not None)
        and not _NOT_IN_NAME.search(core)
        and not _names_a_slot(core, onto)
    )


_BRANCH = re.compile(r"[(（][^()（）]*[)）]")


def _names_a_slot(value: str, onto: Ontology) -> bool:
    """Whether `value` holds the word of a slot some entity has ("X的地址"); the words of
    slots no entity has ("北京语言大学" holds a generic slot's "语言") are left to names."""
    owned = onto.derived(
        "slot_phrases.entity_slots", lambda o: frozenset(n for e in o.entities for n in e.slots)
    )
    for m in onto.slot_word_pattern().finditer(value):
        slot = onto.slot_for_word(m.group(0))
        if slot is None or slot.name in owned or not owned:
            return True
    return False


def _name_hit(
    m: re.Match[str],
    group: str,
    onto: Ontology,
    slot: SlotDef,
    *,
    said: bool = False,
    cued: bool = False,
) -> PhraseHit | None:
    raw = m.group(group)
    # The name a span holds depends on the span alone, and the same spans come back (every
    # reader of a reply tries its clauses): worked out once per span.
    memo = answers_of(onto, "slot_phrases.name_in")
    key = (raw, said, cued)
    value: str | None = memo.get(key, UNKNOWN)  # one lookup: safe beside another thread
    if value is UNKNOWN:
        value = memo[key] = _name_in(raw, onto, said=said, cued=cued)
    if value is None:
        return None
    start = m.start(group) + max(raw.find(value), 0)
    if (
        _inside_name(m.string, start, onto)
        or _LATIN_NEXT.match(m.string, start + len(value))
        or _RIDE_TO.search(m.string, max(0, start - 5), start)
    ):
        return None
    # "北京贵都大" + "酒店符合": a lazy match stopped before the name's own kind word.
    kind = _KIND_NEXT.match(m.string, start + len(value))
    if (
        kind is not None
        and onto.entity_of_name(value) is None
        and onto.entity_of_name(value + kind.group(0)) is not None
    ):
        value += kind.group(0)
    return PhraseHit(start, start + len(value), slot, value, 0.5, True)


def _name_in(raw: str, onto: Ontology, *, said: bool, cued: bool) -> str | None:
    """The name a span read as one holds (`_name_hit`), or None when it is no name."""
    value = _name_only(raw)
    # "箭扣长城爬长城", "翰风餐厅吃香葱鱼片": a name that ends as names do, then a plan.
    end = _shortest_name(value, 0, onto, verified=True)
    if end is not None and _PLAN.match(value, end):
        value = value[:end]
    elif onto.entity_of_name(value) is None and (plan := _PLAN.search(value)) is not None:
        value = value[: plan.start()]  # "恭王府溜达一圈"
    if not _plausible_name(value, onto, cued=cued) or (said and _REQUEST_CHARS.search(value)):
        return None
    if _A_STOP.fullmatch(value):
        return None  # "您可以到西直门地铁站A口坐车": a metro stop, no place of a kind
    return value


_KIND_NEXT = re.compile(r"酒店|宾馆|饭店|餐厅|餐馆")
# A metro stop with its exit, and what one does there: "西直门地铁站A口坐车".
_A_STOP = re.compile(r".{1,12}地铁站(?:[A-Z]\d?口)?(?:坐车|上车|下车|乘车|坐地铁|换乘)?")
# What one goes to a place to do, after its name: "恭王府溜达一圈", "先声画廊看画展".
_PLAN = re.compile(
    r"(?<=..)(?:溜达|看|逛|转|玩(?!城|具)|(?<!小)吃|住|用餐|尝|参观|游玩|游览|爬|请|聚餐|相对"
    # "京城第一家…" counts in a name.
    r"|一个(?<!第一个)|一家(?<!第一家))"
)


# "博璨德国啤酒餐厅 Brotzeit Bier Bar(…)": a Latin word after a space goes on with the name.
_LATIN_NEXT = re.compile(r" [A-Za-z]")
# "千只鹤手作り料理 居楽屋(昌平店)", "Let's BURGER plus(…)", "庆丰包子铺 八达岭长城店(…)": a
# name with a space in it, its first word Latin, kana or a name itself; the part after the
# space is no name of its own ("推荐您去 北京饭店" is one).
_WORD_BEFORE = re.compile(r"([^\s，,。；;！!？?：:、]+) $")
_FOREIGN = re.compile(r"[A-Za-z\u3040-\u30ff]")


def _inside_name(text: str, start: int, onto: Ontology) -> bool:
    word = _WORD_BEFORE.search(text, max(0, start - 31), start)
    if word is None:
        return False
    return bool(_FOREIGN.search(word.group(1))) or onto.entity_of_name(word.group(1)) is not None


# "坐出租车去X", "打车到X": where a ride goes is its 目的地, not the place the task is about.
_RIDE_TO = re.compile(r"(?:出租车?|打车|打的|叫车|坐车|地铁|公交)(?:去|到|前往)$")


def _names_said(text: str, onto: Ontology) -> list[PhraseHit]:
    slot = onto.slot("名称")
    if slot is None:
        return []
    out: list[PhraseHit] = []
    said = not _NAME_SAID_CUES.shut(text) and _NAME_SAID_GATE.search(text) is not None
    for m in _NAME_SAID.finditer(text) if said else ():
        group = next(g for g in _SAID_GROUPS if m.group(g))
        if group in ("v5", "v7", "v8") and _nearby_before(text, m.start(group)):
            continue  # "餐馆周边只有X": the only neighbour, not the place recommended
        hit = _name_hit(m, group, onto, slot)
        if hit is not None:
            out.append(hit)
    # The kind word after the name is the cheap gate: a scan for a literal start.
    if _THIS_KIND.search(text) is not None:
        for m in _NAME_THIS_KIND.finditer(text):
            hit = _name_hit(m, "value", onto, slot)
            # "看来这个酒店", "请问一下这家餐馆": a remark before the kind word, not a name.
            if hit is not None and len(hit.value) > 2 and not _NOT_THIS_NAME.search(hit.value):
                out.append(hit)
    return out


_NOT_THIS_NAME = re.compile(r"[问说想要帮查看找]|一下|觉得|感觉|所以|但是|可是|还是|如果|因为")
_SAID_GROUPS = ("value", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9")


# A place said by its kind alone ("回酒店"), by the CrossWOZ kind it means.
KIND_WORDS: dict[str, str] = {
    "酒店": "酒店",
    "宾馆": "酒店",
    "饭店": "酒店",
    "餐馆": "餐馆",
    "餐厅": "餐馆",
    "景点": "景点",
    "景区": "景点",
}
KIND_WORD = "|".join(KIND_WORDS)
# An end said by its kind alone: "酒店", "回酒店" read as "酒店".
_KIND_ALONE = re.compile(KIND_WORD)


def _from_to(text: str, onto: Ontology) -> list[PhraseHit]:
    start_slot, end_slot = onto.slot("出发地"), onto.slot("目的地")
    if start_slot is None or end_slot is None:
        return []
    out: list[PhraseHit] = []
    # Every trip said with its ends in order starts with 从; one said otherwise is read
    # only when a ride is asked for and its start looks like a place (see below).
    for m in _FROM_TO.finditer(text) if "从" in text else ():
        a, b = _name_only(m.group("a")), _name_only(m.group("b"))
        bare_a, bare_b = _NOT_A_PLACE.search(a) is not None, _NOT_A_PLACE.search(b) is not None
        # "从故宫回酒店": the end said by its kind alone is the place of that kind the dialogue
        # is about (which this rule cannot tell); the named end still is what it is. Both
        # said so ("从这里到那里") name no trip.
        if (bare_a and bare_b) or (
            (bare_a or bare_b) and not _KIND_ALONE.fullmatch(a if bare_a else b)
        ):
            continue
        ride = _ride(text, onto, (m.span("a"), m.span("b")))
        if not bare_a:
            out.append(
                PhraseHit(m.start("a"), m.start("a") + len(a), start_slot, a, 0.6, True, ride)
            )
        if not bare_b:
            out.append(PhraseHit(m.start("b"), m.start("b") + len(b), end_slot, b, 0.6, True, ride))
    if out or _A_TRIP_CUE_GATE.shut(text) or _A_TRIP_CUE.search(text) is None:
        return out
    for rx in (_ENDS_NO_FROM, _IN_THEN_TO, _TO_THEN_IN):
        for m in rx.finditer(text):
            at = "a" if m.group("a") else "a2"
            a, b = _name_only(m.group(at)), _name_only(m.group("b"))
            if not (_trip_start(a, onto) and _trip_end(b, onto)):
                continue
            a_at, b_at = m.start(at) + max(m.group(at).find(a), 0), m.start("b")
            ride = _ride(text, onto, (m.span(at), m.span("b")))
            out.append(PhraseHit(a_at, a_at + len(a), start_slot, a, 0.6, True, ride))
            out.append(PhraseHit(b_at, b_at + len(b), end_slot, b, 0.6, True, ride))
            return out
    return out


# A ride or the way asked for: what a trip's ends said without 从 need to be read as such.
_A_TRIP_CUE = re.compile(
    r"打车|打的|叫车|出租|的士|坐车|乘车|地铁|(?:叫|约|喊|呼叫|预约)(?:一|1)?[个辆部台]"
    r"|怎么走|怎么去|怎么过去|怎么坐"
)
_END_SPAN = r"[^，,。；;！!？?\n、从]{2,30}?"
_GO = r"(?:到|去|至|前往|回)"
# "故宫到北京饭店打车多少钱？", "帮我约一辆车，故宫到北京饭店": two ends at a clause's start,
# the ride or the way right after them.
_ENDS_NO_FROM = re.compile(
    r"(?:^|(?<=[，,。；;！!？?\s]))(?:请问|那么?|好的|我想知道|想问一下|帮我查一下|查一下)?(?!\d)"
    + _NOT_AN_END
    + rf"(?P<a2>)(?P<a>[^，,。；;！!？?\n、从到去至]{{2,30}}?){_GO}"
    + _NOT_AN_END
    + r"(?P<b>[^，,。；;！!？?\n、]{2,30}?)"
    r"(?=(?:要|需要)?(?:打车|打的|叫车|坐车|乘车|坐地铁|乘地铁|乘坐地铁|坐出租|怎么走|怎么去|怎么坐"
    r"|多远|远吗|远不远|要多久|多久|的(?:出租车?|车|的士|地铁)|[，,。！!？?]|$))"
)
# "我在故宫，想去北京饭店，帮我叫车": where the speaker is, then where to go.
_IN_THEN_TO = re.compile(
    r"我(?:现在|目前|人)?(?:在|位于)(?P<a>[^，,。；;！!？?\n、从到去]{2,30}?)(?:这边|这里|这儿|门口)?"
    rf"(?P<a2>)[，,]\s*(?:我)?(?:现在)?(?:想|要|打算|准备|需要)?(?:打车|打的|坐车|坐地铁|乘地铁)?{_GO}"
    r"(?P<b>[^，,。；;！!？?\n、]{2,30}?)(?=[，,。！!？?]|$|打车|坐|乘|怎么|的)"
)
# "帮我叫辆车去北京饭店，我在故宫", "打车到北京饭店，从故宫出发": where to go, then where
# the ride starts.
_TO_THEN_IN = re.compile(
    rf"{_GO}(?P<b>[^，,。；;！!？?\n、从]{{2,30}}?)[，,。]\s*"
    r"(?:我(?:现在|目前|人)?(?:在|位于)(?P<a>[^，,。；;！!？?\n、从到去]{2,30}?)(?:这边|这里|这儿|门口)?"
    r"|(?:我)?从(?P<a2>[^，,。；;！!？?\n、到去]{2,30}?)(?:出发|走|上车|过去))"
    r"(?=[，,。！!]|$)"
)


def _trip_start(value: str, onto: Ontology) -> bool:
    """A start said without 从 is read only when it looks like a place ("故宫", a branch)."""
    return (
        (onto.entity_of_name(value) is not None or value.endswith((")", "）")))
        and _plausible_name(value, onto)
        and not _NOT_A_PLACE.search(value)
    )


def _trip_end(value: str, onto: Ontology) -> bool:
    return (
        _plausible_name(value, onto)
        and not _NOT_A_PLACE.search(value)
        and not _NOT_A_TRIP_END.match(value)
    )


# "故宫到了吗", "想去看看", "想去别的地方": no place follows the verb of going.
_NOT_A_TRIP_END = re.compile(
    r"了|过|底|处|时候|看|玩|逛|吃|买|找|住|走|转|坐|打|叫|一下|一趟|别的|其他|其它|外面|家里"
)


def _ride(text: str, onto: Ontology, ends: tuple[tuple[int, int], ...]) -> str | None:
    """The entity a trip's ends belong to: one named in the text ("乘地铁") outside the names
    of its ends (not "X(梨园地铁站店)"), else the one whose own slots the text asks about
    ("把车型与车牌告诉我" is a taxi's)."""
    rides = {e.name for e in onto.entities if "出发地" in e.slots}
    outside = text
    for a, b in ends:
        outside = outside[:a] + "，" * (b - a) + outside[b:]
    for _, e in onto.entity_mentions(outside):
        if e.name in rides:
            return e.name
    for w in onto.slot_word_pattern().finditer(text):
        slot = onto.slot_for_word(w.group(0))
        owners = [e.name for e in onto.entities if slot is not None and slot.name in e.slots]
        if len(owners) == 1 and owners[0] in rides:
            return owners[0]
    # "帮我叫个车", "叫一辆从X回Y的车": a car called is a taxi, in words no entity lists.
    if "出租" in rides and _CAR_CALLED.search(outside) is not None:
        return "出租"
    return None


_CAR_CALLED = re.compile(r"(?:叫|约|喊|呼叫|预约|安排)(?:一|1)?[个辆部台]")


# "从这里到那", "从酒店到景点": pronouns and bare entity words are no trip ends.
_NOT_A_PLACE = re.compile(
    r"^(?:这|那|哪|它|他|她|我|你|您|酒店$|餐馆$|景点$|餐厅$|宾馆$)|^(?:这里|那里|这儿|那儿)$"
)


def _station_pair(text: str, onto: Ontology) -> list[PhraseHit]:
    """ "从苹果园地铁站B口上地铁，在灯市口地铁站A口下地铁": two stations named without their
    slot words are the trip's start and end, in that order."""
    if "站" not in text:
        return []
    start_slot, end_slot = onto.slot("出发地附近地铁站"), onto.slot("目的地附近地铁站")
    if start_slot is None or end_slot is None:
        return []
    out = _stations_boarded(text, start_slot, end_slot)
    if "地铁站" not in text:
        return out
    found = list(_STATION.finditer(text))
    if len(found) != 2 or onto.slot_word_pattern().search(text) is not None:
        return out
    a, b = found
    # The stations where one gets on and off say which end each is, whatever their order.
    told = {h.slot.name for h in out} | {h.value for h in out}
    pair = [
        PhraseHit(a.start(), a.end(), start_slot, a.group(0), 0.6, True),
        PhraseHit(b.start(), b.end(), end_slot, b.group(0), 0.6, True),
    ]
    return out + [h for h in pair if h.slot.name not in told and h.value not in told]


# "在天安门东站上车", "到西单站C口下车", "从苹果园地铁站B口进站": a station (said with 站 only,
# too) where one gets on is the ride's start, where one gets off its end.
_STATION_BOARDED = re.compile(
    r"(?:在|从|到|去|^|(?<=[，,。；;！!\s]))"
    r"(?P<s>(?![去了先再就])(?:(?![从在到是有为的坐乘搭我你您他她])[A-Za-z0-9\u4e00-\u9fff]){2,12}?"
    r"(?:地铁站|站)(?:[A-Z]\d?口|\d+号口)?)"
    r"(?:(?P<on>上车|上地铁|进站|坐车|乘车|坐地铁|乘地铁|搭地铁|乘坐地铁)"
    r"|(?P<off>下车|下地铁|出站|下(?=[，,。！!]|$|就|即可)))"
    # "在北京西站下车，然后换乘地铁": a stop before the metro is boarded is not its end.
    r"(?![^。！!？?]{0,6}?(?:换乘|转乘|换地铁|转地铁|(?:坐|乘|搭)地铁))"
)
# "在公交站上车", "在下一站下车", "到终点站下车": no metro station's name.
_NOT_A_STATION = re.compile(
    r"^(?:公交|汽车|火车|高铁|长途|客运|车|下一|上一|这一?|那一?|哪一?|同一|第|终点|起点|始发|出发"
    r"|目的|到达|换乘|加油|服务|[一二两三四五六七八九十几\d]+(?:站|地铁站)$)"
    # "车站": any stop, no name.
    r"|车站$"
)
# A stop of a bus line ("坐特8路在前门站下车"), a train's or where a taxi drops one ("坐出租车
# 到X站下车", "坐高铁在天津站下车") is no metro station's, unless said with 地铁站.
_A_BUS = re.compile(r"公交|巴士|大巴|\d+路|出租|打车|的士|司机|高铁|火车|动车|航站楼")


def _stations_boarded(text: str, start_slot: SlotDef, end_slot: SlotDef) -> list[PhraseHit]:
    bus = _A_BUS.search(text) is not None
    out: list[PhraseHit] = []
    led = False
    for m in _STATION_BOARDED.finditer(text):
        station = m.group("s")
        if _NOT_A_STATION.match(station) or (bus and "地铁站" not in station):
            continue
        slot = start_slot if m.group("on") is not None else end_slot
        if any(h.slot is slot for h in out):
            return []  # two stations for one end: a route, no single reading
        led = led or m.start("s") > m.start()
        out.append(PhraseHit(m.start("s"), m.end("s"), slot, station, 0.6, True))
    # A station said bare at a clause's start is read with the other end only: "西单地铁站
    # 上车" alone may answer where to get off, "在西单站上车" says where one gets on.
    return out if led or len(out) == 2 else []


# A taxi's plate: "京A12345", "京B·88888"; CrossWOZ writes "#CP" for it and "#CX" for the car.
_PLATE = re.compile(
    r"(?<![A-Za-z0-9])(?:[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-Z]"
    r"[·\s]?[A-Z0-9]{5,6}(?![A-Za-z0-9])|#CP\b)"
)
_CAR_HOLDER = re.compile(r"#CX\b")
# What every match of each holds (`gates.Gate`): a text without it is not scanned.
_IT_IN_GATE = Gate(_IT_IN)
_NAME_SAID_CUES = Gate(_NAME_SAID_GATE)
_A_TRIP_CUE_GATE = Gate(_A_TRIP_CUE)
_PLATE_GATE = Gate(_PLATE)
# "给您叫了一辆黑色的大众", "叫好了，一辆白色丰田卡罗拉": the car booked, when its plate is
# given too (the words alone may be any car).
_CAR_MODEL = re.compile(
    r"(?:(?:叫|约|派|安排|预约|订|呼叫)(?:好)?了?[，,]?\s*|是|开的是|开着|^|(?<=[，,。；;！!]))"
    # ("一辆黑色的大众": the car is the 大众, the colour said before it with 的.)
    r"(?:一辆|辆)(?:[\u4e00-\u9fff]{1,2}色的)?"
    r"(?P<value>[^，,。；;！!？?\s的]{2,14}?)(?:的?(?:出租车|出租|的士|轿车|小车|车))?"
    r"(?=[，,。；;！!？?]|$)"
)
# What a car's description holds no word of: a time, a ride's course, the speaker.
_NOT_A_CAR = re.compile(
    r"[车在到去来接会将您你我帮给]|出租|的士|分钟|马上|已经|正在|大约|大概|\d+(?:分|点)|#"
)


def _car_and_plate(text: str, onto: Ontology) -> list[PhraseHit]:
    """ "车已经叫好了，#CX，#CP", "一辆黑色的大众，车牌号京A12345": a taxi's car and plate said
    without their slot words (a plate has its own shape)."""
    model_slot, plate_slot = onto.slot("车型"), onto.slot("车牌")
    if model_slot is None or plate_slot is None:
        return []
    plates = [] if _PLATE_GATE.shut(text) else list(_PLATE.finditer(text))
    out = [PhraseHit(m.start(), m.end(), plate_slot, m.group(0), 0.6, True) for m in plates]
    holders = list(_CAR_HOLDER.finditer(text)) if "#" in text else []  # "#CX" holds one
    out += [PhraseHit(m.start(), m.end(), model_slot, m.group(0), 0.6, True) for m in holders]
    if plates and not holders and "辆" in text:
        for m in _CAR_MODEL.finditer(text):
            value = m.group("value")
            if _NOT_A_CAR.search(value) is None:
                out.append(
                    PhraseHit(m.start("value"), m.end("value"), model_slot, value, 0.6, True)
                )
                break
    return out


# "坐地铁", "打车": a ride taken, said before a slot word as a name would be.
_A_RIDE = re.compile(r"(?:坐|乘坐?|搭|打)(?:地铁|公交|出租车?|车|的)")
# What a name asked about is followed by when no slot word follows it (see below).
_NAME_REF_CUE = re.compile(r"周边|附近|周围|具体|在哪|怎么样")


def _name_references(text: str, onto: Ontology) -> list[PhraseHit]:
    """ "全聚德(顺义店)的营业时间是什么时候", "把太和殿的地址告诉我": a name asked about.

    Only for ontologies with a 名称 slot. The span before "的 + slot word" (or "在哪",
    "周边") counts when it starts at a clause edge and looks like a name, not like a phrase
    ("能帮我查一下它家", "酒店的"); measured on CrossWOZ's user turns, 209 of 220 such spans
    are names of the dialogue's goal.
    """
    slot = onto.slot("名称")
    words = onto.slot_words_regex
    if slot is None or not words:
        return []
    rx = onto.derived(
        "slot_phrases.names",
        lambda o: re.compile(
            r"(?:^|[，,。；;！!？?\s]|好的|那么|那|请问|麻烦你?|我选|就选|选|就去|去"
            # "请帮我找一下X的电话": a request, then the name.
            r"|(?:请)?(?:帮我|给我)?(?:找|查|查询)(?:一下|下))"
            # "Let's BURGER plus(三里屯太古里店)": a Latin name keeps its spaces and apostrophes.
            r"(?:在|从|到|把)?(?P<value>(?:[A-Za-z0-9\u4e00-\u9fff（）()·'&]"
            r"|(?<=[A-Za-z]) (?=[A-Za-z])){3,30}?)"
            # "X他家都有什么推荐菜": the place, then the pronoun for it.
            rf"(?=的(?:{words}|周边|附近|周围|具体)|在哪|怎么样|周边|附近(?:都|还)?有|[他它她]家"
            rf"|(?:{words})(?:是|为|怎么样|多少|如何))"
        ),
    )
    out: list[PhraseHit] = []
    for m in rx.finditer(text):
        if _A_RIDE.match(m.group("value")):
            continue  # "坐地铁的时长": a ride, no place's name
        hit = _name_hit(m, "value", onto, slot, said=True)
        if hit is not None and _ASKING_LEAD.search(text, 0, hit.start):
            # "帮我查一下上面那家的地址": led by an asking verb, held as the fallback's are.
            hit = hit if _asked_name(hit.value, onto) else None
        elif hit is None:
            # "能帮我查一下X的地址吗": the span from the clause's edge holds the request; the
            # name is what follows its last asking verb (the scan does not look inside it).
            asks = list(_ASKING.finditer(text, m.start("value"), m.end("value")))
            if asks and m.end("value") - asks[-1].end() >= 2:
                inner = _ANY_SPAN.match(text, asks[-1].end(), m.end("value"))
                hit = _name_hit(inner, "value", onto, slot, said=True) if inner else None
                # Held to more than a span at a clause's edge: the words after an asking verb
                # are as often a filler ("能告诉我大概的…", "上面那家的") as a name.
                if hit is not None and not _asked_name(hit.value, onto):
                    hit = None
        if hit is not None:
            out.append(hit)
    return out


# What asks for a place's details before its name: "帮我查一下", "告诉我", "问一下".
_ASKING = re.compile(
    r"(?:帮我|给我|帮忙)?(?:查|找|查询|问|看)(?:一下|下|一查|查)|告诉(?:我们?)?(?:一下)?"
    r"|(?:知道|了解)(?:一下)?"
)
_ANY_SPAN = re.compile(r"(?P<value>.+)", re.S)
_ASKING_LEAD = re.compile(rf"(?:{_ASKING.pattern})$")  # an asking verb right before a span
# Words that start what follows an asking verb when it is no name: where, which, how much.
_NOT_ASKED_NAME = re.compile(
    r"^(?:上面|前面|后面|下面|以上|上述|其中|第|每|各|全部|所有|对应|大概|大约|具体|详细|准确|确切|"
    r"一般|平均|刚才|刚刚|今天|明天|后天|免费|团|[一两几三四五六七八九十]个|当地|实际|现在|周末|目前|"
    r"门口|真实|完整|单人|成人|当天|平时|晚上|白天|早上|中午|下午|上午)"
)


def _asked_name(value: str, onto: Ontology) -> bool:
    """Whether what follows an asking verb reads as a name: a kind ending or a branch, or
    words that start like no filler ("北海", "西单"; not "大概", "上面那家")."""
    if onto.entity_of_name(value) is not None or value.endswith((")", "）")):
        return True
    return len(value) >= 2 and not _NOT_ASKED_NAME.match(value)


# Spans before "的地址" that are phrases, pronouns or bare entity words, not names.
_NOT_A_NAME_START = re.compile(
    r"^(?:这|那|它|他|她|该|此|你|我|您|哪|什么|有|只有|请|帮|想|要|还|再|一家|一个|附近|周边|"
    r"出租|地铁|晚上|最后|然后|最好|知道|能|麻烦|准备|就|顺便"
    # "很好的那家": a remark, unless a branch says it is a name ("很久故事(拱辰店)").
    r"|很(?![^()（）]{1,20}[(（][^()（）]+[)）]$)"
    # "去前面那家", "刚才那个": a pointer back, no name.
    r"|前面|后面|刚才|刚刚|之前|上次|上面|下面"
    # "换一家X怎么样", "要不试试X": another place offered, the offer no part of it.
    r"|换一?[家个]|要不|试试"
    # "那您看明天下午三点怎么样": a time, no place.
    r"|明天|今天|后天|上午|下午|中午|早上|周末"
    # "去入住X", "推荐住在X": staying is said before a hotel's name, not in it.
    r"|入住|住在|住宿)"
)
_NOT_A_NAME_END = re.compile(r"(?:的|家|它|他|她|评分|地址|是|消费|位置|出租车)$")
# A span the user says before "的地址" with one of these in it is a request ("帮我查一下它家"),
# not a name; a name the assistant recommends may hold them ("锦府盐帮", "好伦哥").
_REQUEST_CHARS = re.compile(r"[找推荐想要帮查看说能最好]|告诉|知道|然后")


def _slot_in(text: str, onto: Ontology) -> SlotDef | None:
    m = onto.slot_word_pattern().search(text)
    return onto.slot_for_word(m.group(0)) if m else None


# Where a clause starts, after the words that introduce a name ("比如", "推荐您去").
_CLAUSE_START = re.compile(
    r"(?:^|(?<=[，,。；;！!？?：:]))\s*"
    r"(?:(?:好的|好(?=[，,])|请问|嗯|恩|哦|那么|那(?!家)|其中|比如|相对比下|相比之下|(?:对比|比较)下来|综合来看|如(?![家果何今此意])|当然是|我选|就选|选|那就去|就去|我想去|我要去|去|"
    r"推荐(?:您|你)?(?:去)?|(?:为|给)(?:您|你)推荐(?:了)?|建议(?:您|你)?去|(?:您|你)可以去|还有|和|或者|以及)"
    # "您可以去看看X": the visit said before the place.
    r"(?:(?<=去)(?:看看|看一看|逛逛|逛一逛|玩玩|走走|转转|尝尝))?"
    r"[，,]?\s*)?"
)
# Words that a name follows inside a clause: "请在X周边", "推荐您去X", "符合的酒店是X".
_NAME_CUE = re.compile(
    r"(?:推荐(?:您|你|你们)?|建议(?:您|你|你们)?|(?:您|你|你们)可以|就|我们|先|带孩子)?去"
    # "去吃X", "您可以去看看X": the visit said before the place.
    r"(?:吃|看看|看一看|逛逛|逛一逛|玩玩|走走|转转|尝尝)?"
    # "去过", "去年", "去掉", "去的时候": a past visit, a time, a verb; no place after them.
    r"(?![过年掉的了世除])"
    r"|推荐给(?:您|你|你们)|推荐(?:您|你|你们)?|(?:为|给)(?:您|你|你们)推荐(?:几个)?|(?:就|就是|都是|应该是|非)?是"
    r"|在|到|选择?|比如|喜欢|觉得|感觉|告诉我(?:一下)?|查一下|确认一下|看看|找到(?:了)?(?:一家|一个)?"
    # "我想了解一下北京饭店", "介绍一下北京饭店".
    r"|了解(?:一下)?|介绍(?:一下)?"
    r"|只有(?:一家|一个)?|的|住"
    # "听说X挺好玩", "我认为X很适合您", "我看X就很适合".
    r"|说|认为|(?<![帮给让替])我看(?![看一])"
)
# Cues strong enough that the name after them may end any way: "建议你们去鱼大厨美食城或X".
_STRONG_CUE = re.compile(
    r"(?:(?:推荐|建议)(?:您|你|你们)?(?:带孩子)?去|(?:您|你|你们)可以去|(?:就|那就|我就|我们)去(?![过年掉的了世除]))"
    r"(?:看看|看一看|逛逛|逛一逛|玩玩|走走|转转|尝尝)?"
    r"|我想去|我要去|(?:就|我)选(?:择)?|(?:必须|一定)(?:得|要)?去|推荐给(?:您|你|你们)"
    # "推荐阳坊涮肉，人均…": the one place recommended, its facts after it.
    r"|(?:^|(?<=[，,。！!]))(?:我|那)?推荐(?![您你给一几这那些的菜个下吧吗过])"
    r"(?=[^，,。！!？?]{2,30}[，,](?:人均|评分|价格|门票|地址|电话|游玩|[它他她](?:家|的)))"
)
# What one does rather than where: "建议您去休息一下", "推荐您去走走".
_ACTIVITY = re.compile(
    r"^(?:吃|喝|玩|逛|看|休息|旅游|旅行|游玩|住|买|参观|散步|走|转|骑|爬|跑|听|度假|购物|别处"
    r"|酒店|宾馆|餐馆|餐厅|饭店|景点|景区|地方)"
    r"|一下|一些|一趟|的"
)
# What may follow a name: a clause end, a list joiner, or the words saying something of it.
_AFTER_NAME = re.compile(
    r"[，,。；;！!？?\s、：:]|$|和|跟|与|或|及|以及|的|是|在|就|都|也|吧|啊|呀|哦|还|这|怎么|如何|可以"
    r"|符合|附近|周边|地址|电话|门票|评分|价格|营业|人均|提供|有没有|离|距离|挺|很|不错|比较|正|刚好"
    r"|等|看|玩|逛|转|吃|住|用餐|尝|溜达|游玩|参观|请|莫属|爬|相对|一个(?<!第一个)|一家(?<!第一家)"
    # "到X去看看": the visit after the place.
    r"|去(?=看|玩|逛|转|吃|住|走|参观|游|溜达)"
    # "X我喜欢", "X应该不错", "X非常不错", "首选就是X了".
    r"|我(?:喜欢|觉得|感觉|认为)|应该|非常|特别|十分|了(?=[，,。！!？?]|$)"
    # "X名字听着好特别": a remark on the name of the place one picks.
    r"|这个名字|名字"
    r"|景点(?=[，,。！!？?]|$)"
)
# Joiners of a list of names: "A、B和C都是不错的选择".
_NAME_JOIN = re.compile(r"\s*(?:、|和|跟|与|或者|或是|或|以及|及)\s*")
# Words no name holds but a description of a kind does: "经济型酒店", "周边店", "一些酒店".
_GENERIC = re.compile(
    # an address: "通州区觅西路路口西侧1千米"
    r"区.*[路街]|\d+号|千米|"
    r"周边|附近|其他|其它|别的|这|那|哪|什么|些|型|档|星级|所有|任何|每|各|几|有|离|而且|一点"
    # and a verb or adverb before the name: "查询后X", "感觉还是X", "带妈妈去X".
    # ("后海…" begins a name; "参观后入住X", "后面的X" are no names).
    r"|(?<=.)后|后(?:面|来|边)|把|是|在|去|要|了|还|感觉|带|朋友|已经|希望|查询|叫|等|从|到|的"
    r"|听说|找|聚餐|好多|特色|可以|选择|位于"
    r"|找到|一家|一个|^像|^但|^家|^一下|^.{1,2}店$"
)
# "周边景点有A, B, C": names listed as a place's neighbours are that place's 周边 values.
# So are names in an answer that lists what there is ("有啊，比如A, B, C").
# Not "有X的餐馆是Y": what the place sought has.
# ("有的，X" says yes to what was asked: a place sought as much as a neighbour; a reply to a
# question about what is near reads its list as neighbours where that question is known.)
_NEARBY = re.compile(
    r"周边|附近|周围|离|, |比如有|例如|像|^\s*(?:还|也)?有(?!的[啊呀呢哦]*[，,！!])"
    r"(?![^，,。！!？?]*的(?:餐馆|餐厅|饭馆|饭店|酒店|宾馆|景点))"
)


def _name_end(
    text: str, start: int, onto: Ontology, *, verified: bool, suffix_ends: list[int] | None = None
) -> int | None:
    end = _shortest_name(text, start, onto, verified=True, suffix_ends=suffix_ends)
    if end is None and not verified:
        end = _shortest_name(text, start, onto, verified=False)
    return end


# Staying somewhere, said right before the hotel's name: "推荐您住X", "您可以入住X".
# A bare "住" only right after the one addressed or the advice ("推荐您住"): after "去" it
# may start a name ("推荐您去住友商务酒店").
_LODGE = re.compile(r"入住|住宿(?:在)?|住在|住(?=[\u4e00-\u9fff]{3})")
_TO_YOU = frozenset("您你议以")
# What a reply says of the places it lists, right after the last one: "A和B都不错".
_SAID_AFTER = re.compile(_SAID_OF_LIST + r"|这(?:两|几|些)(?:个|家|处)")
# A list member that does not end like a name ends where the list does: "A、B都不错".
_LIST_END = re.compile(
    r"[，,。；;！!？?、]|$|和|跟|与|或|及|等|这(?:两|几|些)|都(?:是|能|可|挺|很|在|不错|符合|还)"
    r"|(?:吧|好了|了)(?![\u4e00-\u9fff])|游玩|用餐|住宿|我(?:喜欢|觉得|感觉|认为)"
    # "推荐给您X评分4.5": a fact of it follows.
    r"|评分|人均|价格|门票|地址|电话"
)


def _shortest_name(
    text: str,
    start: int,
    onto: Ontology,
    *,
    verified: bool,
    suffix_ends: list[int] | None = None,
) -> int | None:
    """The end of the shortest name at `start` that a boundary follows; a name must end in a
    kind suffix the ontology knows ("…酒店", "…公园") or a branch ("…(西单店)") unless
    `verified` is False (a list member after a verified one).

    `suffix_ends` is `_suffix_ends(text, onto)` when the caller has it."""
    run = _NAME_RUN.match(text, start)
    run_end = run.end() if run is not None else start
    # A verified name ends in a kind suffix: only the ends after a suffix's last character
    # are tried, found by one regex scan rather than a test of each character.
    if verified and suffix_ends is not None:
        i = bisect_left(suffix_ends, start + 2)
        ends: Iterable[int] = suffix_ends[i : bisect_right(suffix_ends, run_end, i)]
    elif verified:
        last = onto.derived("slot_phrases.suffix_ends", _suffix_end_rx)
        ends = (m.end() for m in last.finditer(text, start + 1, run_end))
    else:
        ends = range(start + 2, run_end + 1)
    for e in ends:
        if _ends_name(text, e, verified) and _name_shaped(text[start:e], onto, verified):
            return e
        if not verified and _SAID_AFTER.match(text, e):
            # "雍和宫和地坛都不错": what is said of the list ends its last member; the list
            # vouches for a two-character one ("地坛"), and none runs on into "都不错".
            return e if plausible_name(text[start:e], onto) else None
    e = run_end
    if e - start > 30 or e >= len(text) or text[e] not in "(（":
        return None
    close = _BRANCH_REST.match(text, e + 1)
    if close is None:
        return None
    e = close.end()
    # A branch ends a name: "好伦哥(永定路店)用餐" is no longer one.
    ok = _ends_name(text, e, verified) and _name_shaped(text[start:e], onto, verified)
    return e if ok else None


# A name's own characters (a Latin word, digits, Han; a bracketed branch is read
# separately), as far as a name may reach.
_NAME_RUN = re.compile(r"[A-Za-z0-9\u4e00-\u9fff·'&]{0,31}")


def _suffix_end_rx(onto: Ontology) -> re.Pattern[str]:
    """The last characters of the ontology's name suffixes, as a character class."""
    chars = sorted({s[-1] for e in onto.entities for s in e.name_suffixes if s})
    return re.compile("[" + "".join(re.escape(c) for c in chars) + "]" if chars else r"(?!x)x")


def _suffix_ends(text: str, onto: Ontology) -> list[int]:
    """Where a name suffix of the ontology ends in `text`, ascending: the only ends a verified
    name may have but after a bracketed branch (`_name_shaped` asks `entity_of_name`)."""
    last, by_last = onto.derived("slot_phrases.suffix_index", _suffix_index)
    return [m.end() for m in last.finditer(text) if text.endswith(by_last[m[0]], 0, m.end())]


def _suffix_index(onto: Ontology) -> tuple[re.Pattern[str], dict[str, tuple[str, ...]]]:
    """(the suffixes' last characters as a class; last character -> the suffixes so ending)."""
    by_last: dict[str, set[str]] = {}
    for e in onto.entities:
        for s in e.name_suffixes:
            if s:
                by_last.setdefault(s[-1], set()).add(s)
    return _suffix_end_rx(onto), {c: tuple(sorted(w)) for c, w in by_last.items()}


def _may_end(text: str, start: int, ends: list[int]) -> bool:
    """Whether `_shortest_name(text, start, verified=True)` has an end to try: one of `ends`
    (`_suffix_ends`) within the run, or a bracket after it."""
    run = _NAME_RUN.match(text, start)
    run_end = run.end() if run is not None else start
    i = bisect_left(ends, start + 2)
    if i < len(ends) and ends[i] <= run_end:
        return True
    return run_end - start <= 30 and run_end < len(text) and text[run_end] in "(（"


_BRANCH_REST = re.compile(r"[^()（），,。！!？?]{1,20}[)）]")


def _ends_name(text: str, end: int, verified: bool) -> bool:
    if (_AFTER_NAME if verified else _LIST_END).match(text, end):
        return True
    # "北京X精品酒店酒店是什么类型": the kind said again after the name.
    again = _KIND_NEXT.match(text, end)
    return again is not None and text.endswith(again.group(0), 0, end)


# "推荐一个…的免费景点吧": a particle ends the sentence, not a name ("…串吧", "…酒吧" do).
_PARTICLE_END = re.compile(r"(?<![串酒水网书])吧$|[了呢啊呀吗嘛]$")


def _name_shaped(value: str, onto: Ontology, verified: bool) -> bool:
    # Asked of every end tried for every start, by several readers of one message: the
    # answer depends on the span and the ontology alone.
    memo = answers_of(onto, "slot_phrases.name_shaped")
    key = (value, verified)
    found: bool | None = memo.get(key)
    if found is None:
        found = memo[key] = _shaped_as_name(value, onto, verified)
    return found


def _shaped_as_name(value: str, onto: Ontology, verified: bool) -> bool:
    if verified and not value.endswith((")", "）")) and onto.entity_of_name(value) is None:
        return False
    if not verified and (
        len(value) < 3
        or _ACTIVITY.search(value)
        or _PLAN.search(value)
        or _PARTICLE_END.search(value)
    ):
        return False
    # "经济型酒店" holds an enum member: a kind of place, not one place; "北京金龙温泉酒店"
    # is one, its own words left beside the member. A branch's words are no description
    # ("小吊梨汤(后沙峪店)").
    core = _BRANCH.sub("", _THAT_BRANCH.sub("", value))
    if _GENERIC.search(core) or _is_a_kind(core, onto):
        return False
    # A strong cue ("推荐您去") starts the lenient reading.
    return _plausible_name(value, onto, cued=not verified)


def plausible_name(value: str, onto: Ontology) -> bool:
    """Whether `value`, said where a name was asked for, reads as one: no description of a
    kind ("经济型酒店"), activity, plan, particle, pronoun or slot word; two characters do
    ("角楼"), as the request vouches for the name."""
    memo = answers_of(onto, "slot_phrases.plausible_name")  # as `_name_shaped`'s
    found: bool | None = memo.get(value)
    if found is None:
        found = memo[value] = _plausible_as_asked(value, onto)
    return found


def _plausible_as_asked(value: str, onto: Ontology) -> bool:
    core = _BRANCH.sub("", value)
    return not (
        _ACTIVITY.search(value)
        or _PLAN.search(value)
        or _PARTICLE_END.search(value)
        or _GENERIC.search(core)
        or _is_a_kind(core, onto)
    ) and _plausible_name(value, onto)


def _is_a_kind(value: str, onto: Ontology) -> bool:
    """Whether `value` is an option of a slot with little but a kind word round it ("豪华型
    酒店", "温泉度假村"), not a name that holds an option ("北京金龙建国温泉酒店")."""
    found = onto.find_members(value)
    if not found:
        return False
    rest = _BRANCH.sub("", value)
    for m, _, _ in found:
        rest = rest.replace(m.group(0), "")
    entity = onto.entity_of_name(rest)
    if entity is not None:
        rest = rest[: len(rest) - max(len(s) for s in entity.name_suffixes if rest.endswith(s))]
    return len(rest) < 3  # "提供西式餐厅": a verb and an option


def _name_lists(text: str, onto: Ontology) -> list[PhraseHit]:
    """Names at a clause's start, alone or listed: "北京欢乐谷的门票多少", "A(西单店)和B都不错".

    Without a phrase around it a span counts as a name only when it ends the way names end
    (a kind suffix the ontology declares, or a branch in brackets); a list member after such
    a name may end otherwise ("松子日本料理(亮马桥店)和鱼师傅都能满足"). Each member is its own
    hit: the state takes the last one as the current instance."""
    slot = onto.slot("名称")
    if slot is None or not onto.entities:
        return []
    out: list[PhraseHit] = []
    # Starts repeat (a clause start is often a cue's end too): each end is found once.
    found: dict[tuple[int, bool], int | None] = {}

    # Where a verified name may end, found once for all the starts: most starts have none in
    # reach and are dropped without `_shortest_name`. A name no strong cue leads ends in a
    # kind suffix or a bracketed branch: in a text with neither (half of CrossWOZ's turns)
    # the clause starts and plain cues are not scanned at all.
    ends = _suffix_ends(text, onto)
    verifiable = bool(ends) or "(" in text or "（" in text

    def name_end(pos: int, verified: bool) -> int | None:
        if (pos, verified) not in found:
            found[pos, verified] = (
                _name_end(text, pos, onto, verified=verified, suffix_ends=ends)
                if not verified or _may_end(text, pos, ends)
                else None
            )
        return found[pos, verified]

    starts: list[tuple[re.Match[str], bool]] = []
    if verifiable:
        # A start after the last end in reach (a suffix's, or a bracket's a branch opens at)
        # begins no verified name: the scans for starts stop there.
        last = max(ends[-1] - 2 if ends else -1, text.rfind("("), text.rfind("（"))
        for rx in (_CLAUSE_START, _NAME_CUE):
            for m in rx.finditer(text):
                if m.end() > last:
                    break
                starts.append((m, True))
    if "去" in text or "选" in text or "推荐" in text:  # in every strong cue
        starts += [(m, False) for m in _STRONG_CUE.finditer(text)]
    for m, verified in starts:
        pos, listed = m.end(), 0
        while pos < len(text) and text[pos] == "\t":
            pos += 1  # "个人感觉\tX还是不错的": a tab after the cue
        if (stay := _LODGE.match(text, pos)) is not None and (
            stay.group(0) != "住" or text[m.end() - 1 : m.end()] in _TO_YOU
        ):
            pos = stay.end()  # "推荐您住X酒店", "去入住X": the verb is no part of the name
        # Most starts begin no name: that test first, the context's after it.
        if (
            name_end(pos, verified) is None
            or (_nearby_before(text, m.start()) and not _near_denied(text, m.start()))
            or _NOT_GOING.search(text, max(0, m.start() - 4), m.start())
            or _inside_name(text, pos, onto)
            or _RIDE_TO.search(text, max(0, pos - 5), pos)
        ):
            continue
        while (end := name_end(pos, verified)) is not None:
            if text.startswith(", ", end) or _LATIN_NEXT.match(text, end):
                break  # "故宫, 天坛, 恭王府": a database-style list is a place's neighbours
            out.append(PhraseHit(pos, end, slot, text[pos:end], 0.5, True))
            listed += 1
            join = _NAME_JOIN.match(text, end)
            if join is None or join.end() == end:
                break
            pos, verified = join.end(), False
        if listed and (
            _NEAR_AFTER.match(text, out[-1].end) or _LISTED_NEAR.match(text, out[-1].end)
        ):
            del out[-listed:]  # "A、B都在附近": neighbours, not recommendations
    return out


# "我不想去X了", "没去过X": a place not chosen.
_NOT_GOING = re.compile(r"(?<![想要会])[不没](?:想|要|会|打算|准备)?$")
# "A、B都在附近", "X就在附近": names said to be near, not recommended.
_IS_NEAR = r"(?:在|离)(?:它|他家|这|那)?(?:附近|周边|不远)"
_NEAR_AFTER = re.compile(r"(?:都|也|就)?" + _IS_NEAR)
# "A，B，C都在附近": a list joined by commas, its members read one clause at a time.
_LISTED_NEAR = re.compile(r"(?:[，,]\s*[^，,。；;！!？?\s]{2,30}?)+都" + _IS_NEAR)


_SENTENCE_END = re.compile(r"[。！!？?；;]")


_NONE_NEAR = re.compile(r"[没无不非但]")


def _nearby_before(text: str, pos: int, *, unless_none: bool = False) -> bool:
    """Whether the sentence holding `pos` talks about what is near before `pos` (with
    `unless_none`, only by a word for near, and not to say there is nothing near)."""
    # Searched from its start, no scan back for each end mark: called for every candidate.
    start = 0
    for m in _SENTENCE_END.finditer(text, 0, pos):
        start = m.end()
    if not unless_none:
        return _NEARBY.search(text, start, pos) is not None
    near = NEAR_WORD.search(text, start, pos)
    return near is not None and _NONE_NEAR.search(text, near.start(), pos) is None


# "要不你们", "不过您", "要不然就": a place offered instead of what was asked, right before its cue.
_INSTEAD_LEAD = re.compile(r"(?:要不然?|不如|不过)(?:你们|您们?|你)?(?:就|还是|可以)?$")


def _near_denied(text: str, pos: int) -> bool:
    """Whether the sentence holding `pos` says, before it, that nothing near will do, and
    offers a place instead: "附近没有能吃到牛肚的，要不你们去A": A is no neighbour."""
    if _INSTEAD_LEAD.search(text, max(0, pos - 8), pos) is None:
        return False
    start = 0
    for m in _SENTENCE_END.finditer(text, 0, pos):
        start = m.end()
    near = NEAR_WORD.search(text, start, pos)
    return near is not None and _NONE_NEAR.search(text, near.end(), pos) is not None
