# Sourced by the end-to-end scripts (run.sh, doko.sh): starting tauri-driver.
#
# start_driver LOGFILE [VAR=value...]: starts tauri-driver with those variables on random
# ports and waits until it answers /status; sets PORT, NATIVE_PORT and DRIVER_PID. A driver
# that does not answer within about 20 s is stopped and started again on other ports (three
# tries): once in a full CI run the driver never answered (an empty log, cause not found) and
# the whole bridge e2e failed before its first check.
start_driver() {
  local log=$1 try i
  shift
  for try in 1 2 3; do
    PORT=$(( 4444 + RANDOM % 1000 ))
    NATIVE_PORT=$(( PORT + 1000 ))
    env "$@" tauri-driver --port "$PORT" --native-port "$NATIVE_PORT" >>"$log" 2>&1 &
    DRIVER_PID=$!
    for i in $(seq 80); do
      if node -e "fetch('http://127.0.0.1:$PORT/status').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" 2>/dev/null; then
        return 0
      fi
      kill -0 "$DRIVER_PID" 2>/dev/null || break
      sleep 0.2
    done
    echo "tauri-driver did not answer on port $PORT (try $try of 3)" | tee -a "$log" >&2
    stop_driver
  done
  return 1
}

# stop_driver: stops the driver start_driver started (its children first), if any.
stop_driver() {
  if [ -n "${DRIVER_PID:-}" ]; then
    for c in $(pgrep -P "$DRIVER_PID" 2>/dev/null || true); do kill "$c" 2>/dev/null || true; done
    kill "$DRIVER_PID" 2>/dev/null || true
    wait "$DRIVER_PID" 2>/dev/null || true
    DRIVER_PID=""
  fi
}
