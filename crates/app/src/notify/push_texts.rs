//! What a push says, in the player's language (their profile's locale, English without
//! one), with the turn's deadline in their time zone (UTC without one): the same words
//! for Web Push, FCM and APNs. Nothing hidden is in them (no card).

use chrono::{DateTime, Utc};

use crate::kernel::shown::Locale;

/// A push's title and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Words {
    pub title: String,
    pub body: String,
}

/// What a hand's end did for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandResult {
    /// They took these chips from the pot (all of it, or their share of a split).
    Took(i64),
    /// They were bourré: they pay these chips into the next pot.
    Bourre(i64),
    /// Everyone passed: the pot, of these chips, carries over.
    Carried(i64),
    /// A tie for most tricks: the pot, of these chips, carries over.
    Tied(i64),
    /// Another player took the pot.
    Lost,
}

impl HandResult {
    /// What `settlement` (a `hand_ended` event's, as JSON) did for `seat`.
    pub fn of(settlement: &serde_json::Value, seat: Option<u64>) -> HandResult {
        let amount_of = |list: &str| {
            settlement[list].as_array().and_then(|entries| {
                entries
                    .iter()
                    .find(|e| seat.is_some() && e["seat"].as_u64() == seat)
                    .and_then(|e| e["amount"].as_i64())
            })
        };
        if let Some(took) = amount_of("payouts") {
            HandResult::Took(took)
        } else if let Some(paid) = amount_of("bourre") {
            HandResult::Bourre(paid)
        } else if settlement["outcome"]["type"] == "all_passed" {
            HandResult::Carried(settlement["carried"].as_i64().unwrap_or_default())
        } else if settlement["outcome"]["type"] == "split"
            && settlement["payouts"].as_array().is_none_or(Vec::is_empty)
        {
            HandResult::Tied(settlement["carried"].as_i64().unwrap_or_default())
        } else {
            HandResult::Lost
        }
    }
}

/// What a push is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    /// The player's turn began (`turn.started`).
    Turn,
    /// Their turn ends soon, at the deadline if it has one (`turn.reminder`).
    Reminder(Option<DateTime<Utc>>),
    /// A hand they were dealt in ended (`hand.ended`).
    HandEnded(HandResult),
    /// A tournament they entered starts soon, at its start (`tournament.starting`).
    TournamentStarting(Option<DateTime<Utc>>),
    /// A round of their tournament is seated; `seated`: they have a table (else they sit
    /// it out) (`tournament.round_started`).
    RoundStarted { round: i64, seated: bool },
    /// Their tournament finished: their place, and their prize (`tournament.finished`).
    TournamentFinished { place: i64, prize: i64 },
}

/// The words of a push about `topic` at table `table` (a tournament's, the tournament),
/// hand `hand_no`, for a player reading `locale` in `time_zone` (an IANA name).
pub fn words(
    topic: Topic,
    locale: Option<Locale>,
    time_zone: Option<&str>,
    table: &str,
    hand_no: i64,
) -> Words {
    let zone = time_zone
        .and_then(|z| z.parse::<chrono_tz::Tz>().ok())
        .unwrap_or(chrono_tz::UTC);
    let locale = locale.unwrap_or(Locale::En);
    let (title, body) = match topic {
        Topic::Turn => turn(locale, table, hand_no),
        Topic::Reminder(deadline) => {
            let time = deadline.map(|at| at.with_timezone(&zone).format("%H:%M %Z").to_string());
            reminder(locale, table, time)
        }
        Topic::HandEnded(result) => hand_ended(locale, table, hand_no, result),
        Topic::TournamentStarting(at) => {
            let time = at.map(|at| at.with_timezone(&zone).format("%H:%M %Z").to_string());
            tournament_starting(locale, table, time)
        }
        Topic::RoundStarted { round, seated } => round_started(locale, table, round, seated),
        Topic::TournamentFinished { place, prize } => {
            tournament_finished(locale, table, place, prize)
        }
    };
    Words { title, body }
}

fn turn(locale: Locale, table: &str, hand_no: i64) -> (String, String) {
    match locale {
        Locale::En => (
            format!("Your turn at {table}"),
            format!("Hand {hand_no}: you are to act."),
        ),
        Locale::ZhHans => (
            format!("{table}轮到你了"),
            format!("第{hand_no}局：轮到你行动。"),
        ),
        Locale::Ja => (
            format!("{table}であなたの番です"),
            format!("第{hand_no}ハンド：あなたの番です。"),
        ),
        Locale::Th => (
            format!("ถึงตาคุณที่โต๊ะ {table}"),
            format!("รอบที่ {hand_no}: ถึงตาคุณแล้ว"),
        ),
    }
}

fn reminder(locale: Locale, table: &str, time: Option<String>) -> (String, String) {
    match locale {
        Locale::En => (
            format!("Your turn at {table} ends soon"),
            match time {
                Some(time) => format!("Act before {time}, or the table plays for you."),
                None => "Act soon, or the table plays for you.".to_owned(),
            },
        ),
        Locale::ZhHans => (
            format!("你在{table}的回合即将结束"),
            match time {
                Some(time) => format!("请在{time}前行动，否则牌桌将代你出牌。"),
                None => "请尽快行动，否则牌桌将代你出牌。".to_owned(),
            },
        ),
        Locale::Ja => (
            format!("{table}での持ち時間がまもなく終わります"),
            match time {
                Some(time) => {
                    format!("{time}までに行動しないと、テーブルが代わりにプレイします。")
                }
                None => "まもなく時間切れです。テーブルが代わりにプレイします。".to_owned(),
            },
        ),
        Locale::Th => (
            format!("ตาของคุณที่โต๊ะ {table} ใกล้หมดเวลา"),
            match time {
                Some(time) => format!("โปรดเล่นก่อน {time} มิฉะนั้นโต๊ะจะเล่นแทนคุณ"),
                None => "โปรดเล่นโดยเร็ว มิฉะนั้นโต๊ะจะเล่นแทนคุณ".to_owned(),
            },
        ),
    }
}

fn tournament_starting(locale: Locale, name: &str, time: Option<String>) -> (String, String) {
    let time = time.unwrap_or_default();
    match locale {
        Locale::En => (
            format!("{name} starts soon"),
            format!("The first round is seated at {time}."),
        ),
        Locale::ZhHans => (format!("{name}即将开始"), format!("第一轮将于{time}入座。")),
        Locale::Ja => (
            format!("{name}がまもなく始まります"),
            format!("第1ラウンドの席は{time}に決まります。"),
        ),
        Locale::Th => (
            format!("{name} ใกล้เริ่มแล้ว"),
            format!("รอบแรกจัดที่นั่งเวลา {time}"),
        ),
    }
}

fn round_started(locale: Locale, name: &str, round: i64, seated: bool) -> (String, String) {
    match (locale, seated) {
        (Locale::En, true) => (
            format!("{name}: round {round}"),
            "Your table is ready.".to_owned(),
        ),
        (Locale::En, false) => (
            format!("{name}: round {round}"),
            "You sit this round out.".to_owned(),
        ),
        (Locale::ZhHans, true) => (
            format!("{name}：第{round}轮"),
            "你的牌桌已就绪。".to_owned(),
        ),
        (Locale::ZhHans, false) => (format!("{name}：第{round}轮"), "本轮你轮空。".to_owned()),
        (Locale::Ja, true) => (
            format!("{name}：第{round}ラウンド"),
            "あなたのテーブルの準備ができました。".to_owned(),
        ),
        (Locale::Ja, false) => (
            format!("{name}：第{round}ラウンド"),
            "このラウンドはお休みです。".to_owned(),
        ),
        (Locale::Th, true) => (
            format!("{name}: รอบที่ {round}"),
            "โต๊ะของคุณพร้อมแล้ว".to_owned(),
        ),
        (Locale::Th, false) => (format!("{name}: รอบที่ {round}"), "คุณพักรอบนี้".to_owned()),
    }
}

fn tournament_finished(locale: Locale, name: &str, place: i64, prize: i64) -> (String, String) {
    match locale {
        Locale::En => (
            format!("{name} is over"),
            if prize > 0 {
                format!("You placed {place} and won {prize} chips.")
            } else {
                format!("You placed {place}.")
            },
        ),
        Locale::ZhHans => (
            format!("{name}已结束"),
            if prize > 0 {
                format!("你获得第{place}名，赢得{prize}个筹码。")
            } else {
                format!("你获得第{place}名。")
            },
        ),
        Locale::Ja => (
            format!("{name}が終了しました"),
            if prize > 0 {
                format!("{place}位、{prize}チップを獲得しました。")
            } else {
                format!("{place}位でした。")
            },
        ),
        Locale::Th => (
            format!("{name} จบแล้ว"),
            if prize > 0 {
                format!("คุณได้อันดับ {place} และได้ {prize} ชิป")
            } else {
                format!("คุณได้อันดับ {place}")
            },
        ),
    }
}

fn hand_ended(locale: Locale, table: &str, hand_no: i64, result: HandResult) -> (String, String) {
    use HandResult::{Bourre, Carried, Lost, Tied, Took};
    let chips_en = |n: i64| {
        if n == 1 {
            "1 chip".to_owned()
        } else {
            format!("{n} chips")
        }
    };
    match locale {
        Locale::En => (
            format!("Hand {hand_no} at {table} is over"),
            match result {
                Took(chips) => format!("You took {}.", chips_en(chips)),
                Bourre(chips) => format!("Bourré: you pay {} into the next pot.", chips_en(chips)),
                Carried(chips) => format!("Everyone passed: the pot of {chips} carries over."),
                Tied(chips) => format!("A tie: the pot of {chips} carries over."),
                Lost => "Another player took the pot.".to_owned(),
            },
        ),
        Locale::ZhHans => (
            format!("{table}第{hand_no}局结束"),
            match result {
                Took(chips) => format!("你赢得了{chips}个筹码。"),
                Bourre(chips) => format!("你一墩未得（Bourré），向下一局底池赔付{chips}个筹码。"),
                Carried(chips) => format!("全员不玩：{chips}个筹码的底池留到下一局。"),
                Tied(chips) => format!("平局：{chips}个筹码的底池留到下一局。"),
                Lost => "底池归其他玩家。".to_owned(),
            },
        ),
        Locale::Ja => (
            format!("{table}の第{hand_no}ハンドが終わりました"),
            match result {
                Took(chips) => format!("{chips}チップを獲得しました。"),
                Bourre(chips) => format!("ブーレ：次のポットに{chips}チップを支払います。"),
                Carried(chips) => format!("全員パスのため、ポット{chips}チップは持ち越しです。"),
                Tied(chips) => format!("引き分けのため、ポット{chips}チップは持ち越しです。"),
                Lost => "ポットは他のプレイヤーが獲得しました。".to_owned(),
            },
        ),
        Locale::Th => (
            format!("รอบที่ {hand_no} ที่โต๊ะ {table} จบแล้ว"),
            match result {
                Took(chips) => format!("คุณได้ {chips} ชิป"),
                Bourre(chips) => format!("คุณโดนบูเร จ่าย {chips} ชิปเข้ากองกลางรอบหน้า"),
                Carried(chips) => format!("ทุกคนหมอบ กองกลาง {chips} ชิปยกไปรอบหน้า"),
                Tied(chips) => format!("เสมอกัน กองกลาง {chips} ชิปยกไปรอบหน้า"),
                Lost => "ผู้เล่นคนอื่นได้กองกลางไป".to_owned(),
            },
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_push_is_in_the_players_language_and_time() {
        let at: DateTime<Utc> = "2026-12-04T03:04:00Z".parse().unwrap_or_default();
        let chicago = words(
            Topic::Reminder(Some(at)),
            None,
            Some("America/Chicago"),
            "Back room",
            3,
        );
        assert_eq!(chicago.title, "Your turn at Back room ends soon");
        assert_eq!(
            chicago.body,
            "Act before 21:04 CST, or the table plays for you."
        );
        let tokyo = words(
            Topic::Turn,
            Some(Locale::Ja),
            Some("Asia/Tokyo"),
            "奥の部屋",
            3,
        );
        assert_eq!(tokyo.title, "奥の部屋であなたの番です");
        assert_eq!(tokyo.body, "第3ハンド：あなたの番です。");
        let utc = words(Topic::Reminder(Some(at)), Some(Locale::Th), None, "T", 1);
        assert!(utc.body.contains("03:04 UTC"), "{}", utc.body);
        let unknown_zone = words(
            Topic::Reminder(Some(at)),
            None,
            Some("Mars/Olympus"),
            "T",
            1,
        );
        assert!(
            unknown_zone.body.contains("03:04 UTC"),
            "{}",
            unknown_zone.body
        );
    }

    #[test]
    fn a_tournaments_news_names_it_and_the_players_place() {
        let at: DateTime<Utc> = "2026-12-05T02:00:00Z".parse().unwrap_or_default();
        let starting = words(
            Topic::TournamentStarting(Some(at)),
            None,
            Some("America/Chicago"),
            "Friday night",
            0,
        );
        assert_eq!(starting.title, "Friday night starts soon");
        assert!(starting.body.contains("20:00 CST"), "{}", starting.body);
        let bye = words(
            Topic::RoundStarted {
                round: 2,
                seated: false,
            },
            Some(Locale::Ja),
            None,
            "金曜の夜",
            0,
        );
        assert_eq!(bye.title, "金曜の夜：第2ラウンド");
        assert_eq!(bye.body, "このラウンドはお休みです。");
        let won = words(
            Topic::TournamentFinished {
                place: 1,
                prize: 540,
            },
            Some(Locale::Th),
            None,
            "Friday",
            0,
        );
        assert_eq!(won.body, "คุณได้อันดับ 1 และได้ 540 ชิป");
    }

    #[test]
    fn a_hands_end_says_what_it_did_for_the_player() {
        let settlement = serde_json::json!({
            "outcome": {"type": "won", "seat": 1}, "pot": 12, "carried": 12,
            "payouts": [{"seat": 1, "amount": 12}], "bourre": [{"seat": 2, "amount": 12}],
        });
        assert_eq!(HandResult::of(&settlement, Some(1)), HandResult::Took(12));
        assert_eq!(HandResult::of(&settlement, Some(2)), HandResult::Bourre(12));
        assert_eq!(HandResult::of(&settlement, Some(0)), HandResult::Lost);
        assert_eq!(HandResult::of(&settlement, None), HandResult::Lost);
        let passed = serde_json::json!({
            "outcome": {"type": "all_passed"}, "pot": 9, "carried": 9,
            "payouts": [], "bourre": [],
        });
        assert_eq!(HandResult::of(&passed, Some(0)), HandResult::Carried(9));
        let tied = serde_json::json!({
            "outcome": {"type": "split", "seats": [0, 1]}, "pot": 10, "carried": 10,
            "payouts": [], "bourre": [],
        });
        assert_eq!(HandResult::of(&tied, Some(1)), HandResult::Tied(10));
        let one = words(Topic::HandEnded(HandResult::Took(1)), None, None, "T", 2);
        assert_eq!(one.body, "You took 1 chip.");
        let said = words(
            Topic::HandEnded(HandResult::Bourre(12)),
            Some(Locale::ZhHans),
            None,
            "后屋",
            4,
        );
        assert_eq!(said.title, "后屋第4局结束");
        assert!(said.body.contains("12个筹码"), "{}", said.body);
        let said = words(
            Topic::HandEnded(HandResult::Took(7)),
            None,
            None,
            "Back room",
            4,
        );
        assert_eq!(said.title, "Hand 4 at Back room is over");
        assert_eq!(said.body, "You took 7 chips.");
    }
}
