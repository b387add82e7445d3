//! The abbey-and-mayor expansion (work in progress).
