//! The text of an office document being written, line by line: each
//! paragraph ends a line; a table is gathered whole and written a row a
//! line, its cells apart (paragraphs and breaks inside a cell apart by a
//! space), but a scoresheet laid out in halves side by side (FIDE's form:
//! `No. White Black` twice on a row, moves 1 to 30 on the left, 31 to 60
//! on the right) is written half after half, in the order its moves were
//! played, the lines of the form left unfilled (a number alone) and the
//! heads of its columns said again over the second half left out.

use crate::input::document::fonts::{Glyphs, with_figurines};

/// A table being read: its rows, the row and the cell being read.
#[derive(Default)]
struct Table {
    rows: Vec<Vec<String>>,
    row: Vec<String>,
    cell: Option<String>,
}

#[derive(Default)]
pub(super) struct Lines {
    pub text: String,
    /// The tables open around the place written, the innermost last.
    tables: Vec<Table>,
    /// A space is owed before the next text.
    space: bool,
}

impl Lines {
    /// Where text goes now: the cell being read, or the text.
    fn target(&mut self) -> (&mut String, bool) {
        match self.tables.last_mut().and_then(|t| t.cell.as_mut()) {
            Some(cell) => (cell, true),
            None => (&mut self.text, false),
        }
    }

    pub fn put(&mut self, piece: &str) {
        if piece.is_empty() {
            return;
        }
        let space = std::mem::take(&mut self.space);
        let (target, _) = self.target();
        if space && !target.is_empty() && !target.ends_with('\n') {
            target.push(' ');
        }
        target.push_str(piece);
    }

    /// `piece`, set in the chess font of letters `font` if any.
    pub fn put_in(&mut self, piece: &str, font: Option<&'static Glyphs>) {
        match font {
            Some(glyphs) => self.put(&with_figurines(piece, glyphs)),
            None => self.put(piece),
        }
    }

    /// The end of a paragraph, or a line break: inside a cell, a space.
    pub fn line(&mut self) {
        let (target, in_cell) = self.target();
        if in_cell {
            self.space = true;
        } else {
            target.push('\n');
            self.space = false;
        }
    }

    pub fn open_table(&mut self) {
        self.tables.push(Table::default());
        self.space = false;
    }

    pub fn open_cell(&mut self) {
        match self.tables.last_mut() {
            Some(table) => table.cell = Some(String::new()),
            None => self.space = true,
        }
        self.space = false;
    }

    pub fn close_cell(&mut self) {
        if let Some(table) = self.tables.last_mut()
            && let Some(cell) = table.cell.take()
        {
            table.row.push(cell.trim().to_string());
        }
        self.space = true;
    }

    pub fn close_row(&mut self) {
        match self.tables.last_mut() {
            Some(table) => {
                let row = std::mem::take(&mut table.row);
                table.rows.push(row);
            }
            None => self.line(),
        }
        self.space = false;
    }

    /// Writes the table read, row by row (half by half, for a
    /// scoresheet), where it stands: in the text, or in the cell of the
    /// table it is in, on the cell's line.
    pub fn close_table(&mut self) {
        let Some(table) = self.tables.pop() else {
            return;
        };
        let lines = table_lines(&table.rows);
        let (target, in_cell) = self.target();
        if in_cell {
            self.space = true;
            for line in lines {
                self.put(&line);
                self.space = true;
            }
        } else {
            if !target.is_empty() && !target.ends_with('\n') {
                target.push('\n');
            }
            for line in lines {
                target.push_str(&line);
                target.push('\n');
            }
            self.space = false;
        }
    }

    /// The text, with the tables left open (a part cut short) written.
    pub fn finish(mut self) -> String {
        while let Some(table) = self.tables.last_mut() {
            if let Some(cell) = table.cell.take() {
                table.row.push(cell);
            }
            if !table.row.is_empty() {
                let row = std::mem::take(&mut table.row);
                table.rows.push(row);
            }
            self.close_table();
        }
        self.text
    }
}

/// The lines of a table: a row a line, its cells apart by a space; a
/// scoresheet in halves ([`halves`]) half after half.
fn table_lines(rows: &[Vec<String>]) -> Vec<String> {
    let join = |cells: &[String]| {
        cells
            .iter()
            .filter(|c| !c.is_empty())
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let Some(width) = halves(rows) else {
        return rows
            .iter()
            .map(|r| join(r))
            .filter(|l| !l.is_empty())
            .collect();
    };
    let groups = rows.iter().map(Vec::len).max().unwrap_or(0) / width;
    let mut lines = Vec::new();
    for group in 0..groups {
        for row in rows {
            let cells = row
                .get(group * width..(group + 1) * width)
                .unwrap_or_default();
            // A line of the form left unfilled: its number alone.
            let unfilled = cells.first().and_then(|c| number(c)).is_some()
                && cells[1..].iter().all(String::is_empty);
            // The heads of the columns, said again over each half.
            let again = group > 0 && row.get(..width) == Some(cells);
            let line = join(cells);
            if !line.is_empty() && !unfilled && !again {
                lines.push(line);
            }
        }
    }
    lines
}

/// The move number a cell holds (`12`, `12.`), if that is all it holds.
fn number(cell: &str) -> Option<u32> {
    cell.strip_suffix('.').unwrap_or(cell).parse().ok()
}

/// Whether the table is a scoresheet in halves side by side, and the
/// width of a half (2 or 3 cells: the number, then the moves): every row
/// as wide, two halves or more, each half's numbered rows counting up by
/// one down the table, each half going on from the last number of the
/// one before it.
fn halves(rows: &[Vec<String>]) -> Option<usize> {
    let len = rows.first()?.len();
    if rows.iter().any(|r| r.len() != len) {
        return None;
    }
    [3, 2].into_iter().find(|&width| {
        if len < 2 * width || len % width != 0 {
            return false;
        }
        let mut last: Option<u32> = None;
        (0..len / width).all(|group| {
            let numbers: Vec<u32> = rows
                .iter()
                .filter_map(|r| number(&r[group * width]))
                .collect();
            let counts_up = numbers.len() >= 2 && numbers.windows(2).all(|w| w[1] == w[0] + 1);
            let goes_on = last.is_none_or(|l| numbers.first() == Some(&(l + 1)));
            last = numbers.last().copied();
            counts_up && goes_on
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn a_scoresheet_in_halves_is_read_half_after_half() {
        let rows = [
            row(&["No.", "White", "Black", "No.", "White", "Black"]),
            row(&["1", "e4", "e5", "4", "Ba4", "Nf6"]),
            row(&["2", "Nf3", "Nc6", "5", "O-O", ""]),
            row(&["3", "Bb5", "a6", "6", "", ""]),
        ];
        assert_eq!(
            table_lines(&rows),
            [
                "No. White Black",
                "1 e4 e5",
                "2 Nf3 Nc6",
                "3 Bb5 a6",
                "4 Ba4 Nf6",
                "5 O-O"
            ]
        );
        // Halves whose numbers do not go on are rows, as is any table.
        let rows = [
            row(&["1", "e4", "e5", "1", "d4", "d5"]),
            row(&["2", "Nf3", "Nc6", "2", "c4", "e6"]),
        ];
        assert_eq!(table_lines(&rows), ["1 e4 e5 1 d4 d5", "2 Nf3 Nc6 2 c4 e6"]);
        let rows = [row(&["1.", "e4 e5"]), row(&["2.", "Nf3 Nc6"])];
        assert_eq!(table_lines(&rows), ["1. e4 e5", "2. Nf3 Nc6"]);
    }

    #[test]
    fn tables_in_cells_stay_on_their_row() {
        let mut lines = Lines::default();
        lines.put("Round 1");
        lines.line();
        lines.open_table();
        lines.open_cell();
        lines.put("1.");
        lines.close_cell();
        lines.open_cell();
        lines.open_table();
        lines.open_cell();
        lines.put("e4");
        lines.line();
        lines.put("e5");
        lines.close_cell();
        lines.close_row();
        lines.close_table();
        lines.close_cell();
        lines.close_row();
        lines.open_cell();
        lines.put("cut short");
        assert_eq!(lines.finish(), "Round 1\n1. e4 e5\ncut short\n");
    }
}
