-- Sign-in with OpenID Connect providers: a player's identities at issuers (one per
-- provider), and the authorization requests the server started for a browser (state,
-- PKCE verifier and nonce, kept until the code comes back or ten minutes pass).
CREATE TABLE identities (
    issuer text NOT NULL,
    subject text NOT NULL,
    -- The configured provider's name (`BOURRE_OIDC_PROVIDERS`) it was linked under.
    provider text NOT NULL,
    player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    -- The address the provider vouched for, if any, when the identity was linked.
    email text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (issuer, subject),
    UNIQUE (player_id, provider)
);

CREATE TABLE oidc_authorizations (
    -- SHA-256 of the `state` sent to the provider: the state itself is not stored here.
    state_hash bytea PRIMARY KEY CHECK (length(state_hash) = 32),
    provider text NOT NULL,
    code_verifier text NOT NULL,
    nonce text NOT NULL,
    redirect_uri text NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX oidc_authorizations_expiry ON oidc_authorizations (expires_at);
