ALTER TABLE oidc_authorizations ADD COLUMN code_verifier text NOT NULL DEFAULT '';
