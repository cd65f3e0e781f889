//! How the ranks of a partitioned search talk: a small set of collective operations. The MPI
//! program implements them over MPI (crate `twisty-mpi`); [`Solo`] is one process alone, and
//! [`in_process`] runs several ranks as threads of one process, for tests of the same code.

use std::sync::mpsc::{Receiver, Sender, channel};

use crate::error::{Error, ErrorKind, Result};

/// The collective operations of a partitioned search. Every rank calls each operation in the
/// same order (a rank that stops calling makes the others wait or fail, as MPI does).
pub trait Transport {
    /// This rank, 0..size.
    fn rank(&self) -> usize;
    /// How many ranks take part.
    fn size(&self) -> usize;
    /// Sends `outgoing[peer]` to each peer (this rank's own entry included) and returns what
    /// each peer sent this rank, indexed by sender.
    fn exchange(&mut self, outgoing: Vec<Vec<u64>>) -> Result<Vec<Vec<u64>>>;
    /// The element-wise sum over ranks of `values` (every rank gets it).
    fn sum(&mut self, values: &[u64]) -> Result<Vec<u64>>;
    /// The largest `value` over ranks (every rank gets it).
    fn max(&mut self, value: u64) -> Result<u64>;
    /// Rank `root`'s `words` on every rank (every rank passes a buffer of the same length; the
    /// others' contents are replaced).
    fn broadcast(&mut self, root: usize, words: &mut [u64]) -> Result<()>;
}

/// One process alone.
pub struct Solo;

impl Transport for Solo {
    fn rank(&self) -> usize {
        0
    }
    fn size(&self) -> usize {
        1
    }
    fn exchange(&mut self, outgoing: Vec<Vec<u64>>) -> Result<Vec<Vec<u64>>> {
        Ok(outgoing)
    }
    fn sum(&mut self, values: &[u64]) -> Result<Vec<u64>> {
        Ok(values.to_vec())
    }
    fn max(&mut self, value: u64) -> Result<u64> {
        Ok(value)
    }
    fn broadcast(&mut self, _root: usize, _words: &mut [u64]) -> Result<()> {
        Ok(())
    }
}

/// One rank of [`in_process`]: a channel from every rank (itself included), so that what one
/// sender sends arrives in order, one message per collective operation.
pub struct InProcess {
    rank: usize,
    to: Vec<Sender<Vec<u64>>>,
    from: Vec<Receiver<Vec<u64>>>,
}

/// `size` connected ranks in one process (run each on its own thread).
pub fn in_process(size: usize) -> Vec<InProcess> {
    // channels[s][r]: from sender s to receiver r.
    let mut senders: Vec<Vec<Sender<Vec<u64>>>> = (0..size).map(|_| Vec::new()).collect();
    let mut receivers: Vec<Vec<Receiver<Vec<u64>>>> = (0..size).map(|_| Vec::new()).collect();
    for sender in senders.iter_mut() {
        for receiver in receivers.iter_mut() {
            let (tx, rx) = channel();
            sender.push(tx);
            receiver.push(rx);
        }
    }
    senders
        .into_iter()
        .zip(receivers)
        .enumerate()
        .map(|(rank, (to, from))| InProcess { rank, to, from })
        .collect()
}

impl InProcess {
    fn gone(&self) -> Error {
        Error::new(
            ErrorKind::Cancelled,
            format!("rank {}: another rank stopped", self.rank),
        )
    }

    /// One message to each rank, then one from each.
    fn all_to_all(&mut self, outgoing: Vec<Vec<u64>>) -> Result<Vec<Vec<u64>>> {
        for (tx, msg) in self.to.iter().zip(outgoing) {
            tx.send(msg).map_err(|_| self.gone())?;
        }
        self.from
            .iter()
            .map(|rx| rx.recv().map_err(|_| self.gone()))
            .collect()
    }
}

impl Transport for InProcess {
    fn rank(&self) -> usize {
        self.rank
    }
    fn size(&self) -> usize {
        self.to.len()
    }
    fn exchange(&mut self, outgoing: Vec<Vec<u64>>) -> Result<Vec<Vec<u64>>> {
        assert_eq!(outgoing.len(), self.size(), "one batch per rank");
        self.all_to_all(outgoing)
    }
    fn sum(&mut self, values: &[u64]) -> Result<Vec<u64>> {
        let all = self.all_to_all(vec![values.to_vec(); self.size()])?;
        Ok((0..values.len())
            .map(|i| all.iter().map(|v| v[i]).sum())
            .collect())
    }
    fn max(&mut self, value: u64) -> Result<u64> {
        let all = self.all_to_all(vec![vec![value]; self.size()])?;
        Ok(all.iter().map(|v| v[0]).max().unwrap_or(value))
    }
    fn broadcast(&mut self, root: usize, words: &mut [u64]) -> Result<()> {
        let out = if self.rank == root {
            vec![words.to_vec(); self.size()]
        } else {
            vec![Vec::new(); self.size()]
        };
        let all = self.all_to_all(out)?;
        words.copy_from_slice(&all[root]);
        Ok(())
    }
}
