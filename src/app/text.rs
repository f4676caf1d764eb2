//! What text the server takes: no control characters anywhere, and in names no characters
//! that disguise what is shown (bidirectional controls, zero-width characters).

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
