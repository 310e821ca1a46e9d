//! Measuring several points in rounds: run k of every point in round k, so that the points'
//! runs span the same minutes. This kind of machine (a VM on a shared host) drifts by 15 % and
//! more within minutes, so a point measured whole before the next compares one minute with
//! another; in rounds, the ratio of two points' runs of one round is free of that drift.

/// The order the points (by place, `0..count`) run in `round`: as listed in even rounds,
/// reversed in odd ones, since the second of two runs in a row tends to run faster (3-10 %
/// on this VM, `scripts/bench-ab`).
pub fn order(count: usize, round: u32) -> Vec<usize> {
    let mut order: Vec<usize> = (0..count).collect();
    if round % 2 == 1 {
        order.reverse();
    }
    order
}

#[cfg(test)]
mod tests {
    use super::order;

    #[test]
    fn every_point_once_a_round_the_order_alternating() {
        assert_eq!(order(3, 0), [0, 1, 2]);
        assert_eq!(order(3, 1), [2, 1, 0]);
        assert_eq!(order(3, 2), [0, 1, 2]);
        assert_eq!(order(1, 7), [0]);
        assert!(order(0, 1).is_empty());
    }
}
