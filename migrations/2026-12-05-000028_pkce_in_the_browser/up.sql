-- The browser keeps the PKCE verifier of its sign-in with a provider (it sends the
-- challenge, then the verifier with the code): the server keeps none.
ALTER TABLE oidc_authorizations DROP COLUMN code_verifier;
