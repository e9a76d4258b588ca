# ruff: noqa: E501  (conversation text is kept verbatim, one message a line)
"""Sixth review round: long agentic sessions in domains the first five rounds did not use: a CRM
de-duplication agent, a conference organiser, a weekly meal planner with dietary rules, a
bank-card dispute, a photo print shop, a game-server admin, an ocean-freight booking (English);
a 宠物医院 booking, 驾校报名, 快递寄件, a 租房合同 drafting assistant, 银行卡挂失, 家电维修 and
考研报名 (Chinese).

Each has its ground truth beside it, as in `_review_convos.py`.
"""

from __future__ import annotations

from _review_convos import Convo

CONVOS6: list[Convo] = []


def convo(c: Convo) -> None:
    CONVOS6.append(c)


# ---------------------------------------------------------------- English: CRM data agent
convo(
    Convo(
        "en_crm_dedupe",
        "en",
        [
            (
                "u",
                "We need to clean up duplicate contacts in the Northwind CRM before the Q3 campaign. Pull the duplicates report for the EMEA region.",
            ),
            (
                "call",
                "crm_duplicates",
                {"region": "EMEA", "min_score": 0.85},
                {
                    "pairs": [
                        {"a": "CNT-004417", "b": "CNT-019283", "name": "Lena Vogt", "score": 0.97},
                        {
                            "a": "CNT-007731",
                            "b": "CNT-020015",
                            "name": "Marco Bianchi",
                            "score": 0.91,
                        },
                        {
                            "a": "CNT-011902",
                            "b": "CNT-021446",
                            "name": "Sophie Laurent",
                            "score": 0.86,
                        },
                    ],
                    "total": 3,
                },
            ),
            ("a", "Three candidate pairs: Lena Vogt, Marco Bianchi and Sophie Laurent."),
            (
                "u",
                "Before you merge anything: never merge a record that has an open opportunity attached, sales will kill us. And keep the older record as the master every time.",
            ),
            (
                "a",
                "Understood: skip records with open opportunities, and the older record stays master.",
            ),
            ("u", "Check the first pair."),
            (
                "call",
                "crm_get",
                {"ids": ["CNT-004417", "CNT-019283"]},
                {
                    "records": [
                        {
                            "id": "CNT-004417",
                            "created": "2019-03-02",
                            "email": "lena.vogt@hausmann.de",
                            "open_opps": 0,
                        },
                        {
                            "id": "CNT-019283",
                            "created": "2024-11-18",
                            "email": "l.vogt@hausmann.de",
                            "open_opps": 0,
                        },
                    ]
                },
            ),
            (
                "a",
                "Neither has an open opportunity. CNT-004417 is older, so it would be the master.",
            ),
            ("u", "Merge them."),
            (
                "call",
                "crm_merge",
                {"master": "CNT-004417", "duplicate": "CNT-019283"},
                {"ok": True, "merge_id": "MRG-88120", "kept_email": "lena.vogt@hausmann.de"},
            ),
            ("a", "Merged as MRG-88120, master CNT-004417."),
            ("u", "Now the second one."),
            (
                "call",
                "crm_get",
                {"ids": ["CNT-007731", "CNT-020015"]},
                {
                    "records": [
                        {
                            "id": "CNT-007731",
                            "created": "2020-06-14",
                            "email": "m.bianchi@corsaro.it",
                            "open_opps": 1,
                        },
                        {
                            "id": "CNT-020015",
                            "created": "2025-01-09",
                            "email": "marco@corsaro.it",
                            "open_opps": 0,
                        },
                    ]
                },
            ),
            ("a", "CNT-007731 has one open opportunity, so per your rule I'll skip this pair."),
            (
                "u",
                "Hm, that opportunity is a dead deal, Jonas just hasn't closed it. For this pair you can merge anyway. But keep the newer record as master here, it has his current email.",
            ),
            ("a", "OK, merging with CNT-020015 as master this once."),
            (
                "call",
                "crm_merge",
                {"master": "CNT-020015", "duplicate": "CNT-007731"},
                {"ok": True, "merge_id": "MRG-88127", "kept_email": "marco@corsaro.it"},
            ),
            ("a", "Merged as MRG-88127."),
            (
                "u",
                "Also, for the campaign list, set the send date to September 9. Wait, marketing says September 16. Ugh, no, the 23rd, final answer.",
            ),
            ("a", "Campaign send date set to September 23."),
            (
                "u",
                "And tag all merged contacts with q3-dedupe, not dedupe-q3, that was last year's tag.",
            ),
            ("a", "Will do: tag q3-dedupe."),
            ("u", "What's left in the report?"),
        ],
        active=[
            "never merge a record that has an open opportunity attached",
            "keep the older record as the master every time",
        ],
        current=["September 23", "q3-dedupe", "CNT-020015"],
        superseded=["September 9", "September 16", "dedupe-q3"],
        ids=["CNT-004417", "CNT-019283", "MRG-88120", "MRG-88127", "CNT-011902", "CNT-021446"],
    )
)

# ---------------------------------------------------------------- English: conference organising
convo(
    Convo(
        "en_conference",
        "en",
        [
            (
                "u",
                "I'm organising DataFrontiers 2027, a one-day conference in Lisbon for about 220 people. Find venues for October 14.",
            ),
            (
                "call",
                "venue_search",
                {"city": "Lisbon", "date": "2027-10-14", "capacity_min": 220},
                {
                    "venues": [
                        {
                            "id": "VEN-LX-0412",
                            "name": "Centro Congressos Alcantara",
                            "capacity": 400,
                            "day_rate_eur": 9800,
                        },
                        {
                            "id": "VEN-LX-0988",
                            "name": "Fabrica Braco de Prata",
                            "capacity": 260,
                            "day_rate_eur": 6200,
                        },
                        {
                            "id": "VEN-LX-1130",
                            "name": "Hotel Tivoli Oriente",
                            "capacity": 240,
                            "day_rate_eur": 7450,
                        },
                    ]
                },
            ),
            (
                "a",
                "Three options: Alcantara (400, EUR 9,800), Braco de Prata (260, EUR 6,200), Tivoli Oriente (240, EUR 7,450).",
            ),
            (
                "u",
                "Budget for the venue is at most 7,000 euros. And the whole programme must finish by 17:30, people fly out the same evening.",
            ),
            (
                "a",
                "Noted: venue at most EUR 7,000, programme ends by 17:30. Braco de Prata fits the budget.",
            ),
            ("u", "Go with that one. Hold it."),
            (
                "call",
                "venue_hold",
                {"venue_id": "VEN-LX-0988", "date": "2027-10-14"},
                {"hold_id": "HLD-5531-PT", "expires": "2027-06-30", "status": "held"},
            ),
            ("a", "Held as HLD-5531-PT until June 30."),
            (
                "u",
                "The keynote is Dr. Amara Okafor. Sorry, I mixed it up, the keynote is Prof. Henrik Dahl, Amara does the closing talk.",
            ),
            ("a", "Keynote: Prof. Henrik Dahl; closing talk: Dr. Amara Okafor."),
            ("u", "Draft the catering order. Everything vegetarian, no exceptions."),
            (
                "call",
                "catering_quote",
                {"venue_id": "VEN-LX-0988", "guests": 220, "menu": "vegetarian"},
                {"quote_id": "CAT-2027-1419", "per_head_eur": 38.5, "total_eur": 8470},
            ),
            ("a", "Catering quote CAT-2027-1419: EUR 38.50 a head, EUR 8,470 in all."),
            (
                "u",
                "Scratch the vegetarian-only thing, the sponsor wants a fish option. Keep it at least half vegetarian though.",
            ),
            ("a", "Updated: at least half vegetarian, with a fish option."),
            (
                "u",
                "Also headcount is now 250, registrations jumped. Hmm, that's over the Braco de Prata limit with staff. Let's say 240 then, we cap registration.",
            ),
            ("a", "Headcount 240, registration capped."),
            (
                "u",
                "And the end time can move to 18:00, the airline added a later flight. The 17:30 cutoff doesn't apply anymore.",
            ),
            ("a", "Programme may run until 18:00."),
            (
                "call",
                "agenda_build",
                {
                    "start": "09:00",
                    "end": "18:00",
                    "keynote": "Henrik Dahl",
                    "closing": "Amara Okafor",
                },
                {"agenda_id": "AGD-77-LIS", "slots": 11, "last_session_end": "17:50"},
            ),
            ("a", "Agenda AGD-77-LIS built: 11 slots, last session ends 17:50."),
            ("u", "Good. Send me the hold and agenda ids again with the headcount."),
        ],
        active=["at most 7,000 euros", "at least half vegetarian"],
        revoked=["must finish by 17:30", "Everything vegetarian, no exceptions"],
        current=["240", "Henrik Dahl", "18:00", "VEN-LX-0988"],
        superseded=["250", "220"],
        ids=["VEN-LX-0988", "HLD-5531-PT", "CAT-2027-1419", "AGD-77-LIS"],
    )
)

# ---------------------------------------------------------------- English: recipe planner with diets
convo(
    Convo(
        "en_meal_planner",
        "en",
        [
            (
                "u",
                "Plan dinners for next week, Monday to Friday, for four people. My son has a tree-nut allergy, so nothing with nuts, ever. And no pork, my wife doesn't eat it.",
            ),
            ("a", "Got it: five dinners for four, no tree nuts, no pork."),
            (
                "call",
                "recipe_search",
                {"servings": 4, "exclude": ["tree_nuts", "pork"], "max_minutes": 45},
                {
                    "results": [
                        {"id": "RCP-20931", "title": "Lemon herb chicken traybake", "minutes": 40},
                        {"id": "RCP-18822", "title": "Chickpea and spinach curry", "minutes": 30},
                        {"id": "RCP-30114", "title": "Pesto genovese pasta", "minutes": 20},
                        {"id": "RCP-27765", "title": "Salmon teriyaki bowls", "minutes": 25},
                    ]
                },
            ),
            (
                "a",
                "Options: lemon herb chicken traybake, chickpea curry, pesto pasta, salmon teriyaki bowls.",
            ),
            (
                "u",
                "The pesto one usually has pine nuts, drop it. Put the curry on Monday and the traybake on Tuesday.",
            ),
            (
                "a",
                "Monday: chickpea curry (RCP-18822). Tuesday: lemon herb chicken traybake (RCP-20931).",
            ),
            ("u", "Wednesday the salmon. Thursday and Friday, find something under 30 minutes."),
            (
                "call",
                "recipe_search",
                {"servings": 4, "exclude": ["tree_nuts", "pork"], "max_minutes": 30},
                {
                    "results": [
                        {"id": "RCP-41207", "title": "Black bean quesadillas", "minutes": 20},
                        {"id": "RCP-39950", "title": "Prawn fried rice", "minutes": 25},
                        {"id": "RCP-40018", "title": "Shakshuka", "minutes": 25},
                    ]
                },
            ),
            ("a", "Quick options: black bean quesadillas, prawn fried rice, shakshuka."),
            ("u", "Quesadillas Thursday. Friday the prawn one."),
            ("a", "Thursday: black bean quesadillas. Friday: prawn fried rice."),
            (
                "u",
                "Oh wait, my daughter is coming home Friday, so Friday is five people, not four. Actually six, she's bringing her boyfriend.",
            ),
            ("a", "Friday is six servings; the other days stay at four."),
            (
                "u",
                "New rule from now on: keep each dinner under 650 kcal per serving, doctor's orders for me.",
            ),
            (
                "call",
                "nutrition_check",
                {"recipes": ["RCP-18822", "RCP-20931", "RCP-27765", "RCP-41207", "RCP-39950"]},
                {
                    "per_serving_kcal": {
                        "RCP-18822": 540,
                        "RCP-20931": 610,
                        "RCP-27765": 720,
                        "RCP-41207": 590,
                        "RCP-39950": 630,
                    }
                },
            ),
            (
                "a",
                "The salmon bowls are 720 kcal a serving, over the limit. I suggest a smaller rice portion or swapping it for shakshuka (RCP-40018).",
            ),
            ("u", "No, don't swap the salmon, the kids love it. Just halve the rice."),
            ("a", "Keeping the salmon on Wednesday with half the rice."),
            (
                "u",
                "And forget what I said about pork, my wife says bacon in the quesadillas is fine as a side. Nuts stay banned, obviously.",
            ),
            (
                "call",
                "shopping_list",
                {
                    "recipes": ["RCP-18822", "RCP-20931", "RCP-27765", "RCP-41207", "RCP-39950"],
                    "servings": {"RCP-39950": 6},
                },
                {"list_id": "SHP-7719-WK37", "items": 34, "estimated_cost_gbp": 86.4},
            ),
            ("a", "Shopping list SHP-7719-WK37: 34 items, about GBP 86.40."),
            ("u", "Print me the week."),
        ],
        active=["nothing with nuts, ever", "under 650 kcal per serving", "don't swap the salmon"],
        revoked=["no pork"],
        current=["six", "RCP-39950", "RCP-41207"],
        superseded=["five people"],
        ids=["RCP-18822", "RCP-20931", "RCP-27765", "RCP-41207", "RCP-39950", "SHP-7719-WK37"],
    )
)

# ---------------------------------------------------------------- English: bank card dispute
convo(
    Convo(
        "en_card_dispute",
        "en",
        [
            (
                "u",
                "There are charges on my Visa I don't recognise. Can you pull my recent transactions? Card ending 7731.",
            ),
            (
                "call",
                "card_transactions",
                {"card_last4": "7731", "days": 30},
                {
                    "transactions": [
                        {
                            "txn_id": "TXN-9F3A-00218",
                            "date": "2027-08-02",
                            "merchant": "SPOTIFY P1A2B3",
                            "amount_usd": 11.99,
                        },
                        {
                            "txn_id": "TXN-9F3A-00244",
                            "date": "2027-08-05",
                            "merchant": "AMZN MKTP US*2K4LM",
                            "amount_usd": 249.0,
                        },
                        {
                            "txn_id": "TXN-9F3A-00251",
                            "date": "2027-08-05",
                            "merchant": "AMZN MKTP US*2K4LM",
                            "amount_usd": 249.0,
                        },
                        {
                            "txn_id": "TXN-9F3A-00307",
                            "date": "2027-08-11",
                            "merchant": "GLOBALTECH SVCS LTD",
                            "amount_usd": 89.5,
                        },
                    ]
                },
            ),
            (
                "a",
                "I see four charges: Spotify $11.99, two Amazon charges of $249.00 on Aug 5, and GlobalTech Svcs $89.50.",
            ),
            (
                "u",
                "The second Amazon one is a duplicate, I only ordered once. And I've never heard of GlobalTech.",
            ),
            (
                "a",
                "So you want to dispute TXN-9F3A-00251 (duplicate) and TXN-9F3A-00307 (unrecognised).",
            ),
            (
                "u",
                "Yes. Please don't cancel the card, I have a trip next week. Just block online transactions.",
            ),
            (
                "a",
                "Understood, I won't cancel the card; I'll only block online (card-not-present) payments.",
            ),
            (
                "call",
                "card_controls",
                {"card_last4": "7731", "block": ["card_not_present"]},
                {
                    "ok": True,
                    "controls": {
                        "card_not_present": "blocked",
                        "contactless": "allowed",
                        "atm": "allowed",
                    },
                },
            ),
            ("a", "Online payments are now blocked on the card ending 7731."),
            (
                "call",
                "dispute_open",
                {
                    "txn_ids": ["TXN-9F3A-00251", "TXN-9F3A-00307"],
                    "reasons": ["duplicate", "unrecognised"],
                },
                {
                    "cases": [
                        {
                            "case_id": "DSP-2027-441902",
                            "txn_id": "TXN-9F3A-00251",
                            "provisional_credit": True,
                        },
                        {
                            "case_id": "DSP-2027-441903",
                            "txn_id": "TXN-9F3A-00307",
                            "provisional_credit": False,
                        },
                    ],
                    "contact_email": "jordan.pike@fastmail.com",
                },
            ),
            (
                "a",
                "Two cases: DSP-2027-441902 (duplicate, provisional credit) and DSP-2027-441903 (GlobalTech, no provisional credit yet).",
            ),
            (
                "u",
                "Wait, the contact email is old. Use jpike.home@proton.me. Actually, no, use my work one, jordan.pike@lumenlabs.io, I check it more.",
            ),
            ("a", "Contact email updated to jordan.pike@lumenlabs.io."),
            (
                "u",
                "Oh, GlobalTech, I remember now, that's my VPN renewal. Withdraw that dispute.",
            ),
            (
                "call",
                "dispute_withdraw",
                {"case_id": "DSP-2027-441903"},
                {"ok": True, "status": "withdrawn"},
            ),
            ("a", "Case DSP-2027-441903 withdrawn; DSP-2027-441902 stays open."),
            (
                "u",
                "And you can unblock online payments again, I need to pay for the hotel. Thanks.",
            ),
            (
                "call",
                "card_controls",
                {"card_last4": "7731", "unblock": ["card_not_present"]},
                {"ok": True, "controls": {"card_not_present": "allowed"}},
            ),
            ("a", "Online payments are allowed again."),
            ("u", "When will I hear back on the open case?"),
        ],
        active=["don't cancel the card"],
        revoked=["Just block online transactions"],
        current=["jordan.pike@lumenlabs.io", "DSP-2027-441902"],
        superseded=["jpike.home@proton.me", "jordan.pike@fastmail.com"],
        ids=["TXN-9F3A-00251", "TXN-9F3A-00307", "DSP-2027-441902", "DSP-2027-441903"],
    )
)

# ---------------------------------------------------------------- English: photo print shop
convo(
    Convo(
        "en_print_shop",
        "en",
        [
            (
                "u",
                "I'd like to order prints of my wedding photos. I uploaded them to album ALB-66120. 40 prints at 5x7.",
            ),
            (
                "call",
                "album_get",
                {"album_id": "ALB-66120"},
                {
                    "album_id": "ALB-66120",
                    "photos": 46,
                    "low_res": ["IMG_2231.jpg", "IMG_2240.jpg"],
                    "owner": "r.alvarez",
                },
            ),
            (
                "a",
                "The album has 46 photos. IMG_2231.jpg and IMG_2240.jpg are low resolution and may print blurry at 5x7.",
            ),
            (
                "u",
                "Leave those two out. And don't crop anything, ever, I'd rather have white borders.",
            ),
            (
                "a",
                "OK: excluding IMG_2231.jpg and IMG_2240.jpg, and no cropping (white borders instead).",
            ),
            ("u", "Matte paper, please."),
            (
                "call",
                "price_quote",
                {
                    "album_id": "ALB-66120",
                    "count": 40,
                    "size": "5x7",
                    "paper": "matte",
                    "crop": False,
                },
                {"quote_id": "Q-PR-30917", "unit_usd": 0.89, "total_usd": 35.6},
            ),
            ("a", "Quote Q-PR-30917: $0.89 each, $35.60 for 40."),
            (
                "u",
                "Make them 8x10 instead. Hmm, too big for the album. 6x8 then.",
            ),
            (
                "call",
                "price_quote",
                {
                    "album_id": "ALB-66120",
                    "count": 40,
                    "size": "6x8",
                    "paper": "matte",
                    "crop": False,
                },
                {"quote_id": "Q-PR-30944", "unit_usd": 1.29, "total_usd": 51.6},
            ),
            ("a", "6x8 matte: quote Q-PR-30944, $1.29 each, $51.60."),
            (
                "a",
                "Would you like lustre instead of matte? It's the same price and colours pop more.",
            ),
            ("u", "No, stick with matte."),
            ("a", "Matte it is."),
            (
                "u",
                "Ship to 48 Larkspur Lane, Portland OR 97211. Oh, my mistake, 84 Larkspur Lane.",
            ),
            (
                "call",
                "order_place",
                {"quote_id": "Q-PR-30944", "ship_to": "84 Larkspur Lane, Portland OR 97211"},
                {"order_id": "PO-2027-118305", "ship_eta": "2027-09-04", "tracking": None},
            ),
            ("a", "Order PO-2027-118305 placed, arriving around September 4."),
            (
                "u",
                "About the cropping: for IMG_2305.jpg you can crop it to fit, it's the group shot and the borders look odd.",
            ),
            ("a", "Noted: IMG_2305.jpg may be cropped; everything else keeps white borders."),
            ("u", "Is it too late to change anything?"),
        ],
        active=["don't crop anything, ever"],
        current=["6x8", "matte", "84 Larkspur Lane", "PO-2027-118305"],
        superseded=["5x7", "8x10", "48 Larkspur Lane"],
        ids=[
            "ALB-66120",
            "IMG_2231.jpg",
            "IMG_2240.jpg",
            "Q-PR-30944",
            "PO-2027-118305",
            "IMG_2305.jpg",
        ],
    )
)

# ---------------------------------------------------------------- English: game server admin
convo(
    Convo(
        "en_game_server",
        "en",
        [
            (
                "u",
                "You're helping me run our Minecraft network. Ground rules: never restart a server while players are online, and never touch the survival world backups in /srv/backups/survival.",
            ),
            (
                "a",
                "Understood: no restarts with players online; /srv/backups/survival is off-limits.",
            ),
            ("u", "Check status of all nodes."),
            (
                "call",
                "node_status",
                {},
                {
                    "nodes": [
                        {
                            "id": "mc-eu-01",
                            "role": "survival",
                            "players": 37,
                            "tps": 19.8,
                            "version": "1.21.1",
                        },
                        {
                            "id": "mc-eu-02",
                            "role": "creative",
                            "players": 0,
                            "tps": 20.0,
                            "version": "1.21.1",
                        },
                        {
                            "id": "mc-us-01",
                            "role": "minigames",
                            "players": 12,
                            "tps": 14.2,
                            "version": "1.20.6",
                        },
                    ]
                },
            ),
            (
                "a",
                "mc-eu-01 has 37 players at 19.8 TPS; mc-eu-02 is empty; mc-us-01 has 12 players but TPS is low at 14.2 and it's on 1.20.6.",
            ),
            ("u", "Update the empty one to 1.21.3 and restart it."),
            (
                "call",
                "server_update",
                {"node": "mc-eu-02", "version": "1.21.3", "restart": True},
                {"ok": True, "job_id": "JOB-UPD-4471", "version": "1.21.3"},
            ),
            ("a", "mc-eu-02 is on 1.21.3 (job JOB-UPD-4471)."),
            (
                "u",
                "Ban the griefer on minigames, his name is xX_Shadow_Xx. Hmm no, it's xX_Shad0w_Xx with a zero. Reason: griefing.",
            ),
            (
                "call",
                "player_ban",
                {"node": "mc-us-01", "player": "xX_Shad0w_Xx", "reason": "griefing"},
                {"ok": True, "ban_id": "BAN-00913", "uuid": "5f1e2c9a-7b3d-4e8f-a0c1-92d4e6b7f318"},
            ),
            ("a", "Banned xX_Shad0w_Xx (BAN-00913)."),
            (
                "u",
                "mc-us-01 lag is killing the minigames. For mc-us-01 you can restart even with players on, I'll announce it. Give them a 5 minute warning.",
            ),
            (
                "call",
                "server_restart",
                {"node": "mc-us-01", "warn_seconds": 300},
                {"ok": True, "job_id": "JOB-RST-4480", "tps_after": 19.9},
            ),
            ("a", "mc-us-01 restarted after a 5-minute warning; TPS is back to 19.9."),
            (
                "a",
                "Shall I also bump the max player count on mc-us-01 from 60 to 100 while we're at it?",
            ),
            ("u", "No, keep it at 60, the box can't take more."),
            (
                "u",
                "Set the MOTD on all nodes to 'Welcome to Blockhaven! Season 7 starts Friday'. Wait, make it Saturday.",
            ),
            ("a", "MOTD: 'Welcome to Blockhaven! Season 7 starts Saturday'."),
            ("u", "How many players are online now in total?"),
        ],
        active=[
            "never restart a server while players are online",
            "never touch the survival world backups in /srv/backups/survival",
        ],
        current=["1.21.3", "xX_Shad0w_Xx", "60", "Saturday"],
        superseded=["xX_Shadow_Xx", "Friday", "100"],
        ids=[
            "mc-eu-02",
            "mc-us-01",
            "JOB-UPD-4471",
            "BAN-00913",
            "5f1e2c9a-7b3d-4e8f-a0c1-92d4e6b7f318",
            "JOB-RST-4480",
        ],
    )
)

# ---------------------------------------------------------------- English: freight booking
convo(
    Convo(
        "en_freight",
        "en",
        [
            (
                "u",
                "Book ocean freight for two 40ft high-cubes, Shanghai to Rotterdam, cargo ready August 20. No transshipment through Colombo, we had a six-week delay there last year.",
            ),
            (
                "call",
                "freight_quote",
                {
                    "pol": "CNSHA",
                    "pod": "NLRTM",
                    "equipment": "40HC",
                    "qty": 2,
                    "ready": "2027-08-20",
                },
                {
                    "offers": [
                        {
                            "offer_id": "OF-MSK-22817",
                            "carrier": "Maersk",
                            "transit_days": 32,
                            "via": "Tanjung Pelepas",
                            "usd_per_box": 2850,
                        },
                        {
                            "offer_id": "OF-CMA-90311",
                            "carrier": "CMA CGM",
                            "transit_days": 29,
                            "via": "Colombo",
                            "usd_per_box": 2610,
                        },
                        {
                            "offer_id": "OF-ONE-45102",
                            "carrier": "ONE",
                            "transit_days": 35,
                            "via": "Singapore",
                            "usd_per_box": 2490,
                        },
                    ]
                },
            ),
            (
                "a",
                "Three offers: Maersk 32 days via Tanjung Pelepas $2,850/box; CMA CGM 29 days via Colombo $2,610; ONE 35 days via Singapore $2,490.",
            ),
            ("a", "The CMA CGM one is fastest and cheaper than Maersk. Want me to book it?"),
            ("u", "No, that's via Colombo. Transit time must be under 34 days too."),
            ("a", "Then Maersk OF-MSK-22817 is the only one that fits."),
            ("u", "Book the first one."),
            (
                "call",
                "freight_book",
                {
                    "offer_id": "OF-MSK-22817",
                    "shipper": "Hangzhou Lianda Textiles",
                    "consignee": "Vermeer Home BV",
                },
                {
                    "booking_ref": "MAEU261884530",
                    "containers": ["MSKU7214539", "MSKU7214840"],
                    "vessel": "Maersk Essen 431W",
                    "etd": "2027-08-23",
                },
            ),
            (
                "a",
                "Booked MAEU261884530 on Maersk Essen 431W, ETD Aug 23. Containers MSKU7214539 and MSKU7214840.",
            ),
            (
                "u",
                "The consignee name is wrong, it's Vermeer Wonen BV, not Vermeer Home. And the notify party is the same as the consignee.",
            ),
            (
                "call",
                "booking_amend",
                {
                    "booking_ref": "MAEU261884530",
                    "consignee": "Vermeer Wonen BV",
                    "notify": "same as consignee",
                },
                {"ok": True, "amendment": "AMD-3"},
            ),
            ("a", "Amended (AMD-3): consignee Vermeer Wonen BV, notify same as consignee."),
            (
                "u",
                "Cargo ready date slipped to August 27. Does the booking still work?",
            ),
            (
                "call",
                "booking_amend",
                {"booking_ref": "MAEU261884530", "cargo_ready": "2027-08-27"},
                {
                    "ok": False,
                    "error": "ETD 2027-08-23 before cargo ready",
                    "next_vessel": "Maersk Eindhoven 433W",
                    "next_etd": "2027-08-30",
                },
            ),
            ("a", "Not on Essen 431W. The next vessel is Maersk Eindhoven 433W, ETD Aug 30."),
            ("u", "Move it to the Eindhoven then."),
            ("a", "Moved to Maersk Eindhoven 433W, ETD August 30."),
            (
                "u",
                "Forget the Colombo thing, if it saves two weeks I don't care anymore. But transit still under 34 days.",
            ),
            ("a", "OK, Colombo routings are acceptable again; transit must stay under 34 days."),
            ("u", "What's the container numbers and vessel now?"),
        ],
        active=["Transit time must be under 34 days"],
        revoked=["No transshipment through Colombo"],
        current=["Vermeer Wonen BV", "Maersk Eindhoven 433W", "August 27"],
        superseded=["Vermeer Home BV", "Maersk Essen 431W", "August 20"],
        ids=["OF-MSK-22817", "MAEU261884530", "MSKU7214539", "MSKU7214840"],
    )
)

# ---------------------------------------------------------------- Chinese: 宠物医院
convo(
    Convo(
        "zh_pet_clinic",
        "zh",
        [
            ("u", "你好，我家猫最近老吐，想在瑞鹏宠物医院约个号。猫叫豆包，三岁，英短。"),
            (
                "call",
                "pet_lookup",
                {"owner_phone": "136****2207"},
                {
                    "pets": [
                        {
                            "pet_id": "PET-55021",
                            "name": "豆包",
                            "species": "猫",
                            "breed": "英短",
                            "age": 3,
                        },
                        {
                            "pet_id": "PET-55022",
                            "name": "年糕",
                            "species": "狗",
                            "breed": "柯基",
                            "age": 5,
                        },
                    ]
                },
            ),
            (
                "a",
                "查到您名下两只宠物：豆包（PET-55021，英短）和年糕（PET-55022，柯基）。这次是给豆包约吧？",
            ),
            ("u", "对，豆包。它对麻醉药特别敏感，上次差点出事，任何检查都不要用全麻。"),
            ("a", "好的，已记下：豆包所有检查都不用全麻。"),
            (
                "call",
                "clinic_slots",
                {"clinic": "瑞鹏宠物医院（科兴店）", "dept": "内科", "date": "2027-09-06"},
                {
                    "slots": [
                        {"slot_id": "SL-0906-0930", "time": "09:30", "doctor": "王医生"},
                        {"slot_id": "SL-0906-1400", "time": "14:00", "doctor": "陈医生"},
                        {"slot_id": "SL-0906-1630", "time": "16:30", "doctor": "王医生"},
                    ]
                },
            ),
            ("a", "9月6日内科有三个号：09:30 王医生、14:00 陈医生、16:30 王医生。"),
            ("u", "约第二个吧。"),
            (
                "call",
                "clinic_book",
                {"slot_id": "SL-0906-1400", "pet_id": "PET-55021"},
                {
                    "booking_id": "BK-RP-771034",
                    "time": "2027-09-06 14:00",
                    "doctor": "陈医生",
                    "prepay": 50,
                },
            ),
            ("a", "已约好：9月6日 14:00 陈医生，预约号 BK-RP-771034，预付 50 元。"),
            ("u", "哦对了，来之前要禁食吗？另外我想顺便给它打个疫苗。"),
            (
                "a",
                "建议检查前禁食 8 小时。疫苗可以同时打，推荐妙三多，180 元。要不要顺便做个全身体检套餐？698 元。",
            ),
            ("u", "体检套餐不要了，太贵。疫苗打吧。"),
            (
                "call",
                "clinic_add_item",
                {"booking_id": "BK-RP-771034", "item": "妙三多疫苗"},
                {"ok": True, "items": ["内科门诊", "妙三多疫苗"], "total": 280},
            ),
            ("a", "已加上妙三多疫苗，合计 280 元。"),
            ("u", "时间改一下，14点我要开会，改到16:30那个。"),
            (
                "call",
                "clinic_reschedule",
                {"booking_id": "BK-RP-771034", "slot_id": "SL-0906-1630"},
                {"ok": True, "time": "2027-09-06 16:30", "doctor": "王医生"},
            ),
            ("a", "已改到 9月6日 16:30，王医生。"),
            ("u", "医生说如果要拍片子，可能得轻度镇静。那就这样，镇静可以，但全麻还是绝对不行。"),
            ("a", "好的：可以轻度镇静，全麻仍然不行。"),
            ("u", "到时候提醒短信发我老公手机 139****6612，我那天出差。"),
            ("a", "好的，提醒短信发到 139****6612。"),
            ("u", "那我需要带什么过去？"),
        ],
        active=["不要用全麻"],
        current=["16:30", "王医生", "139****6612", "BK-RP-771034"],
        superseded=["14:00"],
        ids=["PET-55021", "BK-RP-771034", "SL-0906-1630"],
    )
)

# ---------------------------------------------------------------- Chinese: 驾校报名
convo(
    Convo(
        "zh_driving_school",
        "zh",
        [
            ("u", "我想报个驾校学C1，在成都高新区，帮我看看有哪些。预算不超过 4500。"),
            (
                "call",
                "school_search",
                {"city": "成都", "district": "高新区", "license": "C1"},
                {
                    "schools": [
                        {
                            "school_id": "DS-CD-0117",
                            "name": "蓉城驾校",
                            "price": 4280,
                            "pass_rate": 0.91,
                        },
                        {
                            "school_id": "DS-CD-0342",
                            "name": "交运驾校",
                            "price": 4980,
                            "pass_rate": 0.95,
                        },
                        {
                            "school_id": "DS-CD-0509",
                            "name": "天府驾校",
                            "price": 3880,
                            "pass_rate": 0.84,
                        },
                    ]
                },
            ),
            (
                "a",
                "高新区有三家：蓉城驾校 4280 元（通过率 91%）、交运驾校 4980 元（95%）、天府驾校 3880 元（84%）。",
            ),
            ("a", "交运的通过率最高，虽然超预算 480，要不要考虑？"),
            ("u", "不考虑，预算就是预算。另外我只能周末练车，工作日不行。"),
            ("a", "明白：不超过 4500，只排周末练车。"),
            ("u", "那就蓉城吧。我要学手动挡。"),
            (
                "call",
                "school_classes",
                {"school_id": "DS-CD-0117", "license": "C1", "weekend_only": True},
                {
                    "classes": [
                        {
                            "class_id": "CLS-0117-W1",
                            "name": "周末班",
                            "price": 4280,
                            "start": "2027-09-13",
                        },
                        {
                            "class_id": "CLS-0117-VIP",
                            "name": "周末VIP班",
                            "price": 5600,
                            "start": "2027-09-06",
                        },
                    ]
                },
            ),
            (
                "a",
                "蓉城驾校周末有两个班：周末班 4280 元（9月13日开班）和周末VIP班 5600 元（9月6日开班）。",
            ),
            ("u", "普通周末班就行。"),
            ("u", "等等，其实我想了想，还是学自动挡C2吧，手动挡以后也用不上。"),
            (
                "call",
                "school_classes",
                {"school_id": "DS-CD-0117", "license": "C2", "weekend_only": True},
                {
                    "classes": [
                        {
                            "class_id": "CLS-0117-W2",
                            "name": "C2周末班",
                            "price": 4480,
                            "start": "2027-09-13",
                        }
                    ]
                },
            ),
            ("a", "蓉城 C2 周末班 4480 元，9月13日开班，在预算内。"),
            ("u", "好，报这个。身份证号 510107199203154418，姓名刘思远。"),
            (
                "call",
                "enroll",
                {"class_id": "CLS-0117-W2", "name": "刘思远", "id_no": "510107199203154418"},
                {
                    "enroll_id": "EN-2027-0913-0288",
                    "status": "待体检",
                    "exam_center": "高新区车管所",
                },
            ),
            ("a", "已报名：报名号 EN-2027-0913-0288，下一步要体检。"),
            ("u", "还有，公司最近改成单休了，周六要上班，所以以后只能排周日。"),
            ("a", "好的，练车只排周日。"),
            ("u", "不对不对，我看错排班表了，是隔周单休。还是周六周日都可以排。"),
            ("a", "明白，周六周日都可以排。"),
            ("u", "体检去哪里做？"),
        ],
        active=["预算不超过 4500", "只能周末练车"],
        revoked=["只能排周日"],
        current=["C2", "CLS-0117-W2", "刘思远"],
        superseded=["C1", "手动挡"],
        ids=["DS-CD-0117", "CLS-0117-W2", "510107199203154418", "EN-2027-0913-0288"],
    )
)

# ---------------------------------------------------------------- Chinese: 快递寄件
convo(
    Convo(
        "zh_express_send",
        "zh",
        [
            ("u", "我要寄一箱东西到广州，是我奶奶的中药材，大概 6 公斤。从杭州西湖区寄。"),
            (
                "call",
                "express_quote",
                {"from": "杭州市西湖区", "to": "广州市", "weight_kg": 6},
                {
                    "quotes": [
                        {"carrier": "顺丰", "product": "顺丰标快", "price": 58, "eta_days": 1},
                        {"carrier": "京东", "product": "京东特快", "price": 52, "eta_days": 1},
                        {"carrier": "中通", "product": "中通标快", "price": 24, "eta_days": 3},
                    ]
                },
            ),
            ("a", "三个选择：顺丰标快 58 元次日达；京东特快 52 元次日达；中通 24 元三天到。"),
            ("u", "药材怕压，别用中通。还有必须保价，里面有几根野山参，保价 3000。"),
            ("a", "好的，不用中通，保价 3000 元。"),
            ("u", "就京东吧。"),
            (
                "call",
                "express_order",
                {
                    "carrier": "京东",
                    "product": "京东特快",
                    "insured": 3000,
                    "receiver": "林秀英",
                    "receiver_phone": "135****0981",
                    "address": "广州市越秀区东风中路 318 号 5 栋 702",
                },
                {
                    "waybill": "JDX000483920517",
                    "pickup_window": "今天 15:00-17:00",
                    "fee": 52,
                    "insure_fee": 15,
                },
            ),
            (
                "a",
                "京东下单成功，运单号 JDX000483920517，今天 15:00-17:00 上门取件，运费 52 元加保价费 15 元。",
            ),
            ("u", "收件地址写错了，是 5 栋 1702，不是 702。"),
            (
                "call",
                "express_modify",
                {"waybill": "JDX000483920517", "address": "广州市越秀区东风中路 318 号 5 栋 1702"},
                {"ok": True},
            ),
            ("a", "已改为 5 栋 1702。"),
            ("u", "哎，还是不对，我妈说奶奶上个月搬到 7 栋了，7 栋 1702。"),
            (
                "call",
                "express_modify",
                {"waybill": "JDX000483920517", "address": "广州市越秀区东风中路 318 号 7 栋 1702"},
                {"ok": True},
            ),
            ("a", "已改为 7 栋 1702。"),
            ("u", "取件时间能改到明天上午吗？今天下午我不在家。"),
            (
                "call",
                "express_pickup",
                {"waybill": "JDX000483920517", "window": "明天 09:00-11:00"},
                {"ok": True, "pickup_window": "明天 09:00-11:00", "courier": "张师傅 187****3321"},
            ),
            ("a", "取件改到明天 09:00-11:00，快递员张师傅 187****3321。"),
            ("u", "保价其实不用 3000 那么多，参我自己留下了，保 500 就够。"),
            ("a", "好的，保价改为 500 元。"),
            ("u", "那现在总共多少钱？"),
        ],
        active=["别用中通"],
        revoked=["保价 3000"],
        current=["7 栋 1702", "明天 09:00-11:00", "500"],
        superseded=["5 栋 702", "5 栋 1702", "今天 15:00-17:00"],
        ids=["JDX000483920517"],
    )
)

# ---------------------------------------------------------------- Chinese: 租房合同
convo(
    Convo(
        "zh_rental_contract",
        "zh",
        [
            (
                "u",
                "帮我起草一份租房合同，我是房东。房子在南京鼓楼区清凉门大街 56 号 3 幢 1204，月租 4200，押一付三。",
            ),
            ("a", "好的。租客信息和租期是？"),
            ("u", "租客叫周雨桐，租期一年，从 10 月 1 日开始。合同里不许转租，这条一定要写明。"),
            (
                "call",
                "contract_template",
                {"type": "住宅租赁", "city": "南京"},
                {"template_id": "TPL-NJ-RENT-2026", "clauses": 18, "version": "2026.2"},
            ),
            ("a", "用南京住宅租赁模板 TPL-NJ-RENT-2026（18 条）起草。"),
            ("u", "写合同的时候用正式书面语，不要出现口语。金额都要大写小写一起写。"),
            ("a", "明白：正式书面语，金额大小写并列。"),
            (
                "call",
                "contract_draft",
                {
                    "template_id": "TPL-NJ-RENT-2026",
                    "landlord": "陈建华",
                    "tenant": "周雨桐",
                    "rent": 4200,
                    "deposit_months": 1,
                    "pay_months": 3,
                    "start": "2027-10-01",
                    "months": 12,
                },
                {
                    "draft_id": "DRF-20271-0457",
                    "clauses": 18,
                    "rent_text": "人民币肆仟贰佰元整（¥4,200.00）",
                },
            ),
            ("a", "初稿 DRF-20271-0457 已生成，租金写作「人民币肆仟贰佰元整（¥4,200.00）」。"),
            ("u", "租金改成 4000，她答应签两年。那租期也改成两年。"),
            ("a", "好的，月租 4000，租期两年。"),
            ("a", "要不要加一条每年租金上涨 5% 的条款？"),
            ("u", "不用，两年都是 4000 不涨。"),
            (
                "call",
                "contract_update",
                {"draft_id": "DRF-20271-0457", "rent": 4000, "months": 24},
                {"ok": True, "rent_text": "人民币肆仟元整（¥4,000.00）", "end": "2029-09-30"},
            ),
            ("a", "已更新：月租人民币肆仟元整（¥4,000.00），租期至 2029 年 9 月 30 日。"),
            ("u", "转租那条可以放宽一点，经房东书面同意的可以转租。"),
            ("a", "好的，改为：未经出租人书面同意不得转租。"),
            ("u", "她说能不能养猫。可以养，但是要加一条宠物损坏照价赔偿。"),
            (
                "call",
                "contract_update",
                {
                    "draft_id": "DRF-20271-0457",
                    "add_clause": "承租人可饲养猫，因宠物造成房屋或设施损坏的，照价赔偿。",
                },
                {"ok": True, "clauses": 19},
            ),
            ("a", "已加第 19 条宠物条款。"),
            ("u", "押金呢，现在是多少？"),
        ],
        active=["正式书面语", "金额都要大写小写一起写", "未经出租人书面同意不得转租"],
        revoked=["不许转租"],
        current=["4000", "两年", "DRF-20271-0457"],
        superseded=["4200", "一年"],
        ids=["TPL-NJ-RENT-2026", "DRF-20271-0457", "人民币肆仟元整（¥4,000.00）"],
    )
)

# ---------------------------------------------------------------- Chinese: 银行卡挂失
convo(
    Convo(
        "zh_card_loss",
        "zh",
        [
            ("u", "我的银行卡丢了，招商银行的借记卡，尾号 3306，赶紧帮我挂失。"),
            (
                "call",
                "card_list",
                {"customer": "self"},
                {
                    "cards": [
                        {
                            "card_id": "CRD-88310",
                            "last4": "3306",
                            "type": "借记卡",
                            "status": "正常",
                        },
                        {
                            "card_id": "CRD-88342",
                            "last4": "9127",
                            "type": "信用卡",
                            "status": "正常",
                        },
                    ]
                },
            ),
            ("a", "找到尾号 3306 的借记卡（CRD-88310），状态正常。是临时挂失还是正式挂失？"),
            ("u", "先临时挂失吧，可能是落在公司了。信用卡别动，那张我还在用。"),
            (
                "call",
                "card_freeze",
                {"card_id": "CRD-88310", "mode": "temporary"},
                {"ok": True, "freeze_id": "FRZ-20270903-5517", "expires": "2027-09-08"},
            ),
            ("a", "已临时挂失，编号 FRZ-20270903-5517，有效期到 9 月 8 日。"),
            ("u", "看看最近一周有没有我不认识的交易。"),
            (
                "call",
                "card_txns",
                {"card_id": "CRD-88310", "days": 7},
                {
                    "txns": [
                        {"txn_id": "T20270901-00871", "amount": -38.0, "merchant": "美团外卖"},
                        {
                            "txn_id": "T20270902-01233",
                            "amount": -2999.0,
                            "merchant": "某数码专营店",
                        },
                        {
                            "txn_id": "T20270902-01240",
                            "amount": -2999.0,
                            "merchant": "某数码专营店",
                        },
                    ]
                },
            ),
            ("a", "近一周有三笔：美团外卖 38 元，某数码专营店两笔各 2999 元（9月2日）。"),
            ("u", "两笔 2999 都不是我买的！转正式挂失，补卡。"),
            (
                "call",
                "card_freeze",
                {"card_id": "CRD-88310", "mode": "formal", "reissue": True},
                {
                    "ok": True,
                    "freeze_id": "FRZ-20270903-5529",
                    "reissue_fee": 10,
                    "new_card_eta": "7个工作日",
                },
            ),
            (
                "a",
                "已转正式挂失（FRZ-20270903-5529），补卡工本费 10 元，约 7 个工作日。这两笔要申请争议吗？",
            ),
            ("u", "要。新卡寄到公司，地址是深圳南山区科技园科苑路 15 号 A 座 9 楼。"),
            ("a", "好的，新卡寄到公司地址。"),
            (
                "call",
                "dispute_create",
                {"txn_ids": ["T20270902-01233", "T20270902-01240"]},
                {"dispute_id": "DSP-CMB-660218", "status": "受理中", "sla_days": 15},
            ),
            ("a", "争议已受理，编号 DSP-CMB-660218，15 个工作日内答复。"),
            ("u", "新卡还是别寄公司了，我下周出差，寄到家里吧，福田区景田北路 88 号。"),
            ("a", "好的，改寄到福田区景田北路 88 号。"),
            ("u", "刚才说信用卡别动，现在想想还是一起冻结吧，万一也被盗了。"),
            ("a", "好的，尾号 9127 的信用卡也一起冻结。"),
            ("u", "补卡大概什么时候能到？"),
        ],
        active=[],
        revoked=["信用卡别动"],
        current=["福田区景田北路 88 号", "FRZ-20270903-5529", "DSP-CMB-660218"],
        superseded=["科苑路 15 号"],
        ids=[
            "CRD-88310",
            "FRZ-20270903-5529",
            "T20270902-01233",
            "T20270902-01240",
            "DSP-CMB-660218",
        ],
    )
)

# ---------------------------------------------------------------- Chinese: 家电维修
convo(
    Convo(
        "zh_appliance_repair",
        "zh",
        [
            ("u", "我家海尔冰箱不制冷了，型号 BCD-470WGHFD1，想报修。"),
            (
                "call",
                "warranty_check",
                {"brand": "海尔", "model": "BCD-470WGHFD1", "serial": "BH0A7E21K00391"},
                {"in_warranty": True, "warranty_until": "2028-03-15", "purchase": "2025-03-15"},
            ),
            ("a", "您这台冰箱在保修期内，到 2028 年 3 月 15 日。"),
            ("u", "上门时间只能是晚上 7 点以后，白天家里没人。师傅来之前一定要先打电话。"),
            ("a", "好的：晚上 7 点以后上门，来之前先打电话。"),
            (
                "call",
                "repair_slots",
                {"city": "武汉", "district": "洪山区", "after": "19:00"},
                {
                    "slots": [
                        {"slot_id": "RS-0905-1900", "date": "9月5日", "time": "19:00-21:00"},
                        {"slot_id": "RS-0906-1930", "date": "9月6日", "time": "19:30-21:30"},
                    ]
                },
            ),
            ("a", "有两个时段：9月5日 19:00-21:00 和 9月6日 19:30-21:30。"),
            ("u", "就刚才那个第一个。"),
            (
                "call",
                "repair_book",
                {
                    "slot_id": "RS-0905-1900",
                    "phone": "159****4410",
                    "address": "武汉市洪山区珞喻路 1037 号 12 栋 2 单元 601",
                },
                {
                    "ticket": "HR-WH-20270905-03318",
                    "engineer": "赵师傅",
                    "engineer_phone": "177****0926",
                },
            ),
            ("a", "已预约 9月5日 19:00-21:00，工单 HR-WH-20270905-03318，赵师傅 177****0926。"),
            ("a", "顺便帮您加购一个延保三年吧？399 元。"),
            ("u", "延保不要。"),
            ("u", "对了电话留错了，是 159****4401。"),
            (
                "call",
                "repair_update",
                {"ticket": "HR-WH-20270905-03318", "phone": "159****4401"},
                {"ok": True},
            ),
            ("a", "联系电话已改为 159****4401。"),
            ("u", "周五我加班，改到周六那个时段吧。"),
            (
                "call",
                "repair_update",
                {"ticket": "HR-WH-20270905-03318", "slot_id": "RS-0906-1930"},
                {
                    "ok": True,
                    "date": "9月6日",
                    "time": "19:30-21:30",
                    "engineer": "钱师傅",
                    "engineer_phone": "186****7752",
                },
            ),
            ("a", "已改到 9月6日 19:30-21:30，师傅换成了钱师傅 186****7752。"),
            ("u", "周六白天我其实在家，下午也可以来，不用非得晚上了。"),
            ("a", "明白，周六下午也可以上门。"),
            ("u", "那能不能提前到下午？"),
        ],
        active=["来之前一定要先打电话"],
        revoked=["只能是晚上 7 点以后"],
        current=["9月6日", "159****4401", "钱师傅"],
        superseded=["9月5日", "159****4410", "赵师傅"],
        ids=["BCD-470WGHFD1", "BH0A7E21K00391", "HR-WH-20270905-03318"],
    )
)

# ---------------------------------------------------------------- Chinese: 考研报名
convo(
    Convo(
        "zh_kaoyan",
        "zh",
        [
            (
                "u",
                "帮我弄一下考研报名。我报的是华中科技大学计算机学院，专业是计算机科学与技术，学硕。",
            ),
            (
                "call",
                "program_lookup",
                {"school": "华中科技大学", "college": "计算机科学与技术学院"},
                {
                    "programs": [
                        {"code": "081200", "name": "计算机科学与技术", "type": "学硕", "quota": 45},
                        {"code": "085404", "name": "计算机技术", "type": "专硕", "quota": 120},
                    ]
                },
            ),
            (
                "a",
                "计算机学院有两个方向：081200 计算机科学与技术（学硕，招 45 人）和 085404 计算机技术（专硕，招 120 人）。",
            ),
            ("u", "学硕。考试科目里数学要考数学一，不要选错了。"),
            ("a", "好的，081200 学硕，数学一。"),
            (
                "call",
                "exam_subjects",
                {"program": "081200"},
                {
                    "subjects": [
                        "101 思想政治理论",
                        "201 英语一",
                        "301 数学一",
                        "408 计算机学科专业基础",
                    ]
                },
            ),
            ("a", "科目是 101 政治、201 英语一、301 数学一、408 计算机学科专业基础。"),
            ("u", "考点选武汉的，离学校近。我现在在读，报名点选本校，武汉理工大学。"),
            (
                "call",
                "site_lookup",
                {"province": "湖北", "city": "武汉"},
                {
                    "sites": [
                        {"site_code": "4224", "name": "武汉理工大学"},
                        {"site_code": "4201", "name": "武汉大学"},
                    ]
                },
            ),
            ("a", "武汉理工大学报名点代码 4224。"),
            ("u", "嗯。还有，我看了一下，专硕名额多很多，还是改报专硕 085404 吧。"),
            ("a", "好的，改为 085404 计算机技术（专硕）。专硕考数学二就可以，要不要换成数学二？"),
            ("u", "不换，085404 这边也是考数学一，我查过了。"),
            ("a", "明白，仍然是数学一。"),
            (
                "call",
                "registration_submit",
                {
                    "program": "085404",
                    "site_code": "4224",
                    "subjects": ["101", "201", "301", "408"],
                    "id_no": "420106200103052217",
                },
                {
                    "reg_no": "2028-4224-0047731",
                    "fee": 180,
                    "status": "待缴费",
                    "pay_deadline": "2027-10-25",
                },
            ),
            ("a", "报名信息已提交，报名号 2028-4224-0047731，报名费 180 元，10月25日前缴费。"),
            ("u", "对了手机号填错了，是 187****5530，不是 187****5503。"),
            ("a", "好的，手机号改为 187****5530。"),
            ("u", "缴费之前不要帮我提交任何东西了，我要自己再核对一遍。"),
            ("a", "好的，缴费前不会再提交任何信息。"),
            ("u", "那我现在一共报了哪些信息？"),
        ],
        active=["数学要考数学一", "缴费之前不要帮我提交任何东西"],
        current=["085404", "187****5530", "2028-4224-0047731"],
        superseded=["081200", "187****5503"],
        ids=["420106200103052217", "2028-4224-0047731", "4224"],
    )
)
