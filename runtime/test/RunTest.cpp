//===- RunTest.cpp - run a PTX module through the runtime on a GPU --------===//
//
// Part of fusec. fusec-rt-run [--threads N] PTX JSON [symbol=value...]
//
// Loads PTX with its launch description, allocates every argument (f32
// only) with the shapes the symbols give, fills input k at index j with
// ((j * (k + 3)) % 11) - 5 and outputs with NaN bytes, launches, and prints
// the launch statistics and each output's sum and first elements.
// --threads N then repeats the call from N threads at once, each on its own
// stream (and each also loading its own Program), and checks that every
// result is identical to the first. Needs a GPU.
//
//===----------------------------------------------------------------------===//

#include "fusec/runtime/Device.h"
#include "fusec/runtime/Program.h"

#include "TestUtil.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

using namespace fusec::rt;
using namespace fusec::rt::test;

namespace {

/// The device buffers of one call, and its outputs read back.
struct Call {
  std::vector<DeviceBuffer> buffers;
  std::vector<ArgValue> args;
  std::vector<std::vector<float>> results; ///< One per argument.
};

Status prepare(const LaunchDesc &desc, const SymbolValues &symbols,
               Call &call) {
  for (size_t k = 0; k < desc.args.size(); ++k) {
    const ArgDesc &arg = desc.args[k];
    if (arg.dtype != DType::F32)
      return Status::error("fusec-rt-run supports f32 arguments only");
    ArgValue value;
    value.dtype = arg.dtype;
    uint64_t count = 1;
    for (const Dim &dim : arg.shape) {
      int64_t size = dim.size;
      if (dim.isSymbol()) {
        auto it = symbols.find(dim.symbol);
        if (it == symbols.end())
          return Status::error("no value given for symbol '" + dim.symbol +
                               "'");
        size = it->second;
      }
      value.shape.push_back(size);
      count *= size;
    }
    Expected<DeviceBuffer> buffer = DeviceBuffer::allocate(count * 4);
    if (!buffer.ok())
      return buffer.status();
    Status status;
    if (arg.role == ArgRole::Input) {
      std::vector<float> host(count);
      for (uint64_t j = 0; j < count; ++j)
        host[j] =
            static_cast<float>(static_cast<int64_t>((j * (k + 3)) % 11) - 5);
      status = buffer->copyFromHost(host.data(), count * 4);
    } else {
      status = buffer->memset(0xff);
    }
    if (!status.ok())
      return status;
    value.ptr = buffer->ptr();
    call.args.push_back(value);
    call.buffers.push_back(buffer.take());
  }
  return Status::success();
}

Status readBack(Call &call) {
  call.results.resize(call.buffers.size());
  for (size_t k = 0; k < call.buffers.size(); ++k) {
    call.results[k].resize(call.buffers[k].size() / 4);
    Status status = call.buffers[k].copyToHost(call.results[k].data(),
                                               call.buffers[k].size());
    if (!status.ok())
      return status;
  }
  return Status::success();
}

int fatal(const Status &status) {
  std::printf("error: %s\n", status.message().c_str());
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  int threads = 0;
  int argi = 1;
  if (argi + 1 < argc && std::strcmp(argv[argi], "--threads") == 0) {
    threads = std::atoi(argv[argi + 1]);
    argi += 2;
  }
  if (argc - argi < 2) {
    std::fprintf(stderr, "usage: fusec-rt-run [--threads N] PTX JSON "
                         "[symbol=value...]\n");
    return 2;
  }
  std::string ptx, json;
  if (!readFile(argv[argi], ptx) || !readFile(argv[argi + 1], json)) {
    std::fprintf(stderr, "cannot read the inputs\n");
    return 2;
  }
  SymbolValues symbols;
  for (int i = argi + 2; i < argc; ++i) {
    const char *eq = std::strchr(argv[i], '=');
    if (!eq)
      return 2;
    symbols[std::string(argv[i], eq - argv[i])] =
        std::strtoll(eq + 1, nullptr, 0);
  }

  Expected<std::unique_ptr<Program>> program = Program::create(ptx, json);
  if (!program.ok())
    return fatal(program.status());
  const LaunchDesc &desc = (*program)->desc();

  Call reference;
  Status status = prepare(desc, symbols, reference);
  if (!status.ok())
    return fatal(status);
  Expected<Event> start = Event::create(), end = Event::create();
  if (!start.ok() || !end.ok())
    return fatal(start.ok() ? end.status() : start.status());
  status = start->record();
  if (!status.ok())
    return fatal(status);
  Expected<LaunchStats> stats = (*program)->launch(reference.args);
  if (!stats.ok())
    return fatal(stats.status());
  status = end->record();
  if (status.ok())
    status = end->synchronize();
  if (!status.ok())
    return fatal(status);
  Expected<float> ms = Event::elapsedMs(*start, *end);
  if (!ms.ok())
    return fatal(ms.status());
  std::printf("launched: %u kernels, %u memsets, %llu temporary bytes; "
              "elapsed time %s\n",
              stats->kernels, stats->memsets,
              static_cast<unsigned long long>(stats->tempBytes),
              *ms >= 0 ? "ok" : "negative");
  status = readBack(reference);
  if (!status.ok())
    return fatal(status);
  for (size_t k = 0; k < desc.args.size(); ++k) {
    if (desc.args[k].role != ArgRole::Output)
      continue;
    const std::vector<float> &values = reference.results[k];
    double sum = 0;
    for (float v : values)
      sum += v;
    std::string first;
    for (size_t j = 0; j < values.size() && j < 8; ++j) {
      char buf[32];
      std::snprintf(buf, sizeof(buf), "%s%g", j ? ", " : "",
                    static_cast<double>(values[j]));
      first += buf;
    }
    std::printf("%s: %zu elements, sum %.17g, first [%s]\n",
                desc.args[k].name.c_str(), values.size(), sum, first.c_str());
  }

  if (threads > 0) {
    std::mutex mutex;
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        auto check = [&](const Status &s) {
          if (s.ok())
            return true;
          std::lock_guard<std::mutex> lock(mutex);
          fail(__FILE__, __LINE__,
               "thread " + std::to_string(t) + ": " + s.message());
          return false;
        };
        Expected<Stream> stream = Stream::create();
        if (!check(stream.status()))
          return;
        // Odd threads load their own copy of the module, even ones share.
        std::unique_ptr<Program> own;
        const Program *use = program->get();
        if (t % 2) {
          Expected<std::unique_ptr<Program>> created =
              Program::create(ptx, json);
          if (!check(created.status()))
            return;
          own = created.take();
          use = own.get();
        }
        for (int repeat = 0; repeat < 20; ++repeat) {
          Call call;
          if (!check(prepare(desc, symbols, call)) ||
              !check(use->launch(call.args, stream->handle()).status()) ||
              !check(stream->synchronize()) || !check(readBack(call)))
            return;
          if (call.results != reference.results) {
            std::lock_guard<std::mutex> lock(mutex);
            fail(__FILE__, __LINE__,
                 "thread " + std::to_string(t) + ": results differ");
            return;
          }
        }
      });
    }
    for (std::thread &thread : pool)
      thread.join();
    std::printf("threads: %d x 20 calls %s\n", threads,
                failures() ? "FAILED" : "match");
  }
  return failures() ? 1 : 0;
}
