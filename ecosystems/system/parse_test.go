package system

import (
	"fmt"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// got renders installs as "line:name[spec]" for compact comparisons.
func got(ps []aptInstall) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%d:%s%s", p.line, p.name, p.spec))
	}
	return out
}

func TestShellInstalls(t *testing.T) {
	tests := []struct {
		name, script string
		want         []string
	}{
		{"plain", "apt-get install -y jq", []string{"1:jq"}},
		{"update-and-install", "apt-get update && apt-get install -y --no-install-recommends curl ca-certificates && rm -rf /var/lib/apt/lists/*",
			[]string{"1:curl", "1:ca-certificates"}},
		{"continuation", "apt-get install -y \\\n  libssl-dev \\\n  zlib1g-dev", []string{"2:libssl-dev", "3:zlib1g-dev"}},
		{"sudo-env-assignments", "sudo -E DEBIAN_FRONTEND=noninteractive apt-get -qq install tree", []string{"1:tree"}},
		{"assignment-then-sudo", "DEBIAN_FRONTEND=noninteractive sudo apt install -y tree", []string{"1:tree"}},
		{"options-with-arguments", "apt-get -o Dpkg::Options::=--force-confold install -t bookworm-backports -y -o APT::Get::Foo=1 cmake",
			[]string{"1:cmake"}},
		{"pins-and-qualifiers", "apt-get install foo=1.2-1 bar/bookworm-backports libc6:i386 Baz+ qux-",
			[]string{"1:foo=1.2-1", "1:bar/bookworm-backports", "1:libc6", "1:baz"}},
		{"not-packages", `apt-get install ./local.deb /tmp/x.deb "$PKGS" ${EXTRA} 'lib*' foo=`, []string{}},
		{"quotes", `apt-get install "jq" 'tree' \z\s\t\d`, []string{"1:jq", "1:tree", "1:zstd"}},
		{"aptitude-and-path", "/usr/bin/apt-get install -y pa && aptitude install pb", []string{"1:pa", "1:pb"}},
		{"other-subcommands", "apt-get remove jq; apt-get build-dep hello; apt-cache show tree; apt-get", []string{}},
		{"comment", "apt-get install jq # and tree\n# apt-get install curl", []string{"1:jq"}},
		{"subshell-and-pipe", "(cd /x && apt-get install -y pa) | tee log; x=$(apt-get install pb)", []string{"1:pa", "1:pb"}},
		{"if-block", "if [ -n \"$CI\" ]; then\n  apt-get install -y pa\nfi", []string{"2:pa"}},
		{"unterminated-quote", "apt-get install 'jq", []string{"1:jq"}},
		{"env-wrapper", "env -i PATH=/usr/bin apt-get install px", []string{"1:px"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out []aptInstall
			for _, cmd := range newScript(tt.script, 1).commands() {
				out = append(out, installs(cmd)...)
			}
			if diff := cmp.Diff(tt.want, got(out)); diff != "" {
				t.Errorf("installs (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseDockerfile(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"continued", "FROM debian:12\nRUN apt-get update \\\n    # the tools\n    && apt-get install -y \\\n       jq \\\n\n       tree\n", []string{"5:jq", "7:tree"}},
		{"lowercase-and-flags", "from x\nrun --mount=type=cache,target=/var/cache/apt --network=host apt-get install -y pa\n", []string{"2:pa"}},
		{"exec-form", `RUN ["apt-get", "install", "-y", "pb"]`, []string{"1:pb"}},
		{"not-json-is-shell", `RUN [ -f x ] && apt-get install pc`, []string{"1:pc"}},
		{"heredoc", "RUN <<EOF\nset -e\napt-get update\napt-get install -y pd \\\n  pe\nEOF\nRUN apt-get install pf\n", []string{"4:pd", "5:pe", "7:pf"}},
		{"heredoc-dash-quoted", "RUN <<-'END' bash\n\tapt-get install pg\n\tEND\n", []string{"2:pg"}},
		{"escape-directive", "# escape=`\nFROM mcr.microsoft.com/windows\nRUN apt-get install `\n  ph\n", []string{"4:ph"}},
		{"directive-only-at-top", "FROM x\n# escape=`\nRUN apt-get install pi \\\n pj\n", []string{"3:pi", "4:pj"}},
		{"other-instructions", "ENV A=\"apt-get install no\"\nCMD apt-get install no\nLABEL x=y\n", []string{}},
		{"crlf", "RUN apt-get install pk \\\r\n  pl\r\n", []string{"1:pk", "2:pl"}},
		{"continuation-at-eof", "RUN apt-get install pm \\\n", []string{"1:pm"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps, err := parseDockerfile("Dockerfile", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got(ps)); diff != "" {
				t.Errorf("parseDockerfile (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseWorkflow(t *testing.T) {
	src := `name: ci
on: [push]
defaults: &d
  run: apt-get install -y nope
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: deps
        run: |
          sudo apt-get update
          # a comment
          sudo apt-get install -y \
            libsqlite3-dev \
            nlohmann-json3-dev

          echo done
      - run: sudo apt-get install -y jq=1.6-2.1+deb12u1
      - run: >-
          sudo apt-get install -y
          tree
      - run: "apt-get install quoted"
      - uses: awalsh128/cache-apt-pkgs-action@v1
        with:
          packages: libpng-dev, libjpeg-dev zstd
          version: 1.0
  other:
    steps:
      - *anchor_free
`
	src = strings.Replace(src, "      - *anchor_free\n", "      - run: apt-get install last\n", 1)
	ps, err := parseWorkflow("ci.yml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"15:libsqlite3-dev", "16:nlohmann-json3-dev", "19:jq=1.6-2.1+deb12u1", "22:tree", "23:quoted",
		"26:libpng-dev", "26:libjpeg-dev", "26:zstd", "30:last"}
	if diff := cmp.Diff(want, got(ps)); diff != "" {
		t.Errorf("parseWorkflow (-want +got):\n%s", diff)
	}
}

func TestParseAptfile(t *testing.T) {
	src := "# tools\njq\n\n:repo:deb http://archive.ubuntu.com/ubuntu noble main\ntree zstd # two more\nhttps://example.org/x.deb\nlibssl-dev\n"
	ps, err := parseAptfile("Aptfile", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"2:jq", "5:tree", "5:zstd", "7:libssl-dev"}, got(ps)); diff != "" {
		t.Errorf("parseAptfile (-want +got):\n%s", diff)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name  string
		parse func(string, []byte) ([]aptInstall, error)
		file  string
		src   string
		want  string
	}{
		{"dockerfile-heredoc", parseDockerfile, "Dockerfile", "FROM x\nRUN <<EOF\napt-get install a\n", "Dockerfile:2: unterminated here-document <<EOF"},
		{"dockerfile-escape", parseDockerfile, "Dockerfile", "# escape=x\nFROM x\n", "Dockerfile:1: invalid escape directive \"x\" (want \\ or `)"},
		{"workflow-yaml", parseWorkflow, ".github/workflows/ci.yml", "jobs:\n  a:\n    steps: [\n", ".github/workflows/ci.yml:3: invalid YAML: did not find expected node content"},
		{"workflow-mapping", parseWorkflow, ".github/workflows/ci.yml", "- a\n- b\n", ".github/workflows/ci.yml:1: workflow is not a mapping"},
		{"gitlab-mapping", parseGitLab, ".gitlab-ci.yml", "- a\n", ".gitlab-ci.yml:1: GitLab CI configuration is not a mapping"},
		{"circleci-yaml", parseCircleCI, ".circleci/config.yml", "jobs: [\n", ".circleci/config.yml:1: invalid YAML: did not find expected node content"},
		{"travis-mapping", parseTravis, ".travis.yml", "just text\n", ".travis.yml:1: Travis CI configuration is not a mapping"},
		{"aptfile-name", parseAptfile, "Aptfile", "jq\nFoo_Bar\n", `Aptfile:2: invalid package name "Foo_Bar"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.parse(tt.file, []byte(tt.src))
			ecotest.PosError(t, err)
			if err.Error() != tt.want {
				t.Errorf("error = %q, want %q", err, tt.want)
			}
		})
	}
}

func FuzzParseDockerfile(f *testing.F) {
	f.Add("FROM debian\nRUN apt-get update && apt-get install -y \\\n  jq tree=1.0 # x\n")
	f.Add("# escape=`\nRUN apt-get install `\n a\n")
	f.Add("RUN <<-EOF\n\tapt-get install x\n\tEOF\n")
	f.Add(`RUN ["apt-get","install","y"]`)
	f.Add("RUN apt-get install 'a \"b\\\n")
	f.Fuzz(func(t *testing.T, src string) {
		ps, err := parseDockerfile("Dockerfile", []byte(src))
		checkInstalls(t, src, ps, err)
	})
}

func FuzzParseAptfile(f *testing.F) {
	f.Add("jq\n# c\ntree zstd\n:repo:x\n")
	f.Add("a=1 b/c d- e+\n")
	f.Fuzz(func(t *testing.T, src string) {
		ps, err := parseAptfile("Aptfile", []byte(src))
		checkInstalls(t, src, ps, err)
	})
}

func FuzzParseWorkflow(f *testing.F) {
	f.Add("jobs:\n  a:\n    steps:\n      - run: |\n          apt-get install x \\\n            y\n")
	f.Add("jobs:\n  a:\n    steps:\n      - run: >\n          apt-get install\n          z\n")
	f.Add("jobs: {a: {steps: [{run: apt-get install q}]}}")
	f.Fuzz(func(t *testing.T, src string) {
		ps, err := parseWorkflow("w.yml", []byte(src))
		checkInstalls(t, src, ps, err)
	})
}

// checkInstalls checks what every parser promises: a positioned error, or
// packages with valid names on lines of the file.
func checkInstalls(t *testing.T, src string, ps []aptInstall, err error) {
	t.Helper()
	if err != nil {
		ecotest.PosError(t, err)
		return
	}
	n := strings.Count(src, "\n") + 1
	for _, p := range ps {
		if !debName.MatchString(p.name) || strings.Contains(p.name, ":") {
			t.Errorf("invalid package name %q", p.name)
		}
		if p.line < 1 || p.line > n {
			t.Errorf("package %q on line %d of a %d-line file", p.name, p.line, n)
		}
	}
}
