//! OpenID Connect providers (`BOURRE_OIDC_PROVIDERS`): their discovery documents and
//! signing keys, fetched when first needed and cached, and the verification of the ID tokens
//! they issue (signature by a published key, `iss`, `aud`, `exp`, `iat`, `nbf`, `nonce`,
//! `azp`) with `jsonwebtoken`. Also the authorization-code request with PKCE that a browser
//! makes through the server (see [`crate::identity::identities`]).

use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::jwk::{Jwk, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey, Validation, decode, decode_header};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::{AppError, ErrorCode};

/// How long a discovery document is kept.
const DISCOVERY_FOR: Duration = Duration::from_secs(24 * 3600);
/// How long a key set is kept before it is fetched again.
const KEYS_FOR: Duration = Duration::from_secs(3600);
/// A token signed with a key not in the set fetches it again, at most this often.
const REFETCH_AFTER: Duration = Duration::from_secs(60);
/// The most a provider's document or key set may weigh.
const MAX_DOCUMENT: usize = 512 * 1024;
/// The longest ID token taken, in bytes.
const MAX_TOKEN: usize = 16_384;
/// The longest nonce taken, in bytes.
const MAX_NONCE: usize = 512;
/// How long a request to a provider may take.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How long a provider that could not be reached is left alone, as `Retry-After`.
const UNAVAILABLE_RETRY_SECS: u64 = 30;

/// The signature algorithms accepted: public-key ones only (never `none`, never a shared
/// secret).
const ALGORITHMS: [Algorithm; 9] = [
    Algorithm::RS256,
    Algorithm::RS384,
    Algorithm::RS512,
    Algorithm::PS256,
    Algorithm::PS384,
    Algorithm::PS512,
    Algorithm::ES256,
    Algorithm::ES384,
    Algorithm::EdDSA,
];

/// 401 `invalid_id_token`, with why.
pub(crate) fn invalid(why: impl Into<String>) -> AppError {
    AppError::refused(ErrorCode::InvalidIdToken, why)
}

/// 503 `provider_unavailable`: the provider could not be reached or answered nonsense.
fn unavailable(provider: &str, why: impl std::fmt::Display) -> AppError {
    AppError::Throttled {
        code: ErrorCode::ProviderUnavailable,
        detail: format!("the provider {provider:?} could not be reached: {why}"),
        retry_after_secs: UNAVAILABLE_RETRY_SECS,
    }
}

/// One provider as configured: `name=issuer|client_id[|client_id...]`.
struct Provider {
    name: String,
    issuer: String,
    /// The audiences its ID tokens may be for; the first is the web client's.
    client_ids: Vec<String>,
    /// The web client's secret at the token endpoint (`BOURRE_OIDC_SECRETS`), if it has one.
    secret: Option<String>,
    cache: tokio::sync::Mutex<Cache>,
}

#[derive(Default)]
struct Cache {
    discovery: Option<(Discovery, Instant)>,
    keys: Option<(Vec<Jwk>, Instant)>,
    /// When the discovery document, and the key set, were last fetched or tried: a provider
    /// that is down is tried again no sooner than [`REFETCH_AFTER`] later.
    discovery_tried: Option<Instant>,
    keys_tried: Option<Instant>,
}

/// Whether something last tried at `tried` may be tried again now.
fn may_try(tried: Option<Instant>) -> bool {
    tried.is_none_or(|at| at.elapsed() >= REFETCH_AFTER)
}

/// What the server reads of a discovery document.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct Discovery {
    issuer: String,
    jwks_uri: String,
    pub(crate) authorization_endpoint: Option<String>,
    pub(crate) token_endpoint: Option<String>,
}

/// The configured providers, and how they are reached.
pub struct Providers {
    list: Vec<Provider>,
    client: reqwest::Client,
    allow_http: bool,
    leeway: u64,
}

impl std::fmt::Debug for Providers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.list.iter().map(|p| (&p.name, &p.issuer)))
            .finish()
    }
}

/// A provider's name: 1 to 32 lower-case letters, digits, `_` or `-`.
fn check_name(name: &str) -> Result<(), String> {
    let ok = (1..=32).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{name:?} is not a provider name (1 to 32 lower-case letters, digits, `_`, `-`)"
        ))
    }
}

/// An absolute URL of a provider's, https unless `allow_http`.
fn provider_url(text: &str, allow_http: bool) -> Result<reqwest::Url, String> {
    let url = reqwest::Url::parse(text).map_err(|e| format!("{text:?} is not a URL ({e})"))?;
    match url.scheme() {
        "https" => Ok(url),
        "http" if allow_http => Ok(url),
        _ => Err(format!(
            "{text:?} is not https (BOURRE_OIDC_ALLOW_HTTP=1 allows http, for tests)"
        )),
    }
}

/// The body of a provider's `response`, at most [`MAX_DOCUMENT`] bytes.
async fn read_capped(provider: &str, mut response: reqwest::Response) -> Result<Vec<u8>, AppError> {
    let mut body = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| unavailable(provider, crate::notify::dispatcher::cause(&e)))?
    {
        body.extend_from_slice(&chunk);
        if body.len() > MAX_DOCUMENT {
            return Err(unavailable(provider, "an answer over 512 KiB"));
        }
    }
    Ok(body)
}

/// A key that may check an ID token signed with `alg`: a public key of that algorithm's
/// family, for signatures (`use` and `key_ops` allowing), of the algorithm it names if any.
fn signs_with(key: &Jwk, alg: Algorithm) -> bool {
    use jsonwebtoken::jwk::{AlgorithmParameters, EllipticCurve, KeyOperations};
    let family = match (&key.algorithm, alg) {
        (
            AlgorithmParameters::RSA(_),
            Algorithm::RS256
            | Algorithm::RS384
            | Algorithm::RS512
            | Algorithm::PS256
            | Algorithm::PS384
            | Algorithm::PS512,
        ) => true,
        (AlgorithmParameters::EllipticCurve(ec), Algorithm::ES256) => {
            ec.curve == EllipticCurve::P256
        }
        (AlgorithmParameters::EllipticCurve(ec), Algorithm::ES384) => {
            ec.curve == EllipticCurve::P384
        }
        (AlgorithmParameters::OctetKeyPair(okp), Algorithm::EdDSA) => {
            okp.curve == EllipticCurve::Ed25519
        }
        _ => false,
    };
    let usable = key
        .common
        .public_key_use
        .as_ref()
        .is_none_or(|u| *u == PublicKeyUse::Signature)
        && key
            .common
            .key_operations
            .as_ref()
            .is_none_or(|ops| ops.contains(&KeyOperations::Verify));
    let named = key
        .common
        .key_algorithm
        .is_none_or(|named| named.to_string() == format!("{alg:?}"));
    family && usable && named
}

/// A value that is hard to guess: 32 random bytes, base64url.
pub(crate) fn random_text() -> String {
    let bytes: [u8; 32] = rand::random();
    URL_SAFE_NO_PAD.encode(bytes)
}

/// What a verified ID token says of its holder.
#[derive(Debug, Clone)]
pub struct Verified {
    pub provider: String,
    pub issuer: String,
    pub subject: String,
    /// The email, when the provider says it verified it.
    pub email: Option<String>,
    /// `preferred_username`, then `name`, as given.
    pub names: Vec<String>,
}

/// The claims read from an ID token (`exp`, `iss`, `aud`, `nbf` are checked by
/// `jsonwebtoken` itself).
#[derive(Debug, Deserialize)]
struct Claims {
    sub: String,
    iat: Option<i64>,
    nonce: Option<String>,
    azp: Option<String>,
    email: Option<String>,
    /// A boolean, or a string `"true"` (Apple).
    email_verified: Option<serde_json::Value>,
    preferred_username: Option<String>,
    name: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Issued {
    iss: Option<String>,
    /// A logout token's.
    events: Option<serde_json::Value>,
}

/// The reason `jsonwebtoken` refused a token, in words.
fn refusal(e: &jsonwebtoken::errors::Error, provider: &Provider) -> AppError {
    use jsonwebtoken::errors::ErrorKind;
    invalid(match e.kind() {
        ErrorKind::ExpiredSignature => "the token has expired (`exp`)".to_owned(),
        ErrorKind::ImmatureSignature => "the token is not valid yet (`nbf`)".to_owned(),
        ErrorKind::InvalidAudience => format!(
            "the token is for another audience (`aud`): not one of the client ids configured \
             for {:?}",
            provider.name
        ),
        ErrorKind::InvalidIssuer => format!("the token was not issued by {}", provider.issuer),
        ErrorKind::InvalidSignature => "the signature does not verify".to_owned(),
        ErrorKind::MissingRequiredClaim(claim) => format!("the token has no `{claim}` claim"),
        _ => format!("not a valid ID token ({e})"),
    })
}

impl Providers {
    /// The providers of `BOURRE_OIDC_PROVIDERS` (`name=issuer|client_id[|client_id...]`,
    /// space-separated), with the web client secrets of `BOURRE_OIDC_SECRETS`
    /// (`name=secret`, space-separated); issuers are https unless `allow_http`. ID tokens'
    /// times are checked with `leeway` seconds.
    pub fn parse(
        providers: &str,
        secrets: &str,
        allow_http: bool,
        leeway: u64,
    ) -> Result<Providers, String> {
        let mut list: Vec<Provider> = Vec::new();
        for entry in providers.split_whitespace() {
            let (name, rest) = entry.split_once('=').ok_or_else(|| {
                format!("{entry:?} is not `name=issuer_url|client_id[|client_id...]`")
            })?;
            check_name(name)?;
            let mut parts = rest.split('|');
            let issuer = parts.next().unwrap_or_default();
            provider_url(issuer, allow_http)?;
            let client_ids: Vec<String> = parts.map(str::to_owned).collect();
            if client_ids.is_empty() || client_ids.iter().any(String::is_empty) {
                return Err(format!("provider {name:?} needs one client id or more"));
            }
            if list.iter().any(|p| p.name == name) {
                return Err(format!("provider {name:?} is configured twice"));
            }
            list.push(Provider {
                name: name.to_owned(),
                issuer: issuer.to_owned(),
                client_ids,
                secret: None,
                cache: tokio::sync::Mutex::default(),
            });
        }
        for entry in secrets.split_whitespace() {
            let (name, secret) = entry
                .split_once('=')
                .ok_or_else(|| "BOURRE_OIDC_SECRETS takes `name=secret` entries".to_owned())?;
            let provider = list
                .iter_mut()
                .find(|p| p.name == name)
                .ok_or_else(|| format!("BOURRE_OIDC_SECRETS names {name:?}, not a provider"))?;
            provider.secret = Some(secret.to_owned());
        }
        Ok(Providers {
            list,
            client: crate::notify::dispatcher::plain_client(TIMEOUT, &[], false)?,
            allow_http,
            leeway,
        })
    }

    /// The providers' names, in the configured order.
    pub fn names(&self) -> Vec<String> {
        self.list.iter().map(|p| p.name.clone()).collect()
    }

    fn provider(&self, name: &str) -> Result<&Provider, AppError> {
        self.list.iter().find(|p| p.name == name).ok_or_else(|| {
            AppError::refused(
                ErrorCode::UnknownProvider,
                format!(
                    "{name:?} is not a provider of this server (GET /v1/auth/oidc/providers \
                     lists them)"
                ),
            )
        })
    }

    /// A document of `provider`'s at `url`, as JSON.
    async fn fetch<T: serde::de::DeserializeOwned>(
        &self,
        provider: &Provider,
        url: &str,
    ) -> Result<T, AppError> {
        let url = provider_url(url, self.allow_http).map_err(|e| unavailable(&provider.name, e))?;
        let response = self
            .client
            .get(url)
            .header("accept", "application/json")
            .send()
            .await
            .map_err(|e| unavailable(&provider.name, crate::notify::dispatcher::cause(&e)))?;
        if !response.status().is_success() {
            return Err(unavailable(
                &provider.name,
                format!("{} answered {}", response.url(), response.status()),
            ));
        }
        let body = read_capped(&provider.name, response).await?;
        serde_json::from_slice(&body).map_err(|e| unavailable(&provider.name, e))
    }

    /// `provider`'s discovery document, from `cache` while fresh; fetched again at most once
    /// a minute, the one kept serving meanwhile if the provider cannot be reached.
    async fn discovery_in(
        &self,
        provider: &Provider,
        cache: &mut Cache,
    ) -> Result<Discovery, AppError> {
        let kept = cache.discovery.clone();
        if let Some((found, at)) = &kept
            && at.elapsed() < DISCOVERY_FOR
        {
            return Ok(found.clone());
        }
        if !may_try(cache.discovery_tried) {
            return kept.map(|(found, _)| found).ok_or_else(|| {
                unavailable(&provider.name, "it could not be reached a moment ago")
            });
        }
        cache.discovery_tried = Some(Instant::now());
        let url = format!(
            "{}/.well-known/openid-configuration",
            provider.issuer.trim_end_matches('/')
        );
        let fetched = self
            .fetch::<Discovery>(provider, &url)
            .await
            .and_then(|found| {
                if found.issuer == provider.issuer {
                    Ok(found)
                } else {
                    Err(unavailable(
                        &provider.name,
                        format!(
                            "its discovery document names the issuer {:?}, not {:?}",
                            found.issuer, provider.issuer
                        ),
                    ))
                }
            });
        match fetched {
            Ok(found) => {
                cache.discovery = Some((found.clone(), Instant::now()));
                Ok(found)
            }
            Err(e) => kept.map(|(found, _)| found).ok_or(e),
        }
    }

    /// `provider`'s discovery document.
    pub(crate) async fn discovery(&self, name: &str) -> Result<Discovery, AppError> {
        let provider = self.provider(name)?;
        let mut cache = provider.cache.lock().await;
        self.discovery_in(provider, &mut cache).await
    }

    /// The key of `provider`'s that signed with `alg` a token whose header names `kid`:
    /// from the cached set, or from the set fetched again when it is older than
    /// [`KEYS_FOR`] or does not have the key, but no sooner than [`REFETCH_AFTER`] after the
    /// last try (one request fetches, the others wait for it). A set that cannot be fetched
    /// again serves while it has the key.
    async fn key(
        &self,
        provider: &Provider,
        kid: Option<&str>,
        alg: Algorithm,
    ) -> Result<Jwk, AppError> {
        let find = |keys: &[Jwk]| -> Option<Jwk> {
            let mut usable = keys.iter().filter(|k| signs_with(k, alg));
            match kid {
                Some(kid) => usable
                    .find(|k| k.common.key_id.as_deref() == Some(kid))
                    .cloned(),
                // No `kid`: only a set of one such key says which.
                None => {
                    let all: Vec<&Jwk> = usable.collect();
                    (all.len() == 1).then(|| all[0].clone())
                }
            }
        };
        let mut cache = provider.cache.lock().await;
        let kept = cache
            .keys
            .as_ref()
            .map(|(keys, at)| (find(keys), at.elapsed() < KEYS_FOR));
        if let Some((Some(key), true)) = kept {
            return Ok(key);
        }
        if may_try(cache.keys_tried) {
            cache.keys_tried = Some(Instant::now());
            let fetched = match self.discovery_in(provider, &mut cache).await {
                Ok(discovery) => {
                    self.fetch::<serde_json::Value>(provider, &discovery.jwks_uri)
                        .await
                }
                Err(e) => Err(e),
            };
            match fetched {
                Ok(set) => {
                    // Keys of a kind this server cannot read are passed over, not fatal.
                    let keys = set
                        .get("keys")
                        .and_then(serde_json::Value::as_array)
                        .map(|keys| {
                            keys.iter()
                                .filter_map(|k| serde_json::from_value::<Jwk>(k.clone()).ok())
                                .collect()
                        })
                        .unwrap_or_default();
                    cache.keys = Some((keys, Instant::now()));
                }
                Err(e) => return kept.and_then(|(key, _)| key).ok_or(e),
            }
        }
        let Some((keys, _)) = &cache.keys else {
            return Err(unavailable(
                &provider.name,
                "its keys could not be fetched a moment ago",
            ));
        };
        find(keys).ok_or_else(|| {
            invalid(match kid {
                Some(kid) => format!(
                    "signed with key {kid:?}, which {} does not publish",
                    provider.issuer
                ),
                None => "the token names no key (`kid`)".to_owned(),
            })
        })
    }

    /// Verifies `token`, an ID token of provider `name`'s: signed by one of the issuer's
    /// published keys with a public-key algorithm, issued by it (`iss`) for one of the
    /// configured client ids (`aud`, and `azp` when present), not expired (`exp`), not
    /// issued in the future (`iat`) nor before its time (`nbf`), with [`Providers::parse`]'s
    /// leeway; and when `nonce` is given, carrying it (or its SHA-256 in hex, as Apple's
    /// SDKs send it). 401 `invalid_id_token` with the reason otherwise.
    pub async fn verify(
        &self,
        name: &str,
        token: &str,
        nonce: Option<&str>,
    ) -> Result<Verified, AppError> {
        let provider = self.provider(name)?;
        if token.len() > MAX_TOKEN {
            return Err(invalid("the token is over 16,384 characters"));
        }
        if nonce.is_some_and(|n| n.len() > MAX_NONCE) {
            return Err(invalid("the nonce is over 512 characters"));
        }
        let header =
            decode_header(token).map_err(|e| invalid(format!("not a signed JWT ({e})")))?;
        if !ALGORITHMS.contains(&header.alg) {
            return Err(invalid(format!(
                "signed with {:?}: ID tokens are accepted signed with a public-key algorithm",
                header.alg
            )));
        }
        // Said before any key is looked for (a foreign issuer's key is not published here).
        let issued: Issued = jsonwebtoken::dangerous::insecure_decode_claims(token)
            .map_err(|e| invalid(format!("not a valid ID token ({e})")))?;
        match issued.iss {
            Some(iss) if iss == provider.issuer => {}
            Some(iss) => {
                return Err(invalid(format!(
                    "issued by {iss:?}, not by {:?}'s issuer {}",
                    provider.name, provider.issuer
                )));
            }
            None => return Err(invalid("the token has no `iss` claim")),
        }
        if issued.events.is_some() {
            return Err(invalid("a logout token, not an ID token"));
        }
        // Not an ID token: an access token or a logout token of the same issuer.
        if let Some(typ) = header.typ.as_deref()
            && !typ.eq_ignore_ascii_case("JWT")
        {
            return Err(invalid(format!("a token of type {typ:?}, not an ID token")));
        }
        let jwk = self
            .key(provider, header.kid.as_deref(), header.alg)
            .await?;
        let key = DecodingKey::from_jwk(&jwk)
            .map_err(|e| invalid(format!("the issuer's key does not read ({e})")))?;
        let mut validation = Validation::new(header.alg);
        validation.leeway = self.leeway;
        validation.validate_nbf = true;
        validation.set_issuer(&[&provider.issuer]);
        validation.set_audience(&provider.client_ids);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        let claims = decode::<Claims>(token, &key, &validation)
            .map_err(|e| refusal(&e, provider))?
            .claims;
        let now = chrono::Utc::now().timestamp();
        let leeway = i64::try_from(self.leeway).unwrap_or(i64::MAX);
        match claims.iat {
            None => return Err(invalid("the token has no `iat` claim")),
            Some(iat) if iat > now.saturating_add(leeway) => {
                return Err(invalid("the token was issued in the future (`iat`)"));
            }
            Some(_) => {}
        }
        if let Some(azp) = &claims.azp
            && !provider.client_ids.contains(azp)
        {
            return Err(invalid(format!(
                "the token was issued to another client (`azp` {azp:?})"
            )));
        }
        if let Some(nonce) = nonce {
            let hashed = hex::encode(Sha256::digest(nonce.as_bytes()));
            match &claims.nonce {
                Some(found) if *found == nonce || *found == hashed => {}
                Some(_) => return Err(invalid("the token's `nonce` is not the one sent")),
                None => return Err(invalid("the token has no `nonce`, and one was sent")),
            }
        }
        let verified_email = claims
            .email_verified
            .as_ref()
            .is_some_and(|v| v.as_bool() == Some(true) || v.as_str() == Some("true"));
        if claims.sub.is_empty() || claims.sub.len() > 255 {
            return Err(invalid("the token's `sub` is empty or over 255 characters"));
        }
        Ok(Verified {
            provider: provider.name.clone(),
            issuer: provider.issuer.clone(),
            subject: claims.sub,
            email: claims
                .email
                .filter(|_| verified_email)
                .map(|e| e.to_lowercase()),
            names: claims
                .preferred_username
                .into_iter()
                .chain(claims.name)
                .collect(),
        })
    }

    /// The URL a browser goes to to sign in with provider `name` through the server's
    /// authorization request (PKCE with `code_challenge`, S256): back at `redirect_uri`
    /// with `code` and `state`.
    pub(crate) async fn authorization_url(
        &self,
        name: &str,
        redirect_uri: &str,
        state: &str,
        nonce: &str,
        code_challenge: &str,
    ) -> Result<String, AppError> {
        let provider = self.provider(name)?;
        let discovery = self.discovery(name).await?;
        let endpoint = discovery
            .authorization_endpoint
            .ok_or_else(|| unavailable(name, "it has no authorization endpoint"))?;
        let mut url = provider_url(&endpoint, self.allow_http).map_err(|e| unavailable(name, e))?;
        url.query_pairs_mut()
            .append_pair("response_type", "code")
            .append_pair("client_id", &provider.client_ids[0])
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("scope", scope(&provider.issuer))
            .append_pair("state", state)
            .append_pair("nonce", nonce)
            .append_pair("code_challenge", code_challenge)
            .append_pair("code_challenge_method", "S256");
        Ok(url.into())
    }

    /// Exchanges an authorization `code` at provider `name`'s token endpoint (with the
    /// PKCE `code_verifier`, and the web client's secret when it has one) for its ID token.
    /// A refusal is 422 `authorization_failed`, with the provider's reason.
    pub(crate) async fn exchange(
        &self,
        name: &str,
        code: &str,
        redirect_uri: &str,
        code_verifier: &str,
    ) -> Result<String, AppError> {
        let provider = self.provider(name)?;
        let discovery = self.discovery(name).await?;
        let endpoint = discovery
            .token_endpoint
            .ok_or_else(|| unavailable(name, "it has no token endpoint"))?;
        let url = provider_url(&endpoint, self.allow_http).map_err(|e| unavailable(name, e))?;
        let mut form = form_urlencoded::Serializer::new(String::new());
        form.append_pair("grant_type", "authorization_code")
            .append_pair("code", code)
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("client_id", &provider.client_ids[0])
            .append_pair("code_verifier", code_verifier);
        if let Some(secret) = &provider.secret {
            form.append_pair("client_secret", secret);
        }
        let response = self
            .client
            .post(url)
            .header("content-type", "application/x-www-form-urlencoded")
            .header("accept", "application/json")
            .body(form.finish())
            .send()
            .await
            .map_err(|e| unavailable(name, crate::notify::dispatcher::cause(&e)))?;
        let status = response.status();
        let body: serde_json::Value =
            serde_json::from_slice(&read_capped(name, response).await?).unwrap_or_default();
        let text = |field: &str| body.get(field).and_then(serde_json::Value::as_str);
        if status.is_server_error() {
            return Err(unavailable(
                name,
                format!("its token endpoint answered {status}"),
            ));
        }
        match text("id_token") {
            Some(token) if status.is_success() => Ok(token.to_owned()),
            _ => Err(AppError::refused(
                ErrorCode::AuthorizationFailed,
                format!(
                    "the provider refused the code: {}{}",
                    text("error").unwrap_or("no ID token in its answer"),
                    text("error_description")
                        .map(|d| format!(" ({d})"))
                        .unwrap_or_default()
                ),
            )),
        }
    }
}

/// What the server asks a provider for: the account's id, name and email; Apple only gives
/// name and email in a form posted back, which a browser's redirect does not carry, so the
/// id alone there.
fn scope(issuer: &str) -> &'static str {
    if issuer == "https://appleid.apple.com" {
        "openid"
    } else {
        "openid email profile"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn providers_are_read_from_their_setting() {
        let providers = Providers::parse(
            "apple=https://appleid.apple.com|com.example.bourre \
             google=https://accounts.google.com|web.apps|ios.apps",
            "google=s3cret",
            false,
            60,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(providers.names(), ["apple", "google"]);
        assert_eq!(providers.list[1].client_ids, ["web.apps", "ios.apps"]);
        assert_eq!(providers.list[1].secret.as_deref(), Some("s3cret"));
        assert_eq!(providers.list[0].secret, None);
    }

    #[test]
    fn a_provider_setting_that_does_not_read_is_refused() {
        for (providers, secrets) in [
            ("apple", ""),
            ("apple=https://appleid.apple.com", ""),
            ("apple=https://appleid.apple.com|", ""),
            ("Apple=https://appleid.apple.com|x", ""),
            ("apple=http://appleid.apple.com|x", ""),
            (
                "apple=https://appleid.apple.com|x apple=https://b.example|y",
                "",
            ),
            ("apple=https://appleid.apple.com|x", "google=secret"),
            ("apple=https://appleid.apple.com|x", "apple"),
        ] {
            assert!(
                Providers::parse(providers, secrets, false, 60).is_err(),
                "{providers:?} {secrets:?}"
            );
        }
        assert!(Providers::parse("t=http://127.0.0.1:9|x", "", true, 60).is_ok());
    }

    #[test]
    fn apple_is_asked_for_the_id_alone() {
        assert_eq!(scope("https://appleid.apple.com"), "openid");
        assert_eq!(scope("https://accounts.google.com"), "openid email profile");
    }
}
