//! A checked rules puzzle and its solving: runs the plan's engine over the compiled rules,
//! turns a failure while searching into a diagnostic at the formula, replays every solution
//! against the rules, and fills the report.

use super::deepening::Deepening;
use super::layout::Names;
use super::model::{Formula, SearchFault};
use super::pattern::AutoHeuristic;
use super::plan::{CATALOG, Objective, Plan};
use super::puzzle::RulesPuzzle;
use super::report::{RulesDetails, view};
use super::search::{Search, Stop};
use super::word::{Mask, Word, Words};
use crate::diagnostic::Diagnostic;
use crate::engine::bfs::BfsOutcome;
use crate::engine::layers::Layers;
use crate::engine::{
    Path, Progress, SearchStats, bitmap_bfs, bitmap_layers, ida_star, uniform_cost,
};
use crate::expr::ExprError;
use crate::expr::check::Calls;
use crate::families::family::{Keeps, Puzzle, SearchSize, SolveContext};
use crate::families::state_space::{self, MovePuzzle, Visited};
use crate::report::{Report, Solution, StateView, Stats, Status, Step};
use std::ops::ControlFlow;

type RulesPath<W> = Path<W, u32>;

/// Iterative deepening gives up past this many moves (the bound of a search with no goal).
const MAX_DEPTH: u32 = 1000;

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

impl Puzzle for RulesPuzzle {
    fn summary(&self) -> String {
        let vars = self.rules.layout.vars.len();
        let moves = self.labels.len();
        format!(
            "{vars} state variable{} in {} bits, {moves} move rule{} ({} with parameters fixed)",
            plural(vars),
            self.rules.layout.bits,
            plural(moves),
            self.rules.instances.len()
        )
    }

    /// Every variable (each array element) keeps to its range: the product of the ranges bounds
    /// the states, and `solve.max_states` the ones expanded.
    fn search_size(&self) -> Option<SearchSize> {
        let ranges: f64 = (self.rules.layout.slots.iter())
            .map(|s| ((s.hi as f64) - (s.lo as f64) + 1.0).log10())
            .sum();
        Some(SearchSize {
            states_log10: ranges.min((self.max_states as f64).log10()),
            keeps: Keeps::Every {
                bytes_per_state: self.plan.bytes_per_state(),
            },
        })
    }

    /// The word is chosen once here: a `u64` when the state fits, a `u128` up to 128 bits,
    /// four words up to 256, else the widest word.
    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let bits = self.rules.layout.bits;
        if bits <= u64::BITS {
            self.solve_in::<u64>(ctx)
        } else if bits <= u128::BITS {
            self.solve_in::<u128>(ctx)
        } else if bits <= <Words<4> as Word>::BITS {
            self.solve_in::<Words<4>>(ctx)
        } else {
            self.solve_in::<Mask>(ctx)
        }
    }
}

impl RulesPuzzle {
    fn solve_in<W: Word>(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let search = Search::<W>::new(&self.rules, self.max_states);
        let mut report = Report::new(
            CATALOG.objective_name(self.objective),
            Status::Solved,
            CATALOG.engine_name(self.engine.engine),
            &self.engine.reason,
        );
        report.start = Some(self.view(self.start));
        let start = W::narrow(self.start);
        let mut details = self.details();
        let stats = match (self.driven(), &self.symmetry) {
            (Some(state_space::Plan::Layers { longest, limit, .. }), Some(group)) => {
                let (stats, layers, classes) =
                    self.class_layers(&search, group, start, (longest, limit), &mut report, ctx)?;
                details.layers = Some(layers);
                details.class_counts = Some(classes);
                stats
            }
            (Some(state_space::Plan::AllShortest { counting: true, .. }), Some(group)) => {
                self.class_count(&search, group, start, &mut report, ctx)?
            }
            (Some(plan), _) => {
                let run = Run {
                    puzzle: self,
                    search: &search,
                    start,
                };
                let out = state_space::solve(&run, &plan, &mut report, ctx.progress)?;
                details.layers = out.layers;
                out.stats
            }
            (None, _) if self.plan == Plan::Deepening => {
                self.deepening(&search, start, &mut report, ctx)?
            }
            (None, _) => self.cheapest(&search, start, &mut report, ctx)?,
        };
        self.finish(&mut report, details, stats);
        self.note_no_values(&mut report, &search);
        Ok(report)
    }

    /// The least total cost; with a heuristic planned, A* with the spec's estimate.
    fn cheapest<W: Word>(
        &self,
        search: &Search<W>,
        start: W,
        report: &mut Report,
        ctx: &SolveContext,
    ) -> Result<SearchStats, Diagnostic> {
        let (heuristic, unit) = match self.plan {
            Plan::Cheapest { heuristic, unit } => (heuristic, unit),
            _ => (false, false),
        };
        let unit_cost = self
            .auto_unit
            .filter(|_| heuristic)
            .map(|least| if unit { 1 } else { least });
        let ControlFlow::Continue(auto) = self.auto_tables::<W>(unit_cost, report)? else {
            return Ok(SearchStats::default());
        };
        let cost = |from: &W, mv: &u32, _: &W| if unit { 1 } else { search.cost(*from, *mv) };
        let h = |s: &W| match (&auto, heuristic) {
            (Some(a), _) => a.estimate(*s),
            (None, true) => search.heuristic(*s),
            (None, false) => 0,
        };
        let is_goal = |s: &W| search.is_goal(*s);
        let out = uniform_cost::cheapest_path(search, start, is_goal, cost, h, ctx.progress);
        self.checked(search)?;
        report.stats = Stats::new(out.stats.states, out.stats.elapsed);
        let Some((path, _)) = out.path else {
            report.status = Status::NoSolution;
            return Ok(out.stats);
        };
        let (solution, total) = self.solution(&path)?;
        report.cost = Some(total);
        report
            .notes
            .push(format!("total cost {total} over {} moves", path.len()));
        report.solutions.push(solution);
        Ok(out.stats)
    }

    /// The fewest moves by iterative-deepening A*, with the pattern databases of `heuristic =
    /// "auto"` or the spec's estimate.
    fn deepening<W: Word>(
        &self,
        search: &Search<W>,
        start: W,
        report: &mut Report,
        ctx: &SolveContext,
    ) -> Result<SearchStats, Diagnostic> {
        let ControlFlow::Continue(auto) =
            self.auto_tables::<W>(self.auto_unit.map(|_| 1), report)?
        else {
            return Ok(SearchStats::default());
        };
        let estimate = |s: W| match &auto {
            Some(a) => a.estimate(s),
            None => search.heuristic(s),
        };
        let space = Deepening {
            search,
            estimate: &estimate,
        };
        let mut node = vec![start];
        let out = ida_star::solve(&space, &mut node, MAX_DEPTH, ctx.progress);
        self.checked(search)?;
        let stats = SearchStats {
            states: out.nodes,
            elapsed: out.elapsed,
        };
        report.stats = Stats::new(stats.states, stats.elapsed);
        let Some(moves) = out.moves else {
            report.status = Status::NoSolution;
            return Ok(stats);
        };
        let path = RulesPath {
            start,
            steps: moves,
        };
        let (solution, _) = self.solution(&path)?;
        report.cost = Some(path.len() as u64);
        report.solutions.push(solution);
        Ok(stats)
    }

    /// The pattern databases of `heuristic = "auto"`, each move counted as `unit` (None: the
    /// spec gives no auto heuristic), described in the report's notes. Break: a stop request
    /// came while they were built, so no search runs and nothing was found (the caller marks
    /// the report stopped, as the request was heeded).
    fn auto_tables<W: Word>(
        &self,
        unit: Option<u64>,
        report: &mut Report,
    ) -> Result<ControlFlow<(), Option<AutoHeuristic>>, Diagnostic> {
        let Some(unit) = unit else {
            return Ok(ControlFlow::Continue(None));
        };
        let goal = self.rules.reverse.as_ref().map_or(self.start, |r| r.goal);
        let built = AutoHeuristic::build::<W>(&self.rules, goal, self.start, unit)
            .map_err(|why| self.no_auto_heuristic(&why))?;
        let Some(auto) = built else {
            report
                .notes
                .push("stopped while the pattern databases were built: no search ran".into());
            report.status = Status::NoSolution;
            return Ok(ControlFlow::Break(()));
        };
        report.notes.extend(auto.describe());
        Ok(ControlFlow::Continue(Some(auto)))
    }

    /// The error of a `heuristic = "auto"` that found no table to build, at the heuristic.
    fn no_auto_heuristic(&self, why: &str) -> Diagnostic {
        let message = format!("heuristic = \"auto\" found no pattern database it can build: {why}");
        let help = "give the heuristic as a formula, or leave it out";
        match self.sites.of(Formula::Heuristic) {
            Some(site) => site.error(ExprError::new(message, 0.."auto".len()).help(help)),
            None => Diagnostic::new(message).help(help),
        }
    }

    /// The plan as the move puzzles' driver runs it: every objective but `cheapest`.
    fn driven<W: Word>(&self) -> Option<state_space::Plan<W>> {
        let visited = |bitmap| {
            if bitmap {
                Visited::Bitmap
            } else {
                Visited::HashSet
            }
        };
        Some(match self.plan {
            Plan::Cheapest { .. } | Plan::Deepening => return None,
            Plan::Shortest { bitmap } => state_space::Plan::Shortest {
                visited: visited(bitmap),
            },
            Plan::Bidirectional => state_space::Plan::Bidirectional {
                goal: W::narrow(self.rules.reverse.as_ref().map_or(self.start, |r| r.goal)),
            },
            Plan::AllShortest { limit } => state_space::Plan::AllShortest {
                limit,
                counting: self.objective == Objective::Count,
            },
            Plan::Layers { bitmap } => state_space::Plan::Layers {
                visited: visited(bitmap),
                longest: self.objective == Objective::Longest,
                limit: self.limit,
            },
        })
    }

    fn details(&self) -> RulesDetails {
        RulesDetails {
            state_bits: self.rules.layout.bits,
            move_instances: self.rules.instances.len(),
            states_per_second: 0.0,
            layers: None,
            class_counts: None,
        }
    }

    fn finish(&self, report: &mut Report, mut details: RulesDetails, stats: SearchStats) {
        report.stats = Stats::new(stats.states, stats.elapsed);
        let secs = stats.elapsed.as_secs_f64();
        details.states_per_second = if secs > 0.0 {
            (stats.states as f64 / secs).round()
        } else {
            0.0
        };
        if secs >= 0.001 {
            report.notes.push(format!(
                "{} states in {:.3} s: {} states per second",
                crate::report::group_digits(stats.states as u128),
                secs,
                crate::report::group_digits(details.states_per_second as u128)
            ));
        }
        report.set_details(&details);
    }

    /// A note per formula that had no value for some state (false there; the heuristic: 0),
    /// at its place in the file; and, with no solution, that this may be why.
    fn note_no_values<W: Word>(&self, report: &mut Report, search: &Search<W>) {
        let tally = search.no_values();
        for (formula, count, fault) in &tally {
            let Some(site) = self.sites.of(*formula) else {
                continue;
            };
            let e = ExprError::new(fault.message.clone(), fault.span.clone());
            report.notes.push(if *formula == Formula::Heuristic {
                format!(
                    "{} evaluation{} of the heuristic had no value and counted as 0 (which never overestimates, so the answer stays cheapest); the first: {}",
                    crate::report::group_digits(u128::from(*count)),
                    plural(*count as usize),
                    site.error(e)
                )
            } else {
                site.failure_note(*count, e)
            });
        }
        if !tally.is_empty() && report.status == Status::NoSolution {
            let total: u64 = tally.iter().map(|t| t.1).sum();
            report.notes.push(format!(
                "so \"no solution\" means only that no path was found through the states and moves where these formulas have a value ({} evaluations had none)",
                crate::report::group_digits(u128::from(total))
            ));
        }
    }

    /// The diagnostic for a search that stopped early, if it did.
    pub(super) fn checked<W: Word>(&self, search: &Search<W>) -> Result<(), Diagnostic> {
        match search.stopped() {
            None => Ok(()),
            Some(Stop::Budget(max)) => Err(Diagnostic::new(format!(
                "the search stopped after exploring {} states: more than solve.max_states = {max}",
                crate::report::group_digits(u128::from(search.expanded().saturating_sub(1)))
            ))
            .at(&self.sites.source, self.sites.budget.clone())
            .help(format!(
                "raise the limit, e.g. --set solve.max_states={} (each stored state takes some 30-60 bytes), or add constraints that cut the space",
                max.saturating_mul(4)
            ))),
            Some(Stop::Fault(f)) => Err(self.fault(&f)),
        }
    }

    /// A failure while searching, at its formula, with the move, its parameters and the state.
    fn fault(&self, f: &SearchFault) -> Diagnostic {
        let mut help = String::new();
        if let Some(&(i, s)) = f.at.as_deref() {
            let inst = &self.rules.instances[i as usize];
            let label = &self.labels[inst.rule];
            help = format!(
                "move `{}` ({}) from the state {}; ",
                label.name,
                label.arguments(inst),
                self.view(s).text
            );
        }
        help.push_str(
            "a guard should rule out the moves that would fail, or widen the ranges in [state]",
        );
        let e = ExprError::new(
            format!("while searching: {}", f.fault.message),
            f.fault.span.clone(),
        )
        .help(help);
        match self.sites.of(f.formula) {
            Some(site) => site.error(e),
            None => Diagnostic::new(format!("while searching: {}", f.fault.message))
                .help(e.help.unwrap_or_default()),
        }
    }

    /// A state as the report shows it.
    pub(super) fn view<W: Word>(&self, s: W) -> StateView {
        view(&self.rules.layout, self.display.as_ref(), s)
    }

    fn names(&self) -> Names<'_> {
        Names {
            params: &self.params,
            tables: &self.named_tables,
            vars: &self.rules.layout,
            locals: Vec::new(),
            state: true,
            unroll: Default::default(),
            calls: Calls::Numbers,
            member: None,
        }
    }

    /// The path as the report shows it, replayed against the rules, and its total cost.
    fn solution<W: Word>(&self, path: &RulesPath<W>) -> Result<(Solution, u64), Diagnostic> {
        let total = self.replay(path)?;
        let mut names = self.names();
        let mut before = path.start;
        let mut drawn_before = self.view(before).picture;
        let mut steps = Vec::with_capacity(path.len());
        for (mv, s) in &path.steps {
            let inst = &self.rules.instances[*mv as usize];
            let label = &self.labels[inst.rule];
            let action = label
                .render(inst, before, &mut names, &self.rules.tables)
                .map_err(|e| label.failed(e, inst, &self.view(before).text))?;
            let mut state = self.view(*s);
            if let (Some(now), Some(old)) = (state.picture.as_mut(), &drawn_before) {
                now.mark_changes_from(old);
            }
            drawn_before = state.picture.clone();
            steps.push(Step {
                action,
                state: Some(state),
            });
            before = *s;
        }
        let solution = Solution {
            steps,
            notation: None,
            picture: None,
        };
        Ok((solution, total))
    }

    /// Checks every move of `path` against the rules (guard, effect, constraints) and the goal
    /// at its end; returns the path's total cost.
    fn replay<W: Word>(&self, path: &RulesPath<W>) -> Result<u64, Diagnostic> {
        let mut s = path.start;
        let mut total = 0u64;
        for (k, (mv, claimed)) in path.steps.iter().enumerate() {
            let next = self
                .rules
                .apply(*mv as usize, s)
                .map_err(|f| self.fault(&f))?;
            if next != Some(*claimed) {
                return Err(Diagnostic::internal(format!(
                    "the solution does not replay at move {}",
                    k + 1
                )));
            }
            let cost = self
                .rules
                .cost(*mv as usize, s)
                .map_err(|f| self.fault(&f))?;
            total = total.saturating_add(cost.max(0) as u64);
            s = next.unwrap_or(s);
        }
        if !self.rules.is_goal(s).map_err(|f| self.fault(&f))? {
            return Err(Diagnostic::internal("the solution does not reach the goal"));
        }
        Ok(total)
    }
}

/// One solve of every objective but `cheapest`: the puzzle and its compiled search.
struct Run<'a, W> {
    puzzle: &'a RulesPuzzle,
    search: &'a Search<'a, W>,
    start: W,
}

impl<'a, W: Word> MovePuzzle for Run<'a, W> {
    type Space = Search<'a, W>;
    const NOUN: &'static str = "states";

    fn space(&self) -> &Search<'a, W> {
        self.search
    }

    fn start(&self) -> W {
        self.start
    }

    fn is_goal(&self, s: &W) -> bool {
        self.search.is_goal(*s)
    }

    fn solution(&self, path: &RulesPath<W>) -> Result<Solution, Diagnostic> {
        Ok(self.puzzle.solution(path)?.0)
    }

    fn view(&self, s: &W) -> StateView {
        self.puzzle.view(*s)
    }

    fn checked(&self) -> Result<(), Diagnostic> {
        self.puzzle.checked(self.search)
    }

    fn bitmap_shortest(&self, progress: &Progress) -> Option<BfsOutcome<W, u32>> {
        let is_goal = |s: &W| self.search.is_goal(*s);
        Some(bitmap_bfs::shortest_path(
            self.search,
            self.start,
            is_goal,
            progress,
        ))
    }

    fn bitmap_layers(&self, progress: &Progress) -> Option<Layers<W>> {
        Some(bitmap_layers::explore(self.search, self.start, progress))
    }
}
