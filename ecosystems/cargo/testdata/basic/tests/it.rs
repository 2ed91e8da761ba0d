#[test]
fn works() { assert_eq!(basic::fmt_num(7), "7"); }
