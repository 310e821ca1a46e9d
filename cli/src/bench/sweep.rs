//! The sweep points: the base point (the hospital as shipped, 32 NPCs, one thread) and one
//! axis varied at a time from it. NPC counts are measured on every thread count asked for;
//! clutter and chores on one thread, at the base NPC count.

/// NPCs at the base point: the paper's 32 (S:163), one copy of the hospital's 16 thinking
/// characters twice over.
pub const BASE_NPCS: u32 = 32;

/// Which axis a point varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// NPC count and threads.
    Npcs,
    /// Irrelevant smart objects added per copy.
    Objects,
    /// Irrelevant actions added to every thinking archetype.
    Actions,
    /// A controller's target population (`--targets`).
    Target,
}

impl Axis {
    /// Its name in tables and CSV.
    pub fn name(self) -> &'static str {
        match self {
            Axis::Npcs => "npcs",
            Axis::Objects => "objects",
            Axis::Actions => "actions",
            Axis::Target => "target",
        }
    }
}

/// One point of the sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    /// The axis it varies.
    pub axis: Axis,
    /// Thinking NPCs asked for (whole copies are made: at least this many).
    pub npcs: u32,
    /// Clutter per copy (`hospital::add_clutter`).
    pub extra_objects: u32,
    /// Chores per thinking archetype (`hospital::add_chores`).
    pub extra_actions: u32,
    /// Worlds, each stepped on its own thread.
    pub threads: u32,
}

impl Point {
    /// True at the base point: the hospital as shipped, 32 NPCs, one thread.
    pub fn is_base(&self) -> bool {
        self.axis == Axis::Npcs && self.npcs == BASE_NPCS && self.threads == 1
    }
}

/// Every point of the sweep, in order: NPC counts (each on every thread count), then
/// clutter, then chores.
pub fn points(npcs: &[u32], threads: &[u32], objects: &[u32], actions: &[u32]) -> Vec<Point> {
    let base = Point {
        axis: Axis::Npcs,
        npcs: BASE_NPCS,
        extra_objects: 0,
        extra_actions: 0,
        threads: 1,
    };
    let by_npcs = npcs.iter().flat_map(|&n| {
        threads.iter().map(move |&t| Point {
            npcs: n,
            threads: t,
            ..base
        })
    });
    let by_objects = objects.iter().map(|&o| Point {
        axis: Axis::Objects,
        extra_objects: o,
        ..base
    });
    let by_actions = actions.iter().map(|&a| Point {
        axis: Axis::Actions,
        extra_actions: a,
        ..base
    });
    by_npcs.chain(by_objects).chain(by_actions).collect()
}

/// The point that checks a target of `npcs`: the hospital as shipped at that population, on
/// one thread (the target is a share of one core).
pub fn target(npcs: u32) -> Point {
    Point {
        axis: Axis::Target,
        npcs,
        extra_objects: 0,
        extra_actions: 0,
        threads: 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_axis_varies_alone_from_the_base_point() {
        let points = points(&[32, 1000], &[1, 2], &[16], &[4, 12]);
        assert_eq!(points.len(), 2 * 2 + 1 + 2);
        assert_eq!((points[3].npcs, points[3].threads), (1000, 2));
        let objects = points[4];
        assert_eq!(objects.axis, Axis::Objects);
        assert_eq!((objects.npcs, objects.extra_objects), (BASE_NPCS, 16));
        assert_eq!((objects.extra_actions, objects.threads), (0, 1));
        assert_eq!(points[6].extra_actions, 12);
        assert_eq!(points[6].extra_objects, 0);
    }
}
