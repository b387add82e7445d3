//! The commands of a Markdown page: the `$ ` lines of its `console` blocks,
//! which the README's and the authoring guide's tests run.

/// Every `$ ` line of the page's ```` ```console ```` blocks, in order.
pub fn commands(page: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_console = false;
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            in_console = !in_console && line.trim() == "```console";
            continue;
        }
        if in_console && let Some(cmd) = line.strip_prefix("$ ") {
            out.push(cmd.to_string());
        }
    }
    out
}
