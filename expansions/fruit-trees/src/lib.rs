//! The fruit-trees expansion (work in progress).
