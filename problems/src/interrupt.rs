//! Ctrl-C: a long search stops and prints what it has, marked partial, instead of dying
//! with its buffered output lost.

use backtrack::Cancel;

/// Exit status of a run stopped by Ctrl-C.
pub const INTERRUPTED: u8 = 130;

/// A cancellation flag that Ctrl-C sets. Without a handler (one is already set), Ctrl-C
/// still ends the program, only without the partial result.
pub fn cancel_on_ctrl_c() -> Cancel {
    let cancel = Cancel::new();
    let flag = cancel.clone();
    let _ = ctrlc::set_handler(move || flag.cancel());
    cancel
}
