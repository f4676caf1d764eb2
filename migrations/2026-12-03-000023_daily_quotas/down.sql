DROP TABLE quota_uses;
