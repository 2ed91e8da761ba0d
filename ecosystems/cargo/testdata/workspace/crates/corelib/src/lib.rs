cfg_if::cfg_if! {
    if #[cfg(unix)] {
        pub const PREFIX: &str = "#";
    } else {
        pub const PREFIX: &str = "@";
    }
}
