//! Bots that play a table's hands over HTTP, as a client that knows its cards does.

use super::*;

#[derive(Debug, Clone)]
pub(super) struct Bot {
    pub(super) id: String,
    pub(super) token: String,
}

pub(super) async fn register(http: &Http, name: String) -> Result<Bot, String> {
    let body = json!({"username": name, "password": "load test password"});
    let reply = http
        .must(Method::POST, "/v1/auth/register", None, Some(&body))
        .await?;
    Ok(Bot {
        id: reply["player"]["id"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        token: reply["token"].as_str().unwrap_or_default().to_owned(),
    })
}

/// A small xorshift generator: the bots' choices need no cryptography.
pub(super) struct Rng(u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    pub(super) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// How a bot declares.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    /// Plays most hands, sometimes changing a card; a random legal card in play.
    Mixed,
    /// Passes whenever allowed (fast, uncontested hands).
    Pass,
    /// Plays every hand it may, standing pat.
    Play,
}

/// A legal action from the viewer's `legal`.
pub(super) fn choose(legal: &Legal, style: Style, rng: &mut Rng) -> Option<Value> {
    match legal.action.as_str() {
        "declare" => {
            let pass = legal.can_pass == Some(true)
                && (legal.can_play != Some(true)
                    || match style {
                        Style::Pass => true,
                        Style::Play => false,
                        Style::Mixed => rng.below(4) == 0,
                    });
            // Playing bots stand pat (no discard), which every rule variant accepts.
            Some(json!({"type": "declare", "play": !pass}))
        }
        "draw" => Some(json!({"type": "draw", "discard": []})),
        "play" => {
            let cards = legal.cards.as_deref()?;
            let card = cards.get(rng.below(cards.len()))?;
            Some(json!({"type": "play", "card": card}))
        }
        _ => None,
    }
}

/// The seat's player to act in a view, and whether the view is that player's own.
pub(super) fn to_act(view: &Seen) -> Option<(String, bool)> {
    if view.status != "playing" {
        return None;
    }
    let turn = view.to_act.as_ref()?;
    let own = view.my_seat == Some(turn.seat) && view.legal.is_some();
    Some((turn.player_id.clone(), own))
}

/// What a driver knows about its table.
pub(super) enum Next {
    /// Ask the table (after an error).
    Unknown,
    /// Between hands: start the next one.
    Start,
    /// This player acts; with their own view when we have it.
    Actor(usize, Option<Seen>),
}

pub(super) struct Driver {
    pub(super) id: String,
    pub(super) bots: Vec<Bot>,
    pub(super) next: Next,
    pub(super) style: Style,
    pub(super) rng: Rng,
    pub(super) read_every_turn: bool,
    /// Each bot's own last view, with its hand number: its cards and discards.
    pub(super) own: Vec<Option<(i32, SeenHand)>>,
    /// The bot whose view is the table's last reply: what it shows everyone is current.
    pub(super) last: Option<usize>,
    /// A bot says a phrase at the table after every so many changes (0: never).
    pub(super) chat_every: u32,
    /// Changes since the last phrase, and phrases said.
    since_chat: u32,
    said: usize,
}

impl Driver {
    pub(super) fn new(
        id: String,
        bots: Vec<Bot>,
        style: Style,
        seed: u64,
        read_every_turn: bool,
    ) -> Driver {
        Driver {
            id,
            own: vec![None; bots.len()],
            bots,
            next: Next::Start,
            style,
            rng: Rng(seed),
            read_every_turn,
            last: None,
            chat_every: 0,
            since_chat: 0,
            said: 0,
        }
    }

    /// One of the table's bots says a phrase (the next in turn).
    async fn say(&mut self, http: &Http, stats: &RefCell<Stats>) {
        let who = self.said % self.bots.len().max(1);
        self.said += 1;
        let token = self.bots.get(who).map(|b| b.token.clone());
        let url = format!("/v1/tables/{}/chat", self.id);
        let body = json!({"phrase": "nice_hand"});
        let (result, took) = http
            .call(Method::POST, &url, token.as_deref(), Some(&body))
            .await;
        let said = matches!(&result, Ok(a) if a.ok());
        stats
            .borrow_mut()
            .record("chat", took, said, &|| match &result {
                Ok(a) => format!("{} {}", a.status, a.json()),
                Err(e) => e.clone(),
            });
    }

    /// Bot `i`'s legal moves worked out without reading the table: a draw (a bot stands
    /// pat, which is always allowed), or its legal cards from its own cards and the table's
    /// last reply (R9-R9d). `None` when it must read the table: to declare, when it has not
    /// seen its cards this hand, or with `--read-every-turn`.
    pub(super) fn worked_out(&self, i: usize) -> Option<Legal> {
        if self.read_every_turn {
            return None;
        }
        let (hand_no, public) = self.own.get(self.last?)?.as_ref()?;
        let (own_no, own) = self.own.get(i)?.as_ref()?;
        if own_no != hand_no {
            return None;
        }
        let (action, cards) = match public.phase? {
            Phase::Draw => ("draw", None),
            Phase::Play => {
                let seen = SeenHand {
                    my_seat: own.my_seat,
                    my_hand: own.my_hand.clone(),
                    my_discards: own.my_discards.clone(),
                    ..public.clone()
                };
                let legal = seen.sight()?.legal();
                ("play", Some(legal.iter().map(|c| c.to_string()).collect()))
            }
            Phase::Declare | Phase::Complete => return None,
        };
        Some(Legal {
            action: action.to_owned(),
            can_pass: None,
            can_play: None,
            cards,
        })
    }

    pub(super) fn bot_index(&self, player: &str) -> Option<usize> {
        self.bots.iter().position(|b| b.id == player)
    }

    pub(super) fn learn(&mut self, view: Seen) {
        self.next = match to_act(&view) {
            None if view.status == "waiting" => Next::Start,
            None => Next::Unknown,
            Some((player, own)) => match self.bot_index(&player) {
                Some(i) => Next::Actor(i, own.then_some(view)),
                None => Next::Unknown,
            },
        };
    }

    /// One request. Returns whether it committed a change (an action or a hand start) and
    /// whether a hand ended.
    pub(super) async fn step(&mut self, http: &Http, stats: &RefCell<Stats>) -> (bool, bool) {
        if self.chat_every > 0 && self.since_chat >= self.chat_every {
            self.since_chat = 0;
            self.say(http, stats).await;
            return (false, false);
        }
        let path = format!("/v1/tables/{}", self.id);
        let next = std::mem::replace(&mut self.next, Next::Unknown);
        let (endpoint, method, url, who, body) = match next {
            Next::Unknown => ("get_table", Method::GET, path, 0, None),
            Next::Start => ("start_hand", Method::POST, format!("{path}/hands"), 0, None),
            Next::Actor(i, view) => match view
                .and_then(|v| v.legal)
                .or_else(|| self.worked_out(i))
                .and_then(|legal| choose(&legal, self.style, &mut self.rng))
            {
                Some(action) => (
                    "act",
                    Method::POST,
                    format!("{path}/actions"),
                    i,
                    Some(json!({"action": action})),
                ),
                None => ("get_table", Method::GET, path, i, None),
            },
        };
        let token = self.bots.get(who).map(|b| b.token.clone());
        let (result, took) = http
            .call(method, &url, token.as_deref(), body.as_ref())
            .await;
        // A success must carry a readable view.
        let seen = match &result {
            Ok(a) if a.ok() => serde_json::from_slice::<Seen>(&a.bytes).ok(),
            _ => None,
        };
        stats
            .borrow_mut()
            .record(endpoint, took, seen.is_some(), &|| match &result {
                Ok(a) => format!("{} {}", a.status, a.json()),
                Err(e) => e.clone(),
            });
        if let (Some(view), Ok(answer)) = (&seen, &result) {
            let hand = serde_json::from_slice::<SeenHand>(&answer.bytes).unwrap_or_default();
            if let Some(own) = self.own.get_mut(who) {
                *own = Some((view.hand_no, hand));
                self.last = Some(who);
            }
        }
        match seen {
            Some(view) => {
                let ended = endpoint == "act" && view.status == "waiting";
                if endpoint != "get_table" {
                    self.since_chat += 1;
                }
                self.learn(view);
                (endpoint != "get_table", ended)
            }
            None => {
                self.next = Next::Unknown;
                (false, false)
            }
        }
    }

    /// Plays until the current hand ends (starting one when between hands).
    pub(super) async fn play_hand(
        &mut self,
        http: &Http,
        stats: &RefCell<Stats>,
    ) -> Result<(), String> {
        let mut started = false;
        for _ in 0..10_000 {
            if matches!(self.next, Next::Start) {
                if started {
                    return Ok(());
                }
                started = true;
            }
            let before = stats.borrow().error_count();
            self.step(http, stats).await;
            if stats.borrow().error_count() > before {
                let errors = stats.borrow().first_errors.join("; ");
                return Err(format!("table {}: {errors}", self.id));
            }
        }
        Err(format!("table {}: the hand did not end", self.id))
    }
}
