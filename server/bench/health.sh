# Sourced by the bench scripts. wait_for_health PORT PID [NAME]: waits until the server answers
# /api/health. A start summarises results an older release stored before it listens (a million
# rows take minutes on PostgreSQL), so it waits up to 10 minutes, failing at once with the log
# (LOG, if set) when the server exits.
wait_for_health() {
  local port=$1 pid=$2 name=${3:-server} waited=0
  until curl -sf "http://127.0.0.1:$port/api/health" >/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then
      [ -n "${LOG:-}" ] && cat "$LOG" >&2
      echo "[$name] exited before answering" >&2
      exit 1
    fi
    sleep 0.2
    waited=$((waited + 1))
    [ "$waited" -lt 3000 ] || { echo "[$name] no answer after 10 minutes" >&2; exit 1; }
  done
  echo "[$name] answering after about $((waited / 5)) s" >&2
}
