//===- fusec-jit-stress.cpp - many threads through the JIT ----------------===//
//
// Part of fusec. Threads compile the same and different kernels through the
// JIT at once; built with -DFUSEC_ENABLE_TSAN=ON this is the ThreadSanitizer
// test of the JIT's caches and of registration (scripts/sanitizers.sh), and
// in every build a lit test (test/JIT/stress.test).
//
//   fusec-jit-stress [--threads=8] [--rounds=3] --cache-dir=DIR
//
// Phases, each checked (any mismatch prints "FAIL" and exits 1):
//   shared   one compile-only JIT, all threads, every program in a
//            different order, each program under two spellings (same
//            canonical IR), plus programs that fail to parse or compile:
//            equal PTX for equal programs, one compile per program
//   private  one JIT per thread, all sharing one disk cache directory
//            (concurrent writers of the same key): the same PTX as above
//   capi     the C API, one handle per thread, compile-only
//   gpu      where a CUDA device exists: one JIT, load() and launch from
//            every thread, labels checked against a CPU loop; otherwise
//            "gpu: skipped" and the reason
//
//===----------------------------------------------------------------------===//

#include "fusec/JIT/JIT.h"
#include "fusec/JIT/fusec_jit.h"
#include "fusec/runtime/Device.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

/// The nearest-centroid program for k centroids of d features. `renamed`
/// spells it differently (SSA names, spacing) with the same canonical IR.
std::string argminProgram(int k, int d, bool renamed) {
  std::string K = std::to_string(k), D = std::to_string(d);
  std::string x = renamed ? "%points" : "%x", c = renamed ? "%cents" : "%c";
  std::string sep = renamed ? "   " : " ";
  return "func.func @assign(" + x + ": tensor<?x" + D + "xf32>, " + c +
         ": tensor<" + K + "x" + D + "xf32>) -> tensor<?xi64> {\n" +
         "  %xe = fuse.expand_dims " + x + ", dim = 1 : tensor<?x" + D +
         "xf32> -> tensor<?x1x" + D + "xf32>\n" + "  %ce =" + sep +
         "fuse.expand_dims " + c + ", dim = 0 : tensor<" + K + "x" + D +
         "xf32> -> tensor<1x" + K + "x" + D + "xf32>\n" +
         "  %diff = fuse.sub %xe, %ce : tensor<?x1x" + D + "xf32>, tensor<1x" +
         K + "x" + D + "xf32> -> tensor<?x" + K + "x" + D + "xf32>\n" +
         "  %sq = fuse.square %diff : tensor<?x" + K + "x" + D + "xf32>\n" +
         "  %dist = fuse.sum %sq, dim = 2 : tensor<?x" + K + "x" + D +
         "xf32> -> tensor<?x" + K + "xf32>\n" +
         "  %labels = fuse.argmin %dist, dim = 1 : tensor<?x" + K +
         "xf32> -> tensor<?xi64>\n" + "  return %labels : tensor<?xi64>\n}\n";
}

struct Program {
  std::string text;
  /// Index of the canonical program (two spellings share one), or -1 for a
  /// program that must fail.
  int canonical;
  int k, d;
};

std::vector<Program> makePrograms(int &numCanonical) {
  const std::pair<int, int> shapes[] = {{3, 16}, {5, 16}, {7, 32}, {11, 32}};
  std::vector<Program> programs;
  numCanonical = 0;
  for (auto [k, d] : shapes) {
    programs.push_back({argminProgram(k, d, false), numCanonical, k, d});
    programs.push_back({argminProgram(k, d, true), numCanonical, k, d});
    ++numCanonical;
  }
  // A parse error and a program the compiler rejects (two functions).
  programs.push_back({"func.func @broken(%x: tensor<4xf32> {\n", -1, 0, 0});
  programs.push_back(
      {argminProgram(3, 16, false) + "func.func @other() { return }\n", -1,
       0, 0});
  return programs;
}

std::atomic<int> failures{0};
std::mutex printMutex;

void fail(const std::string &message) {
  std::lock_guard<std::mutex> lock(printMutex);
  std::printf("FAIL: %s\n", message.c_str());
  ++failures;
}

/// The PTX of each canonical program; the first thread to compile one
/// records it, every other compile must match.
struct Expectations {
  std::mutex mutex;
  std::map<int, std::string> ptx;
  void check(const Program &program, const std::string &text,
             const char *phase) {
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, inserted] = ptx.try_emplace(program.canonical, text);
    if (!inserted && it->second != text)
      fail(std::string(phase) + ": different PTX for program " +
           std::to_string(program.canonical));
  }
};

/// Thread `t`'s order of the programs: a seeded shuffle, repeated `rounds`
/// times.
std::vector<size_t> orderFor(unsigned t, size_t n, int rounds) {
  std::vector<size_t> order;
  std::mt19937 rng(1234 + t);
  for (int r = 0; r < rounds; ++r) {
    std::vector<size_t> round(n);
    for (size_t i = 0; i < n; ++i)
      round[i] = i;
    std::shuffle(round.begin(), round.end(), rng);
    order.insert(order.end(), round.begin(), round.end());
  }
  return order;
}

void compileAndCheck(fusec::JIT &jit, const Program &program,
                     Expectations &expect, const char *phase) {
  auto ptx = jit.compileToPTX(program.text);
  if (program.canonical < 0) {
    if (ptx.ok())
      fail(std::string(phase) + ": a bad program compiled");
    else if (ptx.message().find("fusec JIT: ") != 0)
      fail(std::string(phase) + ": unexpected error: " + ptx.message());
    return;
  }
  if (!ptx.ok()) {
    fail(std::string(phase) + ": " + ptx.message());
    return;
  }
  if (ptx->find(".entry") == std::string::npos)
    fail(std::string(phase) + ": no .entry in the PTX");
  expect.check(program, *ptx, phase);
}

template <typename Fn> void runThreads(unsigned n, Fn fn) {
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < n; ++t)
    threads.emplace_back(fn, t);
  for (std::thread &thread : threads)
    thread.join();
}

/// Labels for `n` rows of the program (k, d) on the GPU against a CPU loop.
bool launchAndCheck(const fusec::rt::Program &program, int k, int d,
                    unsigned seed, std::string &error) {
  const int64_t n = 257;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uniform(-1, 1);
  std::vector<float> x(n * d), c(k * d);
  for (float &v : x)
    v = uniform(rng);
  for (float &v : c)
    v = uniform(rng);
  auto dx = fusec::rt::DeviceBuffer::allocate(x.size() * 4);
  auto dc = fusec::rt::DeviceBuffer::allocate(c.size() * 4);
  auto dl = fusec::rt::DeviceBuffer::allocate(n * 8);
  if (!dx.ok() || !dc.ok() || !dl.ok()) {
    error = "device allocation failed";
    return false;
  }
  if (!dx->copyFromHost(x.data(), x.size() * 4).ok() ||
      !dc->copyFromHost(c.data(), c.size() * 4).ok()) {
    error = "copy to the device failed";
    return false;
  }
  using fusec::rt::DType;
  std::vector<fusec::rt::ArgValue> args = {{dx->ptr(), DType::F32, {n, d}},
                                           {dc->ptr(), DType::F32, {k, d}},
                                           {dl->ptr(), DType::I64, {n}}};
  auto stats = program.launch(args);
  if (!stats.ok()) {
    error = stats.message();
    return false;
  }
  std::vector<int64_t> labels(n);
  if (!dl->copyToHost(labels.data(), n * 8).ok()) {
    error = "copy to the host failed";
    return false;
  }
  for (int64_t i = 0; i < n; ++i) {
    double best = 0, got = 0;
    int64_t bestIndex = 0;
    for (int j = 0; j < k; ++j) {
      double s = 0;
      for (int l = 0; l < d; ++l) {
        double t = double(x[i * d + l]) - double(c[j * d + l]);
        s += t * t;
      }
      if (j == 0 || s < best) {
        best = s;
        bestIndex = j;
      }
      if (j == labels[i])
        got = s;
    }
    if (labels[i] < 0 || labels[i] >= k ||
        (labels[i] != bestIndex && got > best * (1 + 1e-5))) {
      error = "row " + std::to_string(i) + ": label " +
              std::to_string(labels[i]) + ", expected " +
              std::to_string(bestIndex);
      return false;
    }
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  unsigned numThreads = 8;
  int rounds = 3;
  std::string cacheDir;
  for (int i = 1; i < argc; ++i) {
    if (!std::strncmp(argv[i], "--threads=", 10))
      numThreads = std::max(1, std::atoi(argv[i] + 10));
    else if (!std::strncmp(argv[i], "--rounds=", 9))
      rounds = std::max(1, std::atoi(argv[i] + 9));
    else if (!std::strncmp(argv[i], "--cache-dir=", 12))
      cacheDir = argv[i] + 12;
    else {
      std::fprintf(stderr,
                   "usage: fusec-jit-stress [--threads=N] [--rounds=N] "
                   "--cache-dir=DIR\n");
      return 2;
    }
  }
  if (cacheDir.empty()) {
    std::fprintf(stderr, "fusec-jit-stress: --cache-dir is required (an "
                         "empty directory the run may fill)\n");
    return 2;
  }

  int numCanonical = 0;
  const std::vector<Program> programs = makePrograms(numCanonical);
  Expectations expect;

  // shared: one JIT, every thread.
  {
    fusec::JITOptions options;
    options.compileOnly = true;
    options.cacheDir = cacheDir + "/shared";
    auto jit = fusec::JIT::create(options);
    if (!jit.ok()) {
      std::printf("FAIL: %s\n", jit.message().c_str());
      return 1;
    }
    runThreads(numThreads, [&](unsigned t) {
      for (size_t i : orderFor(t, programs.size(), rounds))
        compileAndCheck(**jit, programs[i], expect, "shared");
    });
    fusec::JITStats stats = (*jit)->stats();
    if (stats.compiles != uint64_t(numCanonical) || stats.diskHits != 0)
      fail("shared: " + std::to_string(stats.compiles) + " compiles and " +
           std::to_string(stats.diskHits) + " disk hits, expected " +
           std::to_string(numCanonical) + " and 0");
    std::printf("shared: %u threads, %zu programs x %d rounds, compiles=%llu\n",
                numThreads, programs.size(), rounds,
                (unsigned long long)stats.compiles);
  }

  // private: a JIT per thread, one disk cache.
  {
    std::atomic<uint64_t> compiles{0}, diskHits{0};
    runThreads(numThreads, [&](unsigned t) {
      fusec::JITOptions options;
      options.compileOnly = true;
      options.cacheDir = cacheDir + "/private";
      auto jit = fusec::JIT::create(options);
      if (!jit.ok()) {
        fail("private: " + jit.message());
        return;
      }
      for (size_t i : orderFor(100 + t, programs.size(), rounds))
        compileAndCheck(**jit, programs[i], expect, "private");
      fusec::JITStats stats = (*jit)->stats();
      if (stats.compiles + stats.diskHits != uint64_t(numCanonical))
        fail("private: thread " + std::to_string(t) + " compiled " +
             std::to_string(stats.compiles) + " and read " +
             std::to_string(stats.diskHits) + " from disk, expected " +
             std::to_string(numCanonical) + " in all");
      compiles += stats.compiles;
      diskHits += stats.diskHits;
    });
    std::printf("private: %u JITs, compiles+disk_hits=%llu\n", numThreads,
                (unsigned long long)(compiles + diskHits));
  }

  // capi: handles created, used and destroyed concurrently. The C API takes
  // its cache directory from the environment; point it at ours (before any
  // thread starts) so that no other build's PTX is read back.
  {
    setenv("FUSEC_CACHE_DIR", (cacheDir + "/capi").c_str(), 1);
    runThreads(numThreads, [&](unsigned t) {
      fusec_jit *jit = nullptr;
      char *error = nullptr;
      if (fusec_jit_create("sm_90", 0, /*compile_only=*/1, &jit, &error)) {
        fail(std::string("capi: ") + (error ? error : "create failed"));
        fusec_rt_free_error(error);
        return;
      }
      const Program &program = programs[(2 * t) % programs.size()];
      char *ptx = nullptr;
      int rc = fusec_jit_compile_to_ptx(jit, program.text.c_str(), &ptx,
                                        &error);
      if ((rc == 0) != (program.canonical >= 0))
        fail("capi: unexpected result " + std::to_string(rc));
      else if (rc == 0)
        expect.check(program, ptx, "capi");
      fusec_rt_free_error(ptx);
      fusec_rt_free_error(error);
      fusec_jit_destroy(jit);
    });
    std::printf("capi: %u handles\n", numThreads);
  }

  // gpu: load and launch from every thread, where a device exists.
  {
    fusec::JITOptions options;
    options.cacheDir = cacheDir + "/gpu";
    auto jit = fusec::JIT::create(options);
    if (!jit.ok()) {
      std::printf("gpu: skipped (%s)\n", jit.message().c_str());
    } else {
      runThreads(numThreads, [&](unsigned t) {
        for (size_t i : orderFor(200 + t, programs.size(), rounds)) {
          const Program &program = programs[i];
          auto loaded = (*jit)->load(program.text);
          if (program.canonical < 0) {
            if (loaded.ok())
              fail("gpu: a bad program loaded");
            continue;
          }
          std::string error;
          if (!loaded.ok())
            fail("gpu: " + loaded.message());
          else if (!launchAndCheck(**loaded, program.k, program.d, t, error))
            fail("gpu: " + error);
        }
      });
      std::printf("gpu: %u threads launched\n", numThreads);
    }
  }

  if (failures) {
    std::printf("FAIL: %d failures\n", failures.load());
    return 1;
  }
  std::printf("stress: ok\n");
  return 0;
}
