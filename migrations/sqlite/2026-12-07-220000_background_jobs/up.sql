-- The job runner (platform/jobs): one row per piece of background work (an e-mail, a channel
-- message to queue, a start-up backfill), run by whichever instance claims it. A row is
-- claimed until `locked_until` by the instance whose `lock_token` it holds; a failed run is
-- retried at `run_at` (exponential back-off with jitter) until `attempts` reaches the kind's
-- limit, then it is 'dead' until an operator retries it (`lavalist jobs retry ID`). A finished
-- row is kept as 'done', its `data` emptied, for a few days: its (kind, dedupe_key) keeps the
-- same work from being queued twice.
CREATE TABLE background_jobs (
    id INTEGER PRIMARY KEY,
    job_type TEXT NOT NULL,
    data TEXT NOT NULL,
    dedupe_key TEXT,
    -- 'queued', 'done' or 'dead'.
    state TEXT NOT NULL DEFAULT 'queued',
    attempts BIGINT NOT NULL DEFAULT 0,
    run_at BIGINT NOT NULL,
    locked_until BIGINT NOT NULL DEFAULT 0,
    lock_token TEXT,
    last_error TEXT,
    created_at BIGINT NOT NULL,
    finished_at BIGINT,
    UNIQUE (job_type, dedupe_key)
);
CREATE INDEX background_jobs_due ON background_jobs (state, run_at);
