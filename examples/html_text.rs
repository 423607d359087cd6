//! A web page turned into text and nothing more (the bench row of
//! `scripts/bench.sh` for the HTML reading alone): reads each FILE whole,
//! writes its text to standard output.

use std::io::Write;

fn main() -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    for path in std::env::args_os().skip(1) {
        let bytes = std::fs::read(&path)?;
        let text = notate::internals::document::html_to_text(&bytes, None)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?;
        out.write_all(text.text.as_bytes())?;
    }
    Ok(())
}
