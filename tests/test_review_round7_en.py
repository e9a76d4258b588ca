"""Seventh review round (English only), on long agentic sessions in domains the first six rounds
did not use: a clinical-trial visit scheduler, a legal e-discovery agent, a podcast editor, a
payroll agent, a flight-crew rostering agent and a data-pipeline on-call agent.

The 6 sessions are in `_review_convos7_en.py`; `test_sessions7_en_keep_latest_turn_and_pairs`
runs each at 30% and at 15% of its raw tokens. Every other test is the smallest input that shows
one defect found (56: rules read 20, rules lifted/changed 13, values 8, identifiers 5, garbage 9,
budget 1; all fixed since, each with look-alikes and near-misses in its own module). Where a
defect shows in several natural wordings, the test is parametrized over 2-4 of them and counts
once. "garbage" includes three
intent misreads. The block is read at a budget large enough that
nothing is shed for room (except under "budget"), so what fails is what the engine understood.
Many inputs come from probing the same domains beyond the sessions (other wordings of a rule, its
lift, its exception). A few tests without xfail pin behaviour that was right and is worth keeping.
"""

from __future__ import annotations

import pytest
from _review_convos import Convo
from _review_convos7_en import CONVOS7_EN
from _review_harness import (
    block,
    block_of,
    build,
    compact,
    current_text,
    evidence_text,
    raw_tokens,
    rules_text,
    section,
    state_text,
)

from ctxengine.convert import validate_pairing
from ctxengine.messages import TextPart
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter


def _session(name: str) -> Convo:
    return next(c for c in CONVOS7_EN if c.name == name)


def _xfail(reason: str) -> pytest.MarkDecorator:
    return pytest.mark.xfail(strict=True, reason=f"round 7: {reason}")


def _rules(*user: str) -> str:
    """The constraints section after the user says each of `user`, each answered "OK."."""
    msgs: list[str] = []
    for m in user:
        msgs += [m, "OK."]
    return rules_text(block(*msgs, "Go."))


def _after(*user: str) -> str:
    """The whole block after the user says each of `user`, each answered "OK."."""
    msgs: list[str] = []
    for m in user:
        msgs += [m, "OK."]
    return block(*msgs, "Go.")


# ---------------------------------------------------------------- the sessions themselves


@pytest.mark.parametrize("share", [0.3, 0.15])
@pytest.mark.parametrize("convo", CONVOS7_EN, ids=[c.name for c in CONVOS7_EN])
def test_sessions7_en_keep_latest_turn_and_pairs(convo: Convo, share: float) -> None:
    ctx = compact(convo.steps, share)
    assert ctx.compacted_context
    shown = [p.text for m in ctx.messages for p in m.parts if isinstance(p, TextPart)]
    assert any(convo.steps[-1][1] in t for t in shown)
    validate_pairing(ctx.messages)


def test_sessions7_en_are_long_and_use_tools() -> None:
    assert len(CONVOS7_EN) == 6 and all(c.lang == "en" for c in CONVOS7_EN)
    assert all(20 <= len(build(c.steps)) <= 40 for c in CONVOS7_EN)
    assert all(sum(1 for s in c.steps if s[0] == "call") >= 3 for c in CONVOS7_EN)


# ---------------------------------------------------------------- rules read


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Visits can't fall on a weekend, the clinic is closed.", "weekend"),
        ("Pilots can't fly more than 9 hours in a duty period.", "9 hours"),
        ("Crew members can't swap duties without ops approval.", "ops approval"),
    ],
)
def test_rule_noun_subject_cant(text: str, words: str) -> None:
    assert words in _rules(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("No privileged documents go into the production set, obviously.", "privileged"),
        (
            "No first officer should be rostered on more than 5 consecutive days.",
            "5 consecutive days",
        ),
        ("No invoice should be paid twice.", "paid twice"),
    ],
)
def test_rule_no_noun_verb(text: str, words: str) -> None:
    assert words in _rules(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Nobody gets paid overtime without a manager approval on file.", "manager approval"),
        ("Nobody works more than 6 days in a row.", "6 days"),
        ("Nobody is to be contacted after 8pm.", "8pm"),
    ],
)
def test_rule_nobody(text: str, words: str) -> None:
    assert words in _rules(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "Every document from the custodian Karen Liu has to be reviewed by a second reviewer.",
            "second reviewer",
        ),
        ("Reminders have to be sent 48 hours ahead.", "48 hours ahead"),
        ("Every document from the custodian has to be reviewed twice.", "reviewed twice"),
    ],
)
def test_rule_has_to_be_passive(text: str, words: str) -> None:
    assert words in _rules(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Loudness should be -16 LUFS for stereo.", "-16 LUFS"),
        ("Exports should be mono.", "mono"),
    ],
)
def test_rule_bare_noun_should_be(text: str, words: str) -> None:
    assert words in _rules(text)


def test_rule_the_output_should_be_is_read() -> None:
    assert "24-bit WAV" in _rules("The output should be 24-bit WAV.")


def test_rule_i_want_all_sent_by_channel() -> None:
    assert "SMS" in _rules("I want all reminders sent by SMS, not email.")


def test_rule_i_want_all_sent_as_format_is_read() -> None:
    assert "PDF" in _rules("I want all invoices sent as PDF, not Word.")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Exclude everything before January 1, 2021 from the review set.", "January 1, 2021"),
        ('Cut all the "ums" and "you knows", but leave the laughs in.', "laughs"),
        ("Skip anything dated after the cutoff.", "after the cutoff"),
        ("Remove every cough but leave the pauses.", "pauses"),
    ],
)
def test_rule_quantified_imperative(text: str, words: str) -> None:
    assert words in _rules(text)


def test_rule_leave_as_it_is() -> None:
    assert "outro" in _rules("Leave the outro as it is.")


def test_rule_keep_as_is_is_read() -> None:
    assert "intro music" in _rules("Keep the intro music as is.")


def test_rule_use_prefix_convention() -> None:
    assert "ACME-PRD" in _rules("Use Bates prefix ACME-PRD with seven digits.")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Contractors are paid net 30, not through payroll.", "net 30"),
        ("Employees are paid biweekly, not monthly.", "biweekly"),
        ("Part-timers are paid by bank transfer only.", "bank transfer"),
        ("Reruns are limited to two per day.", "two per day"),
    ],
)
def test_rule_are_paid_policy(text: str, words: str) -> None:
    assert words in _rules(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Hold off on sending the production until I hear from the partner.", "Hold off"),
        ("Wait for my go-ahead before you send it.", "go-ahead"),
        ("Hold the wire until the CFO approves it.", "CFO approves"),
    ],
)
def test_rule_hold_until(text: str, words: str) -> None:
    assert words in _rules(text)


def test_rule_reason_so_only_kept_whole() -> None:
    assert "fasting" in _rules("All bloods have to be drawn fasting, so morning slots only.")


def test_rule_leading_and_kept_whole() -> None:
    assert "participant IDs" in _rules("And only use participant IDs in messages, never names.")


def test_rule_without_leading_and_kept_whole() -> None:
    assert "participant IDs" in _rules("Only use participant IDs in messages, never names.")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Always cc the PI, Dr. Osei, on schedule changes.", "schedule changes"),
        ("Always cc the study nurse, Maria, on changes.", "Maria"),
    ],
)
def test_rule_appositive_kept_whole(text: str, words: str) -> None:
    assert words in _rules(text)


@pytest.mark.parametrize(
    "text", ["Always copy Dr. Osei on changes.", "Going forward, cc Dr. Osei's assistant instead."]
)
def test_rule_not_cut_at_title_abbreviation(text: str) -> None:
    assert "Dr. Osei" in _rules(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Under no circumstances should a participant's name appear in an email.", "name"),
        ("Do not, under any circumstances, page the CEO.", "page the CEO"),
    ],
)
def test_rule_under_no_circumstances(text: str, words: str) -> None:
    assert words in _rules(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("It's important that every blood draw is fasting.", "fasting"),
        ("Our policy is that overtime needs written approval.", "written approval"),
        ("The rule is: no backfills during business hours.", "business hours"),
    ],
)
def test_rule_framed(text: str, words: str) -> None:
    assert words in _rules(text)


def test_rule_there_must_be() -> None:
    assert "12-hour rest" in _rules("There must be a 12-hour rest between duties.")


def test_rule_there_should_be_is_read() -> None:
    assert "A321neo" in _rules("There should be at least one A321neo captain on every crew.")


def test_rule_keep_at_value() -> None:
    assert "-16 LUFS" in _rules("Keep loudness at -16 LUFS.")


def test_rule_comma_value_list_kept() -> None:
    assert "24-bit" in _rules("Always export at 48 kHz, 24-bit.")


# ---------------------------------------------------------------- rules lifted/changed


def test_forget_the_named_limit_lifts_rule() -> None:
    rules = _rules(
        "Don't book anything before 10am.",
        "Forget the 10am limit, the coordinator starts at 8 now.",
    )
    assert "before 10am" not in rules


@pytest.mark.parametrize(
    "lift",
    [
        "Scratch that rule about paging, page them whenever.",
        "The paging rule no longer applies.",
        "You can drop the paging rule.",
    ],
)
def test_lift_rule_named_by_topic(lift: str) -> None:
    assert "Never page" not in _rules("Never page the on-call after midnight for a P3.", lift)


@pytest.mark.parametrize(
    ("rule", "lift"),
    [
        (
            "Never produce documents with native metadata intact.",
            "Ignore my earlier instruction about metadata, opposing counsel wants natives.",
        ),
        ("Never page the on-call after midnight.", "Disregard what I said about paging."),
    ],
)
def test_lift_ignore_what_i_said_about(rule: str, lift: str) -> None:
    assert rule not in _rules(rule, lift)


@pytest.mark.parametrize(
    "lift",
    ["Stop cc'ing Priya, she's on leave until March.", "Quit copying Priya on those."],
)
def test_lift_stop_doing(lift: str) -> None:
    assert "Always cc Priya" not in _rules("Always cc Priya on incident updates.", lift)


@pytest.mark.parametrize(
    ("rule", "change", "old"),
    [
        (
            "Pilots must not fly more than 9 hours per duty.",
            "The 9-hour cap is now 10 hours under the new agreement.",
            "9 hours",
        ),
        (
            "Keep each episode under 48 minutes.",
            "The 48-minute cap is now 50 minutes.",
            "48 minutes",
        ),
    ],
)
def test_limit_is_now_changes_rule(rule: str, change: str, old: str) -> None:
    assert old not in _rules(rule, change)


def test_raise_the_limit_to_changes_rule() -> None:
    rules = _rules("Keep each episode under 48 minutes.", "Raise the limit to 50 minutes.")
    assert "Keep each episode under 48 minutes" not in rules


@pytest.mark.parametrize(
    "exception",
    [
        "Saturday visits are fine for site 104, they opened a weekend clinic.",
        "Sundays are fine for site 104.",
    ],
)
def test_exception_are_fine_for_kept(exception: str) -> None:
    assert "104" in _rules("Never schedule a visit on a weekend.", exception)


def test_exception_its_fine_to_kept() -> None:
    rules = _rules("Never book on a weekend.", "It's fine to book Saturdays at site 104.")
    assert "Never book on a weekend" in rules and "site 104" in rules


@pytest.mark.parametrize(
    ("rule", "exception", "words"),
    [
        (
            "Only use participant IDs in messages, never names.",
            "It's fine to use first names with the site coordinator.",
            "site coordinator",
        ),
        (
            "Never put participant names in emails.",
            "You may name participants in internal notes.",
            "internal notes",
        ),
    ],
)
def test_exception_scoped_permission_kept(rule: str, exception: str, words: str) -> None:
    assert words in _rules(rule, exception)


@pytest.mark.parametrize("lift", ["Weekend visits are allowed again.", "Weekends are OK now."])
def test_lift_allowed_again(lift: str) -> None:
    assert "Never schedule a visit on a weekend" not in _rules(
        "Never schedule a visit on a weekend.", lift
    )


def test_lift_go_ahead_too() -> None:
    rules = _rules(
        "Never page the on-call after midnight for a P3.", "Go ahead and page for P3s too."
    )
    assert "Never page" not in rules


@pytest.mark.parametrize(
    ("rule", "narrowing", "words"),
    [
        (
            "Always open an incident ticket before you rerun a DAG.",
            "From now on, tickets only for prod DAGs.",
            "prod",
        ),
        (
            "Don't run payroll without my sign-off.",
            "The sign-off rule only applies to regular runs.",
            "regular runs",
        ),
        (
            "Never produce documents with native metadata.",
            "Actually, strip metadata only from emails.",
            "emails",
        ),
    ],
)
def test_narrowing_with_only(rule: str, narrowing: str, words: str) -> None:
    assert words in _rules(rule, narrowing)


@pytest.mark.parametrize(
    ("rule", "change", "old"),
    [
        ("Keep each episode under 48 minutes.", "Loosen the 48-minute cap to 50.", "48 minutes"),
        (
            "Pilots must not fly more than 9 hours per duty.",
            "Relax the 9-hour limit to 10.",
            "9 hours",
        ),
    ],
)
def test_limit_loosen_relax_to(rule: str, change: str, old: str) -> None:
    assert old not in _rules(rule, change)


@pytest.mark.parametrize(
    "exception",
    [
        "Episode 212 can run to 55 minutes, it's the anniversary special.",
        "The bonus episode can run to 55 minutes.",
    ],
)
def test_exception_item_can_run_to_kept(exception: str) -> None:
    assert "55 minutes" in _rules("Keep each episode under 48 minutes.", exception)


@pytest.mark.parametrize(
    "narrowing",
    [
        "Actually you can shorten the intro music to 10 seconds.",
        "You can trim the intro music a bit.",
    ],
)
def test_narrowing_you_can_verb(narrowing: str) -> None:
    rules = _rules("Don't touch the intro music.", narrowing)
    assert "Don't touch the intro music" not in rules or "10 seconds" in rules or "trim" in rules


def test_unrelated_rule_not_superseding() -> None:
    text = _after(
        "Never page the on-call after midnight for a P3.",
        "Bump the backfill limit to 14 days, we upgraded the warehouse.",
    )
    assert "Never page the on-call" in rules_text(text)
    assert "page the on-call" not in "\n".join(section(text, "conflicts"))


def test_exception_no_ticket_needed_kept_beside_rule() -> None:
    rules = _rules(
        "Always open an incident ticket before you rerun a failed DAG.",
        "No ticket needed for reruns of the dev DAGs.",
    )
    assert "Always open an incident ticket" in rules and "dev DAGs" in rules


# ---------------------------------------------------------------- values


@pytest.mark.parametrize(
    "change",
    [
        "The pay date moves to the 24th because of the holiday.",
        "The pay date shifts to the 24th.",
    ],
)
def test_slot_date_moves_to(change: str) -> None:
    current = current_text(_after("The pay date is the 25th.", change))
    assert "the 24th" in current and "the 25th" not in current


def test_slot_date_move_to_imperative() -> None:
    current = current_text(_after("The pay date is the 25th.", "Move the pay date to the 24th."))
    assert "the 24th" in current and "the 25th" not in current


@pytest.mark.parametrize(
    ("first", "change", "new", "old"),
    [
        ("Set the export bitrate to 128 kbps.", "Bump it to 192.", "192", "128"),
        ("Set the export bitrate to 128 kbps.", "Up it to 192 kbps.", "192", "128"),
        ("Set the sample rate to 44.1 kHz.", "Bump it to 48 kHz.", "48 kHz", "44.1"),
    ],
)
def test_slot_bump_it_to(first: str, change: str, new: str, old: str) -> None:
    current = current_text(_after(first, change))
    assert new in current and old not in current


def test_slot_make_it_changes_value() -> None:
    current = current_text(_after("Set the export bitrate to 128 kbps.", "Make it 192."))
    assert "192" in current and "128" not in current


@pytest.mark.parametrize(
    "text",
    [
        'The episode title is "Why Tides Lie".',
        'Title it "Why Tides Lie".',
        'Call the episode "Why Tides Lie".',
    ],
)
def test_slot_quoted_title(text: str) -> None:
    assert "Why Tides Lie" in current_text(_after(text))


@pytest.mark.parametrize(
    ("first", "swap", "new"),
    [
        (
            "Roster Captain Ilse Maren on LH-4410 on June 3.",
            "Swap her for Captain Tomas Quist, Ilse is sick.",
            "Tomas Quist",
        ),
        ("Put Ilse Maren on LH-4410.", "Replace her with Tomas Quist.", "Tomas Quist"),
        ("The reviewer is Raj Mehta.", "Swap Raj for Nina Cole.", "Nina Cole"),
    ],
)
def test_slot_person_swapped_in(first: str, swap: str, new: str) -> None:
    assert new in current_text(_after(first, swap))


@pytest.mark.parametrize(
    ("first", "fix", "new", "old"),
    [
        (
            "Send the reminder to +1 617 555 0142.",
            "That number's wrong, it's +1 617 555 0124.",
            "+1 617 555 0124",
            "+1 617 555 0142",
        ),
        (
            "Use cost center CC-4410-OPS for the overtime.",
            "No, it's CC-4401-OPS.",
            "CC-4401-OPS",
            "CC-4410-OPS",
        ),
        (
            "Set Ana Ruiz's hourly rate to $31.50.",
            "Wait, $32.75, I forgot her raise.",
            "$32.75",
            "$31.50",
        ),
    ],
)
def test_corrected_value_becomes_current(first: str, fix: str, new: str, old: str) -> None:
    current = current_text(_after(first, fix))
    assert new in current and old not in current


def test_value_person_added_to_role() -> None:
    text = _after("The custodian is Karen Liu.", "Add Tom Becker as a custodian too.")
    assert "Tom Becker" in state_text(text) + evidence_text(text)


def test_value_restated_with_now() -> None:
    current = current_text(_after("Visit 3 is on March 12.", "Visit 3 is on March 14 now."))
    assert "March 14" in current and "March 12" not in current


def test_slot_day_only_instead() -> None:
    current = current_text(_after("Book her on March 12.", "She'll come on the 14th instead."))
    assert "March 12" not in current


def test_slot_deadline_pushed_to() -> None:
    current = current_text(
        _after("The production deadline is May 3.", "Opposing counsel agreed to push it to May 17.")
    )
    assert "May 17" in current and "May 3" not in current


def test_slot_code_i_meant() -> None:
    text = _after("The pipeline is orders_daily_v2.", "I meant orders_daily_v3, v2 was retired.")
    assert "orders_daily_v3" in current_text(text)
    assert "orders_daily_v2" not in current_text(text)


# ---------------------------------------------------------------- identifiers


def test_id_letter_suffix_kept() -> None:
    assert "RND-212-a" in evidence_text(_after("Use the render RND-212-a for the master."))


def test_id_airflow_run_id_kept() -> None:
    text = _after("Rerun manual__2027-04-05T02:00:00 once the fix is in.")
    assert "manual__2027-04-05T02:00:00" in evidence_text(text)


def test_id_s3_path_kept() -> None:
    path = "s3://hb-lake/orders/dt=2027-04-01/part-0001.parquet"
    assert path in evidence_text(_after(f"The files are in {path}."))


def test_id_versioned_name_kept() -> None:
    text = _after("Deploy dbt model fct_orders@v2.3.1-rc.2 to prod.")
    assert "v2.3.1-rc.2" in evidence_text(text)


def test_id_slash_suffix_kept() -> None:
    assert "MTR-2027-0188/02" in evidence_text(_after("Bill it to matter MTR-2027-0188/02."))


def test_id_bates_range_kept() -> None:
    text = _after("Produce ACME-PRD0000412-ACME-PRD0000420 on Friday.")
    assert "ACME-PRD0000412-ACME-PRD0000420" in evidence_text(text)


def test_session_ids_kept() -> None:
    text = block_of(_session("en_ediscovery").steps)
    for ident in ("MTR-2027-0188", "RS-0188-B2", "AS-77310", "PROD-0188-002"):
        assert ident in text


# ---------------------------------------------------------------- garbage


def test_past_opinion_not_rule() -> None:
    assert not section(_after("I never liked the old intro anyway."), "constraints")


@pytest.mark.parametrize(
    "text",
    [
        "My manager always forgets to approve overtime on time.",
        "The DAG always fails on the first of the month.",
        "You always rerun too much.",
    ],
)
def test_habitual_always_not_rule(text: str) -> None:
    assert not section(_after(text), "constraints")


def test_rule_not_in_conflict_with_itself() -> None:
    text = _after("I'd rather you never email me on weekends.")
    assert "email me on weekends" in rules_text(text)
    assert not section(text, "conflicts")


def test_one_off_instead_of_not_rule() -> None:
    text = _after("Assign FO-5512 to PR-0603-006 instead of FO-5519.")
    assert not section(text, "constraints")


def test_make_it_not_unspecified_slot() -> None:
    text = _after(
        "Set her federal withholding to single with 2 allowances.",
        "Make it married filing jointly.",
    )
    assert "unspecified" not in current_text(text)


def test_never_mind_keep_not_cancel_intent() -> None:
    text = block("Export at 44.1 kHz.", "OK.", "Never mind, keep 48 kHz like before.")
    assert not section(text, "intent")[0].startswith("cancel")


def test_disregard_not_query_intent() -> None:
    text = block(
        "Never page the on-call after midnight.", "OK.", "Disregard what I said about paging."
    )
    assert not section(text, "intent")[0].startswith("query")


def test_name_is_on_not_slot() -> None:
    assert "name=" not in current_text(_after("Her name is on the old contract."))


@pytest.mark.parametrize(
    "text", ["Undo the last export.", "Scrap the export.", "Actually, let's not rerun today."]
)
def test_undo_scrap_is_cancel_intent(text: str) -> None:
    assert section(block("Export at 192.", "OK.", text), "intent")[0].startswith("cancel")


def test_cancel_the_rerun_is_cancel_intent() -> None:
    assert section(block("Export at 192.", "OK.", "Cancel the rerun."), "intent")[0].startswith(
        "cancel"
    )


def test_chitchat_not_rule() -> None:
    text = _after("Thanks, that's perfect, you're a lifesaver.")
    assert not section(text, "constraints")
    assert not section(text, "state")


# ---------------------------------------------------------------- budget


def test_budget_keeps_failed_run_id() -> None:
    ctx = compact(_session("en_pipeline_oncall").steps, 0.3)
    seen = ctx.compacted_context + "".join(
        p.text for m in ctx.messages for p in m.parts if isinstance(p, TextPart)
    )
    assert "manual__2027-04-05T02:00:00" in seen


def test_budget_keeps_booking_and_protocol() -> None:
    ctx = compact(_session("en_clinical_trial").steps, 0.15)
    assert "BK-HLX-55102" in ctx.compacted_context
    assert "HLX-207-02" in ctx.compacted_context


def test_budget_context_within_budget() -> None:
    counter = TokenCounter.from_settings(Settings())
    for convo in CONVOS7_EN:
        budget = max(256, int(raw_tokens(build(convo.steps)) * 0.15))
        ctx = compact(convo.steps, 0.15)
        assert counter.messages(ctx.messages) <= budget
