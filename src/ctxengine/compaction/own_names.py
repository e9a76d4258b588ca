"""Whose a name is: the user's own, a passenger's, or a recipient's.

The generic ontology's name words ("name", "姓名", "名字") name the recipient: a name given
while something is sent is whom it goes to. The user's own name said while booking a trip, a
room or a table ("My name is Wang Fang, book me a flight to Shanghai", "我叫王芳，帮我订一张去
上海的机票") names the traveller, no recipient: it is the user's `OWN_NAME`. A role word before
the name word says whose it is ("乘客姓名是张伟", "the passenger name is Zhang Wei"): the
passenger's, no consignee's (`role_named`).
"""

from __future__ import annotations

import re

# The slot of the user's own name, by the block's language.
OWN_NAME = {"en": "name", "zh": "姓名"}

# A person a name word may be said of, right before it: the slot is the role.
_ZH_ROLE = re.compile(
    r"(?P<role>乘客|乘机人|旅客|住客|入住人|游客|参会人|参赛人|就餐人|预订人)的?$"
)
_EN_ROLE = re.compile(
    r"(?i)\b(?P<role>passenger|traveller|traveler|guest|attendee|patient|driver)(?:['’]s)?\s+$"
)
# The user's own: "my name", "我的名字", "本人姓名".
_EN_OWN = re.compile(r"(?i)\bmy\s+(?:full\s+)?$")
_ZH_OWN = re.compile(r"(?:我|本人)的?$")
# "我叫王芳", "本人叫李娜": the user's own name with no name word.
_ZH_CALLED = re.compile(
    r"(?:^|(?<=[，,。；;！!？?\s]))(?:我|本人)(?:名字)?叫(?P<name>[\u4e00-\u9fff]{2,4}?)(?=[，,。；;！!？?\s]|$)"
)
# Something booked for the user: a trip, a stay, a table, an appointment.
_BOOKING = re.compile(
    r"(?i)\b(?:book\w*|reserv\w*|flights?|tickets?|hotels?|rooms?|tables?|trains?|check[- ]?in"
    r"|appointments?|itinerar\w*|travel\w*|fly(?:ing)?|trip)\b"
    r"|机票|航班|车票|火车|高铁|动车|酒店|宾馆|订|预约|入住|行程|出行|登机"
)
# Something sent to someone: then the name is whom it goes to.
_DELIVERY = re.compile(
    r"(?i)\b(?:send\w*|sent|ship\w*|deliver\w*|mail\w*|parcel|package|courier|recipient"
    r"|consignee)\b|寄|快递|收货|收件|包裹|派送|配送|发货|签收"
)


def role_named(before: str, word: str) -> str | None:
    """The role a name word is said of, from the text right `before` it ("乘客" of "乘客姓名",
    "passenger" of "the passenger's name"); None when no role word stands there."""
    if word in ("姓名", "名字"):
        m = _ZH_ROLE.search(before)
        return m["role"] if m is not None else None
    if word.lower() in ("name", "full name"):
        en = _EN_ROLE.search(before)
        return en["role"].lower() if en is not None else None
    return None


def own_name_slot(text: str, before: str, word: str) -> str | None:
    """`OWN_NAME`'s slot when the name word `word`, with the text right `before` it, names
    the user's own name in a message that books something and sends nothing; else None."""
    zh = word in ("姓名", "名字")
    own = _ZH_OWN.search(before) if zh else _EN_OWN.search(before)
    if own is None or not booking(text):
        return None
    return OWN_NAME["zh" if zh else "en"]


def booking(text: str) -> bool:
    """Whether `text` books something for the user and sends nothing."""
    return _BOOKING.search(text) is not None and _DELIVERY.search(text) is None


def called_names(text: str) -> list[tuple[int, int, str]]:
    """(start, end, name) of each "我叫王芳" in `text`: the user's own name, said with 叫."""
    return [(m.start(), m.end("name"), m["name"]) for m in _ZH_CALLED.finditer(text)]
