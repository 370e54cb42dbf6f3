//! Integration tests of the engine: one binary, one module per concern.

mod by_value;
mod common;
mod deep;
mod estimate;
mod html;
mod lean;
mod limits;
mod observer;
mod parallel;
mod properties;
mod queens;
mod split;
mod tree;
