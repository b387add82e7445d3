//! A simulation summary as one self-contained HTML page (inline CSS and SVG,
//! no script, nothing fetched): who wins and by how much, the first
//! player's edge with its confidence interval, where the points come from
//! per expansion, and how long games last. Drawn from the same [`Summary`]
//! that `--json` prints, so the page and the figures never disagree.

use crate::compare::Comparison;
use crate::simulate::{SCORE_BIN, Summary};
use std::fmt::Write as _;

/// Seat colours that colour-blind readers can tell apart (Okabe–Ito), each
/// with its own dash pattern so that lines differ in shape too.
const SEAT_STYLES: [(&str, &str); 6] = [
    ("#0072b2", ""),
    ("#d55e00", "6 3"),
    ("#009e73", "2 3"),
    ("#cc79a7", "8 3 2 3"),
    ("#e69f00", "12 4"),
    ("#56b4e9", "1 2"),
];

const WIDTH: f64 = 640.0;

/// The report page for `summary`, whose seats are called `names`.
pub fn html(summary: &Summary, names: &[String]) -> String {
    let seat_name = |i: usize| names.get(i).cloned().unwrap_or_else(|| format!("Seat {}", i + 1));
    let title = format!(
        "{} simulated games, {}",
        summary.games,
        if summary.expansions.is_empty() {
            "base game".to_string()
        } else {
            summary.expansions.join(", ")
        }
    );
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\
         <title>{}</title><style>{STYLE}</style></head><body>\n<h1>{}</h1>\n\
         <p class=\"sub\">Seeds {} to {}. Every figure below comes from the same summary as \
         <code>simulate --json</code>.</p>\n",
        escape(&title),
        escape(&title),
        summary.seed,
        summary.seed + summary.games.saturating_sub(1)
    );
    page.push_str(&seat_table(summary, &seat_name));
    page.push_str("<h2>Who wins: win rate per seat with its 95&#160;% confidence interval</h2>\n");
    page.push_str(&win_chart(summary, &seat_name));
    page.push_str(&first_player_edge(summary));
    page.push_str("<h2>Final scores per seat</h2>\n");
    page.push_str(&score_chart(summary, &seat_name));
    page.push_str("<h2>Where the points come from (mean per player per game)</h2>\n");
    page.push_str(&sources_chart(summary));
    page.push_str("<h2>Game length in turns</h2>\n");
    page.push_str(&turns_chart(summary));
    page.push_str("</body></html>\n");
    page
}

/// The page for `simulate --compare`: each measure without and with the
/// expansion, and each difference as an interval around zero (its own
/// scale per row, the measures having different units), then the
/// expansion's points by source.
pub fn comparison_html(c: &Comparison) -> String {
    let title = format!("{} games, each without and with {}", c.games, c.expansion);
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\
         <title>{0}</title><style>{STYLE}</style></head><body>\n<h1>{0}</h1>\n\
         <p class=\"sub\">{2} seeds from {1} on, each played twice. Differences are taken seed by seed, \
         with 95&#160;% intervals; the same figures as <code>simulate --compare --json</code>.</p>\n\
         <table><tr><th>measure</th><th>without</th><th>with</th><th>difference</th></tr>\n",
        escape(&title),
        c.seed,
        c.games
    );
    for m in &c.measures {
        let _ = writeln!(
            page,
            "<tr><td>{}</td><td>{:.2}</td><td>{:.2}</td><td style=\"white-space:nowrap\">{:+.2} [{:+.2}, {:+.2}]</td></tr>",
            escape(&m.name),
            m.without.mean,
            m.with.mean,
            m.difference.mean,
            m.difference.low,
            m.difference.high
        );
    }
    page.push_str("</table>\n<h2>Differences (with − without): an interval clear of the zero line is unlikely to be chance</h2>\n");
    let row = 34.0;
    let height = row * c.measures.len() as f64 + 10.0;
    let mut svg = svg_open(height);
    let (left, right) = (250.0, WIDTH - 20.0);
    let zero = (left + right) / 2.0;
    let _ = write!(
        svg,
        "<line x1=\"{zero}\" y1=\"0\" x2=\"{zero}\" y2=\"{height:.0}\" stroke=\"#999\" stroke-dasharray=\"3 3\"/>"
    );
    for (i, m) in c.measures.iter().enumerate() {
        let d = &m.difference;
        let reach = d.low.abs().max(d.high.abs()).max(1e-9);
        let x = |v: f64| zero + v / reach * (right - zero) * 0.9;
        let y = row * i as f64 + row / 2.0 + 5.0;
        let colour = if d.excludes_zero() { "#d55e00" } else { "#0072b2" };
        let _ = write!(
            svg,
            "<text x=\"4\" y=\"{y:.1}\">{}</text>\
             <line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{colour}\" stroke-width=\"3\"/>\
             <circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"{colour}\"/>",
            escape(&m.name),
            x(d.low),
            x(d.high),
            x(d.mean)
        );
    }
    svg.push_str("</svg>\n");
    page.push_str(&svg);
    let _ = writeln!(
        page,
        "<h2>Points per player per game from {}</h2>\n<table><tr><th>source</th><th>mean</th><th>95&#160;% interval</th></tr>",
        escape(&c.expansion)
    );
    for (source, e) in &c.points_by_source {
        let _ = writeln!(
            page,
            "<tr><td>{}</td><td>{:.2}</td><td>[{:.2}, {:.2}]</td></tr>",
            escape(source),
            e.mean,
            e.low,
            e.high
        );
    }
    page.push_str(
        "</table>\n<h2>Points per player per game by score source</h2>\n\
         <table><tr><th>source</th><th>without</th><th>with</th><th>difference</th></tr>\n",
    );
    for m in &c.sources {
        let _ = writeln!(
            page,
            "<tr><td>{}</td><td>{:.2}</td><td>{:.2}</td><td style=\"white-space:nowrap\">{:+.2} [{:+.2}, {:+.2}]</td></tr>",
            escape(&m.name),
            m.without.mean,
            m.with.mean,
            m.difference.mean,
            m.difference.low,
            m.difference.high
        );
    }
    page.push_str("</table>\n</body></html>\n");
    page
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:700px;margin:1.5em auto;padding:0 1em;color:#222}\
h1{font-size:1.4em;margin-bottom:.2em}h2{font-size:1.05em;margin-top:1.8em}.sub{color:#555;margin-top:0}\
table{border-collapse:collapse}td,th{padding:.25em .8em;text-align:right}th:first-child,td:first-child{text-align:left}\
tr+tr td{border-top:1px solid #ddd}svg{display:block;max-width:100%;height:auto}\
svg text{font-family:system-ui,sans-serif;font-size:12px;fill:#333}.swatch{display:inline-block;width:1.6em;height:.3em;vertical-align:middle;margin-right:.4em}";

fn seat_style(i: usize) -> (&'static str, &'static str) {
    SEAT_STYLES[i % SEAT_STYLES.len()]
}

fn seat_table(s: &Summary, seat_name: &dyn Fn(usize) -> String) -> String {
    let mut out = String::from(
        "<table><tr><th>seat</th><th>mean score</th><th>sd</th><th>win rate</th><th>95&#160;% interval</th></tr>\n",
    );
    for (i, sp) in s.score_by_seat.iter().enumerate() {
        let (lo, hi) = s.win_rate_ci_by_seat.get(i).copied().unwrap_or((0.0, 1.0));
        let _ = writeln!(
            out,
            "<tr><td><span class=\"swatch\" style=\"background:{}\"></span>{}</td><td>{:.1}</td><td>{:.1}</td>\
             <td>{:.1}&#160;%</td><td>{:.1}–{:.1}&#160;%</td></tr>",
            seat_style(i).0,
            escape(&seat_name(i)),
            sp.mean,
            sp.sd,
            100.0 * s.win_rate_by_seat[i],
            100.0 * lo,
            100.0 * hi
        );
    }
    out.push_str("</table>\n");
    out
}

/// Win rates as dots with interval whiskers, against the even share.
fn win_chart(s: &Summary, seat_name: &dyn Fn(usize) -> String) -> String {
    let seats = s.win_rate_by_seat.len();
    let row = 30.0;
    let (left, right) = (150.0, 30.0);
    let height = 40.0 + row * seats as f64;
    let x = |rate: f64| left + rate * (WIDTH - left - right);
    let mut svg = svg_open(height);
    for tick in 0..=10 {
        let rate = f64::from(tick) / 10.0;
        let _ = write!(
            svg,
            "<line x1=\"{0:.1}\" y1=\"10\" x2=\"{0:.1}\" y2=\"{1:.1}\" stroke=\"#eee\"/>\
             <text x=\"{0:.1}\" y=\"{2:.1}\" text-anchor=\"middle\">{3}%</text>",
            x(rate),
            height - 25.0,
            height - 8.0,
            tick * 10
        );
    }
    if seats > 0 {
        let even = 1.0 / seats as f64;
        let _ = write!(
            svg,
            "<line x1=\"{0:.1}\" y1=\"10\" x2=\"{0:.1}\" y2=\"{1:.1}\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\
             <text x=\"{0:.1}\" y=\"9\" text-anchor=\"middle\">even share</text>",
            x(even),
            height - 25.0
        );
    }
    for i in 0..seats {
        let y = 25.0 + row * i as f64;
        let (lo, hi) = s.win_rate_ci_by_seat.get(i).copied().unwrap_or((0.0, 1.0));
        let (colour, _) = seat_style(i);
        let _ = write!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\
             <line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\
             <circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"{colour}\"/>",
            left - 10.0,
            y + 4.0,
            escape(&seat_name(i)),
            x(lo),
            x(hi),
            x(s.win_rate_by_seat[i])
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// The first player's edge in words: the first seat's mean score against
/// the others', and whether its win rate's interval holds the even share.
fn first_player_edge(s: &Summary) -> String {
    let seats = s.score_by_seat.len();
    if seats < 2 {
        return String::new();
    }
    let others = s.score_by_seat[1..].iter().map(|sp| sp.mean).sum::<f64>() / (seats - 1) as f64;
    let (lo, hi) = s.win_rate_ci_by_seat[0];
    let even = 1.0 / seats as f64;
    let verdict = if lo > even {
        "the first seat wins more often than an even share, beyond chance"
    } else if hi < even {
        "the first seat wins less often than an even share, beyond chance"
    } else {
        "no first-player edge in wins can be told from chance at this many games"
    };
    format!(
        "<p>First player's edge: {:+.1} points a game against the other seats' mean; \
         win rate {:.1}&#160;% (95&#160;% interval {:.1}–{:.1}&#160;%, even share {:.1}&#160;%): {verdict}.</p>\n",
        s.score_by_seat[0].mean - others,
        100.0 * s.win_rate_by_seat[0],
        100.0 * lo,
        100.0 * hi,
        100.0 * even
    )
}

/// Score distributions as one frequency line per seat (share of games per bin).
fn score_chart(s: &Summary, seat_name: &dyn Fn(usize) -> String) -> String {
    let bins = s.score_histogram_by_seat.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let games = s.games.max(1) as f64;
    let peak = s
        .score_histogram_by_seat
        .iter()
        .flatten()
        .map(|&c| c as f64 / games)
        .fold(0.0_f64, f64::max)
        .max(0.01);
    let (left, right, top, bottom) = (50.0, 20.0, 15.0, 60.0);
    let height = 260.0;
    let x = |bin: f64| left + bin / bins as f64 * (WIDTH - left - right);
    let y = |share: f64| height - bottom - share / peak * (height - top - bottom);
    let mut svg = svg_open(height);
    axes(&mut svg, left, top, height - bottom, WIDTH - right);
    let step = (bins / 10).max(1);
    for bin in (0..=bins).step_by(step) {
        let _ = write!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            x(bin as f64),
            height - bottom + 16.0,
            bin as i32 * SCORE_BIN
        );
    }
    let _ = write!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">final score (points)</text>\
         <text x=\"{left:.1}\" y=\"{:.1}\" text-anchor=\"end\">{:.0}%</text>",
        (left + WIDTH - right) / 2.0,
        height - bottom + 32.0,
        top + 4.0,
        100.0 * peak
    );
    for (i, counts) in s.score_histogram_by_seat.iter().enumerate() {
        let (colour, dash) = seat_style(i);
        let points: Vec<String> = (0..bins)
            .map(|b| {
                let share = counts.get(b).copied().unwrap_or(0) as f64 / games;
                format!("{:.1},{:.1}", x(b as f64 + 0.5), y(share))
            })
            .collect();
        let _ = write!(
            svg,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" stroke-dasharray=\"{dash}\" points=\"{}\"/>",
            points.join(" ")
        );
    }
    legend(&mut svg, s.score_histogram_by_seat.len(), seat_name, height - 12.0);
    svg.push_str("</svg>\n");
    svg
}

/// Mean points per player per game by source, grouped by who scores them.
fn sources_chart(s: &Summary) -> String {
    let owner = |source: &str| {
        s.expansions
            .iter()
            .find(|id| source == id.as_str() || source.starts_with(&format!("{id}.")))
            .cloned()
            .unwrap_or_else(|| "base game".to_string())
    };
    let mut groups: Vec<(String, Vec<(&str, f64)>)> = Vec::new();
    for (source, points) in &s.points_by_source {
        let group = owner(source);
        match groups.iter_mut().find(|(g, _)| *g == group) {
            Some((_, rows)) => rows.push((source, *points)),
            None => groups.push((group, vec![(source, *points)])),
        }
    }
    let most = s
        .points_by_source
        .iter()
        .map(|(_, p)| *p)
        .fold(0.0_f64, f64::max)
        .max(0.1);
    let row = 22.0;
    let (left, right) = (230.0, 60.0);
    let lines = groups.iter().map(|(_, rows)| rows.len() + 1).sum::<usize>();
    let height = 10.0 + row * lines as f64;
    let mut svg = svg_open(height);
    let mut y = 10.0;
    for (group, rows) in &groups {
        let _ = write!(
            svg,
            "<text x=\"4\" y=\"{:.1}\" style=\"font-weight:bold\">{}</text>",
            y + 14.0,
            escape(group)
        );
        y += row;
        for (source, points) in rows {
            // Under its expansion's heading a source needs only its own part.
            let label = source
                .strip_prefix(group.as_str())
                .and_then(|rest| rest.strip_prefix('.'))
                .unwrap_or(source);
            let w = points.max(0.0) / most * (WIDTH - left - right);
            let _ = write!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\
                 <rect x=\"{left:.1}\" y=\"{:.1}\" width=\"{w:.1}\" height=\"{:.1}\" fill=\"#4a7fb0\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\">{points:.2}</text>",
                left - 8.0,
                y + 14.0,
                escape(label),
                y + 3.0,
                row - 6.0,
                left + w + 5.0,
                y + 14.0
            );
            y += row;
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// Games per length in turns, as bars.
fn turns_chart(s: &Summary) -> String {
    let bins = s.turns_histogram.len().max(1);
    let peak = s.turns_histogram.iter().copied().max().unwrap_or(0).max(1) as f64;
    let (left, right, top, bottom) = (50.0, 20.0, 22.0, 40.0);
    let height = 210.0;
    let width = (WIDTH - left - right) / bins as f64;
    let mut svg = svg_open(height);
    axes(&mut svg, left, top, height - bottom, WIDTH - right);
    for (i, &count) in s.turns_histogram.iter().enumerate() {
        let h = count as f64 / peak * (height - top - bottom);
        let _ = write!(
            svg,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"#4a7fb0\"/>",
            left + width * i as f64 + 0.5,
            height - bottom - h,
            (width - 1.0).max(0.5)
        );
    }
    let step = (bins / 8).max(1);
    for i in (0..bins).step_by(step) {
        let _ = write!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            left + width * (i as f64 + 0.5),
            height - bottom + 16.0,
            s.turns_range.0 as usize + i
        );
    }
    let _ = write!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">turns (mean {:.1}, sd {:.1})</text>\
         <text x=\"{left:.1}\" y=\"{:.1}\">{} games</text>",
        (left + WIDTH - right) / 2.0,
        height - 6.0,
        s.turns.mean,
        s.turns.sd,
        top - 8.0,
        peak
    );
    svg.push_str("</svg>\n");
    svg
}

fn svg_open(height: f64) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {height:.0}\" width=\"{WIDTH}\" height=\"{height:.0}\">"
    )
}

fn axes(svg: &mut String, left: f64, top: f64, bottom: f64, right: f64) {
    let _ = write!(
        svg,
        "<line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{bottom}\" stroke=\"#999\"/>\
         <line x1=\"{left}\" y1=\"{bottom}\" x2=\"{right}\" y2=\"{bottom}\" stroke=\"#999\"/>"
    );
}

fn legend(svg: &mut String, seats: usize, seat_name: &dyn Fn(usize) -> String, y: f64) {
    let mut x = 50.0;
    for i in 0..seats {
        let (colour, dash) = seat_style(i);
        let name = seat_name(i);
        let _ = write!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{0:.1}\" x2=\"{1:.1}\" y2=\"{0:.1}\" stroke=\"{colour}\" stroke-width=\"2\" \
             stroke-dasharray=\"{dash}\"/><text x=\"{2:.1}\" y=\"{3:.1}\">{4}</text>",
            y - 4.0,
            x + 28.0,
            x + 34.0,
            y,
            escape(&name)
        );
        x += 44.0 + 7.5 * name.chars().count() as f64;
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
