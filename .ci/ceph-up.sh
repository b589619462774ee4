#!/usr/bin/env bash
# A throwaway single-node Ceph with its RADOS Gateway on loopback, for the S3 runs of the upload tests
# (docs: README "Several processes: PostgreSQL and S3"). One monitor, one OSD on memstore (RAM, nothing on
# disk but this folder), pools of size 1, no manager daemon, cephx off, and an S3 user with fixed keys.
# Every daemon writes its pid under $CEPH_DIR; .ci/ceph-down.sh stops those and nothing else.
#
#   .ci/ceph-up.sh            # then: source "$CEPH_DIR/s3.env"
#
# Needs Debian's ceph-mon, ceph-osd, radosgw and ceph-common (apt-get install --no-install-recommends).
set -euo pipefail

CEPH_DIR=${CEPH_DIR:-/tmp/dosehub-ceph}
MON_PORT=${CEPH_MON_PORT:-36789}
RGW_PORT=${CEPH_RGW_PORT:-37480}
ACCESS_KEY=dosehub-test-access
SECRET_KEY=dosehub-test-secret-key-0123456789

if [ -f "$CEPH_DIR/client.rgw.pid" ] && kill -0 "$(cat "$CEPH_DIR/client.rgw.pid")" 2>/dev/null; then
  echo "Ceph already running from $CEPH_DIR (S3 on 127.0.0.1:$RGW_PORT)"
  exit 0
fi
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for port in "$MON_PORT" "$RGW_PORT"; do
  if port_open "$port"; then
    echo "127.0.0.1:$port is taken (another Ceph? CEPH_MON_PORT / CEPH_RGW_PORT choose others)" >&2
    exit 1
  fi
done
rm -rf "$CEPH_DIR"
mkdir -p "$CEPH_DIR/mon" "$CEPH_DIR/osd"
conf="$CEPH_DIR/ceph.conf"
fsid=$(cat /proc/sys/kernel/random/uuid)

cat >"$conf" <<EOF
[global]
fsid = $fsid
mon host = v1:127.0.0.1:$MON_PORT
mon initial members = a
public network = 127.0.0.0/8
auth cluster required = none
auth service required = none
auth client required = none
run dir = $CEPH_DIR
admin socket = $CEPH_DIR/\$name.asok
pid file = $CEPH_DIR/\$name.pid
log file = $CEPH_DIR/\$name.log
keyring = $CEPH_DIR/keyring
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
mon max pg per osd = 1000
mon data avail warn = 5
[mon]
mon data = $CEPH_DIR/mon
[osd]
osd data = $CEPH_DIR/osd
# The OSD's own start-up commands to the monitor (its device class and crush place) can leave before it has the
# monitor map, and are refused ("wrong fsid"), which stops the OSD (seen with Debian's 16.2.15+ds-0+deb12u2): the
# script sets its place itself, below.
osd class update on start = false
osd crush update on start = false
osd objectstore = memstore
memstore device bytes = 4294967296
osd max object size = 1073741824
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:$RGW_PORT
rgw data = $CEPH_DIR/rgw
rgw dns name = 127.0.0.1
EOF

started=$(date +%s)
# A daemon that stops at its start says why only in its own log: name the step and show the log's end.
trap 'echo "ceph-up.sh: line $LINENO failed; the ends of $CEPH_DIR/*.log:" >&2; tail -n 5 "$CEPH_DIR"/*.log >&2' ERR
ceph-authtool --create-keyring "$CEPH_DIR/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
monmaptool --create --fsid "$fsid" --addv a "[v1:127.0.0.1:$MON_PORT]" "$CEPH_DIR/monmap" >/dev/null
ceph-mon -c "$conf" --mkfs -i a --monmap "$CEPH_DIR/monmap" --keyring "$CEPH_DIR/keyring"
ceph-mon -c "$conf" -i a

osd_uuid=$(cat /proc/sys/kernel/random/uuid)
osd_id=$(ceph -c "$conf" osd new "$osd_uuid")
ceph -c "$conf" osd crush add "osd.$osd_id" 1.0 root=default >/dev/null 2>&1
ceph-osd -c "$conf" -i "$osd_id" --mkfs --osd-uuid "$osd_uuid" >>"$CEPH_DIR/setup.log" 2>&1
# A fresh start right after a stop sometimes finds the last OSD's ports still held: once more, later.
ceph-osd -c "$conf" -i "$osd_id" 2>>"$CEPH_DIR/setup.log" || { sleep 3; ceph-osd -c "$conf" -i "$osd_id" 2>>"$CEPH_DIR/setup.log"; }

mkdir -p "$CEPH_DIR/rgw"
radosgw -c "$conf" -n client.rgw
for _ in $(seq 1 120); do
  port_open "$RGW_PORT" && break
  sleep 0.5
done
port_open "$RGW_PORT" || { echo "radosgw did not start: $CEPH_DIR/client.rgw.log" >&2; exit 1; }
radosgw-admin -c "$conf" user create --uid=dosehub --display-name=DoseHub \
  --access-key="$ACCESS_KEY" --secret="$SECRET_KEY" >/dev/null

cat >"$CEPH_DIR/s3.env" <<EOF
export TEST_S3_ENDPOINT=http://127.0.0.1:$RGW_PORT
export TEST_S3_ACCESS_KEY_ID=$ACCESS_KEY
export TEST_S3_SECRET_ACCESS_KEY=$SECRET_KEY
EOF
echo "Ceph up in $(($(date +%s) - started)) s: S3 on http://127.0.0.1:$RGW_PORT (settings in $CEPH_DIR/s3.env)"
