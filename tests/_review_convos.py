# ruff: noqa: E501  (conversation text is kept verbatim, one message a line)
"""Review-round conversations: realistic sessions in domains the bench scenarios cover less.

Each has the ground truth written beside it: the rules in force (verbatim), the rules lifted,
the current values, the values they replaced, and identifiers that must survive verbatim.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Step = tuple[Any, ...]


@dataclass
class Convo:
    name: str
    lang: str
    steps: list[Step]
    active: list[str] = field(default_factory=list)
    revoked: list[str] = field(default_factory=list)
    current: list[str] = field(default_factory=list)
    superseded: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)


CONVOS: list[Convo] = []


def convo(c: Convo) -> None:
    CONVOS.append(c)


# ---------------------------------------------------------------- English: coding agent
convo(
    Convo(
        "en_code_pnpm",
        "en",
        [
            ("u", "Hi! I'm working on the billing-service repo. Always use pnpm, never npm."),
            ("a", "Got it, I'll use pnpm for everything."),
            ("u", "Don't touch the migrations folder."),
            ("a", "Understood, I won't modify anything under migrations/."),
            (
                "call",
                "run_shell",
                {"cmd": "pnpm install"},
                {"exit_code": 0, "stdout": "Done in 3.2s"},
            ),
            ("a", "Dependencies installed."),
            ("u", "Create a branch called feature/invoice-pdf-export."),
            (
                "call",
                "run_shell",
                {"cmd": "git checkout -b feature/invoice-pdf-export"},
                {"exit_code": 0, "stdout": "Switched to a new branch 'feature/invoice-pdf-export'"},
            ),
            ("a", "Created branch feature/invoice-pdf-export."),
            (
                "u",
                "The test fails with TypeError: Cannot read properties of undefined (reading 'amount') in src/invoices/render.ts line 42.",
            ),
            ("a", "Looking into src/invoices/render.ts."),
            ("u", "Actually, rename the branch to fix/invoice-amount-undefined."),
            (
                "call",
                "run_shell",
                {"cmd": "git branch -m fix/invoice-amount-undefined"},
                {"exit_code": 0, "stdout": ""},
            ),
            ("a", "Renamed to fix/invoice-amount-undefined."),
            (
                "u",
                "Commit it with message 'fix: guard missing amount'. The previous commit was 3f9c2ab.",
            ),
            ("a", "Committed as 7d41e0c on fix/invoice-amount-undefined."),
            ("u", "Ok, now run the tests again please."),
        ],
        active=["Always use pnpm, never npm.", "Don't touch the migrations folder."],
        current=["fix/invoice-amount-undefined"],
        superseded=["feature/invoice-pdf-export"],
        ids=["src/invoices/render.ts", "7d41e0c", "3f9c2ab"],
    )
)

convo(
    Convo(
        "en_code_revoke",
        "en",
        [
            (
                "u",
                "We're upgrading the api-gateway service to Node 20. Never run the e2e suite, it takes 40 minutes.",
            ),
            ("a", "Okay, I'll skip the e2e suite."),
            ("u", "Also do not edit package-lock.json by hand."),
            ("a", "Noted."),
            ("call", "read_file", {"path": "services/api-gateway/.nvmrc"}, "18.19.0\n"),
            ("a", "The .nvmrc currently pins 18.19.0. I'll change it to 20.11.1."),
            ("u", "Use 20.12.2 instead, that's what CI has."),
            (
                "call",
                "write_file",
                {"path": "services/api-gateway/.nvmrc", "content": "20.12.2\n"},
                {"ok": True},
            ),
            ("a", "Updated .nvmrc to 20.12.2."),
            (
                "call",
                "run_shell",
                {"cmd": "npm test -- --runInBand"},
                {
                    "exit_code": 1,
                    "stderr": "FAIL test/auth.spec.ts\n  Error: ERR_OSSL_EVP_UNSUPPORTED",
                },
            ),
            ("a", "Unit tests fail in test/auth.spec.ts with ERR_OSSL_EVP_UNSUPPORTED."),
            ("u", "OK, you can run the e2e suite now, I want to see if it's only unit tests."),
            ("a", "Running e2e."),
            ("u", "Just this once, you may regenerate package-lock.json with npm install."),
            ("a", "Regenerated package-lock.json."),
            ("u", "Push to origin as chore/node-20-upgrade and open a PR against develop."),
            (
                "a",
                "Pushed chore/node-20-upgrade; PR #1487 opened against develop: https://github.com/acme/api-gateway/pull/1487",
            ),
            ("u", "Great. What's left?"),
        ],
        active=["do not edit package-lock.json by hand"],
        revoked=["Never run the e2e suite"],
        current=["20.12.2"],
        superseded=["20.11.1"],
        ids=[
            "services/api-gateway/.nvmrc",
            "test/auth.spec.ts",
            "ERR_OSSL_EVP_UNSUPPORTED",
            "https://github.com/acme/api-gateway/pull/1487",
            "chore/node-20-upgrade",
        ],
    )
)

convo(
    Convo(
        "en_code_python",
        "en",
        [
            ("u", "In the etl-jobs repo, use poetry for dependencies, not pip."),
            ("a", "Sure, poetry it is."),
            ("u", "Target Python 3.11."),
            ("a", "Okay, Python 3.11."),
            ("u", "Keep line length at 100 and don't reformat files you didn't change."),
            ("a", "Understood."),
            (
                "call",
                "run_shell",
                {"cmd": "poetry run pytest tests/test_loader.py"},
                {
                    "exit_code": 1,
                    "stdout": "E   KeyError: 'customer_id'\nFAILED tests/test_loader.py::test_load_orders",
                },
            ),
            ("a", "test_load_orders fails with KeyError: 'customer_id' in etl/loader.py."),
            (
                "u",
                "The column was renamed to cust_id in the v2 export. Fix load_orders() in etl/loader.py.",
            ),
            ("a", "I'll map cust_id in load_orders()."),
            ("u", "Wait, change of plan: target Python 3.12, not 3.11."),
            ("a", "Switching the target to Python 3.12."),
            ("u", "And please write the fix on branch bugfix/ETL-2291."),
            ("a", "Done, committed a91f03d on bugfix/ETL-2291."),
            ("u", "Run the loader tests again."),
        ],
        active=["use poetry for dependencies, not pip", "don't reformat files you didn't change"],
        current=["3.12", "bugfix/ETL-2291"],
        superseded=["3.11"],
        ids=[
            "etl/loader.py",
            "tests/test_loader.py",
            "cust_id",
            "load_orders()",
            "a91f03d",
            "bugfix/ETL-2291",
        ],
    )
)

# ---------------------------------------------------------------- English: travel with tools
convo(
    Convo(
        "en_travel_flights",
        "en",
        [
            (
                "u",
                "I need a flight from Boston to Lisbon on March 14, 2027, economy, for 2 adults.",
            ),
            (
                "call",
                "search_flights",
                {
                    "origin": "BOS",
                    "destination": "LIS",
                    "date": "2027-03-14",
                    "cabin": "economy",
                    "adults": 2,
                },
                {
                    "results": [
                        {
                            "flight": "TP218",
                            "depart": "21:40",
                            "arrive": "09:15+1",
                            "price": "USD 612",
                        },
                        {
                            "flight": "AZ615",
                            "depart": "17:05",
                            "arrive": "11:50+1",
                            "price": "USD 540",
                            "stops": 1,
                        },
                    ]
                },
            ),
            (
                "a",
                "I found TP218 departing 21:40 for USD 612 per person (nonstop), and AZ615 at 17:05 for USD 540 with one stop.",
            ),
            ("u", "No layovers please. I only want nonstop flights."),
            ("a", "Then TP218 is the option."),
            ("u", "Actually make it March 15 instead."),
            (
                "call",
                "search_flights",
                {
                    "origin": "BOS",
                    "destination": "LIS",
                    "date": "2027-03-15",
                    "cabin": "economy",
                    "adults": 2,
                    "nonstop": True,
                },
                {
                    "results": [
                        {
                            "flight": "TP218",
                            "depart": "21:40",
                            "arrive": "09:15+1",
                            "price": "USD 655",
                        }
                    ]
                },
            ),
            ("a", "On March 15, TP218 is USD 655 per person."),
            (
                "u",
                "Book it. Passenger names: Maria Santos and Joao Santos. Email is maria.santos@fastmail.com.",
            ),
            (
                "call",
                "book_flight",
                {
                    "flight": "TP218",
                    "date": "2027-03-15",
                    "passengers": ["Maria Santos", "Joao Santos"],
                    "email": "maria.santos@fastmail.com",
                },
                {"status": "confirmed", "pnr": "QX7M2L", "total": "USD 1310.00"},
            ),
            ("a", "Booked! Confirmation code QX7M2L, total USD 1310.00."),
            ("u", "Now a hotel in Lisbon near Chiado for 4 nights, under 180 euros a night."),
            (
                "call",
                "search_hotels",
                {
                    "city": "Lisbon",
                    "area": "Chiado",
                    "checkin": "2027-03-16",
                    "nights": 4,
                    "max_price": "EUR 180",
                },
                {
                    "results": [
                        {"name": "Hotel do Chiado", "price": "EUR 172", "rating": 4.5},
                        {"name": "Casa Baixa", "price": "EUR 149", "rating": 4.2},
                    ]
                },
            ),
            ("a", "Hotel do Chiado at EUR 172/night (4.5) or Casa Baixa at EUR 149/night (4.2)."),
            ("u", "The cheaper one."),
            (
                "call",
                "book_hotel",
                {"name": "Casa Baixa", "checkin": "2027-03-16", "nights": 4},
                {"status": "confirmed", "booking_id": "HB-5590213", "total": "EUR 596"},
            ),
            ("a", "Casa Baixa booked, reference HB-5590213, EUR 596 total."),
            ("u", "Send both confirmations to my email."),
        ],
        active=["I only want nonstop flights."],
        current=["2027-03-15", "Casa Baixa"],
        superseded=["2027-03-14"],
        ids=[
            "QX7M2L",
            "TP218",
            "maria.santos@fastmail.com",
            "HB-5590213",
            "USD 1310.00",
            "EUR 596",
        ],
    )
)

convo(
    Convo(
        "en_travel_hotel_change",
        "en",
        [
            ("u", "Find me a hotel in Tokyo, Shinjuku, check-in June 3, check-out June 7."),
            (
                "call",
                "search_hotels",
                {
                    "city": "Tokyo",
                    "area": "Shinjuku",
                    "checkin": "2027-06-03",
                    "checkout": "2027-06-07",
                },
                {
                    "results": [
                        {"name": "Hotel Gracery Shinjuku", "price": "JPY 24,800"},
                        {"name": "Keio Plaza Hotel", "price": "JPY 31,500"},
                    ]
                },
            ),
            (
                "a",
                "Hotel Gracery Shinjuku (JPY 24,800/night) or Keio Plaza Hotel (JPY 31,500/night).",
            ),
            ("u", "Non-smoking rooms only. And I prefer a high floor."),
            ("a", "Noted: non-smoking, high floor."),
            ("u", "Book the Keio Plaza."),
            (
                "call",
                "book_hotel",
                {
                    "name": "Keio Plaza Hotel",
                    "checkin": "2027-06-03",
                    "checkout": "2027-06-07",
                    "smoking": False,
                },
                {"status": "confirmed", "confirmation": "KP-88213-TY", "total": "JPY 126,000"},
            ),
            ("a", "Booked Keio Plaza Hotel, confirmation KP-88213-TY, JPY 126,000."),
            ("u", "Change the check-out to June 8, I'm staying one more night."),
            (
                "call",
                "modify_booking",
                {"confirmation": "KP-88213-TY", "checkout": "2027-06-08"},
                {"status": "modified", "total": "JPY 157,500"},
            ),
            ("a", "Updated: check-out June 8, new total JPY 157,500."),
            ("u", "Forget the high floor, it doesn't matter."),
            ("a", "Okay, removed the high-floor preference."),
            ("u", "My phone for the hotel is +81 90-1234-5678."),
            ("a", "Added +81 90-1234-5678 to the booking."),
            ("u", "What's my total now?"),
        ],
        active=["Non-smoking rooms only."],
        revoked=["I prefer a high floor"],
        current=["2027-06-08", "JPY 157,500"],
        superseded=["JPY 126,000"],
        ids=["KP-88213-TY", "+81 90-1234-5678"],
    )
)

# ---------------------------------------------------------------- English: customer support
convo(
    Convo(
        "en_support_refund",
        "en",
        [
            ("u", "Hi, my order #A-20931-US arrived with a cracked screen."),
            (
                "call",
                "get_order",
                {"order_id": "A-20931-US"},
                {
                    "order_id": "A-20931-US",
                    "item": "Pixel 8 Pro 256GB",
                    "amount": "$999.00",
                    "phone": "(415) ***-**42",
                    "address": "1200 Market St, Apt 5B, San Francisco, CA 94102",
                },
            ),
            (
                "a",
                "I see order A-20931-US, Pixel 8 Pro 256GB, $999.00. Sorry about that! Would you like a replacement or a refund?",
            ),
            ("u", "Refund please. Don't send me another phone."),
            ("a", "Understood, I'll process a refund."),
            ("u", "Refund to the original card, not store credit."),
            (
                "call",
                "create_refund",
                {"order_id": "A-20931-US", "amount": "$999.00", "method": "original_payment"},
                {"refund_id": "RF-771204", "status": "pending", "eta_days": 5},
            ),
            ("a", "Refund RF-771204 for $999.00 is pending, expect it in 5 business days."),
            (
                "u",
                "Also the return label should go to my new address: 88 Howard St, Unit 12, San Francisco, CA 94105.",
            ),
            ("a", "Updated the return address to 88 Howard St, Unit 12, San Francisco, CA 94105."),
            ("u", "Oh wait, Unit 14, not Unit 12. Sorry."),
            ("a", "Corrected to 88 Howard St, Unit 14, San Francisco, CA 94105."),
            ("u", "And you can email the label to j.ortiz+returns@gmail.com."),
            (
                "call",
                "send_label",
                {"order_id": "A-20931-US", "email": "j.ortiz+returns@gmail.com"},
                {"label_url": "https://returns.shop.example/l/7HQ2ZK"},
            ),
            ("a", "Label sent: https://returns.shop.example/l/7HQ2ZK"),
            ("u", "Thanks. When will I get the money back?"),
        ],
        active=["Don't send me another phone.", "Refund to the original card, not store credit."],
        current=["88 Howard St, Unit 14, San Francisco, CA 94105"],
        superseded=["88 Howard St, Unit 12, San Francisco, CA 94105"],
        ids=[
            "A-20931-US",
            "RF-771204",
            "$999.00",
            "j.ortiz+returns@gmail.com",
            "https://returns.shop.example/l/7HQ2ZK",
            "(415) ***-**42",
        ],
    )
)

convo(
    Convo(
        "en_support_subscription",
        "en",
        [
            ("u", "I want to cancel my subscription, account email pat.lee@outlook.com."),
            (
                "call",
                "lookup_account",
                {"email": "pat.lee@outlook.com"},
                {
                    "account_id": "CUS-00918273",
                    "plan": "Premium Annual",
                    "renews": "2027-02-01",
                    "price": "$119.99",
                },
            ),
            (
                "a",
                "Your Premium Annual plan (account CUS-00918273) renews on 2027-02-01 for $119.99. Would you consider switching to Basic Monthly at $6.99?",
            ),
            ("u", "No. Please don't offer me discounts or other plans, just cancel."),
            ("a", "Understood."),
            ("u", "Actually, downgrade me to Basic Monthly instead of cancelling."),
            (
                "call",
                "change_plan",
                {"account_id": "CUS-00918273", "plan": "Basic Monthly"},
                {"status": "ok", "effective": "2027-02-01", "price": "$6.99"},
            ),
            ("a", "Done: Basic Monthly at $6.99 from 2027-02-01."),
            ("u", "Please always reply in short bullet points."),
            ("a", "- Noted\n- Short bullets from now on"),
            ("u", "What's the coupon SAVE20-XMAS worth on Basic?"),
            ("a", "- SAVE20-XMAS expired on 2026-12-31\n- Not applicable"),
            ("u", "Ok. Confirm my plan and the date it changes."),
        ],
        active=[
            "Please don't offer me discounts or other plans",
            "Please always reply in short bullet points.",
        ],
        current=["Basic Monthly"],
        superseded=["Premium Annual"],
        ids=["CUS-00918273", "pat.lee@outlook.com", "SAVE20-XMAS", "$6.99"],
    )
)

# ---------------------------------------------------------------- English: data analysis
convo(
    Convo(
        "en_data_analysis",
        "en",
        [
            ("u", "Load sales_2026_q3.csv and give me revenue by region."),
            (
                "call",
                "run_sql",
                {"query": "SELECT region, SUM(net_revenue) FROM sales_2026_q3 GROUP BY region"},
                {
                    "rows": [["EMEA", 1284300.5], ["APAC", 903112.0], ["NA", 2210456.75]],
                    "columns": ["region", "sum(net_revenue)"],
                },
            ),
            ("a", "Revenue by region: NA $2,210,456.75, EMEA $1,284,300.50, APAC $903,112.00."),
            ("u", "Always exclude refunded orders (status = 'refunded')."),
            ("a", "Okay, I'll filter out status = 'refunded'."),
            ("u", "Make a bar chart, blue bars, save it as charts/q3_region.png."),
            (
                "call",
                "plot",
                {"kind": "bar", "color": "blue", "out": "charts/q3_region.png"},
                {"saved": "charts/q3_region.png"},
            ),
            ("a", "Saved charts/q3_region.png."),
            ("u", "Use orange instead of blue."),
            (
                "call",
                "plot",
                {"kind": "bar", "color": "orange", "out": "charts/q3_region.png"},
                {"saved": "charts/q3_region.png"},
            ),
            ("a", "Re-rendered in orange."),
            ("u", "Don't round the numbers in tables; show two decimals."),
            ("a", "Will do."),
            ("u", "Now do the same for sales_2026_q4.csv, same format as last time."),
            (
                "call",
                "run_sql",
                {
                    "query": "SELECT region, SUM(net_revenue) FROM sales_2026_q4 WHERE status <> 'refunded' GROUP BY region"
                },
                {"rows": [["EMEA", 1390022.1], ["APAC", 1011870.4], ["NA", 2398100.0]]},
            ),
            ("a", "Q4 revenue: NA $2,398,100.00, EMEA $1,390,022.10, APAC $1,011,870.40."),
            ("u", "Plot it like the previous chart and save to charts/q4_region.png."),
        ],
        active=[
            "Always exclude refunded orders (status = 'refunded').",
            "Don't round the numbers in tables; show two decimals.",
        ],
        current=["orange"],
        superseded=["blue"],
        ids=[
            "sales_2026_q3.csv",
            "charts/q3_region.png",
            "sales_2026_q4.csv",
            "net_revenue",
            "charts/q4_region.png",
        ],
    )
)

convo(
    Convo(
        "en_data_pandas",
        "en",
        [
            (
                "u",
                "I'm in a Jupyter notebook with a DataFrame df_churn. Columns: user_id, signup_date, plan, churned.",
            ),
            ("a", "Got it. What would you like to analyze?"),
            ("u", "Churn rate by plan. Only use data after 2026-01-01."),
            (
                "call",
                "python",
                {
                    "code": "df_churn[df_churn.signup_date >= '2026-01-01'].groupby('plan').churned.mean()"
                },
                {"stdout": "plan\nbasic    0.182\npro      0.071\nteam     0.044"},
            ),
            ("a", "Churn by plan since 2026-01-01: basic 18.2%, pro 7.1%, team 4.4%."),
            ("u", "Never use seaborn, only matplotlib."),
            ("a", "Understood."),
            ("u", "Change the cutoff to 2026-04-01."),
            (
                "call",
                "python",
                {
                    "code": "df_churn[df_churn.signup_date >= '2026-04-01'].groupby('plan').churned.mean()"
                },
                {"stdout": "plan\nbasic    0.203\npro      0.066\nteam     0.051"},
            ),
            ("a", "Since 2026-04-01: basic 20.3%, pro 6.6%, team 5.1%."),
            ("u", "Export that to reports/churn_by_plan.xlsx."),
            ("a", "Saved to reports/churn_by_plan.xlsx."),
            ("u", "Now make a line chart of weekly churn for the pro plan."),
        ],
        active=["Never use seaborn, only matplotlib."],
        current=["2026-04-01"],
        superseded=[],
        ids=["df_churn", "reports/churn_by_plan.xlsx", "signup_date"],
    )
)

# ---------------------------------------------------------------- English: scheduling
convo(
    Convo(
        "en_schedule_move",
        "en",
        [
            (
                "u",
                "Schedule a 30-minute sync with Priya and Tom on Tuesday, Dec 8 at 10:00 AM Pacific.",
            ),
            (
                "call",
                "create_event",
                {
                    "title": "Sync",
                    "attendees": ["priya@acme.io", "tom@acme.io"],
                    "start": "2026-12-08T10:00:00-08:00",
                    "duration_min": 30,
                },
                {"event_id": "evt_9f2KQ1", "status": "created"},
            ),
            ("a", "Created the sync on Tue Dec 8, 10:00-10:30 PT (event evt_9f2KQ1)."),
            ("u", "Never book anything before 9 AM my time, and no meetings on Fridays."),
            ("a", "Noted."),
            ("u", "Move it to 2 PM."),
            (
                "call",
                "update_event",
                {"event_id": "evt_9f2KQ1", "start": "2026-12-08T14:00:00-08:00"},
                {"status": "updated"},
            ),
            ("a", "Moved to 2:00 PM PT."),
            ("u", "Tom is in London, so make sure the invite shows his time zone too."),
            ("a", "The invite will show 10:00 PM GMT for Tom."),
            (
                "u",
                "Hmm, that's too late for him. Move it to Wednesday Dec 9 at 8:30 AM Pacific instead.",
            ),
            (
                "a",
                "That's before 9 AM your time, which you asked me to avoid. Do you still want 8:30?",
            ),
            ("u", "Yes, just this once, 8:30 is fine."),
            (
                "call",
                "update_event",
                {"event_id": "evt_9f2KQ1", "start": "2026-12-09T08:30:00-08:00"},
                {"status": "updated"},
            ),
            ("a", "Moved to Wed Dec 9, 8:30 AM PT (4:30 PM GMT for Tom)."),
            ("u", "Add a Zoom link: https://acme.zoom.us/j/84512390011"),
            ("a", "Added the Zoom link."),
            ("u", "Send a reminder 15 minutes before."),
        ],
        active=["Never book anything before 9 AM my time", "no meetings on Fridays"],
        current=["8:30"],
        superseded=["2 PM"],
        ids=["evt_9f2KQ1", "https://acme.zoom.us/j/84512390011", "priya@acme.io", "tom@acme.io"],
    )
)

convo(
    Convo(
        "en_schedule_recurring",
        "en",
        [
            (
                "u",
                "Set up a weekly 1:1 with Dana every Monday at 11:00 Eastern starting January 5, 2027.",
            ),
            (
                "call",
                "create_event",
                {
                    "title": "1:1 Dana",
                    "rrule": "FREQ=WEEKLY;BYDAY=MO",
                    "start": "2027-01-05T11:00:00-05:00",
                },
                {"event_id": "rec_22Hx0", "status": "created"},
            ),
            ("a", "Created weekly 1:1 with Dana, Mondays 11:00 ET, from Jan 5, 2027 (rec_22Hx0)."),
            (
                "u",
                "Keep my calendar private: don't show meeting titles to attendees outside acme.io.",
            ),
            ("a", "Okay."),
            ("u", "Change it to every other week."),
            (
                "call",
                "update_event",
                {"event_id": "rec_22Hx0", "rrule": "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"},
                {"status": "updated"},
            ),
            ("a", "Now biweekly on Mondays."),
            ("u", "And make it 45 minutes instead of 30."),
            ("a", "Duration set to 45 minutes."),
            ("u", "Dana's number for the dial-in is 617-555-0143."),
            ("a", "Saved."),
            ("u", "Skip the session on January 19 only."),
            ("a", "Cancelled the Jan 19 occurrence."),
            ("u", "What does my series look like now?"),
        ],
        active=["don't show meeting titles to attendees outside acme.io"],
        current=["45 minutes", "every other week"],
        superseded=["30"],
        ids=["rec_22Hx0", "617-555-0143"],
    )
)

convo(
    Convo(
        "en_support_address",
        "en",
        [
            ("u", "Where is my package? Tracking 1Z999AA10123456784."),
            (
                "call",
                "track",
                {"tracking": "1Z999AA10123456784"},
                {"status": "in_transit", "eta": "2026-12-04", "carrier": "UPS"},
            ),
            ("a", "It's in transit with UPS, expected 2026-12-04."),
            (
                "u",
                "Please deliver to my office instead: 500 Boylston St, Floor 9, Boston, MA 02116.",
            ),
            ("a", "I've requested a redirect to 500 Boylston St, Floor 9, Boston, MA 02116."),
            ("u", "Don't leave it at the front desk, require a signature."),
            ("a", "Signature required has been added."),
            ("u", "Hmm, no, send it home after all — 14 Elm Rd, Newton, MA 02458."),
            ("a", "Redirect changed back to 14 Elm Rd, Newton, MA 02458."),
            ("u", "You don't need a signature anymore, just leave it at the door."),
            ("a", "Signature requirement removed."),
            ("u", "My callback number is 617-***-9921."),
            ("a", "Noted."),
            ("u", "So where will it be delivered, and when?"),
        ],
        active=[],
        revoked=["require a signature"],
        current=["14 Elm Rd, Newton, MA 02458"],
        superseded=["500 Boylston St, Floor 9, Boston, MA 02116"],
        ids=["1Z999AA10123456784", "617-***-9921"],
    )
)

# ---------------------------------------------------------------- 中文：编码助手
convo(
    Convo(
        "zh_code_pnpm",
        "zh",
        [
            ("u", "帮我看下 admin-console 这个仓库，以后都用 pnpm，不要用 npm。"),
            ("a", "好的，之后统一使用 pnpm。"),
            ("u", "migrations 目录不要动。"),
            ("a", "明白，不会修改 migrations 目录。"),
            (
                "call",
                "run_shell",
                {"cmd": "pnpm build"},
                {
                    "exit_code": 1,
                    "stderr": "src/pages/user/List.tsx(88,17): error TS2339: Property 'roleName' does not exist on type 'User'.",
                },
            ),
            ("a", "构建失败：src/pages/user/List.tsx 第 88 行 TS2339，User 类型上没有 roleName。"),
            ("u", "新建分支 feat/user-role-column 来修。"),
            ("a", "已创建分支 feat/user-role-column。"),
            ("u", "字段在后端改名成 role_name 了，按这个改。"),
            ("a", "已把 roleName 改为 role_name，提交 5c2e9d1。"),
            ("u", "分支名换成 fix/user-role-name 吧。"),
            ("a", "已重命名为 fix/user-role-name。"),
            ("u", "这次可以动一下 migrations 目录，加一个 0042_add_role_name.sql，下不为例。"),
            ("a", "已新增 migrations/0042_add_role_name.sql。"),
            ("u", "再跑一遍构建。"),
        ],
        active=["以后都用 pnpm，不要用 npm。", "migrations 目录不要动。"],
        current=["fix/user-role-name"],
        superseded=["feat/user-role-column"],
        ids=[
            "src/pages/user/List.tsx",
            "5c2e9d1",
            "migrations/0042_add_role_name.sql",
            "role_name",
        ],
    )
)

convo(
    Convo(
        "zh_code_python",
        "zh",
        [
            ("u", "我们的推荐服务用 Python 3.10，依赖用 uv 管理，别用 pip。"),
            ("a", "好的。"),
            ("u", "不要改 config/prod.yaml。"),
            ("a", "收到，config/prod.yaml 不动。"),
            (
                "call",
                "run_shell",
                {"cmd": "uv run pytest -q tests/test_ranker.py"},
                {
                    "exit_code": 1,
                    "stdout": "FAILED tests/test_ranker.py::test_topk - AssertionError: assert 9 == 10",
                },
            ),
            ("a", "tests/test_ranker.py::test_topk 失败：assert 9 == 10。"),
            ("u", "top_k 默认值改成 20。"),
            ("a", "已把 top_k 默认值改为 20。"),
            ("u", "不对，还是改成 10 吧，20 太多了。"),
            ("a", "已改回 top_k=10。"),
            ("u", "刚才那个报错是不是因为去重？看看 ranker/dedup.py。"),
            (
                "call",
                "read_file",
                {"path": "ranker/dedup.py"},
                "def dedup(items):\n    return list({i.item_id: i for i in items}.values())\n",
            ),
            ("a", "dedup 按 item_id 去重，重复的 item 会被合并，所以少了一条。"),
            ("u", "Python 版本升到 3.12。"),
            ("a", "好的，pyproject.toml 里 requires-python 改成 >=3.12。"),
            ("u", "提交一下，commit message 写“修复 topk 数量”。"),
        ],
        active=["依赖用 uv 管理，别用 pip。", "不要改 config/prod.yaml。"],
        current=["3.12", "10"],
        superseded=["3.10"],
        ids=["tests/test_ranker.py", "ranker/dedup.py", "config/prod.yaml", "top_k"],
    )
)

# ---------------------------------------------------------------- 中文：旅行助手（工具调用）
convo(
    Convo(
        "zh_travel_flight",
        "zh",
        [
            ("u", "帮我查一下 12月20日 上海飞成都的航班，经济舱，一个人。"),
            (
                "call",
                "search_flights",
                {"from": "上海", "to": "成都", "date": "2026-12-20", "cabin": "经济舱"},
                {
                    "flights": [
                        {"no": "MU5401", "dep": "08:05", "arr": "11:20", "price": "¥1,280"},
                        {"no": "3U8962", "dep": "13:30", "arr": "16:50", "price": "¥960"},
                    ]
                },
            ),
            ("a", "有两班：MU5401 08:05 起飞 ¥1,280；3U8962 13:30 起飞 ¥960。"),
            ("u", "我不坐早上9点前的航班。"),
            ("a", "那就是 3U8962 了。"),
            ("u", "日期改成12月21日。"),
            (
                "call",
                "search_flights",
                {"from": "上海", "to": "成都", "date": "2026-12-21", "cabin": "经济舱"},
                {"flights": [{"no": "3U8962", "dep": "13:30", "arr": "16:50", "price": "¥1,040"}]},
            ),
            ("a", "12月21日 3U8962 ¥1,040。"),
            ("u", "订这个。乘机人王芳，身份证 310***********1234，手机 138****1234。"),
            (
                "call",
                "book_flight",
                {"no": "3U8962", "date": "2026-12-21", "passenger": "王芳", "phone": "138****1234"},
                {"status": "已出票", "ticket_no": "876-2401938475", "order_id": "FL20261201008"},
            ),
            ("a", "已出票，票号 876-2401938475，订单号 FL20261201008。"),
            ("u", "再帮我订成都春熙路附近的酒店，住两晚，预算每晚500以内。"),
            (
                "call",
                "search_hotels",
                {"city": "成都", "area": "春熙路", "nights": 2, "max_price": 500},
                {
                    "hotels": [
                        {"name": "成都春熙路亚朵酒店", "price": 468},
                        {"name": "全季酒店(春熙路店)", "price": 359},
                    ]
                },
            ),
            ("a", "推荐：成都春熙路亚朵酒店 ¥468/晚，全季酒店(春熙路店) ¥359/晚。"),
            ("u", "订第一个。"),
            (
                "call",
                "book_hotel",
                {"name": "成都春熙路亚朵酒店", "checkin": "2026-12-21", "nights": 2},
                {"status": "已确认", "confirm_no": "HT8843120"},
            ),
            ("a", "已预订成都春熙路亚朵酒店，确认号 HT8843120。"),
            ("u", "把行程发到我邮箱 wangfang88@163.com。"),
        ],
        active=["我不坐早上9点前的航班。"],
        current=["12月21日", "成都春熙路亚朵酒店"],
        superseded=["12月20日"],
        ids=[
            "876-2401938475",
            "FL20261201008",
            "138****1234",
            "HT8843120",
            "wangfang88@163.com",
            "3U8962",
        ],
    )
)

convo(
    Convo(
        "zh_travel_train",
        "zh",
        [
            ("u", "下周五从北京去杭州，帮我看高铁，要二等座。"),
            (
                "call",
                "search_trains",
                {"from": "北京南", "to": "杭州东", "date": "2026-12-11", "seat": "二等座"},
                {
                    "trains": [
                        {"no": "G35", "dep": "07:00", "arr": "11:34", "price": "¥662.5"},
                        {"no": "G39", "dep": "10:05", "arr": "14:45", "price": "¥662.5"},
                    ]
                },
            ),
            ("a", "G35 07:00 出发，G39 10:05 出发，二等座都是 ¥662.5。"),
            ("u", "要靠窗的座位。"),
            ("a", "好的，优先选 F 座或 A 座。"),
            ("u", "座位改成一等座吧。"),
            (
                "call",
                "search_trains",
                {"from": "北京南", "to": "杭州东", "date": "2026-12-11", "seat": "一等座"},
                {"trains": [{"no": "G39", "dep": "10:05", "arr": "14:45", "price": "¥1,060"}]},
            ),
            ("a", "G39 一等座 ¥1,060。"),
            ("u", "订 G39。"),
            (
                "call",
                "book_train",
                {"no": "G39", "seat": "一等座", "window": True},
                {"status": "成功", "order": "E123456789", "seat_no": "05车06F"},
            ),
            ("a", "订好了，订单 E123456789，座位 05车06F。"),
            ("u", "靠窗无所谓了。"),
            ("a", "好的。"),
            ("u", "到杭州后帮我叫车去西湖国宾馆。"),
        ],
        active=[],
        revoked=["要靠窗的座位。"],
        current=["一等座", "G39"],
        superseded=["二等座"],
        ids=["E123456789", "05车06F", "¥1,060"],
    )
)

# ---------------------------------------------------------------- 中文：客服
convo(
    Convo(
        "zh_support_refund",
        "zh",
        [
            ("u", "你好，我的订单 20261128153022871 收到的耳机左耳没声音。"),
            (
                "call",
                "get_order",
                {"order_id": "20261128153022871"},
                {
                    "商品": "索尼 WF-1000XM5",
                    "金额": "¥1,799.00",
                    "收货人": "李雷",
                    "手机": "139****5678",
                    "地址": "北京市朝阳区望京街道阜通东大街6号",
                },
            ),
            ("a", "查到订单 20261128153022871，索尼 WF-1000XM5，¥1,799.00。您希望换货还是退款？"),
            ("u", "退款，不要换货。"),
            ("a", "好的，为您申请退款。"),
            ("u", "退到原支付方式，别退成余额。"),
            (
                "call",
                "create_refund",
                {"order_id": "20261128153022871", "amount": "1799.00", "to": "原路返回"},
                {"refund_no": "TK202612010045", "状态": "审核中"},
            ),
            ("a", "退款单 TK202612010045 已提交，审核中。"),
            ("u", "上门取件地址改一下，改成北京市海淀区中关村大街27号。"),
            ("a", "取件地址已改为北京市海淀区中关村大街27号。"),
            ("u", "联系电话换成 186****9012。"),
            ("a", "已更新联系电话 186****9012。"),
            ("u", "取件时间定在明天下午两点到四点。"),
            ("a", "已预约明天 14:00-16:00 上门取件。"),
            ("u", "不要打电话，发短信就行。"),
            ("a", "好的，只发短信通知。"),
            ("u", "退款大概多久到账？"),
        ],
        active=["退款，不要换货。", "退到原支付方式，别退成余额。", "不要打电话，发短信就行。"],
        current=["北京市海淀区中关村大街27号", "186****9012"],
        superseded=["139****5678"],
        ids=["20261128153022871", "TK202612010045", "¥1,799.00", "186****9012"],
    )
)

convo(
    Convo(
        "zh_support_coupon",
        "zh",
        [
            (
                "u",
                "我想用优惠券 JD-NEWYEAR-50 买这个电饭煲，商品链接 https://item.example.com/100045873321.html",
            ),
            (
                "call",
                "check_coupon",
                {"code": "JD-NEWYEAR-50", "sku": "100045873321"},
                {"valid": False, "reason": "未满199元"},
            ),
            ("a", "优惠券 JD-NEWYEAR-50 需满 199 元可用，这个电饭煲 ¥169，不满足。"),
            ("u", "那加一个内胆凑单，内胆链接 https://item.example.com/100012345678.html"),
            (
                "call",
                "check_coupon",
                {"code": "JD-NEWYEAR-50", "sku": ["100045873321", "100012345678"]},
                {"valid": True, "discount": "¥50"},
            ),
            ("a", "凑单后可用，减 ¥50，实付 ¥208。"),
            ("u", "收货人写张伟，电话 15012345678，地址上海市浦东新区张江路88号。"),
            ("a", "已填写。"),
            ("u", "收货人换成我老婆，刘敏。"),
            ("a", "收货人已改为刘敏。"),
            ("u", "发票抬头写“上海某某科技有限公司”，税号 91310115MA1K4ABC2X。"),
            ("a", "已添加发票信息。"),
            ("u", "不要顺丰，用京东快递。"),
            ("a", "已选择京东快递。"),
            ("u", "提交订单吧。"),
        ],
        active=["不要顺丰，用京东快递。"],
        current=["刘敏", "15012345678", "上海市浦东新区张江路88号"],
        superseded=["张伟"],
        ids=[
            "JD-NEWYEAR-50",
            "https://item.example.com/100045873321.html",
            "https://item.example.com/100012345678.html",
            "91310115MA1K4ABC2X",
        ],
    )
)

# ---------------------------------------------------------------- 中文：数据分析
convo(
    Convo(
        "zh_data_format",
        "zh",
        [
            ("u", "用 orders_2026 表统计每个省份的 GMV，按降序排。"),
            (
                "call",
                "run_sql",
                {
                    "sql": "SELECT province, SUM(gmv) AS gmv FROM orders_2026 GROUP BY province ORDER BY gmv DESC"
                },
                {"rows": [["广东", 18203344.2], ["浙江", 12990021.5], ["江苏", 11850093.0]]},
            ),
            ("a", "前三：广东 18,203,344.20，浙江 12,990,021.50，江苏 11,850,093.00。"),
            ("u", "金额都用万元为单位，保留两位小数。"),
            ("a", "好的：广东 1820.33 万，浙江 1299.00 万，江苏 1185.01 万。"),
            ("u", "以后表格都不要出现手机号这一列。"),
            ("a", "明白。"),
            ("u", "做个柱状图，颜色用蓝色，保存到 output/gmv_by_province.png。"),
            (
                "call",
                "plot",
                {"type": "bar", "color": "blue", "path": "output/gmv_by_province.png"},
                {"ok": True},
            ),
            ("a", "已保存 output/gmv_by_province.png。"),
            ("u", "颜色换成红色。"),
            (
                "call",
                "plot",
                {"type": "bar", "color": "red", "path": "output/gmv_by_province.png"},
                {"ok": True},
            ),
            ("a", "已改成红色。"),
            ("u", "再统计一下 orders_2025 表，按上次的格式。"),
            (
                "call",
                "run_sql",
                {
                    "sql": "SELECT province, SUM(gmv) AS gmv FROM orders_2025 GROUP BY province ORDER BY gmv DESC"
                },
                {"rows": [["广东", 16002211.0], ["江苏", 11200400.0], ["浙江", 11009800.0]]},
            ),
            ("a", "2025 年：广东 1600.22 万，江苏 1120.04 万，浙江 1100.98 万。"),
            ("u", "把刚才的图表也按 2025 年的数据再画一张。"),
        ],
        active=["金额都用万元为单位，保留两位小数。", "以后表格都不要出现手机号这一列。"],
        current=["红色"],
        superseded=["蓝色"],
        ids=["orders_2026", "orders_2025", "output/gmv_by_province.png"],
    )
)

convo(
    Convo(
        "zh_data_excel",
        "zh",
        [
            ("u", "读一下 data/员工考勤_11月.xlsx，算每个部门的平均加班时长。"),
            (
                "call",
                "python",
                {
                    "code": "pd.read_excel('data/员工考勤_11月.xlsx').groupby('部门')['加班时长'].mean()"
                },
                {"stdout": "部门\n研发部    23.5\n市场部    11.2\n财务部     6.8"},
            ),
            ("a", "平均加班时长：研发部 23.5 小时，市场部 11.2 小时，财务部 6.8 小时。"),
            ("u", "只看正式员工，实习生不算。"),
            (
                "call",
                "python",
                {"code": "df[df['员工类型']=='正式'].groupby('部门')['加班时长'].mean()"},
                {"stdout": "部门\n研发部    25.1\n市场部    12.0\n财务部     7.2"},
            ),
            ("a", "只算正式员工：研发部 25.1，市场部 12.0，财务部 7.2。"),
            ("u", "结果导出到 output/加班统计.csv，编码用 utf-8-sig。"),
            ("a", "已导出 output/加班统计.csv（utf-8-sig）。"),
            ("u", "不要在结果里显示员工姓名。"),
            ("a", "好的。"),
            ("u", "实习生也算进去吧，老板说要全部人。"),
            ("a", "好的，包含实习生。"),
            ("u", "用饼图展示各部门加班总时长。"),
        ],
        active=["不要在结果里显示员工姓名。"],
        revoked=["只看正式员工，实习生不算。"],
        current=[],
        ids=["data/员工考勤_11月.xlsx", "output/加班统计.csv", "utf-8-sig"],
    )
)

# ---------------------------------------------------------------- 中文：日程助手
convo(
    Convo(
        "zh_schedule_move",
        "zh",
        [
            ("u", "帮我约下周三（12月9日）上午10点和产品部开需求评审，一个小时。"),
            (
                "call",
                "create_event",
                {
                    "title": "需求评审",
                    "start": "2026-12-09T10:00:00+08:00",
                    "duration": 60,
                    "attendees": ["product@corp.cn"],
                },
                {"event_id": "MTG-20261209-001", "room": "3楼-长城会议室"},
            ),
            ("a", "已创建：12月9日 10:00-11:00，3楼-长城会议室，会议号 MTG-20261209-001。"),
            ("u", "以后中午12点到1点半不要给我排会。"),
            ("a", "明白。"),
            ("u", "时间改到下午3点。"),
            (
                "call",
                "update_event",
                {"event_id": "MTG-20261209-001", "start": "2026-12-09T15:00:00+08:00"},
                {"ok": True},
            ),
            ("a", "已改到 15:00-16:00。"),
            ("u", "会议室换成5楼-泰山会议室。"),
            ("a", "已换成5楼-泰山会议室。"),
            ("u", "不对，还是改回上午10点吧，下午我有别的事。"),
            (
                "call",
                "update_event",
                {"event_id": "MTG-20261209-001", "start": "2026-12-09T10:00:00+08:00"},
                {"ok": True},
            ),
            ("a", "已改回 10:00-11:00。"),
            ("u", "把腾讯会议链接加上：https://meeting.tencent.com/dm/Xy7Kq2LpA1"),
            ("a", "已添加。"),
            ("u", "提前15分钟提醒我。"),
        ],
        active=["以后中午12点到1点半不要给我排会。"],
        current=["5楼-泰山会议室"],
        superseded=["3楼-长城会议室"],
        ids=["MTG-20261209-001", "https://meeting.tencent.com/dm/Xy7Kq2LpA1"],
    )
)

convo(
    Convo(
        "zh_schedule_timezone",
        "zh",
        [
            ("u", "我在北京，要和纽约的客户 Kevin 开个会，他希望在他那边的周四上午9点。"),
            ("a", "纽约周四上午9点是北京时间周四晚上10点（冬令时相差13小时）。"),
            ("u", "太晚了。我晚上9点以后不开会。"),
            ("a", "那可以考虑纽约周三晚上8点，即北京时间周四上午9点。"),
            ("u", "行，就这个时间，日期是12月10日北京时间。"),
            (
                "call",
                "create_event",
                {
                    "title": "客户会议-Kevin",
                    "start": "2026-12-10T09:00:00+08:00",
                    "attendees": ["kevin.wu@northbridge.com"],
                },
                {"event_id": "cal_7731", "status": "created"},
            ),
            ("a", "已创建 cal_7731，北京时间 12月10日 09:00。"),
            ("u", "邀请里写两个时区。"),
            ("a", "好的，邀请中会同时显示北京时间和纽约时间。"),
            ("u", "Kevin 说他那边改到周三晚上7点。"),
            (
                "call",
                "update_event",
                {"event_id": "cal_7731", "start": "2026-12-10T08:00:00+08:00"},
                {"status": "updated"},
            ),
            ("a", "已改为北京时间 12月10日 08:00（纽约 12月9日 19:00）。"),
            ("u", "会议时长改成45分钟。"),
            ("a", "已改为45分钟。"),
            ("u", "再把他助理 amy.lin@northbridge.com 加进来。"),
        ],
        active=["我晚上9点以后不开会。"],
        current=["45分钟"],
        superseded=[],
        ids=["cal_7731", "kevin.wu@northbridge.com", "amy.lin@northbridge.com"],
    )
)

convo(
    Convo(
        "zh_support_delivery",
        "zh",
        [
            ("u", "我的快递单号 SF1428867300912 怎么还没到？"),
            (
                "call",
                "track",
                {"waybill": "SF1428867300912"},
                {"状态": "派送中", "快递员": "陈师傅", "电话": "177****3366"},
            ),
            ("a", "您的快递 SF1428867300912 正在派送，快递员陈师傅 177****3366。"),
            ("u", "请放到小区南门的丰巢柜，不要放门口。"),
            ("a", "已备注放丰巢柜。"),
            ("u", "算了，还是送到家门口吧。"),
            ("a", "已改为送到家门口。"),
            ("u", "另外下个订单的收货地址改成杭州市西湖区文三路398号。"),
            ("a", "已修改默认收货地址为杭州市西湖区文三路398号。"),
            ("u", "不是文三路398号，是文二路398号，刚才说错了。"),
            ("a", "已更正为杭州市西湖区文二路398号。"),
            ("u", "以后别给我推荐会员卡。"),
            ("a", "好的。"),
            ("u", "那快递几点能到？"),
        ],
        active=["以后别给我推荐会员卡。"],
        revoked=["不要放门口"],
        current=["杭州市西湖区文二路398号"],
        superseded=["杭州市西湖区文三路398号"],
        ids=["SF1428867300912", "177****3366"],
    )
)

convo(
    Convo(
        "zh_travel_hotel",
        "zh",
        [
            ("u", "帮我订12月24日到26日杭州西湖边的酒店，两晚，要含早餐。"),
            (
                "call",
                "search_hotels",
                {
                    "city": "杭州",
                    "area": "西湖",
                    "checkin": "2026-12-24",
                    "checkout": "2026-12-26",
                    "breakfast": True,
                },
                {
                    "hotels": [
                        {"name": "杭州西湖国宾馆", "price": "¥1,680", "breakfast": "双早"},
                        {"name": "杭州湖滨亚朵酒店", "price": "¥720", "breakfast": "双早"},
                    ]
                },
            ),
            (
                "a",
                "推荐：1. 杭州西湖国宾馆 ¥1,680/晚（双早）；2. 杭州湖滨亚朵酒店 ¥720/晚（双早）。",
            ),
            ("u", "预算每晚不超过800元。"),
            ("a", "那就是杭州湖滨亚朵酒店。"),
            ("u", "订这家，入住人陈静，手机 135****7788。"),
            (
                "call",
                "book_hotel",
                {
                    "name": "杭州湖滨亚朵酒店",
                    "checkin": "2026-12-24",
                    "checkout": "2026-12-26",
                    "guest": "陈静",
                    "phone": "135****7788",
                },
                {"status": "已确认", "order_no": "HZ2026122400871", "total": "¥1,440"},
            ),
            ("a", "已预订杭州湖滨亚朵酒店，订单号 HZ2026122400871，共 ¥1,440。"),
            ("u", "退房日期改成27日，多住一晚。"),
            (
                "call",
                "modify_booking",
                {"order_no": "HZ2026122400871", "checkout": "2026-12-27"},
                {"status": "已修改", "total": "¥2,160"},
            ),
            ("a", "已改为27日退房，总价 ¥2,160。"),
            ("u", "早餐不要了，我们早上出去吃。"),
            ("a", "好的，已取消早餐，总价不变（该房型含早不可拆分）。"),
            ("u", "房型换成大床房。"),
            ("a", "已换成高级大床房。"),
            ("u", "发票开个人，抬头陈静。"),
        ],
        active=["预算每晚不超过800元。"],
        revoked=["要含早餐"],
        current=["27日", "大床房", "135****7788"],
        superseded=[],
        ids=["HZ2026122400871", "135****7788", "¥2,160"],
    )
)
