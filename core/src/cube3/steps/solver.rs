//! Step solvers for many solves: the tables of each step family opened from a folder (or built
//! in memory) on the first solve that needs them, then shared by every later solve and thread.
//! The bridges hold one of these per handle.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{Kind, StepOptions, StepTables};
use crate::cube3::{Alg, Cube};
use crate::error::Result;
use crate::progress::{CancelToken, Progress};

use super::Step;

/// The step solvers with their tables in one folder, or in memory.
pub struct StepSolver {
    folder: Option<PathBuf>,
    /// The families opened so far. Held while a family is opened, so that two threads asking
    /// for the same family build its file once.
    open: Mutex<Vec<(Kind, StepTables)>>,
}

impl StepSolver {
    /// Tables mapped from their files in `folder` (created when missing), each family's file
    /// built there on the first solve that needs it (see [`StepTables::open_or_build`]).
    pub fn in_folder(folder: impl Into<PathBuf>) -> StepSolver {
        StepSolver {
            folder: Some(folder.into()),
            open: Mutex::new(Vec::new()),
        }
    }

    /// Tables built in memory once per process ([`StepTables::in_memory`]): no files.
    pub fn in_memory() -> StepSolver {
        StepSolver {
            folder: None,
            open: Mutex::new(Vec::new()),
        }
    }

    /// The folder the other 3x3x3 tables use: [`crate::tablefile::cache_dir`].
    pub fn default_folder() -> PathBuf {
        crate::tablefile::cache_dir()
    }

    /// The tables' folder (`None`: in memory).
    pub fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// `step`'s tables: opened (or built, with progress reports) on the first call for its
    /// family. A build stopped by `cancel` is a `cancelled` error and leaves no file; a foreign
    /// file where the family's file belongs is a `database` error and is left as it is.
    pub fn tables(
        &self,
        step: &Step,
        progress: &mut dyn Progress,
        cancel: &CancelToken,
    ) -> Result<StepTables> {
        let Some(folder) = &self.folder else {
            return Ok(StepTables::in_memory(step));
        };
        // A panic elsewhere while the lock was held leaves the list as it was: still valid.
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, t)) = open.iter().find(|(k, _)| *k == step.kind) {
            return Ok(t.clone());
        }
        let tables = StepTables::open_or_build(step, folder, progress, cancel)?;
        open.push((step.kind, tables.clone()));
        Ok(tables)
    }

    /// [`super::solve`] with this solver's tables: the options and the cube's requirement are
    /// checked first, then the step's family is opened (building its file on first use, the
    /// build's reports going to `progress` before the search's), then the search runs. The
    /// timeout counts the search only; `cancel` stops a build too.
    pub fn solve(
        &self,
        step: &Step,
        cube: &Cube,
        opts: &StepOptions,
        cancel: Option<&CancelToken>,
        progress: &mut dyn Progress,
    ) -> Result<Vec<Alg>> {
        opts.validate(step)?;
        step.check_requirement(cube)?;
        let never = CancelToken::new();
        let tables = self.tables(step, progress, cancel.unwrap_or(&never))?;
        super::search_checked(&tables, step, cube, opts, cancel, progress)
    }
}
