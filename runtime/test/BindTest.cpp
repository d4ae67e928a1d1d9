//===- BindTest.cpp - launch argument checking tests ----------------------===//
//
// Part of fusec. fusec-rt-bind-test FILE: FILE holds launch descriptions
// separated by "// -----" lines; each is followed by "// ARGS: ..." lines,
// one call each, with arguments written `dtype[d0,d1,...]@pointer`, e.g.
// `f32[4,512]@0x1000`. For each call, prints the binding that
// bindArguments computes, or its error. No GPU is involved.
//
//===----------------------------------------------------------------------===//

#include "fusec/runtime/Binding.h"

#include "TestUtil.h"

#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <sstream>

using namespace fusec::rt;
using namespace fusec::rt::test;

/// Parses `dtype[d0,...]@ptr`.
static bool parseArg(const std::string &token, ArgValue &arg) {
  size_t open = token.find('['), close = token.find(']');
  if (open == std::string::npos || close == std::string::npos || close < open ||
      close + 1 >= token.size() || token[close + 1] != '@')
    return false;
  std::optional<DType> dtype = parseDType(token.substr(0, open));
  if (!dtype)
    return false;
  arg.dtype = *dtype;
  std::string dims = token.substr(open + 1, close - open - 1);
  std::istringstream in(dims);
  std::string dim;
  while (std::getline(in, dim, ','))
    arg.shape.push_back(std::strtoll(dim.c_str(), nullptr, 10));
  arg.ptr = std::strtoull(token.c_str() + close + 2, nullptr, 0);
  return true;
}

static std::string triple(const std::array<uint32_t, 3> &v) {
  return "[" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " +
         std::to_string(v[2]) + "]";
}

static void printBinding(const LaunchDesc &desc, const Binding &binding) {
  std::string line = "ok: sizes";
  for (size_t i = 0; i < desc.sizes.size(); ++i)
    line += " " + desc.sizes[i].name + "=" + std::to_string(binding.sizes[i]);
  line += "; arg bytes";
  for (uint64_t bytes : binding.argBytes)
    line += " " + std::to_string(bytes);
  line += "; temp bytes " + std::to_string(binding.tempBytes);
  std::printf("%s\n", line.c_str());
  for (size_t i = 0; i < desc.steps.size(); ++i) {
    if (desc.steps[i].kind != StepDesc::Kind::Launch)
      continue;
    const LaunchConfig &config = binding.configs[i];
    std::printf("  steps[%zu]: grid %s block %s shared_bytes %u\n", i,
                triple(config.grid).c_str(), triple(config.block).c_str(),
                config.sharedBytes);
  }
}

int main(int argc, char **argv) {
  std::string text;
  if (argc != 2 || !readFile(argv[1], text)) {
    std::fprintf(stderr, "usage: fusec-rt-bind-test FILE\n");
    return 2;
  }
  for (const Chunk &chunk : splitInput(text, "ARGS")) {
    Expected<LaunchDesc> desc = parseLaunchDesc(chunk.text);
    if (!desc.ok()) {
      std::printf("description error: %s\n", desc.message().c_str());
      continue;
    }
    for (const std::string &directive : chunk.directives) {
      std::vector<ArgValue> args;
      std::istringstream in(directive);
      std::string token;
      while (in >> token) {
        args.emplace_back();
        if (!parseArg(token, args.back())) {
          std::fprintf(stderr, "bad argument '%s'\n", token.c_str());
          return 2;
        }
      }
      Expected<Binding> binding = bindArguments(*desc, args);
      if (binding.ok())
        printBinding(*desc, *binding);
      else
        std::printf("error: %s\n", binding.message().c_str());
    }
  }
  return 0;
}
