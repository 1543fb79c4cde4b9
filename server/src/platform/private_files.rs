//! Files only the server's own user may read: the data directory, the mail outbox (sign-up codes
//! and reset links), the SQLite database and the token secret. Directories are created 0700 and
//! files 0600 (on Unix; elsewhere the platform's defaults apply).

use std::io::Write;
use std::path::Path;

use crate::platform::error::AppError;

/// Creates `dir` (and missing parents) as 0700. Folders that already exist keep their mode: an
/// operator may have chosen it.
pub fn create_dir(dir: &Path) -> Result<(), AppError> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir).map_err(|e| AppError::internal(format!("cannot create {}: {e}", dir.display())))
}

/// Writes a file that only its owner can read (0600 when it is created).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), AppError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options
        .open(path)
        .map_err(|e| AppError::internal(format!("cannot write {}: {e}", path.display())))?;
    file.write_all(bytes).map_err(AppError::internal)
}

/// Creates an empty file, 0600, unless it exists (SQLite then takes an empty file as a new
/// database, and gives its journal and WAL files the same mode).
pub fn create_empty(path: &Path) -> Result<(), AppError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(AppError::internal(format!("cannot create {}: {e}", path.display()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[cfg(unix)]
    #[test]
    fn directories_are_0700_and_files_0600() {
        let root = tempfile::TempDir::new().unwrap();
        let dir = root.path().join("data/outbox");
        create_dir(&dir).unwrap();
        assert_eq!(mode(&root.path().join("data")), 0o700);
        assert_eq!(mode(&dir), 0o700);
        write(&dir.join("a.eml"), b"secret").unwrap();
        assert_eq!(mode(&dir.join("a.eml")), 0o600);
        create_empty(&dir.join("db")).unwrap();
        assert_eq!(mode(&dir.join("db")), 0o600);
        std::fs::write(dir.join("db"), b"kept").unwrap();
        create_empty(&dir.join("db")).unwrap();
        assert_eq!(std::fs::read(dir.join("db")).unwrap(), b"kept", "an existing file is left alone");
    }
}
