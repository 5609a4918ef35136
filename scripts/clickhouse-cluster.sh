#!/usr/bin/env bash
# A 3-shard ClickHouse cluster on loopback, started by hand (no systemd), for tests and benchmarks.
#
#   scripts/clickhouse-cluster.sh start DIR    config, data and logs of each shard under DIR/shardN;
#                                              prints the environment the service and tests read
#   scripts/clickhouse-cluster.sh stop DIR     stops every shard by the pid recorded in DIR/shardN/pid
#   scripts/clickhouse-cluster.sh stop-shard DIR N / start-shard DIR N   one shard (fault tests)
#   scripts/clickhouse-cluster.sh env DIR      prints the environment again
#
# Ports: shard N (1..3) answers HTTP on CLICKHOUSE_BASE_PORT+N-1 (default 18123..18125) and the
# native protocol on CLICKHOUSE_BASE_TCP_PORT+N-1 (default 19000..19002); the cluster is called
# `pdb_stats` in every shard's remote_servers, so a Distributed table on any shard spans all three.
# CLICKHOUSE_MAX_MEMORY_USAGE: memory one query may use on a shard, bytes (default 4 GB: three
# shards share one machine).
set -euo pipefail

SERVER=${CLICKHOUSE_SERVER:-/usr/sbin/clickhouse-server}
BASE_HTTP=${CLICKHOUSE_BASE_PORT:-18123}
BASE_TCP=${CLICKHOUSE_BASE_TCP_PORT:-19000}
MAX_MEMORY=${CLICKHOUSE_MAX_MEMORY_USAGE:-4000000000}
SHARDS=3

usage() {
  echo "usage: $0 start|stop|env DIR  |  $0 start-shard|stop-shard DIR N" >&2
  exit 2
}

[ $# -ge 2 ] || usage
COMMAND=$1
DIR=$(mkdir -p "$2" && cd "$2" && pwd)

http_port() { echo $((BASE_HTTP + $1 - 1)); }
tcp_port() { echo $((BASE_TCP + $1 - 1)); }

write_config() {
  local n=$1 home="$DIR/shard$1"
  mkdir -p "$home/data" "$home/tmp" "$home/user_files" "$home/log"
  local shards=""
  for i in $(seq 1 $SHARDS); do
    shards+="<shard><replica><host>127.0.0.1</host><port>$(tcp_port "$i")</port></replica></shard>"
  done
  cat >"$home/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <logger>
    <level>warning</level>
    <log>$home/log/server.log</log>
    <errorlog>$home/log/error.log</errorlog>
    <size>100M</size>
    <count>2</count>
  </logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>$(http_port "$n")</http_port>
  <tcp_port>$(tcp_port "$n")</tcp_port>
  <max_connections>1024</max_connections>
  <keep_alive_timeout>3</keep_alive_timeout>
  <max_concurrent_queries>100</max_concurrent_queries>
  <uncompressed_cache_size>1073741824</uncompressed_cache_size>
  <mark_cache_size>536870912</mark_cache_size>
  <path>$home/data/</path>
  <tmp_path>$home/tmp/</tmp_path>
  <user_files_path>$home/user_files/</user_files_path>
  <users_config>$home/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mlock_executable>false</mlock_executable>
  <remote_servers><pdb_stats>$shards</pdb_stats></remote_servers>
  <format_schema_path>$home/format_schemas/</format_schema_path>
</yandex>
XML
  cat >"$home/users.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <profiles>
    <default>
      <max_memory_usage>$MAX_MEMORY</max_memory_usage>
      <load_balancing>in_order</load_balancing>
      <!-- Fail fast when a shard is down: the service answers 503 instead of waiting. -->
      <connect_timeout_with_failover_ms>500</connect_timeout_with_failover_ms>
      <connections_with_failover_max_tries>1</connections_with_failover_max_tries>
      <skip_unavailable_shards>0</skip_unavailable_shards>
    </default>
  </profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors>
    <result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
XML
}

# Alive and not a zombie: a killed server whose parent is gone stays a zombie where PID 1 does not
# reap (containers), and `kill -0` still succeeds on it.
alive() {
  kill -0 "$1" 2>/dev/null && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != "Z" ]
}

running() { [ -f "$DIR/shard$1/pid" ] && alive "$(cat "$DIR/shard$1/pid")"; }

start_shard() {
  local n=$1 home="$DIR/shard$1"
  if running "$n"; then return 0; fi
  write_config "$n"
  # The server runs in the foreground of its own background process; its pid is the one we stop.
  "$SERVER" --config-file="$home/config.xml" >"$home/log/stdout.log" 2>&1 &
  echo $! >"$home/pid"
}

# GET /ping over bash's /dev/tcp (no curl needed); the server answers "Ok.".
ping_http() {
  local reply
  reply=$(
    exec 2>/dev/null
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf 'GET /ping HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
    timeout 2 cat <&3
  ) || return 1
  [[ "$reply" == *"Ok."* ]]
}

wait_shard() {
  local n=$1 port
  port=$(http_port "$n")
  for _ in $(seq 1 300); do
    if ping_http "$port"; then return 0; fi
    if ! running "$n"; then
      echo "shard $n exited; see $DIR/shard$n/log" >&2
      tail -n 20 "$DIR/shard$n/log/stdout.log" "$DIR/shard$n/log/error.log" 2>/dev/null >&2 || true
      return 1
    fi
    sleep 0.1
  done
  echo "shard $n did not answer on port $port within 30 s" >&2
  return 1
}

stop_shard() {
  local n=$1 pidfile="$DIR/shard$1/pid" pid
  [ -f "$pidfile" ] || return 0
  pid=$(cat "$pidfile")
  if alive "$pid"; then
    kill "$pid"
    for _ in $(seq 1 100); do
      alive "$pid" || break
      sleep 0.1
    done
    if alive "$pid"; then kill -9 "$pid"; fi
  fi
  rm -f "$pidfile"
}

print_env() {
  local shards=""
  for i in $(seq 1 $SHARDS); do shards+="${shards:+,}127.0.0.1:$(http_port "$i")"; done
  echo "export CLICKHOUSE_SHARDS=$shards"
  echo "export CLICKHOUSE_CLUSTER=pdb_stats"
  echo "export CLICKHOUSE_CLUSTER_DIR=$DIR"
}

case "$COMMAND" in
  start)
    for i in $(seq 1 $SHARDS); do start_shard "$i"; done
    for i in $(seq 1 $SHARDS); do wait_shard "$i"; done
    print_env
    ;;
  stop)
    for i in $(seq 1 $SHARDS); do stop_shard "$i"; done
    ;;
  start-shard)
    [ $# -eq 3 ] || usage
    start_shard "$3"
    wait_shard "$3"
    ;;
  stop-shard)
    [ $# -eq 3 ] || usage
    stop_shard "$3"
    ;;
  env)
    print_env
    ;;
  *)
    usage
    ;;
esac
