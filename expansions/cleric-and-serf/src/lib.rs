//! The cleric-and-serf expansion (work in progress).
