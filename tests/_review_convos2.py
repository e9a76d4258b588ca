# ruff: noqa: E501  (conversation text is kept verbatim, one message a line)
"""Second review round: sessions in domains the first round and the bench did not cover (HR
leave, medical booking, insurance claims, multi-item returns, on-call SRE with tools, contract
drafting, tutoring, personal finance, renovation quotes; English and Chinese).

Each has its ground truth beside it, as in `_review_convos.py`.
"""

from __future__ import annotations

from _review_convos import Convo

CONVOS2: list[Convo] = []


def convo(c: Convo) -> None:
    CONVOS2.append(c)


# ---------------------------------------------------------------- English: HR leave
convo(
    Convo(
        "en_hr_leave",
        "en",
        [
            (
                "u",
                "Hi, I need help filing leave requests in Workday. Always CC my manager Priya Raman on every request.",
            ),
            ("a", "Sure, I'll CC Priya Raman on each request."),
            ("u", "Please never mention my medical condition in the reason field."),
            ("a", "Understood, the reason field will stay generic."),
            ("u", "File annual leave from April 14 to April 18. My employee ID is EMP-004217."),
            (
                "call",
                "workday_submit_leave",
                {
                    "employee_id": "EMP-004217",
                    "type": "annual",
                    "start": "2027-04-14",
                    "end": "2027-04-18",
                    "cc": ["priya.raman@northwind.example"],
                },
                {"request_id": "LR-88213", "status": "pending", "balance_after": 9.5},
            ),
            (
                "a",
                "Submitted as LR-88213, pending approval. Your balance after this would be 9.5 days.",
            ),
            (
                "u",
                "Hmm, change the end date to April 16 instead, I need to be back for the offsite.",
            ),
            (
                "call",
                "workday_update_leave",
                {"request_id": "LR-88213", "end": "2027-04-16"},
                {"request_id": "LR-88213", "status": "pending", "balance_after": 11.5},
            ),
            ("a", "Updated LR-88213 to April 14-16. Balance after: 11.5 days."),
            (
                "u",
                "Also file a sick day for next Monday, April 7, but this one time don't CC Priya, I'll tell her myself.",
            ),
            (
                "call",
                "workday_submit_leave",
                {
                    "employee_id": "EMP-004217",
                    "type": "sick",
                    "start": "2027-04-07",
                    "end": "2027-04-07",
                    "cc": [],
                },
                {"request_id": "LR-88240", "status": "approved"},
            ),
            ("a", "Sick day filed as LR-88240 without CC; it was auto-approved."),
            (
                "u",
                "Actually you can stop CCing Priya altogether, she moved teams. CC Marco Bellini instead from now on.",
            ),
            ("a", "Got it: from now on I'll CC Marco Bellini instead of Priya."),
            ("u", "What's my remaining annual balance after LR-88213?"),
        ],
        active=[
            "Please never mention my medical condition in the reason field.",
            "CC Marco Bellini instead from now on.",
        ],
        revoked=["Always CC my manager Priya Raman on every request."],
        current=["April 16"],
        superseded=["April 18"],
        ids=["EMP-004217", "LR-88213", "LR-88240"],
    )
)

# ---------------------------------------------------------------- English: medical appointment
convo(
    Convo(
        "en_medical_booking",
        "en",
        [
            (
                "u",
                "I need to book a dermatology appointment at Lakeside Clinic. I only want female doctors.",
            ),
            ("a", "Noted, I'll only look at female dermatologists."),
            ("u", "Mornings only, I work afternoons. My patient number is PT-55-0193-K."),
            (
                "call",
                "clinic_search_slots",
                {
                    "clinic": "Lakeside Clinic",
                    "specialty": "dermatology",
                    "gender": "female",
                    "time_of_day": "morning",
                },
                {
                    "slots": [
                        {
                            "doctor": "Dr. Helen Okafor",
                            "slot_id": "SL-7721",
                            "time": "Tue May 6 09:20",
                        },
                        {
                            "doctor": "Dr. Mei Tanaka",
                            "slot_id": "SL-7734",
                            "time": "Thu May 8 10:40",
                        },
                        {
                            "doctor": "Dr. Sara Lindqvist",
                            "slot_id": "SL-7790",
                            "time": "Mon May 12 08:00",
                        },
                    ]
                },
            ),
            (
                "a",
                "Three options: 1) Dr. Helen Okafor, Tue May 6 09:20; 2) Dr. Mei Tanaka, Thu May 8 10:40; 3) Dr. Sara Lindqvist, Mon May 12 08:00.",
            ),
            ("u", "The second one please."),
            (
                "call",
                "clinic_book",
                {"slot_id": "SL-7734", "patient": "PT-55-0193-K"},
                {"booking_ref": "BK-2027-05-3318", "status": "confirmed"},
            ),
            ("a", "Booked with Dr. Mei Tanaka on Thu May 8 at 10:40, reference BK-2027-05-3318."),
            ("u", "Oh wait, I have a meeting Thursday. Can you move it to the first one instead?"),
            (
                "call",
                "clinic_reschedule",
                {"booking_ref": "BK-2027-05-3318", "slot_id": "SL-7721"},
                {
                    "booking_ref": "BK-2027-05-3318",
                    "status": "confirmed",
                    "time": "Tue May 6 09:20",
                },
            ),
            ("a", "Moved to Dr. Helen Okafor, Tue May 6 at 09:20; same reference BK-2027-05-3318."),
            (
                "u",
                "Actually afternoons are fine now, my schedule changed. Forget the mornings-only rule.",
            ),
            ("a", "Okay, afternoons are fine from now on."),
            (
                "u",
                "Insurance is BlueShield, member ID XJH-884-22-0917. Please add it to the booking.",
            ),
            (
                "call",
                "clinic_update_booking",
                {
                    "booking_ref": "BK-2027-05-3318",
                    "insurance": "BlueShield",
                    "member_id": "XJH-884-22-0917",
                },
                {"ok": True},
            ),
            ("a", "Insurance added to BK-2027-05-3318."),
            ("u", "Which doctor am I seeing and when?"),
        ],
        active=["I only want female doctors."],
        revoked=["Mornings only, I work afternoons."],
        current=["Dr. Helen Okafor", "Tue May 6 09:20"],
        superseded=["Dr. Mei Tanaka", "Thu May 8 10:40"],
        ids=["PT-55-0193-K", "BK-2027-05-3318", "XJH-884-22-0917", "SL-7721"],
    )
)

# ---------------------------------------------------------------- English: insurance claim
convo(
    Convo(
        "en_insurance_claim",
        "en",
        [
            ("u", "I want to file a car insurance claim. Policy number is AUT-7731-4420-09."),
            ("a", "Sure. What happened and when?"),
            (
                "u",
                "Rear-ended on March 2nd at the intersection of 5th Ave and Pine St. Don't contact the other driver directly, only through their insurer.",
            ),
            ("a", "Understood, I won't contact the other driver directly."),
            ("u", "Repair estimate from Pine Street Auto is $3,480.00."),
            (
                "call",
                "claims_create",
                {"policy": "AUT-7731-4420-09", "date_of_loss": "2027-03-02", "estimate": 3480.0},
                {"claim_id": "CLM-2027-0048812", "deductible": 500, "status": "open"},
            ),
            ("a", "Opened claim CLM-2027-0048812. Your deductible is $500."),
            ("u", "Correction: the accident was on March 1st, not March 2nd. I mixed it up."),
            (
                "call",
                "claims_update",
                {"claim_id": "CLM-2027-0048812", "date_of_loss": "2027-03-01"},
                {"ok": True},
            ),
            ("a", "Date of loss updated to March 1st."),
            ("u", "And the shop revised the estimate to $4,125.50 after finding frame damage."),
            (
                "call",
                "claims_update",
                {"claim_id": "CLM-2027-0048812", "estimate": 4125.5},
                {"ok": True},
            ),
            ("a", "Estimate updated to $4,125.50."),
            (
                "u",
                "Please send all correspondence by email only, no phone calls. Use claims.jdoe@proton.me.",
            ),
            ("a", "Email only, to claims.jdoe@proton.me."),
            ("u", "The other driver's insurer is Geico, their claim number is 0537-21-889X."),
            ("a", "Recorded Geico claim 0537-21-889X."),
            ("u", "What's the payout after deductible?"),
        ],
        active=[
            "Don't contact the other driver directly, only through their insurer.",
            "Please send all correspondence by email only, no phone calls.",
        ],
        current=["March 1st", "$4,125.50"],
        superseded=["March 2nd", "$3,480.00"],
        ids=["AUT-7731-4420-09", "CLM-2027-0048812", "claims.jdoe@proton.me", "0537-21-889X"],
    )
)

# ---------------------------------------------------------------- English: e-commerce returns
convo(
    Convo(
        "en_returns_multi",
        "en",
        [
            (
                "u",
                "I want to return some items from order #112-4459013-7720. Refund to my gift card balance, not the Visa.",
            ),
            (
                "call",
                "orders_get",
                {"order_id": "112-4459013-7720"},
                {
                    "items": [
                        {"sku": "B09XK2L7QP", "name": "Anker 737 Power Bank", "price": 89.99},
                        {"sku": "B0C1H26C46", "name": "Logitech MX Keys S", "price": 109.99},
                        {"sku": "B07PGL2ZSL", "name": "USB-C Cable 2-pack", "price": 12.99},
                    ]
                },
            ),
            (
                "a",
                "The order has: 1. Anker 737 Power Bank ($89.99), 2. Logitech MX Keys S ($109.99), 3. USB-C Cable 2-pack ($12.99). Which ones?",
            ),
            ("u", "The first and the third."),
            ("a", "Returning the Anker 737 Power Bank and the USB-C Cable 2-pack. Reason?"),
            (
                "u",
                "Power bank is defective. Cable I just don't need. Always choose UPS drop-off, I don't want a pickup.",
            ),
            (
                "call",
                "returns_create",
                {
                    "order_id": "112-4459013-7720",
                    "skus": ["B09XK2L7QP", "B07PGL2ZSL"],
                    "method": "ups_dropoff",
                    "refund_to": "gift_card",
                },
                {
                    "rma": "RMA-5520871",
                    "label_url": "https://returns.example.com/l/RMA-5520871.pdf",
                },
            ),
            (
                "a",
                "Return RMA-5520871 created, label at https://returns.example.com/l/RMA-5520871.pdf.",
            ),
            (
                "u",
                "Wait, keep the cable after all. Only return the power bank. And add the keyboard instead, the S key sticks.",
            ),
            (
                "call",
                "returns_update",
                {"rma": "RMA-5520871", "skus": ["B09XK2L7QP", "B0C1H26C46"]},
                {"rma": "RMA-5520871", "refund_total": 199.98},
            ),
            (
                "a",
                "Updated RMA-5520871: Anker 737 Power Bank and Logitech MX Keys S, refund $199.98.",
            ),
            ("u", "Actually refund to the Visa after all, the gift card thing was a mistake."),
            ("a", "Okay, refund will go to the Visa ending 4417."),
            ("u", "When does the label expire?"),
        ],
        active=["Always choose UPS drop-off, I don't want a pickup."],
        revoked=["Refund to my gift card balance, not the Visa."],
        current=["$199.98"],
        ids=[
            "112-4459013-7720",
            "RMA-5520871",
            "B09XK2L7QP",
            "B0C1H26C46",
            "https://returns.example.com/l/RMA-5520871.pdf",
        ],
    )
)

# ---------------------------------------------------------------- English: SRE on-call
convo(
    Convo(
        "en_sre_oncall",
        "en",
        [
            (
                "sys",
                "You are an on-call assistant with access to PagerDuty, Prometheus and SSH tools.",
            ),
            (
                "u",
                "We got paged: HighErrorRate on checkout-api. Never restart the primary database without asking me first.",
            ),
            (
                "call",
                "pagerduty_get_incident",
                {"id": "Q2X7B9KJ4N"},
                {
                    "id": "Q2X7B9KJ4N",
                    "title": "HighErrorRate checkout-api 5xx > 5%",
                    "service": "checkout-api",
                    "triggered": "2027-02-11T03:14:09Z",
                },
            ),
            (
                "a",
                "Incident Q2X7B9KJ4N: HighErrorRate on checkout-api, 5xx above 5% since 03:14:09Z.",
            ),
            (
                "call",
                "prom_query",
                {
                    "q": 'sum by (instance) (rate(http_requests_total{job="checkout-api",code=~"5.."}[5m]))'
                },
                {
                    "result": [
                        {"instance": "ip-10-42-3-17.ec2.internal:8080", "value": 41.2},
                        {"instance": "ip-10-42-5-201.ec2.internal:8080", "value": 0.3},
                    ]
                },
            ),
            (
                "a",
                "Errors are almost all from ip-10-42-3-17.ec2.internal:8080 (41.2 rps); ip-10-42-5-201 is healthy.",
            ),
            ("u", "Drain that host. Use runbook RB-CHK-012, not the generic one."),
            (
                "call",
                "ssh_exec",
                {"host": "ip-10-42-3-17.ec2.internal", "cmd": "sudo systemctl stop checkout-api"},
                {"exit": 0, "out": ""},
            ),
            ("a", "Stopped checkout-api on ip-10-42-3-17 following RB-CHK-012 step 3."),
            ("u", "Error rate?"),
            (
                "call",
                "prom_query",
                {"q": 'sum(rate(http_requests_total{job="checkout-api",code=~"5.."}[5m]))'},
                {"result": [{"value": 38.9}]},
            ),
            ("a", "Still 38.9 rps of 5xx. The healthy host may be taking the bad traffic now."),
            ("u", "Check the logs on ip-10-42-5-201 then. Don't page the DB team yet."),
            (
                "call",
                "ssh_exec",
                {"host": "ip-10-42-5-201.ec2.internal", "cmd": "journalctl -u checkout-api -n 50"},
                {
                    "exit": 0,
                    "out": "ERROR pq: remaining connection slots are reserved for non-replication superuser connections (SQLSTATE 53300)",
                },
            ),
            (
                "a",
                "Logs show: pq: remaining connection slots are reserved for non-replication superuser connections (SQLSTATE 53300). The DB is out of connections.",
            ),
            (
                "u",
                "OK, page the DB team now. And you can restart pgbouncer on db-proxy-2, that's fine without asking.",
            ),
            (
                "call",
                "pagerduty_trigger",
                {
                    "service": "database",
                    "summary": "checkout-api: SQLSTATE 53300 connection exhaustion",
                },
                {"id": "P8M1ZC0Q2R"},
            ),
            ("a", "Paged the DB team (P8M1ZC0Q2R). Shall I restart pgbouncer on db-proxy-2 now?"),
            ("u", "Yes go."),
        ],
        active=[
            "Never restart the primary database without asking me first.",
            "Use runbook RB-CHK-012, not the generic one.",
        ],
        revoked=["Don't page the DB team yet."],
        ids=[
            "Q2X7B9KJ4N",
            "ip-10-42-3-17.ec2.internal",
            "ip-10-42-5-201.ec2.internal",
            "RB-CHK-012",
            "SQLSTATE 53300",
            "P8M1ZC0Q2R",
            "db-proxy-2",
        ],
    )
)

# ---------------------------------------------------------------- English: contract drafting
convo(
    Convo(
        "en_legal_contract",
        "en",
        [
            (
                "u",
                "Help me draft a consulting agreement between Halden Analytics LLC and Brightwater Foods, Inc. Use Delaware law throughout.",
            ),
            ("a", "Sure. Governing law will be Delaware. What are the key terms?"),
            ("u", "Term is 12 months starting June 1, 2027. Fee is $18,500 per month, net 30."),
            ("a", "Drafted Section 3 (Term) and Section 4 (Fees): $18,500 per month, net 30."),
            (
                "u",
                "Never use the word 'best efforts' anywhere; use 'commercially reasonable efforts'.",
            ),
            ("a", "Will do."),
            (
                "u",
                "In clause 7.2, the liability cap should be 1x fees paid in the prior 12 months.",
            ),
            ("a", "Clause 7.2 updated: liability capped at 1x fees paid in the prior 12 months."),
            (
                "u",
                "The client pushed back. Change the fee to $16,750 per month and payment to net 45.",
            ),
            ("a", "Section 4 updated: $16,750 per month, net 45."),
            ("u", "Also the start date moves to July 15, 2027."),
            ("a", "Term now starts July 15, 2027, 12 months."),
            ("u", "Move the non-solicit from clause 9.4 to 11.3 and make it 18 months."),
            ("a", "Moved the non-solicitation clause to 11.3 with an 18-month period."),
            (
                "u",
                "Scratch Delaware, they insist on New York law. Update the governing law clause.",
            ),
            ("a", "Governing law changed to New York."),
            ("u", "Send me the full Section 4 text."),
        ],
        active=[
            "Never use the word 'best efforts' anywhere; use 'commercially reasonable efforts'."
        ],
        revoked=["Use Delaware law throughout."],
        current=["$16,750", "net 45", "July 15, 2027", "New York"],
        superseded=["$18,500", "net 30", "June 1, 2027", "Delaware"],
        ids=["Halden Analytics LLC", "Brightwater Foods, Inc.", "7.2", "11.3"],
    )
)

# ---------------------------------------------------------------- English: tutoring
convo(
    Convo(
        "en_tutor_calc",
        "en",
        [
            (
                "u",
                "I'm a tutor for my son Leo, 10th grade. Don't give him the final answers, only hints.",
            ),
            ("a", "Got it, hints only."),
            ("u", "His assignment is Problem Set 4 (MATH-201), due Friday Oct 10 at 11:59 PM."),
            ("a", "Noted: MATH-201 Problem Set 4, due Fri Oct 10, 11:59 PM."),
            ("u", "Explain things using metric units only."),
            ("a", "Sure, metric only."),
            ("u", "He's stuck on problem 3b: a ball thrown up at 14.7 m/s, when does it land?"),
            ("a", "Hint: write height as h(t) = 14.7t - 4.9t^2 and ask when h(t) = 0 again."),
            ("u", "The teacher extended the deadline to Monday Oct 13."),
            ("a", "Updated: due Monday Oct 13, 11:59 PM."),
            (
                "u",
                "For problem 5 it's fine to show the full solution, the teacher said it's a worked example.",
            ),
            ("a", "Okay, I'll give the full solution for problem 5 only."),
            ("u", "Also he moved to the honors section, so the course code is now MATH-201H."),
            ("a", "Noted, MATH-201H."),
            ("u", "Now problem 4a: sum of the first 20 odd numbers?"),
        ],
        active=[
            "Don't give him the final answers, only hints.",
            "Explain things using metric units only.",
        ],
        current=["Monday Oct 13", "MATH-201H"],
        superseded=["Friday Oct 10"],
        ids=["MATH-201H"],
    )
)

# ---------------------------------------------------------------- English: personal finance
convo(
    Convo(
        "en_finance_budget",
        "en",
        [
            (
                "u",
                "Help me plan transfers. My checking is ****4821 and savings ****9073. Never show full account numbers.",
            ),
            ("a", "Understood, I'll only use masked numbers."),
            (
                "u",
                "Move $1,200 from checking ****4821 to savings ****9073 on the 1st of each month.",
            ),
            (
                "call",
                "bank_schedule_transfer",
                {"from": "****4821", "to": "****9073", "amount": 1200, "currency": "USD", "day": 1},
                {"schedule_id": "TRF-SCH-30017", "next_run": "2027-01-01"},
            ),
            ("a", "Scheduled TRF-SCH-30017: $1,200 monthly on the 1st, next run Jan 1, 2027."),
            (
                "u",
                "Also convert 2,000 EUR to USD for the rent deposit. Keep everything in USD in your summaries.",
            ),
            (
                "call",
                "fx_quote",
                {"from": "EUR", "to": "USD", "amount": 2000},
                {"rate": 1.0842, "amount_out": 2168.4, "quote_id": "FXQ-9f3a21"},
            ),
            ("a", "Quote FXQ-9f3a21: 2,000 EUR = $2,168.40 at 1.0842."),
            ("u", "Make the monthly transfer $1,500 instead of $1,200."),
            (
                "call",
                "bank_update_transfer",
                {"schedule_id": "TRF-SCH-30017", "amount": 1500},
                {"ok": True},
            ),
            ("a", "TRF-SCH-30017 is now $1,500 monthly."),
            ("u", "And move it to the 15th, payday changed."),
            (
                "call",
                "bank_update_transfer",
                {"schedule_id": "TRF-SCH-30017", "day": 15},
                {"ok": True, "next_run": "2027-01-15"},
            ),
            ("a", "Now runs on the 15th; next run Jan 15, 2027."),
            ("u", "Don't execute FX quotes without my confirmation."),
            ("a", "I won't execute any FX quote without your confirmation."),
            ("u", "How much will be in savings after 6 months if it starts at $3,050?"),
        ],
        active=[
            "Never show full account numbers.",
            "Keep everything in USD in your summaries.",
            "Don't execute FX quotes without my confirmation.",
        ],
        current=["$1,500", "15th"],
        superseded=["$1,200"],
        ids=["****4821", "****9073", "TRF-SCH-30017", "FXQ-9f3a21"],
    )
)

# ---------------------------------------------------------------- English: renovation quote
convo(
    Convo(
        "en_renovation_quote",
        "en",
        [
            (
                "u",
                "I want a quote for redoing the kitchen and the master bath. Keep the total under $45,000.",
            ),
            ("a", "Okay, budget cap $45,000. Measurements?"),
            (
                "u",
                "Kitchen is 12 ft x 14 ft, bath is 8 ft x 10 ft. Use quartz countertops, no granite.",
            ),
            ("a", "Kitchen 168 sq ft, bath 80 sq ft, quartz counters."),
            ("u", "Flooring: porcelain tile in both rooms, 24x24 inch."),
            (
                "call",
                "quote_estimate",
                {
                    "rooms": [
                        {"name": "kitchen", "sqft": 168},
                        {"name": "master bath", "sqft": 80},
                    ],
                    "countertop": "quartz",
                    "floor": "porcelain 24x24",
                },
                {"quote_id": "Q-RN-20271104-07", "total": 47850.0},
            ),
            ("a", "Quote Q-RN-20271104-07 comes to $47,850, over your cap."),
            ("u", "Then switch the kitchen floor to luxury vinyl plank, keep tile in the bath."),
            (
                "call",
                "quote_estimate",
                {
                    "rooms": [
                        {"name": "kitchen", "sqft": 168, "floor": "LVP"},
                        {"name": "master bath", "sqft": 80, "floor": "porcelain 24x24"},
                    ],
                    "countertop": "quartz",
                },
                {"quote_id": "Q-RN-20271104-08", "total": 43920.0},
            ),
            ("a", "Revised quote Q-RN-20271104-08: $43,920."),
            ("u", "I re-measured, the bath is actually 9 ft x 10 ft."),
            (
                "call",
                "quote_estimate",
                {
                    "rooms": [
                        {"name": "kitchen", "sqft": 168, "floor": "LVP"},
                        {"name": "master bath", "sqft": 90, "floor": "porcelain 24x24"},
                    ],
                    "countertop": "quartz",
                },
                {"quote_id": "Q-RN-20271104-09", "total": 44610.0},
            ),
            ("a", "With the bath at 9 ft x 10 ft, Q-RN-20271104-09 totals $44,610."),
            ("u", "Actually raise the cap to $50,000, my partner agreed."),
            ("a", "Cap raised to $50,000."),
            ("u", "Can we put porcelain back in the kitchen then?"),
        ],
        active=["Use quartz countertops, no granite."],
        revoked=["Keep the total under $45,000."],
        current=["$50,000", "9 ft x 10 ft", "Q-RN-20271104-09"],
        superseded=["$45,000", "8 ft x 10 ft"],
        ids=["Q-RN-20271104-07", "Q-RN-20271104-08", "Q-RN-20271104-09"],
    )
)

# ---------------------------------------------------------------- 中文：请假
convo(
    Convo(
        "zh_hr_leave",
        "zh",
        [
            ("u", "帮我在钉钉上提交请假申请。每次请假都要抄送我的主管王建国。"),
            ("a", "好的，每次都会抄送王建国。"),
            ("u", "请假理由一律写“个人事务”，不要写具体原因。"),
            ("a", "明白，理由统一写“个人事务”。"),
            ("u", "我要请年假，5月6日到5月9日，工号是 HZ20190087。"),
            (
                "call",
                "dingtalk_leave_submit",
                {
                    "工号": "HZ20190087",
                    "类型": "年假",
                    "开始": "2027-05-06",
                    "结束": "2027-05-09",
                    "抄送": ["王建国"],
                },
                {"审批单号": "SP-202705-01982", "状态": "审批中"},
            ),
            ("a", "已提交，审批单号 SP-202705-01982，状态：审批中。"),
            ("u", "改一下，结束日期改成5月8日。"),
            (
                "call",
                "dingtalk_leave_update",
                {"审批单号": "SP-202705-01982", "结束": "2027-05-08"},
                {"状态": "审批中"},
            ),
            ("a", "已改为5月6日到5月8日。"),
            ("u", "另外，以后不用抄送王建国了，他调岗了，改成抄送李敏。"),
            ("a", "好的，以后改为抄送李敏。"),
            ("u", "再帮我请一天调休，5月20日。"),
            (
                "call",
                "dingtalk_leave_submit",
                {
                    "工号": "HZ20190087",
                    "类型": "调休",
                    "开始": "2027-05-20",
                    "结束": "2027-05-20",
                    "抄送": ["李敏"],
                },
                {"审批单号": "SP-202705-02311", "状态": "审批中"},
            ),
            ("a", "调休已提交，审批单号 SP-202705-02311，抄送李敏。"),
            ("u", "上面那个年假审批通过了吗？"),
        ],
        active=["请假理由一律写“个人事务”，不要写具体原因。", "改成抄送李敏"],
        revoked=["每次请假都要抄送我的主管王建国。"],
        current=["5月8日"],
        superseded=["5月9日"],
        ids=["HZ20190087", "SP-202705-01982", "SP-202705-02311"],
    )
)

# ---------------------------------------------------------------- 中文：挂号
convo(
    Convo(
        "zh_medical_booking",
        "zh",
        [
            ("u", "帮我在协和医院挂个消化内科的号，只要主任医师，不要副主任。"),
            ("a", "好的，只看主任医师。"),
            ("u", "我的就诊卡号是 0010-3328-7761，医保卡尾号 5532。"),
            (
                "call",
                "hospital_search",
                {"医院": "北京协和医院", "科室": "消化内科", "职称": "主任医师"},
                {
                    "号源": [
                        {"医生": "张立平", "号源ID": "HY-5501", "时间": "3月18日 上午"},
                        {"医生": "陈秀英", "号源ID": "HY-5517", "时间": "3月19日 下午"},
                        {"医生": "刘志强", "号源ID": "HY-5530", "时间": "3月21日 上午"},
                    ]
                },
            ),
            (
                "a",
                "有三个号：1. 张立平 3月18日上午；2. 陈秀英 3月19日下午；3. 刘志强 3月21日上午。",
            ),
            ("u", "就要第二个吧。"),
            (
                "call",
                "hospital_book",
                {"号源ID": "HY-5517", "就诊卡": "0010-3328-7761"},
                {"预约号": "YY20270319-0426", "状态": "成功"},
            ),
            ("a", "已预约陈秀英医生3月19日下午，预约号 YY20270319-0426。"),
            ("u", "不行，19号下午我要开会，换成第三个。"),
            (
                "call",
                "hospital_reschedule",
                {"预约号": "YY20270319-0426", "号源ID": "HY-5530"},
                {"预约号": "YY20270321-0188", "状态": "成功"},
            ),
            ("a", "已改约刘志强医生3月21日上午，新预约号 YY20270321-0188。"),
            ("u", "副主任也可以了，主任的号太难挂。"),
            ("a", "好的，副主任医师也可以。"),
            ("u", "取号的时候需要带什么？"),
        ],
        revoked=["只要主任医师，不要副主任。"],
        current=["刘志强", "3月21日"],
        superseded=["陈秀英", "3月19日"],
        ids=["0010-3328-7761", "YY20270321-0188"],
    )
)

# ---------------------------------------------------------------- 中文：理赔
convo(
    Convo(
        "zh_insurance_claim",
        "zh",
        [
            ("u", "我要报一个医疗险理赔，保单号 P44019872026A。"),
            ("a", "好的，请说明就诊情况。"),
            (
                "u",
                "3月5日在华山医院急诊，花了 6,820.50 元。理赔款打到我的招商银行卡，不要打到支付宝。",
            ),
            (
                "call",
                "claim_create",
                {"保单号": "P44019872026A", "出险日期": "2027-03-05", "金额": 6820.5},
                {"案件号": "LP2027030500731", "状态": "待补材料"},
            ),
            ("a", "已立案，案件号 LP2027030500731，状态：待补材料。"),
            ("u", "说错了，是3月4日晚上去的急诊，不是3月5日。"),
            (
                "call",
                "claim_update",
                {"案件号": "LP2027030500731", "出险日期": "2027-03-04"},
                {"ok": True},
            ),
            ("a", "出险日期已改为3月4日。"),
            ("u", "金额也不对，加上复诊一共是 7,315.00 元。"),
            ("call", "claim_update", {"案件号": "LP2027030500731", "金额": 7315.0}, {"ok": True}),
            ("a", "理赔金额已更新为 7,315.00 元。"),
            ("u", "以后联系我只发短信，别打电话。"),
            ("a", "好的，只发短信。"),
            ("u", "算了，还是打到支付宝吧，招行卡要注销了。"),
            ("a", "好的，理赔款改为打到支付宝。"),
            ("u", "还需要补哪些材料？"),
        ],
        active=["以后联系我只发短信，别打电话。"],
        revoked=["理赔款打到我的招商银行卡，不要打到支付宝。"],
        current=["3月4日", "7,315.00 元", "支付宝"],
        superseded=["3月5日", "6,820.50 元"],
        ids=["P44019872026A", "LP2027030500731"],
    )
)

# ---------------------------------------------------------------- 中文：退货
convo(
    Convo(
        "zh_returns_multi",
        "zh",
        [
            ("u", "订单 4298817730651 里的东西我要退几件。退款原路返回，不要退到余额。"),
            (
                "call",
                "order_detail",
                {"订单号": "4298817730651"},
                {
                    "商品": [
                        {"名称": "小米空气净化器 4 Pro", "SKU": "XM-AP4P-W", "价格": 1299},
                        {"名称": "滤芯 M8R-FLH", "SKU": "XM-FLT-M8R", "价格": 199},
                        {"名称": "无线鼠标 Lite", "SKU": "XM-MS-LT2", "价格": 59},
                    ]
                },
            ),
            (
                "a",
                "订单里有：1. 小米空气净化器 4 Pro（1299 元）；2. 滤芯 M8R-FLH（199 元）；3. 无线鼠标 Lite（59 元）。要退哪些？",
            ),
            ("u", "第一个和第三个。"),
            ("a", "好的，退空气净化器和无线鼠标。"),
            ("u", "上门取件，别让我自己寄。"),
            (
                "call",
                "return_create",
                {
                    "订单号": "4298817730651",
                    "SKU": ["XM-AP4P-W", "XM-MS-LT2"],
                    "取件方式": "上门取件",
                },
                {"退货单号": "TH20271108-55902", "预计退款": 1358},
            ),
            ("a", "退货单 TH20271108-55902 已创建，预计退款 1358 元，上门取件。"),
            ("u", "鼠标不退了，改成退滤芯。"),
            (
                "call",
                "return_update",
                {"退货单号": "TH20271108-55902", "SKU": ["XM-AP4P-W", "XM-FLT-M8R"]},
                {"预计退款": 1498},
            ),
            ("a", "已更新：退空气净化器和滤芯，预计退款 1498 元。"),
            ("u", "取件时间定在周六下午两点到四点。"),
            ("a", "已预约周六14:00-16:00上门取件。"),
            ("u", "改到周日上午吧，周六有事。"),
            ("a", "已改为周日上午取件。"),
            ("u", "退款大概几天到账？"),
        ],
        active=["退款原路返回，不要退到余额。", "上门取件，别让我自己寄。"],
        current=["1498", "周日上午"],
        superseded=["1358", "周六下午两点到四点"],
        ids=["4298817730651", "TH20271108-55902", "XM-FLT-M8R"],
    )
)

# ---------------------------------------------------------------- 中文：运维值班
convo(
    Convo(
        "zh_sre_oncall",
        "zh",
        [
            ("u", "收到告警：order-svc 延迟 P99 超过 2 秒。先说好，生产库不要做任何写操作。"),
            (
                "call",
                "alert_get",
                {"id": "ALT-20271203-4471"},
                {
                    "告警": "order-svc P99 latency > 2s",
                    "集群": "k8s-prod-sh-02",
                    "命名空间": "trade",
                    "开始": "2027-12-03 02:17:44",
                },
            ),
            (
                "a",
                "告警 ALT-20271203-4471：k8s-prod-sh-02 集群 trade 命名空间下 order-svc P99 延迟超过 2 秒。",
            ),
            (
                "call",
                "kubectl",
                {"cmd": "kubectl -n trade get pods -l app=order-svc"},
                "NAME                         READY   STATUS    RESTARTS\norder-svc-7d9f8c6b5-xk2lp    1/1     Running   0\norder-svc-7d9f8c6b5-qm8zt    1/1     Running   14\norder-svc-7d9f8c6b5-v4n7w    1/1     Running   0",
            ),
            ("a", "order-svc-7d9f8c6b5-qm8zt 重启了 14 次，其他两个正常。"),
            ("u", "看下那个重启多的 pod 的日志。按照运行手册 RB-TRADE-07 来处理。"),
            (
                "call",
                "kubectl",
                {"cmd": "kubectl -n trade logs order-svc-7d9f8c6b5-qm8zt --previous --tail=20"},
                "java.lang.OutOfMemoryError: Java heap space\n\tat com.acme.trade.OrderCache.load(OrderCache.java:212)",
            ),
            (
                "a",
                "上一次退出是 java.lang.OutOfMemoryError: Java heap space，出在 OrderCache.java:212。",
            ),
            ("u", "先把这个 pod 删掉让它重建。别通知业务方，等我确认。"),
            (
                "call",
                "kubectl",
                {"cmd": "kubectl -n trade delete pod order-svc-7d9f8c6b5-qm8zt"},
                'pod "order-svc-7d9f8c6b5-qm8zt" deleted',
            ),
            ("a", "已删除 order-svc-7d9f8c6b5-qm8zt，新 pod 正在启动。"),
            ("u", "把 JVM 堆从 2g 调到 3g。"),
            ("a", "好的，把 -Xmx 从 2g 改为 3g，需要改 deployment。"),
            ("u", "不，改成 4g 吧，3g 不够。"),
            ("a", "好的，-Xmx 改为 4g。"),
            ("u", "现在可以通知业务方了，发到 #trade-oncall 频道。"),
            ("a", "好的，我会在 #trade-oncall 发通知。"),
            ("u", "通知里写上告警号和根因。"),
        ],
        active=["生产库不要做任何写操作。", "按照运行手册 RB-TRADE-07 来处理。"],
        revoked=["别通知业务方，等我确认。"],
        current=["4g"],
        superseded=["3g"],
        ids=[
            "ALT-20271203-4471",
            "k8s-prod-sh-02",
            "order-svc-7d9f8c6b5-qm8zt",
            "RB-TRADE-07",
            "java.lang.OutOfMemoryError",
            "#trade-oncall",
        ],
    )
)

# ---------------------------------------------------------------- 中文：合同起草
convo(
    Convo(
        "zh_legal_contract",
        "zh",
        [
            ("u", "帮我起草一份房屋租赁合同，出租方是上海恒远置业有限公司，承租方是我，张晓彤。"),
            ("a", "好的，请提供房屋和租金信息。"),
            ("u", "房屋在浦东新区锦绣路1888弄12号1502室，月租金 8,500 元，押二付一。"),
            ("a", "已写入第三条：月租金 8,500 元，押二付一。"),
            ("u", "合同里所有金额都要同时写大写和小写。"),
            ("a", "好的，所有金额大小写并列。"),
            ("u", "租期从2027年3月1日到2029年2月28日。"),
            ("a", "第二条租期：2027年3月1日至2029年2月28日。"),
            ("u", "第5.3条违约金写成一个月租金。"),
            ("a", "第5.3条已写：违约金为一个月租金。"),
            ("u", "谈下来了，租金降到 8,200 元，付款方式改成押一付三。"),
            ("a", "第三条已改：月租金 8,200 元，押一付三。"),
            ("u", "第5.3条违约金改成两个月租金。"),
            ("a", "第5.3条已改为两个月租金。"),
            ("u", "不要出现“最终解释权归出租方所有”这种条款。"),
            ("a", "好的，不会出现该类条款。"),
            ("u", "把第三条完整发我看看。"),
        ],
        active=[
            "合同里所有金额都要同时写大写和小写。",
            "不要出现“最终解释权归出租方所有”这种条款。",
        ],
        current=["8,200 元", "押一付三", "两个月租金"],
        superseded=["8,500 元", "押二付一", "一个月租金"],
        ids=["上海恒远置业有限公司", "锦绣路1888弄12号1502室", "5.3"],
    )
)

# ---------------------------------------------------------------- 中文：辅导作业
convo(
    Convo(
        "zh_tutor_homework",
        "zh",
        [
            ("u", "我女儿上初二，你帮她辅导数学作业。不要直接给答案，只给思路。"),
            ("a", "好的，只给思路。"),
            ("u", "这周的作业是《一次函数》练习册第 37 页到第 40 页，周四交。"),
            ("a", "记下了：练习册第 37-40 页，周四交。"),
            ("u", "讲解的时候用中文，不要夹英文术语。"),
            ("a", "好的，全部用中文。"),
            ("u", "第 38 页第 6 题：直线 y=kx+3 经过点 (2,7)，求 k。"),
            ("a", "思路：把点 (2,7) 代入 y=kx+3，得到关于 k 的方程。"),
            ("u", "老师说交作业改到周五了。"),
            ("a", "好的，改为周五交。"),
            ("u", "第 40 页最后一题可以直接给答案，她已经做过了要对一下。"),
            ("a", "好的，第 40 页最后一题会给答案。"),
            ("u", "还有页数改了，是第 37 页到第 42 页。"),
            ("a", "好的，范围改为第 37-42 页。"),
            ("u", "第 41 页第 2 题：一次函数图像过第一、二、四象限，k 和 b 的符号？"),
        ],
        active=["不要直接给答案，只给思路。", "讲解的时候用中文，不要夹英文术语。"],
        current=["周五", "第 37 页到第 42 页"],
        superseded=["周四", "第 37 页到第 40 页"],
    )
)

# ---------------------------------------------------------------- 中文：个人理财
convo(
    Convo(
        "zh_finance",
        "zh",
        [
            ("u", "帮我管一下理财。工资卡是工行尾号 6217 的卡，不要显示完整卡号。"),
            ("a", "好的，只用尾号。"),
            ("u", "每月10号从工资卡转 3,000 元到余额宝。"),
            (
                "call",
                "bank_schedule",
                {"from": "ICBC ****6217", "to": "余额宝", "金额": 3000, "日期": 10},
                {"计划号": "ZZ-2027-000318", "下次执行": "2027-01-10"},
            ),
            ("a", "已设置定时转账 ZZ-2027-000318，每月10号 3,000 元，下次 2027-01-10。"),
            ("u", "再买 5,000 美元的美元定存，汇率不要超过 7.25。"),
            (
                "call",
                "fx_quote",
                {"币种": "USD", "金额": 5000},
                {"汇率": 7.2310, "人民币": 36155.0, "报价号": "FX20270105-8812"},
            ),
            ("a", "报价 FX20270105-8812：汇率 7.2310，需 36,155.00 元人民币。"),
            ("u", "每月转账金额改成 4,500 元。"),
            (
                "call",
                "bank_schedule_update",
                {"计划号": "ZZ-2027-000318", "金额": 4500},
                {"ok": True},
            ),
            ("a", "ZZ-2027-000318 已改为每月 4,500 元。"),
            ("u", "不对，还是 4,000 元吧，4,500 太紧了。"),
            (
                "call",
                "bank_schedule_update",
                {"计划号": "ZZ-2027-000318", "金额": 4000},
                {"ok": True},
            ),
            ("a", "已改为每月 4,000 元。"),
            ("u", "汇率上限放宽到 7.30。"),
            ("a", "好的，汇率上限改为 7.30。"),
            ("u", "那个美元定存现在能买吗？"),
        ],
        active=["不要显示完整卡号。"],
        current=["4,000 元", "7.30"],
        superseded=["3,000 元", "4,500 元", "7.25"],
        ids=["6217", "ZZ-2027-000318", "FX20270105-8812"],
    )
)

# ---------------------------------------------------------------- 中文：装修报价
convo(
    Convo(
        "zh_renovation",
        "zh",
        [
            ("u", "帮我算一下装修报价：客厅和主卧。总价不要超过 12 万。"),
            ("a", "好的，预算上限 12 万。请给尺寸。"),
            ("u", "客厅 5.2 米 × 4.1 米，主卧 3.8 米 × 3.5 米。地板只用实木复合，不要强化地板。"),
            ("a", "客厅约 21.32 平方米，主卧约 13.3 平方米，实木复合地板。"),
            ("u", "墙面刷立邦净味 120，颜色要米白色。"),
            (
                "call",
                "quote_calc",
                {
                    "房间": [{"名称": "客厅", "面积": 21.32}, {"名称": "主卧", "面积": 13.3}],
                    "地板": "实木复合",
                    "墙漆": "立邦净味120 米白",
                },
                {"报价单号": "BJ-2027-1108-A", "总价": 98600},
            ),
            ("a", "报价单 BJ-2027-1108-A，总价 98,600 元。"),
            ("u", "颜色换成浅灰色。"),
            ("a", "好的，墙面改为浅灰色。"),
            ("u", "主卧量错了，是 3.8 米 × 3.9 米。"),
            (
                "call",
                "quote_calc",
                {
                    "房间": [{"名称": "客厅", "面积": 21.32}, {"名称": "主卧", "面积": 14.82}],
                    "地板": "实木复合",
                    "墙漆": "立邦净味120 浅灰",
                },
                {"报价单号": "BJ-2027-1108-B", "总价": 101250},
            ),
            ("a", "重新算了，报价单 BJ-2027-1108-B，总价 101,250 元。"),
            ("u", "预算可以放到 13 万，加一个次卧，3.2 米 × 3.0 米，跟主卧一样的做法。"),
            (
                "call",
                "quote_calc",
                {
                    "房间": [
                        {"名称": "客厅", "面积": 21.32},
                        {"名称": "主卧", "面积": 14.82},
                        {"名称": "次卧", "面积": 9.6},
                    ],
                    "地板": "实木复合",
                    "墙漆": "立邦净味120 浅灰",
                },
                {"报价单号": "BJ-2027-1108-C", "总价": 124900},
            ),
            ("a", "加上次卧，报价单 BJ-2027-1108-C，总价 124,900 元，在 13 万以内。"),
            ("u", "次卧的墙用什么颜色？"),
        ],
        active=["地板只用实木复合，不要强化地板。"],
        revoked=["总价不要超过 12 万。"],
        current=["浅灰色", "3.8 米 × 3.9 米", "13 万", "BJ-2027-1108-C"],
        superseded=["米白色", "3.8 米 × 3.5 米", "12 万"],
        ids=["BJ-2027-1108-A", "BJ-2027-1108-C", "立邦净味 120"],
    )
)
