//! The Square-1 choices a user names in words, on the command line (`--metric wca`) and in the
//! web API's JSON (`"metric": "wca"`): one enum each, parsed by clap and by serde alike.

use clap::ValueEnum;
use serde::Deserialize;
use twisty::sq1::Notation;
use twisty::sq1::solve::Metric;

/// A Square-1 notation.
#[derive(Clone, Copy, Default, ValueEnum, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NotationArg {
    #[default]
    Wca,
    Article,
}

impl From<NotationArg> for Notation {
    fn from(n: NotationArg) -> Notation {
        match n {
            NotationArg::Wca => Notation::Wca,
            NotationArg::Article => Notation::Article,
        }
    }
}

/// A Square-1 metric.
#[derive(Clone, Copy, Default, ValueEnum, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MetricArg {
    /// Only `/` counts.
    #[default]
    Twist,
    /// `(x,y)` and `/` count one each.
    Wca,
    /// `(x,0)`, `(0,y)`, `/` count one, `(x,y)` two.
    Face,
}

impl From<MetricArg> for Metric {
    fn from(m: MetricArg) -> Metric {
        match m {
            MetricArg::Twist => Metric::Twist,
            MetricArg::Wca => Metric::Wca,
            MetricArg::Face => Metric::FaceTurn,
        }
    }
}
