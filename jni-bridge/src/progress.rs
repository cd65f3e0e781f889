//! Progress relays of long operations (a database build, the solver's table build, an optimal
//! search): the one way the bridge calls Java back.
//!
//! The engine reports only on the thread that called it, so every report is sent with the
//! `Env` of the export itself. The Java side passes `null` or a relay object with
//! `void report(String phase, int level, long done, long total, long found, long elapsedMillis,
//! long etaMillis)` (`org.twisty.ProgressRelay`). If `report` throws, the operation is
//! cancelled through its token, no further reports are sent, and the Java exception stays
//! pending, so it is what the Java caller sees.

use jni::objects::{JObject, JString, JValue};
use jni::sys::jint;
use jni::{Env, jni_sig, jni_str};
use twisty::progress::{CancelToken, ProgressReport};

use crate::error::{BridgeError, Result};

/// Runs `op` with a progress sink that forwards each report to `relay` (nothing when `relay` is
/// null). A relay failure cancels `token` and wins over the operation's own outcome (normally
/// the `cancelled` error the cancellation caused).
pub(crate) fn with_relay<T>(
    env: &mut Env<'_>,
    relay: &JObject<'_>,
    token: &CancelToken,
    op: impl FnOnce(&mut dyn FnMut(&ProgressReport)) -> twisty::Result<T>,
) -> Result<T> {
    // The first JNI failure of a report (normally: the listener threw, its exception is
    // pending); after it no JNI call is made until the operation returns.
    let mut failed: Option<jni::errors::Error> = None;
    let outcome = {
        let mut progress = |r: &ProgressReport| {
            if relay.is_null() || failed.is_some() {
                return;
            }
            if let Err(e) = report(env, relay, r) {
                failed = Some(e);
                token.cancel();
            }
        };
        op(&mut progress)
    };
    if let Some(e) = failed {
        return Err(BridgeError::Jni(e));
    }
    Ok(outcome?)
}

/// Sends one report to the Java relay, in a local frame of its own (a build reports for hours).
fn report(env: &mut Env<'_>, relay: &JObject<'_>, r: &ProgressReport) -> jni::errors::Result<()> {
    let millis = |d: std::time::Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
    let long = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    env.with_local_frame(4, |env| -> jni::errors::Result<()> {
        let phase = JString::from_str(env, &r.phase)?;
        env.call_method(
            relay,
            jni_str!("report"),
            jni_sig!("(Ljava/lang/String;IJJJJJ)V"),
            &[
                JValue::Object(&phase),
                JValue::Int(jint::try_from(r.level).unwrap_or(jint::MAX)),
                JValue::Long(long(r.done)),
                JValue::Long(long(r.total)),
                JValue::Long(long(r.found)),
                JValue::Long(millis(r.elapsed)),
                JValue::Long(r.eta.map_or(-1, millis)),
            ],
        )?;
        Ok(())
    })
}
