//! The inns-and-cathedrals expansion (work in progress).
