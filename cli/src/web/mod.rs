//! The local web page (`twisty serve`): an axum server on loopback that serves a static page
//! (HTML, CSS and plain JavaScript embedded in the binary) and a JSON API over [`twisty::api`].
//!
//! The server holds no puzzle logic: every answer is the engine's, through the facade or the
//! engine's own types. Engine errors become JSON `{"kind", "code", "message", "position",
//! "field"}` with the kinds and codes of [`twisty::error`], and so does every other refusal
//! (`conn`: the connection bound, header and body timeouts, requests hyper cannot parse); the
//! API is documented in `docs/web-api.md`.
//!
//! Long work (table builds on first use, searches) runs on tokio's blocking pool with a
//! [`CancelToken`] that a guard cancels when the request's future is dropped: a client that
//! closes its connection stops its search. A request may name a job (`"job": "id"`); its
//! progress is then readable at `GET /api/jobs/{id}` and it can be cancelled with
//! `POST /api/jobs/{id}/cancel`, from another tab or connection.

mod api;
mod conn;

pub use conn::{MAX_HEAD, MAX_HEADERS};

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use twisty::error::{Error, ErrorKind};
use twisty::progress::{CancelToken, ProgressReport};

/// The port `twisty serve` listens on by default.
pub const DEFAULT_PORT: u16 = 8021;

/// What the server serves and its limits.
#[derive(Clone, Debug)]
pub struct Config {
    /// The Silver database file (optional; without it the database endpoints answer 503).
    pub db: Option<PathBuf>,
    /// The Square-1 solver's table file (built on first use).
    pub sq1_tables: PathBuf,
    /// The 3x3x3 two-phase solver's table file (built on first use).
    pub cube3_tables: PathBuf,
    /// The 3x3x3 optimal solver's table file of each size (built on first use).
    pub optimal_tables: fn(u8) -> PathBuf,
    /// The largest optimal-solver table size the page may ask for (`h0`..).
    pub max_optimal_table: u8,
    /// Threads of one optimal 3x3x3 search (0: one per core).
    pub optimal_threads: u32,
    /// The longest a search may run (a request's own `timeout_ms` can only be shorter).
    pub search_limit: Duration,
    /// The largest request body, in bytes: a larger `Content-Length` is refused at once (413).
    pub max_body: usize,
    /// The longest a request head may take to arrive (an idle keep-alive connection waits as
    /// long for its next request); then the connection is closed.
    pub header_timeout: Duration,
    /// The longest a request body may take to arrive after its head; then 408.
    pub body_timeout: Duration,
    /// Connections open at once; more wait in the listen queue until one closes.
    pub max_connections: usize,
    /// Engine calls (searches, table builds) running at once; more wait their turn, up to
    /// [`MAX_WAITING`], and beyond that are answered 503.
    pub max_searches: usize,
}

/// Engine calls that may wait for a turn before the server answers 503 (busy).
pub const MAX_WAITING: usize = 64;

/// A job's task while it waits for a turn.
pub const WAITING: &str = "waiting for a turn";

impl Default for Config {
    fn default() -> Config {
        Config {
            db: None,
            sq1_tables: twisty::sq1::solve::Solver::default_path(),
            cube3_tables: twisty::cube3::solve::Solver::default_path(),
            optimal_tables: twisty::cube3::optimal::Solver::default_path,
            max_optimal_table: 2,
            optimal_threads: 0,
            search_limit: Duration::from_secs(300),
            max_body: 64 * 1024,
            // A few seconds: a slow or stalled client cannot hold a connection for long.
            header_timeout: Duration::from_secs(5),
            body_timeout: Duration::from_secs(5),
            max_connections: 256,
            // Two per core: one search may wait on memory while another computes.
            max_searches: std::thread::available_parallelism().map_or(2, |n| 2 * n.get()),
        }
    }
}

/// A running server (see [`start`]).
pub struct Server {
    /// The address it listens on (the real port when 0 was asked for).
    pub addr: SocketAddr,
    /// The server task; it runs until the runtime stops or the task is aborted.
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
}

/// Binds `addr` (port 0: an ephemeral port) and serves on the current tokio runtime. The
/// database, when given, is opened here, so a bad file is an error before anything listens.
pub async fn start(addr: SocketAddr, config: Config) -> twisty::Result<Server> {
    let state = Arc::new(AppState::new(config)?);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| Error::invalid_argument(format!("cannot listen on {addr}: {e}")))?;
    let addr = listener
        .local_addr()
        .map_err(|e| Error::invalid_argument(e.to_string()))?;
    let (max_connections, header_timeout) =
        (state.config.max_connections, state.config.header_timeout);
    let app = api::router(state, addr.ip().is_loopback());
    let task = tokio::spawn(conn::serve(listener, app, max_connections, header_timeout));
    Ok(Server { addr, task })
}

/// `twisty serve`: starts a runtime, binds, calls `listening` with the address, and serves
/// until the process ends.
pub fn serve_blocking(
    addr: SocketAddr,
    config: Config,
    listening: impl FnOnce(SocketAddr),
) -> twisty::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::invalid_argument(format!("cannot start the server: {e}")))?;
    rt.block_on(async move {
        let server = start(addr, config).await?;
        listening(server.addr);
        match server.task.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(Error::invalid_argument(format!("server stopped: {e}"))),
            Err(e) => Err(Error::invalid_argument(format!("server stopped: {e}"))),
        }
    })
}

/// What every handler shares: configuration, solvers opened on first use, the database, the
/// jobs in flight.
pub(crate) struct AppState {
    config: Config,
    tables: twisty::sq1::Tables,
    db: Option<Arc<twisty::sq1::db::Database>>,
    sq1: tokio::sync::Mutex<Option<Arc<twisty::sq1::solve::Solver>>>,
    cube3: tokio::sync::Mutex<Option<Arc<twisty::cube3::solve::Solver>>>,
    /// One slot per table size, so that building one size never holds up another.
    optimal: Vec<tokio::sync::Mutex<Option<Arc<twisty::cube3::optimal::Solver>>>>,
    jobs: Mutex<HashMap<String, Arc<JobEntry>>>,
    /// Engine calls running on the blocking pool now, and those that ended cancelled.
    running: AtomicUsize,
    cancelled: AtomicU64,
    /// Turns for engine calls ([`Config::max_searches`]), and the calls waiting for one.
    turns: Arc<tokio::sync::Semaphore>,
    waiting: AtomicUsize,
}

/// Counts while alive (also when a panic unwinds past it).
struct Counted<'a>(&'a AtomicUsize);

impl<'a> Counted<'a> {
    fn new(c: &'a AtomicUsize) -> Counted<'a> {
        c.fetch_add(1, Ordering::SeqCst);
        Counted(c)
    }
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl AppState {
    fn new(config: Config) -> twisty::Result<AppState> {
        let db = match &config.db {
            Some(p) => Some(Arc::new(twisty::sq1::db::Database::open(p)?)),
            None => None,
        };
        let turns = config.max_searches.max(1);
        Ok(AppState {
            config,
            tables: twisty::sq1::Tables::new(),
            db,
            sq1: Default::default(),
            cube3: Default::default(),
            optimal: twisty::cube3::optimal::SIZES
                .iter()
                .map(|_| Default::default())
                .collect(),
            jobs: Default::default(),
            running: AtomicUsize::new(0),
            cancelled: AtomicU64::new(0),
            turns: Arc::new(tokio::sync::Semaphore::new(turns)),
            waiting: AtomicUsize::new(0),
        })
    }

    /// The job running under `id` (404 when none is).
    fn running_job(&self, id: &str) -> Result<Arc<JobEntry>, ApiError> {
        self.jobs.lock().unwrap().get(id).cloned().ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                Error::invalid_argument(format!("no job '{id}' is running")),
            )
        })
    }

    /// Starts a job for one request: registered under `id` when the client named one.
    fn job(self: &Arc<Self>, id: Option<&str>) -> Result<Job, ApiError> {
        let entry = Arc::new(JobEntry {
            cancel: CancelToken::new(),
            started: Instant::now(),
            status: Mutex::new(JobStatus::default()),
        });
        if let Some(id) = id {
            let ok = !id.is_empty()
                && id.len() <= 64
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            if !ok {
                return Err(ApiError::from(Error::invalid_argument(
                    "a job id is 1 to 64 letters, digits, '-' or '_'",
                ))
                .field("job"));
            }
            let mut jobs = self.jobs.lock().unwrap();
            if jobs.contains_key(id) {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    Error::invalid_argument(format!("job '{id}' is already running")),
                )
                .field("job"));
            }
            jobs.insert(id.to_string(), entry.clone());
        }
        Ok(Job {
            state: self.clone(),
            id: id.map(str::to_string),
            entry,
        })
    }
}

#[derive(Clone, Debug, Default, Serialize)]
struct JobStatus {
    /// What runs now: `building the Square-1 solver tables`, `searching`, ...
    task: String,
    phase: String,
    done: u64,
    total: u64,
}

struct JobEntry {
    cancel: CancelToken,
    started: Instant,
    status: Mutex<JobStatus>,
}

/// One request's long work. Dropping it (the request finished, or its connection closed and
/// axum dropped the handler's future) cancels whatever engine call still runs for it and
/// forgets its id.
pub(crate) struct Job {
    state: Arc<AppState>,
    id: Option<String>,
    entry: Arc<JobEntry>,
}

impl Drop for Job {
    fn drop(&mut self) {
        self.entry.cancel.cancel();
        if let Some(id) = &self.id {
            let mut jobs = self.state.jobs.lock().unwrap();
            if jobs.get(id).is_some_and(|e| Arc::ptr_eq(e, &self.entry)) {
                jobs.remove(id);
            }
        }
    }
}

impl Job {
    /// Runs blocking engine work on tokio's blocking pool with this job's cancel token and
    /// progress slot; `limit` (searches) cancels it when it runs longer.
    async fn run<T, F>(&self, task: &str, limit: Option<Duration>, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut dyn FnMut(&ProgressReport), &CancelToken) -> twisty::Result<T>
            + Send
            + 'static,
    {
        if self.entry.cancel.is_cancelled() {
            return Err(Error::new(ErrorKind::Cancelled, "cancelled").into());
        }
        *self.entry.status.lock().unwrap() = JobStatus {
            task: task.to_string(),
            ..JobStatus::default()
        };
        let entry = self.entry.clone();
        let state = self.state.clone();
        // A turn first: searches beyond the cores only slow each other down, and the blocking
        // pool would queue them without bound. Waiting ends with the request (dropped future).
        let turn = {
            self.entry.status.lock().unwrap().task = WAITING.to_string();
            let waiting = Counted::new(&state.waiting);
            if state.waiting.load(Ordering::SeqCst) > MAX_WAITING {
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    Error::invalid_argument(format!(
                        "the server is busy ({} searches running, {MAX_WAITING} waiting): \
                         try again later",
                        state.config.max_searches
                    )),
                ));
            }
            let turn = state.turns.clone().acquire_owned().await;
            drop(waiting);
            turn.map_err(|e| Error::invalid_argument(format!("server stopping: {e}")))?
        };
        if self.entry.cancel.is_cancelled() {
            return Err(Error::new(ErrorKind::Cancelled, "cancelled").into());
        }
        self.entry.status.lock().unwrap().task = task.to_string();
        let handle = tokio::task::spawn_blocking(move || {
            let _turn = turn;
            let _running = Counted::new(&state.running);
            let mut report = |r: &ProgressReport| {
                let mut s = entry.status.lock().unwrap();
                s.phase = r.phase.clone();
                s.done = r.done;
                s.total = r.total;
            };
            let result = f(&mut report, &entry.cancel);
            if matches!(&result, Err(e) if e.kind() == ErrorKind::Cancelled) {
                state.cancelled.fetch_add(1, Ordering::SeqCst);
            }
            result
        });
        let joined = match limit {
            None => handle.await,
            Some(limit) => match tokio::time::timeout(limit, handle).await {
                Ok(joined) => joined,
                Err(_) => {
                    self.entry.cancel.cancel();
                    return Err(ApiError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        Error::new(
                            ErrorKind::Cancelled,
                            format!("stopped after the server's limit of {} s", limit.as_secs()),
                        ),
                    ));
                }
            },
        };
        match joined {
            Ok(result) => result.map_err(ApiError::from),
            Err(e) => {
                let message = match e.try_into_panic() {
                    Ok(payload) => twisty::host::panic_message(payload),
                    Err(e) => e.to_string(),
                };
                Err(Error::new(ErrorKind::Panic, message).into())
            }
        }
    }

    /// The deadline of a search: the request's `timeout_ms` (0 or absent: none) within the
    /// server's limit, as the facade's milliseconds.
    fn search_timeout_ms(&self, asked: Option<u64>) -> i64 {
        let max = i64::try_from(self.state.config.search_limit.as_millis()).unwrap_or(i64::MAX);
        match asked {
            Some(ms) if ms > 0 => i64::try_from(ms).unwrap_or(i64::MAX).min(max),
            _ => max,
        }
    }
}

/// An error answer: the engine's error, the HTTP status its kind calls for, and the request
/// field it is about when known.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    error: Error,
    field: Option<&'static str>,
}

impl ApiError {
    fn new(status: StatusCode, error: Error) -> ApiError {
        ApiError {
            status,
            error,
            field: None,
        }
    }

    fn field(mut self, field: &'static str) -> ApiError {
        self.field = Some(field);
        self
    }

    /// Names `field` when this is an argument error (400) naming none: for an engine call whose
    /// only argument the handler does not check itself (a search's `max_length`).
    fn or_field(self, field: &'static str) -> ApiError {
        if self.status == StatusCode::BAD_REQUEST && self.field.is_none() {
            self.field(field)
        } else {
            self
        }
    }
}

/// A mapper for `map_err` that names the request field an engine error is about.
fn at(field: &'static str) -> impl FnOnce(Error) -> ApiError {
    move |e| ApiError::from(e).field(field)
}

impl From<Error> for ApiError {
    fn from(error: Error) -> ApiError {
        let status = match error.kind() {
            ErrorKind::InvalidNotation
            | ErrorKind::InvalidState
            | ErrorKind::IllegalMove
            | ErrorKind::InvalidArgument
            | ErrorKind::NullArgument => StatusCode::BAD_REQUEST,
            ErrorKind::Cancelled => StatusCode::CONFLICT,
            ErrorKind::Database | ErrorKind::Closed => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::new(status, error)
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    kind: &'static str,
    code: u32,
    message: &'a str,
    position: Option<usize>,
    field: Option<&'static str>,
}

/// The JSON error body of an engine error about `field`.
fn error_json(error: &Error, field: Option<&'static str>) -> Vec<u8> {
    serde_json::to_vec(&ErrorBody {
        kind: error.kind().name(),
        code: error.code(),
        message: error.message(),
        position: error.position(),
        field,
    })
    .expect("an error body serializes")
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = error_json(&self.error, self.field);
        (
            self.status,
            [(
                axum::http::header::CONTENT_TYPE,
                axum::http::HeaderValue::from_static("application/json"),
            )],
            body,
        )
            .into_response()
    }
}
