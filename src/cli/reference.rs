//! `puzzlespec completions SHELL` and `puzzlespec man`: generated from the command-line
//! definition in [`args`](super::args), so they never fall behind it.

use super::args::Cli;
use super::output;
use crate::cli::exit;
use clap::CommandFactory;
use std::process::ExitCode;

/// The completion script of `shell` on stdout.
pub fn completions(shell: clap_complete::Shell) -> ExitCode {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "puzzlespec", &mut script);
    output::finish(output::stdout(&String::from_utf8_lossy(&script)), exit::OK)
}

/// The man page (section 1, roff) on stdout, with a section per subcommand.
pub fn man_page() -> ExitCode {
    match render_man_page() {
        Ok(page) => output::finish(output::stdout(&page), exit::OK),
        Err(e) => output::stdout_failed(&e, exit::INTERNAL),
    }
}

fn render_man_page() -> std::io::Result<String> {
    let command = Cli::command();
    let mut page = Vec::new();
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("puzzlespec {}", sub.get_name());
        let sub = sub.clone().bin_name(name.clone());
        roff_section(&mut page, &name, &clap_mangen::Man::new(sub))?;
    }
    man.render_version_section(&mut page)?;
    man.render_extra_section(&mut page)?;
    Ok(String::from_utf8_lossy(&page).into_owned())
}

/// One subcommand as a section of its own, with subsections for its synopsis, description,
/// options and examples.
fn roff_section(page: &mut Vec<u8>, name: &str, man: &clap_mangen::Man) -> std::io::Result<()> {
    let mut body = Vec::new();
    man.render_synopsis_section(&mut body)?;
    man.render_description_section(&mut body)?;
    man.render_options_section(&mut body)?;
    man.render_extra_section(&mut body)?;
    let body = String::from_utf8_lossy(&body).replace(".SH ", ".SS ");
    let heading = format!(".SH \"{}\"\n", name.to_uppercase());
    std::io::Write::write_all(page, heading.as_bytes())?;
    std::io::Write::write_all(page, body.as_bytes())
}
