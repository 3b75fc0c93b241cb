//! Every shipped spec is valid and listed.

mod common;

use common::run;

fn shipped_specs() -> Vec<String> {
    let mut specs: Vec<String> = std::fs::read_dir("specs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| p.display().to_string())
        .collect();
    specs.sort();
    specs
}

#[test]
fn every_shipped_spec_checks() {
    let specs = shipped_specs();
    assert!(!specs.is_empty());
    let mut args = vec!["check"];
    args.extend(specs.iter().map(String::as_str));
    let out = run(&args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let stdout = out.stdout;
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("ok  ")).count(),
        specs.len()
    );
}

#[test]
fn list_shows_one_line_per_spec() {
    let out = run(&["list"]);
    assert_eq!(out.code, 0);
    let stdout = out.stdout;
    for spec in shipped_specs() {
        let line = stdout.lines().find(|l| l.starts_with(&spec));
        let line = line.unwrap_or_else(|| panic!("{spec} not listed:\n{stdout}"));
        assert!(!line.contains("(invalid)"), "{line}");
    }
}

#[test]
fn help_and_version() {
    for args in [
        &["--help"][..],
        &["run", "--help"],
        &["check", "--help"],
        &["list", "--help"],
    ] {
        let out = run(args);
        assert_eq!(out.code, 0);
        assert!(out.stdout.contains("Example"));
    }
    assert!(run(&["--version"]).stdout.starts_with("puzzlespec "));
}
