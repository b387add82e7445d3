//! The commands of a Markdown page: the `$ ` lines of its `console` blocks,
//! which the README's and the authoring guide's tests run.

/// Every `$ ` line of the page's ```` ```console ```` blocks, in order.
pub fn commands(page: &str) -> Vec<String> {
    blocks(page).into_iter().flatten().collect()
}

/// The `$ ` lines of each ```` ```console ```` block, block by block (a
/// `cd` in one block holds until its end).
pub fn blocks(page: &str) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut in_console = false;
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            in_console = !in_console && line.trim() == "```console";
            if in_console {
                out.push(Vec::new());
            }
            continue;
        }
        if in_console
            && let Some(cmd) = line.strip_prefix("$ ")
            && let Some(block) = out.last_mut()
        {
            block.push(cmd.to_string());
        }
    }
    out
}
