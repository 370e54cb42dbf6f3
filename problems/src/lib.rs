//! Problems for the [`backtrack`] engine, one module each, and the `backtrack` command-line
//! tool that runs them.
//!
//! - [`queens`]: N-Queens, the flagship: the textbook formulation ([`queens::Queens`]).

pub mod queens;
