-- wrk script: POST /api/game/submit with a distinct userKey per request.
-- The date comes from the BENCH_DATE environment variable (today in New York).
local counter = 0
local threads = 0
local date = os.getenv("BENCH_DATE")

function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end

function init(args)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  prefix = string.format("t%d-%d-%d", tid or 0, os.time(), math.random(1, 1000000000))
end

local answers = {}
for i = 1, 10 do
  answers[i] = string.format('{"answerId":%d,"guessedCorrectly":%s}', i, i <= 7 and "true" or "false")
end
local answers_json = "[" .. table.concat(answers, ",") .. "]"

function request()
  counter = counter + 1
  local body = string.format('{"answers":%s,"userKey":"%s-%d","score":650,"date":"%s"}',
    answers_json, prefix, counter, date)
  return wrk.format(nil, "/api/game/submit", nil, body)
end

function done(summary, latency, requests)
  io.write(string.format("non-2xx or socket errors: %d\n",
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
