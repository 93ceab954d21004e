-- Answers to mail that was not accepted are rate-limited per sender and per seat
-- (docs/mail.md, "Rate limits"); these indexes keep the counting queries cheap.
CREATE INDEX mail_inbox_sender ON mail_inbox (sender, status, received_at);
CREATE INDEX mail_inbox_seat ON mail_inbox (game_id, power, status, received_at);
