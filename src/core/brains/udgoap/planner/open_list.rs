//! The open list: a binary max-heap of plan-state ids in the search arena.

use bumpalo::collections::Vec as ArenaVec;
use bumpalo::Bump;

/// States waiting for expansion, best utility first; equal utilities go to the lower id, i.e.
/// the state inserted first ("in the case of a draw, the first will be selected",
/// 000_16db0c300c7e0e65.txt:2010).
pub(crate) struct OpenList<'a> {
    heap: ArenaVec<'a, (f64, u32)>,
}

impl<'a> OpenList<'a> {
    pub(crate) fn new(arena: &'a Bump) -> Self {
        OpenList {
            heap: ArenaVec::new_in(arena),
        }
    }

    pub(crate) fn push(&mut self, utility: f64, id: u32) {
        self.heap.push((utility, id));
        let mut i = self.heap.len() - 1;
        while i > 0 {
            let parent = (i - 1) / 2;
            if !better(self.heap[i], self.heap[parent]) {
                break;
            }
            self.heap.swap(i, parent);
            i = parent;
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    pub(crate) fn pop(&mut self) -> Option<u32> {
        let last = self.heap.len().checked_sub(1)?;
        self.heap.swap(0, last);
        let (_, id) = self.heap.pop()?;
        let mut i = 0;
        loop {
            let mut best = i;
            for child in [2 * i + 1, 2 * i + 2] {
                if child < self.heap.len() && better(self.heap[child], self.heap[best]) {
                    best = child;
                }
            }
            if best == i {
                return Some(id);
            }
            self.heap.swap(i, best);
            i = best;
        }
    }
}

fn better(a: (f64, u32), b: (f64, u32)) -> bool {
    a.0 > b.0 || (a.0 == b.0 && a.1 < b.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_best_first_and_ties_in_insertion_order() {
        let arena = Bump::new();
        let mut open = OpenList::new(&arena);
        for (id, u) in [0.38, 0.38, 0.18, 0.5, 0.38, 0.0].into_iter().enumerate() {
            open.push(u, id as u32);
        }
        let order: Vec<u32> = std::iter::from_fn(|| open.pop()).collect();
        assert_eq!(order, vec![3, 0, 1, 4, 2, 5]);
    }
}
