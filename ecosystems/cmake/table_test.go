package cmake

import (
	"strings"
	"testing"
)

// TestTable checks the shipped table ties the libraries' names together
// as the issue requires, by every kind of name.
func TestTable(t *testing.T) {
	name := func(l *Library) string {
		if l == nil {
			return ""
		}
		return l.Name
	}
	tests := []struct {
		kind string
		by   func(string) *Library
		name string
		want string
	}{
		{"cmake", Libraries.ByCMake, "OpenSSL", "OpenSSL"},
		{"cmake", Libraries.ByCMake, "openssl", "OpenSSL"},
		{"cmake", Libraries.ByCMake, "unofficial-sqlite3", "SQLite3"},
		{"cmake", Libraries.ByCMake, "Threads", ""},
		{"link", Libraries.ByLink, "ssl", "OpenSSL"},
		{"link", Libraries.ByLink, "crypto", "OpenSSL"},
		{"link", Libraries.ByLink, "z", "ZLIB"},
		{"link", Libraries.ByLink, "sqlite3", "SQLite3"},
		{"link", Libraries.ByLink, "curl", "CURL"},
		{"link", Libraries.ByLink, "boost_filesystem", "Boost"},
		{"link", Libraries.ByLink, "gtest_main", "GTest"},
		{"link", Libraries.ByLink, "jq", ""},
		{"pc", Libraries.ByPkgConfig, "libzstd", "zstd"},
		{"pc", Libraries.ByPkgConfig, "libcurl", "CURL"},
		{"pc", Libraries.ByPkgConfig, "nlohmann_json", "nlohmann_json"},
		{"deb", Libraries.ByDeb, "libssl3", "OpenSSL"},
		{"deb", Libraries.ByDeb, "libssl-dev", "OpenSSL"},
		{"deb", Libraries.ByDeb, "zlib1g", "ZLIB"},
		{"deb", Libraries.ByDeb, "zlib1g-dev", "ZLIB"},
		{"deb", Libraries.ByDeb, "libsqlite3-0", "SQLite3"},
		{"deb", Libraries.ByDeb, "libsqlite3-dev", "SQLite3"},
		{"deb", Libraries.ByDeb, "libcurl4", "CURL"},
		{"deb", Libraries.ByDeb, "libzstd1", "zstd"},
		{"deb", Libraries.ByDeb, "nlohmann-json3-dev", "nlohmann_json"},
		{"deb", Libraries.ByDeb, "libboost-filesystem1.74.0", "Boost"},
		{"deb", Libraries.ByDeb, "libboost-filesystem1.74-dev", "Boost"},
		{"deb", Libraries.ByDeb, "libprotobuf32", "Protobuf"},
		{"deb", Libraries.ByDeb, "libfmt9", "fmt"},
		{"deb", Libraries.ByDeb, "libjq1", ""},
		{"vcpkg", Libraries.ByVcpkg, "nlohmann-json", "nlohmann_json"},
		{"vcpkg", Libraries.ByVcpkg, "boost-asio", "Boost"},
		{"conan", Libraries.ByConan, "libcurl", "CURL"},
	}
	for _, tt := range tests {
		if got := name(tt.by(tt.name)); got != tt.want {
			t.Errorf("%s %q → %q, want %q", tt.kind, tt.name, got, tt.want)
		}
	}
	fetch := []struct{ name, url, want string }{
		{"json", "https://github.com/nlohmann/json/releases/download/v3.11.3/json.tar.xz", "nlohmann_json"},
		{"googletest", "https://github.com/google/googletest.git", "GTest"},
		{"googletest", "", "GTest"},
		{"fmt", "git@github.com:fmtlib/fmt.git", "fmt"},
		{"Catch2", "", "Catch2"},
		{"mylib", "https://example.org/mylib.git", ""},
	}
	for _, f := range fetch {
		if got := name(Libraries.ByFetch(f.name, f.url)); got != f.want {
			t.Errorf("ByFetch(%q, %q) = %q, want %q", f.name, f.url, got, f.want)
		}
	}
	for _, l := range Libraries.All() {
		if l.Name == "nlohmann_json" && !l.HeaderOnly || l.Name == "GTest" && !l.Test || l.Name == "PkgConfig" && !l.Tool {
			t.Errorf("row %q has the wrong flags: %+v", l.Name, l)
		}
	}
	if len(Libraries.All()) < 25 {
		t.Errorf("the table has %d rows", len(Libraries.All()))
	}
}

func TestParseTableErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"A link=a\nB link=a\n", `t.txt:2: link name "a" is already A's (line 1)`},
		{"A deb=x\nB alias=a\n", `t.txt:2: cmake name "a" is already A's (line 1)`},
		{"A shiny\n", `t.txt:1: unknown flag "shiny"`},
		{"A colour=red\n", `t.txt:1: unknown key "colour"`},
		{"A link=a,,b\n", `t.txt:1: empty name in "link=a,,b"`},
	}
	for _, tt := range tests {
		_, err := ParseTable(strings.NewReader(tt.src), "t.txt")
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseTable(%q) error = %v, want %q", tt.src, err, tt.want)
		}
	}
	tbl, err := ParseTable(strings.NewReader("# comment\n\nMine header-only deb=libmine-dev repo=me/mine # row comment\n"), "t.txt")
	if err != nil {
		t.Fatal(err)
	}
	if l := tbl.ByDeb("libmine-dev"); l == nil || l.Name != "Mine" || !l.HeaderOnly || l.Line != 3 {
		t.Errorf("ByDeb(libmine-dev) = %+v", l)
	}
}

func TestRepoOf(t *testing.T) {
	for in, want := range map[string]string{
		"https://github.com/nlohmann/json.git":                              "nlohmann/json",
		"https://github.com/nlohmann/json/archive/refs/tags/v3.11.3.tar.gz": "nlohmann/json",
		"git@github.com:fmtlib/fmt.git":                                     "fmtlib/fmt",
		"gh:fmtlib/fmt#10.2.1":                                              "fmtlib/fmt",
		"gh:nlohmann/json@3.11.3":                                           "nlohmann/json",
		"https://gitlab.com/libeigen/eigen.git":                             "libeigen/eigen",
		"https://example.org/x.tar.gz":                                      "",
		"https://github.com/":                                               "",
	} {
		if got := repoOf(in); got != want {
			t.Errorf("repoOf(%q) = %q, want %q", in, got, want)
		}
	}
}
