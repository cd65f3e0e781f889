//! What the web suites share: the table files of the other suites and servers started on
//! ephemeral loopback ports, each on a runtime thread of its own.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use twisty::progress::{CancelToken, NoProgress};

/// The table files shared with the other suites (`build/vector-dbs/`).
pub fn db_dir() -> PathBuf {
    std::env::var_os("TWISTY_DB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../build/vector-dbs"))
}

pub fn optimal_table(size: u8) -> PathBuf {
    db_dir().join(format!("cube3-optimal-h{size}.tbl"))
}

/// The partial article database of the vector suites (levels 1..4), built when missing.
pub fn article_db() -> PathBuf {
    let path = db_dir().join("article-4.db");
    if !path.exists() {
        std::fs::create_dir_all(db_dir()).unwrap();
        let mut o = twisty::sq1::db::BuildOptions::new(twisty::sq1::db::Variant::Article);
        o.max_level = 4;
        twisty::sq1::db::build(&path, &o, &mut NoProgress, &CancelToken::new()).unwrap();
    }
    path
}

pub fn config(db: Option<PathBuf>) -> twisty_cli::web::Config {
    twisty_cli::web::Config {
        db,
        sq1_tables: db_dir().join("sq1-solver.tbl"),
        cube3_tables: db_dir().join("cube3-twophase.tbl"),
        optimal_tables: optimal_table,
        max_optimal_table: 0,
        optimal_threads: 1,
        // Long searches in the tests end by a cancel or their own deadline, never by this limit.
        search_limit: Duration::from_secs(3600),
        max_body: 64 * 1024,
        // Generous: a test client slowed down by load is not a slow client. The tests of the
        // timeouts start servers with short ones.
        header_timeout: Duration::from_secs(300),
        body_timeout: Duration::from_secs(300),
        max_connections: 256,
        max_searches: 8,
    }
}

/// Starts a server on its own runtime thread; it lives until the test process ends.
pub fn spawn(config: twisty_cli::web::Config) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let server = twisty_cli::web::start("127.0.0.1:0".parse().unwrap(), config)
                .await
                .unwrap();
            tx.send(server.addr).unwrap();
            server.task.await.unwrap().unwrap();
        })
    });
    rx.recv().unwrap()
}
