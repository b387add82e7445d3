//! The easter expansion (work in progress).
