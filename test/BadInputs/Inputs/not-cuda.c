/* A shared library that is not a CUDA driver, for FUSEC_CUDA_DRIVER. */
int fusec_not_cuda(void) { return 0; }
