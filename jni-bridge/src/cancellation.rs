//! Natives of `org.twisty.Cancellation`: a handle to one [`CancelToken`] (`Send + Sync`, a shared
//! atomic flag), which a long operation such as a database build watches.

use jni::objects::JClass;
use jni::sys::{jboolean, jlong};
use jni::{EnvUnowned, jni_mangle};
use twisty::progress::CancelToken;

use crate::error::{Result, call};
use crate::handle;

// A build that started with a token holds its own clone of it, so `nativeFree` never pulls a
// token from under a running operation.
crate::handle_class!(pub(crate) fn token -> CancelToken, "org.twisty.Cancellation");

/// The token a long operation watches: a clone of the token behind `ptr`, or, for 0 (no
/// `Cancellation` given), a fresh token that only the bridge itself can cancel (when a progress
/// listener throws).
pub(crate) fn token_or_new(ptr: jlong) -> Result<CancelToken> {
    if ptr == 0 {
        Ok(CancelToken::new())
    } else {
        Ok(token(ptr)?.clone())
    }
}

#[jni_mangle("org.twisty.Cancellation")]
pub fn native_new<'local>(mut env: EnvUnowned<'local>, _class: JClass<'local>) -> jlong {
    call(&mut env, |_env| Ok(handle::into_handle(CancelToken::new())))
}

#[jni_mangle("org.twisty.Cancellation")]
pub fn native_cancel<'local>(mut env: EnvUnowned<'local>, _class: JClass<'local>, ptr: jlong) {
    call(&mut env, |_env| {
        token(ptr)?.cancel();
        Ok(())
    })
}

#[jni_mangle("org.twisty.Cancellation")]
pub fn native_is_cancelled<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
) -> jboolean {
    call(&mut env, |_env| Ok(token(ptr)?.is_cancelled()))
}
