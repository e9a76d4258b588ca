# ruff: noqa: E501  (conversation text is kept verbatim, one message a line)
"""Third review round: sessions in domains the first two rounds did not cover (wedding planning,
car rental and repair, recruiting, real-estate viewings, a shopping assistant with tools, a
translation assistant with style rules, a DevOps agent with shell output, visa paperwork;
English and Chinese).

Each has its ground truth beside it, as in `_review_convos.py`.
"""

from __future__ import annotations

from _review_convos import Convo

CONVOS3: list[Convo] = []


def convo(c: Convo) -> None:
    CONVOS3.append(c)


# ---------------------------------------------------------------- English: wedding planning
convo(
    Convo(
        "en_wedding",
        "en",
        [
            (
                "u",
                "I'm planning my wedding for 140 guests. Always keep the total budget under $38,000.",
            ),
            ("a", "Got it: 140 guests, total budget under $38,000."),
            ("u", "Don't book any venue that requires their in-house caterer."),
            ("a", "Understood, only venues that allow outside catering."),
            (
                "call",
                "venue_search",
                {"date": "2027-09-18", "guests": 140, "outside_catering": True},
                {
                    "results": [
                        {"id": "VEN-2231", "name": "Harbor Loft", "fee": 9200},
                        {"id": "VEN-2290", "name": "Willow Barn", "fee": 7400},
                    ]
                },
            ),
            (
                "a",
                "Two options: Harbor Loft (VEN-2231, $9,200) and Willow Barn (VEN-2290, $7,400).",
            ),
            ("u", "Hold Willow Barn. Actually the guest count is now 165, my mom added people."),
            ("a", "Noted: 165 guests. Holding Willow Barn VEN-2290."),
            (
                "u",
                "The caterer is Saffron & Sage, quote Q-77102. Menu: vegetarian option for every course.",
            ),
            ("a", "Saffron & Sage, quote Q-77102, vegetarian option on each course."),
            ("u", "Scratch the budget cap, my parents are chipping in. The new cap is $45,000."),
            ("a", "Budget cap is now $45,000."),
            ("u", "Move the date to October 2, 2027 instead of September 18."),
            ("a", "Date moved to October 2, 2027."),
            ("u", "What's left to book?"),
        ],
        active=["Don't book any venue that requires their in-house caterer"],
        revoked=["Always keep the total budget under $38,000"],
        current=["165", "$45,000", "October 2, 2027"],
        superseded=["140", "$38,000", "September 18"],
        ids=["VEN-2290", "Q-77102"],
    )
)

# ---------------------------------------------------------------- English: car rental + repair
convo(
    Convo(
        "en_car_rental",
        "en",
        [
            (
                "u",
                "My Subaru Outback (plate 7KQX382) is in the shop at Midtown Auto, ticket RO-55821. I need a rental meanwhile.",
            ),
            ("a", "I'll look for a rental. Any preferences?"),
            ("u", "Never add the collision damage waiver, my credit card covers it. And no vans."),
            ("a", "No CDW, no vans."),
            (
                "call",
                "rental_search",
                {"pickup": "SFO", "from": "2027-03-03", "to": "2027-03-07"},
                {
                    "offers": [
                        {"code": "HZ-ECAR-1183", "class": "economy", "daily": 41},
                        {"code": "AV-SUV-2207", "class": "SUV", "daily": 68},
                    ]
                },
            ),
            ("a", "Economy HZ-ECAR-1183 at $41/day, or SUV AV-SUV-2207 at $68/day."),
            ("u", "Book the economy. Pickup at SFO."),
            (
                "call",
                "rental_book",
                {"code": "HZ-ECAR-1183", "cdw": False},
                {"confirmation": "HZ-CNF-90412", "return": "2027-03-07"},
            ),
            ("a", "Booked: confirmation HZ-CNF-90412, return March 7."),
            ("u", "Midtown says the repair takes longer. Extend the return to March 11."),
            (
                "call",
                "rental_modify",
                {"confirmation": "HZ-CNF-90412", "return": "2027-03-11"},
                {"confirmation": "HZ-CNF-90412", "return": "2027-03-11"},
            ),
            ("a", "Return extended to March 11."),
            ("u", "Actually pick up at Oakland airport instead of SFO, it's closer."),
            ("a", "Pickup changed to Oakland airport (OAK)."),
            (
                "u",
                "For this rental only, go ahead and add the CDW, my card's coverage doesn't apply past 7 days.",
            ),
            ("a", "CDW added for this rental."),
            ("u", "When do I return it?"),
        ],
        active=["no vans"],
        revoked=[],
        current=["March 11", "Oakland"],
        superseded=["March 7", "SFO"],
        ids=["7KQX382", "RO-55821", "HZ-CNF-90412"],
    )
)

# ---------------------------------------------------------------- English: recruiting
convo(
    Convo(
        "en_recruiting",
        "en",
        [
            (
                "u",
                "We're hiring a senior backend engineer, req JR-2027-0419. Only consider candidates with at least 5 years of Go.",
            ),
            ("a", "Screening for 5+ years of Go on JR-2027-0419."),
            (
                "u",
                "Do not reach out to anyone currently at Acme Corp, we have a no-poach agreement.",
            ),
            ("a", "Understood, no outreach to current Acme Corp employees."),
            (
                "call",
                "ats_search",
                {"req": "JR-2027-0419", "skills": ["go"], "min_years": 5},
                {
                    "candidates": [
                        {"id": "CAND-88310", "name": "Lena Ortiz", "years_go": 7},
                        {"id": "CAND-88355", "name": "Tom Becker", "years_go": 5},
                    ]
                },
            ),
            (
                "a",
                "Two matches: Lena Ortiz (CAND-88310, 7 yrs) and Tom Becker (CAND-88355, 5 yrs).",
            ),
            ("u", "Schedule Lena for a phone screen on Tuesday at 10am."),
            ("a", "Phone screen with Lena Ortiz on Tuesday 10am."),
            (
                "u",
                "Change that: the salary band is $185k-$210k, not $170k-$195k as the posting says.",
            ),
            ("a", "Band updated to $185k-$210k."),
            ("u", "Lena asked to move it to Wednesday at 2pm."),
            ("a", "Moved Lena's phone screen to Wednesday 2pm."),
            (
                "u",
                "We can relax the Go requirement: 3 years is enough now if they have strong Rust.",
            ),
            ("a", "Minimum is now 3 years of Go with strong Rust."),
            ("u", "Who's on the calendar?"),
        ],
        active=["Do not reach out to anyone currently at Acme Corp"],
        revoked=["Only consider candidates with at least 5 years of Go"],
        current=["Wednesday", "$185k-$210k"],
        superseded=["Tuesday", "$170k-$195k"],
        ids=["JR-2027-0419", "CAND-88310"],
    )
)

# ---------------------------------------------------------------- English: DevOps shell agent
convo(
    Convo(
        "en_devops_shell",
        "en",
        [
            (
                "u",
                "Deploy payments-api v2.14.3 to staging. Never run anything against the prod-eu-1 cluster without asking me first.",
            ),
            ("a", "Will deploy to staging only."),
            ("u", "Always use --dry-run first before any kubectl apply."),
            ("a", "Will dry-run before applying."),
            (
                "call",
                "shell",
                {
                    "cmd": "kubectl --context staging-us-2 apply -f deploy/payments-api.yaml --dry-run=server"
                },
                "deployment.apps/payments-api configured (server dry run)",
            ),
            (
                "call",
                "shell",
                {"cmd": "kubectl --context staging-us-2 apply -f deploy/payments-api.yaml"},
                "deployment.apps/payments-api configured",
            ),
            (
                "call",
                "shell",
                {"cmd": "kubectl --context staging-us-2 rollout status deploy/payments-api"},
                'error: deployment "payments-api" exceeded its progress deadline\npayments-api-7c9f8d6b5-x2kqp   0/1   CrashLoopBackOff',
            ),
            ("a", "Rollout failed: pod payments-api-7c9f8d6b5-x2kqp is in CrashLoopBackOff."),
            (
                "u",
                "Roll back to v2.14.1 then. Oh and you can skip the dry-run from now on, it's slowing us down.",
            ),
            (
                "call",
                "shell",
                {
                    "cmd": "kubectl --context staging-us-2 rollout undo deploy/payments-api --to-revision=41"
                },
                "deployment.apps/payments-api rolled back",
            ),
            ("a", "Rolled back to revision 41 (v2.14.1)."),
            (
                "u",
                "The target version is now v2.14.4, the fix was merged in PR #3318. Deploy that.",
            ),
            (
                "call",
                "shell",
                {
                    "cmd": "kubectl --context staging-us-2 set image deploy/payments-api api=registry.internal/payments-api:v2.14.4"
                },
                "deployment.apps/payments-api image updated",
            ),
            ("a", "Deployed v2.14.4 to staging."),
            ("u", "Good. Status?"),
        ],
        active=["Never run anything against the prod-eu-1 cluster without asking me first"],
        revoked=["Always use --dry-run first before any kubectl apply"],
        current=["v2.14.4"],
        superseded=["v2.14.3"],
        ids=["payments-api-7c9f8d6b5-x2kqp", "staging-us-2", "#3318"],
    )
)

# ---------------------------------------------------------------- English: translation style
convo(
    Convo(
        "en_translation",
        "en",
        [
            ("u", "Translate our product docs into German. Use the formal 'Sie', never 'du'."),
            ("a", "Formal Sie throughout."),
            ("u", "Keep product names like CloudSync Pro and the API term 'webhook' untranslated."),
            ("a", "CloudSync Pro and webhook stay in English."),
            ("u", "Target length: each heading at most 40 characters."),
            ("a", "Headings at most 40 characters."),
            ("u", "Here's section 3.2: 'Set up your first webhook in under five minutes.'"),
            ("a", "'Richten Sie Ihren ersten Webhook in unter fünf Minuten ein.'"),
            ("u", "Change of plan: the marketing pages can use 'du', only the docs stay formal."),
            ("a", "Marketing pages use du; docs keep Sie."),
            ("u", "Headings can go up to 55 characters now, the new template is wider."),
            ("a", "Heading limit is now 55 characters."),
            ("u", "Next is section 3.3."),
        ],
        active=["Keep product names like CloudSync Pro and the API term 'webhook' untranslated"],
        revoked=[],
        current=["55"],
        superseded=["40 characters"],
        ids=["CloudSync Pro"],
    )
)

# ---------------------------------------------------------------- Chinese: 婚礼策划
convo(
    Convo(
        "zh_wedding",
        "zh",
        [
            ("u", "帮我策划婚礼，宾客大概120人，总预算不能超过25万元。"),
            ("a", "好的，120人，总预算25万元以内。"),
            ("u", "婚宴一定不要安排在周一到周四。"),
            ("a", "明白，只考虑周五到周日。"),
            (
                "call",
                "venue_search",
                {"city": "杭州", "guests": 120, "date": "2027-05-22"},
                {
                    "results": [
                        {"id": "HZ-VN-3307", "name": "西湖国宾馆", "price": 86000},
                        {"id": "HZ-VN-3312", "name": "湖畔居", "price": 64000},
                    ]
                },
            ),
            ("a", "找到两家：西湖国宾馆（HZ-VN-3307，8.6万）和湖畔居（HZ-VN-3312，6.4万）。"),
            ("u", "先订湖畔居。另外宾客人数改成150人了，男方家里加了不少人。"),
            ("a", "已记录：宾客150人，预订湖畔居 HZ-VN-3312。"),
            ("u", "预算那条取消吧，双方父母都给了钱，不用卡25万了，改成32万。"),
            ("a", "预算上限改为32万元。"),
            ("u", "婚期从5月22日改到5月29日。"),
            ("a", "婚期改为5月29日。"),
            ("u", "摄影师定了张弛工作室，合同号 PH-2027-0088。"),
            ("a", "摄影：张弛工作室，合同 PH-2027-0088。"),
            ("u", "现在还差什么没定？"),
        ],
        active=["婚宴一定不要安排在周一到周四"],
        revoked=["总预算不能超过25万元"],
        current=["150", "32万", "5月29日"],
        superseded=["120人", "25万", "5月22日"],
        ids=["HZ-VN-3312", "PH-2027-0088"],
    )
)

# ---------------------------------------------------------------- Chinese: 看房
convo(
    Convo(
        "zh_house_viewing",
        "zh",
        [
            ("u", "我想在上海租房，预算每月8000以内，只看地铁站步行10分钟以内的。"),
            ("a", "好的，月租8000以内，离地铁步行10分钟内。"),
            ("u", "不要一楼，也不要朝北的。"),
            ("a", "明白，排除一楼和朝北。"),
            (
                "call",
                "listing_search",
                {"city": "上海", "max_rent": 8000, "metro_walk_min": 10},
                {
                    "listings": [
                        {"id": "SH-LJ-204871", "area": "徐汇", "rent": 7600, "floor": 6},
                        {"id": "SH-LJ-204933", "area": "静安", "rent": 7900, "floor": 12},
                    ]
                },
            ),
            ("a", "两套：徐汇 SH-LJ-204871（7600，6楼），静安 SH-LJ-204933（7900，12楼）。"),
            ("u", "约周六上午10点看徐汇那套，中介是链家的王磊，电话 138-1762-4409。"),
            ("a", "已约周六10点看 SH-LJ-204871，中介王磊 138-1762-4409。"),
            ("u", "王磊说周六不行，改到周日下午3点。"),
            ("a", "看房改为周日下午3点。"),
            ("u", "预算可以放宽到9500了，我涨工资了。"),
            ("a", "预算上限改为9500。"),
            ("u", "朝北的其实也可以接受，只要不是一楼。"),
            ("a", "好的，朝北也可以，仍排除一楼。"),
            ("u", "那再帮我搜一下吧。"),
        ],
        active=["不要一楼"],
        revoked=["也不要朝北的"],
        current=["9500", "周日下午3点"],
        superseded=["8000以内", "周六上午10点"],
        ids=["SH-LJ-204871", "138-1762-4409"],
    )
)

# ---------------------------------------------------------------- Chinese: 购物比价
convo(
    Convo(
        "zh_shopping",
        "zh",
        [
            ("u", "帮我比较几款降噪耳机，预算1500元以内，只要头戴式的。"),
            ("a", "好的，头戴式，1500以内。"),
            (
                "call",
                "product_search",
                {"category": "降噪耳机", "form": "头戴式", "max_price": 1500},
                {
                    "items": [
                        {"sku": "JD-100038817", "name": "索尼 WH-CH720N", "price": 899},
                        {"sku": "JD-100052231", "name": "Bose QC SE", "price": 1399},
                    ]
                },
            ),
            ("a", "索尼 WH-CH720N（JD-100038817，899元）和 Bose QC SE（JD-100052231，1399元）。"),
            ("u", "不要考虑拼多多上的商品，只看京东自营。"),
            ("a", "明白，只看京东自营。"),
            ("u", "其实入耳式也可以，不一定要头戴。"),
            ("a", "好的，入耳式也纳入。"),
            (
                "call",
                "product_search",
                {"category": "降噪耳机", "max_price": 1500},
                {"items": [{"sku": "JD-100071990", "name": "华为 FreeBuds Pro 3", "price": 1199}]},
            ),
            ("a", "新增华为 FreeBuds Pro 3（JD-100071990，1199元）。"),
            ("u", "预算改成2000吧。"),
            ("a", "预算上限改为2000元。"),
            ("u", "哪个性价比最高？"),
        ],
        active=["不要考虑拼多多上的商品，只看京东自营"],
        revoked=["只要头戴式的"],
        current=["2000"],
        superseded=["1500元以内"],
        ids=["JD-100038817", "JD-100071990"],
    )
)

# ---------------------------------------------------------------- Chinese: 签证材料
convo(
    Convo(
        "zh_visa",
        "zh",
        [
            ("u", "我要办日本单次旅游签证，护照号 EK4471920，出发日期4月10日。"),
            ("a", "好的，日本单次旅游签，护照 EK4471920，4月10日出发。"),
            ("u", "所有材料的日期都用公历格式 YYYY-MM-DD 写。"),
            ("a", "明白，日期统一 YYYY-MM-DD。"),
            ("u", "在职证明上不要写我的月薪。"),
            ("a", "好的，在职证明不写月薪。"),
            (
                "call",
                "visa_checklist",
                {"country": "JP", "type": "single_tourist"},
                {
                    "items": ["护照", "照片 45x45mm", "在职证明", "银行流水6个月", "行程单"],
                    "center": "VFS-SH-02",
                },
            ),
            (
                "a",
                "所需材料：护照、45x45mm照片、在职证明、6个月银行流水、行程单，递交到 VFS-SH-02。",
            ),
            ("u", "改成三年多次往返签证吧，我明年还要去。"),
            ("a", "改为三年多次签证。"),
            ("u", "出发日期推迟到4月24日。"),
            ("a", "出发日期改为4月24日。"),
            ("u", "在职证明上写月薪也可以，签证官要看收入。"),
            ("a", "好的，在职证明可以写月薪。"),
            ("u", "还缺哪些材料？"),
        ],
        active=["所有材料的日期都用公历格式 YYYY-MM-DD 写"],
        revoked=["在职证明上不要写我的月薪"],
        current=["三年多次", "4月24日"],
        superseded=["单次旅游签证", "4月10日"],
        ids=["EK4471920", "VFS-SH-02"],
    )
)

# ---------------------------------------------------------------- Chinese: 运维
convo(
    Convo(
        "zh_devops",
        "zh",
        [
            ("u", "把 order-svc 升级到 v3.8.0，只在 k8s-bj-test 集群上操作。"),
            ("a", "好的，只动 k8s-bj-test。"),
            ("u", "执行任何删除命令前必须先问我。"),
            ("a", "明白，删除操作先确认。"),
            (
                "call",
                "shell",
                {
                    "cmd": "helm upgrade order-svc charts/order-svc --set image.tag=v3.8.0 -n orders --kube-context k8s-bj-test"
                },
                'Release "order-svc" has been upgraded. Happy Helming!\nREVISION: 57',
            ),
            (
                "call",
                "shell",
                {"cmd": "kubectl -n orders get pods --context k8s-bj-test"},
                "order-svc-5d7b9c8f4-qm2zt   0/1   ImagePullBackOff",
            ),
            ("a", "升级后 order-svc-5d7b9c8f4-qm2zt 处于 ImagePullBackOff。"),
            (
                "u",
                "镜像仓库地址改成 harbor.corp.cn/prod/order-svc 了，旧的 registry.old.cn 已经下线。",
            ),
            (
                "call",
                "shell",
                {
                    "cmd": "helm upgrade order-svc charts/order-svc --set image.repository=harbor.corp.cn/prod/order-svc --set image.tag=v3.8.0 -n orders --kube-context k8s-bj-test"
                },
                "REVISION: 58",
            ),
            ("a", "已改为 harbor.corp.cn/prod/order-svc，REVISION 58。"),
            ("u", "版本改成 v3.8.1，v3.8.0 有内存泄漏。"),
            ("a", "目标版本改为 v3.8.1。"),
            ("u", "删除命令以后不用问我了，直接执行。"),
            ("a", "好的，删除命令不再确认。"),
            ("u", "现在状态怎么样？"),
        ],
        active=["只在 k8s-bj-test 集群上操作"],
        revoked=["执行任何删除命令前必须先问我"],
        current=["v3.8.1", "harbor.corp.cn/prod/order-svc"],
        superseded=["v3.8.0", "registry.old.cn"],
        ids=["order-svc-5d7b9c8f4-qm2zt", "k8s-bj-test"],
    )
)


# ---------------------------------------------------------------- English: real-estate viewing
convo(
    Convo(
        "en_house_viewing",
        "en",
        [
            (
                "u",
                "I'm looking to buy a 3-bedroom in Austin. Max price $620,000, and no HOA fees over $150 a month.",
            ),
            ("a", "3 bedrooms, up to $620,000, HOA at most $150/month."),
            ("u", "Don't show me anything built before 1990."),
            ("a", "Only homes built in 1990 or later."),
            (
                "call",
                "mls_search",
                {"city": "Austin", "beds": 3, "max_price": 620000, "min_year": 1990},
                {
                    "listings": [
                        {
                            "mls": "MLS-7714203",
                            "address": "4418 Avenue F",
                            "price": 589000,
                            "hoa": 0,
                        },
                        {
                            "mls": "MLS-7714388",
                            "address": "1207 Bouldin Ave",
                            "price": 615000,
                            "hoa": 120,
                        },
                    ]
                },
            ),
            (
                "a",
                "Two listings: 4418 Avenue F (MLS-7714203, $589,000) and 1207 Bouldin Ave (MLS-7714388, $615,000).",
            ),
            ("u", "Book a viewing of 4418 Avenue F on Saturday at 11am with agent Dana Whitfield."),
            ("a", "Viewing booked for Saturday 11am with Dana Whitfield."),
            ("u", "Actually make that 4 bedrooms, we're expecting."),
            ("a", "Updated to 4 bedrooms."),
            (
                "u",
                "The 1990 rule doesn't apply to historic homes in Travis Heights, those are fine.",
            ),
            ("a", "Historic homes in Travis Heights are an exception to the 1990 rule."),
            ("u", "Push the viewing to Sunday at 1pm."),
            ("a", "Viewing moved to Sunday 1pm."),
            ("u", "What's booked?"),
        ],
        active=["Don't show me anything built before 1990"],
        revoked=[],
        current=["4 bedrooms", "Sunday at 1pm"],
        superseded=["3-bedroom", "Saturday at 11am"],
        ids=["MLS-7714203", "4418 Avenue F"],
    )
)

# ---------------------------------------------------------------- English: visa paperwork
convo(
    Convo(
        "en_visa",
        "en",
        [
            (
                "u",
                "Help me with my UK Standard Visitor visa. Passport number 563920187, GWF reference GWF071234567.",
            ),
            ("a", "Noted: passport 563920187, GWF071234567."),
            (
                "u",
                "Always write my name exactly as on the passport: MARÍA JOSÉ FERNÁNDEZ LÓPEZ, with accents.",
            ),
            ("a", "Name will match the passport with accents."),
            ("u", "My travel dates are June 3 to June 17."),
            ("a", "June 3 to June 17."),
            (
                "call",
                "biometrics_slots",
                {"centre": "TLS Madrid", "after": "2027-04-01"},
                {"slots": [{"id": "TLS-MAD-55120", "date": "2027-04-09", "time": "09:30"}]},
            ),
            ("a", "Biometrics slot TLS-MAD-55120 on April 9 at 09:30 at TLS Madrid."),
            ("u", "Book it. And change my return to June 24, my conference got extended."),
            ("a", "Booked. Return date is now June 24."),
            (
                "u",
                "Don't list my sister as a UK contact anymore, use my colleague Tom Hale instead.",
            ),
            ("a", "UK contact changed to Tom Hale."),
            ("u", "What's left?"),
        ],
        active=[
            "Always write my name exactly as on the passport: MARÍA JOSÉ FERNÁNDEZ LÓPEZ, with accents"
        ],
        revoked=[],
        current=["June 24", "Tom Hale"],
        superseded=["June 17"],
        ids=["563920187", "GWF071234567", "TLS-MAD-55120", "MARÍA JOSÉ FERNÁNDEZ LÓPEZ"],
    )
)

# ---------------------------------------------------------------- Chinese: 修车与租车
convo(
    Convo(
        "zh_car_repair",
        "zh",
        [
            (
                "u",
                "我的车（车牌 沪A·7K392）在途虎养车修，工单号 TH-20270311-0457，帮我安排一下代步车。",
            ),
            ("a", "好的，工单 TH-20270311-0457，我来找代步车。"),
            ("u", "只租自动挡的，别给我订电车，我家没充电桩。"),
            ("a", "明白，只要自动挡燃油车。"),
            (
                "call",
                "rental_search",
                {"city": "上海", "from": "2027-03-12", "to": "2027-03-15", "transmission": "AT"},
                {
                    "offers": [
                        {"id": "YC-SH-88120", "model": "大众朗逸", "daily": 168},
                        {"id": "YC-SH-88177", "model": "丰田凯美瑞", "daily": 259},
                    ]
                },
            ),
            ("a", "一嗨有大众朗逸（YC-SH-88120，168元/天）和丰田凯美瑞（YC-SH-88177，259元/天）。"),
            ("u", "订朗逸，3月15日还车。"),
            ("a", "已订朗逸 YC-SH-88120，3月15日还车。"),
            ("u", "师傅说变速箱要换，还车时间改到3月20日。"),
            ("a", "还车改为3月20日。"),
            ("u", "电车其实也行，小区刚装了充电桩。"),
            ("a", "好的，电车也可以考虑了。"),
            ("u", "维修预算最多5000，超过先问我。"),
            ("a", "好的，维修超过5000先确认。"),
            ("u", "现在什么情况？"),
        ],
        active=["只租自动挡的", "维修预算最多5000，超过先问我"],
        revoked=["别给我订电车"],
        current=["3月20日"],
        superseded=["3月15日"],
        ids=["沪A·7K392", "TH-20270311-0457", "YC-SH-88120"],
    )
)

# ---------------------------------------------------------------- Chinese: 翻译与写作
convo(
    Convo(
        "zh_translation",
        "zh",
        [
            ("u", "帮我把公司年报翻译成英文，用美式拼写，不要用英式拼写。"),
            ("a", "好的，统一美式拼写。"),
            ("u", "公司名“星河智能”固定译为 Galaxy Intelligence，不要音译。"),
            ("a", "明白，星河智能译为 Galaxy Intelligence。"),
            ("u", "每段不超过120个单词。"),
            ("a", "好的，每段120词以内。"),
            ("u", "第二章：“本年度营业收入同比增长23.5%。”"),
            ("a", "Chapter 2: Operating revenue grew 23.5% year over year."),
            ("u", "段落字数限制改成150个单词吧，120太紧了。"),
            ("a", "好的，每段上限改为150词。"),
            ("u", "英式拼写也无所谓了，客户是英国的，就用英式拼写吧。"),
            ("a", "好的，改用英式拼写。"),
            ("u", "继续翻第三章。"),
        ],
        active=["公司名“星河智能”固定译为 Galaxy Intelligence，不要音译"],
        revoked=["用美式拼写，不要用英式拼写"],
        current=["150"],
        superseded=["120个单词"],
        ids=["Galaxy Intelligence"],
    )
)
