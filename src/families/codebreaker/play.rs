//! `puzzlespec play`: puzzlespec guesses, a human (or a script on a pipe) answers each guess with
//! the two counts, e.g. `1 2`. The codes still possible are shown; an answer that no code fits is
//! refused with "no code fits these answers", and `undo` takes back earlier answers.

use super::sets::all_symbols;
use super::strategy::Player;
use crate::families::{PlayEnd, PlayIo};
use std::io::Result;

enum Command {
    Answer(usize, usize),
    Undo,
    Quit,
    Help,
    Invalid(String),
}

/// What was known before an answered guess, so `undo` can go back to it.
struct Answered {
    guess: usize,
    right: usize,
    wrong: usize,
    candidates: Vec<u32>,
    free: u64,
}

pub fn play(player: &Player, names: &[String; 2], io: &mut PlayIo) -> Result<PlayEnd> {
    let space = player.space;
    let mut candidates: Vec<u32> = (0..space.len() as u32).collect();
    let mut free = all_symbols(space);
    let mut history: Vec<Answered> = Vec::new();
    let out = &mut *io.output;
    writeln!(
        out,
        "Think of a secret code: {} symbols from {}{}.",
        space.length,
        space.symbols.join(" "),
        if space.repeats {
            ", repeats allowed"
        } else {
            ", all different"
        }
    )?;
    writeln!(
        out,
        "Answer each guess with {} and {}, e.g. `1 2`; or type undo, quit, help.",
        names[0], names[1]
    )?;
    'guessing: loop {
        let guess = player.choose(&candidates, free);
        writeln!(
            out,
            "\nguess {}: [ {} ]   ({} {} possible)",
            history.len() + 1,
            space.format_index(guess),
            candidates.len(),
            if candidates.len() == 1 {
                "code"
            } else {
                "codes"
            }
        )?;
        loop {
            write!(out, "{} {}> ", names[0], names[1])?;
            out.flush()?;
            let mut line = String::new();
            if io.input.read_line(&mut line)? == 0 {
                writeln!(out, "\ninput ended before the code was found")?;
                return Ok(PlayEnd::EndOfInput);
            }
            if io.echo {
                writeln!(out, "{}", line.trim_end())?;
            }
            match parse(&line, space.length) {
                Command::Quit => return Ok(PlayEnd::Quit),
                Command::Help => {
                    writeln!(
                        out,
                        "  type two numbers: {} (right symbol, right place) and {} (right \
                         symbol, wrong place), e.g. `1 2`;\n  `undo` takes back the last \
                         answer; `quit` stops.",
                        names[0], names[1]
                    )?;
                }
                Command::Invalid(msg) => writeln!(out, "  {msg} (type help for help)")?,
                Command::Undo => match history.pop() {
                    None => writeln!(out, "  nothing to undo")?,
                    Some(last) => {
                        writeln!(out, "  took back the answer to guess {}", history.len() + 1)?;
                        candidates = last.candidates;
                        free = last.free;
                        continue 'guessing;
                    }
                },
                Command::Answer(right, wrong) => {
                    let fb = space.encode(right, wrong);
                    let next: Vec<u32> = candidates
                        .iter()
                        .copied()
                        .filter(|&s| space.score(guess, s as usize) == fb)
                        .collect();
                    if next.is_empty() {
                        writeln!(out, "  no code fits these answers:")?;
                        for (i, a) in history.iter().enumerate() {
                            writeln!(
                                out,
                                "    {}. [ {} ] {} = {}, {} = {}",
                                i + 1,
                                space.format_index(a.guess),
                                names[0],
                                a.right,
                                names[1],
                                a.wrong
                            )?;
                        }
                        writeln!(
                            out,
                            "    {}. [ {} ] {} = {right}, {} = {wrong}  <- not recorded\n  answer \
                             again, or type undo to take back an earlier answer",
                            history.len() + 1,
                            space.format_index(guess),
                            names[0],
                            names[1]
                        )?;
                        continue;
                    }
                    if fb == space.win() {
                        writeln!(
                            out,
                            "solved in {} guesses: {}",
                            history.len() + 1,
                            space.format_index(guess)
                        )?;
                        return Ok(PlayEnd::Solved);
                    }
                    history.push(Answered {
                        guess,
                        right,
                        wrong,
                        candidates: std::mem::replace(&mut candidates, next),
                        free,
                    });
                    free &= !space.mask(guess);
                    continue 'guessing;
                }
            }
        }
    }
}

fn parse(line: &str, length: usize) -> Command {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    match words.as_slice() {
        ["undo" | "u"] => return Command::Undo,
        ["quit" | "q" | "exit"] => return Command::Quit,
        ["help" | "h" | "?"] => return Command::Help,
        [] => return Command::Invalid("type two numbers".into()),
        _ => {}
    }
    let numbers: Option<Vec<usize>> = words.iter().map(|w| w.parse().ok()).collect();
    let (right, wrong) = match numbers.as_deref() {
        Some([r, w]) => (*r, *w),
        Some([r]) if *r == length => (length, 0),
        _ => {
            return Command::Invalid(format!("`{}` is not two numbers", line.trim()));
        }
    };
    if right + wrong > length {
        return Command::Invalid(format!(
            "{right} + {wrong} is more than the {length} symbols of a code"
        ));
    }
    if length >= 1 && right == length - 1 && wrong == 1 {
        return Command::Invalid(format!(
            "{right} right and 1 misplaced cannot happen: the misplaced one has nowhere to go"
        ));
    }
    Command::Answer(right, wrong)
}
