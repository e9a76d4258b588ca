"""Chinese standing rules said in shapes no classic cue reads (`zh_clause_rules`), found in the
seventh review round. For each shape: other natural wordings that must be read, and
look-alikes that must not become rules (the past, a question, someone else's words, a remark).
A false rule in the block is as bad as a missed one.
"""

from __future__ import annotations

import pytest
from _review_harness import block, rules_text

from ctxengine.compaction.constraints import extract_constraints

# Per idea: (said, words the rule read must hold) for rules, (said, words no rule may hold)
# for look-alikes.
IDEAS: dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]]]] = {
    "topic, then 我只要": (
        [
            ("医生我只要女医生。", "女医生"),
            ("房间我只要朝南的。", "朝南"),
            ("座位我们只要靠窗的。", "靠窗"),
            ("孩子我只要公立学校的。", "公立学校"),
            ("酒店我只要四星以上的。", "四星以上"),
        ],
        [
            ("只要能到就行。", "只要"),  # as long as
            ("医生我只要你给我挂上就行。", "只要"),
            ("医生我只要了一个女医生。", "女医生"),  # what was had
            ("医生你只要女医生吗？", "女医生"),
        ],
    ),
    "控制在N以内": (
        [
            ("宴会桌数控制在30桌以内。", "30桌以内"),
            ("把预算控制在5万以内。", "5万以内"),
            ("人数要控制在20人以内。", "20人以内"),
            ("每桌人数控制在10人以内。", "10人以内"),
            ("总价务必控制在两万以内。", "两万以内"),
        ],
        [
            ("成本已经控制在30万以内了。", "控制在"),
            ("能不能控制在30桌以内？", "控制在"),
            ("他说桌数控制在30桌以内。", "控制在"),
            ("总价控制在两万以内了吗？", "控制在"),
            ("预算控制在5万以内比较难。", "控制在"),  # a remark on the limit
        ],
    ),
    "不接受X": (
        [
            ("水电改造按实际米数算，不接受套餐价。", "不接受套餐价"),
            ("我们一律不接受现金。", "现金"),
            ("我们不接受拼团。", "拼团"),
            ("一律不接受二手的。", "二手"),
        ],
        [
            ("他说不接受套餐价。", "套餐价"),
            ("酒店不接受刷卡。", "刷卡"),  # of the hotel
            ("为什么不接受套餐价？", "套餐价"),
            ("上次他们不接受套餐价。", "套餐价"),
            ("他们不接受退款。", "退款"),
            ("你们接受套餐价吗？", "套餐价"),
        ],
    ),
    "X一律不要, 一概不考虑, 免谈": (
        [
            ("饮料一律不要，大家自己带水。", "饮料"),
            ("水果一概不要。", "水果"),
            ("饮料统统不要。", "饮料"),
            ("转机的航班一概不考虑。", "转机"),
            ("经济舱以外的免谈，公司不给报。", "经济舱"),
        ],
        [
            ("上次一律没要饮料。", "饮料"),
            ("饮料要不要？", "饮料"),
            ("这些一律不要了。", "这些"),  # a pick among things shown
            ("他饮料一律不要。", "饮料"),
            ("转机一概不考虑吗？", "转机"),
            ("他说经济舱以外的免谈。", "经济舱"),
            ("除非他来，否则免谈。", "免谈"),
        ],
    ),
    "X全部要Y": (
        [
            ("签证材料全部要中英文对照，翻译件要盖章。", "中英文对照"),
            ("合同全部要盖公章。", "盖公章"),
            ("发票都要写公司抬头。", "公司抬头"),
            ("报销单全部要附发票原件。", "发票原件"),
        ],
        [
            ("材料全部要交吗？", "材料"),
            ("我们全部要了。", "全部"),
            ("大家都要去。", "大家"),  # of people
            ("孩子们都要来。", "孩子们"),
            ("文件全部要回来了。", "文件"),
        ],
    ),
    "所有X都按Y": (
        [
            ("记住，所有的金额都按含税价报给我。", "含税价"),
            ("所有报价都按人民币算。", "人民币"),
            ("凡是报价一律以人民币为准。", "人民币"),
        ],
        [
            ("所有的金额都按含税价算过了。", "含税价"),  # what was done
            ("所有的人都按时到了。", "按时"),
            ("所有的金额都按什么算？", "金额"),
            ("他说所有的金额都按含税价。", "含税价"),
            ("上次所有的金额都按含税价算过。", "含税价"),
        ],
    ),
    "凡是X都得先问我": (
        [
            ("今后凡是要花钱的事都得先问我一声。", "先问我"),
            ("凡是超过一千的开销都得先问我。", "先问我"),
            ("凡是涉及退款的都要先跟我确认。", "先跟我确认"),
        ],
        [
            ("凡是去过的人都说好。", "凡是"),
            ("凡是要花钱的事都得先问我吗？", "先问我"),
            ("他说凡是要花钱的事都得先问他。", "先问"),
            ("凡是要花钱的事都先问了我。", "先问"),
            ("凡是要花钱的事，上次都先问了我。", "先问"),
        ],
    ),
    "甭 (don't)": (
        [
            ("甭给我订红眼航班，我熬不了夜。", "红眼航班"),
            ("甭订早班机。", "早班机"),
            ("你可甭给我买保险。", "保险"),
            ("甭帮我选靠窗的了。", "靠窗"),
        ],
        [
            ("你甭管了。", "甭"),
            ("甭提了，太烦了。", "甭"),
            ("甭客气。", "甭"),
            ("甭想了。", "甭"),
            ("甭说了。", "甭"),
            ("甭担心。", "甭"),
            ("他甭想拿到这个钱。", "甭"),
        ],
    ),
    "X之前先把Y发我过目": (
        [
            ("下单之前先把明细发我过目。", "过目"),
            ("付款之前先把合同发我看看。", "合同"),
            ("改代码之前先把方案发我确认。", "方案"),
            ("出发前先把行程发我看看。", "行程"),
        ],
        [
            ("明天之前先把明细发我。", "明细"),  # before a time: a deadline
            ("十点前先把明细发我。", "明细"),
            ("上次下单之前先把明细发我过目了。", "明细"),
            ("他下单之前先把明细发给了老板。", "明细"),
            ("他说下单之前先把明细发我过目。", "明细"),
        ],
    ),
    "X统一写Y": (
        [
            ("以后发票抬头统一写“北京云帆科技有限公司”。", "北京云帆科技有限公司"),
            ("邮件抬头统一写“张总”。", "张总"),
            ("收件人统一写我老婆的名字。", "我老婆的名字"),
            ("备注统一填“加急”。", "加急"),
            ("文件名统一写成日期加姓名。", "日期加姓名"),
        ],
        [
            ("他们统一写英文。", "英文"),
            ("以前抬头统一写公司全称。", "公司全称"),
            ("抬头统一写什么？", "抬头"),
            ("他说抬头统一写公司全称。", "公司全称"),
        ],
    ),
    "不管…都要X": (
        [
            ("不管多贵都要直飞，不转机。", "直飞"),
            ("不管多远都要坐高铁。", "高铁"),
            ("不管多贵我都要直飞。", "直飞"),
            ("无论如何都要今天到。", "今天到"),
        ],
        [
            ("不管怎样谢谢你。", "不管"),
            ("不管多贵他都要买。", "不管"),  # of him
            ("不管多贵都要直飞吗？", "直飞"),
            ("不管多贵都要了。", "不管"),  # what was taken
        ],
    ),
    "打死我也不X": (
        [
            ("打死我也不坐早上六点前的航班。", "六点前"),
            ("打死我也不吃香菜。", "香菜"),
            ("死活不坐红眼航班。", "红眼航班"),
            ("打死我也不住青旅。", "青旅"),
            ("说什么也不订廉航。", "廉航"),
        ],
        [
            ("打死我也想不到。", "打死"),
            ("打死我也不信。", "打死"),  # no action refused
            ("打死我也不知道。", "打死"),
            ("他打死也不坐飞机。", "飞机"),
            ("他死活不坐红眼航班。", "红眼航班"),
            ("死活找不到。", "死活"),
            ("打死我也不坐吗？", "打死"),
        ],
    ),
    "<task>的时候<time>不<do>": (
        [
            ("排课的时候周五下午不排课，老师要教研。", "周五下午"),
            ("开会的时候晚上不安排。", "晚上"),
            ("排班的时候周末不排夜班。", "周末"),
            ("周五下午不排课。", "周五下午"),
        ],
        [
            ("上次排课的时候周五下午不排课。", "周五下午"),
            ("排课的时候周五下午不排课吗？", "周五下午"),
            ("周末不堵车。", "周末"),  # a state
            ("上课的时候周五下午不开门。", "周五下午"),
        ],
    ),
    "按X标准": (
        [
            ("报销的时候餐费每人每天按一百标准，多的自己掏。", "一百"),
            ("住宿按三百的标准。", "三百"),
            ("差旅费按公司标准报销。", "公司标准"),
            ("交通费按实报实销的标准。", "实报实销"),
            ("加班餐按三十块标准报销。", "三十块"),
        ],
        [
            ("按什么标准报？", "标准"),
            ("去年按一百标准报的。", "标准"),
            ("住宿标准是多少？", "标准"),
            ("他们按五百的标准报。", "标准"),
            ("按这个标准报吗？", "标准"),
        ],
    ),
    "<time>我去不了": (
        [
            ("能挂上午就挂上午，下午我去不了。", "下午"),
            ("周三我去不了。", "周三"),
            ("我周三去不了。", "周三"),
            ("明天上午我们都来不了。", "明天上午"),
            ("周三我没空。", "周三"),
            # "I can no longer make it": still a time not to book.
            ("下午我去不了了。", "下午"),
        ],
        [
            # Chit-chat: the speaker's own errand named (健身房), news of the day; no time the
            # assistant is to keep free.
            ("我今天下午去不了健身房了。", "健身房"),
            ("昨天下午我去不了。", "昨天"),
            ("下午你去不了吗？", "下午"),
            ("下午我没去成。", "下午"),
        ],
    ),
    "要是…, rule: the condition kept": (
        [
            ("要是超出预算，一律先停下来问我。", "要是超出预算"),
            ("万一航班延误，别改签。", "航班延误"),
            ("如果下雨，就别去公园了。", "如果下雨"),
        ],
        [
            ("如果是周末的话，能便宜点吗？", "周末"),
            ("要是明天下雨怎么办？", "下雨"),
            ("如果不要发票，能便宜吗？", "发票"),
            ("如果可以的话，帮我订个靠窗的。", "靠窗"),
            ("假如超出预算，就不订了。", "超出预算"),  # what the speaker will do
        ],
    ),
    "rule, 除非…: the exception kept": (
        [
            ("打车费不能报，除非是加班到十点以后。", "十点"),
            ("不要放香菜，除非客人要求。", "客人要求"),
            ("别订红眼航班，除非没有别的航班了。", "没有别的航班"),
            ("不能用现金，除非对方只收现金。", "只收现金"),
        ],
        [
            ("除非你有更好的办法。", "除非"),
            ("除非下雨，不然我们就去。", "除非"),
            ("除非他来，否则免谈。", "除非"),
            ("他从不吃辣，除非是川菜。", "除非"),  # of him
            ("这家店不送外卖，除非订满一百。", "除非"),  # of the shop
        ],
    ),
    "do X, not Y: X kept": (
        [
            ("座位要靠过道的，靠窗的不要。", "靠过道"),
            ("房间要高楼层的，低楼层的不要。", "高楼层"),
            ("赔款打到我招行那张卡上，别打到工资卡。", "招行"),
            ("钱打到支付宝，别打到银行卡。", "支付宝"),
            ("饭菜要清淡的，辣的不要。", "清淡"),
            ("快递寄到公司，别寄到家里。", "寄到公司"),
        ],
        [
            ("他要辣的，不辣的不要。", "他要辣的"),  # his wish
            ("我上次打到工资卡，别打到工资卡了。", "上次"),
            ("上次寄到家里，别寄到公司了。", "上次"),
            ("要不要辣的，清淡的不要？", "辣"),
        ],
    ),
}


def _cases(which: int) -> list[tuple[str, str, str]]:
    return [(idea, s, w) for idea, sides in IDEAS.items() for s, w in sides[which]]


def _read(said: str, words: str) -> bool:
    """Whether a rule read in `said` holds `words`."""
    return any(words in c.text for c in extract_constraints(said))


def test_each_idea_has_look_alikes_and_near_misses() -> None:
    assert all(len(r) + len(n) >= 8 and r and n for r, n in IDEAS.values())


@pytest.mark.parametrize("idea, said, words", _cases(0))
def test_zh_rule_shape_read(idea: str, said: str, words: str) -> None:
    assert _read(said, words), idea


@pytest.mark.parametrize("idea, said, words", _cases(1))
def test_zh_rule_shape_not_read(idea: str, said: str, words: str) -> None:
    assert not _read(said, words), idea


def test_zh_exception_is_no_rule_of_its_own() -> None:
    # "…，除非对方只收现金": the 只 of the exception is part of the rule, not an only-rule.
    rules = extract_constraints("不能用现金，除非对方只收现金。")
    assert [c.polarity for c in rules] == ["forbid"]


def test_zh_rule_shapes_not_from_the_assistant() -> None:
    # The assistant echoing the shapes states no rule of the user's.
    text = block(
        "帮我订婚宴。",
        "好的，桌数控制在30桌以内，饮料一律不要，不管多贵都要直飞。",
        "继续。",
    )
    assert rules_text(text) == ""


def test_zh_rule_shapes_in_the_block() -> None:
    # Read in a session, each shape is a line of the constraints, its clause whole.
    text = rules_text(
        block("饮料一律不要。", "好的。", "要是超出预算，一律先停下来问我。", "好的。", "继续。")
    )
    assert "饮料一律不要" in text and "要是超出预算，一律先停下来问我" in text


@pytest.mark.parametrize(
    "rule, change, old, new",
    [
        ("成片控制在3分钟以内。", "时长再短点吧，2分30秒以内。", "3分钟", "2分30秒"),
        ("宴会桌数控制在30桌以内。", "桌数再少点，25桌以内。", "30桌", "25桌"),
    ],
)
def test_zh_limit_rule_moved_by_new_value(rule: str, change: str, old: str, new: str) -> None:
    # A 控制在 limit given a new value of its kind is that value now, not the old rule.
    text = block(rule, "好的。", change, "好的。", "继续。")
    assert old not in rules_text(text) and new in text


def test_zh_limit_rule_kept_by_another_kind_of_value() -> None:
    # A bound of another kind (minutes of a drive) leaves the table limit in force.
    text = block(
        "宴会桌数控制在30桌以内。", "好的。", "地点离家近一点，车程30分钟以内。", "好的。", "继续。"
    )
    assert "30桌以内" in rules_text(text)
