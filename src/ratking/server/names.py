"""What people may call themselves, and the characters no text from a person may carry.

A name or a chat line must not hide or reorder what it shows: control and format characters
(zero-width spaces and joiners, the direction marks and overrides U+202A-202E and isolates
U+2066-2069, U+FEFF, the tag characters U+E0000-E007F...), line and paragraph separators,
unassigned, private-use and surrogate code points, and the few letters that draw nothing
(Hangul fillers, the Braille blank) are all refused. Chat drops them; a name is refused.

A name is also refused if it holds a default-ignorable character (which draws nothing, such
as a variation selector after a letter; the emoji selectors U+FE0E and U+FE0F after a symbol
are kept), a combining mark with no letter to sit on (at the start, or after a space), or more
than `MAX_MARKS` marks stacked on one letter. Two names are one if they look alike:
`look_alike` is the confusables skeleton of Unicode TS #39 (ICU's, through PyICU) of the name
in NFKC, case aside, so Latin "Ann", Cyrillic "Аnn", fullwidth and mathematical letters and
"ANN" are all one name.
"""

from __future__ import annotations

import hashlib
import unicodedata
from functools import cache

import icu

MAX_NAME = 24
# categories: Cc control, Cf format, Cs surrogate, Co private use, Cn unassigned,
# Zl line separator, Zp paragraph separator
UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# letters and marks of other categories that show nothing
BLANK = frozenset({0x034F, 0x115F, 0x1160, 0x180B, 0x180C, 0x180D, 0x180E, 0x180F, 0x2800,
                   0x3164, 0xFFA0})
MAX_MARKS = 3  # combining marks on one letter
FORMER_PLAYER = "former player"  # the seats of a deleted account: no account may take it
EMOJI_SELECTORS = frozenset("\ufe0e\ufe0f")


class BadName(ValueError):
    """A name that cannot be used; the message says why, in one line."""


def unsafe(char: str) -> bool:
    """True for a character no name or chat line may carry."""
    return ord(char) in BLANK or unicodedata.category(char) in UNSAFE_CATEGORIES


def clean_text(text: str) -> str:
    """`text` without its unsafe characters, each run of spaces one space, trimmed."""
    return " ".join("".join(c if not unsafe(c) or c in "\t\n\r" else "" for c in text).split())


def _ignorable(char: str) -> bool:
    return icu.Char.hasBinaryProperty(char, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT)


def check_name(name: object) -> str:
    """The name as it will be shown (NFC, spaces collapsed, trimmed), or BadName."""
    if not isinstance(name, str):
        raise BadName("a name is a text")
    name = unicodedata.normalize("NFC", name)
    bad = next((c for c in name if unsafe(c)), None)
    if bad is not None:
        raise BadName(f"a name may not hold the invisible or control character "
                      f"U+{ord(bad):04X}")
    shown = " ".join(name.split())
    if not 1 <= len(shown) <= MAX_NAME:
        raise BadName(f"a name is 1 to {MAX_NAME} characters (spaces at its ends not counted)")
    _check_marks(shown)
    return shown


def _check_marks(name: str) -> None:
    """BadName for a character that draws nothing, a mark with no letter under it, or too
    many marks on one letter."""
    stacked, before = 0, " "
    for char in name:
        if _ignorable(char) and not (char in EMOJI_SELECTORS
                                     and unicodedata.category(before).startswith("S")):
            raise BadName(f"a name may not hold the invisible character U+{ord(char):04X}")
        if unicodedata.category(char).startswith("M"):
            if before.isspace():
                raise BadName(f"the mark U+{ord(char):04X} has no letter to sit on")
            stacked += 1
            if stacked > MAX_MARKS:
                raise BadName(f"at most {MAX_MARKS} marks on one letter")
        else:
            stacked, before = 0, char


@cache
def _checker() -> icu.SpoofChecker:
    return icu.SpoofChecker()


def look_alike(name: str) -> str:
    """What two names that look alike share: the TS #39 skeleton of the name in NFKC with
    case folded (and of that again, so case and confusables aside in either order), without
    the characters that draw nothing; as a SHA-256 hex digest."""
    text = "".join(c for c in unicodedata.normalize("NFKC", name) if not _ignorable(c))
    for _ in range(2):
        text = unicodedata.normalize("NFKC", _checker().getSkeleton(0, text)).casefold()
    return hashlib.sha256(text.encode()).hexdigest()
