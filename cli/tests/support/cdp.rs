//! A headless Chromium driven through the DevTools protocol: a minimal websocket client
//! (RFC 6455: masked text frames out, whole messages in) and the few commands the browser test
//! needs. No crate beyond serde_json.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The browser: `TWISTY_CHROMIUM`, else `chromium` (Debian's package) on the path.
pub fn chromium_binary() -> Option<String> {
    if let Some(b) = std::env::var_os("TWISTY_CHROMIUM") {
        return Some(b.to_string_lossy().into_owned());
    }
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find_map(|name| {
            std::env::var_os("PATH")?
                .to_string_lossy()
                .split(':')
                .map(|d| std::path::Path::new(d).join(name))
                .find(|p| p.is_file())
                .map(|p| p.display().to_string())
        })
}

/// A running headless browser; killed when dropped.
pub struct Browser {
    child: Child,
    /// `host:port` of its DevTools endpoint.
    pub devtools: String,
    browser_path: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    pub fn launch(binary: &str) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new(binary)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--hide-scrollbars",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                "--window-size=1100,1300",
                "about:blank",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {binary}: {e}"));
        // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/ID" on standard error.
        let (tx, rx) = std::sync::mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(url) = line.split("DevTools listening on ws://").nth(1) {
                    let _ = tx.send(url.trim().to_string());
                }
            }
        });
        let url = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the browser never said where DevTools listens");
        let (devtools, path) = url.split_once('/').unwrap();
        Browser {
            child,
            devtools: devtools.to_string(),
            browser_path: format!("/{path}"),
            _profile: profile,
        }
    }

    /// Opens a tab on `url` and connects to it.
    pub fn open(&self, url: &str) -> Page {
        let mut b = Socket::connect(&self.devtools, &self.browser_path);
        let r = b.call(None, "Target.createTarget", json!({ "url": "about:blank" }));
        let id = r["targetId"].as_str().unwrap().to_string();
        let socket = Socket::connect(&self.devtools, &format!("/devtools/page/{id}"));
        let mut page = Page { socket };
        page.call("Page.enable", json!({}));
        page.call("Runtime.enable", json!({}));
        page.navigate(url);
        page
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One websocket connection speaking the protocol's JSON messages.
struct Socket {
    stream: TcpStream,
    next_id: u64,
}

impl Socket {
    fn connect(host: &str, path: &str) -> Socket {
        let mut stream = TcpStream::connect(host).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        // The key is any 16 bytes in base64; the server's accept value is not checked.
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dHdpc3R5LWJyb3dzZXJzIQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .unwrap();
        let mut head = Vec::new();
        let mut byte = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            stream.read_exact(&mut byte).unwrap();
            head.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&head);
        assert!(head.starts_with("HTTP/1.1 101"), "no websocket: {head}");
        Socket { stream, next_id: 1 }
    }

    fn send(&mut self, text: &str) {
        let payload = text.as_bytes();
        let mut frame = vec![0x81u8];
        match payload.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n < 65536 => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        let mask = [0x37u8, 0xa1, 0x5c, 0x02];
        frame.extend_from_slice(&mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.stream.write_all(&frame).unwrap();
    }

    fn frame(&mut self) -> (u8, bool, Vec<u8>) {
        let mut h = [0u8; 2];
        self.stream.read_exact(&mut h).unwrap();
        let (fin, opcode) = (h[0] & 0x80 != 0, h[0] & 0x0f);
        let len = match h[1] & 0x7f {
            126 => {
                let mut b = [0u8; 2];
                self.stream.read_exact(&mut b).unwrap();
                u16::from_be_bytes(b) as usize
            }
            127 => {
                let mut b = [0u8; 8];
                self.stream.read_exact(&mut b).unwrap();
                u64::from_be_bytes(b) as usize
            }
            n => n as usize,
        };
        let mask = if h[1] & 0x80 != 0 {
            let mut m = [0u8; 4];
            self.stream.read_exact(&mut m).unwrap();
            Some(m)
        } else {
            None
        };
        let mut data = vec![0u8; len];
        self.stream.read_exact(&mut data).unwrap();
        if let Some(m) = mask {
            data.iter_mut()
                .enumerate()
                .for_each(|(i, b)| *b ^= m[i % 4]);
        }
        (opcode, fin, data)
    }

    /// The next whole message (fragments joined; pings answered).
    fn message(&mut self) -> Value {
        let mut data = Vec::new();
        loop {
            let (opcode, fin, part) = self.frame();
            match opcode {
                0x9 => {
                    let mut pong = vec![0x8a, 0x80 | part.len() as u8, 0, 0, 0, 0];
                    pong.extend_from_slice(&part);
                    self.stream.write_all(&pong).unwrap();
                    continue;
                }
                0xa => continue,
                0x8 => panic!("the browser closed the connection"),
                _ => data.extend_from_slice(&part),
            }
            if fin {
                return serde_json::from_slice(&data).unwrap();
            }
        }
    }

    /// Sends a command and waits for its answer (events before it are dropped).
    fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        self.send(&msg.to_string());
        loop {
            let m = self.message();
            if m["id"] == id {
                if let Some(e) = m.get("error") {
                    panic!("{method}: {e}");
                }
                return m["result"].clone();
            }
        }
    }
}

/// One tab.
pub struct Page {
    socket: Socket,
}

impl Page {
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.socket.call(None, method, params)
    }

    pub fn navigate(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_for(
            "document.readyState === 'complete'",
            Duration::from_secs(60),
        );
    }

    /// The value of a JavaScript expression (promises awaited); a thrown error fails the test.
    pub fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "awaitPromise": true, "returnByValue": true }),
        );
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{expression}: {e}");
        }
        r["result"]["value"].clone()
    }

    /// Waits until `condition` (JavaScript) is true.
    pub fn wait_for(&mut self, condition: &str, limit: Duration) {
        let start = Instant::now();
        while self.eval(&format!("!!({condition})")) != json!(true) {
            assert!(start.elapsed() < limit, "waited {limit:?} for {condition}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Clicks the element `selector` names, as a user would (pointer events at its centre).
    pub fn click(&mut self, selector: &str) {
        let at = self.eval(&format!(
            "(() => {{ const e = document.querySelector({s}); \
             e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect(); \
             return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
            s = json!(selector)
        ));
        let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
            );
        }
    }

    /// Types text into the focused element, as keyboard input would.
    pub fn type_text(&mut self, text: &str) {
        self.call("Input.insertText", json!({ "text": text }));
    }

    /// A PNG of the viewport.
    pub fn screenshot(&mut self) -> Vec<u8> {
        let r = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        base64_decode(r["data"].as_str().unwrap())
    }

    /// Emulates a window of this size (CSS pixels).
    pub fn resize(&mut self, width: u32, height: u32, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        );
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let bytes: Vec<u8> = text
        .bytes()
        .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
        .collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let v: Vec<u32> = chunk.iter().map(|&c| value(c) as u32).collect();
        let n = v
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &x)| n | x << (18 - 6 * i));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

#[test]
fn base64_decodes() {
    assert_eq!(base64_decode("dHdpc3R5"), b"twisty");
    assert_eq!(base64_decode("dHdpc3R5IQ=="), b"twisty!");
    assert_eq!(base64_decode("dHdpc3R5IT8="), b"twisty!?");
}
