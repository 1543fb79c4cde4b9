//! The job runner (`platform/jobs`) on both backends, with job kinds of the test's own whose
//! runs it controls: a failed run is retried after an exponential back-off with jitter; after
//! its attempts the job is dead, shown by the metrics and the operator's listing, and an
//! operator's retry queues it again; two instances on one database never run one job at once,
//! and a job whose instance died mid-run is run again once its lease has lapsed.

use crate::common;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::Duration as Span;
use common::{Backend, TestApp};
use diesel::prelude::*;
use lavalist::platform::jobs::{queries, Job, JobError, Runner, TickReport, DEAD, DONE, QUEUED};
use lavalist::platform::schema::background_jobs;
use serde::{Deserialize, Serialize};

on_both_backends_with_configs!(
    a_failed_job_is_retried_after_a_growing_back_off,
    a_job_is_dead_after_its_attempts_until_an_operator_retries_it,
    a_job_that_cannot_succeed_is_dead_at_once,
    two_instances_never_run_a_job_twice_or_at_once,
    a_job_whose_instance_died_runs_again_after_its_lease,
    a_keyed_job_is_queued_once,
    a_recurring_job_runs_in_one_instance_per_period_and_never_dies,
    the_start_up_work_runs_as_jobs_after_the_server_answers,
);

const BASE_MS: u64 = 60_000;

/// What the test's jobs report to it.
#[derive(Default)]
struct Probe {
    /// Runs so far, by job number.
    runs: Mutex<HashMap<u32, u32>>,
    /// Jobs running now.
    running: Mutex<HashSet<u32>>,
    /// A job found running when it started (must stay 0).
    overlaps: AtomicU32,
}

/// Fails its first `fails` runs (with `permanent`, as a failure no retry cures), taking
/// `millis` each.
#[derive(Debug, Serialize, Deserialize)]
struct Flaky {
    number: u32,
    fails: u32,
    millis: u64,
    #[serde(default)]
    permanent: bool,
}

impl Job for Flaky {
    const KIND: &'static str = "test_flaky";
    type Context = Arc<Probe>;

    async fn run(self, probe: Arc<Probe>) -> Result<(), JobError> {
        if !probe.running.lock().unwrap().insert(self.number) {
            probe.overlaps.fetch_add(1, Ordering::SeqCst);
        }
        let run = {
            let mut runs = probe.runs.lock().unwrap();
            let run = runs.entry(self.number).or_default();
            *run += 1;
            *run
        };
        actix_rt::time::sleep(Duration::from_millis(self.millis)).await;
        probe.running.lock().unwrap().remove(&self.number);
        match run <= self.fails {
            true if self.permanent => Err(JobError::Fail(format!("run {run} cannot work"))),
            true => Err(JobError::Retry(format!("run {run} failed"))),
            false => Ok(()),
        }
    }
}

fn runner(app: &TestApp) -> Runner<Arc<Probe>> {
    let state = app.state();
    Runner::new(state.jobs.clone(), state.pool.clone(), state.clock.clone()).register::<Flaky>()
}

fn app(backend: Backend, max_attempts: u32) -> TestApp {
    backend.app_at("2026-03-01T12:00:00Z", |c| {
        c.jobs.job_retry_base_ms = BASE_MS;
        c.jobs.job_retry_max_ms = 10 * BASE_MS;
        c.jobs.job_max_attempts = max_attempts;
        c.jobs.job_lease_ms = 30_000;
    })
}

fn enqueue(app: &TestApp, job: &Flaky) -> i64 {
    app.state().jobs.enqueue(&mut app.conn(), job, None).unwrap().expect("queued")
}

fn row(app: &TestApp, id: i64) -> queries::JobRow {
    queries::get(&mut app.conn(), id).unwrap().expect("the job's row")
}

fn data(app: &TestApp, id: i64) -> String {
    background_jobs::table.find(id).select(background_jobs::data).first(&mut *app.conn()).unwrap()
}

async fn a_failed_job_is_retried_after_a_growing_back_off(backend: Backend) {
    let app = app(backend, 10);
    let (runner, probe) = (runner(&app), Arc::new(Probe::default()));
    let id = enqueue(&app, &Flaky { number: 1, fails: 2, millis: 0, permanent: false });
    let base = BASE_MS as i64;
    let mut waits = Vec::new();
    for attempt in 1..=2_i64 {
        let now = app.state().clock.now_ms();
        let report = runner.tick(&probe).await.unwrap();
        assert_eq!(report, TickReport { claimed: 1, retried: 1, ..TickReport::default() });
        let job = row(&app, id);
        assert_eq!((job.state.as_str(), job.attempts), (QUEUED, attempt));
        assert_eq!(job.last_error.as_deref(), Some(format!("run {attempt} failed").as_str()));
        // The base doubled per earlier attempt, up to half of it taken off at random.
        let full = base << (attempt - 1);
        let wait = job.run_at - now;
        assert!(
            (full / 2..=full).contains(&wait),
            "attempt {attempt}: waits {wait} ms, not within {full}/2..{full}"
        );
        waits.push(wait);
        // Not before its time.
        app.advance(Span::milliseconds(wait - 1));
        assert_eq!(runner.tick(&probe).await.unwrap(), TickReport::default(), "retried early");
        app.advance(Span::milliseconds(1));
    }
    let report = runner.tick(&probe).await.unwrap();
    assert_eq!(report, TickReport { claimed: 1, done: 1, ..TickReport::default() });
    let job = row(&app, id);
    assert_eq!((job.state.as_str(), job.attempts, job.last_error), (DONE, 3, None));
    assert_eq!(data(&app, id), "", "a finished job keeps no data");
    assert_eq!(probe.runs.lock().unwrap()[&1], 3);
    let runs = app.state().jobs.stats.runs();
    assert!(runs.contains(&("test_flaky".into(), "retried", 2)), "{runs:?}");
    assert!(runs.contains(&("test_flaky".into(), "done", 1)), "{runs:?}");
}

async fn a_job_is_dead_after_its_attempts_until_an_operator_retries_it(backend: Backend) {
    let app = app(backend, 3);
    let (runner, probe) = (runner(&app), Arc::new(Probe::default()));
    let id = enqueue(&app, &Flaky { number: 7, fails: 3, millis: 0, permanent: false });
    for _ in 0..3 {
        runner.tick(&probe).await.unwrap();
        app.advance(Span::milliseconds(10 * BASE_MS as i64));
    }
    let job = row(&app, id);
    assert_eq!((job.state.as_str(), job.attempts), (DEAD, 3));
    assert_eq!(job.last_error.as_deref(), Some("run 3 failed"));
    assert!(job.finished_at.is_some());
    app.advance(Span::days(1));
    assert_eq!(runner.tick(&probe).await.unwrap(), TickReport::default(), "a dead job is not run");
    // The operator sees it: in the listing of dead jobs, and in the metrics.
    let dead = queries::list(&mut app.conn(), true, 10).unwrap();
    assert_eq!(dead.iter().map(|j| j.id).collect::<Vec<_>>(), vec![id]);
    let line = lavalist::cli::jobs::line(&dead[0]);
    assert!(line.starts_with(&format!("{id}\ttest_flaky\tdead\tattempts=3\t")), "{line}");
    let mut text = lavalist::web::metrics::render(&Default::default(), app.state());
    lavalist::web::metrics::render_job_rows(&queries::counts(&mut app.conn()).unwrap(), &mut text);
    assert!(text.contains("lavalist_jobs{kind=\"test_flaky\",state=\"dead\"} 1"), "{text}");
    assert!(text.contains("lavalist_job_runs_total{kind=\"test_flaky\",outcome=\"dead\"} 1"), "{text}");
    assert!(text.contains("lavalist_job_runs_total{kind=\"test_flaky\",outcome=\"retried\"} 2"), "{text}");
    // `lavalist jobs retry ID`: queued again with fresh attempts; it succeeds this time.
    lavalist::cli::jobs::retry(&app.state().config, id).expect("a dead job is retried");
    assert!(lavalist::cli::jobs::retry(&app.state().config, id).is_err(), "only a dead job");
    assert_eq!(row(&app, id).state, QUEUED);
    let report = runner.tick(&probe).await.unwrap();
    assert_eq!(report, TickReport { claimed: 1, done: 1, ..TickReport::default() });
    assert_eq!(row(&app, id).state, DONE);
    assert!(queries::list(&mut app.conn(), true, 10).unwrap().is_empty());
}

async fn a_job_that_cannot_succeed_is_dead_at_once(backend: Backend) {
    let app = app(backend, 10);
    let (runner, probe) = (runner(&app), Arc::new(Probe::default()));
    let id = enqueue(&app, &Flaky { number: 1, fails: 1, millis: 0, permanent: true });
    assert_eq!(
        runner.tick(&probe).await.unwrap(),
        TickReport { claimed: 1, dead: 1, ..TickReport::default() }
    );
    let job = row(&app, id);
    assert_eq!(
        (job.state.as_str(), job.attempts, job.last_error.as_deref()),
        (DEAD, 1, Some("run 1 cannot work"))
    );
    // So is a job whose data its kind cannot read.
    let now = app.state().clock.now_ms();
    let id = queries::insert(&mut app.conn(), "test_flaky", r#"{"number": "seven"}"#, None, now, now)
        .unwrap()
        .unwrap();
    assert_eq!(
        runner.tick(&probe).await.unwrap(),
        TickReport { claimed: 1, dead: 1, ..TickReport::default() }
    );
    assert!(row(&app, id).last_error.unwrap().starts_with("unreadable data"));
}

/// Two app states on one database (two instances), ticking at once over 40 jobs of 30 ms each
/// (two of which fail once): every job runs until done, none twice at once, and each
/// successful run exactly once.
async fn two_instances_never_run_a_job_twice_or_at_once(backend: Backend) {
    const JOBS: u32 = 40;
    let first = backend.app(|c| {
        c.jobs.job_batch = 7;
        c.jobs.job_retry_base_ms = 1;
    });
    let second = first.another_instance(|c| {
        c.jobs.job_batch = 5;
        c.jobs.job_retry_base_ms = 1;
    });
    for number in 0..JOBS {
        let fails = u32::from(number % 20 == 3);
        enqueue(&first, &Flaky { number, fails, millis: 30, permanent: false });
    }
    let probe = Arc::new(Probe::default());
    let (a, b) = (runner(&first), runner(&second));
    let mut claimed = [0, 0];
    for _ in 0..200 {
        let (ra, rb) = futures_util::join!(a.tick(&probe), b.tick(&probe));
        let (ra, rb) = (ra.unwrap(), rb.unwrap());
        assert_eq!(ra.lease_lost + rb.lease_lost, 0);
        claimed[0] += ra.claimed;
        claimed[1] += rb.claimed;
        let left: i64 = background_jobs::table
            .filter(background_jobs::state.ne(DONE))
            .count()
            .get_result(&mut *first.conn())
            .unwrap();
        if left == 0 {
            break;
        }
        actix_rt::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(probe.overlaps.load(Ordering::SeqCst), 0, "a job ran twice at once");
    let runs = probe.runs.lock().unwrap().clone();
    assert_eq!(runs.len(), JOBS as usize, "every job ran");
    for (number, n) in &runs {
        let expected = if number % 20 == 3 { 2 } else { 1 };
        assert_eq!(*n, expected, "job {number} ran {n} times");
    }
    assert_eq!(claimed[0] + claimed[1], JOBS as usize + 2);
    assert!(claimed[0] > 0 && claimed[1] > 0, "both instances worked: {claimed:?}");
}

/// An instance claims a job and dies before finishing it: no one runs it until the lease has
/// lapsed, then the other instance does (at-least-once); the late finish of the first is
/// refused.
async fn a_job_whose_instance_died_runs_again_after_its_lease(backend: Backend) {
    let first = app(backend, 10);
    let second = first.another_instance(|c| c.jobs.job_lease_ms = 30_000);
    let id = enqueue(&first, &Flaky { number: 1, fails: 0, millis: 0, permanent: false });
    let now = first.state().clock.now_ms();
    // The first instance's claim, as its runner makes it; then it "dies".
    let claimed = queries::claim_due(&mut first.conn(), &["test_flaky"], now, now + 30_000, 10).unwrap();
    assert_eq!(claimed.iter().map(|c| c.id).collect::<Vec<_>>(), vec![id]);
    let (runner, probe) = (runner(&second), Arc::new(Probe::default()));
    assert_eq!(runner.tick(&probe).await.unwrap(), TickReport::default(), "held by the first instance");
    first.advance(Span::milliseconds(30_000));
    assert_eq!(
        runner.tick(&probe).await.unwrap(),
        TickReport { claimed: 1, done: 1, ..TickReport::default() }
    );
    assert_eq!(row(&second, id).attempts, 2);
    assert!(
        !queries::finish(&mut first.conn(), &claimed[0], now).unwrap(),
        "the first instance's lease is gone"
    );
    assert_eq!(row(&second, id).state, DONE);
}

async fn a_keyed_job_is_queued_once(backend: Backend) {
    let app = app(backend, 10);
    let job = Flaky { number: 1, fails: 0, millis: 0, permanent: false };
    let jobs = &app.state().jobs;
    let first = jobs.enqueue(&mut app.conn(), &job, Some("once")).unwrap();
    assert!(first.is_some());
    assert_eq!(jobs.enqueue(&mut app.conn(), &job, Some("once")).unwrap(), None);
    let (runner, probe) = (runner(&app), Arc::new(Probe::default()));
    runner.tick(&probe).await.unwrap();
    assert_eq!(
        jobs.enqueue(&mut app.conn(), &job, Some("once")).unwrap(),
        None,
        "a finished job's key stays"
    );
    // A replacing job takes the key over: the finished one goes, the new one waits.
    let replaced = jobs.enqueue_replacing(&mut app.conn(), &job, "once").unwrap();
    let rows: Vec<(i64, String)> = background_jobs::table
        .select((background_jobs::id, background_jobs::state))
        .load(&mut *app.conn())
        .unwrap();
    assert_eq!(rows, vec![(replaced, QUEUED.to_string())]);
}

/// A recurring job (the channels' round, the reminder scheduler): one row in the database
/// whatever the instances, run by one of them at a time, again `every` after each run, its
/// failures logged on the row but never dead.
async fn a_recurring_job_runs_in_one_instance_per_period_and_never_dies(backend: Backend) {
    let first = app(backend, 1);
    let second = first.another_instance(|c| c.jobs.job_max_attempts = 1);
    let every = Duration::from_millis(BASE_MS);
    let job = Flaky { number: 9, fails: 1, millis: 0, permanent: false };
    let recurring = |app: &TestApp| {
        let state = app.state();
        Runner::new(state.jobs.clone(), state.pool.clone(), state.clock.clone())
            .register_recurring(&job, every)
    };
    let (a, b, probe) = (recurring(&first), recurring(&second), Arc::new(Probe::default()));
    a.arm_recurring().await.unwrap();
    b.arm_recurring().await.unwrap();
    let rows = || -> Vec<queries::JobRow> { queries::list(&mut first.conn(), false, 10).unwrap() };
    assert_eq!(rows().len(), 1, "one job for both instances");
    let (ra, rb) = futures_util::join!(a.tick(&probe), b.tick(&probe));
    let (ra, rb) = (ra.unwrap(), rb.unwrap());
    assert_eq!(ra.claimed + rb.claimed, 1, "one instance ran it");
    assert_eq!(ra.retried + rb.retried, 1, "its first run failed");
    let now = first.state().clock.now_ms();
    let row = &rows()[0];
    assert_eq!((row.state.as_str(), row.attempts), (QUEUED, 0), "not dead after its one attempt");
    assert_eq!(row.run_at, now + BASE_MS as i64, "next at its period, not a back-off");
    assert_eq!(row.last_error.as_deref(), Some("run 1 failed"));
    let (ra, rb) = futures_util::join!(a.tick(&probe), b.tick(&probe));
    assert_eq!(ra.unwrap().claimed + rb.unwrap().claimed, 0, "not before its time");
    first.advance(Span::milliseconds(BASE_MS as i64));
    let (ra, rb) = futures_util::join!(a.tick(&probe), b.tick(&probe));
    let (ra, rb) = (ra.unwrap(), rb.unwrap());
    assert_eq!((ra.claimed + rb.claimed, ra.done + rb.done), (1, 1));
    let row = &rows()[0];
    assert_eq!((row.state.as_str(), row.last_error.as_deref()), (QUEUED, None));
    assert_eq!(probe.runs.lock().unwrap()[&9], 2);
}

/// `serve`'s start: the app state opened without the start-up work answers `/api/health` at
/// once and `/api/ready` 503; a game route waits; the start-up jobs adopt a day an older release
/// scheduled and fill its search words, then the waiting request answers with the game and
/// `/api/ready` 200.
async fn the_start_up_work_runs_as_jobs_after_the_server_answers(backend: Backend) {
    use actix_web::http::StatusCode;
    use actix_web::test::{call_service, init_service, TestRequest};
    use lavalist::platform::schema::games;

    let app = backend.app(|_| {});
    let date = app.add_daily(0, "Legacy volcanoes");
    // As an older release stored it: no edition's day, no search words.
    diesel::update(games::table)
        .set((games::edition_date.eq(None::<String>), games::search_words.eq(None::<String>)))
        .execute(&mut *app.conn())
        .unwrap();
    let state = actix_web::web::Data::new(
        lavalist::AppState::open_deferred(app.state().config.clone(), app.state().clock.clone()).unwrap(),
    );
    let service = init_service(actix_web::App::new().configure(lavalist::configure(state.clone()))).await;
    let health = call_service(&service, TestRequest::get().uri("/api/health").to_request()).await;
    assert_eq!(health.status(), StatusCode::OK);
    let ready = call_service(&service, TestRequest::get().uri("/api/ready").to_request()).await;
    assert_eq!(ready.status(), StatusCode::SERVICE_UNAVAILABLE);
    let game = call_service(&service, TestRequest::get().uri(&format!("/api/game/date/{date}")).to_request());
    let start_up = async {
        actix_rt::time::sleep(Duration::from_millis(300)).await;
        lavalist::web::startup::run(state.clone()).await;
    };
    let (game, ()) = futures_util::join!(game, start_up);
    assert_eq!(game.status(), StatusCode::OK, "the request waited for the start-up work");
    let body: serde_json::Value = actix_web::test::read_body_json(game).await;
    assert_eq!(body["prompt"], "Legacy volcanoes", "{body}");
    let ready = call_service(&service, TestRequest::get().uri("/api/ready").to_request()).await;
    assert_eq!(ready.status(), StatusCode::OK);
    let (edition_date, words): (Option<String>, Option<String>) =
        games::table.select((games::edition_date, games::search_words)).first(&mut *app.conn()).unwrap();
    assert_eq!(edition_date, Some(date.to_string()));
    assert_eq!(words.as_deref(), Some("legacy volcanoes"));
    let kinds: Vec<(String, String)> = background_jobs::table
        .select((background_jobs::job_type, background_jobs::state))
        .order(background_jobs::id)
        .load(&mut *app.conn())
        .unwrap();
    let done = |kind: &str| (kind.to_string(), DONE.to_string());
    assert_eq!(
        kinds,
        vec![done("summarise_legacy_results"), done("adopt_legacy_days"), done("fill_search_words")]
    );
}
