//! PDF: the text layer, in reading order.

use super::{Refused, Text};

pub(super) fn to_text(_bytes: &[u8]) -> Result<Text, Refused> {
    Err(Refused("is a PDF, which notate does not read yet".into()))
}
