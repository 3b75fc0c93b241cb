//! The cache file of a pattern database: a header, then the table as it is used.
//!
//! ```text
//! magic "PSPDB\n" | format version u16 | parameters length u32 | parameters (board, goal, group)
//! | table length u64 | checksum of the table u64 | table
//! ```
//! (integers little-endian). A file is used only when every field agrees with what is wanted;
//! otherwise it is refused with the reason, and the table is rebuilt. The table is bytes: the
//! sliding-tiles tables hold one byte per entry, the rules tables two ([`wide_bytes`]); the
//! parameters say which, so one kind of file is never read as the other.

use std::path::{Path, PathBuf};

const MAGIC: &[u8; 6] = b"PSPDB\n";
/// Raised whenever the table's meaning or the layout changes.
const VERSION: u16 = 3;

/// The file's bytes for `table`, built for `params`.
#[cfg(test)]
pub fn encode(params: &[u8], table: &[u8]) -> Vec<u8> {
    let mut out = header(params, table);
    out.extend_from_slice(table);
    out
}

/// The file's bytes before the table (written apart, so that the table is not copied).
pub fn header(params: &[u8], table: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(params.len() + 32);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(params.len() as u32).to_le_bytes());
    out.extend_from_slice(params);
    out.extend_from_slice(&(table.len() as u64).to_le_bytes());
    out.extend_from_slice(&checksum(table).to_le_bytes());
    out
}

/// The table of a file built for `params` with `size` entries, or why it cannot be trusted
/// (for callers that read the file themselves, into room they reserved).
pub fn decode(mut bytes: Vec<u8>, params: &[u8], size: usize) -> Result<Vec<u8>, String> {
    let header = table_start(&bytes, params, size)?;
    bytes.drain(..header);
    Ok(bytes)
}

/// Where the table of a file built for `params` with `size` entries starts, once its header
/// and checksum are verified, or why it cannot be trusted.
fn table_start(bytes: &[u8], params: &[u8], size: usize) -> Result<usize, String> {
    let mut at = 0;
    let mut take = |n: usize| -> Result<&[u8], String> {
        let field = bytes.get(at..at + n).ok_or("the file is cut short")?;
        at += n;
        Ok(field)
    };
    if take(MAGIC.len())? != MAGIC {
        return Err("not a puzzlespec table file, or one of an older format".into());
    }
    let version = u16::from_le_bytes(take(2)?.try_into().map_err(|_| "bad version")?);
    if version != VERSION {
        return Err(format!("format version {version}, expected {VERSION}"));
    }
    let len = u32::from_le_bytes(take(4)?.try_into().map_err(|_| "bad length")?) as usize;
    if take(len)? != params {
        return Err("built for another board, goal or tile group".into());
    }
    let table_len = u64::from_le_bytes(take(8)?.try_into().map_err(|_| "bad length")?);
    if table_len != size as u64 {
        return Err(format!("{table_len} entries, expected {size}"));
    }
    let sum = u64::from_le_bytes(take(8)?.try_into().map_err(|_| "bad checksum")?);
    let header = at;
    if bytes.len() - header != size {
        return Err(format!(
            "{} bytes of table, expected {size}",
            bytes.len() - header
        ));
    }
    if checksum(&bytes[header..]) != sum {
        return Err("the checksum does not match the contents".into());
    }
    Ok(header)
}

/// Where tables are cached: `PUZZLESPEC_CACHE_DIR`, else `$XDG_CACHE_HOME/puzzlespec`, else
/// `~/.cache/puzzlespec`.
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("PUZZLESPEC_CACHE_DIR") {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME") {
        return Some(PathBuf::from(d).join("puzzlespec"));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache").join("puzzlespec"))
}

/// The cache file for tables built for `params` in `dir`: named by their checksum.
pub fn file_for(dir: &Path, params: &[u8]) -> PathBuf {
    dir.join(format!("pdb-{:016x}.bin", checksum(params)))
}

/// Two-byte entries as the file holds them (little-endian).
pub fn wide_bytes(table: &[u16]) -> Vec<u8> {
    table.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Two-byte entries back from [`wide_bytes`].
pub fn wide_entries(bytes: &[u8]) -> Vec<u16> {
    // Filled in place rather than collected: the loop then compiles to vector moves.
    let mut out = vec![0u16; bytes.len() / 2];
    for (x, b) in out.iter_mut().zip(bytes.chunks_exact(2)) {
        *x = u16::from_le_bytes([b[0], b[1]]);
    }
    out
}

/// The cached table of `bytes` bytes built for `params` in `dir`: Ok(None) when there is no
/// file, Err why a file there was refused (it is then rebuilt).
pub fn load(dir: &Path, params: &[u8], bytes: usize) -> Result<Option<Vec<u8>>, String> {
    read_verified(dir, params, bytes, |mut contents, header| {
        contents.drain(..header);
        contents
    })
}

/// [`load`] for a table of two-byte entries ([`wide_bytes`]): `entries` of them, read
/// straight from the file's contents (no copy of the table in between).
pub fn load_wide(dir: &Path, params: &[u8], entries: usize) -> Result<Option<Vec<u16>>, String> {
    read_verified(dir, params, 2 * entries, |contents, header| {
        wide_entries(&contents[header..])
    })
}

/// The file for `params` read and verified, its table (from byte `header`) handed to `take`.
fn read_verified<T>(
    dir: &Path,
    params: &[u8],
    bytes: usize,
    take: impl FnOnce(Vec<u8>, usize) -> T,
) -> Result<Option<T>, String> {
    let file = file_for(dir, params);
    let Ok(contents) = std::fs::read(&file) else {
        return Ok(None);
    };
    match table_start(&contents, params, bytes) {
        Ok(header) => Ok(Some(take(contents, header))),
        Err(why) => Err(format!(
            "cached pattern database {} refused ({why}); rebuilt",
            file.display()
        )),
    }
}

/// Writes the table built for `params` into `dir` through a temporary renamed into place, so
/// that no run reads a half-written file. A failed write only costs a rebuild next time.
pub fn store(dir: &Path, params: &[u8], table: &[u8]) {
    use std::io::Write;
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    remove_stale_temporaries(dir);
    let file = file_for(dir, params);
    let tmp = file.with_extension(format!("{}.tmp", std::process::id()));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(&header(params, table))
            .and_then(|()| f.write_all(table))
    });
    if written.is_ok() {
        let _ = std::fs::rename(&tmp, &file);
    } else {
        let _ = std::fs::remove_file(&tmp);
    }
}

/// Removes the temporary files (`pdb-<checksum>.<PID>.tmp`) of runs that died while writing
/// (kill -9, power loss): a file whose PID is no running process is never renamed into place
/// and would stay forever. Files of live runs are left alone; where the running processes
/// cannot be told (no `/proc`), nothing is removed.
pub fn remove_stale_temporaries(dir: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        let Some(pid) = temporary_pid(&path) else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// The PID in the name of a cache temporary, `pdb-<16 hex digits>.<PID>.tmp`; None for any
/// other file.
fn temporary_pid(path: &Path) -> Option<u32> {
    let name = path.file_name()?.to_str()?;
    let rest = name.strip_prefix("pdb-")?.strip_suffix(".tmp")?;
    let (sum, pid) = rest.split_once('.')?;
    let hex = sum.len() == 16 && sum.bytes().all(|b| b.is_ascii_hexdigit());
    hex.then(|| pid.parse().ok()).flatten()
}

/// A 64-bit FNV-1a-like hash over 8-byte words with a shift-xor per word (so a change in any
/// bit reaches every later bit): quick over 16 MB, and catches corrupted or edited tables.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut step = |word: [u8; 8]| {
        h = (h ^ u64::from_le_bytes(word)).wrapping_mul(0x0100_0000_01b3);
        h ^= h >> 29;
    };
    let words = bytes.chunks_exact(8);
    let rest = words.remainder();
    for chunk in words {
        step(chunk.try_into().expect("8 bytes"));
    }
    if !rest.is_empty() {
        let mut word = [0u8; 8];
        word[..rest.len()].copy_from_slice(rest);
        step(word);
    }
    h ^ bytes.len() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_cache_temporaries_name_a_pid() {
        let pid = |name: &str| temporary_pid(Path::new(name));
        assert_eq!(pid("pdb-0123456789abcdef.4242.tmp"), Some(4242));
        assert_eq!(pid("/x/pdb-0123456789ABCDEF.7.tmp"), Some(7));
        assert_eq!(pid("pdb-0123456789abcdef.bin"), None);
        assert_eq!(pid("pdb-0123.4242.tmp"), None);
        assert_eq!(pid("pdb-0123456789abcdef.x.tmp"), None);
        assert_eq!(pid("notes.4242.tmp"), None);
    }

    /// Two-byte entries survive the file: the bytes are little-endian whatever the machine.
    #[test]
    fn wide_entries_are_stored_and_read_back() {
        let table: Vec<u16> = vec![0, 1, 255, 256, 0x1234, u16::MAX];
        let bytes = wide_bytes(&table);
        assert_eq!(&bytes[4..8], &[0xff, 0, 0, 1]);
        let dir = std::env::temp_dir().join(format!("ps-wide-{}", std::process::id()));
        store(&dir, b"rules", &bytes);
        let back = load(&dir, b"rules", bytes.len()).unwrap().unwrap();
        assert_eq!(wide_entries(&back), table);
        assert_eq!(load(&dir, b"other", bytes.len()), Ok(None));
        assert!(load(&dir, b"rules", 2).unwrap_err().contains("entries"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_is_read_back_only_when_every_field_agrees() {
        let table: Vec<u8> = (0..=255).collect();
        let file = encode(b"board", &table);
        assert_eq!(decode(file.clone(), b"board", 256), Ok(table.clone()));
        assert!(
            decode(file.clone(), b"other", 256)
                .unwrap_err()
                .contains("another board")
        );
        assert!(
            decode(file.clone(), b"board", 16)
                .unwrap_err()
                .contains("entries")
        );
        let mut raised = file.clone();
        let last = raised.len() - 1;
        raised[last] = raised[last].wrapping_add(1);
        assert!(
            decode(raised, b"board", 256)
                .unwrap_err()
                .contains("checksum")
        );
        let mut old = file.clone();
        old[6] = 2;
        assert!(
            decode(old, b"board", 256)
                .unwrap_err()
                .contains("version 2")
        );
        assert!(
            decode(table.clone(), b"board", 256)
                .unwrap_err()
                .contains("older format")
        );
        assert!(
            decode(file[..20].to_vec(), b"board", 256)
                .unwrap_err()
                .contains("cut short")
        );
    }
}
