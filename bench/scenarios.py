"""The project's own multi-turn sessions for the fidelity benchmark, Chinese and English.

Every scenario is generated from a seeded `random.Random`, so (language, turns, seed) always
gives the same messages. A session is a shopping-and-reporting conversation with an agent:

- turn 1 names a product; slot values (recipient, phone, address, delivery date, color,
  shipping, payment) are set at turns 2-16 and some are changed later (once or twice), the
  shipping one as a contradiction ("用顺丰" ... "不用顺丰了，改用京东快递");
- three user constraints are given at turns 6 to 14, verbatim from a fixed pool;
- identifiers (order number, coupon code, e-mail, tracking number and URL, export file path)
  come from the user, from tool results and from the assistant's replies;
- long tool outputs (JSON of 2-8 KB) with paired tool calls, references to earlier turns
  ("按上次的格式"), chit-chat filler; the session ends on a user message the model must answer.

The ground truth is written down while the scenario is generated, from the events themselves:
the final value of every slot, the values it had before (superseded), the constraints (active,
verbatim) and the identifiers. Nothing is derived from any method's output.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from bench._sessions import tool_result
from ctxengine.messages import Message, ToolCallPart

Language = Literal["zh", "en"]


@dataclass
class Scenario:
    """A session with its ground truth.

    Attributes:
        name: Unique name (language, turns, seed).
        language: "zh" or "en".
        messages: The whole history, ending on the user message the model must answer.
        current_values: Slot -> its final value, verbatim.
        superseded_values: Slot -> values it held before (never equal to a current value).
        active_constraints: User constraints still in force, verbatim.
        identifiers: Exact strings the conversation depends on.
        early_questions: (question, expected answer substring) pairs about early turns.
        ontology: The ontology ctxengine is configured with for this scenario (None: generic).
    """

    name: str
    language: str  # "zh" or "en"
    messages: list[Message]
    current_values: dict[str, str]
    superseded_values: dict[str, list[str]]
    active_constraints: list[str]
    identifiers: list[str]
    early_questions: list[tuple[str, str]] = field(default_factory=list)
    # The domain ontology a ctxengine user of this dataset would declare (issue 3's "Anchor"):
    # a built-in name or None for the generic one. Other methods ignore it.
    ontology: str | None = None


# --- vocabulary -----------------------------------------------------------------------------
@dataclass(frozen=True)
class _SlotKind:
    set_text: str
    change_text: str  # may use {old}
    pool: tuple[str, ...]
    question: str


_ZH_SLOTS: dict[str, _SlotKind] = {
    "recipient": _SlotKind(
        "收货人写{v}。", "把收货人改成{v}。",
        ("李娜", "王芳", "刘洋", "陈静", "张伟", "赵磊", "孙丽", "周杰"), "收货人是谁？",
    ),
    "phone": _SlotKind("联系电话是{v}。", "电话换成{v}。", (), "联系电话是多少？"),
    "address": _SlotKind(
        "收货地址是{v}。", "地址改成{v}。",
        (
            "上海市浦东新区世纪大道100号环球金融中心58楼",
            "北京市海淀区中关村大街27号中关村大厦1508室",
            "广州市天河区珠江新城花城大道85号高德置地广场B座2203",
            "深圳市南山区深南大道9996号松日鼎盛大厦12楼",
            "杭州市西湖区文三路478号华星时代广场A座903",
        ),
        "收货地址是哪里？",
    ),
    "date": _SlotKind(
        "希望{v}送到。", "送货日期改到{v}。",
        ("6月15日", "6月18日", "6月20日", "7月2日", "7月8日"), "哪天送到？",
    ),
    "color": _SlotKind(
        "颜色要{v}。", "颜色换成{v}吧。",
        ("暗紫色", "深空黑色", "银色", "金色", "远峰蓝色"), "选的什么颜色？",
    ),
    "shipping": _SlotKind(
        "快递用{v}。", "不用{old}了，改用{v}。",
        ("顺丰", "京东快递", "中通快递", "EMS"), "用哪家快递？",
    ),
    "payment": _SlotKind(
        "付款方式用{v}。", "支付方式改成{v}。",
        ("支付宝", "微信支付", "信用卡"), "怎么付款？",
    ),
}  # fmt: skip
_EN_SLOTS: dict[str, _SlotKind] = {
    "recipient": _SlotKind(
        "The recipient is {v}.", "Change the recipient to {v}.",
        ("Alice Chen", "Bob Miller", "Carol Diaz", "David Park", "Emma Stone", "Frank Wu"),
        "Who is the recipient?",
    ),
    "phone": _SlotKind(
        "My phone number is {v}.", "Change the phone number to {v}.", (), "What is my phone?"
    ),
    "address": _SlotKind(
        "Ship it to {v}.", "Change the shipping address to {v}.",
        (
            "1200 Market St, Apt 5B, San Francisco, CA 94103",
            "88 Queen St W, Suite 400, Toronto, ON M5H 2M5",
            "350 Fifth Avenue, Floor 21, New York, NY 10118",
            "742 Evergreen Terrace, Springfield, OR 97477",
            "1 Infinite Loop, Building 4, Cupertino, CA 95014",
        ),
        "Where does it ship to?",
    ),
    "date": _SlotKind(
        "Please deliver by {v}.", "Change the delivery date to {v}.",
        ("March 3", "March 7", "April 12", "May 20", "June 9"), "When is the delivery?",
    ),
    "color": _SlotKind(
        "I'd like it in {v}.", "Switch the color to {v}.",
        ("Midnight Blue", "Space Gray", "Silver", "Starlight", "Forest Green"),
        "Which color did I pick?",
    ),
    "shipping": _SlotKind(
        "Use {v} for shipping.", "Don't use {old} anymore, use {v} instead.",
        ("UPS", "FedEx", "DHL Express"), "Which carrier?",
    ),
    "payment": _SlotKind(
        "I'll pay with {v}.", "Change the payment method to {v}.",
        ("PayPal", "a Visa card", "Apple Pay"), "How do I pay?",
    ),
}  # fmt: skip
_CONSTRAINTS: dict[Language, tuple[str, ...]] = {
    "zh": (
        "不要显示价格", "只用简体中文回答", "导出不要用PDF，用Excel", "回复里不要出现我的全名",
        "每次回复不超过三句话", "发货前必须先跟我确认", "别给我推荐其他商品",
    ),
    "en": (
        "Don't show prices", "Only answer in English", "Don't use PDF, export as Excel",
        "Never call me by my first name", "Keep every reply under three sentences",
        "Always confirm with me before shipping", "Avoid recommending other products",
    ),
}  # fmt: skip
_CONSTRAINT_FRAMES: dict[Language, tuple[str, ...]] = {
    "zh": ("另外，{c}。", "{c}，记住了。", "提醒一下：{c}。"),
    "en": ("One more thing: {c}.", "{c}, please remember that.", "Note: {c}."),
}
_PRODUCTS: dict[Language, tuple[str, ...]] = {
    "zh": ("iPhone 15 Pro", "MacBook Air 13", "华为Mate 60 Pro", "小米14 Ultra"),
    "en": ("iPhone 15 Pro", "MacBook Air 13", "Pixel 8 Pro", "Galaxy S24 Ultra"),
}
_WORDS: dict[Language, dict[str, Any]] = {
    "zh": {
        "open": "我想买一台{p}。",
        "open_reply": "好的，为您查看{p}。",
        "ok": ("好的，已记下。", "收到，已更新。", "明白，已按您说的改好。"),
        "chat": (
            "今天天气不错。",
            "谢谢，辛苦了。",
            "好的，继续。",
            "哈哈，明白。",
            "稍等我一下。",
        ),
        "chat_reply": ("不客气，有需要随时说。", "好的，我在。", "没问题。"),
        "queries": ("帮我查一下还有哪些配件。", "看看最近的订单记录。", "查一下仓库的日志。"),
        "coupon": "优惠券码是{v}。",
        "email": "发票发到我的邮箱{v}。",
        "ref": "按上次的格式再导出一份。",
        "last": "请确认一下订单的全部信息。",
        "order_reply": "订单已创建，订单号是{v}。",
        "track_reply": "物流单号{n}，可在{u}查看。",
        "export_reply": "已导出到{f}。",
    },
    "en": {
        "open": "I want to buy a {p}.",
        "open_reply": "Sure, let me look at the {p}.",
        "ok": ("Got it, noted.", "Done, updated.", "Sure, changed as you said."),
        "chat": ("Thanks!", "ok, go on", "Nice, got it.", "hold on a sec", "How's your day?"),
        "chat_reply": ("You're welcome.", "Sure, I'm here.", "No problem."),
        "queries": (
            "Check which accessories are in stock.",
            "Show me my recent orders.",
            "Look at the warehouse logs.",
        ),
        "coupon": "My coupon code is {v}.",
        "email": "Send the invoice to {v}.",
        "ref": "Export it again in the same format as last time.",
        "last": "Please confirm all the order details.",
        "order_reply": "Your order is created, order number {v}.",
        "track_reply": "Tracking number {n}, see {u}.",
        "export_reply": "Exported to {f}.",
    },
}
_FILLER_TOOLS = ("search_orders", "fetch_logs", "read_file", "web_search")


# --- building blocks ------------------------------------------------------------------------
class _Builder:
    """Accumulates turns; tool call ids are unique within the session."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.calls = 0

    def tool_step(self, name: str, args: dict[str, Any], result: str) -> None:
        self.calls += 1
        call = ToolCallPart(
            id=f"call_{self.calls}", name=name, arguments=json.dumps(args, ensure_ascii=False)
        )
        self.messages.append(Message.assistant(None, tool_calls=[call]))
        self.messages.append(Message.tool(call.id, result))


def _phone(rng: random.Random, lang: Language) -> str:
    if lang == "zh":
        return f"1{rng.randint(30, 89)}****{rng.randint(1000, 9999)}"
    return f"{rng.randint(201, 989)}-***-{rng.randint(1000, 9999)}"


def _padded(rng: random.Random, lang: Language, head: dict[str, Any], lo: int, hi: int) -> str:
    """A JSON result: `head` plus a long list of unrelated records (several KB)."""
    filler = json.loads(tool_result(rng, rng.choice(_FILLER_TOOLS), lang, lo, hi))
    return json.dumps({**head, "related": filler}, ensure_ascii=False)


def _identifiers(rng: random.Random, lang: Language) -> dict[str, str]:
    day = f"2024{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
    carrier = "SF" if lang == "zh" else "1Z"
    track = f"{carrier}{rng.randint(10**11, 10**12 - 1)}"
    order = (
        f"DD{day}{rng.randint(1000, 9999)}"
        if lang == "zh"
        else f"ORD-{day}-{rng.randint(100, 999)}"
    )
    user = rng.choice(("lina", "zw", "alice", "bob.m"))
    return {
        "order": order,
        "coupon": rng.choice(("SAVE", "VIP", "NEWUSER", "SPRING")) + f"{rng.randint(10, 99)}-"
        + "".join(rng.choice("ABCDEFGHJKMNPQRSTUVWXYZ23456789") for _ in range(5)),
        "email": f"{user}{rng.randint(10, 999)}@example.com",
        "tracking": track,
        "url": f"https://track.example-logistics.com/t/{track}",
        "path": f"/data/exports/orders_{day}_{rng.randint(1, 99):02d}.xlsx",
    }  # fmt: skip


def _distinct(rng: random.Random, pool: tuple[str, ...], used: set[str]) -> str:
    left = [v for v in pool if v not in used]
    return rng.choice(left)


# --- the generator --------------------------------------------------------------------------
def generate(language: Language, turns: int, seed: int) -> Scenario:
    """One scenario of `turns` turns (30 to 200) in `language`.

    Raises:
        ValueError: `turns` is outside 30..200.
    """
    if not 30 <= turns <= 200:
        raise ValueError(f"turns must be within 30..200, got {turns}")
    rng = random.Random(f"fidelity-{language}-{turns}-{seed}")
    words = _WORDS[language]
    kinds = _ZH_SLOTS if language == "zh" else _EN_SLOTS
    ids = _identifiers(rng, language)
    product = rng.choice(_PRODUCTS[language])

    # Per-turn user texts; events on the same turn are said in one message.
    said: dict[int, list[str]] = {t: [] for t in range(1, turns + 1)}
    echo: dict[int, list[str]] = {t: [] for t in range(1, turns + 1)}
    said[1].append(words["open"].format(p=product))
    current: dict[str, str] = {"product": product}
    history: dict[str, list[str]] = {}
    slot_names = rng.sample(sorted(kinds), 6)
    if "shipping" not in slot_names:
        slot_names[0] = "shipping"  # every session holds the contradiction
    first_turns = rng.sample(range(2, min(17, turns // 2)), len(slot_names))
    late = range(max(18, int(turns * 0.4)), max(19, int(turns * 0.9)))
    for name, turn in zip(slot_names, first_turns, strict=True):
        kind = kinds[name]
        used: set[str] = set()
        value = _phone(rng, language) if name == "phone" else _distinct(rng, kind.pool, used)
        used.add(value)
        said[turn].append(kind.set_text.format(v=value))
        n_changes = 1 if name == "shipping" else rng.choice((0, 1, 1, 2))
        for change_turn in sorted(rng.sample(late, n_changes)):
            new = _phone(rng, language) if name == "phone" else _distinct(rng, kind.pool, used)
            used.add(new)
            said[change_turn].append(kind.change_text.format(v=new, old=value))
            echo[change_turn].append(new)
            history.setdefault(name, []).append(value)
            value = new
        current[name] = value

    constraints = rng.sample(_CONSTRAINTS[language], 3)
    for c, turn in zip(constraints, rng.sample(range(6, 15), 3), strict=True):
        said[turn].append(rng.choice(_CONSTRAINT_FRAMES[language]).format(c=c))
    coupon_turn, email_turn = rng.sample(range(4, 16), 2)
    said[coupon_turn].append(words["coupon"].format(v=ids["coupon"]))
    said[email_turn].append(words["email"].format(v=ids["email"]))
    track_turn = max(17, int(turns * 0.3))
    export_turn = track_turn + 2
    ref_turn = min(turns - 1, export_turn + 5)
    said[ref_turn].append(words["ref"])

    b = _Builder()
    for t in range(1, turns + 1):
        text = "".join(said[t]) if language == "zh" else " ".join(said[t])
        if t == turns:
            b.messages.append(Message.user(words["last"]))
            break
        filler = not text
        if filler:
            text = rng.choice(words["chat"] if rng.random() < 0.5 else words["queries"])
        b.messages.append(Message.user(text))
        if t == 1:
            b.messages.append(Message.assistant(words["open_reply"].format(p=product)))
        elif t == 3:
            head = {"ok": True, "order_id": ids["order"], "product": product}
            b.tool_step(
                "create_order", {"product": product}, _padded(rng, language, head, 800, 2000)
            )
            b.messages.append(Message.assistant(words["order_reply"].format(v=ids["order"])))
        elif t == track_turn:
            head = {"tracking_no": ids["tracking"], "tracking_url": ids["url"]}
            b.tool_step(
                "query_logistics",
                {"order_id": ids["order"]},
                _padded(rng, language, head, 2000, 6000),
            )
            reply = words["track_reply"].format(n=ids["tracking"], u=ids["url"])
            b.messages.append(Message.assistant(reply))
        elif t == export_turn:
            head = {"ok": True, "path": ids["path"], "rows": rng.randint(20, 400)}
            b.tool_step(
                "export_report", {"format": "xlsx"}, _padded(rng, language, head, 1000, 3000)
            )
            b.messages.append(Message.assistant(words["export_reply"].format(f=ids["path"])))
        elif filler and text in words["queries"]:
            tool = rng.choice(_FILLER_TOOLS)
            b.tool_step(tool, {"q": text}, tool_result(rng, tool, language, 2000, 8000))
            b.messages.append(Message.assistant(rng.choice(words["chat_reply"])))
        elif filler:
            b.messages.append(Message.assistant(rng.choice(words["chat_reply"])))
        else:
            ok = rng.choice(words["ok"])
            b.messages.append(Message.assistant(" ".join([ok, *echo[t]])))  # fmt: skip

    current_set = set(current.values())
    superseded = {k: [v for v in olds if v not in current_set] for k, olds in history.items()}
    questions = [(kinds[k].question, current[k]) for k in slot_names]
    return Scenario(
        name=f"own-{language}-{turns}t-s{seed}",
        language=language,
        messages=b.messages,
        current_values=current,
        superseded_values={k: v for k, v in superseded.items() if v},
        active_constraints=constraints,
        identifiers=[ids[k] for k in ("order", "coupon", "email", "tracking", "url", "path")],
        early_questions=questions,
    )  # fmt: skip


ECOMMERCE_ADDRESS = "北京市朝阳区建国路8号SOHO现代城A座1201"


def ecommerce_scenario() -> Scenario:
    """The seed article's example, 18 turns: iPhone 15 Pro, 512GB, 暗紫色, the address, coupon
    IP15PRO2024, and at turn 18 the recipient change to 张伟 / 138****1234 (the earlier
    recipient was 李娜 / 139****5678, set at turn 9). A rule at turn 5: 不要显示价格."""
    rng = random.Random("ecommerce-article")
    user_turns = {
        1: "我想买iPhone 15 Pro",
        3: "内存选512GB，颜色要暗紫色",
        5: "不要显示价格",
        7: f"配送地址是{ECOMMERCE_ADDRESS}",
        9: "收货人是李娜，电话139****5678",
        12: "优惠券码是IP15PRO2024",
        18: "等等，把收货人改成张伟，电话换138****1234",
    }
    b = _Builder()
    for t in range(1, 19):
        text = user_turns.get(t) or rng.choice(_WORDS["zh"]["chat"] + _WORDS["zh"]["queries"])
        b.messages.append(Message.user(text))
        if t == 18:
            break
        if text in _WORDS["zh"]["queries"]:
            tool = rng.choice(_FILLER_TOOLS)
            b.tool_step(tool, {"q": text}, tool_result(rng, tool, "zh", 1000, 3000))
        b.messages.append(Message.assistant(rng.choice(_WORDS["zh"]["ok"])))
    return Scenario(
        name="ecommerce-article",
        language="zh",
        messages=b.messages,
        current_values={
            "model": "iPhone 15 Pro",
            "memory": "512GB",
            "color": "暗紫色",
            "address": ECOMMERCE_ADDRESS,
            "coupon": "IP15PRO2024",
            "recipient": "张伟",
            "phone": "138****1234",
        },
        superseded_values={"recipient": ["李娜"], "phone": ["139****5678"]},
        active_constraints=["不要显示价格"],
        identifiers=["IP15PRO2024", "138****1234"],
        early_questions=[("收货人是谁？", "张伟"), ("优惠券码是多少？", "IP15PRO2024")],
    )


FULL_TURNS = (30, 60, 100, 150, 200)
QUICK_TURNS = (30, 80)


def own_scenarios(*, quick: bool = False, seeds: int = 2) -> list[Scenario]:
    """The own suite: every length x language x seed, plus the article's example.

    Quick mode: lengths 30 and 80, one seed.
    """
    lengths = QUICK_TURNS if quick else FULL_TURNS
    out = [
        generate(lang, n, seed)
        for lang in ("zh", "en")
        for n in lengths
        for seed in range(1 if quick else seeds)
    ]
    return [*out, ecommerce_scenario()]


_Item = TypeVar("_Item")


def groups(items: list[_Item], group: int) -> list[list[_Item]]:
    """`items` in consecutive runs of `group` (the last may be shorter).

    Raises:
        ValueError: `group` is below 1.
    """
    if group < 1:
        raise ValueError(f"group must be at least 1, got {group}")
    return [items[i : i + group] for i in range(0, len(items), group)]


# (messages, current values, superseded values) of one real dialogue (CrossWOZ, SGD).
DialoguePart = tuple[list[Message], dict[str, str], dict[str, list[str]]]


def joined_session(
    name: str, language: str, parts: list[DialoguePart], ontology: str | None
) -> Scenario:
    """Real dialogues one after the other as one user's long session: their messages in
    order, every dialogue's current values kept (the user may come back to any task), and
    superseded values that no current value of the session equals."""
    messages: list[Message] = []
    current: dict[str, str] = {}
    superseded: dict[str, list[str]] = {}
    for msgs, cur, sup in parts:
        messages += msgs
        current.update(cur)
        superseded.update(sup)
    now = set(current.values())
    olds = {k: [v for v in vs if v not in now] for k, vs in superseded.items()}
    return Scenario(
        name=name,
        language=language,
        messages=messages,
        current_values=current,
        superseded_values={k: v for k, v in olds.items() if v},
        active_constraints=[],
        identifiers=[],
        ontology=ontology,
    )
