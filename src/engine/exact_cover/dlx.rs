//! Algorithm C (Knuth, TAOCP 7.2.2.1, "exact covering with colors") over dancing links: the
//! primary item with the fewest options left is covered first (MRV), each of its options is
//! tried in turn, and secondary items either leave with the option (no colour) or keep only the
//! options of the same colour (purify). Groups' budgets cap how many options of a group are
//! chosen.

use super::split::{self, Task};
use super::{Keep, Listing, Problem, Tally};
use crate::engine::Progress;
use crate::engine::split::Shard;

/// The links. Nodes `1..=items` are the item headers (`top` holds an item's length there);
/// then each option's nodes follow a spacer (`top <= 0`) whose `ulink` is the first node of the
/// option before it and whose `dlink` is the last node of the option after it.
#[derive(Clone)]
pub struct Links {
    llink: Vec<u32>,
    rlink: Vec<u32>,
    top: Vec<i32>,
    ulink: Vec<u32>,
    dlink: Vec<u32>,
    color: Vec<i32>,
    /// The option of each node (spacers and headers: unused).
    option: Vec<u32>,
    group: Vec<u32>,
    budget: Vec<u32>,
    /// Each option's first node, for replaying a task's choices.
    first: Vec<u32>,
}

impl Links {
    pub fn new(p: &Problem) -> Links {
        let n = p.primary + p.secondary;
        let mut l = Links {
            llink: vec![0; n + 2],
            rlink: vec![0; n + 2],
            top: vec![0; n + 2],
            ulink: (0..n as u32 + 2).collect(),
            dlink: (0..n as u32 + 2).collect(),
            color: vec![0; n + 2],
            option: vec![0; n + 2],
            group: p.group.clone(),
            budget: p.budget.clone(),
            first: Vec::with_capacity(p.options.len()),
        };
        // Primary items in the active list rooted at 0; secondary ones in their own list
        // rooted at n + 1, so that covering them needs no special case.
        let ring = |l: &mut Links, root: usize, items: std::ops::Range<usize>| {
            let mut prev = root;
            for i in items {
                l.rlink[prev] = i as u32;
                l.llink[i] = prev as u32;
                prev = i;
            }
            l.rlink[prev] = root as u32;
            l.llink[root] = prev as u32;
        };
        ring(&mut l, 0, 1..p.primary + 1);
        ring(&mut l, n + 1, p.primary + 1..n + 1);
        // Node n + 1 is the first spacer.
        let mut spacer = n + 1;
        for (o, option) in p.options.iter().enumerate() {
            let first = l.top.len();
            for e in option {
                let x = e.item as usize + 1;
                let node = l.top.len() as u32;
                l.top.push(x as i32);
                l.top[x] += 1;
                let up = l.ulink[x];
                l.ulink.push(up);
                l.dlink.push(x as u32);
                l.dlink[up as usize] = node;
                l.ulink[x] = node;
                l.color.push(e.colour as i32);
                l.option.push(o as u32);
            }
            let last = l.top.len() - 1;
            l.dlink[spacer] = last as u32;
            l.first.push(first as u32);
            spacer = l.top.len();
            l.top.push(-(o as i32) - 1);
            l.ulink.push(first as u32);
            l.dlink.push(0);
            l.color.push(0);
            l.option.push(0);
        }
        l
    }

    fn hide(&mut self, p: usize) {
        let mut q = p + 1;
        while q != p {
            let x = self.top[q];
            let (u, d) = (self.ulink[q] as usize, self.dlink[q] as usize);
            if x <= 0 {
                q = u;
            } else if self.color[q] < 0 {
                q += 1;
            } else {
                self.dlink[u] = d as u32;
                self.ulink[d] = u as u32;
                self.top[x as usize] -= 1;
                q += 1;
            }
        }
    }

    fn unhide(&mut self, p: usize) {
        let mut q = p - 1;
        while q != p {
            let x = self.top[q];
            let (u, d) = (self.ulink[q] as usize, self.dlink[q] as usize);
            if x <= 0 {
                q = d;
            } else if self.color[q] < 0 {
                q -= 1;
            } else {
                self.dlink[u] = q as u32;
                self.ulink[d] = q as u32;
                self.top[x as usize] += 1;
                q -= 1;
            }
        }
    }

    fn cover(&mut self, i: usize) {
        let mut p = self.dlink[i] as usize;
        while p != i {
            self.hide(p);
            p = self.dlink[p] as usize;
        }
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l as usize] = r;
        self.llink[r as usize] = l;
    }

    fn uncover(&mut self, i: usize) {
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l as usize] = i as u32;
        self.llink[r as usize] = i as u32;
        let mut p = self.ulink[i] as usize;
        while p != i {
            self.unhide(p);
            p = self.ulink[p] as usize;
        }
    }

    fn purify(&mut self, p: usize) {
        let c = self.color[p];
        let i = self.top[p] as usize;
        let mut q = self.dlink[i] as usize;
        // Node `p` keeps its colour (as in Knuth's DLX2), so that unpurify can read it.
        while q != i {
            if self.color[q] != c {
                self.hide(q);
            } else if q != p {
                self.color[q] = -1;
            }
            q = self.dlink[q] as usize;
        }
    }

    fn unpurify(&mut self, p: usize) {
        let c = self.color[p];
        let i = self.top[p] as usize;
        let mut q = self.ulink[i] as usize;
        while q != i {
            if self.color[q] < 0 {
                self.color[q] = c;
            } else if q != p {
                self.unhide(q);
            }
            q = self.ulink[q] as usize;
        }
    }

    /// Takes item `top[p]` out of the search with node `p`'s option.
    fn commit(&mut self, p: usize) {
        let c = self.color[p];
        if c == 0 {
            self.cover(self.top[p] as usize);
        } else if c > 0 {
            self.purify(p);
        }
    }

    fn uncommit(&mut self, p: usize) {
        let c = self.color[p];
        if c == 0 {
            self.uncover(self.top[p] as usize);
        } else if c > 0 {
            self.unpurify(p);
        }
    }

    /// Chooses option `o` outright (replaying a task's path): every item of it committed.
    fn choose(&mut self, o: usize) {
        self.budget[self.group[o] as usize] -= 1;
        let mut p = self.first[o] as usize;
        while self.top[p] > 0 {
            self.commit(p);
            p += 1;
        }
    }

    /// The primary item with the fewest options left, and how many (0: a dead end).
    fn fewest(&self) -> (usize, i32) {
        let (mut best, mut len) = (0, i32::MAX);
        let mut i = self.rlink[0] as usize;
        while i != 0 {
            let l = self.top[i];
            if l < len {
                (best, len) = (i, l);
                if l == 0 {
                    break;
                }
            }
            i = self.rlink[i] as usize;
        }
        (best, len)
    }
}

struct Walk<F> {
    links: Links,
    path: Vec<usize>,
    nodes: u64,
    stopped: bool,
    visit: F,
    cut_depth: usize,
}

impl<F: FnMut(&[usize]) -> bool> Walk<F> {
    fn go(&mut self) -> bool {
        if self.links.rlink[0] == 0 || self.path.len() == self.cut_depth {
            return (self.visit)(&self.path);
        }
        self.nodes += 1;
        if super::stop_seen(self.nodes) {
            self.stopped = true;
            return false;
        }
        let (i, len) = self.links.fewest();
        if len == 0 {
            return true;
        }
        self.links.cover(i);
        let mut x = self.links.dlink[i] as usize;
        let mut going = true;
        while x != i && going {
            let o = self.links.option[x] as usize;
            let g = self.links.group[o] as usize;
            if self.links.budget[g] > 0 {
                going = self.try_option(x, o, g);
            }
            x = self.links.dlink[x] as usize;
        }
        self.links.uncover(i);
        going
    }

    /// Chooses the option of node `x` (its item is covered already), searches on, and undoes.
    fn try_option(&mut self, x: usize, o: usize, g: usize) -> bool {
        let l = &mut self.links;
        l.budget[g] -= 1;
        let mut p = x + 1;
        while p != x {
            if l.top[p] <= 0 {
                p = l.ulink[p] as usize;
            } else {
                l.commit(p);
                p += 1;
            }
        }
        self.path.push(o);
        let going = self.go();
        self.path.pop();
        let l = &mut self.links;
        let mut p = x - 1;
        while p != x {
            if l.top[p] <= 0 {
                p = l.dlink[p] as usize;
            } else {
                l.uncommit(p);
                p -= 1;
            }
        }
        l.budget[g] += 1;
        going
    }
}

/// Walks from the links with `path` chosen, calling `visit` with each cover.
fn walk(
    links: &Links,
    path: &[usize],
    cut_depth: usize,
    visit: impl FnMut(&[usize]) -> bool,
) -> (u64, bool) {
    let mut links = links.clone();
    for &o in path {
        links.choose(o);
    }
    let mut w = Walk {
        links,
        path: path.to_vec(),
        nodes: 0,
        stopped: false,
        visit,
        cut_depth,
    };
    w.go();
    (w.nodes, w.stopped)
}

/// Lists up to `limit` covers that `keep` accepts (all when none) in the search's order (one
/// thread).
pub fn list(p: &Problem, limit: usize, keep: Option<Keep>) -> Listing {
    let links = Links::new(p);
    let mut out = Listing::default();
    let (nodes, stopped) = walk(&links, &[], usize::MAX, |path| {
        if keep.is_none_or(|k| k(path)) {
            out.solutions.push(path.to_vec());
        }
        out.solutions.len() <= limit
    });
    out.nodes = nodes;
    out.stopped = stopped;
    out.complete = !stopped && out.solutions.len() <= limit;
    out.solutions.truncate(limit);
    out
}

/// Counts every cover over all cores; `keep` (when given) is asked of each cover found. With
/// `shard`, only that part's covers (`run --shard K/N`).
pub fn count(p: &Problem, keep: Option<Keep>, progress: &Progress, shard: Option<Shard>) -> Tally {
    let links = Links::new(p);
    let root = Task {
        state: (),
        budget: Vec::new(),
        path: Vec::new(),
    };
    let (tasks, split_nodes, split_whole) =
        split::tasks(root, split::wanted(shard), |task, depth| {
            let mut found = Vec::new();
            let (nodes, stopped) = walk(&links, &task.path, task.path.len() + depth, |path| {
                found.push(Task {
                    state: (),
                    budget: Vec::new(),
                    path: path.to_vec(),
                });
                true
            });
            (found, nodes, stopped)
        });
    let (tasks, split_nodes) = split::mine(tasks, split_nodes, shard);
    let tally = split::run(&tasks, progress, |task| {
        let mut tally = Tally::default();
        let (nodes, stopped) = walk(&links, &task.path, usize::MAX, |path| {
            tally.found(keep, path);
            true
        });
        tally.nodes = nodes;
        tally.complete = !stopped;
        tally
    });
    tally.after_split(split_nodes, split_whole)
}
