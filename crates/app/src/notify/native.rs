//! Native push to phone apps' devices: FCM HTTP v1 (an OAuth 2.0 access token got with the
//! service account's own RS256 grant, cached until near its expiry) and APNs (HTTP/2 with
//! an ES256 provider token from the team's .p8 key, renewed within Apple's hour). Each
//! answers with what the outbox's sender needs: a status (2xx sent; 410 the device is gone;
//! 429 or 5xx to retry, after `Retry-After` when given) or why nothing was sent.

use std::time::{Duration, Instant};

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::notify::push_texts::Words;
use crate::notify::reply::{Reply, Sent};

/// How long a push service may take to answer.
const TIMEOUT: Duration = Duration::from_secs(10);
/// An access token or provider token is renewed this long before it would expire.
const RENEW_BEFORE: Duration = Duration::from_secs(300);
/// How long an APNs provider token is used (Apple takes one up to an hour old, and refuses
/// new ones more often than every 20 minutes).
const PROVIDER_TOKEN_FOR: Duration = Duration::from_secs(50 * 60);
/// The scope of an FCM access token.
const FCM_SCOPE: &str = "https://www.googleapis.com/auth/firebase.messaging";

/// What a push to a device says, besides its words: where it leads, and until when it is
/// worth showing.
#[derive(Debug, Clone)]
pub struct Push<'a> {
    pub words: &'a Words,
    /// `type`, `table_id`, `league_id`, `hand_no`, `url`: strings, for the app.
    pub data: &'a [(&'static str, String)],
    /// One per table: a newer push replaces one not yet shown.
    pub collapse: &'a str,
    /// Seconds it stays worth delivering.
    pub ttl: i64,
}

/// A token cached until `Instant`.
type Cached = tokio::sync::Mutex<Option<(String, Instant)>>;

/// The service account key file's fields this server uses.
#[derive(Deserialize)]
struct ServiceAccount {
    project_id: String,
    private_key_id: String,
    private_key: String,
    client_email: String,
    token_uri: String,
}

/// Firebase Cloud Messaging, HTTP v1.
pub struct Fcm {
    project: String,
    client_email: String,
    key_id: String,
    key: EncodingKey,
    token_uri: String,
    endpoint: String,
    token: Cached,
}

/// Why a token could not be had: never to be sent (a refusal), or worth another try.
fn failed(e: reqwest::Error) -> Sent {
    Sent::Failed(crate::notify::dispatcher::cause(&e.without_url()))
}

/// A JSON body of a push service's answer (`Null` when there is none, or not JSON).
async fn json_of(response: reqwest::Response) -> Value {
    match response.bytes().await {
        Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_default(),
        Err(_) => Value::Null,
    }
}

impl Fcm {
    /// From the service account key file at `path` (`BOURRE_FCM_CREDENTIALS`), sending to
    /// `endpoint` (`BOURRE_FCM_ENDPOINT`).
    pub fn from_file(path: &str, endpoint: &str) -> Result<Fcm, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let account: ServiceAccount =
            serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
        let key = EncodingKey::from_rsa_pem(account.private_key.as_bytes())
            .map_err(|e| format!("{path}: private_key: {e}"))?;
        Ok(Fcm {
            project: account.project_id,
            client_email: account.client_email,
            key_id: account.private_key_id,
            key,
            token_uri: account.token_uri,
            endpoint: endpoint.trim_end_matches('/').to_owned(),
            token: tokio::sync::Mutex::default(),
        })
    }

    /// An access token: the cached one until near its expiry, else one got by the service
    /// account's grant (RFC 7523).
    async fn access_token(&self, client: &reqwest::Client) -> Result<String, Sent> {
        let mut cached = self.token.lock().await;
        if let Some((token, until)) = cached.as_ref()
            && Instant::now() + RENEW_BEFORE < *until
        {
            return Ok(token.clone());
        }
        let now = chrono::Utc::now().timestamp();
        let mut header = Header::new(Algorithm::RS256);
        header.kid = Some(self.key_id.clone());
        let claims = json!({
            "iss": self.client_email, "scope": FCM_SCOPE, "aud": self.token_uri,
            "iat": now, "exp": now + 3600,
        });
        let assertion = jsonwebtoken::encode(&header, &claims, &self.key)
            .map_err(|e| Sent::Never(e.to_string()))?;
        let body = form_urlencoded::Serializer::new(String::new())
            .append_pair("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer")
            .append_pair("assertion", &assertion)
            .finish();
        let response = client
            .post(&self.token_uri)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .map_err(failed)?;
        let status = response.status();
        let granted = json_of(response).await;
        let token = granted["access_token"]
            .as_str()
            .filter(|_| status.is_success());
        let Some(token) = token else {
            return Err(Sent::Failed(format!(
                "the OAuth token endpoint answered {status}: {}",
                granted["error"].as_str().unwrap_or("no access token")
            )));
        };
        let lasts = Duration::from_secs(granted["expires_in"].as_u64().unwrap_or(3600));
        *cached = Some((token.to_owned(), Instant::now() + lasts));
        Ok(token.to_owned())
    }

    /// Sends `push` to the app install of registration token `token`.
    pub(crate) async fn send(
        &self,
        client: &reqwest::Client,
        token: &str,
        push: &Push<'_>,
    ) -> Result<Reply, Sent> {
        let access = self.access_token(client).await?;
        let data: serde_json::Map<String, Value> = push
            .data
            .iter()
            .map(|(k, v)| ((*k).to_owned(), Value::String(v.clone())))
            .collect();
        let message = json!({"message": {
            "token": token,
            "notification": {"title": push.words.title, "body": push.words.body},
            "data": data,
            "android": {"collapse_key": push.collapse, "ttl": format!("{}s", push.ttl),
                        "priority": "HIGH"},
            "apns": {"headers": {"apns-collapse-id": push.collapse,
                                 "apns-expiration": (chrono::Utc::now().timestamp() + push.ttl).to_string()}},
        }});
        let url = format!(
            "{}/v1/projects/{}/messages:send",
            self.endpoint, self.project
        );
        let response = client
            .post(url)
            .bearer_auth(access)
            .header("content-type", "application/json")
            .body(message.to_string())
            .send()
            .await
            .map_err(failed)?;
        let reply = Reply::of(&response);
        match reply.status {
            401 => {
                // The access token was revoked or expired early: a new one next time.
                *self.token.lock().await = None;
                Ok(Reply {
                    status: 503,
                    retry_after: None,
                })
            }
            // An app uninstalled, or a token no longer valid: the device is gone.
            404 => Ok(Reply {
                status: 410,
                ..reply
            }),
            _ => Ok(reply),
        }
    }
}

/// Apple Push Notification service, token-based.
pub struct Apns {
    key: EncodingKey,
    key_id: String,
    team_id: String,
    topic: String,
    endpoint: String,
    token: Cached,
}

impl Apns {
    /// From the .p8 key at `path` (`BOURRE_APNS_KEY`), its key id and team id, for the app
    /// `topic` (its bundle id), sending to `endpoint` (`BOURRE_APNS_ENDPOINT`).
    pub fn from_file(
        path: &str,
        key_id: &str,
        team_id: &str,
        topic: &str,
        endpoint: &str,
    ) -> Result<Apns, String> {
        let pem = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        let key = EncodingKey::from_ec_pem(&pem).map_err(|e| format!("{path}: {e}"))?;
        Ok(Apns {
            key,
            key_id: key_id.to_owned(),
            team_id: team_id.to_owned(),
            topic: topic.to_owned(),
            endpoint: endpoint.trim_end_matches('/').to_owned(),
            token: tokio::sync::Mutex::default(),
        })
    }

    /// The provider token: the cached one for [`PROVIDER_TOKEN_FOR`], then a new one.
    async fn provider_token(&self) -> Result<String, Sent> {
        let mut cached = self.token.lock().await;
        if let Some((token, until)) = cached.as_ref()
            && Instant::now() < *until
        {
            return Ok(token.clone());
        }
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(self.key_id.clone());
        let claims = json!({"iss": self.team_id, "iat": chrono::Utc::now().timestamp()});
        let token = jsonwebtoken::encode(&header, &claims, &self.key)
            .map_err(|e| Sent::Never(e.to_string()))?;
        *cached = Some((token.clone(), Instant::now() + PROVIDER_TOKEN_FOR));
        Ok(token)
    }

    /// Sends `push` to the device of token `token`.
    pub(crate) async fn send(
        &self,
        client: &reqwest::Client,
        token: &str,
        push: &Push<'_>,
    ) -> Result<Reply, Sent> {
        let bearer = self.provider_token().await?;
        let mut payload = json!({"aps": {
            "alert": {"title": push.words.title, "body": push.words.body},
            "sound": "default",
            "thread-id": push.collapse,
        }});
        for (k, v) in push.data {
            payload[*k] = Value::String(v.clone());
        }
        let expiration = chrono::Utc::now().timestamp() + push.ttl;
        let response = client
            .post(format!("{}/3/device/{token}", self.endpoint))
            .header("authorization", format!("bearer {bearer}"))
            .header("apns-topic", &self.topic)
            .header("apns-push-type", "alert")
            .header("apns-collapse-id", push.collapse)
            .header("apns-expiration", expiration.to_string())
            .header("apns-priority", "10")
            .header("content-type", "application/json")
            .body(payload.to_string())
            .send()
            .await
            .map_err(failed)?;
        let reply = Reply::of(&response);
        let answer = json_of(response).await;
        let reason = answer["reason"].as_str().unwrap_or_default();
        let status = match (reply.status, reason) {
            // A token Apple does not know (any longer), or not of this app: gone.
            (400, "BadDeviceToken" | "DeviceTokenNotForTopic") => 410,
            // A provider token Apple no longer takes: a new one next time.
            (403, "ExpiredProviderToken" | "InvalidProviderToken") => {
                *self.token.lock().await = None;
                503
            }
            (status, _) => status,
        };
        Ok(Reply { status, ..reply })
    }
}

/// The native push services configured: none, either or both.
pub struct Native {
    pub fcm: Option<Fcm>,
    pub apns: Option<Apns>,
    pub client: reqwest::Client,
}

impl std::fmt::Debug for Native {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Native")
            .field("fcm", &self.fcm.as_ref().map(|f| &f.project))
            .field("apns", &self.apns.as_ref().map(|a| &a.topic))
            .finish()
    }
}

impl Native {
    /// The services given, sent to over HTTP/2 when offered, trusting also the
    /// certificates of `ca_file` (`BOURRE_PUSH_CA_FILE`, PEM).
    pub fn new(
        fcm: Option<Fcm>,
        apns: Option<Apns>,
        ca_file: Option<&str>,
    ) -> Result<Native, String> {
        let extra = match ca_file {
            Some(path) => std::fs::read(path).map_err(|e| format!("{path}: {e}"))?,
            None => Vec::new(),
        };
        Ok(Native {
            fcm,
            apns,
            client: crate::notify::dispatcher::plain_client(TIMEOUT, &extra, true)
                .map_err(|e| format!("BOURRE_PUSH_CA_FILE: {e}"))?,
        })
    }
}
