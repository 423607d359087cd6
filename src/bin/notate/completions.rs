//! `notate completions SHELL`: clap's script for the shell, with bash's
//! taught to complete each entry of a comma-separated list (`--from de,n`
//! offers `nl`), which clap's scripts complete only as a whole word.

use clap::Command;
use clap_complete::Shell;

/// The completion script for `shell`.
pub fn script(shell: Shell, cli: &mut Command) -> Vec<u8> {
    let mut text = Vec::new();
    clap_complete::generate(shell, cli, "notate", &mut text);
    match (shell, String::from_utf8(text)) {
        (Shell::Bash, Ok(script)) => bash_lists(cli, script).into_bytes(),
        (_, Ok(script)) => script.into_bytes(),
        (_, Err(e)) => e.into_bytes(),
    }
}

/// Makes the completion of each flag that takes a list complete the entry
/// after the last delimiter, keeping the entries before it.
fn bash_lists(cli: &Command, mut script: String) -> String {
    for arg in cli.get_arguments() {
        let Some(delimiter) = arg.get_value_delimiter() else {
            continue;
        };
        let names: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| v.get_name().to_string())
            .collect();
        let words = names.join(" ");
        // The word being completed is `${cur}`: `${cur##*,}` is its last
        // entry, and what stands before that is put back with `-P`.
        let whole = format!(r#"compgen -W "{words}" -- "${{cur}}""#);
        let last = format!(
            r#"compgen -P "${{cur%"${{cur##*{delimiter}}}"}}" -W "{words}" -- "${{cur##*{delimiter}}}""#
        );
        script = script.replace(&whole, &last);
    }
    script
}
