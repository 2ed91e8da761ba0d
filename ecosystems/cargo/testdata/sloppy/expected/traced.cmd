cargo test --offline --locked
