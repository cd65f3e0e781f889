//! The one error type of the engine.
//!
//! Every failure has a [`ErrorKind`] with a stable numeric code (the same numbers cross the JNI and
//! P/Invoke boundaries and appear in `tests/vectors/`), a message that says what was wrong, and for
//! parse errors the 0-based character position in the input. Java and .NET map each kind to one
//! exception class (see `docs/ARCHITECTURE.md`), carrying the same code and message.

use std::fmt;

/// What went wrong. The numeric codes are stable: never renumber, only append.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Malformed notation or state text (has a position).
    InvalidNotation,
    /// A state that cannot exist on the puzzle, or that an operation cannot accept.
    InvalidState,
    /// A well-formed move that cannot be made in the state it is applied to (for example `/`
    /// while a corner straddles the seam).
    IllegalMove,
    /// A database or table file that is missing, truncated, corrupt or of another version.
    Database,
    /// A long operation was cancelled by its caller.
    Cancelled,
    /// An argument out of range.
    InvalidArgument,
    /// A required argument was null (only the bridges can produce this).
    NullArgument,
    /// A handle was used after it was closed (only the bridges can produce this).
    Closed,
    /// A bug: native code panicked. The library stays usable.
    Panic,
}

impl ErrorKind {
    /// Every kind, in code order.
    pub const ALL: [ErrorKind; 9] = [
        ErrorKind::InvalidNotation,
        ErrorKind::InvalidState,
        ErrorKind::IllegalMove,
        ErrorKind::Database,
        ErrorKind::Cancelled,
        ErrorKind::InvalidArgument,
        ErrorKind::NullArgument,
        ErrorKind::Closed,
        ErrorKind::Panic,
    ];

    /// The stable numeric code (1-based; 0 means "no error" at the FFI boundary).
    pub fn code(self) -> u32 {
        match self {
            ErrorKind::InvalidNotation => 1,
            ErrorKind::InvalidState => 2,
            ErrorKind::IllegalMove => 3,
            ErrorKind::Database => 4,
            ErrorKind::Cancelled => 5,
            ErrorKind::InvalidArgument => 6,
            ErrorKind::NullArgument => 7,
            ErrorKind::Closed => 8,
            ErrorKind::Panic => 9,
        }
    }

    /// The kind with this code, if any.
    pub fn from_code(code: u32) -> Option<ErrorKind> {
        ErrorKind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// A stable lower-case name, used in test vectors.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidNotation => "invalid_notation",
            ErrorKind::InvalidState => "invalid_state",
            ErrorKind::IllegalMove => "illegal_move",
            ErrorKind::Database => "database",
            ErrorKind::Cancelled => "cancelled",
            ErrorKind::InvalidArgument => "invalid_argument",
            ErrorKind::NullArgument => "null_argument",
            ErrorKind::Closed => "closed",
            ErrorKind::Panic => "panic",
        }
    }
}

/// An engine error: kind, message and (for parse errors) position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    position: Option<usize>,
}

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
            position: None,
        }
    }

    /// A parse error at a 0-based character position; the message names the position.
    pub fn notation(position: usize, what: impl fmt::Display) -> Error {
        Error {
            kind: ErrorKind::InvalidNotation,
            message: format!("at position {position}: {what}"),
            position: Some(position),
        }
    }

    pub fn invalid_state(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidState, message)
    }

    pub fn invalid_argument(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidArgument, message)
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    pub fn code(&self) -> u32 {
        self.kind.code()
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    /// 0-based index of the offending character (Unicode scalar value) for parse errors.
    pub fn position(&self) -> Option<usize> {
        self.position
    }

    /// The same error with `position` set (used when a move error is reported against the text
    /// it was parsed from).
    pub fn with_position(mut self, position: usize) -> Error {
        self.position = Some(position);
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_round_trip() {
        for (i, k) in ErrorKind::ALL.iter().enumerate() {
            assert_eq!(k.code(), i as u32 + 1);
            assert_eq!(ErrorKind::from_code(k.code()), Some(*k));
        }
        assert_eq!(ErrorKind::from_code(0), None);
        assert_eq!(ErrorKind::from_code(10), None);
    }

    #[test]
    fn notation_error_names_its_position() {
        let e = Error::notation(4, "expected ','");
        assert_eq!(e.position(), Some(4));
        assert_eq!(e.to_string(), "at position 4: expected ','");
        assert_eq!(e.kind(), ErrorKind::InvalidNotation);
    }
}
