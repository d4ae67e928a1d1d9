// A file with no function.
