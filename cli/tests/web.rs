//! The web server's JSON API (`docs/web-api.md`) against servers started in-process on
//! ephemeral loopback ports: every endpoint, the error kinds it can answer, bodies that are not
//! what the API takes, requests hyper cannot parse, slow clients and the connection bound,
//! requests in parallel, and the cancellation of a search whose client closed its connection. Answers are checked against the library's own calls.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use twisty::api as facade;
use twisty::progress::CancelToken;

#[path = "support/web.rs"]
mod support;
use support::{article_db, config, db_dir, spawn};

/// The server with the partial database.
fn server() -> SocketAddr {
    static S: OnceLock<SocketAddr> = OnceLock::new();
    *S.get_or_init(|| spawn(config(Some(article_db()))))
}

/// A server without a database.
fn bare_server() -> SocketAddr {
    static S: OnceLock<SocketAddr> = OnceLock::new();
    *S.get_or_init(|| spawn(config(None)))
}

#[derive(Debug)]
struct Reply {
    status: u16,
    head: String,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }
}

fn raw_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    ctype: Option<&str>,
    body: &[u8],
) -> String {
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(t) = ctype {
        head.push_str(&format!("Content-Type: {t}\r\n"));
    }
    head.push_str("\r\n");
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(300))).unwrap();
    s.write_all(head.as_bytes()).unwrap();
    // A large body may be refused before it is all read: the rest is not an error.
    let _ = s.write_all(body);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8(out).unwrap()
}

fn request(addr: SocketAddr, method: &str, path: &str, ctype: Option<&str>, body: &[u8]) -> Reply {
    reply_of(raw_request(addr, method, path, ctype, body))
}

/// What a server answered (a whole reply, its body read to the end).
fn reply_of(text: String) -> Reply {
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no reply: {text:?}"));
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    assert!(
        !head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked"),
        "this client reads whole bodies only: {head}"
    );
    Reply {
        status,
        head: head.to_string(),
        body: body.to_string(),
    }
}

fn post_to(addr: SocketAddr, path: &str, body: Value) -> Reply {
    request(
        addr,
        "POST",
        path,
        Some("application/json"),
        body.to_string().as_bytes(),
    )
}

/// A successful POST's answer.
fn post(path: &str, body: Value) -> Value {
    let r = post_to(server(), path, body.clone());
    assert_eq!(r.status, 200, "{path} {body}: {}", r.body);
    r.json()
}

fn get(path: &str) -> Reply {
    request(server(), "GET", path, None, b"")
}

/// A refused POST: its status, and the error's kind and code as the engine names them.
fn refused(path: &str, body: Value, status: u16, kind: &str) -> Value {
    let r = post_to(server(), path, body.clone());
    error_reply(&r, status, kind, &format!("{path} {body}"))
}

fn error_reply(r: &Reply, status: u16, kind: &str, what: &str) -> Value {
    assert_eq!(r.status, status, "{what}: {}", r.body);
    assert_eq!(
        r.header("content-type").as_deref(),
        Some("application/json"),
        "{what}"
    );
    let e = r.json();
    assert_eq!(e["kind"], kind, "{what}: {e}");
    let code = twisty::ErrorKind::ALL
        .iter()
        .find(|k| k.name() == kind)
        .unwrap()
        .code();
    assert_eq!(e["code"], code, "{what}: {e}");
    assert!(!e["message"].as_str().unwrap().is_empty(), "{what}: {e}");
    e
}

fn sq1_solver() -> &'static twisty::sq1::solve::Solver {
    static S: OnceLock<std::sync::Arc<twisty::sq1::solve::Solver>> = OnceLock::new();
    S.get_or_init(|| {
        let path = db_dir().join("sq1-solver.tbl");
        facade::sq1_solver_open(path.to_str().unwrap(), &mut |_| {}, &CancelToken::new()).unwrap()
    })
}

const SOLVED: &str = "AAbCCdEEfGGh|iJJkLLmNNoPP|S";

#[test]
fn the_page_and_its_files_are_served_with_their_types() {
    for (path, ctype, needle) in [
        ("/", "text/html; charset=utf-8", "<html"),
        ("/cube3", "text/html; charset=utf-8", "<html"),
        ("/static/style.css", "text/css; charset=utf-8", "{"),
        (
            "/static/common.js",
            "text/javascript; charset=utf-8",
            "function",
        ),
        (
            "/static/sq1.js",
            "text/javascript; charset=utf-8",
            "/api/sq1/apply",
        ),
        (
            "/static/cube3.js",
            "text/javascript; charset=utf-8",
            "/api/cube3/apply",
        ),
    ] {
        let r = get(path);
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.header("content-type").as_deref(), Some(ctype), "{path}");
        assert!(r.body.contains(needle), "{path}");
        assert!(
            r.header("content-security-policy")
                .unwrap()
                .contains("script-src 'self'")
        );
        assert_eq!(
            r.header("x-content-type-options").as_deref(),
            Some("nosniff")
        );
    }
    let r = get("/static/missing.js");
    error_reply(&r, 404, "invalid_argument", "missing file");
    let r = get("/api/sq1/apply");
    let e = error_reply(&r, 405, "invalid_argument", "GET on a POST endpoint");
    assert!(e["message"].as_str().unwrap().contains("GET"), "{e}");
}

#[test]
fn info_describes_the_server() {
    let i = get("/api/info").json();
    assert_eq!(i["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(i["database"]["variant"], "article");
    assert_eq!(i["max_optimal_table"], 0);
    assert_eq!(i["max_body"], 64 * 1024);
    let i = request(bare_server(), "GET", "/api/info", None, b"").json();
    assert!(i["database"].is_null(), "{i}");
}

#[test]
fn sq1_apply_answers_the_engine_s_state_shape_and_picture() {
    let moves = "(1,0)/ (-1,3)/ (0,-3)/";
    let a = post("/api/sq1/apply", json!({ "moves": moves }));
    let want = facade::sq1_apply(SOLVED, moves, 0).unwrap();
    assert_eq!(a["state"], want);
    assert_eq!(a["shape"], facade::sq1_shape_name(&want).unwrap());
    assert_eq!(a["svg"], facade::sq1_svg(&want).unwrap());
    assert_eq!(a["twistable"], true);
    assert!(a["twist_blocked"].is_null());
    assert_eq!(a["solved"], false);
    assert_eq!(a["twists"], 3);
    assert_eq!(
        a["moves_article"],
        facade::sq1_moves_convert(moves, 0, 1).unwrap()
    );
    // From a given state, in the article's notation, and a state where '/' is blocked.
    let article = facade::sq1_moves_convert("(1,0)", 0, 1).unwrap();
    let b = post(
        "/api/sq1/apply",
        json!({ "state": want, "moves": article, "notation": "article" }),
    );
    assert_eq!(b["state"], facade::sq1_apply(&want, "(1,0)", 0).unwrap());
    assert_eq!(b["moves_wca"], "(1,0)");
    assert_eq!(b["twistable"], false);
    assert!(
        b["twist_blocked"]
            .as_str()
            .unwrap()
            .contains("straddles the seam"),
        "{b}"
    );
    // No moves: the state itself, solved.
    let c = post("/api/sq1/apply", json!({}));
    assert_eq!(
        (c["state"].as_str(), c["solved"].as_bool()),
        (Some(SOLVED), Some(true))
    );
}

#[test]
fn sq1_errors_carry_the_engine_s_kind_code_position_and_field() {
    let e = refused(
        "/api/sq1/apply",
        json!({ "moves": "(1,0)/ (x" }),
        400,
        "invalid_notation",
    );
    assert_eq!(
        (e["position"].as_u64(), e["field"].as_str()),
        (Some(8), Some("moves")),
        "{e}"
    );
    let e = refused(
        "/api/sq1/apply",
        json!({ "state": "AAb" }),
        400,
        "invalid_notation",
    );
    assert_eq!(e["field"], "state");
    assert!(e["position"].is_u64(), "{e}");
    let bad = "AAbCCdEEfGGb|iJJkLLmNNoPP|S";
    let e = refused(
        "/api/sq1/apply",
        json!({ "state": bad }),
        400,
        "invalid_state",
    );
    assert_eq!(
        e["message"],
        facade::sq1_parse_state(bad).unwrap_err().message()
    );
    let e = refused(
        "/api/sq1/apply",
        json!({ "moves": "(0,1)//" }),
        400,
        "illegal_move",
    );
    assert_eq!(
        e["message"],
        facade::sq1_apply(SOLVED, "(0,1)//", 0)
            .unwrap_err()
            .message()
    );
    assert_eq!(e["position"], 5);
    let e = refused(
        "/api/sq1/solve",
        json!({ "state": SOLVED, "limit": 0 }),
        400,
        "invalid_argument",
    );
    assert_eq!(e["field"], "limit");
    refused(
        "/api/sq1/apply",
        json!({ "notation": "klingon" }),
        422,
        "invalid_argument",
    );
    let long = "(1,0)/".repeat(2000);
    let e = refused(
        "/api/sq1/apply",
        json!({ "moves": long }),
        400,
        "invalid_argument",
    );
    assert_eq!(e["field"], "moves");
}

#[test]
fn bodies_that_are_not_the_api_s_are_refused_as_json_errors() {
    let s = server();
    let r = request(
        s,
        "POST",
        "/api/sq1/apply",
        Some("application/json"),
        b"{\"moves\": ",
    );
    error_reply(&r, 400, "invalid_argument", "truncated JSON");
    let r = request(
        s,
        "POST",
        "/api/sq1/apply",
        Some("application/json"),
        b"[1, 2]",
    );
    error_reply(&r, 422, "invalid_argument", "an array");
    let r = request(s, "POST", "/api/sq1/apply", Some("text/plain"), b"{}");
    error_reply(&r, 415, "invalid_argument", "not JSON");
    let r = request(s, "POST", "/api/sq1/apply", None, b"{}");
    error_reply(&r, 415, "invalid_argument", "no content type");
    let e = refused(
        "/api/sq1/apply",
        json!({ "moves": "/", "colour": 1 }),
        422,
        "invalid_argument",
    );
    assert!(e["message"].as_str().unwrap().contains("colour"), "{e}");
    refused(
        "/api/sq1/random",
        json!({ "seed": -1 }),
        422,
        "invalid_argument",
    );
    // Larger than the server's limit (64 KiB): refused with 413, the server still answers.
    let big = format!("{{\"moves\": \"{}\"}}", " ".repeat(70 * 1024));
    let r = request(
        s,
        "POST",
        "/api/sq1/apply",
        Some("application/json"),
        big.as_bytes(),
    );
    error_reply(&r, 413, "invalid_argument", "oversized");
    assert_eq!(post("/api/sq1/apply", json!({ "moves": "/" }))["twists"], 1);
}

/// Sends `bytes` on a fresh connection (its write side left open) and reads until the server
/// closes it; a hang guard bounds the wait.
fn exchange(addr: SocketAddr, bytes: &[u8]) -> Reply {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(300))).unwrap();
    s.write_all(bytes).unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out)
        .expect("the server answers and closes");
    reply_of(String::from_utf8(out).unwrap())
}

#[test]
fn requests_hyper_cannot_parse_are_refused_with_json_errors() {
    let s = server();
    // `Connection: close`: a request wrongly answered ends the exchange too.
    let host = format!("Host: {s}\r\nConnection: close\r\n");
    let many: String = (0..2000).map(|i| format!("X-H{i}: v\r\n")).collect();
    let huge = format!("X-Big: {}\r\n", "v".repeat(twisty_cli::web::MAX_HEAD));
    for (what, status, bytes) in [
        ("a garbage request line", 400, "GARBAGE\r\n\r\n".to_string()),
        (
            "a request line of no HTTP version",
            400,
            "GET / HTTP/9.9\r\n\r\n".to_string(),
        ),
        (
            "a negative Content-Length",
            400,
            format!("POST /api/sq1/apply HTTP/1.1\r\n{host}Content-Length: -5\r\n\r\n"),
        ),
        (
            "2000 headers",
            431,
            format!("GET /api/info HTTP/1.1\r\n{host}{many}\r\n"),
        ),
        (
            "a head over the limit",
            431,
            format!("GET /api/info HTTP/1.1\r\n{host}{huge}\r\n"),
        ),
    ] {
        let r = exchange(s, bytes.as_bytes());
        let e = error_reply(&r, status, "invalid_argument", what);
        assert!(e["field"].is_null(), "{what}: {e}");
    }
    // An extractor's refusal (a job id that is not UTF-8) is JSON too.
    error_reply(
        &get("/api/jobs/%FF"),
        400,
        "invalid_argument",
        "a job id of bad UTF-8",
    );
    assert_eq!(get("/api/info").status, 200, "the server still answers");
}

#[test]
fn an_oversized_content_length_is_refused_at_once() {
    let s = server();
    // The body is never sent whole: only an answer before reading it ends the exchange (the
    // server's body timeout, 300 s here, would answer 408 instead).
    for len in [10_000_000_000u64, 64 * 1024 + 1] {
        let head = format!(
            "POST /api/sq1/apply HTTP/1.1\r\nHost: {s}\r\nContent-Type: application/json\r\n\
             Content-Length: {len}\r\n\r\n{{}}"
        );
        let e = error_reply(
            &exchange(s, head.as_bytes()),
            413,
            "invalid_argument",
            "too long",
        );
        assert!(
            e["message"].as_str().unwrap().contains(&len.to_string()),
            "{e}"
        );
    }
    // A body without a length is refused when it passes the limit.
    let chunk = " ".repeat(70 * 1024);
    let chunked = format!(
        "POST /api/sq1/apply HTTP/1.1\r\nHost: {s}\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\n\r\n{:x}\r\n{chunk}\r\n0\r\n\r\n",
        chunk.len()
    );
    error_reply(
        &exchange(s, chunked.as_bytes()),
        413,
        "invalid_argument",
        "chunked",
    );
}

#[test]
fn slow_clients_are_cut_off() {
    // A stalled head: the connection is closed after the header timeout (1 s). The client's
    // read waits for that; its own 300 s timeout is a hang guard. No timing is asserted.
    let addr = spawn(twisty_cli::web::Config {
        header_timeout: Duration::from_secs(1),
        ..config(None)
    });
    let half = format!("POST /api/sq1/apply HTTP/1.1\r\nHost: {addr}\r\nContent-Le");
    for (what, sent) in [("nothing", ""), ("half a head", half.as_str())] {
        let mut c = TcpStream::connect(addr).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(300))).unwrap();
        c.write_all(sent.as_bytes()).unwrap();
        let mut out = Vec::new();
        match c.read_to_end(&mut out) {
            Ok(_) => assert!(out.is_empty(), "{what}: {}", String::from_utf8_lossy(&out)),
            Err(e) => assert_eq!(e.kind(), std::io::ErrorKind::ConnectionReset, "{what}: {e}"),
        }
    }
    // A stalled body, its head in time (a long header timeout): 408 after the body timeout.
    let addr = spawn(twisty_cli::web::Config {
        body_timeout: Duration::from_secs(1),
        ..config(None)
    });
    let head = format!(
        "POST /api/sq1/apply HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"moves\":"
    );
    let r = exchange(addr, head.as_bytes());
    let e = error_reply(&r, 408, "invalid_argument", "a stalled body");
    assert!(e["message"].as_str().unwrap().contains("1000 ms"), "{e}");
}

/// Reads one reply of a keep-alive connection (its head, then `Content-Length` bytes).
fn read_reply(c: &mut TcpStream) -> std::io::Result<Reply> {
    let mut bytes = Vec::new();
    let mut byte = [0u8];
    while !bytes.ends_with(b"\r\n\r\n") {
        c.read_exact(&mut byte)?;
        bytes.push(byte[0]);
    }
    let head = String::from_utf8(bytes).unwrap();
    let len: usize = reply_of(head.clone())
        .header("content-length")
        .unwrap()
        .parse()
        .unwrap();
    let mut body = vec![0u8; len];
    c.read_exact(&mut body)?;
    Ok(reply_of(head + &String::from_utf8(body).unwrap()))
}

#[test]
fn connections_beyond_the_bound_wait_for_one_to_close() {
    let addr = spawn(twisty_cli::web::Config {
        max_connections: 2,
        ..config(None)
    });
    let info = format!("GET /api/info HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    // Two keep-alive connections, each answered once: both are the server's, held open.
    let mut held: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut c = TcpStream::connect(addr).unwrap();
            c.set_read_timeout(Some(Duration::from_secs(300))).unwrap();
            c.write_all(info.as_bytes()).unwrap();
            assert_eq!(read_reply(&mut c).unwrap().status, 200);
            c
        })
        .collect();
    // A third waits in the listen queue: no answer can come while both are open. (The short
    // wait cannot fail a server that keeps the bound; it lets one that does not show it.)
    let mut third = TcpStream::connect(addr).unwrap();
    third.write_all(info.as_bytes()).unwrap();
    third
        .set_read_timeout(Some(Duration::from_millis(500)))
        .unwrap();
    let waiting = read_reply(&mut third).unwrap_err();
    assert!(
        matches!(
            waiting.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ),
        "{waiting}"
    );
    // One closes: the third is served, and the other held one still is.
    drop(held.remove(0));
    third
        .set_read_timeout(Some(Duration::from_secs(300)))
        .unwrap();
    assert_eq!(read_reply(&mut third).unwrap().status, 200);
    held[0].write_all(info.as_bytes()).unwrap();
    assert_eq!(read_reply(&mut held[0]).unwrap().status, 200);
}

#[test]
fn a_missing_cube_or_state_is_the_solved_one() {
    let cube = facade::cube3_solved();
    for (path, field, solved) in [
        ("/api/sq1/solve", "state", SOLVED),
        ("/api/sq1/solve-fast", "state", SOLVED),
        ("/api/db/solve", "state", SOLVED),
        ("/api/cube3/solve", "cube", cube.as_str()),
        ("/api/cube3/optimal", "cube", cube.as_str()),
    ] {
        let mut missing = post(path, json!({}));
        let mut given = post(path, json!({ field: solved }));
        for a in [&mut missing, &mut given] {
            a.as_object_mut().unwrap().remove("elapsed_ms");
        }
        assert_eq!(missing, given, "{path}");
        let length = [
            &missing["length"],
            &missing["distance"],
            &missing["solution"]["length"],
        ];
        assert!(length.contains(&&json!(0)), "{path}: {missing}");
    }
}

#[test]
fn random_states_follow_their_seed() {
    let tables = twisty::sq1::Tables::new();
    let r = post("/api/sq1/random", json!({ "seed": 42 }));
    assert_eq!(r["seed"], 42);
    assert_eq!(
        r["state"],
        facade::sq1_random_state(&tables, 42, 0).unwrap()
    );
    let r = post("/api/sq1/random", json!({ "seed": 42, "silver": true }));
    assert_eq!(
        r["state"],
        facade::sq1_random_state(&tables, 42, 1).unwrap()
    );
    assert_eq!(r["silver"], true);
    // Without a seed the server picks one, exact in JavaScript, and says which.
    let r = post("/api/sq1/random", json!({}));
    let seed = r["seed"].as_u64().unwrap();
    assert!(seed < 1 << 53);
    assert_eq!(
        r["state"],
        facade::sq1_random_state(&tables, seed, 0).unwrap()
    );
    let c = post("/api/cube3/random", json!({ "seed": 7 }));
    assert_eq!(
        (c["seed"].as_u64(), c["cube"].as_str()),
        (Some(7), Some(&*facade::cube3_random(7)))
    );
}

#[test]
fn scrambles_are_the_engine_s() {
    let r = post("/api/sq1/scramble", json!({ "seed": 2026 }));
    let want = facade::sq1_scramble(sq1_solver(), 2026).unwrap();
    assert_eq!(r["scramble"], want.scramble);
    assert_eq!(r["state"], want.state);
    assert_eq!(r["svg"], facade::sq1_svg(&want.state).unwrap());
}

#[test]
fn sq1_optimal_solve_lists_every_optimal_solution() {
    let state = facade::sq1_apply(SOLVED, "(1,0)/ (3,0)/ (-1,-1)/ (3,3)/", 0).unwrap();
    for metric in ["twist", "wca", "face"] {
        let r = post(
            "/api/sq1/solve",
            json!({ "state": state, "metric": metric, "limit": 1000 }),
        );
        let code = ["twist", "wca", "face"]
            .iter()
            .position(|m| *m == metric)
            .unwrap() as i32;
        let want = facade::sq1_solutions(sq1_solver(), &state, code, 1000, 0, &CancelToken::new())
            .unwrap();
        let got = r["solutions"].as_array().unwrap();
        assert_eq!(got.len(), want.len(), "{metric}");
        assert_eq!(r["complete"], got.len() < 1000);
        for (g, w) in got.iter().zip(&want) {
            assert_eq!(g["wca"], w.wca);
            assert_eq!(g["length"], w.length);
            assert_eq!(g["length"], r["length"]);
            let end = facade::sq1_apply(&state, w.wca.as_str(), 0).unwrap();
            assert!(facade::sq1_is_solved(&end, false).unwrap());
        }
    }
    // A limit keeps the first solutions; a solved state has one empty solution.
    let r = post("/api/sq1/solve", json!({ "state": state, "limit": 1 }));
    assert_eq!(
        (r["solutions"].as_array().unwrap().len(), &r["complete"]),
        (1, &json!(false))
    );
    let r = post("/api/sq1/solve", json!({ "state": SOLVED }));
    assert_eq!(
        r["solutions"],
        json!([{ "wca": "", "length": 0, "twists": 0 }])
    );
    // Silver states are the database's.
    let silver = facade::sq1_to_silver(&state).unwrap();
    refused(
        "/api/sq1/solve",
        json!({ "state": silver }),
        400,
        "invalid_argument",
    );
}

#[test]
fn sq1_fast_solve_solves() {
    let tables = twisty::sq1::Tables::new();
    let state = facade::sq1_random_state(&tables, 5, 0).unwrap();
    let r = post(
        "/api/sq1/solve-fast",
        json!({ "state": state, "metric": "wca" }),
    );
    let wca = r["solution"]["wca"].as_str().unwrap();
    let end = facade::sq1_apply(&state, wca, 0).unwrap();
    assert!(facade::sq1_is_solved(&end, false).unwrap(), "{r}");
    assert_eq!(
        r["solution"]["length"],
        facade::sq1_moves_length(wca, 0, 1).unwrap()
    );
    assert_eq!(r["metric"], "wca");
}

#[test]
fn steps_walk_a_sequence_one_move_at_a_time() {
    let moves = "(1,0)/ (-1,3)/";
    let r = post("/api/sq1/steps", json!({ "moves": moves }));
    let steps = r["steps"].as_array().unwrap();
    let want = ["(1,0)", "/", "(-1,3)", "/"];
    assert_eq!(steps.len(), want.len() + 1);
    assert!(steps[0]["move"].is_null());
    assert_eq!(steps[0]["state"], SOLVED);
    let mut so_far = String::new();
    for (s, m) in steps[1..].iter().zip(want) {
        assert_eq!(s["move"], m);
        so_far.push_str(m);
        let state = facade::sq1_apply(SOLVED, &so_far, 0).unwrap();
        assert_eq!(s["state"], state);
        assert_eq!(s["svg"], facade::sq1_svg(&state).unwrap());
    }
    refused(
        "/api/sq1/steps",
        json!({ "moves": "(0,1)/" }),
        400,
        "illegal_move",
    );
    let e = refused(
        "/api/sq1/steps",
        json!({ "moves": "/ ".repeat(501) }),
        400,
        "invalid_argument",
    );
    assert!(
        e["message"].as_str().unwrap().contains("at most 500"),
        "{e}"
    );
    let c = post("/api/cube3/steps", json!({ "moves": "R U2 F'" }));
    let cubes: Vec<&str> = c["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["cube"].as_str().unwrap())
        .collect();
    assert_eq!(
        cubes,
        [
            facade::cube3_solved(),
            facade::cube3_from_moves("R").unwrap(),
            facade::cube3_from_moves("R U2").unwrap(),
            facade::cube3_from_moves("R U2 F'").unwrap(),
        ]
    );
    refused(
        "/api/cube3/steps",
        json!({ "moves": "R (U)" }),
        400,
        "invalid_argument",
    );
}

#[test]
fn the_database_answers_distance_solutions_and_levels() {
    let d = get("/api/db").json();
    assert_eq!(d["level_counts"], json!([1, 32, 536, 7652]));
    assert_eq!(
        (&d["variant"], &d["full"]),
        (&json!("article"), &json!(false))
    );
    let state = facade::sq1_apply(SOLVED, "(1,0)/ (0,3)/ (2,-1)/", 0).unwrap();
    let r = post("/api/db/solve", json!({ "state": state, "limit": 1000 }));
    let silver = facade::sq1_to_silver(&state).unwrap();
    assert_eq!(r["silver_state"], silver);
    let db = facade::db_open(article_db().to_str().unwrap()).unwrap();
    assert_eq!(r["distance"], facade::db_distance(&db, &silver).unwrap());
    let want: Vec<String> = facade::db_solutions(db.clone(), &silver, 1000)
        .unwrap()
        .map(|s| s.unwrap().to_wca())
        .collect();
    let got: Vec<&str> = r["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["wca"].as_str().unwrap())
        .collect();
    assert_eq!(got, want);
    assert!(!got.is_empty());
    assert_eq!(r["complete"], true);
    // Beyond the partial file's levels, and without a database at all.
    let far = facade::sq1_to_silver(
        &facade::sq1_random_state(&twisty::sq1::Tables::new(), 3, 0).unwrap(),
    )
    .unwrap();
    refused("/api/db/solve", json!({ "state": far }), 503, "database");
    let r = request(bare_server(), "GET", "/api/db", None, b"");
    let e = error_reply(&r, 503, "database", "no database");
    assert!(e["message"].as_str().unwrap().contains("--db"), "{e}");
    let r = post_to(bare_server(), "/api/db/solve", json!({ "state": SOLVED }));
    error_reply(&r, 503, "database", "no database");
}

#[test]
fn cube3_apply_random_and_errors() {
    let r = post("/api/cube3/apply", json!({ "moves": "R U (F' D)" }));
    assert_eq!(
        r["cube"],
        facade::cube3_apply(&facade::cube3_solved(), "R U (F' D)").unwrap()
    );
    assert_eq!(
        (&r["moves"], &r["length"], &r["solved"]),
        (&json!("R U (F' D)"), &json!(4), &json!(false))
    );
    assert_eq!(
        r["svg"],
        facade::cube3_svg(r["cube"].as_str().unwrap()).unwrap()
    );
    let start = facade::cube3_random(3);
    let r = post("/api/cube3/apply", json!({ "cube": start, "moves": "" }));
    assert_eq!(r["cube"], start);
    let e = refused(
        "/api/cube3/apply",
        json!({ "moves": "R Q" }),
        400,
        "invalid_notation",
    );
    assert_eq!(
        (e["position"].as_u64(), e["field"].as_str()),
        (Some(2), Some("moves")),
        "{e}"
    );
    let bad = "ABCYEFGH=ABCDEFGHIJKL=A";
    let e = refused(
        "/api/cube3/apply",
        json!({ "cube": bad }),
        400,
        "invalid_state",
    );
    assert_eq!(e["field"], "cube");
}

#[test]
fn cube3_solvers_solve() {
    let cube = facade::cube3_random(11);
    let r = post("/api/cube3/solve", json!({ "cube": cube }));
    let solution = r["solution"].as_str().unwrap();
    assert!(facade::cube3_is_solved(&facade::cube3_apply(&cube, solution).unwrap()).unwrap());
    assert!(r["length"].as_u64().unwrap() <= 21);
    let cube = facade::cube3_from_moves("R U2 F' L D B2").unwrap();
    let r = post("/api/cube3/optimal", json!({ "cube": cube, "limit": 1000 }));
    assert_eq!(
        (&r["length"], &r["complete"], &r["table"]),
        (&json!(6), &json!(true), &json!(0))
    );
    let solutions = r["solutions"].as_array().unwrap();
    assert!(solutions.iter().any(|s| s == "B2 D' L' F U2 R'"), "{r}");
    for s in solutions {
        let end = facade::cube3_apply(&cube, s.as_str().unwrap()).unwrap();
        assert!(facade::cube3_is_solved(&end).unwrap(), "{s}");
    }
    let e = refused(
        "/api/cube3/optimal",
        json!({ "cube": cube, "table": 3 }),
        400,
        "invalid_argument",
    );
    assert_eq!(e["field"], "table");
    // An argument error names its field.
    let e = refused(
        "/api/cube3/optimal",
        json!({ "cube": cube, "max_length": 4 }),
        400,
        "invalid_argument",
    );
    assert_eq!(e["field"], "max_length", "{e}");
    let e = refused(
        "/api/cube3/solve",
        json!({ "cube": cube, "max_length": 41 }),
        400,
        "invalid_argument",
    );
    assert_eq!(e["field"], "max_length", "{e}");
}

/// A search that cannot end by itself while a test runs, whatever the machine's speed: the
/// superflip (optimal length 20) with the test server's table (`h0`) and one thread searches
/// every depth up to 19 without a solution, hours of work (`docs/benchmarks.md`: more than half
/// an hour even at `h2` on two threads). Tests with it end it by a cancel or a deadline.
fn hard_cube() -> String {
    facade::cube3_from_moves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap()
}

fn job(id: &str) -> Option<Value> {
    let r = get(&format!("/api/jobs/{id}"));
    (r.status == 200).then(|| r.json())
}

/// Waits until job `id` is searching.
fn wait_searching(id: &str) {
    let start = Instant::now();
    loop {
        if job(id).is_some_and(|j| j["task"] == "searching") {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "job {id} never started searching"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_named_job_reports_progress_and_can_be_cancelled_from_elsewhere() {
    let body = json!({ "cube": hard_cube(), "job": "cancel-me" });
    let solve = std::thread::spawn(move || post_to(server(), "/api/cube3/optimal", body));
    wait_searching("cancel-me");
    // The same id cannot be used twice at once; other ids are unknown.
    let r = post_to(
        server(),
        "/api/cube3/optimal",
        json!({ "cube": hard_cube(), "job": "cancel-me" }),
    );
    error_reply(&r, 409, "invalid_argument", "a running job's id");
    error_reply(
        &get("/api/jobs/nobody"),
        404,
        "invalid_argument",
        "unknown job",
    );
    let r = post_to(
        server(),
        "/api/sq1/solve",
        json!({ "state": SOLVED, "job": "no spaces" }),
    );
    error_reply(&r, 400, "invalid_argument", "a bad job id");
    // A plain form (not JSON) cannot cancel it.
    let r = request(
        server(),
        "POST",
        "/api/jobs/cancel-me/cancel",
        Some("text/plain"),
        b"x",
    );
    error_reply(&r, 415, "invalid_argument", "a cancel that is not JSON");
    let r = post_to(server(), "/api/jobs/cancel-me/cancel", json!({}));
    assert_eq!(r.json()["cancelled"], true);
    let r = solve.join().unwrap();
    error_reply(&r, 409, "cancelled", "the cancelled search");
    assert!(job("cancel-me").is_none(), "a finished job is forgotten");
    // A deadline of the request's own is the same kind (the search cannot end before it).
    let r = post_to(
        server(),
        "/api/cube3/optimal",
        json!({ "cube": hard_cube(), "timeout_ms": 50 }),
    );
    error_reply(&r, 409, "cancelled", "a search past its deadline");
}

#[test]
fn a_search_whose_client_goes_away_is_cancelled() {
    let info = || get("/api/info").json();
    let before = info()["cancelled"].as_u64().unwrap();
    let body = json!({ "cube": hard_cube(), "job": "abandoned" }).to_string();
    let mut s = TcpStream::connect(server()).unwrap();
    write!(
        s,
        "POST /api/cube3/optimal HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        server(),
        body.len()
    )
    .unwrap();
    wait_searching("abandoned");
    drop(s);
    let start = Instant::now();
    loop {
        let i = info();
        if i["cancelled"].as_u64().unwrap() > before && job("abandoned").is_none() {
            break;
        }
        // A hang guard only: the cancel is prompt, this bounds a broken one.
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the search still runs: {i}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn requests_in_parallel_are_answered_while_a_long_search_runs() {
    // No deadline: the search ends by the cancel below only, so it still runs however long
    // the quick requests take under load.
    let body = json!({ "cube": hard_cube(), "job": "long" });
    let long = std::thread::spawn(move || post_to(server(), "/api/cube3/optimal", body));
    wait_searching("long");
    let workers: Vec<_> = (0..8)
        .map(|i| {
            std::thread::spawn(move || {
                for j in 0..10u64 {
                    let seed = i * 100 + j;
                    let r = post("/api/sq1/random", json!({ "seed": seed }));
                    let moves = "/ (6,6)/";
                    let a = post(
                        "/api/sq1/apply",
                        json!({ "state": r["state"], "moves": moves }),
                    );
                    let want = facade::sq1_apply(r["state"].as_str().unwrap(), moves, 0);
                    match want {
                        Ok(s) => assert_eq!(a["state"], s),
                        Err(e) => panic!("{e}"),
                    }
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    assert!(job("long").is_some(), "the long search still runs");
    post_to(server(), "/api/jobs/long/cancel", json!({}));
    error_reply(&long.join().unwrap(), 409, "cancelled", "the long search");
}

#[test]
fn searches_beyond_the_server_s_turns_wait_for_one() {
    let addr = support::spawn(twisty_cli::web::Config {
        max_searches: 1,
        ..support::config(None)
    });
    let status = move |id: &str| {
        let r = request(addr, "GET", &format!("/api/jobs/{id}"), None, b"");
        (r.status == 200).then(|| r.json()["task"].as_str().unwrap().to_string())
    };
    let wait_for = move |id: &str, task: &str| {
        let start = Instant::now();
        while status(id).as_deref() != Some(task) {
            assert!(
                start.elapsed() < Duration::from_secs(120),
                "job {id}: {:?}",
                status(id)
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let body = json!({ "cube": hard_cube(), "job": "hold" });
    let hold = std::thread::spawn(move || post_to(addr, "/api/cube3/optimal", body));
    wait_for("hold", "searching");
    let body = json!({ "state": SOLVED, "job": "next" });
    let next = std::thread::spawn(move || post_to(addr, "/api/sq1/solve", body));
    wait_for("next", twisty_cli::web::WAITING);
    // Quick answers do not wait.
    assert_eq!(request(addr, "GET", "/api/info", None, b"").status, 200);
    post_to(addr, "/api/jobs/hold/cancel", json!({}));
    error_reply(&hold.join().unwrap(), 409, "cancelled", "the held search");
    let r = next.join().unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["length"], 0);
}

#[test]
fn requests_naming_another_host_are_refused() {
    let addr = server();
    let with_host = |host: Option<&str>| {
        let mut s = TcpStream::connect(addr).unwrap();
        let host = host.map_or(String::new(), |h| format!("Host: {h}\r\n"));
        write!(
            s,
            "GET /api/info HTTP/1.1\r\n{host}Connection: close\r\n\r\n"
        )
        .unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        out
    };
    // A page whose name was pointed at 127.0.0.1 (DNS rebinding) names its own host.
    for host in [Some("evil.example"), Some("evil.example:8021"), None] {
        let out = with_host(host);
        assert!(out.starts_with("HTTP/1.1 403"), "{host:?}: {out}");
        assert!(out.contains(r#""kind":"invalid_argument""#), "{out}");
    }
    let port = addr.port();
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        "[::1]".into(),
    ] {
        let out = with_host(Some(&host));
        assert!(out.starts_with("HTTP/1.1 200"), "{host}: {out}");
    }
}

#[test]
fn twisty_serve_prints_its_address_and_serves() {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_twisty"))
        .args(["serve", "--port", "0"])
        .env("TWISTY_CACHE_DIR", "/nonexistent/twisty-web-test")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .strip_prefix("twisty serving on http://")
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("{line:?}"));
    let addr: SocketAddr = addr.parse().unwrap();
    assert!(addr.ip().is_loopback(), "{addr}");
    let r = request(addr, "GET", "/api/info", None, b"");
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.json()["database"].is_null());
    assert_eq!(request(addr, "GET", "/", None, b"").status, 200);
    child.kill().unwrap();
    child.wait().unwrap();
    // A database that is not one is refused before anything listens.
    let dir = tempfile::tempdir().unwrap();
    let bogus = dir.path().join("x.db");
    std::fs::write(&bogus, b"not a database").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_twisty"))
        .args(["serve", "--port", "0", "--db", bogus.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error (database, code 4)"));
}

#[test]
fn a_table_build_on_first_use_reports_progress_and_can_be_cancelled() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(None);
    c.sq1_tables = dir.path().join("sq1-solver.tbl");
    let addr = spawn(c);
    let body = json!({ "seed": 1, "job": "build" });
    let scramble = std::thread::spawn(move || post_to(addr, "/api/sq1/scramble", body));
    let start = Instant::now();
    let status = loop {
        let r = request(addr, "GET", "/api/jobs/build", None, b"");
        if r.status == 200 && !r.json()["phase"].as_str().unwrap().is_empty() {
            break r.json();
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no progress: {}",
            r.body
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(
        status["task"]
            .as_str()
            .unwrap()
            .contains("Square-1 solver tables"),
        "{status}"
    );
    let info = request(addr, "GET", "/api/info", None, b"").json();
    assert_eq!(info["tables"]["sq1"], "building");
    post_to(addr, "/api/jobs/build/cancel", json!({}));
    error_reply(
        &scramble.join().unwrap(),
        409,
        "cancelled",
        "the cancelled build",
    );
    let info = request(addr, "GET", "/api/info", None, b"").json();
    assert_eq!(info["tables"]["sq1"], "not loaded");
    let left = dir.path().join("sq1-solver.tbl");
    assert!(!left.exists(), "a cancelled build leaves no table file");
}

/// A table path under a folder that does not exist: opening or building there would fail.
fn no_table(size: u8) -> std::path::PathBuf {
    std::path::PathBuf::from(format!("/nonexistent/twisty-web-test/h{size}.tbl"))
}

/// Arguments are checked before a table is opened or built: a bad `max_length` is answered
/// 400 with its own message and field by a server whose tables do not exist yet, and no
/// table file appears; `timeout_ms` 0 is no limit (the server's own limit only).
#[test]
fn solve_arguments_are_checked_before_the_tables() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(None);
    c.cube3_tables = dir.path().join("cube3-twophase.tbl");
    c.optimal_tables = no_table;
    let addr = spawn(c);
    let cube = facade::cube3_from_moves("R U F").unwrap();
    for path in ["/api/cube3/solve", "/api/cube3/optimal"] {
        let r = post_to(addr, path, json!({ "cube": cube, "max_length": 41 }));
        let e = error_reply(&r, 400, "invalid_argument", path);
        assert_eq!(
            e["message"], "max_length 41 is out of range 0..=40",
            "{path}"
        );
        assert_eq!(e["field"], "max_length", "{path}");
    }
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "no table was built"
    );
    let info = request(addr, "GET", "/api/info", None, b"").json();
    assert_eq!(info["tables"]["cube3"], "not loaded");
    for path in ["/api/cube3/solve", "/api/cube3/optimal"] {
        let r = post(path, json!({ "cube": cube, "timeout_ms": 0 }));
        let s = r["solution"]
            .as_str()
            .or(r["solutions"][0].as_str())
            .unwrap()
            .to_string();
        assert!(
            facade::cube3_is_solved(&facade::cube3_apply(&cube, &s).unwrap()).unwrap(),
            "{path}: {r}"
        );
    }
}
