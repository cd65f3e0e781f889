//! What every bridge (JNI, .NET) needs from the engine besides [`crate::api`].

/// Replaces the process's panic hook (once; later calls do nothing) by one that writes nothing
/// to the standard error stream: inside a host program a panic is turned into the host's own
/// exception carrying the panic's message, and the host decides what to print. The record goes
/// to the `log` facade at error level instead, with its location.
///
/// Only the bridges call this: a Rust program keeps the default hook.
pub fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            log::error!("native panic: {info}");
        }));
    });
}
