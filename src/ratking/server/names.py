"""What people may call themselves, and the characters no text from a person may carry.

A name or a chat line must not hide or reorder what it shows: control and format characters
(zero-width spaces and joiners, the direction marks and overrides U+202A-202E and isolates
U+2066-2069, U+FEFF, the tag characters U+E0000-E007F...), line and paragraph separators,
unassigned, private-use and surrogate code points, and the few letters that draw nothing
(Hangul fillers, the Braille blank) are all refused. Chat drops them; a name is refused.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 24
# categories: Cc control, Cf format, Cs surrogate, Co private use, Cn unassigned,
# Zl line separator, Zp paragraph separator
UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# letters and marks of other categories that show nothing
BLANK = frozenset({0x034F, 0x115F, 0x1160, 0x180B, 0x180C, 0x180D, 0x180E, 0x180F, 0x2800,
                   0x3164, 0xFFA0})


class BadName(ValueError):
    """A name that cannot be used; the message says why, in one line."""


def unsafe(char: str) -> bool:
    """True for a character no name or chat line may carry."""
    return ord(char) in BLANK or unicodedata.category(char) in UNSAFE_CATEGORIES


def clean_text(text: str) -> str:
    """`text` without its unsafe characters, each run of spaces one space, trimmed."""
    return " ".join("".join(c if not unsafe(c) or c in "\t\n\r" else "" for c in text).split())


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
    return shown
