//! The bytes a move is written with: a [`Word`] (a name or sign, copied
//! whole), the [`Buf`] a move is written into at the end of an output, and
//! the squares, as PGN writes them or in a letter set's own file letters.

/// A name or sign of at most [`Word::MAX`] bytes, kept inline so that it
/// is copied whole, padding and all, with one 8-byte copy.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Word {
    pub(super) bytes: [u8; Word::SIZE],
    pub(super) len: u8,
}

impl Word {
    pub(super) const SIZE: usize = 8;
    /// The longest word: the longest any style writes is the Cyrillic
    /// en passant mark, ` е.р.`, 7 bytes; a piece name is at most 4.
    pub(super) const MAX: usize = Word::SIZE - 1;

    /// The word `parts` make together.
    ///
    /// # Panics
    /// Where they are longer than [`Word::MAX`]: the tables are static,
    /// and a test spells every letter set with every convention.
    pub(super) fn of(parts: &[&str]) -> Word {
        let mut word = Word::default();
        let mut len = 0;
        for part in parts {
            let end = len + part.len();
            assert!(
                end <= Word::MAX,
                "a style's word is at most {} bytes",
                Word::MAX
            );
            word.bytes[len..end].copy_from_slice(part.as_bytes());
            len = end;
        }
        word.len = len as u8;
        word
    }
}

/// A move being written at the end of an output: room made for the
/// longest, then cut to what was written. The words are placed straight
/// into the output, and nothing reads them back while they are fresh (a
/// read of bytes just stored in pieces waits for the stores).
pub(super) struct Buf<'a> {
    bytes: &'a mut [u8; Buf::ROOM],
    len: usize,
}

impl Buf<'_> {
    /// The longest move is 53 bytes: seven words (a piece, a sign, a
    /// promotion's brackets and piece, a mate sign, an en passant mark)
    /// and two squares; the last word's padding may pass it by 7.
    pub(super) const ROOM: usize = 64;

    /// Makes room at the end of `out`; once the move is written, the
    /// caller cuts `out` to it ([`Buf::len`]).
    #[inline(always)]
    pub(super) fn at_end(out: &mut Vec<u8>) -> Buf<'_> {
        let start = out.len();
        out.resize(start + Buf::ROOM, 0);
        let bytes =
            <&mut [u8; Buf::ROOM]>::try_from(&mut out[start..]).expect("the room just made");
        Buf { bytes, len: 0 }
    }

    #[inline(always)]
    pub(super) fn word(&mut self, word: &Word) {
        self.bytes[self.len..self.len + Word::SIZE].copy_from_slice(&word.bytes);
        self.len += usize::from(word.len);
    }

    #[inline(always)]
    pub(super) fn byte(&mut self, b: u8) {
        self.bytes[self.len] = b;
        self.len += 1;
    }

    #[inline(always)]
    pub(super) fn square(&mut self, square: shakmaty::Square) {
        self.bytes[self.len..self.len + 2].copy_from_slice(&SQUARE_NAMES[usize::from(square)]);
        self.len += 2;
    }

    /// How long the move is: what of the room `out` keeps.
    pub(super) fn len(&self) -> usize {
        self.len
    }
}

/// How a move's files and squares are written: as PGN writes them, or in
/// a letter set's own file letters.
pub(super) trait Squares: Copy {
    fn file(self, buf: &mut Buf<'_>, file: shakmaty::File);
    fn square(self, buf: &mut Buf<'_>, square: shakmaty::Square);
}

/// PGN's files, `a`-`h`, squares from [`SQUARE_NAMES`].
#[derive(Clone, Copy)]
pub(super) struct LatinFiles;

impl Squares for LatinFiles {
    #[inline(always)]
    fn file(self, buf: &mut Buf<'_>, file: shakmaty::File) {
        buf.byte(file.char() as u8);
    }
    #[inline(always)]
    fn square(self, buf: &mut Buf<'_>, square: shakmaty::Square) {
        buf.square(square);
    }
}

/// A letter set's own file letters (Greek `ε4`).
impl Squares for &[Word; 8] {
    fn file(self, buf: &mut Buf<'_>, file: shakmaty::File) {
        buf.word(&self[usize::from(file)]);
    }
    fn square(self, buf: &mut Buf<'_>, square: shakmaty::Square) {
        self.file(buf, square.file());
        buf.byte(square.rank().char() as u8);
    }
}

/// Every square's name, in shakmaty's order (a1, b1, … h8).
pub(super) const SQUARE_NAMES: [[u8; 2]; 64] = {
    let mut names = [[0; 2]; 64];
    let mut i = 0;
    while i < 64 {
        names[i] = [b'a' + (i % 8) as u8, b'1' + (i / 8) as u8];
        i += 1;
    }
    names
};

/// Appends a square's name (`e4`), taken whole from [`SQUARE_NAMES`].
#[inline(always)]
pub(super) fn push_square(out: &mut Vec<u8>, square: shakmaty::Square) {
    out.extend_from_slice(&SQUARE_NAMES[usize::from(square)]);
}
