//! Tells the tests whether `../shared` (the big corpus files) is there:
//! the tests that read nothing else are ignored without it (`cargo test`
//! lists them as ignored, not as passed), and run where it is.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(has_shared)");
    // Looked at again whenever it appears, changes or goes.
    println!("cargo::rerun-if-changed=../shared/corpus");
    let root = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default();
    if std::path::Path::new(&root)
        .join("../shared/corpus")
        .is_dir()
    {
        println!("cargo::rustc-cfg=has_shared");
    }
}
