"""The exception type of the fusec module."""


class FusecError(RuntimeError):
    """An error reported by the fusec libraries (compiler, JIT, runtime) or
    raised because they cannot be used (library not found, no driver).

    The message is the C library's own message when there is one, so that a
    compile error names the line of the MLIR text and a launch error names
    the argument and dimension, exactly as the C API reports them.

    ``code`` is the C API's return code (1: error, 2: no usable CUDA driver or
    device) or None when the error did not come from a C call (for example a
    library that cannot be found).
    """

    def __init__(self, message, code=None):
        super().__init__(message)
        self.code = code
