//! Password rules and argon2id hashing (OWASP's minimum: 19 MiB, 2 passes, 1 lane).

use std::collections::HashSet;
use std::sync::OnceLock;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::platform::error::{AppError, ErrorCode};

pub const MEMORY_KIB: u32 = 19 * 1024;
pub const PASSES: u32 = 2;
pub const LANES: u32 = 1;
/// Longer passwords are refused before hashing, so nobody can make the server hash megabytes.
pub const MAX_PASSWORD_CHARS: usize = 256;
pub const MIN_PASSWORD_CHARS: usize = 8;

fn hasher() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, PASSES, LANES, None).expect("constant argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The 3,000 most common passwords, most common first (the head of Django's
/// `common-passwords.txt`, BSD-3-Clause; see docs/security.md).
const COMMON_PASSWORDS: &str = include_str!("common-passwords.txt");

fn is_common(password: &str) -> bool {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    let set = SET.get_or_init(|| COMMON_PASSWORDS.lines().map(str::trim).filter(|l| !l.is_empty()).collect());
    set.contains(password.trim().to_lowercase().as_str())
}

/// Checks length, triviality and commonness; the message goes back to the player as is.
pub fn validate(password: &str) -> Result<(), AppError> {
    let chars = password.chars().count();
    if chars < MIN_PASSWORD_CHARS {
        return Err(AppError::refused(ErrorCode::InvalidPassword, "Passwords need at least 8 characters."));
    }
    if chars > MAX_PASSWORD_CHARS {
        return Err(AppError::refused(
            ErrorCode::InvalidPassword,
            "Passwords can have at most 256 characters.",
        ));
    }
    let mut all = password.chars();
    let first = all.next();
    if all.all(|c| Some(c) == first) {
        return Err(AppError::refused(
            ErrorCode::InvalidPassword,
            "Please choose a password that is not one repeated character.",
        ));
    }
    if is_common(password) {
        return Err(AppError::refused(
            ErrorCode::InvalidPassword,
            "That password is too common. Please choose another.",
        ));
    }
    Ok(())
}

/// A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) with a fresh random salt.
pub fn hash(password: &str) -> Result<String, AppError> {
    let salt = SaltString::generate(&mut OsRng);
    hasher()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AppError::internal(format!("argon2: {e}")))
}

/// Whether `password` matches `stored`; `None` (unknown account, or no password set) still
/// costs one full verification against a dummy hash, so timing does not tell accounts apart.
pub fn verify(password: &str, stored: Option<&str>) -> bool {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let dummy = DUMMY.get_or_init(|| hash("dummy password never matches").unwrap_or_default());
    let Ok(parsed) = PasswordHash::new(stored.unwrap_or(dummy)) else {
        return false;
    };
    let matches = hasher().verify_password(password.as_bytes(), &parsed).is_ok();
    matches && stored.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_passwords_are_refused_whatever_their_case() {
        assert_eq!(COMMON_PASSWORDS.lines().count(), 3000);
        for common in ["password", "12345678", "Password1", "iloveyou", "QWERTYUIOP"] {
            assert!(validate(common).is_err(), "{common}");
        }
        assert!(validate("correct horse battery").is_ok());
    }
}
