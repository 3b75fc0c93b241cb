//! The cache file of a pattern database: a header, then the table as it is used.
//!
//! ```text
//! magic "PSPDB\n" | format version u16 | parameters length u32 | parameters (board, goal, group)
//! | table length u64 | checksum of the table u64 | table
//! ```
//! (integers little-endian). A file is used only when every field agrees with what is wanted;
//! otherwise it is refused with the reason, and the table is rebuilt.

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

/// The table of a file built for `params` with `size` entries, or why it cannot be trusted.
pub fn decode(bytes: Vec<u8>, params: &[u8], size: usize) -> Result<Vec<u8>, String> {
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
    let mut table = bytes;
    table.drain(..header);
    if checksum(&table) != sum {
        return Err("the checksum does not match the contents".into());
    }
    Ok(table)
}

/// Removes the temporary files (`pdb-<checksum>.<PID>.tmp`) of runs that died while writing
/// (kill -9, power loss): a file whose PID is no running process is never renamed into place
/// and would stay forever. Files of live runs are left alone; where the running processes
/// cannot be told (no `/proc`), nothing is removed.
pub fn remove_stale_temporaries(dir: &std::path::Path) {
    if !std::path::Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        let Some(pid) = temporary_pid(&path) else {
            continue;
        };
        if pid != std::process::id() && !std::path::Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// The PID in the name of a cache temporary, `pdb-<16 hex digits>.<PID>.tmp`; None for any
/// other file.
fn temporary_pid(path: &std::path::Path) -> Option<u32> {
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
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(word)).wrapping_mul(0x0100_0000_01b3);
        h ^= h >> 29;
    }
    h ^ bytes.len() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_cache_temporaries_name_a_pid() {
        let pid = |name: &str| temporary_pid(std::path::Path::new(name));
        assert_eq!(pid("pdb-0123456789abcdef.4242.tmp"), Some(4242));
        assert_eq!(pid("/x/pdb-0123456789ABCDEF.7.tmp"), Some(7));
        assert_eq!(pid("pdb-0123456789abcdef.bin"), None);
        assert_eq!(pid("pdb-0123.4242.tmp"), None);
        assert_eq!(pid("pdb-0123456789abcdef.x.tmp"), None);
        assert_eq!(pid("notes.4242.tmp"), None);
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
