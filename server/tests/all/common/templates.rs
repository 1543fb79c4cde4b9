//! Migrated template databases, one per test process and backend: each test's fresh database is
//! a copy (PostgreSQL's `CREATE DATABASE … TEMPLATE`, a file copy on SQLite) instead of a new
//! database migrated from nothing. Both are the same schema (`db::migrate` made the template),
//! and a copy skips a commit per migration, which cost seconds a test on a busy disk.

use std::path::PathBuf;
use std::sync::OnceLock;

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection, RunQueryDsl};
use lavalist::platform::db::{migrate, DbConn};
use tempfile::TempDir;

use super::postgres_base_url;

/// A migrated SQLite file for this process, copied by each SQLite test.
pub fn sqlite() -> PathBuf {
    static TEMPLATE: OnceLock<(TempDir, PathBuf)> = OnceLock::new();
    let (_, file) = TEMPLATE.get_or_init(|| {
        let dir = TempDir::new().expect("temp dir");
        let file = dir.path().join("template.db");
        let mut conn =
            diesel::SqliteConnection::establish(&file.display().to_string()).expect("open the template");
        conn.batch_execute("PRAGMA journal_mode = WAL").expect("WAL");
        migrate(&mut DbConn::Sqlite(conn)).expect("migrate the template");
        // The connection closed with the DbConn above: its WAL is checkpointed into the file.
        // Copies keep the mode: private, as the server creates its database file.
        std::fs::set_permissions(&file, std::os::unix::fs::PermissionsExt::from_mode(0o600)).expect("chmod");
        (dir, file)
    });
    file.clone()
}

/// The name of a migrated PostgreSQL database for this process, the template of each PostgreSQL
/// test's database. Nobody stays connected to it (a template must have no connections), and it
/// is dropped with the process's other databases when the next process starts (below).
pub fn postgres() -> String {
    static TEMPLATE: OnceLock<String> = OnceLock::new();
    TEMPLATE
        .get_or_init(|| {
            drop_templates_of_ended_processes();
            let name = format!("lavalist_template_{}", std::process::id());
            let mut admin = admin();
            admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name}")).expect("drop an old template");
            admin.batch_execute(&format!("CREATE DATABASE {name}")).expect("create the template");
            let conn = PgConnection::establish(&format!("{}/{name}", postgres_base_url()))
                .expect("open the template");
            migrate(&mut DbConn::Pg(conn)).expect("migrate the template");
            name
        })
        .clone()
}

fn admin() -> PgConnection {
    PgConnection::establish(&format!("{}/postgres", postgres_base_url()))
        .expect("PostgreSQL on 127.0.0.1:5432")
}

/// Templates whose test process has ended (a process cannot drop its own at exit: the test
/// harness has no hook for it), so at most one per process that ran stays behind.
fn drop_templates_of_ended_processes() {
    #[derive(diesel::QueryableByName)]
    struct Name {
        #[diesel(sql_type = diesel::sql_types::Text)]
        datname: String,
    }
    let mut admin = admin();
    let names: Vec<Name> =
        diesel::sql_query("SELECT datname FROM pg_database WHERE datname LIKE 'lavalist\\_template\\_%'")
            .load(&mut admin)
            .unwrap_or_default();
    for Name { datname } in names {
        let pid = datname.trim_start_matches("lavalist_template_");
        let running =
            pid.parse::<u32>().is_ok_and(|pid| std::path::Path::new(&format!("/proc/{pid}")).exists());
        if !running {
            let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {datname} WITH (FORCE)"));
        }
    }
}
