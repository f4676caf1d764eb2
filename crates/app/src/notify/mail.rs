//! Sending mail: the SMTP server and the sender, and one attempt per message of the mail
//! outbox (the codes and their letters are the identity room's), which the dispatcher
//! hands out with webhooks and pushes.

use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use crate::AppError;
use crate::ErrorCode;
use crate::notify::Cases;
use crate::store;
use crate::store::mail::Claimed;

/// How mail is sent: the SMTP server and the sender.
#[derive(Clone)]
pub struct Mailer {
    pub transport: AsyncSmtpTransport<Tokio1Executor>,
    pub from: Mailbox,
    /// Codes sent per account, and per recipient address, in an hour
    /// (`BOURRE_MAIL_PER_HOUR`).
    pub per_hour: i32,
}

impl Mailer {
    /// A mailer for `smtp_url` (`smtp://host:port`, `smtps://user:pass@host`) sending as
    /// `from` (`Bourré <no-reply@example.com>`).
    pub fn new(smtp_url: &str, from: &str, per_hour: i32) -> Result<Mailer, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .map_err(|e| format!("BOURRE_SMTP_URL: {e}"))?
            .build();
        let from = from
            .parse::<Mailbox>()
            .map_err(|e| format!("BOURRE_MAIL_FROM {from:?}: {e}"))?;
        Ok(Mailer {
            transport,
            from,
            per_hour,
        })
    }
}

impl Cases<'_> {
    /// One attempt to send `message`, and its record: delivered or refused for good, it
    /// leaves the outbox; otherwise it is tried again with backoff for a day.
    pub(crate) async fn send_mail(&self, message: Claimed) -> Result<(), AppError> {
        let Some(mailer) = self.config.mail.as_ref() else {
            return Err(AppError::refused(
                ErrorCode::EmailNotConfigured,
                "this server sends no mail (BOURRE_SMTP_URL is unset)",
            ));
        };
        let sent = match message.to_address.parse::<Mailbox>() {
            Err(e) => Err((true, e.to_string())),
            Ok(to) => {
                let built = lettre::Message::builder()
                    .from(mailer.from.clone())
                    .to(to)
                    .subject(&message.subject)
                    .header(ContentType::TEXT_PLAIN)
                    .body(message.body.clone());
                match built {
                    Err(e) => Err((true, e.to_string())),
                    Ok(mail) => mailer
                        .transport
                        .send(mail)
                        .await
                        .map(|_| ())
                        .map_err(|e| (e.is_permanent(), e.to_string())),
                }
            }
        };
        let retry_at = match &sent {
            Ok(()) | Err((true, _)) => None,
            Err((false, _)) => self.retry_at(message.created_at, message.attempts),
        };
        let outcome = match (&sent, retry_at) {
            (Ok(()), _) => "delivered",
            (Err(_), Some(_)) => "retried",
            (Err(_), None) => "failed",
        };
        crate::kernel::metrics::attempt("mail", outcome);
        if let Err((_, cause)) = &sent {
            crate::kernel::obs::warn(
                "mail not sent",
                serde_json::json!({"message": message.id, "attempt": message.attempts,
                                   "outcome": outcome, "cause": cause}),
            );
        }
        let mut conn = store::conn(&self.pool).await?;
        store::outbox::finish(
            &mut conn,
            store::outbox::Outbox::Mail,
            message.id,
            message.attempts,
            retry_at,
        )
        .await?;
        if let Some(at) = retry_at {
            self.look_again(at);
        }
        Ok(())
    }
}
