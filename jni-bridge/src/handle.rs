//! Native objects owned by Java objects.
//!
//! A native object is a `Box<T>` turned into a `jlong` by [`into_handle`]; the Java side
//! (`org.twisty.NativeObject`) owns that number and guarantees that [`free`] runs exactly once,
//! and only after the last call that was using the pointer has returned. Each Java class uses
//! one `T` for its handles, so a pointer is always read back as the type it was stored as.
//!
//! The per-class shell (the accessor that reads a handle back, and the `nativeFree` export) is
//! written once, by [`handle_class!`]; the table-backed solvers' shared exports (`nativeOpen`,
//! `nativeOpenExisting`, `nativeDefaultPath`, plus the handle shell) by [`solver_class!`]. A new
//! handle type is one line.

use jni::sys::jlong;
use twisty::{Error, ErrorKind};

use crate::error::Result;

/// Moves `value` to the heap and returns the pointer as a Java `long`.
pub fn into_handle<T: Send + Sync>(value: T) -> jlong {
    Box::into_raw(Box::new(value)) as jlong
}

/// Borrows the object behind a handle. `0` (never a live handle) is a `closed` error naming the
/// class (`"Square1Tables is closed"`) rather than a crash.
///
/// # Safety
/// `handle` is `0` or was returned by [`into_handle::<T>`] and not yet passed to [`free`], and it
/// stays so for `'a` (the Java side's in-flight count guarantees this for the duration of a
/// native call).
pub unsafe fn borrow<'a, T: Send + Sync>(handle: jlong, java_class: &str) -> Result<&'a T> {
    let ptr = handle as *const T;
    if ptr.is_null() {
        let simple = java_class.rsplit('.').next().unwrap_or(java_class);
        return Err(Error::new(ErrorKind::Closed, format!("{simple} is closed")).into());
    }
    // SAFETY: see the function's contract.
    Ok(unsafe { &*ptr })
}

/// Drops the object behind a handle; `0` is ignored.
///
/// # Safety
/// `handle` is `0` or was returned by [`into_handle::<T>`], is freed at most once, and no call is
/// using it any more.
pub unsafe fn free<T: Send + Sync>(handle: jlong) {
    let ptr = handle as *mut T;
    if !ptr.is_null() {
        // SAFETY: see the function's contract.
        drop(unsafe { Box::from_raw(ptr) });
    }
}

/// The shell of a Java class whose objects are handles to a `T`:
/// `handle_class!(pub(crate) fn tables -> Tables, "org.twisty.sq1.Square1Tables");` defines
///
/// - `fn tables<'a>(ptr: jlong) -> Result<&'a Tables>`, the object behind a live handle (valid
///   for the current native call; 0 is the `closed` error `"Square1Tables is closed"`), and
/// - the export `nativeFree(long)` of the class, which drops it.
///
/// Soundness rests on the Java side (`org.twisty.NativeObject`): it passes only handles that the
/// class's own constructors returned (stored as this `T`), keeps each alive until every call
/// using it has returned, and calls `nativeFree` exactly once, after the last of them.
///
/// `handle_class!(..., heap_bytes)` also defines the export `nativeBytes(long)`: the native heap
/// the object holds (the engine's `heap_bytes`), which the Java side accounts so that abandoned
/// objects are collected under native memory pressure (`org.twisty.NativeMemory`).
#[macro_export]
macro_rules! handle_class {
    ($vis:vis fn $accessor:ident -> $t:ty, $class:literal, heap_bytes) => {
        $crate::handle_class!($vis fn $accessor -> $t, $class);

        #[::jni::jni_mangle($class)]
        pub fn native_bytes<'local>(
            mut env: ::jni::EnvUnowned<'local>,
            _class: ::jni::objects::JClass<'local>,
            ptr: ::jni::sys::jlong,
        ) -> ::jni::sys::jlong {
            $crate::error::call(&mut env, |_env| {
                let bytes = $accessor(ptr)?.heap_bytes();
                Ok(::jni::sys::jlong::try_from(bytes).unwrap_or(::jni::sys::jlong::MAX))
            })
        }
    };
    ($vis:vis fn $accessor:ident -> $t:ty, $class:literal) => {
        /// The object behind a handle of this module's Java class (valid for the current native
        /// call; see [`crate::handle_class`]).
        $vis fn $accessor<'a>(ptr: ::jni::sys::jlong) -> $crate::error::Result<&'a $t> {
            let class: &str = $class;
            // SAFETY: the Java class passes only live handles of this type (see the macro); the
            // type is the return type's.
            unsafe { $crate::handle::borrow(ptr, class) }
        }

        #[::jni::jni_mangle($class)]
        pub fn native_free<'local>(
            mut env: ::jni::EnvUnowned<'local>,
            _class: ::jni::objects::JClass<'local>,
            ptr: ::jni::sys::jlong,
        ) {
            let free: unsafe fn(::jni::sys::jlong) = $crate::handle::free::<$t>;
            $crate::error::call(&mut env, |_env| {
                // SAFETY: the Java handle calls this exactly once, after the last in-flight call.
                unsafe { free(ptr) };
                Ok(())
            })
        }
    };
}

/// The shared exports of a solver class backed by a table file (`Square1Solver`,
/// `Cube3Solver`, `OptimalSolver`): [`handle_class!`] for `Arc<$solver>` and
///
/// - `nativeOpen(String path, ProgressRelay relay, long cancellation)`: open-or-build,
///   reporting a build through the relay on the calling thread, watching the `Cancellation`
///   handle (0 = none);
/// - `nativeOpenExisting(String path)`: open, never build;
/// - `nativeDefaultPath()`: the default table file.
///
/// The three paths are the facade's functions for it (`api::sq1_solver_open`,
/// `api::sq1_solver_open_existing`, `api::sq1_solver_default_path`).
///
/// A solver whose table file comes in sizes (`OptimalSolver`) is
/// `solver_class!(sized fn solver -> Solver, ...)`: each of the three exports takes one more
/// argument, `int size` after the path (`nativeOpen(String, int, ProgressRelay, long)`,
/// `nativeOpenExisting(String, int)`, `nativeDefaultPath(int)`), passed to the facade unchanged
/// (it checks the size), and the default path is the facade's `Result<String>`.
#[macro_export]
macro_rules! solver_class {
    (sized $vis:vis fn $accessor:ident -> $solver:ty, $class:literal, $open:path, $open_existing:path, $default_path:path) => {
        $crate::handle_class!($vis fn $accessor -> ::std::sync::Arc<$solver>, $class, heap_bytes);

        /// Opens the table file of size `size` at `table_file` (empty: the default path),
        /// building and saving it first when it is missing, stale or damaged; the build reports
        /// through `relay` (null or a progress relay) on this thread and watches `cancel` (0 or
        /// a live `Cancellation` handle).
        #[::jni::jni_mangle($class)]
        pub fn native_open<'local>(
            mut env: ::jni::EnvUnowned<'local>,
            _class: ::jni::objects::JClass<'local>,
            table_file: ::jni::objects::JString<'local>,
            size: ::jni::sys::jint,
            relay: ::jni::objects::JObject<'local>,
            cancel: ::jni::sys::jlong,
        ) -> ::jni::sys::jlong {
            $crate::error::call(&mut env, |env| {
                let path = $crate::error::string_arg(env, &table_file, "path")?;
                let token = $crate::cancellation::token_or_new(cancel)?;
                let solver = $crate::progress::with_relay(env, &relay, &token, |progress| {
                    $open(&path, size, progress, &token)
                })?;
                Ok($crate::handle::into_handle(solver))
            })
        }

        /// Opens an existing table file of size `size`; a missing, stale or damaged one is a
        /// `database` error.
        #[::jni::jni_mangle($class)]
        pub fn native_open_existing<'local>(
            mut env: ::jni::EnvUnowned<'local>,
            _class: ::jni::objects::JClass<'local>,
            table_file: ::jni::objects::JString<'local>,
            size: ::jni::sys::jint,
        ) -> ::jni::sys::jlong {
            $crate::error::call(&mut env, |env| {
                let path = $crate::error::string_arg(env, &table_file, "path")?;
                Ok($crate::handle::into_handle($open_existing(&path, size)?))
            })
        }

        #[::jni::jni_mangle($class)]
        pub fn native_default_path<'local>(
            mut env: ::jni::EnvUnowned<'local>,
            _class: ::jni::objects::JClass<'local>,
            size: ::jni::sys::jint,
        ) -> ::jni::objects::JString<'local> {
            $crate::error::call(&mut env, |env| {
                $crate::error::string_result(env, &$default_path(size)?)
            })
        }
    };
    ($vis:vis fn $accessor:ident -> $solver:ty, $class:literal, $open:path, $open_existing:path, $default_path:path) => {
        $crate::handle_class!($vis fn $accessor -> ::std::sync::Arc<$solver>, $class, heap_bytes);

        /// Opens the table file at `table_file` (empty: the default path), building and saving
        /// it first when it is missing, stale or damaged; the build reports through `relay`
        /// (null or a progress relay) on this thread and watches `cancel` (0 or a live
        /// `Cancellation` handle).
        #[::jni::jni_mangle($class)]
        pub fn native_open<'local>(
            mut env: ::jni::EnvUnowned<'local>,
            _class: ::jni::objects::JClass<'local>,
            table_file: ::jni::objects::JString<'local>,
            relay: ::jni::objects::JObject<'local>,
            cancel: ::jni::sys::jlong,
        ) -> ::jni::sys::jlong {
            $crate::error::call(&mut env, |env| {
                let path = $crate::error::string_arg(env, &table_file, "path")?;
                let token = $crate::cancellation::token_or_new(cancel)?;
                let solver = $crate::progress::with_relay(env, &relay, &token, |progress| {
                    $open(&path, progress, &token)
                })?;
                Ok($crate::handle::into_handle(solver))
            })
        }

        /// Opens an existing table file; a missing, stale or damaged one is a `database` error.
        #[::jni::jni_mangle($class)]
        pub fn native_open_existing<'local>(
            mut env: ::jni::EnvUnowned<'local>,
            _class: ::jni::objects::JClass<'local>,
            table_file: ::jni::objects::JString<'local>,
        ) -> ::jni::sys::jlong {
            $crate::error::call(&mut env, |env| {
                let path = $crate::error::string_arg(env, &table_file, "path")?;
                Ok($crate::handle::into_handle($open_existing(&path)?))
            })
        }

        #[::jni::jni_mangle($class)]
        pub fn native_default_path<'local>(
            mut env: ::jni::EnvUnowned<'local>,
            _class: ::jni::objects::JClass<'local>,
        ) -> ::jni::objects::JString<'local> {
            $crate::error::call(&mut env, |env| $crate::error::string_result(env, &$default_path()))
        }
    };
}
