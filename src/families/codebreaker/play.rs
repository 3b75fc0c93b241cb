//! `puzzlespec play`: puzzlespec guesses, a human (or a script on a pipe) answers each guess with
//! the two counts, e.g. `1 2`. The codes still possible are shown; an answer that no code fits is
//! refused with "no code fits these answers", and `undo` takes back earlier answers.

use super::sets::all_symbols;
use super::strategy::Player;
use crate::families::family::{PlayEnd, PlayIo};
use std::io::{Result, Write};

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

/// The state of a game: the codes still possible and the answers so far.
struct Game<'p, 'a> {
    player: &'p Player<'a>,
    names: &'p [String; 2],
    candidates: Vec<u32>,
    free: u64,
    history: Vec<Answered>,
}

/// What to do after a line of input.
enum Next {
    /// Ask the same guess again.
    Ask,
    /// Choose and show the next guess.
    Guess,
    End(PlayEnd),
}

pub fn play(player: &Player, names: &[String; 2], io: &mut PlayIo) -> Result<PlayEnd> {
    let space = player.space;
    let mut game = Game {
        player,
        names,
        candidates: (0..space.len() as u32).collect(),
        free: all_symbols(space),
        history: Vec::new(),
    };
    game.introduce(io.output)?;
    loop {
        let guess = player.choose(&game.candidates, game.free);
        game.show_guess(io.output, guess)?;
        loop {
            match game.respond(io, guess)? {
                Next::Ask => {}
                Next::Guess => break,
                Next::End(end) => return Ok(end),
            }
        }
    }
}

impl Game<'_, '_> {
    fn introduce(&self, out: &mut dyn Write) -> Result<()> {
        let space = self.player.space;
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
            self.names[0], self.names[1]
        )
    }

    fn show_guess(&self, out: &mut dyn Write, guess: usize) -> Result<()> {
        let left = self.candidates.len();
        writeln!(
            out,
            "\nguess {}: [ {} ]   ({left} {} possible)",
            self.history.len() + 1,
            self.player.space.format_index(guess),
            if left == 1 { "code" } else { "codes" }
        )
    }

    /// Prompts for, reads and carries out one line of input about `guess`.
    fn respond(&mut self, io: &mut PlayIo, guess: usize) -> Result<Next> {
        let names = self.names;
        let out = &mut *io.output;
        write!(out, "{} {}> ", names[0], names[1])?;
        out.flush()?;
        let mut line = String::new();
        if io.input.read_line(&mut line)? == 0 {
            writeln!(out, "\ninput ended before the code was found")?;
            return Ok(Next::End(PlayEnd::EndOfInput));
        }
        if io.echo {
            writeln!(out, "{}", line.trim_end())?;
        }
        match parse(&line, self.player.space.length) {
            Command::Quit => Ok(Next::End(PlayEnd::Quit)),
            Command::Help => {
                writeln!(
                    out,
                    "  type two numbers: {} (right symbol, right place) and {} (right \
                     symbol, wrong place), e.g. `1 2`;\n  `undo` takes back the last \
                     answer; `quit` stops.",
                    names[0], names[1]
                )?;
                Ok(Next::Ask)
            }
            Command::Invalid(msg) => {
                writeln!(out, "  {msg} (type help for help)")?;
                Ok(Next::Ask)
            }
            Command::Undo => self.undo(out),
            Command::Answer(right, wrong) => self.answer(out, guess, right, wrong),
        }
    }

    fn undo(&mut self, out: &mut dyn Write) -> Result<Next> {
        match self.history.pop() {
            None => {
                writeln!(out, "  nothing to undo")?;
                Ok(Next::Ask)
            }
            Some(last) => {
                writeln!(
                    out,
                    "  took back the answer to guess {}",
                    self.history.len() + 1
                )?;
                self.candidates = last.candidates;
                self.free = last.free;
                Ok(Next::Guess)
            }
        }
    }

    /// Records an answer to `guess`, unless no code fits it (then lists the answers so far).
    fn answer(
        &mut self,
        out: &mut dyn Write,
        guess: usize,
        right: usize,
        wrong: usize,
    ) -> Result<Next> {
        let space = self.player.space;
        let fb = space.encode(right, wrong);
        let next: Vec<u32> = self
            .candidates
            .iter()
            .copied()
            .filter(|&s| space.score(guess, s as usize) == fb)
            .collect();
        if next.is_empty() {
            self.show_contradiction(out, guess, right, wrong)?;
            return Ok(Next::Ask);
        }
        if fb == space.win() {
            writeln!(
                out,
                "solved in {} guesses: {}",
                self.history.len() + 1,
                space.format_index(guess)
            )?;
            return Ok(Next::End(PlayEnd::Solved));
        }
        self.history.push(Answered {
            guess,
            right,
            wrong,
            candidates: std::mem::replace(&mut self.candidates, next),
            free: self.free,
        });
        self.free &= !space.mask(guess);
        Ok(Next::Guess)
    }

    fn show_contradiction(
        &self,
        out: &mut dyn Write,
        guess: usize,
        right: usize,
        wrong: usize,
    ) -> Result<()> {
        let (space, names) = (self.player.space, self.names);
        writeln!(out, "  no code fits these answers:")?;
        for (i, a) in self.history.iter().enumerate() {
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
            self.history.len() + 1,
            space.format_index(guess),
            names[0],
            names[1]
        )
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
