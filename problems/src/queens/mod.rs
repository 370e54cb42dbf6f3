//! N-Queens: place `n` queens on an `n`×`n` board so that no two attack each other.
//!
//! One queen per row; the operator is the column of the next row's queen. Solutions are
//! reported as the 0-based column of each row's queen, row 0 first.

mod plain;

pub use plain::Queens;
