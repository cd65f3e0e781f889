//! Connections and the refusals made before a handler runs: the accept loop (a bound on open
//! connections, a deadline for each request head), the request limits (a declared body over the
//! limit, a body that does not arrive in time), and the JSON error body on every refusal,
//! including those hyper answers by itself before a request exists.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State as Shared};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::{ApiError, AppState, error_json};
use twisty::error::Error;

/// Header lines a request may have; more are refused (431) by hyper.
pub const MAX_HEADERS: usize = 100;
/// The largest request head (request line and headers), in bytes; larger is refused (431).
pub const MAX_HEAD: usize = 64 * 1024;

/// Serves `app` on `listener`: at most `max_connections` open at once (the next ones wait in
/// the listen queue until one closes), each request head within `header_timeout` (an idle
/// keep-alive connection too), else the connection is closed.
pub(crate) async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    max_connections: usize,
    header_timeout: Duration,
) -> io::Result<()> {
    let slots = Arc::new(tokio::sync::Semaphore::new(max_connections.max(1)));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .max_headers(MAX_HEADERS)
        .max_header_size(MAX_HEAD)
        // One write per response head: [`Shaped`] sees hyper's refusals whole.
        .writev(false);
    loop {
        // A slot before accepting: beyond the bound, connections wait in the kernel's queue.
        let slot = slots
            .clone()
            .acquire_owned()
            .await
            .map_err(io::Error::other)?;
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                log::warn!("accepting a connection: {e}");
                // Out of file descriptors and the like: give closing connections a moment
                // instead of spinning on the same error.
                if !matches!(
                    e.kind(),
                    io::ErrorKind::ConnectionAborted
                        | io::ErrorKind::ConnectionReset
                        | io::ErrorKind::ConnectionRefused
                ) {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                continue;
            }
        };
        let conn = http.serve_connection(
            TokioIo::new(Shaped::new(stream)),
            TowerToHyperService::new(app.clone()),
        );
        tokio::spawn(async move {
            let _slot = slot;
            if let Err(e) = conn.await {
                log::debug!("connection closed: {e}");
            }
        });
    }
}

fn refusal(status: StatusCode, message: String) -> Response {
    let mut r = ApiError::new(status, Error::invalid_argument(message)).into_response();
    // The rest of the request is not read: the connection cannot carry another one.
    r.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}

/// The request limits, before any handler: a `Content-Length` over the body limit is refused
/// at once (413, nothing read), a body must arrive whole within the body timeout (else 408),
/// and a body without a length (chunked) over the limit is refused when it passes it (413).
pub(crate) async fn request_limits(
    Shared(st): Shared<Arc<AppState>>,
    req: Request,
    next: Next,
) -> Response {
    let max = st.config.max_body;
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if let Some(len) = declared.filter(|&len| len > max as u64) {
        return refusal(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a body of {len} bytes is over the server's limit of {max} bytes"),
        );
    }
    let (parts, body) = req.into_parts();
    let limit = st.config.body_timeout;
    let read = http_body_util::Limited::new(body, max).collect();
    let body = match tokio::time::timeout(limit, read).await {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => {
            return refusal(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("a body over the server's limit of {max} bytes"),
            );
        }
        Ok(Err(e)) => {
            return refusal(
                StatusCode::BAD_REQUEST,
                format!("the request body cannot be read: {e}"),
            );
        }
        Err(_) => {
            return refusal(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within the server's {} ms",
                    limit.as_millis()
                ),
            );
        }
    };
    next.run(Request::from_parts(parts, Body::from(body))).await
}

/// Any refusal of the router that is not yet the JSON error (an extractor's plain-text
/// rejection) becomes one, with the text as its message.
pub(crate) async fn json_errors(req: Request, next: Next) -> Response {
    let r = next.run(req).await;
    let is_json = r
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !(r.status().is_client_error() || r.status().is_server_error()) || is_json {
        return r;
    }
    let status = r.status();
    let text = match r.into_body().collect().await {
        Ok(c) => String::from_utf8_lossy(&c.to_bytes()).trim().to_string(),
        Err(_) => String::new(),
    };
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("refused")
            .to_lowercase()
    } else {
        text
    };
    ApiError::new(status, Error::invalid_argument(message)).into_response()
}

/// The message of a refusal hyper makes by itself (a request it cannot parse).
fn hyper_refusal_message(status: u16) -> String {
    match status {
        431 => format!(
            "the request head is too large: at most {MAX_HEADERS} header lines and {} KiB",
            MAX_HEAD / 1024
        ),
        414 => "the request target is too long".to_string(),
        _ => "the request cannot be parsed: a malformed request line, header or Content-Length"
            .to_string(),
    }
}

/// When `buf` is the whole of a response head that hyper wrote by itself (an error status,
/// `content-length: 0` and no content type: the router's refusals always carry the JSON body),
/// the same response with the JSON error body.
fn fill_refusal(buf: &[u8]) -> Option<Vec<u8>> {
    let head = std::str::from_utf8(buf).ok()?.strip_suffix("\r\n\r\n")?;
    if head.contains("\r\n\r\n") {
        return None;
    }
    let mut lines = head.split("\r\n");
    let status_line = lines.next()?;
    let status: u16 = status_line
        .strip_prefix("HTTP/1.")?
        .get(2..5)?
        .parse()
        .ok()?;
    let headers: Vec<&str> = lines.collect();
    let named = |name: &str| {
        headers.iter().any(|h| {
            h.split_once(':')
                .is_some_and(|(k, _)| k.trim().eq_ignore_ascii_case(name))
        })
    };
    let empty = headers.iter().any(|h| {
        h.split_once(':').is_some_and(|(k, v)| {
            k.trim().eq_ignore_ascii_case("content-length") && v.trim() == "0"
        })
    });
    if status < 400 || !empty || named("content-type") {
        return None;
    }
    let body = error_json(
        &Error::invalid_argument(hyper_refusal_message(status)),
        None,
    );
    let mut out = format!("{status_line}\r\n");
    for h in headers {
        let name = h.split_once(':').map_or("", |(k, _)| k.trim());
        if !name.eq_ignore_ascii_case("content-length") && !name.eq_ignore_ascii_case("connection")
        {
            out.push_str(h);
            out.push_str("\r\n");
        }
    }
    out.push_str(&format!(
        "content-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\
         cache-control: no-store\r\nx-content-type-options: nosniff\r\n\r\n",
        body.len()
    ));
    let mut out = out.into_bytes();
    out.extend_from_slice(&body);
    Some(out)
}

/// A connection's stream that gives hyper's own refusals (written before any request reaches
/// the router, so no handler can shape them) the JSON error body; everything else passes as is.
struct Shaped<S> {
    inner: S,
    /// A filled refusal still to be written, and how much of it is.
    pending: Vec<u8>,
    sent: usize,
}

impl<S> Shaped<S> {
    fn new(inner: S) -> Shaped<S> {
        Shaped {
            inner,
            pending: Vec::new(),
            sent: 0,
        }
    }
}

impl<S: AsyncWrite + Unpin> Shaped<S> {
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.pending.len() {
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.sent..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += n;
        }
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Shaped<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Shaped<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.drain(cx))?;
        if let Some(filled) = fill_refusal(buf) {
            self.pending = filled;
            self.sent = 0;
            // Taken whole: the rest is written by the next write, flush or shutdown.
            if let Poll::Ready(Err(e)) = self.drain(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hyper_s_empty_refusals_are_filled() {
        let hyper = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let filled = String::from_utf8(fill_refusal(hyper).unwrap()).unwrap();
        let (head, body) = filled.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{head}");
        assert!(head.contains("date: x"), "{head}");
        assert!(
            head.contains(&format!("content-length: {}", body.len())),
            "{head}"
        );
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(
            (v["kind"].as_str(), v["code"].as_u64()),
            (Some("invalid_argument"), Some(6))
        );
        // A success, a body after the head, or the router's JSON refusal pass untouched.
        for other in [
            &b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}",
            b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n",
        ] {
            assert!(fill_refusal(other).is_none(), "{}", String::from_utf8_lossy(other));
        }
    }
}
