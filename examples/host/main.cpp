//===- main.cpp - embedding the fusec JIT in a host program ---------------===//
//
// Part of fusec. Compiles the naive nearest-centroid program at run time,
// launches it on random data and checks the labels against a plain CPU
// loop. With --latency it also measures a cold compile plus module load and
// a cache hit.
//
//   fusec-host-example [--latency] [--n=N] [file.mlir]
//   fusec-host-example --compile-only [file.mlir]   (no GPU needed)
//
//===----------------------------------------------------------------------===//

#include "fusec/JIT/JIT.h"
#include "fusec/runtime/Device.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

static const char *kNaiveArgmin = R"mlir(
func.func @assign(%x: tensor<?x64xf32>, %c: tensor<37x64xf32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x64xf32> -> tensor<?x1x64xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<37x64xf32> -> tensor<1x37x64xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x64xf32>, tensor<1x37x64xf32> -> tensor<?x37x64xf32>
  %sq = fuse.square %diff : tensor<?x37x64xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x37x64xf32> -> tensor<?x37xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x37xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
)mlir";

int main(int argc, char **argv) {
  bool latency = false, compileOnly = false;
  int64_t n = 1000;
  std::string program = kNaiveArgmin;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--latency"))
      latency = true;
    else if (!std::strcmp(argv[i], "--compile-only"))
      compileOnly = true;
    else if (!std::strncmp(argv[i], "--n=", 4))
      n = std::atoll(argv[i] + 4);
    else {
      std::ifstream in(argv[i]);
      std::stringstream text;
      text << in.rdbuf();
      program = text.str();
    }
  }
  const int64_t k = 37, d = 64;

  if (compileOnly) {
    // The JIT without a driver: the PTX, and the entry it declares.
    fusec::JITOptions options;
    options.compileOnly = true;
    options.diskCache = false;
    auto jit = fusec::JIT::create(options);
    if (!jit.ok()) {
      std::fprintf(stderr, "%s\n", jit.message().c_str());
      return 2;
    }
    auto ptx = (*jit)->compileToPTX(program);
    if (!ptx.ok()) {
      std::fprintf(stderr, "%s\n", ptx.message().c_str());
      return 1;
    }
    size_t entry = ptx->find(".entry ");
    std::string name = entry == std::string::npos
                           ? "none"
                           : ptx->substr(entry + 7,
                                         ptx->find('(', entry) - entry - 7);
    std::printf("compiled for %s: %zu bytes of PTX, entry %s\n",
                (*jit)->arch().c_str(), ptx->size(), name.c_str());
    return 0;
  }

  // A few lines are all it takes: create a JIT, load, launch.
  auto start = std::chrono::steady_clock::now();
  auto jit = fusec::JIT::create();
  if (!jit.ok()) {
    std::fprintf(stderr, "%s\n", jit.message().c_str());
    return 2;
  }
  auto created = std::chrono::steady_clock::now();
  // With --latency the cold load is timed in its two parts: the compiler
  // (MLIR to PTX), then the driver's load of that PTX.
  if (latency && !(*jit)->compileToPTX(program).ok()) {
    std::fprintf(stderr, "compile failed\n");
    return 1;
  }
  auto compiled = std::chrono::steady_clock::now();
  auto program0 = (*jit)->load(program);
  auto cold = std::chrono::steady_clock::now() - created;
  auto coldCompile = compiled - created;
  auto setup = created - start;
  if (!program0.ok()) {
    std::fprintf(stderr, "%s\n", program0.message().c_str());
    return 1;
  }

  std::mt19937 rng(7);
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
    std::fprintf(stderr, "device allocation failed\n");
    return 1;
  }
  (void)dx->copyFromHost(x.data(), x.size() * 4);
  (void)dc->copyFromHost(c.data(), c.size() * 4);
  using fusec::rt::DType;
  std::vector<fusec::rt::ArgValue> args = {
      {dx->ptr(), DType::F32, {n, d}},
      {dc->ptr(), DType::F32, {k, d}},
      {dl->ptr(), DType::I64, {n}}};
  auto stats = (*program0)->launch(args);
  if (!stats.ok()) {
    std::fprintf(stderr, "%s\n", stats.message().c_str());
    return 1;
  }
  std::vector<int64_t> labels(n);
  (void)dl->copyToHost(labels.data(), n * 8);

  // The check: a plain loop in double precision; near-ties tolerated.
  int64_t mismatches = 0, nearTies = 0;
  for (int64_t i = 0; i < n; ++i) {
    std::vector<double> dist(k);
    int64_t best = 0;
    for (int64_t j = 0; j < k; ++j) {
      double s = 0;
      for (int64_t l = 0; l < d; ++l) {
        double t = double(x[i * d + l]) - double(c[j * d + l]);
        s += t * t;
      }
      dist[j] = s;
      if (s < dist[best])
        best = j;
    }
    if (labels[i] != best) {
      if (labels[i] >= 0 && labels[i] < k &&
          std::fabs(dist[labels[i]] - dist[best]) <= 1e-5 * dist[best])
        ++nearTies;
      else
        ++mismatches;
    }
  }
  std::printf("labels: %lld rows, %lld mismatches, %lld near-ties\n",
              (long long)n, (long long)mismatches, (long long)nearTies);

  if (latency) {
    auto ms = [](auto d) {
      return std::chrono::duration<double, std::milli>(d).count();
    };
    std::printf("JIT creation (CUDA driver init, MLIR context): %.1f ms\n",
                ms(setup));
    std::printf("cold compile + module load: %.1f ms (arch %s, cache %s)\n",
                ms(cold), (*jit)->arch().c_str(),
                (*jit)->cacheDirectory().c_str());
    std::printf("  of which compile (MLIR to PTX): %.1f ms, module load: "
                "%.1f ms\n",
                ms(coldCompile), ms(cold - coldCompile));
    // Another program the cache has never seen, with the driver warm: the
    // cost a running host pays for a new kernel.
    std::string other = program;
    for (size_t pos = other.find("37"); pos != std::string::npos;
         pos = other.find("37", pos + 2))
      other.replace(pos, 2, "41");
    auto t = std::chrono::steady_clock::now();
    auto program1 = (*jit)->load(other);
    auto warm = std::chrono::steady_clock::now() - t;
    if (!program1.ok()) {
      std::fprintf(stderr, "%s\n", program1.message().c_str());
      return 1;
    }
    std::printf("compile + module load of a new program (driver warm): "
                "%.1f ms\n",
                ms(warm));
    // Where the time of a new program goes: the compiler alone (MLIR
    // pipeline, NVPTX backend) on a third program; the rest of the line
    // above is the driver's PTX-to-SASS compile and module load.
    std::string third = program;
    for (size_t pos = third.find("37"); pos != std::string::npos;
         pos = third.find("37", pos + 2))
      third.replace(pos, 2, "43");
    auto c0 = std::chrono::steady_clock::now();
    auto ptx = (*jit)->compileToPTX(third);
    auto compileOnly = std::chrono::steady_clock::now() - c0;
    if (!ptx.ok()) {
      std::fprintf(stderr, "%s\n", ptx.message().c_str());
      return 1;
    }
    std::printf("of which the compiler alone (MLIR to PTX, another new "
                "program): %.1f ms\n",
                ms(compileOnly));
    const int reps = 100000;
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < reps; ++i)
      if (!(*jit)->load(program).ok())
        return 1;
    auto t1 = std::chrono::steady_clock::now();
    std::printf("cache hit: %.3f us per load (%d loads)\n",
                std::chrono::duration<double, std::micro>(t1 - t0).count() /
                    reps,
                reps);
  }
  return mismatches == 0 ? 0 : 1;
}
