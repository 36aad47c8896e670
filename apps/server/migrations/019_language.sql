-- The language a player chose (decision 221), so it follows the account to another device.
-- NULL: never chosen; the device's own choice (or English) applies and is saved at login.
ALTER TABLE players ADD COLUMN language text CONSTRAINT players_language_known CHECK (language IN ('en', 'hi'));
