"""Names an English task dialogue offers or picks, read without an ontology.

"There's a 3 star hotel called Ace Hotel Chicago", "How about Blue Ginger?", "Let's go with
the Grand Plaza": once such a turn leaves the context, nothing else in the block names the
place the assistant offered or the user took, since the generic ontology has no slot for it.
The name is kept verbatim as evidence of kind ``name`` (`name_evidence`).

A name is a run of capitalised words and numbers, with the lower-case joiners names carry
("House of Blues", "AC Hotel by Marriott", "AC hotel by Marriott"), bracketed parts ("Abbey
Court (Hyde Park)", "(hyde park)"), spaced dashes ("Foothill - Twin Creeks") and inner
apostrophes and hyphens ("Denny's", "In-N-Out"). It is read only right after a cue that
introduces one ("called", "how about", "I found", "let's go with", "one is", the comma of "I
found a 3 star hotel, X", ...) or right before one that recommends or describes it ("... might
be a good fit", "X is a 4 star hotel" opening a sentence), never from capitals alone: sentence
starts, days, months, times and pronouns are capitalised too.
"""

from __future__ import annotations

import re

from ctxengine.compaction.schema import Evidence

NAME_KIND = "name"

# One word of a name: capitalised or a number ("1 Hotel", "Route 66", "5th Street"), with
# inner apostrophes and hyphens; the few abbreviations that end in a full stop inside a name
# ("St. Regis"); initials ("P.F. Chang's").
_WORD = (
    r"(?:(?:St|Mt|Ft|Dr|Mr|Mrs|Ms|Jr|Sr)\.(?=\s+[A-Z])"
    r"|(?:[A-Z]\.){2,}(?:\s?[A-Z][\w'’]*)?"
    r"|[A-Z\u00c0-\u00de][\w'’]*(?:-[\w'’]+)*"
    r"|\d+(?:st|nd|rd|th)?(?:-[\w'’]+)*)"
)
# Lower-case words that join the capitalised words of one name.
_JOINER = r"(?:of|by|the|and|&|@|de|del|della|di|da|das|dos|du|des|la|le|los|las|y|van|von|der|den)"
# Kinds of place a name may carry in lower case ("AC hotel by Marriott"), and what an offer
# calls the thing it names ("a 4 star hotel", "a nice restaurant", "a popular event").
_PLACE_NOUNS = (
    "hotel motel inn hostel resort lodge suites restaurant bistro cafe café diner bar pub grill"
    " bakery salon spa club theater theatre cinema museum gallery apartments station airport"
)
_PLACE = rf"(?:{'|'.join(_PLACE_NOUNS.split())})"
_OFFERED = rf"(?:{_PLACE}|place|spot|venue|event|show|concert|movie|film)"
# A bracket of the name ("(Hyde Park)"), or of a few lower-case words ("(hyde park)") that
# `_trim` checks are no aside ("(my favourite)").
_BRACKET = (
    rf"\((?:{_WORD}(?:\s+(?:{_JOINER}\s+)*{_WORD})*"
    r"|[a-z][a-z'’]*(?:\s+[a-z][a-z'’]*){0,2})\)"
)
# Words of one name follow each other, or join over lower-case joiners or kinds of place, or
# over a spaced dash ("Foothill - Twin Creeks").
_RUN = (
    rf"{_WORD}(?:\s+(?:(?:(?:{_JOINER}|{_PLACE})\s+){{1,2}})?(?:{_WORD}|{_BRACKET})"
    rf"|\s+[-–]\s+{_WORD})*"
)
# Words that lead no name: prepositions and conjunctions.
_PREP = r"(?:in|at|on|for|to|near|with|from|of|by|and|or|that|which)"

# Cues a name follows: a name given to something, an offer, a find, a pick. They are matched
# in the lower-cased text (a case-insensitive pattern costs twice as much on every message);
# the name after one, in the text itself, must be capitalised.
_CUE = re.compile(
    r"\b(?:(?P<described>how\s+about|what\s+about|check\s+out)"
    r"|(?P<calls>called|named)"
    r"|would\s+you\s+(?:like|prefer)|do\s+you\s+(?:want|prefer)"
    r"|(?:i|we)(?:'ve|’ve|\s+have)?\s+found"
    r"|there(?:'s|’s|\s+is)"
    r"|it(?:'s|’s|\s+is)\s+the"
    r"|(?:book|reserve)(?:\s+(?:a\s+)?(?:table|room|spot)s?)?(?:\s+at)?"
    r"|go\s+with"
    # "Switched to Hertz": what a reply says it changed the task to.
    r"|(?:switched|changed|swapped)(?:\s+(?:it|you|that|this|them))?(?:\s+over)?\s+to"
    # "I got 10 hotels and one is X", "another 1 star hotel is X": checked in `_after_cues`.
    rf"|(?P<one>(?:one|another)(?:\s+(?:one|option|choice|\d+(?:\.\d+)?[\s-]star"
    rf"(?:\s+{_OFFERED})?|{_OFFERED}))?\s+is)"
    r"|(?P<known>known\s+as))(?=\s)"
)
_NAME_NEXT = re.compile(rf"\s+(?:the\s+)?(?P<name>{_RUN})")
# An offer may describe the place before naming it: "How about the 3 star Grand Plaza?". The
# words between are few and lower case, and no preposition: "the one in Paris" names a city.
_DESCRIBED_NAME_NEXT = re.compile(
    rf"(?:\s+(?:the|a|an)(?:\s+(?!{_PREP}\b)[a-z\d][\w-]*){{0,3}})?\s+(?:the\s+)?(?P<name>{_RUN})"
)
# "one is X" counts only as a clause's subject ("..., one is X", "and one is X"), not as a
# word of one ("step one is", "no one is"), and only for a name of two words or more.
_ONE_OPENS = re.compile(r"(?:[.,;:!?]|\band|\bbut)\s+$")
_OFFERED_BEFORE = re.compile(rf"\b{_OFFERED}\s+$")
# A name that follows a described offer after a comma: "I found a 3 star hotel, X." It must
# end its clause, as a name does ("..., X, which has a pool"); "I found a hotel, New York has
# more" does not.
_LISTED = re.compile(
    r"\b(?:there(?:'s|’s|\s+is)|(?:i|we)(?:'ve|’ve|\s+have)?\s+(?:found|got)|(?:i|we)\s+have)"
    rf"\s+(?:a|an|another)\s+(?:(?!{_PREP}\b)[a-z\d][\w.-]*\s+){{0,3}}?{_OFFERED},(?=\s)"
)
_LISTED_NAME_NEXT = re.compile(
    rf"\s+(?:it(?:'s|’s|\s+is)\s+)?(?:the\s+)?(?P<name>{_RUN})"
    r"(?=\s*(?:[.,;:!?]|$)|\s+(?:which|that|with|located|near|in|at)\b)"
)
# Titles that open a person's name, as in an address ("I found a hotel, Mr. Lee.").
_TITLES = frozenset(("mr", "mr.", "mrs", "mrs.", "ms", "ms.", "dr", "dr.", "miss", "sir", "madam"))
# Cues a name comes before: "... might be a good fit", "... would be a great choice".
_BEFORE = re.compile(
    r"\s+(?:might|may|could|would|should|will)\s+be\s+(?:a\s+|an\s+)?(?:very\s+)?"
    r"(?:good|great|nice|perfect|fine|excellent|ideal|suitable)\s+"
    r"(?:fit|choice|option|pick|match|place|one)\b"
)
_RUN_AT_END = re.compile(rf"(?:^|(?<=\s))(?P<name>{_RUN})$")
# "X is a 4 star hotel", "X is a nice restaurant": what is described must be a kind of place
# or event, and end there or go on to where it is ("Python is a good place to start" does not).
_IS_A = re.compile(
    rf"\s+is\s+(?:a|an)\s+(?:(?!{_PREP}\b)[a-z\d][\w.-]*\s+){{0,3}}?{_OFFERED}"
    r"(?=\s*(?:[.,;:!?]|$)|\s+(?:in|at|near|that|which|located|downtown)\b)"
)
# Where a sentence or clause opens: the subject of "X is a 4 star hotel" must stand there, so
# that "I heard that X is ..." or "... and X is ..." are read by no guess.
_CLAUSE_OPENS = re.compile(r"(?:[.!?;:,*•\n]|\s[-–])\s*$")
# How far before a cue a name may start.
_BEFORE_SPAN = 80
# A cue's name follows a space and opens on a capital or a digit: most messages have none past
# their first word ("I", "I'd" and "I'm" are no such opening; "O'Hara" is).
_NAME_START = re.compile(r"\s(?:[A-Z\u00c0-\u00de](?:[\w.]|['’][A-Z])|\d)")
# Lower case that keeps every character where it is (`str.lower` may not, as for "İ").
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")

# A caller who said "I called", "we named": the person did the calling, no name follows.
_PERSON_BEFORE = re.compile(r"\b(?:i|you|he|she|we|they|who)\s+$")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that open a sentence or a clause ("Then Ace Hotel might ...", "Yes Blue Ginger"): a
# run that starts with them loses them.
_OPENERS = _words(
    """
    a an this that these those it its i i'm i'd i'll i've you your he she we they them
    there here yes no not ok okay sure please thanks thank hi hello hey great good nice
    sorry maybe perhaps well so also then and but or what how which when where who why
    is are was were do does did can could would will should shall may might must let let's
    anything something nothing everything one any some another other either neither both
    all each every confirm
    """
)
# Kinds of place, lower case inside a name ("AC hotel by Marriott"), or alone no name.
_PLACE_WORDS = _words(_PLACE_NOUNS)
# Capitalised words that stand for something other than a name: a run of nothing but these
# and the openers is none ("How about Monday?", "Let's go with This Friday", "a Hotel").
_NOT_NAMES = (
    _OPENERS
    | _PLACE_WORDS
    | _words(
        """
    the today tomorrow tonight yesterday morning noon afternoon evening night weekend
    monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs
    fri sat sun january february march april may june july august september october november
    december jan feb mar apr jun jul aug sep sept oct nov dec next last first second third
    place spot venue event show concert movie film
    """
    )
)
# Capitalised clause openers a spaced dash may lead to ("Blue Ginger - It's quiet").
_CLAUSE_WORDS = _words("it's that's there's here's what's we're you're they're he's she's")
# Lower-case words of an aside in brackets ("(my favourite)", "(if available)"), not of a
# name's part ("(hyde park)").
_ASIDE_WORDS = _OPENERS | _words(
    """
    my our their his her see if has have had about approx recommended optional closed open
    cheap cheaper cheapest best better favourite favorite only new now again same
    """
)
# A run that holds a clock time ("5 PM") is no name.
_TIME_WORD = re.compile(r"(?i)^(?:am|pm|a\.m\.|p\.m\.|o'clock|noon|midnight)$")
_LETTER_CAP = re.compile(r"[A-Z\u00c0-\u00de]")
_SPLIT_WORD = re.compile(r"\S+")


# A run of Chinese characters in an English message is a name said in its own script ("the
# first one — 鼎泰丰 on 5th Ave", "Booked 鼎泰丰 for 4"); a bracketed branch stays with it.
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]{2,12}(?:[(（][\u4e00-\u9fff\w]{1,10}[)）])?")


def name_evidence(text: str, source: str) -> list[Evidence]:
    """The names `text` offers or picks, each once, in text order, as ``name`` evidence.

    Args:
        text: an English user or assistant message.
        source: "user" or "assistant".
    """
    low = text.lower()
    if len(low) != len(text):
        low = text.translate(_ASCII_LOWER)
    found = _after_cues(text, low) if _NAME_START.search(text) else []
    if found or ":" in text or "\n" in text:
        # "Options: A ($229/night), B ($259/night)", "I found A for $x, B for $y and C for $z",
        # "1. A - $229/night": every name of an offered list, not its first alone.
        starts = {start for start, _ in found}
        found += [
            (start, name)
            for start, name, _ in _lists(text, low, [start for start, _ in found])
            if start not in starts
        ]
    if _HAN_RUN.search(text) is not None:
        found += [(m.start(), m.group(0)) for m in _HAN_RUN.finditer(text)]
    if " be " in low:
        found += _before_cues(text, low, _BEFORE)
    if " is a" in low:
        found += _before_cues(text, low, _IS_A, at_clause_start=True)
    seen: set[str] = set()
    out: list[Evidence] = []
    for start, name in sorted(found):
        if name not in seen and _plausible(text, start, name):
            seen.add(name)
            out.append(Evidence(kind=NAME_KIND, value=name, source=source))
    return out


# A one-word "name" that reads as code or a term in a technical chat: all capitals ("JSON",
# "ERROR"), a capital inside ("NullPointerException", "AppleCare"; not "McDonald's"), a
# digit ("AB-1234", which is a code's evidence already), a pronoun ("Me").
_TERM = re.compile(
    r"^(?:[A-Z0-9_-]{5,}|(?:JSON|HTML|CSS|API|SQL|HTTPS?|URL|CLI|SDK|AWS|GCP|JWT|XML|YAML|CSV|PDF"
    r"|UI|UX|OS|DB|ID|IP|VM|CPU|GPU|RAM|SSH|DNS|TLS|SSL|OK)"
    # Code's camel case: three humps or more, or a code word's ending ("ParseConfig").
    r"|[A-Z]\w*[a-z][A-Z]\w*[a-z][A-Z]\w*"
    r"|[A-Z]\w*[a-z](?:Exception|Error|Config|Service|Manager|Handler|Controller|Factory"
    r"|Provider|Client|Server|Utils?|Helper|Module|Component|Plugin)"
    r"|\S*\d\S*|Me|Us|Him|Them)$"
)
# What may follow a one-word name: an end, a mark, a joining word or a kind of place. A
# lower-case word other than these makes it part of a phrase ("Express shipping", "Settings
# page", "Redis was down").
_AFTER_WORD = re.compile(r"\s+(?P<word>[a-z]+)")
_NAME_FOLLOWERS = _PLACE_WORDS | _words(
    """
    in at on for to near with from of by and or that which who is has it instead please
    then too as tonight today tomorrow this next again there here restaurant hotel but so if
    since because though although when where while unless
    """
)
# A name stopped right before the rest of it: a number ("Python 3" of "Python 3.11"), a sign
# glued on ("AppleCare" of "AppleCare+", "C" of "C#").
_NUMBER_GOES_ON = re.compile(r"[.,]\d|[+#]")


def _plausible(text: str, start: int, name: str) -> bool:
    """Whether `name`, found at `start`, is worth keeping as a name."""
    end = start + len(name)
    if _NUMBER_GOES_ON.match(text, end):
        return False
    if " " in name:
        return True
    if _TERM.match(name):
        return False
    after = _AFTER_WORD.match(text, end)
    return after is None or after["word"] in _NAME_FOLLOWERS


def _after_cues(text: str, low: str) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for m in _CUE.finditer(low):
        if m.group("calls") and _PERSON_BEFORE.search(low, max(0, m.start() - 8), m.start()):
            continue  # "I called Dave": a person called, not a place's name
        one = m.group("one")
        if one and one[0] == "o" and not _opens_one(low, m.start()):
            continue  # "no one is", "step one is": "one" is no subject of its own
        if m.group("known") and not _OFFERED_BEFORE.search(low, max(0, m.start() - 16), m.start()):
            continue  # "he is known as ...": only a place or event is named so
        after = _DESCRIBED_NAME_NEXT if m.group("described") else _NAME_NEXT
        n = after.match(text, m.end())
        if n is None or (name := _clean(n.group("name"))) is None:
            continue
        if not one or " " in name:
            found.append((n.start("name"), name))
    if ", " in low:
        found += _listed(text, low)
    return found


def _opens_one(low: str, start: int) -> bool:
    return start == 0 or _ONE_OPENS.search(low, max(0, start - 4), start) is not None


def _listed(text: str, low: str) -> list[tuple[int, str]]:
    """Names after a comma that closes a described offer ("I found a 3 star hotel, X")."""
    found: list[tuple[int, str]] = []
    for m in _LISTED.finditer(low):
        n = _LISTED_NAME_NEXT.match(text, m.end())
        if n is None or (name := _clean(n.group("name"))) is None:
            continue
        first = name.split(" ", 1)[0].lower()
        if " " in name and first not in _TITLES:  # one word or a title may address a person
            found.append((n.start("name"), name))
    return found


def _before_cues(
    text: str, low: str, cue: re.Pattern[str], *, at_clause_start: bool = False
) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for m in cue.finditer(low):
        run = _RUN_AT_END.search(text, max(0, m.start() - _BEFORE_SPAN), m.start())
        if run is None or (at_clause_start and not _opens_clause(text, run.start("name"))):
            continue
        if run.group("name").rsplit(" ", 1)[-1].lower() in _OPENERS:
            continue  # "... D.C. It is a 3 star hotel": a pronoun is what the cue describes
        if (name := _clean(run.group("name"))) is not None:
            found.append((run.start("name"), name))
    return found


def _opens_clause(text: str, start: int) -> bool:
    return start == 0 or _CLAUSE_OPENS.search(text, max(0, start - 4), start) is not None


def _clean(run: str) -> str | None:
    """The run from its first word that is no opener, verbatim, or None when what is left
    names nothing (days, months, times, pronouns)."""
    run = _trim(run)
    words = list(_SPLIT_WORD.finditer(run))
    while words and words[0].group(0).lower() in _OPENERS:
        words.pop(0)
    if not words or any(_TIME_WORD.match(w.group(0)) for w in words):
        return None
    if not any(
        _LETTER_CAP.match(w.group(0)) and w.group(0).lower() not in _NOT_NAMES for w in words
    ):
        return None
    return run[words[0].start() :]


def _trim(run: str) -> str:
    """The run up to its first dash, lower-case kind of place or lower-case bracket that leads
    to no more of a name ("Blue Ginger - Monday", "Elm Court (my favourite)")."""
    words = list(_SPLIT_WORD.finditer(run))
    for i, w in enumerate(words):
        token = w.group(0)
        if token in ("-", "–") or token in _PLACE_WORDS:
            if not _names_something(words[i + 1 :]):
                return run[: w.start()].rstrip()
        elif token[0] == "(" and token[1:2].islower() and _is_aside(words[i:]):
            return run[: w.start()].rstrip()
    return run


def _names_something(words: list[re.Match[str]]) -> bool:
    """Whether `words`, up to the next dash, hold a word of a name and no clock time."""
    for w in words:
        token = w.group(0)
        if token in ("-", "–") or _TIME_WORD.match(token):
            return False
        low = token.lower()
        if _LETTER_CAP.match(token) and low not in _NOT_NAMES and low not in _CLAUSE_WORDS:
            return True
    return False


def _is_aside(words: list[re.Match[str]]) -> bool:
    """Whether the lower-case bracket opening `words` holds a word of an aside."""
    for w in words:
        token = w.group(0)
        if token.strip("()").lower() in _ASIDE_WORDS:
            return True
        if token.endswith(")"):
            return False
    return False


# An offered list: items that each open with a name and may go on with a detail ("Hotel
# Julian ($259/night)", "Hotel Julian - $259/night", "AA 2231 at 1:30pm ($212.00)", "Hotel
# Julian for $259"), parted by commas, "and" or "or", or one to a numbered or bulleted line.
_AMOUNT_COMMA = r"(?<=\d),(?=\d{3})"
_DETAIL = (
    r"(?P<detail>\s*\([^()\n]{1,40}\)(?:\s*[^,;\s][^,;\n]{0,30}?)??"
    rf"|\s*[-–—:]\s+(?:[^,;\n]|{_AMOUNT_COMMA}){{1,60}}?"
    r"|\s+(?:for|at|from|with|in|on|near|priced\s+at|costs?|rated|which|that|-)\s+"
    rf"(?:[^,;\n]|{_AMOUNT_COMMA}){{1,60}}?"
    # "1) TP218 $1,412; 2) UA9640 $1,188": a price right after the name is its detail.
    rf"|\s+(?=[$€£¥]\s?\d)(?:[^,;\n]|{_AMOUNT_COMMA}){{1,60}}?)?"
)
_ITEM_END = r"(?=\s*(?:[,;!?\n]|\.(?:\s|$)|$)|\s+(?:and|or)\s)"
_ITEM = re.compile(rf"(?:\*\*)?(?:the\s+)?(?P<name>{_RUN})(?:\*\*)?{_DETAIL}{_ITEM_END}")
# What parts two items: a comma (before "and", "or" too), a semicolon, "and", "or".
_ITEM_SEP = re.compile(r"\s*(?:,\s*(?:(?:and|or)\s+)?|;\s*|\s+(?:and|or)\s+)")
# A colon after words that offer what follows: "Options:", "I found three flights on March
# 14:", "Here are some hotels near the Loop:".
_OFFER_WORDS = (
    r"\b(?:options?|choices?|picks?|results?|recommendations?|suggestions?|available"
    rf"|found|got|here(?:'s|’s| is| are)|there are|we have|i have|choose from|{_OFFERED}s?"
    r"|flights?|trains?|rooms?|tables?|tours?|rentals?|cars?|shops?|stores?|attractions?"
    r"|sights?|parks?|agenc(?:y|ies))\b"
)
_LIST_CUE = re.compile(rf"(?:{_OFFER_WORDS}[^.!?\n:]{{0,48}}|^\s*):[ \t]*(?=\S)")
# The same words ending their line with a colon: "Here are some options:\n1. ...".
_LINES_CUE = re.compile(rf"{_OFFER_WORDS}[^.!?\n:]{{0,48}}:[ \t]*\n")
# Where a numbered line's detail starts: a bracket, a spaced dash, a colon.
_LINE_DETAIL = re.compile(r"\s+\(|\s+[-–—]\s+|:\s")
# A numbered or bulleted line: "1. ", "2) ", "- ", "* ", "• ".
_LINE_ITEM = re.compile(r"(?m)^[ \t]*(?:\d{1,2}[.)]|[-*•])[ \t]+")
# What an offered item's detail tells: a price, a time, a rating, a distance.
_OFFER_DETAIL = re.compile(
    r"(?i)[$€£¥]\s?\d|\d(?:\.\d+)?\s*(?:stars?|/\s?5|/\s?10|km|mi|miles?|min|minutes"
    r"|[ap]\.?m\b)|\d{1,2}:\d{2}|\b(?:dollars?|euros?|per night|a night|/night)\b"
)


def offered_options(text: str) -> list[tuple[str, str]]:
    """(name, detail) of each item of the last list `text` offers ("Options: A ($229/night),
    B ($259/night)", "1. A - $229/night", "I found A for $x, B for $y"), or [] when it offers
    no list of two or more. A code stands for its item too ("UA1542 at 7:05am")."""
    low = text.lower()
    if len(low) != len(text):
        low = text.translate(_ASCII_LOWER)
    cued = [start for start, _ in _after_cues(text, low)] if _NAME_START.search(text) else []
    lists = _item_lists(text, low, cued)
    return [(name, detail) for _, name, detail in lists[-1]] if lists else []


def _lists(text: str, low: str, cued: list[int]) -> list[tuple[int, str, str]]:
    """The items of every offered list in `text` that read as names (`_plausible`)."""
    return [
        item
        for found in _item_lists(text, low, cued)
        for item in found
        if _plausible(text, item[0], item[1])
    ]


def _item_lists(text: str, low: str, cued: list[int]) -> list[list[tuple[int, str, str]]]:
    """Each offered list of two items or more, in text order: after a name a cue introduced,
    after a colon that offers, and as numbered or bulleted lines."""
    out: list[list[tuple[int, str, str]]] = []
    for start in cued:
        out.append(_read_list(text, start, bare_ok=True))
    if ":" in text:
        for m in _LIST_CUE.finditer(low):
            if m.group(0).lstrip().startswith(":") and not _LINE_ITEM.match(text, m.end()):
                continue  # a colon opening the text offers nothing by itself
            # "Nearby restaurants: A, B, C.": the label says what is offered, so bare names
            # need no "and" to be a list.
            labelled = not m.group(0).lstrip().startswith(":")
            out.append(_read_list(text, m.end(), bare_ok=True, labelled=labelled))
    if "\n" in text:
        out.append(_line_list(text, low))
    found = sorted((items for items in out if len(items) >= 2), key=lambda items: items[0][0])
    # A list read from a cue and again from a colon is one list.
    unique: list[list[tuple[int, str, str]]] = []
    for items in found:
        if not unique or items[0][0] >= unique[-1][-1][0] + len(unique[-1][-1][1]):
            unique.append(items)
    return unique


def _read_list(
    text: str, pos: int, *, bare_ok: bool, labelled: bool = False
) -> list[tuple[int, str, str]]:
    """The items from `pos` on: each a name and its detail, parted by `_ITEM_SEP`. Either all
    have a detail or none has (then the last ends its sentence, and "and" or "or" joins them
    unless a label that offers leads them, `labelled`); else no list."""
    items: list[tuple[int, str, str]] = []
    last_end = pos
    joined = False  # whether "and" or "or" parts two items (a bare list says so)
    while (m := _ITEM.match(text, pos)) is not None:
        run = m.group("name")
        name = _clean(run)
        if name is None or _TIME_WORD.match(name):
            break
        detail = (m.group("detail") or "").strip().rstrip(".")
        items.append((m.start("name") + run.find(name), name, detail))
        last_end = m.end()
        sep = _ITEM_SEP.match(text, m.end())
        if sep is None:
            break
        pos = sep.end()
        joined = joined or sep.group(0).rstrip().endswith(("and", "or"))
    detailed = [bool(detail) for _, _, detail in items]
    if len(items) < 2:
        return []
    if all(detailed):
        return _unbracketed(items)
    # Bare names make a list only when "and" or "or" joins them and it ends its sentence:
    # "How about Toronto, Canada?" names a city and its country.
    if any(detailed) or not bare_ok or not (joined or labelled):
        return []
    if _SENTENCE_END.match(text, last_end) is None:
        return []
    if labelled and not joined and any(_opens_with_verb(name) for _, name, _ in items):
        return []  # "Options: Open Settings, Click Save.": steps, no names
    return _unbracketed(items)


# A bracket that ends an offered item's name: a detail of it ("Belcanto (Fine dining)").
_TRAILING_BRACKET = re.compile(r"\s*\([^()]*\)$")


def _unbracketed(items: list[tuple[int, str, str]]) -> list[tuple[int, str, str]]:
    """`items` with a bracket that ends a name moved to the front of its detail: in a list of
    options "Cervejaria Ramiro (Seafood)" offers Cervejaria Ramiro, whose cuisine is seafood."""
    out: list[tuple[int, str, str]] = []
    for start, name, detail in items:
        m = _TRAILING_BRACKET.search(name)
        if m is not None and m.start() > 0:
            bracket = m.group(0).strip()
            name, detail = name[: m.start()], f"{bracket} {detail}".strip()
        out.append((start, name, detail))
    return out


_SENTENCE_END = re.compile(r"\s*(?:[.!?\n]|$)")


def _line_list(text: str, low: str) -> list[tuple[int, str, str]]:
    """A numbered or bulleted list whose lines each open with a name: offered when every
    line's detail gives a price, a time, a rating or a distance, or a cue to offer leads it
    ("Here are some options:")."""
    items: list[tuple[int, str, str]] = []
    for line in _LINE_ITEM.finditer(text):
        end = text.find("\n", line.end())
        end = len(text) if end == -1 else end
        m = _ITEM.match(text, line.end(), end)  # the line's own words: a name ends with it
        if m is None or (name := _clean(m.group("name"))) is None:
            if text[line.start() : line.end()].strip()[0].isdigit():
                # A numbered line whose words read as no name still counts: "the third one"
                # is the line numbered 3. Its words up to a detail stand for it.
                words = text[line.end() : end]
                head = _LINE_DETAIL.split(words, 1)[0].strip(" \t*")
                if head:
                    items.append((line.end() + words.find(head), head, words[len(head) :]))
            continue
        start = m.start("name") + m.group("name").find(name)
        items.append((start, name, text[start + len(name) : end].strip(" \t*")))
    items = _unbracketed([(s, n, d.strip(" \t*")) for s, n, d in items])
    if len(items) < 2:
        return []
    first = items[0][0]
    cue = _LINES_CUE.search(low, max(0, first - 200), first)
    if cue is not None or all(_OFFER_DETAIL.search(detail) for _, _, detail in items):
        return items
    # "1. Hertz Loop\n2. Avis Wacker Drive": lines that are each a whole name, of two words or
    # more for one of them at least, and none a step ("1. Install Python\n2. Run Tests").
    if (
        len(items) == len(_LINE_ITEM.findall(text))
        and all(not detail for _, _, detail in items)
        and any(" " in name for _, name, _ in items)
        and not any(_opens_with_verb(name) for _, name, _ in items)
    ):
        return items
    return []


# Verbs a step or an instruction opens with ("1. Open Settings", "Run Tests"): a line or an
# item that opens with one is no name.
_STEP_VERBS = _words(
    """
    add allow apply ask build buy call change check choose click close configure connect copy
    create delete deploy disable download edit enable enter fill find fix follow go install
    log make move navigate open pay press print read reboot refresh reload remove rename
    replace reset restart review run save scroll search select send set sign start stop
    submit switch tap test try turn type uninstall update upload use verify visit wait write
    """
)


def _opens_with_verb(name: str) -> bool:
    return name.split(" ", 1)[0].lower() in _STEP_VERBS


# Any list a reply gives, offered or not ("Three tests fail:\n1. tests/a.py\n2. tests/b.py",
# "Steps: open the app, pay, confirm.", "1. Open settings 2. Click Save"): what "the second
# one" counts in once it is the latest list, though no item of it is picked.
_INLINE_NUMBER = re.compile(r"(?:^|(?<=\s))(?P<n>[1-9])[.)]\s+")
_LABEL = re.compile(r"(?m)(?:^|(?<=[.!?]\s))[^\W\d][\w '’-]{0,30}:[ \t]+(?=\S)")
_PLAIN_SEP = re.compile(r"\s*(?:,\s*(?:(?:and|or)\s+)?|;\s*|\s+(?:and|or)\s+)")


def latest_list(text: str, *, offers: bool = True) -> tuple[list[tuple[str, str]], bool]:
    """The items of the last list `text` gives, (item, detail), and whether it offers them
    (`offered_options`, read only when `offers`): an offered list, numbered or bulleted
    lines, numbered items in one line ("1. Open settings 2. Click Save") or a label's items
    ("Steps: a, b and c."). A list that offers nothing gives each item's words whole, with no
    detail. ([], False) when there is no list of two items or more."""
    offered = offered_options(text) if offers else []
    plain = _plain_list(text)
    if plain and (not offered or plain[0] > _last_index(text, offered[-1][0])):
        named = _numbered_offer(text, *plain)
        if named:
            return named, True
        return [(item, "") for item in plain[1]], False
    return offered, bool(offered)


def _numbered_offer(text: str, start: int, items: list[str]) -> list[tuple[str, str]]:
    """(name, detail) of a numbered list's items when it offers them: "Here are three: 1) The
    Crawford Hotel, 2) Hotel Teatro" or "1) UA 455 at 8am, 2) DL 120 at 11am" (a cue to offer
    before it, or a price or time in every item), each item opening with a name that is no
    step ("1) Restart Apache"). Its name is what "the second one" picks, the rest its detail."""
    if not text[start:].lstrip()[:1].isdigit():
        return []  # bullets, a label's items: read elsewhere
    out: list[tuple[str, str]] = []
    for item in items:
        m = _ITEM.match(item)
        name = _clean(m.group("name")) if m is not None else None
        if m is None or name is None or _opens_with_verb(name):
            return []
        # "The Crawford Hotel": the article is part of what the reply called it.
        head = item[: m.start("name") + m.group("name").find(name) + len(name)]
        if head.lower().startswith("the ") and not name.lower().startswith("the "):
            name = head
        out.append((name, item[len(head) :].strip(" ,;-–—")))
    begin = max(text.rfind(". ", 0, start), text.rfind("\n", 0, start), 0)
    lead = text.lower()[begin:start]
    if _NOT_OFFERED.search(lead):
        return []
    cued = _OFFER_CUE.search(lead) is not None
    if not cued and not all(_OFFER_DETAIL.search(detail) for _, detail in out):
        return []
    return out


# Words before a numbered list that offer its items ("Here are three:", "Options:").
_OFFER_CUE = re.compile(_OFFER_WORDS)
# A lead that says what follows is no offer: "Here are the steps:", "I found two errors:".
_NOT_OFFERED = re.compile(
    r"\b(?:steps?|instructions?|errors?|issues?|problems?|reasons?|causes?|tests?|failures?"
    r"|warnings?|bugs?|requirements?|documents?|fields?)\b"
)


def _last_index(text: str, name: str) -> int:
    return text.rfind(name)


def _plain_list(text: str) -> tuple[int, list[str]] | None:
    """(where it starts, its items) of the last list `text` gives, of any kind."""
    found: list[tuple[int, list[str]]] = []
    if "\n" in text:
        lines = list(_LINE_ITEM.finditer(text))
        if len(lines) >= 2:
            items = []
            for m in lines:
                end = text.find("\n", m.end())
                items.append(text[m.end() : len(text) if end == -1 else end].strip(" \t*"))
            found.append((lines[0].start(), [i for i in items if i]))
    numbers = list(_INLINE_NUMBER.finditer(text))
    if len(numbers) >= 2 and not found:
        run = [numbers[0]]
        for m in numbers[1:]:
            if int(m.group("n")) == int(run[-1].group("n")) + 1:
                run.append(m)
        if len(run) >= 2 and run[0].group("n") == "1":
            ends = [m.start() for m in run[1:]] + [len(text)]
            items = [
                text[m.end() : e].strip().rstrip(".;,").strip()
                for m, e in zip(run, ends, strict=True)
            ]
            found.append((run[0].start(), [i for i in items if i]))
    if ":" in text:
        for m in _LABEL.finditer(text):
            stop = _SENTENCE_STOP.search(text, m.end())
            body = text[m.end() : stop.start() if stop else len(text)]
            items = [i.strip() for i in _PLAIN_SEP.split(body) if i.strip()]
            # Short items, after a label that names several ("Steps:", "Failing tests:") or
            # three of them: "Sure: I can do that, and more." lists nothing.
            plural = m.group(0).rstrip(": \t").endswith("s")
            if (len(items) >= 3 or (plural and len(items) >= 2)) and all(
                len(i) <= 60 for i in items
            ):
                found.append((m.start(), items))
    found = [f for f in found if len(f[1]) >= 2]
    return max(found, key=lambda f: f[0]) if found else None


_SENTENCE_STOP = re.compile(r"[.!?](?:\s|$)|\n")


# What an offered list's items are, said before it ("I found three flights:") or by the kind
# of place most of their names carry ("Hotel Julian", "Kinzie Hotel").
_KINDS = (
    "hotel motel inn hostel resort lodge restaurant bistro cafe diner bar pub flight train bus"
    " car room table apartment house tour event show concert movie film museum spa salon"
)
_KIND_SAID = re.compile(rf"\b({'|'.join(_KINDS.split())})(?:e?s)?\b")
_FLIGHT_CODE = re.compile(r"(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?\d{1,4}")


def offered_kind(text: str, names: list[str]) -> str:
    """What the items named `names` that `text` offers are ("hotel", "flight"): the kind
    said last before the first of them in its sentence or the one before, else the kind of
    place most names carry, else "flight" for flight numbers; "name" when none says."""
    low = text.lower()
    if len(low) != len(text):
        low = text.translate(_ASCII_LOWER)
    first = min((p for n in names if (p := text.find(n)) >= 0), default=0)
    begin = max(low.rfind(". ", 0, max(0, low.rfind(". ", 0, first))), 0)
    said = list(_KIND_SAID.finditer(low, begin, first))
    if said:
        return said[-1].group(1)
    counts: dict[str, int] = {}
    for name in names:
        for word in {w.lower() for w in name.split()}:
            if _KIND_SAID.fullmatch(word):
                counts[word] = counts.get(word, 0) + 1
    if counts:
        kind, n = max(counts.items(), key=lambda kv: kv[1])
        if 2 * n >= len(names):
            return kind
    if names and all(_FLIGHT_CODE.fullmatch(n) for n in names):
        return "flight"
    return NAME_KIND
