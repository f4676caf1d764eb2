//! Text fields of request bodies, checked as they are read (before any query): no control
//! characters anywhere (a NUL would otherwise reach PostgreSQL), and in names other players
//! see, no bidirectional controls or zero-width characters either (they disguise a name as
//! another). Refused with 400 `invalid_text`, naming the field. The OpenAPI document
//! states both as patterns: `^[^\u0000-\u001f\u007f-\u009f]*$` for plain text, and for
//! names also without `\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff`.

use serde::{Deserialize, Deserializer};

/// The start of every refusal's message, so the body's error handler can tell it apart.
pub const REFUSED: &str = "text refused: ";

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

fn checked<'de, D: Deserializer<'de>>(de: D, names: bool) -> Result<String, D::Error> {
    let text = String::deserialize(de)?;
    match refusal(&text, names) {
        Some(why) => Err(serde::de::Error::custom(format!("{REFUSED}{why}"))),
        None => Ok(text),
    }
}

/// `#[serde(deserialize_with = "text::plain")]`: any text without control characters.
pub fn plain<'de, D: Deserializer<'de>>(de: D) -> Result<String, D::Error> {
    checked(de, false)
}

/// `#[serde(deserialize_with = "text::name")]`: text shown to other players.
pub fn name<'de, D: Deserializer<'de>>(de: D) -> Result<String, D::Error> {
    checked(de, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_disguising_characters_are_refused() {
        assert_eq!(refusal("Friday night ♠", true), None);
        assert!(refusal("a\u{0}bc", false).is_some());
        assert!(refusal("tab\there", false).is_some());
        assert!(refusal("\u{85}", false).is_some());
        assert_eq!(refusal("ann\u{202e}", false), None);
        assert!(refusal("ann\u{202e}", true).is_some());
        assert!(refusal("a\u{200b}nn", true).is_some());
    }
}
