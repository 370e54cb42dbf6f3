//! For the `backtrack` tool on Linux: compiles `driver/closed_stdout.c` and links it into
//! the binary alone. Rust's runtime reopens a standard stream that was closed at start
//! (`>&-`) as `/dev/null`, read-write, before `main` runs, after which it cannot be told
//! from a `/dev/null` given on purpose (`1<>/dev/null`, Python's `subprocess.DEVNULL`);
//! that C runs first and reopens a closed standard output read-only instead, which the
//! runtime leaves alone and the tool refuses (`driver/output.rs`).

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    #[cfg(feature = "cli")]
    link_closed_stdout_check();
}

#[cfg(feature = "cli")]
fn link_closed_stdout_check() {
    const SOURCE: &str = "src/bin/backtrack/driver/closed_stdout.c";
    println!("cargo::rerun-if-changed={SOURCE}");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux") {
        return;
    }
    // The object itself, not an archive: the linker would leave out an archive member
    // that no symbol is needed from, and this one's only entry is its constructor.
    for object in cc::Build::new().file(SOURCE).compile_intermediates() {
        println!("cargo::rustc-link-arg-bin=backtrack={}", object.display());
    }
}
