# Lists what Python sources import, for envaudit's python ecosystem
# (imports.go, links.go). It runs as `python -I -S -c <this> MODE ...`:
# isolated (no PYTHON* variables, no user site, neither the working
# directory nor the project on sys.path) and without site, so nothing of
# the project or its environment is imported. It only reads and parses.
#
#   project ROOT MAXFILES MAXBYTES
#     walks the project's own sources under ROOT; answers
#       {"walked": [FILE...], "read": [FILE...],
#        "imports": [{"module", "file", "line", "kind"}], "warnings": [...]}
#     with each FILE relative to ROOT (walked: every Python file found,
#     read: those parsed), kind one of runtime, compile, optional,
#     platform, and the standard library, relative imports and the
#     project's own top-level modules left out.
#   files REQUEST MAXBYTES
#     reads the JSON file REQUEST, {"files": [PATH...], "snippets":
#     [{"name", "source"}...], "strings": [S...]}: installed files (and
#     snippets of source, such as a .pth file's import lines) to parse;
#     answers
#       {"files": {PATH-or-NAME: {"imports": [[module, line, kind]...],
#                                 "strings": [S...]}}, "warnings": [...]}
#     with the imports as above but for the own-module filter, and the
#     strings of S that the file holds as string constants.
import ast
import json
import os
import sys

MODE = sys.argv[1]

try:
    # A pathological file must not take the machine's memory: the parser
    # fails with MemoryError instead, which is reported as a warning.
    import resource

    limit = 2 << 30
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard == resource.RLIM_INFINITY or hard > limit:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
except (ImportError, ValueError, OSError):
    pass

# Directories that hold installs, build output or tool state, never the
# project's own sources.
PRUNE = {
    "node_modules", "site-packages", "dist-packages", "build", "dist",
    "__pycache__", "__pypackages__", "htmlcov",
}


def stdlib_names():
    names = set(getattr(sys, "stdlib_module_names", ()))
    names.update(sys.builtin_module_names)
    if not hasattr(sys, "stdlib_module_names"):
        # Before 3.10: what the standard library directory holds.
        import sysconfig

        for d in (sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["platstdlib"]):
            try:
                entries = os.listdir(d)
            except OSError:
                continue
            for e in entries:
                if e.endswith(".py"):
                    names.add(e[:-3])
                elif os.path.isdir(os.path.join(d, e)) and e.isidentifier():
                    names.add(e)
            try:
                for e in os.listdir(os.path.join(d, "lib-dynload")):
                    names.add(e.split(".")[0])
            except OSError:
                pass
    names.update(("__future__", "__main__"))
    return names


def is_venv(path):
    return os.path.exists(os.path.join(path, "pyvenv.cfg"))


def walk(root):
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        keep = []
        for d in sorted(dirnames):
            full = os.path.join(dirpath, d)
            if d.startswith(".") or d in PRUNE or d.endswith(".egg-info") or is_venv(full) or os.path.islink(full):
                continue
            keep.append(d)
        dirnames[:] = keep
        for f in sorted(filenames):
            if f.endswith((".py", ".pyw")):
                files.append(os.path.join(dirpath, f))
    return files


def own_names(root, files):
    # The names the project's files can be imported by at top level. A
    # directory without __init__.py may be on sys.path (the root, src/, a
    # script's own directory, a test directory under pytest's rootdir
    # insertion), so its modules count, and so does its name (a namespace
    # package); a package counts by its topmost directory. Modules inside a
    # package do not: `import yaml` in mypkg/yaml.py's siblings is
    # PyYAML.
    names = set()
    init = {}

    def is_pkg(d):
        if d not in init:
            init[d] = os.path.isfile(os.path.join(d, "__init__.py"))
        return init[d]

    for f in files:
        d = os.path.dirname(f)
        if not is_pkg(d):
            names.add(os.path.basename(f).rsplit(".", 1)[0])
            if d != root:
                names.add(os.path.basename(d))
            continue
        while os.path.dirname(d) != d and is_pkg(os.path.dirname(d)) and d != root:
            d = os.path.dirname(d)
        names.add(os.path.basename(d))
    return names


class Ver:
    """The running interpreter's facts that version and platform checks
    test: an import on the branch this interpreter does not take is needed
    elsewhere, not here."""

    version = tuple(sys.version_info)
    platform = sys.platform
    osname = os.name


def dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def const(node):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Tuple):
        vals = [const(e) for e in node.elts]
        if any(v is None for v in vals):
            return None
        return tuple(vals)
    return None


def value(node):
    """The value of a version or platform expression, or None."""
    name = dotted(node)
    if name == "sys.version_info":
        return Ver.version
    if name in ("sys.platform",):
        return Ver.platform
    if name == "os.name":
        return Ver.osname
    if name in ("sys.version_info.major", "sys.version_info.minor"):
        return Ver.version[0 if name.endswith("major") else 1]
    if isinstance(node, ast.Subscript) and dotted(node.value) == "sys.version_info":
        s = node.slice
        if isinstance(s, ast.Slice) and s.lower is None and s.step is None and isinstance(const(s.upper), int):
            return Ver.version[: const(s.upper)]
        if isinstance(const(s), int):
            return Ver.version[const(s)]
    return const(node)


def evaluate(test):
    """True or False when test only compares the interpreter's version or
    platform with literals; None when it depends on anything else."""
    if isinstance(test, ast.BoolOp):
        vals = [evaluate(v) for v in test.values]
        if isinstance(test.op, ast.And):
            if False in vals:
                return False
            return True if all(v is True for v in vals) else None
        if True in vals:
            return True
        return False if all(v is False for v in vals) else None
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        v = evaluate(test.operand)
        return None if v is None else not v
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and test.func.attr == "startswith":
        if dotted(test.func.value) == "sys.platform" and len(test.args) == 1 and isinstance(const(test.args[0]), str):
            return Ver.platform.startswith(const(test.args[0]))
        return None
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return None
    names = (dotted(test.left), dotted(test.comparators[0]))
    subs = [n for n in (test.left, test.comparators[0]) if isinstance(n, ast.Subscript)]
    if not any(n in ("sys.version_info", "sys.platform", "os.name", "sys.version_info.major", "sys.version_info.minor") for n in names) and not any(
        dotted(s.value) == "sys.version_info" for s in subs
    ):
        return None
    a, b = value(test.left), value(test.comparators[0])
    if a is None or b is None:
        return None
    op = test.ops[0]
    try:
        if isinstance(op, ast.Eq):
            return a == b
        if isinstance(op, ast.NotEq):
            return a != b
        if isinstance(op, ast.Lt):
            return a < b
        if isinstance(op, ast.LtE):
            return a <= b
        if isinstance(op, ast.Gt):
            return a > b
        if isinstance(op, ast.GtE):
            return a >= b
    except TypeError:
        return None
    return None


IMPORT_ERRORS = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}


def gives_up(body):
    """Whether a handler's body ends the program or re-raises: `except
    ImportError: raise ImportError("pip install x")` needs x all the
    same."""
    for s in body:
        if isinstance(s, ast.Raise):
            return True
        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call):
            if dotted(s.value.func) in ("sys.exit", "exit", "quit", "os._exit"):
                return True
    return False


def copes(handler):
    """Whether an except clause catches a failed import and goes on."""
    if gives_up(handler.body):
        return False
    t = handler.type
    if t is None:
        return True
    elts = t.elts if isinstance(t, ast.Tuple) else [t]
    return any((dotted(e) or "").rsplit(".", 1)[-1] in IMPORT_ERRORS for e in elts)


def is_type_checking(test):
    return (dotted(test) or "").rsplit(".", 1)[-1] == "TYPE_CHECKING"


# Stronger kinds win where contexts nest: an import under TYPE_CHECKING
# inside a try is still compile-only.
RANK = {"runtime": 0, "optional": 1, "compile": 2, "platform": 3}


def stronger(a, b):
    return a if RANK[a] >= RANK[b] else b


class Finder:
    def __init__(self, calls, depth=0):
        self.found = []  # (module, line, kind)
        # Expressions matter only for import_module, __import__ and exec
        # calls; a file that names none is read statement by statement,
        # which is most of the parse's cost saved on large trees.
        self.calls = calls
        self.depth = depth

    def add(self, module, line, kind):
        if module and not module.startswith("."):
            self.found.append((module, line, kind))

    def body(self, stmts, kind):
        for s in stmts:
            self.node(s, kind)

    def node(self, n, kind):
        if isinstance(n, ast.Import):
            for a in n.names:
                self.add(a.name, n.lineno, kind)
            return
        if isinstance(n, ast.ImportFrom):
            if n.level == 0:
                self.add(n.module, n.lineno, kind)
            return
        if isinstance(n, ast.If):
            if is_type_checking(n.test):
                self.node(n.test, kind)
                self.body(n.body, stronger(kind, "compile"))
                self.body(n.orelse, kind)
                return
            v = evaluate(n.test)
            self.node(n.test, kind)
            self.body(n.body, stronger(kind, "platform") if v is False else kind)
            self.body(n.orelse, stronger(kind, "platform") if v is True else kind)
            return
        if isinstance(n, ast.Try) or n.__class__.__name__ == "TryStar":
            guarded = any(copes(h) for h in n.handlers)
            inner = stronger(kind, "optional") if guarded else kind
            self.body(n.body, inner)
            for h in n.handlers:
                # The fallback of a failed import is an alternative the
                # code copes without as well.
                self.body(h.body, inner if copes(h) else kind)
            self.body(n.orelse, kind)
            self.body(n.finalbody, kind)
            return
        if isinstance(n, ast.expr):
            if not self.calls:
                return
            if isinstance(n, ast.Call):
                self.call(n, kind)
        for child in ast.iter_child_nodes(n):
            self.node(child, kind)

    def call(self, n, kind):
        name = dotted(n.func)
        if name == "exec" and self.depth < 4 and n.args and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str):
            # exec of a literal (a .pth file's one-line hooks): its
            # imports are the caller's, at the call's line.
            try:
                tree = ast.parse(n.args[0].value)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return
            inner = Finder(True, self.depth + 1)
            inner.body(tree.body, kind)
            for module, _, k in inner.found:
                self.add(module, n.lineno, k)
            return
        if name not in ("importlib.import_module", "import_module", "__import__", "builtins.__import__"):
            return
        if not n.args or not isinstance(n.args[0], ast.Constant) or not isinstance(n.args[0].value, str):
            return
        module = n.args[0].value
        if name.endswith("import_module") and len(n.args) > 1:
            return  # relative to a package given at run time
        self.add(module, n.lineno, kind)


def parse(src, name):
    """The imports of one source: [(module, line, kind)], or a warning."""
    try:
        tree = ast.parse(src, filename=name)
    except SyntaxError as e:
        return None, "%s:%s: does not parse: %s" % (name, e.lineno or 0, e.msg)
    except (ValueError, RecursionError, MemoryError) as e:
        return None, "%s: not read: %s" % (name, e.__class__.__name__ + (": " + str(e) if str(e) else ""))
    finder = Finder(b"import_module" in src or b"__import__" in src or b"exec" in src)
    warning = None
    try:
        finder.body(tree.body, "runtime")
    except RecursionError:
        warning = "%s: nested too deeply to read whole" % name
    return (tree, finder.found), warning


def project(root, max_files, max_bytes):
    files, warnings = walk(root), []
    if len(files) > max_files:
        warnings.append("%d Python files under the project; read only the first %d" % (len(files), max_files))
        files = files[:max_files]
    stdlib = stdlib_names()
    own = own_names(root, files)
    out, walked, read = [], [], []
    for f in files:
        rel = os.path.relpath(f, root).replace(os.sep, "/")
        walked.append(rel)
        try:
            size = os.path.getsize(f)
            if size > max_bytes:
                warnings.append("%s: not read: %d bytes, more than %d" % (rel, size, max_bytes))
                continue
            with open(f, "rb") as fh:
                src = fh.read()
        except OSError as e:
            warnings.append("%s: not read: %s" % (rel, e.__class__.__name__ + (": " + str(e) if str(e) else "")))
            continue
        parsed, warning = parse(src, rel)
        if warning:
            warnings.append(warning)
        if parsed is None:
            continue
        read.append(rel)
        for module, line, kind in parsed[1]:
            if rel == "setup.py":
                # The build script: what it imports builds the project.
                kind = stronger(kind, "compile")
            top = module.split(".")[0]
            if top in stdlib or top in own:
                continue
            out.append({"module": module, "file": rel, "line": line, "kind": kind})
    json.dump({"walked": walked, "read": read, "imports": out, "warnings": warnings}, sys.stdout)


def strings_in(tree, wanted):
    found = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in wanted:
            found.add(n.value)
    return sorted(found)


def installed(request, max_bytes):
    with open(request, "rb") as fh:
        req = json.load(fh)
    wanted = set(req.get("strings") or ())
    stdlib = stdlib_names()
    out, warnings = {}, []

    def answer(name, src):
        parsed, warning = parse(src, name)
        if warning:
            warnings.append(warning)
        if parsed is None:
            return
        tree, found = parsed
        imports = [[m, l, k] for m, l, k in found if m.split(".")[0] not in stdlib]
        strs = []
        if wanted and any(w.encode() in src for w in wanted):
            strs = strings_in(tree, wanted)
        out[name] = {"imports": imports, "strings": strs}

    for f in req.get("files") or ():
        try:
            if os.path.getsize(f) > max_bytes:
                warnings.append("%s: not read: more than %d bytes" % (f, max_bytes))
                continue
            with open(f, "rb") as fh:
                src = fh.read()
        except OSError as e:
            warnings.append("%s: not read: %s" % (f, e.__class__.__name__))
            continue
        answer(f, src)
    for sn in req.get("snippets") or ():
        answer(sn["name"], sn["source"].encode())
    json.dump({"files": out, "warnings": warnings}, sys.stdout)


if MODE == "project":
    project(os.path.abspath(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
elif MODE == "files":
    installed(sys.argv[2], int(sys.argv[3]))
else:
    sys.exit("unknown mode %r" % MODE)
