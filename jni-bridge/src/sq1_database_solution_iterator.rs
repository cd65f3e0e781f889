//! Natives of `org.twisty.sq1.DatabaseSolutionIterator`: a handle to one lazy walk over the
//! shortest solutions of a state ([`twisty::sq1::db::Solutions`], created by
//! `Square1Database.nativeSolutions`). The walk owns a clone of the database's `Arc`, so it stays
//! valid after the database is closed. A walk is `Send` but advancing it needs `&mut`: a `Mutex`
//! serializes Java threads that share one iterator.

use std::sync::{Arc, Mutex};

use jni::objects::{JClass, JObject};
use jni::sys::jlong;
use jni::{EnvUnowned, jni_mangle};
use twisty::api::DatabaseSolutionText;
use twisty::sq1::db::{Database, Solutions};
use twisty::{Error, ErrorKind};

use crate::error::call;
use crate::sq1_database::solution_object;

/// What a handle of this class points to.
pub(crate) type Cursor = Mutex<Solutions<Arc<Database>>>;

crate::handle_class!(fn cursor -> Cursor, "org.twisty.sq1.DatabaseSolutionIterator");

/// The next solution, or `null` when the walk is over. A walk whose lock was poisoned by a
/// panic in an earlier call is refused (an error, never silently resumed).
#[jni_mangle("org.twisty.sq1.DatabaseSolutionIterator")]
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
                    "the solutions iterator is unusable: an earlier call panicked",
                )
            })?;
            walk.next()
        };
        match next {
            Some(s) => solution_object(env, &DatabaseSolutionText::from(s?)),
            None => Ok(JObject::null()),
        }
    })
}
