-- The community benchmark's data (server/bench/community.sh): 100,000 approved community games
-- spread over a year (1-2 categories each, skewed plays and ratings, their top and hot as the
-- server would keep them) and RESULTS results, on a freshly migrated PostgreSQL database.
INSERT INTO games (uid, kind, status, public, prompt, prompt_search, submitter, owner_id, daily_date, items, created_at, updated_at, language, categories, plays, rating_sum, rating_count, top, hot)
SELECT 'bench' || n, 'community', 'approved', true, 'Bench prompt ' || n || ' topic ' || (n % 997), 'bench prompt ' || n || ' topic ' || (n % 997), 'bench', NULL, NULL,
  '[{"id":1,"name":"a","altSpellings":[]},{"id":2,"name":"b","altSpellings":[]},{"id":3,"name":"c","altSpellings":[]},{"id":4,"name":"d","altSpellings":[]},{"id":5,"name":"e","altSpellings":[]},{"id":6,"name":"f","altSpellings":[]},{"id":7,"name":"g","altSpellings":[]},{"id":8,"name":"h","altSpellings":[]},{"id":9,"name":"i","altSpellings":[]},{"id":10,"name":"j","altSpellings":[]}]',
  c, c, 'en', (1 << (n % 13)) | (CASE WHEN n % 3 = 0 THEN 1 << ((n / 13) % 13) ELSE 0 END), p, rs, rc,
  (15.0 + rs) / (5.0 + rc), c / 86400000.0 + log(2, 1 + p)
FROM (SELECT n, 1795000000000 - (n::bigint * 315360) AS c, (n * 7919 % 1000) * (n % 5) AS p, (n * 31 % 50) AS rc FROM generate_series(1, 100000) n) s,
LATERAL (SELECT rc * (3 + (n % 3)) AS rs) r;
INSERT INTO game_stats (game_id, player_count, score_sum) SELECT id, plays, plays * 500 FROM games;
INSERT INTO submissions (game_id, user_key, score, answers, ip, created_at, found, won, summary_version)
SELECT 1 + (i::bigint * 7919) % 100000, 'k' || i, 500, '[]', 'bench', 1795000000000, 5, 0, 1 FROM generate_series(1, :results) i;
VACUUM ANALYZE;
SELECT count(*) FROM games;
