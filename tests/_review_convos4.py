# ruff: noqa: E501  (conversation text is kept verbatim, one message a line)
"""Fourth review round: sessions in domains the first three rounds did not cover (legal intake,
restaurant booking, fitness coaching, a game-dev coding agent, a SQL cleanup agent, flight
rebooking, IT helpdesk, procurement; pharmacy refills, a moving quote, concert ticketing, tax
filing, video editing, course registration, a labour-dispute intake, a data-cleanup agent;
English and Chinese).

Each has its ground truth beside it, as in `_review_convos.py`.
"""

from __future__ import annotations

from _review_convos import Convo

CONVOS4: list[Convo] = []


def convo(c: Convo) -> None:
    CONVOS4.append(c)


# ---------------------------------------------------------------- English: legal intake
convo(
    Convo(
        "en_legal_intake",
        "en",
        [
            (
                "u",
                "Hi, my landlord is keeping my security deposit. It was $2,400. Please don't share my new address with the landlord's attorney.",
            ),
            ("a", "I'm sorry to hear that. I'll keep your new address confidential."),
            ("u", "Only contact me by email, never call my work number."),
            ("a", "Email only, noted. Do you have a case number yet?"),
            (
                "call",
                "case_lookup",
                {"party": "Dana Whitfield", "county": "Travis"},
                {
                    "cases": [
                        {
                            "case_no": "CV-2027-004812",
                            "type": "small claims",
                            "filed": "2027-02-03",
                            "hearing": "2027-04-14",
                        }
                    ]
                },
            ),
            (
                "a",
                "I found small-claims case CV-2027-004812, filed Feb 3, hearing April 14. We usually advise clients not to speak to the landlord directly.",
            ),
            (
                "u",
                "Correction, the deposit was $2,650, I forgot the pet deposit. Is the April 14 hearing in person?",
            ),
            ("a", "Updated to $2,650. Yes, Travis County small claims hearings are in person."),
            ("u", "The lease ended on January 31, not January 15 like I said before."),
            ("a", "Lease end date: January 31."),
            (
                "u",
                "Actually you can call me now, I changed jobs so the work number thing doesn't matter anymore.",
            ),
            ("a", "Understood, phone calls are fine now."),
            ("u", "What documents should I bring?"),
        ],
        active=["don't share my new address with the landlord's attorney"],
        revoked=["never call my work number"],
        current=["$2,650", "January 31"],
        superseded=["$2,400", "January 15"],
        ids=["CV-2027-004812"],
    )
)

# ---------------------------------------------------------------- English: restaurant booking
convo(
    Convo(
        "en_restaurant",
        "en",
        [
            (
                "u",
                "Need a dinner reservation Friday for 4 people around 7pm in the Mission. No shellfish places, my wife is allergic.",
            ),
            ("a", "Looking for Friday 7pm, party of 4, no shellfish-focused restaurants."),
            (
                "call",
                "resto_search",
                {"area": "Mission", "party": 4, "time": "19:00", "date": "2027-05-14"},
                {
                    "results": [
                        {"id": "RST-1182", "name": "Lolo", "deposit": False},
                        {"id": "RST-1207", "name": "Foreign Cinema", "deposit": True},
                        {"id": "RST-1240", "name": "Beretta", "deposit": False},
                    ]
                },
            ),
            (
                "a",
                "Options: Lolo (RST-1182), Foreign Cinema (RST-1207, deposit), Beretta (RST-1240).",
            ),
            ("u", "I don't want anywhere that needs a credit card deposit."),
            ("a", "Skipping Foreign Cinema then."),
            (
                "u",
                "Hmm the second one looks really nice though. ok fine for this one a deposit is ok.",
            ),
            ("a", "Got it, Foreign Cinema is fine despite the deposit."),
            ("u", "Make it 6 people, my brother is coming with his girlfriend."),
            (
                "call",
                "resto_book",
                {"id": "RST-1207", "party": 6, "time": "19:00"},
                {"status": "waitlist", "alt_time": "19:30"},
            ),
            ("a", "7pm is waitlisted for 6; 7:30 is open."),
            ("u", "Take 7:30. Actually it's 5 people, his girlfriend can't make it."),
            (
                "call",
                "resto_book",
                {"id": "RST-1207", "party": 5, "time": "19:30"},
                {"status": "confirmed", "confirmation": "FC-88K2Q", "deposit_usd": 50},
            ),
            ("a", "Confirmed: Foreign Cinema, Friday 7:30pm, party of 5, confirmation FC-88K2Q."),
            ("u", "Great, what's the cancellation policy?"),
        ],
        active=["No shellfish places"],
        revoked=[],
        current=["5", "7:30"],
        superseded=["4 people", "7pm"],
        ids=["FC-88K2Q", "RST-1207"],
    )
)

# ---------------------------------------------------------------- English: fitness coaching
convo(
    Convo(
        "en_fitness",
        "en",
        [
            (
                "u",
                "I want to lose some weight, I'm at 182 lbs. I'm vegetarian so no meat or fish in any meal plan.",
            ),
            ("a", "Great goal. Vegetarian meal plans only."),
            ("u", "Keep every workout under 45 minutes, I have a toddler."),
            (
                "a",
                "Sessions under 45 minutes. I'd also suggest avoiding high-impact jumping for your knees.",
            ),
            ("u", "Should I avoid dairy too?"),
            ("a", "Not necessarily; dairy is a good protein source for vegetarians."),
            ("u", "Set my daily calorie target to 2,200."),
            ("a", "Daily target: 2,200 kcal."),
            ("u", "Weighed in this morning, 179 lbs now!"),
            ("a", "Nice progress, 179 lbs."),
            (
                "u",
                "On Saturdays you can go up to 60 minutes, my partner watches the kid. And lower the calories to 2,050.",
            ),
            ("a", "Saturday sessions up to 60 minutes; target 2,050 kcal."),
            ("u", "Give me this week's plan."),
        ],
        active=["no meat or fish in any meal plan", "Keep every workout under 45 minutes"],
        revoked=[],
        current=["179", "2,050"],
        superseded=["182", "2,200"],
        ids=[],
    )
)

# ---------------------------------------------------------------- English: game-dev coding agent
convo(
    Convo(
        "en_gamedev",
        "en",
        [
            (
                "u",
                "Working on my Godot 4 platformer. Never commit straight to main, always use a feature branch. Use tabs not spaces in GDScript.",
            ),
            ("a", "Feature branches only, tabs in GDScript."),
            ("u", "Also don't touch anything in addons/, those are third-party plugins."),
            ("a", "I'll leave addons/ alone."),
            (
                "call",
                "shell",
                {"cmd": "godot --headless --check-only --script res://scripts/player.gd"},
                'SCRIPT ERROR: Parse Error: Identifier "coyote_timer" not declared in the current scope.\n   at: GDScript::reload (res://scripts/player.gd:88)',
            ),
            ("a", "player.gd line 88 uses coyote_timer before declaring it."),
            ("u", "Fix it on a branch called feat/coyote-time. Coyote time should be 0.1 seconds."),
            (
                "call",
                "shell",
                {"cmd": "git checkout -b feat/coyote-time && git commit -am 'add coyote timer'"},
                "Switched to a new branch 'feat/coyote-time'\n[feat/coyote-time 4e1a9c7] add coyote timer\n 1 file changed, 6 insertions(+)",
            ),
            ("a", "Committed 4e1a9c7 on feat/coyote-time."),
            ("u", "Playtesters say it's too tight, make coyote time 0.15 seconds."),
            ("a", "Coyote time set to 0.15 s."),
            (
                "u",
                "Ok one exception: you can patch addons/dialogic/Core/DialogicGameHandler.gd this one time, there's a null bug in it.",
            ),
            ("a", "I'll patch only that file in addons/dialogic."),
            ("u", "Run the tests."),
        ],
        active=["Never commit straight to main", "Use tabs not spaces in GDScript"],
        revoked=[],
        current=["0.15"],
        superseded=["0.1 seconds"],
        ids=["4e1a9c7", "feat/coyote-time", "res://scripts/player.gd"],
    )
)

# ---------------------------------------------------------------- English: SQL cleanup agent
convo(
    Convo(
        "en_sql_cleanup",
        "en",
        [
            (
                "u",
                "We need to dedupe the customers table in analytics_staging. Don't touch the prod schema at all.",
            ),
            ("a", "Working only in analytics_staging."),
            (
                "u",
                "Never run a DELETE without a WHERE clause. And wrap every write in a transaction.",
            ),
            ("a", "Understood."),
            (
                "call",
                "sql",
                {
                    "query": "SELECT email, COUNT(*) c FROM analytics_staging.customers GROUP BY email HAVING COUNT(*) > 1 ORDER BY c DESC LIMIT 3"
                },
                {
                    "rows": [
                        {"email": "ops@northwind-traders.com", "c": 14},
                        {"email": "j.kim@contoso.io", "c": 6},
                        {"email": "billing@fabrikam.net", "c": 5},
                    ],
                    "row_count": 3,
                },
            ),
            ("a", "Top duplicates: ops@northwind-traders.com (14), j.kim@contoso.io (6)."),
            (
                "u",
                "The dedupe key should be email only. Wait no, make it email plus tenant_id, different tenants can share an email.",
            ),
            ("a", "Dedupe key: (email, tenant_id)."),
            ("u", "Only rows created before 2026-01-01. Hmm, make the cutoff 2025-07-01 instead."),
            (
                "call",
                "sql",
                {
                    "query": "SELECT COUNT(*) FROM analytics_staging.customers WHERE created_at < '2025-07-01'"
                },
                {"rows": [{"count": 48213}], "row_count": 1},
            ),
            ("a", "48213 rows before 2025-07-01 in scope."),
            ("u", "You can drop the transaction thing for read-only SELECTs, it's just noise."),
            ("a", "Transactions only for writes then."),
            ("u", "OK show me the delete plan."),
        ],
        active=[
            "Don't touch the prod schema at all",
            "Never run a DELETE without a WHERE clause",
        ],
        revoked=[],
        current=["tenant_id", "2025-07-01"],
        superseded=["2026-01-01"],
        ids=["analytics_staging", "ops@northwind-traders.com", "48213"],
    )
)

# ---------------------------------------------------------------- English: flight rebooking
convo(
    Convo(
        "en_flight_rebook",
        "en",
        [
            (
                "u",
                "My flight UA 1423 DEN to BOS got cancelled, booking ref QX7T2M. Rebook me, no red-eyes please.",
            ),
            ("a", "I'll look for daytime options from DEN to BOS."),
            ("u", "And don't route me through Newark, I've had bad luck there."),
            ("a", "Avoiding EWR."),
            (
                "call",
                "flight_search",
                {"from": "DEN", "to": "BOS", "date": "2027-06-09", "avoid": ["EWR"]},
                {
                    "options": [
                        {"flight": "UA 2210", "via": "ORD", "dep": "08:05", "arr": "16:50"},
                        {"flight": "UA 1988", "via": "IAD", "dep": "11:40", "arr": "20:15"},
                    ]
                },
            ),
            ("a", "UA 2210 via ORD (8:05-16:50) or UA 1988 via IAD (11:40-20:15)."),
            (
                "u",
                "Both land late. Newark is ok actually if it gets me there a few hours earlier.",
            ),
            (
                "call",
                "flight_search",
                {"from": "DEN", "to": "BOS", "date": "2027-06-09"},
                {
                    "options": [
                        {"flight": "UA 512", "via": "EWR", "dep": "06:50", "arr": "14:05"},
                    ]
                },
            ),
            ("a", "UA 512 via EWR departs 6:50, lands 14:05."),
            ("u", "Book that one. Seat 14C please."),
            (
                "call",
                "rebook",
                {"pnr": "QX7T2M", "flight": "UA 512", "seat": "14C"},
                {"pnr": "QX7T2M", "ticket": "016-2345678901", "seat": "14C"},
            ),
            ("a", "Rebooked on UA 512, ticket 016-2345678901, seat 14C."),
            ("u", "Can you switch me to a window? 22A if it's free."),
            ("a", "Seat changed to 22A."),
            ("u", "What time do I need to be at the airport?"),
        ],
        active=["no red-eyes"],
        revoked=["don't route me through Newark"],
        current=["UA 512", "22A"],
        superseded=["14C"],
        ids=["QX7T2M", "016-2345678901"],
    )
)

# ---------------------------------------------------------------- English: IT helpdesk
convo(
    Convo(
        "en_it_helpdesk",
        "en",
        [
            (
                "u",
                "My laptop can't connect to the VPN since this morning. Asset tag LT-04417. Please don't reboot it during business hours, I'm in calls all day.",
            ),
            ("a", "Understood. Let me pull up the device."),
            (
                "call",
                "device_info",
                {"asset": "LT-04417"},
                {
                    "hostname": "NYC-LT-04417",
                    "os": "Windows 11 23H2",
                    "ip": "10.42.17.88",
                    "mac": "3C:52:82:A1:7F:09",
                    "vpn_client": "GlobalProtect 6.1.3",
                },
            ),
            (
                "a",
                "NYC-LT-04417, GlobalProtect 6.1.3. I opened ticket INC0049231. I'd recommend we avoid changing your MFA method.",
            ),
            ("u", "Sure. My desk extension is x4471 if you need me."),
            ("a", "Extension x4471 noted."),
            ("u", "Sorry typo, it's x4417, same digits as the laptop lol."),
            ("a", "Corrected to x4417."),
            ("u", "Also I'm on the 12th floor, not 11th."),
            ("a", "12th floor."),
            ("u", "You can reboot it now if you need, I'm free until 3."),
            ("a", "Thanks, I'll push the GlobalProtect update and reboot."),
            ("u", "Is it fixed?"),
        ],
        active=["don't reboot it during business hours"],
        revoked=[],
        current=["x4417", "12th"],
        superseded=["x4471", "11th"],
        ids=["LT-04417", "INC0049231", "10.42.17.88", "3C:52:82:A1:7F:09"],
    )
)

# ---------------------------------------------------------------- English: procurement approvals
convo(
    Convo(
        "en_procurement",
        "en",
        [
            (
                "u",
                "I need to buy 40 laptops for the new hires. Only buy from vendors on the approved list, and anything over $5,000 needs CFO sign-off.",
            ),
            ("a", "Approved vendors only; CFO sign-off above $5,000."),
            (
                "call",
                "vendor_lookup",
                {"category": "laptops", "approved": True},
                {
                    "vendors": [
                        {"id": "VND-0093", "name": "CDW", "unit_price": 1189.00},
                        {"id": "VND-0141", "name": "Insight", "unit_price": 1152.50},
                    ]
                },
            ),
            ("a", "CDW (VND-0093) at $1,189.00/unit, Insight (VND-0141) at $1,152.50/unit."),
            ("u", "Go with the cheaper one. Make it 45 laptops, hiring added 5 more."),
            (
                "call",
                "create_po",
                {"vendor": "VND-0141", "qty": 45, "unit_price": 1152.50},
                {"po": "PO-2027-00318", "total": 51862.50, "status": "pending_approval"},
            ),
            ("a", "Created PO-2027-00318 for $51,862.50, pending CFO approval."),
            (
                "u",
                "Finance just raised the threshold, CFO sign-off is only needed above $10,000 now.",
            ),
            ("a", "Threshold is now $10,000."),
            ("u", "Ship to the Austin office, not Denver."),
            ("a", "Ship-to changed to Austin."),
            ("u", "Where is the PO in the approval chain?"),
        ],
        active=["Only buy from vendors on the approved list"],
        revoked=["anything over $5,000 needs CFO sign-off"],
        current=["45", "Austin"],
        superseded=["40 laptops", "Denver"],
        ids=["PO-2027-00318", "VND-0141", "$51,862.50"],
    )
)

# ---------------------------------------------------------------- Chinese: 药房续方
convo(
    Convo(
        "zh_pharmacy",
        "zh",
        [
            ("u", "帮我续一下降压药，处方号 RX-5520193。别给我换成仿制药，我吃原研的习惯了。"),
            ("a", "好的，续原研药，处方 RX-5520193。"),
            ("u", "有事别打电话，发短信就行，手机 138 1234 5678。"),
            ("a", "明白，只发短信到 138 1234 5678。"),
            (
                "call",
                "refill_status",
                {"rx": "RX-5520193"},
                {
                    "drug": "氨氯地平片 Norvasc",
                    "dose": "5mg",
                    "refills_left": 2,
                    "store": "国大药房(徐汇店)",
                },
            ),
            ("a", "氨氯地平 5mg，还剩2次续方，取药门店国大药房徐汇店。"),
            ("u", "医生上周把剂量调到10mg了。"),
            ("a", "已记录：剂量10mg。需要医生新开处方。"),
            ("u", "取药改到静安店吧，离公司近。"),
            ("a", "取药门店改为静安店。"),
            ("u", "算了，仿制药也可以，医保报销多一点。"),
            ("a", "好的，可以换仿制药。"),
            ("u", "大概什么时候能取？"),
        ],
        active=["发短信就行"],
        revoked=["别给我换成仿制药"],
        current=["10mg", "静安"],
        superseded=["5mg", "徐汇"],
        ids=["RX-5520193", "138 1234 5678"],
    )
)

# ---------------------------------------------------------------- Chinese: 搬家报价
convo(
    Convo(
        "zh_moving",
        "zh",
        [
            ("u", "下个月搬家，从浦东搬到闵行，房子89平，6楼没电梯。钢琴必须找专业师傅搬。"),
            ("a", "好的，89平，6楼无电梯，钢琴需专业搬运。"),
            ("u", "周末不搬，小区周末不让大车进。"),
            ("a", "明白，安排工作日。"),
            (
                "call",
                "moving_quote",
                {
                    "from": "浦东",
                    "to": "闵行",
                    "area": 89,
                    "floor": 6,
                    "elevator": False,
                    "piano": True,
                },
                {"quote_id": "MV-20270412-08", "price": 4680, "trucks": 2, "date": "2027-04-12"},
            ),
            ("a", "报价 MV-20270412-08：4680元，两辆车，4月12日。"),
            ("u", "面积我说错了，是95平，加上阁楼。"),
            ("a", "好的，95平。"),
            ("u", "物业说周六也可以进车了，那就周六搬吧，4月17号。"),
            (
                "call",
                "moving_quote",
                {"quote_id": "MV-20270412-08", "area": 95, "date": "2027-04-17"},
                {"quote_id": "MV-20270417-03", "price": 5120, "trucks": 2, "date": "2027-04-17"},
            ),
            ("a", "新报价 MV-20270417-03：5120元，4月17日周六。"),
            ("u", "刚才那个报价包不包拆装空调？"),
        ],
        active=["钢琴必须找专业师傅搬"],
        revoked=["周末不搬"],
        current=["95平", "4月17"],
        superseded=["89平", "4月12日"],
        ids=["MV-20270417-03"],
    )
)

# ---------------------------------------------------------------- Chinese: 演唱会换座
convo(
    Convo(
        "zh_ticketing",
        "zh",
        [
            ("u", "帮我抢周杰伦上海站的票，2张，总价不超过3000。不要买黄牛票。"),
            ("a", "好的，2张，总价3000以内，只走官方渠道。"),
            (
                "call",
                "ticket_search",
                {"event": "JAY-SH-2027", "qty": 2, "max_total": 3000},
                {
                    "seats": [
                        {
                            "id": "S-B12-07",
                            "area": "看台B区",
                            "row": 12,
                            "seat": "7-8",
                            "price": 1280,
                        },
                        {
                            "id": "S-B15-21",
                            "area": "看台B区",
                            "row": 15,
                            "seat": "21-22",
                            "price": 980,
                        },
                    ]
                },
            ),
            ("a", "B区12排7-8座每张1280，或B区15排21-22座每张980。"),
            ("u", "要第一个。"),
            (
                "call",
                "ticket_buy",
                {"seat_id": "S-B12-07", "qty": 2},
                {"order": "DM20270301884512", "total": 2560, "status": "paid"},
            ),
            ("a", "已购：订单 DM20270301884512，共2560元。"),
            ("u", "我朋友也要去，改成3张吧，预算加到3500。"),
            ("a", "好的，3张，预算3500。看台B区12排没有连座了。"),
            ("u", "那刚才那个订单退了，换内场A3区的，三张连座。"),
            (
                "call",
                "ticket_exchange",
                {"order": "DM20270301884512", "area": "内场A3区", "qty": 3},
                {"order": "DM20270302190377", "seats": "A3区5排11-13座", "total": 3480},
            ),
            ("a", "已换：订单 DM20270302190377，内场A3区5排11-13座，共3480元。"),
            ("u", "入场要带身份证吗？"),
        ],
        active=["不要买黄牛票"],
        revoked=["总价不超过3000"],
        current=["3张", "3500", "A3区"],
        superseded=["2张", "3000"],
        ids=["DM20270302190377"],
    )
)

# ---------------------------------------------------------------- Chinese: 个税汇算
convo(
    Convo(
        "zh_tax",
        "zh",
        [
            ("u", "帮我做2026年度个税汇算。所有金额都保留两位小数。"),
            ("a", "好的，金额保留两位小数。"),
            ("u", "全年工资薪金收入是 286,400.00，公司已预扣 21,350.00。"),
            ("a", "收入286,400.00元，已预扣21,350.00元。"),
            ("u", "专项附加扣除不要报大病医疗，去年那笔是公司补充医保报的。"),
            ("a", "明白，大病医疗不申报。"),
            ("u", "住房贷款利息和住房租金我选贷款利息。"),
            ("a", "选择住房贷款利息，每月1000元。"),
            ("u", "哦收入写错了，年终奖单独计税，工资薪金应该是 248,400.00。"),
            ("a", "工资薪金改为248,400.00元，年终奖单独计税。"),
            (
                "call",
                "tax_calc",
                {"income": 248400.00, "withheld": 21350.00, "housing_loan": 12000, "children": 1},
                {
                    "taxable": 152400.00,
                    "tax_due": 15720.00,
                    "refund": 5630.00,
                    "form": "GS-2026-7731905",
                },
            ),
            ("a", "应退税5,630.00元，申报表号 GS-2026-7731905。"),
            ("u", "退税多久到账？"),
        ],
        active=["所有金额都保留两位小数", "不要报大病医疗"],
        revoked=[],
        current=["248,400.00"],
        superseded=["286,400.00"],
        ids=["GS-2026-7731905", "5630.00"],
    )
)

# ---------------------------------------------------------------- Chinese: 视频剪辑
convo(
    Convo(
        "zh_video_edit",
        "zh",
        [
            (
                "u",
                "帮我剪一下这个vlog，素材在 /Users/lin/Movies/vlog_0412.mp4。字幕统一用思源黑体，不要加背景音乐。",
            ),
            ("a", "好的，字幕思源黑体，不加BGM。"),
            (
                "call",
                "ffprobe",
                {"path": "/Users/lin/Movies/vlog_0412.mp4"},
                {
                    "duration": "00:07:42.3",
                    "width": 3840,
                    "height": 2160,
                    "fps": 29.97,
                    "codec": "hevc",
                },
            ),
            ("a", "原片7分42秒，4K 29.97fps HEVC。"),
            ("u", "成片控制在3分钟以内，导出1080p。"),
            ("a", "成片3分钟内，1080p。"),
            ("u", "时长再短点吧，2分30秒以内，发抖音用。"),
            ("a", "好的，2分30秒以内。"),
            ("u", "导出还是用4K吧，原片是4K的别浪费。"),
            ("a", "导出改为4K。"),
            ("u", "片尾那15秒可以加一点轻音乐，其他地方还是不要BGM。"),
            ("a", "只在片尾15秒加轻音乐。"),
            ("u", "第二段那个镜头太晃了，能稳一下吗？"),
        ],
        active=["字幕统一用思源黑体"],
        revoked=[],
        current=["2分30秒", "4K"],
        superseded=["3分钟", "1080p"],
        ids=["/Users/lin/Movies/vlog_0412.mp4"],
    )
)

# ---------------------------------------------------------------- Chinese: 选课
convo(
    Convo(
        "zh_course_reg",
        "zh",
        [
            ("u", "帮我选下学期的课，学号 2023110457。周五下午不要排课，我要去实习。"),
            ("a", "好的，周五下午不排课。"),
            ("u", "还有别选王建国老师的课，他给分太狠了。总共选18学分。"),
            ("a", "明白，避开王建国老师，目标18学分。"),
            (
                "call",
                "course_search",
                {"dept": "CS", "term": "2027-spring", "exclude_teacher": "王建国"},
                {
                    "courses": [
                        {
                            "code": "CS2031-02",
                            "name": "操作系统",
                            "credits": 4,
                            "time": "周二 3-4节",
                        },
                        {
                            "code": "CS2045-01",
                            "name": "计算机网络",
                            "credits": 3,
                            "time": "周五 5-6节",
                        },
                        {
                            "code": "CS3102-01",
                            "name": "机器学习",
                            "credits": 3,
                            "time": "周三 7-8节",
                        },
                    ]
                },
            ),
            ("a", "操作系统 CS2031-02、计算机网络 CS2045-01（周五下午）、机器学习 CS3102-01。"),
            ("u", "第一个和第三个都要。第二个是周五下午的不行。"),
            ("a", "已选 CS2031-02 和 CS3102-01。"),
            ("u", "辅导员说我这学期可以选到20学分。"),
            ("a", "目标改为20学分。"),
            ("u", "实习改到周四了，所以周五下午的课也可以选了，把计网加上吧。"),
            (
                "call",
                "course_enroll",
                {"student": "2023110457", "code": "CS2045-01"},
                {"status": "enrolled", "credits_total": 10},
            ),
            ("a", "已选计算机网络 CS2045-01，当前共10学分。"),
            ("u", "还差几个学分？"),
        ],
        active=["别选王建国老师的课"],
        revoked=["周五下午不要排课"],
        current=["20学分"],
        superseded=["18学分"],
        ids=["2023110457", "CS2045-01", "CS3102-01"],
    )
)

# ---------------------------------------------------------------- Chinese: 劳动仲裁咨询
convo(
    Convo(
        "zh_labor_dispute",
        "zh",
        [
            ("u", "公司拖欠我两个月工资，想申请劳动仲裁。不要联系我现在的公司，我还没离职。"),
            ("a", "理解，不会联系您的公司。请问入职时间和月工资？"),
            ("u", "2024年3月入职的，月工资12000。材料都用PDF发我邮箱 lin.wei@example.cn。"),
            ("a", "好的，入职2024年3月，月薪12000，材料PDF发 lin.wei@example.cn。"),
            ("u", "不对，月工资是13500，12000是税后。"),
            ("a", "已更正：月工资13500元（税前）。"),
            (
                "call",
                "arbitration_lookup",
                {"district": "海淀", "applicant": "林伟"},
                {
                    "case_no": "京海劳人仲字[2027]第0412号",
                    "status": "受理",
                    "hearing": "2027-05-20",
                },
            ),
            ("a", "已查到案号 京海劳人仲字[2027]第0412号，已受理，开庭5月20日。"),
            ("u", "入职时间也记错了，是2024年5月。"),
            ("a", "入职时间改为2024年5月。"),
            ("u", "现在已经离职了，你们可以联系公司HR了，电话 010-6278 3301。"),
            ("a", "好的，可以联系公司HR 010-6278 3301。"),
            ("u", "开庭前我要准备什么？"),
        ],
        active=["材料都用PDF发我邮箱"],
        revoked=["不要联系我现在的公司"],
        current=["13500", "2024年5月"],
        superseded=["12000", "2024年3月"],
        ids=["京海劳人仲字[2027]第0412号", "lin.wei@example.cn", "010-6278 3301"],
    )
)

# ---------------------------------------------------------------- Chinese: 数据清洗 agent
convo(
    Convo(
        "zh_data_cleanup",
        "zh",
        [
            ("u", "帮我清洗一下 orders 表的脏数据，只在 dw_staging 里操作，别动 prod 库。"),
            ("a", "好的，只操作 dw_staging。"),
            ("u", "每次 UPDATE 之前先 count 一下影响行数给我看。"),
            ("a", "明白，UPDATE 前先报影响行数。"),
            (
                "call",
                "sql",
                {
                    "query": "SELECT COUNT(*) FROM dw_staging.orders WHERE phone !~ '^1[3-9][0-9]{9}$'"
                },
                {"rows": [{"count": 3172}], "row_count": 1},
            ),
            ("a", "手机号格式不合法的有3172行。"),
            ("u", "这些手机号置空。截止日期按 2026-12-31 算。"),
            ("a", "好的，截止 2026-12-31。"),
            ("u", "截止日期改一下，用 2026-06-30，下半年的数据还没对账。"),
            (
                "call",
                "sql",
                {
                    "query": "SELECT COUNT(*) FROM dw_staging.orders WHERE phone !~ '^1[3-9][0-9]{9}$' AND created_at <= '2026-06-30'"
                },
                {"rows": [{"count": 1894}], "row_count": 1},
            ),
            ("a", "截至 2026-06-30 受影响1894行。"),
            ("u", "行，UPDATE 吧。以后小于1000行的 UPDATE 就不用先count了，直接跑。"),
            (
                "call",
                "sql",
                {
                    "query": "UPDATE dw_staging.orders SET phone = NULL WHERE phone !~ '^1[3-9][0-9]{9}$' AND created_at <= '2026-06-30'"
                },
                {"updated": 1894},
            ),
            ("a", "已更新1894行。"),
            ("u", "下一步处理重复订单号。"),
        ],
        active=["别动 prod 库"],
        revoked=[],
        current=["2026-06-30"],
        superseded=["2026-12-31"],
        ids=["dw_staging", "1894"],
    )
)
