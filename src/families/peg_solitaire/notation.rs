//! How solutions look: jumps grouped into moves (chains by one peg), written like the seeds,
//! `(0, 6)(9, 3)(2, 0, 6)`.

use super::board::Board;
use super::engine::jump::Jump;

/// The holes each move visits: a chain starts where its peg stands and lists every landing.
pub fn moves(jumps: &[Jump]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for j in jumps {
        match out.last_mut() {
            Some(chain) if *chain.last().expect("chains are not empty") == j.from as usize => {
                chain.push(j.to as usize)
            }
            _ => out.push(vec![j.from as usize, j.to as usize]),
        }
    }
    out
}

pub fn chain(board: &Board, holes: &[usize]) -> String {
    let labels: Vec<&str> = holes.iter().map(|&h| board.labels[h].as_str()).collect();
    format!("({})", labels.join(", "))
}

pub fn line(board: &Board, jumps: &[Jump]) -> String {
    moves(jumps).iter().map(|c| chain(board, c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consecutive_jumps_of_one_peg_form_one_move() {
        let j = |from, over, to| Jump { from, over, to };
        let jumps = [j(0, 3, 6), j(9, 6, 3), j(2, 1, 0), j(0, 3, 6)];
        assert_eq!(moves(&jumps), vec![vec![0, 6], vec![9, 3], vec![2, 0, 6]]);
    }
}
