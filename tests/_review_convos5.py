# ruff: noqa: E501  (conversation text is kept verbatim, one message a line)
"""Fifth review round: long agentic sessions (20-40 messages, several tool calls with JSON
results): a coding agent refactoring a repo, a refund desk, a travel agent, a research assistant,
a finance spreadsheet agent, home automation, a recruiting coordinator (English); a medical
appointment bot, an e-commerce order desk, a social-insurance helper, a 外卖 agent, a 报销
assistant, a coding agent and a travel agent (Chinese).

Each has its ground truth beside it, as in `_review_convos.py`.
"""

from __future__ import annotations

from _review_convos import Convo

CONVOS5: list[Convo] = []


def convo(c: Convo) -> None:
    CONVOS5.append(c)


# ---------------------------------------------------------------- English: coding agent refactor
convo(
    Convo(
        "en_refactor_repo",
        "en",
        [
            (
                "u",
                "Let's refactor the payments module in acme-api. Start by listing what's under src/payments.",
            ),
            (
                "call",
                "list_dir",
                {"path": "src/payments"},
                {
                    "entries": [
                        "src/payments/gateway.py",
                        "src/payments/refunds.py",
                        "src/payments/models.py",
                        "src/payments/migrations/0007_add_currency.py",
                        "src/payments/migrations/0008_refund_reason.py",
                    ]
                },
            ),
            ("a", "There are three modules plus two migrations (0007 and 0008)."),
            (
                "u",
                "ok. btw don't touch migrations/ at all, the DBA team owns those. Use pytest -x for every test run.",
            ),
            ("a", "Understood: migrations/ is off-limits and I'll run pytest -x."),
            (
                "u",
                "First, move the retry logic out of gateway.py into a new file src/payments/retry.py.",
            ),
            (
                "call",
                "edit_file",
                {"path": "src/payments/retry.py", "action": "create"},
                {"ok": True, "lines": 48},
            ),
            (
                "call",
                "edit_file",
                {
                    "path": "src/payments/gateway.py",
                    "action": "remove_block",
                    "symbol": "_retry_with_backoff",
                },
                {"ok": True, "removed_lines": 41},
            ),
            (
                "call",
                "run_shell",
                {"cmd": "pytest -x tests/payments"},
                {
                    "exit_code": 1,
                    "stdout": "FAILED tests/payments/test_gateway.py::test_charge_retries_on_timeout - ImportError: cannot import name '_retry_with_backoff' from 'payments.gateway'\n1 failed, 37 passed in 4.21s",
                },
            ),
            (
                "a",
                "test_charge_retries_on_timeout fails because it imports _retry_with_backoff from gateway. I'll update the import.",
            ),
            ("u", "Yes fix the import in the test, don't add a re-export shim to gateway.py."),
            (
                "call",
                "edit_file",
                {
                    "path": "tests/payments/test_gateway.py",
                    "action": "replace",
                    "old": "from payments.gateway import _retry_with_backoff",
                    "new": "from payments.retry import retry_with_backoff",
                },
                {"ok": True},
            ),
            (
                "call",
                "run_shell",
                {"cmd": "pytest -x tests/payments"},
                {"exit_code": 0, "stdout": "38 passed in 4.02s"},
            ),
            ("a", "All 38 tests pass."),
            (
                "u",
                "Now the refund_reason column: the model field name should be reason_code, not reason. Hmm, actually you can edit migrations/0008_refund_reason.py for that, the DBA said it's not deployed yet. The other migrations stay untouched.",
            ),
            ("a", "OK, I'll only edit 0008_refund_reason.py and leave 0007 alone."),
            (
                "call",
                "edit_file",
                {
                    "path": "src/payments/migrations/0008_refund_reason.py",
                    "action": "replace",
                    "old": "'reason'",
                    "new": "'reason_code'",
                },
                {"ok": True},
            ),
            (
                "call",
                "run_shell",
                {"cmd": "pytest -x tests/payments"},
                {
                    "exit_code": 1,
                    "stdout": "FAILED tests/payments/test_refunds.py::test_refund_serializes_reason - KeyError: 'reason'\n1 failed, 37 passed in 4.11s",
                },
            ),
            (
                "u",
                "Update test_refund_serializes_reason to expect reason_code. And switch to pytest -x -q from now on, the output is too noisy.",
            ),
            (
                "call",
                "run_shell",
                {"cmd": "pytest -x -q tests/payments"},
                {"exit_code": 0, "stdout": "38 passed in 3.98s"},
            ),
            ("a", "Green again: 38 passed."),
            (
                "u",
                "Commit it on a branch refactor/payments-retry. Message: 'refactor: extract retry, rename reason_code'.",
            ),
            (
                "call",
                "run_shell",
                {
                    "cmd": "git checkout -b refactor/payments-retry && git commit -am 'refactor: extract retry, rename reason_code'"
                },
                {
                    "exit_code": 0,
                    "stdout": "[refactor/payments-retry 9e41c7d] refactor: extract retry, rename reason_code\n 4 files changed, 61 insertions(+), 44 deletions(-)",
                },
            ),
            ("a", "Committed 9e41c7d on refactor/payments-retry."),
            ("u", "Hmm, rename the branch to refactor/payments-cleanup, we'll add more to it."),
            (
                "call",
                "run_shell",
                {"cmd": "git branch -m refactor/payments-cleanup"},
                {"exit_code": 0, "stdout": ""},
            ),
            ("a", "Renamed to refactor/payments-cleanup."),
            ("u", "Next: which file still references the old reason field?"),
        ],
        active=[
            "don't touch migrations/ at all",
            "don't add a re-export shim to gateway.py",
            "switch to pytest -x -q from now on",
        ],
        revoked=["Use pytest -x for every test run"],
        current=["refactor/payments-cleanup", "reason_code"],
        superseded=["refactor/payments-retry"],
        ids=[
            "src/payments/retry.py",
            "src/payments/migrations/0008_refund_reason.py",
            "test_charge_retries_on_timeout",
            "test_refund_serializes_reason",
            "9e41c7d",
        ],
    )
)

# ---------------------------------------------------------------- English: refund desk
convo(
    Convo(
        "en_refund_desk",
        "en",
        [
            (
                "u",
                "Hi, I want a refund for a blender I bought last month. Order number is 114-3382917-5520461.",
            ),
            (
                "call",
                "order_lookup",
                {"order_id": "114-3382917-5520461"},
                {
                    "order_id": "114-3382917-5520461",
                    "items": [
                        {"sku": "BLD-900X", "name": "ProBlend 900", "price": 129.99, "qty": 1},
                        {"sku": "JAR-64", "name": "64oz spare jar", "price": 24.5, "qty": 1},
                    ],
                    "paid_with": "Visa ending 4417",
                    "total": 154.49,
                    "delivered": "2027-04-02",
                },
            ),
            (
                "a",
                "I see order 114-3382917-5520461: ProBlend 900 ($129.99) and a 64oz spare jar ($24.50), paid with Visa ending 4417. Refund both items?",
            ),
            ("u", "Just the blender, keep the jar. Refund it to store credit please."),
            ("a", "Refunding the ProBlend 900, $129.99, as store credit."),
            (
                "u",
                "Wait, no, put it back on the Visa instead. And please don't email me the label, text it to 415-555-0182.",
            ),
            ("a", "Refund to Visa ending 4417, label by text to 415-555-0182."),
            (
                "call",
                "return_create",
                {
                    "order_id": "114-3382917-5520461",
                    "sku": "BLD-900X",
                    "refund_to": "original_payment",
                },
                {
                    "rma": "RMA-77310-B",
                    "refund_amount": 129.99,
                    "label_url": "https://returns.example.com/l/RMA-77310-B",
                    "dropoff_by": "2027-05-20",
                },
            ),
            ("a", "Return RMA-77310-B created, $129.99 to your Visa. Drop off by May 20."),
            (
                "u",
                "Was there a restocking fee? I don't want to pay one, if there is, cancel the return.",
            ),
            (
                "call",
                "policy_lookup",
                {"sku": "BLD-900X", "topic": "restocking_fee"},
                {"restocking_fee_pct": 0, "note": "Small appliances within 60 days: no fee"},
            ),
            ("a", "No restocking fee for small appliances within 60 days."),
            (
                "u",
                "Good. Oh also I have a second order, 114-9021774-1183305, a toaster that arrived dented.",
            ),
            (
                "call",
                "order_lookup",
                {"order_id": "114-9021774-1183305"},
                {
                    "order_id": "114-9021774-1183305",
                    "items": [
                        {"sku": "TST-2S", "name": "Crisp 2-slice toaster", "price": 39.0, "qty": 1}
                    ],
                    "paid_with": "PayPal",
                    "total": 39.0,
                },
            ),
            ("a", "Toaster order 114-9021774-1183305, $39.00 via PayPal. Replacement or refund?"),
            ("u", "Replacement. No wait, refund, I'll buy a different model. To PayPal is fine."),
            (
                "call",
                "return_create",
                {
                    "order_id": "114-9021774-1183305",
                    "sku": "TST-2S",
                    "refund_to": "original_payment",
                    "reason": "damaged",
                },
                {"rma": "RMA-77342-D", "refund_amount": 39.0, "label_required": False},
            ),
            ("a", "RMA-77342-D: $39.00 back to PayPal, no need to send the damaged toaster back."),
            (
                "u",
                "Actually for the blender, switch it to store credit after all, I get a 10% bonus there right?",
            ),
            (
                "call",
                "return_update",
                {"rma": "RMA-77310-B", "refund_to": "store_credit"},
                {
                    "rma": "RMA-77310-B",
                    "refund_to": "store_credit",
                    "refund_amount": 142.99,
                    "bonus": 13.0,
                },
            ),
            (
                "a",
                "Updated: RMA-77310-B now refunds $142.99 in store credit including the $13.00 bonus.",
            ),
            ("u", "Great. The text number is wrong by the way, it's 415-555-0128, not 0182."),
            ("a", "Corrected: labels go to 415-555-0128."),
            ("u", "So what's the total I'm getting back across both?"),
        ],
        active=["don't email me the label, text it to 415-555-0128"],
        revoked=[],
        current=["store credit", "415-555-0128", "$142.99"],
        superseded=["415-555-0182"],
        ids=[
            "114-3382917-5520461",
            "114-9021774-1183305",
            "RMA-77310-B",
            "RMA-77342-D",
            "BLD-900X",
        ],
    )
)

# ---------------------------------------------------------------- English: travel agent
convo(
    Convo(
        "en_travel_flights",
        "en",
        [
            (
                "u",
                "Find me flights Boston to Lisbon, leaving June 12, back June 22. Economy, 2 adults.",
            ),
            ("a", "Searching BOS-LIS, June 12 to June 22, 2 adults, economy."),
            (
                "call",
                "flight_search",
                {
                    "from": "BOS",
                    "to": "LIS",
                    "depart": "2027-06-12",
                    "return": "2027-06-22",
                    "pax": 2,
                    "cabin": "economy",
                },
                {
                    "offers": [
                        {
                            "id": "OF-1",
                            "carrier": "TP",
                            "flight": "TP218",
                            "stops": 0,
                            "price": 1412.6,
                            "depart": "21:40",
                        },
                        {
                            "id": "OF-2",
                            "carrier": "UA",
                            "flight": "UA9640",
                            "stops": 1,
                            "via": "EWR",
                            "price": 1188.2,
                            "depart": "17:05",
                        },
                        {
                            "id": "OF-3",
                            "carrier": "AZ",
                            "flight": "AZ615",
                            "stops": 1,
                            "via": "FCO",
                            "price": 1090.0,
                            "depart": "18:30",
                        },
                    ]
                },
            ),
            (
                "a",
                "1) TAP TP218 nonstop $1,412.60; 2) United UA9640 via Newark $1,188.20; 3) ITA AZ615 via Rome $1,090.00.",
            ),
            (
                "u",
                "I hate overnight layovers, never book anything with a layover over 3 hours. Let's take the second one.",
            ),
            (
                "call",
                "flight_details",
                {"offer": "OF-2"},
                {
                    "offer": "OF-2",
                    "layover_minutes": 95,
                    "baggage": "1 carry-on",
                    "fare_basis": "LLX7C2",
                },
            ),
            ("a", "UA9640 has a 1h35 layover in Newark and includes a carry-on only."),
            ("u", "Hmm no checked bag. Switch to the nonstop TAP one then."),
            ("a", "Switching to TP218 nonstop, $1,412.60 for two."),
            ("u", "Also aisle seats always, my husband is tall."),
            (
                "call",
                "flight_hold",
                {"offer": "OF-1", "seats": "aisle"},
                {
                    "pnr": "QX7T2M",
                    "offer": "OF-1",
                    "hold_until": "2027-05-03T18:00Z",
                    "seats": ["23C", "24C"],
                },
            ),
            ("a", "Held as PNR QX7T2M until May 3, aisle seats 23C and 24C."),
            ("u", "Now hotels in Alfama, under 180 euros a night, June 12-22."),
            (
                "call",
                "hotel_search",
                {
                    "area": "Alfama",
                    "checkin": "2027-06-12",
                    "checkout": "2027-06-22",
                    "max_nightly_eur": 180,
                },
                {
                    "hotels": [
                        {
                            "id": "H-40021",
                            "name": "Casa do Largo",
                            "nightly_eur": 165,
                            "rating": 8.9,
                        },
                        {
                            "id": "H-40877",
                            "name": "Memmo Alfama",
                            "nightly_eur": 178,
                            "rating": 9.3,
                        },
                        {
                            "id": "H-41230",
                            "name": "Alfama Patio Hostel",
                            "nightly_eur": 72,
                            "rating": 8.4,
                        },
                    ]
                },
            ),
            ("a", "Casa do Largo €165, Memmo Alfama €178, Alfama Patio Hostel €72."),
            ("u", "No hostels. Book Memmo."),
            (
                "call",
                "hotel_book",
                {"hotel": "H-40877", "checkin": "2027-06-12", "checkout": "2027-06-22"},
                {"confirmation": "MEM-5582011", "total_eur": 1780},
            ),
            ("a", "Memmo Alfama booked, confirmation MEM-5582011, €1,780 total."),
            (
                "u",
                "Ugh, my sister's wedding moved. We have to come back June 20 instead, not the 22nd.",
            ),
            (
                "call",
                "flight_change",
                {"pnr": "QX7T2M", "return": "2027-06-20"},
                {
                    "pnr": "QX7T2M",
                    "return_flight": "TP217",
                    "return": "2027-06-20",
                    "fare_diff": 86.4,
                },
            ),
            (
                "call",
                "hotel_modify",
                {"confirmation": "MEM-5582011", "checkout": "2027-06-20"},
                {"confirmation": "MEM-5582011", "total_eur": 1424},
            ),
            ("a", "Return moved to June 20 on TP217 (+$86.40), hotel shortened to €1,424."),
            (
                "u",
                "The layover rule doesn't matter anymore since we're nonstop anyway. What do we still need to pay?",
            ),
        ],
        active=["aisle seats always", "No hostels"],
        revoked=["never book anything with a layover over 3 hours"],
        current=["June 20", "TP218", "MEM-5582011"],
        superseded=["June 22", "UA9640"],
        ids=["QX7T2M", "MEM-5582011", "H-40877", "TP217", "23C"],
    )
)

# ---------------------------------------------------------------- English: research assistant
convo(
    Convo(
        "en_research_citations",
        "en",
        [
            (
                "u",
                "I'm writing a literature review on sleep and memory consolidation. Cite everything in APA 7th edition, and only peer-reviewed sources, no preprints.",
            ),
            ("a", "APA 7, peer-reviewed only. Searching."),
            (
                "call",
                "scholar_search",
                {"q": "sleep spindles memory consolidation", "since": 2015},
                {
                    "results": [
                        {
                            "doi": "10.1038/s41593-019-0467-3",
                            "title": "Sleep spindles and hippocampal replay",
                            "year": 2019,
                            "venue": "Nature Neuroscience",
                        },
                        {
                            "doi": "10.1101/2023.04.11.536402",
                            "title": "Spindle-ripple coupling in humans",
                            "year": 2023,
                            "venue": "bioRxiv",
                        },
                        {
                            "doi": "10.1016/j.neuron.2020.08.012",
                            "title": "Targeted memory reactivation during NREM",
                            "year": 2020,
                            "venue": "Neuron",
                        },
                    ]
                },
            ),
            (
                "a",
                "Found three; the bioRxiv one (10.1101/2023.04.11.536402) is a preprint, so I'll leave it out.",
            ),
            ("u", "Good. Keep each summary under 150 words. What does the Neuron paper find?"),
            (
                "call",
                "fetch_abstract",
                {"doi": "10.1016/j.neuron.2020.08.012"},
                {
                    "doi": "10.1016/j.neuron.2020.08.012",
                    "abstract": "Cueing learned associations during slow-wave sleep improved recall by 11.4% (p = .003, n = 48).",
                    "authors": ["Schreiner, T.", "Rasch, B."],
                },
            ),
            (
                "a",
                "Schreiner and Rasch (2020) found cueing during slow-wave sleep improved recall by 11.4% (p = .003, n = 48).",
            ),
            (
                "u",
                "Nice. Actually, switch the citations to Chicago author-date, my advisor prefers it.",
            ),
            ("a", "Switching to Chicago author-date."),
            (
                "u",
                "Hmm, you know what, include that bioRxiv preprint after all, but flag it as a preprint in the text. Other preprints still out.",
            ),
            ("a", "I'll include 10.1101/2023.04.11.536402 flagged as a preprint."),
            (
                "call",
                "scholar_search",
                {"q": "REM sleep emotional memory", "since": 2015},
                {
                    "results": [
                        {
                            "doi": "10.1523/JNEUROSCI.1418-21.2022",
                            "title": "REM theta and emotional memory",
                            "year": 2022,
                            "venue": "J Neurosci",
                        },
                        {
                            "doi": "10.31234/osf.io/7hq2m",
                            "title": "REM and affect: a registered report",
                            "year": 2024,
                            "venue": "PsyArXiv",
                        },
                    ]
                },
            ),
            ("a", "One peer-reviewed hit (J Neurosci 2022) and a PsyArXiv preprint I'm skipping."),
            (
                "u",
                "Right. Summaries can be up to 200 words now, 150 is too tight for the methods details. Output as a markdown table with columns Citation, Finding, N.",
            ),
            ("a", "Up to 200 words, markdown table with Citation, Finding, N."),
            (
                "u",
                "Oh and the table should be sorted by year, newest first. Why did you skip the PsyArXiv one again?",
            ),
            ("a", "Because it's a preprint and you only allowed the one bioRxiv exception."),
            ("u", "Right. Go ahead and draft the table."),
        ],
        active=[
            "only peer-reviewed sources, no preprints",
            "Output as a markdown table with columns Citation, Finding, N",
            "the table should be sorted by year, newest first",
        ],
        revoked=["Cite everything in APA 7th edition", "Keep each summary under 150 words"],
        current=["Chicago author-date", "200 words"],
        superseded=["APA 7th edition", "150 words"],
        ids=[
            "10.1038/s41593-019-0467-3",
            "10.1016/j.neuron.2020.08.012",
            "10.1101/2023.04.11.536402",
            "10.1523/JNEUROSCI.1418-21.2022",
        ],
    )
)

# ---------------------------------------------------------------- English: finance spreadsheet agent
convo(
    Convo(
        "en_finance_sheet",
        "en",
        [
            (
                "u",
                "Reconcile the March vendor payments in ledger.xlsx against the bank export. Report everything in EUR, round to 2 decimals.",
            ),
            (
                "call",
                "read_sheet",
                {"file": "ledger.xlsx", "sheet": "March"},
                {
                    "rows": [
                        {
                            "vendor": "Kettler GmbH",
                            "iban": "DE44 5001 0517 5407 3249 31",
                            "amount": 12840.5,
                            "ccy": "EUR",
                            "ref": "INV-2027-0311",
                        },
                        {
                            "vendor": "Nordic Pulp AB",
                            "iban": "SE35 5000 0000 0549 1000 0003",
                            "amount": 88250.0,
                            "ccy": "SEK",
                            "ref": "NP-88112",
                        },
                        {
                            "vendor": "Hale & Co",
                            "iban": "GB33 BUKB 2020 1555 5555 55",
                            "amount": 4310.0,
                            "ccy": "GBP",
                            "ref": "HC/0399",
                        },
                    ]
                },
            ),
            (
                "call",
                "read_csv",
                {"file": "bank_march.csv"},
                {
                    "rows": [
                        {"date": "2027-03-14", "amount_eur": -12840.5, "memo": "INV-2027-0311"},
                        {"date": "2027-03-21", "amount_eur": -7702.18, "memo": "NP-88112"},
                        {"date": "2027-03-29", "amount_eur": -5049.77, "memo": "HC 0399"},
                    ]
                },
            ),
            (
                "a",
                "All three vendors matched by reference. Nordic Pulp (SEK 88,250) settled as EUR 7,702.18 and Hale & Co (GBP 4,310) as EUR 5,049.77.",
            ),
            (
                "u",
                "Use the ECB reference rate of the payment date for conversions, not the bank's rate. Never overwrite the original ledger, write to a copy.",
            ),
            (
                "call",
                "fx_rate",
                {"pair": "SEKEUR", "date": "2027-03-21", "source": "ECB"},
                {"pair": "SEKEUR", "date": "2027-03-21", "rate": 0.08741},
            ),
            (
                "call",
                "fx_rate",
                {"pair": "GBPEUR", "date": "2027-03-29", "source": "ECB"},
                {"pair": "GBPEUR", "date": "2027-03-29", "rate": 1.1689},
            ),
            (
                "a",
                "At ECB rates: SEK 88,250 = EUR 7,713.93 (bank debited 7,702.18, diff -11.75); GBP 4,310 = EUR 5,037.96 (bank debited 5,049.77, diff +11.81).",
            ),
            (
                "u",
                "Ok. Flag any difference above 10 euros. Write the copy as ledger_reconciled_march.xlsx.",
            ),
            (
                "call",
                "write_sheet",
                {"file": "ledger_reconciled_march.xlsx", "flag_threshold_eur": 10},
                {"ok": True, "flagged": ["NP-88112", "HC/0399"]},
            ),
            ("a", "Written to ledger_reconciled_march.xlsx; NP-88112 and HC/0399 flagged."),
            (
                "u",
                "Hmm, make the threshold 25 euros instead, 10 flags too much noise. Also the Kettler IBAN in our master data is wrong, the correct one is DE44 5001 0517 5407 3249 13.",
            ),
            (
                "call",
                "write_sheet",
                {"file": "ledger_reconciled_march.xlsx", "flag_threshold_eur": 25},
                {"ok": True, "flagged": []},
            ),
            (
                "a",
                "With a 25 EUR threshold nothing is flagged. Noted the corrected Kettler IBAN DE44 5001 0517 5407 3249 13.",
            ),
            ("u", "Actually report in USD not EUR, the CFO reads in dollars. Keep 2 decimals."),
            (
                "call",
                "fx_rate",
                {"pair": "EURUSD", "date": "2027-03-31", "source": "ECB"},
                {"pair": "EURUSD", "date": "2027-03-31", "rate": 1.0834},
            ),
            ("a", "Converted the summary to USD at 1.0834: total vendor payments USD 27,374.38."),
            ("u", "What's the account number for Hale & Co again?"),
        ],
        active=[
            "round to 2 decimals",
            "Use the ECB reference rate of the payment date for conversions, not the bank's rate",
            "Never overwrite the original ledger, write to a copy",
        ],
        revoked=["Report everything in EUR", "Flag any difference above 10 euros"],
        current=["USD", "25 euros", "DE44 5001 0517 5407 3249 13"],
        superseded=["DE44 5001 0517 5407 3249 31"],
        ids=[
            "GB33 BUKB 2020 1555 5555 55",
            "SE35 5000 0000 0549 1000 0003",
            "INV-2027-0311",
            "NP-88112",
            "HC/0399",
            "ledger_reconciled_march.xlsx",
        ],
    )
)

# ---------------------------------------------------------------- English: home automation
convo(
    Convo(
        "en_home_automation",
        "en",
        [
            ("u", "Set up my evening routine. List the devices first."),
            (
                "call",
                "list_devices",
                {},
                {
                    "devices": [
                        {"id": "light.living_room_main", "type": "light", "room": "living room"},
                        {"id": "light.hallway", "type": "light", "room": "hallway"},
                        {"id": "climate.thermostat_2f", "type": "thermostat", "room": "upstairs"},
                        {"id": "lock.front_door", "type": "lock", "room": "entry"},
                        {"id": "cover.bedroom_blinds", "type": "cover", "room": "bedroom"},
                    ]
                },
            ),
            (
                "a",
                "Found 5 devices: two lights, the upstairs thermostat, the front door lock and the bedroom blinds.",
            ),
            (
                "u",
                "At 21:30 dim living room to 30%, lock the front door, and set the thermostat to 19 degrees. Never unlock the front door automatically, whatever happens.",
            ),
            (
                "call",
                "create_automation",
                {
                    "name": "evening",
                    "time": "21:30",
                    "actions": [
                        {"entity": "light.living_room_main", "brightness": 30},
                        {"entity": "lock.front_door", "action": "lock"},
                        {"entity": "climate.thermostat_2f", "temp_c": 19},
                    ],
                },
                {"automation_id": "automation.evening_7f3a", "next_run": "2027-01-14T21:30:00"},
            ),
            ("a", "Created automation.evening_7f3a, runs daily at 21:30."),
            ("u", "Make it 22:00, we go to bed later on weekdays. And thermostat 18.5 not 19."),
            (
                "call",
                "update_automation",
                {
                    "automation_id": "automation.evening_7f3a",
                    "time": "22:00",
                    "set": {"climate.thermostat_2f": {"temp_c": 18.5}},
                },
                {"automation_id": "automation.evening_7f3a", "time": "22:00"},
            ),
            ("a", "Updated: 22:00, thermostat 18.5°C."),
            (
                "u",
                "Close the blinds too. Oh, and don't run any of this while we're on vacation, the vacation calendar is cal_vacation_2027.",
            ),
            (
                "call",
                "update_automation",
                {
                    "automation_id": "automation.evening_7f3a",
                    "add": [{"entity": "cover.bedroom_blinds", "action": "close"}],
                    "condition": {"not_in_calendar": "cal_vacation_2027"},
                },
                {"automation_id": "automation.evening_7f3a", "ok": True},
            ),
            ("a", "Blinds added; the routine skips days in cal_vacation_2027."),
            ("u", "On Fridays make it 23:30 instead, the rest stays at 22:00."),
            (
                "call",
                "update_automation",
                {
                    "automation_id": "automation.evening_7f3a",
                    "override": {"fri": {"time": "23:30"}},
                },
                {"automation_id": "automation.evening_7f3a", "ok": True},
            ),
            ("a", "Friday runs at 23:30, other days at 22:00."),
            ("u", "The hallway light keeps turning on at night. Check its history."),
            (
                "call",
                "device_history",
                {"entity": "light.hallway", "hours": 24},
                {
                    "entity": "light.hallway",
                    "events": [
                        {"t": "02:14", "state": "on", "by": "automation.motion_hall_3b"},
                        {"t": "02:19", "state": "off", "by": "automation.motion_hall_3b"},
                    ],
                },
            ),
            ("a", "automation.motion_hall_3b switches it on at 02:14 from the motion sensor."),
            (
                "u",
                "Disable that one. Actually, thermostat back to 19, 18.5 was too cold last night.",
            ),
            (
                "call",
                "disable_automation",
                {"automation_id": "automation.motion_hall_3b"},
                {"automation_id": "automation.motion_hall_3b", "enabled": False},
            ),
            (
                "a",
                "Disabled automation.motion_hall_3b. Thermostat in the evening routine set back to 19°C.",
            ),
            ("u", "What time does the routine run on Saturday?"),
        ],
        active=[
            "Never unlock the front door automatically",
            "don't run any of this while we're on vacation",
        ],
        revoked=[],
        current=["22:00", "19", "23:30"],
        superseded=["21:30", "18.5"],
        ids=[
            "automation.evening_7f3a",
            "automation.motion_hall_3b",
            "cal_vacation_2027",
            "climate.thermostat_2f",
            "lock.front_door",
        ],
    )
)

# ---------------------------------------------------------------- English: recruiting coordinator
convo(
    Convo(
        "en_interview_slots",
        "en",
        [
            (
                "u",
                "Schedule the onsite loop for Priya Raman, candidate id CAND-88213, role REQ-5521 staff data engineer. Never schedule interviews on Mondays, the panel has planning.",
            ),
            (
                "call",
                "calendar_free",
                {"people": ["m.ortiz", "j.chen", "a.kowalski"], "week": "2027-W19"},
                {
                    "slots": [
                        {"day": "Tue 2027-05-11", "start": "10:00"},
                        {"day": "Wed 2027-05-12", "start": "14:00"},
                        {"day": "Thu 2027-05-13", "start": "09:30"},
                    ]
                },
            ),
            ("a", "Open slots: Tue May 11 10:00, Wed May 12 14:00, Thu May 13 09:30."),
            (
                "u",
                "Take Wednesday. Keep every interview to 45 minutes and add a 15 minute buffer between them.",
            ),
            (
                "call",
                "book_loop",
                {
                    "candidate": "CAND-88213",
                    "day": "2027-05-12",
                    "start": "14:00",
                    "len_min": 45,
                    "buffer_min": 15,
                },
                {
                    "loop_id": "LOOP-3391",
                    "zoom": "https://acme.zoom.us/j/91827364510",
                    "end": "17:45",
                },
            ),
            ("a", "Booked LOOP-3391 on Wed May 12 from 14:00, ends 17:45. Zoom link sent."),
            (
                "u",
                "Priya says Wednesday doesn't work anymore, she has a conflict. Move it to Thursday morning.",
            ),
            (
                "call",
                "reschedule_loop",
                {"loop_id": "LOOP-3391", "day": "2027-05-13", "start": "09:30"},
                {"loop_id": "LOOP-3391", "day": "2027-05-13", "start": "09:30", "end": "13:15"},
            ),
            ("a", "Moved LOOP-3391 to Thu May 13, 09:30-13:15."),
            ("u", "Replace a.kowalski with d.nwosu on the panel, Anna is out sick."),
            (
                "call",
                "update_panel",
                {"loop_id": "LOOP-3391", "remove": "a.kowalski", "add": "d.nwosu"},
                {
                    "loop_id": "LOOP-3391",
                    "panel": ["m.ortiz", "j.chen", "d.nwosu"],
                    "conflict": "d.nwosu busy 09:30-10:15",
                },
            ),
            (
                "a",
                "d.nwosu is busy 09:30-10:15 on Thursday. Should I reorder so she interviews later?",
            ),
            (
                "u",
                "Yes put her last. And for this loop only, 30 minute interviews are fine, Priya needs to leave by 12.",
            ),
            (
                "call",
                "reschedule_loop",
                {
                    "loop_id": "LOOP-3391",
                    "day": "2027-05-13",
                    "start": "09:30",
                    "len_min": 30,
                    "order": ["m.ortiz", "j.chen", "d.nwosu"],
                },
                {"loop_id": "LOOP-3391", "start": "09:30", "end": "11:30"},
            ),
            ("a", "LOOP-3391 now 09:30-11:30 Thursday, 30 minute slots, d.nwosu last."),
            (
                "u",
                "Ugh, Thursday fell through too. Can we do Monday the 17th? Just this once, the panel agreed to skip planning.",
            ),
            (
                "call",
                "reschedule_loop",
                {"loop_id": "LOOP-3391", "day": "2027-05-17", "start": "10:00"},
                {"loop_id": "LOOP-3391", "day": "2027-05-17", "start": "10:00", "end": "12:00"},
            ),
            ("a", "Moved to Monday May 17, 10:00-12:00."),
            ("u", "Send Priya the updated invite at priya.raman@fastmail.com, not her work email."),
            (
                "call",
                "send_invite",
                {"loop_id": "LOOP-3391", "to": "priya.raman@fastmail.com"},
                {"sent": True, "message_id": "msg_5c1e0b"},
            ),
            ("a", "Invite sent to priya.raman@fastmail.com."),
            ("u", "Who's on the panel now and when does it start?"),
        ],
        active=[
            "Never schedule interviews on Mondays",
            "Keep every interview to 45 minutes and add a 15 minute buffer between them",
        ],
        revoked=[],
        current=["May 17", "10:00", "d.nwosu", "priya.raman@fastmail.com"],
        superseded=["Wednesday", "Thursday", "a.kowalski"],
        ids=["CAND-88213", "REQ-5521", "LOOP-3391", "https://acme.zoom.us/j/91827364510"],
    )
)

# ---------------------------------------------------------------- Chinese: medical appointment bot
convo(
    Convo(
        "zh_medical_appointment",
        "zh",
        [
            (
                "u",
                "你好，我想给我妈挂个心内科的号，她叫王秀兰，身份证号 310105195803124427，手机 138****1234。",
            ),
            (
                "call",
                "patient_lookup",
                {"id_no": "310105195803124427"},
                {
                    "patient_id": "P20270088341",
                    "name": "王秀兰",
                    "phone_masked": "138****1234",
                    "allergies": ["青霉素"],
                    "insurance": "上海医保",
                },
            ),
            ("a", "查到王秀兰阿姨的档案，就诊卡号 P20270088341，记录过敏：青霉素。"),
            ("u", "对，她青霉素过敏，还有头孢也过敏，开药一定要避开这两类。"),
            ("a", "好的，已记下：青霉素、头孢过敏。"),
            (
                "call",
                "schedule_search",
                {"dept": "心内科", "date_from": "2027-03-08", "date_to": "2027-03-12"},
                {
                    "slots": [
                        {
                            "slot_id": "S-CARD-0308-AM-03",
                            "doctor": "李建国",
                            "title": "主任医师",
                            "time": "2027-03-08 09:30",
                            "fee": 50,
                        },
                        {
                            "slot_id": "S-CARD-0309-PM-11",
                            "doctor": "周敏",
                            "title": "副主任医师",
                            "time": "2027-03-09 14:20",
                            "fee": 30,
                        },
                        {
                            "slot_id": "S-CARD-0311-AM-07",
                            "doctor": "李建国",
                            "title": "主任医师",
                            "time": "2027-03-11 10:10",
                            "fee": 50,
                        },
                    ]
                },
            ),
            (
                "a",
                "有三个号：3月8日上午李建国主任（50元）、3月9日下午周敏副主任（30元）、3月11日上午李建国主任（50元）。",
            ),
            ("u", "要李主任的，第一个吧。不要约下午的，她下午要午睡。"),
            (
                "call",
                "book_slot",
                {"patient_id": "P20270088341", "slot_id": "S-CARD-0308-AM-03"},
                {
                    "booking_no": "GH202703080417",
                    "time": "2027-03-08 09:30",
                    "location": "门诊楼3楼心内科2诊室",
                },
            ),
            ("a", "已预约：3月8日 09:30 李建国主任，预约号 GH202703080417，门诊楼3楼2诊室。"),
            ("u", "哎呀8号她要去我姐家，改成11号那个吧。"),
            (
                "call",
                "reschedule",
                {"booking_no": "GH202703080417", "new_slot_id": "S-CARD-0311-AM-07"},
                {
                    "booking_no": "GH202703110233",
                    "time": "2027-03-11 10:10",
                    "cancelled": "GH202703080417",
                },
            ),
            ("a", "已改约到3月11日 10:10，新预约号 GH202703110233，原号已取消。"),
            ("u", "短信提醒别发她手机了，她不会看，发我手机 139****5678。"),
            ("a", "好的，提醒短信改发 139****5678。"),
            ("u", "另外做检查的话，不要安排增强CT，她对造影剂也有过敏。"),
            ("a", "明白，已备注造影剂过敏，不安排增强CT。"),
            ("u", "其实头孢那个是我记错了，她头孢不过敏，是我爸过敏。青霉素是真的。"),
            ("a", "已更正：王秀兰阿姨头孢不过敏，青霉素过敏。"),
            ("u", "那11号要空腹吗？"),
        ],
        active=["开药一定要避开", "不要约下午的", "不要安排增强CT"],
        revoked=["头孢也过敏"],
        current=["11", "139****5678", "GH202703110233"],
        superseded=["GH202703080417"],
        ids=["310105195803124427", "P20270088341", "GH202703110233", "138****1234", "139****5678"],
    )
)

# ---------------------------------------------------------------- Chinese: e-commerce order desk
convo(
    Convo(
        "zh_ecommerce_order",
        "zh",
        [
            (
                "u",
                "帮我下单这台空气净化器，商品链接 https://item.example.cn/p/100238847712，买两台。",
            ),
            (
                "call",
                "product_info",
                {"item_id": "100238847712"},
                {
                    "item_id": "100238847712",
                    "title": "清风 KJ600G 空气净化器",
                    "price": 1899.0,
                    "stock": 37,
                    "sku": "KJ600G-WH",
                },
            ),
            ("a", "清风 KJ600G 空气净化器，单价 1899 元，有货。两台共 3798 元。"),
            (
                "u",
                "收货人写张伟，电话 186 2107 4432，地址 杭州市西湖区文三路 478 号华星大厦 12 楼。发票抬头开公司的：杭州云栖数据科技有限公司，税号 91330106MA2H3X7Q5K。",
            ),
            (
                "a",
                "收货人张伟，186 2107 4432，杭州市西湖区文三路 478 号华星大厦 12 楼；发票抬头杭州云栖数据科技有限公司。",
            ),
            ("u", "用优惠码 SPRING50 。快递发顺丰。"),
            (
                "call",
                "apply_coupon",
                {"code": "SPRING50", "amount": 3798.0},
                {"valid": False, "reason": "该券仅限单笔满5000元使用"},
            ),
            ("a", "SPRING50 不能用，要求单笔满 5000 元。"),
            ("u", "那换成 VIP200 试试。"),
            (
                "call",
                "apply_coupon",
                {"code": "VIP200", "amount": 3798.0},
                {"valid": True, "discount": 200.0, "payable": 3598.0},
            ),
            ("a", "VIP200 可用，减 200，实付 3598 元。"),
            (
                "u",
                "不要顺丰了，太贵，发京东快递就行。收货人改成李娜，电话 137 0571 2290，地址不变。",
            ),
            ("a", "改为京东快递，收货人李娜，137 0571 2290，地址不变。"),
            ("u", "下单吧。记得以后都不要给我勾选运费险。"),
            (
                "call",
                "create_order",
                {
                    "sku": "KJ600G-WH",
                    "qty": 2,
                    "coupon": "VIP200",
                    "courier": "JD",
                    "consignee": "李娜",
                    "phone": "13705712290",
                    "shipping_insurance": False,
                },
                {"order_no": "DD2027041588213406", "payable": 3598.0, "status": "待支付"},
            ),
            ("a", "订单 DD2027041588213406 已创建，待支付 3598 元。"),
            ("u", "等下，改成只买一台，另一台我同事自己买。"),
            (
                "call",
                "modify_order",
                {"order_no": "DD2027041588213406", "qty": 1},
                {"order_no": "DD2027041588213406", "qty": 1, "payable": 1699.0, "coupon": "VIP200"},
            ),
            ("a", "已改为一台，实付 1699 元（VIP200 仍可用）。"),
            ("u", "地址也改一下，改成 杭州市滨江区网商路 699 号 4 号楼，公司搬了。"),
            (
                "call",
                "modify_order",
                {"order_no": "DD2027041588213406", "address": "杭州市滨江区网商路699号4号楼"},
                {"order_no": "DD2027041588213406", "ok": True},
            ),
            ("a", "地址已改为杭州市滨江区网商路 699 号 4 号楼。"),
            ("u", "现在订单上收货人和电话是什么？"),
        ],
        active=["以后都不要给我勾选运费险"],
        revoked=["快递发顺丰"],
        current=["李娜", "137 0571 2290", "京东", "VIP200", "网商路 699 号"],
        superseded=["张伟", "186 2107 4432", "SPRING50", "文三路"],
        ids=["100238847712", "91330106MA2H3X7Q5K", "DD2027041588213406", "KJ600G-WH"],
    )
)

# ---------------------------------------------------------------- Chinese: social-insurance helper
convo(
    Convo(
        "zh_social_insurance",
        "zh",
        [
            (
                "u",
                "我想办社保关系转移，从苏州转到上海。我社保号是 320583199107215518，个人编号 SZ0041877263。",
            ),
            (
                "call",
                "query_insurance_record",
                {"city": "苏州", "person_no": "SZ0041877263"},
                {
                    "person_no": "SZ0041877263",
                    "pension_months": 86,
                    "medical_months": 86,
                    "last_paid": "2027-01",
                    "employer": "苏州恒益精密制造有限公司",
                },
            ),
            (
                "a",
                "苏州这边养老和医保都缴了 86 个月，最后缴费到 2027 年 1 月，单位是苏州恒益精密制造有限公司。",
            ),
            ("u", "嗯。办理过程中别让我跑线下，能线上办的都线上办。"),
            ("a", "好的，全部优先走线上渠道。"),
            (
                "call",
                "check_transfer_eligibility",
                {"from": "苏州", "to": "上海", "person_no": "SZ0041877263"},
                {
                    "eligible": True,
                    "channel": "国家社会保险公共服务平台",
                    "need": ["上海参保证明", "身份证正反面"],
                    "case_prefix": "ZY",
                },
            ),
            ("a", "可以线上办，渠道是国家社会保险公共服务平台，需要上海参保证明和身份证正反面。"),
            (
                "u",
                "上海新单位是上海澜舟信息技术有限公司，3月开始缴的。参保证明我上传了，文件名 cbzm_202703.pdf。",
            ),
            (
                "call",
                "submit_transfer",
                {
                    "person_no": "SZ0041877263",
                    "to": "上海",
                    "new_employer": "上海澜舟信息技术有限公司",
                    "files": ["cbzm_202703.pdf"],
                },
                {"case_no": "ZY3205832027031900417", "status": "已受理", "eta_days": 45},
            ),
            ("a", "已提交，受理号 ZY3205832027031900417，预计 45 个工作日。"),
            ("u", "顺便问下，我公积金能不能一起转？不是让你办，就问问。"),
            ("a", "公积金是单独的，需要在上海公积金中心另外申请异地转移。"),
            ("u", "好。以后有进度通知用短信，不要打电话，我上班接不了。"),
            ("a", "好的，进度通知只发短信。"),
            ("u", "对了，新单位名字我说错了，是上海澜舟智能科技有限公司，不是信息技术。"),
            (
                "call",
                "amend_transfer",
                {"case_no": "ZY3205832027031900417", "new_employer": "上海澜舟智能科技有限公司"},
                {"case_no": "ZY3205832027031900417", "amended": True},
            ),
            ("a", "已更正新单位名称为上海澜舟智能科技有限公司。"),
            ("u", "通知方式算了，电话也可以，中午12点到1点之间打就行。"),
            ("a", "好的，电话通知也可以，限中午 12 点到 1 点。"),
            ("u", "现在办到哪一步了？"),
        ],
        active=["别让我跑线下，能线上办的都线上办"],
        revoked=["不要打电话"],
        current=["上海澜舟智能科技有限公司"],
        superseded=["上海澜舟信息技术有限公司"],
        ids=["320583199107215518", "SZ0041877263", "ZY3205832027031900417", "cbzm_202703.pdf"],
    )
)

# ---------------------------------------------------------------- Chinese: 外卖 ordering agent
convo(
    Convo(
        "zh_takeout_order",
        "zh",
        [
            (
                "u",
                "帮我点个午饭，送到公司，漕河泾开发区宜山路 1388 号 B 座 7 楼。我不吃香菜，也不要葱，所有菜都备注一下。",
            ),
            (
                "call",
                "search_restaurants",
                {"near": "宜山路1388号", "cuisine": "any", "max_eta_min": 40},
                {
                    "restaurants": [
                        {
                            "shop_id": "SH-77120",
                            "name": "老盛昌汤包",
                            "eta_min": 25,
                            "min_order": 20,
                        },
                        {
                            "shop_id": "SH-80533",
                            "name": "很久以前羊肉串",
                            "eta_min": 38,
                            "min_order": 50,
                        },
                        {
                            "shop_id": "SH-81902",
                            "name": "西贝莜面村",
                            "eta_min": 32,
                            "min_order": 30,
                        },
                    ]
                },
            ),
            (
                "a",
                "附近有：老盛昌汤包（25分钟）、很久以前羊肉串（38分钟，起送50）、西贝莜面村（32分钟）。",
            ),
            ("u", "西贝吧。来一份小炒黄牛肉、一份莜面鱼鱼。别太辣，微辣就行。"),
            (
                "call",
                "build_cart",
                {
                    "shop_id": "SH-81902",
                    "items": [
                        {"dish": "小炒黄牛肉", "qty": 1, "spice": "微辣"},
                        {"dish": "莜面鱼鱼", "qty": 1},
                    ],
                    "note": "不要香菜，不要葱",
                },
                {"cart_id": "CART-5510872", "subtotal": 96.0, "delivery_fee": 6.0, "total": 102.0},
            ),
            (
                "a",
                "购物车 CART-5510872：小炒黄牛肉（微辣）+ 莜面鱼鱼，合计 102 元，已备注不要香菜、不要葱。",
            ),
            ("u", "莜面鱼鱼换成黄米凉糕吧。再加一瓶酸梅汤。"),
            (
                "call",
                "update_cart",
                {
                    "cart_id": "CART-5510872",
                    "remove": "莜面鱼鱼",
                    "add": [{"dish": "黄米凉糕", "qty": 1}, {"dish": "酸梅汤", "qty": 1}],
                },
                {"cart_id": "CART-5510872", "subtotal": 104.0, "delivery_fee": 6.0, "total": 110.0},
            ),
            ("a", "已换成黄米凉糕，加了酸梅汤，合计 110 元。"),
            ("u", "葱其实可以放，我就是不吃香菜。用那个满100减15的红包。"),
            (
                "call",
                "apply_redpacket",
                {"cart_id": "CART-5510872", "packet_id": "RP-100-15-2207"},
                {"cart_id": "CART-5510872", "discount": 15.0, "total": 95.0},
            ),
            ("a", "已用满100减15红包，实付 95 元，备注改为只不要香菜。"),
            ("u", "地址不对，今天我在家办公，送到 闵行区莘庄镇莘松路 958 弄 12 号 301。"),
            ("a", "配送地址改为闵行区莘庄镇莘松路 958 弄 12 号 301。"),
            (
                "call",
                "check_delivery",
                {"shop_id": "SH-81902", "address": "闵行区莘庄镇莘松路958弄12号301"},
                {"deliverable": True, "eta_min": 45, "delivery_fee": 9.0},
            ),
            ("a", "可以送，预计 45 分钟，配送费变成 9 元，实付 98 元。"),
            ("u", "45分钟太久了，超过40分钟的不要。换老盛昌吧，来两笼鲜肉汤包一碗咖喱牛肉粉丝汤。"),
            (
                "call",
                "build_cart",
                {
                    "shop_id": "SH-77120",
                    "items": [{"dish": "鲜肉汤包", "qty": 2}, {"dish": "咖喱牛肉粉丝汤", "qty": 1}],
                    "note": "不要香菜",
                },
                {
                    "cart_id": "CART-5511403",
                    "subtotal": 54.0,
                    "delivery_fee": 5.0,
                    "total": 59.0,
                    "eta_min": 30,
                },
            ),
            ("a", "老盛昌：两笼鲜肉汤包 + 咖喱牛肉粉丝汤，59 元，30 分钟送到，备注不要香菜。"),
            ("u", "行，下单。"),
        ],
        active=["不吃香菜", "超过40分钟的不要"],
        revoked=["也不要葱"],
        current=["莘松路 958 弄 12 号 301", "老盛昌"],
        superseded=["宜山路 1388 号", "西贝"],
        ids=["CART-5511403", "SH-77120"],
    )
)

# ---------------------------------------------------------------- Chinese: 报销 assistant
convo(
    Convo(
        "zh_expense_claim",
        "zh",
        [
            ("u", "帮我整理上个月去深圳出差的报销单。报销金额一律保留两位小数，币种人民币。"),
            (
                "call",
                "list_invoices",
                {"folder": "inbox/2027-04", "trip": "深圳"},
                {
                    "invoices": [
                        {
                            "file": "fp_0412_train.pdf",
                            "type": "火车票",
                            "no": "E2027041288301",
                            "amount": 484.5,
                        },
                        {
                            "file": "fp_0412_hotel.pdf",
                            "type": "增值税专用发票",
                            "no": "44031927 00918273",
                            "amount": 1386.0,
                            "seller": "深圳南山希尔顿逸林酒店",
                        },
                        {
                            "file": "fp_0413_taxi.pdf",
                            "type": "出租车票",
                            "no": "TX0413-2291",
                            "amount": 67.0,
                        },
                        {
                            "file": "fp_0414_dinner.pdf",
                            "type": "餐饮发票",
                            "no": "44032001 55120377",
                            "amount": 912.0,
                        },
                    ]
                },
            ),
            ("a", "找到 4 张票：火车票 484.50、酒店专票 1386.00、出租车 67.00、餐饮 912.00。"),
            (
                "u",
                "餐饮那张是请客户吃饭，走业务招待费，不要跟差旅放一张单里。住宿标准是每晚不超过 450 元，超了的部分我自己出。",
            ),
            ("a", "好的，餐饮单独走业务招待费；住宿按每晚 450 元上限。"),
            (
                "call",
                "hotel_nights",
                {"invoice_no": "44031927 00918273"},
                {"nights": 3, "per_night": 462.0},
            ),
            (
                "a",
                "酒店住了 3 晚，每晚 462 元，超标 12 元/晚，共超 36.00 元由您自付，可报 1350.00。",
            ),
            ("u", "嗯。成本中心填 CC-6021-SZ，项目编号 PRJ-2027-118。"),
            (
                "call",
                "create_claim",
                {
                    "type": "差旅费",
                    "cost_center": "CC-6021-SZ",
                    "project": "PRJ-2027-118",
                    "invoices": ["E2027041288301", "44031927 00918273", "TX0413-2291"],
                    "self_pay": 36.0,
                },
                {"claim_no": "BX-20270502-0093", "total": 1901.5, "status": "草稿"},
            ),
            ("a", "差旅报销单 BX-20270502-0093 已生成草稿，合计 1901.50 元。"),
            ("u", "项目编号我写错了，应该是 PRJ-2027-181。"),
            (
                "call",
                "update_claim",
                {"claim_no": "BX-20270502-0093", "project": "PRJ-2027-181"},
                {"claim_no": "BX-20270502-0093", "ok": True},
            ),
            ("a", "已改为 PRJ-2027-181。"),
            ("u", "出租车那张别报了，找不到行程单，财务肯定打回。"),
            (
                "call",
                "update_claim",
                {"claim_no": "BX-20270502-0093", "remove_invoice": "TX0413-2291"},
                {"claim_no": "BX-20270502-0093", "total": 1834.5},
            ),
            ("a", "已移除出租车票，合计 1834.50 元。"),
            ("u", "招待费那张也建个单，审批人填我们部门的陈总，工号 A08821。"),
            (
                "call",
                "create_claim",
                {
                    "type": "业务招待费",
                    "cost_center": "CC-6021-SZ",
                    "invoices": ["44032001 55120377"],
                    "approver": "A08821",
                },
                {"claim_no": "BX-20270502-0094", "total": 912.0, "status": "草稿"},
            ),
            ("a", "招待费单 BX-20270502-0094 已建，912.00 元，审批人陈总 A08821。"),
            ("u", "住宿标准我问了行政，深圳是一线城市，标准是 500 一晚，那就不用自付了。"),
            (
                "call",
                "update_claim",
                {"claim_no": "BX-20270502-0093", "self_pay": 0},
                {"claim_no": "BX-20270502-0093", "total": 1870.5},
            ),
            ("a", "已按 500 元/晚标准更新，差旅单合计 1870.50 元，无自付。"),
            ("u", "两张单子一共多少钱？"),
        ],
        active=["保留两位小数", "不要跟差旅放一张单里"],
        revoked=["每晚不超过 450 元"],
        current=["PRJ-2027-181", "CC-6021-SZ"],
        superseded=["PRJ-2027-118"],
        ids=[
            "BX-20270502-0093",
            "BX-20270502-0094",
            "E2027041288301",
            "44031927 00918273",
            "44032001 55120377",
            "A08821",
        ],
    )
)

# ---------------------------------------------------------------- Chinese: coding agent
convo(
    Convo(
        "zh_coding_agent",
        "zh",
        [
            ("u", "帮我把 order-service 里的日志从 log4j 换成 logback。先看看哪些文件用了 log4j。"),
            (
                "call",
                "grep",
                {"pattern": "org.apache.log4j", "path": "order-service/src"},
                {
                    "matches": [
                        "order-service/src/main/java/com/shop/order/OrderController.java:12",
                        "order-service/src/main/java/com/shop/order/PaymentClient.java:9",
                        "order-service/src/main/java/com/shop/order/legacy/XmlExporter.java:7",
                        "order-service/src/main/resources/log4j.properties",
                    ]
                },
            ),
            ("a", "有 3 个 Java 文件和一个 log4j.properties。"),
            (
                "u",
                "legacy 目录下的先别动，那是要下线的代码。每改完一个文件跑一次 mvn -pl order-service test。",
            ),
            ("a", "好的，legacy/ 不动，每个文件改完跑测试。"),
            (
                "call",
                "edit_file",
                {
                    "path": "order-service/src/main/java/com/shop/order/OrderController.java",
                    "replace": {"org.apache.log4j.Logger": "org.slf4j.Logger"},
                },
                {"ok": True},
            ),
            (
                "call",
                "run_shell",
                {"cmd": "mvn -pl order-service test"},
                {
                    "exit_code": 0,
                    "stdout": "Tests run: 214, Failures: 0, Errors: 0, Skipped: 3\nBUILD SUCCESS",
                },
            ),
            ("a", "OrderController.java 改完，214 个测试通过。"),
            (
                "call",
                "edit_file",
                {
                    "path": "order-service/src/main/java/com/shop/order/PaymentClient.java",
                    "replace": {"org.apache.log4j.Logger": "org.slf4j.Logger"},
                },
                {"ok": True},
            ),
            (
                "call",
                "run_shell",
                {"cmd": "mvn -pl order-service test"},
                {
                    "exit_code": 1,
                    "stdout": "Tests run: 214, Failures: 1\nFAILED: PaymentClientTest.shouldLogRetryCount:58 expected:<3> but was:<0>\nBUILD FAILURE",
                },
            ),
            (
                "a",
                "PaymentClientTest.shouldLogRetryCount 失败了，它用 log4j 的 appender 断言日志条数。",
            ),
            (
                "u",
                "那个测试改成用 ListAppender 断言。测试太慢了，以后只跑 -Dtest=PaymentClientTest 就行，不用跑全量。",
            ),
            (
                "call",
                "edit_file",
                {
                    "path": "order-service/src/test/java/com/shop/order/PaymentClientTest.java",
                    "replace": {"Log4jAppender": "ListAppender<ILoggingEvent>"},
                },
                {"ok": True},
            ),
            (
                "call",
                "run_shell",
                {"cmd": "mvn -pl order-service test -Dtest=PaymentClientTest"},
                {"exit_code": 0, "stdout": "Tests run: 11, Failures: 0\nBUILD SUCCESS"},
            ),
            ("a", "PaymentClientTest 11 个测试通过。"),
            ("u", "legacy 那个 XmlExporter 也改了吧，产品说还要用半年。"),
            (
                "call",
                "edit_file",
                {
                    "path": "order-service/src/main/java/com/shop/order/legacy/XmlExporter.java",
                    "replace": {"org.apache.log4j.Logger": "org.slf4j.Logger"},
                },
                {"ok": True},
            ),
            ("a", "XmlExporter.java 也改完了。"),
            (
                "u",
                "log4j.properties 删掉，新建 src/main/resources/logback-spring.xml，日志级别 INFO。",
            ),
            (
                "call",
                "run_shell",
                {"cmd": "git rm order-service/src/main/resources/log4j.properties"},
                {
                    "exit_code": 0,
                    "stdout": "rm 'order-service/src/main/resources/log4j.properties'",
                },
            ),
            ("a", "已删除 log4j.properties，并新建 logback-spring.xml，级别 INFO。"),
            (
                "u",
                "级别改成 WARN，INFO 太吵了。提交的时候 commit message 用英文，格式 chore(logging): xxx。",
            ),
            (
                "call",
                "run_shell",
                {
                    "cmd": "git commit -am 'chore(logging): migrate order-service from log4j to logback'"
                },
                {
                    "exit_code": 0,
                    "stdout": "[feat/logback 4b7e2d1] chore(logging): migrate order-service from log4j to logback",
                },
            ),
            ("a", "已提交 4b7e2d1。"),
            ("u", "现在还有哪里引用 log4j 吗？"),
        ],
        active=["commit message 用英文"],
        revoked=["legacy 目录下的先别动"],
        current=["WARN"],
        superseded=["INFO"],
        ids=[
            "PaymentClientTest.shouldLogRetryCount",
            "4b7e2d1",
            "src/main/resources/logback-spring.xml",
        ],
    )
)

# ---------------------------------------------------------------- Chinese: travel agent
convo(
    Convo(
        "zh_travel_agent",
        "zh",
        [
            ("u", "国庆想带爸妈去成都玩，10月1日从北京出发，10月5日回。三个人，经济舱。"),
            (
                "call",
                "flight_search",
                {"from": "PEK", "to": "CTU", "date": "2027-10-01", "pax": 3},
                {
                    "flights": [
                        {"no": "CA4113", "dep": "07:30", "arr": "10:40", "price": 1580},
                        {"no": "3U8886", "dep": "12:15", "arr": "15:20", "price": 1320},
                        {"no": "HU7147", "dep": "21:50", "arr": "00:55", "price": 980},
                    ]
                },
            ),
            (
                "a",
                "有三班：国航 CA4113 早上 7:30，1580 元；川航 3U8886 中午 12:15，1320 元；海航 HU7147 晚上 21:50，980 元。",
            ),
            ("u", "我爸妈年纪大了，不要坐红眼航班，也别太早，9点以前的都不要。那就第二个吧。"),
            (
                "call",
                "flight_hold",
                {"no": "3U8886", "date": "2027-10-01", "pax": 3},
                {"order": "FL-CTU-778120", "hold_until": "2027-09-02 20:00", "total": 3960},
            ),
            (
                "a",
                "川航 3U8886 已占座，订单 FL-CTU-778120，三人共 3960 元，请在 9 月 2 日 20:00 前付款。",
            ),
            ("u", "酒店找春熙路附近的，要有无障碍设施，每晚 800 以内。"),
            (
                "call",
                "hotel_search",
                {
                    "area": "春熙路",
                    "checkin": "2027-10-01",
                    "checkout": "2027-10-05",
                    "max_price": 800,
                    "accessible": True,
                },
                {
                    "hotels": [
                        {"hotel_id": "HT-CD-2201", "name": "成都博舍", "price": 1680},
                        {"hotel_id": "HT-CD-3390", "name": "春熙路亚朵S酒店", "price": 628},
                        {"hotel_id": "HT-CD-4107", "name": "全季酒店太古里店", "price": 459},
                    ]
                },
            ),
            ("a", "符合条件的有亚朵S（628 元/晚）和全季太古里店（459 元/晚），博舍超预算了。"),
            ("u", "订亚朵，两间房，一间大床一间双床。"),
            (
                "call",
                "hotel_book",
                {
                    "hotel_id": "HT-CD-3390",
                    "rooms": [{"type": "大床"}, {"type": "双床"}],
                    "checkin": "2027-10-01",
                    "checkout": "2027-10-05",
                },
                {"confirm_no": "YD20271001-55831", "total": 5024},
            ),
            ("a", "亚朵S酒店两间房已订，确认号 YD20271001-55831，4 晚共 5024 元。"),
            ("u", "我妈说想多玩一天，回程改成10月6日。"),
            (
                "call",
                "hotel_modify",
                {"confirm_no": "YD20271001-55831", "checkout": "2027-10-06"},
                {"confirm_no": "YD20271001-55831", "total": 6280},
            ),
            ("a", "酒店延到 10 月 6 日退房，共 6280 元。回程航班要我一起查吗？"),
            (
                "u",
                "查吧。回程也一样，别订红眼。哦对了，早上的其实可以，8点以后就行，我们早起惯了。",
            ),
            (
                "call",
                "flight_search",
                {"from": "CTU", "to": "PEK", "date": "2027-10-06", "pax": 3},
                {
                    "flights": [
                        {"no": "CA4194", "dep": "08:20", "arr": "11:05", "price": 1450},
                        {"no": "3U8881", "dep": "16:40", "arr": "19:10", "price": 1690},
                    ]
                },
            ),
            ("a", "回程：国航 CA4194 早上 8:20，1450 元；川航 3U8881 下午 16:40，1690 元。"),
            ("u", "订便宜的那个。"),
            (
                "call",
                "flight_hold",
                {"no": "CA4194", "date": "2027-10-06", "pax": 3},
                {"order": "FL-PEK-778342", "total": 4350},
            ),
            ("a", "已占座国航 CA4194，订单 FL-PEK-778342，三人 4350 元。"),
            ("u", "总共要付多少？"),
        ],
        active=["不要坐红眼航班", "要有无障碍设施"],
        revoked=["9点以前的都不要"],
        current=["10月6日", "3U8886", "CA4194", "亚朵"],
        superseded=["10月5日"],
        ids=["FL-CTU-778120", "FL-PEK-778342", "YD20271001-55831", "HT-CD-3390"],
    )
)
