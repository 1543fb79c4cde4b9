-- wrk script for server/bench/community.sh: a different search on every request ("number N" with
-- N at random, matching 1 to 111 games), so the search results the server keeps for a minute
-- never answer it: the cost of a search read from the index each time.
dofile("server/bench/seed.lua")

request = function()
  return wrk.format(nil, wrk.path .. "&search=number%20" .. math.random(1, 99999))
end
