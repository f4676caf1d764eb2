//! What a push says, in the player's language (their profile's locale, English without
//! one), with the turn's deadline in their time zone (UTC without one): the same words
//! for Web Push, FCM and APNs. Nothing hidden is in them (no card).

use chrono::{DateTime, Utc};

use super::profiles::Locale;

/// A push's title and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Words {
    pub title: String,
    pub body: String,
}

/// The words of a `kind` notification (`turn.started`, `turn.reminder`) at table `table`,
/// hand `hand_no`, whose turn ends at `deadline`, for a player reading `locale` in
/// `time_zone` (an IANA name).
pub fn words(
    kind: &str,
    locale: Option<Locale>,
    time_zone: Option<&str>,
    table: &str,
    hand_no: i64,
    deadline: Option<DateTime<Utc>>,
) -> Words {
    let zone = time_zone
        .and_then(|z| z.parse::<chrono_tz::Tz>().ok())
        .unwrap_or(chrono_tz::UTC);
    let time = deadline.map(|at| at.with_timezone(&zone).format("%H:%M %Z").to_string());
    let (title, body) = match (locale.unwrap_or(Locale::En), kind == "turn.reminder") {
        (Locale::En, false) => (
            format!("Your turn at {table}"),
            format!("Hand {hand_no}: you are to act."),
        ),
        (Locale::En, true) => (
            format!("Your turn at {table} ends soon"),
            match time {
                Some(time) => format!("Act before {time}, or the table plays for you."),
                None => "Act soon, or the table plays for you.".to_owned(),
            },
        ),
        (Locale::ZhHans, false) => (
            format!("{table}轮到你了"),
            format!("第{hand_no}手：轮到你行动。"),
        ),
        (Locale::ZhHans, true) => (
            format!("你在{table}的回合即将结束"),
            match time {
                Some(time) => format!("请在{time}前行动，否则牌桌将代你出牌。"),
                None => "请尽快行动，否则牌桌将代你出牌。".to_owned(),
            },
        ),
        (Locale::Ja, false) => (
            format!("{table}であなたの番です"),
            format!("第{hand_no}ハンド：あなたの番です。"),
        ),
        (Locale::Ja, true) => (
            format!("{table}での持ち時間がまもなく終わります"),
            match time {
                Some(time) => {
                    format!("{time}までに行動しないと、テーブルが代わりにプレイします。")
                }
                None => "まもなく時間切れです。テーブルが代わりにプレイします。".to_owned(),
            },
        ),
        (Locale::Th, false) => (
            format!("ถึงตาคุณที่โต๊ะ {table}"),
            format!("มือที่ {hand_no}: ถึงตาคุณแล้ว"),
        ),
        (Locale::Th, true) => (
            format!("ตาของคุณที่โต๊ะ {table} ใกล้หมดเวลา"),
            match time {
                Some(time) => format!("โปรดเล่นก่อน {time} มิฉะนั้นโต๊ะจะเล่นแทนคุณ"),
                None => "โปรดเล่นโดยเร็ว มิฉะนั้นโต๊ะจะเล่นแทนคุณ".to_owned(),
            },
        ),
    };
    Words { title, body }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_push_is_in_the_players_language_and_time() {
        let at: DateTime<Utc> = "2026-12-04T03:04:00Z".parse().unwrap_or_default();
        let chicago = words(
            "turn.reminder",
            None,
            Some("America/Chicago"),
            "Back room",
            3,
            Some(at),
        );
        assert_eq!(chicago.title, "Your turn at Back room ends soon");
        assert_eq!(
            chicago.body,
            "Act before 21:04 CST, or the table plays for you."
        );
        let tokyo = words(
            "turn.started",
            Some(Locale::Ja),
            Some("Asia/Tokyo"),
            "奥の部屋",
            3,
            Some(at),
        );
        assert_eq!(tokyo.title, "奥の部屋であなたの番です");
        assert_eq!(tokyo.body, "第3ハンド：あなたの番です。");
        let utc = words("turn.reminder", Some(Locale::Th), None, "T", 1, Some(at));
        assert!(utc.body.contains("03:04 UTC"), "{}", utc.body);
        let unknown_zone = words(
            "turn.reminder",
            None,
            Some("Mars/Olympus"),
            "T",
            1,
            Some(at),
        );
        assert!(
            unknown_zone.body.contains("03:04 UTC"),
            "{}",
            unknown_zone.body
        );
    }
}
