//! Table: the variables together equal one of a list of allowed rows. Domain consistent: a
//! value stays only while some row that is still possible (every value of it in its variable's
//! domain) uses it.

use super::store::{Bits, Store};

pub struct Table {
    pub vars: Vec<usize>,
    /// Each row as one bit per variable, rows that no domain can hold already left out.
    rows: Vec<Vec<Bits>>,
}

impl Table {
    /// The rows are values (bit `i` is `offset + i`, as in the store); a row with a value
    /// outside the bit sets' span can never hold.
    pub fn new(vars: Vec<usize>, rows: &[Vec<i64>], offset: i64) -> Table {
        let bit = |x: i64| match x.checked_sub(offset) {
            Some(i) if (0..super::WIDTH).contains(&i) => 1 << i,
            _ => 0,
        };
        let rows = rows
            .iter()
            .map(|r| r.iter().map(|&x| bit(x)).collect::<Vec<Bits>>())
            .filter(|r: &Vec<Bits>| r.iter().all(|&b| b != 0))
            .collect();
        Table { vars, rows }
    }

    pub fn propagate(&self, s: &mut Store) -> bool {
        let mut support: Vec<Bits> = vec![0; self.vars.len()];
        for row in &self.rows {
            let possible = row.iter().zip(&self.vars).all(|(&b, &v)| s.dom(v) & b != 0);
            if possible {
                support.iter_mut().zip(row).for_each(|(s, &b)| *s |= b);
            }
        }
        self.vars
            .iter()
            .zip(support)
            .all(|(&v, keep)| s.restrict(v, keep))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_only_values_of_possible_rows() {
        // (x, y) in {(1, 2), (2, 3), (3, 1)}; x in {1, 2}, y in {1, 2, 3}: y loses 1.
        let mut s = Store::new(0, vec![0b110, 0b1110]);
        let t = Table::new(vec![0, 1], &[vec![1, 2], vec![2, 3], vec![3, 1]], 0);
        assert!(t.propagate(&mut s));
        assert_eq!((s.dom(0), s.dom(1)), (0b110, 0b1100));
        assert!(s.restrict(1, 0b1000));
        assert!(t.propagate(&mut s));
        assert_eq!(s.dom(0), 0b100);
        let mut s = Store::new(0, vec![0b1, 0b1]);
        assert!(!t.propagate(&mut s), "(0, 0) is no row");
    }
}
