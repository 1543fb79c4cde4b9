DROP TABLE autofill_cooldowns;
