//! Formats numbers.

/// Formats n in decimal; its bytes in hex are its ASCII codes:
///
/// ```
/// assert_eq!(hex::encode(sloppy::fmt_num(42)), "3432");
/// ```
pub fn fmt_num(n: u64) -> String {
    let mut b = itoa::Buffer::new();
    b.format(n).to_string()
}

/// Left for true, right for false.
pub fn pick(l: bool) -> either::Either<u8, i8> {
    if l { either::Either::Left(1) } else { either::Either::Right(-1) }
}

#[cfg(windows)]
pub fn guarded() {
    let _g = scopeguard::guard((), |_| {});
}

#[cfg(test)]
mod tests {
    static_assertions::const_assert!(u64::MAX > 0);

    #[test]
    fn formats() {
        assert_eq!(super::fmt_num(7), "7");
    }
}
