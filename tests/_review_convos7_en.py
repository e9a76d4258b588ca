# ruff: noqa: E501  (conversation text is kept verbatim, one message a line)
"""Seventh review round (English): long agentic sessions in domains the first six rounds did not
use: a clinical-trial visit scheduler, a legal e-discovery agent, a podcast editor, a payroll
agent, a flight-crew rostering agent and a data-pipeline on-call agent.

Each has its ground truth beside it, as in `_review_convos.py`.
"""

from __future__ import annotations

from _review_convos import Convo

CONVOS7_EN: list[Convo] = []


def convo(c: Convo) -> None:
    CONVOS7_EN.append(c)


_VISITS = [
    {
        "participant": f"P-04{17 + i}",
        "visit": 3,
        "target": f"2027-03-{10 + i:02d}",
        "window": "+/-2d",
        "site": "104" if i % 2 else "117",
        "status": "unscheduled" if i % 3 else "scheduled",
    }
    for i in range(14)
]

# ---------------------------------------------------------------- clinical-trial scheduler
convo(
    Convo(
        "en_clinical_trial",
        "en",
        [
            (
                "u",
                "I coordinate the HELIX-2 trial (protocol HLX-207-02). Pull the visit 3 list for March so we can book the unscheduled ones.",
            ),
            (
                "call",
                "ctms_visits",
                {"protocol": "HLX-207-02", "visit": 3, "month": "2027-03"},
                {"visits": _VISITS, "total": len(_VISITS)},
            ),
            (
                "a",
                "There are 14 visit-3 records in March; 9 are unscheduled, split between sites 104 and 117.",
            ),
            ("u", "Visits can't fall on a weekend, the clinic is closed."),
            ("a", "Noted, weekdays only."),
            ("u", "All bloods have to be drawn fasting, so morning slots only."),
            ("a", "Understood, morning slots only."),
            (
                "u",
                "And only use participant IDs in messages, never names. Please never put a participant's name in an email either.",
            ),
            ("a", "Understood, IDs only."),
            ("u", "Schedule participant P-0418 for visit 3 on March 12."),
            (
                "call",
                "ctms_book",
                {"participant": "P-0418", "visit": 3, "date": "2027-03-12", "slot": "08:30"},
                {"ok": True, "booking_id": "BK-HLX-55102", "site": "104", "slot": "08:30"},
            ),
            ("a", "Booked P-0418 on March 12 at 08:30, booking BK-HLX-55102."),
            ("u", "Sorry, March 14, the 12th is her chemo day."),
            (
                "call",
                "ctms_reschedule",
                {"booking_id": "BK-HLX-55102", "date": "2027-03-14", "slot": "08:30"},
                {"ok": True, "booking_id": "BK-HLX-55102", "date": "2027-03-14"},
            ),
            ("a", "Moved BK-HLX-55102 to March 14, 08:30."),
            ("u", "Saturday visits are fine for site 104, they opened a weekend clinic."),
            ("a", "OK, Saturdays allowed at site 104."),
            ("u", "Always cc the PI, Dr. Osei, on schedule changes."),
            ("a", "Will do."),
            ("u", "Send the reminder for P-0418 to +1 617 555 0142."),
            (
                "call",
                "sms_send",
                {"to": "+1 617 555 0142", "template": "visit_reminder", "participant": "P-0418"},
                {"ok": True, "message_id": "SMS-7c41e0", "status": "queued"},
            ),
            ("a", "Reminder queued, SMS-7c41e0."),
            ("u", "That number's wrong, it's +1 617 555 0124."),
            ("a", "I'll resend to +1 617 555 0124."),
            ("u", "Stop cc'ing Dr. Osei, she's on leave until March."),
            ("a", "OK."),
            ("u", "Which visits are still unscheduled at site 117?"),
        ],
        active=[
            "Visits can't fall on a weekend",
            "morning slots only",
            "only use participant IDs in messages, never names",
        ],
        revoked=["Always cc the PI, Dr. Osei, on schedule changes"],
        current=["March 14", "+1 617 555 0124"],
        superseded=["March 12", "+1 617 555 0142"],
        ids=["HLX-207-02", "BK-HLX-55102", "P-0418", "SMS-7c41e0"],
    )
)

_DOCS = [
    {
        "doc_id": f"DOC-{300411 + i * 7}",
        "custodian": ["Karen Liu", "Tom Becker", "Raj Mehta"][i % 3],
        "date": f"202{i % 4}-0{1 + i % 9}-1{i % 9}",
        "privileged": i % 5 == 0,
        "hit_terms": ["Project Falcon"] if i % 4 == 0 else ["pricing"],
    }
    for i in range(16)
]

# ---------------------------------------------------------------- legal e-discovery
convo(
    Convo(
        "en_ediscovery",
        "en",
        [
            (
                "u",
                "We're preparing the second production in Acme v. Borealis, matter MTR-2027-0188. Run the search terms against the review set.",
            ),
            (
                "call",
                "review_search",
                {"matter": "MTR-2027-0188", "terms": ["Project Falcon", "pricing"]},
                {"hits": _DOCS, "total": len(_DOCS), "batch": "RS-0188-B2"},
            ),
            ("a", "16 hits in batch RS-0188-B2, four of them flagged privileged."),
            ("u", "No privileged documents go into the production set, obviously."),
            ("a", "Of course, privileged documents are held back."),
            ("u", "Exclude everything before January 1, 2021 from the review set."),
            ("a", "Will exclude pre-2021 documents."),
            (
                "u",
                "Every document from the custodian Karen Liu has to be reviewed by a second reviewer.",
            ),
            ("a", "OK, second review for Karen Liu's documents."),
            ("u", "Never produce documents with native metadata intact; strip it first."),
            ("a", "Metadata will be stripped."),
            ("u", "Use Bates prefix ACME-PRD with seven digits."),
            ("a", "Bates numbering ACME-PRD0000001 onwards."),
            ("u", "The production deadline is May 3."),
            ("a", "Noted, May 3."),
            (
                "call",
                "review_assign",
                {"batch": "RS-0188-B2", "reviewer": "second_pass", "custodian": "Karen Liu"},
                {"ok": True, "assignment": "AS-77310", "docs": 6},
            ),
            ("a", "Six of Karen Liu's documents are assigned for second review as AS-77310."),
            ("u", "Opposing counsel agreed to push it to May 17."),
            ("a", "Deadline moved to May 17."),
            ("u", "Ignore my earlier instruction about metadata, opposing counsel wants natives."),
            ("a", "Understood, natives with metadata."),
            (
                "call",
                "production_stage",
                {"batch": "RS-0188-B2", "bates_prefix": "ACME-PRD", "exclude_privileged": True},
                {
                    "ok": True,
                    "production": "PROD-0188-002",
                    "docs": 9,
                    "bates": "ACME-PRD0000412-ACME-PRD0000420",
                },
            ),
            ("a", "Staged PROD-0188-002: nine documents, ACME-PRD0000412 to ACME-PRD0000420."),
            ("u", "Hold off on sending the production until I hear from the partner."),
            ("a", "I'll wait."),
            ("u", "What's the Bates range again?"),
        ],
        active=[
            "No privileged documents go into the production set",
            "Exclude everything before January 1, 2021",
            "Every document from the custodian Karen Liu has to be reviewed by a second reviewer",
            "Use Bates prefix ACME-PRD",
            "Hold off on sending the production",
        ],
        revoked=["Never produce documents with native metadata intact"],
        current=["May 17"],
        superseded=["May 3"],
        ids=["MTR-2027-0188", "RS-0188-B2", "AS-77310", "PROD-0188-002", "ACME-PRD0000412"],
    )
)

_SEGMENTS = [
    {"seg": f"S{i:02d}", "start": f"00:{i * 3:02d}:00", "kind": k, "fillers": (i * 7) % 23}
    for i, k in enumerate(
        [
            "intro_music",
            "cold_open",
            "interview",
            "ad_read",
            "interview",
            "laughs",
            "interview",
            "outro",
        ]
    )
]

# ---------------------------------------------------------------- podcast editor
convo(
    Convo(
        "en_podcast",
        "en",
        [
            ("u", "Load the raw recording for episode 212 of Tidewater, file tw212_raw_v1.wav."),
            (
                "call",
                "audio_load",
                {"file": "tw212_raw_v1.wav"},
                {
                    "ok": True,
                    "duration": "01:04:12",
                    "sample_rate": 48000,
                    "segments": _SEGMENTS,
                    "project": "PRJ-TW-212",
                },
            ),
            ("a", "Loaded PRJ-TW-212: 64 minutes, eight segments."),
            ("u", "Don't touch the intro music, I like it."),
            ("a", "Intro music stays as is."),
            ("u", 'Cut all the "ums" and "you knows", but leave the laughs in.'),
            ("a", "Will cut fillers and keep the laughter."),
            ("u", "Keep each episode under 48 minutes."),
            ("a", "Target under 48 minutes."),
            ("u", "Loudness should be -16 LUFS for stereo."),
            ("a", "OK, -16 LUFS."),
            ("u", "I never liked the old intro anyway."),
            ("a", "Noted."),
            (
                "call",
                "audio_edit",
                {"project": "PRJ-TW-212", "remove": ["fillers"], "keep": ["laughs", "intro_music"]},
                {"ok": True, "removed": 212, "new_duration": "00:53:40", "render": "RND-212-a"},
            ),
            ("a", "Removed 212 fillers; the edit is now 53:40 (RND-212-a)."),
            ("u", "Episode 212 can run to 55 minutes, it's the anniversary special."),
            ("a", "Fine, 53:40 is within 55 minutes."),
            ("u", 'The episode title is "Why Tides Lie".'),
            ("a", "Title set."),
            ("u", "Set the export bitrate to 128 kbps."),
            ("a", "128 kbps."),
            ("u", "Bump it to 192."),
            ("a", "192 kbps it is."),
            ("u", "Actually you can shorten the intro music to 10 seconds."),
            (
                "call",
                "audio_export",
                {
                    "project": "PRJ-TW-212",
                    "bitrate_kbps": 192,
                    "lufs": -16,
                    "title": "Why Tides Lie",
                },
                {"ok": True, "file": "tw212_master_192.mp3", "duration": "00:53:20"},
            ),
            ("a", "Exported tw212_master_192.mp3, 53:20."),
            ("u", "Great. How long is the final cut?"),
        ],
        active=[
            'Cut all the "ums" and "you knows", but leave the laughs in',
            "Keep each episode under 48 minutes",
            "Loudness should be -16 LUFS",
        ],
        current=["192"],
        superseded=["128 kbps"],
        ids=["PRJ-TW-212", "RND-212-a", "tw212_master_192.mp3", "tw212_raw_v1.wav"],
    )
)

_TIMESHEETS = [
    {
        "employee_id": f"E-20{900 + i * 13}",
        "name": n,
        "regular_h": 40,
        "overtime_h": (i * 3) % 9,
        "ot_approved": i % 2 == 0,
    }
    for i, n in enumerate(
        ["Ana Ruiz", "Ben Okoro", "Chloe Park", "Dev Singh", "Eva Lind", "Farid Haddad", "Gwen Ito"]
    )
]

# ---------------------------------------------------------------- payroll agent
convo(
    Convo(
        "en_payroll",
        "en",
        [
            (
                "u",
                "Ugh, Mondays. Anyway, pull the timesheets for week 14 for Harbor Bakery, company HB-0091.",
            ),
            (
                "call",
                "payroll_timesheets",
                {"company": "HB-0091", "week": 14},
                {"timesheets": _TIMESHEETS, "period": "PP-2027-14"},
            ),
            ("a", "Seven timesheets for PP-2027-14; three have overtime without approval."),
            ("u", "Nobody gets paid overtime without a manager approval on file."),
            ("a", "Understood."),
            ("u", "My manager always forgets to approve overtime on time."),
            ("a", "I can send her a reminder if you like."),
            ("u", "Don't run payroll without my sign-off."),
            ("a", "I'll wait for your sign-off."),
            ("u", "Contractors are paid net 30, not through payroll."),
            ("a", "OK, contractors are excluded."),
            ("u", "Set Ana Ruiz's hourly rate to $31.50."),
            (
                "call",
                "payroll_update_rate",
                {"employee_id": "E-20900", "hourly_rate": 31.5},
                {"ok": True, "change_id": "RC-33018"},
            ),
            ("a", "Rate updated, RC-33018."),
            ("u", "Wait, $32.75, I forgot her raise."),
            (
                "call",
                "payroll_update_rate",
                {"employee_id": "E-20900", "hourly_rate": 32.75},
                {"ok": True, "change_id": "RC-33019"},
            ),
            ("a", "Updated to $32.75, RC-33019."),
            ("u", "The pay date is the 25th."),
            ("a", "OK."),
            ("u", "The pay date moves to the 24th because of the holiday."),
            ("a", "Pay date moved to the 24th."),
            ("u", "Use cost center CC-4410-OPS for the overtime."),
            ("a", "OK."),
            ("u", "No, it's CC-4401-OPS."),
            ("a", "Corrected to CC-4401-OPS."),
            ("u", "You don't need my sign-off for off-cycle runs under $5,000."),
            ("a", "Understood."),
            ("u", "What's the total gross for this run?"),
        ],
        active=[
            "Nobody gets paid overtime without a manager approval on file",
            "Don't run payroll without my sign-off",
            "Contractors are paid net 30",
        ],
        current=["$32.75", "the 24th", "CC-4401-OPS"],
        superseded=["$31.50", "the 25th", "CC-4410-OPS"],
        ids=["HB-0091", "PP-2027-14", "RC-33019", "E-20900"],
    )
)

_PAIRINGS = [
    {
        "pairing": f"PR-0603-{i:03d}",
        "flights": [f"LH-44{10 + i}", f"LH-44{11 + i}"],
        "duty_h": 7.5 + (i % 4) * 0.75,
        "aircraft": "A321neo" if i % 2 else "A320",
        "captain": None if i % 3 == 0 else f"CPT-{8800 + i}",
    }
    for i in range(10)
]

# ---------------------------------------------------------------- flight-crew rostering
convo(
    Convo(
        "en_crew_roster",
        "en",
        [
            ("u", "Build the June 3 roster for the Frankfurt base. Start with the open pairings."),
            (
                "call",
                "roster_open_pairings",
                {"base": "FRA", "date": "2027-06-03"},
                {"pairings": _PAIRINGS, "roster_id": "RST-FRA-0603"},
            ),
            ("a", "Ten open pairings in RST-FRA-0603; four have no captain yet."),
            ("u", "Pilots can't fly more than 9 hours in a duty period."),
            ("a", "Understood, 9-hour duty cap."),
            ("u", "No first officer should be rostered on more than 5 consecutive days."),
            ("a", "OK."),
            ("u", "Every crew needs at least one captain with A321neo qualification."),
            ("a", "Understood."),
            ("u", "Roster Captain Ilse Maren on LH-4410 on June 3."),
            (
                "call",
                "roster_assign",
                {"pairing": "PR-0603-000", "crew_id": "CPT-8731", "role": "CPT"},
                {"ok": True, "assignment": "ASG-0603-114", "legality": "ok"},
            ),
            ("a", "Captain Ilse Maren (CPT-8731) assigned to PR-0603-000, ASG-0603-114."),
            ("u", "Swap her for Captain Tomas Quist, Ilse is sick."),
            (
                "call",
                "roster_assign",
                {
                    "pairing": "PR-0603-000",
                    "crew_id": "CPT-8790",
                    "role": "CPT",
                    "replace": "ASG-0603-114",
                },
                {"ok": True, "assignment": "ASG-0603-115", "legality": "ok"},
            ),
            ("a", "Tomas Quist (CPT-8790) now on PR-0603-000, ASG-0603-115."),
            ("u", "The 9-hour cap is now 10 hours under the new agreement."),
            ("a", "Cap raised to 10 hours."),
            ("u", "Remember that Karen Liu is the CFO, not the general counsel."),
            ("a", "Noted."),
            (
                "call",
                "roster_validate",
                {"roster_id": "RST-FRA-0603"},
                {
                    "ok": False,
                    "violations": [
                        {
                            "pairing": "PR-0603-006",
                            "rule": "FO consecutive days",
                            "crew_id": "FO-5512",
                        }
                    ],
                },
            ),
            ("a", "One violation: FO-5512 on PR-0603-006 would be on day 6 in a row."),
            ("u", "Who else can take PR-0603-006?"),
        ],
        active=[
            "No first officer should be rostered on more than 5 consecutive days",
            "Every crew needs at least one captain with A321neo qualification",
        ],
        revoked=["Pilots can't fly more than 9 hours in a duty period"],
        current=["Tomas Quist"],
        superseded=["Ilse Maren"],
        ids=["RST-FRA-0603", "ASG-0603-115", "PR-0603-006", "FO-5512", "CPT-8790"],
    )
)

_RUNS = [
    {
        "run_id": f"manual__2027-04-{d:02d}T02:00:00",
        "state": "failed" if d in (1, 2, 5) else "success",
        "task": "load_orders" if d != 5 else "dedupe_orders",
        "error": "SnowflakeTimeout" if d in (1, 2) else ("UniqueViolation" if d == 5 else None),
    }
    for d in range(1, 9)
]

# ---------------------------------------------------------------- data-pipeline on-call
convo(
    Convo(
        "en_pipeline_oncall",
        "en",
        [
            (
                "u",
                "Paged about the orders pipeline again. The pipeline is orders_daily_v2, show me the last runs.",
            ),
            (
                "call",
                "airflow_runs",
                {"dag_id": "orders_daily_v2", "limit": 8},
                {"runs": _RUNS, "dag_id": "orders_daily_v2"},
            ),
            (
                "a",
                "Three failed runs: April 1 and 2 timed out on Snowflake, April 5 hit a unique violation in dedupe_orders.",
            ),
            ("u", "I meant orders_daily_v3, v2 was retired."),
            (
                "call",
                "airflow_runs",
                {"dag_id": "orders_daily_v3", "limit": 8},
                {"runs": _RUNS[:4], "dag_id": "orders_daily_v3"},
            ),
            ("a", "orders_daily_v3 failed on April 1 and 2 with SnowflakeTimeout."),
            ("u", "Always open an incident ticket before you rerun a failed DAG."),
            ("a", "Understood."),
            ("u", "Don't backfill more than 7 days at a time, the warehouse chokes."),
            ("a", "OK, 7-day chunks."),
            ("u", "Never page the on-call after midnight for a P3."),
            ("a", "Understood."),
            ("u", "The DAG always fails on the first of the month."),
            ("a", "That matches the month-end load spike."),
            (
                "call",
                "incident_open",
                {"title": "orders_daily_v3 SnowflakeTimeout", "severity": "P3"},
                {"ok": True, "incident": "INC-40921"},
            ),
            ("a", "Opened INC-40921."),
            ("u", "Rerun the DAG from 2027-04-02."),
            ("a", "Ready to rerun from 2027-04-02."),
            ("u", "Make that 2027-04-01, the 2nd depends on it."),
            (
                "call",
                "airflow_clear",
                {"dag_id": "orders_daily_v3", "start": "2027-04-01", "end": "2027-04-02"},
                {"ok": True, "cleared": 2, "incident": "INC-40921"},
            ),
            ("a", "Cleared two runs from 2027-04-01."),
            ("u", "Scratch that rule about paging, page them whenever."),
            ("a", "OK."),
            ("u", "No ticket needed for reruns of the dev DAGs."),
            ("a", "Understood."),
            ("u", "Bump the backfill limit to 14 days, we upgraded the warehouse."),
            ("a", "OK, 14 days."),
            ("u", "Did the reruns go through?"),
        ],
        active=[
            "Always open an incident ticket before you rerun a failed DAG",
            "No ticket needed for reruns of the dev DAGs",
        ],
        revoked=[
            "Never page the on-call after midnight for a P3",
            "Don't backfill more than 7 days",
        ],
        current=["orders_daily_v3", "2027-04-01"],
        superseded=["orders_daily_v2", "2027-04-02"],
        ids=["INC-40921", "orders_daily_v3", "manual__2027-04-05T02:00:00"],
    )
)
