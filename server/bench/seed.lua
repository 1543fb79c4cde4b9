-- Loaded by the wrk scripts that draw at random: each thread draws its own sequence. With one
-- seed, wrk's threads sent the same searches at the same moments, two cold requests for every
-- search instead of a stream of players. (wrk runs from the repository's root: community.sh.)
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end

function init(args)
  math.randomseed(os.time() * 1000 + id)
end
