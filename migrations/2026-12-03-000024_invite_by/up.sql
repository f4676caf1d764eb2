-- Who made a league's invite code: its creator, then whoever rotated it last. An invite
-- page names them ("ann invites you to Friday night").
ALTER TABLE leagues ADD COLUMN invite_by uuid REFERENCES players (id);
UPDATE leagues SET invite_by = created_by;
ALTER TABLE leagues ALTER COLUMN invite_by SET NOT NULL;
