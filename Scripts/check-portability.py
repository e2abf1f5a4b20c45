#!/usr/bin/env python3
"""Fails on a platform-only construct outside a branch that only its platforms compile.

    python3 Scripts/check-portability.py              # checks Sources/, Tests/ and Fuzz/
    python3 Scripts/check-portability.py FILE...      # checks these files
    python3 Scripts/check-portability.py --self-test  # checks the checker on planted code

No machine here builds for Apple platforms, so code that only Glibc compiles would be found first by
a macOS user. Each construct below names the condition that must hold wherever it is used:

  SOCK_*.rawValue, __sigaction_handler, mallinfo2   Glibc: canImport(Glibc) / __GLIBC__
  MSG_NOSIGNAL, st_mtim                             Linux: os(Linux), canImport(Glibc),
                                                    canImport(Musl) / __linux__, __GLIBC__
  FoundationNetworking.                             canImport(FoundationNetworking)
  @_spi(...) import of a toolchain module            Linux: Xcode's SDKs ship only public interfaces
  Process(), fork(), "/proc/", exit tests           not the Apple mobile platforms: os(macOS),
                                                    os(Linux), canImport(Glibc), ... (iOS, tvOS,
                                                    watchOS and visionOS have none of them)
  Observations { }                                  an availability check: #available or
                                                    @available naming the 26 releases, within the
                                                    30 lines before it (or a Linux-only branch)
  'Suite.test' passed in a string (XCTest output)   the same line also matching Xcode's
                                                    '-[Module.Suite test]' form ("]' ")

A line passes when the branches around it (`#if`, `#elseif`, `#else`, nested to any depth, in Swift
and in C) cannot all be taken unless that condition holds: every other condition in them is tried
both ways, so `#if os(Linux) ... #else ...` is Linux-only in its first branch and not in its second,
and `#if os(Linux)` alone does not make code Glibc-only (Musl, the static Linux SDK, is Linux too).
Comments and string literals are not checked. The exit status is 1 if anything was found.
"""

import itertools
import os
import re
import sys
import tempfile

# Atoms that are false where the construct is missing, per requirement.
GLIBC = {"canImport(Glibc)", "defined(__GLIBC__)"}
LINUX = GLIBC | {"os(Linux)", "os(Android)", "canImport(Musl)", "defined(__linux__)", "defined(__linux)",
                 "defined(linux)"}
NETWORKING = {"canImport(FoundationNetworking)"}
# Atoms that are false on iOS, tvOS, watchOS and visionOS: where a branch can only be taken with one
# of them, no Apple mobile platform compiles it.
NOT_MOBILE = LINUX | {"os(macOS)", "os(Windows)", "os(FreeBSD)", "os(OpenBSD)", "os(WASI)"}

CONSTRUCTS = [
    (re.compile(r"\bSOCK_[A-Z_]+\s*\.\s*rawValue\b"), GLIBC, "Glibc", "Glibc types it as an enum; Darwin and Musl as an Int32"),
    (re.compile(r"\b__sigaction_handler\b"), GLIBC, "Glibc", "Musl names it __sa_handler, Darwin __sigaction_u"),
    (re.compile(r"\bmallinfo2\b"), GLIBC, "Glibc", "Darwin has malloc_zone_statistics, Musl nothing"),
    (re.compile(r"\bMSG_NOSIGNAL\b"), LINUX, "Linux", "Darwin sets SO_NOSIGPIPE on the socket instead"),
    (re.compile(r"\bst_mtim\b"), LINUX, "Linux", "Darwin names it st_mtimespec"),
    (re.compile(r"\bFoundationNetworking\s*\."), NETWORKING, "canImport(FoundationNetworking)",
     "Darwin's Foundation has no FoundationNetworking module"),
    (re.compile(r"@_spi\s*\([^)]*\)\s*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
                r"(?:Observation|Foundation|Synchronization|Dispatch|_Concurrency|Swift|SwiftUI|XCTest|Testing)\b"),
     LINUX, "Linux", "Xcode's SDKs ship only the public interface of the toolchain's modules"),
    (re.compile(r"\bProcess\s*\(\s*\)|\bfork\s*\(\s*\)|\bprocessExitsWith\b"), NOT_MOBILE, "macOS- or Linux",
     "iOS, tvOS, watchOS and visionOS have no Process, fork or exit tests"),
]

# Constructs looked for in the raw line (they live in string literals), each passing where the
# branches around it require `missing` (as above) or the line matches `unless`.
RAW_CONSTRUCTS = [
    (re.compile(r"\"/proc/"), NOT_MOBILE, None, "macOS- or Linux", "the Apple mobile platforms have no /proc"),
    (re.compile(r"'\s*(?:passed|failed)\b|'\s*\\\(outcome\)"), set(), re.compile(r"\]'\s"), "either-format",
     "XCTest prints 'Suite.test' passed on Linux and '-[Module.Suite test]' passed on macOS; match both"),
]

# APIs newer than the package's oldest Apple platforms (macOS 15, iOS 18, tvOS 18, watchOS 11,
# visionOS 2): each must follow an availability check naming `version` within `AVAILABILITY_REACH`
# lines, or sit in a Linux-only branch.
NEWER_APIS = [
    (re.compile(r"\bObservations\s*(?:\{|\()"), "26", "Observations (macOS, iOS, tvOS, watchOS, visionOS 26)"),
]
AVAILABILITY_REACH = 30
AVAILABILITY = re.compile(r"[#@]available\s*\(([^)]*)\)")

EXTENSIONS = (".swift", ".c", ".h", ".m", ".cpp")
ROOTS = ("Sources", "Tests", "Fuzz")


# MARK: - Code without comments and strings

RAW_STRING = re.compile(r'(#+)("""|")')

def code_lines(text, swift):
    """The lines of `text` with comments and string literals blanked (line numbers kept)."""
    out = []
    i, n = 0, len(text)
    depth = 0          # block-comment nesting (Swift nests them, C does not)
    string = None      # the closing delimiter of the string literal we are in
    line = []
    while i < n:
        c = text[i]
        if c == "\n":
            out.append("".join(line))
            line = []
            i += 1
            if string in ('"', "'"):
                string = None   # an unterminated one-line literal ends with its line
            continue
        if depth:
            if text.startswith("*/", i):
                depth -= 1
                i += 2
            elif swift and text.startswith("/*", i):
                depth += 1
                i += 2
            else:
                i += 1
            line.append(" ")
            continue
        if string is not None:
            if c == "\\" and not string.endswith("#"):
                i += 2
                line.append("  ")
                continue
            if text.startswith(string, i):
                i += len(string)
                line.append(" " * len(string))
                string = None
                continue
            i += 1
            line.append(" ")
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            line.append(" " * (end - i))
            i = end
            continue
        if text.startswith("/*", i):
            depth = 1
            i += 2
            line.append("  ")
            continue
        raw = RAW_STRING.match(text, i) if swift and c == "#" else None
        if raw:
            hashes, quote = raw.group(1), raw.group(2)
            string = quote + hashes
            i += len(raw.group(0))
            line.append(" " * len(raw.group(0)))
            continue
        if swift and text.startswith('"""', i):
            string = '"""'
            i += 3
            line.append("   ")
            continue
        if c == '"' or (not swift and c == "'"):
            string = c
            i += 1
            line.append(" ")
            continue
        line.append(c)
        i += 1
    out.append("".join(line))
    return out


# MARK: - Conditions

TOKEN = re.compile(r"\s*(?:(\|\||&&|!(?!=)|\(|\))|(defined\s*\(\s*\w+\s*\)|defined\s+\w+)|"
                   r"(\w+\s*\([^()]*\))|([\w.]+\s*(?:[<>]=?|[!=]=)\s*[\w.]+)|(\w+))")


def tokens(expression):
    found = []
    position = 0
    expression = expression.strip()
    while position < len(expression):
        match = TOKEN.match(expression, position)
        if not match or match.end() == position:
            raise ValueError(f"cannot read the condition {expression!r}")
        operator, defined, call, comparison, name = match.groups()
        if operator:
            found.append(operator)
        elif defined:
            found.append("defined(" + re.sub(r"defined|[\s()]", "", defined) + ")")
        elif call:
            found.append(re.sub(r"\s+", "", call))
        elif comparison:
            found.append(re.sub(r"\s+", "", comparison))
        else:
            found.append(name)
        position = match.end()
    return found


def parse(expression):
    """The condition as nested tuples: ('or', a, b), ('and', a, b), ('not', a), ('atom', text)."""
    items = tokens(expression)
    position = 0

    def peek():
        return items[position] if position < len(items) else None

    def take():
        nonlocal position
        position += 1
        return items[position - 1]

    def disjunction():
        left = conjunction()
        while peek() == "||":
            take()
            left = ("or", left, conjunction())
        return left

    def conjunction():
        left = unary()
        while peek() == "&&":
            take()
            left = ("and", left, unary())
        return left

    def unary():
        if peek() == "!":
            take()
            return ("not", unary())
        if peek() == "(":
            take()
            inner = disjunction()
            if take() != ")":
                raise ValueError(f"unbalanced parentheses in {expression!r}")
            return inner
        item = take()
        if item is None or item in ("||", "&&", ")"):
            raise ValueError(f"cannot read the condition {expression!r}")
        return ("atom", item)

    tree = disjunction()
    if position != len(items):
        raise ValueError(f"cannot read the condition {expression!r}")
    return tree


def atoms(tree, into):
    if tree[0] == "atom":
        into.add(tree[1])
    else:
        for child in tree[1:]:
            atoms(child, into)
    return into


def evaluate(tree, world):
    kind = tree[0]
    if kind == "atom":
        return world[tree[1]]
    if kind == "not":
        return not evaluate(tree[1], world)
    if kind == "and":
        return evaluate(tree[1], world) and evaluate(tree[2], world)
    return evaluate(tree[1], world) or evaluate(tree[2], world)


def fixed_value(atom, missing):
    """What `atom` is where the atoms in `missing` are false, or None if that does not decide it."""
    if atom in missing:
        return False
    if atom in ("true", "1"):
        return True
    if atom in ("false", "0"):
        return False
    comparison = re.fullmatch(r"(\w+)([<>]=?|[!=]=)(\d+)", atom)
    if comparison and f"defined({comparison.group(1)})" in missing:
        # An undefined macro is 0 in a C condition.
        value, operator, number = 0, comparison.group(2), int(comparison.group(3))
        return {"<": value < number, "<=": value <= number, ">": value > number, ">=": value >= number,
                "==": value == number, "!=": value != number}[operator]
    return None


def requires(conditions, missing):
    """Whether the branches `conditions` (all must hold) can only be taken when some atom of
    `missing` is true: no world in which they are all false takes them."""
    trees = [parse(condition) for condition in conditions]
    names = set()
    for tree in trees:
        atoms(tree, names)
    fixed = {name: fixed_value(name, missing) for name in names}
    free = sorted(name for name, value in fixed.items() if value is None)
    if len(free) > 16:
        raise ValueError("too many conditions to try: " + ", ".join(free))
    for values in itertools.product((False, True), repeat=len(free)):
        world = {name: value for name, value in fixed.items() if value is not None}
        world.update(zip(free, values))
        if all(evaluate(tree, world) for tree in trees):
            return False
    return True


# MARK: - Directives

DIRECTIVE = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elseif|elif|else|endif)\b(.*)$")


def negated(condition):
    return f"!({condition})"


def check_file(path, display=None):
    """The problems in one file, as `path:line: error: ...` lines."""
    display = display or path
    with open(path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    swift = path.endswith(".swift")
    problems = []
    raw_lines = text.splitlines()
    # Each open #if: the conditions of its branches so far, and the condition of the current one.
    stack = []
    for number, line in enumerate(code_lines(text, swift), start=1):
        raw = raw_lines[number - 1] if number <= len(raw_lines) else ""
        directive = DIRECTIVE.match(line)
        if directive:
            keyword, rest = directive.group(1), directive.group(2).strip()
            if keyword in ("if", "ifdef", "ifndef"):
                condition = {"if": rest, "ifdef": f"defined({rest})", "ifndef": f"!defined({rest})"}[keyword]
                stack.append({"previous": [], "current": condition})
            elif keyword in ("elseif", "elif", "else"):
                if not stack:
                    problems.append(f"{display}:{number}: error: #{keyword} without #if")
                    continue
                top = stack[-1]
                top["previous"].append(top["current"])
                branch = rest if keyword != "else" else "true"
                top["current"] = " && ".join([f"({branch})"] + [negated(c) for c in top["previous"]])
            else:
                if not stack:
                    problems.append(f"{display}:{number}: error: #endif without #if")
                    continue
                stack.pop()
            continue
        for pattern, missing, needs, why in CONSTRUCTS:
            match = pattern.search(line)
            if not match:
                continue
            conditions = [entry["current"] for entry in stack]
            try:
                guarded = requires(conditions, missing)
            except ValueError as error:
                problems.append(f"{display}:{number}: error: {error}")
                continue
            if not guarded:
                problems.append(
                    f"{display}:{number}: error: `{match.group(0)}` outside a {needs}-only branch ({why})"
                )
        for pattern, missing, unless, needs, why in RAW_CONSTRUCTS:
            match = pattern.search(raw)
            if not match or (unless is not None and unless.search(raw)):
                continue
            if re.match(r"\s*(?://|/\*|\*)", raw):
                continue   # a comment line
            if missing:
                try:
                    if requires([entry["current"] for entry in stack], missing):
                        continue
                except ValueError as error:
                    problems.append(f"{display}:{number}: error: {error}")
                    continue
                problems.append(f"{display}:{number}: error: `{match.group(0).strip()}` outside a {needs}-only branch ({why})")
            else:
                problems.append(f"{display}:{number}: error: `{match.group(0).strip()}` in one platform's format only ({why})")
        for pattern, version, name in NEWER_APIS:
            match = pattern.search(line)
            if not match:
                continue
            before = code_lines("\n".join(raw_lines[max(0, number - 1 - AVAILABILITY_REACH):number]), swift)
            checked = any(version in check.group(1) for earlier in before for check in AVAILABILITY.finditer(earlier))
            try:
                linux_only = requires([entry["current"] for entry in stack], LINUX)
            except ValueError:
                linux_only = False
            if not checked and not linux_only:
                problems.append(
                    f"{display}:{number}: error: `{match.group(0).strip()}` without an availability check: {name}"
                )
    if stack:
        problems.append(f"{display}: error: #if without #endif")
    return problems


def repository_files(root):
    for top in ROOTS:
        for directory, subdirectories, files in os.walk(os.path.join(root, top)):
            subdirectories[:] = sorted(d for d in subdirectories if not d.startswith(".") and not d.endswith(".docc"))
            for name in sorted(files):
                if name.endswith(EXTENSIONS):
                    yield os.path.join(directory, name)


# MARK: - Self-test

PLANTED = {
    "Planted.swift": '''\
import Foundation
let a = Int32(SOCK_STREAM.rawValue)                         // FLAG unguarded
#if os(Linux)
let b = Int32(SOCK_STREAM.rawValue)                         // FLAG Musl is Linux too
let c = Int32(MSG_NOSIGNAL)
#else
let d = Int32(MSG_NOSIGNAL)                                 // FLAG the non-Linux branch
#endif
#if canImport(Glibc)
let e = Int32(SOCK_DGRAM.rawValue)
#if DEBUG
let f = action.__sigaction_handler
#endif
#elseif canImport(Musl)
let g = action.__sigaction_handler                          // FLAG Musl's branch
let h = status.st_mtim
#else
let i = status.st_mtim                                      // FLAG Darwin's branch
let j = status.st_mtimespec
#endif
#if !os(Linux)
let k = 0
#else
let l = Int32(MSG_NOSIGNAL)
#endif
#if !canImport(Darwin)
let m = action.__sigaction_handler                          // FLAG not Darwin is not Glibc
#endif
#if canImport(Darwin) || canImport(Glibc)
let n = Int32(MSG_NOSIGNAL)                                 // FLAG Darwin takes it
#endif
#if os(Linux) && canImport(Glibc)
let o = Int32(SOCK_STREAM . rawValue)
#endif
let p = FoundationNetworking.URLSession.self                // FLAG no guard
#if canImport(FoundationNetworking)
let q = FoundationNetworking.URLSession.self
#endif
// MSG_NOSIGNAL, mallinfo2 and __sigaction_handler in a comment are fine
/// prints `Test Case 'Suite.test' passed` and reads "/proc/self" (in a comment: fine)
/* so is SOCK_STREAM.rawValue in a block /* nested */ comment */
let r = "MSG_NOSIGNAL in a string"
let s = """
    st_mtim in a multi-line string
    """
let t = #"raw "st_mtim" string"#
let u = status.st_mtim                                      // FLAG after the strings
@_spi(SwiftUI) import Observation                            // FLAG an SDK-private import
#if os(Linux)
@_spi(SwiftUI) import Observation
#endif
let v = Process()                                           // FLAG iOS has no Process
#if canImport(Darwin)
let w = fork()                                              // FLAG iOS is Darwin too
#endif
#if os(macOS) || os(Linux)
let x = Process()
let y = try String(contentsOfFile: "/proc/self/status")
#endif
let z = try String(contentsOfFile: "/proc/self/status")     // FLAG iOS has no /proc
func linuxOutput(_ output: String) -> Bool {
    output.contains("Suite.testA' passed")                   // FLAG Linux's format only
}
func bothOutputs(_ output: String, _ outcome: String) -> Bool {
    output.contains("'Suite.testA' \\(outcome)") || output.contains(".Suite testA]' \\(outcome)")
}
func unchecked() async {
    var values = Observations { 1 }.makeAsyncIterator()      // FLAG no availability check
}
func checked() async {
    guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else { return }
    var values = Observations { 1 }.makeAsyncIterator()
}
@available(macOS 26.0, iOS 26.0, *)
func annotated() async {
    var values = Observations { 1 }.makeAsyncIterator()
}
''',
    "Planted.c": '''\
#include <stddef.h>
#if defined(__linux__)
#include <malloc.h>
size_t a(void) { return mallinfo2().uordblks; }           /* FLAG Musl is Linux too */
#endif
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
size_t b(void) { return mallinfo2().uordblks; }
#elif defined(__APPLE__)
size_t c(void) { return 0; }
#else
size_t d(void) { return mallinfo2().arena; }              /* FLAG */
#endif
#ifdef __GLIBC__
size_t e(void) { return mallinfo2().arena; }
#endif
#ifndef __GLIBC__
size_t f(void) { return mallinfo2().arena; }              /* FLAG */
#endif
#if __GLIBC__ >= 2
size_t g(void) { return mallinfo2().arena; }
#endif
// mallinfo2 in a comment
size_t h(void) { return mallinfo2().arena; }              /* FLAG */
''',
}


def self_test():
    failures = []
    with tempfile.TemporaryDirectory() as directory:
        for name, text in PLANTED.items():
            path = os.path.join(directory, name)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            expected = {number for number, line in enumerate(text.splitlines(), start=1) if "FLAG" in line}
            problems = check_file(path, name)
            found = {int(problem.split(":")[1]) for problem in problems}
            for number in sorted(expected - found):
                failures.append(f"{name}:{number}: a planted violation was not caught")
            for problem in problems:
                if int(problem.split(":")[1]) not in expected:
                    failures.append(f"flagged code that is fine: {problem}")
    for failure in failures:
        print(f"check-portability self-test: {failure}", file=sys.stderr)
    if failures:
        return 1
    planted = sum(text.count("FLAG") for text in PLANTED.values())
    print(f"check-portability self-test: {planted} planted violations caught, nothing else flagged")
    return 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if arguments:
        files = arguments
    else:
        files = list(repository_files(root))
    problems = []
    for path in files:
        problems += check_file(path, os.path.relpath(path, root) if not arguments else path)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-portability: {len(problems)} problem(s); put each in the branch it names, or do as it says",
              file=sys.stderr)
        return 1
    print(f"check-portability: {len(files)} files, no platform-only construct outside its branch")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
