//! `POST /v1/tables`: a table with validated rules (R1-R10 options), its first hand's seed
//! committed in `table_created`.

use diesel_async::AsyncConnection;
use serde_json::Value;
use uuid::Uuid;

use crate::AppError;
use crate::ErrorCode;
use crate::engine::deck::{self, Deck};
use crate::engine::{Card, TableRules};
use crate::kernel::idempotency::{self, IdempotencyKey, Reply};
use crate::kernel::ids::{LeagueId, PlayerId, TableId};
use crate::kernel::player::hold_player;
use crate::leagues::{ensure_league_open, load_league, require_member};
use crate::store::players::Hold;
use crate::store::{self};
use crate::table::Cases;
use crate::table::change::TableChange;
use crate::table::event::TableEvent;
use crate::table::pipeline::write::{Writer, write};
use crate::table::read::load_for;
use crate::table::view::{self, TableView};

/// Longest table name, in characters.
pub const MAX_NAME: usize = 80;

/// What the caller asks to create.
pub struct NewTable {
    pub league_id: LeagueId,
    pub name: String,
    pub rules: Value,
    pub decks: Option<Vec<Vec<String>>>,
}

/// Parses fixed decks (R4a): lists of 52 cards, top first.
pub fn parse_decks(decks: &[Vec<String>]) -> Result<Vec<Deck>, AppError> {
    decks
        .iter()
        .enumerate()
        .map(|(i, cards)| {
            let cards: Vec<Card> = cards
                .iter()
                .map(|c| c.parse::<Card>())
                .collect::<Result<_, _>>()
                .map_err(|e| {
                    AppError::refused(ErrorCode::InvalidDeck, format!("decks[{i}]: {e}"))
                })?;
            Deck::from_cards(&cards)
                .map_err(|e| AppError::refused(ErrorCode::InvalidDeck, format!("decks[{i}]: {e}")))
        })
        .collect()
}

impl Cases<'_> {
    pub async fn create_table(
        &self,
        creator: PlayerId,
        req: NewTable,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let rules: TableRules = serde_json::from_value(req.rules)
            .map_err(|e| AppError::refused(ErrorCode::InvalidRules, format!("rules: {e}")))?;
        rules
            .validate()
            .map_err(|e| AppError::refused(ErrorCode::InvalidRules, format!("rules.{e}")))?;
        if req.name.trim().is_empty() || req.name.chars().count() > MAX_NAME {
            return Err(AppError::refused(
                ErrorCode::InvalidName,
                format!("a table name has at most {MAX_NAME} characters, not all spaces"),
            ));
        }
        let name = req.name.trim().to_owned();
        let decks = match &req.decks {
            Some(_) if !self.config.allow_fixed_deck => {
                return Err(AppError::refused(
                    ErrorCode::FixedDeckNotAllowed,
                    "fixed decks are only accepted when the server runs with BOURRE_ALLOW_FIXED_DECK=1",
                ));
            }
            Some(decks) => {
                parse_decks(decks)?;
                Some(serde_json::to_value(decks).map_err(|e| AppError::Internal(e.to_string()))?)
            }
            None => None,
        };
        let id = Uuid::new_v4();
        let seed: [u8; 32] = rand::random();
        let created = TableEvent::TableCreated {
            name: name.clone(),
            rules,
            fixed_decks: decks.is_some(),
            commitment: deck::commitment(&seed),
        };
        let rules_json =
            serde_json::to_value(rules).map_err(|e| AppError::Internal(e.to_string()))?;
        let league_id = req.league_id;
        let per_day = self.config.quotas.tables_per_day;
        let mut conn = store::conn(&self.pool).await?;
        let (reply, after) = conn
            .transaction::<_, AppError, _>(async move |conn| {
                if let Some(reply) = idempotency::replayed(conn, creator, key.as_ref()).await? {
                    return Ok((reply, None));
                }
                hold_player(conn, creator, Hold::Exclusive).await?;
                ensure_league_open(&load_league(conn, league_id).await?)?;
                require_member(conn, league_id, creator).await?;
                let day_ago = chrono::Utc::now() - chrono::Duration::days(1);
                if store::tables::created_since(conn, creator.0, day_ago).await? >= per_day {
                    return Err(AppError::refused(
                        ErrorCode::QuotaExceeded,
                        format!("a player creates at most {per_day} tables a day"),
                    ));
                }
                // The row at version 0, then its first event through the one write path.
                let row = store::tables::NewTableRow {
                    id,
                    league_id: league_id.0,
                    name: &name,
                    rules: &rules_json,
                    created_by: creator.0,
                    fixed_decks: decks.as_ref(),
                    next_seed: &seed,
                    seats_assigned: false,
                    hand_limit: None,
                };
                store::tables::insert(conn, &row).await?;
                let (before, _) = load_for(conn, TableId(id), None, false).await?;
                let committed = before.commit(TableChange::events(vec![created]))?;
                write(Writer::Conn(conn), &before, &committed, None).await?;
                let view = view::table_view(&committed.after, Some(creator));
                let reply = idempotency::fresh(conn, creator, key.as_ref(), 201, view).await?;
                Ok((reply, Some(committed.after)))
            })
            .await?;
        if let Some(after) = after {
            self.tables.put(after);
        }
        Ok(reply)
    }
}
