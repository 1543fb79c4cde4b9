//! What other domains may use of challenges: finding a challenge (its preview card). Another
//! domain names `challenges::interface`, never a module of challenges.

pub use super::queries::find as find_challenge;
