-- The account's language (issue 24, point 3). Kept equivalent to migrations/postgres. Additive only.
--
-- users.locale: the interface language the player chose, one of the twelve shipped BCP 47
--   tags as written (en, es, fr, de, pt-BR, ru, ja, zh-CN, ko, ar, he, hi); NULL when never
--   chosen. The server writes every e-mail to the account in it (else the request's
--   Accept-Language, else English).
-- pending_signups.locale: the language a sign-up asked for, carried from request-code to the
--   account verify-code creates.
ALTER TABLE users ADD COLUMN locale TEXT;
ALTER TABLE pending_signups ADD COLUMN locale TEXT;
