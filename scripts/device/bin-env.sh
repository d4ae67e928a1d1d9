#===- scripts/device/bin-env.sh - sourced by the device scripts -----------===#
#
# From the repository root on the GPU machine: $OUT exists, and the static
# tools that scripts/device/package.sh packed (device-pkg/bin/*.xz) are
# unpacked into /tmp/fusec-bin, which leads PATH.
#
#===----------------------------------------------------------------------===#
OUT=${OUT:-/tmp/fusec-out}
mkdir -p "$OUT"
bin=/tmp/fusec-bin
mkdir -p $bin
for f in device-pkg/bin/*.xz; do
  xz -dc "$f" > "$bin/$(basename "$f" .xz)" && chmod +x "$bin/$(basename "$f" .xz)"
done
export PATH=$bin:$PATH
