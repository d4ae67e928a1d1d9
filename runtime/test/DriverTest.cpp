//===- DriverTest.cpp - behaviour without a CUDA driver -------------------===//
//
// Part of fusec. fusec-rt-driver-test: on a machine without a usable
// driver (or with FUSEC_CUDA_DRIVER naming a library that does not
// exist), every entry point of the runtime must fail with the same clear
// message, never crash. Prints the messages for FileCheck.
//
//===----------------------------------------------------------------------===//

#include "fusec/runtime/Device.h"
#include "fusec/runtime/Program.h"

#include "TestUtil.h"

#include <thread>

using namespace fusec::rt;
using namespace fusec::rt::test;

static const char *const kPTX = R"(.version 7.0
.target sm_75
.address_size 64
.visible .entry k(.param .u64 p) { ret; }
)";

static const char *const kDesc = R"({
  "format": "fusec-launch-v1", "function": "f", "arch": "sm_75",
  "args": [{"name": "x", "role": "output", "dtype": "f32", "shape": [4]}],
  "steps": [{"kind": "launch", "entry": "k", "params": [{"buffer": "x"}],
             "grid": [1, 1, 1], "block": [4, 1, 1]}]
})";

/// Expects `status` to be the driver's error and prints it.
static void expectUnavailable(const char *what, const Status &status,
                              const std::string &expected) {
  std::printf("%s: %s\n", what, status.message().c_str());
  EXPECT(!status.ok());
  EXPECT(status.code() == ErrorCode::Unavailable);
  EXPECT(status.message() == expected);
}

int main() {
  // The first calls race on purpose: loading is std::call_once.
  std::vector<std::thread> threads;
  std::vector<std::string> messages(8);
  for (size_t i = 0; i < messages.size(); ++i)
    threads.emplace_back(
        [&messages, i] { messages[i] = driverAvailable().message(); });
  for (std::thread &thread : threads)
    thread.join();
  for (const std::string &message : messages)
    EXPECT(message == messages[0]);

  Status available = driverAvailable();
  if (available.ok()) {
    std::printf("driver available; nothing to test\n");
    return finish("fusec-rt-driver-test");
  }
  const std::string expected = available.message();
  std::printf("driverAvailable: %s\n", expected.c_str());
  EXPECT(available.code() == ErrorCode::Unavailable);

  Expected<std::unique_ptr<Program>> program = Program::create(kPTX, kDesc);
  expectUnavailable("Program::create", program.status(), expected);

  // The description is checked before the driver is needed.
  program = Program::create(kPTX, "{}");
  std::printf("Program::create(bad description): %s\n",
              program.message().c_str());
  EXPECT(!program.ok() && program.status().code() == ErrorCode::Failure);

  expectUnavailable("DeviceBuffer::allocate",
                    DeviceBuffer::allocate(1024).status(), expected);
  // Empty buffers need no memory, hence no driver.
  Expected<DeviceBuffer> empty = DeviceBuffer::allocate(0);
  EXPECT(empty.ok() && empty->ptr() == 0);

  expectUnavailable("Stream::create", Stream::create().status(), expected);
  expectUnavailable("Event::create", Event::create().status(), expected);
  expectUnavailable("deviceCount", deviceCount().status(), expected);
  expectUnavailable("deviceName", deviceName(0).status(), expected);
  expectUnavailable("computeCapability", computeCapability(0).status(),
                    expected);
  expectUnavailable("memoryInfo", memoryInfo(0).status(), expected);
  expectUnavailable("synchronize", synchronize(), expected);
  char host[16] = {0};
  expectUnavailable("copyHostToDevice",
                    copyHostToDevice(0x1000, host, sizeof(host)), expected);
  expectUnavailable("copyDeviceToHost",
                    copyDeviceToHost(host, 0x1000, sizeof(host)), expected);
  expectUnavailable("memsetDevice", memsetDevice(0x1000, 0, 16), expected);
  expectUnavailable("freeDevice", freeDevice(0x1000), expected);
  return finish("fusec-rt-driver-test");
}
