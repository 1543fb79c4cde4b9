-- The community benchmark's data set (server/bench/community.sh), made by SQL on PostgreSQL:
-- :games approved public community games from 40 creators over the past year, prompts from a
-- vocabulary of 400 words (so searches hit a realistic share), and :results stored results
-- spread over them with a skewed popularity (a few games take most plays, as on a real site).
-- The per-game counters the server maintains are filled from the same rows at the end.
\set ON_ERROR_STOP on
BEGIN;
INSERT INTO users (username, username_lower, email, password_hash, created_at)
SELECT 'creator' || n, 'creator' || n, 'creator' || n || '@example.com', 'x', 0
FROM generate_series(1, 40) AS n;

CREATE TEMP TABLE words AS
SELECT n, (ARRAY['rivers','capitals','islands','mountains','painters','composers','novels','films',
  'planets','birds','cheeses','rulers','languages','inventors','dances','volcanoes','deserts','bridges',
  'operas','football','tennis','chess','lakes','kings','queens','poets','spices','fruits','rockets',
  'cathedrals','emperors','trees','metals','gases','ports','canals','symphonies','albums','bands','games'])
  [1 + (n % 40)] || CASE WHEN n >= 40 THEN (n / 40)::text ELSE '' END AS word
FROM generate_series(0, 399) AS n;

INSERT INTO games (uid, kind, status, public, prompt, prompt_search, submitter, owner_id, items,
                   created_at, updated_at, language)
SELECT 'bench' || g, 'community', 'approved', true, prompt, lower(prompt), 'creator' || (1 + g % 40),
       (SELECT id FROM users WHERE username = 'creator' || (1 + g % 40)),
       '[' || (SELECT string_agg('{"id":' || i || ',"name":"item ' || i || ' of ' || g || '","altSpellings":[]}', ',')
               FROM generate_series(1, 10) AS i) || ']',
       created, created, 'en'
FROM (
  SELECT g,
         'The ten ' || (SELECT word FROM words WHERE n = g % 400) || ' of ' ||
           (SELECT word FROM words WHERE n = (g * 7 + 3) % 400) || ' number ' || g AS prompt,
         :now_ms - (g::bigint * 315360) AS created
  FROM generate_series(1, :games) AS g
) AS src;

INSERT INTO game_stats (game_id, player_count, score_sum)
SELECT id, 0, 0 FROM games WHERE uid LIKE 'bench%';
INSERT INTO game_score_counts (game_id, bucket, players)
SELECT id, b, 0 FROM games, generate_series(0, 9) AS b WHERE uid LIKE 'bench%';
INSERT INTO game_item_stats (game_id, item_id, found_count)
SELECT id, i, 0 FROM games, generate_series(1, 10) AS i WHERE uid LIKE 'bench%';
COMMIT;

-- Results: the bench's k-th game gets a share falling with k (about 1/sqrt(k): a few games
-- take many plays, every game some).
CREATE TEMP TABLE bench_ids AS SELECT row_number() OVER (ORDER BY id) AS k, id FROM games WHERE uid LIKE 'bench%';
CREATE INDEX ON bench_ids (k);
ANALYZE bench_ids;
INSERT INTO submissions (game_id, user_key, score, answers, actions, ip, created_at, found, won, wrong, hints,
                         summary_version)
SELECT b.id, 'bench-' || r, 10 * found, '[]', NULL, 'bench', :now_ms - (r % 2592000)::bigint * 1000, found,
       (found = 10)::int, 8 - least(found, 8), r % 3, 1
FROM (
  SELECT r, least(:games, greatest(1, floor(power(random(), 2) * :games)::bigint + 1)) AS k, (r % 11)::int AS found
  FROM generate_series(1, :results) AS r
) AS s
JOIN bench_ids AS b ON b.k = s.k;

UPDATE game_stats AS st SET player_count = agg.players, score_sum = agg.scores
FROM (SELECT game_id, count(*) AS players, sum(score) AS scores FROM submissions GROUP BY game_id) AS agg
WHERE st.game_id = agg.game_id;
