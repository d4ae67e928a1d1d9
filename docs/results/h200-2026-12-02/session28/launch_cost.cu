// Session 28: what an empty kernel costs under the bench's protocol
// (a 256 MiB memset flush before each rep, reps queued behind a spin,
// events around the kernel) for the launch shapes of the probe's 3xTF32
// kernel: 128 blocks of 384 threads, 168 KB of dynamic shared memory,
// clusters of 2. Each knob is varied alone.
#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

__global__ void emptyKernel(int *sink) {
  extern __shared__ int smem[];
  if (sink && threadIdx.x == 1023)
    sink[0] = smem[0];
}
__global__ void spin(long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

static float timeLaunch(int blocks, int threads, int smemBytes, int cluster,
                        bool flush, void *flushBuf, size_t flushBytes) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(blocks);
  cfg.blockDim = dim3(threads);
  cfg.dynamicSmemBytes = smemBytes;
  cudaLaunchAttribute attr[1];
  cfg.attrs = attr;
  cfg.numAttrs = 0;
  if (cluster > 1) {
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = cluster;
    attr[0].val.clusterDim.y = 1;
    attr[0].val.clusterDim.z = 1;
    cfg.numAttrs = 1;
  }
  const int reps = 101;
  std::vector<cudaEvent_t> s(reps), e(reps);
  for (int i = 0; i < reps; ++i) {
    cudaEventCreate(&s[i]);
    cudaEventCreate(&e[i]);
  }
  int *sink = nullptr;
  for (int w = 0; w < 3; ++w)
    cudaLaunchKernelEx(&cfg, emptyKernel, sink);
  cudaDeviceSynchronize();
  spin<<<1, 1>>>(200000000LL);
  for (int i = 0; i < reps; ++i) {
    if (flush)
      cudaMemsetAsync(flushBuf, 0, flushBytes);
    cudaEventRecord(s[i]);
    cudaLaunchKernelEx(&cfg, emptyKernel, sink);
    cudaEventRecord(e[i]);
  }
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("error %s\n", cudaGetErrorString(err));
    return -1;
  }
  std::vector<float> t(reps);
  for (int i = 0; i < reps; ++i)
    cudaEventElapsedTime(&t[i], s[i], e[i]);
  std::sort(t.begin(), t.end());
  return t[reps / 2] * 1000.0f;
}

int main() {
  size_t flushBytes = 256u << 20;
  void *flushBuf;
  cudaMalloc(&flushBuf, flushBytes);
  cudaFuncSetAttribute(emptyKernel,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, 172032);
  cudaFuncSetAttribute(emptyKernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  struct Case {
    const char *name;
    int blocks, threads, smem, cluster;
  } cases[] = {
      {"128x384, no smem, no cluster", 128, 384, 0, 1},
      {"128x384, 168 KB, no cluster", 128, 384, 172032, 1},
      {"128x384, no smem, cluster 2", 128, 384, 0, 2},
      {"128x384, 168 KB, cluster 2 (the probe's)", 128, 384, 172032, 2},
      {"128x384, 100 KB, cluster 2", 128, 384, 102400, 2},
      {"128x384, 168 KB, cluster 4", 128, 384, 172032, 4},
      {"64x384, 168 KB, no cluster", 64, 384, 172032, 1},
      {"1x32, no smem", 1, 32, 0, 1},
  };
  for (int pass = 0; pass < 2; ++pass)
    for (bool flush : {true, false})
      for (auto &c : cases)
        printf("pass %d flush %d  %-44s %7.2f us\n", pass, flush, c.name,
               timeLaunch(c.blocks, c.threads, c.smem, c.cluster, flush,
                          flushBuf, flushBytes));
  return 0;
}
