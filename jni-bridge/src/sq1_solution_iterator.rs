//! Natives of `org.twisty.sq1.Square1SolutionIterator`: a handle to one lazy walk over the
//! shortest solutions of a state ([`twisty::sq1::db::Solutions`], created by
//! `Square1Database.nativeSolutions`). The walk owns a clone of the database's `Arc`, so it stays
//! valid after the database is closed. A walk is `Send` but advancing it needs `&mut`: a `Mutex`
//! serializes Java threads that share one iterator.

use std::sync::{Arc, Mutex};

use jni::objects::{JClass, JObject};
use jni::sys::jlong;
use jni::{EnvUnowned, jni_mangle};
use twisty::api::SolutionText;
use twisty::sq1::db::{Database, Solutions};
use twisty::{Error, ErrorKind};

use crate::error::{Result, call};
use crate::handle;
use crate::sq1_database::solution_object;

const TYPE_NAME: &str = "Square1SolutionIterator";

/// What a handle of this class points to.
pub(crate) type Cursor = Mutex<Solutions<Arc<Database>>>;

fn cursor<'a>(ptr: jlong) -> Result<&'a Cursor> {
    // SAFETY: the Java side passes only live handles created by
    // `Square1Database.nativeSolutions`, and keeps them alive until every call using them has
    // returned.
    unsafe { handle::borrow::<Cursor>(ptr, TYPE_NAME) }
}

#[jni_mangle("org.twisty.sq1.Square1SolutionIterator")]
pub fn native_free<'local>(mut env: EnvUnowned<'local>, _class: JClass<'local>, ptr: jlong) {
    // SAFETY: the Java handle calls this exactly once, after the last in-flight call.
    call(&mut env, |_env| {
        unsafe { handle::free::<Cursor>(ptr) };
        Ok(())
    })
}

/// The next solution, or `null` when the walk is over.
#[jni_mangle("org.twisty.sq1.Square1SolutionIterator")]
pub fn native_next<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ptr: jlong,
) -> JObject<'local> {
    call(&mut env, |env| {
        let next = {
            let mut walk = cursor(ptr)?.lock().map_err(|_| {
                Error::new(
                    ErrorKind::Panic,
                    "Square1SolutionIterator is unusable: an earlier call panicked",
                )
            })?;
            walk.next()
        };
        match next {
            Some(s) => solution_object(env, &SolutionText::from(s?)),
            None => Ok(JObject::null()),
        }
    })
}
