"""English rules stated as how things are to be, with no cue word that opens an instruction.

A user states many rules of a kind of thing rather than as an order to the assistant: "Visits
can't fall on a weekend", "No invoice should be paid twice", "Nobody works more than 6 days in a
row", "Reminders have to be sent 48 hours ahead", "Contractors are paid net 30, not through
payroll", "There must be a 12-hour rest between duties"; or behind a frame ("It's important
that …", "Our policy is that …", "Under no circumstances should …"), or as a hold ("Hold the
wire until the CFO approves it"). The same words also describe the world ("Users can't log in
since the update", "Nobody told me", "There must be a mistake", "Traffic should be light"), so
each shape below binds only with what marks a rule: a bound or a condition, a deontic modal, a
contrast, a named value. Every shape is one whole sentence opening on its subject (reported
speech, "If …", questions and the past are left out), and the sentence is the rule's text.

`stated_rules` returns plain tuples; `constraints.extract_constraints` makes them rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ctxengine.compaction.gates import lowered

Polarity = Literal["forbid", "require", "only", "prefer"]


@dataclass(frozen=True)
class StatedRule:
    start: int  # where the rule's words start (for reading order and spans)
    end: int  # where its sentence ends, full stop included
    polarity: Polarity
    subject: str
    cue: str


# A sentence's start, and the words that may open one before its subject.
_START = (
    r"(?i)(?:^|(?<=[.;!?\n]))\s*(?:(?:and|also|but|so|ok|okay|actually|oh|plus|then|yes|yeah"
    r"|right|fyi|btw|remember|note|again|please|just|and also)\b,?\s+)*"
)
# Any words of the sentence (a dot inside a name or a number, "v2.3", stays in it).
_ANY = r"(?:[^.;!?\n]|\.(?=\w))"
# The sentence's end, not a question's.
_END = r"\s*(?=\.(?!\w)|[!;\n]|$)"
# Words a subject cannot start with: what follows them is said of someone, asks, or points.
_NOT_SUBJECT = (
    r"(?:i|we|you|he|she|it|they|this|that|these|those|there|here|one|everyone|everybody"
    r"|someone|somebody|anyone|anybody|nobody|my|your|his|her|its|our|their|what|which|who"
    r"|how|why|where|when|if|do|does|did|is|are|was|were|must|can|could|will|would|should"
    r"|yes|yeah|yep|no|not|thanks|perhaps|maybe|always|sometimes|as|unless|lets|let's|i'm"
    r"|we're|the|a|an|some|most|many|few|things|guys|folks|odds|words|people|apparently"
    r"|probably|hopefully|honestly|also|just|only|never|so|then|but|and|or|please|because"
    r"|since|while|after|before|until|once|today|tomorrow|yesterday|now|sorry|thank|all)"
)
_WORD = r"[a-z][\w'-]*"
# A word of a subject after its first (no modal, no verb of being).
_SUBJECT_WORD = (
    r"(?:(?!(?:can|cannot|can't|may|must|should|shall|will|would|has|have|had|is|are|was|were"
    r"|be|need|needs|get|gets|go|goes|not|never|always|only)\b)[a-z][\w'-]*"
    # An amount in it: "every invoice over $10,000".
    r"|[$€£¥]?\d[\d,.]*[a-z%]*)"
)
# A kind of thing: "visits", "crew members", "every document from the custodian".
_KIND = (
    r"(?:(?:all|every|each|any)\s+(?:of\s+the\s+)?(?!one\b|body\b|thing\b)"
    rf"|(?!{_NOT_SUBJECT}\b)){_WORD}"
)

# What is told of the past, or of how things stand now: a report, not a rule.
_REPORT = re.compile(
    r"(?i)\b(?:was|were|had|did|went|got|came|told|said|happened|forgot|broke|yesterday|ago"
    r"|last (?:night|week|time|month|year)|anymore|any more|right now|currently|at the moment"
    r"|for some reason|still|so far|these days|lately|recently)\b"
)
# A bound or condition on what is done: the mark of a rule in "X can't …" / "Nobody …s".
_BOUND = re.compile(
    r"(?i)\b(?:without|unless|more than|less than|fewer than|longer than|later than|earlier than"
    r"|over|under|above|below|beyond|before|after|until|till|outside|except|other than|in a row"
    r"|at once|twice|per|during|between|within|overnight|back-to-back|consecutive"
    r"|on (?:a |the )?(?:weekends?|holidays?|(?:mon|tue|tues|wednes|thurs|fri|satur|sun)days?)"
    r"|at night)\b"
)
# Verbs of being able, seeing or finding: "Users can't log in after the update" reports a fault.
_ABILITY = re.compile(
    r"(?i)(?:see|log|login|sign in|access|open|find|load|connect|reach|read|hear|view"
    r"|download|upload|remember|understand|get through|figure|believe|afford|wait|stand|tell"
    r"|make it|sleep|work out)\b"
)


# "Visits can't fall on a weekend", "Crew members can't swap duties without ops approval",
# "Contractors aren't allowed to approve their own timesheets": what a kind may not do.
_KIND_CANT = re.compile(
    _START + rf"(?P<rule>(?P<subj>{_KIND}(?:\s+{_SUBJECT_WORD}){{0,4}}?)\s+"
    r"(?:(?P<cue>can't|cannot|can not|can never)|(?P<firm>are not to|aren't to|are never to"
    r"|is not to|isn't to|is never to|are not allowed to|aren't allowed to|is not allowed to"
    r"|isn't allowed to|are not permitted to|aren't permitted to|is not permitted to))\s+"
    rf"(?P<x>{_ANY}{{2,120}}?)){_END}"
)
# "No privileged documents go into the production set", "No invoice should be paid twice".
_NO_KIND = re.compile(
    _START + r"(?P<rule>(?P<cue>no)\s+(?!(?:one|body|way|problem|need|idea|matter|doubt|wonder"
    r"|longer|more|less|chance|luck|worries|reason|further|other|such|sir|it|that|this|the"
    rf"|news)\b)(?P<subj>{_WORD}(?:\s+{_SUBJECT_WORD}){{0,3}}?)\s+"
    r"(?:(?P<firm>should|shall|must|may|is to|are to|is allowed to|are allowed to"
    r"|is permitted to|are permitted to|gets? to)"
    r"|(?P<weak>can|goes|go|gets|get|leaves|leave|enters|enter|ships|ship|moves|move|passes"
    r"|pass))\s+"
    rf"(?P<x>{_ANY}{{2,120}}?)){_END}"
)
_MOTION = re.compile(r"(?i)(?:into|out of|to|past|through|outside|beyond)\b")
# "Nobody gets paid overtime without a manager approval", "Nobody is to be contacted after 8pm".
_NOBODY = re.compile(
    _START + r"(?P<rule>(?P<cue>nobody|no one|no-one)\s+(?:else\s+)?"
    r"(?:(?P<firm>should|shall|must|may|is to|is allowed to|is permitted to|gets to)"
    r"|(?P<weak>can|gets|works|goes|leaves|flies|signs|approves|touches|accesses|enters|edits"
    r"|deploys|merges|pushes|runs|takes|receives|starts|swaps|books|drives|handles|reviews"
    r"|contacts|pays|joins|stays|logs|sends|schedules|moves|changes|overrides|is paid"
    r"|is rostered|is scheduled))\s+"
    rf"(?P<x>{_ANY}{{2,120}}?)){_END}"
)
# A past participle: "reviewed", "sent", "drawn".
_PARTICIPLE = (
    r"(?:(?![a-z]+ed\s+(?:up|out)\b)[a-z]+ed|sent|done|kept|made|paid|drawn|signed|written"
    r"|shown|given|seen|held|put|run|cut|set|taken|read|built|sold|told|chosen|spoken|hidden"
    r"|split|sung|frozen|bound|sworn)"
)
# "Reminders have to be sent 48 hours ahead", "Every document from the custodian Karen Liu has
# to be reviewed by a second reviewer": a step required of every one of a kind.
_KIND_PASSIVE = re.compile(
    _START + rf"(?P<rule>(?P<subj>{_KIND}(?:\s+{_SUBJECT_WORD}){{0,6}}?)\s+"
    r"(?:always\s+)?(?P<cue>has to|have to|must|needs to|need to)\s+(?:always\s+)?be\s+"
    rf"(?P<x>{_PARTICIPLE}\b{_ANY}{{1,100}}?)){_END}"
)
# What a setting or an output is to be, said of it bare: "Loudness should be -16 LUFS",
# "Exports should be mono" (not "Traffic should be light", "Dinner should be ready at 7").
_SETTING_NOUN = (
    r"(?:exports?|outputs?|files?|filenames?|audio|video|loudness|volume|bitrate|bit rate"
    r"|sample rate|resolution|format|fonts?|margins|headings|titles|subject lines|emails|messages"
    r"|replies|summaries|reports|episodes|intros?|outros?|thumbnails|timestamps|dates|times"
    r"|currency|amounts|prices|units|language|tone|encoding|delimiter|indentation|line endings"
    r"|logs|reminders|invoices|backups|mixes|masters|stems|tracks|renders|uploads|captions"
    r"|subtitles|transcripts|naming)"
)
_SHOULD_VALUE = re.compile(
    _START + rf"(?P<rule>(?P<subj>(?!{_NOT_SUBJECT}\b){_WORD}(?:\s+{_SUBJECT_WORD})?)\s+"
    r"(?P<cue>should|must|has to|have to|needs to|need to)\s+(?:always\s+)?be\s+"
    r"(?!(?:ready|done|here|there|fine|ok|okay|back|over|able|available|open|closed|finished"
    r"|delivered|arriving|easy|hard|possible|interesting|fun|good|great|better|worse|enough|out"
    r"|up|in|on|a|an|the|some|about|around|roughly|ok|somewhere|cheaper|higher|lower|bigger"
    r"|smaller|faster|slower|louder|quieter|shorter|longer|clearer|cleaner|nicer|more|less)\b)"
    rf"(?P<x>{_ANY}{{1,60}}?)){_END}"
)
_SETTING_LAST = re.compile(rf"(?i)\b{_SETTING_NOUN}$")
_MEASURE = re.compile(r"[-+−]?\d")
# Said of a time at hand: "Planes can't land during this storm", "Traffic should be light
# tomorrow" tell how things are or will be then, no rule for every time.
_FOR_NOW = re.compile(
    r"(?i)\b(?:tomorrow|today|tonight|soon|later|by then|next|this|these|shortly|by now"
    r"|already|yet)\b"
)
# "I want all reminders sent by SMS, not email", "Pay contractors via bank transfer, not check":
# the way things go, and the way they do not.
_BY_NOT = re.compile(
    _START + r"(?P<rule>(?:(?:i|we)(?:'d| would)?\s+(?:want|like|need|prefer)\s+"
    rf"(?:(?:all|every|each|any|the|my|our)\s+)?{_WORD}(?:\s+{_SUBJECT_WORD}){{0,3}}?\s+"
    r"|(?:always\s+)?)"
    r"(?P<verb>sent|send|delivered|deliver|paid|pay|contacted|contact|notified|notify|reached"
    r"|reach|shipped|ship|submitted|submit|filed|file|messaged|message|texted|alerted|alert"
    r"|reminded|remind)\b"
    r"(?:\s+(?!(?:it|this|that|me|him|her)\b)[\w'-]+(?:\s+[\w'-]+){0,3}?)?"
    r"\s+(?:by|via|through|over)\s+(?P<x>[\w.+#-]+(?:\s+[\w.+#-]+)?),?\s+"
    r"(?:not|instead of|rather than|never)\s+(?:by\s+|via\s+|through\s+|over\s+)?"
    r"(?P<y>[\w.+#-]+(?:\s+[\w.+#-]+)?))" + _END
)
# "Exclude everything before January 1, 2021 from the review set", "Skip anything dated after
# the cutoff", "Remove every cough but leave the pauses": a standing cut over a whole set (not
# "Remove all of these now", one task).
_ALL_OF_KIND = re.compile(
    _START + r"(?:always\s+)?(?P<rule>(?:exclude|skip|cut|remove|omit|leave out|strip(?: out)?"
    r"|redact|filter out|trim|mute|bleep)\s+(?:out\s+)?(?:everything|anything|all|every|each"
    rf"|any)\b(?P<x>{_ANY}{{1,120}}?)){_END}"
)
_THIS_TIME = re.compile(
    r"(?i)\b(?:this|these|that|those|it|them|now|today|here|for me|for now|once)\b"
)
# "Use Bates prefix ACME-PRD with seven digits", "Follow the naming convention PRJ-<n>": a form
# every name or number takes, the value written out.
_CONVENTION = re.compile(
    _START + r"(?:always\s+)?(?P<rule>(?:use|apply|follow|stick to|keep)\s+"
    r"(?:the\s+|a\s+|our\s+)?(?:[a-z][\w-]*\s+){0,2}?"
    r"(?P<kind>prefix|suffix|naming (?:convention|scheme|pattern)|numbering(?: scheme)?"
    r"|file ?name (?:format|pattern)|id format|date format|format|pattern|convention|template)"
    rf"\s+(?P<x>(?-i:[A-Z0-9\"“'`<{{_.-])(?!I\b){_ANY}{{0,80}}?)){_END}"
)
# "Contractors are paid net 30, not through payroll", "Part-timers are paid by bank transfer
# only", "Reruns are limited to two per day": a policy of how a kind is handled.
_POLICY = re.compile(
    _START
    + rf"(?P<rule>(?P<subj>(?:all\s+)?(?!{_NOT_SUBJECT}\b){_WORD}(?:\s+{_SUBJECT_WORD}){{0,2}}?)"
    r"\s+(?:are|is|get|gets)\s+(?:always\s+|only\s+)?(?P<part>paid|billed|invoiced|charged"
    r"|reimbursed|rostered|scheduled|booked|sent|shipped|delivered|handled|processed|reviewed"
    r"|approved|limited|capped|restricted|entitled)\b"
    rf"(?P<x>{_ANY}{{1,100}}?)){_END}"
)
_POLICY_BOUND = re.compile(r"(?i)^\s*(?:to|at)\b")
_POLICY_MARK = re.compile(r"(?i),\s*(?:not|never|rather than|instead of)\b|\bonly\b")
# "Hold the wire until the CFO approves it", "Hold off on sending the production until I hear
# from the partner", "Wait for my go-ahead before you send it": nothing goes before a word
# from someone (not "Hold the door until I get there", "Wait for me at the gate").
_HOLD = re.compile(
    _START + r"(?P<rule>(?:hold\s+off(?:\s+on\s+(?:[^.;!?\n,])+?)?|hold\s+(?:the|all|any|every"
    r"|our|my|those|these|off)\s+(?:[^.;!?\n,])+?)"
    r"\s+(?P<cue>until|till|til|pending)\s+(?P<x>[^.;!?\n]{2,80}?)"
    r"|(?P<wait>wait\s+for\s+(?:my|our|the\s+[a-z]+'s|the|an?|[a-z]+'s)\s+(?:explicit\s+|written\s+)?"
    r"(?:go-ahead|ok|okay|approval|sign-off|green light|confirmation|word|say-so)\b"
    r"(?:\s+before\s+[^.;!?\n]{2,60}?)?))" + _END
)
_SAY_SO = re.compile(
    r"(?i)\b(?:approv\w*|sign\w*|confirm\w*|hear|hears|say|says|said so|give\w*|okays?|ok|clear"
    r"\w*|green light|go-ahead|tell|tells|review\w*|get back|gets back|further notice|respond"
    r"\w*|repl\w*|authori[sz]\w*|verif\w*)\b"
)
# "Under no circumstances should a participant's name appear in an email."
_NO_CIRCUMSTANCES = re.compile(
    _START + r"(?P<rule>(?P<cue>under no circumstances|in no case|on no account|at no time"
    r"|in no event)\s*,?\s+(?:should|shall|must|may|can|will|is|are|do|does)\s+(?!i\b)"
    rf"(?P<x>{_ANY}{{2,120}}?)){_END}"
)
# "Do not, under any circumstances, page the CEO.", "Never, ever, share the raw files."
_DONT_EVER = re.compile(
    _START + r"(?P<rule>(?P<cue>do not|don't|never|you must not|you mustn't|you should never"
    r"|you should not)\s*,\s*(?:under any circumstances|in any case|for any reason|ever"
    r"|no matter what|whatever happens|under no circumstances)\s*,?\s+"
    rf"(?!(?:again|please|mind)\b)(?P<x>{_ANY}{{2,120}}?)){_END}"
)
# "It's important that every blood draw is fasting", "Our policy is that overtime needs written
# approval", "The rule is: no backfills during business hours": a rule behind a frame.
_FRAMED = re.compile(
    _START + r"(?P<cue>(?:it's|it is|its)\s+(?:very\s+|really\s+|extremely\s+|super\s+)?"
    r"(?:important|essential|crucial|critical|vital|mandatory|imperative)\s+"
    r"(?:that|to(?!\s+(?:me|us|him|her|them|know|note|understand|mention|say|realize|see"
    r"|remember that)\b))"
    r"|(?:our|the|my|company|firm|team|house|standing)\s+(?:[a-z'-]+\s+)?(?:policy|rule"
    r"|requirement|standard|convention|protocol|guideline)\s+is\s*(?:that\b|:)"
    r"|as a (?:rule|policy)\s*,)\s*"
    # (Not of the speaker: "It's important that I get this right".)
    r"(?P<rule>(?=\S)(?!(?:you|we|i)\s+(?:know|understand|realize|see|got)\b|i\b|i'm\b)"
    rf"{_ANY}{{3,140}}?){_END}"
)
# "There must be a 12-hour rest between duties" (not "There must be a mistake").
_THERE_MUST = re.compile(
    _START + r"(?P<rule>there\s+(?:always\s+)?(?P<cue>must|has to|needs to)\s+(?:always\s+)?be\s+"
    r"(?!(?:a |an |some |another |one )?(?:mistake|error|misunderstanding|mix-?up|confusion"
    r"|way|reason|problem|bug|glitch|typo|catch|issue|explanation|something|someone|somebody"
    r"|anything|more|better|fault|difference|record|copy|backup)\b)"
    rf"(?P<x>{_ANY}{{2,120}}?)){_END}"
)
# What a rule of how many binds them to: a span, every one of a kind, a bound (a count alone is
# a deduction: "There must be a four-star hotel nearby", "There must be 3 files missing").
_THERE_BOUND = re.compile(
    r"(?i)\b(?:at least|at most|no more than|no fewer than|no less than|a minimum|a maximum"
    r"|between|per|every|each|before|after)\b"
)
_THERE_NOT = re.compile(
    r"(?i)\b(?:by now|already|somewhere|still|left|missing|wrong|gone|broken|lost|stuck|nearby"
    r"|around here|in town|close by)\b"
)

# What every match of a shape holds at a word's start, in the lowered text: its cue. Most
# messages hold none, and one scan for all of them costs far less than the shapes' own scans.
# `test_rule_shapes_r7` checks the gated reading against the ungated one on every text at hand.
_CUE_OF: dict[re.Pattern[str], str] = {
    _KIND_CANT: r"can(?:'t|not| not| never)|(?:not|never|aren't|isn't) to|(?:allowed|permitted) to",
    _NO_KIND: r"no\s",
    _NOBODY: r"nobody|no[ -]one",
    _KIND_PASSIVE: r"(?:to|must)\s+(?:always\s+)?be\s",
    _SHOULD_VALUE: r"(?:should|must|to)\s+(?:always\s+)?be\s",
    _BY_NOT: r"(?:not|instead of|rather than|never)\s",
    _ALL_OF_KIND: r"exclude|skip|cut|remove|omit|leave out|strip|redact|filter out|trim|mute|bleep",
    _CONVENTION: r"prefix|suffix|naming|numbering|file ?name|id format|format|pattern|convention"
    r"|template",
    _POLICY: r"paid|billed|invoiced|charged|reimbursed|rostered|scheduled|booked|sent|shipped"
    r"|delivered|handled|processed|reviewed|approved|limited|capped|restricted|entitled",
    _HOLD: r"hold|wait",
    _NO_CIRCUMSTANCES: r"under no|in no|on no|at no",
    _DONT_EVER: r"(?:not|don't|never)\s*,",
    _FRAMED: r"important|essential|crucial|critical|vital|mandatory|imperative|policy|rule"
    r"|requirement|standard|convention|protocol|guideline",
    _THERE_MUST: r"there\s+(?:always\s+)?(?:must|has to|needs to)",
}
_ORDER = (
    _KIND_CANT,
    _NO_KIND,
    _NOBODY,
    _KIND_PASSIVE,
    _SHOULD_VALUE,
    _BY_NOT,
    _ALL_OF_KIND,
    _CONVENTION,
    _POLICY,
    _HOLD,
    _NO_CIRCUMSTANCES,
    _DONT_EVER,
    _FRAMED,
    _THERE_MUST,
)
_SHAPES = tuple((rx, re.compile(rf"\b(?:{_CUE_OF[rx]})")) for rx in _ORDER)
_ANY_CUE = re.compile(r"\b(?:" + "|".join(f"(?:{_CUE_OF[rx]})" for rx in _ORDER) + ")")


# The shapes said of a kind of thing, whose words may tell of a time at hand instead (`_FOR_NOW`).
_OF_A_KIND = (_KIND_CANT, _NO_KIND, _NOBODY, _KIND_PASSIVE, _SHOULD_VALUE, _POLICY, _THERE_MUST)


def stated_rules(text: str, *, gated: bool = True) -> list[StatedRule]:
    """Every rule of the shapes above in `text`, in the order of the shapes (`gated`: each
    shape scanned only where its cue is, which changes nothing but the cost)."""
    low = lowered(text) if gated else None
    if low is not None and _ANY_CUE.search(low) is None:
        return []
    out: list[StatedRule] = []
    for rx, cue in _SHAPES:
        if low is not None and cue.search(low) is None:
            continue
        for m in rx.finditer(text):
            # One reading a sentence: "Reminders have to be sent 48 hours ahead" is a step
            # required (`_KIND_PASSIVE`), not a value too (`_SHOULD_VALUE`).
            if not any(r.start <= m.start("rule") < r.end for r in out):
                out.extend(_read(rx, m))
    return out


def _read(rx: re.Pattern[str], m: re.Match[str]) -> list[StatedRule]:
    """The rules `m` states, none when what it matched describes or reports instead."""
    said = m["rule"]
    if _REPORT.search(said):
        return []
    polarity: Polarity = "require"
    cue = ""
    subject = said
    if rx in _OF_A_KIND and _FOR_NOW.search(m["x"]):
        return []
    if rx is _KIND_CANT or rx is _NOBODY or rx is _NO_KIND:
        x = m["x"]
        if not m["firm"]:
            bound = _BOUND.search(x) or (rx is _NO_KIND and m["weak"] != "can" and _MOTION.match(x))
            if not bound or _ABILITY.match(x):
                return []  # "Users can't log in after the update", "Nobody knows why"
        polarity, cue = "forbid", (m["cue"] or m["firm"]).lower()
        subject = f"{m['subj']} {x}" if rx is _KIND_CANT else said
    elif rx is _SHOULD_VALUE:
        x = m["x"]
        if not (_MEASURE.match(x) or _SETTING_LAST.search(m["subj"])):
            return []
        cue = m["cue"].lower()
    elif rx is _BY_NOT:
        # Both ways under the one sentence, so the block shows it once.
        end = _sentence_end(m)
        return [
            StatedRule(m.start("rule"), end, "require", m["x"], "instead"),
            StatedRule(m.start("y"), end, "forbid", m["y"], "not"),
        ]
    elif rx is _ALL_OF_KIND:
        if _THIS_TIME.search(m["x"]):
            return []
        cue = "every"
    elif rx is _POLICY:
        x = m["x"]
        part = m["part"].lower()
        if part in ("limited", "capped", "restricted", "entitled"):
            if not _POLICY_BOUND.match(x):
                return []  # "Tickets are limited, book soon."
        elif not _POLICY_MARK.search(x):
            return []  # "Contractors are paid on Friday": how it is, maybe once
        cue = part
    elif rx is _HOLD:
        if m["wait"] is None and not _SAY_SO.search(m["x"]):
            return []
        cue = "until" if m["wait"] is None else "before"
    elif rx in (_NO_CIRCUMSTANCES, _DONT_EVER):
        polarity, cue, subject = "forbid", m["cue"].lower(), m["x"]
    elif rx is _FRAMED:
        cue = "rule"
    elif rx is _THERE_MUST:
        x = m["x"]
        if not _THERE_BOUND.search(x) or _THERE_NOT.search(x):
            return []
        cue = m["cue"].lower()
    else:  # _KIND_PASSIVE, _CONVENTION
        cue = "must" if rx is _KIND_PASSIVE else "use"
    start = m.start("rule") if rx is not _FRAMED else m.start("cue")
    return [StatedRule(start, _sentence_end(m), polarity, subject, cue)]


def _sentence_end(m: re.Match[str]) -> int:
    """Where the sentence `m` ends, its full stop kept with it."""
    return m.end() + (m.string[m.end() : m.end() + 1] == ".")
