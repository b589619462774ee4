#!/usr/bin/env bash
# Stops the daemons .ci/ceph-up.sh started (by the pids it recorded, nothing else) and removes its folder.
set -uo pipefail

CEPH_DIR=${CEPH_DIR:-/tmp/dosehub-ceph}
[ -d "$CEPH_DIR" ] || exit 0
pids=()
for name in client.rgw osd.0 mon.a; do
  file="$CEPH_DIR/$name.pid"
  [ -f "$file" ] || continue
  pid=$(cat "$file")
  # Only a Ceph daemon started from this folder's configuration: a recycled pid is left alone.
  if tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$CEPH_DIR/ceph.conf"; then
    kill "$pid" && pids+=("$pid")
  fi
done
# Wait for them (their ports must be free for the next start), then force the ones still there.
for _ in $(seq 1 100); do
  alive=0
  for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
  [ "$alive" = 0 ] && break
  sleep 0.2
done
for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && kill -9 "$pid"; done
rm -rf "$CEPH_DIR"
