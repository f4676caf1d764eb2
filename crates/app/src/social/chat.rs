//! Table talk: the fixed catalogue of phrases and emotes every league has, in every
//! language the server speaks, each league's policy of what its tables may say, and what
//! a table's players say (kept beside the table, never in its event log).

use std::borrow::Cow;

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::kernel::ids::{PlayerId, TableId};
use crate::kernel::notice::Notice;
use crate::kernel::player::hold_player;
use crate::kernel::shown::{Named, unname};
use crate::kernel::text::{self, Shown};
use crate::leagues::ChatPolicy;
use crate::social::Cases;
use crate::store::players::Hold;
use crate::store::{self, chat::MessageRow};
use crate::table::read::load_seats_of_member;
use crate::{AppError, ErrorCode};

/// Whether a catalogue entry is said in words or shown as a glyph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PhraseKind {
    /// Words, in the reader's language.
    Phrase,
    /// A glyph (`glyph`), named in the reader's language for screen readers.
    Emote,
}

/// An entry's words in each language the server speaks.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct PhraseText {
    /// English.
    pub en: &'static str,
    /// Simplified Chinese.
    #[serde(rename = "zh-Hans")]
    #[schema(rename = "zh-Hans")]
    pub zh_hans: &'static str,
    /// Japanese.
    pub ja: &'static str,
    /// Thai.
    pub th: &'static str,
}

/// One entry of the catalogue.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct Phrase {
    /// Its stable key: what a table's chat sends and stores.
    pub key: &'static str,
    /// Words, or an emote.
    pub kind: PhraseKind,
    /// An emote's glyph; absent for a phrase.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub glyph: Option<&'static str>,
    /// A phrase's words, or an emote's name, in each language.
    pub text: PhraseText,
}

const fn phrase(key: &'static str, text: [&'static str; 4]) -> Phrase {
    Phrase {
        key,
        kind: PhraseKind::Phrase,
        glyph: None,
        text: PhraseText {
            en: text[0],
            zh_hans: text[1],
            ja: text[2],
            th: text[3],
        },
    }
}

const fn emote(key: &'static str, glyph: &'static str, name: [&'static str; 4]) -> Phrase {
    Phrase {
        kind: PhraseKind::Emote,
        glyph: Some(glyph),
        ..phrase(key, name)
    }
}

/// The catalogue, in the order a client offers it. Keys never change meaning; new entries
/// are added at the end of their kind.
pub const PHRASES: &[Phrase] = &[
    phrase(
        "good_luck",
        ["Good luck!", "祝你好运！", "幸運を！", "โชคดีนะ!"],
    ),
    phrase(
        "nice_hand",
        ["Nice hand!", "好牌！", "ナイスハンド！", "มือสวยมาก!"],
    ),
    phrase(
        "well_played",
        ["Well played!", "打得好！", "お見事！", "เล่นได้ดีมาก!"],
    ),
    phrase("thanks", ["Thanks!", "谢谢！", "ありがとう！", "ขอบคุณนะ!"]),
    phrase("oops", ["Oops!", "哎呀！", "おっと！", "อุ๊ย!"]),
    phrase(
        "hurry_up",
        [
            "Hurry up, please!",
            "请快一点！",
            "急いでください！",
            "รีบหน่อยนะ!",
        ],
    ),
    phrase("bourre", ["Bourré!", "Bourré！", "ブーレ！", "บูเร!"]),
    phrase(
        "good_game",
        ["Good game!", "好局！", "いい勝負でした！", "เกมสนุกมาก!"],
    ),
    emote("smile", "😄", ["Smile", "微笑", "笑顔", "ยิ้ม"]),
    emote("laugh", "😂", ["Laugh", "大笑", "大笑い", "หัวเราะ"]),
    emote("wow", "😮", ["Wow", "哇", "びっくり", "ว้าว"]),
    emote("sad", "😢", ["Sad", "难过", "悲しい", "เศร้า"]),
    emote(
        "thumbs_up",
        "👍",
        ["Thumbs up", "点赞", "いいね", "ยกนิ้วโป้ง"],
    ),
    emote("applause", "👏", ["Applause", "鼓掌", "拍手", "ปรบมือ"]),
];

/// The catalogue, as `GET /v1/chat/phrases` gives it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PhrasesOut {
    /// Every entry, phrases first, then emotes.
    pub phrases: &'static [Phrase],
}

/// The catalogue's entry `key`.
fn phrase_of(key: &str) -> Option<&'static Phrase> {
    PHRASES.iter().find(|p| p.key == key)
}

/// The longest free text, in characters.
pub const MAX_TEXT: usize = 200;
/// Messages a player says at one table within [`BURST_SECS`], at most.
pub const BURST: i64 = 5;
/// See [`BURST`].
pub const BURST_SECS: i64 = 10;
/// Most messages in one page.
pub const MAX_PAGE: i64 = 200;

/// What a player says: one phrase of the catalogue, or free text.
#[derive(Debug, Clone)]
pub enum Saying {
    Phrase(String),
    Text(String),
}

/// A message said at a table.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChatMessage {
    /// Increasing at each table: the `after` of the next page is the last one's.
    pub id: i64,
    /// The table.
    pub table_id: Uuid,
    /// Who said it.
    pub player_id: Uuid,
    /// Their username.
    pub username: String,
    /// Their display name, if they chose one (and the reader did not block them).
    pub display_name: Option<String>,
    /// The hand it was said in (0 before the first).
    pub hand_no: i32,
    /// The table's version when it was said: it comes after that event.
    pub after_version: i64,
    /// A phrase's key (see `GET /v1/chat/phrases`); absent for free text.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub phrase: Option<String>,
    /// Free text; absent for a phrase.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub text: Option<String>,
    /// When it was said.
    pub created_at: DateTime<Utc>,
}

impl From<MessageRow> for ChatMessage {
    fn from(row: MessageRow) -> ChatMessage {
        ChatMessage {
            id: row.id,
            table_id: row.table_id,
            player_id: row.player_id,
            username: row.username,
            display_name: row.display_name,
            hand_no: row.hand_no,
            after_version: row.after_seq,
            phrase: row.phrase,
            text: row.body,
            created_at: row.created_at,
        }
    }
}

/// A page of a table's chat, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatPage {
    /// The messages.
    pub messages: Vec<ChatMessage>,
    /// The `after` of the next page; null on the last.
    pub next_cursor: Option<i64>,
}

fn not_allowed(detail: &str) -> AppError {
    AppError::refused(ErrorCode::ChatNotAllowed, detail)
}

/// What `saying` stores: a phrase's key, or its text as shown text ([`text::shown`]:
/// trimmed and NFC-normalised, with something that shows and nothing that could pass for
/// another line); refused when the phrase is not in the catalogue, or the text is blank, too
/// long, or refused as shown text.
fn checked(saying: &Saying) -> Result<(Option<&'static str>, Option<Cow<'_, str>>), AppError> {
    match saying {
        Saying::Phrase(key) => match phrase_of(key) {
            Some(p) => Ok((Some(p.key), None)),
            None => Err(AppError::refused(
                ErrorCode::UnknownPhrase,
                "not a phrase of GET /v1/chat/phrases",
            )),
        },
        Saying::Text(raw) => {
            let code = ErrorCode::InvalidChatMessage;
            let text = text::checked(raw, Shown::Text, MAX_TEXT, code, "a message's text")?;
            Ok((None, Some(text)))
        }
    }
}

impl Cases<'_> {
    /// The caller, seated at the table (or a member watching it, where the league lets
    /// them), says `saying` there: refused when the league's chat is off, or takes phrases
    /// only and this is text (403 `chat_not_allowed`), while an admin muted them (403
    /// `chat_muted`), and beyond [`crate::Config::chat_burst`] ([`BURST`]) messages in
    /// [`BURST_SECS`] at the table (429
    /// `chat_too_fast`, counted by the database's clock). A table's messages take turns,
    /// so they commit in the order of their ids, and between the table's events they were
    /// said between. The table's live listeners, in every process, hear of it.
    pub async fn say(
        &self,
        player: PlayerId,
        table: TableId,
        saying: &Saying,
    ) -> Result<ChatMessage, AppError> {
        let (phrase, body) = checked(saying)?;
        let body = body.as_deref();
        let mut conn = store::conn(&self.pool).await?;
        let message = conn
            .transaction::<_, AppError, _>(async |conn| {
                hold_player(conn, player, Hold::Shared).await?;
                let message = store::chat::NewMessage {
                    table_id: table.0,
                    player_id: player.0,
                    phrase,
                    body,
                };
                let burst = self.config.chat_burst;
                let turn = store::chat::say(conn, &message, BURST_SECS, burst)
                    .await?
                    .ok_or_else(|| crate::table::read::no_table(table))?;
                if turn.role.is_none() {
                    return Err(crate::leagues::not_a_member());
                }
                if !turn.seated && !turn.watchers_chat {
                    return Err(AppError::refused(
                        ErrorCode::NotSeated,
                        "only the table's seated players talk at it (this league's members \
                         watching do not: watchers_chat)",
                    ));
                }
                match (ChatPolicy::stored(&turn.chat), body) {
                    (ChatPolicy::Off, _) => {
                        return Err(not_allowed("this league's tables are silent"));
                    }
                    (ChatPolicy::Phrases, Some(_)) => {
                        return Err(not_allowed(
                            "this league's tables say phrases only (GET /v1/chat/phrases)",
                        ));
                    }
                    _ => {}
                }
                if let Some(until) = turn.muted_until.filter(|until| *until > turn.now) {
                    return Err(AppError::refused(
                        ErrorCode::ChatMuted,
                        format!(
                            "a league admin muted the caller at its tables until {}",
                            until.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
                        ),
                    ));
                }
                if turn.said >= burst {
                    let free_at =
                        turn.first.unwrap_or(turn.now) + chrono::Duration::seconds(BURST_SECS);
                    return Err(AppError::Throttled {
                        code: ErrorCode::ChatTooFast,
                        detail: format!(
                            "a player says at most {burst} messages in {BURST_SECS} seconds at \
                             a table"
                        ),
                        retry_after_secs: u64::try_from((free_at - turn.now).num_seconds() + 1)
                            .unwrap_or(1),
                    });
                }
                let (Some(id), Some(created_at)) = (turn.id, turn.said_at) else {
                    return Err(AppError::Internal(
                        "a message passed every check and was not stored".into(),
                    ));
                };
                Ok(ChatMessage {
                    id,
                    table_id: table.0,
                    player_id: player.0,
                    username: turn.username,
                    display_name: turn.display_name,
                    hand_no: turn.hand_no,
                    after_version: turn.version,
                    phrase: phrase.map(str::to_owned),
                    text: body.map(str::to_owned),
                    created_at,
                })
            })
            .await?;
        self.live.announce(Notice {
            table: table.0,
            seq: 0,
            chat: message.id,
        });
        Ok(message)
    }

    /// The table's messages after `after`, oldest first, at most `limit` (members of its
    /// league): not those hidden by an admin, nor the free text of players the caller
    /// blocked (whose names show as their usernames only).
    pub async fn chat(
        &self,
        player: PlayerId,
        table: TableId,
        after: i64,
        limit: i64,
    ) -> Result<ChatPage, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        load_seats_of_member(&mut conn, table, player).await?;
        let messages = heard(&mut conn, player, table, after, limit).await?;
        let full = messages.len() as i64 == limit;
        Ok(ChatPage {
            next_cursor: messages.last().filter(|_| full).map(|m| m.id),
            messages,
        })
    }

    /// The table's messages after `after` said after its event `upto` at the latest (a
    /// message follows the event it was said after), oldest first, at most `limit`, as
    /// [`App::chat`] gives them; for a caller who checked that `player` is a member.
    pub(crate) async fn chat_until(
        &self,
        player: PlayerId,
        table: TableId,
        after: i64,
        upto: i64,
        limit: i64,
    ) -> Result<Vec<ChatMessage>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let messages = heard(&mut conn, player, table, after, limit).await?;
        Ok(messages
            .into_iter()
            .take_while(|m| m.after_version <= upto)
            .collect())
    }
}

/// The table's messages after `after`, oldest first, at most `limit`, as `player` hears
/// them: not those hidden, nor the free text of players they blocked (whose names show as
/// their usernames only).
async fn heard(
    conn: &mut store::Conn,
    player: PlayerId,
    table: TableId,
    after: i64,
    limit: i64,
) -> Result<Vec<ChatMessage>, AppError> {
    let mut blocked = store::blocks::blocked_by(conn, player.0).await?;
    blocked.sort_unstable();
    let rows = store::chat::page(conn, table.0, after, limit, &blocked).await?;
    Ok(rows
        .into_iter()
        .map(|row| ChatMessage::from(row).for_viewer(&blocked))
        .collect())
}

impl ChatMessage {
    /// The message as a viewer who blocked `blocked` (sorted) sees it: a blocked author's
    /// display name is not shown (their free text is not given at all).
    #[must_use]
    pub fn for_viewer(mut self, blocked: &[Uuid]) -> ChatMessage {
        unname([&mut self], blocked);
        self
    }

    /// Whether a viewer who blocked `blocked` (sorted) is given the message.
    pub fn heard_by(&self, blocked: &[Uuid]) -> bool {
        self.text.is_none() || blocked.binary_search(&self.player_id).is_err()
    }
}

impl Named for ChatMessage {
    fn player(&self) -> Uuid {
        self.player_id
    }

    fn unname(&mut self) {
        self.display_name = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_that_could_pass_for_another_line_or_nothing_is_refused() {
        let text =
            |t: &str| checked(&Saying::Text(t.to_owned())).map(|(_, b)| b.map(Cow::into_owned));
        assert_eq!(text("  nice  ").ok().flatten().as_deref(), Some("nice"));
        for bad in [
            "well\u{2028}ann: I fold",
            "\u{3164}",
            "a\u{e0041}",
            "   ",
            "",
        ] {
            assert!(text(bad).is_err(), "{bad:?}");
        }
        assert!(text("x\u{0301}\u{0301}\u{0301}").is_ok());
        assert!(text("x\u{0301}\u{0301}\u{0301}\u{0301}").is_err());
        assert!(text(&"x".repeat(201)).is_err());
        assert!(checked(&Saying::Phrase("nice_hand".into())).is_ok());
        assert!(checked(&Saying::Phrase("x".repeat(10_000))).is_err());
    }

    #[test]
    fn every_entry_has_a_key_of_its_own_and_words_in_every_language() {
        for (i, p) in PHRASES.iter().enumerate() {
            assert!(
                p.key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{}",
                p.key
            );
            assert!(PHRASES[..i].iter().all(|q| q.key != p.key), "{}", p.key);
            let t = p.text;
            assert!(
                [t.en, t.zh_hans, t.ja, t.th]
                    .iter()
                    .all(|w| !w.trim().is_empty()),
                "{}",
                p.key
            );
            assert_eq!(p.glyph.is_some(), p.kind == PhraseKind::Emote, "{}", p.key);
        }
        assert_eq!(ChatPolicy::stored("text"), ChatPolicy::Text);
        assert_eq!(
            ChatPolicy::stored(ChatPolicy::Off.as_str()),
            ChatPolicy::Off
        );
    }
}
