pub fn label(n: u64) -> String {
    let mut b = itoa::Buffer::new();
    format!("{}{}", corelib::PREFIX, b.format(n))
}

#[cfg(test)]
mod tests {
    #[test]
    fn labels() {
        assert_eq!(hex::encode(super::label(1)), "2331");
    }
}
