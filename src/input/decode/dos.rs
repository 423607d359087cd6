//! The DOS code pages of old PGN collections, which `encoding_rs` does
//! not have: CP437 (the IBM PC's) and CP850 (DOS Latin-1). Each maps its
//! lower half to ASCII and every byte of its upper half to one character,
//! given here as a table of the 128 (box drawing included, as DOS showed
//! them; no byte is a control character).

/// CP437, bytes 0x80 to 0xFF.
pub(super) static CP437: [char; 128] = [
    'Ç', 'ü', 'é', 'â', 'ä', 'à', 'å', 'ç', 'ê', 'ë', 'è', 'ï', 'î', 'ì', 'Ä', 'Å', 'É', 'æ', 'Æ',
    'ô', 'ö', 'ò', 'û', 'ù', 'ÿ', 'Ö', 'Ü', '¢', '£', '¥', '₧', 'ƒ', 'á', 'í', 'ó', 'ú', 'ñ', 'Ñ',
    'ª', 'º', '¿', '⌐', '¬', '½', '¼', '¡', '«', '»', '░', '▒', '▓', '│', '┤', '╡', '╢', '╖', '╕',
    '╣', '║', '╗', '╝', '╜', '╛', '┐', '└', '┴', '┬', '├', '─', '┼', '╞', '╟', '╚', '╔', '╩', '╦',
    '╠', '═', '╬', '╧', '╨', '╤', '╥', '╙', '╘', '╒', '╓', '╫', '╪', '┘', '┌', '█', '▄', '▌', '▐',
    '▀', 'α', 'ß', 'Γ', 'π', 'Σ', 'σ', 'µ', 'τ', 'Φ', 'Θ', 'Ω', 'δ', '∞', 'φ', 'ε', '∩', '≡', '±',
    '≥', '≤', '⌠', '⌡', '÷', '≈', '°', '∙', '·', '√', 'ⁿ', '²', '■', '\u{a0}',
];

/// CP850, bytes 0x80 to 0xFF.
pub(super) static CP850: [char; 128] = [
    'Ç', 'ü', 'é', 'â', 'ä', 'à', 'å', 'ç', 'ê', 'ë', 'è', 'ï', 'î', 'ì', 'Ä', 'Å', 'É', 'æ', 'Æ',
    'ô', 'ö', 'ò', 'û', 'ù', 'ÿ', 'Ö', 'Ü', 'ø', '£', 'Ø', '×', 'ƒ', 'á', 'í', 'ó', 'ú', 'ñ', 'Ñ',
    'ª', 'º', '¿', '®', '¬', '½', '¼', '¡', '«', '»', '░', '▒', '▓', '│', '┤', 'Á', 'Â', 'À', '©',
    '╣', '║', '╗', '╝', '¢', '¥', '┐', '└', '┴', '┬', '├', '─', '┼', 'ã', 'Ã', '╚', '╔', '╩', '╦',
    '╠', '═', '╬', '¤', 'ð', 'Ð', 'Ê', 'Ë', 'È', 'ı', 'Í', 'Î', 'Ï', '┘', '┌', '█', '▄', '¦', 'Ì',
    '▀', 'Ó', 'ß', 'Ô', 'Ò', 'õ', 'Õ', 'µ', 'þ', 'Þ', 'Ú', 'Û', 'Ù', 'ý', 'Ý', '¯', '´', '\u{ad}',
    '±', '‗', '¾', '¶', '§', '÷', '¸', '°', '¨', '·', '¹', '³', '²', '■', '\u{a0}',
];

/// Appends `bytes` read in the code page `table` to `out`.
pub(super) fn decode_into(table: &[char; 128], bytes: &[u8], out: &mut String) {
    out.reserve(bytes.len());
    for &b in bytes {
        out.push(match b {
            0..0x80 => b as char,
            _ => table[usize::from(b - 0x80)],
        });
    }
}

/// The byte `c` is in the code page `table`, if it has one.
pub(super) fn encode_char(table: &[char; 128], c: char) -> Option<u8> {
    if c.is_ascii() {
        return Some(c as u8);
    }
    let i = table.iter().position(|&t| t == c)?;
    Some(0x80 + i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each table holds 128 different characters, none of them ASCII or
    /// a control character, so every byte reads back as itself.
    #[test]
    fn every_byte_reads_and_writes_back() {
        for table in [&CP437, &CP850] {
            for b in 0..=255u8 {
                let mut text = String::new();
                decode_into(table, &[b], &mut text);
                let c = text.chars().next().unwrap();
                assert!(b < 0x80 || !c.is_control(), "{b:#x}");
                assert_eq!(encode_char(table, c), Some(b), "{b:#x}");
            }
        }
        let mut text = String::new();
        decode_into(&CP437, b"Schottl\x84nder, Br\x81ckner", &mut text);
        assert_eq!(text, "Schottländer, Brückner");
    }
}
