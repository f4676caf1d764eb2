//! What text the server takes: no control characters anywhere, and in names no characters
//! that disguise what is shown (bidirectional controls, zero-width characters): both checked
//! as a request is read ([`refusal`]). Text players say and the names they are shown by (a
//! message's text, a display name) are held to more ([`shown`]), by the Unicode properties
//! of their characters as ICU4X's data gives them (Unicode 18), not by a list of our own:
//! a refusal there is the field's own 422, which the document describes but whose pattern
//! cannot say.

use std::borrow::Cow;

use icu_normalizer::ComposingNormalizerBorrowed;
use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory, GeneralCategoryGroup};
use icu_properties::{CodePointMapData, CodePointSetData};

use serde::{Deserialize, Deserializer};

use crate::kernel::error::{AppError, ErrorCode};

/// Bidirectional controls and zero-width characters.
fn disguising(c: char) -> bool {
    matches!(c,
        '\u{061c}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}'
        | '\u{feff}')
}

/// Why `text` is refused, if it is: `names` also refuses [`disguising`] characters.
pub fn refusal(text: &str, names: bool) -> Option<&'static str> {
    if text.chars().any(char::is_control) {
        Some("control characters (such as NUL) are not allowed")
    } else if names && text.chars().any(disguising) {
        Some("bidirectional controls and zero-width characters are not allowed in names")
    } else {
        None
    }
}

/// What text shown to other players is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// Free text: a message's.
    Text,
    /// A player's display name, which stands for them: held to more.
    Name,
}

/// Why text shown to other players is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unshown {
    /// Nothing in it shows: only spaces, marks and characters that draw nothing.
    Blank,
    /// A character that breaks the line or hides: a line or paragraph separator, a format
    /// character (soft hyphen, joiners, bidirectional controls, tags, interlinear
    /// annotations), a filler, a private-use, unassigned or surrogate code point.
    Hidden,
    /// More than [`MAX_MARKS`] combining marks in a row.
    Marks,
    /// In a name, a default-ignorable code point (variation selectors, the grapheme joiner,
    /// fillers, ...).
    Ignorable,
    /// In a name, no letter or digit.
    NoLetter,
}

impl Unshown {
    /// Why, in words, for a refusal's detail.
    pub fn why(self) -> &'static str {
        match self {
            Unshown::Blank => "nothing in it shows",
            Unshown::Hidden => {
                "it has a line or paragraph separator, or a character that shows nothing (a \
                 format character, a filler, a private-use or unassigned code point)"
            }
            Unshown::Marks => "a character carries more than 3 combining marks",
            Unshown::Ignorable => {
                "it has a default-ignorable character (variation selectors, joiners, fillers)"
            }
            Unshown::NoLetter => "it has no letter or digit",
        }
    }
}

/// Combining marks one character may carry.
pub const MAX_MARKS: usize = 3;

/// Braille's blank pattern: a symbol that draws nothing, which no property says. Refused
/// in shown text as a filler is.
const BRAILLE_BLANK: char = '\u{2800}';

/// What breaks a line or shows nothing: line and paragraph separators, format, control,
/// private-use, surrogate and unassigned code points.
const HIDDEN: GeneralCategoryGroup = GeneralCategoryGroup::LineSeparator
    .union(GeneralCategoryGroup::ParagraphSeparator)
    .union(GeneralCategoryGroup::Format)
    .union(GeneralCategoryGroup::Control)
    .union(GeneralCategoryGroup::PrivateUse)
    .union(GeneralCategoryGroup::Surrogate)
    .union(GeneralCategoryGroup::Unassigned);
/// What is drawn over the character before it.
const MARKS: GeneralCategoryGroup =
    GeneralCategoryGroup::NonspacingMark.union(GeneralCategoryGroup::EnclosingMark);
/// What shows by itself (unless default-ignorable).
const SHOWS: GeneralCategoryGroup = GeneralCategoryGroup::Letter
    .union(GeneralCategoryGroup::Number)
    .union(GeneralCategoryGroup::Punctuation)
    .union(GeneralCategoryGroup::Symbol);
/// Letters and digits (and other numbers).
const LETTERS: GeneralCategoryGroup =
    GeneralCategoryGroup::Letter.union(GeneralCategoryGroup::Number);

/// `text` as it is stored when shown to other players as `kind` (trimmed and NFC-normalised),
/// or why it is refused. Both kinds: at least one character that shows (a letter, number,
/// punctuation or symbol, not default-ignorable); no line or paragraph separator, format,
/// private-use, unassigned or surrogate code point, nor a filler (a default-ignorable
/// letter, or [`BRAILLE_BLANK`]); at most [`MAX_MARKS`] nonspacing or enclosing marks in a
/// row. A name, besides: a letter or digit, and no default-ignorable code point at all.
pub fn shown(text: &str, kind: Shown) -> Result<Cow<'_, str>, Unshown> {
    let categories = CodePointMapData::<GeneralCategory>::new();
    let ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>();
    let text = match ComposingNormalizerBorrowed::new_nfc().normalize(text) {
        Cow::Borrowed(text) => Cow::Borrowed(text.trim()),
        Cow::Owned(text) => Cow::Owned(text.trim().to_owned()),
    };
    let (mut in_a_row, mut showing, mut lettered) = (0, false, false);
    for c in text.chars() {
        let category = categories.get(c);
        let ignored = ignorable.contains(c);
        let filler =
            c == BRAILLE_BLANK || (ignored && GeneralCategoryGroup::Letter.contains(category));
        if HIDDEN.contains(category) || filler {
            return Err(Unshown::Hidden);
        }
        if ignored && kind == Shown::Name {
            return Err(Unshown::Ignorable);
        }
        in_a_row = if MARKS.contains(category) {
            in_a_row + 1
        } else {
            0
        };
        if in_a_row > MAX_MARKS {
            return Err(Unshown::Marks);
        }
        showing |= !ignored && SHOWS.contains(category);
        lettered |= !ignored && LETTERS.contains(category);
    }
    if !showing {
        Err(Unshown::Blank)
    } else if kind == Shown::Name && !lettered {
        Err(Unshown::NoLetter)
    } else {
        Ok(text)
    }
}

/// `text` as stored: [`shown`] text of `kind`, of 1 to `max` characters once trimmed and
/// normalised; or 422 `code`, its detail naming the field as `what` ("a display name").
pub fn checked<'a>(
    text: &'a str,
    kind: Shown,
    max: usize,
    code: ErrorCode,
    what: &str,
) -> Result<Cow<'a, str>, AppError> {
    let refused =
        |why: &str| AppError::refused(code, format!("{what} has 1 to {max} characters, {why}"));
    let text =
        shown(text, kind).map_err(|why| refused(&format!("and is refused: {}", why.why())))?;
    if text.chars().count() > max {
        return Err(refused("not more"));
    }
    Ok(text)
}

/// An integer, also as written with a zero fraction (`5.0`, an integer to JSON Schema too).
fn whole_number<E: serde::de::Error, T: TryFrom<i64>>(n: &serde_json::Number) -> Result<T, E> {
    let value = match (n.as_i64(), n.as_f64()) {
        (Some(i), _) => Some(i),
        (None, Some(f)) if f.fract() == 0.0 && f.abs() < 9.0e18 => Some(f as i64),
        _ => None,
    };
    value
        .and_then(|v| T::try_from(v).ok())
        .ok_or_else(|| E::custom(format!("expected an integer in range, not {n}")))
}

/// `#[serde(deserialize_with = "text::whole")]`: an integer field (JSON Schema's `integer`,
/// which takes `5.0`).
pub fn whole<'de, D: Deserializer<'de>, T: TryFrom<i64>>(de: D) -> Result<T, D::Error> {
    whole_number(&serde_json::Number::deserialize(de)?)
}

/// `#[serde(default, deserialize_with = "text::whole_or_null")]`: an optional integer field.
pub fn whole_or_null<'de, D: Deserializer<'de>, T: TryFrom<i64>>(
    de: D,
) -> Result<Option<T>, D::Error> {
    Option::<serde_json::Number>::deserialize(de)?
        .map(|n| whole_number(&n))
        .transpose()
}

/// A list of integers, each also as written with a zero fraction.
pub fn whole_list<'de, D: Deserializer<'de>, T: TryFrom<i64>>(de: D) -> Result<Vec<T>, D::Error> {
    Vec::<serde_json::Number>::deserialize(de)?
        .iter()
        .map(whole_number)
        .collect()
}

/// An optional list of integers (see [`whole_list`]).
pub fn whole_list_or_null<'de, D: Deserializer<'de>, T: TryFrom<i64>>(
    de: D,
) -> Result<Option<Vec<T>>, D::Error> {
    Option::<Vec<serde_json::Number>>::deserialize(de)?
        .map(|list| list.iter().map(whole_number).collect())
        .transpose()
}

/// A change's optional integer: absent (`None`, with `#[serde(default)]`), `null`
/// (`Some(None)`: cleared) or a value.
pub fn whole_change<'de, D: Deserializer<'de>, T: TryFrom<i64>>(
    de: D,
) -> Result<Option<Option<T>>, D::Error> {
    whole_or_null(de).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code point round four named, alone and beside a letter.
    const INVISIBLE: [char; 17] = [
        '\u{3164}',  // Hangul filler
        '\u{2800}',  // Braille pattern blank
        '\u{00ad}',  // soft hyphen
        '\u{034f}',  // combining grapheme joiner
        '\u{fe0f}',  // variation selector 16
        '\u{e0041}', // tag latin capital letter A
        '\u{e0001}', // language tag
        '\u{fff9}',  // interlinear annotation anchor
        '\u{180e}',  // Mongolian vowel separator
        '\u{e0100}', // variation selector 17
        '\u{1d173}', // musical symbol begin beam
        '\u{17b4}',  // Khmer vowel inherent aq
        '\u{2028}',  // line separator
        '\u{2029}',  // paragraph separator
        '\u{115f}',  // Hangul choseong filler
        '\u{ffa0}',  // halfwidth Hangul filler
        '\u{200b}',  // zero width space
    ];

    #[test]
    fn text_of_invisible_characters_alone_is_refused_as_a_message_and_as_a_name() {
        for c in INVISIBLE {
            for kind in [Shown::Text, Shown::Name] {
                assert!(
                    shown(&c.to_string(), kind).is_err(),
                    "U+{:04X} {kind:?}",
                    c as u32
                );
                assert!(
                    shown(&format!("{c}{c}{c} "), kind).is_err(),
                    "U+{:04X} x3 {kind:?}",
                    c as u32
                );
            }
        }
    }

    #[test]
    fn a_name_has_no_invisible_character_beside_its_letters() {
        for c in INVISIBLE {
            assert!(
                shown(&format!("an{c}n"), Shown::Name).is_err(),
                "U+{:04X}",
                c as u32
            );
        }
        assert_eq!(
            shown("bob\u{2028}(admin)", Shown::Name),
            Err(Unshown::Hidden)
        );
        // A message may carry a variation selector or joiner beside what shows (emoji
        // presentation), not a filler, a separator or a tag.
        assert!(shown("nice \u{2764}\u{fe0f}", Shown::Text).is_ok());
        assert_eq!(
            shown("nice \u{2764}\u{fe0f}", Shown::Name),
            Err(Unshown::Ignorable)
        );
        for c in [
            '\u{3164}',
            '\u{2800}',
            '\u{00ad}',
            '\u{2028}',
            '\u{e0041}',
            '\u{fff9}',
        ] {
            assert_eq!(
                shown(&format!("hi{c}there"), Shown::Text),
                Err(Unshown::Hidden)
            );
        }
    }

    #[test]
    fn every_default_ignorable_code_point_is_refused_in_a_name() {
        let ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>();
        let mut seen = 0;
        for c in ignorable.iter_ranges().flatten().filter_map(char::from_u32) {
            seen += 1;
            assert!(
                shown(&format!("a{c}b"), Shown::Name).is_err(),
                "U+{:04X}",
                c as u32
            );
            assert!(
                shown(&c.to_string(), Shown::Text).is_err(),
                "U+{:04X}",
                c as u32
            );
        }
        // Unicode's Default_Ignorable_Code_Point holds some four thousand code points.
        assert!(seen > 4000, "{seen}");
    }

    #[test]
    fn marks_are_counted_in_a_row_and_names_need_a_letter_or_digit() {
        // Counted once composed: "é" is one letter, with three marks after it.
        assert!(shown("e\u{0301}\u{0302}\u{0303}\u{0304}", Shown::Text).is_ok());
        assert!(shown("x\u{0301}\u{0302}\u{0303}", Shown::Text).is_ok());
        assert_eq!(
            shown("x\u{0301}\u{0302}\u{0303}\u{0304}", Shown::Text),
            Err(Unshown::Marks)
        );
        assert_eq!(
            shown(&"\u{0301}".repeat(20), Shown::Name),
            Err(Unshown::Marks)
        );
        assert_eq!(shown("\u{0301}", Shown::Text), Err(Unshown::Blank));
        assert_eq!(shown("  ", Shown::Text), Err(Unshown::Blank));
        assert_eq!(shown("!!", Shown::Name), Err(Unshown::NoLetter));
        assert!(shown("!!", Shown::Text).is_ok());
        assert!(shown("7", Shown::Name).is_ok());
        // Thai, Japanese and Chinese names, and a Thai word with two marks on one letter.
        for name in ["สมชาย", "น้ำ", "たろう", "小明", "Zoë"] {
            assert_eq!(shown(name, Shown::Name).as_deref(), Ok(name), "{name}");
        }
    }

    #[test]
    fn shown_text_is_trimmed_and_nfc_normalised() {
        assert_eq!(shown("  Zoe\u{0308} ", Shown::Name).as_deref(), Ok("Zoë"));
        assert!(matches!(
            shown("Zoë", Shown::Name),
            Ok(Cow::Borrowed("Zoë"))
        ));
    }
}
