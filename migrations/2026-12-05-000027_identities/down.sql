DROP TABLE oidc_authorizations;
DROP TABLE identities;
