//! The engine's `log` records, delivered to `java.lang.System.Logger` through the static methods
//! of `org.twisty.Logging` (`maxLevel(String)`, `log(String, int, String)`).
//!
//! - **Installed once**, when the library is loaded: `NativeLibrary.load` calls
//!   `Logging.nativeInstall()`, which keeps the `JavaVM`, a global reference to the class (a
//!   thread that Java did not create cannot find it by name: `FindClass` would use the system
//!   class loader) and the two method ids, then hands the sink to [`twisty::host::set_log_sink`].
//! - **Filtered in Rust.** The engine asks [`LogSink::max_level`] for a target at most once per
//!   [`LogSink::refresh`] (1 s), so a record below the Java logger's level costs no JNI call,
//!   and a level changed in Java takes effect within about a second.
//! - **Names**: the target `twisty::sq1::db::build` is the logger `org.twisty.sq1.db.build`
//!   (a leading `twisty` segment becomes `org.twisty`, each `::` a `.`). Only the engine's
//!   targets are forwarded: other crates' records (the `jni` crate's own debug records, some
//!   of them written while jni tears down a thread) are dropped, so delivery never re-enters
//!   jni from inside jni.
//! - **Any thread.** A Java thread logs through its own attachment. A thread the JVM did not
//!   create (a rayon worker of a build) is attached once, as a daemon (so an idle worker pool
//!   never keeps the JVM from exiting), and detached when it ends; jni 0.22 attaches only
//!   non-daemon threads itself, so this one call goes through the raw invocation interface,
//!   and everything after it through jni's API, which finds the attachment.
//! - **Never an exception.** A Java exception thrown by a user's logger is caught and cleared
//!   (jni's default attachment policy); an exception already pending on the calling thread (a
//!   progress listener's) is set aside for the call and thrown again after it, so it still
//!   reaches the Java caller. A record that cannot be delivered is dropped.

use std::cell::RefCell;
use std::ffi::c_void;
use std::ptr;
use std::time::Duration;

use jni::errors::JniError;
use jni::ids::JStaticMethodID;
use jni::objects::{JClass, JString, JValue};
use jni::refs::Global;
use jni::signature::{Primitive, ReturnType};
use jni::sys::{JNI_VERSION_1_4, JavaVMAttachArgs, jint};
use jni::{Env, EnvUnowned, JavaVM, jni_mangle, jni_sig, jni_str};
use log::{Level, LevelFilter};
use twisty::host::LogSink;

use crate::error::call;

/// How long an answer of `Logging.maxLevel` holds: a level changed in Java takes effect within
/// this time, and a record below the level makes no JNI call.
const REFRESH: Duration = Duration::from_secs(1);

/// The Java logger name of an engine target (`twisty::sq1::db::build` ->
/// `org.twisty.sq1.db.build`); `None` for another crate's target.
pub fn logger_name(target: &str) -> Option<String> {
    (target == "twisty" || target.starts_with("twisty::"))
        .then(|| format!("org.{}", target.replace("::", ".")))
}

/// The level codes of `org.twisty.Logging`: 0 off, 1 error, 2 warn, 3 info, 4 debug, 5 trace
/// (the order of [`LevelFilter`]).
fn filter_of(code: jint) -> LevelFilter {
    match code {
        1 => LevelFilter::Error,
        2 => LevelFilter::Warn,
        3 => LevelFilter::Info,
        4 => LevelFilter::Debug,
        c if c >= 5 => LevelFilter::Trace,
        _ => LevelFilter::Off,
    }
}

fn code_of(level: Level) -> jint {
    level as jint // Error = 1 ... Trace = 5, as in `filter_of`
}

/// The sink: the JVM and `org.twisty.Logging`'s class and static methods.
struct JavaSink {
    vm: JavaVM,
    class: Global<JClass<'static>>,
    max_level: JStaticMethodID,
    log: JStaticMethodID,
}

impl JavaSink {
    /// Runs `f` with this thread's `Env` (attaching the thread first if the JVM does not know
    /// it), in a local frame of its own; a Java exception `f` leaves is cleared and returned as
    /// an error.
    fn with_env<T>(
        &self,
        f: impl FnOnce(&mut Env<'_>) -> jni::errors::Result<T>,
    ) -> jni::errors::Result<T> {
        attach_as_daemon(&self.vm)?;
        self.vm.attach_current_thread(f)
    }
}

impl LogSink for JavaSink {
    fn max_level(&self, target: &str) -> LevelFilter {
        let Some(name) = logger_name(target) else {
            return LevelFilter::Off;
        };
        let code = self.with_env(|env| {
            let name = JString::from_str(env, &name)?;
            // SAFETY: the id is `static int maxLevel(String)` of `self.class`, looked up at
            // install, and the class stays loaded (we hold a global reference to it).
            unsafe {
                env.call_static_method_unchecked(
                    &self.class,
                    self.max_level,
                    ReturnType::Primitive(Primitive::Int),
                    &[JValue::Object(&name).as_jni()],
                )
            }?
            .i()
        });
        // A logger that throws gets nothing until the next refresh asks again.
        code.map_or(LevelFilter::Off, filter_of)
    }

    fn log(&self, level: Level, target: &str, message: &str) {
        // Only records that `max_level` admitted arrive, so the target is the engine's.
        let Some(name) = logger_name(target) else {
            return;
        };
        // An undeliverable record is dropped: logging never fails the engine's work.
        let _ = self.with_env(|env| {
            let name = JString::from_str(env, &name)?;
            let message = JString::from_str(env, message)?;
            // SAFETY: the id is `static void log(String, int, String)` of `self.class` (see
            // `max_level`).
            unsafe {
                env.call_static_method_unchecked(
                    &self.class,
                    self.log,
                    ReturnType::Primitive(Primitive::Void),
                    &[
                        JValue::Object(&name).as_jni(),
                        JValue::Int(code_of(level)).as_jni(),
                        JValue::Object(&message).as_jni(),
                    ],
                )
            }?
            .v()
        });
    }

    fn refresh(&self) -> Duration {
        REFRESH
    }
}

/// Detaches, when its thread ends, a thread that [`attach_as_daemon`] attached.
struct DaemonAttachment(*mut jni::sys::JavaVM);

impl Drop for DaemonAttachment {
    fn drop(&mut self) {
        // SAFETY: the pointer is the process's one JavaVM (never freed while the process runs),
        // this thread attached itself through it, and no JNI frame of ours is active here (a
        // thread-local destructor runs after the thread's code has returned).
        unsafe { ((**self.0).v1_4.DetachCurrentThread)(self.0) };
    }
}

thread_local! {
    /// Set on a thread that [`attach_as_daemon`] attached; its destructor detaches it.
    static DAEMON: RefCell<Option<DaemonAttachment>> = const { RefCell::new(None) };
}

/// Attaches this thread to the JVM as a daemon thread, once, unless it is attached already
/// (every Java thread is).
fn attach_as_daemon(vm: &JavaVM) -> jni::errors::Result<()> {
    if vm.is_thread_attached()? {
        return Ok(());
    }
    // A thread already tearing down its thread-locals could not be detached again: no record.
    DAEMON
        .try_with(|_| ())
        .map_err(|_| jni::errors::Error::JniCall(JniError::ThreadDetached))?;
    let raw = vm.get_raw();
    let mut env: *mut c_void = ptr::null_mut();
    let mut args = JavaVMAttachArgs {
        version: JNI_VERSION_1_4,
        name: c"twisty-native".as_ptr() as *mut _,
        group: ptr::null_mut(),
    };
    // SAFETY: `raw` is the live JavaVM; the arguments outlive the call (the JVM copies the name).
    let rc = unsafe {
        ((**raw).v1_4.AttachCurrentThreadAsDaemon)(
            raw,
            &mut env,
            &mut args as *mut JavaVMAttachArgs as *mut c_void,
        )
    };
    jni::errors::jni_error_code_to_result(rc)?;
    DAEMON.with(|d| *d.borrow_mut() = Some(DaemonAttachment(raw)));
    Ok(())
}

/// `org.twisty.Logging.nativeInstall()`: sends the engine's log records to the Java loggers from
/// now on (a second call replaces the first sink, for a class loaded again).
#[jni_mangle("org.twisty.Logging")]
pub fn native_install<'local>(mut env: EnvUnowned<'local>, class: JClass<'local>) {
    call(&mut env, |env| {
        let max_level = env.get_static_method_id(
            &class,
            jni_str!("maxLevel"),
            jni_sig!("(Ljava/lang/String;)I"),
        )?;
        let log = env.get_static_method_id(
            &class,
            jni_str!("log"),
            jni_sig!("(Ljava/lang/String;ILjava/lang/String;)V"),
        )?;
        let sink = JavaSink {
            vm: env.get_java_vm()?,
            class: env.new_global_ref(&class)?,
            max_level,
            log,
        };
        // Never refused: only the library's class loading calls this, never a logger.
        twisty::host::set_log_sink(Some(Box::new(sink)))?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logger_names_follow_the_java_packages() {
        assert_eq!(
            logger_name("twisty::sq1::db::build").as_deref(),
            Some("org.twisty.sq1.db.build")
        );
        assert_eq!(logger_name("twisty").as_deref(), Some("org.twisty"));
        assert_eq!(logger_name("twisty_jni::logging"), None);
        assert_eq!(logger_name("jni::vm::java_vm"), None);
    }

    #[test]
    fn level_codes_round_trip() {
        for level in [
            Level::Error,
            Level::Warn,
            Level::Info,
            Level::Debug,
            Level::Trace,
        ] {
            assert_eq!(filter_of(code_of(level)), level.to_level_filter());
        }
        assert_eq!(filter_of(0), LevelFilter::Off);
        assert_eq!(filter_of(-1), LevelFilter::Off);
    }
}
