#!/usr/bin/env bash
# Session 32, device call 2: why the candidate split pays on rows that fill
# the GPU (version 36). Nsight Compute's memory and stall metrics for the
# main kernel of sample-heavy's Gram (128x256) and direct (128x128) forms,
# unsplit against the ledger's split, at the full 131072 rows.
# Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so}.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
. scripts/device/bin-env.sh
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
metrics=$metrics,lts__t_sector_hit_rate.pct,lts__t_sectors_srcunit_tex_op_read.sum
metrics=$metrics,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum
metrics=$metrics,smsp__inst_executed.sum,smsp__inst_executed_pipe_fma.sum,sm__cycles_elapsed.avg
metrics=$metrics,smsp__issue_active.avg.pct_of_peak_sustained_active
metrics=$metrics,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio
metrics=$metrics,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio
metrics=$metrics,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio
metrics=$metrics,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio
metrics=$metrics,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio
metrics=$metrics,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio
metrics=$metrics,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio
metrics=$metrics,smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio
metrics=$metrics,sm__warps_active.avg.pct_of_peak_sustained_active
T0=$(date +%s)
prof() { # prof <name> <example> <fuse-run flags...>
  local name=$1 ex=$2; shift 2
  timeout 200 $ncu --metrics $metrics -k regex:'_k0$' -c 1 fuse-run /tmp/$ex-sh.mlir \
    --mode=gpu --trials=1 --seed=3 --dims=s0=131072 --keep-extent=all --ref-rows=2 \
    --expected-rows=131072 "$@" > $OUT/$name.txt 2>&1
  echo "$name: exit $? ($(( $(date +%s) - T0 )) s)"
  grep -E '^ +[a-z_]+__' $OUT/$name.txt | sed 's/  */ /g'
}
for ex in gemm_argmin naive_argmin; do
  sed 's/256/8192/g; s/512/8192/g' examples/$ex.mlir > /tmp/$ex-sh.mlir
done
# The ledger's choices (128x256 split 16, 128x128 split 32) and the same
# tiles unsplit.
prof gram-split1 gemm_argmin --split=1
prof gram-split16 gemm_argmin
prof naive-split1 naive_argmin --split=1
prof naive-split32 naive_argmin
ls -la $OUT
