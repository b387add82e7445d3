//! Problems found in a user's file, located by file, line and column.

use std::fmt;
use std::ops::Range;

/// One problem in a file, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file's path as given by the caller.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// Byte range of the offending text.
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic for `span` of `source`.
    pub fn at(file: &str, source: &str, span: Range<usize>, message: impl Into<String>) -> Self {
        let start = span.start.min(source.len());
        let before = &source[..floor_char_boundary(source, start)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = source[line_start..floor_char_boundary(source, start)].chars().count() + 1;
        Diagnostic {
            file: file.to_string(),
            line,
            column,
            span,
            message: message.into(),
        }
    }

    /// The diagnostic with the offending source line and a caret under it.
    pub fn render(&self, source: &str) -> String {
        let text = source.lines().nth(self.line.saturating_sub(1)).unwrap_or("");
        self.render_on(source, text)
    }

    /// [`Diagnostic::render`] given the text of its line (without its end).
    fn render_on(&self, source: &str, text: &str) -> String {
        let width = source
            .get(self.span.clone())
            .map(|s| s.lines().next().unwrap_or("").chars().count())
            .unwrap_or(1)
            .clamp(
                1,
                text.chars()
                    .count()
                    .saturating_sub(self.column.saturating_sub(1))
                    .max(1),
            );
        let gutter = self.line.to_string().len();
        format!(
            "error: {}\n{:gutter$}--> {}:{}:{}\n{:gutter$} |\n{} | {}\n{:gutter$} | {}{}\n",
            self.message,
            "",
            self.file,
            self.line,
            self.column,
            "",
            self.line,
            text,
            "",
            " ".repeat(self.column.saturating_sub(1)),
            "^".repeat(width),
        )
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.column, self.message)
    }
}

/// Every problem found in one or more files.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// Each diagnostic rendered ([`Diagnostic::render`]) against `source`,
    /// the lines found in one pass over it: linear in the source and the
    /// diagnostics together (a file with a problem on each of thousands of
    /// tiles), where rendering each alone reads the source up to its line.
    pub fn render_each(&self, source: &str) -> Vec<String> {
        let lines: Vec<&str> = source.lines().collect();
        self.0
            .iter()
            .map(|d| d.render_on(source, lines.get(d.line.saturating_sub(1)).copied().unwrap_or("")))
            .collect()
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_line_and_column() {
        let src = "a = 1\nbb = 'x'\n";
        let d = Diagnostic::at("f.toml", src, 11..14, "bad");
        assert_eq!((d.line, d.column), (2, 6));
        assert_eq!(d.to_string(), "f.toml:2:6: bad");
        assert!(d.render(src).contains("     ^^^"), "{}", d.render(src));
    }

    #[test]
    fn rendered_together_as_alone() {
        let src = "a = 1\nbb = 'x'\n\nccc = [\n  2,\n]";
        let all = Diagnostics(vec![
            Diagnostic::at("f.toml", src, 0..1, "first"),
            Diagnostic::at("f.toml", src, 11..14, "second"),
            Diagnostic::at("f.toml", src, 27..28, "last"),
            Diagnostic::at("f.toml", src, 999..1000, "past the end"),
        ]);
        let alone: Vec<String> = all.0.iter().map(|d| d.render(src)).collect();
        assert_eq!(all.render_each(src), alone);
    }
}
