//! Whether this process can serve: the database answers in time.

use std::time::Duration;

use diesel_async::RunQueryDsl;

use crate::AppError;
use crate::store::{self, DbPool, StoreError};

/// How long readiness waits for the database.
const READY_TIMEOUT: Duration = Duration::from_secs(2);

/// Ok when the database answers a query in time; else why not, as a store error the HTTP
/// layer answers 503 `unavailable` (a database that does not answer in time is away).
pub async fn database_ready(pool: &DbPool) -> Result<(), AppError> {
    let check = async {
        let mut conn = store::conn(pool).await?;
        diesel::sql_query("SELECT 1")
            .execute(&mut conn)
            .await
            .map_err(StoreError::from)
    };
    match tokio::time::timeout(READY_TIMEOUT, check).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) if e.away() => Err(AppError::Store(e)),
        Ok(Err(e)) => Err(AppError::Store(StoreError::Pool(e.to_string()))),
        Err(_) => Err(AppError::Store(StoreError::Pool(
            "the database did not answer in time".into(),
        ))),
    }
}
