//! Every shipped spec is valid and listed.

use assert_cmd::Command;

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
    let out = Command::cargo_bin("puzzlespec")
        .unwrap()
        .arg("check")
        .args(&specs)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("ok  ")).count(),
        specs.len()
    );
}

#[test]
fn list_shows_one_line_per_spec() {
    let out = Command::cargo_bin("puzzlespec")
        .unwrap()
        .arg("list")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
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
        let out = Command::cargo_bin("puzzlespec")
            .unwrap()
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert!(String::from_utf8(out.stdout).unwrap().contains("Example"));
    }
    let out = Command::cargo_bin("puzzlespec")
        .unwrap()
        .arg("--version")
        .output()
        .unwrap();
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("puzzlespec ")
    );
}
