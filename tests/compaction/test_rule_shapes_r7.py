"""English rules stated without a cue that opens an instruction (review round 7, "rules read"):
of a kind of thing ("Visits can't fall on a weekend", "No invoice should be paid twice",
"Nobody works more than 6 days in a row", "Reminders have to be sent 48 hours ahead",
"Exports should be mono", "Contractors are paid net 30, not through payroll", "There must be a
12-hour rest between duties"), a cut over a whole set ("Exclude everything before …"), a form
every name takes ("Use Bates prefix ACME-PRD …"), a hold ("Hold the wire until the CFO approves
it"), an emphatic frame ("Under no circumstances …", "It's important that …"), a setting kept
("Keep loudness at -16 LUFS", "Leave the outro as it is"). Sentences of our own.

For each idea: other wordings that are rules too, and look-alikes that are not (the past,
habits, questions, reported speech, guesses, deductions, what holds for now), since a false
rule in the block misleads as much as a missed one."""

from __future__ import annotations

import pytest
from _review_harness import block, rules_text, section
from hypothesis import given, settings
from hypothesis import strategies as st

from compaction.test_rule_gate_equivalence import _corpus
from ctxengine.compaction.constraints import _GATE, extract_constraints
from ctxengine.compaction.en_stated_rules import stated_rules


def _read(text: str, polarity: str, words: str) -> None:
    """`text` states a rule of `polarity` whose text holds `words`, read once."""
    rules = extract_constraints(text)
    assert rules, text
    assert any(r.polarity == polarity and words in r.text for r in rules), rules
    assert len({r.text for r in rules}) == 1, rules  # one sentence, one rule's text


def _not_read(text: str) -> None:
    assert extract_constraints(text) == []


# ---------------------------------------------------------------- a kind may not


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Visits can't fall on a weekend, the clinic is closed.", "weekend"),
        ("Visits cannot be scheduled on weekends.", "weekends"),
        ("Interns can't deploy without a review.", "without a review"),
        ("Crew members can't swap duties without ops approval.", "ops approval"),
        ("Contractors aren't allowed to approve their own timesheets.", "timesheets"),
        ("Reviewers are not to share documents outside the firm.", "outside the firm"),
        ("Pilots can't fly more than 9 hours in a duty period.", "9 hours"),
        ("And reruns can never start before 6am.", "6am"),
    ],
)
def test_a_kind_that_cannot_is_a_rule(text: str, words: str) -> None:
    _read(text, "forbid", words)


@pytest.mark.parametrize(
    "text",
    [
        "Users can't log in after the update.",  # a fault reported
        "Patients can't remember their visit dates.",  # no bound: how things are
        "Pilots can't fly in this fog.",
        "Planes can't land during this storm.",  # a time at hand
        "Visits can't fall on a weekend anymore, the clinic opened Saturdays.",
        "Can visits be on weekends?",
        "Visits can't fall on a weekend, can they?",
        "She said visits can't fall on a weekend.",  # reported
        "If visits can't fall on a weekend, what do we do?",
        "Kids can't sleep after 10pm.",
        "My team can't finish before Friday.",
        "Pilots couldn't fly more than 9 hours last month.",
    ],
)
def test_a_kind_that_cannot_in_passing_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- "No <kind> <verb>"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("No privileged documents go into the production set, obviously.", "privileged"),
        ("No first officer should be rostered on more than 5 consecutive days.", "5 consecutive"),
        ("No invoice should be paid twice.", "paid twice"),
        ("No visitor may enter the lab after 6pm.", "after 6pm"),
        ("And no DAG gets rerun more than twice.", "more than twice"),
        ("No draft goes to the client without my review.", "my review"),
        ("No participant is to be contacted by phone.", "by phone"),
        ("No contractor shall work on a holiday.", "holiday"),
    ],
)
def test_no_kind_with_a_verb_is_a_rule(text: str, words: str) -> None:
    _read(text, "forbid", words)


@pytest.mark.parametrize(
    "text",
    [
        "No flights were found.",
        "No one is coming.",
        "No documents went into the production set.",
        "No invoice has been paid yet.",
        "No problem, I can wait.",
        "No way the DAG fails twice.",
        "No documents can be found in the folder.",
        "No invoices should be paid twice?",
        "No documents went out before the deadline.",
    ],
)
def test_no_kind_said_of_what_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- "Nobody …"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Nobody gets paid overtime without a manager approval on file.", "manager approval"),
        ("Nobody works more than 6 days in a row.", "6 days"),
        ("Nobody is to be contacted after 8pm.", "8pm"),
        ("No one should touch prod on Fridays.", "prod"),
        ("Nobody may sign off their own payroll run.", "payroll run"),
        ("Nobody else is allowed to edit the master file.", "master file"),
        ("Nobody flies back-to-back red-eyes.", "red-eyes"),
        ("Oh, and nobody deploys after 4pm on Fridays.", "4pm"),
    ],
)
def test_nobody_is_a_rule(text: str, words: str) -> None:
    _read(text, "forbid", words)


@pytest.mark.parametrize(
    "text",
    [
        "Nobody told me about the change.",
        "Nobody told me.",
        "Nobody knows why the DAG failed.",
        "Nobody is answering the phone.",
        "Nobody called before noon.",
        "Nobody likes the new intro.",
        "Nobody works here anymore.",
        "Nobody answers the phone after 6pm.",  # a habit, no rule
        "Does nobody work more than 6 days in a row?",
        "Apparently nobody works more than 6 days in a row.",
    ],
)
def test_nobody_said_of_what_happens_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- "X has to be <done>"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "Every document from the custodian Karen Liu has to be reviewed by a second reviewer.",
            "second reviewer",
        ),
        ("Reminders have to be sent 48 hours ahead.", "48 hours ahead"),
        ("Every document from the custodian has to be reviewed twice.", "reviewed twice"),
        ("Every invoice over $10,000 has to be approved by the CFO.", "CFO"),
        ("Episodes need to be reviewed by Maria before publishing.", "Maria"),
        ("All exports must be normalized to -16 LUFS.", "-16 LUFS"),
        ("All bloods have to be drawn fasting, so morning slots only.", "fasting"),
        ("Each timesheet has to be signed twice.", "signed twice"),
    ],
)
def test_a_step_required_of_a_kind_is_a_rule(text: str, words: str) -> None:
    _read(text, "require", words)


@pytest.mark.parametrize(
    "text",
    [
        "Every document had to be reviewed twice last year.",
        "Do reminders have to be sent 48 hours ahead?",
        "Reminders have to be sent 48 hours ahead, right?",
        "It has to be done by Friday.",
        "Reminders have to be sent, I guess.",
        "The keys have to be somewhere.",
        "Reminders have to be sent today.",
        "She said every document has to be reviewed twice.",
    ],
)
def test_a_step_told_or_asked_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- "<setting> should be <value>"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Loudness should be -16 LUFS for stereo.", "-16 LUFS"),
        ("Exports should be mono.", "mono"),
        ("Bitrate should be 192 kbps.", "192 kbps"),
        ("Thumbnails should be 1280x720.", "1280x720"),
        ("Sample rate must be 48 kHz.", "48 kHz"),
        ("Captions should be burned in.", "burned in"),
        ("Filenames should be lowercase with dashes.", "lowercase"),
        ("Coyote time should be 0.1 seconds.", "0.1 seconds"),
    ],
)
def test_a_setting_said_bare_is_a_rule(text: str, words: str) -> None:
    _read(text, "require", words)


@pytest.mark.parametrize(
    "text",
    [
        "Traffic should be light tomorrow.",
        "Dinner should be ready at 7.",
        "The weather should be fine.",
        "Delivery should be quick.",
        "Prices should be lower next year.",
        "Exports should be ready by 5pm.",
        "Loudness should be louder.",
        "Loudness should be -16 LUFS, I think.",
        "Should exports be mono?",
    ],
)
def test_an_expectation_with_should_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- "sent by X, not Y"


@pytest.mark.parametrize(
    ("text", "x", "y"),
    [
        ("I want all reminders sent by SMS, not email.", "sms", "email"),
        ("Send all reminders by SMS, not email.", "sms", "email"),
        ("We'd like all invoices delivered via the portal, not email.", "portal", "email"),
        ("Pay contractors via bank transfer, not check.", "bank transfer", "check"),
        ("Always contact participants by phone, not email.", "phone", "email"),
        ("I want every alert sent over Slack, never by pager.", "slack", "pager"),
        ("We need all filings submitted through the portal, not by mail.", "portal", "mail"),
        ("Notify the sponsor by email, not fax.", "email", "fax"),
    ],
)
def test_a_way_and_the_way_not_are_a_rule(text: str, x: str, y: str) -> None:
    rules = extract_constraints(text)
    assert any(r.polarity == "require" and x in r.subject for r in rules), rules
    assert any(r.polarity == "forbid" and r.subject == y for r in rules), rules
    assert {r.text for r in rules} == {text}


@pytest.mark.parametrize(
    "text",
    [
        "I paid by card, not cash.",
        "Was it sent by SMS, not email?",
        "I want all the details.",
        "I want all reminders sent by SMS, not email, right?",
        "They sent it by courier, not post.",
        "He reached me by phone, not email.",
        "Did you pay by card, not cash?",
        "I want all reminders sent by SMS, not email, I think.",
    ],
)
def test_a_way_told_or_asked_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- a cut over a whole set


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Exclude everything before January 1, 2021 from the review set.", "January 1, 2021"),
        ('Cut all the "ums" and "you knows", but leave the laughs in.', "laughs"),
        ("Skip anything dated after the cutoff.", "after the cutoff"),
        ("Remove every cough but leave the pauses.", "pauses"),
        ("Omit anything marked privileged from the export.", "privileged"),
        ("Please redact every phone number in the transcripts.", "phone number"),
        ("Always trim any silence longer than 3 seconds.", "3 seconds"),
        ("Filter out all test transactions.", "test transactions"),
    ],
)
def test_a_cut_over_a_set_is_a_rule(text: str, words: str) -> None:
    _read(text, "require", words)


@pytest.mark.parametrize(
    "text",
    [
        "I removed every cough already.",
        "Skip anything dated after the cutoff?",
        "Can you exclude everything before 2021?",
        "Cut all the ums from this clip.",  # this one clip
        "Skip all of that.",
        "Remove all of them.",
        "He cut every cough.",
        "Exclude everything before 2021 from this batch.",
    ],
)
def test_a_cut_done_or_asked_once_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- left as it is


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Leave the outro as it is.", "outro"),
        ("Leave the chapter markers as they are.", "chapter markers"),
        ("Leave the intro music untouched.", "intro music"),
        ("Please leave the cold open alone.", "cold open"),
        ("Keep the intro music as is.", "intro music"),
        ("Keep the show notes unchanged.", "show notes"),
        ("Leave the ad reads as they are.", "ad reads"),
        ("Also leave the sponsor slot untouched.", "sponsor slot"),
    ],
)
def test_a_thing_left_as_it_is_is_a_rule(text: str, words: str) -> None:
    _read(text, "require", words)


@pytest.mark.parametrize(
    "text",
    [
        "Leave me alone.",
        "Leave it as it is.",
        "Leave it alone.",
        "I left the outro as it is.",
        "Should I leave the outro as it is?",
        "Leave the outro as it is?",
        "We left the intro untouched.",
        "Leave them alone.",
    ],
)
def test_left_as_it_is_in_passing_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- a form every name takes


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Use Bates prefix ACME-PRD with seven digits.", "ACME-PRD"),
        ("Follow the naming convention PRJ-<year>-<n> for new matters.", "PRJ-"),
        ("Use date format YYYY-MM-DD in filenames.", "YYYY-MM-DD"),
        ("Use the prefix INV- for every invoice number.", "INV-"),
        ("Apply suffix _final to exported masters.", "_final"),
        ("Always use the file name pattern EP<number>_<title>.", "EP<number>"),
        ("Stick to the template EP-000 for episode ids.", "EP-000"),
        ("Please use numbering scheme 1.1, 1.2 for sections.", "1.1"),
    ],
)
def test_a_naming_convention_is_a_rule(text: str, words: str) -> None:
    _read(text, "require", words)


@pytest.mark.parametrize(
    "text",
    [
        "Use the template I sent yesterday.",
        "We used prefix ACME-PRD last time.",
        "Which prefix should I use?",
        "Use the prefix from the last batch.",
        "Use the format you used last time.",
        "Use the format from the template.",
        "The prefix was ACME-PRD.",
        "Should I use prefix ACME-PRD?",
    ],
)
def test_a_form_told_or_asked_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- a policy of how a kind is handled


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Contractors are paid net 30, not through payroll.", "net 30"),
        ("Employees are paid biweekly, not monthly.", "biweekly"),
        ("Part-timers are paid by bank transfer only.", "bank transfer"),
        ("Reruns are limited to two per day.", "two per day"),
        ("Overtime is paid at 1.5x, not 2x.", "1.5x"),
        ("Reruns are capped at three per day.", "three per day"),
        ("Interns are restricted to the sandbox.", "sandbox"),
        ("Expenses are reimbursed monthly, never weekly.", "monthly"),
    ],
)
def test_a_policy_is_a_rule(text: str, words: str) -> None:
    _read(text, "require", words)


@pytest.mark.parametrize(
    "text",
    [
        "Contractors were paid net 30, not through payroll.",
        "Are employees paid biweekly, not monthly?",
        "Employees are happy, not stressed.",
        "Tickets are limited, book soon.",
        "We are paid biweekly, not monthly.",
        "Employees are paid on Friday.",  # how it is, no contrast or bound
        "Contractors are paid net 30, not through payroll, right?",
        "I think contractors are paid net 30, not through payroll.",
        "Reruns are limited.",
    ],
)
def test_how_a_kind_was_handled_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- a hold


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Hold off on sending the production until I hear from the partner.", "Hold off"),
        ("Wait for my go-ahead before you send it.", "go-ahead"),
        ("Hold the wire until the CFO approves it.", "CFO approves"),
        ("Hold all outgoing payments until the audit is signed off.", "signed off"),
        ("Hold off until the client confirms.", "client confirms"),
        ("Wait for the partner's sign-off before producing anything.", "sign-off"),
        ("Hold the release pending legal review.", "legal review"),
        ("Wait for my explicit approval.", "approval"),
    ],
)
def test_a_hold_is_a_rule(text: str, words: str) -> None:
    _read(text, "require", words)


@pytest.mark.parametrize(
    "text",
    [
        "Hold on, let me check.",
        "Hold the line please.",
        "Wait for me at the gate.",
        "Wait for the build to finish.",
        "Hold the door until I get there.",
        "I held the wire until the CFO approved it.",
        "Should I hold the wire until the CFO approves it?",
        "Wait for my go-ahead?",
        "Hold on until I check the logs.",
    ],
)
def test_a_wait_that_is_no_hold_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- "under no circumstances"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Under no circumstances should a participant's name appear in an email.", "name"),
        ("Do not, under any circumstances, page the CEO.", "page the CEO"),
        ("On no account should the raw files leave the firm.", "raw files"),
        ("Never, ever, share the raw files.", "raw files"),
        ("Don't, for any reason, delete the audit log.", "audit log"),
        ("At no time should a reviewer see the privileged set.", "privileged set"),
        ("In no case may a pilot fly solo.", "fly solo"),
        ("Please don't, under any circumstances, reply-all.", "reply-all"),
    ],
)
def test_an_emphatic_rule_is_read(text: str, words: str) -> None:
    _read(text, "forbid", words)


@pytest.mark.parametrize(
    "text",
    [
        "Under no circumstances did he agree to that.",
        "Under no circumstances would I go back there.",
        "Under no circumstances was the file shared.",
        "Don't, please.",
        "Never, ever again.",
        "Under no circumstances should we panic?",
        "Never, ever mind.",
        "Under no circumstances had they seen it.",
    ],
)
def test_an_emphatic_report_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- a frame


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("It's important that every blood draw is fasting.", "fasting"),
        ("Our policy is that overtime needs written approval.", "written approval"),
        ("The rule is: no backfills during business hours.", "business hours"),
        ("It's essential that every file is checksummed.", "checksummed"),
        ("As a rule, backfills run after 8pm.", "after 8pm"),
        ("Company policy is that every expense needs a receipt.", "receipt"),
        ("It is critical to log every override.", "override"),
        ("The firm's standard is that exhibits are numbered sequentially.", "sequentially"),
    ],
)
def test_a_framed_rule_is_read(text: str, words: str) -> None:
    _read(text, "require", words)


@pytest.mark.parametrize(
    "text",
    [
        "It was important that everyone came.",
        "Is it important that every draw is fasting?",
        "It's important that you know the DAG failed.",
        "It's important to me that you're honest.",
        "The rule is stupid.",
        "What's the rule?",
        "It's important to note that the DAG failed twice.",
        "Our policy was that overtime needed approval.",
        "It's important that I get this right.",
    ],
)
def test_a_frame_around_no_rule_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- "There must be …"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("There must be a 12-hour rest between duties.", "12-hour rest"),
        ("There has to be at least one senior reviewer per batch.", "senior reviewer"),
        ("There must be two reviewers on every privileged document.", "two reviewers"),
        ("There needs to be a 30-minute buffer between visits.", "30-minute buffer"),
        ("There must always be one nurse on each visit.", "one nurse"),
        ("There must be a sign-off before every payroll run.", "sign-off"),
        ("And there must be 10 minutes between takes.", "10 minutes"),
        ("There has to be a rollback plan for each deploy.", "rollback plan"),
    ],
)
def test_there_must_be_a_rule(text: str, words: str) -> None:
    _read(text, "require", words)


@pytest.mark.parametrize(
    "text",
    [
        "There must be a mistake.",
        "There must be a mistake in the 2024 invoice.",
        "There must be some confusion about the dates.",
        "There must have been a delay.",
        "There must be 5 people in the room by now.",
        "There must be a better way to do this.",
        "There must be a reason the DAG fails every night.",
        "There must be 3 files missing.",
        "There must be a four-star hotel nearby.",
        "There must be a 12-hour rest between duties, I guess.",
    ],
)
def test_there_must_be_a_deduction_is_no_rule(text: str) -> None:
    _not_read(text)


# ---------------------------------------------------------------- a setting kept at a value


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("Keep loudness at -16 LUFS.", "loudness at -16 lufs"),
        ("Keep the bitrate at 192 kbps.", "bitrate at 192 kbps"),
        ("Keep all volumes at -16 LUFS.", "all volumes at -16 lufs"),
        ("Keep the bitrate at 192 kbps for every episode.", "bitrate at 192 kbps"),
        ("Keep line length at 100.", "line length at 100"),
        ("Keep the sample rate at 48 kHz.", "sample rate at 48 khz"),
        ("Please keep the overtime multiplier at 1.5.", "overtime multiplier at 1.5"),
        ("Keep reruns at 2 per day.", "reruns at 2"),
    ],
)
def test_a_setting_kept_at_a_value_is_a_rule(text: str, subject: str) -> None:
    rules = extract_constraints(text)
    assert [(r.polarity, r.subject) for r in rules] == [("require", subject)]


@pytest.mark.parametrize(
    "text",
    [
        "Keep me posted at 5pm.",
        "Keep going at 3.",
        "Keep at it.",
        "I keep getting stuck at 5%.",
        "Keep an eye on it at 9.",
        "Should I keep loudness at -16 LUFS?",
        "We kept loudness at -16 LUFS.",
        "Keep it at that.",
    ],
)
def test_keep_at_in_passing_is_no_rule(text: str) -> None:
    _not_read(text)


def test_keep_at_then_a_rule_joined_is_two_rules_in_one_line() -> None:
    """The value kept is the setting's only: the forbid joined after it is its own rule, and
    the block shows the sentence once, in no conflict with itself."""
    text = "Keep line length at 100 and don't reformat files you didn't change."
    rules = extract_constraints(text)
    assert [(r.polarity, r.subject) for r in rules] == [
        ("require", "line length at 100"),
        ("forbid", "reformat files you didn't change"),
    ]
    shown = block(text, "OK.", "Go.")
    assert rules_text(shown).count("Keep line length at 100") == 1
    assert not section(shown, "conflicts")


# ---------------------------------------------------------------- in the block


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Nobody is to be contacted after 8pm.", "8pm"),
        ("There must be a 12-hour rest between duties.", "12-hour rest"),
        ("Hold the wire until the CFO approves it.", "CFO approves"),
    ],
)
def test_a_stated_rule_shows_once_in_the_block(text: str, words: str) -> None:
    shown = block(text, "OK.", "Go.")
    assert rules_text(shown).count(words) == 1
    assert not section(shown, "conflicts")


@pytest.mark.parametrize(
    "text",
    [
        "Visits can't fall on a weekend, the clinic is closed.",
        "Nobody works more than 6 days in a row.",
        "There must be a 12-hour rest between duties.",
    ],
)
def test_the_assistant_stating_it_makes_no_rule(text: str) -> None:
    """Rules are the user's: the assistant saying the same words rules nothing."""
    assert not section(block("When can we book visit 3?", text, "OK, book it."), "constraints")


@pytest.mark.parametrize(
    "text",
    ["Nobody told me.", "There must be a mistake.", "I want all the details."],
)
def test_the_brief_look_alikes_make_no_rule_in_the_block(text: str) -> None:
    assert not section(block(text, "OK.", "Go."), "constraints")


# ---------------------------------------------------------------- the gates change nothing


def _stated_corpus() -> list[str]:
    """The gate-equivalence corpus (review conversations, every test string, the bench's
    scenarios and tuned dialogues; each also upper- and title-cased)."""
    return list(_corpus())


def test_the_cue_gate_skips_a_shape_only_where_it_reads_nothing() -> None:
    differ = [t for t in _stated_corpus() if stated_rules(t) != stated_rules(t, gated=False)]
    assert differ == []


def test_the_rule_gate_lets_every_stated_rule_through() -> None:
    """`extract_constraints` reads nothing where `_GATE` finds no word: every text a stated
    shape reads passes it."""
    stated = [t for t in _stated_corpus() if stated_rules(t, gated=False)]
    assert len(stated) > 200  # the shapes read many texts of the corpus
    assert [t for t in stated if _GATE.search(t) is None] == []


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(
        [
            "Nobody works more than 6 days in a row",
            "Visits can't fall on a weekend",
            "No invoice should be paid twice",
            "There must be a 12-hour rest between duties",
            "Hold the wire until the CFO approves it",
            "It's important that every draw is fasting",
            "Exclude everything before 2021",
            "Contractors are paid net 30, not through payroll",
        ]
    ),
    st.text(alphabet="abnotNOT ,.?!'\n", max_size=12),
)
def test_the_cue_gate_changes_nothing_around_a_rule(rule: str, rest: str) -> None:
    for text in (rule + rest, rest + rule, (rest + rule).upper(), (rule + rest).title()):
        assert stated_rules(text) == stated_rules(text, gated=False)
        if stated_rules(text, gated=False):
            assert _GATE.search(text) is not None
