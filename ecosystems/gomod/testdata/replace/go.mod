module example.com/envaudit-fixture/replace

go 1.26.0

require (
	example.com/envaudit-fixture/localdep v0.0.0
	github.com/BurntSushi/toml v1.4.0
	github.com/google/uuid v1.6.0
)

replace example.com/envaudit-fixture/localdep => ./localdep

replace github.com/google/uuid v1.6.0 => github.com/google/uuid v1.5.0
