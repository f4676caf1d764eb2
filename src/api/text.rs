//! Text fields of request bodies, checked as they are read (before any query): no control
//! characters anywhere (a NUL would otherwise reach PostgreSQL), and in names other players
//! see, no bidirectional controls or zero-width characters either (they disguise a name as
//! another). Refused with 400 `invalid_text`, naming the field. The OpenAPI document
//! states both as patterns: `^[^\u0000-\u001f\u007f-\u009f]*$` for plain text, and for
//! names also without `\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff`.

use serde::{Deserialize, Deserializer};

use super::error::ApiError;
use crate::app::ErrorCode;
pub use crate::app::kernel::text::refusal;

/// The start of every refusal's message, so the body's error handler can tell it apart.
const REFUSED: &str = "text refused: ";

fn checked<'de, D: Deserializer<'de>>(de: D, names: bool) -> Result<String, D::Error> {
    checked_text(String::deserialize(de)?, names)
}

fn checked_text<E: serde::de::Error>(text: String, names: bool) -> Result<String, E> {
    match refusal(&text, names) {
        Some(why) => Err(E::custom(format!("{REFUSED}{why}"))),
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

/// Text checked as [`checked`] does, or nothing (left out or null).
fn checked_opt<'de, D: Deserializer<'de>>(de: D, names: bool) -> Result<Option<String>, D::Error> {
    Option::<String>::deserialize(de)?
        .map(|text| checked_text(text, names))
        .transpose()
}

/// `#[serde(default, deserialize_with = "text::plain_opt")]`: [`plain`] text, or nothing
/// (left out or null).
pub fn plain_opt<'de, D: Deserializer<'de>>(de: D) -> Result<Option<String>, D::Error> {
    checked_opt(de, false)
}

/// `#[serde(default, deserialize_with = "text::or_null")]`: a field of a change, `None` when
/// left out (unchanged), `Some(None)` when null (cleared).
pub fn or_null<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    de: D,
) -> Result<Option<Option<T>>, D::Error> {
    Ok(Some(Option::<T>::deserialize(de)?))
}

/// [`or_null`] of [`plain`] text.
pub fn plain_or_null<'de, D: Deserializer<'de>>(de: D) -> Result<Option<Option<String>>, D::Error> {
    Ok(Some(plain_opt(de)?))
}

/// `#[serde(default, deserialize_with = "text::name_opt")]`: a [`name`], or nothing (left
/// out or null).
pub fn name_opt<'de, D: Deserializer<'de>>(de: D) -> Result<Option<String>, D::Error> {
    checked_opt(de, true)
}

/// `#[serde(default, deserialize_with = "text::not_null")]`: a field of a change that may
/// be left out (`None`, unchanged) but not null.
pub fn not_null<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    de: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(de).map(Some)
}

/// [`or_null`] of a [`name`].
pub fn name_or_null<'de, D: Deserializer<'de>>(de: D) -> Result<Option<Option<String>>, D::Error> {
    Ok(Some(name_opt(de)?))
}

/// A request body's struct, read from a JSON object only: serde also reads a struct from an
/// array of its fields in order, which the document does not allow (400 `malformed_body`
/// through the body's error handler). Handlers take `web::Json<Object<T>>`.
#[derive(Debug)]
pub struct Object<T>(pub T);

impl<T> std::ops::Deref for Object<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        struct Fields<T>(std::marker::PhantomData<T>);

        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Fields<T> {
            type Value = T;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }

        de.deserialize_map(Fields(std::marker::PhantomData))
            .map(Object)
    }
}

/// 400 `body_too_large`: a body over [`super::MAX_BODY_BYTES`].
pub fn body_too_large() -> ApiError {
    ApiError::refused(
        ErrorCode::BodyTooLarge,
        format!("request bodies are at most {} bytes", super::MAX_BODY_BYTES),
    )
}

/// A body that does not read as its type: 400 `invalid_text` when a text field refused it,
/// else `malformed_body`.
pub fn unreadable_body(e: &serde_json::Error) -> ApiError {
    let code = if e.to_string().contains(REFUSED) {
        ErrorCode::InvalidText
    } else {
        ErrorCode::MalformedBody
    };
    ApiError::refused(code, e.to_string())
}

/// An optional JSON body: absent (or only whitespace) reads as the default; anything else,
/// `null` too, must be a `T`, as an object (400 `malformed_body`, or `invalid_text`,
/// otherwise), of at most [`super::MAX_BODY_BYTES`] (400 `body_too_large`, as for the
/// operations whose body is required).
pub async fn optional_body<T: serde::de::DeserializeOwned + Default>(
    mut payload: actix_web::web::Payload,
) -> Result<T, ApiError> {
    use futures_util::StreamExt;
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk =
            chunk.map_err(|e| ApiError::refused(ErrorCode::MalformedBody, e.to_string()))?;
        if body.len() + chunk.len() > super::MAX_BODY_BYTES {
            return Err(body_too_large());
        }
        body.extend_from_slice(&chunk);
    }
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    let read: Object<T> = serde_json::from_slice(&body).map_err(|e| unreadable_body(&e))?;
    Ok(read.0)
}

pub use crate::app::kernel::text::{whole, whole_or_null};

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Counted {
        #[serde(deserialize_with = "whole")]
        n: u8,
        #[serde(default, deserialize_with = "whole_or_null")]
        m: Option<i64>,
    }

    #[test]
    fn integers_may_carry_a_zero_fraction_and_nothing_else() {
        let read = |json: &str| serde_json::from_str::<Counted>(json).map(|c| (c.n, c.m));
        assert_eq!(read(r#"{"n": 3}"#).ok(), Some((3, None)));
        assert_eq!(read(r#"{"n": 3.0, "m": -7.0}"#).ok(), Some((3, Some(-7))));
        assert_eq!(read(r#"{"n": 3, "m": null}"#).ok(), Some((3, None)));
        assert!(read(r#"{"n": 3.5}"#).is_err());
        assert!(read(r#"{"n": 256}"#).is_err());
        assert!(read(r#"{"n": "3"}"#).is_err());
        assert!(read(r#"{"n": 1, "m": 1e300}"#).is_err());
    }

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
