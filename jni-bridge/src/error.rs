//! The one error path of the bridge: the error type every export returns, the single map from
//! [`twisty::Error`] to a Java exception, and the [`ErrorPolicy`] that applies it (and turns
//! panics into `org.twisty.NativePanicException`).

use std::any::Any;

use jni::errors::ErrorPolicy;
use jni::objects::{
    JByteArray, JIntArray, JLongArray, JObject, JObjectArray, JString, JThrowable, JValue,
};
use jni::refs::Reference as _;
use jni::strings::JNIString;
use jni::{Env, EnvUnowned, jni_sig, jni_str};
use twisty::{Error, ErrorKind};

/// What an export's body can fail with: an engine error (to be thrown as its Java exception), or
/// a JNI failure (usually with a Java exception already pending, which then wins).
#[derive(Debug)]
pub enum BridgeError {
    Twisty(Error),
    Jni(jni::errors::Error),
}

impl From<Error> for BridgeError {
    fn from(e: Error) -> Self {
        BridgeError::Twisty(e)
    }
}

impl From<jni::errors::Error> for BridgeError {
    fn from(e: jni::errors::Error) -> Self {
        BridgeError::Jni(e)
    }
}

pub type Result<T> = std::result::Result<T, BridgeError>;

/// Runs an export's body: catches panics, and on failure throws the matching Java exception and
/// returns `T::default()` (which Java never sees, since an exception is pending).
pub fn call<'local, T, F>(env: &mut EnvUnowned<'local>, body: F) -> T
where
    T: Default,
    F: FnOnce(&mut Env<'local>) -> Result<T>,
{
    // A panic's message travels in its exception; nothing is printed to the host's stderr.
    twisty::host::quiet_panics();
    env.with_env(body).resolve::<ThrowJava>()
}

/// The bridge's [`ErrorPolicy`]: errors go through [`throw`]; panics become
/// `NativePanicException` with exactly the panic payload as message (`&str` and `String`
/// payloads, which covers `panic!("literal")` and `panic!("{x}")`).
pub struct ThrowJava;

impl<T: Default> ErrorPolicy<T, BridgeError> for ThrowJava {
    type Captures<'unowned_env_local: 'native_method, 'native_method> = ();

    fn on_error<'unowned_env_local: 'native_method, 'native_method>(
        env: &mut Env<'unowned_env_local>,
        _cap: &mut (),
        err: BridgeError,
    ) -> jni::errors::Result<T> {
        let err = match err {
            BridgeError::Twisty(e) => e,
            // A JNI call failed; if it left a Java exception pending, that one propagates.
            BridgeError::Jni(_) if env.exception_check() => return Ok(T::default()),
            BridgeError::Jni(e) => {
                Error::new(ErrorKind::Panic, format!("JNI failure in twisty-jni: {e}"))
            }
        };
        throw(env, &err);
        Ok(T::default())
    }

    fn on_panic<'unowned_env_local: 'native_method, 'native_method>(
        env: &mut Env<'unowned_env_local>,
        _cap: &mut (),
        payload: Box<dyn Any + Send + 'static>,
    ) -> jni::errors::Result<T> {
        let message = twisty::host::panic_message(payload);
        throw(env, &Error::new(ErrorKind::Panic, message));
        Ok(T::default())
    }
}

/// THE error map: throws the Java exception for an engine error. Twisty kinds become
/// `org.twisty.*Exception` (carrying the stable code, and the position for notation errors);
/// the bridge-only kinds become the JDK exceptions of `docs/ARCHITECTURE.md`. A pending
/// exception is never replaced.
pub fn throw(env: &mut Env<'_>, err: &Error) {
    if env.exception_check() {
        return;
    }
    let message = err.message();
    let result = match err.kind() {
        ErrorKind::InvalidNotation => {
            let position = err
                .position()
                .and_then(|p| i32::try_from(p).ok())
                .unwrap_or(-1);
            throw_twisty(
                env,
                jni_str!("org/twisty/InvalidNotationException"),
                message,
                Some(position),
            )
        }
        ErrorKind::InvalidState => throw_twisty(
            env,
            jni_str!("org/twisty/InvalidStateException"),
            message,
            None,
        ),
        ErrorKind::IllegalMove => throw_twisty(
            env,
            jni_str!("org/twisty/IllegalMoveException"),
            message,
            None,
        ),
        ErrorKind::Database => {
            throw_twisty(env, jni_str!("org/twisty/DatabaseException"), message, None)
        }
        ErrorKind::Panic => throw_twisty(
            env,
            jni_str!("org/twisty/NativePanicException"),
            message,
            None,
        ),
        ErrorKind::Cancelled => env.throw_new(
            jni_str!("java/util/concurrent/CancellationException"),
            JNIString::new(message),
        ),
        ErrorKind::InvalidArgument => env.throw_new(
            jni_str!("java/lang/IllegalArgumentException"),
            JNIString::new(message),
        ),
        ErrorKind::NullArgument => env.throw_new(
            jni_str!("java/lang/NullPointerException"),
            JNIString::new(message),
        ),
        ErrorKind::Closed => env.throw_new(
            jni_str!("java/lang/IllegalStateException"),
            JNIString::new(message),
        ),
        // A kind added to the engine later: the base class still carries its code.
        _ => throw_base(env, err.code(), message),
    };
    // `throw*` report a successful throw as `Err(JavaException)`. Anything else (class missing,
    // out of memory) leaves its own exception pending, which is the best we can do.
    let _ = result;
}

/// Throws one of the `TwistyException` subclasses: `(String)` constructor, or
/// `(String, int position)` for `InvalidNotationException`.
fn throw_twisty(
    env: &mut Env<'_>,
    class: &jni::strings::JNIStr,
    message: &str,
    position: Option<i32>,
) -> jni::errors::Result<()> {
    let jmessage = JString::from_str(env, message)?;
    let object = match position {
        Some(p) => env.new_object(
            class,
            jni_sig!("(Ljava/lang/String;I)V"),
            &[JValue::Object(&jmessage), JValue::Int(p)],
        )?,
        None => env.new_object(
            class,
            jni_sig!("(Ljava/lang/String;)V"),
            &[JValue::Object(&jmessage)],
        )?,
    };
    let throwable = env.cast_local::<JThrowable>(object)?;
    env.throw(throwable)
}

/// Throws `org.twisty.TwistyException(int code, String message)`.
fn throw_base(env: &mut Env<'_>, code: u32, message: &str) -> jni::errors::Result<()> {
    let jmessage = JString::from_str(env, message)?;
    let object = env.new_object(
        jni_str!("org/twisty/TwistyException"),
        jni_sig!("(ILjava/lang/String;)V"),
        &[JValue::Int(code as i32), JValue::Object(&jmessage)],
    )?;
    let throwable = env.cast_local::<JThrowable>(object)?;
    env.throw(throwable)
}

/// A required `String` argument: `null` is a `null_argument` error naming the parameter
/// (`"moves must not be null"`).
pub fn string_arg(env: &Env<'_>, value: &JString<'_>, name: &str) -> Result<String> {
    if value.is_null() {
        return Err(Error::new(ErrorKind::NullArgument, format!("{name} must not be null")).into());
    }
    Ok(value.try_to_string(env)?)
}

/// A Java `String` result.
pub fn string_result<'local>(env: &mut Env<'local>, value: &str) -> Result<JString<'local>> {
    Ok(JString::from_str(env, value)?)
}

/// A Java `String[]` result. More than `Integer.MAX_VALUE` elements are an `invalid_argument`
/// error (never the case for real data).
pub fn string_array_result<'local>(
    env: &mut Env<'local>,
    values: &[String],
) -> Result<JObjectArray<'local>> {
    let count = i32::try_from(values.len()).map_err(|_| {
        Error::invalid_argument(format!("{} strings do not fit a Java array", values.len()))
    })?;
    let array = env.new_object_array(count, jni_str!("java/lang/String"), JObject::null())?;
    for (i, s) in values.iter().enumerate() {
        // One local frame per element: many strings must not exhaust local references.
        env.with_local_frame(2, |env| -> Result<()> {
            let text = JString::from_str(env, s)?;
            array.set_element(env, i, &text)?;
            Ok(())
        })?;
    }
    Ok(array)
}

/// An enumeration code or other count passed as a Java `int`: negative values are out of range.
pub fn u32_arg(value: i32, name: &str) -> Result<u32> {
    u32::try_from(value).map_err(|_| {
        Error::invalid_argument(format!("{name} must not be negative (got {value})")).into()
    })
}

/// A count passed as a Java `long`: negative values are out of range
/// (`"limit must not be negative (got -1)"`).
pub fn u64_arg(value: i64, name: &str) -> Result<u64> {
    u64::try_from(value).map_err(|_| {
        Error::invalid_argument(format!("{name} must not be negative (got {value})")).into()
    })
}

/// A Java `long[]` result holding unsigned counts. A count above `Long.MAX_VALUE` or more than
/// `Integer.MAX_VALUE` elements are an `invalid_argument` error (neither happens for real data).
pub fn u64_array_result<'local>(
    env: &mut Env<'local>,
    values: &[u64],
) -> Result<JLongArray<'local>> {
    let longs = values
        .iter()
        .map(|&v| {
            i64::try_from(v).map_err(|_| {
                Error::invalid_argument(format!("{v} does not fit a Java long")).into()
            })
        })
        .collect::<Result<Vec<i64>>>()?;
    if i32::try_from(longs.len()).is_err() {
        return Err(Error::invalid_argument(format!(
            "{} elements do not fit a Java array",
            longs.len()
        ))
        .into());
    }
    let array = JLongArray::new(env, longs.len())?;
    array.set_region(env, 0, &longs)?;
    Ok(array)
}

/// A required `int[]` argument, copied out of the JVM: `null` is a `null_argument` error naming
/// the parameter (`"counts must not be null"`).
pub fn int_array_arg(env: &Env<'_>, value: &JIntArray<'_>, name: &str) -> Result<Vec<i32>> {
    if value.is_null() {
        return Err(Error::new(ErrorKind::NullArgument, format!("{name} must not be null")).into());
    }
    let mut out = vec![0; value.len(env)?];
    value.get_region(env, 0, &mut out)?;
    Ok(out)
}

/// An `int[]` of counts: each element must be non-negative
/// (`"counts[1] must not be negative (got -3)"`).
pub fn u32_array_arg(env: &Env<'_>, value: &JIntArray<'_>, name: &str) -> Result<Vec<u32>> {
    int_array_arg(env, value, name)?
        .into_iter()
        .enumerate()
        .map(|(i, v)| u32_arg(v, &format!("{name}[{i}]")))
        .collect()
}

/// An `int[]` of byte-sized symbols: each element must be in `0..=255`
/// (`"perm[2] must be between 0 and 255 (got 256)"`).
pub fn u8_array_arg(env: &Env<'_>, value: &JIntArray<'_>, name: &str) -> Result<Vec<u8>> {
    int_array_arg(env, value, name)?
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            u8::try_from(v).map_err(|_| {
                Error::invalid_argument(format!("{name}[{i}] must be between 0 and 255 (got {v})"))
                    .into()
            })
        })
        .collect()
}

/// A Java `int[]` result holding byte-sized symbols. More than `Integer.MAX_VALUE` elements do not
/// fit a Java array: an `invalid_argument` error.
pub fn u8_array_result<'local>(env: &mut Env<'local>, values: &[u8]) -> Result<JIntArray<'local>> {
    if i32::try_from(values.len()).is_err() {
        return Err(Error::invalid_argument(format!(
            "{} elements do not fit a Java array",
            values.len()
        ))
        .into());
    }
    let ints: Vec<i32> = values.iter().map(|&v| i32::from(v)).collect();
    let array = JIntArray::new(env, ints.len())?;
    array.set_region(env, 0, &ints)?;
    Ok(array)
}

/// An unsigned 128-bit argument passed as two Java `long`s holding its high and low 64 bits (the
/// Java side checks the range `0..2^128`).
pub fn u128_arg(high: i64, low: i64) -> u128 {
    (u128::from(high as u64) << 64) | u128::from(low as u64)
}

/// An unsigned 128-bit result as a Java `byte[16]`, big-endian (`new BigInteger(1, bytes)`).
pub fn u128_result<'local>(env: &mut Env<'local>, value: u128) -> Result<JByteArray<'local>> {
    Ok(env.byte_array_from_slice(&value.to_be_bytes())?)
}
