"""Names, trip ends, stations and lists as CrossWOZ dialogues say them (sentences from its
test set), and the criteria a user gives after naming a place."""

from __future__ import annotations

from ctxengine.compaction.answers import nearby_updates
from ctxengine.compaction.ontology import generic_ontology, load_builtin
from ctxengine.compaction.parse import ParseContext, parse_message
from ctxengine.compaction.references import RecentWindow
from ctxengine.compaction.schema import SlotUpdate
from ctxengine.compaction.state import SessionState
from ctxengine.messages import Message

from ._turns import user

ONTO = load_builtin("crosswoz")


def said(text: str, role: str = "user") -> list[tuple[str, str, str | None]]:
    msg = Message.user(text) if role == "user" else Message.assistant(text)
    return [(u.entity, u.slot, u.value) for u in parse_message(msg, turn=1, ontology=ONTO).updates]


def test_names_said_with_a_naming_verb_or_a_suggestion() -> None:
    assert ("餐馆", "名称", "胖子小馆") in said("你好，我要去名叫胖子小馆的餐馆用餐")
    assert ("景点", "名称", "蟹岛嘉年华") in said("没问题啊，蟹岛嘉年华就是非常不错的景点呢。", "a")
    assert ("景点", "名称", "南海子麋鹿苑") in said("南海子麋鹿苑这个景点符合您的要求。", "a")
    names = [v for _, s, v in said("您看金海龙泉虹鳟鱼烧烤城怎么样，他家自制凉粉是特色菜", "a")]
    assert "金海龙泉虹鳟鱼烧烤城" in names
    assert [v for _, s, v in said("那去颐和园，它的门票价格是多少") if s == "名称"] == ["颐和园"]


def test_what_follows_a_name_is_not_part_of_it() -> None:
    assert ("酒店", "名称", "北京京仪大酒店") in said("推荐您去北京京仪大酒店住宿。", "a")
    hotel = said("无所谓，我就去如家商旅酒店(北京牡丹园地铁站店)就行，它家价格是多少啊？")
    assert ("酒店", "名称", "如家商旅酒店(北京牡丹园地铁站店)") in hotel
    assert any(v == "锦府盐帮" for _, s, v in said("不过你可以去锦府盐帮去吃饭。", "a"))


def test_an_activity_is_not_a_name() -> None:
    assert all(
        s != "名称" for _, s, _ in said("我和几个小伙伴打算去骑行，给我推荐一个经济型的酒店吧")
    )


def test_a_name_says_what_it_is_when_the_sentence_names_something_else() -> None:
    got = said("在鑫亮亮海鲜酒楼的周边景点里，哪个的评分是5分")
    assert ("餐馆", "名称", "鑫亮亮海鲜酒楼") in got
    onto = ONTO
    hotel = onto.entity_of_name("7天连锁酒店(北京首都机场店)")
    assert hotel is not None and hotel.name == "酒店"
    park = onto.entity_of_name("颐和园")
    assert park is not None and park.name == "景点"
    assert onto.entity_of_name("金鼎轩·南北菜") is None
    assert onto.entity_of_name("酒店") is None  # a bare suffix is no name
    assert generic_ontology().entity_of_name("北京饭店") is None


def test_trip_ends_belong_to_the_ride_the_sentence_names() -> None:
    taxi = said("帮我叫下车，从鬼味烤翅到北京华尔顿酒店(原鸿坤国际大酒店)，把车型与车牌告诉我。")
    assert ("出租", "出发地", "鬼味烤翅") in taxi
    assert ("出租", "目的地", "北京华尔顿酒店(原鸿坤国际大酒店)") in taxi
    metro = said("我想乘地铁从维也纳3好酒店(北京南站洋桥店)到大董(南新仓店)，请告诉我")
    assert ("地铁", "出发地", "维也纳3好酒店(北京南站洋桥店)") in metro
    assert ("地铁", "目的地", "大董(南新仓店)") in metro
    assert all(s not in ("出发地", "目的地") for _, s, _ in said("从这里到那里要多久？"))


def test_two_stations_are_the_start_and_the_end_in_order() -> None:
    got = said("您从苹果园地铁站B口上地铁，在灯市口地铁站A口下地铁就可以哦。", "a")
    assert ("地铁", "出发地附近地铁站", "苹果园地铁站B口") in got
    assert ("地铁", "目的地附近地铁站", "灯市口地铁站A口") in got
    # With slot words, the slot words decide.
    worded = said("出发地地铁站是天坛东门地铁站B口，目的地地铁站是黄村西大街地铁站B口。", "a")
    assert ("地铁", "出发地附近地铁站", "天坛东门地铁站B口") in worded
    assert ("地铁", "目的地附近地铁站", "黄村西大街地铁站B口") in worded


def test_placeholder_plate_and_type_are_values() -> None:
    got = said("车型 #CX，车牌 #CP。", "a")
    assert ("出租", "车型", "#CX") in got and ("出租", "车牌", "#CP") in got


def test_dishes_said_with_a_verb_but_not_denied_or_generic() -> None:
    assert any(v == "骄子肥牛" for _, s, v in said("推荐你尝尝它家做的骄子肥牛，很美味。", "a"))
    denied = said("那您去金鼎轩·南北菜(地坛店)吃饭吧，不过这家没有甜品这个菜的，可以吗？", "a")
    assert all(s != "推荐菜" for _, s, _ in denied)
    assert all(s != "推荐菜" for _, s, _ in said("大董(工体店)怎么样，他家的菜品都非常精致。", "a"))
    assert all(v != "我想要" for _, _, v in said("但能吃到我想要的，能帮我查一下吗？"))


def test_a_slot_with_its_own_pattern_ends_where_the_pattern_ends() -> None:
    got = said("请帮我推荐一家评分是4.5分以上有这两个菜的餐馆。")
    assert ("餐馆", "评分", "4.5分以上") in got


def test_a_nearby_list_ends_at_the_next_clause_but_not_inside_a_name() -> None:
    def nearby(text: str) -> list[str | None]:
        return [u.value for _, u in nearby_updates(text, ONTO, confidence=0.5)]

    assert nearby("周边的餐馆有北新桥卤煮老店、铃木食堂(小菊儿胡同店)，附近的酒店有北京丽晶酒店。")[
        0
    ] == ("北新桥卤煮老店、铃木食堂(小菊儿胡同店)")
    assert nearby("附近酒店有北京天伦王朝酒店, 北京饭店和北京首都宾馆等。") == [
        "北京天伦王朝酒店, 北京饭店和北京首都宾馆"
    ]


def test_a_reply_about_the_neighbourhood_or_saying_nothing_is_no_list() -> None:
    for reply in ("有的，周边很方便。", "抱歉，它家周边没有酒店。"):
        ctx_values = [
            v
            for _, s, v in [
                (u.entity, u.slot, u.value)
                for u in parse_message(
                    Message.assistant(reply), turn=2, ontology=ONTO, context=None
                ).updates
            ]
            if s == "周边酒店"
        ]
        assert ctx_values == []


def crit(slot: str, value: str) -> SlotUpdate:
    return SlotUpdate(
        entity="餐馆", slot=slot, value=value, op="set", raw=value, confidence=0.8, criterion=True
    )


def fact(slot: str, value: str) -> SlotUpdate:
    return SlotUpdate(entity="餐馆", slot=slot, value=value, op="set", raw=value, confidence=0.8)


def test_criteria_given_after_naming_a_place_search_for_the_next_one() -> None:
    s = SessionState(session_id="n")
    s.apply(user(1, updates=[fact("名称", "鑫亮亮海鲜酒楼"), fact("电话", "010-1")]))
    # "在鑫亮亮海鲜酒楼的周边餐馆里，哪个的人均消费是150-500元": a search, not a description.
    s.apply(user(2, updates=[crit("人均消费", "150-500元"), fact("地址", "A路1号")]))
    s.apply(user(3, updates=[fact("名称", "锦府盐帮")]))
    slots = {k: v.value for k, v in s.state.slots.items()}
    assert slots["餐馆.人均消费"] == "150-500元"  # stays with the search
    assert "餐馆[鑫亮亮海鲜酒楼].人均消费" not in slots
    # Descriptions the user gave of the named place move with it, whenever they were given.
    assert slots["餐馆[鑫亮亮海鲜酒楼].电话"] == "010-1"
    assert slots["餐馆[鑫亮亮海鲜酒楼].地址"] == "A路1号"


def test_modifiers_copulas_and_kind_words_around_a_name_are_cut() -> None:
    assert ("餐馆", "名称", "护国寺小吃店（护国寺总店）") in said(
        "推荐您去评分4.3分的护国寺小吃店（护国寺总店）吃羊杂汤这道菜。", "a"
    )
    got = said("我其实想问的是铁木真(温都水城店)的周边餐馆里哪个的人均消费是500-1000元")
    assert [v for _, s, v in got if s == "名称"] == ["铁木真(温都水城店)"]
    assert [v for _, s, v in said("天安门广场这个景点的周边有酒店吗？") if s == "名称"] == [
        "天安门广场"
    ]
    assert ("餐馆", "名称", "大鸭梨烤鸭店(观音寺店)") in said(
        "有一家店符合您的要求：大鸭梨烤鸭店(观音寺店)。", "a"
    )
    assert [v for _, s, v in said("只有一家是金榜缘符合您的要求。", "a") if s == "名称"] == [
        "金榜缘"
    ]


def test_spans_that_are_no_names_are_left_alone() -> None:
    for text in (
        "抱歉，评分没有符合您要求的。",  # a negation, not a place
        "帮我找一家酒店",
        "这家酒店的电话是多少",
        "出发地的地铁站是哪个？",
    ):
        assert all(s != "名称" for _, s, _ in said(text, "a")), text


def test_a_value_that_runs_into_the_next_slot_word_leaves_that_slot_its_own() -> None:
    got = said("我想找一个评分4.5分以上的可有游玩时间4小时 - 5小时的景点游玩，给我推荐一个吧。")
    assert ("景点", "评分", "4.5分以上") in got
    assert ("景点", "游玩时间", "4小时 - 5小时") in got


def answer(question: str, reply: str) -> list[tuple[str, str, str | None]]:
    recent = RecentWindow(4)
    recent.append(parse_message(Message.user(question), turn=1, ontology=ONTO))
    parsed = parse_message(
        Message.assistant(reply), turn=1, ontology=ONTO, context=recent.context()
    )
    return [(u.entity, u.slot, u.value) for u in parsed.updates]


def test_a_list_after_a_remark_or_given_as_examples_is_the_answer() -> None:
    got = answer(
        "我喜欢北京欢乐谷，你知道这个景点周边的酒店都是什么吗？",
        "那可多了，有北京龙鼎华鼎云酒店, 北京人卫酒店, 北京万达文华酒店。",
    )
    assert ("景点", "周边酒店", "北京龙鼎华鼎云酒店, 北京人卫酒店, 北京万达文华酒店") in got
    got = answer(
        "我想先了解一下这个酒店周边都有哪些餐馆，你知道吗？",
        "周边餐馆实在太多了，比如说京味斋烤鸭店(劲松店), 东来顺(朝阳双井店)。",
    )
    assert ("酒店", "周边餐馆", "京味斋烤鸭店(劲松店), 东来顺(朝阳双井店)") in got


def test_a_kind_word_before_a_name_and_a_location_for_a_neighbourhood_are_cut() -> None:
    reply = "它周边的景点中国国家话剧院正好符合您的要求。"
    assert [v for _, s, v in said(reply, "a") if s == "名称"] == ["中国国家话剧院"]
    got = answer(
        "这家酒店周边有什么景点？",
        "北京鹏润国际大酒店在北京朝阳区霄云路26号，交通很方便。",
    )
    assert all(s != "周边景点" for _, s, _ in got), got


def names(text: str, role: str = "a") -> list[str | None]:
    return [v for _, s, v in said(text, role) if s == "名称"]


def test_a_name_at_a_clause_start_that_ends_as_names_end() -> None:
    # A kind suffix the ontology declares ("公园", "酒店") or a branch in brackets marks it.
    assert names("朝阳体育公园的门票多少钱？", "u") == ["朝阳体育公园"]
    assert names("华宇大酒店电话给我一下。", "u") == ["华宇大酒店"]
    assert names("好的，湘味轩(望京店)在哪里？", "u") == ["湘味轩(望京店)"]
    assert names("北京自然历史博物馆电话是多少？", "u") == ["北京自然历史博物馆"]
    # The kind word said again after the name is not part of it.
    assert names("华宇精品酒店酒店是什么类型？", "u") == ["华宇精品酒店"]


def test_a_name_after_a_cue_inside_a_clause() -> None:
    assert names("推荐西山红叶公园，票价30元，评分4.5分。") == ["西山红叶公园"]
    assert names("我再给您推荐一个吧，海淀水族馆(西门店)，他家门票是80元。") == [
        "海淀水族馆(西门店)"
    ]
    assert names("符合您要求的酒店是华宇大酒店。") == ["华宇大酒店"]
    assert names("请在华宇大酒店周边的餐馆里给我推荐一家。", "u") == ["华宇大酒店"]
    assert names("推荐您去评分4分的湘味轩(望京店)用餐。") == ["湘味轩(望京店)"]


def test_every_name_of_a_list_is_a_hit_in_order() -> None:
    # The state takes the last one as current; each is its own instance.
    assert names("如家快捷酒店(望京店)和华宇大酒店都是不错的选择哦！") == [
        "如家快捷酒店(望京店)",
        "华宇大酒店",
    ]
    # After a name that ends as names end, a member may end otherwise where the list ends.
    assert names("湘味轩(望京店)、老张烤串都挺好的！") == ["湘味轩(望京店)", "老张烤串"]
    assert names("您可以去西山红叶公园或者东湖湿地公园。") == ["西山红叶公园", "东湖湿地公园"]


def test_names_listed_as_neighbours_are_not_recommendations() -> None:
    for text in (
        "它周边的景点有西山红叶公园、东湖湿地公园。",
        "西山红叶公园, 东湖湿地公园, 朝阳体育公园。",  # a database-style list
        "西山红叶公园、东湖湿地公园都在附近。",
        "有啊，西山红叶公园, 东湖湿地公园。",
        "餐馆周边只有西山红叶公园。",
    ):
        assert names(text) == [], text


def test_ordinary_sentences_are_no_names() -> None:
    for text, role in (
        ("推荐一下吧。", "u"),
        ("推荐您去看看。", "a"),
        ("只有180元，性价比很高。", "a"),
        ("地址在朝阳区望京街道10号。", "a"),
        ("营业时间是10:00-22:00。", "a"),
        ("豪华型酒店都没有这个价格。", "a"),
        ("周边店酒店没有符合要求的。", "a"),
        ("是连锁店啊，挺好。", "u"),
        ("那的营业时间是什么时候？", "u"),
        ("它的详细地址是朝阳区望京街道10号。", "a"),
    ):
        assert names(text, role) == [], text


def test_a_plan_after_a_name_is_cut() -> None:
    assert names("我想去西山红叶公园爬山。", "u") == ["西山红叶公园"]
    assert names("好的，我想去老张烤串溜达一圈。", "u") == ["老张烤串"]
    assert names("推荐您去湘味轩(望京店)吃剁椒鱼头这道菜。") == ["湘味轩(望京店)"]
    assert names("华宇大酒店正符合您的要求。") == ["华宇大酒店"]
    assert names("查询后华宇大酒店符合您的要求。") == ["华宇大酒店"]


def test_after_a_strong_cue_a_name_may_end_any_way() -> None:
    assert names("建议你们去老张烤串或王记铁锅炖，都很地道。") == ["老张烤串", "王记铁锅炖"]
    assert names("好啊，就去老张烤串好了，它家周边有酒店吗？", "u") == ["老张烤串"]
    # What one does there, or a kind of place, is no name.
    for text, role in (
        ("建议您去休息一下。", "a"),
        ("我想去酒店住宿，帮我找一家。", "u"),
        ("推荐您去走走看看。", "a"),
    ):
        assert names(text, role) == [], text


def test_a_name_recommended_among_neighbours_is_no_recommendation() -> None:
    # "X附近吃的地方很多，您可以去A": A is one of X's neighbours.
    assert names("颐和园附近吃饭的地方很多，您可以去好运来饺子馆。") == ["颐和园"]
    # After "nothing near" the place recommended is the answer.
    assert "好运来饺子馆" in names("抱歉，周边没有合适的餐馆，推荐您去好运来饺子馆。")
    # "A，B，C都在附近": a comma list of neighbours.
    got = names("白云观，青龙湖公园，玉渊潭公园都在附近，您还有什么要求吗？")
    assert "青龙湖公园" not in got and "玉渊潭公园" not in got


def test_a_name_with_a_space_in_it_is_not_read_from_its_middle() -> None:
    assert names("请问Happy Noodle小面馆(望京店)的电话是多少？", "u") == []
    assert names("我想查一下喜乐拉面 Rāmen Bar(国贸店)的地址。", "u") == []
    # A list joined with a space after the joiner still lists.
    assert "春华秋实餐厅" in names("建议您去金鼎公园或 春华秋实餐厅。")


def test_a_ride_destination_and_a_trip_end_are_not_the_place_of_the_task() -> None:
    got = said("我想从北京天坛饭店出发，坐出租车去中国航空博物馆，请告诉我车型。")
    assert ("出租", "出发地", "北京天坛饭店") in got
    assert ("出租", "目的地", "中国航空博物馆") in got
    assert all(s != "名称" for _, s, _ in got)


def test_example_marker_and_a_plan_word_inside_a_name() -> None:
    assert names("带孩子的话推荐大众口味的餐厅，如松鹤楼餐厅。") == ["松鹤楼餐厅"]
    assert "潘家园古玩城" in names("您可以去潘家园古玩城逛一逛。")
    # 如家 is a name of its own, not "such as 家…".
    assert names("如家酒店(北京西站店)的价格是多少？", "u") == ["如家酒店(北京西站店)"]


def test_names_that_start_like_that_place_or_are_short() -> None:
    got = names("符合要求的有两家：那家小馆（望京店），那家小馆(丰台店)。")
    assert got == ["那家小馆（望京店）", "那家小馆(丰台店)"]
    assert names("推荐您去那家小馆(永安里店)吃饭。") == ["那家小馆(永安里店)"]
    assert names("推荐您去故宫餐厅。") == ["故宫餐厅"]
    # A determiner or a count before the kind word is no name, cued or not.
    assert names("推荐您去这家餐厅吧。") == []
    assert names("两个酒店都提供热水。") == []
    assert names("既然酒店周边没有餐馆，您可以去别处。") == []


def test_the_ride_between_the_two_ends_is_neither() -> None:
    for ride in ("乘坐地铁", "坐地铁", "乘地铁", "坐"):
        got = said(f"我想从白塔寺{ride}到北京国际饭店，请告诉我附近的地铁站。")
        assert ("地铁", "出发地", "白塔寺") in got, (ride, got)
        assert ("地铁", "目的地", "北京国际饭店") in got, (ride, got)
    for ride in ("打车", "坐出租车", "叫车"):
        got = said(f"我想从白塔寺{ride}去北京国际饭店，请告诉我车型和车牌。")
        assert ("出租", "出发地", "白塔寺") in got, (ride, got)
        assert ("出租", "目的地", "北京国际饭店") in got, (ride, got)


def test_a_ride_word_inside_a_name_does_not_pick_the_ride() -> None:
    got = said("如果我从汉庭酒店(北京西单地铁站店)到鸿宾楼，坐出租车过去，车型是什么？")
    assert ("出租", "出发地", "汉庭酒店(北京西单地铁站店)") in got


def names_in(text: str, role: str = "user", context: ParseContext | None = None) -> list[str]:
    """The 名称 values one message gives, in order."""
    msg = Message.user(text) if role == "user" else Message.assistant(text)
    got = parse_message(msg, turn=1, ontology=ONTO, context=context)
    return [u.value for u in got.updates if u.slot == "名称" and u.value]


def test_a_list_ends_where_the_reply_says_what_its_places_are() -> None:
    # The last member stops at what is said of the list, a two-character one included.
    sights = ParseContext(focus="景点")
    got = parse_message(
        Message.assistant("松风宫和松坛都不错。"), turn=1, ontology=ONTO, context=sights
    )
    assert [u.value for u in got.updates if u.slot == "名称"] == ["松风宫", "松坛"]


def test_staying_said_before_a_hotels_name_is_no_part_of_it() -> None:
    for text, name in (
        ("推荐您住北京松风酒店。", "北京松风酒店"),
        ("推荐您入住北京松风宾馆。", "北京松风宾馆"),
    ):
        got = parse_message(Message.assistant(text), turn=1, ontology=ONTO)
        assert [u.value for u in got.updates if u.slot == "名称"] == [name]


def test_more_ways_a_reply_offers_a_place() -> None:
    eats = ParseContext(focus="餐馆", asked=("名称",))
    for text in (
        "为您找到了松风阁，评分4.5分。",  # what the search found
        "有的，松风阁就不错。",  # "就" before the verdict is no part of the name
        "推荐松风阁给您。",
    ):
        assert names_in(text, "assistant", eats) == ["松风阁"], text
    sights = ParseContext(focus="景点", asked=("名称",))
    listed = parse_message(
        Message.assistant("青山公园、白塔寺和松风楼都值得一去。"),
        turn=1,
        ontology=ONTO,
        context=sights,
    )
    assert [u.value for u in listed.updates if u.slot == "名称"] == ["青山公园", "白塔寺", "松风楼"]


def test_what_follows_an_asking_verb_is_no_name_when_it_is_a_filler() -> None:
    for text in (
        "我要去某某博物馆，能告诉我大概的游玩时间么？",
        "能帮我查一下上面那家的电话吗？",
        "请告诉我一下刚才那家的地址。",
        "告诉我电话，我问一下团餐的价格。",
        "帮我查一下上面那家的地址",
        "帮我查一下大概的价格",
        "能帮我查一下当地的地址吗",
        "告诉我一下周末的营业时间",
    ):
        fillers = {"大概", "上面那家", "上面", "刚才那家", "刚才", "团餐", "当地", "周末"}
        assert not fillers & set(names_in(text)), text


def test_staying_said_after_going_is_no_part_of_a_name() -> None:
    for text, name in (
        ("推荐您去入住北京松风饭店。", "北京松风饭店"),
        ("我要去入住北京松风酒店。", "北京松风酒店"),
        ("推荐您选择入住北京松风饭店。", "北京松风饭店"),
    ):
        assert names_in(text) == [name], text
    # A bare "住" after "去" may start a name.
    assert names_in("推荐您去住友商务酒店。", "assistant") == ["住友商务酒店"]


def test_a_name_asked_about_after_a_request_verb_is_read() -> None:
    for text in (
        "能帮我查一下松风阁的地址吗？",
        "你能告诉我一下松风阁的营业时间吗？",
        "我想问一下松风阁周边有什么景点？",
        "我还想知道松风阁附近有没有酒店。",
    ):
        assert names_in(text) == ["松风阁"], text
    # Two characters that start like no filler are a name too.
    assert names_in("告诉我北海的门票多少钱？") == ["北海"]
    # A pronoun after the request is still no name.
    assert names_in("帮我找一下它家的电话。") == []
