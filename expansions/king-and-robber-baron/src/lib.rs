//! The king-and-robber-baron expansion (work in progress).
