package dpkg

import "regexp"

// Kinds of toolchain packages (ToolchainKind).
const (
	// KindCompiler: compilers, assemblers and linkers, and the libraries
	// only they use (gcc-12, g++-12, cpp-12, clang-16, binutils, libbinutils).
	KindCompiler = "compiler"
	// KindBuild: build systems and their helpers (cmake, make, ninja-build,
	// pkgconf, meson, autoconf, ccache).
	KindBuild = "build"
	// KindLanguage: language runtimes and package managers a CI runner sets
	// up for the project's own ecosystem (python3.11, nodejs, npm,
	// openjdk-17-jdk, maven, golang-go, rustc, cargo).
	KindLanguage = "language"
	// KindDev: version control, debuggers and tracers (git, gdb, strace,
	// valgrind), linters a CI runner provides and test suites run when
	// they find them (shellcheck, as cobra's completion tests do), and
	// Debian's packaged test runners (python3-pytest, bats and its helper
	// libraries, shunit2).
	KindDev = "dev"
)

// toolchain lists, per kind, the Debian and Ubuntu package names of build
// and language tooling. Versioned names (gcc-12, python3.11, openjdk-17-jdk)
// and Debian 13's per-architecture compiler packages (cpp-14-x86-64-linux-
// gnu) are matched by pattern. To add a tool, add its name or a pattern to
// its kind.
var toolchain = []struct {
	kind string
	re   *regexp.Regexp
}{
	{KindCompiler, regexp.MustCompile(`^(gcc|g\+\+|cpp|gfortran|gccgo|gdc|gnat|gm2)(-\d+)?(-[a-z0-9_-]+-linux-gnu[a-z0-9_]*)?$`)},
	{KindCompiler, regexp.MustCompile(`^(clang|clang-tools|clangd|clang-format|clang-tidy|lld|llvm|llvm-tools|lldb|libclang-rt-dev)(-\d+)?$`)},
	{KindCompiler, regexp.MustCompile(`^(binutils(-.+)?|libbinutils|libctf0|libctf-nobfd0|libsframe\d+|libgprofng\d+|mold|tcc|nasm|yasm)$`)},
	{KindBuild, regexp.MustCompile(`^(cmake|cmake-data|cmake-curses-gui|make|make-guile|bmake|ninja-build|meson|scons|autoconf|automake|autotools-dev|libtool|libtool-bin|m4|bison|flex|pkg-config|pkgconf|pkgconf-bin|ccache|distcc|dpkg-dev|build-essential|debhelper|patch)$`)},
	{KindLanguage, regexp.MustCompile(`^(lib)?python3(\.\d+)?(-minimal|-stdlib|-dev|-venv|-pip|-setuptools|-wheel|-distutils|-lib2to3)?$`)},
	{KindLanguage, regexp.MustCompile(`^(nodejs|nodejs-doc|npm|libnode\d+|openjdk-\d+-(jdk|jre)(-headless)?|default-(jdk|jre)(-headless)?|ca-certificates-java|java-common|maven|ant|gradle|golang(-\d+\.\d+)?(-go|-src)?|golang-go|golang-src|rustc|cargo|libstd-rust-[0-9.]+(-dev)?|rust-(gdb|lldb|src)|perl|perl-modules-[0-9.]+|libperl[0-9.]+|ruby(\d\.\d+)?|libruby(\d\.\d+)?)$`)},
	{KindDev, regexp.MustCompile(`^(git|git-man|mercurial|subversion|strace|ltrace|gdb|valgrind|shellcheck|python3-pytest|python3-pluggy|python3-iniconfig|python3-coverage|googletest|bats|bats-assert|bats-file|bats-support|shunit2)$`)},
}

// ToolchainKind returns the kind of tooling a Debian package is
// (KindCompiler, KindBuild, KindLanguage, KindDev), or "" when it is none.
func ToolchainKind(name string) string {
	for _, t := range toolchain {
		if t.re.MatchString(name) {
			return t.kind
		}
	}
	return ""
}
