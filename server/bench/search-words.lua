-- wrk script for server/bench/community.sh: a word of the data set's 400-word vocabulary at
-- random on every request (500 to 5,000 games each), as a stream of players' searches would
-- repeat the popular ones: the first request of each word in a minute reads the index, the next
-- ones the kept result.
dofile("server/bench/seed.lua")

local words = { "rivers", "capitals", "islands", "mountains", "painters", "composers", "novels",
  "films", "planets", "birds", "cheeses", "rulers", "languages", "inventors", "dances", "volcanoes",
  "deserts", "bridges", "operas", "football", "tennis", "chess", "lakes", "kings", "queens", "poets",
  "spices", "fruits", "rockets", "cathedrals", "emperors", "trees", "metals", "gases", "ports",
  "canals", "symphonies", "albums", "bands", "games" }

request = function()
  local n = math.random(0, 9)
  local word = words[math.random(#words)] .. (n > 0 and tostring(n) or "")
  return wrk.format(nil, wrk.path .. "&search=" .. word)
end
