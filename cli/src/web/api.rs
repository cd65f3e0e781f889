//! The routes: the embedded page and the JSON API (`docs/web-api.md`).

use crate::names::{MetricArg, NotationArg};
use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::{FromRequest, Path, Request, State as Shared};
use axum::http::{HeaderValue, StatusCode, header};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tower_http::set_header::SetResponseHeaderLayer;

use super::{ApiError, AppState, Job, at};
use twisty::api as facade;
use twisty::cube3::{Alg, Cube};
use twisty::error::Error;
use twisty::progress::{CancelToken, ProgressReport};
use twisty::sq1::solve::{FastOptions, Metric, SearchLimits};
use twisty::sq1::{Colouring, MoveSeq, Notation, State};

type St = Shared<Arc<AppState>>;
type Answer<T> = Result<Json<T>, ApiError>;

/// The page's files, embedded in the binary: (path, content type, text).
const STATIC: [(&str, &str, &str); 6] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("static/index.html"),
    ),
    (
        "/cube3",
        "text/html; charset=utf-8",
        include_str!("static/cube3.html"),
    ),
    (
        "/static/style.css",
        "text/css; charset=utf-8",
        include_str!("static/style.css"),
    ),
    (
        "/static/common.js",
        "text/javascript; charset=utf-8",
        include_str!("static/common.js"),
    ),
    (
        "/static/sq1.js",
        "text/javascript; charset=utf-8",
        include_str!("static/sq1.js"),
    ),
    (
        "/static/cube3.js",
        "text/javascript; charset=utf-8",
        include_str!("static/cube3.js"),
    ),
];

/// Scripts and styles only from this server; pictures are inline SVG.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
                   img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'";

/// Whether a `Host` names this machine's loopback (`localhost`, `127.x.x.x`, `[::1]`, any port).
fn loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// On loopback, a request must name loopback as its host: a page of another site whose name
/// was pointed at 127.0.0.1 (DNS rebinding) would otherwise reach the API as its own origin.
async fn local_only(req: Request, next: axum::middleware::Next) -> axum::response::Response {
    use axum::response::IntoResponse;
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| req.uri().authority().map(|a| a.as_str()));
    match host {
        Some(h) if loopback_host(h) => next.run(req).await,
        _ => ApiError::new(
            StatusCode::FORBIDDEN,
            Error::invalid_argument(
                "this server answers requests to localhost only (Host header); \
                 start it with --host to serve other names",
            ),
        )
        .into_response(),
    }
}

/// The routes; with `loopback` (the server listens on a loopback address) only requests
/// naming loopback as their host are answered.
pub(crate) fn router(state: Arc<AppState>, loopback: bool) -> Router {
    let mut r = Router::new();
    for (path, mime, text) in STATIC {
        r = r.route(
            path,
            get(move || async move { ([(header::CONTENT_TYPE, mime)], text) }),
        );
    }
    let max_body = state.config.max_body;
    let r = r
        .route("/api/info", get(info))
        .route("/api/sq1/apply", post(sq1_apply))
        .route("/api/sq1/steps", post(sq1_steps))
        .route("/api/sq1/random", post(sq1_random))
        .route("/api/sq1/scramble", post(sq1_scramble))
        .route("/api/sq1/solve", post(sq1_solve))
        .route("/api/sq1/solve-fast", post(sq1_solve_fast))
        .route("/api/db", get(db_info))
        .route("/api/db/solve", post(db_solve))
        .route("/api/cube3/apply", post(cube3_apply))
        .route("/api/cube3/steps", post(cube3_steps))
        .route("/api/cube3/random", post(cube3_random))
        .route("/api/cube3/solve", post(cube3_solve))
        .route("/api/cube3/optimal", post(cube3_optimal))
        .route("/api/jobs/{id}", get(job_status))
        .route("/api/jobs/{id}/cancel", post(job_cancel))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(max_body))
        .layer(axum::middleware::from_fn(super::conn::json_errors))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            super::conn::request_limits,
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ));
    let r = if loopback {
        r.layer(axum::middleware::from_fn(local_only))
    } else {
        r
    };
    r.with_state(state)
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        Error::invalid_argument(format!("no such page or endpoint: {}", uri.path())),
    )
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        Error::invalid_argument(format!("{} does not take {method}", uri.path())),
    )
}

/// A JSON body whose every refusal (not JSON, wrong content type, too large, unknown or
/// missing fields) is an `invalid_argument` error with the status axum chose (400, 413, 415,
/// 422).
struct Body<T>(T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(r) => Err(ApiError::new(
                r.status(),
                Error::invalid_argument(r.body_text()),
            )),
        }
    }
}

/// A seed from the request, or a fresh one below 2^53 (exact in JavaScript's numbers).
fn seed_or_fresh(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        (t.as_nanos() as u64 ^ (t.as_secs() << 20)) & ((1 << 53) - 1)
    })
}

/// The longest move text accepted, in characters.
const MAX_MOVES_TEXT: usize = 10_000;
/// The most moves `steps` answers (one picture each).
const MAX_STEPS: usize = 500;

fn moves_text(text: &str) -> Result<&str, ApiError> {
    if text.chars().count() > MAX_MOVES_TEXT {
        return Err(at("moves")(Error::invalid_argument(format!(
            "moves text longer than {MAX_MOVES_TEXT} characters"
        ))));
    }
    Ok(text)
}

// ---- Server information and jobs --------------------------------------------------------------

#[derive(Serialize)]
struct Info {
    version: &'static str,
    database: Option<DbInfo>,
    tables: Tables,
    max_optimal_table: u8,
    search_limit_s: u64,
    max_body: usize,
    /// Engine calls running now, and how many ended cancelled since the start.
    running: usize,
    cancelled: u64,
}

#[derive(Serialize)]
struct Tables {
    sq1: &'static str,
    cube3: &'static str,
    optimal: Vec<u8>,
}

/// `ready`, `building` (someone holds the lock: opening or building) or `not loaded`.
fn table_state<T>(m: &tokio::sync::Mutex<Option<T>>) -> &'static str {
    match m.try_lock() {
        Ok(g) if g.is_some() => "ready",
        Ok(_) => "not loaded",
        Err(_) => "building",
    }
}

async fn info(Shared(st): St) -> Json<Info> {
    let optimal = (0..st.optimal.len() as u8)
        .filter(|&n| table_state(&st.optimal[n as usize]) == "ready")
        .collect();
    Json(Info {
        version: env!("CARGO_PKG_VERSION"),
        database: st.db.as_deref().map(db_info_of),
        tables: Tables {
            sq1: table_state(&st.sq1),
            cube3: table_state(&st.cube3),
            optimal,
        },
        max_optimal_table: st.config.max_optimal_table,
        search_limit_s: st.config.search_limit.as_secs(),
        max_body: st.config.max_body,
        running: st.running.load(Ordering::SeqCst),
        cancelled: st.cancelled.load(Ordering::SeqCst),
    })
}

#[derive(Serialize)]
struct JobView {
    id: String,
    task: String,
    phase: String,
    done: u64,
    total: u64,
    elapsed_ms: u64,
}

async fn job_status(Shared(st): St, Path(id): Path<String>) -> Answer<JobView> {
    let entry = st.running_job(&id)?;
    let s = entry.status.lock().unwrap().clone();
    Ok(Json(JobView {
        id,
        task: s.task,
        phase: s.phase,
        done: s.done,
        total: s.total,
        elapsed_ms: entry.started.elapsed().as_millis() as u64,
    }))
}

#[derive(Serialize)]
struct Cancelled {
    cancelled: bool,
}

/// The cancel request's body: `{}`. Asking for JSON keeps plain cross-site forms out (a form
/// cannot send `application/json`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoFields {}

async fn job_cancel(
    Shared(st): St,
    Path(id): Path<String>,
    Body(NoFields {}): Body<NoFields>,
) -> Answer<Cancelled> {
    let entry = st.running_job(&id)?;
    entry.cancel.cancel();
    Ok(Json(Cancelled { cancelled: true }))
}

// ---- Square-1 ---------------------------------------------------------------------------------

/// What the page shows of a Square-1 state.
#[derive(Serialize)]
struct Sq1View {
    state: String,
    shape: String,
    svg: String,
    silver: bool,
    solved: bool,
    twistable: bool,
    /// Why `/` is illegal now (the engine's message), when it is.
    twist_blocked: Option<String>,
}

fn sq1_view(s: &State) -> Sq1View {
    Sq1View {
        state: s.to_string(),
        shape: s.shape().name(),
        svg: twisty::sq1::svg::svg(s),
        silver: s.colouring() == Colouring::Silver,
        solved: s.is_solved(),
        twistable: s.is_twistable(),
        twist_blocked: s.twist().err().map(|e| e.message().to_string()),
    }
}

/// The request's state, or the solved six-colour puzzle.
fn sq1_state(text: Option<&str>) -> Result<State, ApiError> {
    match text {
        Some(t) => State::parse(t).map_err(at("state")),
        None => Ok(State::solved(Colouring::SixColour)),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Sq1MovesReq {
    state: Option<String>,
    #[serde(default)]
    moves: String,
    #[serde(default)]
    notation: NotationArg,
}

#[derive(Serialize)]
struct Sq1Applied {
    #[serde(flatten)]
    view: Sq1View,
    /// The moves in canonical WCA text (none when they hold the article's `!`), and in the
    /// article's notation.
    moves_wca: Option<String>,
    moves_article: String,
    twists: usize,
}

async fn sq1_apply(Body(req): Body<Sq1MovesReq>) -> Answer<Sq1Applied> {
    let start = sq1_state(req.state.as_deref())?;
    let seq = MoveSeq::parse(moves_text(&req.moves)?, req.notation.into()).map_err(at("moves"))?;
    let end = start.apply(&seq).map_err(at("moves"))?;
    Ok(Json(Sq1Applied {
        view: sq1_view(&end),
        moves_wca: seq.format(Notation::Wca).ok(),
        moves_article: seq.format(Notation::Article).map_err(at("moves"))?,
        twists: seq.twist_count(),
    }))
}

#[derive(Serialize)]
struct Step {
    /// The move that led here (none for the start), in the request's notation.
    #[serde(rename = "move")]
    mv: Option<String>,
    state: String,
    svg: String,
}

#[derive(Serialize)]
struct Steps {
    steps: Vec<Step>,
}

fn too_many_steps(n: usize) -> Result<(), ApiError> {
    if n > MAX_STEPS {
        return Err(at("moves")(Error::invalid_argument(format!(
            "{n} moves: steps are answered for at most {MAX_STEPS}"
        ))));
    }
    Ok(())
}

async fn sq1_steps(Body(req): Body<Sq1MovesReq>) -> Answer<Steps> {
    let mut s = sq1_state(req.state.as_deref())?;
    let n: Notation = req.notation.into();
    let seq = MoveSeq::parse(moves_text(&req.moves)?, n).map_err(at("moves"))?;
    too_many_steps(seq.len())?;
    // Every move must be legal: the whole sequence is checked first, with the engine's error.
    s.apply(&seq).map_err(at("moves"))?;
    let mut steps = vec![Step {
        mv: None,
        state: s.to_string(),
        svg: twisty::sq1::svg::svg(&s),
    }];
    for &m in seq.moves() {
        s = s.apply_move(m).map_err(at("moves"))?;
        steps.push(Step {
            mv: Some(MoveSeq::new(vec![m]).format(n).map_err(at("moves"))?),
            state: s.to_string(),
            svg: twisty::sq1::svg::svg(&s),
        });
    }
    Ok(Json(Steps { steps }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Sq1RandomReq {
    seed: Option<u64>,
    #[serde(default)]
    silver: bool,
}

#[derive(Serialize)]
struct Seeded<T> {
    seed: u64,
    #[serde(flatten)]
    view: T,
}

async fn sq1_random(Shared(st): St, Body(req): Body<Sq1RandomReq>) -> Answer<Seeded<Sq1View>> {
    let seed = seed_or_fresh(req.seed);
    let colouring = if req.silver {
        Colouring::Silver
    } else {
        Colouring::SixColour
    };
    let s = st.tables.random_state(seed, colouring);
    Ok(Json(Seeded {
        seed,
        view: sq1_view(&s),
    }))
}

/// The solver in `slot`, opened (or built) by `open` on first use; later requests wait for that
/// and share it.
async fn open_once<T: Send + Sync + 'static>(
    slot: &tokio::sync::Mutex<Option<Arc<T>>>,
    job: &Job,
    task: &str,
    open: impl FnOnce(&mut dyn FnMut(&ProgressReport), &CancelToken) -> twisty::Result<Arc<T>>
    + Send
    + 'static,
) -> Result<Arc<T>, ApiError> {
    let mut slot = slot.lock().await;
    if let Some(s) = slot.as_ref() {
        return Ok(s.clone());
    }
    let s = job.run(task, None, open).await?;
    *slot = Some(s.clone());
    Ok(s)
}

impl AppState {
    /// The Square-1 solver, opened (or built, about half a minute) on first use.
    async fn sq1_solver(&self, job: &Job) -> Result<Arc<twisty::sq1::solve::Solver>, ApiError> {
        let path = self.config.sq1_tables.display().to_string();
        open_once(
            &self.sq1,
            job,
            "opening or building the Square-1 solver tables",
            move |p, c| facade::sq1_solver_open(&path, p, c),
        )
        .await
    }

    async fn cube3_solver(&self, job: &Job) -> Result<Arc<twisty::cube3::solve::Solver>, ApiError> {
        let path = self.config.cube3_tables.display().to_string();
        open_once(
            &self.cube3,
            job,
            "opening or building the 3x3x3 two-phase tables",
            move |p, c| facade::cube3_solver_open(&path, p, c),
        )
        .await
    }

    async fn optimal_solver(
        &self,
        job: &Job,
        size: u8,
    ) -> Result<Arc<twisty::cube3::optimal::Solver>, ApiError> {
        if size > self.config.max_optimal_table || size as usize >= self.optimal.len() {
            return Err(at("table")(Error::invalid_argument(format!(
                "table h{size}: this server offers h0 to h{}",
                self.config
                    .max_optimal_table
                    .min(self.optimal.len() as u8 - 1)
            ))));
        }
        let path = (self.config.optimal_tables)(size).display().to_string();
        let task = format!("opening or building the 3x3x3 optimal table h{size}");
        open_once(&self.optimal[size as usize], job, &task, move |p, c| {
            facade::cube3_optimal_open(&path, size as i32, p, c)
        })
        .await
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScrambleReq {
    seed: Option<u64>,
    job: Option<String>,
}

#[derive(Serialize)]
struct Scrambled {
    seed: u64,
    scramble: String,
    #[serde(flatten)]
    view: Sq1View,
}

async fn sq1_scramble(Shared(st): St, Body(req): Body<ScrambleReq>) -> Answer<Scrambled> {
    let job = st.job(req.job.as_deref())?;
    let solver = st.sq1_solver(&job).await?;
    let seed = seed_or_fresh(req.seed);
    let limit = Some(st.config.search_limit);
    let s = job
        .run("scrambling", limit, move |_, _| solver.scramble(seed))
        .await?;
    Ok(Json(Scrambled {
        seed,
        scramble: s.to_text(),
        view: sq1_view(&s.state),
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Sq1SolveReq {
    state: Option<String>,
    #[serde(default)]
    metric: MetricArg,
    limit: Option<u32>,
    timeout_ms: Option<u64>,
    job: Option<String>,
}

#[derive(Serialize)]
struct Sq1SolutionView {
    wca: String,
    length: u32,
    twists: usize,
}

impl From<&twisty::sq1::solve::Solution> for Sq1SolutionView {
    fn from(s: &twisty::sq1::solve::Solution) -> Self {
        Sq1SolutionView {
            wca: s.to_wca(),
            length: s.length,
            twists: s.twists(),
        }
    }
}

#[derive(Serialize)]
struct Sq1Solved {
    metric: &'static str,
    length: u32,
    solutions: Vec<Sq1SolutionView>,
    /// Whether these are all the optimal solutions (fewer than the limit were found).
    complete: bool,
    elapsed_ms: u64,
}

/// Most optimal solutions one request lists.
const MAX_SOLUTIONS: u32 = 1000;

fn limit_of(limit: Option<u32>, default: u32, max: u32) -> Result<u32, ApiError> {
    let limit = limit.unwrap_or(default);
    if !(1..=max).contains(&limit) {
        return Err(at("limit")(Error::invalid_argument(format!(
            "limit {limit} is out of range 1..={max}"
        ))));
    }
    Ok(limit)
}

async fn sq1_solve(Shared(st): St, Body(req): Body<Sq1SolveReq>) -> Answer<Sq1Solved> {
    let state = sq1_state(req.state.as_deref())?;
    let limit = limit_of(req.limit, 100, MAX_SOLUTIONS)?;
    let job = st.job(req.job.as_deref())?;
    let solver = st.sq1_solver(&job).await?;
    let metric: Metric = req.metric.into();
    let timeout = job.search_timeout_ms(req.timeout_ms);
    let t = std::time::Instant::now();
    let found = job
        .run("searching", Some(st.config.search_limit), move |p, c| {
            let limits = SearchLimits {
                deadline: Some(std::time::Instant::now() + ms(timeout)),
                cancel: Some(c.clone()),
            };
            let mut p = |r: &twisty::progress::ProgressReport| p(r);
            solver.solutions_with(&state, metric, limit as usize, &limits, &mut p)
        })
        .await?;
    Ok(Json(Sq1Solved {
        metric: metric.name(),
        length: found.first().map_or(0, |s| s.length),
        complete: found.len() < limit as usize,
        solutions: found.iter().map(Sq1SolutionView::from).collect(),
        elapsed_ms: t.elapsed().as_millis() as u64,
    }))
}

fn ms(v: i64) -> std::time::Duration {
    std::time::Duration::from_millis(v.max(0) as u64)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Sq1FastReq {
    state: Option<String>,
    #[serde(default)]
    metric: MetricArg,
    max_length: Option<u32>,
    node_limit: Option<u64>,
    timeout_ms: Option<u64>,
    job: Option<String>,
}

#[derive(Serialize)]
struct Sq1FastSolved {
    metric: &'static str,
    solution: Sq1SolutionView,
    elapsed_ms: u64,
}

async fn sq1_solve_fast(Shared(st): St, Body(req): Body<Sq1FastReq>) -> Answer<Sq1FastSolved> {
    let state = sq1_state(req.state.as_deref())?;
    let job = st.job(req.job.as_deref())?;
    let solver = st.sq1_solver(&job).await?;
    let metric: Metric = req.metric.into();
    // A deadline makes the fast solver keep improving until then: only when asked for (the
    // server's limit still stops it).
    let timeout = req
        .timeout_ms
        .filter(|&t| t > 0)
        .map(|t| job.search_timeout_ms(Some(t)));
    let (max_length, node_limit) = (req.max_length, req.node_limit);
    let t = std::time::Instant::now();
    let found = job
        .run("searching", Some(st.config.search_limit), move |_, c| {
            let opts = FastOptions {
                metric,
                max_length: max_length.filter(|&m| m > 0),
                node_limit: node_limit.filter(|&n| n > 0),
                deadline: timeout.map(|t| std::time::Instant::now() + ms(t)),
                cancel: Some(c.clone()),
            };
            solver.solve_fast(&state, &opts)
        })
        .await?;
    Ok(Json(Sq1FastSolved {
        metric: metric.name(),
        solution: Sq1SolutionView::from(&found),
        elapsed_ms: t.elapsed().as_millis() as u64,
    }))
}

// ---- The Silver database ----------------------------------------------------------------------

#[derive(Serialize)]
struct DbInfo {
    variant: &'static str,
    full: bool,
    /// Classes per level: element i is the count of level i+1 (level 1 = solved).
    level_counts: Vec<u64>,
}

fn db_info_of(db: &twisty::sq1::db::Database) -> DbInfo {
    DbInfo {
        variant: db.variant().name(),
        full: facade::db_is_full(db),
        level_counts: facade::db_level_counts(db),
    }
}

fn the_db(st: &AppState) -> Result<Arc<twisty::sq1::db::Database>, ApiError> {
    st.db.clone().ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            Error::new(
                twisty::ErrorKind::Database,
                "no database: start the server with --db PATH",
            ),
        )
    })
}

async fn db_info(Shared(st): St) -> Answer<DbInfo> {
    Ok(Json(db_info_of(the_db(&st)?.as_ref())))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DbSolveReq {
    state: Option<String>,
    limit: Option<u32>,
    job: Option<String>,
}

#[derive(Serialize)]
struct DbSolutionView {
    wca: String,
    article: String,
    twists: u32,
    flipped: bool,
}

#[derive(Serialize)]
struct DbSolved {
    /// The state as the database sees it (identical small pieces merged).
    silver_state: String,
    distance: u32,
    solutions: Vec<DbSolutionView>,
    complete: bool,
}

async fn db_solve(Shared(st): St, Body(req): Body<DbSolveReq>) -> Answer<DbSolved> {
    let db = the_db(&st)?;
    let state = req
        .state
        .unwrap_or_else(|| State::solved(Colouring::SixColour).to_string());
    let silver = facade::sq1_to_silver(&state).map_err(at("state"))?;
    let limit = limit_of(req.limit, 100, MAX_SOLUTIONS)?;
    let job = st.job(req.job.as_deref())?;
    let s2 = silver.clone();
    let (distance, solutions) = job
        .run(
            "listing shortest solutions",
            Some(st.config.search_limit),
            move |_, c| {
                let distance = facade::db_distance(&db, &s2)?;
                let mut v = Vec::new();
                for s in facade::db_solutions(db, &s2, limit as u64)? {
                    if c.is_cancelled() {
                        return Err(Error::new(twisty::ErrorKind::Cancelled, "cancelled"));
                    }
                    v.push(facade::DatabaseSolutionText::from(s?));
                }
                Ok((distance, v))
            },
        )
        .await?;
    Ok(Json(DbSolved {
        silver_state: silver,
        distance,
        complete: solutions.len() < limit as usize,
        solutions: solutions
            .into_iter()
            .map(|s| DbSolutionView {
                wca: s.wca,
                article: s.article,
                twists: s.twists,
                flipped: s.flipped,
            })
            .collect(),
    }))
}

// ---- 3x3x3 ------------------------------------------------------------------------------------

/// What the page shows of a cube.
#[derive(Serialize)]
struct CubeView {
    cube: String,
    solved: bool,
    /// The net picture (`twisty::cube3::svg::net`).
    svg: String,
}

fn cube_view(c: &Cube) -> CubeView {
    CubeView {
        cube: c.to_b32(),
        solved: c.is_solved(),
        svg: twisty::cube3::svg::net(c),
    }
}

fn cube_of(text: Option<&str>) -> Result<Cube, ApiError> {
    match text {
        Some(t) => Cube::from_b32(t).map_err(at("cube")),
        None => Ok(Cube::SOLVED),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CubeMovesReq {
    cube: Option<String>,
    #[serde(default)]
    moves: String,
}

#[derive(Serialize)]
struct CubeApplied {
    #[serde(flatten)]
    view: CubeView,
    /// The moves' canonical text (NISS part last, in one group) and their count.
    moves: String,
    length: usize,
}

async fn cube3_apply(Body(req): Body<CubeMovesReq>) -> Answer<CubeApplied> {
    let start = cube_of(req.cube.as_deref())?;
    let alg = Alg::parse(moves_text(&req.moves)?).map_err(at("moves"))?;
    Ok(Json(CubeApplied {
        view: cube_view(&start.apply(&alg)),
        moves: alg.to_string(),
        length: alg.len(),
    }))
}

#[derive(Serialize)]
struct CubeStep {
    #[serde(rename = "move")]
    mv: Option<String>,
    #[serde(flatten)]
    view: CubeView,
}

#[derive(Serialize)]
struct CubeSteps {
    steps: Vec<CubeStep>,
}

async fn cube3_steps(Body(req): Body<CubeMovesReq>) -> Answer<CubeSteps> {
    let mut c = cube_of(req.cube.as_deref())?;
    let alg = Alg::parse(moves_text(&req.moves)?).map_err(at("moves"))?;
    if !alg.inverse_part().is_empty() {
        return Err(at("moves")(Error::invalid_argument(
            "steps are shown for moves without a NISS group",
        )));
    }
    too_many_steps(alg.len())?;
    let mut steps = vec![CubeStep {
        mv: None,
        view: cube_view(&c),
    }];
    for &m in alg.normal() {
        c = c.apply_move(m);
        steps.push(CubeStep {
            mv: Some(m.to_string()),
            view: cube_view(&c),
        });
    }
    Ok(Json(CubeSteps { steps }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeedReq {
    seed: Option<u64>,
}

async fn cube3_random(Body(req): Body<SeedReq>) -> Answer<Seeded<CubeView>> {
    let seed = seed_or_fresh(req.seed);
    let c = Cube::random(&mut twisty::rng::Rng::new(seed));
    Ok(Json(Seeded {
        seed,
        view: cube_view(&c),
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CubeSolveReq {
    cube: Option<String>,
    max_length: Option<u32>,
    timeout_ms: Option<u64>,
    job: Option<String>,
}

#[derive(Serialize)]
struct CubeSolved {
    solution: String,
    length: usize,
    elapsed_ms: u64,
}

async fn cube3_solve(Shared(st): St, Body(req): Body<CubeSolveReq>) -> Answer<CubeSolved> {
    let cube = cube_of(req.cube.as_deref())?.to_b32();
    let max_length = req.max_length.unwrap_or(21);
    // Every argument is checked before the tables are opened (or built).
    twisty::cube3::solve::SolveOptions {
        max_length,
        ..Default::default()
    }
    .validate()
    .map_err(at("max_length"))?;
    let job = st.job(req.job.as_deref())?;
    let solver = st.cube3_solver(&job).await?;
    let timeout = job.search_timeout_ms(req.timeout_ms);
    let t = std::time::Instant::now();
    let solution = job
        .run("searching", Some(st.config.search_limit), move |_, c| {
            facade::cube3_solve(&solver, &cube, max_length, timeout, Some(c))
        })
        .await
        .map_err(|e| e.or_field("max_length"))?;
    let length = Alg::parse(&solution)?.len();
    Ok(Json(CubeSolved {
        solution,
        length,
        elapsed_ms: t.elapsed().as_millis() as u64,
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CubeOptimalReq {
    cube: Option<String>,
    #[serde(default)]
    table: u8,
    limit: Option<u32>,
    max_length: Option<u32>,
    timeout_ms: Option<u64>,
    job: Option<String>,
}

#[derive(Serialize)]
struct CubeOptimal {
    length: u32,
    solutions: Vec<String>,
    complete: bool,
    nodes: u64,
    table: u8,
    elapsed_ms: u64,
}

async fn cube3_optimal(Shared(st): St, Body(req): Body<CubeOptimalReq>) -> Answer<CubeOptimal> {
    let cube = cube_of(req.cube.as_deref())?.to_b32();
    let limit = limit_of(req.limit, 100, MAX_SOLUTIONS)?;
    // Every argument is checked before the table is opened (or built).
    let opts = twisty::cube3::optimal::SolveOptions {
        max_length: req.max_length.unwrap_or(20),
        ..Default::default()
    };
    opts.validate().map_err(at("max_length"))?;
    let job = st.job(req.job.as_deref())?;
    let solver = st.optimal_solver(&job, req.table).await?;
    let timeout = job.search_timeout_ms(req.timeout_ms);
    let max_length = i32::try_from(opts.max_length).unwrap_or(i32::MAX);
    let threads = st.config.optimal_threads as i32;
    let t = std::time::Instant::now();
    let found = job
        .run("searching", Some(st.config.search_limit), move |p, c| {
            let limit = limit as i64;
            facade::cube3_optimal_solve(
                &solver,
                &cube,
                0,
                max_length,
                limit,
                threads,
                timeout,
                Some(c),
                p,
            )
        })
        .await
        .map_err(|e| e.or_field("max_length"))?;
    Ok(Json(CubeOptimal {
        length: found.length,
        complete: found.solutions.len() < limit as usize,
        solutions: found.solutions,
        nodes: found.nodes,
        table: req.table,
        elapsed_ms: t.elapsed().as_millis() as u64,
    }))
}
