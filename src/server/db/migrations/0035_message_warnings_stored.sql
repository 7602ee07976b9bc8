-- Scam warnings are worked out once, when a message is written, and kept with it
-- (docs/reliability.md, the fourth attack: running the patterns on every read let two accounts
-- reading a long conversation in a loop slow the server). Null for messages written before this
-- column: those are matched when read, as before.
ALTER TABLE "messages" ADD COLUMN "warnings" jsonb;
