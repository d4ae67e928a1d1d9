//===- TestUtil.h - helpers for the runtime's test programs -----*- C++ -*-===//
//
// Part of fusec. The runtime's tests are small programs that the lit suite
// runs: they print what they observe (for FileCheck) and "FAIL ..." lines
// for broken expectations, and exit non-zero when any expectation failed.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_RUNTIME_TEST_TESTUTIL_H
#define FUSEC_RUNTIME_TEST_TESTUTIL_H

#include "fusec/runtime/Status.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fusec::rt::test {

inline int &failures() {
  static int count = 0;
  return count;
}

inline void fail(const char *file, int line, const std::string &what) {
  std::printf("FAIL %s:%d: %s\n", file, line, what.c_str());
  ++failures();
}

/// Prints the summary line and returns the exit code.
inline int finish(const char *name) {
  if (failures())
    std::printf("%s: %d FAILED\n", name, failures());
  else
    std::printf("%s: PASS\n", name);
  return failures() ? 1 : 0;
}

inline bool readFile(const std::string &path, std::string &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::ostringstream text;
  text << in.rdbuf();
  out = text.str();
  return true;
}

/// One chunk of a split input file (see splitInput).
struct Chunk {
  std::string text;                    ///< JSON, padded to keep line numbers.
  std::vector<std::string> directives; ///< "// NAME: value" lines' values.
};

/// Splits `file` at lines "// -----", like mlir-opt -split-input-file.
/// Within a chunk, comment lines ("//...") are blanked, so that the test's
/// RUN and CHECK lines can live in the input, and lines "// <name>: value"
/// are collected as directives. Each chunk starts with as many newlines as
/// lines precede it, so parse errors report the file's line numbers.
inline std::vector<Chunk> splitInput(const std::string &file,
                                     const std::string &name) {
  std::vector<Chunk> chunks(1);
  std::istringstream in(file);
  std::string line;
  size_t lineNo = 0;
  const std::string prefix = "// " + name + ": ";
  while (std::getline(in, line)) {
    ++lineNo;
    size_t start = line.find_first_not_of(" \t");
    bool comment =
        start != std::string::npos && line.compare(start, 2, "//") == 0;
    if (comment && line.compare(start, std::string::npos, "// -----") == 0) {
      chunks.emplace_back();
      chunks.back().text.assign(lineNo, '\n');
      continue;
    }
    if (comment && line.compare(start, prefix.size(), prefix) == 0)
      chunks.back().directives.push_back(line.substr(start + prefix.size()));
    chunks.back().text += comment ? "\n" : line + "\n";
  }
  return chunks;
}

inline const Status &statusOf(const Status &status) { return status; }
template <typename T> const Status &statusOf(const Expected<T> &expected) {
  return expected.status();
}

} // namespace fusec::rt::test

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond))                                                               \
      ::fusec::rt::test::fail(__FILE__, __LINE__, #cond);                      \
  } while (0)

/// Expects `expr` (a Status or Expected) to fail with a message containing
/// `substring`.
#define EXPECT_ERROR(expr, substring)                                          \
  do {                                                                         \
    auto &&result_ = (expr);                                                   \
    std::string sub_ = (substring);                                            \
    const ::fusec::rt::Status &status_ = ::fusec::rt::test::statusOf(result_); \
    if (status_.ok())                                                          \
      ::fusec::rt::test::fail(__FILE__, __LINE__,                              \
                              #expr " succeeded, expected an error with '" +   \
                                  sub_ + "'");                                 \
    else if (status_.message().find(sub_) == std::string::npos)                \
      ::fusec::rt::test::fail(__FILE__, __LINE__,                              \
                              #expr ": '" + status_.message() +                \
                                  "' does not contain '" + sub_ + "'");        \
  } while (0)

#endif // FUSEC_RUNTIME_TEST_TESTUTIL_H
