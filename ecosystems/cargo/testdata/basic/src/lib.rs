pub fn fmt_num(n: u64) -> String {
    let mut b = itoa::Buffer::new();
    b.format(n).to_string()
}

pub fn checksum(data: &[u8]) -> u32 {
    crc32fast::hash(data)
}

sa::const_assert!(1 + 1 == 2);

pub fn pick(l: bool) -> either::Either<u8, i8> {
    if l { either::Either::Left(1) } else { either::Either::Right(-1) }
}

#[cfg(test)]
mod tests {
    #[test]
    fn hexes() {
        assert_eq!(hex::encode(super::fmt_num(42)), "3432");
    }
}
