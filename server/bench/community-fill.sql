-- The community benchmark's data set (server/bench/community.sh), made by SQL on PostgreSQL:
-- :games approved public community games from 40 creators over the past year, prompts from a
-- vocabulary of 400 words (so searches hit a realistic share; with :prompts 'numbers', every
-- prompt is "Community list number N", words the statistics list and a number they do not),
-- and :results stored results
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
         CASE WHEN :'prompts' = 'numbers' THEN 'Community list number ' || g
           ELSE 'The ten ' || (SELECT word FROM words WHERE n = g % 400) || ' of ' ||
             (SELECT word FROM words WHERE n = (g * 7 + 3) % 400) || ' number ' || g END AS prompt,
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

-- What the result writer and the rating path keep on each game (server/src/domains/community/scores.rs):
-- plays, one or two categories, synthetic ratings (their Bayesian `top`), and `hot` as the
-- log-sum of the creation's and every play's weight halving per day.
UPDATE games AS g SET
    plays = st.player_count,
    categories = (1 << (st.game_id % 13)::int) | (CASE WHEN st.game_id % 3 = 0 THEN 1 << ((st.game_id / 13) % 13)::int ELSE 0 END),
    rating_count = least(st.player_count, (st.game_id * 31) % 50),
    rating_sum = least(st.player_count, (st.game_id * 31) % 50) * (2 + st.game_id % 4)
FROM game_stats AS st
WHERE g.id = st.game_id AND g.uid LIKE 'bench%';
UPDATE games SET top = (15.0 + rating_sum) / (5.0 + rating_count) WHERE uid LIKE 'bench%';
UPDATE games AS g SET hot = h.top_day + log(2, h.weights::numeric)::double precision
FROM (
  SELECT e.game_id, m.top_day, sum(power(2::double precision, e.day - m.top_day)) AS weights
  FROM (
    SELECT id AS game_id, created_at / 86400000.0 AS day FROM games WHERE uid LIKE 'bench%'
    UNION ALL
    SELECT game_id, created_at / 86400000.0 FROM submissions
  ) AS e
  JOIN (
    SELECT game_id, max(day) AS top_day FROM (
      SELECT id AS game_id, created_at / 86400000.0 AS day FROM games WHERE uid LIKE 'bench%'
      UNION ALL
      SELECT game_id, max(created_at) / 86400000.0 FROM submissions GROUP BY game_id
    ) AS d GROUP BY game_id
  ) AS m ON m.game_id = e.game_id
  GROUP BY e.game_id, m.top_day
) AS h
WHERE g.id = h.game_id;
UPDATE game_stats AS st SET won_count = agg.won, found_sum = agg.found
FROM (SELECT game_id, sum(won) AS won, sum(found) AS found FROM submissions GROUP BY game_id) AS agg
WHERE st.game_id = agg.game_id;
INSERT INTO game_daily_plays (game_id, day, plays)
SELECT game_id, to_char(to_timestamp(created_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*)
FROM submissions GROUP BY 1, 2;
